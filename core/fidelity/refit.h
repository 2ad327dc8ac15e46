#pragma once
// The honest error: leave one source out (docs/FIDELITY.md, "Leave one source out"). The constants
// fitted to the published suite are fitted again without a source's runs, and that source is scored
// with them; a source whose runs chose nothing is scored as the shipped model scores it.

#include "core/fidelity/fidelity.h"
#include "core/model/software_stack.h"

#include <span>
#include <string>
#include <vector>

namespace core {

/// The constants fitted to runs of the suite (docs/FIDELITY.md, "Calibration"): efficiency.compute
/// and the sustained fraction of the GPUs that have one (Hopper), fitted together on the calibration
/// runs by the least mean |error| over kRefitGrid.
struct FittedConstants {
    double efficiency = 0.915;
    double sustained = 0.84;
    bool operator==(const FittedConstants&) const = default;
};
/// The values the model ships with (scenario.h's efficiency.compute, gpus.json's sustained_fraction).
inline constexpr FittedConstants kShippedConstants {};

/// The grid the constants are fitted over: efficiency 0.80–1.05 by 0.005, the sustained fraction
/// 0.70–1.00 by 0.01.
struct RefitGrid {
    double efficiencyLow = 0.80, efficiencyHigh = 1.05, efficiencyStep = 0.005;
    double sustainedLow = 0.70, sustainedHigh = 1.00, sustainedStep = 0.01;
};
inline constexpr RefitGrid kRefitGrid {};

/// `scenario` with the constants in place of the shipped ones: its efficiency.compute, and its GPU's
/// sustained fraction where the GPU has one.
[[nodiscard]] Scenario withConstants(Scenario scenario, const FittedConstants& constants);
/// The run's figure as the model with `constants` predicts it.
[[nodiscard]] double predictedMetric(const PublishedRun& run, const FittedConstants& constants);
/// The constants with the least mean |error| over `runs` (the calibration runs kept), and that error;
/// the shipped constants when `runs` is empty.
[[nodiscard]] FittedConstants fitConstants(std::span<const PublishedRun* const> runs, double* meanAbsError = nullptr);

/// The grid the Megatron layer code's host constants are fitted over (docs/FIDELITY.md "Software
/// stacks"): 45–62 µs per operation by 1, 0–10 ms per step by 1, the residual efficiency 0.94–1.02 by
/// 0.005.
struct HostRefitGrid {
    double opLow = 45e-6, opHigh = 62e-6, opStep = 1e-6;
    double stepLow = 0, stepHigh = 10e-3, stepStep = 1e-3;
    double residualLow = 0.94, residualHigh = 1.02, residualStep = 0.005;
};
inline constexpr HostRefitGrid kHostRefitGrid {};
/// The host constants with the least mean |error| over `runs` (a stack's calibration rows), the
/// model's constants as `constants` say; the shipped ones when `runs` is empty.
[[nodiscard]] HostConstants fitHostConstants(
    std::span<const PublishedRun* const> runs, const FittedConstants& constants, double* meanAbsError = nullptr);

/// One source scored without its own runs in the fit: every throughput run of it, calibration runs
/// included (they are out of sample now).
struct HeldOutSource {
    std::string source;
    int runs = 0;
    double meanAbsError = 0;
    double meanError = 0; ///< above 0: the estimate is optimistic
    bool refit = false; ///< some of its runs were calibration runs: the constants were fitted without them
    FittedConstants constants;
    HostConstants host; ///< the host constants it was scored with (refit when its rows fitted them)
};

struct LeaveOneSourceOut {
    std::vector<HeldOutSource> sources; ///< in the suite's order of first appearance
    double sourceBalancedMeanAbsError = 0; ///< the mean over sources of each source's mean |error|
};
/// Every throughput source of the suite held out in turn: the table computed when the binary was
/// built (detail::precomputedLeaveOneSourceOut), or computed now (about a second and a half).
[[nodiscard]] const LeaveOneSourceOut& leaveOneSourceOut();

namespace detail {
/// Every throughput run of the suite with its error when its source is held out (calibration runs
/// included), in the suite's order.
struct HeldOutRun {
    const PublishedRun* run = nullptr;
    double error = 0; ///< predicted / published − 1
};
[[nodiscard]] std::vector<HeldOutRun> computeHeldOutRuns();
/// The residuals stepTimeRange() draws on (fidelity.h): every held-out run as measured ÷ estimated
/// step time, with its regimes.
[[nodiscard]] std::vector<Residual> computeResiduals();
/// The table computed now, from the suite and this build's model.
[[nodiscard]] LeaveOneSourceOut computeLeaveOneSourceOut();
/// The same table computed when the binary was built (core/gen/residual_table_main.cpp writes it
/// beside the residuals), so no program fits the suite again to show it; null in the generator.
extern const LeaveOneSourceOut* precomputedLeaveOneSourceOut;
} // namespace detail

} // namespace core
