// Scenario file format v1 (docs/DESIGN.md): strict reading, messages naming the key path, round trips.
#include "core/estimate/estimate.h"
#include "core/estimate/estimate_io.h"
#include "core/scenario/architecture.h"
#include "core/scenario/presets.h"
#include "core/scenario/scenario_io.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>

using namespace core;

namespace {

std::string readFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    return { std::istreambuf_iterator<char>(in), {} };
}

const std::string kDefaultFile = std::string(TP_SOURCE_DIR) + "/resources/scenarios/default.tpscenario.json";

/// The default file with one JSON-pointer location replaced (or removed when `value` is discarded).
std::string edited(const std::string& pointer, const nlohmann::json& value)
{
    auto doc = nlohmann::json::parse(readFile(kDefaultFile));
    doc[nlohmann::json::json_pointer(pointer)] = value;
    return doc.dump();
}

} // namespace

TEST_CASE("the bundled default scenario is Llama-2-7B on 8 × A100 80GB", "[core][io]")
{
    const Scenario s = defaultScenario();
    CHECK(s.model.preset == "llama-2-7b");
    CHECK(s.hardware.preset == "a100-80gb");
    CHECK(s.parallel.gpus() == 8);
    const auto r = loadScenarioFile(kDefaultFile);
    REQUIRE(r.ok());
    CHECK(*r.scenario == s);
}

