// The layer is described once (core/model/layer_ops.h): what the host issues, what the shape model times and
// what the FLOPs count are the same GEMMs, for every software stack and every model of the catalog.
#include "core/model/compute_model.h"
#include "core/model/layer_ops.h"
#include "core/model/software_stack.h"
#include "core/scenario/presets.h"
#include "core/scenario/scenario_io.h"

#include <catch2/catch.hpp>

#include <string>

using namespace core;

namespace {

/// The forward pass's linear-layer GEMMs the stack's host issues for one layer (layerOperations).
int hostLinearGemms(const Scenario& s, bool moeLayer)
{
    int count = 0;
    for (const Operation& op : layerOperations(s, moeLayer))
        if (op.kind == OpKind::gemm && op.pass == OpPass::forward && op.name == "linear layers") count += op.count;
    return count;
}

} // namespace

TEST_CASE("the host issues the GEMMs the shape model times, for every stack and every model", "[core][layers][gemm]")
{
    int compared = 0;
    for (std::size_t stack = 0; stack < kSoftwareStackNames.size(); ++stack)
        for (const ModelPreset& preset : modelPresets()) {
            Scenario s = defaultScenario();
            s.model = presetModel(preset);
            s.training.framework = SoftwareStack(int(stack));
            for (const bool moeLayer : { true, false }) {
                if (moeLayer && !s.model.arch.isMoe()) continue;
                INFO(preset.name << " on " << toString(s.training.framework) << (moeLayer ? ", MoE layer" : ""));
                int timed = 0;
                for (const TimedGemm& g : timedLayerGemms(s, moeLayer))
                    timed += g.count;
                CHECK(hostLinearGemms(s, moeLayer) == timed);
                ++compared;
            }
        }
    CHECK(compared > 100);
}

TEST_CASE("the shape model times the FLOPs the layer description counts", "[core][layers][gemm]")
{
    // On one rank (TP 1, EP 1) every GEMM is whole: the timed shapes' FLOPs are the layer's matmul FLOPs,
    // 2 per multiply-accumulate of every token copy.
    for (const ModelPreset& preset : modelPresets()) {
        Scenario s = defaultScenario();
        s.model = presetModel(preset);
        s.parallel.tp = s.parallel.ep = 1;
        const double tokens = double(s.training.microBatch) * s.training.seqLen;
        for (const bool moeLayer : { true, false }) {
            INFO(preset.name << (moeLayer ? ", MoE layer" : ""));
            double described = 0, timed = 0;
            for (const LayerMatmul& m : layerOps(s.model.arch, moeLayer))
                described += 2 * tokens * m.in * m.out * m.copies;
            for (const TimedGemm& g : timedLayerGemms(s, moeLayer))
                timed += 2 * g.m * g.n * g.k * g.groups * g.count;
            CHECK(timed == Approx(described).epsilon(1e-12));
        }
    }
}

TEST_CASE("a stack that fuses Q, K and V and the gate and up issues fewer GEMMs of the same shapes", "[core][layers]")
{
    // Llama 2 7B: wq, wk, wv, wo, w1, w3, w2 apart (7), or QKV and gate-up fused (4); latent attention's
    // five projections are never fused.
    Scenario s = defaultScenario();
    s.model = presetModel(*findModelPreset("llama-2-7b"));
    const LayerOps ops = layerOps(s.model.arch, false);
    CHECK(ops.linears.size() == 7);
    CHECK(linearKernels(ops, {}) == 7);
    CHECK(linearKernels(ops, { true, true }) == 4);
    CHECK(linearKernels(ops, { true, false }) == 5);
    const LayerOps mla = layerOps(presetModel(*findModelPreset("deepseek-v3")).arch, true);
    CHECK(mla.linears.size() == 8); // wq_a, wq_b, wkv_a, wkv_b, wo; w1, w3, w2 of the experts
    // The experts' matmuls: one grouped GEMM over the routed experts and one over the shared one.
    CHECK(linearKernels(mla, { true, true }) == 5 + 2 * 2);
    CHECK(mla.widths.key == mla.widths.query); // K expanded per head, as wide as Q
}
