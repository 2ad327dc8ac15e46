#include "core/estimate/estimate.h"

#include "core/model/comm_model.h"
#include "core/model/compute_model.h"
#include "core/model/layer_ops.h"
#include "core/model/memory_model.h"
#include "core/model/number_format.h"
#include "core/model/pipeline_schedule.h"
#include "core/model/reliability_model.h"
#include "core/model/software_stack.h"
#include "core/scenario/architecture.h"
#include "core/scenario/dimensions.h"
#include "core/scenario/scenario_edit.h"

#include <algorithm>
#include <cmath>
#include <optional>

namespace core {

namespace {

/// HBM bandwidth assumed when a custom GPU gives none, TB/s (about an A100 80GB's 2.0 TB/s).
constexpr double kAssumedMemoryTBps = 2.0;
/// A custom GPU without pcie_gbps: PCIe Gen4 x16, 32 GB/s per direction (the A100's host link).
constexpr double kAssumedHostLinkGBps = 32.0;

/// The float format a weight of `t` is stored in, where it is narrower than fp32 (integer and NF4
/// weights are quantized, not floats the optimizer rounds into).
std::optional<NumberFormat> storedFloat(DType t)
{
    switch (t) {
    case DType::bf16:
        return NumberFormat::bf16;
    case DType::fp16:
        return NumberFormat::fp16;
    case DType::fp8_e4m3:
        return NumberFormat::fp8_e4m3;
    case DType::fp8_e5m2:
        return NumberFormat::fp8_e5m2;
    default:
        return std::nullopt;
    }
}

std::vector<Problem> warningsFor(const Scenario& s)
{
    const Architecture& a = s.model.arch;
    const Parallel& p = s.parallel;
    std::vector<Problem> w;
    auto add = [&](ProblemCode code, std::vector<std::pair<std::string, double>> values) {
        if (w.empty()) w.reserve(4); // a scenario rarely has more: one allocation, none without warnings
        w.emplace_back(code, std::move(values));
    };
    if (a.heads % p.tp != 0) add(ProblemCode::heads_not_divisible_by_tp, { { "heads", a.heads }, { "tp", p.tp } });
    if (a.kvHeads % p.tp != 0 && p.tp % a.kvHeads != 0)
        add(ProblemCode::kv_heads_not_divisible_by_tp, { { "kv_heads", a.kvHeads }, { "tp", p.tp } });
    if (!degreeDivides(s, "parallel.pp", p.pp))
        add(ProblemCode::layers_not_divisible_by_pp,
            { { "layers", a.layers }, { "pp", p.pp }, { "virtual_stages", p.virtualStages } });
    if (!degreeDivides(s, "parallel.dp", p.dp)) // DP × micro-batch up to 6.5·10^10, in 64 bits
        add(ProblemCode::global_batch_not_divisible,
            { { "global_batch", s.training.globalBatch }, { "dp", p.dp }, { "micro_batch", s.training.microBatch } });
    if (a.isMoe() && !degreeDivides(s, "parallel.ep", p.ep))
        add(ProblemCode::experts_not_divisible_by_ep, { { "experts", a.experts }, { "ep", p.ep } });
    if (!a.isMoe() && p.ep > 1) add(ProblemCode::ep_without_experts, { { "ep", p.ep } });
    if (!degreeDivides(s, "parallel.cp", p.cp))
        add(ProblemCode::seq_len_not_divisible_by_cp, { { "seq_len", s.training.seqLen }, { "cp", p.cp } });
    if (p.cp > 1 && !p.flashAttention) add(ProblemCode::cp_without_flash_attention, { { "cp", p.cp } });
    // A stack whose layer code had no flash attention (software_stack.h): the default scenario's flash
    // attention would make its runs up to a third faster than they ran.
    if (p.flashAttention && !stackProfile(s.training.framework).flashAttention)
        add(ProblemCode::stack_without_flash_attention, {});
    if (s.precision.masterWeights && *s.precision.masterWeights == s.precision.weights
        && s.training.method == Method::full)
        add(ProblemCode::redundant_master_weights, {});
    // Full training that updates 16- or 8-bit float weights in place: an update below half the spacing
    // at the weight, 2^-(mantissa + 1) of it (bf16: 2^-8 ≈ 0.4 %), rounds away (docs/MODEL.md, Number
    // formats). Mixed precision keeps an fp32 master copy the optimizer updates for this (Micikevicius et
    // al. 2018, "Mixed Precision Training", §3.1). LoRA and QLoRA freeze the base weights: their adapters'
    // own precision is what the master-weights setting keeps.
    if (s.training.method == Method::full) {
        if (const auto format = storedFloat(s.precision.weights)) {
            const bool master32 = s.precision.masterWeights
                && (*s.precision.masterWeights == DType::fp32 || *s.precision.masterWeights == DType::tf32);
            if (!master32) {
                const FormatInfo& info = formatInfo(*format);
                add(ProblemCode::no_master_weights,
                    { { "format", int(s.precision.weights) }, { "mantissa_bits", info.mantissaBits },
                        { "threshold", info.smallestKeptRatio } });
            }
        }
    }
    // DeepSpeed's PipelineEngine asserts ZeRO stage < 2 and Megatron-LM shards only the optimizer
    // (its distributed optimizer is stage 1); only FSDP-based stacks (torchtitan) pair PP with
    // sharded gradients or parameters.
    if (p.zero >= 2 && p.pp > 1) add(ProblemCode::zero_with_pipeline, { { "zero", p.zero }, { "pp", p.pp } });
    // Summing many micro-batches' gradients in a 16-bit format drops the small ones once the sum has
    // grown (the number-format lab's stall): Megatron-LM accumulates into an fp32
    // main_grad, DeepSpeed's bf16 optimizer in fp32 (grad_accum_dtype).
    const DType g = s.precision.gradients;
    if ((g == DType::bf16 || g == DType::fp16) && microBatchesPerStep(s) > 1)
        add(ProblemCode::low_precision_gradient_accumulation,
            { { "micro_batches", microBatchesPerStep(s) }, { "significant_bits", g == DType::bf16 ? 8 : 11 } });
    return w;
}

} // namespace

double MemoryBreakdown::term(MemoryTerm t) const
{
    switch (t) {
    case MemoryTerm::weights:
        return weights;
    case MemoryTerm::gradients:
        return gradients;
    case MemoryTerm::master_weights:
        return masterWeights;
    case MemoryTerm::optimizer_states:
        return optimizerStates;
    case MemoryTerm::activations:
        return activations;
    case MemoryTerm::buffers:
        return buffers;
    case MemoryTerm::overhead:
        return overhead;
    }
    return 0;
}

MemoryTerm MemoryBreakdown::largest() const
{
    MemoryTerm best = MemoryTerm::weights;
    for (int i = 1; i < kMemoryTermCount; ++i)
        if (term(MemoryTerm(i)) > term(best)) best = MemoryTerm(i);
    return best;
}

double CommunicationEstimate::groupTimeS(Group group, bool exposed) const
{
    double sum = 0;
    for (const auto& c : collectives)
        if (c.group == group) sum += exposed ? c.exposedTimeS : c.timeS;
    return sum;
}

Estimate estimate(const Scenario& s)
{
    const ParameterBreakdown b = countParameters(s.model.arch);
    return estimate(s, b, memoryEstimate(s, b));
}

namespace {

/// What the step's terms share, taken once per estimate.
struct StepInputs {
    double squareModelFlops = 0, squareHardwareFlops = 0; ///< whole-square attention counts (the time model's)
    double busiestReplica = 1; ///< the busiest data-parallel replica's sequences over the mean
    double busiestMicroBatches = 1; ///< its micro-batches per step
    double memoryTBps = 0; ///< HBM bandwidth (the datasheet's, or assumed)
    double recomputeFactor = 1; ///< executed over model FLOPs (without the work TP ranks repeat)
};

/// The FLOPs of a step and the busiest replica's share of them (docs/FORMULAS.md §4).
StepInputs stepInputs(const Scenario& s, Estimate& e)
{
    ComputeEstimate& c = e.compute;
    const Training& t = s.training;
    bool exactPeak = true;
    c.peakFlopsPerGpu = peakFlops(s.hardware.gpu, s.precision.compute, &exactPeak);
    if (!exactPeak) e.warnings.emplace_back(ProblemCode::peak_missing_for_dtype);
    // MFU, HFU and TFLOP/s per GPU count the attention core as the step time prices it: its causal
    // half (and with flash attention as the kernel does it), so that none passes the peak
    // (docs/FORMULAS.md §4). The time model below splits the work as before, on the whole-square
    // counts: the matmuls other than attention are the same in both.
    const double squareModelFlops = modelFlopsPerStep(s);
    const double squareHardwareFlops = hardwareFlopsPerStep(s);
    c.modelFlopsPerStep = causalModelFlopsPerStep(s);
    c.hardwareFlopsPerStep = executedFlopsPerStep(s);
    c.microBatches = microBatchesPerStep(s);
    // The step lasts as long as the busiest data-parallel replica: with a global batch that does not
    // divide by dp (or is smaller than dp) some replicas take one sequence more, or none at all
    // (counted evenly, 4 sequences on dp = 8 ran at half the time of dp = 4).
    const double perReplica = double(t.globalBatch) / s.parallel.dp;
    const double busiestReplica = std::ceil(perReplica) / perReplica;
    const double busiestMicroBatches = std::max(1.0, std::ceil(perReplica) / t.microBatch);
    StepInputs in;
    in.squareModelFlops = squareModelFlops;
    in.squareHardwareFlops = squareHardwareFlops;
    in.busiestReplica = busiestReplica;
    in.busiestMicroBatches = busiestMicroBatches;
    in.recomputeFactor = (squareHardwareFlops - duplicatedFlopsPerStep(s)) / squareModelFlops;
    return in;
}

/// Matmul time: hardware FLOPs over all GPUs at the achieved fraction of their achievable rate, GEMMs
/// by their shapes and the attention kernel at its own rate.
void matmulTime(const Scenario& s, StepInputs& in, Estimate& e)
{
    ComputeEstimate& c = e.compute;
    const double squareHardwareFlops = in.squareHardwareFlops, busiestReplica = in.busiestReplica;
    // With fp8 compute, the matmuls outside the fp8 scope (attention core, LM head) run at the
    // 16-bit tensor rate (every FLOP at the fp8 peak gave 1.74× where 1.28× was measured).
    c.flopsOutsideFp8 = flopsOutsideFp8Scope(s);
    // Matmuls are priced against the GPU's achievable matmul rate (its measured MAMF), not the
    // datasheet peak: the best GEMM reaches 86.9 % of peak on A100 but 80.3 % on H100 and 70.9 % in
    // fp8 on H100, and a single efficiency against the peak fitted 0.665 on A100 and 0.55 on H100.
    c.achievableFlopsPerGpu = achievableFlops(s.hardware.gpu, s.precision.compute);
    // No kernel runs above the compute format's peak, the one MFU is measured against (a GPU object
    // may give an fp8 peak below the 16-bit rate).
    const double sixteenBit = c.flopsOutsideFp8 > 0
        ? std::min(achievableFlops(s.hardware.gpu, DType::bf16), c.peakFlopsPerGpu)
        : c.achievableFlopsPerGpu;
    // With flash attention the attention core is its own kernel, priced at that kernel's measured rate
    // on the FLOPs it does (causal half, backward 2.5 × forward), not as a GEMM on the whole square.
    const double attentionCounted = s.parallel.flashAttention ? attentionFlopsPerStep(s) : 0.0;
    const double attentionInFp8
        = isFp8(s.precision.compute) && s.precision.fp8Scope == Fp8Scope::all ? attentionCounted : 0.0;
    const double gemmFlops = squareHardwareFlops - attentionCounted;
    const double gemmOutsideFp8 = c.flopsOutsideFp8 > 0 ? c.flopsOutsideFp8 - (attentionCounted - attentionInFp8) : 0.0;
    // The fraction of those measured rates training reaches: efficiency.compute (fitted on A100) times
    // the GPU generation's sustained fraction (Hopper sustains less of its MAMF; docs/FIDELITY.md) times
    // the software stack's residual efficiency (1 unless fitted on that stack's runs).
    const double achieved = s.efficiency.compute * s.hardware.gpu.sustainedFraction
        * stackProfile(s.training.framework).residualEfficiency;
    bool attentionMeasured = true;
    c.attentionKernelFlopsPerGpu = attentionKernelFlopsPerStep(s) / e.gpus;
    // FlashAttention's kernels are 16-bit (and fp8): with fp32 or tf32 compute the attention runs no
    // faster than that format's peak.
    c.attentionRatePerGpu
        = s.parallel.flashAttention ? std::min(attentionKernelRate(s, &attentionMeasured), c.peakFlopsPerGpu) : 0.0;
    if (s.parallel.flashAttention && !attentionMeasured && s.parallel.attentionKernel != AttentionKernel::automatic)
        e.warnings.push_back(
            { ProblemCode::attention_rate_assumed, { { "fraction_of_matmul_rate", kAttentionToMatmulRate } } });
    c.attentionTimeS = c.attentionRatePerGpu > 0 ? busiestReplica * c.attentionKernelFlopsPerGpu
            / (c.attentionRatePerGpu * achieved) * attentionLengthSlowdown(s)
                                                 : 0.0;
    double memoryTBps = s.hardware.gpu.memoryTBps;
    if (memoryTBps <= 0) {
        memoryTBps = kAssumedMemoryTBps;
        e.warnings.emplace_back(
            ProblemCode::memory_bandwidth_assumed, Problem::Values { { "assumed_tbps", kAssumedMemoryTBps } });
    }
    // GEMMs by their shapes: waves of tiles on the SMs, HBM traffic, the per-kernel floor.
    c.gemmShapeEfficiency = matmulShapeEfficiency(s, c.achievableFlopsPerGpu * achieved, memoryTBps * 1e12);
    c.matmulTimeS = busiestReplica
            * ((gemmFlops - gemmOutsideFp8) / c.achievableFlopsPerGpu + gemmOutsideFp8 / sixteenBit)
            / (e.gpus * achieved * c.gemmShapeEfficiency)
        + c.attentionTimeS;
    in.memoryTBps = memoryTBps;
}

/// Memory-bound time: what the layers' elementwise kernels, the loss and fp8's casts move at HBM
/// bandwidth.
void memoryBoundTime(const Scenario& s, const StepInputs& in, Estimate& e)
{
    ComputeEstimate& c = e.compute;
    const Training& t = s.training;
    const double busiestMicroBatches = in.busiestMicroBatches, memoryTBps = in.memoryTBps;
    const double recomputeFactor = in.recomputeFactor;
    // Memory-bound kernels: their traffic scales with the activations a layer writes (the
    // no-recomputation set), not with FLOPs, so their share grows as h shrinks. Recomputation runs
    // them again in proportion to the recomputed FLOPs. Calibrated, docs/FIDELITY.md.
    // The last stage also moves the logits (with a 50k vocabulary they outweigh all twelve
    // layers of a 125M model): the head's matmul writes them, the loss reads them and keeps its copy
    // (overhead.loss_bytes_per_logit), the backward reads that copy and writes their gradient, which
    // the two backward matmuls of the head read — 5 × the activation width + 2 × the kept copy per
    // logit, per MTP module again. Counted as they are, not calibrated.
    const double activationWidth = std::max(2.0, bytesOf(s.precision.compute));
    const double logitsPerMicroBatch = double(t.microBatch) * t.seqLen / s.parallel.cp * s.model.arch.vocab
        / s.parallel.tp * (1 + s.model.arch.mtpLayers);
    const double logitBytes = logitsPerMicroBatch * (5 * activationWidth + 2 * s.overhead.lossBytesPerLogit);
    // Eager elementwise kernels (parallel.elementwise_kernels) move more: counted per operation.
    const double tokensPerMicroBatch = double(t.microBatch) * t.seqLen / s.parallel.cp;
    const double eagerMain = eagerElementwiseBytesPerToken(s, s.model.arch.isMoe());
    const double eagerDense = s.model.arch.isMoe() ? eagerElementwiseBytesPerToken(s, false) : eagerMain;
    // Megatron's softmax, where its fused kernel does not apply, runs as five fp32 kernels
    // (software_stack.h): their traffic beyond the fused kernel's, per layer.
    const double fallbackBytes = softmaxFallbackBytesPerLayer(s);
    const bool moe = s.model.arch.isMoe();
    const double writtenMain = activationBytesWrittenPerLayer(s, moe);
    const std::pair written { writtenMain, moe ? activationBytesWrittenPerLayer(s, false) : writtenMain };
    double perMicroBatch = 0;
    for (const auto& st : e.memory.perStage) {
        const double eager = ((st.layers - st.denseLayers + st.mtpLayers) * eagerMain + st.denseLayers * eagerDense)
            * tokensPerMicroBatch * kEagerPassesPerForward * recomputeFactor;
        perMicroBatch = std::max(perMicroBatch,
            s.efficiency.memoryBoundPasses * activationBytesWrittenOnStage(st, written) * recomputeFactor + eager
                + (st.layers + st.mtpLayers) * fallbackBytes + (st.stage == s.parallel.pp - 1 ? logitBytes : 0.0));
    }
    double memoryBoundBytes = perMicroBatch * busiestMicroBatches;
    if (t.method == Method::qlora) {
        // QLoRA dequantises the NF4 base to the compute dtype for every matmul of the forward, the
        // backward and a recomputed forward (Dettmers et al. 2023 §3): per parameter it
        // reads 0.5 B (+ the double-quantised scales), writes the 2-byte copy and the matmul reads
        // it back — 4.5 B per parameter per pass, memory-bound.
        const double passes = 2 + (s.parallel.recompute == Recompute::full ? 1 : 0);
        memoryBoundBytes += passes * busiestMicroBatches * e.memory.peak().params * 4.5;
    }
    // fp8 operands are scaled and cast on every micro-batch, on the busiest stage.
    double castBytes = 0;
    for (const auto& st : e.memory.perStage)
        castBytes = std::max(
            castBytes, fp8CastBytesPerMicroBatch(s, st.layers - st.denseLayers + st.mtpLayers, st.denseLayers));
    c.fp8CastTimeS = busiestMicroBatches * castBytes / (memoryTBps * 1e12);
    c.memoryBoundTimeS = memoryBoundBytes / (memoryTBps * 1e12) + c.fp8CastTimeS;
    c.computeTimeS = c.matmulTimeS + c.memoryBoundTimeS;
}

/// The host's time to issue the step's operations (software_stack.h).
void hostTime(const Scenario& s, const StepInputs& in, Estimate& e)
{
    ComputeEstimate& c = e.compute;
    const Training& t = s.training;
    const double busiestMicroBatches = in.busiestMicroBatches;
    // The host issues every operation of every micro-batch (software_stack.h): on the stage where that
    // takes longest, for the busiest replica's micro-batches.
    const StackProfile& stack = stackProfile(t.framework);
    double hostPerMicroBatch = 0;
    if (stack.hostSecondsPerOp > 0) {
        const HostTimes host = hostTimes(s);
        for (const auto& st : e.memory.perStage)
            hostPerMicroBatch = std::max(hostPerMicroBatch,
                host.microBatchS(
                    st.layers + st.mtpLayers, st.denseLayers, st.stage == 0, st.stage == s.parallel.pp - 1));
    }
    c.hostTimeS = busiestMicroBatches * hostPerMicroBatch;
}

/// The optimizer step and what offload adds.
void optimizerAndOffloadTime(const Scenario& s, const StepInputs& in, Estimate& e)
{
    ComputeEstimate& c = e.compute;
    const StackProfile& stack = stackProfile(s.training.framework);
    const double busiestMicroBatches = in.busiestMicroBatches, memoryTBps = in.memoryTBps;
    // The optimizer step is bound by memory bandwidth: for each parameter it updates, a GPU reads
    // the gradient, reads and writes the master weight and the optimizer state, and writes the
    // working weight. With ZeRO ≥ 1 a GPU updates only its shard (the all-gather that follows is
    // communication); offloaded states update on the host (CPU time is not modelled).
    const StageMemory& peak = e.memory.peak();
    const Parallel& p = s.parallel;
    const double denseShard = p.zero >= 1 ? dataRanks(p) : 1.0;
    const double expertShard = p.zero >= 1 ? expertDataRanks(p) : 1.0;
    const double updated = peak.trainableDense / denseShard + peak.trainableExpert / expertShard;
    const auto& pr = s.precision;
    // The states are read and written as the memory model sizes them (Adafactor's factors, not a
    // a value per parameter).
    const double bytesPerUpdate
        = bytesOf(pr.gradients) + bytesOf(pr.weights) + 2 * (pr.masterWeights ? bytesOf(*pr.masterWeights) : 0);
    const double stepBytes
        = updated * (bytesPerUpdate + stack.optimizerExtraBytesPerParam) + 2 * peak.optimizerStateBytes;
    c.optimizerTimeS = stepBytes / (memoryTBps * 1e12);

    // Offload. ZeRO-Offload (Ren et al. 2021 §4) runs the optimizer on the CPU: the same
    // bytes per parameter at the node's host memory bandwidth, shared by its GPUs; the gradients go
    // down and the updated weights come back over PCIe every step. Offloaded parameters (ZeRO-Infinity,
    // Rajbhandari et al. 2021) come up for the forward, the backward and a recomputed forward of
    // every micro-batch — each rank its ZeRO-3 shard, or the whole stage — prefetched under the
    // compute, so only the excess shows.
    const GpuSpec& gpu = s.hardware.gpu;
    const double hostLink = (gpu.pcieGBps > 0 ? gpu.pcieGBps : kAssumedHostLinkGBps) * s.efficiency.busBandwidth * 1e9;
    double offloadTransferS = 0;
    if (p.offloadOptimizer) {
        const double hostPerGpu
            = s.hardware.hostMemoryGBps * 1e9 / std::clamp(e.gpus, 1, std::max(1, s.hardware.gpusPerNode));
        c.optimizerTimeS = stepBytes / hostPerGpu;
        offloadTransferS += updated * (bytesOf(pr.gradients) + bytesOf(pr.weights)) / hostLink;
    }
    // Offloaded activations go down in the forward and come back in the backward, on the same link and
    // under the same compute.
    double underCompute = 0;
    if (p.offloadParams) {
        const double passes = 2 + (p.recompute == Recompute::full ? 1 : 0);
        const double onRank = peak.params * bytesOf(pr.weights) / (p.zero >= 3 ? denseShard : 1.0);
        underCompute += busiestMicroBatches * passes * onRank / hostLink;
    }
    underCompute += busiestMicroBatches * 2 * peak.activationOffloadPerMicroBatch / hostLink;
    offloadTransferS += std::max(0.0, underCompute - c.computeTimeS);
    c.offloadTimeS = offloadTransferS;
}

/// The compute windows collectives hide in beyond the forward and backward passes: the attention
/// core's time (a context-parallel ring's) and the column-parallel weight-gradient GEMMs' (TP's
/// backward all-reduces on a stack that overlaps them).
std::pair<double, double> overlapWindows(const Scenario& s, const StepInputs& in, const ComputeEstimate& c)
{
    const Training& t = s.training;
    const StackProfile& stack = stackProfile(t.framework);
    const double squareHardwareFlops = in.squareHardwareFlops;
    // The attention core's time: the window of a context-parallel ring (without flash attention, its
    // share of the matmul time).
    const double attentionTimeS = s.parallel.flashAttention ? c.attentionTimeS
        : squareHardwareFlops > 0 ? c.matmulTimeS * attentionFlopsPerStep(s) / squareHardwareFlops
                                  : 0.0;
    // The weight-gradient GEMMs of the column-parallel layers (QKV, fc1; MLA's up-projections; each
    // expert copy's) of a step: a stack that overlaps TP's backward all-reduces hides them there
    // (software_stack.h). Each layer GEMM runs forward, input gradient and weight gradient (and a
    // recomputed forward), at one pace.
    double tpBackwardWindowS = 0;
    const Architecture& arch = s.model.arch;
    if (stack.tpBackwardOverlap && s.parallel.tp > 1) {
        double columnParallel = 0, all = 0;
        for (const LayerMatmul& m : layerOps(arch, arch.isMoe())) {
            const double work = m.in * m.out * m.copies;
            all += work;
            if (!m.rowParallel && !m.duplicated) columnParallel += work;
        }
        // The linear layers' share of the GEMM time (without flash attention the attention core's
        // batched GEMMs are part of it).
        const ForwardFlops f = forwardFlops(arch, t.seqLen, 1);
        const double linear = f.layers - f.attentionCore;
        const double layerShare = linear / (linear + f.logits + (s.parallel.flashAttention ? 0 : f.attentionCore));
        const double passes = 3 + (s.parallel.recompute == Recompute::full ? 1 : 0);
        tpBackwardWindowS = c.gemmTimeS() * layerShare * columnParallel / all / passes;
    }
    return { attentionTimeS, tpBackwardWindowS };
}

} // namespace

Estimate estimate(const Scenario& s, const ParameterBreakdown& b, MemoryEstimate memory)
{
    Estimate e;
    e.gpus = static_cast<int>(s.parallel.gpus()); // at most kMaxGpus in a valid scenario
    if (s.model.params > 0) {
        e.params.total = e.params.active = s.model.params;
    } else {
        e.params.total = std::llround(b.total());
        e.params.active = std::llround(b.active());
    }
    const auto& t = s.training;
    e.params.trainable
        = t.method == Method::full ? double(e.params.total) : loraParams(s.model.arch, t.loraRank, t.loraTargets);
    e.memory = std::move(memory);
    e.params.perGpu = e.memory.peak().params;
    e.warnings = warningsFor(s);

    // Compute (docs/FORMULAS.md §4), term by term.
    ComputeEstimate& c = e.compute;
    StepInputs in = stepInputs(s, e);
    matmulTime(s, in, e);
    memoryBoundTime(s, in, e);
    hostTime(s, in, e);
    optimizerAndOffloadTime(s, in, e);
    const auto [attentionTimeS, tpBackwardWindowS] = overlapWindows(s, in, c);
    const StackProfile& stack = stackProfile(t.framework);
    const double recomputeFactor = in.recomputeFactor;
    e.communication = communication(s, e.memory, c.computeTimeS, attentionTimeS, tpBackwardWindowS);
    // A micro-batch lasts as long as the slower of its GPU work (with the collectives it waits for) and
    // its host's issuing; the GPU waits for the difference. The bubble idles the stages for as long.
    double withinMicroBatches = c.computeTimeS;
    for (const Collective& col : e.communication.collectives)
        if (col.group != Group::dp) withinMicroBatches += col.exposedTimeS;
    c.hostStallTimeS = std::max(0.0, c.hostTimeS - withinMicroBatches);
    c.computeTimeS += c.hostStallTimeS;
    c.bubbleTimeS = c.computeTimeS * bubbleFraction(s.parallel, c.microBatches);
    // 1F1B runs at the busiest stage's pace (compute_model.h, StageWork): the last stage's output head
    // adds its matmul time to every chunk's turn but the first, and the other stages wait for it.
    if (s.parallel.pp > 1) {
        const StageWork work = stageWork(s, in.squareHardwareFlops);
        for (const auto& st : e.memory.perStage)
            c.busiestStageLoad = std::max(c.busiestStageLoad, work.load(st.stage, st.layers + st.mtpLayers));
        c.stageWaitTimeS = (c.busiestStageLoad - 1) * c.matmulTimeS * pacedTurnsShare(s.parallel, c.microBatches);
        c.bubbleTimeS += c.stageWaitTimeS;
    }
    c.bubbleFraction = c.computeTimeS > 0 ? c.bubbleTimeS / c.computeTimeS : 0.0;
    // The optimizer's host work runs with the GPU idle (the loss scaler's and the norm's read-backs).
    c.optimizerTimeS += stack.stepHostS;
    c.stepTimeS = c.computeTimeS + c.bubbleTimeS + e.communication.exposedTimeS + c.optimizerTimeS + c.offloadTimeS;
    e.communication.shareOfStep = e.communication.exposedTimeS / c.stepTimeS;
    c.mfu = c.modelFlopsPerStep / (c.stepTimeS * e.gpus * c.peakFlopsPerGpu);
    c.hfu = c.hardwareFlopsPerStep / (c.stepTimeS * e.gpus * c.peakFlopsPerGpu);
    c.recomputeFraction = recomputeFactor - 1;
    c.tflopsPerGpu = c.hardwareFlopsPerStep / (c.stepTimeS * e.gpus) / 1e12;
    c.tokensPerS = double(t.globalBatch) * t.seqLen / c.stepTimeS;

    // Training (docs/FORMULAS.md §4): steps for the token budget and the failure-free time; then the
    // wall-clock time with checkpoints and failures, and the cost lines (cost_model.cpp).
    TrainingEstimate& tr = e.training;
    const double tokensPerStep = double(t.globalBatch) * t.seqLen;
    tr.steps = t.tokens / tokensPerStep;
    if (tr.steps < 1) {
        // A run takes whole steps; less than one would print as "0 steps".
        e.warnings.push_back({ ProblemCode::tokens_less_than_one_step,
            { { "tokens", t.tokens }, { "tokens_per_step", tokensPerStep } } });
        tr.steps = 1;
    }
    tr.timeS = tr.steps * c.stepTimeS;
    applyReliability(s, e);
    return e;
}

} // namespace core
