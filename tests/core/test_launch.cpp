// Launch settings: each framework's file read back and held against the scenario, and
// the settings a framework cannot express refused by name.
#include "core/estimate/estimate.h"
#include "core/fidelity/fidelity.h"
#include "core/model/compute_model.h"
#include "core/runs/launch.h"
#include "core/scenario/scenario_edit.h"
#include "core/scenario/scenario_io.h"
#include "tests/core/example_scenario.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <map>
#include <sstream>
#include <string>

namespace {

using core::test::example;

core::Scenario withOverrides(core::Scenario s, std::initializer_list<const char*> overrides)
{
    for (const char* o : overrides) {
        const auto error = core::applyOverride(s, o);
        INFO(o << ": " << (error ? error->toString() : std::string()));
        REQUIRE_FALSE(error);
    }
    return s;
}

core::LaunchSettings settingsOf(const core::Scenario& s, core::Framework f)
{
    return core::launchSettings(s, core::estimateWithRange(s), f);
}

/// Megatron-LM's arguments as a map: a flag alone maps to "", a flag and its value to the value.
/// Every non-comment line must be one flag (with at most its values): "one flag and value per line".
std::map<std::string, std::string> megatronArguments(const std::string& text)
{
    std::map<std::string, std::string> args;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        REQUIRE(line.rfind("--", 0) == 0);
        const auto space = line.find(' ');
        const std::string flag = line.substr(0, space),
                          value = space == std::string::npos ? "" : line.substr(space + 1);
        CHECK(args.count(flag) == 0); // no flag twice
        args[flag] = value;
    }
    return args;
}

/// A TOML subset reader for the job files (tables, key = integer / string / boolean / array):
/// enough to hold the values against the scenario. tests/cli checks the whole file with Python's tomllib.
std::map<std::string, std::string> tomlKeys(const std::string& text)
{
    std::map<std::string, std::string> keys;
    std::string table;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        if (line[0] == '[') {
            REQUIRE(line.back() == ']');
            table = line.substr(1, line.size() - 2);
            continue;
        }
        const auto eq = line.find(" = ");
        REQUIRE(eq != std::string::npos);
        std::string value = line.substr(eq + 3);
        if (value.size() >= 2 && value.front() == '"' && value.back() == '"') value = value.substr(1, value.size() - 2);
        keys[table + "." + line.substr(0, eq)] = value;
    }
    return keys;
}

bool refuses(const core::LaunchSettings& s, const std::string& key)
{
    for (const auto& p : s.refused)
        if (p.key == key && p.code == core::ProblemCode::framework_cannot_express) return true;
    return false;
}

} // namespace

TEST_CASE("Megatron-LM arguments for GPT-3 175B are Narayanan et al.'s layout", "[launch]")
{
    // Narayanan et al. 2021, Table 1 (175B row): TP 8, PP 8, batch 1536 of 2048 tokens, micro-batch 1,
    // full activation recomputation (§3.5), interleaved schedule.
    const core::Scenario s = example("gpt3-175b-narayanan.tpscenario.json");
    const auto settings = settingsOf(s, core::Framework::megatron);
    REQUIRE(settings.ok());
    const auto args = megatronArguments(settings.text);
    CHECK(args.at("--tensor-model-parallel-size") == "8");
    CHECK(args.at("--pipeline-model-parallel-size") == "8");
    CHECK(args.at("--micro-batch-size") == "1");
    CHECK(args.at("--global-batch-size") == "1536");
    CHECK(args.at("--seq-length") == "2048");
    CHECK(args.at("--recompute-granularity") == "full");
    CHECK(args.at("--num-virtual-stages-per-pipeline-rank") == "2");
    // The model, from the scenario.
    const auto& a = s.model.arch;
    CHECK(args.at("--num-layers") == std::to_string(a.layers));
    CHECK(args.at("--hidden-size") == std::to_string(a.hidden));
    CHECK(args.at("--num-attention-heads") == std::to_string(a.heads));
    CHECK(args.at("--ffn-hidden-size") == std::to_string(a.ffnHidden));
    CHECK(args.count("--use-distributed-optimizer") == 1); // ZeRO-1
    CHECK(args.count("--bf16") == 1);
    CHECK(args.count("--accumulate-allreduce-grads-in-fp32") == 1); // precision.gradients fp32
    CHECK(args.count("--sequence-parallel") == 0);
    CHECK(args.count("--swiglu") == 0); // GPT-3's MLP is GeLU
    // 300 B tokens in steps of 1536 × 2048 tokens.
    CHECK(args.at("--train-iters") == "95368");
    // What the log should show, as comments: the estimate's step time in Megatron-LM's own words.
    char ms[64];
    std::snprintf(ms, sizeof ms, "elapsed time per iteration (ms): %.1f", settings.expectation.stepTimeS * 1000);
    CHECK_THAT(settings.text, Catch::Contains(ms));
    CHECK(settings.expectation.stepTimeS == Approx(core::estimate(s).compute.stepTimeS));
    CHECK(settings.expectation.stepLowS <= settings.expectation.stepTimeS);
    CHECK(settings.expectation.stepHighS >= settings.expectation.stepTimeS);
    CHECK(settings.expectation.rangeRuns > 0);
}

