// Property tests over many random valid scenarios: outputs are finite and
// non-negative, estimates are deterministic, and the model's monotonic relations hold.
#include "core/estimate/estimate.h"
#include "core/model/memory_model.h"
#include "core/scenario/architecture.h"
#include "core/scenario/presets.h"
#include "core/scenario/scenario_io.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <random>

using namespace core;

namespace {

class Generator {
public:
    explicit Generator(std::uint32_t seed)
        : m_rng(seed)
    {
    }

    int between(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(m_rng); }
    int pow2(int maxExponent) { return 1 << between(0, maxExponent); }
    template <typename T> T pick(std::initializer_list<T> items)
    {
        return *(items.begin() + between(0, int(items.size()) - 1));
    }

    Scenario scenario()
    {
        Scenario s = defaultScenario();
        switch (between(0, 2)) {
        case 0:
            s.model = presetModel(modelPresets()[std::size_t(between(0, int(modelPresets().size()) - 1))]);
            break;
        case 1:
            s.model = bareSizeModel(
                std::int64_t(std::pow(10.0, 8 + 4 * std::uniform_real_distribution<double>(0, 1)(m_rng))));
            break;
        default: {
            Architecture& a = s.model.arch;
            s.model.preset.clear();
            s.model.params = 0;
            a.heads = pow2(6);
            a.kvHeads = a.heads / pow2(std::min(3, int(std::log2(a.heads))));
            a.headDim = pick({ 32, 64, 128 });
            a.hidden = a.heads * a.headDim;
            a.layers = between(1, 96);
            a.ffnHidden = between(1, 4) * a.hidden;
            a.vocab = between(1000, 160000);
            a.mlp = pick({ Mlp::gelu, Mlp::swiglu });
            a.norm = pick({ Norm::layernorm, Norm::rmsnorm });
            a.bias = pick({ Bias::all, Bias::none, Bias::qkv });
            a.tiedEmbeddings = between(0, 1);
            a.position = pick({ Position::rope, Position::alibi, Position::learned });
            a.maxPositions = a.position == Position::learned ? 4096 : 0;
            a.dropout = between(0, 1);
            a.experts = between(0, 1) ? pow2(4) : 0;
            a.topK = a.experts ? between(1, std::min(4, a.experts)) : 0;
            a.moeFfnHidden = a.experts ? a.hidden * between(1, 3) : 0;
            a.sharedExperts = a.experts ? between(0, 2) : 0;
            a.routerBias = a.experts && between(0, 1);
            a.denseLayers = a.experts ? between(0, std::min(3, a.layers - 1)) : 0;
            a.mtpLayers = between(0, 4) == 0 ? 1 : 0;
            a.parallelBlock = between(0, 3) == 0;
            a.lmHeadBias = between(0, 3) == 0;
            if (a.bias == Bias::none && between(0, 2) == 0) { // latent attention (DeepSeek-V2/V3 shapes)
                a.kvHeads = a.heads;
                a.kvLoraRank = pick({ 128, 256, 512 });
                a.qLoraRank = pick({ 0, 384, 1536 });
                a.ropeHeadDim = pick({ 0, 32, 64 });
                a.vHeadDim = pick({ 64, 128 });
            }
        }
        }
        Training& t = s.training;
        t.seqLen = 128 << between(0, 8);
        t.microBatch = pow2(3);
        t.optimizer = Optimizer(between(0, 6));
        t.method = Method(between(0, 2));
        t.loraRank = pow2(7);
        Precision& p = s.precision;
        p.compute = pick({ DType::fp32, DType::tf32, DType::bf16, DType::fp16, DType::fp8_e4m3 });
        p.weights = pick({ DType::fp32, DType::bf16, DType::fp16 });
        p.gradients = pick({ DType::fp32, DType::bf16 });
        p.masterWeights = between(0, 1) ? std::optional<DType>(DType::fp32) : std::nullopt;
        p.optimizerStates = pick({ DType::fp32, DType::bf16 });
        Parallel& q = s.parallel;
        q.tp = pow2(4);
        q.pp = std::min(between(1, 8), s.model.arch.layers); // every stage holds a layer
        q.dp = between(1, 64);
        q.cp = pick({ 1, 1, 2, 4 });
        q.ep = 1;
        if (s.model.arch.isMoe()) {
            for (int e : { 8, 4, 2 })
                if ((q.dp * q.cp) % e == 0 && between(0, 1)) {
                    q.ep = e;
                    break;
                }
        }
        q.zero = between(0, 3);
        q.sequenceParallel = q.tp > 1 && between(0, 1);
        q.recompute = Recompute(between(0, 2));
        q.flashAttention = between(0, 3) > 0;
        q.schedule = q.pp > 1 ? Schedule(between(0, 2)) : Schedule::one_f_one_b;
        q.virtualStages = q.schedule == Schedule::interleaved
            ? std::min(between(2, 4), std::max(1, s.model.arch.layers / q.pp))
            : 1;
        q.offloadOptimizer = between(0, 4) == 0;
        q.offloadParams = between(0, 6) == 0;
        t.globalBatch = q.dp * t.microBatch * between(1, 32);
        const auto& gpus = gpuPresets();
        s.hardware = presetHardware(gpus[std::size_t(between(0, int(gpus.size()) - 1))], pick({ 1, 2, 4, 8 }));
        return s;
    }

private:
    std::mt19937 m_rng;
};

bool finiteNonNegative(double v)
{
    return std::isfinite(v) && v >= 0;
}

bool allFiniteNonNegative(const Estimate& e)
{
    for (const auto& st : e.memory.perStage) {
        const auto& m = st.bytes;
        for (double v : { m.weights, m.gradients, m.masterWeights, m.optimizerStates, m.activations, m.buffers,
                 m.overhead, st.hostBytes })
            if (!finiteNonNegative(v)) return false;
    }
    const auto& c = e.compute;
    for (double v :
        { c.modelFlopsPerStep, c.hardwareFlopsPerStep, c.computeTimeS, c.bubbleFraction, c.stepTimeS, c.mfu, c.hfu,
            c.tflopsPerGpu, c.tokensPerS, e.communication.timeS, e.communication.exposedTimeS,
            e.communication.shareOfStep, e.training.steps, e.training.timeS, e.training.costUsd, e.training.energyKwh })
        if (!finiteNonNegative(v)) return false;
    for (const auto& col : e.communication.collectives)
        if (!finiteNonNegative(col.sentBytesPerGpu) || !finiteNonNegative(col.exposedTimeS)
            || col.exposedTimeS > col.timeS + 1e-12)
            return false;
    return e.communication.shareOfStep <= 1.0 && c.stepTimeS > 0;
}

constexpr int kScenarios = 100'000;

} // namespace

