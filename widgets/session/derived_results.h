#pragma once
// Everything the views show about the current scenario, computed together once per event-loop turn
// by ScenarioSession: the estimate and what follows from it. Views receive this value; none of them
// runs core's models itself.

#include "core/estimate/decision.h"
#include "core/estimate/estimate.h"
#include "core/estimate/memory_timeline.h"
#include "core/estimate/placement.h"
#include "core/estimate/sensitivity.h"
#include "core/estimate/timeline.h"
#include "core/scenario/scenario.h"
#include "core/search/suggest.h"
#include "core/search/sweep.h"

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace ui {

struct DerivedResults {
    /// The document's revision these results belong to (ScenarioSession::revision()).
    std::uint64_t revision = 0;
    core::Scenario scenario;
    /// With the step-time range (core::estimateWithRange).
    core::Estimate estimate;
    /// The nearest valid or fitting scenarios when the current one is not.
    std::vector<core::Suggestion> suggestions;
    /// Data parallelism over powers of two at the current TP × PP × CP (scaling, cost, reliability).
    core::SweepResult gpuSweep;
    /// One step on the pipeline, and the memory of each stage along it.
    core::Timeline timeline;
    core::MemoryOverStep memoryStep;
    /// Ranks on nodes and the links each collective crosses.
    core::Placement placement;
    /// Goodput against the checkpoint interval, (seconds, goodput), from a tenth to ten times the
    /// optimum interval.
    std::vector<std::pair<double, double>> goodputByInterval;
    core::DecisionGuide guide;
    /// Step, memory and cost with each assumption ±20 %: only while the banner shows ranges.
    std::optional<core::Sensitivity> ranges;
};

} // namespace ui
