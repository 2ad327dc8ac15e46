#include "core/scenario/architecture.h"

#include <algorithm>
#include <cmath>

namespace core {

namespace {

/// A weight matrix of in × out: in·out parameters, in + out Adafactor accumulators.
ParamPart matrix(double in, double out)
{
    return { in * out, in + out };
}
/// A vector (bias, norm scale): stored whole by Adafactor.
ParamPart vec(double n)
{
    return { n, n };
}

/// One MLP of width f: GeLU has up and down projections, SwiGLU gate, up and down
/// (Shazeer 2020, "GLU Variants Improve Transformer"). Biases on both layers when bias = all.
struct MlpParts {
    ParamPart split; // matrices + column-parallel biases (÷ TP)
    ParamPart replicated; // row-parallel output bias
};

MlpParts mlpParts(const Architecture& a, double f)
{
    const double h = a.hidden;
    const int inputs = a.mlp == Mlp::swiglu ? 2 : 1;
    MlpParts p;
    p.split = matrix(h, f) * inputs;
    p.split += matrix(f, h);
    if (a.bias == Bias::all) {
        p.split += vec(f) * inputs;
        p.replicated = vec(h);
    }
    return p;
}

/// Attention of one layer: matrices and column-parallel biases split over TP, the rest whole.
MlpParts attentionParts(const Architecture& a)
{
    const double h = a.hidden, heads = a.heads;
    const double latentNorm = a.norm == Norm::layernorm ? 2.0 : 1.0;
    MlpParts p;
    if (a.isMla()) {
        // Multi-head latent attention (DeepSeek-V2 §2.1.2–2.1.3, eqs. 9–14; DeepSeek-V3 config):
        // Q from a q_lora_rank latent (or directly), K and V from one kv_lora_rank latent that also
        // carries the shared RoPE key; the down-projections and latent norms are whole on every TP
        // rank, the up-projections and the output are split.
        const double qk = heads * a.qkHeadDim(), kvUp = heads * (double(a.headDim) + a.vHeadDim);
        if (a.qLoraRank > 0) {
            p.replicated += matrix(h, a.qLoraRank);
            p.replicated += vec(latentNorm * a.qLoraRank);
            p.split += matrix(a.qLoraRank, qk);
        } else {
            p.split += matrix(h, qk);
        }
        p.replicated += matrix(h, double(a.kvLoraRank) + a.ropeHeadDim);
        p.replicated += vec(latentNorm * a.kvLoraRank);
        p.split += matrix(a.kvLoraRank, kvUp);
        p.split += matrix(heads * a.vHeadDim, h);
        return p;
    }
    // Vaswani et al. 2017; GQA (Ainslie et al. 2023): Q h×(a·dh), K and V h×(k·dh), output (a·dh)×h.
    const double q = heads * a.headDim, kv = double(a.kvHeads) * a.headDim;
    p.split = matrix(h, q);
    p.split += matrix(h, kv) * 2;
    p.split += matrix(q, h);
    if (a.bias != Bias::none) p.split += vec(q + 2 * kv);
    if (a.bias == Bias::all) p.replicated += vec(h);
    return p;
}

} // namespace

double ParameterBreakdown::mainModel() const
{
    return wordEmbedding.params + positions.params + (layers - denseLayers) * perLayer() + denseLayers * perDenseLayer()
        + finalNorm.params + lmHead.params;
}

double ParameterBreakdown::total() const
{
    return mainModel() + mtpLayers * (perLayer() + mtpSplit.params + mtpReplicated.params);
}

double ParameterBreakdown::factoredTotal() const
{
    const double layer = layerSplit.factored + layerReplicated.factored + layerExperts.factored;
    const double dense = denseSplit.factored + denseReplicated.factored;
    return wordEmbedding.factored + positions.factored + (layers - denseLayers) * layer + denseLayers * dense
        + finalNorm.factored + lmHead.factored + mtpLayers * (layer + mtpSplit.factored + mtpReplicated.factored);
}

double ParameterBreakdown::active() const
{
    return total() - (layers - denseLayers + mtpLayers) * (layerExperts.params - layerExpertsActive.params);
}

ParameterBreakdown countParameters(const Architecture& a)
{
    const double h = a.hidden;
    const double normParams = a.norm == Norm::layernorm ? 2.0 * h : h; // LayerNorm: scale + shift

    ParameterBreakdown b;
    b.layers = a.layers;
    b.wordEmbedding = matrix(a.vocab, h);
    if (a.position == Position::learned) b.positions = matrix(a.maxPositions, h);

    const MlpParts attention = attentionParts(a);
    b.layerSplit = attention.split;
    b.layerReplicated = attention.replicated;
    // Pre-attention and pre-MLP norms; one shared norm in a parallel block (GPT-J; Phi-2).
    b.layerReplicated += vec(normParams) * (a.parallelBlock ? 1 : 2);

    const MlpParts dense = mlpParts(a, a.ffnHidden);
    if (a.isMoe()) {
        // The first dense_layers layers keep a dense MLP (DeepSeek-V3: first_k_dense_replace = 3).
        b.denseLayers = a.denseLayers;
        b.denseSplit = b.layerSplit;
        b.denseSplit += dense.split;
        b.denseReplicated = b.layerReplicated;
        b.denseReplicated += dense.replicated;
        // Mixture of experts (Fedus et al. 2022; Jiang et al. 2024 Mixtral): E routed experts of
        // width moe_ffn_hidden, a router h×E (with DeepSeek-V3's per-expert bias), optional
        // always-on shared experts.
        const MlpParts expert = mlpParts(a, a.moeFfnHidden);
        ParamPart one = expert.split;
        one += expert.replicated;
        b.layerExperts = one * a.experts;
        b.layerExpertsActive = one * a.topK;
        b.layerReplicated += matrix(h, a.experts);
        if (a.routerBias) b.layerReplicated += vec(a.experts);
        b.layerSplit += expert.split * a.sharedExperts;
        b.layerReplicated += expert.replicated * a.sharedExperts;
    } else {
        b.layerSplit += dense.split;
        b.layerReplicated += dense.replicated;
    }

    // Multi-token prediction (DeepSeek-V3 §2.2, eq. 21): per module RMSNorms on the hidden state
    // and the next token's embedding, a 2h×h projection, one more layer of the main kind and the
    // output head's norm; the embedding and the output head are shared with the main model.
    b.mtpLayers = a.mtpLayers;
    b.mtpSplit = matrix(2 * h, h);
    b.mtpReplicated = vec(normParams) * 3;

    b.finalNorm = vec(normParams);
    if (!a.tiedEmbeddings) b.lmHead = matrix(h, a.vocab);
    if (a.lmHeadBias) b.lmHead += vec(a.vocab); // Phi-2's lm_head has a bias
    return b;
}

std::int64_t totalParameters(const Architecture& arch)
{
    return static_cast<std::int64_t>(std::llround(countParameters(arch).total()));
}

double loraParamsPerLayer(const Architecture& a, int rank, const std::vector<std::string>& targets, bool moeLayer)
{
    const double h = a.hidden, heads = a.heads;
    const bool moe = moeLayer && a.isMoe();
    const double f = moe ? a.moeFfnHidden : a.ffnHidden;
    const double mlpCopies = moe ? a.experts + a.sharedExperts : 1;
    double sum = 0;
    for (const auto& t : targets) {
        if (a.isMla()) {
            const double qk = heads * a.qkHeadDim();
            if (t == "q")
                sum += a.qLoraRank > 0 ? (h + a.qLoraRank) + (a.qLoraRank + qk) : h + qk;
            else if (t == "k")
                sum += h + a.kvLoraRank + a.ropeHeadDim;
            else if (t == "v")
                sum += a.kvLoraRank + heads * (double(a.headDim) + a.vHeadDim);
            else if (t == "o")
                sum += heads * a.vHeadDim + h;
        } else {
            const double q = heads * a.headDim, kv = double(a.kvHeads) * a.headDim;
            if (t == "q")
                sum += h + q;
            else if (t == "k" || t == "v")
                sum += h + kv;
            else if (t == "o")
                sum += q + h;
        }
        if (t == "up" || (t == "gate" && a.mlp == Mlp::swiglu))
            sum += (h + f) * mlpCopies;
        else if (t == "down")
            sum += (f + h) * mlpCopies;
    }
    return rank * sum;
}

double loraParamsPerLayer(const Architecture& a, int rank, const std::vector<std::string>& targets)
{
    return loraParamsPerLayer(a, rank, targets, a.isMoe());
}

double loraParams(const Architecture& a, int rank, const std::vector<std::string>& targets)
{
    const int moe = a.moeLayers() + (a.isMoe() ? a.mtpLayers : 0);
    const int dense = a.layers - a.moeLayers() + (a.isMoe() ? 0 : a.mtpLayers);
    return moe * loraParamsPerLayer(a, rank, targets, true) + dense * loraParamsPerLayer(a, rank, targets, false);
}

void setKvLoraRank(Architecture& a, int rank)
{
    a.kvLoraRank = rank;
    if (rank > 0) {
        a.kvHeads = a.heads;
        if (a.vHeadDim == 0) a.vHeadDim = a.headDim;
    } else {
        a.qLoraRank = a.ropeHeadDim = a.vHeadDim = 0;
    }
}

Architecture standardShape(std::int64_t params)
{
    constexpr double kVocab = 32000, kHeadDim = 128;
    const double n = std::max<double>(double(params), 1.0);
    // Solve 12·h³/128 + 2·V·h = N by bisection (monotone in h).
    double lo = 1, hi = 1e6;
    for (int i = 0; i < 200; ++i) {
        const double mid = 0.5 * (lo + hi);
        (12 * mid * mid * mid / kHeadDim + 2 * kVocab * mid < n ? lo : hi) = mid;
    }
    const double h = std::max(kHeadDim, std::round(lo / kHeadDim) * kHeadDim);

    Architecture a;
    a.hidden = static_cast<int>(h);
    a.heads = a.kvHeads = static_cast<int>(h / kHeadDim);
    a.headDim = static_cast<int>(kHeadDim);
    a.layers = static_cast<int>(std::max(1.0, std::round((n - 2 * kVocab * h) / (12 * h * h))));
    a.ffnHidden = static_cast<int>(std::ceil(8.0 * h / 3.0 / 256.0) * 256.0);
    a.vocab = static_cast<int>(kVocab);
    a.mlp = Mlp::swiglu;
    a.norm = Norm::rmsnorm;
    a.bias = Bias::none;
    a.tiedEmbeddings = false;
    a.position = Position::rope;
    a.dropout = false;
    return a;
}

ModelSpec bareSizeModel(std::int64_t params)
{
    return ModelSpec { .preset = {}, .params = params, .arch = standardShape(params) };
}

} // namespace core
