// The pipeline schedules' facts (core/model/pipeline_schedule.h) against Megatron-LM's schedules: the
// warm-up before a stage's first backward, the interleaved order, the bubble and the busiest stage's pace.
#include "core/model/pipeline_schedule.h"

#include <catch2/catch.hpp>

using namespace core;

TEST_CASE("chunks per stage: virtual stages only when interleaved on two stages or more", "[core][schedule]")
{
    Parallel p;
    p.pp = 4;
    p.virtualStages = 3;
    CHECK(chunksPerStage(p) == 1); // 1F1B
    p.schedule = Schedule::interleaved;
    CHECK(chunksPerStage(p) == 3);
    p.pp = 1;
    CHECK(chunksPerStage(p) == 1);
}

TEST_CASE("warm-up forwards before the first backward follow Megatron-LM's schedules", "[core][schedule]")
{
    // megatron/core/pipeline_parallel/schedules.py: 1F1B num_warmup_microbatches = p − rank − 1;
    // interleaved (p − rank − 1) · 2 + (v − 1) · p, both at most the passes there are.
    CHECK(warmupPasses(Schedule::one_f_one_b, 8, 1, 8, 0, 64) == 7);
    CHECK(warmupPasses(Schedule::one_f_one_b, 8, 1, 8, 7, 64) == 0);
    CHECK(warmupPasses(Schedule::one_f_one_b, 8, 1, 8, 0, 3) == 3);
    CHECK(warmupPasses(Schedule::interleaved, 4, 2, 4, 0, 64) == 2 * 3 + 4);
    CHECK(warmupPasses(Schedule::interleaved, 4, 2, 4, 3, 64) == 4);
    CHECK(warmupPasses(Schedule::gpipe, 4, 1, 4, 0, 16) == 16);
    // The interleaved order: groups of g micro-batches through chunk 0, then chunk 1; backward reversed.
    CHECK(chunkOfPass(0, 8, 4, 2, false) == 0);
    CHECK(chunkOfPass(4, 8, 4, 2, false) == 1);
    CHECK(chunkOfPass(8, 8, 4, 2, false) == 0);
    CHECK(chunkOfPass(0, 8, 4, 2, true) == 1);
    // A shorter last group (m = 6, g = 4): passes 8 and 9 run chunk 0, 10 and 11 chunk 1.
    CHECK(chunkOfPass(9, 6, 4, 2, false) == 0);
    CHECK(chunkOfPass(10, 6, 4, 2, false) == 1);
}

TEST_CASE("the busiest stage sets the pace of every chunk turn but the first", "[core][schedule]")
{
    Parallel p;
    CHECK(pacedTurnsShare(p, 16) == 0); // one stage waits for no other
    p.pp = 4;
    CHECK(pacedTurnsShare(p, 16) == Approx(15.0 / 16));
    p.schedule = Schedule::interleaved;
    p.virtualStages = 2;
    CHECK(pacedTurnsShare(p, 16) == Approx(31.0 / 32));
    CHECK(bubbleFraction(p, 16) == Approx(3.0 / 32));
}
