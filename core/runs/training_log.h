#pragma once
// Plan versus actual: the step lines of a training log read back and held against the
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
//
// Reading streams: the log is read in pieces of 64 KiB, one line at a time ('\n', '\r\n' or a lone
// '\r' ends a line; a line over 64 KiB is no log line and is skipped), and the reader keeps per format
// only what the comparison needs, bounded whatever the log's length (about 1.5 MiB per format at most):
// counts, the first step, extremes with their lines, and the steady steps' figures in a sample of at
// most kLogSampleCapacity (see TrainingLog::sample). A log of 3 million lines reads in a few MB.

#include "core/estimate/estimate.h"
#include "core/fidelity/calibration.h"
#include "core/scenario/dimensions.h"
#include "core/scenario/problem.h"

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
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

/// A log larger than this is refused. Reading streams, so the cap no longer bounds memory but the
/// time a read takes. Measured at -O1 on one core of a loaded 2-core test machine, from the page
/// cache: step lines of Megatron-LM read at 1.4 GB/s; the slowest log, one of empty lines, at 120 MB/s
/// (the work per line). 4 GiB thus take 3 s for a real log (or the disk's time to read it) and at most
/// about 35 s for a hostile one. A year of Megatron-LM lines at one per step is ~50 MB; a run that
/// logs every rank's memory at every step writes far more, and stays well within the cap.
inline constexpr std::size_t kMaxLogBytes = std::size_t(4) << 30;

/// Lines longer than this are skipped: no framework prints a step line of 64 KiB.
inline constexpr std::size_t kMaxLogLineBytes = 64 * 1024;

/// The steady steps the reader keeps figures of (TrainingLog::sample): 65,536 × 24 bytes = 1.5 MiB.
/// Up to this many steady steps (a run of 65,536 logged steps or fewer: weeks of training at one line per
/// step and per minute) the median is exact.
inline constexpr std::size_t kLogSampleCapacity = 65536;

/// What a log can state about the run that wrote it, held against the scenario key of the same name
/// (kLogSettingKeys): the degree of each parallel dimension (logSettingOf, in dimensions()' order),
/// the global batch (sequences) and the sequence length.
enum class LogSetting { global_batch = int(kDimensionCount), seq_len };
inline constexpr int kLogSettingCount = int(LogSetting::seq_len) + 1;
[[nodiscard]] constexpr LogSetting logSettingOf(Knob dimension)
{
    return LogSetting(int(dimensionIndex(dimension)));
}
inline constexpr std::array<std::string_view, kLogSettingCount> kLogSettingKeys = [] {
    std::array<std::string_view, kLogSettingCount> keys {};
    for (std::size_t i = 0; i < kDimensionCount; ++i)
        keys[i] = kKnobKeys[std::size_t(kDimensionOrder[i])];
    keys[std::size_t(LogSetting::global_batch)] = "training.global_batch";
    keys[std::size_t(LogSetting::seq_len)] = "training.seq_len";
    return keys;
}();
[[nodiscard]] constexpr std::string_view toString(LogSetting s)
{
    return nameOf(s, kLogSettingKeys);
}

