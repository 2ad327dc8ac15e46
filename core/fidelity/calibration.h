#pragma once
// Calibration to your own cluster: from one measured run of a known configuration — its
// step time and/or its peak memory — fit the matmul efficiency and the allocator fragmentation so
// the estimate reproduces it, and write them with the GPU into a hardware profile
// (`*.tphardware.json`) that scenario files reference as `"hardware": {"profile": FILE}`.

#include "core/estimate/estimate.h"
#include "core/scenario/problem.h"
#include "core/scenario/scenario_io.h"

#include <cstdint>
#include <limits>
#include <optional>
#include <string>

namespace core {

struct MeasuredRun {
    std::optional<double> stepTimeS; ///< seconds per optimizer step
    std::optional<double> peakMemoryBytes; ///< peak reserved on the most loaded GPU
};

/// Which bound a measured figure broke (Problem measurement_implausible's "kind").
enum class MeasurementKind {
    step_below_kernel_floor,
    step_beyond_longest,
    memory_above_device,
    mfu_above_one,
    tflops_above_peak,
    not_a_measurement, ///< zero, negative, not finite, or too small for a double (subnormal)
};

/// A memory figure may exceed the device's memory by this factor before it is refused: a figure in
/// gigabytes (10^9 bytes) read as GiB is 2^30 / 10^9 = 1.074 × the same bytes in GiB, and rounding.
inline constexpr double kMemoryUnitTolerance = 1.08;
/// A step may take a day, or 1000 × the planned step time where that is longer, before it is refused:
/// no synchronous training step takes a day (PyTorch's collectives time out after 10 to 30 minutes
/// of waiting), and a plan 1000 × off is of another run. Longer steps are no measurement to fit.
inline constexpr double kLongestStepS = 86400;
inline constexpr double kLongestStepOverPlan = 1000;

/// What a measured run of a scenario can physically show, from its estimate.
struct MeasurementBounds {
    /// The kernel floor: the model's FLOPs per step ÷ (GPUs × the compute dtype's peak), the step
    /// time at MFU 100 %. A faster step is impossible on that hardware (0: the peak is unknown).
    double minStepTimeS = 0;
    double maxStepTimeS = std::numeric_limits<double>::infinity(); ///< kLongestStepS or kLongestStepOverPlan × plan
    double maxMemoryGib = std::numeric_limits<double>::infinity(); ///< the GPU's memory × kMemoryUnitTolerance
    double peakTflops = 0; ///< per GPU in the compute dtype (0: unknown, not checked)
};

/// The bounds for a run of `s`; `e` is estimate(s).
[[nodiscard]] MeasurementBounds measurementBounds(const Scenario& s, const Estimate& e);

/// Problem measurement_implausible for `value` (of `kind`) against `bound`, found on `line` of a log (0: none).
[[nodiscard]] Problem implausibleMeasurement(MeasurementKind kind, double value, double bound, std::int64_t line = 0);

/// The first figure of `run` that cannot be a measurement within `bounds`: a step time that is not a
/// positive normal number or lies outside [minStepTimeS, maxStepTimeS], a peak memory that is not a
/// positive normal number or exceeds maxMemoryGib.
[[nodiscard]] std::optional<Problem> checkMeasuredRun(const MeasurementBounds& bounds, const MeasuredRun& run);

struct Calibration {
    Scenario calibrated; ///< the input with the fitted values
    double stepBeforeS = 0, stepAfterS = 0;
    double memoryBefore = 0, memoryAfter = 0;
    bool stepFitted = false, memoryFitted = false;
    /// Why a fit stopped at a bound (the measurement lies outside what the factor can explain).
    std::string stepNote, memoryNote;
    /// A measured figure outside measurementBounds() (the first; code measurement_implausible): that
    /// figure is not fitted, its factor is left as it was.
    std::optional<Problem> refused;
};

/// Efficiency by bisection on the step time (monotone in it); fragmentation in closed form
/// (total = allocated × (1 + f) + CUDA context). A figure that cannot be a measurement of `s`
/// (checkMeasuredRun) is refused, not fitted.
[[nodiscard]] Calibration calibrate(const Scenario& s, const MeasuredRun& measured);

/// The hardware profile: GPU and node size, efficiency and overheads of `s`, and where they came
/// from. Pretty-printed JSON; a scenario referencing it reads these values back.
[[nodiscard]] std::string hardwareProfileJson(const Scenario& s, const std::string& name, const MeasuredRun& from);

} // namespace core
