#pragma once
// Memory over one step: for every pipeline stage, the bytes it holds through the step of
// pipelineTimeline() — model states and buffers all along, each forward adding its micro-batch's
// activations for its chunk, each backward (with its recomputation) holding the logits or the
// recomputed layer while it runs and then freeing the chunk's activations; gradients freed after
// every step (parallel.gradient_buffers per_step, one micro-batch) grow through the backward and go
// at the step's end. Priced from the memory
// estimate's own per-stage terms, so the largest value of each stage is that stage's reported total.

#include "core/estimate/estimate.h"
#include "core/estimate/timeline.h"

#include <vector>

namespace core {

struct MemorySample {
    double timeS = 0;
    double bytes = 0; ///< total on the GPU (allocated + allocator slack + CUDA context), as memory.total
};

struct StageMemoryTrace {
    int stage = 0;
    std::vector<MemorySample> samples; ///< in time order; steps are two samples at one time
    double peakBytes = 0;
    double peakTimeS = 0;
};

struct MemoryOverStep {
    std::vector<StageMemoryTrace> stages; ///< empty when the timeline draws no blocks
    double capacity = 0;
    double stepTimeS = 0; ///< the drawn step's length (the timeline's axis)
    int peakStage = 0;
};

/// The trace of every stage along `t` (pipelineTimeline(s, e)). With t.drawnMicroBatches == 0 (too
/// many blocks to draw) there are no traces.
[[nodiscard]] MemoryOverStep memoryOverStep(const Scenario& s, const Estimate& e, const Timeline& t);

} // namespace core
