// "Nearest valid" suggestions: each removes its warning, is a valid scenario, keeps the
// GPU count when it changes a parallel degree, and is the closest such setting.
#include "core/scenario/presets.h"
#include "core/scenario/scenario_edit.h"
#include "core/scenario/scenario_io.h"
#include "core/search/suggest.h"

#include <catch2/catch.hpp>

using namespace core;

namespace {

const Suggestion* find(const std::vector<Suggestion>& all, ProblemCode code)
{
    for (const auto& s : all)
        if (s.code == code) return &s;
    return nullptr;
}

} // namespace

TEST_CASE("heads not divisible by TP: the nearest TP that divides, DP takes the rest", "[core][suggest]")
{
    Scenario s = defaultScenario();
    s.model = presetModel(*findModelPreset("llama-2-13b")); // 40 heads
    s.parallel.tp = 16;
    s.parallel.dp = 4;
    s.training.globalBatch = 1024;
    const auto all = nearestValid(s, estimate(s));
    const Suggestion* fix = find(all, ProblemCode::heads_not_divisible_by_tp);
    REQUIRE(fix);
    CHECK(fix->key == "parallel.tp");
    CHECK(fix->value == "8"); // 40 % 8 == 0; 16 and 32 do not divide 40
    CHECK(fix->scenario.parallel.tp == 8);
    CHECK(fix->scenario.parallel.dp == 8);
    CHECK(fix->scenario.parallel.gpus() == s.parallel.gpus());
}

TEST_CASE("every suggestion is valid and removes its warning", "[core][suggest]")
{
    Scenario moe = defaultScenario();
    moe.model = presetModel(*findModelPreset("mixtral-8x7b"));
    moe.parallel.dp = 12;
    moe.parallel.ep = 3; // 8 experts % 3
    moe.training.globalBatch = 1000; // % 12
    Scenario pipe = defaultScenario();
    pipe.model = presetModel(*findModelPreset("llama-3.1-405b")); // 126 layers
    pipe.parallel.tp = 8;
    pipe.parallel.pp = 16;
    pipe.parallel.dp = 4;
    Scenario ctx = defaultScenario();
    ctx.parallel.cp = 4;
    ctx.parallel.dp = 2;
    ctx.training.seqLen = 4100; // % 8
    ctx.parallel.flashAttention = false;
    for (const Scenario& s : { moe, pipe, ctx }) {
        REQUIRE_FALSE(validateScenario(s));
        const Estimate e = estimate(s);
        const auto all = nearestValid(s, e);
        CHECK_FALSE(all.empty());
        for (const auto& fix : all) {
            INFO(fix.key << " = " << fix.value);
            CHECK_FALSE(validateScenario(fix.scenario));
            for (const auto& w : estimate(fix.scenario).warnings)
                CHECK(w.code != fix.code);
        }
    }
    const auto pipeFix = nearestValid(pipe, estimate(pipe));
    const Suggestion* pp = find(pipeFix, ProblemCode::layers_not_divisible_by_pp);
    REQUIRE(pp);
    // On 512 GPUs only PP 1 or 2 divide both 126 layers and the GPUs, too far from 16, so DP stays
    // and the pipeline takes the divisor of 126 nearest 16 on a log scale: 18 (14 is farther).
    CHECK(pp->value == "18");
    CHECK(pp->scenario.parallel.dp == 4);
    CHECK(pp->scenario.parallel.gpus() == 8 * 18 * 4);
    // DeepSeek-V3's 61 layers (prime) on 16 stages: only PP 1 or 61 divide them, both far from
    // 16, so no suggestion; unequal stages are what the published run used.
    Scenario prime = defaultScenario();
    prime.model = presetModel(*findModelPreset("deepseek-v3"));
    prime.parallel.pp = 16;
    prime.parallel.dp = 8;
    prime.parallel.ep = 8;
    CHECK(find(nearestValid(prime, estimate(prime)), ProblemCode::layers_not_divisible_by_pp) == nullptr);
    const auto moeFix = nearestValid(moe, estimate(moe)); // kept alive: find() returns a pointer into it
    const Suggestion* batch = find(moeFix, ProblemCode::global_batch_not_divisible);
    REQUIRE(batch);
    CHECK(batch->value == "996"); // 83 × 12, nearer to 1000 than 1008
    const auto ctxFix = nearestValid(ctx, estimate(ctx));
    const Suggestion* seq = find(ctxFix, ProblemCode::seq_len_not_divisible_by_cp);
    REQUIRE(seq);
    CHECK(seq->value == "4096");
}

