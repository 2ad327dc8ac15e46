#pragma once
// Calibration to your own cluster (issue 12): from one measured run of a known configuration — its
// step time and/or its peak memory — fit the matmul efficiency and the allocator fragmentation so
// the estimate reproduces it, and write them with the GPU into a hardware profile
// (`*.tphardware.json`) that scenario files reference as `"hardware": {"profile": FILE}`.

#include "core/scenario_io.h"

#include <optional>
#include <string>

namespace core {

struct MeasuredRun {
    std::optional<double> stepTimeS; ///< seconds per optimizer step
    std::optional<double> peakMemoryBytes; ///< peak reserved on the most loaded GPU
};

struct Calibration {
    Scenario calibrated; ///< the input with the fitted values
    double stepBeforeS = 0, stepAfterS = 0;
    double memoryBefore = 0, memoryAfter = 0;
    bool stepFitted = false, memoryFitted = false;
    /// Why a fit stopped at a bound (the measurement lies outside what the factor can explain).
    std::string stepNote, memoryNote;
};

/// Efficiency by bisection on the step time (monotone in it); fragmentation in closed form
/// (total = allocated × (1 + f) + CUDA context).
[[nodiscard]] Calibration calibrate(const Scenario& s, const MeasuredRun& measured);

/// The hardware profile: GPU and node size, efficiency and overheads of `s`, and where they came
/// from. Pretty-printed JSON; a scenario referencing it reads these values back.
[[nodiscard]] std::string hardwareProfileJson(const Scenario& s, const std::string& name, const MeasuredRun& from);

} // namespace core
