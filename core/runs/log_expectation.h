#pragma once
// What a log of a plan should show, once: the launch files write it as comments and side files
// (launch.h), and `actual` compares a log with it (training_log.h). Written twice, the launch file's
// expectations and actual's planned figures could drift apart unseen.

#include "core/estimate/estimate.h"

#include <cstdint>
#include <string>

namespace core {

/// What the estimate expects a run's log to show, in the units the logs print.
struct LogExpectation {
    double stepTimeS = 0;
    double stepLowS = 0, stepHighS = 0; ///< the estimate's range (published runs of this regime), or the step time
    int rangeRuns = 0; ///< measured runs the range rests on; 0: no range
    std::string rangeBasis;
    double peakMemoryGib = 0; ///< the most loaded GPU, everything the device holds
    double maxReservedGib = 0; ///< what PyTorch's max_memory_reserved() sees (no CUDA context, no NCCL buffers)
    double maxAllocatedGib = 0; ///< max_memory_allocated(): also without the allocator's slack
    double capacityGib = 0;
    double mfu = 0;
    double modelTflopsPerGpu = 0; ///< MFU × the compute dtype's peak
    /// The same two with the attention core over the whole s × s square, as torchtitan's "mfu" and
    /// "tflops" count it (docs/FORMULAS.md §4; the estimate's own count its causal half).
    double mfuWholeSquare = 0;
    double modelTflopsPerGpuWholeSquare = 0;
    double tokensPerS = 0; ///< the whole run
    double tokensPerSPerGpu = 0; ///< torchtitan's "tps"
    std::int64_t steps = 0; ///< optimizer steps for the token budget
    int gpus = 0;
};

[[nodiscard]] LogExpectation expectationOf(const Scenario& scenario, const Estimate& estimate);

/// Optimizer steps for the token budget: whole steps, at least one.
[[nodiscard]] std::int64_t stepsOf(const Scenario& scenario);

} // namespace core
