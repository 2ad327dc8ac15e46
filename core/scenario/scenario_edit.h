#pragma once
// What changing one input carries with it: the rules a form applies when a user
// edits a field, kept in core beside the scenario they protect, and tested here, instead of in
// the widgets' lambdas. A file states every value explicitly and is read as written; these rules
// are for interactive edits, where one change implies others.

#include "core/scenario/presets.h"
#include "core/scenario/scenario.h"
#include "core/scenario/scenario_rules.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace core {

/// The hardware after choosing a GPU preset: its figures, and the GPUs per node of its system —
/// a rack-scale NVLink domain (GB200 NVL72: 72), or 8-GPU servers when leaving one; otherwise the
/// current count is kept.
[[nodiscard]] Hardware withGpuPreset(const Hardware& current, const GpuPreset& preset);

/// The name a scenario gets from what it describes: "Llama 3 70B pre-training on 8 × H100 SXM 80GB",
/// "6.74 B-parameter model LoRA fine-tuning on 1 × RTX 4090" (a fixed name was wrong after a
/// change of model and GPU: every title and export still named the default scenario). A scenario
/// whose name is its automatic one keeps following its edits (nameFollowingEdit); one the user named
/// keeps that name.
[[nodiscard]] std::string automaticName(const Scenario& scenario);

/// What an automatic name says, for the interface to word it in its language: the preset's label, or
/// the parameter count (the estimate's: a bare size's own count); the method; the GPU count and the
/// GPU's name without its vendor.
struct NameParts {
    std::string label; ///< the model preset's label; empty: the model is named by `parameters`
    double parameters = 0;
    Method method = Method::full;
    std::int64_t gpus = 1;
    std::string gpu;
};
[[nodiscard]] NameParts automaticNameParts(const Scenario& scenario);
/// Whether the scenario's name is its automatic one (or none: a file without a name), which the
/// interface words in its own language and which follows edits.
[[nodiscard]] bool hasAutomaticName(const Scenario& scenario);

/// `after`'s name after an edit of `before`: automatic if `before`'s was, else as `after` says.
void nameFollowingEdit(const Scenario& before, Scenario& after);

/// Whether `value` of the degree `key` ("parallel.dp", "parallel.pp", "parallel.cp", "parallel.ep")
/// divides what it splits, the conditions of warningsFor (estimate.cpp) and of Megatron-LM's argument
/// checks: DP × micro-batch divides the global batch, PP × virtual stages the layers, 2·CP the
/// sequence (load-balanced chunks), EP the experts.
[[nodiscard]] bool degreeDivides(const Scenario& scenario, std::string_view key, int value);

/// The degree `key` after `steps` steps (negative: down) through the values for which degreeDivides
/// holds, from its current value: DP 8 → 16 → 32 with a global batch of 1,024, not 9, 10, 11
/// (which would only raise divisibility warnings). nullopt where no such value lies that way (DP at 1,024).
[[nodiscard]] std::optional<int> steppedDegree(const Scenario& scenario, std::string_view key, int steps);

/// The GPU count TP × PP × CP × DP after `steps` steps of DP (steppedDegree), or nullopt.
[[nodiscard]] std::optional<std::int64_t> steppedGpuCount(const Scenario& scenario, int steps);

/// Sets the GPU count by data parallelism, the one degree that does not change the model's split:
/// DP = gpus ÷ (TP × PP × CP), the nearest whole replica count of at least 1 when that does not
/// divide (12 GPUs at TP 8 give DP 2, 16 GPUs).
void setGpuCount(Scenario& scenario, std::int64_t gpus);

/// What a plan of the planner sets in a scenario, written once for every view and the command line:
/// `plan`'s layout (every parallel setting, with the schedule and the settings that follow from it)
/// and its micro-batch.
void applyPlan(Scenario& scenario, const Scenario& plan);

/// What a plan of the price search sets: `plan`'s GPU, price, pricing and spot reclaim rate, and
/// what any plan sets (applyPlan).
void applyCostPlan(Scenario& scenario, const Scenario& plan);

/// Whether a search made for `searched` holds for `current`: they differ at most in what a plan
/// sets (applyPlan), and in an automatic name, which follows the GPU count a plan sets. Applying a
/// plan of the search keeps it current; any other edit makes it stale.
[[nodiscard]] bool samePlanInputs(const Scenario& searched, const Scenario& current);
/// The same for the price search, whose plans set more (applyCostPlan).
[[nodiscard]] bool sameCostPlanInputs(const Scenario& searched, const Scenario& current);

} // namespace core
