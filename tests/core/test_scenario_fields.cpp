// One table for every key a scenario holds, with its range, and checked products (hostile input:
// overflowing GPU and parameter counts, unreadable imports, duplicate keys, layouts no framework
// runs): out-of-range values and absurd products are refused, naming the key, before anything uses
// them; every value the table sets is what the writer writes and the reader reads back; an edit
// carries its rules with it.
#include "core/estimate/estimate.h"
#include "core/fidelity/fidelity.h"
#include "core/runs/hf_import.h"
#include "core/scenario/presets.h"
#include "core/scenario/scenario_fields.h"
#include "core/scenario/scenario_io.h"
#include "core/search/suggest.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <unistd.h>

using namespace core;
using nlohmann::json;

namespace {

json defaultDoc()
{
    return json::parse(scenarioToJson(defaultScenario()));
}

/// The default scenario with `key` set to `value`, where the key needs a section of its own
/// (a bare size, a custom GPU object) to exist.
json withKey(std::string_view key, const json& value)
{
    json doc = defaultDoc();
    if (key == "model.params") doc["model"] = json::object();
    if (key.starts_with("model.") && key != "model.params" && key != "model.max_positions")
        doc["model"] = { { "preset", "llama-2-7b" } };
    if (key == "model.max_positions") doc["model"] = { { "preset", "gpt2-124m" } };
    if (key.starts_with("hardware.gpu."))
        doc["hardware"]["gpu"] = { { "name", "test" }, { "memory_gib", 80 }, { "peak_tflops", { { "bf16", 312 } } },
            { "intra_node_gbps", 300 }, { "inter_node_gbps", 25 }, { "tdp_watts", 400 } };
    std::string pointer = "/" + std::string(key);
    std::replace(pointer.begin(), pointer.end(), '.', '/');
    if (key.ends_with(".*")) pointer = pointer.substr(0, pointer.size() - 1) + "bf16"; // one dtype of a per-dtype table
    doc[json::json_pointer(pointer)] = value;
    return doc;
}

ScenarioError refusal(const json& doc)
{
    const ScenarioResult r = parseScenario(doc.dump());
    REQUIRE_FALSE(r.ok());
    return r.error;
}

} // namespace

TEST_CASE("every number key is read with the limits of the one table", "[core][limits]")
{
    int keys = 0;
    for (const Field& field : scenarioFields()) {
        if (!field.isNumber()) continue;
        ++keys;
        const Field* l = &field;
        std::string shown(l->path);
        if (shown.ends_with(".*")) shown = shown.substr(0, shown.size() - 1) + "bf16";
        INFO(shown);
        const bool integral = l->kind != FieldKind::number;
        for (double outside : { integral ? l->min - 1 : l->min - std::max(1e-3, std::abs(l->min) * 0.5),
                 integral ? l->max + 1 : l->max * 2 + 1 }) {
            const ScenarioError e
                = refusal(withKey(l->path, integral ? json(static_cast<std::int64_t>(outside)) : json(outside)));
            CHECK(e.path == shown);
            CHECK(e.message.rfind(l->kind == FieldKind::powerOfTwo ? "must be an integer between" : rangeText(*l), 0)
                == 0);
        }
    }
    CHECK(keys > 60);
    CHECK(findField("parallel.tp")->kind == FieldKind::powerOfTwo);
    CHECK(findField("hardware.gpu.peak_tflops.fp8_e4m3") == findField("hardware.gpu.peak_tflops.*"));
    CHECK(findField("hardware.gpu.achievable_tflops.bf16") == findField("hardware.gpu.achievable_tflops.*"));
    CHECK(findField("parallel.nope") == nullptr);
}

