// The pipeline timeline: simulated from the schedules' dependency rules, its idle time
// over the busy time equals the bubble fraction core reports — (p−1)/m for GPipe and 1F1B,
// (p−1)/(v·m) interleaved (Narayanan et al. 2021 §2.2) — and it spans the estimated step.
#include "core/estimate/timeline.h"
#include "core/scenario/presets.h"
#include "core/scenario/scenario_io.h"

#include <catch2/catch.hpp>

#include <set>

using namespace core;

namespace {

Scenario pipelined(int pp, int microBatches, Schedule schedule, int v, Recompute recompute)
{
    Scenario s = defaultScenario();
    s.model = presetModel(*findModelPreset("llama-2-7b")); // 32 layers
    s.parallel.tp = 1;
    s.parallel.pp = pp;
    s.parallel.dp = 2;
    s.parallel.schedule = schedule;
    s.parallel.virtualStages = v;
    s.parallel.recompute = recompute;
    s.training.microBatch = 1;
    s.training.globalBatch = 2 * microBatches;
    return s;
}

} // namespace

TEST_CASE("the timeline's idle time equals the bubble fraction", "[core][timeline][published]")
{
    struct Case {
        int pp, m;
        Schedule schedule;
        int v;
        Recompute recompute;
    };
    const Case cases[] = { { 4, 8, Schedule::one_f_one_b, 1, Recompute::none },
        { 8, 16, Schedule::one_f_one_b, 1, Recompute::full }, { 4, 8, Schedule::gpipe, 1, Recompute::none },
        { 4, 8, Schedule::interleaved, 2, Recompute::none }, { 8, 16, Schedule::interleaved, 4, Recompute::full },
        { 2, 2, Schedule::one_f_one_b, 1, Recompute::none }, { 1, 4, Schedule::one_f_one_b, 1, Recompute::none } };
    for (const Case& c : cases)
        for (PipelineSplit split :
            { PipelineSplit::balanced, PipelineSplit::layers, PipelineSplit::embedding_and_loss }) {
            if (c.pp == 1 && split != PipelineSplit::layers) continue; // one stage has no split
            Scenario s = pipelined(c.pp, c.m, c.schedule, c.v, c.recompute);
            s.parallel.pipelineSplit = split;
            // 30 layers and the two ends fill every stage and chunk evenly, as Megatron-Core requires.
            if (split == PipelineSplit::embedding_and_loss) s.model.arch.layers = 30;
            REQUIRE_FALSE(validateScenario(s));
            const Estimate e = estimate(s);
            const Timeline t = pipelineTimeline(s, e);
            INFO("pp " << c.pp << " m " << c.m << " v " << c.v << " schedule " << toString(c.schedule) << " split "
                       << toString(split));
            // Evenly loaded stages idle only in the schedule's warm-up and cool-down; with the output head on
            // the last stage the others also wait for it.
            if (split == PipelineSplit::balanced || c.pp == 1)
                CHECK(e.compute.bubbleFraction == Approx(double(c.pp - 1) / (c.v * c.m)));
            else
                CHECK(e.compute.bubbleFraction > double(c.pp - 1) / (c.v * c.m));
            if (split != PipelineSplit::embedding_and_loss || c.pp == 1) {
                // The last stage is the busiest, or none is: the estimate's pace is the schedule's.
                CHECK(t.idleFraction() == Approx(e.compute.bubbleFraction).margin(1e-9));
                CHECK(t.stepTimeS == Approx(e.compute.stepTimeS).epsilon(1e-9));
            } else {
                // Middle stages are the busiest: the estimate paces every turn by them, an upper bound;
                // the schedule lets the lighter first stage and a middle stage's warm-up take up part of it.
                CHECK(t.stepTimeS <= e.compute.stepTimeS * (1 + 1e-9));
                CHECK(t.stepTimeS >= e.compute.stepTimeS * 0.96);
            }
            // Every (stage, micro-batch, chunk) runs one forward and one backward.
            std::set<std::tuple<int, int, int, int>> seen;
            for (const auto& b : t.blocks)
                if (b.kind == BlockKind::forward || b.kind == BlockKind::backward)
                    CHECK(seen.insert({ int(b.kind), b.stage, b.microBatch, b.chunk }).second);
            CHECK(seen.size() == std::size_t(2 * c.pp * c.m * c.v));
            // No two blocks of one stage overlap.
            for (int st = 0; st < c.pp; ++st) {
                std::vector<std::pair<double, double>> spans;
                for (const auto& b : t.blocks)
                    if (b.stage == st) spans.emplace_back(b.start, b.end);
                std::sort(spans.begin(), spans.end());
                for (std::size_t i = 1; i < spans.size(); ++i)
                    CHECK(spans[i].first >= spans[i - 1].second - 1e-12);
            }
        }
}

