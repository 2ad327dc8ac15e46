// The memory model's structure: pipeline stages, sharding, offload, LoRA, overheads, monotonicity.
#include "core/estimate/estimate.h"
#include "core/model/memory_model.h"
#include "core/scenario/architecture.h"
#include "core/scenario/presets.h"
#include "core/scenario/scenario_io.h"

#include <catch2/catch.hpp>

using namespace core;

namespace {

Scenario gpt3OnMegatron(Recompute recompute, bool sequenceParallel)
{
    // Korthikanti et al. 2022, Table 3 / Figure 1: GPT-3 175B, t 8, p 8, interleaved v 3, batch 64,
    // micro-batch 1, s 2048, V 51200 (schedule as in Calculon's validation inputs for Figure 1).
    Scenario s = defaultScenario();
    s.model = presetModel(*findModelPreset("gpt3-175b"));
    s.model.arch.vocab = 51200;
    s.training.seqLen = 2048;
    s.training.microBatch = 1;
    s.training.globalBatch = 64;
    s.parallel = Parallel { .tp = 8,
        .pp = 8,
        .dp = 1,
        .cp = 1,
        .ep = 1,
        .zero = 0,
        .sequenceParallel = sequenceParallel,
        .recompute = recompute,
        .flashAttention = false,
        .schedule = Schedule::interleaved,
        .virtualStages = 3 };
    return s;
}

} // namespace

TEST_CASE("Korthikanti Figure 1: first-stage activations of GPT-3 175B with interleaving", "[core][memory][published]")
{
    // Figure 1: 66.84 GiB without recomputation (TP only), 12.35 GiB with sequence parallelism and
    // selective recomputation: L/p layers × p·(1 + (p−1)/(p·v)) micro-batches (§4.2.3). The
    // figure counts layers only; ours adds token ids and the embedding dropout mask (< 0.5 %).
    const auto none = estimate(gpt3OnMegatron(Recompute::none, false)).memory;
    const auto seqsel = estimate(gpt3OnMegatron(Recompute::selective, true)).memory;
    CHECK(none.perStage[0].inFlight == Approx(8 + 7.0 / 3));
    CHECK(none.perStage[0].bytes.activations / (1 << 30) == Approx(66.84375).epsilon(0.005));
    CHECK(seqsel.perStage[0].bytes.activations / (1 << 30) == Approx(12.3515625).epsilon(0.005));
}

TEST_CASE(
    "pipeline stages: embedding first, LM head and logits last, in-flight micro-batches", "[core][memory][pipeline]")
{
    Scenario s = defaultScenario();
    s.model = presetModel(*findModelPreset("llama-3-8b"));
    s.parallel.pp = 4;
    s.parallel.dp = 2;
    s.training.globalBatch = 64; // m = 32 micro-batches per replica
    const auto e = estimate(s);
    REQUIRE(e.memory.perStage.size() == 4);
    // 1F1B: stage i holds min(p − i, m) micro-batches (Narayanan et al. 2021 §2.2).
    for (int i = 0; i < 4; ++i)
        CHECK(e.memory.perStage[std::size_t(i)].inFlight == 4 - i);
    const auto& arch = s.model.arch;
    const double embedding = double(arch.vocab) * arch.hidden;
    // Stage 0 holds the embedding, stage 3 the LM head and final norm; middle stages neither.
    CHECK(e.memory.perStage[0].params - e.memory.perStage[1].params == Approx(embedding));
    CHECK(e.memory.perStage[3].params - e.memory.perStage[1].params == Approx(embedding + arch.hidden));
    // GPipe keeps every micro-batch alive.
    s.parallel.schedule = Schedule::gpipe;
    CHECK(estimate(s).memory.perStage[3].inFlight == 32);
}

TEST_CASE("more tensor parallelism never raises weights per GPU", "[core][memory][property]")
{
    for (const auto& preset : modelPresets()) {
        Scenario s = defaultScenario();
        s.model = presetModel(preset);
        double previous = 1e300;
        for (int tp : { 1, 2, 4, 8, 16 }) {
            s.parallel.tp = tp;
            const double w = estimate(s).memory.peak().bytes.weights;
            INFO(preset.name << " tp " << tp);
            CHECK(w <= previous);
            previous = w;
        }
    }
}

TEST_CASE(
    "a higher ZeRO stage never raises model states, and recompute never raises activations", "[core][memory][property]")
{
    for (const auto& preset : modelPresets()) {
        Scenario s = defaultScenario();
        s.model = presetModel(preset);
        s.parallel.dp = 16;
        double previous = 1e300;
        for (int zero = 0; zero <= 3; ++zero) {
            s.parallel.zero = zero;
            const double states = estimate(s).memory.peak().bytes.modelStates();
            INFO(preset.name << " zero " << zero);
            CHECK(states <= previous);
            previous = states;
        }
        double none = 0, selective = 0, full = 0;
        for (auto [r, out] : { std::pair { Recompute::none, &none }, { Recompute::selective, &selective },
                 { Recompute::full, &full } }) {
            s.parallel.recompute = r;
            s.parallel.flashAttention = false;
            *out = estimate(s).memory.peak().bytes.activations;
        }
        CHECK(full <= selective);
        CHECK(selective <= none);
    }
}

