#pragma once
// Launch settings for a plan: the scenario written as the settings a framework starts a
// run with — Megatron-LM's pretrain_gpt.py arguments, a torchtitan TOML job file, a DeepSpeed JSON
// config — with what the estimate expects the run's log to show. A setting the framework has no way
// to express is refused, named by its scenario key: settings that silently run another layout than
// the one estimated would be worse than none. Flag and key names are the frameworks' own:
// Megatron-LM megatron/training/arguments.py and megatron/core/transformer/transformer_config.py
// (2026-08); torchtitan torchtitan/config/job_config.py as of its last TOML release (2026-02);
// DeepSpeed's configuration JSON (deepspeed.ai/docs/config-json).

#include "core/estimate.h"
#include "core/problem.h"
#include "core/scenario.h"

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

/// What the estimate expects a run's log to show, in the units the logs print.
struct LogExpectation {
    double stepTimeS = 0;
    double stepLowS = 0, stepHighS = 0; ///< the estimate's range (published runs of this regime), or the step time
    int rangeRuns = 0; ///< measured runs the range rests on; 0: no range
    std::string rangeBasis;
    double peakMemoryGib = 0; ///< the most loaded GPU, everything the device holds
    double maxReservedGib = 0; ///< what PyTorch's max_memory_reserved() sees (no CUDA context, no NCCL buffers)
    double maxAllocatedGib = 0; ///< max_memory_allocated(): also without the allocator's slack
    double capacityGib = 0;
    double mfu = 0;
    double modelTflopsPerGpu = 0; ///< MFU × the compute dtype's peak
    /// The same two with the attention core over the whole s × s square, as torchtitan's "mfu" and
    /// "tflops" count it (docs/FORMULAS.md §4; the estimate's own count its causal half).
    double mfuWholeSquare = 0;
    double modelTflopsPerGpuWholeSquare = 0;
    double tokensPerS = 0; ///< the whole run
    double tokensPerSPerGpu = 0; ///< torchtitan's "tps"
    std::int64_t steps = 0; ///< optimizer steps for the token budget
    int gpus = 0;
};

[[nodiscard]] LogExpectation expectationOf(const Scenario& scenario, const Estimate& estimate);

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