/// What the reader of a comparison should know about its log (not an error: the comparison stands).
enum class LogNoteCode {
    other_framework, ///< framework (LogFormat), lines: another framework's step lines, left out; chosen (LogFormat)
    framework_tie, ///< framework (the chosen LogFormat), other (LogFormat), lines: as many step lines each
    figures_rejected, ///< lines, first_line: step lines whose figure is no measurement, left out
    restarted, ///< restarts, line, from, to: step numbers go back (the first time: on line, from → to)
    only_warmup_step, ///< step, line: the only step is the first (warm-up) step, used for want of another
    not_steady, ///< left_out, steady: more than a quarter of the steady steps are over 1.5 × the median
    sampled, ///< sample, steady: the median is taken over a uniform sample of the steady steps
    /// framework (LogFormat), named and priced (SoftwareStack): the scenario names a stack of another
    /// framework than the log's; the plan is priced on the log's framework's stack instead
    stack_replaced,
    /// setting (LogSetting), log, plan, line: the log states another value of a setting than the scenario
    /// has — the log is of another run, and the residuals, the refit and the forecast compare two runs
    differs_from_plan,
    /// steps, batch: steady steps of a batch ramp-up (Megatron-LM's --rampup-batch-size: their line logs
    /// a global batch below the run's, `batch`), left out; the median is that of the full-batch steps
    rampup_steps,
    /// steps, batch: every step compared is of a batch ramp-up: each read at its pace per sequence, as
    /// a step of the run's `batch` sequences (its time ÷ its logged batch × `batch`)
    rampup_only,
};
inline constexpr std::array<std::string_view, 11> kLogNoteCodeNames { "other_framework", "framework_tie",
    "figures_rejected", "restarted", "only_warmup_step", "not_steady", "sampled", "stack_replaced", "differs_from_plan",
    "rampup_steps", "rampup_only" };
[[nodiscard]] constexpr std::string_view toString(LogNoteCode c)
{
    return nameOf(c, kLogNoteCodeNames);
}

struct LogNote {
    LogNoteCode code = LogNoteCode::other_framework;
    Problem::Values values; ///< named numbers, as a Problem's

    [[nodiscard]] double value(std::string_view name) const
    {
        return Problem::valueOf(values, name);
    } ///< 0 when absent
    [[nodiscard]] std::string message() const; ///< English, for the command line and files
};

/// One steady step's figures as the reader keeps them. `pace` is the log's own figure turned into a
/// time per unit, so that compareWithLog() makes it a step time with one factor from the scenario:
/// seconds per step (Megatron-LM's elapsed time; the Hugging Face Trainer: 1 ÷ steps/s), seconds per
/// token and GPU (torchtitan: 1 ÷ tps) or seconds per sample (DeepSpeed: 1 ÷ CurrSamplesPerSec).
/// MFU and TFLOP/s travel with their step's time in the one sample, so that the 1.5 × rule leaves
/// out the same steps' figures of every kind.
struct LogSample {
    double pace = 0;
    float mfu = -1; ///< torchtitan's, as a fraction; negative where the line has none
    float tflopsPerGpu = -1; ///< Megatron-LM's throughput per GPU; negative where the line has none
    /// The global batch (sequences) the line logs: Megatron-LM's "global batch size:", which a batch
    /// ramp-up (--rampup-batch-size) raises step by step to the run's; 0 where the line logs none.
    double batch = 0;
};

/// A figure of the log and the line it is on (1-based; lines end at '\n', '\r\n' or '\r').
struct LogFigure {
    double value = 0;
    std::int64_t line = 0;
};

