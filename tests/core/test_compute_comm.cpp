// Compute, communication and time (docs/FORMULAS.md §4–5) against their published forms.
#include "core/estimate/estimate.h"
#include "core/model/comm_model.h"
#include "core/model/compute_model.h"
#include "core/model/pipeline_schedule.h"
#include "core/model/topology.h"
#include "core/scenario/architecture.h"
#include "core/scenario/presets.h"
#include "core/scenario/scenario_io.h"
#include "core/search/sweep.h"
#include "tests/core/narayanan_shapes.h"

#include <catch2/catch.hpp>

#include <cmath>

using namespace core;

namespace {

Scenario gpt3(int globalBatch)
{
    Scenario s = defaultScenario();
    s.model = presetModel(*findModelPreset("gpt3-175b"));
    s.model.arch.vocab = 51200;
    s.training.seqLen = 2048;
    s.training.globalBatch = globalBatch;
    return s;
}

double sent(const Estimate& e, Group g)
{
    double sum = 0;
    for (const auto& c : e.communication.collectives)
        if (c.group == g) sum += c.sentBytesPerGpu;
    return sum;
}

} // namespace

TEST_CASE("model FLOPs equal Narayanan et al. eq. 3 for GPT shapes", "[core][compute][published]")
{
    // Narayanan et al. 2021, eq. 3: 72·B·s·L·h²·(1 + s/(6h) + V/(12·L·h)) without recomputation and
    // 96·B·s·L·h²·(1 + s/(6h) + V/(16·L·h)) with full recomputation (§5.1).
    auto [layers, hidden, heads, batch] = GENERATE(table<int, int, int, int>({
        { 96, 12288, 96, 1536 }, // GPT-3 175B (Table 1)
        { 24, 2048, 16, 512 }, // 1.7B-class row
        { 105, 20480, 128, 2520 }, // 530B row
    }));
    Scenario s = gpt3(batch);
    s.model.arch.layers = layers;
    s.model.arch.hidden = hidden;
    s.model.arch.heads = s.model.arch.kvHeads = heads;
    s.model.arch.headDim = hidden / heads;
    s.model.arch.ffnHidden = 4 * hidden;
    const double B = batch, S = 2048, L = layers, h = hidden, V = 51200;
    const double noRecompute = 72 * B * S * L * h * h * (1 + S / (6 * h) + V / (12 * L * h));
    const double fullRecompute = 96 * B * S * L * h * h * (1 + S / (6 * h) + V / (16 * L * h));
    CHECK(modelFlopsPerStep(s) == Approx(noRecompute).epsilon(1e-12));
    s.parallel.recompute = Recompute::full;
    CHECK(hardwareFlopsPerStep(s) == Approx(fullRecompute).epsilon(1e-12));
    CHECK(modelFlopsPerStep(s) == Approx(noRecompute).epsilon(1e-12));
}

TEST_CASE("pipeline bubble: (p−1)/m for 1F1B, (p−1)/(v·m) interleaved", "[core][compute][published]")
{
    // Narayanan et al. 2021 §2.2.
    Parallel p;
    p.pp = 8;
    CHECK(bubbleFraction(p, 64) == Approx(7.0 / 64));
    p.schedule = Schedule::interleaved;
    p.virtualStages = 4;
    CHECK(bubbleFraction(p, 64) == Approx(7.0 / 256));
    p.pp = 1;
    CHECK(bubbleFraction(p, 64) == 0);
}

