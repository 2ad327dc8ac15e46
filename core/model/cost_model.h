#pragma once
// What a run costs, line by line (docs/MODEL.md "Cost"; the source article §6.5: "not only the
// GPUs: network traffic, storage I/O, power and the people who keep it running").

#include "core/scenario/estimate_types.h"

namespace core {

/// Average month (365.25 / 12 days) in seconds, for storage and people priced per month.
inline constexpr double kSecondsPerMonth = 365.25 / 12 * 86400;

/// Fills the GPU-hours, energy and every cost line of `e.training` from its wall-clock time, the
/// checkpoint size and the communication of one step.
void priceRun(const Scenario& s, Estimate& e);

} // namespace core
