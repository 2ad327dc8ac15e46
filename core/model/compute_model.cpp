#include "core/model/compute_model.h"

#include "core/model/layer_ops.h"
#include "core/model/pipeline_schedule.h"
#include "core/model/software_stack.h"
#include "core/scenario/architecture.h"
#include "core/scenario/dimensions.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <utility>

namespace core {

namespace {

/// Forward FLOPs of the matmuls of one layer, item `first` then every `step`-th, that `pick`
/// selects: 2 per multiply-accumulate for `tokens` tokens.
double matmulFlops(const LayerOps& ops, double tokens, int first, int step, bool (*pick)(const LayerMatmul&))
{
    double flops = 0;
    for (std::size_t i = std::size_t(first); i < ops.linears.size(); i += std::size_t(step)) {
        const LayerMatmul& m = ops.linears[i];
        if (pick(m)) flops += 2 * tokens * m.in * m.out * m.copies;
    }
    return flops;
}
bool all(const LayerMatmul&)
{
    return true;
}

/// Forward FLOPs of one layer's matmuls (and the MoE router) for `tokens` tokens.
double layerMatmulFlops(const Architecture& a, bool moeLayer, double tokens)
{
    double flops = matmulFlops(layerOps(a, moeLayer), tokens, 0, 1, all);
    // Each token runs through top_k routed experts and the shared ones (in the matmuls), plus the router.
    if (moeLayer && a.isMoe()) flops += 2 * tokens * a.hidden * a.experts;
    return flops;
}

} // namespace

namespace {

/// Q·Kᵀ and attention·V of every layer (and MTP module): forwardFlops().attentionCore without the
/// rest, for the per-tick paths that need only it.
double attentionCoreFlops(const Architecture& a, double seqLen, double sequences)
{
    // The attention is the same in every kind of layer: scores as wide as Q, context as the output.
    const LayerWidths w = layerWidths(a, false);
    return (a.layers + a.mtpLayers) * 2 * sequences * seqLen * seqLen * (w.query + w.attentionOutput);
}

} // namespace

ForwardFlops forwardFlops(const Architecture& a, double seqLen, double sequences)
{
    // One estimate asks for the same model's FLOPs several times (model, causal, hardware and executed
    // FLOPs; per sequence for the overlap windows): each thread keeps its last few answers.
    struct Entry {
        Architecture arch;
        double seqLen = 0, sequences = 0;
        ForwardFlops flops;
    };
    thread_local std::array<std::optional<Entry>, 4> recent;
    thread_local std::size_t next = 0;
    for (const auto& e : recent)
        if (e && e->seqLen == seqLen && e->sequences == sequences && e->arch == a) return e->flops;
    const double tokens = seqLen * sequences;
    ForwardFlops f;
    // Projections (Q, K, V, output; MLA's down- and up-projections) and the MLP, per layer kind.
    const int moeLayers = a.moeLayers();
    const int denseLayers = a.layers - moeLayers;
    const double mainLayer = layerMatmulFlops(a, a.isMoe(), tokens);
    // Scores Q·Kᵀ (query/key width per head) and weighted values (value width), 2·s² each per
    // sequence; with MHA and GQA both are a·dh.
    // Each MTP module (DeepSeek-V3 §2.2) runs one more layer of the main kind after a 2h→h
    // projection, and the shared output head once more.
    f.attentionCore = attentionCoreFlops(a, seqLen, sequences);
    const double denseLayer = a.isMoe() ? layerMatmulFlops(a, false, tokens) : mainLayer;
    f.layers = moeLayers * mainLayer + denseLayers * denseLayer
        + a.mtpLayers * (mainLayer + 2 * tokens * 2.0 * a.hidden * a.hidden) + f.attentionCore;
    f.logits = logitsFlops(a, tokens);
    recent[next] = Entry { a, seqLen, sequences, f };
    next = (next + 1) % recent.size();
    return f;
}

double logitsFlops(const Architecture& a, double tokens)
{
    return (1 + a.mtpLayers) * 2 * tokens * double(a.hidden) * a.vocab;
}

double attentionLengthSlowdown(const Scenario& s)
{
    if (!s.parallel.flashAttention) return 1;
    const int cp = s.parallel.cp;
    const double whole = s.training.seqLen, block = cp > 1 ? whole / (2.0 * cp) : whole;
    // A GPU without FlashAttention-1's rate prices it from FlashAttention-2's ratio, whose length is 16k.
    const bool flash1 = attentionKernelOf(s) == AttentionKernel::flash1 && s.hardware.gpu.flash1Tflops > 0;
    const double reference = flash1 ? kFlash1ReferenceTokens : kFlashReferenceTokens;
    auto share = [](double tokens) { return tokens / (tokens + kAttentionHalfRateTokens); };
    return share(reference) / share(block);
}

double adapterForwardFlops(const Scenario& s)
{
    const Training& t = s.training;
    if (t.method == Method::full) return 0;
    // x·A then ·B: one multiply-accumulate per adapter parameter per token.
    return 2 * double(t.seqLen) * t.globalBatch * loraParams(s.model.arch, t.loraRank, t.loraTargets);
}

namespace {

/// Forward plus backward FLOPs of one step without recomputation. Full training: the backward costs
/// twice the forward (Narayanan et al. 2021 §5.1). LoRA and QLoRA freeze the base weights: their
/// matmuls need the input gradient only, one more forward's worth, while the attention core (no
/// weights) still costs twice its forward and the adapters, being trained, three times in all —
/// about 4N FLOPs per token instead of 6N (Hu et al. 2021 §4.2: no gradients are computed for the
/// frozen weights).
double trainingFlops(const Scenario& s, const ForwardFlops& f)
{
    if (s.training.method == Method::full) return 3 * (f.layers + f.logits);
    const double frozenMatmuls = f.layers - f.attentionCore + f.logits;
    return 2 * frozenMatmuls + 3 * f.attentionCore + 3 * adapterForwardFlops(s);
}

} // namespace

double modelFlopsPerStep(const Scenario& s)
{
    return trainingFlops(s, forwardFlops(s.model.arch, s.training.seqLen, s.training.globalBatch));
}

double causalModelFlopsPerStep(const Scenario& s)
{
    ForwardFlops f = forwardFlops(s.model.arch, s.training.seqLen, s.training.globalBatch);
    // Row i of a causal score square attends to i + 1 keys: s(s + 1)/2 of s² entries, the half to
    // within 1/s (Megatron-LM counts s/2 per query, as here).
    f.layers -= f.attentionCore / 2;
    f.attentionCore /= 2;
    return trainingFlops(s, f);
}

double executedFlopsPerStep(const Scenario& s)
{
    if (!s.parallel.flashAttention) return hardwareFlopsPerStep(s);
    return hardwareFlopsPerStep(s) - attentionFlopsPerStep(s) + attentionKernelFlopsPerStep(s);
}

double duplicatedFlopsPerStep(const Scenario& s)
{
    const Architecture& a = s.model.arch;
    if (s.parallel.tp <= 1 || !a.isMla()) return 0;
    const double tokens = double(s.training.seqLen) * s.training.globalBatch;
    // The attention is the same in every kind of layer.
    const double perLayer
        = matmulFlops(layerOps(a, a.isMoe()), tokens, 0, 1, [](const LayerMatmul& m) { return m.duplicated; });
    const double passes = 3 + (s.parallel.recompute == Recompute::full ? 1 : 0);
    return (s.parallel.tp - 1) * passes * (a.layers + a.mtpLayers) * perLayer;
}

double hardwareFlopsPerStep(const Scenario& s)
{
    const auto f = forwardFlops(s.model.arch, s.training.seqLen, s.training.globalBatch);
    double recomputed = 0;
    if (s.parallel.recompute == Recompute::full)
        recomputed = f.layers + adapterForwardFlops(s); // the logits are not recomputed
    else if (s.parallel.recompute == Recompute::selective && !s.parallel.flashAttention)
        recomputed = f.attentionCore;
    else if (s.parallel.recompute == Recompute::selective_op) {
        // The 2nd, 4th, … matmul of each layer runs again in the backward pass (the kept ones are
        // listed in memory_model.cpp); without flash attention so does the attention core.
        const Architecture& a = s.model.arch;
        const double tokens = double(s.training.seqLen) * s.training.globalBatch;
        auto everyOther = [&](bool moeLayer) { return matmulFlops(layerOps(a, moeLayer), tokens, 1, 2, all); };
        const int mainRuns = (a.isMoe() ? a.moeLayers() : a.layers) + a.mtpLayers;
        recomputed += mainRuns * everyOther(a.isMoe()) + (a.isMoe() ? a.layers - a.moeLayers() : 0) * everyOther(false);
        if (!s.parallel.flashAttention) recomputed += f.attentionCore;
    } else if (s.parallel.recompute == Recompute::norms_up_proj) {
        // MLA's up-projections run again (DeepSeek-V3 §3.4); norms and activation functions are
        // memory-bound work, not FLOPs.
        const Architecture& a = s.model.arch;
        const double tokens = double(s.training.seqLen) * s.training.globalBatch;
        recomputed += (a.layers + a.mtpLayers)
            * matmulFlops(layerOps(a, a.isMoe()), tokens, 0, 1, [](const LayerMatmul& m) { return m.upProjection; });
    }
    return trainingFlops(s, f) + recomputed + duplicatedFlopsPerStep(s);
}

double achievableFlops(const GpuSpec& gpu, DType dtype, bool* measured)
{
    if (measured) *measured = true;
    if (auto it = gpu.achievableTflops.find(dtype); it != gpu.achievableTflops.end()) return it->second * 1e12;
    const double peak = peakFlops(gpu, dtype);
    std::optional<DType> partner;
    switch (dtype) {
    case DType::bf16:
        partner = DType::fp16;
        break;
    case DType::fp16:
        partner = DType::bf16;
        break;
    case DType::fp8_e4m3:
        partner = DType::fp8_e5m2;
        break;
    case DType::fp8_e5m2:
        partner = DType::fp8_e4m3;
        break;
    default:
        break;
    }
    if (partner) {
        const auto it = gpu.achievableTflops.find(*partner);
        const auto peakIt = gpu.peakTflops.find(*partner);
        if (it != gpu.achievableTflops.end() && peakIt != gpu.peakTflops.end())
            return peak * it->second / peakIt->second;
    }
    if (measured) *measured = false;
    return peak * kTypicalAchievableFraction;
}

double attentionFlopsPerStep(const Scenario& s)
{
    const double core = attentionCoreFlops(s.model.arch, s.training.seqLen, s.training.globalBatch);
    // The same recomputation rules as hardwareFlopsPerStep: the attention core runs again under full
    // recomputation, and under selective recomputation without flash attention.
    const Recompute r = s.parallel.recompute;
    const bool attentionRecomputed = r == Recompute::full
        || ((r == Recompute::selective || r == Recompute::selective_op) && !s.parallel.flashAttention);
    return (3 + (attentionRecomputed ? 1 : 0)) * core;
}

double attentionKernelFlopsPerStep(const Scenario& s)
{
    if (!s.parallel.flashAttention) return 0;
    const double forwards = s.parallel.recompute == Recompute::full ? 2 : 1;
    return (forwards + 2.5) * attentionCoreFlops(s.model.arch, s.training.seqLen, s.training.globalBatch) / 2;
}

AttentionKernel attentionKernelOf(const Scenario& s)
{
    const AttentionKernel k = s.parallel.attentionKernel;
    if (k != AttentionKernel::automatic) return k;
    return s.hardware.gpu.flash3Tflops > 0 ? AttentionKernel::flash3 : AttentionKernel::flash2;
}

double attentionKernelRate(const Scenario& s, bool* measured)
{
    const GpuSpec& gpu = s.hardware.gpu;
    double tflops = 0;
    switch (attentionKernelOf(s)) {
    case AttentionKernel::flash1:
        tflops = gpu.flash1Tflops;
        break;
    case AttentionKernel::automatic: // never returned by attentionKernelOf
    case AttentionKernel::flash2:
        tflops = gpu.flash2Tflops;
        break;
    case AttentionKernel::flash3:
        tflops = gpu.flash3Tflops;
        break;
    }
    if (measured) *measured = tflops > 0;
    const double rate = tflops > 0 ? tflops * 1e12 : achievableFlops(gpu, DType::bf16) * kAttentionToMatmulRate;
    const bool fp8Attention = isFp8(s.precision.compute) && s.precision.fp8Scope == Fp8Scope::all;
    return fp8Attention ? rate * kFp8AttentionSpeedup : rate;
}

double flopsOutsideFp8Scope(const Scenario& s)
{
    const Precision& pr = s.precision;
    if (!isFp8(pr.compute) || pr.fp8Scope == Fp8Scope::all) return 0;
    const auto f = forwardFlops(s.model.arch, s.training.seqLen, s.training.globalBatch);
    double outside = attentionFlopsPerStep(s);
    // Full training: forward, input and weight gradients; LoRA: the frozen head needs the input gradient only.
    if (pr.fp8Scope == Fp8Scope::linear) outside += (s.training.method == Method::full ? 3 : 2) * f.logits;
    return outside;
}

double fp8CastBytesPerMicroBatch(const Scenario& s, double mainLayers, double denseLayers)
{
    if (!isFp8(s.precision.compute)) return 0;
    const Architecture& a = s.model.arch;
    const Parallel& p = s.parallel;
    const double tp = p.tp;
    const double tokens = double(s.training.microBatch) * s.training.seqLen / p.cp;
    const bool rowwise = s.precision.fp8Scaling == Fp8Scaling::rowwise;
    const double activationBytes = rowwise ? kFp8RowwiseActivationCastBytes : kFp8TensorwiseActivationCastBytes;
    const double weightBytes = rowwise ? kFp8RowwiseWeightCastBytes : kFp8TensorwiseWeightCastBytes;
    // Tensor-wise scaling with sequence parallelism casts before TP's all-gathers (fp8 travels): a
    // block's input once, on this rank's 1/tp of the tokens, for all its column-parallel linears
    // (torchao's PrepareFloat8ModuleInput, Transformer Engine's fp8 norm output), and a
    // row-parallel linear's output gradient on its share too (Float8RowwiseParallel). Row-wise
    // scaling runs plain TP: every linear casts its whole gathered input itself.
    const bool castBeforeGather = !rowwise && p.sequenceParallel && p.tp > 1;
    // Recomputed forwards cast their inputs again: all of them under full recomputation, every
    // other matmul under op-level selective recomputation.
    const double recast = p.recompute == Recompute::full ? 1.0 : p.recompute == Recompute::selective_op ? 0.5 : 0.0;
    auto perLayer = [&](bool moeLayer) {
        double inputs = 0, outputGrads = 0, weights = 0;
        bool blockInputCast[2] = { false, false }; // attention, MLP
        for (const LayerMatmul& m : layerOps(a, moeLayer)) {
            // Per rank: a column-parallel matmul takes the whole input and gives 1/tp of the output,
            // a row-parallel one the reverse; MLA's down-projections are whole on every rank.
            const double inShare = m.duplicated || !m.rowParallel ? 1.0 : 1.0 / tp;
            const double outShare = m.duplicated || m.rowParallel ? 1.0 : 1.0 / tp;
            const bool sharded = !m.duplicated && castBeforeGather;
            if (sharded && !m.rowParallel && m.copies == 1 && m.in == double(a.hidden)) {
                bool& done = blockInputCast[m.block == Block::mlp ? 1 : 0];
                if (!done) inputs += tokens * m.in / tp;
                done = true;
            } else {
                inputs += tokens * m.copies * m.in * inShare;
            }
            outputGrads += tokens * m.copies * m.out * outShare / (sharded && m.rowParallel ? tp : 1.0);
            // Expert matmuls: the experts this rank holds (routed ÷ EP, plus the shared ones).
            const double held = m.experts ? double(a.experts) / p.ep + a.sharedExperts : 1.0;
            weights += m.in * m.out * held * (m.duplicated ? 1.0 : 1.0 / tp);
        }
        return ((1 + recast) * inputs + outputGrads) * activationBytes + weights * weightBytes;
    };
    const double main = mainLayers > 0 ? perLayer(a.isMoe()) : 0;
    const double dense = denseLayers > 0 ? perLayer(false) : 0;
    return mainLayers * main + denseLayers * dense;
}

double eagerElementwiseBytesPerToken(const Scenario& s, bool moeLayer)
{
    if (s.parallel.elementwiseKernels != ElementwiseKernels::eager) return 0;
    const Architecture& a = s.model.arch;
    const Parallel& p = s.parallel;
    const double tp = p.tp;
    const LayerWidths w = layerWidths(a, moeLayer);
    double bytes = 0;
    if (a.norm == Norm::rmsnorm) bytes += 2 * 32.0 * a.hidden / (p.sequenceParallel ? tp : 1.0);
    // MLA rotates only its decoupled rope dimensions: one shared key and one per query head.
    if (a.position == Position::rope) bytes += 16.0 * w.rotated / tp;
    if (a.mlp == Mlp::swiglu) bytes += 4.0 * w.mlp * w.mlpCopies() / tp;
    return bytes;
}

StageWork stageWork(const Scenario& s, double hardwareFlops)
{
    StageWork w;
    const Parallel& p = s.parallel;
    w.stages = std::max(1, p.pp);
    if (w.stages < 2 || p.pipelineSplit == PipelineSplit::balanced) return w;
    const Architecture& a = s.model.arch;
    // The head's matmul: forward and backward (input and weight gradients), or the input gradient only
    // when its weight is frozen (LoRA), as trainingFlops counts it; never recomputed.
    const double logits = logitsFlops(a, double(s.training.seqLen) * s.training.globalBatch);
    w.head = (s.training.method == Method::full ? 3 : 2) * logits;
    w.perLayer = std::max(0.0, hardwareFlops - w.head) / std::max(1, a.layers + a.mtpLayers);
    w.meanStage = hardwareFlops / w.stages;
    return w;
}

bool wholeGradients(const Scenario& s)
{
    return s.parallel.zero >= 2 && s.parallel.gradReduce == GradReduce::after_accumulation
        && microBatchesPerStep(s) > 1;
}

bool keptGathered(const Scenario& s)
{
    const Parallel& p = s.parallel;
    return p.zero >= 3 && p.gradReduce == GradReduce::after_accumulation && double(p.dp) * p.cp > 1;
}

double peakFlops(const GpuSpec& gpu, DType dtype, bool* exact)
{
    if (exact) *exact = true;
    if (auto it = gpu.peakTflops.find(dtype); it != gpu.peakTflops.end()) return it->second * 1e12;
    if (exact) *exact = false;
    std::array<DType, 3> fallbacks { DType::fp32, DType::fp32, DType::fp32 };
    switch (dtype) {
    // No bf16 tensor cores (V100): bf16 runs on the CUDA cores at the fp32 rate, not the fp16
    // tensor peak, which would be 8× optimistic.
    case DType::bf16:
        fallbacks = { DType::fp32, DType::tf32, DType::fp16 };
        break;
    case DType::fp16:
        fallbacks = { DType::bf16, DType::fp32, DType::fp32 };
        break;
    case DType::fp8_e4m3:
    case DType::fp8_e5m2:
        fallbacks = { dtype == DType::fp8_e4m3 ? DType::fp8_e5m2 : DType::fp8_e4m3, DType::bf16, DType::fp16 };
        break;
    case DType::tf32:
        fallbacks = { DType::fp32, DType::fp32, DType::fp32 };
        break;
    case DType::int8:
    case DType::nf4:
        fallbacks = { DType::fp8_e4m3, DType::bf16, DType::fp16 };
        break;
    case DType::fp32:
        fallbacks = { DType::tf32, DType::tf32, DType::tf32 };
        break;
    }
    for (DType f : fallbacks)
        if (auto it = gpu.peakTflops.find(f); it != gpu.peakTflops.end()) return it->second * 1e12;
    // Parsing guarantees at least one entry: take the slowest as the conservative choice.
    double slowest = 1e300;
    for (const auto& [d, tflops] : gpu.peakTflops)
        slowest = std::min(slowest, tflops);
    return slowest * 1e12;
}

} // namespace core