TEST_CASE("the output head's work on the last stage makes the other stages wait", "[core][compute][published]")
{
    // Narayanan et al. 2021's 39.1B model (Table 1: 48 layers, hidden 8192, 64 heads, batch 1536) with
    // full recomputation. Eq. 3 splits the step's FLOPs into the layers' 96·B·s·L·h²·(1 + s/(6h)) and
    // the output head's 6·B·s·h·V (forward and backward, not recomputed), which Megatron-LM runs on the
    // last stage (post_process). 1F1B then runs at that stage's pace: every micro-batch but the first
    // waits for its excess of the matmul time.
    Scenario s = gpt3(1536);
    setNarayanan39b(s.model.arch);
    s.parallel.recompute = Recompute::full;
    s.parallel.tp = 8;
    s.parallel.dp = 4;
    s.training.microBatch = 1;
    const double B = 1536, S = 2048, L = 48, h = 8192, V = 51200;
    const double layersFlops = 96 * B * S * L * h * h * (1 + S / (6 * h)), headFlops = 6 * B * S * h * V;
    struct Case {
        int pp;
        PipelineSplit split;
        double lastLayers, mostLayersElsewhere;
    };
    // With the ends counted, 50 units on 2 stages leave 24 layers on each; on 8 stages the first two
    // take the remainder (7 units, the first giving one to the embedding), the last 6 − 1.
    const Case cases[] = { { 2, PipelineSplit::layers, 24, 24 }, { 8, PipelineSplit::layers, 6, 6 },
        { 2, PipelineSplit::embedding_and_loss, 24, 24 }, { 8, PipelineSplit::embedding_and_loss, 5, 7 } };
    for (const Case& c : cases) {
        s.parallel.pp = c.pp;
        s.parallel.pipelineSplit = c.split;
        REQUIRE_FALSE(validateScenario(s));
        const double mean = (layersFlops + headFlops) / c.pp;
        const double load
            = std::max(c.lastLayers / L * layersFlops + headFlops, c.mostLayersElsewhere / L * layersFlops) / mean;
        const Estimate e = estimate(s);
        INFO("pp " << c.pp << " split " << toString(c.split));
        CHECK(e.compute.busiestStageLoad == Approx(load).epsilon(1e-9));
        const double m = 1536.0 / 4;
        CHECK(e.compute.stageWaitTimeS == Approx((load - 1) * e.compute.matmulTimeS * (m - 1) / m).epsilon(1e-9));
        CHECK(e.compute.bubbleTimeS
            == Approx(e.compute.computeTimeS * (c.pp - 1) / m + e.compute.stageWaitTimeS).epsilon(1e-9));
    }
    for (int pp : { 2, 8 }) {
        s.parallel.pp = pp;
        // The head adds (p − 1) × its share of the step to a mean stage's work: 7 times as much on 8
        // stages as on 2, which flatters deep pipelines when it is left out.
        s.parallel.pipelineSplit = PipelineSplit::layers;
        const double excess = (pp - 1) * headFlops / (layersFlops + headFlops);
        CHECK(estimate(s).compute.busiestStageLoad - 1 == Approx(excess).epsilon(1e-9));
        // A stack that evens the stages out (DeepSeek-V3's DualPipe) waits for none.
        s.parallel.pipelineSplit = PipelineSplit::balanced;
        const Estimate even = estimate(s);
        CHECK(even.compute.busiestStageLoad == 1);
        CHECK(even.compute.stageWaitTimeS == 0);
        CHECK(even.compute.bubbleFraction == Approx((pp - 1) / (1536.0 / 4)));
    }
}

TEST_CASE("nccl-tests bus factors", "[core][comm][published]")
{
    // NVIDIA nccl-tests doc/PERFORMANCE.md: all-reduce 2(n−1)/n, all-gather / reduce-scatter
    // (n−1)/n, all-to-all (n−1)/n, send/recv 1.
    CHECK(busFactor(CollectiveOp::all_reduce, 8) == Approx(1.75));
    CHECK(busFactor(CollectiveOp::all_gather, 8) == Approx(0.875));
    CHECK(busFactor(CollectiveOp::reduce_scatter, 64) == Approx(63.0 / 64));
    CHECK(busFactor(CollectiveOp::all_to_all, 4) == Approx(0.75));
    CHECK(busFactor(CollectiveOp::send_recv, 2) == 1);
    CHECK(busFactor(CollectiveOp::all_reduce, 1) == 0);
}

