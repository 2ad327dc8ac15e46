#include "core/estimate/decision.h"

#include <cmath>

namespace core {

namespace {

Need atLeast(bool required, bool recommended)
{
    return required ? Need::required : recommended ? Need::recommended : Need::not_needed;
}

} // namespace

SizeClass sizeClassOf(double params)
{
    if (params < kSmallModelParams) return SizeClass::small;
    // "7B" names a class: Llama 2 7B has 6.74 B parameters, Mistral 7B 7.24 B.
    if (params < kLargeModelParams) return SizeClass::medium;
    return SizeClass::large;
}

Scenario singleGpuVariant(const Scenario& s, Method method)
{
    Scenario v = s;
    v.parallel = Parallel {};
    v.parallel.dp = 1;
    v.parallel.zero = 0;
    v.parallel.recompute = Recompute::full;
    v.parallel.flashAttention = s.parallel.flashAttention;
    v.training.microBatch = 1;
    v.training.method = method;
    // QLoRA keeps the frozen base in NF4 (Dettmers et al. 2023); LoRA keeps it in the compute dtype.
    if (method != Method::full) v.precision.weights = s.precision.compute;
    return v;
}

DecisionGuide decide(const Scenario& s, const Estimate& e)
{
    DecisionGuide g;
    g.params = double(e.params.total);
    g.sizeClass = sizeClassOf(g.params);

    const Estimate one = estimate(singleGpuVariant(s, Method::full));
    g.oneGpuBytes = one.memory.total();
    g.fitsOneGpu = one.memory.fits();

    // The smallest ZeRO-3 data-parallel group whose per-GPU peak fits.
    Scenario z = singleGpuVariant(s, Method::full);
    z.parallel.zero = 3;
    for (int n = 1; n <= kMaxGuideGpus; n *= 2) {
        z.parallel.dp = n;
        z.training.globalBatch = std::max(s.training.globalBatch, n);
        if (estimate(z).memory.fits()) {
            g.minGpus = n;
            break;
        }
    }

    const Estimate lora = estimate(singleGpuVariant(s, Method::lora));
    const Estimate qlora = estimate(singleGpuVariant(s, Method::qlora));
    g.loraBytes = lora.memory.total();
    g.qloraBytes = qlora.memory.total();
    g.loraFits = lora.memory.fits();
    g.qloraFits = qlora.memory.fits();

    const int gpus = e.gpus;
    g.nodes = (gpus + s.hardware.gpusPerNode - 1) / s.hardware.gpusPerNode;
    g.datasetBytes = s.training.tokens * kBytesPerToken;
    g.readBytesPerS = e.compute.tokensPerS * kBytesPerToken;
    const double days = e.training.timeS / 86400.0;
    const bool multiNode = g.nodes > 1;

    using enum ChecklistId;
    g.checklist = {
        { distributed_code, atLeast(gpus > 1, false) },
        { hyperparameters, atLeast(false, gpus > 1) },
        { data_pipeline, atLeast(multiNode && g.datasetBytes > 1e12, multiNode) },
        { fault_tolerance,
            atLeast(e.reliability.expectedInterruptions >= 1, e.reliability.expectedInterruptions >= 0.1 || days > 1) },
        { network, atLeast(e.communication.shareOfStep >= 0.2, e.communication.shareOfStep >= 0.05 || multiNode) },
        { monitoring, atLeast(gpus > 64 || (multiNode && days > 1), days > 1 || gpus > 1) },
        { software_stack, atLeast(multiNode, false) },
        { budget, atLeast(e.training.totalCostUsd > 1e5, true) },
    };
    return g;
}

} // namespace core