TEST_CASE("random valid scenarios: finite, non-negative, deterministic", "[core][property]")
{
    Generator gen(20261129);
    int checked = 0;
    for (int i = 0; i < kScenarios; ++i) {
        const Scenario s = gen.scenario();
        if (i % 1000 == 0) {
            const auto error = validateScenario(s);
            INFO("scenario " << i << ": " << (error ? error->toString() : std::string()));
            REQUIRE_FALSE(error); // the generator makes valid scenarios only
        }
        const Estimate a = estimate(s);
        if (!allFiniteNonNegative(a)) FAIL("scenario " << i << ":\n" << scenarioToJson(s));
        const Estimate b = estimate(s);
        if (a.memory.total() != b.memory.total() || a.compute.stepTimeS != b.compute.stepTimeS
            || a.communication.sentBytesPerGpu != b.communication.sentBytesPerGpu)
            FAIL("not deterministic:\n" << scenarioToJson(s));
        ++checked;
    }
    CHECK(checked == kScenarios);
}

TEST_CASE(
    "random valid scenarios: more TP, a higher ZeRO stage and recomputation never cost memory", "[core][property]")
{
    Generator gen(7);
    for (int i = 0; i < kScenarios / 4; ++i) {
        const Scenario s = gen.scenario();
        const Estimate e = estimate(s);
        if (s.parallel.tp < 64) {
            // Stage by stage: more TP may change which stage is the most loaded.
            Scenario wider = s;
            wider.parallel.tp *= 2;
            const Estimate w = estimate(wider);
            for (std::size_t st = 0; st < e.memory.perStage.size(); ++st)
                if (w.memory.perStage[st].bytes.weights > e.memory.perStage[st].bytes.weights * (1 + 1e-12))
                    FAIL("more TP raised the weights of stage " << st << ":\n" << scenarioToJson(s));
        }
        if (s.parallel.zero < 3) {
            // Stage by stage too: ZeRO-3's gathered layers can move the peak to a stage with more
            // model states and fewer activations (dense first layers differ from MoE layers).
            Scenario sharded = s;
            ++sharded.parallel.zero;
            const Estimate z = estimate(sharded);
            for (std::size_t st = 0; st < e.memory.perStage.size(); ++st)
                if (z.memory.perStage[st].bytes.modelStates() > e.memory.perStage[st].bytes.modelStates() * (1 + 1e-12))
                    FAIL("a higher ZeRO stage raised the model states of stage " << st << ":\n" << scenarioToJson(s));
        }
        Scenario r = s;
        r.parallel.recompute = Recompute::none;
        const double none = activationBytesPerLayer(r);
        r.parallel.recompute = Recompute::selective;
        const double selective = activationBytesPerLayer(r);
        r.parallel.recompute = Recompute::selective_op;
        const double selectiveOp = activationBytesPerLayer(r);
        r.parallel.recompute = Recompute::full;
        const double full = activationBytesPerLayer(r);
        if (!(full <= selective && selective <= none && full <= selectiveOp && selectiveOp <= none))
            FAIL("recompute raised activations per layer:\n" << scenarioToJson(s));
    }
}

