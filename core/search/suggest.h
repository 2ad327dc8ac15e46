#pragma once
// "Nearest valid": for a warning about a combination that does not divide (heads by TP,
// layers by PP·v, the batch by DP·micro-batch, experts by EP, the sequence by 2·CP, …), the closest
// setting that removes it — keeping the GPU count where the change is a parallel degree (for PP only
// when a divisor within a factor of two allows it; otherwise DP stays and the GPU count changes).

#include "core/estimate/estimate.h"
#include "core/scenario/scenario_io.h"

#include <cstddef>
#include <string>
#include <vector>

namespace core {

struct Suggestion {
    ProblemCode code = ProblemCode::heads_not_divisible_by_tp;
    std::string key; ///< scenario key changed, e.g. "parallel.tp"
    std::string value; ///< its new value as text, e.g. "4"
    Scenario scenario; ///< the whole scenario with the change (and DP adjusted to keep the GPUs)
    /// fitFixes only: the most loaded GPU's memory, the step time and the run's GPU-hours after the change.
    double memoryBytes = 0;
    double stepTimeS = 0;
    double gpuHours = 0;
};

/// One suggestion per warning that has a fix; each suggested scenario is valid and no longer
/// raises that warning.
[[nodiscard]] std::vector<Suggestion> nearestValid(const Scenario& s, const Estimate& e);

/// The largest number of fixes fitFixes() offers.
inline constexpr std::size_t kMaxFitFixes = 4;

/// For a scenario whose most loaded GPU does not fit: single-setting changes after which it fits
/// (code does_not_fit, with the memory, step time and GPU-hours after the change), cheapest in
/// GPU-hours first (a fair order between changes that keep the GPUs and one that adds some), at most
/// kMaxFitFixes — the cheapest recomputation that fits (norms and activation
/// function, op-level selective, full), the lowest ZeRO stage that fits (on more than one data-parallel
/// rank; ZeRO-2/3 only without a pipeline), the largest micro-batch that fits and divides the batch,
/// offloading the optimizer states, a wider TP within the node (DP gives up the GPUs), and, where ZeRO
/// shards, the fewest more GPUs. Each scenario is valid. Empty when it fits or nothing single helps.
[[nodiscard]] std::vector<Suggestion> fitFixes(const Scenario& s, const Estimate& e);

} // namespace core
