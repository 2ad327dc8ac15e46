#pragma once
// Published training runs and how close the estimate comes to each (docs/FIDELITY.md).
// The runs live in resources/fidelity/published.json, embedded at build time.

#include "core/estimate/estimate.h"

#include <string>
#include <string_view>
#include <vector>

namespace core {

/// What a published figure measures, and how it is read off an Estimate.
enum class FidelityMetric { peak_memory_gib, tflops_per_gpu, mfu, step_time_s, gpu_hours, tokens_per_s_per_gpu };

/// What a measured peak memory counts (published.json's "measure", required for peak_memory_gib):
/// the device's used memory (nvidia-smi), PyTorch's max_memory_reserved() — the caching allocator's
/// segments, without the CUDA context and NCCL's own buffers — or max_memory_allocated(), which
/// also leaves out the allocator's slack.
enum class MemoryMeasure { device, reserved, allocated };

/// One published run: the scenario that reproduces its setup, the figure and where it comes from.
struct PublishedRun {
    std::string id;
    FidelityMetric metric = FidelityMetric::tflops_per_gpu;
    double published = 0;
    /// Calibration runs chose the shipped defaults; validation runs are out of sample.
    bool calibration = false;
    /// Of the calibration runs, those that fitted a software stack's own constants (vTrain's rows:
    /// megatron-deepspeed's host times and residual efficiency), not the model's (refit.h).
    bool stackCalibration = false;
    std::string group; ///< the publication or measurement set the run comes from
    /// The runs measured together, on one software stack: one table or benchmark file of the source
    /// (published.json's optional "campaign"; the group when absent).
    std::string campaign;
    std::string source;
    Scenario scenario;
    MemoryMeasure measure = MemoryMeasure::device; ///< peak_memory_gib only
};

struct FidelityRow {
    const PublishedRun* run = nullptr;
    double predicted = 0;
    double error = 0; ///< predicted / published − 1
};

/// The out-of-sample throughput error of one slice of the suite: a source, or a regime (GPU, size
/// class, parallelism family, sequence length, compute format).
struct FidelityGroup {
    std::string kind; ///< "source", "gpu", "size", "parallelism", "sequence", "format", "nodes", "tp", "method"
    std::string name;
    int runs = 0;
    double meanAbsError = 0;
    double meanError = 0; ///< signed: above 0 the estimate is optimistic (predicts more throughput)
};

/// Where one source measured one model (one sequence length, GPU, formats and software) in three
/// layouts or more: how well the estimate orders them — Spearman's rank correlation of predicted
/// and published throughput over the out-of-sample runs, ties at their mean rank.
struct RankAgreement {
    std::string source;
    std::string firstRun; ///< the id of the group's first run, to name it
    int runs = 0;
    double spearman = 0;
};

struct FidelitySummary {
    std::vector<FidelityRow> rows;
    std::vector<FidelityGroup> groups; ///< validation throughput runs by source and by regime
    /// Validation peak-memory runs by source and by regime (mean error > 0: the estimate is higher).
    std::vector<FidelityGroup> memoryGroups;
    std::vector<RankAgreement> rankAgreement;
    double meanRankAgreement = 0; ///< over rankAgreement, NaN without any
    /// Over the same sets: the pairs of runs measured at least kDecisiveGap apart, and how many of them
    /// the estimate orders the same way — the choices the planner's ranking decides.
    int decisivePairs = 0;
    int decisivePairsAgreeing = 0;
    /// Mean |error| over the validation runs, by kind: throughput (TFLOP/s, MFU, step time,
    /// GPU-hours) and peak memory. NaN when a kind has no validation run.
    double throughputMeanAbsError = 0;
    double memoryMeanAbsError = 0;
    /// The same, source-balanced: the mean over sources of each source's mean |error| (NaN without any).
    double throughputSourceBalancedError = 0;
    double memorySourceBalancedError = 0;
};

/// Two layouts' measured throughputs are told apart when they differ by at least this: twice the
/// largest spread among runs of one model with nearly the same work per GPU (llm-foundry's A100-40GB
/// MPT-7B rows on 8–128 GPUs, 3,623–3,725 tokens/s per GPU, ±1.4 %), rounded up.
inline constexpr double kDecisiveGap = 0.05;

[[nodiscard]] std::string_view toString(FidelityMetric metric);
/// The embedded runs, parsed once. Throws std::runtime_error if the embedded file is malformed
/// (a build defect, caught by the tests).
[[nodiscard]] const std::vector<PublishedRun>& publishedRuns();
/// The metric's value for a scenario (estimate() read the way the source reports it); peak memory
/// as the device holds it.
[[nodiscard]] double predictedMetric(const Scenario& scenario, FidelityMetric metric);
/// The run's metric as its source measured it: peak memory as the measure counts it.
[[nodiscard]] double predictedMetric(const PublishedRun& run);
/// The most loaded stage's peak in GiB as `measure` counts it.
[[nodiscard]] double peakMemoryGib(const MemoryEstimate& memory, MemoryMeasure measure);
[[nodiscard]] std::string_view toString(MemoryMeasure measure);
[[nodiscard]] FidelitySummary validatePublished();
/// Spearman's rank correlation of two equally long series, ties at their mean rank; NaN when either
/// is constant or shorter than two.
[[nodiscard]] double spearmanCorrelation(const std::vector<double>& a, const std::vector<double>& b);
/// The regimes a scenario belongs to, as (kind, name) pairs — how validatePublished() slices the
/// suite: its source (`group`), GPU, size class, parallelism family, sequence length and format.
[[nodiscard]] std::vector<std::pair<std::string, std::string>> regimesOf(
    const Scenario& scenario, const std::string& group);

/// The step-time range of a scenario from the held-out residuals of the published runs most like it
/// (each run's error with its source left out of the fit, refit.h): those sharing its GPU, parallelism family, size
/// class, sequence length and format, or, with fewer than kMinRangeRuns of them, fewer of these (GPU, parallelism and
/// format; GPU and format; parallelism and format; format; all runs). Computed from the suite once per process, then
/// microseconds.
[[nodiscard]] EstimateRange stepTimeRange(const Scenario& scenario);
inline constexpr int kMinRangeRuns = 8;
/// estimate() with its range: what the CLI, the app and the report show.
[[nodiscard]] Estimate estimateWithRange(const Scenario& scenario);

namespace detail {
/// One out-of-sample residual: measured ÷ estimated step time, and the run's regimes.
struct Residual {
    double timeRatio;
    std::vector<std::pair<std::string, std::string>> regimes;
};
/// The same table computed when the binary was built (core/gen/residual_table_main.cpp writes it, and
/// every program links it through trainplanner::core), so no process estimates the suite before its
/// first answer; null in the generator itself, which computes it.
extern const std::vector<Residual>* precomputedResiduals;
} // namespace detail

} // namespace core