TEST_CASE("Megatron-LM: GQA, SwiGLU, MoE and ZeRO-3 reach their flags", "[launch]")
{
    core::Scenario s = withOverrides(example("article-large-7b-64gpu.tpscenario.json"),
        { "model.kv_heads=8", "parallel.zero=3", "parallel.recompute=selective", "parallel.tp=2", "parallel.dp=32",
            "parallel.sequence_parallel=true" });
    const auto args = megatronArguments(settingsOf(s, core::Framework::megatron).text);
    CHECK(args.count("--group-query-attention") == 1);
    CHECK(args.at("--num-query-groups") == "8");
    CHECK(args.at("--recompute-granularity") == "selective");
    CHECK(args.count("--sequence-parallel") == 1);
    CHECK(args.at("--data-parallel-sharding-strategy") == "optim_grads_params");
    CHECK(args.count("--use-megatron-fsdp") == 1);
    CHECK(args.count("--use-distributed-optimizer") == 0);
    CHECK(args.count("--swiglu") == (s.model.arch.mlp == core::Mlp::swiglu ? 1 : 0));

    // DeepSeek-V3 recomputes its norms, MLA up-projections and MoE activations (§3.4); Megatron-LM runs
    // its layers split evenly, without DualPipe's placement of the ends.
    const core::Scenario moe = withOverrides(example("deepseek-v3-2048-h800.tpscenario.json"),
        { "parallel.recompute=norms_up_proj", "parallel.pipeline_split=layers" });
    const auto moeSettings = settingsOf(moe, core::Framework::megatron);
    INFO((moeSettings.refused.empty() ? std::string() : core::refusalText(moe, moeSettings.refused.front())));
    REQUIRE(moeSettings.ok());
    const auto m = megatronArguments(moeSettings.text);
    CHECK(m.at("--num-experts") == std::to_string(moe.model.arch.experts));
    CHECK(m.at("--moe-router-topk") == std::to_string(moe.model.arch.topK));
    CHECK(m.at("--expert-model-parallel-size") == std::to_string(moe.parallel.ep));
    CHECK(m.count("--multi-latent-attention") == 1);
    CHECK(m.at("--kv-lora-rank") == std::to_string(moe.model.arch.kvLoraRank));
    CHECK(m.at("--moe-layer-freq")
        == "'([0]*" + std::to_string(moe.model.arch.denseLayers) + "+[1]*"
            + std::to_string(moe.model.arch.layers - moe.model.arch.denseLayers) + ")'");
    CHECK(m.at("--recompute-granularity") == "selective");
    CHECK(m.at("--recompute-modules") == "layernorm mla_up_proj moe_act");
}