/// What the reader keeps of the log's step lines, in the format that has the most of them.
struct TrainingLog {
    LogFormat format = LogFormat::megatron;
    /// What the memory figure is: PyTorch's max_memory_reserved() or max_memory_allocated().
    bool memoryIsAllocated = false;
    std::int64_t stepLines = 0; ///< step lines read, the first included
    /// The first logged step, which the median leaves out (compilation, allocator and NCCL warm-up).
    std::int64_t firstStep = 0, firstStepLine = 0;
    LogSample firstSample;
    /// The steady steps — all but the first — that the median is taken over: every one while there are
    /// at most kLogSampleCapacity, else a uniform random sample of that many (reservoir sampling,
    /// Vitter's algorithm R, with a fixed seed: the same log always gives the same result). The sample's
    /// median is then the median of the log's within ±1/√capacity = ±0.4 % of rank in 95 % of logs
    /// (the binomial spread of the sample's order statistics), and the outliers the 1.5 × rule finds
    /// in the sample stand for the same fraction of the log's steady steps.
    std::vector<LogSample> sample;
    std::int64_t steadySteps = 0; ///< how many steady steps `sample` stands for
    std::int64_t lowestSteadyStep = 0, highestSteadyStep = 0; ///< their step numbers
    /// The largest memory of any step line or, for Megatron-LM, report_memory line (the largest rank's
    /// max reserved), in GiB: memory is a peak.
    std::optional<LogFigure> peakMemoryGib;
    std::optional<LogFigure> highestMfu, highestTflopsPerGpu; ///< of any step line
    /// Step numbers going back: a restarted run (resumed from a checkpoint into the same log).
    std::int64_t restarts = 0;
    std::int64_t restartLine = 0, restartFrom = 0, restartTo = 0; ///< the first restart
    /// Step lines of this format whose figure is no measurement (zero, negative, not finite, beyond
    /// 10^15, too small for a double, not a whole number): left out.
    std::int64_t rejectedLines = 0, firstRejectedLine = 0;
    /// What the reader noticed about the whole log: other frameworks' lines left out, a tie between
    /// formats (other_framework, framework_tie).
    std::vector<LogNote> notes;
    /// What the log states about its run, by LogSetting, with the line it is on, where the framework
    /// prints it. Megatron-LM: its arguments block (megatron/training/arguments.py _print_args,
    /// "  tensor_model_parallel_size ...... 4"), validate_args' "using world size: …, data-parallel
    /// size: …" and the mpu's "> initializing tensor model parallel with size …" at start; each iteration
    /// line's "global batch size:", of which the last is kept over the arguments' — except where the
    /// arguments state a batch ramp-up (rampup_batch_size other than None): then the arguments'
    /// global_batch_size, the batch the ramp ends at, is the run's, and the lines below it are the
    /// ramp's steps (LogSample::batch). The other frameworks' step lines state none of these.
    std::array<std::optional<LogFigure>, kLogSettingCount> stated;
    std::string file; ///< the file read (readTrainingLog(), as given); empty for a text
};

/// The step lines of `text`, in the format that has the most of them (a tie goes to the format whose
/// first step line comes first, with a note). nullopt and `error` (code log_has_no_steps) when no line
/// of any format is found. The same reader as readTrainingLog(), for tests and small texts.
[[nodiscard]] std::optional<TrainingLog> parseTrainingLog(std::string_view text, Problem* error = nullptr);

struct LogReadOptions {
    /// The fraction of the file's bytes read so far, called at most about 100 times (at every whole
    /// percent) from the reading thread; for standard input, whose length is unknown, only at the end.
    std::function<void(double)> progress;
    /// Set (from another thread) to stop reading: the result is then `cancelled`.
    const std::atomic<bool>* cancel = nullptr;
};

struct LogReadResult {
    std::optional<TrainingLog> log;
    /// Why there is no log, in English: "PATH: reason" as core/base/file_io.h's readers give it (no such
    /// file, not a regular file, too large …), or "PATH: " and the problem's message.
    std::string error;
    std::optional<Problem> problem; ///< the file was read but has no step line (log_has_no_steps)
    bool cancelled = false;

    [[nodiscard]] bool ok() const { return log.has_value(); }
};

/// Reads the log at `path` ("/dev/stdin": standard input) as it streams in: regular files only, as
/// readFileBounded() (FIFOs, folders and devices are refused before opening), at most kMaxLogBytes
/// (an endless standard input stops there: "too large"). Memory does not grow with the log.
[[nodiscard]] LogReadResult readTrainingLog(const std::string& path, const LogReadOptions& options = {});

/// What a comparison keeps of its log: no per-step figures (a dialog holds the comparison).
struct LogSummary {
    LogFormat format = LogFormat::megatron;
    std::string file; ///< the file read, as given (TrainingLog::file); empty for a text
    bool memoryIsAllocated = false;
    std::int64_t stepLines = 0;
    std::int64_t steadySteps = 0;
    bool sampled = false; ///< the median is taken over a sample of the steady steps (more than kLogSampleCapacity)
};

