#pragma once
// What an estimate holds, by part: memory per stage, the collectives, compute and time, the run, its
// reliability. The models that fill a part include this header; estimate() is in core/estimate/estimate.h.

#include "core/scenario/problem.h"
#include "core/scenario/scenario.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace core {

/// The terms of MemoryBreakdown, in their stacking order.
enum class MemoryTerm { weights, gradients, master_weights, optimizer_states, activations, buffers, overhead };
inline constexpr int kMemoryTermCount = 7;

/// Bytes on one GPU, by what fills them (docs/DESIGN.md "memory").
struct MemoryBreakdown {
    double weights = 0; ///< resident (possibly sharded) parameters
    double gradients = 0;
    double masterWeights = 0;
    double optimizerStates = 0;
    double activations = 0; ///< stored for backward, all in-flight micro-batches
    double buffers = 0; ///< transient: gathered ZeRO-3 layers, gradient bucket, NCCL buffers
    double overhead = 0; ///< CUDA context and allocator fragmentation

    [[nodiscard]] double modelStates() const { return weights + gradients + masterWeights + optimizerStates; }
    [[nodiscard]] double total() const { return modelStates() + activations + buffers + overhead; }
    [[nodiscard]] double term(MemoryTerm t) const;
    /// The term that fills the most: what to attack first.
    [[nodiscard]] MemoryTerm largest() const;
    bool operator==(const MemoryBreakdown&) const = default;
};

/// One pipeline stage, as seen by one of its GPUs.
struct StageMemory {
    int stage = 0;
    int layers = 0; ///< transformer layers on this stage (all virtual chunks)
    int denseLayers = 0; ///< of those, dense layers of a MoE model (DeepSeek-V3's first three)
    int mtpLayers = 0; ///< MTP modules (last stage), each one more layer of the main kind
    double params = 0; ///< parameters held by one GPU of this stage, before ZeRO sharding
    double trainableDense = 0; ///< trainable non-expert parameters on one GPU, before sharding
    double trainableExpert = 0; ///< trainable expert parameters on one GPU, before sharding
    double expertParams = 0; ///< expert parameters held by one GPU (part of `params`)
    double inFlight = 1; ///< micro-batches whose activations are alive at the peak
    MemoryBreakdown bytes;
    double hostBytes = 0; ///< CPU memory per GPU for offloaded states (onHost's total)
    MemoryBreakdown onHost; ///< what offload moved to the host: weights, master weights, optimizer states
    double nf4Params = 0; ///< QLoRA: base parameters stored in NF4 on one GPU (part of `params`)
    /// What the optimizer states are counted on, before sharding: the trainable parameters, or for
    /// Adafactor its factored rows and columns (dense part and experts).
    double optimizerElementsDense = 0, optimizerElementsExpert = 0;
    /// Activation bytes one in-flight micro-batch holds on this stage (all its layers and chunks), and
    /// the bytes held once while a backward runs (the logits at the loss, full recomputation's working
    /// set): activations = activationPerMicroBatch × inFlight + activationOnce.
    double activationPerMicroBatch = 0, activationOnce = 0;
    /// Gradients freed after every step with one micro-batch per step (parallel.gradient_buffers
    /// per_step), else all 0: the stage's whole gradients, the part its backward produces first (the
    /// LM head's, while the logits are held) and the activations left when the last gradient arrives
    /// (the first layer's, with its recomputation). bytes.gradients is what the peak holds of them:
    /// all at the backward's end, firstGradients at its start.
    double perStepGradients = 0, firstGradients = 0, backwardEndActivations = 0;
    /// Activation offload (parallel.offload_activations): what one micro-batch's layers save and send to
    /// the host in its forward and fetch back in its backward.
    double activationOffloadPerMicroBatch = 0;
    /// Each chunk's share of activationPerMicroBatch when the memory model weighs chunks by their layers
    /// (pipeline_split's emptier first and last chunks); empty: every chunk holds 1/v.
    std::vector<double> chunkShares;
    /// This GPU's optimizer states, on the GPU or offloaded: what its optimizer step reads and writes.
    double optimizerStateBytes = 0;
    /// What a framework's allocator statistics do not see, for comparison with measured peaks: bytes
    /// outside the allocator (the CUDA context, NCCL's own buffers: part of overhead and buffers), and
    /// the allocator's slack over what it hands out (fragmentation: the rest of overhead). PyTorch's
    /// max_memory_reserved() is total − outsideAllocator; max_memory_allocated() also leaves out the slack.
    double outsideAllocator = 0, allocatorSlack = 0;
};

/// The memory verdict. Within kMemoryErrorBand of the capacity, either way, the estimate cannot tell
/// a fit from a failure: it says how close the peak comes instead of a plain yes or no.
enum class MemoryFit { fits, fits_narrowly, over_narrowly, does_not_fit };
inline constexpr std::array<std::string_view, 4> kMemoryFitNames { "fits", "fits_narrowly", "over_narrowly",
    "does_not_fit" };