namespace {

/// Llama 2 13B on 8 × A100 40GB with ZeRO-3: 13 B parameters' states shard to about 26 GB per GPU, and
/// the activations of micro-batch 1 at 4,096 tokens without recomputation take the rest and more.
Scenario thirteenOnForties()
{
    Scenario s = defaultScenario();
    s.model = presetModel(*findModelPreset("llama-2-13b"));
    s.hardware = withGpuPreset(s.hardware, *findGpuPreset("a100-40gb"));
    s.parallel.zero = 3;
    s.parallel.recompute = Recompute::none;
    return s;
}

} // namespace

TEST_CASE("a scenario that does not fit is offered single changes that make it fit", "[core][suggest][fit]")
{
    const Scenario s = thirteenOnForties();
    const Estimate e = estimate(s);
    REQUIRE_FALSE(e.memory.fits());
    const auto fixes = fitFixes(s, e);
    REQUIRE_FALSE(fixes.empty());
    CHECK(fixes.size() <= kMaxFitFixes);
    bool recomputes = false;
    for (std::size_t i = 0; i < fixes.size(); ++i) {
        const Suggestion& fix = fixes[i];
        INFO(fix.key << " = " << fix.value);
        CHECK(fix.code == ProblemCode::does_not_fit);
        CHECK_FALSE(validateScenario(fix.scenario));
        const Estimate after = estimate(fix.scenario);
        CHECK(after.memory.fits());
        CHECK(fix.memoryBytes == Approx(after.memory.total()));
        CHECK(fix.stepTimeS == Approx(after.compute.stepTimeS));
        CHECK(fix.gpuHours == Approx(after.training.gpuHours));
        if (i > 0) CHECK(fix.gpuHours >= fixes[i - 1].gpuHours); // cheapest first
        // One setting changes (and the GPUs stay, but for a GPU count).
        if (fix.key != "parallel.gpus") CHECK(fix.scenario.parallel.gpus() == s.parallel.gpus());
        recomputes |= fix.key == "parallel.recompute";
    }
    // Recomputation is among them: activations are what overflows.
    CHECK(recomputes);
    // A scenario that fits is offered nothing.
    CHECK(fitFixes(defaultScenario(), estimate(defaultScenario())).empty());
}

TEST_CASE("GPUs without NVLink reach their node's GPUs over PCIe", "[core][hardware]")
{
    // Ada Lovelace whitepaper (RTX 4090) and the L40S datasheet: no NVLink, GPU to GPU over PCIe Gen4;
    // the A100 SXM's NVLink 3 carries 300 GB/s per direction.
    CHECK(findGpuPreset("rtx-4090")->spec.linksOverPcie());
    CHECK(findGpuPreset("l40s")->spec.linksOverPcie());
    CHECK_FALSE(findGpuPreset("a100-80gb")->spec.linksOverPcie());
    // Their tensor-parallel collectives take PCIe's ring latency.
    Scenario s = defaultScenario();
    s.hardware = withGpuPreset(s.hardware, *findGpuPreset("rtx-4090"));
    s.parallel.tp = 2;
    s.parallel.dp = 4;
    bool tpOverPcie = false;
    for (const auto& c : estimate(s).communication.collectives)
        if (c.group == Group::tp) tpOverPcie = c.overPcie;
    CHECK(tpOverPcie);
}
