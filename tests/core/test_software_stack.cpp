// Software stacks (training.framework) and the errors they remove: small models on one node predicted
// twice too fast (kernels and collectives the model did not know about, no fixed cost per kernel,
// call, micro-batch or step), fused projections timed apart, context parallelism without flash
// attention. Each failed before the stacks.
#include "core/estimate/estimate.h"
#include "core/estimate/estimate_io.h"
#include "core/fidelity/fidelity.h"
#include "core/model/compute_model.h"
#include "core/model/memory_model.h"
#include "core/model/software_stack.h"
#include "core/runs/launch.h"
#include "core/runs/training_log.h"
#include "core/scenario/presets.h"
#include "core/scenario/scenario_io.h"
#include "core/search/planner.h"
#include "core/search/suggest.h"
#include "tests/core/narayanan_shapes.h"
#include "tests/core/parsed_scenario.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>

using namespace core;

namespace {

/// A small GPT once predicted twice too fast: 24 layers of width 1024 (16 heads) on one node of
/// A100, Megatron-LM, fp16, no flash attention, no recomputation.
Scenario smallGpt(int tp, int microBatch, const char* framework = "megatron-lm")
{
    return scenario(std::string(R"({"format": "trainplanner-scenario", "version": 1,
        "model": {"layers": 24, "hidden": 1024, "heads": 16, "ffn_hidden": 4096, "vocab": 51200, "mlp": "gelu",
                  "norm": "layernorm", "bias": true, "tied_embeddings": true, "position": "learned",
                  "max_positions": 2048, "dropout": true},
        "training": {"seq_len": 2048, "micro_batch": )")
        + std::to_string(microBatch) + R"(, "global_batch": 256, "optimizer": "adam", "framework": ")" + framework
        + R"("},
        "precision": {"compute": "fp16", "weights": "fp16", "gradients": "fp32", "master_weights": "fp32",
                      "optimizer_states": "fp32"},
        "parallel": {"tp": )"
        + std::to_string(tp) + R"(, "pp": 1, "dp": )" + std::to_string(8 / tp)
        + R"(, "zero": 0, "flash_attention": false},
        "hardware": {"gpu": "a100-80gb", "gpus_per_node": 8}})");
}

const FidelityGroup& slice(const FidelitySummary& summary, const std::string& kind, const std::string& name)
{
    for (const auto& g : summary.groups)
        if (g.kind == kind && g.name == name) return g;
    FAIL("no slice " << kind << " " << name);
    return summary.groups.front();
}

} // namespace

TEST_CASE("Megatron's fused softmax applies only where its kernel does, else five fp32 kernels", "[core][stack]")
{
    // megatron/model/fused_softmax.py (23.04), is_kernel_available: 16 < sk <= 4096 and b·np % 4 == 0.
    CHECK(softmaxFallback(smallGpt(8, 1))); // 16 heads / TP 8 = 2 per rank, × 1 sequence
    CHECK_FALSE(softmaxFallback(smallGpt(8, 2))); // 2 × 2 = 4
    CHECK_FALSE(softmaxFallback(smallGpt(4, 1))); // 4 × 1
    Scenario longer = smallGpt(4, 1);
    longer.training.seqLen = 8192;
    CHECK(softmaxFallback(longer));
    Scenario flash = smallGpt(8, 1);
    flash.parallel.flashAttention = true;
    CHECK_FALSE(softmaxFallback(flash));
    CHECK_FALSE(softmaxFallback(smallGpt(8, 1, "generic")));
    // The fallback's extra traffic per layer: 33 B forward and 35 B backward per score element (37 and 41
    // against the fused kernel's 4 and 6) on b·(a/t)·s² elements.
    const double scores = 1.0 * 2 * 2048.0 * 2048.0;
    CHECK(softmaxFallbackBytesPerLayer(smallGpt(8, 1)) == Approx(scores * (33 + 35)));
    CHECK(softmaxFallbackBytesPerLayer(smallGpt(8, 2)) == 0);
}

