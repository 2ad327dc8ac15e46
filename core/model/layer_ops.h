#pragma once
// One transformer layer described once: its linear layers in forward order (each GEMM's shape, its
// block, what a stack may fuse it with) and the widths of the tensors between them. FLOPs, GEMM time,
// fp8 casts, the host's kernel count, stored activations, elementwise traffic, context parallelism's
// K/V ring and TP's overlap window all take the layer from here, so a new mechanism (a fused
// projection, latent attention, experts) changes them together. The architecture's parameter
// count (architecture.h) stays apart: weights, not work.

#include "core/base/fixed_list.h"
#include "core/scenario/scenario.h"

namespace core {

/// Matmuls of one input that a stack may run as one GEMM with their outputs side by side: Q, K and V
/// (Megatron-LM's query_key_value, MPT's Wqkv), SwiGLU's gate and up (Megatron-LM's dense_h_to_4h of
/// 2·f, Megatron-Core's linear_fc1).
enum class FusableGroup { none, qkv, gate_up };
/// The part of the layer a matmul belongs to.
enum class Block { attention, mlp };

/// One matmul of a transformer layer: its input and output width per token and how many token copies
/// run through it (MoE: top_k routed plus shared experts). `rowParallel` outputs are whole on every
/// TP rank: row-parallel outputs (hidden-sized, all-reduced) and MLA's down-projections, which every
/// TP rank computes in full (DeepSeek-V3 inference/model.py: wq_a and wkv_a are plain Linear layers);
/// column-parallel outputs are split over TP.
struct LayerMatmul {
    double in = 0;
    double out = 0;
    double copies = 1;
    bool rowParallel = false;
    bool duplicated = false; ///< computed in full by every TP rank (MLA's down-projections)
    bool upProjection = false; ///< MLA's latent up-projections (recomputed under norms_up_proj)
    FusableGroup fusable = FusableGroup::none;
    Block block = Block::attention;
    bool experts = false; ///< an MLP matmul of a mixture-of-experts layer: routed and shared copies
};

/// The widths per token of the tensors between the matmuls, in elements, for the whole layer (TP
/// splits them where the matmuls say).
struct LayerWidths {
    double query = 0; ///< Q: heads × the query/key head width (MLA: its no-RoPE and RoPE parts)
    /// K and V as the attention kernel receives them: KV heads × the head width; latent attention
    /// expands them per head after its up-projection (K as wide as Q, V as the output).
    double key = 0, value = 0;
    double attentionOutput = 0; ///< heads × the value head width: the output projection's input
    /// Elements the rotary embedding turns: every query and KV head's; latent attention only its
    /// decoupled RoPE dimensions, one shared key and one per query head.
    double rotated = 0;
    double mlp = 0; ///< the MLP's hidden width (one expert's in a MoE layer)
    double routedCopies = 0; ///< MLP copies per token routed to experts (top_k); 0 in a dense layer
    double sharedCopies = 0; ///< MLP copies per token of the shared experts; 0 in a dense layer
    /// All MLP copies per token: routed and shared, or 1.
    [[nodiscard]] double mlpCopies() const { return routedCopies + sharedCopies > 0 ? routedCopies + sharedCopies : 1; }
};

/// The matmuls of one layer in forward order, with Q, K and V separate as PyTorch models define them
/// (Llama: wq, wk, wv, wo, w1, w3, w2; GPT: q, k, v, proj, fc1, fc2; MLA: wq_a, wq_b, wkv_a, wkv_b,
/// wo, then the MLP), and its widths. The MoE router is left out of the matmuls (its fp32 logits are
/// counted with the activations).
struct LayerOps {
    FixedList<LayerMatmul, 8> linears;
    LayerWidths widths;
    [[nodiscard]] const LayerMatmul* begin() const { return linears.begin(); }
    [[nodiscard]] const LayerMatmul* end() const { return linears.end(); }
};
/// `moeLayer` picks the kind of layer (a MoE model's dense layers are dense), as loraParamsPerLayer.
[[nodiscard]] LayerOps layerOps(const Architecture& arch, bool moeLayer);
/// layerOps(arch, moeLayer).widths, without listing the matmuls (the per-tick paths that need only them).
[[nodiscard]] LayerWidths layerWidths(const Architecture& arch, bool moeLayer);

/// Which matmuls a software stack runs fused (StackProfile::fusedQkv, fusedGateUp).
struct StackFusions {
    bool qkv = false;
    bool gateUp = false;
};

/// A GEMM of the layer as a stack runs it: fused matmuls merged (their outputs side by side), and
/// consecutive matmuls of one shape in one block (K and V, SwiGLU's gate and up) as one shape run
/// `count` times.
struct LayerGemm {
    LayerMatmul shape;
    int count = 1;
};
using LayerGemms = FixedList<LayerGemm, 8>;
[[nodiscard]] LayerGemms layerGemms(const LayerOps& ops, StackFusions fusions);
/// The GEMM kernels one forward pass of the layer's linear layers launches: each GEMM's count, an
/// experts' matmul as one grouped GEMM over the routed experts and one over the shared ones.
[[nodiscard]] int linearKernels(const LayerOps& ops, StackFusions fusions);

} // namespace core