TEST_CASE("scenarios round-trip through their JSON text", "[core][io]")
{
    Scenario s = defaultScenario();
    SECTION("default")
    {
    }
    SECTION("preset with overrides")
    {
        s.model.arch.layers = 40;
        s.model.arch.heads = 64;
        s.model.arch.kvHeads = 8;
        s.model.arch.headDim = 64;
    }
    SECTION("bare size")
    {
        s.model = bareSizeModel(123'000'000'000);
    }
    SECTION("explicit architecture")
    {
        s.model.preset.clear();
        s.model.arch.mlp = Mlp::gelu;
        s.model.arch.bias = Bias::qkv;
    }
    SECTION("custom GPU and LoRA")
    {
        s.hardware.preset.clear();
        s.hardware.gpu.name = "My GPU";
        s.training.method = Method::qlora;
        s.training.loraTargets = { "q", "v", "down" };
        s.precision.masterWeights = std::nullopt;
    }
    SECTION("interleaved pipeline")
    {
        s.parallel.pp = 4;
        s.parallel.schedule = Schedule::interleaved;
        s.parallel.virtualStages = 2;
        s.parallel.tp = 2;
        s.parallel.sequenceParallel = true;
    }
    SECTION("fp8 with the LM head in scope")
    {
        s.precision.compute = DType::fp8_e4m3;
        s.precision.fp8Scope = Fp8Scope::linear_and_head;
    }
    SECTION("fp8 scope set while computing in bf16")
    {
        s.precision.fp8Scope = Fp8Scope::all;
    }
    const std::string text = scenarioToJson(s);
    const auto back = parseScenario(text);
    INFO(text << back.error.toString());
    REQUIRE(back.ok());
    CHECK(*back.scenario == s);
    CHECK(scenarioToJson(*back.scenario) == text);
}

TEST_CASE("the layout rules name the key the user set and say why, in the file's words", "[core][io][validation]")
{
    // The rules now live in core::layoutProblem(); the reader's messages are a contract
    // (docs/DESIGN.md: "path: reason") and keep the words they had when the reader wrote them itself.
    auto [override, expected] = GENERATE(table<std::string, std::string>({
        { "parallel.tp=1,parallel.sequence_parallel=true", "parallel.sequence_parallel: needs tp of at least 2" },
        { "parallel.pp=1,parallel.schedule=interleaved", "parallel.schedule: \"interleaved\" needs pp of at least 2" },
        { "parallel.dp=8,parallel.ep=3", "parallel.ep: must divide dp × cp (8), got 3" },
        { "parallel.virtual_stages=2", "parallel.virtual_stages: must be 1 unless schedule is \"interleaved\", got 2" },
        { "training.global_batch=4,training.micro_batch=8",
            "training.micro_batch: must not exceed global_batch (4), got 8" },
        { "parallel.zero=1,parallel.grad_reduce=after_accumulation",
            "parallel.grad_reduce: applies to zero 2 and 3 only (stages 0 and 1 always reduce after accumulation), and "
            "zero is 1" },
        { "parallel.dp=1000,parallel.tp=64,parallel.pp=512",
            "parallel: tp × pp × dp × cp must be at most 10000000 GPUs, got 64 × 512 × 1000 × 1 = 32768000" },
        { "parallel.pp=32,parallel.schedule=interleaved,parallel.virtual_stages=2",
            "parallel.pp: pp × virtual_stages (32 × 2) must not exceed the model's layers (32): a stage would hold no "
            "layer" },
    }));
    Scenario s = defaultScenario();
    std::optional<ScenarioError> error;
    std::size_t start = 0;
    // Applied one by one, each assignment valid on its own until the last.
    while (start <= override.size() && !error) {
        const std::size_t end = std::min(override.find(',', start), override.size());
        error = applyOverride(s, override.substr(start, end - start));
        start = end + 1;
    }
    REQUIRE(error);
    CHECK(error->toString() == expected);
}

TEST_CASE("bad scenario files are rejected with the key path and the reason", "[core][io][validation]")
{
    auto [text, path, fragment] = GENERATE(table<std::string, std::string, std::string>({
        { edited("/parallel/tp", 3), "parallel.tp", "power of two" },
        { edited("/parallel/tpp", 2), "parallel.tpp", "unknown key" },
        { edited("/training/seq_len", "4096"), "training.seq_len", "integer" },
        { edited("/training/micro_batch", 0), "training.micro_batch", "between 1" },
        { edited("/parallel/dp", 2.5), "parallel.dp", "integer" },
        { edited("/precision/weights", "bf17"), "precision.weights", "one of" },
        { edited("/training/optimizer", "adamx"), "training.optimizer", "one of" },
        { edited("/precision/fp8_scope", "attention"), "precision.fp8_scope", "one of" },
        { edited("/model/preset", "llama-9"), "model.preset", "unknown model preset" },
        { edited("/hardware/gpu", "tpu"), "hardware.gpu", "unknown GPU preset" },
        { edited("/efficiency/compute", 1.5), "efficiency.compute", "between" },
        { edited("/format", "other"), "format", "trainplanner-scenario" },
        { edited("/version", 2), "version", "between 1 and 1" },
        { edited("/parallel/ep", 3), "parallel.ep", "divide dp" },
        { edited("/parallel/zero", 4), "parallel.zero", "between 0 and 3" },
        { edited("/parallel/virtual_stages", 2), "parallel.virtual_stages", "interleaved" },
        { edited("/model", nlohmann::json { { "params", 7e9 }, { "layers", 2 } }), "model.layers",
            "cannot be combined with params" },
        { edited("/model", nlohmann::json { { "layers", 2 } }), "model.hidden", "required" },
        { std::string(
              "{\"format\": \"trainplanner-scenario\", \"version\": 1, \"model\": {\"preset\": \"llama-2-7b\"}"),
            "", "not valid JSON" },
        { std::string(""), "", "empty" },
        { std::string("[1, 2]"), "(top level)", "must be an object" },
        { std::string("{\"a\": \"\xff\"}"), "", "UTF-8" },
        { std::string(100, '[') + std::string(100, ']'), "", "nests deeper" },
    }));
    const auto r = parseScenario(text);
    REQUIRE_FALSE(r.ok());
    INFO(r.error.toString());
    CHECK(r.error.path == path);
    CHECK_THAT(r.error.message, Catch::Contains(fragment));
}

TEST_CASE("precision.fp8_scope is written for fp8 scenarios only, so bf16 files keep their keys", "[core][io]")
{
    Scenario s = defaultScenario();
    CHECK(scenarioToJson(s).find("fp8_scope") == std::string::npos);
    s.precision.compute = DType::fp8_e4m3;
    CHECK(scenarioToJson(s).find("\"fp8_scope\": \"linear\"") != std::string::npos);
}

TEST_CASE("a file may leave out whole sections: they take the default scenario's values", "[core][io]")
{
    const auto r = parseScenario(R"({"format": "trainplanner-scenario", "version": 1, "model": {"params": 7e8}})");
    REQUIRE(r.ok());
    CHECK(r.scenario->model.params == 700'000'000);
    CHECK(r.scenario->parallel == defaultScenario().parallel);
}

TEST_CASE("overrides (--set) use the file validation and change nothing on error", "[core][io]")
{
    Scenario s = defaultScenario();
    REQUIRE_FALSE(applyOverride(s, "parallel.zero=3"));
    CHECK(s.parallel.zero == 3);
    REQUIRE_FALSE(applyOverride(s, "hardware.gpu=h100-sxm"));
    CHECK(s.hardware.gpu.memoryGib == Approx(81559 / 1024.0).margin(0.005)); // nvidia-smi's memory.total
    // One field of the preset, the rest kept.
    REQUIRE_FALSE(applyOverride(s, "hardware.inter_node_gbps=25"));
    CHECK(s.hardware.preset == "h100-sxm");
    CHECK(s.hardware.gpu.interNodeGBps == 25);
    CHECK(s.hardware.gpu.intraNodeGBps == findGpuPreset("h100-sxm")->spec.intraNodeGBps);
    const Scenario before = s;
    const auto error = applyOverride(s, "parallel.tp=3");
    REQUIRE(error);
    CHECK(error->path == "parallel.tp");
    CHECK(s == before);
    CHECK(applyOverride(s, "nosuch.key=1"));
    CHECK(applyOverride(s, "parallel.tp"));
}

TEST_CASE("estimate JSON carries the v1 keys with base units", "[core][io][estimate]")
{
    const auto e = estimate(defaultScenario());
    const auto j = nlohmann::json::parse(estimateToJson(e));
    CHECK(j["format"] == "trainplanner-estimate");
    CHECK(j["version"] == 1);
    CHECK(j["gpus"] == 8);
    CHECK(j["params"]["total"] == 6'738'415'616);
    for (const char* key : { "weights", "gradients", "master_weights", "optimizer_states", "activations",
             "activation_bytes_per_layer", "buffers", "overhead", "total", "capacity", "fits", "headroom",
             "largest_micro_batch", "stage", "per_stage" })
        CHECK(j["memory"].contains(key));
    CHECK(j["memory"]["capacity"] == 80.0 * 1024 * 1024 * 1024);
    CHECK(j["memory"]["total"].get<double>() == Approx(e.memory.total()));
    CHECK(j["memory"]["per_stage"].size() == 1);
    for (const char* key : { "model_flops_per_step", "hardware_flops_per_step", "compute_time_s", "bubble_fraction",
             "step_time_s", "mfu", "hfu", "tflops_per_gpu", "tokens_per_s" })
        CHECK(j["compute"].contains(key));
    for (const char* key : { "collectives", "sent_bytes_per_gpu", "time_s", "exposed_time_s", "share_of_step" })
        CHECK(j["communication"].contains(key));
    for (const char* key : { "steps", "time_s", "gpu_hours", "energy_kwh", "cost_usd" })
        CHECK(j["training"].contains(key));
    for (const char* key : { "cluster_mtbf_hours", "checkpoint_bytes", "checkpoint_write_s", "checkpoint_interval_s",
             "goodput", "expected_interruptions" })
        CHECK(j["reliability"].contains(key));
}

TEST_CASE("the GPU catalog carries every datasheet figure it is used for", "[core][presets]")
{
    // docs/PUBLISHED.md "Hardware": A100 bf16 312 TFLOP/s, H100 SXM 989, B200 2250; TDP 400/700/1000 W.
    CHECK(findGpuPreset("a100-80gb")->spec.peakTflops.at(DType::bf16) == 312);
    CHECK(findGpuPreset("h100-sxm")->spec.peakTflops.at(DType::bf16) == Approx(989).margin(1));
    CHECK(findGpuPreset("b200")->spec.peakTflops.at(DType::bf16) == 2250);
    CHECK(findGpuPreset("a100-80gb")->spec.tdpWatts == 400);
    CHECK(findGpuPreset("h100-sxm")->spec.tdpWatts == 700);
    for (const auto& g : gpuPresets()) {
        INFO(g.name);
        CHECK_FALSE(g.spec.source.empty());
    }
}

TEST_CASE("every shipped example scenario reads and estimates", "[core][io][examples]")
{
    int count = 0;
    for (const auto& entry : std::filesystem::directory_iterator(std::string(TP_SOURCE_DIR) + "/resources/examples")) {
        INFO(entry.path().string());
        const std::string name = entry.path().filename().string();
        if (!name.ends_with(".tpscenario.json")) continue; // price tables are read in test_prices.cpp
        const auto r = loadScenarioFile(entry.path().string());
        REQUIRE(r.ok());
        const auto e = estimate(*r.scenario);
        CHECK(e.compute.stepTimeS > 0);
        ++count;
    }
    CHECK(count >= 6);
}

TEST_CASE("examples: the source article's pair and the published runs", "[core][examples][published]")
{
    auto load = [](const char* name) {
        return *loadScenarioFile(std::string(TP_SOURCE_DIR) + "/resources/examples/" + name + ".tpscenario.json")
                    .scenario;
    };
    // Source article: a 700M model fits one GPU; a 7B model needs sharding and then communicates a lot.
    const auto small = estimate(load("article-small-700m-1gpu"));
    const auto large = estimate(load("article-large-7b-64gpu"));
    CHECK(small.memory.fits());
    CHECK(small.gpus == 1);
    CHECK(small.communication.shareOfStep < 0.05);
    CHECK(large.memory.fits());
    CHECK(large.communication.shareOfStep > 0.20);
    // Narayanan et al. 2021 §5.1: GPT-3 175B on 1024 A100, 300B tokens ≈ 34 days (at 140 TFLOP/s).
    CHECK(estimate(load("gpt3-175b-narayanan")).training.timeS / 86400 == Approx(34).epsilon(0.15));
    CHECK_FALSE(estimate(load("llama-3-70b-does-not-fit")).memory.fits());
    CHECK(estimate(load("lora-7b-rtx4090")).memory.fits());
    CHECK(estimate(load("llama-3.1-405b-16k-h100")).gpus == 16384);
    // DeepSeek-V3 report, Table 1: 2,664K H800 GPU-hours of pre-training on 2,048 GPUs; with op-level
    // selective recomputation the layout fits in 80 GB, within 15 % of the published GPU-hours
    // (wall-clock with failures, as the fidelity suite compares GPU-hours).
    const auto deepseek = estimate(load("deepseek-v3-2048-h800"));
    CHECK(deepseek.memory.fits());
    CHECK(deepseek.gpus == 2048);
    CHECK(deepseek.training.gpuHours == Approx(2'664'000).epsilon(0.15));
}

TEST_CASE("a preset GPU with single fields overridden keeps the preset's other figures", "[core][io]")
{
    // "A user whose cluster has 4 NICs per node cannot keep the A100 preset and change one number."
    const ScenarioResult r
        = parseScenario(R"({"format": "trainplanner-scenario", "version": 1, "model": {"preset": "llama-3-8b"},
        "parallel": {"dp": 16}, "hardware": {"gpu": "a100-80gb", "inter_node_gbps": 12.5, "memory_gib": 79.2}})");
    REQUIRE(r.ok());
    const Hardware& h = r.scenario->hardware;
    const GpuSpec& preset = findGpuPreset("a100-80gb")->spec;
    CHECK(h.preset == "a100-80gb");
    CHECK(h.gpu.interNodeGBps == 12.5);
    CHECK(h.gpu.memoryGib == 79.2);
    CHECK(h.gpu.intraNodeGBps == preset.intraNodeGBps);
    CHECK(h.gpu.peakTflops == preset.peakTflops);
    CHECK(h.gpu.name == preset.name);
    CHECK(presetOverrides(h) == std::vector<std::string> { "memory_gib", "inter_node_gbps" });
    // Written as the preset's name and the two fields, and read back the same.
    const std::string text = scenarioToJson(*r.scenario);
    CHECK(text.find(R"("gpu": "a100-80gb")") != std::string::npos);
    CHECK(text.find(R"("inter_node_gbps": 12.5)") != std::string::npos);
    const ScenarioResult again = parseScenario(text);
    REQUIRE(again.ok());
    CHECK(again.scenario->hardware == h);
    // An unchanged preset writes no override; rates per dtype replace the preset's entries one by one.
    Scenario plain = *r.scenario;
    plain.hardware.gpu = preset;
    CHECK(presetOverrides(plain.hardware).empty());
    const ScenarioResult peaks
        = parseScenario(R"({"format": "trainplanner-scenario", "version": 1, "model": {"preset": "llama-3-8b"},
        "hardware": {"gpu": "h100-sxm", "peak_tflops": {"bf16": 1000}}})");
    REQUIRE(peaks.ok());
    CHECK(peaks.scenario->hardware.gpu.peakTflops.at(DType::bf16) == 1000);
    CHECK(peaks.scenario->hardware.gpu.peakTflops.at(DType::fp8_e4m3)
        == findGpuPreset("h100-sxm")->spec.peakTflops.at(DType::fp8_e4m3));
    // A peak below the preset's measured GEMM rate takes the measured rate down with it (the next test).
    const ScenarioResult below
        = parseScenario(R"({"format": "trainplanner-scenario", "version": 1, "model": {"preset": "llama-3-8b"},
        "hardware": {"gpu": "h100-sxm", "peak_tflops": {"bf16": 500}}})");
    REQUIRE(below.ok());
    CHECK(below.scenario->hardware.gpu.achievableTflops.at(DType::bf16) == Approx(794.5 * 500 / 989.5));
    // Checked as a GPU object's fields, named by the key as written; refused next to a GPU object.
    for (const auto& [fields, key] :
        { std::pair { R"("gpu": "a100-80gb", "inter_node_gbps": -1)", "hardware.inter_node_gbps" },
            std::pair { R"("gpu": "a100-80gb", "sm_count": 1.5)", "hardware.sm_count" },
            std::pair { R"("gpu": {"name": "x", "memory_gib": 10, "peak_tflops": {"bf16": 100}, "intra_node_gbps": 10,
                       "inter_node_gbps": 10, "tdp_watts": 100}, "memory_gib": 20)",
                "hardware.memory_gib" } }) {
        const ScenarioResult bad = parseScenario(
            std::string(
                R"({"format": "trainplanner-scenario", "version": 1, "model": {"preset": "llama-3-8b"}, "hardware": {)")
            + fields + "}}");
        INFO(fields);
        REQUIRE_FALSE(bad.ok());
        CHECK(bad.error.toString().find(key) != std::string::npos);
    }
}

