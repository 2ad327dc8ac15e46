// Sensitivity: one assumption at a time, ±f; the directions follow the model (a faster
// matmul shortens the step, fragmentation only moves memory), and the base is the estimate.
#include "core/estimate/sensitivity.h"
#include "core/scenario/scenario_io.h"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace core;

namespace {

const SensitivityRow& row(const Sensitivity& s, Assumption a)
{
    for (const auto& r : s.rows)
        if (r.assumption == a) return r;
    FAIL("missing row " << toString(a));
    return s.rows.front();
}

} // namespace

TEST_CASE("sensitivity moves each assumption by ±f and recomputes step, memory and cost", "[core][sensitivity]")
{
    Scenario s = defaultScenario();
    s.parallel.dp = 64;
    s.parallel.zero = 3;
    s.training.globalBatch = 1024;
    const Estimate e = estimate(s);
    const Sensitivity sens = sensitivity(s, 0.2);
    CHECK(sens.rows.size() == std::size_t(kAssumptionCount));
    CHECK(sens.base.stepTimeS == e.compute.stepTimeS);
    CHECK(sens.base.memoryBytes == e.memory.total());

    const auto& eff = row(sens, Assumption::compute_efficiency);
    CHECK(eff.lowValue == Approx(Efficiency {}.compute * 0.8));
    CHECK(eff.highValue == Approx(std::min(1.0, Efficiency {}.compute * 1.2))); // a fraction: at most 1
    CHECK(eff.low.stepTimeS > sens.base.stepTimeS);
    CHECK(eff.high.stepTimeS < sens.base.stepTimeS);
    CHECK(eff.low.memoryBytes == sens.base.memoryBytes);

    const auto& frag = row(sens, Assumption::fragmentation);
    CHECK(frag.low.memoryBytes < sens.base.memoryBytes);
    CHECK(frag.high.memoryBytes > sens.base.memoryBytes);
    CHECK(frag.low.stepTimeS == sens.base.stepTimeS);

    // 64 GPUs on 8 nodes with ZeRO-3: the network matters, NVLink does not (no intra-node groups).
    const auto& net = row(sens, Assumption::inter_node_bandwidth);
    CHECK(net.low.stepTimeS > net.high.stepTimeS);
    const auto& nvlink = row(sens, Assumption::intra_node_bandwidth);
    CHECK(nvlink.low.stepTimeS == nvlink.high.stepTimeS);

    // Rows sorted by swing on step time; the envelope contains every row.
    for (std::size_t i = 1; i < sens.rows.size(); ++i)
        CHECK(std::abs(sens.rows[i - 1].high.stepTimeS - sens.rows[i - 1].low.stepTimeS)
            >= std::abs(sens.rows[i].high.stepTimeS - sens.rows[i].low.stepTimeS));
    for (const auto& r : sens.rows) {
        CHECK(sens.min.stepTimeS <= std::min(r.low.stepTimeS, r.high.stepTimeS));
        CHECK(sens.max.totalCostUsd >= std::max(r.low.totalCostUsd, r.high.totalCostUsd));
    }
    // Efficiencies stay within their ranges.
    const Sensitivity wide = sensitivity(s, 0.9);
    CHECK(row(wide, Assumption::comm_overlap).highValue <= 1.0);
}
