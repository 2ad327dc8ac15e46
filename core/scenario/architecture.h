#pragma once
// Exact parameter counting (docs/FORMULAS.md §1) and the standard shape for a bare size.

#include "core/scenario/scenario.h"

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
    [[nodiscard]] ParamPart operator*(double k) const { return { params * k, factored * k }; }
};

/// Parameters of one architecture, split by where they live when the model is distributed
/// (Shoeybi et al. 2019, Megatron-LM §3: matrices split over TP, norms replicated; the word
/// embedding is vocabulary-parallel; Narayanan et al. 2021 §2.2: layers over PP stages).
struct ParameterBreakdown {
    ParamPart wordEmbedding; ///< V·h, vocabulary-parallel over TP, first stage
    ParamPart positions; ///< learned position table, replicated, first stage
    ParamPart layerSplit; ///< per layer: attention + dense MLP matrices, column-parallel biases (÷ TP)
    ParamPart layerReplicated; ///< per layer: norms, row-parallel output biases, router (replicated)
    ParamPart layerExperts; ///< per layer: all routed experts (÷ EP, ÷ TP)
    ParamPart layerExpertsActive; ///< per layer: top_k routed experts (for active counts)
    ParamPart denseSplit; ///< per dense layer of a MoE model (the first dense_layers): as layerSplit
    ParamPart denseReplicated; ///< per dense layer of a MoE model: as layerReplicated
    ParamPart mtpSplit; ///< per MTP module besides its layer: the 2h×h projection (÷ TP), last stage
    ParamPart mtpReplicated; ///< per MTP module besides its layer: three norms, last stage
    ParamPart finalNorm; ///< last stage
    ParamPart lmHead; ///< V·h unless tied (+ V with an LM-head bias), last stage
    int layers = 0;
    int denseLayers = 0; ///< of `layers`, how many are dense layers of a MoE model
    int mtpLayers = 0; ///< MTP modules, each one more layer of the main kind plus its own parts

    /// One layer of the main kind (MoE layers in a MoE model), one dense layer of a MoE model.
    [[nodiscard]] double perLayer() const { return layerSplit.params + layerReplicated.params + layerExperts.params; }
    [[nodiscard]] double perDenseLayer() const { return denseSplit.params + denseReplicated.params; }
    /// Everything trained, including MTP modules (whose embedding and output head are shared).
    [[nodiscard]] double total() const;
    /// Without the MTP modules: the count model cards quote (DeepSeek-V3's 671 B).
    [[nodiscard]] double mainModel() const;
    [[nodiscard]] double active() const;
    /// Adafactor's second-moment elements of everything total() counts: a row and a column per
    /// matrix, vectors whole (Shazeer & Stern 2018 §3).
    [[nodiscard]] double factoredTotal() const;
};

[[nodiscard]] ParameterBreakdown countParameters(const Architecture& arch);
[[nodiscard]] std::int64_t totalParameters(const Architecture& arch);

/// LoRA adapter parameters per layer for the targeted matrices: r·(in + out) each (Hu et al. 2021,
/// "LoRA", §4.1). Targets: q, k, v, o, gate, up, down; MLP targets apply to every expert. With
/// MLA, q adapts the query projection(s), k the joint KV down-projection, v the KV up-projection.
/// `moeLayer` picks the kind of layer (a dense layer of a MoE model has one MLP of ffn_hidden).
[[nodiscard]] double loraParamsPerLayer(
    const Architecture& arch, int rank, const std::vector<std::string>& targets, bool moeLayer);
[[nodiscard]] double loraParamsPerLayer(const Architecture& arch, int rank, const std::vector<std::string>& targets);
/// All adapters of the model: every layer of each kind and every MTP module's layer.
[[nodiscard]] double loraParams(const Architecture& arch, int rank, const std::vector<std::string>& targets);

/// Sets kv_lora_rank and keeps the architecture consistent: with latent attention every head has
/// its own K and V and values are as wide as keys unless set; without it, its other dimensions go.
void setKvLoraRank(Architecture& arch, int rank);

/// The standard dense shape for a bare parameter count (docs/DESIGN.md `{"params": N}`, and the GUI's
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