namespace {

ScenarioResult a100With(const std::string& fields)
{
    return parseScenario(R"({"format": "trainplanner-scenario", "version": 1, "model": {"preset": "llama-2-7b"},
        "hardware": {"gpu": "a100-80gb")"
        + fields + "}}");
}

} // namespace

TEST_CASE("a peak override of a preset GPU carries its measured rates along, above and below", "[core][io]")
{
    // The A100 preset: peak bf16 312, measured best GEMM 271.2 (86.9 %), FlashAttention-1 101.4 and -2
    // 204.6 TFLOP/s, measured against the 16-bit peak (resources/gpus.json).
    const ScenarioResult base = a100With("");
    REQUIRE(base.ok());
    const double baseStep = estimate(*base.scenario).compute.stepTimeS;
    // Above: 1e6 TFLOP/s. The measured rates scale by 1e6 / 312, and the step time follows (it was
    // priced at the preset's 271.2 whatever the peak, and only MFU's denominator moved: MFU 0.0 %).
    const ScenarioResult above = a100With(R"(, "peak_tflops": {"bf16": 1e6})");
    REQUIRE(above.ok());
    const GpuSpec& up = above.scenario->hardware.gpu;
    CHECK(up.peakTflops.at(DType::bf16) == 1e6);
    CHECK(up.achievableTflops.at(DType::bf16) == Approx(271.2 / 312 * 1e6));
    CHECK(up.flash1Tflops == Approx(101.4 / 312 * 1e6));
    CHECK(up.flash2Tflops == Approx(204.6 / 312 * 1e6));
    CHECK(up.peakTflops.at(DType::fp32) == 19.5); // the other dtypes stay the preset's
    CHECK(estimate(*above.scenario).compute.stepTimeS < baseStep / 5);
    // Below: 100 TFLOP/s, under the measured 271.2 — accepted (it was refused naming
    // hardware.achievable_tflops.bf16, a key the file does not have), the rates scaled down.
    const ScenarioResult below = a100With(R"(, "peak_tflops": {"bf16": 100})");
    INFO(below.error.toString());
    REQUIRE(below.ok());
    const GpuSpec& down = below.scenario->hardware.gpu;
    CHECK(down.achievableTflops.at(DType::bf16) == Approx(86.923).epsilon(1e-4));
    CHECK(down.flash2Tflops == Approx(65.577).epsilon(1e-4));
    CHECK(estimate(*below.scenario).compute.stepTimeS > baseStep * 2.5);
    // Written with the rates it uses, and read back the same (the written rates are then given).
    const ScenarioResult again = parseScenario(scenarioToJson(*below.scenario));
    REQUIRE(again.ok());
    CHECK(again.scenario->hardware == below.scenario->hardware);

    // A rate given beside the peak is the user's own: kept, and checked against the new peak by its key.
    const ScenarioResult both = a100With(R"(, "peak_tflops": {"bf16": 100}, "achievable_tflops": {"bf16": 90})");
    REQUIRE(both.ok());
    CHECK(both.scenario->hardware.gpu.achievableTflops.at(DType::bf16) == 90);
    CHECK(both.scenario->hardware.gpu.flash2Tflops == Approx(204.6 / 312 * 100));
    const ScenarioResult over = a100With(R"(, "peak_tflops": {"bf16": 100}, "achievable_tflops": {"bf16": 200})");
    REQUIRE_FALSE(over.ok());
    CHECK_THAT(over.error.toString(), Catch::Contains("hardware.achievable_tflops.bf16: must not exceed the peak"));
    // A dtype without measured rates (fp16 on the A100: its rate follows bf16's) moves nothing else.
    const ScenarioResult fp16 = a100With(R"(, "peak_tflops": {"fp16": 200})");
    REQUIRE(fp16.ok());
    CHECK(fp16.scenario->hardware.gpu.achievableTflops.at(DType::bf16) == 271.2);
    CHECK(fp16.scenario->hardware.gpu.flash2Tflops == 204.6);

    // {} replaces nothing: refused by its key, not silently ignored.
    for (const char* key : { "peak_tflops", "achievable_tflops", "attention_tflops" }) {
        const ScenarioResult empty = a100With(std::string(", \"") + key + "\": {}");
        INFO(key);
        REQUIRE_FALSE(empty.ok());
        CHECK(empty.error.problem.code == ProblemCode::gpu_override_empty);
        CHECK_THAT(empty.error.toString(), Catch::StartsWith(std::string("hardware.") + key + ": names nothing"));
    }

    // --set of the peak alone, also twice: the same as one override to the last value.
    Scenario edited = *base.scenario;
    REQUIRE_FALSE(applyOverride(edited, R"(hardware.peak_tflops={"bf16": 500})"));
    REQUIRE_FALSE(applyOverride(edited, "hardware.peak_tflops.bf16=100"));
    CHECK(edited.hardware.gpu.peakTflops.at(DType::bf16) == 100);
    CHECK(edited.hardware.gpu.achievableTflops.at(DType::bf16) == Approx(down.achievableTflops.at(DType::bf16)));
    CHECK(edited.hardware.gpu.flash2Tflops == Approx(down.flash2Tflops));
    // A GPU object's peak edited alone carries its rates the same way.
    const ScenarioResult object = parseScenario(
        R"({"format": "trainplanner-scenario", "version": 1, "model": {"preset": "llama-2-7b"},
        "hardware": {"gpu": {"name": "lab", "memory_gib": 80, "peak_tflops": {"bf16": 312}, "achievable_tflops":
        {"bf16": 271.2}, "intra_node_gbps": 300, "inter_node_gbps": 25, "tdp_watts": 400}}})");
    REQUIRE(object.ok());
    Scenario lab = *object.scenario;
    REQUIRE_FALSE(applyOverride(lab, "hardware.gpu.peak_tflops.bf16=100"));
    CHECK(lab.hardware.gpu.achievableTflops.at(DType::bf16) == Approx(86.923).epsilon(1e-4));
}