TEST_CASE("the GPU count is a 64-bit product refused above 10^7 before any use", "[core][limits][hostile]")
{
    // Products that once wrapped in an int: tp × pp × dp to 0 (SIGFPE), to a negative count (a
    // "valid" scenario with negative cost) and to a plausible 32,768.
    for (const auto& [dp, product] : std::vector<std::pair<int, std::string>> {
             { 131072, "4294967296" }, { 98304, "3221225472" }, { 131073, "4295000064" } }) {
        json doc = defaultDoc();
        doc["model"] = { { "preset", "llama-2-7b" } };
        doc["training"]["global_batch"] = 200000;
        doc["parallel"]["tp"] = 64;
        doc["parallel"]["dp"] = dp;
        doc["parallel"]["pp"] = 512;
        // pp 512 exceeds 32 layers too; the GPU count is checked first (it is the parallel section's own rule).
        const ScenarioError e = refusal(doc);
        CHECK(e.path == "parallel");
        CHECK(e.message.find("at most 10000000 GPUs") != std::string::npos);
        CHECK(e.message.find(product) != std::string::npos);
    }
    // The largest count is accepted, and the estimate counts it exactly.
    json doc = defaultDoc();
    doc["training"]["global_batch"] = 1'000'000;
    doc["parallel"]["pp"] = 10;
    doc["parallel"]["dp"] = 1'000'000;
    const ScenarioResult r = parseScenario(doc.dump());
    REQUIRE(r.ok());
    CHECK(r.scenario->parallel.gpus() == 10'000'000);
    CHECK(estimate(*r.scenario).gpus == 10'000'000);
    // --set reaches the same rule.
    Scenario s = defaultScenario();
    CHECK_FALSE(applyOverride(s, "training.global_batch=131072"));
    CHECK_FALSE(applyOverride(s, "parallel.tp=64"));
    CHECK_FALSE(applyOverride(s, "parallel.pp=2"));
    const auto error = applyOverride(s, "parallel.dp=131072");
    REQUIRE(error);
    CHECK(error->path == "parallel");
    CHECK(s.parallel.dp == 8); // untouched
}

TEST_CASE("a parameter count beyond 10^15 is refused naming the model", "[core][limits][hostile]")
{
    json doc = defaultDoc();
    doc["model"] = { { "layers", 4096 }, { "hidden", 1048576 }, { "heads", 4096 }, { "ffn_hidden", 1048576 },
        { "vocab", 16777216 }, { "experts", 4096 }, { "top_k", 4096 }, { "moe_ffn_hidden", 1048576 },
        { "shared_experts", 64 } };
    ScenarioError e = refusal(doc);
    CHECK(e.path == "model");
    CHECK(e.message.find("parameters; at most 1e+15") != std::string::npos);
    // The dense extreme of the largest dimensions (3.2·10^16) too; a 10^14 bare size stays valid.
    doc["model"] = { { "layers", 4096 }, { "hidden", 1048576 }, { "heads", 4096 }, { "ffn_hidden", 1048576 },
        { "vocab", 16777216 } };
    CHECK(refusal(doc).path == "model");
    doc["model"] = { { "params", 1e14 } };
    CHECK(parseScenario(doc.dump()).ok());
}

TEST_CASE("combinations no framework runs are refused or warned about", "[core][limits][hostile]")
{
    // pp greater than the layers: 480 of 512 stages would hold nothing.
    json doc = defaultDoc();
    doc["parallel"]["pp"] = 512;
    ScenarioError e = refusal(doc);
    CHECK(e.path == "parallel.pp");
    CHECK(e.message.find("must not exceed the model's layers (32)") != std::string::npos);
    doc["parallel"]["pp"] = 16;
    doc["parallel"]["schedule"] = "interleaved";
    doc["parallel"]["virtual_stages"] = 4;
    CHECK(refusal(doc).path == "parallel.pp"); // 64 chunks on 32 layers
    // Duplicate LoRA targets and LoRA targets on a full fine-tune.
    doc = defaultDoc();
    doc["training"]["method"] = "lora";
    doc["training"]["lora_targets"] = { "q", "v", "q" };
    e = refusal(doc);
    CHECK(e.path == "training.lora_targets[2]");
    CHECK(e.message == "\"q\" is listed twice");
    doc["training"]["method"] = "full";
    doc["training"]["lora_targets"] = { "q" };
    CHECK(refusal(doc).path == "training.lora_targets");
    // --set training.method=full on a LoRA scenario drops its adapters instead of failing on them.
    Scenario s = defaultScenario();
    REQUIRE_FALSE(applyOverride(s, "training.method=lora"));
    CHECK_FALSE(applyOverride(s, "training.method=full"));
    CHECK(s.training.method == Method::full);
    // ZeRO-2/3 with PP: a warning that names why.
    s = defaultScenario();
    s.parallel.pp = 4;
    s.parallel.dp = 2;
    s.parallel.zero = 3;
    bool warned = false;
    for (const auto& w : estimate(s).warnings)
        warned = warned || w.code == ProblemCode::zero_with_pipeline;
    CHECK(warned);
}

TEST_CASE("duplicate keys and a bare size beside architecture keys are named", "[core][limits][hostile]")
{
    // {"tp": 3, "tp": 1} ran with tp 1.
    const std::string text = scenarioToJson(defaultScenario());
    std::string twice = text;
    twice.replace(twice.find("\"tp\": 1"), 7, "\"tp\": 3, \"tp\": 1");
    ScenarioResult r = parseScenario(twice);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error.toString() == "parallel.tp: is given twice (each key may appear once)");
    // A second "model" section.
    std::string models = text;
    models.replace(models.find("\"model\": {"), 10, "\"model\": {\"preset\": \"nope\"}, \"model\": {");
    r = parseScenario(models);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error.path == "model");
    // Layers beside params is known, only not combinable.
    json doc = defaultDoc();
    doc["model"] = { { "params", 7e9 }, { "layers", 32 } };
    CHECK(refusal(doc).toString() == "model.layers: cannot be combined with params (a bare size)");
}

