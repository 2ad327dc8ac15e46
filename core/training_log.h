#pragma once
// Plan versus actual (issue 21): the step lines of a training log read back and held against the
// estimate — measured step time, throughput, memory and MFU, the efficiencies refitted to match,
// each term's residual, and the whole run forecast at the measured pace.
//
// The formats are the frameworks' own print statements:
// - Megatron-LM, megatron/training/training.py training_log(): " iteration N/ M | consumed samples: … |
//   elapsed time per iteration (ms): X | throughput per GPU (TFLOP/s/GPU): T | …", and
//   utils report_memory(): "[Rank r] … memory (MB) | allocated: … | max allocated: … | reserved: … |
//   max reserved: W";
// - torchtitan, torchtitan/components/metrics.py MetricsProcessor.log(): "step: N  loss: …  grad_norm: …
//   memory: XGiB(P%)  tps: T  tflops: …  mfu: M%" (colour codes allowed; tps is tokens/s per GPU);
// - DeepSpeed, deepspeed/utils/timer.py ThroughputTimer.stop(): "epoch=E/micro_step=S/global_step=G,
//   RunningAvgSamplesPerSec=R, CurrSamplesPerSec=C, MemAllocated=AGB, MaxMemAllocated=MGB" (samples/s
//   of the whole batch, memory in GiB as torch reports it);
// - the Hugging Face Trainer's summary, {'train_runtime': …, 'train_samples_per_second': …,
//   'train_steps_per_second': S, …}: one average over the whole run, warm-up included.

#include "core/calibration.h"
#include "core/estimate.h"
#include "core/problem.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace core {

enum class LogFormat { megatron, torchtitan, deepspeed, hf_trainer };
inline constexpr std::array<std::string_view, 4> kLogFormatNames { "megatron", "torchtitan", "deepspeed",
    "hf_trainer" };
[[nodiscard]] constexpr std::string_view toString(LogFormat f)
{
    return nameOf(f, kLogFormatNames);
}

/// A log larger than this is refused: a year of Megatron-LM lines at one per step is ~50 MB.
inline constexpr std::size_t kMaxLogBytes = std::size_t(512) << 20;

/// One logged step; absent figures are nullopt.
struct LogStep {
    std::int64_t step = 0;
    std::optional<double> stepTimeS; ///< Megatron-LM's elapsed time per iteration
    std::optional<double> tokensPerSPerGpu; ///< torchtitan's tps
    std::optional<double> samplesPerS; ///< DeepSpeed's CurrSamplesPerSec (the whole batch)
    std::optional<double> tflopsPerGpu; ///< Megatron-LM's throughput per GPU
    std::optional<double> mfu; ///< torchtitan's mfu, as a fraction
    std::optional<double> memoryGib; ///< torchtitan: max reserved; DeepSpeed: max allocated
};

struct TrainingLog {
    LogFormat format = LogFormat::megatron;
    std::vector<LogStep> steps;
    std::optional<double> maxReservedGib; ///< Megatron-LM's report_memory, the largest of its ranks
    /// What the memory figure is: PyTorch's max_memory_reserved() or max_memory_allocated().
    bool memoryIsAllocated = false;
};

/// The step lines of `text`, in the format that has the most of them. nullopt and `error` (code
/// log_has_no_steps) when no line of any format is found.
[[nodiscard]] std::optional<TrainingLog> parseTrainingLog(std::string_view text, Problem* error = nullptr);

struct ActualComparison {
    TrainingLog log;
    int stepsUsed = 0; ///< the steady steps the median is taken over
    int stepsLeftOut = 0; ///< the first logged step (warm-up) and outliers (checkpoints, evaluation)
    std::int64_t firstStep = 0, lastStep = 0;

    // Measured: the median of the steady steps.
    double stepTimeS = 0;
    double tokensPerS = 0; ///< the whole run's
    std::optional<double> peakMemoryGib;
    std::optional<double> mfu;
    std::optional<double> tflopsPerGpu;

    // The plan: the estimate's figures of the same kind.
    double plannedStepTimeS = 0, plannedLowS = 0, plannedHighS = 0;
    int rangeRuns = 0;
    double plannedTokensPerS = 0;
    double plannedMemoryGib = 0; ///< of the kind the log reports (reserved or allocated)
    double plannedMfu = 0;
    double plannedTflopsPerGpu = 0; ///< model FLOPs per GPU (MFU × peak)

    /// measured ÷ planned − 1 per term the log has (step_time, tokens_per_s, peak_memory, mfu, tflops_per_gpu).
    std::vector<std::pair<std::string, double>> residuals;

    /// The efficiency and the allocator slack refitted so that the estimate reproduces the measurement.
    Calibration refit;

    /// The whole run at the measured pace (the estimate's training section: time_s, gpu_hours,
    /// total_cost_usd), and as planned.
    TrainingEstimate forecast, planned;
    /// The measured step time lies outside the plan's range (or, without a range, 10 % from its step time).
    bool drift = false;
};

/// Holds `log` against the scenario it ran (`estimate` is the scenario's, with its range when it has one).
[[nodiscard]] ActualComparison compareWithLog(const Scenario& scenario, const Estimate& estimate, TrainingLog log);

[[nodiscard]] std::string actualToJson(const ActualComparison& c);
[[nodiscard]] std::string actualToText(const ActualComparison& c);

} // namespace core
