#pragma once
// One training step as a Gantt chart: for the current pipeline schedule (GPipe, 1F1B,
// interleaved 1F1B with v chunks), when each stage runs each micro-batch's forward, recomputation
// and backward, where it idles, and the exposed communication and optimizer step that follow.
// Simulated from the schedules' dependency rules (Huang et al. 2019, GPipe; Narayanan et al. 2021
// §2.2); with equal stages its idle time over the busy time is the bubble fraction (p−1)/(v·m).

#include "core/estimate/estimate.h"

#include <vector>

namespace core {

enum class BlockKind { forward, recompute, backward, communication, optimizer };

struct TimelineBlock {
    int stage = 0;
    int microBatch = -1; ///< −1 for communication and optimizer blocks
    int chunk = 0; ///< virtual stage (model chunk) for interleaved schedules
    BlockKind kind = BlockKind::forward;
    double start = 0;
    double end = 0;
};

struct Timeline {
    int stages = 1;
    int microBatches = 1;
    int chunks = 1;
    double pipelineEndS = 0; ///< last backward on any stage
    double stepTimeS = 0; ///< pipeline + exposed communication + optimizer
    double busyS = 0; ///< compute of one stage (forward + recompute + backward of all micro-batches)
    double idleS = 0; ///< idle time of all stages inside the pipeline part, summed
    /// Micro-batches the blocks show. All of them when the step is small enough to draw; for a long
    /// step (10^9 micro-batches is a valid scenario) a shorter step with the same stages, chunks and
    /// block times whose steady state is cut short — its warm-up, bubble and cool-down are those of
    /// the real step; 0 when even that is beyond kMaxTimelineBlocks (no blocks, figures only).
    int drawnMicroBatches = 0;
    double drawnPipelineEndS = 0; ///< the drawn step's pipeline part (== pipelineEndS unless shortened)
    double drawnStepTimeS = 0; ///< the drawn step's length (== stepTimeS unless shortened)
    std::vector<TimelineBlock> blocks;

    /// Idle time over busy time inside the pipeline part, per stage (compare bubble_fraction).
    [[nodiscard]] double idleFraction() const { return busyS > 0 ? idleS / (stages * busyS) : 0; }
    [[nodiscard]] bool shortened() const { return drawnMicroBatches < microBatches; }
};

/// The most forward/recompute/backward blocks a timeline holds: what a Gantt chart can show, and a
/// bound on the work of every edit (without it, a step of 10^9 micro-batches needed 28 GB).
inline constexpr long long kMaxTimelineBlocks = 100'000;

/// The step of `e` (estimated from `s`) laid out on the pipeline. Micro-batches are rounded up to a
/// whole number; the per-micro-batch times divide the estimate's compute time evenly. Its cost is
/// bounded by kMaxTimelineBlocks whatever the micro-batch, stage and chunk counts.
/// `maxBlocks` lowers the bound (tests compare a shortened step with the full one).
[[nodiscard]] Timeline pipelineTimeline(const Scenario& s, const Estimate& e, long long maxBlocks = kMaxTimelineBlocks);

} // namespace core
