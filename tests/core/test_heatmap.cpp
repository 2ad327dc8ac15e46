// Feasibility heatmap: every cell equals estimate() of the scenario with those two
// inputs, and infeasible cells carry the reason.
#include "core/scenario/presets.h"
#include "core/scenario/scenario_io.h"
#include "core/search/heatmap.h"

#include <catch2/catch.hpp>

using namespace core;

TEST_CASE("heatmap cells equal estimate() for their inputs", "[core][heatmap]")
{
    Scenario s = defaultScenario();
    s.model = presetModel(*findModelPreset("llama-2-70b"));
    s.parallel.dp = 4;
    s.training.globalBatch = 1024;
    const Heatmap h = heatmap(s, heatAxis(Knob::tp), heatAxis(Knob::pp));
    REQUIRE(h.cells.size() == h.xs.size() * h.ys.size());
    int feasible = 0, tooBig = 0;
    for (std::size_t yi = 0; yi < h.ys.size(); ++yi) {
        for (std::size_t xi = 0; xi < h.xs.size(); ++xi) {
            const HeatCell& c = h.at(xi, yi);
            Scenario expected = s;
            expected.parallel.tp = h.xs[xi];
            expected.parallel.pp = h.ys[yi];
            if (expected.parallel.tp == 1) expected.parallel.sequenceParallel = false;
            INFO("tp " << c.x << " pp " << c.y);
            CHECK(c.scenario == expected);
            if (!c.estimate) {
                CHECK(c.problem.has_value());
                continue;
            }
            const Estimate e = estimate(expected);
            CHECK(c.estimate->memory.total() == e.memory.total());
            CHECK(c.estimate->compute.stepTimeS == e.compute.stepTimeS);
            if (c.feasible())
                ++feasible;
            else {
                REQUIRE(c.problem);
                CHECK(c.problem->code == ProblemCode::does_not_fit);
                CHECK(c.problem->value("total_bytes") == e.memory.total());
                CHECK(c.problem->value("capacity_bytes") == e.memory.capacity);
                ++tooBig;
            }
        }
    }
    // 70B on 4 × (TP × PP) GPUs: small layouts do not fit, large ones do.
    CHECK(feasible > 0);
    CHECK(tooBig > 0);
    CHECK_FALSE(h.at(0, 0).feasible()); // TP 1 × PP 1: 70B states alone exceed 80 GB
}

TEST_CASE("invalid combinations are problems with a code, the key and the numbers", "[core][heatmap]")
{
    Scenario s = defaultScenario();
    const Heatmap h = heatmap(s, heatAxis(Knob::cp), heatAxis(Knob::recompute));
    // A sequence that does not split into 2 × CP chunks is a warning, not an error: every cell is valid.
    for (const auto& c : h.cells)
        CHECK((c.feasible() || c.problem->code == ProblemCode::does_not_fit));
    Scenario moe = defaultScenario();
    moe.model = presetModel(*findModelPreset("mixtral-8x7b"));
    moe.parallel.ep = 8;
    moe.parallel.dp = 8;
    const Heatmap bad = heatmap(moe, heatAxis(Knob::dp), heatAxis(Knob::tp));
    int refused = 0;
    for (const auto& c : bad.cells) {
        INFO("dp " << c.x << " tp " << c.y);
        if (c.x >= 8) {
            CHECK((c.feasible() || c.problem->code == ProblemCode::does_not_fit));
            continue;
        }
        // DP 1, 2, 4 cannot host EP 8 (Megatron-LM carves EP out of dp × cp).
        REQUIRE(c.problem);
        CHECK(c.problem->code == ProblemCode::ep_not_dividing_dp_cp);
        CHECK(c.problem->key == "parallel.ep");
        CHECK(c.problem->value("ep") == 8);
        CHECK(c.problem->value("dp_cp") == c.x);
        ++refused;
    }
    CHECK(refused == 3 * int(bad.ys.size()));
}

TEST_CASE("the heatmap and the file reader refuse a layout by the same rule", "[core][heatmap][io]")
{
    Scenario s = defaultScenario();
    s.parallel.schedule = Schedule::interleaved;
    s.parallel.virtualStages = 2;
    s.parallel.pp = 2;
    const Heatmap h = heatmap(s, heatAxis(Knob::pp), heatAxis(Knob::pp));
    for (const auto& c : h.cells) {
        INFO("pp " << c.x);
        const auto error = validateScenario(c.scenario);
        CHECK(error.has_value() == (c.problem && c.problem->code != ProblemCode::does_not_fit));
        if (!error) continue;
        // pp 1 cannot interleave; pp × 2 chunks beyond 32 layers leaves a chunk empty.
        CHECK(c.problem->code == (c.x == 1 ? ProblemCode::interleaved_needs_pp : ProblemCode::stage_without_layer));
        CHECK(error->path == c.problem->key);
        CHECK(error->message == c.problem->message());
    }
}

TEST_CASE("a grid of degrees can keep the GPU count with DP taking the rest", "[core][heatmap]")
{
    // Splitting one 8-GPU node: TP × PP must divide the 8 GPUs, and DP fills them.
    const Scenario s = defaultScenario();
    REQUIRE(s.parallel.gpus() == 8);
    const Heatmap h = heatmap(s, heatAxis(Knob::tp), heatAxis(Knob::pp), HeatGpus::keep);
    CHECK(h.gpus == HeatGpus::keep);
    for (const HeatCell& c : h.cells) {
        INFO("TP " << c.x << " PP " << c.y);
        if (c.x * c.y > 8) {
            REQUIRE(c.problem);
            CHECK(c.problem->code == ProblemCode::layout_exceeds_gpus);
            CHECK(c.problem->value("per_replica") == c.x * c.y);
            CHECK_FALSE(c.estimate);
        } else {
            CHECK(c.scenario.parallel.gpus() == 8);
            CHECK(c.scenario.parallel.dp == 8 / (c.x * c.y));
        }
    }
    // Growing, the same cell TP 8 × PP 2 keeps DP 8: 128 GPUs.
    const Heatmap grown = heatmap(s, heatAxis(Knob::tp), heatAxis(Knob::pp), HeatGpus::grow);
    for (const HeatCell& c : grown.cells)
        if (c.x == 8 && c.y == 2) CHECK(c.scenario.parallel.gpus() == 128);
    // A DP axis changes the count by definition, kept or not.
    const Heatmap dp = heatmap(s, heatAxis(Knob::dp), heatAxis(Knob::tp), HeatGpus::keep);
    for (const HeatCell& c : dp.cells)
        CHECK(c.scenario.parallel.dp == c.x);
}