TEST_CASE(
    "a stack's host issues every operation of a micro-batch, and the GPU waits when that takes longer", "[core][stack]")
{
    // Megatron-LM's GPT layer (megatron/model/transformer.py, no sequence parallelism, no flash):
    // forward 2 norms, 4 GEMMs, the QKV bias, baddbmm and bmm, softmax, dropout, the permute, bias-GeLU
    // and 2 bias-dropout-adds = 15; backward 4 norm kernels, 8 GEMMs, 4 bias gradients, 4 attention
    // GEMMs, softmax, dropout and permute gradients, GeLU's and 4 residual gradients = 28. Outside the
    // layers on a single stage: 5 batch copies and the size read-back, the embedding (4 forward with
    // learned positions, 3 backward), final norm (1 + 2), LM head (1 + 2), the loss (12 + 5): 36.
    const Scenario s = smallGpt(1, 1);
    const double tau = stackProfile(SoftwareStack::megatron_lm).hostSecondsPerOp;
    REQUIRE(tau > 0);
    CHECK(hostTimes(s).microBatchS(24, 0, true, true) == Approx((24 * (15 + 28) + 36) * tau));
    // TP adds its four all-reduces per layer (two each way) and the embedding's and loss's; the softmax
    // fallback 4 forward and 3 backward kernels; full recomputation issues the layer's forward again.
    const Scenario tp8 = smallGpt(8, 1);
    CHECK(hostTimes(tp8).microBatchS(24, 0, true, true) == Approx((24 * (15 + 4 + 2 + 28 + 3 + 2) + 36 + 5) * tau));
    Scenario recompute = s;
    recompute.parallel.recompute = Recompute::full;
    CHECK(hostTimes(recompute).microBatchS(24, 0, true, true) == Approx((24 * (2 * 15 + 28) + 36) * tau));

    // The estimate: at TP 8 and one sequence the GPU waits for its host; the wait is part of the compute
    // time, and the step adds up. DP 1: all 256 sequences are micro-batches of this replica.
    const Estimate e = estimate(tp8);
    CHECK(e.compute.hostTimeS == Approx(256 * hostTimes(tp8).microBatchS(24, 0, true, true)));
    CHECK(e.compute.hostStallTimeS > 0);
    CHECK(e.compute.computeTimeS
        == Approx(e.compute.matmulTimeS + e.compute.memoryBoundTimeS + e.compute.hostStallTimeS));
    // The generic stack has no host, and its step is the GPU's alone.
    const Estimate g = estimate(smallGpt(8, 1, "generic"));
    CHECK(g.compute.hostTimeS == 0);
    CHECK(g.compute.hostStallTimeS == 0);
    CHECK(e.compute.stepTimeS > 1.5 * g.compute.stepTimeS);
}

TEST_CASE("Megatron's optimizer moves 58 bytes per updated parameter and keeps the GPU idle for its host work",
    "[core][stack]")
{
    // megatron/optimizer/optimizer.py per parameter: unscale 8, L2 norm 4, clip 8, fused Adam 28, copy to
    // 16-bit 6, zeroing 4 = 58 B, where the update every stack is priced with moves 28 with fp16
    // gradients: 30 B more, at the GPU's HBM bandwidth; plus the stack's host time per step.
    Scenario generic = smallGpt(1, 1, "generic");
    generic.precision.gradients = DType::fp16;
    Scenario megatron = generic;
    megatron.training.framework = SoftwareStack::megatron_lm;
    const Estimate g = estimate(generic), m = estimate(megatron);
    const double updated = g.memory.peak().trainableDense / (generic.parallel.zero >= 1 ? generic.parallel.dp : 1);
    const double hbm = generic.hardware.gpu.memoryTBps * 1e12;
    CHECK(m.compute.optimizerTimeS - g.compute.optimizerTimeS
        == Approx(updated * 30 / hbm + stackProfile(SoftwareStack::megatron_lm).stepHostS));
}

TEST_CASE("Megatron-LM before August 2023 reduces gradients after the backward, not under it", "[core][stack]")
{
    // megatron/training.py train_step: reduce_model_grads() after forward_backward_func; the overlap
    // (--overlap-grad-reduce, 2d5220a4) came in August 2023.
    Scenario s = smallGpt(1, 1);
    s.efficiency.commOverlap = 1;
    for (const auto& c : estimate(s).communication.collectives)
        if (c.group == Group::dp) CHECK(c.exposedTimeS == Approx(c.timeS));
    s.training.framework = SoftwareStack::generic;
    double hidden = 0;
    for (const auto& c : estimate(s).communication.collectives)
        if (c.group == Group::dp) hidden += c.timeS - c.exposedTimeS;
    CHECK(hidden > 0);
}

TEST_CASE("training.framework is read, written only when not generic, and refused by its key when unknown",
    "[core][stack][io]")
{
    const Scenario s = smallGpt(2, 1, "megatron-deepspeed");
    CHECK(s.training.framework == SoftwareStack::megatron_deepspeed);
    const std::string text = scenarioToJson(s);
    CHECK(text.find("\"framework\": \"megatron-deepspeed\"") != std::string::npos);
    CHECK(parseScenario(text).scenario == s);
    CHECK(scenarioToJson(smallGpt(2, 1, "generic")).find("framework") == std::string::npos);
    std::string bad = text;
    bad.replace(bad.find("megatron-deepspeed"), 18, "megatron-nonesuch");
    const ScenarioResult r = parseScenario(bad);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error.toString().find("training.framework") != std::string::npos);
}