TEST_CASE("a token budget below one step is one step with a warning", "[core][limits][hostile]")
{
    Scenario s = defaultScenario();
    s.training.seqLen = 10'000'000;
    s.training.globalBatch = 1'000'000'000;
    s.training.microBatch = 1;
    REQUIRE_FALSE(validateScenario(s));
    const Estimate e = estimate(s);
    CHECK(e.training.steps == 1);
    bool warned = false;
    for (const auto& w : e.warnings)
        warned = warned || w.code == ProblemCode::tokens_less_than_one_step;
    CHECK(warned);
}

TEST_CASE("a hardware.profile given by --set is read and its content never echoed", "[core][limits][hostile]")
{
    const auto dir = std::filesystem::temp_directory_path() / ("tp_limits_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const auto good = (dir / "good.tphardware.json").string();
    std::ofstream(good) << R"({"format": "trainplanner-hardware-profile", "version": 1, "name": "good",
                               "hardware": {"gpu": "h100-sxm", "gpus_per_node": 8}, "efficiency": {"compute": 0.3}})";
    Scenario s = defaultScenario();
    REQUIRE_FALSE(applyOverride(s, "hardware.profile=" + good));
    CHECK(s.hardware.preset == "h100-sxm");
    CHECK(s.efficiency.compute == 0.3);
    // A missing profile is an error, not ignored (a sweep over profiles gave identical rows).
    auto error = applyOverride(s, "hardware.profile=" + (dir / "missing.json").string());
    REQUIRE(error);
    CHECK(error->path == "hardware.profile");
    CHECK(error->message.find("no such file") != std::string::npos);
    // A bare JSON string holding a secret.
    const auto secret = (dir / "secret.json").string();
    std::ofstream(secret) << R"("ghp_SECRETSECRETSECRETSECRETSECRET0123")";
    error = applyOverride(s, "hardware.profile=" + secret);
    REQUIRE(error);
    CHECK(error->toString().find("SECRET") == std::string::npos);
    CHECK(error->toString().find("must be an object, got a string") != std::string::npos);
    // A quoted first line: nlohmann's "last read: '…'" is not repeated.
    std::ofstream(secret) << "\"sk-live-SECRET-TOKEN-0123456789abcdef-DO-NOT-LEAK\n";
    error = applyOverride(s, "hardware.profile=" + secret);
    REQUIRE(error);
    CHECK(error->toString().find("SECRET") == std::string::npos);
    CHECK(error->toString().find("secret.json") != std::string::npos); // names the profile
    std::filesystem::remove_all(dir);
}

