#include "compute_model.h"

#include "architecture.h"

#include <algorithm>
#include <array>

namespace core {

ForwardFlops forwardFlops(const Architecture& a, double seqLen, double sequences)
{
    const double tokens = seqLen * sequences;
    const double h = a.hidden, q = double(a.heads) * a.headDim, kv = double(a.kvHeads) * a.headDim;
    const double mlpMatrices = a.mlp == Mlp::swiglu ? 3.0 : 2.0;
    ForwardFlops f;
    // Projections: Q h×(a·dh), K and V h×(k·dh) (GQA), output (a·dh)×h.
    const double projections = 2 * tokens * (h * q + 2 * h * kv + q * h);
    // Scores Q·Kᵀ and weighted values, each 2·s²·(a·dh) per sequence.
    f.attentionCore = a.layers * 2 * 2 * sequences * seqLen * seqLen * q;
    double mlp = 0;
    if (a.isMoe()) {
        // Each token runs through top_k routed experts and the shared ones, plus the router.
        mlp = 2 * tokens * h * a.moeFfnHidden * mlpMatrices * (a.topK + a.sharedExperts) + 2 * tokens * h * a.experts;
    } else {
        mlp = 2 * tokens * h * a.ffnHidden * mlpMatrices;
    }
    f.layers = a.layers * (projections + mlp) + f.attentionCore;
    f.logits = 2 * tokens * h * a.vocab;
    return f;
}

double modelFlopsPerStep(const Scenario& s)
{
    const auto f = forwardFlops(s.model.arch, s.training.seqLen, s.training.globalBatch);
    return 3 * (f.layers + f.logits);  // backward costs twice the forward (Narayanan et al. §5.1)
}

double hardwareFlopsPerStep(const Scenario& s)
{
    const auto f = forwardFlops(s.model.arch, s.training.seqLen, s.training.globalBatch);
    double recomputed = 0;
    if (s.parallel.recompute == Recompute::full) recomputed = f.layers;  // the logits are not recomputed
    else if (s.parallel.recompute == Recompute::selective && !s.parallel.flashAttention) recomputed = f.attentionCore;
    else if (s.parallel.recompute == Recompute::selective_op) {
        // The 2nd, 4th, … matmul of each layer runs again in the backward pass (the kept ones are
        // listed in memory_model.cpp); without flash attention so does the attention core.
        const double tokens = double(s.training.seqLen) * s.training.globalBatch;
        const LayerMatmuls mm = layerMatmuls(s.model.arch);
        for (int i = 1; i < mm.count; i += 2) {
            const LayerMatmul& m = mm.items[static_cast<std::size_t>(i)];
            recomputed += s.model.arch.layers * 2 * tokens * m.in * m.out * m.copies;
        }
        if (!s.parallel.flashAttention) recomputed += f.attentionCore;
    }
    return 3 * (f.layers + f.logits) + recomputed;
}

double bubbleFraction(const Parallel& p, double microBatches)
{
    const double m = std::max(1.0, microBatches);
    if (p.pp <= 1) return 0;
    const double v = p.schedule == Schedule::interleaved ? p.virtualStages : 1;
    return (p.pp - 1) / (v * m);
}

double microBatchesPerStep(const Scenario& s)
{
    return std::max(1.0, double(s.training.globalBatch) / (double(s.parallel.dp) * s.training.microBatch));
}

double peakFlops(const GpuSpec& gpu, DType dtype, bool* exact)
{
    if (exact) *exact = true;
    if (auto it = gpu.peakTflops.find(dtype); it != gpu.peakTflops.end()) return it->second * 1e12;
    if (exact) *exact = false;
    std::array<DType, 3> fallbacks{DType::fp32, DType::fp32, DType::fp32};
    switch (dtype) {
    case DType::bf16: fallbacks = {DType::fp16, DType::fp32, DType::fp32}; break;
    case DType::fp16: fallbacks = {DType::bf16, DType::fp32, DType::fp32}; break;
    case DType::fp8_e4m3:
    case DType::fp8_e5m2: fallbacks = {dtype == DType::fp8_e4m3 ? DType::fp8_e5m2 : DType::fp8_e4m3, DType::bf16, DType::fp16}; break;
    case DType::tf32: fallbacks = {DType::fp32, DType::fp32, DType::fp32}; break;
    case DType::int8:
    case DType::nf4: fallbacks = {DType::fp8_e4m3, DType::bf16, DType::fp16}; break;
    case DType::fp32: fallbacks = {DType::tf32, DType::tf32, DType::tf32}; break;
    }
    for (DType f : fallbacks)
        if (auto it = gpu.peakTflops.find(f); it != gpu.peakTflops.end()) return it->second * 1e12;
    // Parsing guarantees at least one entry: take the slowest as the conservative choice.
    double slowest = 1e300;
    for (const auto& [d, tflops] : gpu.peakTflops) slowest = std::min(slowest, tflops);
    return slowest * 1e12;
}

} // namespace core
