#pragma once
// "Nearest valid": for a warning about a combination that does not divide (heads by TP,
// layers by PP·v, the batch by DP·micro-batch, experts by EP, the sequence by 2·CP, …), the closest
// setting that removes it — keeping the GPU count where the change is a parallel degree (for PP only
// when a divisor within a factor of two allows it; otherwise DP stays and the GPU count changes).

#include "core/estimate.h"
#include "core/scenario_io.h"

#include <string>
#include <vector>

namespace core {

struct Suggestion {
    ProblemCode code = ProblemCode::heads_not_divisible_by_tp;
    std::string key; ///< scenario key changed, e.g. "parallel.tp"
    std::string value; ///< its new value as text, e.g. "4"
    Scenario scenario; ///< the whole scenario with the change (and DP adjusted to keep the GPUs)
};

/// One suggestion per warning that has a fix; each suggested scenario is valid and no longer
/// raises that warning.
[[nodiscard]] std::vector<Suggestion> nearestValid(const Scenario& s, const Estimate& e);

} // namespace core
