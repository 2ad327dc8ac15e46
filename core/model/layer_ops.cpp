#include "core/model/layer_ops.h"

namespace core {

LayerWidths layerWidths(const Architecture& a, bool moeLayer)
{
    const double heads = a.heads;
    const bool moe = moeLayer && a.isMoe();
    LayerWidths w;
    w.query = heads * a.qkHeadDim();
    w.attentionOutput = heads * a.valueHeadDim();
    w.key = a.isMla() ? w.query : double(a.kvHeads) * a.headDim;
    w.value = a.isMla() ? w.attentionOutput : double(a.kvHeads) * a.headDim;
    w.rotated = a.isMla() ? double(a.ropeHeadDim) * (a.heads + 1) : double(a.heads + a.kvHeads) * a.headDim;
    w.mlp = moe ? a.moeFfnHidden : a.ffnHidden;
    w.routedCopies = moe ? a.topK : 0;
    w.sharedCopies = moe ? a.sharedExperts : 0;
    return w;
}

LayerOps layerOps(const Architecture& a, bool moeLayer)
{
    const double h = a.hidden, heads = a.heads;
    const bool moe = moeLayer && a.isMoe();
    LayerOps ops;
    ops.widths = layerWidths(a, moeLayer);
    const LayerWidths& w = ops.widths;

    auto add = [&](double in, double out, bool row, Block block, bool duplicated = false, bool up = false,
                   FusableGroup fusable = FusableGroup::none) {
        const bool experts = moe && block == Block::mlp;
        ops.linears.push_back({ in, out, experts ? w.mlpCopies() : 1.0, row, duplicated, up, fusable, block, experts });
    };
    using enum Block;
    if (a.isMla()) {
        if (a.qLoraRank > 0) {
            add(h, a.qLoraRank, true, attention, true);
            add(a.qLoraRank, w.query, false, attention, false, true);
        } else {
            add(h, w.query, false, attention);
        }
        add(h, double(a.kvLoraRank) + a.ropeHeadDim, true, attention, true);
        add(a.kvLoraRank, heads * (double(a.headDim) + a.vHeadDim), false, attention, false, true);
        add(w.attentionOutput, h, true, attention);
    } else {
        add(h, w.query, false, attention, false, false, FusableGroup::qkv);
        add(h, w.key, false, attention, false, false, FusableGroup::qkv);
        add(h, w.value, false, attention, false, false, FusableGroup::qkv);
        add(w.attentionOutput, h, true, attention);
    }
    if (a.mlp == Mlp::swiglu) {
        add(h, w.mlp, false, mlp, false, false, FusableGroup::gate_up);
        add(h, w.mlp, false, mlp, false, false, FusableGroup::gate_up);
    } else {
        add(h, w.mlp, false, mlp);
    }
    add(w.mlp, h, true, mlp);
    return ops;
}

LayerGemms layerGemms(const LayerOps& ops, StackFusions fusions)
{
    auto sameShape = [](const LayerMatmul& x, const LayerMatmul& y) {
        return x.in == y.in && x.out == y.out && x.copies == y.copies && x.rowParallel == y.rowParallel
            && x.duplicated == y.duplicated && x.block == y.block;
    };
    LayerGemms out;
    const std::size_t n = ops.linears.size();
    for (std::size_t i = 0; i < n;) {
        LayerGemm g { ops.linears[i], 1 };
        std::size_t span = 1; // the list's matmuls this GEMM stands for
        const FusableGroup f = g.shape.fusable;
        if ((f == FusableGroup::qkv && fusions.qkv) || (f == FusableGroup::gate_up && fusions.gateUp)) {
            // A stack that fuses Q, K and V (or the gate and up) runs them as one GEMM, their outputs side
            // by side.
            for (; i + span < n && ops.linears[i + span].fusable == f; ++span)
                g.shape.out += ops.linears[i + span].out;
        } else {
            while (i + span < n && sameShape(ops.linears[i + span], g.shape))
                ++span;
            g.count = int(span);
        }
        out.push_back(g);
        i += span;
    }
    return out;
}

int linearKernels(const LayerOps& ops, StackFusions fusions)
{
    int kernels = 0;
    for (const LayerGemm& g : layerGemms(ops, fusions))
        kernels += g.count * (g.shape.experts && ops.widths.sharedCopies > 0 ? 2 : 1);
    return kernels;
}

} // namespace core
