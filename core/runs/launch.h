#pragma once
// Launch settings for a plan: the scenario written as the settings a framework starts a
// run with — Megatron-LM's pretrain_gpt.py arguments, a torchtitan TOML job file, a DeepSpeed JSON
// config — with what the estimate expects the run's log to show. A setting the framework has no way
// to express is refused, named by its scenario key: settings that silently run another layout than
// the one estimated would be worse than none. Flag and key names are the frameworks' own:
// Megatron-LM megatron/training/arguments.py and megatron/core/transformer/transformer_config.py
// (2026-08); torchtitan torchtitan/config/job_config.py as of its last TOML release (2026-02);
// DeepSpeed's configuration JSON (deepspeed.ai/docs/config-json).

#include "core/estimate/estimate.h"
#include "core/runs/log_expectation.h"
#include "core/scenario/problem.h"
#include "core/scenario/scenario.h"

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace core {

enum class Framework { megatron, torchtitan, deepspeed };
inline constexpr std::array<std::string_view, 3> kFrameworkNames { "megatron", "torchtitan", "deepspeed" };
[[nodiscard]] constexpr std::string_view toString(Framework f)
{
    return nameOf(f, kFrameworkNames);
}
/// "Megatron-LM", "torchtitan", "DeepSpeed".
[[nodiscard]] std::string_view frameworkLabel(Framework f);

struct LaunchSettings {
    Framework framework = Framework::megatron;
    /// The file: arguments one per line, TOML or JSON. Megatron's and torchtitan's carry the
    /// expectations as comments; JSON has none, DeepSpeed's go beside it (expectationText).
    std::string text;
    std::string expectationText; ///< the same expectations as plain lines
    LogExpectation expectation;
    /// Settings the framework cannot express (code framework_cannot_express, key = the setting);
    /// when any, `text` is empty.
    std::vector<Problem> refused;

    [[nodiscard]] bool ok() const { return refused.empty(); }
};

/// `estimate` is the scenario's (with its range when it has one: estimateWithRange).
[[nodiscard]] LaunchSettings launchSettings(const Scenario& scenario, const Estimate& estimate, Framework framework);
/// The scenario as `framework` runs it: training.framework set to that framework's stack
/// (software_stack.h stackOfFamily), so the expectations price what that stack adds.
[[nodiscard]] Scenario launchedScenario(const Scenario& scenario, Framework framework);
/// launchSettings of launchedScenario(), with its estimate and range.
[[nodiscard]] LaunchSettings launchSettings(const Scenario& scenario, Framework framework);

/// "parallel.tp = 8 cannot be expressed in DeepSpeed's settings: …", English, for the command line.
[[nodiscard]] std::string refusalText(const Scenario& scenario, const Problem& refusal);

/// Why a framework cannot express a setting (the value "why" of a framework_cannot_express problem).
enum class LaunchRefusal {
    no_such_setting, ///< the framework has no option for it
    set_in_model_code, ///< the framework builds it in the training script, not from its config
    layout_always_on, ///< the framework always uses the other choice (torchtitan's TP shards the sequence)
    model_not_expressible, ///< the model architecture cannot be given in this file
    /// training.global_batch is not a whole number of micro-batches on every data-parallel rank, which
    /// every framework refuses at start-up (values micro_batch and dp: the multiple it needs)
    batch_not_whole,
    /// FSDP2 shards parameters, gradients and optimizer states together (ZeRO-3, or ZeRO-2 when the
    /// parameters stay gathered after the forward) or replicates (ZeRO-0): no ZeRO-1
    zero_stage_unsupported,
};

} // namespace core
