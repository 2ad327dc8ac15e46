// Hostile and broken scenario files: every one exits 2 with a message naming the
// problem on stderr, writes nothing on stdout, and never crashes.
#include "tests/cli/cli_runner.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

namespace {

using nlohmann::json;

json base()
{
    return json::parse(slurp(kDefault));
}

std::string with(const std::string& pointer, const json& value)
{
    json doc = base();
    doc[json::json_pointer(pointer)] = value;
    return doc.dump();
}

std::string without(const std::string& pointer)
{
    json doc = base();
    const json::json_pointer p(pointer);
    doc[p.parent_pointer()].erase(p.back());
    return doc.dump();
}

struct Case {
    const char* name;
    std::string text;
    const char* fragment; ///< must appear in the message
};

std::vector<Case> cases()
{
    const std::string good = slurp(kDefault);
    std::string deep;
    for (int i = 0; i < 200'000; ++i)
        deep += '[';
    for (int i = 0; i < 200'000; ++i)
        deep += ']';
    return {
        { "empty", "", "empty" },
        { "whitespace", "  \n\t ", "empty" },
        { "truncated", good.substr(0, good.size() / 2), "not valid JSON" },
        { "not_json", "model: llama", "not valid JSON" },
        { "array_top", "[1, 2, 3]", "must be an object" },
        { "string_top", "\"scenario\"", "must be an object" },
        { "missing_format", without("/format"), "format: is required" },
        { "wrong_format", with("/format", "trainplanner-estimate"), "format: must be" },
        { "future_version", with("/version", 2), "version" },
        { "missing_model", without("/model"), "model: is required" },
        { "unknown_top_key", with("/paralel", json::object()), "paralel: unknown key" },
        { "unknown_nested_key", with("/parallel/tpp", 2), "parallel.tpp: unknown key" },
        { "tp_not_power_of_two", with("/parallel/tp", 3), "parallel.tp: must be a power of two" },
        { "tp_zero", with("/parallel/tp", 0), "parallel.tp" },
        { "dp_negative", with("/parallel/dp", -8), "parallel.dp" },
        { "dp_fractional", with("/parallel/dp", 2.5), "parallel.dp: must be an integer" },
        { "pp_string", with("/parallel/pp", "4"), "parallel.pp: must be an integer" },
        { "zero_out_of_range", with("/parallel/zero", 4), "parallel.zero" },
        { "flash_not_bool", with("/parallel/flash_attention", "yes"),
            "parallel.flash_attention: must be true or false" },
        { "unknown_dtype", with("/precision/weights", "bf17"), "precision.weights: must be one of" },
        { "unknown_optimizer", with("/training/optimizer", "adamx"), "training.optimizer: must be one of" },
        { "unknown_model_preset", with("/model/preset", "llama-9"), "model.preset: unknown model preset" },
        { "unknown_gpu_preset", with("/hardware/gpu", "tpu-v9"), "hardware.gpu: unknown GPU preset" },
        { "gpu_wrong_type", with("/hardware/gpu", 42), "hardware.gpu: must be a GPU preset name or an object" },
        { "custom_gpu_missing_field", with("/hardware/gpu", json { { "name", "X" }, { "memory_gib", 80 } }),
            "hardware.gpu.peak_tflops: is required" },
        { "nan_literal", "{\"format\":\"trainplanner-scenario\",\"version\":1,\"model\":{\"params\":NaN}}",
            "not valid JSON" },
        { "infinity_literal", "{\"format\":\"trainplanner-scenario\",\"version\":1,\"model\":{\"params\":Infinity}}",
            "not valid JSON" },
        { "huge_number", "{\"format\":\"trainplanner-scenario\",\"version\":1,\"model\":{\"params\":1e400}}",
            "out of range" },
        { "huge_integer", with("/training/global_batch", 99999999999999999.0), "training.global_batch" },
        { "tokens_negative", with("/training/tokens", -1), "training.tokens" },
        { "micro_above_global", with("/training/micro_batch", 2048), "training.micro_batch: must not exceed" },
        { "ep_not_dividing", with("/parallel/ep", 3), "parallel.ep: must divide" },
        { "sp_without_tp", with("/parallel/sequence_parallel", true), "parallel.sequence_parallel" },
        { "deep_nesting", deep, "nests deeper" },
        { "non_utf8",
            "{\"format\":\"trainplanner-scenario\",\"version\":1,\"name\":\"\xC3\x28\",\"model\":{\"params\":1e9}}",
            "UTF-8" },
        { "too_large", std::string(2 << 20, ' ') + good, "too large" },
        { "kv_heads_not_dividing", with("/model", json { { "preset", "llama-2-7b" }, { "kv_heads", 5 } }),
            "model.kv_heads" },
        { "params_with_layers", with("/model", json { { "params", 7e9 }, { "layers", 32 } }),
            "model.layers: cannot be combined with params" },
        { "params_too_small", with("/model", json { { "params", 10 } }), "model.params" },
        { "lora_bad_target", with("/training/lora_targets", json { "q", "x" }), "training.lora_targets[1]" },
    };
}

} // namespace

TEST_CASE("malformed scenario files exit 2 with a message naming the problem", "[cli][malformed]")
{
    const auto all = cases();
    REQUIRE(all.size() >= 30);
    for (const auto& c : all) {
        const std::string path = writeTemp(std::string("malformed_") + c.name + ".json", c.text);
        for (const char* command : { "validate ", "estimate " }) {
            const Run r = run(command + path);
            INFO(c.name << " (" << command << "): " << r.err);
            CHECK(r.code == 2);
            CHECK(r.out.empty());
            CHECK_THAT(r.err, Catch::Contains(c.fragment));
        }
        std::filesystem::remove(path);
    }
}

TEST_CASE("a missing file and a directory exit 2", "[cli][malformed]")
{
    const Run missing = run("estimate /nonexistent/dir/file.tpscenario.json");
    CHECK(missing.code == 2);
    CHECK_THAT(missing.err, Catch::Contains("no such file"));
    const Run dir = run("validate " + std::filesystem::temp_directory_path().string());
    CHECK(dir.code == 2);
    CHECK_THAT(dir.err, Catch::Contains("not a regular file"));
}
