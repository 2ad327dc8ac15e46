#pragma once
// The two edits the field table's rows make that carry another value with them (scenario_fields.cpp):
// kept below the table, so that the table does not depend on the form's edit rules
// (scenario_edit.h), which use the table.

#include "core/scenario.h"

namespace core {

/// Sets one integer field of the architecture (`&Architecture::hidden`, …) with what follows
/// from it: the head width keeps following hidden ÷ heads where it did (not Gemma's 256-wide
/// heads, not latent attention's 128 for 7168 ÷ 128); KV heads never exceed the heads (and equal
/// them with latent attention); kv_lora_rank switches latent attention on or off.
void setArchitectureField(Architecture& arch, int Architecture::*field, int value);

/// Sets the pipeline schedule: the interleaved schedule needs at least two model chunks per
/// stage (Narayanan et al. 2021 §2.2), every other schedule exactly one.
void setSchedule(Parallel& parallel, Schedule schedule);

} // namespace core
