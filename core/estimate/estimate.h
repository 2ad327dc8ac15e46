#pragma once
// The estimate of one scenario: pure function of the Scenario, fast enough for every slider tick.

#include "core/scenario/estimate_types.h"

namespace core {

[[nodiscard]] Estimate estimate(const Scenario& scenario);

struct ParameterBreakdown;
/// estimate() from the memory it starts with: `breakdown` is countParameters(scenario.model.arch) and
/// `memory` memoryEstimate(scenario, breakdown). For a search that tries many layouts of one model
/// and prices the time only of those whose memory fits.
[[nodiscard]] Estimate estimate(const Scenario& scenario, const ParameterBreakdown& breakdown, MemoryEstimate memory);

} // namespace core