TEST_CASE("RoPE's base is written where it is not the default or differs from the preset", "[core][io]")
{
    // Llama 3's preset carries θ = 500,000 (Llama Team 2024, Table 3).
    Scenario s = defaultScenario();
    const ModelPreset* llama3 = findModelPreset("llama-3-8b");
    REQUIRE(llama3);
    CHECK(llama3->arch.ropeTheta == 500000);
    s.model.preset = "llama-3-8b";
    s.model.arch = llama3->arch;
    CHECK(scenarioToJson(s).find("rope_theta") == std::string::npos); // as the preset has it
    for (double theta : { 10000.0, 1e6 }) {
        s.model.arch.ropeTheta = theta;
        const std::string text = scenarioToJson(s);
        CHECK(text.find("rope_theta") != std::string::npos);
        const auto back = parseScenario(text);
        INFO(text << back.error.toString());
        REQUIRE(back.ok());
        CHECK(back.scenario->model.arch.ropeTheta == theta);
    }
    // The default scenario (Llama 2, the paper's base) does not state it: existing files keep their keys.
    CHECK(scenarioToJson(defaultScenario()).find("rope_theta") == std::string::npos);
}

TEST_CASE("a scenario file without a name is named by what it describes", "[core][io]")
{
    nlohmann::json doc = nlohmann::json::parse(scenarioToJson(defaultScenario()));
    doc.erase("name");
    const auto read = parseScenario(doc.dump());
    REQUIRE(read.ok());
    CHECK(read.scenario->name == "Llama 2 7B pre-training on 8 × A100 SXM 80GB");
}
