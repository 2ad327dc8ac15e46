// Feasibility heatmap (issue 12): every cell equals estimate() of the scenario with those two
// inputs, and infeasible cells carry the reason.
#include "heatmap.h"
#include "presets.h"
#include "scenario_io.h"

#include <catch2/catch.hpp>

using namespace core;

TEST_CASE("heatmap cells equal estimate() for their inputs", "[core][heatmap]")
{
    Scenario s = defaultScenario();
    s.model = presetModel(*findModelPreset("llama-2-70b"));
    s.parallel.dp = 4;
    s.training.globalBatch = 1024;
    const Heatmap h = heatmap(s, HeatAxis::tp, HeatAxis::pp);
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
                CHECK_FALSE(c.reason.empty());
                continue;
            }
            const Estimate e = estimate(expected);
            CHECK(c.estimate->memory.total() == e.memory.total());
            CHECK(c.estimate->compute.stepTimeS == e.compute.stepTimeS);
            if (c.feasible())
                ++feasible;
            else {
                CHECK(c.reason.rfind("does not fit", 0) == 0);
                ++tooBig;
            }
        }
    }
    // 70B on 4 × (TP × PP) GPUs: small layouts do not fit, large ones do.
    CHECK(feasible > 0);
    CHECK(tooBig > 0);
    CHECK_FALSE(h.at(0, 0).feasible()); // TP 1 × PP 1: 70B states alone exceed 80 GB
}

TEST_CASE("invalid combinations name the key", "[core][heatmap]")
{
    Scenario s = defaultScenario();
    const Heatmap h = heatmap(s, HeatAxis::cp, HeatAxis::recompute);
    bool named = false;
    for (const auto& c : h.cells)
        named = named || c.reason.find("parallel.") != std::string::npos;
    // CP with an odd number of … is a warning, not an error, so every cell is valid here.
    CHECK_FALSE(named);
    Scenario moe = defaultScenario();
    moe.model = presetModel(*findModelPreset("mixtral-8x7b"));
    moe.parallel.ep = 8;
    moe.parallel.dp = 8;
    const Heatmap bad = heatmap(moe, HeatAxis::dp, HeatAxis::tp);
    bool epNamed = false;
    for (const auto& c : bad.cells)
        epNamed = epNamed || c.reason.find("parallel.ep") != std::string::npos;
    CHECK(epNamed); // DP 1, 2, 4 cannot host EP 8
}
