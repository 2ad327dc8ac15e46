#include "architecture.h"

#include <algorithm>
#include <cmath>

namespace core {

namespace {

/// A weight matrix of in × out: in·out parameters, in + out Adafactor accumulators.
ParamPart matrix(double in, double out) { return {in * out, in + out}; }
/// A vector (bias, norm scale): stored whole by Adafactor.
ParamPart vec(double n) { return {n, n}; }

/// One MLP of width f: GeLU has up and down projections, SwiGLU gate, up and down
/// (Shazeer 2020, "GLU Variants Improve Transformer"). Biases on both layers when bias = all.
struct MlpParts {
    ParamPart split;       // matrices + column-parallel biases (÷ TP)
    ParamPart replicated;  // row-parallel output bias
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

} // namespace

double ParameterBreakdown::total() const
{
    return wordEmbedding.params + positions.params + layers * perLayer() + finalNorm.params + lmHead.params;
}

double ParameterBreakdown::active() const
{
    return total() - layers * (layerExperts.params - layerExpertsActive.params);
}

ParameterBreakdown countParameters(const Architecture& a)
{
    const double h = a.hidden, q = double(a.heads) * a.headDim, kv = double(a.kvHeads) * a.headDim;
    const double normParams = a.norm == Norm::layernorm ? 2.0 * h : h;  // LayerNorm: scale + shift

    ParameterBreakdown b;
    b.layers = a.layers;
    b.wordEmbedding = matrix(a.vocab, h);
    if (a.position == Position::learned) b.positions = matrix(a.maxPositions, h);

    // Attention (Vaswani et al. 2017; GQA: Ainslie et al. 2023): Q h×(a·dh), K and V h×(k·dh),
    // output (a·dh)×h.
    b.layerSplit = matrix(h, q);
    b.layerSplit += matrix(h, kv) * 2;
    b.layerSplit += matrix(q, h);
    if (a.bias != Bias::none) b.layerSplit += vec(q + 2 * kv);
    if (a.bias == Bias::all) b.layerReplicated += vec(h);
    b.layerReplicated += vec(normParams) * 2;  // pre-attention and pre-MLP norms

    if (a.isMoe()) {
        // Mixture of experts (Fedus et al. 2022; Jiang et al. 2024 Mixtral): E routed experts of
        // width moe_ffn_hidden, a router h×E, optional always-on shared experts.
        const MlpParts expert = mlpParts(a, a.moeFfnHidden);
        ParamPart one = expert.split;
        one += expert.replicated;
        b.layerExperts = one * a.experts;
        b.layerExpertsActive = one * a.topK;
        b.layerReplicated += matrix(h, a.experts);
        b.layerSplit += expert.split * a.sharedExperts;
        b.layerReplicated += expert.replicated * a.sharedExperts;
    } else {
        const MlpParts mlp = mlpParts(a, a.ffnHidden);
        b.layerSplit += mlp.split;
        b.layerReplicated += mlp.replicated;
    }

    b.finalNorm = vec(normParams);
    if (!a.tiedEmbeddings) b.lmHead = matrix(h, a.vocab);
    return b;
}

std::int64_t totalParameters(const Architecture& arch)
{
    return static_cast<std::int64_t>(std::llround(countParameters(arch).total()));
}

double loraParamsPerLayer(const Architecture& a, int rank, const std::vector<std::string>& targets)
{
    const double h = a.hidden, q = double(a.heads) * a.headDim, kv = double(a.kvHeads) * a.headDim;
    const double f = a.isMoe() ? a.moeFfnHidden : a.ffnHidden;
    const double mlpCopies = a.isMoe() ? a.experts + a.sharedExperts : 1;
    double sum = 0;
    for (const auto& t : targets) {
        if (t == "q") sum += h + q;
        else if (t == "k" || t == "v") sum += h + kv;
        else if (t == "o") sum += q + h;
        else if (t == "up" || (t == "gate" && a.mlp == Mlp::swiglu)) sum += (h + f) * mlpCopies;
        else if (t == "down") sum += (f + h) * mlpCopies;
    }
    return rank * sum;
}

LayerMatmuls layerMatmuls(const Architecture& a)
{
    const double h = a.hidden, q = double(a.heads) * a.headDim, kv = double(a.kvHeads) * a.headDim;
    const double f = a.isMoe() ? a.moeFfnHidden : a.ffnHidden;
    const double copies = a.isMoe() ? a.topK + a.sharedExperts : 1;
    LayerMatmuls m;
    auto add = [&](double in, double out, double n, bool row) { m.items[static_cast<std::size_t>(m.count++)] = {in, out, n, row}; };
    add(h, q, 1, false);
    add(h, kv, 1, false);
    add(h, kv, 1, false);
    add(q, h, 1, true);
    add(h, f, copies, false);
    if (a.mlp == Mlp::swiglu) add(h, f, copies, false);
    add(f, h, copies, true);
    return m;
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
    return ModelSpec{.preset = {}, .params = params, .arch = standardShape(params)};
}

} // namespace core
