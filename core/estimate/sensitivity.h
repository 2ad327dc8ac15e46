#pragma once
// How far the estimate moves when an assumption is off: each default that is not a
// datasheet fact — efficiencies, overlaps, latency, bandwidths, memory overheads, reliability — is
// moved down and up by a user-set fraction, one at a time, and step time, memory per GPU and
// total cost are recomputed. Rows come sorted by their swing on step time.

#include "core/estimate/estimate.h"

#include <string_view>
#include <vector>

namespace core {

enum class Assumption {
    compute_efficiency,
    memory_bound_passes,
    bus_bandwidth,
    comm_overlap,
    comm_latency,
    intra_node_bandwidth,
    inter_node_bandwidth,
    memory_bandwidth,
    fragmentation,
    cuda_context,
    comm_buffers,
    gpu_mtbf,
    checkpoint_bandwidth,
    restart_time,
};
inline constexpr int kAssumptionCount = 14;
[[nodiscard]] std::string_view toString(Assumption a);

struct Outcome {
    double stepTimeS = 0;
    double memoryBytes = 0; ///< most loaded GPU
    double totalCostUsd = 0;
};

struct SensitivityRow {
    Assumption assumption = Assumption::compute_efficiency;
    double lowValue = 0, baseValue = 0, highValue = 0; ///< the assumption itself
    Outcome low, high; ///< outcomes at the low and the high value
};

struct Sensitivity {
    double fraction = 0.2;
    Outcome base;
    Outcome min, max; ///< over all rows, one assumption at a time
    std::vector<SensitivityRow> rows;
};

/// `fraction` in (0, 0.9]: each assumption at (1 − f) and (1 + f) of its value, clamped to the
/// range the scenario format allows (an efficiency stays ≤ 1).
[[nodiscard]] Sensitivity sensitivity(const Scenario& s, double fraction);
/// How far the banner's "Show ranges" moves each assumption, up and down (the sensitivity page lets a
/// user choose its own fraction).
inline constexpr double kRangeFraction = 0.2;

} // namespace core