TEST_CASE("small GPT models on one node and layout sweeps on many out of sample (vTrain's measured runs)",
    "[core][stack][fidelity]")
{
    // vTrain's rows (resources/fidelity/vtrain): every fourth is a calibration row, chosen by position
    // before any was scored; the rest are out of sample, reported as two sources.
    int calibration = 0, all = 0;
    for (const PublishedRun& run : publishedRuns())
        if (run.group.starts_with("vTrain")) {
            ++all;
            calibration += run.calibration;
            CHECK(run.scenario.training.framework == SoftwareStack::megatron_deepspeed);
        }
    CHECK(all == 401);
    CHECK(calibration == 101); // at most a third of the rows
    // Each run's figure is its CSV row's iteration time, read here on its own.
    std::map<std::string, double> measured;
    for (const auto& [file, prefix] : { std::pair { "single_node_subset.csv", "vtrain-single-" },
             std::pair { "multi_node_subset.csv", "vtrain-multi-" } }) {
        std::ifstream in(std::string(TP_SOURCE_DIR) + "/resources/fidelity/vtrain/" + file);
        std::string line;
        REQUIRE(std::getline(in, line)); // the header
        for (int row = 0; std::getline(in, line); ++row)
            measured[prefix + std::to_string(row)] = std::stod(line.substr(line.rfind(',') + 1)) / 1000;
    }
    CHECK(measured.size() == 401);
    for (const PublishedRun& run : publishedRuns())
        if (run.group.starts_with("vTrain")) {
            INFO(run.id);
            CHECK(run.published == measured.at(run.id));
        }
    const FidelitySummary summary = validatePublished();
    // The generic stack was −52 % on a grid of small GPT runs (h 1024–2048, 24 layers, TP 1–8,
    // micro-batch 1–8 on 8 A100) and is 31.8 % and 11.7 % off on these rows; with
    // the stack's host time, its softmax fallback, its unoverlapped reduction and its overlapped TP
    // backward: 8.6 % and 11.3 % (9 % too fast across nodes); with its residual efficiency fitted on
    // the calibration rows (0.94): 8.7 % and 8.4 %; with the stages' wait for the busiest (the output
    // head on the last stage): 8.2 % and 8.2 %, and single-node's signed error −1.4 → +0.4 %; with
    // the fused projections and the refit residual (0.98), host step time (3 ms), efficiency.compute
    // (0.91): 8.4 % and 9.1 %, signed −2.3 % and −6.8 % (unchanged with 0.915 and the residual 0.975).
    const FidelityGroup& single = slice(summary, "source", "vTrain single-node (KAIST)");
    CHECK(single.runs == 270);
    CHECK(single.meanAbsError <= 0.085);
    CHECK(std::abs(single.meanError) <= 0.025);
    const FidelityGroup& multi = slice(summary, "source", "vTrain multi-node (KAIST)");
    CHECK(multi.runs == 30);
    CHECK(multi.meanAbsError <= 0.092);
    CHECK(std::abs(multi.meanError) <= 0.07);
    // Their layout sweeps: one set per model. The target is 0.9 for each multi-node sweep; the 18.4B
    // model's (11 layouts on 256 GPUs) is at 0.64 (0.54 before TP's backward overlap; the stage
    // imbalance left it there) — a ratchet.
    std::map<std::string, double> rho;
    for (const RankAgreement& a : summary.rankAgreement)
        if (a.source == "vTrain multi-node (KAIST)") rho[a.firstRun] = a.spearman;
    REQUIRE(rho.size() == 2);
    // 3.6B, 19 layouts on 64 GPUs: 0.96, 0.949 with the residual efficiency (it slows compute, not
    // communication, which moves two near-equal layouts past each other), 0.944 with the stages' wait
    // for the busiest; the target is 0.9.
    CHECK(rho.at("vtrain-multi-1") >= 0.94);
    CHECK(rho.at("vtrain-multi-26") >= 0.6); // 18.4B
    for (const RankAgreement& a : summary.rankAgreement)
        if (a.source == "vTrain single-node (KAIST)") {
            INFO(a.firstRun);
            CHECK(a.spearman >= 0.9);
        }
    // Source-balanced: each source once, beside the run-weighted mean.
    double sum = 0;
    int sources = 0;
    for (const auto& g : summary.groups)
        if (g.kind == "source") {
            sum += g.meanAbsError;
            ++sources;
        }
    CHECK(summary.throughputSourceBalancedError == Approx(sum / sources));
    CHECK(summary.throughputSourceBalancedError > summary.throughputMeanAbsError);
    // And by the regimes where the model has been weakest.
    CHECK(slice(summary, "nodes", "one node").runs >= 270);
    CHECK(slice(summary, "nodes", "multi-node").runs >= 30);
    CHECK(slice(summary, "tp", "TP > 1 at hidden <= 4096").runs >= 150);
    CHECK(slice(summary, "size", "under 1B").meanAbsError <= 0.08);
    CHECK(slice(summary, "method", "fine-tuning (LoRA, QLoRA)").runs >= 2);
}

