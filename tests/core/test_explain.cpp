// Every figure explains itself: core's explanations cover the shown quantities and agree with them.
#include "estimate.h"
#include "explain.h"
#include "scenario_io.h"

#include <catch2/catch.hpp>

using namespace core;

TEST_CASE("explanations cover memory, time, communication and cost", "[core][explain]")
{
    Scenario s = defaultScenario();
    s.parallel.tp = 2;
    s.parallel.pp = 2;
    s.parallel.dp = 4;
    const Estimate e = estimate(s);
    const auto all = explain(s, e);
    for (const char* key : {"memory.weights", "memory.gradients", "memory.master_weights", "memory.optimizer_states",
                            "memory.activations", "memory.buffers", "memory.overhead", "compute.compute_time_s",
                            "compute.bubble_time_s", "compute.optimizer_time_s", "compute.step_time_s", "compute.mfu",
                            "communication.tp.all_reduce", "communication.pp.send_recv", "communication.dp.reduce_scatter",
                            "training.time_s", "training.cost_usd"}) {
        INFO(key);
        const Explanation* x = findExplanation(all, key);
        REQUIRE(x);
        CHECK_FALSE(x->formula.empty());
        CHECK_FALSE(x->source.empty());
        CHECK(x->substituted.find('=') != std::string::npos);
    }
    // The substituted weights end in the value the chart shows (3 significant digits, GB).
    const auto* w = findExplanation(all, "memory.weights");
    char expected[32];
    std::snprintf(expected, sizeof expected, "%.4g GB", e.memory.peak().bytes.weights / 1e9);
    CHECK_THAT(w->substituted, Catch::EndsWith(expected));
}