TEST_CASE("offload moves states to host memory", "[core][memory][offload]")
{
    Scenario s = defaultScenario();
    const auto before = estimate(s).memory.peak();
    s.parallel.offloadOptimizer = true;
    const auto after = estimate(s).memory.peak();
    CHECK(after.bytes.optimizerStates == 0);
    CHECK(after.bytes.masterWeights == 0);
    CHECK(after.hostBytes == Approx(before.bytes.optimizerStates + before.bytes.masterWeights));
    CHECK(after.bytes.total() < before.bytes.total());
}

TEST_CASE("LoRA and QLoRA keep states for the adapters only", "[core][memory][lora]")
{
    Scenario s = defaultScenario();
    s.parallel.dp = 1;
    s.parallel.zero = 0;
    s.training.globalBatch = 1;
    s.training.method = Method::lora;
    s.training.loraRank = 8;
    s.training.loraTargets = { "q", "v" };
    const auto lora = estimate(s);
    const double adapters = 4'194'304; // PEFT's count for Llama-2-7B, r 8, q and v
    CHECK(lora.params.trainable == adapters);
    const auto& m = lora.memory.peak().bytes;
    CHECK(m.gradients == Approx(adapters * 2));
    CHECK(m.masterWeights == Approx(adapters * 4));
    CHECK(m.optimizerStates == Approx(adapters * 8));
    CHECK(m.weights == Approx((6'738'415'616 + adapters) * 2));

    // QLoRA (Dettmers et al. 2023 §3): NF4 with double quantisation, 4.127 bits per layer weight;
    // embeddings, norms and the LM head stay in bf16.
    s.training.method = Method::qlora;
    const auto q = estimate(s).memory.peak().bytes;
    const auto b = countParameters(s.model.arch);
    const double layerMatrices = b.layers * b.layerSplit.params;
    const double rest = 6'738'415'616 - layerMatrices;
    CHECK(q.weights == Approx(layerMatrices * 4.127 / 8 + (rest + adapters) * 2).epsilon(1e-4));
}

TEST_CASE("overheads are the documented settings and the largest micro-batch fits", "[core][memory][overhead]")
{
    Scenario s = defaultScenario();
    const auto e = estimate(s);
    const auto& m = e.memory.peak().bytes;
    const double allocated = m.modelStates() + m.activations + m.buffers;
    CHECK(m.overhead == Approx(s.overhead.fragmentation * allocated + s.overhead.cudaContextGib * (1 << 30)));
    // The largest micro-batch fits; one more sequence does not.
    REQUIRE(e.memory.largestMicroBatch >= 1);
    s.training.microBatch = e.memory.largestMicroBatch;
    CHECK(estimate(s).memory.fits());
    s.training.microBatch += 1;
    CHECK_FALSE(estimate(s).memory.fits());
    // Nothing fits: 405B on one GPU.
    s.model = presetModel(*findModelPreset("llama-3.1-405b"));
    s.training.microBatch = 1;
    CHECK(estimate(s).memory.largestMicroBatch == 0);
}

TEST_CASE("GQA and SwiGLU enter the activations by the tensor sizes", "[core][memory][activations]")
{
    // Llama-2-70B (64 heads, 8 KV heads, f = 28672): per layer, flash attention, no TP, bf16:
    // replicated 4·2·sbh, Q and output 2·2·sbh, K and V 2·2·sb·(8·128), SwiGLU 3·2·sb·f, lse 4·a·sb.
    Scenario s = defaultScenario();
    s.model = presetModel(*findModelPreset("llama-2-70b"));
    s.training.seqLen = 4096;
    s.training.microBatch = 1;
    const double sb = 4096, h = 8192;
    const double expected = sb * (8 * h + 4 * h + 4 * 1024 + 6 * 28672 + 4 * 64);
    CHECK(activationBytesPerLayer(s) == Approx(expected));
}

TEST_CASE("memory terms, the largest one, per-group times and the recompute fraction", "[core][estimate]")
{
    Scenario s = defaultScenario();
    s.parallel.tp = 2;
    s.parallel.dp = 4;
    s.parallel.recompute = Recompute::full;
    const Estimate e = estimate(s);
    const auto& m = e.memory.peak().bytes;
    double sum = 0;
    for (int t = 0; t < kMemoryTermCount; ++t) {
        sum += m.term(MemoryTerm(t));
        CHECK(m.term(m.largest()) >= m.term(MemoryTerm(t)));
    }
    CHECK(sum == Approx(m.total()));
    double tp = 0, tpExposed = 0;
    for (const auto& c : e.communication.collectives)
        if (c.group == Group::tp) {
            tp += c.timeS;
            tpExposed += c.exposedTimeS;
        }
    CHECK(e.communication.groupTimeS(Group::tp, false) == Approx(tp));
    CHECK(e.communication.groupTimeS(Group::tp, true) == Approx(tpExposed));
    // Full recomputation repeats the layers' forward pass: Narayanan et al. §5.1, 96/72 of the
    // layer FLOPs, slightly less overall because the logits are not recomputed.
    CHECK(e.compute.recomputeFraction > 0.25);
    CHECK(e.compute.recomputeFraction < 1.0 / 3.0);
}