TEST_CASE("a stack that fuses Q and K and V (or the gate and up) times them as one GEMM", "[core][stack][gemm]")
{
    // Narayanan et al.'s 39.1B (48 layers, hidden 8192, 64 heads, s 2048, micro-batch
    // 1, full recomputation) on Megatron-LM, whose ParallelAttention runs one query_key_value GEMM of
    // 3h/t outputs. Its re-implementation of the shape efficiency, with the same tile cost: TP 8 0.762
    // timed apart, 0.811 fused (+6.4 %); TP 2 0.868 and 0.874 (+0.7 %). Split eight ways, each of Q, K
    // and V is a 1,024-wide output, a few tiles across; fused, three times as many.
    const auto gpt39 = [](int tp, const char* framework) {
        Scenario s = smallGpt(1, 1, framework);
        setNarayanan39b(s.model.arch);
        s.precision.compute = DType::bf16;
        s.parallel.tp = tp;
        s.parallel.dp = 8 / tp;
        s.parallel.recompute = Recompute::full;
        s.training.globalBatch = 1536;
        return s;
    };
    for (auto [tp, gain, within] : { std::tuple { 8, 0.811 / 0.762, 0.02 }, std::tuple { 2, 0.874 / 0.868, 0.01 } }) {
        const Estimate apart = estimate(gpt39(tp, "torchtitan")), fused = estimate(gpt39(tp, "megatron-lm"));
        INFO("tp " << tp << ": " << apart.compute.gemmShapeEfficiency << " apart, " << fused.compute.gemmShapeEfficiency
                   << " fused");
        CHECK(fused.compute.gemmShapeEfficiency / apart.compute.gemmShapeEfficiency == Approx(gain).margin(within));
        CHECK(apart.compute.gemmShapeEfficiency == Approx(tp == 8 ? 0.762 : 0.868).margin(0.015));
        // Fusing changes how the FLOPs run, not how many there are.
        CHECK(fused.compute.hardwareFlopsPerStep == apart.compute.hardwareFlopsPerStep);
    }
    // SwiGLU's gate and up: one linear_fc1 of 2·f on Megatron-Core, two GEMMs on torchtitan.
    Scenario llama = gpt39(8, "megatron-core");
    llama.model.arch.mlp = Mlp::swiglu;
    llama.model.arch.ffnHidden = 22016;
    Scenario titan = llama;
    titan.training.framework = SoftwareStack::torchtitan;
    Scenario qkvOnly = llama; // GPT-NeoX: query_key_value fused, gate_proj apart
    qkvOnly.training.framework = SoftwareStack::gpt_neox;
    const double megatronCore = estimate(llama).compute.gemmShapeEfficiency,
                 neox = estimate(qkvOnly).compute.gemmShapeEfficiency,
                 separate = estimate(titan).compute.gemmShapeEfficiency;
    CHECK(megatronCore > neox);
    CHECK(neox > separate);
    // Stacks that keep the projections apart time them as the generic stack does.
    for (const char* framework : { "torchtitan", "hf-trainer", "deepspeed" })
        CHECK(estimate(gpt39(8, framework)).compute.gemmShapeEfficiency
            == estimate(gpt39(8, "generic")).compute.gemmShapeEfficiency);
}

TEST_CASE(
    "no context parallelism without flash attention and its scores count (s/c)·s per rank", "[core][stack][planner]")
{
    // GPT-3 175B on 512 A100 as Narayanan et al. ran it (fp16, no flash attention).
    Scenario s = scenario(R"({"format": "trainplanner-scenario", "version": 1,
        "model": {"layers": 96, "hidden": 12288, "heads": 96, "ffn_hidden": 49152, "vocab": 51200, "mlp": "gelu",
                  "norm": "layernorm", "bias": true, "tied_embeddings": true, "position": "learned",
                  "max_positions": 2048, "dropout": true},
        "training": {"seq_len": 2048, "micro_batch": 1, "global_batch": 1536, "optimizer": "adam"},
        "precision": {"compute": "fp16", "weights": "fp16", "gradients": "fp32", "master_weights": "fp32",
                      "optimizer_states": "fp32"},
        "parallel": {"tp": 8, "pp": 8, "dp": 8, "zero": 1, "recompute": "full", "flash_attention": false},
        "hardware": {"gpu": "a100-80gb", "gpus_per_node": 8}})");
    PlanOptions o;
    o.gpus = 512;
    const PlanResult r = plan(s, o);
    REQUIRE_FALSE(r.plans.empty());
    for (const auto& p : r.plans)
        CHECK(p.scenario.parallel.cp == 1);
    CHECK(r.rejected.at(ProblemCode::cp_without_flash_attention) > 0);
    // Without flash attention a rank's queries (s/c) score against every key (s): CP 2 halves the
    // scores per rank as it halves everything else, where the diagonal block alone quartered them.
    Scenario one = s, two = s;
    one.parallel.cp = 1;
    two.parallel.cp = 2;
    CHECK(activationBytesPerLayer(two) == Approx(activationBytesPerLayer(one) / 2));
}

TEST_CASE(
    "QLoRA through bitsandbytes keeps every 4-bit layer's input and LitGPT's peaks follow", "[core][stack][memory]")
{
    // bitsandbytes' MatMul4Bit.forward: ctx.tensors = (A, B) whenever the input needs a gradient; per
    // Llama layer and token that is the QKV and MLP inputs (h each), the output projection's (h) and
    // the down projection's (f), in bf16.
    const FidelitySummary summary = validatePublished();
    int qlora = 0;
    for (const FidelityRow& row : summary.rows)
        if (row.run->id.starts_with("litgpt-")) {
            INFO(row.run->id << ": " << row.error);
            CHECK(row.run->scenario.training.framework == SoftwareStack::litgpt);
            CHECK(std::abs(row.error) <= 0.05); // both QLoRA peaks were −11 … −12 %
            qlora += row.run->scenario.training.method == Method::qlora;
        }
    CHECK(qlora == 2);
    for (const PublishedRun& run : publishedRuns())
        if (run.id.starts_with("litgpt-llama2-7b-qlora")) {
            Scenario generic = run.scenario;
            generic.training.framework = SoftwareStack::generic; // torchao's NF4 linear keeps only the weight
            const double h = 4096, f = 11008, tokens = run.scenario.training.seqLen;
            CHECK(activationBytesPerLayer(run.scenario) - activationBytesPerLayer(generic)
                == Approx(tokens * (3 * h + f) * 2));
        }
}