TEST_CASE(
    "random valid scenarios: more GPUs at a fixed global batch never lower the communication share", "[core][property]")
{
    // Without pipelining and with ZeRO ≥ 1: with PP the bubble (p−1)/m grows as m falls, and with
    // ZeRO-0 every GPU updates every parameter every step — fixed costs that lengthen the step and
    // can lower the communication share without less communicating. An offloaded optimizer step is
    // such a cost too: the node's CPUs are shared by the GPUs of the node, so until it is full the
    // CPU time of a rank's shard stays the same as its shard halves.
    Generator gen(42);
    int compared = 0;
    for (int i = 0; i < kScenarios / 4; ++i) {
        Scenario s = gen.scenario();
        s.parallel.pp = 1;
        s.parallel.schedule = Schedule::one_f_one_b;
        s.parallel.virtualStages = 1;
        s.parallel.zero = std::max(1, s.parallel.zero);
        s.parallel.offloadOptimizer = false;
        Scenario more = s;
        more.parallel.dp *= 2;
        if (more.parallel.dp * more.training.microBatch > more.training.globalBatch) continue;
        // An uneven batch leaves the busiest replica a sequence more than the rest: its longer
        // compute can lower the share without less communicating.
        if (more.training.globalBatch % (more.parallel.dp * more.training.microBatch) != 0) continue;
        if ((more.parallel.dp * more.parallel.cp) % more.parallel.ep != 0) continue;
        ++compared;
        const double before = estimate(s).communication.shareOfStep, after = estimate(more).communication.shareOfStep;
        if (after < before * (1 - 1e-9))
            FAIL("share fell from " << before << " to " << after << ":\n" << scenarioToJson(s));
    }
    CHECK(compared > kScenarios / 10);
}