[[nodiscard]] constexpr std::string_view toString(MemoryFit fit)
{
    return kMemoryFitNames[static_cast<std::size_t>(fit)];
}
/// The out-of-sample mean |error| of peak memory over the published runs (docs/FIDELITY.md: 6.3 %
/// on 2026-12-07), rounded down to a whole per cent; tests/core/test_fidelity.cpp keeps it within a
/// point of the suite's figure.
inline constexpr double kMemoryErrorBand = 0.06;

struct MemoryEstimate {
    std::vector<StageMemory> perStage;
    int stage = 0; ///< index of the most loaded stage
    double activationBytesPerLayer = 0; ///< one micro-batch, one layer (Korthikanti et al. Table 2)
    double capacity = 0; ///< bytes of one GPU

    [[nodiscard]] const StageMemory& peak() const { return perStage[static_cast<std::size_t>(stage)]; }
    [[nodiscard]] double total() const { return peak().bytes.total(); }
    [[nodiscard]] bool fits() const { return total() <= capacity; }
    [[nodiscard]] double headroom() const { return capacity - total(); }
    /// The headroom as a share of the capacity: above 0 to spare, below 0 over.
    [[nodiscard]] double margin() const { return capacity > 0 ? headroom() / capacity : 0; }
    [[nodiscard]] MemoryFit fit() const
    {
        const double m = margin();
        return m >= kMemoryErrorBand ? MemoryFit::fits
            : m >= 0                 ? MemoryFit::fits_narrowly
            : m > -kMemoryErrorBand  ? MemoryFit::over_narrowly
                                     : MemoryFit::does_not_fit;
    }

    /// The largest micro-batch (sequences) whose most loaded stage still fits; 0 when even one
    /// sequence does not fit.
    int largestMicroBatch = 0;
};

struct ParamCounts {
    std::int64_t total = 0;
    std::int64_t active = 0; ///< per token (MoE: top_k experts)
    double perGpu = 0; ///< held by one GPU of the most loaded stage, before ZeRO sharding
    double trainable = 0; ///< whole model; LoRA/QLoRA: adapters only
};

/// Communication groups, collectives and links (docs/DESIGN.md "Estimate": group, op, link).
enum class Group { tp, cp, pp, dp, ep };
enum class CollectiveOp { all_reduce, all_gather, reduce_scatter, send_recv, all_to_all };
enum class Link { intra_node, inter_node };

[[nodiscard]] std::string_view toString(Group g);
[[nodiscard]] std::string_view toString(CollectiveOp op);
[[nodiscard]] std::string_view toString(Link link);

/// One kind of collective of one group, summed over a training step, for one GPU.
struct Collective {
    Group group = Group::dp;
    CollectiveOp op = CollectiveOp::all_reduce;
    int groupSize = 1;
    /// Size of the whole tensor of one call; the mean over its calls where one entry carries two sizes
    /// (TP's all-reduce: the layers' and the cross-entropy's).
    double messageBytes = 0;
    double callsPerStep = 0;
    double sentBytesPerGpu = 0; ///< on the wire per GPU per step (nccl-tests bus factors)
    double timeS = 0; ///< latency + bandwidth time per step
    double exposedTimeS = 0; ///< the part not hidden under compute
    Link link = Link::intra_node;
    double bandwidthGBps = 0; ///< achieved bus bandwidth used for the time
    /// Inside the node but over PCIe: between NVLink domains (H100 PCIe pairs), or on a GPU without
    /// NVLink (RTX 4090, L40S: GpuSpec::linksOverPcie).
    bool overPcie = false;
    int nodes = 1; ///< nodes the group spans
    double latencyPerCallS = 0; ///< NCCL's latency model for this operation, group size and node count
};

struct CommunicationEstimate {
    std::vector<Collective> collectives;
    double sentBytesPerGpu = 0;
    double timeS = 0;
    double exposedTimeS = 0;
    double shareOfStep = 0; ///< exposed time / step time

    /// Time of all collectives of one group per step; `exposed` counts only what is not hidden.
    [[nodiscard]] double groupTimeS(Group group, bool exposed) const;
};