TEST_CASE("the planner reaches the published layouts of GPT-3 175B and Llama 3 405B within 5 % of its best",
    "[core][stack][planner]")
{
    // Narayanan et al. 2021 (TP 8, PP 8 on 512 A100, batch 1536) and Llama 3 (Dubey et al. 2024, Table 4:
    // TP 8, PP 16, CP 1 on 8,192 H100 at 8k tokens). Llama 3 ran one layer per model chunk and recomputed
    // its norms and SwiGLU product; both are in the search now.
    auto gap = [](const Scenario& s, int gpus, int tp, int pp) {
        PlanOptions o;
        o.gpus = gpus;
        o.top = 1;
        const PlanResult all = plan(s, o);
        REQUIRE_FALSE(all.plans.empty());
        REQUIRE_FALSE(addConstraint(o.constraints, s, "parallel.tp=" + std::to_string(tp)));
        REQUIRE_FALSE(addConstraint(o.constraints, s, "parallel.pp=" + std::to_string(pp)));
        REQUIRE_FALSE(addConstraint(o.constraints, s, "parallel.cp=1"));
        const PlanResult published = plan(s, o);
        REQUIRE_FALSE(published.plans.empty());
        return published.plans.front().estimate.compute.stepTimeS / all.plans.front().estimate.compute.stepTimeS - 1;
    };
    const auto gpt3
        = loadScenarioFile(std::string(TP_SOURCE_DIR) + "/resources/examples/gpt3-175b-narayanan.tpscenario.json");
    REQUIRE(gpt3.ok());
    CHECK(gap(*gpt3.scenario, 512, 8, 8) <= 0.05); // 7.9 % behind a CP plan before
    for (const PublishedRun& run : publishedRuns())
        if (run.id == "llama3-405b-8192gpu-8192") {
            CHECK(gap(run.scenario, 8192, 8, 16) <= 0.05); // 14.8 % behind a CP 2 plan before
        }
    // Context parallelism's ring runs the kernel on half-chunks of s/(2c) tokens, at ℓ/(ℓ + 680) of its
    // 16k-token rate (Triton's fused-attention tutorial): at 8k tokens CP 2 runs FlashAttention-3 1.28 ×
    // slower than its catalog rate (1.23 × slower than CP 1), CP 8 2.24 ×.
    for (const PublishedRun& run : publishedRuns())
        if (run.id == "llama3-405b-8192gpu-8192") {
            Scenario s = run.scenario;
            const double rate = [](double l) { return l / (l + 680); }(16384);
            CHECK(attentionLengthSlowdown(s) == Approx(rate / (8192.0 / (8192 + 680))));
            s.parallel.cp = 2;
            CHECK(attentionLengthSlowdown(s) == Approx(rate / (2048.0 / (2048 + 680))));
            s.parallel.cp = 8;
            CHECK(attentionLengthSlowdown(s) == Approx(rate / (512.0 / (512 + 680))));
        }
}

TEST_CASE(
    "the attention kernel's rate follows the sequence length as its benchmarks measured", "[core][stack][compute]")
{
    // The rate one GPU reaches on the attention FLOPs of a step: FLOPs ÷ time.
    auto rateAt = [](Scenario s, int seqLen, AttentionKernel kernel) {
        s.parallel.attentionKernel = kernel;
        s.training.seqLen = seqLen;
        const Estimate e = estimate(s);
        REQUIRE(e.compute.attentionTimeS > 0);
        return e.compute.attentionKernelFlopsPerGpu / e.compute.attentionTimeS;
    };
    Scenario s = defaultScenario();
    s.parallel.flashAttention = true;
    s.hardware.preset = "a100-80gb";
    s.hardware.gpu = findGpuPreset("a100-80gb")->spec;
    // Triton's fused-attention tutorial (FlashAttention-2's algorithm, causal, A100): the backward from
    // 59.8 TFLOP/s at 1k tokens to 87.5 at 4k (× 1.46), the forward from 111.7 at 1k to 164.3 at 16k
    // (× 1.47). Forward and backward together (2.5 × the forward's work) sit between the two curves.
    const double flash2At1k = rateAt(s, 1024, AttentionKernel::flash2);
    CHECK(rateAt(s, 4096, AttentionKernel::flash2) / flash2At1k == Approx(87.5 / 59.8).epsilon(0.05));
    CHECK(rateAt(s, 16384, AttentionKernel::flash2) / flash2At1k == Approx(164.3 / 111.7).epsilon(0.10));
    // FlashAttention-2's catalog rate is its best, at 16k tokens (Dao 2023 §4.1: 73 % forward, 63 %
    // backward of the A100's 312 TFLOP/s), before efficiency.compute.
    const double achieved = s.efficiency.compute * s.hardware.gpu.sustainedFraction;
    CHECK(rateAt(s, 16384, AttentionKernel::flash2)
        == Approx(3.5 / (1 / 0.73 + 2.5 / 0.63) * 312e12 * achieved).epsilon(0.001));
    // FlashAttention-1's 25–40 % (FlashAttention-2's abstract): 40 % at 16k tokens; the catalog's
    // middle, 32.5 %, is its rate at 2.4k.
    CHECK(rateAt(s, 16384, AttentionKernel::flash1) / rateAt(s, 2400, AttentionKernel::flash1)
        == Approx(40.0 / 32.5).epsilon(0.01));
    CHECK(rateAt(s, 2400, AttentionKernel::flash1) == Approx(0.325 * 312e12 * achieved).epsilon(0.001));
}

