#pragma once
// The plan and sweep output formats (docs/DESIGN.md "Command line": trainplanner-plan and
// trainplanner-sweep JSON, and their CSV tables), in core so that the command line and the GUI's
// export write the same files. Base units: bytes, seconds, fractions, USD.

#include "core/search/planner.h"
#include "core/search/sweep.h"

#include <nlohmann/json.hpp>

#include <string>

namespace core {

/// A search's problem (search_too_large, pins_leave_nothing) as the plan and cost-plan JSON write it:
/// "code", "key", its English "message" and its named numbers.
[[nodiscard]] nlohmann::ordered_json problemToJson(const Problem& problem);

[[nodiscard]] std::string planToJson(const PlanResult& result);
/// One row per plan, best first; the header names each column with its unit.
[[nodiscard]] std::string planToCsv(const PlanResult& result);

/// `key` names what was varied ("gpus" for a GPU-count sweep, else the key path).
[[nodiscard]] std::string sweepToJson(const SweepResult& result, const std::string& key);
/// One row per point. A GPU-count sweep has one gpus column, not two.
[[nodiscard]] std::string sweepToCsv(const SweepResult& result, const std::string& key);

} // namespace core