namespace core {

namespace {

/// A GEMM dimension in output tiles: how many 128-wide and how many 256-wide tiles cover it.
struct Tiles {
    double narrow = 0, wide = 0;
    explicit Tiles(double d)
        : narrow(std::ceil(d / kGemmTileRows))
        , wide(std::ceil(d / kGemmTileCols))
    {
    }
};

/// The time of one GEMM on the SMs: `rows` × `cols` output tiles over `inner`. A wave of thread
/// blocks takes as long whether it fills every SM or not, and cuBLAS takes the faster of its two
/// large tiles: 128 × 256 (in whichever orientation needs fewer blocks) or 128 × 128, a block per SM.
double wavesFlops(const Tiles& rows, const Tiles& cols, double inner, double groups, double smCount, double overheadK)
{
    const double wideBlocks = groups * std::min(rows.narrow * cols.wide, rows.wide * cols.narrow);
    const double narrowBlocks = groups * rows.narrow * cols.narrow;
    // A 128 × 256 wave does twice the work of a 128 × 128 one: count both in 128 × 128 waves.
    const double waves = std::min(2 * std::ceil(wideBlocks / smCount), std::ceil(narrowBlocks / smCount));
    return waves * smCount * 2 * kGemmTileRows * kGemmTileRows * (inner + overheadK);
}

/// What one GEMM's time is computed from: the GPU's SM count, 1 / its rate, bytes per element,
/// 1 / its HBM bandwidth (0 if not given) and a tile's fixed cost in K-steps at that rate, taken once
/// per estimate.
struct GemmPricing {
    double smCount = 0, secondsPerFlop = 0, bytesPerElement = 2, secondsPerByte = 0, overheadK = kGemmTileOverheadK;
    bool operator==(const GemmPricing&) const = default;
};

/// What matmulShapeEfficiency's answer depends on.
struct ShapeKey {
    GemmPricing pricing;
    Architecture arch;
    Degrees shaping; ///< gemmShapingDegrees
    double tokens = 0, forwards = 1;
    bool trainsWeights = true, fusedQkv = false, fusedGateUp = false;
    bool operator==(const ShapeKey&) const = default;
};

double gemmTimeS(const GemmPricing& g, const Tiles& rowTiles, const Tiles& colTiles, double rows, double cols,
    double inner, double groups)
{
    // Without the SM count there are no waves to count, but every output tile still pays its fixed cost
    // (a GPU typed by the user gets the catalog's derating, not a perfect GEMM).
    const double compute = (g.smCount > 0 ? wavesFlops(rowTiles, colTiles, inner, groups, g.smCount, g.overheadK)
                                          : 2 * rows * cols * (inner + g.overheadK) * groups)
        * g.secondsPerFlop;
    // Roofline: reading both operands and writing the output once.
    const double memory = groups * (rows * inner + inner * cols + rows * cols) * g.bytesPerElement * g.secondsPerByte;
    return std::max(std::max(compute, memory), kMinKernelS);
}

GemmPricing pricing(const GpuSpec& gpu, double rate, double bytesPerElement, double memoryBytesPerS, double overheadK)
{
    return { double(gpu.smCount), 1 / rate, bytesPerElement, memoryBytesPerS > 0 ? 1 / memoryBytesPerS : 0.0,
        overheadK };
}

} // namespace

double tileOverheadK(const GpuSpec& gpu, DType dtype)
{
    return kGemmTileOverheadK * achievableFlops(gpu, dtype) / achievableFlops(gpu, DType::bf16);
}

double gemmTimeS(const GpuSpec& gpu, double rows, double cols, double inner, double groups, double rate,
    double bytesPerElement, double memoryBytesPerS)
{
    return gemmTimeS(pricing(gpu, rate, bytesPerElement, memoryBytesPerS, kGemmTileOverheadK), Tiles(rows), Tiles(cols),
        rows, cols, inner, groups);
}

TimedGemms timedLayerGemms(const Scenario& s, bool moeLayer)
{
    const Architecture& a = s.model.arch;
    const Parallel& p = s.parallel;
    const double tp = p.tp;
    const double tokens = double(s.training.microBatch) * s.training.seqLen / p.cp;
    const StackProfile& stack = stackProfile(s.training.framework);
    TimedGemms out;
    auto add = [&](double m, double n, double k, double groups, int count) {
        out.push_back({ m, n, k, groups, count });
    };
    for (const LayerGemm& gemm : layerGemms(layerOps(a, moeLayer), { stack.fusedQkv, stack.fusedGateUp })) {
        const LayerMatmul& m = gemm.shape;
        // Per rank: column-parallel splits the output, row-parallel the input (Megatron-LM §3).
        const double n = m.duplicated || m.rowParallel ? m.out : m.out / tp;
        const double k = m.duplicated || !m.rowParallel ? m.in : m.in / tp;
        if (m.experts) {
            // Routed experts: one grouped GEMM over the experts this rank holds, each with its share of
            // the expert-parallel group's tokens; shared experts see every token.
            const double held = std::max(1.0, double(a.experts) / p.ep);
            add(tokens * a.topK * p.ep / a.experts, n, k, held, gemm.count);
            if (a.sharedExperts > 0) add(tokens, n, k, a.sharedExperts, gemm.count);
        } else {
            add(tokens, n, k, 1, gemm.count);
        }
    }
    return out;
}

double matmulShapeEfficiency(const Scenario& s, double rate, double memoryBytesPerS)
{
    const Architecture& a = s.model.arch;
    const Parallel& p = s.parallel;
    const GemmPricing g = pricing(s.hardware.gpu, rate, std::max(1.0, bytesOf(s.precision.compute)), memoryBytesPerS,
        tileOverheadK(s.hardware.gpu, s.precision.compute));
    const double tp = p.tp;
    const double tokens = double(s.training.microBatch) * s.training.seqLen / p.cp;
    const bool trainsWeights = s.training.method == Method::full;
    const double forwards = p.recompute == Recompute::full ? 2 : 1;
    const StackProfile& stack = stackProfile(s.training.framework);
    // Everything the result depends on. Most slider ticks (data parallelism, batch, ZeRO, pipeline,
    // costs) leave the GEMMs' shapes alone, and the planner tries many layouts of one shape in a
    // row: each thread keeps its last answer.
    const ShapeKey key { g, a, gemmShapingDegrees(p), tokens, forwards, trainsWeights, stack.fusedQkv,
        stack.fusedGateUp };
    thread_local std::optional<std::pair<ShapeKey, double>> last;
    if (last && last->first == key) return last->second;
    double ideal = 0, timed = 0;
    // A matmul of `m` tokens × `k` by `k` × `n`, `count` times per micro-batch: its forward (output
    // m × n over k), input gradient (m × k over n) and, when its weight trains, weight gradient
    // (k × n over m) — the same FLOPs in three shapes.
    auto add = [&](double m, double n, double k, double groups, double count) {
        if (m <= 0 || n <= 0 || k <= 0 || count <= 0) return;
        const Tiles tm(m), tn(n), tk(k);
        const double passes = forwards + 1 + (trainsWeights ? 1 : 0);
        ideal += passes * count * 2 * m * n * k * groups * g.secondsPerFlop;
        double t = forwards * gemmTimeS(g, tm, tn, m, n, k, groups) + gemmTimeS(g, tm, tk, m, k, n, groups);
        if (trainsWeights) t += gemmTimeS(g, tk, tn, k, n, m, groups);
        timed += count * t;
    };
    auto layer = [&](bool moeLayer, double count) {
        if (count <= 0) return;
        for (const TimedGemm& t : timedLayerGemms(s, moeLayer))
            add(t.m, t.n, t.k, t.groups, t.count * count);
    };
    const int moeLayers = a.moeLayers();
    layer(a.isMoe(), (a.isMoe() ? moeLayers : a.layers) + a.mtpLayers);
    if (a.isMoe()) layer(false, a.layers - moeLayers);
    add(tokens, double(a.vocab) / tp, a.hidden, 1, 1 + a.mtpLayers);
    const double efficiency = timed > 0 ? ideal / timed : 1.0;
    last.emplace(key, efficiency);
    return efficiency;
}

} // namespace core