TEST_CASE("DeepSpeed JSON for ZeRO-3: stage 3 and a consistent batch triple", "[launch]")
{
    const core::Scenario s
        = withOverrides(core::defaultScenario(), { "parallel.zero=3", "parallel.offload_optimizer=true" });
    const auto settings = settingsOf(s, core::Framework::deepspeed);
    REQUIRE(settings.ok());
    const auto doc = nlohmann::json::parse(settings.text); // valid JSON, or this throws
    CHECK(doc.at("zero_optimization").at("stage") == 3);
    CHECK(doc.at("zero_optimization").at("offload_optimizer").at("device") == "cpu");
    const int batch = doc.at("train_batch_size"), micro = doc.at("train_micro_batch_size_per_gpu"),
              accumulation = doc.at("gradient_accumulation_steps");
    // DeepSpeed's rule: train_batch_size = micro-batch × accumulation × data-parallel GPUs.
    CHECK(batch == micro * accumulation * s.parallel.dp);
    CHECK(batch == s.training.globalBatch);
    CHECK(micro == s.training.microBatch);
    CHECK(doc.at("bf16").at("enabled") == true);
    CHECK(doc.count("fp16") == 0);
    // JSON has no comments: the expectations are beside it.
    CHECK_THAT(settings.expectationText, Catch::Contains("step time"));
    CHECK(settings.text.find("step time") == std::string::npos);
}

TEST_CASE("torchtitan TOML: the layout in its parallelism table", "[launch]")
{
    const core::Scenario s = withOverrides(core::defaultScenario(),
        { "model.preset=llama-3-8b", "parallel.zero=3", "precision.gradients=fp32", "parallel.recompute=selective_op",
            "parallel.tp=2", "parallel.dp=4", "parallel.sequence_parallel=true" });
    const auto settings = settingsOf(s, core::Framework::torchtitan);
    INFO((settings.refused.empty() ? std::string() : core::refusalText(s, settings.refused.front())));
    REQUIRE(settings.ok());
    const auto keys = tomlKeys(settings.text);
    CHECK(keys.at("model.name") == "llama3");
    CHECK(keys.at("model.flavor") == "8B");
    CHECK(keys.at("parallelism.data_parallel_shard_degree") == "4");
    CHECK(keys.at("parallelism.data_parallel_replicate_degree") == "1");
    CHECK(keys.at("parallelism.tensor_parallel_degree") == "2");
    CHECK(keys.at("parallelism.pipeline_parallel_degree") == "1");
    CHECK(keys.at("parallelism.context_parallel_degree") == "1");
    CHECK(keys.at("training.local_batch_size") == std::to_string(s.training.microBatch));
    CHECK(keys.at("training.global_batch_size") == std::to_string(s.training.globalBatch));
    CHECK(keys.at("training.seq_len") == std::to_string(s.training.seqLen));
    CHECK(keys.at("activation_checkpoint.mode") == "selective");
    CHECK(keys.at("activation_checkpoint.selective_ac_option") == "op");
    CHECK_THAT(settings.text, Catch::Contains("torchtitan's \"tps\""));

    // DDP replicates; ZeRO-2 keeps the gathered parameters through the backward.
    const auto ddp = tomlKeys(settingsOf(withOverrides(s, { "parallel.zero=0" }), core::Framework::torchtitan).text);
    CHECK(ddp.at("parallelism.data_parallel_replicate_degree") == "4");
    CHECK(ddp.at("parallelism.data_parallel_shard_degree") == "1");
    const auto zero2 = tomlKeys(settingsOf(withOverrides(s, { "parallel.zero=2" }), core::Framework::torchtitan).text);
    CHECK(zero2.at("parallelism.fsdp_reshard_after_forward") == "never");
    // fp8: the float8 converter and its recipe.
    const auto fp8 = tomlKeys(settingsOf(
        withOverrides(s, { "precision.compute=fp8_e4m3", "hardware.gpu=h100-sxm" }), core::Framework::torchtitan)
                                  .text);
    CHECK(fp8.at("model.converters") == "[\"quantize.linear.float8\"]");
    CHECK(fp8.at("quantize.linear.float8.recipe_name") == "tensorwise");
}

