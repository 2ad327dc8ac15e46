#include "core/runs/log_expectation.h"

#include "core/model/compute_model.h"

#include <algorithm>
#include <cmath>

namespace core {

LogExpectation expectationOf(const Scenario& s, const Estimate& e)
{
    LogExpectation x;
    x.stepTimeS = e.compute.stepTimeS;
    x.stepLowS = x.stepHighS = x.stepTimeS;
    if (e.range) {
        x.stepLowS = x.stepTimeS * e.range->low;
        x.stepHighS = x.stepTimeS * e.range->high;
        x.rangeRuns = e.range->runs;
        x.rangeBasis = e.range->basis();
    }
    const StageMemory& peak = e.memory.peak();
    x.peakMemoryGib = e.memory.total() / kBytesPerGib;
    x.maxReservedGib = (e.memory.total() - peak.outsideAllocator) / kBytesPerGib;
    x.maxAllocatedGib = (e.memory.total() - peak.outsideAllocator - peak.allocatorSlack) / kBytesPerGib;
    x.capacityGib = e.memory.capacity / kBytesPerGib;
    x.mfu = e.compute.mfu;
    const auto peakTflops = s.hardware.gpu.peakTflops.find(s.precision.compute);
    x.modelTflopsPerGpu = peakTflops == s.hardware.gpu.peakTflops.end() ? 0 : e.compute.mfu * peakTflops->second;
    // The whole square's model FLOPs over the causal half's, the ratio of the two MFUs.
    const double wholeSquare
        = e.compute.modelFlopsPerStep > 0 ? modelFlopsPerStep(s) / e.compute.modelFlopsPerStep : 1.0;
    x.mfuWholeSquare = x.mfu * wholeSquare;
    x.modelTflopsPerGpuWholeSquare = x.modelTflopsPerGpu * wholeSquare;
    x.gpus = e.gpus;
    x.tokensPerS = e.compute.tokensPerS;
    x.tokensPerSPerGpu = e.gpus > 0 ? e.compute.tokensPerS / e.gpus : 0;
    x.steps = stepsOf(s);
    return x;
}

std::int64_t stepsOf(const Scenario& s)
{
    const double perStep = double(s.training.globalBatch) * s.training.seqLen;
    return std::max<std::int64_t>(1, std::int64_t(std::ceil(s.training.tokens / perStep)));
}

} // namespace core
