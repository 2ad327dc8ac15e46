#pragma once
// The two edits the field table's rows make that carry another value with them (scenario_fields.cpp),
// kept below the table, so that the table does not depend on the form's edit rules (scenario_edit.h),
// which use the table; and the rules that make a layout impossible, which the reader, the heatmap and
// the planner apply.

#include "core/scenario/problem.h"
#include "core/scenario/scenario.h"

#include <optional>

namespace core {

/// Sets one integer field of the architecture (`&Architecture::hidden`, …) with what follows
/// from it: the head width keeps following hidden ÷ heads where it did (not Gemma's 256-wide
/// heads, not latent attention's 128 for 7168 ÷ 128); KV heads never exceed the heads (and equal
/// them with latent attention); kv_lora_rank switches latent attention on or off.
void setArchitectureField(Architecture& arch, int Architecture::*field, int value);

/// Sets the pipeline schedule: the interleaved schedule needs at least two model chunks per
/// stage (Narayanan et al. 2021 §2.2), every other schedule exactly one.
void setSchedule(Parallel& parallel, Schedule schedule);

/// The first rule of `parallel` that makes the layout impossible (checked by the reader on every
/// file, and by the heatmap on every cell).
[[nodiscard]] std::optional<Problem> parallelRuleProblem(const Parallel& parallel);
/// The same for a whole scenario: the parallel rules, then those joining sections (micro-batch
/// within the global batch, a layer for every pipeline chunk).
[[nodiscard]] std::optional<Problem> layoutProblem(const Scenario& scenario);

} // namespace core
