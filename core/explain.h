#pragma once
// Every figure explains itself: for each quantity of an estimate, the formula, the
// formula with this scenario's numbers in it, and the source. The texts are notation and
// citations, not sentences: widgets add the translated name of the quantity.

#include "core/estimate.h"

#include <string>
#include <vector>

namespace core {

struct Explanation {
    std::string key; ///< estimate key path, e.g. "memory.weights", "communication.dp"
    std::string formula; ///< e.g. "Ψ_stage × bytes(weights) ÷ shard"
    std::string substituted; ///< e.g. "6.74e9 × 2 B ÷ 1 = 13.5 GB"
    std::string source; ///< paper + equation/table, or "scenario setting"
};

[[nodiscard]] std::vector<Explanation> explain(const Scenario& scenario, const Estimate& estimate);
[[nodiscard]] const Explanation* findExplanation(const std::vector<Explanation>& all, std::string_view key);

} // namespace core