struct ActualComparison {
    LogSummary log;
    SoftwareStack stack = SoftwareStack::generic; ///< the stack the plan is priced on (loggedScenario)
    std::int64_t stepsUsed = 0; ///< the steady steps the median is taken over
    /// the first logged step (warm-up), the ramp-up's steps (where full-batch steps are compared) and
    /// outliers (checkpoints, evaluation)
    std::int64_t stepsLeftOut = 0;
    /// The steady steps of a batch ramp-up: those whose line logs a global batch below the run's (the
    /// log's own where it states one, else the scenario's). Left out where the log has full-batch steps
    /// (a rampup_steps note); where it has none, each is read at its pace per sequence, as a step of
    /// the run's batch (`rampupPaced`, a rampup_only note).
    std::int64_t rampupSteps = 0;
    bool rampupPaced = false;
    /// The lowest and highest step number of the steady steps (a restarted run goes back in between).
    std::int64_t firstStep = 0, lastStep = 0;
    /// What the measured figures were held against: the bounds of the run the log states (its own
    /// global batch and sequence length where it states them, else the scenario's).
    MeasurementBounds bounds;

    /// The log states a layout, global batch or sequence length other than the scenario's (a
    /// differs_from_plan note for each): the log is of another run, so the residuals, the refit and the
    /// forecast hold two different runs against each other.
    bool otherRun = false;
    /// The tokens of one logged step: the log's own global batch × sequence length where it states
    /// them, else the scenario's.
    double tokensPerStep = 0;

    // Measured: the median of the steady steps (of a log of ramp-up steps only, each step's time ÷ its
    // logged batch × the run's batch).
    double stepTimeS = 0;
    double tokensPerS = 0; ///< the whole run's: tokensPerStep ÷ stepTimeS
    /// The plan's step (its global batch × sequence length) at the measured tokens per second: the
    /// logged step time where the log's step is the plan's size. The step-time residual, the refit, the
    /// drift and the forecast use it, so that a log of another batch is not read as twice as fast.
    double pacedStepTimeS = 0;
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

    /// What the reader should know about the log: differs_from_plan for each setting the log states
    /// otherwise than the plan, the reader's notes, then only_warmup_step, rampup_steps or rampup_only,
    /// not_steady, figures_rejected, restarted, sampled. The CLI prints them on stderr and in the
    /// JSON's "notes".
    std::vector<LogNote> notes;
};

/// Holds `log` against the scenario it ran (`estimate` is the scenario's, with its range when it has
/// one). The steady steps' median, none over 1.5 × the median of the steady steps (docs/DESIGN.md).
/// Steps of a batch ramp-up (LogSample::batch below the run's) are left out where the log has
/// full-batch steps; a log of ramp-up steps only is read at each step's pace per sequence, so that a
/// run on plan reads as on plan from its first steps.
///
/// Refused (nullopt, `error` measurement_implausible naming the line and the bound, see
/// core/fidelity/calibration.h measurementBounds()) when a figure cannot be a measurement of this scenario: a
/// measured step time (the median) faster than the kernel floor or beyond
/// the longest plausible step, a peak memory above the GPU's, a logged MFU above 1 or TFLOP/s per GPU
/// above the peak. Each of these means the log is of another run (or the scenario not the one it ran),
/// so no figure of it is taken. Single long steps are left out by the 1.5 × rule.
[[nodiscard]] std::optional<ActualComparison> compareWithLog(
    const Scenario& scenario, const Estimate& estimate, const TrainingLog& log, Problem* error = nullptr);
/// The scenario as the log's framework ran it: training.framework set to that framework's stack
/// (software_stack.h stackOfFamily).
[[nodiscard]] Scenario loggedScenario(const Scenario& scenario, LogFormat format);
/// compareWithLog of loggedScenario(), with its estimate and range: the plan priced on the stack that
/// wrote the log.
[[nodiscard]] std::optional<ActualComparison> compareWithLog(
    const Scenario& scenario, const TrainingLog& log, Problem* error = nullptr);

[[nodiscard]] std::string actualToJson(const ActualComparison& c);
[[nodiscard]] std::string actualToText(const ActualComparison& c);

} // namespace core