TEST_CASE("the vocabulary-parallel embedding and loss add their collectives to TP's traffic", "[core][stack][comm]")
{
    // Megatron's VocabParallelEmbedding reduces its output, the LM head's column-parallel linear reduces
    // its input gradient, and vocab_parallel_cross_entropy all-reduces the logits' maximum, the sum of
    // exponentials and the target's logit (one fp32 per token each): five collectives per micro-batch
    // beside the layers' four: +5 % on TP calls at 24 layers (4 · 24 + 5 = 101).
    const Scenario s = smallGpt(2, 1); // 24 layers, TP 2, no sequence parallelism, no recomputation
    const Estimate e = estimate(s);
    const double m = e.compute.microBatches;
    const Collective* allReduce = nullptr;
    for (const Collective& c : e.communication.collectives)
        if (c.group == Group::tp && c.op == CollectiveOp::all_reduce) allReduce = &c;
    REQUIRE(allReduce != nullptr);
    CHECK(allReduce->callsPerStep / m == Approx(101));
    CHECK(allReduce->callsPerStep / (m * 4 * 24) == Approx(1.052).epsilon(0.001));
    // Bytes: 98 tensors of s·b·h (fp16) and three of s·b fp32 values per micro-batch, over TP 2's bus
    // factor 2·(t − 1)/t = 1.
    const double sbh = 2048.0 * 1024 * 2, sb = 2048.0 * 4;
    CHECK(allReduce->sentBytesPerGpu / m == Approx(98 * sbh + 3 * sb));
    // With sequence parallelism the ends gather and scatter as the layers do, and the loss keeps its
    // all-reduces.
    Scenario sp = s;
    sp.parallel.sequenceParallel = true;
    const Estimate f = estimate(sp);
    std::map<CollectiveOp, double> calls;
    for (const Collective& c : f.communication.collectives)
        if (c.group == Group::tp) calls[c.op] = c.callsPerStep / m;
    CHECK(calls[CollectiveOp::all_gather] == Approx(98));
    CHECK(calls[CollectiveOp::reduce_scatter] == Approx(98));
    CHECK(calls[CollectiveOp::all_reduce] == Approx(3));
    // The host issues the calls the traffic prices (one operation list): with sequence parallelism each
    // of a layer's four all-reduces is two launches, and each vocabulary-parallel end two.
    const double perOp = stackProfile(SoftwareStack::megatron_lm).hostSecondsPerOp;
    const HostTimes plain = hostTimes(s), split = hostTimes(sp);
    CHECK((split.mainLayerS - plain.mainLayerS) / perOp == Approx(4));
    CHECK((split.stageS[1][1] - plain.stageS[1][1]) / perOp == Approx(2));
}

TEST_CASE(
    "flash attention on Megatron-LM's 2021-23 stack is flagged and its fix turns it off", "[core][stack][warnings]")
{
    // The default scenario has flash attention on; Megatron-LM's published runs of 2021-23 computed attention
    // with the fused softmax, and on a grid of small GPT runs (as above) that switch alone moved the model
    // by 26 %. Megatron-Core and Megatron-DeepSpeed (2023) run flash attention.
    auto flagged = [](const Estimate& e) {
        return std::any_of(e.warnings.begin(), e.warnings.end(),
            [](const Problem& w) { return w.code == ProblemCode::stack_without_flash_attention; });
    };
    Scenario s = defaultScenario();
    s.parallel.flashAttention = true;
    s.training.framework = SoftwareStack::megatron_lm;
    const Estimate e = estimate(s);
    CHECK(flagged(e));
    bool offered = false;
    for (const Suggestion& fix : nearestValid(s, e))
        if (fix.code == ProblemCode::stack_without_flash_attention) {
            offered = true;
            CHECK(fix.key == "parallel.flash_attention");
            CHECK(fix.value == "false");
            CHECK_FALSE(flagged(estimate(fix.scenario)));
        }
    CHECK(offered);
    for (const SoftwareStack other : { SoftwareStack::megatron_core, SoftwareStack::megatron_deepspeed }) {
        Scenario t = s;
        t.training.framework = other;
        CHECK_FALSE(flagged(estimate(t)));
    }
    // No published run is flagged: Megatron-LM's runs there say flash_attention false.
    for (const PublishedRun& run : publishedRuns()) {
        INFO(run.id);
        CHECK_FALSE(flagged(estimate(run.scenario)));
    }
}