TEST_CASE("import-config writes only scenarios TrainPlanner reads back", "[core][limits][hostile]")
{
    json config = json::parse(std::ifstream(std::string(TP_SOURCE_DIR) + "/tests/data/hf/llama-2-7b.json"));
    for (const auto& [field, key] :
        std::vector<std::pair<std::string, std::string>> { { "num_hidden_layers", "layers" }, { "vocab_size", "vocab" },
            { "hidden_size", "hidden" }, { "intermediate_size", "ffn_hidden" } }) {
        json c = config;
        c[field] = 100'000'000;
        const ImportResult r = importHfConfig(c.dump());
        REQUIRE_FALSE(r.ok());
        CHECK(r.error.path == field);
        CHECK(r.error.message.find("(TrainPlanner's model." + key + ")") != std::string::npos);
    }
    // A 10 KB name with escape sequences is escaped and cut to fit the 200-byte limit.
    json c = config;
    c["_name_or_path"] = "\x1b]0;PWNED\x07" + std::string(10'000, 'n');
    const ImportResult r = importHfConfig(c.dump());
    REQUIRE(r.ok());
    const Scenario s = scenarioFor(*r.model);
    CHECK(s.name.size() <= 200);
    CHECK(s.name.find('\x1b') == std::string::npos);
    CHECK_FALSE(validateScenario(s));
}

TEST_CASE("dp × micro-batch is counted in 64 bits where it can pass 2^31", "[core][limits][hostile]")
{
    // dp 10^6 × micro-batch 65,536 = 6.6·10^10 sequences: the divisibility warning and its
    // suggestion used int (UBSan in the sanitizer build fails this test if any product overflows).
    Scenario s = defaultScenario();
    s.parallel.dp = 1'000'000;
    s.training.microBatch = 65'536;
    s.training.globalBatch = 1'000'000'000;
    REQUIRE_FALSE(validateScenario(s));
    const Estimate e = estimate(s);
    bool warned = false;
    for (const auto& w : e.warnings)
        warned = warned || w.code == ProblemCode::global_batch_not_divisible;
    CHECK(warned);
    for (const auto& fix : nearestValid(s, e))
        CHECK_FALSE(validateScenario(fix.scenario)); // no suggestion beyond the limits
}

namespace {

/// The sections the reader and the writer take from the field table key by key.
constexpr std::array<std::string_view, 8> kTableSections { "training", "precision", "parallel", "hardware",
    "efficiency", "cost", "reliability", "overhead" };

bool inTableSection(const Field& f)
{
    for (std::string_view section : kTableSections)
        if (f.path.starts_with(section) && f.path[section.size()] == '.'
            && f.path.substr(section.size() + 1).find('.') == std::string_view::npos)
            return true;
    return false;
}

} // namespace

TEST_CASE("every key the writer writes is in the field table, and the table's values round-trip", "[core][fields]")
{
    // Keys with a structure of their own: the model (a preset and its differences), the GPU (a
    // preset name or an object), a hardware profile's path and the LoRA targets (a list).
    const json doc = defaultDoc();
    for (const auto& [section, keys] : doc.items()) {
        if (!keys.is_object() || section == "model") continue;
        for (const auto& [key, value] : keys.items()) {
            const std::string path = section + "." + key;
            if (path == "hardware.gpu" || path == "hardware.profile" || path == "training.lora_targets") continue;
            INFO(path);
            CHECK(findField(path) != nullptr);
        }
    }
    int roundTrips = 0;
    for (const Field& f : scenarioFields()) {
        if (!inTableSection(f)) continue;
        INFO(std::string(f.path));
        REQUIRE(f.get);
        REQUIRE(f.set);
        // The ends of the range and a value inside; those a cross-section rule refuses (virtual stages
        // without the interleaved schedule, a micro-batch beyond the global batch) are skipped.
        for (double v :
            { f.min, f.max, f.kind == FieldKind::number ? (f.min + f.max) / 2 : std::floor((f.min + f.max) / 2) }) {
            if (f.kind == FieldKind::powerOfTwo) v = std::exp2(std::floor(std::log2(v)));
            Scenario s = defaultScenario();
            if (f.path == "training.lora_rank") s.training.method = Method::lora;
            f.set(s, v);
            REQUIRE(f.get(s) == v);
            if (validateScenario(s) || (f.written && !f.written(s))) continue;
            const ScenarioResult back = parseScenario(scenarioToJson(s));
            REQUIRE(back.ok());
            CHECK(f.get(*back.scenario) == v);
            ++roundTrips;
        }
    }
    CHECK(roundTrips > 100);
}

TEST_CASE("an edit carries its rules with it, a file states every value as written", "[core][fields]")
{
    auto edited = [](Scenario s, std::string_view path, double v) {
        findField(path)->change(s, v);
        return s;
    };
    Scenario s = defaultScenario();
    s.parallel.pp = 4;
    s.parallel.pipelineSplit = PipelineSplit::embedding_and_loss;
    CHECK(edited(s, "parallel.pp", 1).parallel.pipelineSplit == PipelineSplit::layers); // nothing to split
    CHECK(edited(s, "parallel.pp", 2).parallel.pipelineSplit == PipelineSplit::embedding_and_loss);

    s = defaultScenario();
    s.parallel.zero = 3;
    s.parallel.gradReduce = GradReduce::after_accumulation;
    CHECK(edited(s, "parallel.zero", 1).parallel.gradReduce == GradReduce::per_micro_batch);
    s.parallel.zero = 1;
    s.parallel.gradReduce = GradReduce::per_micro_batch;
    CHECK(edited(s, "parallel.grad_reduce", 1).parallel.zero == 2); // ZeRO-2's and ZeRO-3's setting

    s = defaultScenario();
    s.parallel.tp = 8;
    s.parallel.sequenceParallel = true;
    s.parallel.tpSavedInput = TpSavedInput::gathered;
    CHECK(edited(s, "parallel.sequence_parallel", 0).parallel.tpSavedInput == TpSavedInput::shard);

    s = defaultScenario();
    s.parallel.attentionKernel = AttentionKernel::flash2;
    CHECK(edited(s, "parallel.flash_attention", 0).parallel.attentionKernel == AttentionKernel::automatic);
    s.parallel.flashAttention = false;
    s.parallel.attentionKernel = AttentionKernel::automatic;
    CHECK(edited(s, "parallel.attention_kernel", 2).parallel.flashAttention);

    s = defaultScenario();
    CHECK(edited(s, "parallel.schedule", 2).parallel.virtualStages == 2); // interleaving needs two chunks
    s.parallel.schedule = Schedule::interleaved;
    s.parallel.virtualStages = 4;
    CHECK(edited(s, "parallel.schedule", 1).parallel.virtualStages == 1);

    // The default model, Llama 2 7B: 32 heads × 128 = hidden 4096, so the head width follows the
    // heads (64 heads: 64 wide); the KV heads follow only down, never above the heads.
    s = defaultScenario();
    CHECK(edited(s, "model.heads", 64).model.arch.headDim == 64);
    CHECK(edited(s, "model.heads", 64).model.arch.kvHeads == 32);
    CHECK(edited(s, "model.heads", 16).model.arch.kvHeads == 16); // never more KV heads than heads

    // The file states every value as written: set() applies no rule, and the reader refuses the
    // combination an edit would have repaired, naming the key.
    s = defaultScenario();
    s.parallel.pp = 4;
    s.parallel.pipelineSplit = PipelineSplit::embedding_and_loss;
    findField("parallel.pp")->set(s, 1);
    CHECK(s.parallel.pipelineSplit == PipelineSplit::embedding_and_loss);
    const auto error = validateScenario(s);
    REQUIRE(error);
    CHECK(error->path == "parallel.pipeline_split");
}

TEST_CASE("a key applies only where it means something", "[core][fields]")
{
    Scenario s = defaultScenario(); // bf16, ZeRO-1, 1F1B, one stage, no sequence parallelism, flash attention
    auto applies = [&](std::string_view path) { return findField(path)->appliesTo(s); };
    CHECK_FALSE(applies("parallel.grad_reduce"));
    CHECK(applies("parallel.dp_collectives"));
    CHECK_FALSE(applies("parallel.pipeline_split"));
    CHECK_FALSE(applies("parallel.tp_saved_input"));
    CHECK_FALSE(applies("parallel.virtual_stages"));
    CHECK_FALSE(applies("precision.fp8_scope"));
    CHECK_FALSE(applies("training.lora_rank"));
    CHECK(applies("parallel.attention_kernel"));
    s.parallel.zero = 3;
    s.parallel.pp = 2;
    s.parallel.sequenceParallel = true;
    s.parallel.schedule = Schedule::interleaved;
    s.precision.compute = DType::fp8_e4m3;
    s.training.method = Method::qlora;
    s.parallel.flashAttention = false;
    CHECK(applies("parallel.grad_reduce"));
    CHECK_FALSE(applies("parallel.dp_collectives")); // ZeRO-3 works per layer
    CHECK(applies("parallel.pipeline_split"));
    CHECK(applies("parallel.tp_saved_input"));
    CHECK(applies("parallel.virtual_stages"));
    CHECK(applies("precision.fp8_scope"));
    CHECK(applies("training.lora_rank"));
    CHECK_FALSE(applies("parallel.attention_kernel"));
}

TEST_CASE("a refused file or edit carries its problem as a code with the key and numbers", "[core][fields][problems]")
{
    // Problems as data: the reader words its refusal in English for the command line
    // and gives the GUI the same as a code, so the interface can word it in its own language.
    struct Case {
        std::string_view key;
        json value;
        ProblemCode code;
    };
    const std::vector<Case> cases {
        { "parallel.tp", 3, ProblemCode::value_out_of_range },
        { "parallel.dp", 0, ProblemCode::value_out_of_range },
        { "efficiency.compute", 2.5, ProblemCode::value_out_of_range },
        { "training.tokens", "many", ProblemCode::value_wrong_type },
        { "parallel.sequence_parallel", 1, ProblemCode::value_wrong_type },
        { "parallel.recompute", "most", ProblemCode::value_not_a_choice },
        { "parallel.tpp", 1, ProblemCode::key_unknown },
        { "parallel.virtual_stages", 2, ProblemCode::virtual_stages_need_interleaved },
    };
    for (const Case& c : cases) {
        INFO(std::string(c.key));
        const ScenarioError e = refusal(withKey(c.key, c.value));
        CHECK(e.problem.code == c.code);
        CHECK(e.problem.key == e.path);
        CHECK(e.path == c.key);
    }
    const ScenarioError tp = refusal(withKey("parallel.tp", 3));
    CHECK(tp.problem.value("min") == 1);
    CHECK(tp.problem.value("max") == 64);
    CHECK(tp.problem.value("power_of_two") == 1);
    CHECK(tp.message == "must be a power of two between 1 and 64, got 3"); // the CLI's words are unchanged

    json doc = defaultDoc();
    doc["model"] = { { "preset", "llama-2-7b" }, { "heads", 32 }, { "kv_heads", 5 } };
    const ScenarioError kv = refusal(doc);
    CHECK(kv.problem.code == ProblemCode::kv_heads_not_dividing_heads);
    CHECK(kv.problem.value("kv_heads") == 5);
    CHECK(kv.path == "model.kv_heads");

    doc = defaultDoc();
    doc.erase("model");
    CHECK(refusal(doc).problem.code == ProblemCode::key_required);
    CHECK(parseScenario("{\"format\": 1").error.problem.code == ProblemCode::file_not_json);
    CHECK(parseScenario(R"({"format": "trainplanner-scenario", "format": "x"})").error.problem.code
        == ProblemCode::key_given_twice);
    CHECK(loadScenarioFile("/nonexistent/a.tpscenario.json").error.problem.code == ProblemCode::file_unreadable);
}

TEST_CASE("a GPU's and an architecture's keys are the table's rows, read and written by walking them", "[core][fields]")
{
    // A GPU field is one row: set on a preset GPU it is written as an override next to the preset's
    // name, and read back; in a GPU object it is written and read back too.
    const Scenario base = defaultScenario(); // the A100 80GB preset
    int gpuKeys = 0;
    for (const Field* f : objectFields("hardware.gpu")) {
        const std::string key(keyInObject(*f, "hardware.gpu").first);
        INFO(std::string(f->path));
        Scenario s = base;
        if (f->entries.empty()) {
            // A value inside the range and the GPU's rules: below the preset's where it has one.
            const double now = f->get(s);
            const double v = now > 0 ? (f->kind == FieldKind::number ? now * 0.9 : std::floor(now * 0.9)) : 4;
            f->set(s, std::clamp(v, f->min, f->max));
        } else {
            const std::size_t bf16 = std::size_t(DType::bf16);
            f->setEntry(s, bf16, *f->entry(s, bf16) * 0.9);
        }
        REQUIRE_FALSE(validateScenario(s));
        CHECK(presetOverrides(s.hardware) == std::vector<std::string> { key });
        const json written = json::parse(scenarioToJson(s));
        CHECK(written["hardware"]["gpu"] == "a100-80gb");
        CHECK(written["hardware"].contains(key));
        const ScenarioResult back = parseScenario(written.dump());
        REQUIRE(back.ok());
        if (f->path == "hardware.gpu.peak_tflops.*") // a new peak carries the measured rates along
            CHECK(back.scenario->hardware.gpu.peakTflops == s.hardware.gpu.peakTflops);
        else
            CHECK(back.scenario->hardware.gpu == s.hardware.gpu);
        s.hardware.preset.clear();
        const ScenarioResult object = parseScenario(scenarioToJson(s));
        REQUIRE(object.ok());
        CHECK(object.scenario->hardware.gpu == s.hardware.gpu);
        ++gpuKeys;
    }
    CHECK(gpuKeys == 15);
    // A figure of a preset GPU that is not a number compares unordered with the preset's: it is not
    // written as an override, and the file holds the preset's figure.
    Scenario nan = base;
    nan.hardware.gpu.memoryGib = NAN;
    CHECK(presetOverrides(nan.hardware).empty());
    CHECK_FALSE(validateScenario(nan));
    nan.hardware.gpu.peakTflops[DType::bf16] = NAN; // inside a per-dtype table it is a change, and refused
    CHECK(presetOverrides(nan.hardware) == std::vector<std::string> { "peak_tflops" });
    REQUIRE(validateScenario(nan));
    CHECK(validateScenario(nan)->toString() == "hardware.peak_tflops.bf16: must be a number, got null");

    // Every architecture key is known beside a bare size, and refused there by its name; an explicit
    // architecture states every key the writer writes.
    json doc = defaultDoc();
    Scenario explicitModel = base;
    explicitModel.model.preset.clear();
    const json arch = json::parse(scenarioToJson(explicitModel))["model"];
    for (const Field* f : objectFields("model")) {
        const std::string key(keyInObject(*f, "model").first);
        INFO(key);
        CHECK((arch.contains(key) || (f->written && !f->written(explicitModel))));
        doc["model"] = { { "params", 7e9 }, { key, arch.contains(key) ? arch[key] : json(1) } };
        CHECK(refusal(doc).toString() == "model." + key + ": cannot be combined with params (a bare size)");
    }
}

namespace {

/// The verdict validateScenario() gave while it wrote the scenario and read it back: the oracle the
/// direct check is held against.
std::optional<ScenarioError> readBack(const Scenario& s)
{
    const ScenarioResult r = parseScenario(scenarioToJson(s));
    if (r.ok()) return std::nullopt;
    return r.error;
}

/// The checks a scenario gets: as it is, with its model as an explicit architecture, with its GPU as an object.
std::vector<Scenario> forms(const Scenario& s)
{
    std::vector<Scenario> out { s };
    if (s.model.params == 0) {
        out.push_back(s);
        out.back().model.preset.clear();
    }
    out.push_back(s);
    out.back().hardware.preset.clear();
    return out;
}

/// Values a row's value is set to: below its minimum, above its maximum, its ends; for numbers NaN too.
std::vector<double> outside(const Field& f)
{
    if (f.kind != FieldKind::number) return { f.min - 1, f.max + 1, f.min, f.max };
    return { f.min - std::max(1e-3, std::abs(f.min) * 0.5), f.max * 2 + 1, f.min, f.max, NAN, -INFINITY };
}

/// The scenario with one rule joining keys broken (or kept, where the file form carries it along).
std::vector<Scenario> crossFieldCases(const Scenario& base)
{
    std::vector<std::function<void(Scenario&)>> edits {
        [](Scenario& s) { s.parallel.tp = 64; }, // tp not dividing the heads: a warning, not a refusal
        [](Scenario& s) { s.model.arch.kvHeads = s.model.arch.heads + 1; },
        [](Scenario& s) { s.model.arch.kvHeads = 3; },
        [](Scenario& s) { s.model.arch.experts = 8, s.model.arch.topK = 9, s.model.arch.moeFfnHidden = 128; },
        [](Scenario& s) { s.model.arch.experts = 0; }, // a preset's experts switched off, the rest left
        [](Scenario& s) { s.model.arch.topK = 2; }, [](Scenario& s) { s.model.arch.position = Position::learned; },
        [](Scenario& s) { s.model.arch.position = Position::rope, s.model.arch.maxPositions = 2048; },
        [](Scenario& s) { s.model.arch.kvLoraRank = 512; }, [](Scenario& s) { s.model.arch.qLoraRank = 64; },
        [](Scenario& s) {
            s.model.arch.layers = 4096, s.model.arch.hidden = 1 << 20, s.model.arch.ffnHidden = 1 << 20;
        },
        [](Scenario& s) { s.model.arch.hidden = 4000, s.model.arch.heads = 30; },
        [](Scenario& s) { s.parallel.pp = 4096; },
        [](Scenario& s) { s.training.microBatch = s.training.globalBatch + 1; },
        [](Scenario& s) { s.parallel.virtualStages = 2; },
        [](Scenario& s) { s.parallel.sequenceParallel = true, s.parallel.tp = 1; },
        [](Scenario& s) { s.parallel.ep = 3; },
        [](Scenario& s) { s.parallel.zero = 1, s.parallel.gradReduce = GradReduce::after_accumulation; },
        [](Scenario& s) { s.parallel.dp = 1'000'000, s.parallel.tp = 64; },
        [](Scenario& s) { s.hardware.gpu.nodeWattsPerGpu = s.hardware.gpu.tdpWatts / 2; },
        [](Scenario& s) { s.hardware.gpu.achievableTflops[DType::bf16] = 1e5; },
        [](Scenario& s) { s.hardware.gpu.achievableTflops[DType::nf4] = 1; },
        [](Scenario& s) { s.hardware.gpu.peakTflops.clear(); },
        [](Scenario& s) { s.hardware.gpu.peakTflops.erase(DType::bf16), s.hardware.gpu.peakTflops.erase(DType::fp16); },
        [](Scenario& s) { s.hardware.gpu.peakTflops[DType::bf16] = 100; }, // measured rates carried to the new peak
        [](Scenario& s) { s.hardware.gpu.flash2Tflops = 5e5; }, [](Scenario& s) { s.hardware.gpu.name.clear(); },
        [](Scenario& s) { s.hardware.gpu.memoryTBps = -1; },
        [](Scenario& s) { s.hardware.gpu.sustainedFraction = NAN; },
        [](Scenario& s) { s.name = std::string(201, 'n'); },
        [](Scenario& s) {
            s.training.method = Method::lora, s.training.loraTargets = { "q", "v", "q" };
        },
        [](Scenario& s) { s.training.method = Method::qlora, s.training.loraTargets = {}; },
        [](Scenario& s) {
            s.training.method = Method::lora, s.training.loraTargets = { "q", "x\x1b" };
        },
        [](Scenario& s) { s.training.loraTargets = {}, s.training.loraRank = 0; }, // not written for full training
        [](Scenario& s) { s.model.preset = "no-such-model"; }, [](Scenario& s) { s.hardware.preset = "no-such-gpu"; },
        [](Scenario& s) { s.model.params = 5; },
        [](Scenario& s) { s.model.params = 9'007'199'254'740'993; }, // named as given, beyond a double's integers
        [](Scenario& s) { s.hardware.gpu.peakTflops[DType::bf16] = 0; },
        [](Scenario& s) { s.hardware.gpu.memoryGib = -0.0; },
        [](Scenario& s) { s.hardware.gpu.tdpWatts = 5000; }, // above the preset's server power per GPU
        [](Scenario& s) { s.model.arch.heads = 30; }, // the KV heads no longer divide them
    };
    std::vector<Scenario> out;
    for (const auto& edit : edits) {
        out.push_back(base);
        edit(out.back());
    }
    return out;
}

} // namespace

TEST_CASE("validateScenario gives the verdict and the message of writing the file and reading it back",
    "[core][fields][validation]")
{
    // The GUI checks every edit; reading back the written file was the definition, and stays the oracle.
    std::vector<Scenario> bases { defaultScenario() };
    for (const auto& entry : std::filesystem::directory_iterator(std::string(TP_SOURCE_DIR) + "/resources/examples"))
        if (entry.path().string().ends_with(".tpscenario.json")) {
            const ScenarioResult r = loadScenarioFile(entry.path().string());
            REQUIRE(r.ok());
            bases.push_back(*r.scenario);
        }
    REQUIRE(bases.size() >= 8);
    const std::size_t examples = bases.size();
    for (const PublishedRun& run : publishedRuns())
        bases.push_back(run.scenario);

    int compared = 0, refused = 0;
    auto compare = [&](const Scenario& s) {
        REQUIRE(s.hardware.profile.empty()); // the oracle would read the profile; the check never does
        const auto expected = readBack(s);
        const auto got = validateScenario(s);
        ++compared;
        REQUIRE(got.has_value() == expected.has_value());
        if (!expected) return;
        ++refused;
        CHECK(got->path == expected->path);
        CHECK(got->message == expected->message);
        CHECK(got->problem.code == expected->problem.code);
        CHECK(got->problem.key == expected->problem.key);
        CHECK(got->problem.values == expected->problem.values);
    };
    for (std::size_t b = 0; b < bases.size(); ++b) {
        // Every run as it is; the examples and every 100th run mutated key by key.
        const bool mutate = b < examples || b % 100 == 0;
        for (const Scenario& form : forms(bases[b])) {
            INFO("scenario " << b << ": " << form.name);
            compare(form);
            if (!mutate) continue;
            for (const Field& f : scenarioFields()) {
                if (!f.isNumber()) continue;
                for (double v : outside(f)) {
                    INFO(std::string(f.path) << " = " << v);
                    if (f.kind != FieldKind::number && !std::isfinite(v)) continue;
                    Scenario s = form;
                    if (f.set) {
                        f.set(s, v);
                    } else {
                        for (std::size_t i = 0; i < f.entries.size(); ++i)
                            if (f.entry(s, i)) f.setEntry(s, i, v);
                    }
                    compare(s);
                }
            }
            for (const Scenario& s : crossFieldCases(form)) {
                INFO("cross-field case");
                compare(s);
            }
        }
    }
    INFO(compared << " scenarios compared, " << refused << " refused");
    CHECK(compared > 10'000);
    CHECK(refused > 3'000);
}

TEST_CASE("docs/DESIGN.md names every key a GPU object may have", "[core][fields][docs]")
{
    // The file format is a contract: a key the reader takes and the document does not name is one
    // other tools cannot know of.
    std::ifstream in(std::string(TP_SOURCE_DIR) + "/docs/DESIGN.md");
    const std::string design { std::istreambuf_iterator<char>(in), {} };
    const auto start = design.find("- `hardware.gpu` is a preset name or an object with");
    REQUIRE(start != std::string::npos);
    const std::string bullet = design.substr(start, design.find("\n- ", start + 1) - start);
    int keys = 0;
    for (const core::ObjectKey& k : core::objectKeys("hardware.gpu")) {
        INFO(k.key);
        std::string quoted(1, '`'); // appended, not "`" + key + "`": GCC 12 warns falsely (-Wrestrict) on that
        quoted.append(k.key).push_back('`');
        CHECK(bullet.find(quoted) != std::string::npos);
        ++keys;
    }
    CHECK(keys >= 13);
    CHECK(bullet.find("`name`") != std::string::npos); // read apart from the table's rows
}