TEST_CASE("with full recomputation each backward is preceded by its recomputed forward", "[core][timeline]")
{
    const Scenario s = pipelined(4, 8, Schedule::one_f_one_b, 1, Recompute::full);
    const Timeline t = pipelineTimeline(s, estimate(s));
    int recomputes = 0;
    for (const auto& b : t.blocks)
        recomputes += b.kind == BlockKind::recompute;
    CHECK(recomputes == 4 * 8);
}

TEST_CASE("a long step is drawn shortened, with the full step's pipeline end and idle time", "[core][timeline]")
{
    // A step of 10^9 micro-batches once built 2·10^9 blocks. A shortened drawing keeps the
    // warm-up and cool-down; its figures must equal those of simulating every micro-batch.
    struct Case {
        int pp, m;
        Schedule schedule;
        int v;
        Recompute recompute;
    };
    const Case cases[] = { { 4, 40, Schedule::one_f_one_b, 1, Recompute::none },
        { 8, 67, Schedule::one_f_one_b, 1, Recompute::full }, { 4, 41, Schedule::gpipe, 1, Recompute::none },
        { 3, 50, Schedule::gpipe, 1, Recompute::full }, { 4, 48, Schedule::interleaved, 2, Recompute::none },
        { 8, 64, Schedule::interleaved, 4, Recompute::full }, { 4, 42, Schedule::interleaved, 2, Recompute::none },
        { 2, 33, Schedule::one_f_one_b, 1, Recompute::none }, { 1, 100, Schedule::one_f_one_b, 1, Recompute::full },
        { 16, 100, Schedule::interleaved, 2, Recompute::none } };
    for (const Case& c : cases)
        for (PipelineSplit split : { PipelineSplit::balanced, PipelineSplit::layers }) {
            if (c.pp == 1 && split != PipelineSplit::layers) continue; // one stage has no split
            Scenario s = pipelined(c.pp, c.m, c.schedule, c.v, c.recompute);
            s.parallel.pipelineSplit = split;
            REQUIRE_FALSE(validateScenario(s));
            const Estimate e = estimate(s);
            const Timeline full = pipelineTimeline(s, e, 1LL << 40);
            const long long perMicroBatch = (c.recompute == Recompute::none ? 2LL : 3LL) * c.pp * c.v;
            const Timeline shortened = pipelineTimeline(s, e, perMicroBatch * (2 * c.pp + c.m % c.pp));
            INFO("pp " << c.pp << " m " << c.m << " v " << c.v << " schedule " << toString(c.schedule) << " split "
                       << toString(split));
            REQUIRE(full.drawnMicroBatches == c.m);
            REQUIRE(shortened.shortened());
            CHECK(shortened.drawnMicroBatches == 2 * c.pp + c.m % c.pp);
            CHECK(shortened.pipelineEndS == Approx(full.pipelineEndS).epsilon(1e-9));
            CHECK(shortened.idleS == Approx(full.idleS).epsilon(1e-9).margin(1e-12));
            CHECK(shortened.stepTimeS == Approx(full.stepTimeS).epsilon(1e-9));
            CHECK(shortened.drawnStepTimeS < full.stepTimeS);
            CHECK(full.drawnStepTimeS == Approx(full.stepTimeS));
        }
}

TEST_CASE("the timeline's work is bounded whatever the micro-batch and stage counts", "[core][timeline]")
{
    // The scenarios that once failed: 10^9 micro-batches on one stage (bad_alloc after 2 GB), and 512
    // stages × 64 chunks (80 s, then bad_alloc) — here as the largest pipeline a 4,096-layer model allows.
    Scenario s = defaultScenario();
    s.parallel.dp = 1;
    s.training.microBatch = 1;
    s.training.globalBatch = 1'000'000'000;
    REQUIRE_FALSE(validateScenario(s));
    Timeline t = pipelineTimeline(s, estimate(s));
    CHECK(t.microBatches == 1'000'000'000);
    CHECK(t.drawnMicroBatches == 2);
    CHECK(t.blocks.size() <= std::size_t(kMaxTimelineBlocks));
    CHECK(t.stepTimeS == Approx(estimate(s).compute.stepTimeS).epsilon(1e-6));

    s.model.arch.layers = 4096;
    s.parallel.pp = 64;
    s.parallel.schedule = Schedule::interleaved;
    s.parallel.virtualStages = 64;
    s.training.globalBatch = 1024;
    REQUIRE_FALSE(validateScenario(s));
    const Estimate e = estimate(s);
    t = pipelineTimeline(s, e);
    CHECK(t.drawnMicroBatches == 0); // 64 stages × 64 chunks × 128 micro-batches: figures only
    CHECK(t.blocks.empty());
    CHECK(t.stepTimeS == Approx(e.compute.stepTimeS).epsilon(1e-9));
    CHECK(t.idleFraction() == Approx(e.compute.bubbleFraction).epsilon(1e-9));
}