TEST_CASE("a GPU typed by the user is derated as the catalog's GPUs are and not priced as a perfect GEMM",
    "[core][stack][gpu]")
{
    // The default scenario on the A100 80GB preset and on the same chip typed in by its datasheet peak:
    // the typed GPU's best GEMM is the MAMF table's median fraction of its peak (80.3 %; the A100 itself
    // reaches 86.9 %), and without an SM count each output tile still pays its fixed cost. It used to be
    // 4 % faster than the preset (every GEMM at the top rate); now it is slower, by the A100's better
    // fraction, and never faster.
    Scenario preset = defaultScenario();
    preset.hardware.preset = "a100-80gb";
    preset.hardware.gpu = findGpuPreset("a100-80gb")->spec;
    Scenario typed = preset;
    typed.hardware.preset.clear();
    GpuSpec& g = typed.hardware.gpu;
    g.name = "my A100";
    g.achievableTflops.clear();
    g.flash1Tflops = g.flash2Tflops = g.flash3Tflops = 0;
    g.smCount = 0;
    const double ratio = estimate(typed).compute.stepTimeS / estimate(preset).compute.stepTimeS;
    CHECK(ratio >= 1.0);
    CHECK(ratio <= 0.869 / kTypicalAchievableFraction);
    CHECK(estimate(typed).compute.gemmShapeEfficiency < 1);
}

TEST_CASE("Hugging Face's PEFT QLoRA keeps the 4-bit inputs as LitGPT's does, and every stack has a source",
    "[core][stack][memory]")
{
    // peft's bnb.Linear4bit runs bitsandbytes' MatMul4Bit, as LitGPT's Linear4bit does.
    for (const PublishedRun& run : publishedRuns())
        if (run.id == "litgpt-llama2-7b-qlora-mb1") {
            Scenario hf = run.scenario;
            hf.training.framework = SoftwareStack::hf_trainer;
            CHECK(activationBytesPerLayer(hf) == activationBytesPerLayer(run.scenario));
        }
    for (std::size_t i = 0; i < kSoftwareStackNames.size(); ++i) {
        const StackProfile& p = stackProfile(SoftwareStack(i));
        CHECK(p.framework == SoftwareStack(i));
        CHECK_FALSE(p.source.empty());
        CHECK(p.residualEfficiency > 0);
        CHECK(p.residualEfficiency <= 1);
    }
}

TEST_CASE("Published runs name the stack they ran on, where a profile describes it", "[core][stack][fidelity]")
{
    const std::map<std::string, SoftwareStack> expected {
        { "MosaicML llm-foundry benchmarks", SoftwareStack::llm_foundry },
        { "torchtitan benchmarks (PyTorch)", SoftwareStack::torchtitan },
        { "torchao benchmarks (PyTorch)", SoftwareStack::torchtitan },
        { "Megatron-LM README (NVIDIA, H100)", SoftwareStack::megatron_core },
        { "BLOOM (BigScience)", SoftwareStack::megatron_deepspeed },
        { "Korthikanti et al. 2022 (Megatron-LM)", SoftwareStack::megatron_lm },
        { "LitGPT resource tables (Lightning AI)", SoftwareStack::litgpt },
        // Megatron-LM as of early 2021 predates the fused softmax's batch rule the megatron-lm profile
        // applies (40becfc9, August 2021) and its 4096-key limit (January 2022).
        { "Narayanan et al. 2021 (Megatron-LM)", SoftwareStack::generic },
    };
    std::map<std::string, int> seen;
    for (const PublishedRun& run : publishedRuns()) {
        const auto it = expected.find(run.group);
        if (it == expected.end()) continue;
        INFO(run.id);
        CHECK(run.scenario.training.framework == it->second);
        ++seen[run.group];
    }
    CHECK(seen.size() == expected.size());
}

TEST_CASE("A stack's residual efficiency divides the matmul and attention time, and nothing else", "[core][stack]")
{
    // Megatron-DeepSpeed and Megatron-LM share their mechanisms; only the residual fitted on vTrain's
    // calibration rows tells them apart.
    Scenario deepspeed = smallGpt(2, 4, "megatron-deepspeed");
    Scenario megatron = deepspeed;
    megatron.training.framework = SoftwareStack::megatron_lm;
    const double eta = stackProfile(SoftwareStack::megatron_deepspeed).residualEfficiency;
    CHECK(eta == Approx(0.975));
    CHECK(stackProfile(SoftwareStack::megatron_lm).residualEfficiency == 1);
    const Estimate a = estimate(deepspeed), b = estimate(megatron);
    CHECK(a.compute.matmulTimeS == Approx(b.compute.matmulTimeS / eta));
    CHECK(a.compute.memoryBoundTimeS == Approx(b.compute.memoryBoundTimeS));
    megatron.efficiency.compute *= eta;
    CHECK(estimate(megatron).compute.matmulTimeS == Approx(a.compute.matmulTimeS));
}

