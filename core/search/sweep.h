#pragma once
// Many estimates at once: over the GPU count (for scaling charts) or over any one key.

#include "core/estimate/estimate.h"
#include "core/scenario/scenario_io.h"

#include <string>
#include <vector>

namespace core {

struct SweepPoint {
    std::string value; ///< the swept value as text ("64" GPUs, "selective", …)
    Scenario scenario;
    Estimate estimate;
};

struct SweepResult {
    std::vector<SweepPoint> points;
    std::optional<ScenarioError> error; ///< the first value that was rejected, if any
};

/// Scales DP over powers of two at fixed TP, PP and CP and fixed global batch, from `minGpus` to
/// `maxGpus` total GPUs (docs/DESIGN.md `sweep --gpus`). Counts that cannot be reached with the fixed
/// degrees, or that leave a replica without a whole micro-batch, are skipped.
[[nodiscard]] SweepResult sweepGpus(const Scenario& base, int minGpus, int maxGpus);

/// One estimate per value of `keyPath`, each applied with the file validation (applyOverride).
[[nodiscard]] SweepResult sweepKey(
    const Scenario& base, const std::string& keyPath, const std::vector<std::string>& values);

} // namespace core
