// config.json import: the exact official parameter counts of each family from small
// hand-written config files with the published field values (tests/data/hf).
#include "core/runs/hf_import.h"
#include "core/scenario/architecture.h"
#include "core/scenario/presets.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>

using namespace core;

namespace {

ImportResult load(const std::string& name)
{
    return importHfConfigFile(std::string(TP_SOURCE_DIR) + "/tests/data/hf/" + name);
}

nlohmann::json readJsonFile(const std::string& path)
{
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return nlohmann::json::parse(text.str());
}

} // namespace

TEST_CASE("config.json import gives the official parameter counts", "[core][import][published]")
{
    // Official totals: Llama 2 and Mistral/Mixtral model cards, Qwen2.5 technical report Table 1
    // (7.61 B), GPT-2 124,439,808, Gemma 7B 8.54 B, Phi-3-mini 3.8 B, Phi-2 2.7B (the exact counts
    // of the released checkpoints' safetensors).
    const std::pair<const char*, std::int64_t> cases[] = { { "llama-2-7b.json", 6'738'415'616 },
        { "mistral-7b.json", 7'241'732'096 }, { "mixtral-8x7b.json", 46'702'792'704 },
        { "qwen2.5-7b.json", 7'615'616'512 }, { "gpt2.json", 124'439'808 }, { "gemma-7b.json", 8'537'680'896 },
        { "phi-3-mini.json", 3'821'079'552 }, { "phi-2.json", 2'779'683'840 } };
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

TEST_CASE("DeepSeek-V3's config.json gives the released main model's exact count", "[core][import][published][mla]")
{
    // 671,026,419,200: the main model's tensors in the released checkpoint (report §1: 671B),
    // the multi-token prediction module excluded; it adds its own 11,610,068,224 (§2.2: norms
    // 3·7168, projection 2·7168·7168, one MoE layer 11,507,286,272), sharing embedding and head.
    const ImportResult r = load("deepseek-v3.json");
    INFO(r.error.toString());
    REQUIRE(r.ok());
    const Architecture& a = r.model->arch;
    const ParameterBreakdown b = countParameters(a);
    CHECK(std::llround(b.mainModel()) == 671'026'419'200);
    CHECK(std::llround(b.total()) == 671'026'419'200 + 11'610'068'224);
    CHECK(a.isMla());
    CHECK(a.qLoraRank == 1536);
    CHECK(a.kvLoraRank == 512);
    CHECK(a.headDim == 128);
    CHECK(a.ropeHeadDim == 64);
    CHECK(a.vHeadDim == 128);
    CHECK(a.denseLayers == 3);
    CHECK(a.moeLayers() == 58);
    CHECK(a.mtpLayers == 1);
    CHECK(a.routerBias);
    CHECK(a.routedNodeLimit == 4); // topk_group 4 of n_group 8: at most 4 nodes per token
    // The same architecture as the preset, and it survives the scenario format.
    CHECK(a == findModelPreset("deepseek-v3")->arch);
    const ScenarioResult back = parseScenario(scenarioToJson(scenarioFor(*r.model)));
    REQUIRE(back.ok());
    CHECK(back.scenario->model.arch == a);
    // DeepSeek-V2-Lite style: no Q latent (q_lora_rank null), greedy routing without a bias.
    auto doc = readJsonFile(std::string(TP_SOURCE_DIR) + "/tests/data/hf/deepseek-v3.json");
    doc["q_lora_rank"] = nullptr;
    doc["topk_method"] = "greedy";
    doc.erase("num_nextn_predict_layers");
    const ImportResult lite = importHfConfig(doc.dump());
    REQUIRE(lite.ok());
    CHECK(lite.model->arch.qLoraRank == 0);
    CHECK_FALSE(lite.model->arch.routerBias);
    CHECK(lite.model->arch.mtpLayers == 0);
    // Q projected directly: 7168·(128·192) replaces wq_a, its norm and wq_b, in each of 61 layers.
    const double perLayer = 7168.0 * 128 * 192 - (7168.0 * 1536 + 1536 + 1536.0 * 128 * 192);
    CHECK(countParameters(lite.model->arch).mainModel()
        == Approx(b.mainModel() + 61 * perLayer - 58 * 256).epsilon(1e-15));
}

TEST_CASE("config.json import records what mapped to what and what it assumed", "[core][import]")
{
    const ImportResult mistral = load("mistral-7b.json");
    REQUIRE(mistral.ok());
    bool kv = false;
    for (const auto& m : mistral.model->mapped)
        kv = kv || (m.from == "num_key_value_heads" && m.to == "kv_heads" && m.value == "8");
    CHECK(kv);
    bool sliding = false;
    for (const auto& n : mistral.model->notes)
        sliding = sliding || n.code == ImportNoteCode::sliding_window_ignored;
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

TEST_CASE("config.json import reads RoPE's base", "[core][import]")
{
    // The released configs: Qwen2.5-7B and Mixtral-8x7B train with rope_theta 1,000,000, Mistral-7B with
    // the paper's 10,000; GPT-2 has learned positions.
    CHECK(load("qwen2.5-7b.json").model->arch.ropeTheta == 1e6);
    CHECK(load("mixtral-8x7b.json").model->arch.ropeTheta == 1e6);
    CHECK(load("mistral-7b.json").model->arch.ropeTheta == 1e4);
    const ImportResult qwen = load("qwen2.5-7b.json");
    const Scenario s = scenarioFor(*qwen.model);
    const ScenarioResult back = parseScenario(scenarioToJson(s));
    REQUIRE(back.ok());
    CHECK(back.scenario->model.arch.ropeTheta == 1e6);
}