TEST_CASE("Launch settings and a training log are priced on the stack of their framework", "[core][stack][launch]")
{
    const Scenario generic = defaultScenario();
    REQUIRE(generic.training.framework == SoftwareStack::generic);
    CHECK(launchedScenario(generic, Framework::megatron).training.framework == SoftwareStack::megatron_core);
    CHECK(launchedScenario(generic, Framework::torchtitan).training.framework == SoftwareStack::torchtitan);
    CHECK(launchedScenario(generic, Framework::deepspeed).training.framework == SoftwareStack::deepspeed);
    // A stack of the framework's family is kept: Megatron-LM's arguments launch Megatron-LM.
    Scenario older = generic;
    older.training.framework = SoftwareStack::megatron_lm;
    CHECK(launchedScenario(older, Framework::megatron).training.framework == SoftwareStack::megatron_lm);
    CHECK(launchedScenario(older, Framework::deepspeed).training.framework == SoftwareStack::deepspeed);
    older.training.framework = SoftwareStack::gpt_neox;
    CHECK(launchedScenario(older, Framework::deepspeed).training.framework == SoftwareStack::gpt_neox);
    CHECK(loggedScenario(generic, LogFormat::megatron).training.framework == SoftwareStack::megatron_core);
    CHECK(loggedScenario(generic, LogFormat::hf_trainer).training.framework == SoftwareStack::hf_trainer);

    // The expectation is the launched stack's estimate: Megatron-Core moves Megatron's optimizer
    // bytes (58 B per parameter), which the generic estimate does not.
    const LaunchSettings settings = launchSettings(generic, Framework::megatron);
    const Scenario launched = launchedScenario(generic, Framework::megatron);
    CHECK(settings.expectation.stepTimeS == Approx(estimate(launched).compute.stepTimeS));
    CHECK(estimate(launched).compute.optimizerTimeS > estimate(generic).compute.optimizerTimeS);
}

TEST_CASE("The default scenario's MFU lies where measured runs of its kind lie", "[core][stack][fidelity]")
{
    // The default — Llama 2 7B on 8 A100 80GB, bf16, flash attention, data parallel, no recomputation —
    // has the generic stack's mechanisms: fused kernels, the reduction overlapped, no host cost. The
    // measured runs closest to it are llm-foundry's MPT-7B on 8 A100 80GB (scripts/train/benchmarking/
    // README.md, commit 8c8dd48, MFU by their count): 64.23 % at 2,048 tokens without activation
    // checkpointing, and 49.46-58.01 % at 1k-32k tokens with it (54.84 % at 4,096). A 7B model does
    // not reach 71 % there; "50-60 %" is what checkpointed runs show.
    const Scenario s = defaultScenario();
    REQUIRE(s.training.framework == SoftwareStack::generic);
    REQUIRE(s.parallel.recompute == Recompute::none);
    const double mfu = estimate(s).compute.mfu;
    CHECK(mfu >= 0.6423 * 0.9);
    CHECK(mfu <= 0.6423 * 1.1);
    Scenario checkpointed = s;
    checkpointed.parallel.recompute = Recompute::full;
    const double withRecompute = estimate(checkpointed).compute.mfu;
    CHECK(withRecompute >= 0.4946 * 0.95);
    CHECK(withRecompute <= 0.5801 * 1.05);
}

TEST_CASE("The estimate's text names a stack other than generic", "[core][stack][io]")
{
    Scenario s = defaultScenario();
    CHECK(estimateToText(s, estimate(s)).find("software stack") == std::string::npos);
    s.training.framework = SoftwareStack::torchtitan;
    CHECK(estimateToText(s, estimate(s)).find("software stack       torchtitan (training.framework)")
        != std::string::npos);
}

TEST_CASE(
    "Megatron's TP backward all-reduces hide beside the QKV and fc1 weight gradients, and only there", "[core][stack]")
{
    // Without sequence parallelism, 2 of a layer's 4 TP all-reduces run asynchronously beside a
    // weight-gradient GEMM (LinearWithGradAccumulationAndAsyncCommunication): at most half the TP time
    // hides, and no more than those GEMMs last.
    auto tpTimes = [](const Scenario& s) {
        double time = 0, exposed = 0;
        for (const auto& c : estimate(s).communication.collectives)
            if (c.group == Group::tp) {
                time += c.timeS;
                exposed += c.exposedTimeS;
            }
        return std::pair { time, exposed };
    };
    Scenario s = smallGpt(8, 4);
    s.efficiency.tpOverlap = 0;
    const auto [time, exposed] = tpTimes(s);
    REQUIRE(time > 0);
    CHECK(exposed < time);
    CHECK(exposed >= time / 2 - 1e-12);
    const Estimate e = estimate(s);
    CHECK(time - exposed <= e.compute.gemmTimeS() / 2 + 1e-12);
    // The generic stack leaves TP to efficiency.tp_overlap (0 here): all of it exposed.
    s.training.framework = SoftwareStack::generic;
    const auto [genericTime, genericExposed] = tpTimes(s);
    CHECK(genericExposed == Approx(genericTime));
    // Sequence parallelism turns the asynchronous all-reduce off (megatron/arguments.py).
    s.training.framework = SoftwareStack::megatron_lm;
    s.parallel.sequenceParallel = true;
    const auto [spTime, spExposed] = tpTimes(s);
    CHECK(spExposed == Approx(spTime));
}
