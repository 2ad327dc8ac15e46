// config.json import (issue 12): the exact official parameter counts of each family from small
// hand-written config files with the published field values (tests/data/hf).
#include "architecture.h"
#include "hf_import.h"

#include <catch2/catch.hpp>

using namespace core;

namespace {

ImportResult load(const std::string& name) { return importHfConfigFile(std::string(TP_SOURCE_DIR) + "/tests/data/hf/" + name); }

} // namespace

TEST_CASE("config.json import gives the official parameter counts", "[core][import][published]")
{
    // Official totals: Llama 2 and Mistral/Mixtral model cards, Qwen2.5 technical report Table 1
    // (7.61 B), GPT-2 124,439,808, Gemma 7B 8.54 B, Phi-3-mini 3.8 B (the exact counts of the
    // released checkpoints' safetensors).
    const std::pair<const char*, std::int64_t> cases[] = {
        {"llama-2-7b.json", 6'738'415'616},   {"mistral-7b.json", 7'241'732'096}, {"mixtral-8x7b.json", 46'702'792'704},
        {"qwen2.5-7b.json", 7'615'616'512},   {"gpt2.json", 124'439'808},         {"gemma-7b.json", 8'537'680'896},
        {"phi-3-mini.json", 3'821'079'552}};
    for (const auto& [file, count] : cases) {
        INFO(file);
        const ImportResult r = load(file);
        INFO(r.error.toString());
        REQUIRE(r.ok());
        CHECK(totalParameters(r.model->arch) == count);
        CHECK_FALSE(r.model->mapped.empty());
        // The imported scenario is valid and round-trips through the scenario format.
        const Scenario s = scenarioFor(*r.model);
        CHECK_FALSE(validateScenario(s).has_value());
        const ScenarioResult back = parseScenario(scenarioToJson(s));
        REQUIRE(back.ok());
        CHECK(back.scenario->model.arch == r.model->arch);
    }
}

TEST_CASE("config.json import records what mapped to what and what it assumed", "[core][import]")
{
    const ImportResult mistral = load("mistral-7b.json");
    REQUIRE(mistral.ok());
    bool kv = false;
    for (const auto& m : mistral.model->mapped) kv = kv || (m.from == "num_key_value_heads" && m.to == "kv_heads" && m.value == "8");
    CHECK(kv);
    bool sliding = false;
    for (const auto& n : mistral.model->notes) sliding = sliding || n.find("sliding_window") != std::string::npos;
    CHECK(sliding);
    CHECK(load("qwen2.5-7b.json").model->arch.bias == Bias::qkv);
    CHECK(load("gemma-7b.json").model->arch.tiedEmbeddings);
    CHECK(load("gemma-7b.json").model->arch.headDim == 256);
    CHECK(load("mixtral-8x7b.json").model->arch.experts == 8);
}

TEST_CASE("a bad config.json names the field and the reason", "[core][import]")
{
    const ImportResult wrongType = load("bad-type.json");
    REQUIRE_FALSE(wrongType.ok());
    CHECK(wrongType.error.path == "hidden_size");
    CHECK(wrongType.error.message.find("integer") != std::string::npos);

    const ImportResult unknown = importHfConfig(R"({"model_type": "mamba", "hidden_size": 768})");
    REQUIRE_FALSE(unknown.ok());
    CHECK(unknown.error.path == "model_type");
    CHECK(unknown.error.message.find("not supported") != std::string::npos);

    const ImportResult missing = importHfConfig(R"({"model_type": "llama", "hidden_size": 4096})");
    REQUIRE_FALSE(missing.ok());
    CHECK(missing.error.path == "num_hidden_layers");

    CHECK_FALSE(importHfConfig("[1, 2]").ok());
    CHECK_FALSE(importHfConfig("{not json").ok());
    CHECK_FALSE(importHfConfigFile("/nonexistent/config.json").ok());
}
