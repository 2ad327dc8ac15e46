#pragma once
// Software stacks (scenario key training.framework): what a training framework adds to the GPU's
// work — the kernels it launches for one layer, what its host (CPU) spends issuing them, which
// collectives it overlaps, the kernels it leaves unfused and its work per step (docs/MODEL.md
// "Software stacks"; docs/FIDELITY.md for the fitted constants and the runs they are fitted on).

#include "core/scenario/estimate_types.h"
#include "core/scenario/scenario.h"

#include <array>
#include <cassert>
#include <string_view>

namespace core {

enum class OpKind { gemm, elementwise, attention, collective, host_sync };
enum class OpPass { forward, backward };

/// One kind of operation of a pass, and how many of it the pass issues on one rank. Built with
/// designated initializers: what is left out is zero (a forward elementwise kernel; a collective's
/// fields as below). No member initializers, so that an Operations array costs nothing until filled.
struct Operation {
    std::string_view name;
    OpKind kind;
    OpPass pass;
    int count;
    /// A collective's operation and group, and the bytes of one call's whole tensor per token of the
    /// micro-batch on this rank (0 for the pipeline's sends, which comm_model.cpp prices apart).
    CollectiveOp collective;
    Group group;
    double bytesPerToken;
};

/// The operations of a layer or a stage, in a fixed array: estimate() lists them on every call and
/// allocates nothing for them. Only the first `count` items are set.
struct Operations {
    static constexpr int kMost = 40;
    std::array<Operation, kMost> items;
    int count = 0;
    void add(const Operation& op)
    {
        assert(count < kMost); // a layer lists about 28, a stage about 18
        if (op.count > 0 && count < kMost) items[static_cast<std::size_t>(count++)] = op;
    }
    [[nodiscard]] const Operation* begin() const { return items.data(); }
    [[nodiscard]] const Operation* end() const { return items.data() + count; }
};

struct StackProfile {
    SoftwareStack framework = SoftwareStack::generic;
    std::string_view source; ///< where its mechanisms and constants come from
    /// CPU time to issue one kernel or collective: eager PyTorch's dispatch, autograd's bookkeeping and
    /// the stack's Python around it (0: the host is never the bottleneck).
    double hostSecondsPerOp = 0;
    /// Host time of each optimizer step with the GPU idle: the optimizer's Python, the loss scaler's
    /// and the gradient norm's device-to-host reads.
    double stepHostS = 0;
    /// HBM traffic of the optimizer step per updated parameter beyond the update itself.
    double optimizerExtraBytesPerParam = 0;
    /// Megatron's FusedScaleMaskSoftmax: fused only when 16 < s ≤ 4096 and b·a/t is a multiple of 4,
    /// else five unfused fp32 kernels.
    bool megatronSoftmax = false;
    /// The data-parallel gradient reduction may overlap the backward (else it runs after it).
    bool dpOverlap = true;
    /// Without sequence parallelism, the column-parallel layers' (QKV, fc1) input-gradient all-reduces
    /// run beside their weight-gradient GEMMs: up to those GEMMs' time of the TP traffic hides.
    bool tpBackwardOverlap = false;
    /// QLoRA through bitsandbytes' Linear4bit, whose MatMul4Bit keeps every 4-bit layer's input for
    /// the backward (a frozen PyTorch linear keeps none; torchao's NF4 linear keeps only the weight).
    bool bitsandbytesQlora = false;
    /// Megatron pads the vocabulary to a multiple of 128 × TP (--make-vocab-size-divisible-by): the
    /// embedding's size follows the layout.
    bool padsVocabulary = false;
    /// The stack's layer code has flash attention: Megatron-LM's of 2021–23, as its published runs
    /// used it, computed attention with the fused softmax (--use-flash-attn came in mid-2023);
    /// Megatron-DeepSpeed's 2023 code has --use-flash-attn-v1 and -v2.
    bool flashAttention = true;
    /// Q, K and V run as one GEMM of their outputs side by side (FusableGroup::qkv, layer_ops.h).
    bool fusedQkv = false;
    /// SwiGLU's gate and up run as one GEMM of 2·f outputs (FusableGroup::gate_up).
    bool fusedGateUp = false;
    /// What the stack's own runs show beyond its mechanisms, multiplying the matmul and attention
    /// rates: 1 unless fitted on calibration runs of that stack (the source names them).
    double residualEfficiency = 1;
};

[[nodiscard]] const StackProfile& stackProfile(SoftwareStack framework);

/// The frameworks whose launch settings TrainPlanner writes or whose logs it reads.
enum class StackFamily { megatron, torchtitan, deepspeed, hf_trainer };
/// The stack a run of `family` uses: the scenario's own when it is one of that family (Megatron-LM,
/// Megatron-DeepSpeed or Megatron-Core for Megatron's arguments and logs; DeepSpeed, Megatron-DeepSpeed
/// or GPT-NeoX for DeepSpeed's), else the family's current stack (Megatron-Core, torchtitan,
/// DeepSpeed, the Hugging Face Trainer).
[[nodiscard]] SoftwareStack stackOfFamily(SoftwareStack named, StackFamily family);

/// The constants of the Megatron layer code's host model fitted on vTrain's calibration rows
/// (docs/FIDELITY.md "Software stacks"): the host's time per operation and per step, shared by
/// Megatron-LM's and Megatron-DeepSpeed's profiles, and Megatron-DeepSpeed's residual efficiency.
struct HostConstants {
    double secondsPerOp = 0;
    double stepS = 0;
    double residual = 1;
    bool operator==(const HostConstants&) const = default;
};
[[nodiscard]] HostConstants shippedHostConstants();
/// Replaces the host constants in stackProfile() on this thread while it lives, for a refit that
/// scores the suite without one of its sources (core/fidelity/refit.h); estimate() on other threads,
/// and on this one before and after, sees the shipped profiles.
class ScopedHostConstants {
public:
    explicit ScopedHostConstants(const HostConstants& constants);
    ~ScopedHostConstants();
    ScopedHostConstants(const ScopedHostConstants&) = delete;
    ScopedHostConstants& operator=(const ScopedHostConstants&) = delete;

private:
    std::array<StackProfile, 2> m_previous;
    bool m_wasActive = false;
};

/// Whether the scenario's attention softmax takes Megatron's unfused fallback (fp32, five kernels
/// forward, four backward): a Megatron stack without flash attention, a key length outside
/// (16, 4096] or micro-batch × heads per TP rank not a multiple of 4 (megatron/model/fused_softmax.py,
/// FusedScaleMaskSoftmax.is_kernel_available, NVIDIA/Megatron-LM 23.04).
[[nodiscard]] bool softmaxFallback(const Scenario& s);

/// The operations one transformer layer issues per micro-batch on one rank, forward and backward
/// (a recomputed forward issues the forward again), as the scenario's stack launches them. Its TP
/// collectives are the ones comm_model.cpp prices: host time and traffic count the same calls.
[[nodiscard]] Operations layerOperations(const Scenario& s, bool moeLayer);

/// The operations of a micro-batch outside the layers on one stage: fetching the batch, the
/// embedding (first stage), the final norm, the LM head and the loss (last stage), and the stage's
/// point-to-point transfers.
[[nodiscard]] Operations stageOperations(const Scenario& s, bool firstStage, bool lastStage);

/// TP's collectives, derived here once: what layerOperations and stageOperations list for TP, and what
/// comm_model.cpp prices (the host issues the calls the traffic counts).
/// A layer's in one pass: two conjugate pairs (Shoeybi et al. 2019 §3: f and g), all-reduces of s·b·h,
/// or with sequence parallelism an all-gather and a reduce-scatter each (Korthikanti et al. 2022
/// §4.2.2), the same volume in twice the calls.
void addTensorParallelLayerOps(const Scenario& s, OpPass pass, Operations& ops);
/// A stage's vocabulary-parallel ends: the embedding's output reduced (first stage); the
/// cross-entropy's three all-reduces of one fp32 per token and the LM head's input gradient reduced
/// (last stage); with sequence parallelism each reduction is a reduce-scatter and an all-gather.
void addTensorParallelEndOps(const Scenario& s, bool firstStage, bool lastStage, Operations& ops);

/// A MoE layer's expert all-to-alls in one pass (dispatch and combine): per token this rank dispatches,
/// its copies (top-k; fewer with node-limited routing across nodes) × h; what layerOperations lists and
/// comm_model.cpp prices.
void addExpertParallelOps(const Scenario& s, OpPass pass, Operations& ops);

/// Forward passes of a layer per micro-batch: 2 under full recomputation, else 1.
[[nodiscard]] int forwardPasses(const Scenario& s);

/// The host's (CPU's) time per micro-batch on the scenario's stack, priced once per scenario: each
/// layer's operations (a recomputed forward issues its forward again) and what a stage adds outside its
/// layers, by whether it holds the embedding and the head; all 0 for a stack without host cost.
struct HostTimes {
    double mainLayerS = 0, denseLayerS = 0;
    double stageS[2][2] {}; ///< [first stage][last stage]
    /// One micro-batch on a stage with `layers` layers (of which `denseLayers` dense ones of a MoE model).
    [[nodiscard]] double microBatchS(int layers, int denseLayers, bool firstStage, bool lastStage) const
    {
        return stageS[firstStage ? 1 : 0][lastStage ? 1 : 0] + (layers - denseLayers) * mainLayerS
            + denseLayers * denseLayerS;
    }
};
[[nodiscard]] HostTimes hostTimes(const Scenario& s);

/// Bytes the softmax fallback moves beyond the fused kernel per micro-batch and layer on one rank.
[[nodiscard]] double softmaxFallbackBytesPerLayer(const Scenario& s);

} // namespace core
