#include "core/estimate/sensitivity.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace core {

namespace {

constexpr std::array<std::string_view, kAssumptionCount> kNames { "compute_efficiency", "memory_bound_passes",
    "bus_bandwidth", "comm_overlap", "comm_latency", "intra_node_bandwidth", "inter_node_bandwidth", "memory_bandwidth",
    "fragmentation", "cuda_context", "comm_buffers", "gpu_mtbf", "checkpoint_bandwidth", "restart_time" };

/// The assumption's value in the scenario, and its allowed range.
struct Access {
    double* value;
    double lo, hi;
};

Access access(Scenario& s, Assumption a)
{
    switch (a) {
    case Assumption::compute_efficiency:
        return { &s.efficiency.compute, 0.01, 1.0 };
    case Assumption::memory_bound_passes:
        return { &s.efficiency.memoryBoundPasses, 0.0, 100.0 };
    case Assumption::bus_bandwidth:
        return { &s.efficiency.busBandwidth, 0.01, 1.0 };
    case Assumption::comm_overlap:
        return { &s.efficiency.commOverlap, 0.0, 1.0 };
    case Assumption::comm_latency:
        return { &s.efficiency.commLatencyUs, 0.0, 1e6 };
    case Assumption::intra_node_bandwidth:
        return { &s.hardware.gpu.intraNodeGBps, 0.001, 1e6 };
    case Assumption::inter_node_bandwidth:
        return { &s.hardware.gpu.interNodeGBps, 0.001, 1e6 };
    case Assumption::memory_bandwidth:
        return { &s.hardware.gpu.memoryTBps, 0.01, 1000.0 };
    case Assumption::fragmentation:
        return { &s.overhead.fragmentation, 0.0, 1.0 };
    case Assumption::cuda_context:
        return { &s.overhead.cudaContextGib, 0.0, 64.0 };
    case Assumption::comm_buffers:
        return { &s.overhead.commBufferGibPerGroup, 0.0, 64.0 };
    case Assumption::gpu_mtbf:
        return { &s.reliability.gpuMtbfHours, 1.0, 1e9 };
    case Assumption::checkpoint_bandwidth:
        return { &s.reliability.checkpointWriteGBps, 0.001, 1e6 };
    case Assumption::restart_time:
        return { &s.reliability.restartMinutes, 0.0, 1e5 };
    }
    return { &s.efficiency.compute, 0.01, 1.0 };
}

Outcome outcomeOf(const Estimate& e)
{
    return { e.compute.stepTimeS, e.memory.total(), e.training.totalCostUsd };
}

} // namespace

std::string_view toString(Assumption a)
{
    return kNames[static_cast<std::size_t>(a)];
}

Sensitivity sensitivity(const Scenario& s, double fraction)
{
    Sensitivity out;
    out.fraction = std::clamp(fraction, 0.01, 0.9);
    out.base = outcomeOf(estimate(s));
    out.min = out.max = out.base;
    for (int i = 0; i < kAssumptionCount; ++i) {
        const auto a = static_cast<Assumption>(i);
        Scenario v = s;
        Access acc = access(v, a);
        SensitivityRow row;
        row.assumption = a;
        row.baseValue = *acc.value;
        if (row.baseValue <= 0 && a == Assumption::memory_bandwidth) continue; // unknown: the estimate assumes a value
        row.lowValue = std::clamp(row.baseValue * (1 - out.fraction), acc.lo, acc.hi);
        row.highValue = std::clamp(row.baseValue * (1 + out.fraction), acc.lo, acc.hi);
        *acc.value = row.lowValue;
        row.low = outcomeOf(estimate(v));
        *acc.value = row.highValue;
        row.high = outcomeOf(estimate(v));
        for (const Outcome& o : { row.low, row.high }) {
            out.min.stepTimeS = std::min(out.min.stepTimeS, o.stepTimeS);
            out.max.stepTimeS = std::max(out.max.stepTimeS, o.stepTimeS);
            out.min.memoryBytes = std::min(out.min.memoryBytes, o.memoryBytes);
            out.max.memoryBytes = std::max(out.max.memoryBytes, o.memoryBytes);
            out.min.totalCostUsd = std::min(out.min.totalCostUsd, o.totalCostUsd);
            out.max.totalCostUsd = std::max(out.max.totalCostUsd, o.totalCostUsd);
        }
        out.rows.push_back(row);
    }
    std::stable_sort(out.rows.begin(), out.rows.end(), [](const SensitivityRow& x, const SensitivityRow& y) {
        return std::abs(x.high.stepTimeS - x.low.stepTimeS) > std::abs(y.high.stepTimeS - y.low.stepTimeS);
    });
    return out;
}

} // namespace core