TEST_CASE("a setting a framework cannot express is refused by its key, and nothing is written", "[launch]")
{
    const core::Scenario tp = withOverrides(core::defaultScenario(), { "parallel.tp=2", "parallel.dp=4" });
    const auto deepspeed = settingsOf(tp, core::Framework::deepspeed);
    CHECK_FALSE(deepspeed.ok());
    CHECK(refuses(deepspeed, "parallel.tp"));
    CHECK(deepspeed.text.empty());
    CHECK_THAT(core::refusalText(tp, deepspeed.refused.front()),
        Catch::StartsWith("parallel.tp = 2 cannot be expressed in DeepSpeed's settings"));

    // torchtitan has FSDP (ZeRO-2/3) and DDP, no optimizer-only sharding; its TP always shards the
    // sequence; its models are chosen by name.
    const auto titan = settingsOf(tp, core::Framework::torchtitan);
    CHECK(refuses(titan, "parallel.zero"));
    CHECK(refuses(titan, "parallel.sequence_parallel"));
    CHECK(refuses(titan, "model.preset"));
    CHECK(titan.text.empty());

    const core::Scenario lora = example("lora-7b-rtx4090.tpscenario.json");
    CHECK(refuses(settingsOf(lora, core::Framework::megatron), "training.method"));
    CHECK(refuses(settingsOf(withOverrides(core::defaultScenario(), { "parallel.recompute=selective_op" }),
                      core::Framework::megatron),
        "parallel.recompute"));
    // DeepSeek-V3's DualPipe places the ends itself: neither Megatron-LM nor torchtitan has a flag for it.
    const core::Scenario balanced = withOverrides(
        core::defaultScenario(), { "parallel.pp=2", "parallel.dp=4", "parallel.pipeline_split=balanced" });
    CHECK(refuses(settingsOf(balanced, core::Framework::megatron), "parallel.pipeline_split"));
    CHECK(refuses(settingsOf(balanced, core::Framework::torchtitan), "parallel.pipeline_split"));
    // A name with a line break stays in its comment: every other line is still an argument.
    core::Scenario named = core::defaultScenario();
    named.name = "two\n--lines";
    const std::string text = settingsOf(named, core::Framework::megatron).text;
    CHECK(text.find("\n--lines") == std::string::npos);
    CHECK_THAT(text, Catch::Contains("\"two --lines\""));
    // What each can express is not refused.
    CHECK(settingsOf(core::defaultScenario(), core::Framework::megatron).ok());
    CHECK(settingsOf(core::defaultScenario(), core::Framework::deepspeed).ok());
}