struct ComputeEstimate {
    double modelFlopsPerStep = 0; ///< no recomputation (Narayanan et al. 2021, eq. 3)
    double hardwareFlopsPerStep = 0; ///< with recomputation
    double peakFlopsPerGpu = 0; ///< of the compute dtype, FLOP/s (datasheet; MFU is against it)
    double achievableFlopsPerGpu = 0; ///< the GPU's best measured matmul rate in the compute dtype (MAMF), FLOP/s
    /// Matmul time at that rate over the time their shapes take (waves of thread blocks on the SMs, HBM
    /// traffic, the per-kernel floor): ≤ 1 (docs/FORMULAS.md §4, "GEMM shapes").
    double gemmShapeEfficiency = 1;
    /// Bubble-free time of one step's micro-batches on the busiest stage: matmuls + memory-bound + the
    /// time the GPU waits for its host (hostStallTimeS).
    double computeTimeS = 0;
    /// The host's (CPU's) time to issue the busiest stage's operations of one step (training.framework;
    /// 0 for the generic stack), and the part of it the GPU is left waiting: what the host needs
    /// beyond the micro-batches' GPU work and the collectives they wait for (docs/MODEL.md "Software stacks").
    double hostTimeS = 0;
    double hostStallTimeS = 0;
    double matmulTimeS = 0; ///< hardware FLOPs at the achieved fraction of peak (attentionTimeS included)
    double attentionTimeS = 0; ///< part of matmulTimeS: the flash-attention kernel (0 without flash attention)
    double attentionKernelFlopsPerGpu = 0; ///< FLOPs that kernel does per step on one GPU (causal half, backward 2.5 ×)
    double attentionRatePerGpu = 0; ///< its rate before efficiency.compute, FLOP/s (catalog, parallel.attention_kernel)
    /// The GEMMs' share of matmulTimeS: everything but the attention kernel.
    [[nodiscard]] double gemmTimeS() const { return matmulTimeS - attentionTimeS; }
    double memoryBoundTimeS = 0; ///< norms, softmax, dropout, activations, residuals at HBM bandwidth
    double fp8CastTimeS = 0; ///< part of memoryBoundTimeS: scaling and casting fp8 matmul operands
    double flopsOutsideFp8 = 0; ///< hardware FLOPs at the 16-bit rate in an fp8 run (outside precision.fp8_scope)
    /// Pipeline idle time over the mean stage's compute time: the schedule's (p − 1)/(v·m) and the stages'
    /// wait for the busiest one.
    double bubbleFraction = 0;
    double bubbleTimeS = 0;
    double busiestStageLoad = 1; ///< the busiest stage's matmul work over the mean stage's (StageWork)
    double stageWaitTimeS = 0; ///< part of bubbleTimeS: (m·v − 1)/(m·v) of the busiest stage's excess matmul time
    /// On the GPU at HBM bandwidth, or on the CPU when offloaded; with the stack's host time per step.
    double optimizerTimeS = 0;
    double offloadTimeS = 0; ///< PCIe transfers of offloaded states and parameters not hidden under compute
    double stepTimeS = 0;
    double mfu = 0;
    double hfu = 0;
    double recomputeFraction
        = 0; ///< extra FLOPs spent recomputing over model FLOPs (work TP ranks repeat not included)
    double tflopsPerGpu = 0; ///< achieved hardware TFLOP/s per GPU (Narayanan's convention)
    double tokensPerS = 0;
    double microBatches = 1; ///< per data-parallel replica per step (fractional if the batch does not divide)
};

struct TrainingEstimate {
    double steps = 0;
    double timeS = 0; ///< wall-clock, including checkpoints, failures and restarts
    double gpuHours = 0;
    double energyKwh = 0;
    double gpuCostUsd = 0;
    double energyCostUsd = 0;
    double costUsd = 0; ///< GPU-hours and energy (docs/DESIGN.md `training.cost_usd`)
    double interNodeBytes = 0; ///< bytes of collectives on inter-node links, all GPUs, whole run
    double storageCostUsd = 0; ///< checkpoints kept × size × months
    double networkCostUsd = 0; ///< inter-node bytes × price per TB
    double teamCostUsd = 0; ///< people × person-month × months
    double totalCostUsd = 0; ///< costUsd + storage + network + team
};

/// Failures and checkpoints over the run (docs/FORMULAS.md §6).
struct ReliabilityEstimate {
    double clusterMtbfHours = 0;
    double checkpointBytes = 0; ///< weights + master weights + optimizer states, whole model
    double checkpointWriteS = 0;
    double youngIntervalS = 0; ///< Young (1974)
    double checkpointIntervalS = 0; ///< Daly (2006), the interval used
    double restartS = 0;
    double goodput = 1; ///< useful fraction of wall-clock time
    double expectedInterruptions = 0; ///< failures and, on spot capacity, nodes taken back
    double spotInterruptionsPerHour = 0; ///< the provider's reclaims, whole cluster (0 unless cost.pricing spot)
    double expectedSpotInterruptions = 0;
    double lostGpuHours = 0;
    double idealTimeS = 0; ///< training time without failures
};

/// Where measured runs of the same kind landed against their estimates ("honest ranges"):
/// the 10th and 90th percentiles of measured ÷ estimated step time over the out-of-sample published
/// runs of the scenario's regime (fidelity.cpp). Set by estimateWithRange(), not by estimate().
struct EstimateRange {
    double low = 1; ///< multiplier of the estimated step time, 10th percentile
    double high = 1; ///< 90th percentile
    int runs = 0; ///< residuals it rests on
    std::vector<std::string> regimes; ///< the regime the runs were taken from, name by name (empty: all runs)

    /// The regime as text, e.g. "h100-sxm, FSDP / ZeRO-2/3, bf16/fp16", or "all published runs".
    [[nodiscard]] std::string basis() const;
};

struct Estimate {
    int gpus = 0;
    ParamCounts params;
    MemoryEstimate memory;
    ComputeEstimate compute;
    CommunicationEstimate communication;
    TrainingEstimate training;
    ReliabilityEstimate reliability;
    std::vector<Problem> warnings; ///< inconsistent but computable inputs (docs/DESIGN.md: codes with numbers)
    std::optional<EstimateRange> range; ///< empty from estimate(); see estimateWithRange()
};

} // namespace core
