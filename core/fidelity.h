#pragma once
// Published training runs and how close the estimate comes to each (issue 11; docs/FIDELITY.md).
// The runs live in resources/fidelity/published.json, embedded at build time.

#include "scenario.h"

#include <string>
#include <string_view>
#include <vector>

namespace core {

/// What a published figure measures, and how it is read off an Estimate.
enum class FidelityMetric { peak_memory_gib, tflops_per_gpu, mfu, step_time_s, gpu_hours };

/// One published run: the scenario that reproduces its setup, the figure and where it comes from.
struct PublishedRun {
    std::string id;
    FidelityMetric metric = FidelityMetric::tflops_per_gpu;
    double published = 0;
    /// Calibration runs chose the shipped defaults; validation runs are out of sample.
    bool calibration = false;
    std::string source;
    Scenario scenario;
};

struct FidelityRow {
    const PublishedRun* run = nullptr;
    double predicted = 0;
    double error = 0;  ///< predicted / published − 1
};

struct FidelitySummary {
    std::vector<FidelityRow> rows;
    /// Mean |error| over the validation runs, by kind: throughput (TFLOP/s, MFU, step time,
    /// GPU-hours) and peak memory. NaN when a kind has no validation run.
    double throughputMeanAbsError = 0;
    double memoryMeanAbsError = 0;
};

[[nodiscard]] std::string_view toString(FidelityMetric metric);
/// The embedded runs, parsed once. Throws std::runtime_error if the embedded file is malformed
/// (a build defect, caught by the tests).
[[nodiscard]] const std::vector<PublishedRun>& publishedRuns();
/// The metric's value for a scenario (estimate() read the way the source reports it).
[[nodiscard]] double predictedMetric(const Scenario& scenario, FidelityMetric metric);
[[nodiscard]] FidelitySummary validatePublished();

} // namespace core