TEST_CASE(
    "a global batch that is not whole micro-batches on every data-parallel rank is refused by all three", "[launch]")
{
    // 1024 sequences on dp 8 in micro-batches of 3: 1024 / 24 is not whole. Megatron-LM asserts
    // global % (micro × dp) == 0, torchtitan global % (local × dp) == 0, DeepSpeed batch = micro ×
    // accumulation × world: each would stop at start-up (DeepSpeed wrote 3 × 42 × 8 = 1008 ≠ 1024).
    const core::Scenario three = withOverrides(core::defaultScenario(),
        { "model.preset=llama-3-8b", "parallel.zero=3", "precision.gradients=fp32", "training.micro_batch=3" });
    REQUIRE(three.parallel.dp == 8);
    REQUIRE(three.training.globalBatch == 1024);
    for (const auto f : { core::Framework::megatron, core::Framework::torchtitan, core::Framework::deepspeed }) {
        const auto settings = settingsOf(three, f);
        INFO(core::toString(f));
        CHECK(refuses(settings, "training.global_batch"));
        CHECK(settings.text.empty());
        for (const auto& p : settings.refused)
            if (p.key == "training.global_batch") {
                CHECK(p.value("micro_batch") == 3);
                CHECK(p.value("dp") == 8);
                CHECK_THAT(core::refusalText(three, p),
                    Catch::StartsWith("training.global_batch = 1024 cannot be expressed in ")
                        && Catch::Contains("whole multiple of micro-batch × data-parallel size (3 × 8)"));
            }
    }
    // More sequences per step on the ranks than the global batch holds: refused too.
    CHECK(refuses(settingsOf(withOverrides(three, { "training.micro_batch=256" }), core::Framework::megatron),
        "training.global_batch"));
    // dp × micro-batch = 40,000 × 65,536 does not fit an int (it wrapped to a "divisor" and DeepSpeed
    // got 10^9 accumulation steps): refused, not written.
    const core::Scenario wide = withOverrides(core::defaultScenario(),
        { "training.global_batch=1000000000", "parallel.dp=40000", "training.micro_batch=65536" });
    const auto ds = settingsOf(wide, core::Framework::deepspeed);
    CHECK(refuses(ds, "training.global_batch"));
    CHECK(ds.text.empty());
    // 65,537 × 65,536 wraps an int to 65,536, which divides 2^29: still refused.
    const core::Scenario wraps = withOverrides(core::defaultScenario(),
        { "training.global_batch=536870912", "parallel.dp=65537", "training.micro_batch=65536" });
    CHECK(refuses(settingsOf(wraps, core::Framework::megatron), "training.global_batch"));

    // A whole multiple is written, with the accumulation DeepSpeed checks: 1024 = 4 × 32 × 8.
    const auto fine = settingsOf(withOverrides(three, { "training.micro_batch=4" }), core::Framework::deepspeed);
    REQUIRE(fine.ok());
    const auto doc = nlohmann::json::parse(fine.text);
    CHECK(doc.at("gradient_accumulation_steps") == 32);
    // torchtitan with a pipeline: a step takes the rank's whole share, 1024 / 4 = 256 sequences, cut
    // into pipeline micro-batches of 2.
    const auto piped = settingsOf(withOverrides(three,
                                      { "training.micro_batch=2", "parallel.pp=2", "parallel.dp=4", "parallel.zero=0",
                                          "precision.gradients=bf16" }),
        core::Framework::torchtitan);
    INFO((piped.refused.empty() ? std::string() : core::refusalText(three, piped.refused.front())));
    REQUIRE(piped.ok());
    const auto keys = tomlKeys(piped.text);
    CHECK(keys.at("training.local_batch_size") == "256");
    CHECK(keys.at("parallelism.pipeline_parallel_microbatch_size") == "2");
}

TEST_CASE("a name's controls, DEL and line separators stay inside a comment or a TOML string", "[launch]")
{
    core::Scenario s = withOverrides(
        core::defaultScenario(), { "model.preset=llama-3-8b", "parallel.zero=3", "precision.gradients=fp32" });
    s.name = std::string("a\tb\x7f"
                         "c\x01"
                         "d\"e\\f\xe2\x80\xa8g\xc2\x85h");
    const auto titan = settingsOf(s, core::Framework::torchtitan);
    REQUIRE(titan.ok());
    // TOML 1.0 basic strings: `"` and `\` escaped; U+0000–U+001F and U+007F must be escaped (tab as \t).
    CHECK_THAT(
        titan.text, Catch::Contains("\ndescription = \"a\\tb\\u007Fc\\u0001d\\\"e\\\\f\xe2\x80\xa8g\xc2\x85h\"\n"));
    // In the comments every control, DEL and line separator is a space: no line of its own.
    for (const auto f : { core::Framework::megatron, core::Framework::torchtitan }) {
        const std::string text = settingsOf(s, f).text;
        const std::string comment = text.substr(0, text.find('\n'));
        CHECK_THAT(comment, Catch::EndsWith("\"a b c d\"e\\f g h\""));
    }
}

