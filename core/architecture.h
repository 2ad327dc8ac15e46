#pragma once
// Exact parameter counting (FORMULAS.md §1) and the standard shape for a bare size.

#include "scenario.h"

#include <array>
#include <cstdint>

namespace core {

/// A group of parameters: how many there are, and how many Adafactor second-moment elements
/// they need (row + column accumulators per matrix, the full size per vector; Shazeer & Stern
/// 2018, "Adafactor", §3).
struct ParamPart {
    double params = 0;
    double factored = 0;

    ParamPart& operator+=(const ParamPart& o)
    {
        params += o.params;
        factored += o.factored;
        return *this;
    }
    [[nodiscard]] ParamPart operator*(double k) const { return {params * k, factored * k}; }
};

/// Parameters of one architecture, split by where they live when the model is distributed
/// (Shoeybi et al. 2019, Megatron-LM §3: matrices split over TP, norms replicated; the word
/// embedding is vocabulary-parallel; Narayanan et al. 2021 §2.2: layers over PP stages).
struct ParameterBreakdown {
    ParamPart wordEmbedding;   ///< V·h, vocabulary-parallel over TP, first stage
    ParamPart positions;       ///< learned position table, replicated, first stage
    ParamPart layerSplit;      ///< per layer: attention + dense MLP matrices, column-parallel biases (÷ TP)
    ParamPart layerReplicated; ///< per layer: norms, row-parallel output biases, router (replicated)
    ParamPart layerExperts;    ///< per layer: all routed experts (÷ EP, ÷ TP)
    ParamPart layerExpertsActive;  ///< per layer: top_k routed experts (for active counts)
    ParamPart finalNorm;       ///< last stage
    ParamPart lmHead;          ///< V·h unless tied, last stage
    int layers = 0;

    [[nodiscard]] double perLayer() const { return layerSplit.params + layerReplicated.params + layerExperts.params; }
    [[nodiscard]] double total() const;
    [[nodiscard]] double active() const;
};

[[nodiscard]] ParameterBreakdown countParameters(const Architecture& arch);
[[nodiscard]] std::int64_t totalParameters(const Architecture& arch);

/// LoRA adapter parameters per layer for the targeted matrices: r·(in + out) each (Hu et al. 2021,
/// "LoRA", §4.1). Targets: q, k, v, o, gate, up, down; MLP targets apply to every expert.
[[nodiscard]] double loraParamsPerLayer(const Architecture& arch, int rank, const std::vector<std::string>& targets);

/// One matmul of a transformer layer: its output width per token and how many token copies run
/// through it (MoE: top_k routed plus shared experts). `rowParallel` outputs are hidden-sized and
/// whole on every TP rank (all-reduced), column-parallel outputs are split over TP.
struct LayerMatmul {
    double in = 0;
    double out = 0;
    double copies = 1;
    bool rowParallel = false;
};

/// The matmuls of one layer in forward order, with Q, K and V separate as PyTorch models define
/// them (Llama: wq, wk, wv, wo, w1, w3, w2; GPT: q, k, v, proj, fc1, fc2). The MoE router is left
/// out (its fp32 logits are counted with the activations).
struct LayerMatmuls {
    std::array<LayerMatmul, 7> items{};
    int count = 0;
};
[[nodiscard]] LayerMatmuls layerMatmuls(const Architecture& arch);

/// The standard dense shape for a bare parameter count (DESIGN.md `{"params": N}`, and the GUI's
/// model-size slider). The rule, Llama-style (Touvron et al. 2023: head width 128, SwiGLU,
/// RMSNorm, RoPE, untied 32,000-token vocabulary, no biases):
///   hidden h: the multiple of 128 nearest the solution of 12·h³/128 + 2·V·h = N
///             (12h² per layer with f ≈ 8h/3, and L = h/128 layers, as Llama-2-7B: 4096/32);
///   layers  L = max(1, round((N − 2·V·h) / (12·h²)));
///   heads = kv_heads = h/128; ffn_hidden = 8h/3 rounded up to a multiple of 256.
/// The shape only drives activations and FLOPs; the parameter count stays exactly N.
[[nodiscard]] Architecture standardShape(std::int64_t params);

/// A model given as a bare size: exactly `params` parameters with the standard shape.
[[nodiscard]] ModelSpec bareSizeModel(std::int64_t params);

} // namespace core