TEST_CASE("ZeRO data-parallel volume: stages 1 and 2 equal plain DP, stage 3 is 1.5×", "[core][comm][published][zero]")
{
    // Rajbhandari et al. 2020 §7: DP and ZeRO-1/2 move 2Ψ per step per GPU, ZeRO-3 3Ψ.
    Scenario s = defaultScenario();
    s.parallel.dp = 64;
    s.training.globalBatch = 64; // one micro-batch per replica per step
    std::array<double, 4> volume {};
    for (int zero = 0; zero <= 3; ++zero) {
        s.parallel.zero = zero;
        volume[std::size_t(zero)] = sent(estimate(s), Group::dp);
    }
    const double psi = 6'738'415'616;
    CHECK(volume[0] == Approx(2 * psi * 2 * 63.0 / 64)); // bf16 gradients, ring all-reduce
    CHECK(volume[1] == Approx(volume[0]));
    CHECK(volume[2] == Approx(volume[0]));
    CHECK(volume[3] == Approx(1.5 * volume[0]));
}

TEST_CASE("tensor-parallel volume is 8·b·s·h·(t−1)/t per layer per micro-batch", "[core][comm][published]")
{
    // Narayanan et al. 2021 §3: each layer does two all-reduces forward and two backward, each
    // moving 2·b·s·h·(t−1)/t elements per GPU; sequence parallelism keeps the volume (Korthikanti §4.2.2).
    Scenario s = gpt3(64);
    s.parallel.tp = 8;
    s.parallel.pp = 8;
    s.parallel.dp = 1;
    s.training.microBatch = 1;
    const Estimate e = estimate(s);
    const double expected = 8.0 * 1 * 2048 * 12288 * 7.0 / 8 * 2; // bf16 elements
    // Beside the layers, the last stage's LM head reduces its input gradient (s·b·h) and the loss
    // all-reduces three fp32 values per token (docs/MODEL.md).
    const double ends = 2.0 * 7 / 8 * (2048 * 12288 * 2.0 + 3 * 2048 * 4.0);
    auto perLayer = [&](const Estimate& x) {
        return (sent(x, Group::tp) / x.compute.microBatches - ends) / x.memory.peak().layers;
    };
    CHECK(perLayer(e) == Approx(expected));
    s.parallel.sequenceParallel = true;
    CHECK(perLayer(estimate(s)) == Approx(expected));
}

TEST_CASE("placement: a group inside one node uses NVLink, across nodes the network", "[core][comm]")
{
    Scenario s = defaultScenario();
    s.parallel.tp = 8;
    s.parallel.dp = 4;
    CHECK(linkOf(s, Group::tp) == Link::intra_node);
    CHECK(linkOf(s, Group::dp) == Link::inter_node);
    s.parallel.tp = 2;
    CHECK(linkOf(s, Group::dp) == Link::intra_node); // 2 × 4 = 8 GPUs: one node
}

TEST_CASE("source article: communication is negligible for a small model and 20–50 % for a large one",
    "[core][comm][published]")
{
    // Source article §3.3: < 5 % for a model under 1B on one node; 20 %–50 % for ≥ 7B on many nodes.
    Scenario small = defaultScenario();
    small.model = bareSizeModel(700'000'000);
    small.training.seqLen = 2048;
    small.training.globalBatch = 256;
    small.parallel.dp = 8;
    small.parallel.zero = 0;
    CHECK(estimate(small).communication.shareOfStep < 0.05);

    // The large side depends on the network. On a rented cloud node with 400 Gb/s for 8 GPUs
    // (AWS p4d/p4de EFA: 6.25 GB/s per GPU) ZeRO-3 over 64 GPUs spends the article's 20–50 %
    // communicating; on a DGX A100 fabric (8 × 200 Gb/s per node, 4× as much) far less.
    Scenario large = defaultScenario(); // Llama-2-7B on A100
    large.parallel.zero = 3;
    large.training.globalBatch = 256;
    large.training.microBatch = 1;
    large.parallel.dp = 64;
    const double dgx = estimate(large).communication.shareOfStep;
    large.hardware.preset.clear();
    large.hardware.gpu.interNodeGBps = 6.25;
    const double share64 = estimate(large).communication.shareOfStep;
    CHECK(share64 >= 0.20);
    CHECK(share64 <= 0.50);
    CHECK(dgx < share64 / 2);
    CHECK(dgx > 0.05);

    // At a fixed global batch the share rises with the GPU count.
    const auto sweep = sweepGpus(large, 8, 256);
    REQUIRE(sweep.points.size() == 6);
    for (std::size_t i = 1; i < sweep.points.size(); ++i)
        CHECK(sweep.points[i].estimate.communication.shareOfStep
            >= sweep.points[i - 1].estimate.communication.shareOfStep);
}