TEST_CASE("torchtitan's expected mfu and tflops are in its own whole-square convention", "[launch][mfu]")
{
    const core::Scenario s = withOverrides(
        core::defaultScenario(), { "model.preset=llama-3-8b", "parallel.zero=3", "precision.gradients=fp32" });
    const auto settings = settingsOf(s, core::Framework::torchtitan);
    REQUIRE(settings.ok());
    const auto& x = settings.expectation;
    const core::Estimate e = core::estimate(s);
    // torchtitan: 6N + 12·L·H·Q·T per token, "we follow the convention and do not account for
    // sparsity in causal attention"; the estimate's MFU counts the causal half.
    CHECK(x.mfu == Approx(e.compute.mfu));
    CHECK(x.mfuWholeSquare == Approx(core::modelFlopsPerStep(s) / (e.compute.stepTimeS * e.gpus * 312e12)));
    CHECK(x.mfuWholeSquare > x.mfu);
    CHECK(x.modelTflopsPerGpuWholeSquare == Approx(x.mfuWholeSquare * 312));
    CHECK_THAT(settings.text, Catch::Contains("torchtitan counts attention over the whole square: its \"mfu\""));
    CHECK_THAT(settingsOf(s, core::Framework::megatron).text, Catch::Contains("causal half"));
}

TEST_CASE(
    "Megatron-LM arguments state the model's RoPE base and the data-parallel overlaps the estimate assumes", "[launch]")
{
    // The Llama 3 Herd of Models (Llama Team 2024), Table 3: RoPE base θ = 500,000. Without the flag
    // Megatron-LM trains with its default of 10,000, another model.
    const core::Scenario llama3 = example("llama-3-70b-does-not-fit.tpscenario.json");
    const auto settings = settingsOf(llama3, core::Framework::megatron);
    REQUIRE(settings.ok());
    const auto args = megatronArguments(settings.text);
    CHECK(args.at("--rotary-base") == "500000");
    // Llama 2 uses the paper's base (Su et al. 2021), Megatron-LM's default, stated all the same.
    const auto llama2 = megatronArguments(settingsOf(core::defaultScenario(), core::Framework::megatron).text);
    CHECK(llama2.at("--rotary-base") == "10000");
    // GPT-3 has learned positions: no RoPE base.
    CHECK(megatronArguments(settingsOf(example("gpt3-175b-narayanan.tpscenario.json"), core::Framework::megatron).text)
              .count("--rotary-base")
        == 0);

    // The estimate hides data-parallel traffic behind the backward: Megatron-Core overlaps it only
    // when told, and the distributed optimizer's parameter all-gather likewise.
    const core::Scenario zero1 = withOverrides(core::defaultScenario(), { "parallel.zero=1" });
    REQUIRE(zero1.parallel.dp > 1);
    const auto z1 = megatronArguments(settingsOf(zero1, core::Framework::megatron).text);
    CHECK(z1.count("--overlap-grad-reduce") == 1);
    CHECK(z1.count("--overlap-param-gather") == 1);
    const auto z0 = megatronArguments(
        settingsOf(withOverrides(core::defaultScenario(), { "parallel.zero=0" }), core::Framework::megatron).text);
    CHECK(z0.count("--overlap-grad-reduce") == 1);
    CHECK(z0.count("--overlap-param-gather") == 0);
    // Nothing to overlap on one replica, and nothing when the scenario assumes no overlap.
    const auto oneReplica = megatronArguments(settingsOf(
        withOverrides(core::defaultScenario(), { "parallel.tp=8", "parallel.dp=1" }), core::Framework::megatron)
                                                  .text);
    CHECK(oneReplica.count("--overlap-grad-reduce") == 0);
    const auto noOverlap = megatronArguments(
        settingsOf(withOverrides(core::defaultScenario(), { "efficiency.comm_overlap=0" }), core::Framework::megatron)
            .text);
    CHECK(noOverlap.count("--overlap-grad-reduce") == 0);
    // The attention backend's flag names the version it needs.
    CHECK_THAT(settings.text, Catch::Contains("--use-flash-attn"));
}

TEST_CASE("torchtitan's refusal of ZeRO-1 says which stages it runs", "[launch]")
{
    const core::Scenario zero1 = withOverrides(core::defaultScenario(), { "parallel.zero=1" });
    const auto titan = settingsOf(zero1, core::Framework::torchtitan);
    REQUIRE(refuses(titan, "parallel.zero"));
    for (const auto& r : titan.refused) {
        INFO(r.key << " why " << r.value("why"));
        if (r.key == "parallel.zero") CHECK_THAT(r.message(), Catch::Contains("set ZeRO to 0, 2 or 3"));
    }
}