TEST_CASE("step time, MFU and training totals follow from their parts", "[core][compute]")
{
    Scenario s = defaultScenario();
    s.parallel.pp = 2;
    s.parallel.dp = 4;
    const Estimate e = estimate(s);
    const auto& c = e.compute;
    CHECK(c.stepTimeS
        == Approx(c.computeTimeS * (1 + c.bubbleFraction) + e.communication.exposedTimeS + c.optimizerTimeS));
    CHECK(c.mfu == Approx(c.modelFlopsPerStep / (c.stepTimeS * 8 * 312e12)));
    CHECK(c.mfu <= s.efficiency.compute);
    // Steps = tokens / (B·s); energy = GPU-hours × TDP × PUE; cost = GPU-hours × price + energy × price.
    CHECK(e.training.steps == Approx(2e12 / (1024.0 * 4096)));
    CHECK(e.training.gpuHours == Approx(e.training.timeS / 3600 * 8));
    CHECK(e.training.timeS == Approx(e.training.steps * c.stepTimeS / e.reliability.goodput));
    // The server's power per GPU (DGX A100: 6.5 kW for 8 GPUs), × PUE 1.2.
    CHECK(e.training.energyKwh == Approx(e.training.gpuHours * 6.5 / 8 * 1.2));
    CHECK(e.training.costUsd == Approx(e.training.gpuHours * 2.0 + e.training.energyKwh * 0.10));
}

TEST_CASE("sweeping a key applies the file validation", "[core][sweep]")
{
    const auto ok = sweepKey(defaultScenario(), "parallel.zero", { "0", "1", "2", "3" });
    REQUIRE_FALSE(ok.error);
    REQUIRE(ok.points.size() == 4);
    CHECK(ok.points[3].scenario.parallel.zero == 3);
    const auto bad = sweepKey(defaultScenario(), "parallel.tp", { "2", "3" });
    REQUIRE(bad.error);
    CHECK(bad.error->path == "parallel.tp");
}

TEST_CASE("MFU counts the attention core over its causal half, as Megatron-LM since 2025-03", "[core][compute][mfu]")
{
    // Megatron-LM's num_floating_point_operations (8873b55, "only half of the attention matrix is
    // non-zero"): the s/(6h) term of Narayanan's eq. 3 becomes s/(12h).
    auto [layers, hidden, heads, batch, seq] = GENERATE(table<int, int, int, int, int>({
        { 96, 12288, 96, 1536, 2048 }, // GPT-3 175B
        { 24, 2048, 16, 512, 2048 }, { 24, 2048, 16, 8, 131072 }, // long sequences, where the term dominates
    }));
    Scenario s = gpt3(batch);
    s.training.seqLen = seq;
    s.model.arch.layers = layers;
    s.model.arch.hidden = hidden;
    s.model.arch.heads = s.model.arch.kvHeads = heads;
    s.model.arch.headDim = hidden / heads;
    s.model.arch.ffnHidden = 4 * hidden;
    const double B = batch, S = seq, L = layers, h = hidden, V = 51200;
    CHECK(causalModelFlopsPerStep(s) == Approx(72 * B * S * L * h * h * (1 + S / (12 * h) + V / (12 * L * h))));
    CHECK(modelFlopsPerStep(s) == Approx(72 * B * S * L * h * h * (1 + S / (6 * h) + V / (12 * L * h))));
    // Executed: the flash kernel's causal forward and its backward of 2.5 forwards, 1.75 × the
    // whole-square forward 4·B·s²·h per layer (2.25 × with full recomputation); without flash
    // attention the whole square runs, as hardware FLOPs count it.
    const double forwardSquare = 4 * B * S * S * h * L;
    CHECK(executedFlopsPerStep(s) == Approx(hardwareFlopsPerStep(s) - 3 * forwardSquare + 1.75 * forwardSquare));
    s.parallel.recompute = Recompute::full;
    CHECK(executedFlopsPerStep(s) == Approx(hardwareFlopsPerStep(s) - 4 * forwardSquare + 2.25 * forwardSquare));
    s.parallel.flashAttention = false;
    CHECK(executedFlopsPerStep(s) == hardwareFlopsPerStep(s));
    // The estimate reports these, with the step time it had before.
    s.parallel.flashAttention = true;
    s.parallel.recompute = Recompute::none;
    const Estimate e = estimate(s);
    CHECK(e.compute.modelFlopsPerStep == Approx(causalModelFlopsPerStep(s)));
    CHECK(e.compute.hardwareFlopsPerStep == Approx(executedFlopsPerStep(s)));
    CHECK(e.compute.mfu == Approx(causalModelFlopsPerStep(s) / (e.compute.stepTimeS * e.gpus * 312e12)));
}

TEST_CASE(
    "MFU and HFU stay at most 1 over sequence lengths, models, GPUs and formats", "[core][compute][mfu][property]")
{
    // Llama 2 7B on 8 A100 at 10^6 tokens once had MFU 1.066 (336 TFLOP/s per GPU of 312).
    {
        Scenario s = defaultScenario();
        REQUIRE_FALSE(applyOverride(s, "training.seq_len=1000000"));
        const Estimate e = estimate(s);
        CHECK(e.compute.mfu <= 1);
        CHECK(e.compute.tflopsPerGpu <= 312);
    }
    int checked = 0;
    for (const char* model : { "model.preset=llama-2-7b", "model.preset=llama-3-70b", "model.preset=deepseek-v3",
             R"(model={"params": 1e9})" })
        for (const char* gpu : { "a100-80gb", "h100-sxm", "b200", "rtx-4090", "mi300x", "v100-32gb" })
            for (const char* dtype : { "bf16", "fp16", "fp32", "fp8_e4m3" })
                for (const bool flash : { true, false })
                    for (double seq = 512; seq <= 1e7; seq *= 4.2) {
                        Scenario s = defaultScenario();
                        const std::string settings[]
                            = { model, std::string("hardware.gpu=") + gpu, std::string("precision.compute=") + dtype,
                                  std::string("parallel.flash_attention=") + (flash ? "true" : "false"),
                                  "training.seq_len=" + std::to_string(std::llround(seq)), "training.global_batch=64" };
                        bool valid = true;
                        for (const auto& o : settings)
                            valid = valid && !applyOverride(s, o);
                        if (!valid) continue; // a format the GPU has no peak for, a model the layout cannot take
                        const Estimate e = estimate(s);
                        INFO(model << " on " << gpu << " in " << dtype << (flash ? " with" : " without")
                                   << " flash attention at " << seq << " tokens");
                        CHECK(e.compute.mfu <= 1);
                        CHECK(e.compute.hfu <= 1);
                        CHECK(e.compute.mfu <= e.compute.hfu * (1 + 1e-12));
                        CHECK(e.compute.tflopsPerGpu * 1e12 <= e.compute.peakFlopsPerGpu * (1 + 1e-12));
                        ++checked;
                    }
    CHECK(checked > 300);
}
