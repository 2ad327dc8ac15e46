// Memory figures pinned to their published sources (docs/PUBLISHED.md).
#include "core/estimate/estimate.h"
#include "core/fidelity/fidelity.h"
#include "core/model/compute_model.h"
#include "core/model/memory_model.h"
#include "core/scenario/architecture.h"
#include "core/scenario/presets.h"
#include "core/scenario/scenario_io.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <map>

using namespace core;

namespace {

/// Mixed-precision AdamW as the ZeRO paper and the source article count it: bf16 weights and
/// gradients, fp32 master weights and two fp32 moments (K = 12), one GPU per replica.
Scenario mixedAdam(std::int64_t params, int dp, int zero)
{
    Scenario s = defaultScenario();
    s.model = bareSizeModel(params);
    s.precision = Precision { DType::bf16, DType::bf16, DType::bf16, DType::fp32, DType::fp32 };
    s.training.optimizer = Optimizer::adamw;
    s.training.globalBatch = std::max(s.training.globalBatch, dp);
    s.parallel = Parallel {};
    s.parallel.dp = dp;
    s.parallel.zero = zero;
    return s;
}

double modelStatesGB(const Scenario& s)
{
    return estimate(s).memory.peak().bytes.modelStates() / 1e9;
}

/// Llama 3 8B on `dp` GPUs with ZeRO stage `zero`, one sequence per GPU and step (the defaults'
/// sequence length and formats).
Scenario llama3_8b(int dp, int zero)
{
    Scenario s = defaultScenario();
    s.model = presetModel(*findModelPreset("llama-3-8b"));
    s.parallel = Parallel {};
    s.parallel.dp = dp;
    s.parallel.zero = zero;
    s.training.globalBatch = dp;
    return s;
}

/// Llama 3 8B on one GPU without recomputation, one sequence of 4,096 tokens per micro-batch.
Scenario llama3_8b_4k()
{
    Scenario s = llama3_8b(1, 0);
    s.parallel.recompute = Recompute::none;
    s.training.seqLen = 4096;
    s.training.microBatch = 1;
    return s;
}

} // namespace

TEST_CASE("source article: a 7B model needs 16 bytes per parameter, 112 GB", "[core][memory][published]")
{
    // Source article §3.1: bf16 weights 2 + bf16 grads 2 + fp32 master 4 + Adam m 4 + v 4 = 16 B.
    const auto m = estimate(mixedAdam(7'000'000'000, 1, 0)).memory.peak().bytes;
    CHECK(m.weights == Approx(14e9));
    CHECK(m.gradients == Approx(14e9));
    CHECK(m.masterWeights == Approx(28e9));
    CHECK(m.optimizerStates == Approx(56e9));
    CHECK(m.modelStates() / 1e9 == Approx(112.0));
}

TEST_CASE("source article: a 700M model in fp32 fits one 80 GB GPU", "[core][memory][published]")
{
    // Source article §3.1: fp32 weights 4 B → 2.8 GB; with fp32 gradients and Adam ≈ 11.2 GB.
    Scenario s = mixedAdam(700'000'000, 1, 0);
    s.precision = Precision { DType::fp32, DType::fp32, DType::fp32, std::nullopt, DType::fp32 };
    const auto e = estimate(s);
    CHECK(e.memory.peak().bytes.weights / 1e9 == Approx(2.8));
    CHECK(e.memory.peak().bytes.modelStates() / 1e9 == Approx(11.2));
    CHECK(e.memory.fits());
}

TEST_CASE("source article: ZeRO-3 spreads a 7B model over 64 GPUs at about 1.75 GB each", "[core][memory][published]")
{
    // Source article §3.3: "每卡仅需存放约1.8GB"; 112 GB / 64 = 1.75 GB.
    CHECK(modelStatesGB(mixedAdam(7'000'000'000, 64, 3)) == Approx(1.75));
}

TEST_CASE("ZeRO paper Table 1: model states per GPU for 7.5 B parameters", "[core][memory][published][zero]")
{
    // Rajbhandari et al. 2020, Table 1 (Ψ = 7.5 B, K = 12). Tolerance: half a unit of the last
    // printed digit (the table rounds, e.g. 41.25 is printed 41.3).
    auto [dp, os, osg, osgp, tolerance] = GENERATE(table<int, double, double, double, double>({
        { 1, 120, 120, 120, 0.5 },
        { 4, 52.5, 41.3, 30, 0.05 },
        { 16, 35.6, 21.6, 7.5, 0.05 },
        { 64, 31.4, 16.6, 1.88, 0.05 },
        { 256, 30.4, 15.4, 0.47, 0.05 },
        { 1024, 30.1, 15.1, 0.12, 0.05 },
    }));
    INFO("d = " << dp);
    CHECK(modelStatesGB(mixedAdam(7'500'000'000, dp, 0)) == Approx(120));
    CHECK(modelStatesGB(mixedAdam(7'500'000'000, dp, 1)) == Approx(os).margin(tolerance + 1e-9));
    CHECK(modelStatesGB(mixedAdam(7'500'000'000, dp, 2)) == Approx(osg).margin(tolerance + 1e-9));
    // Stage 3 is printed with two decimals below 2 GB.
    CHECK(modelStatesGB(mixedAdam(7'500'000'000, dp, 3)) == Approx(osgp).margin((osgp < 2 ? 0.005 : tolerance) + 1e-9));
}

TEST_CASE("conventions: Megatron's fp32 main gradients give 18 bytes per parameter", "[core][memory][published]")
{
    // Megatron-LM without the distributed optimizer: 2 + 4 (fp32 grads) + 12 = 18 B/param;
    // with it, 6 + 12/d (docs/PUBLISHED.md "Conventions elsewhere").
    Scenario s = mixedAdam(1'000'000'000, 8, 0);
    s.precision.gradients = DType::fp32;
    CHECK(modelStatesGB(s) == Approx(18.0));
    s.parallel.zero = 1;
    CHECK(modelStatesGB(s) == Approx(6.0 + 12.0 / 8));
}

TEST_CASE(
    "Korthikanti et al. Table 2: activation bytes per layer for GPT-3 175B", "[core][memory][published][activations]")
{
    // Korthikanti et al. 2022, Table 2 with GPT-3's shape: a 96, h 12288, s 2048, b 1, t 8
    // (V 51200 as in the paper; 16-bit activations, 1-byte dropout masks, no flash attention).
    Scenario s = defaultScenario();
    s.model = presetModel(*findModelPreset("gpt3-175b"));
    s.model.arch.vocab = 51200;
    s.training.seqLen = 2048;
    s.training.microBatch = 1;
    s.parallel.flashAttention = false;

    struct Row {
        const char* name;
        int tp;
        bool sp;
        Recompute recompute;
        double bytes;
    };
    auto row = GENERATE(values<Row>({
        { "no parallelism", 1, false, Recompute::none, 2'868'903'936 },
        { "tensor parallel", 8, false, Recompute::none, 578'813'952 },
        { "tensor + sequence parallel", 8, true, Recompute::none, 358'612'992 },
        { "tensor parallel + selective recompute", 8, false, Recompute::selective, 327'155'712 },
        { "tensor + sequence parallel + selective recompute", 8, true, Recompute::selective, 106'954'752 },
        { "full recompute", 8, false, Recompute::full, 50'331'648 },
    }));
    INFO(row.name);
    s.parallel.tp = row.tp;
    s.parallel.sequenceParallel = row.sp;
    s.parallel.recompute = row.recompute;
    CHECK(activationBytesPerLayer(s) == row.bytes);
    CHECK(estimate(s).memory.activationBytesPerLayer == row.bytes);
}

TEST_CASE("the measured-memory suite: each peak read as its source measured it, today's errors as a ratchet",
    "[core][memory][published][fidelity]")
{
    // Peak memory measured by torchtitan (benchmarks/llama3_h100_202412_torchtitan.md and
    // docs/performance.md, torch.cuda.max_memory_reserved), by Trainy on torchtitan (H200), by torchao
    // (float8nocompile README, through torchtitan), by LitGPT (max_memory_allocated) and by torchtune
    // (its README's optimization flags, peak active bytes): FSDP, FSDP + CP up to 256k tokens, FSDP +
    // TP, FSDP + TP + PP (+ CP), one GPU with LoRA, QLoRA and full fine-tuning, no, op-level and full
    // recomputation, bf16 and fp8, eager and compiled. docs/FIDELITY.md, "Peak memory", has the table.
    // Every run is out of sample: no memory default was fitted to any of them.
    int runs = 0, reserved = 0;
    double sum = 0;
    std::map<std::string, double> errors;
    for (const PublishedRun& run : publishedRuns()) {
        if (run.metric != FidelityMetric::peak_memory_gib) continue;
        ++runs;
        reserved += run.measure == MemoryMeasure::reserved;
        CHECK_FALSE(run.calibration);
        const double error = predictedMetric(run) / run.published - 1;
        errors[run.id] = error;
        sum += std::abs(error);
    }
    CHECK(runs == 37);
    CHECK(reserved == 26);
    // Sliced by source and by regime as throughput is.
    const FidelitySummary summary = validatePublished();
    int sources = 0, sourceRuns = 0;
    double weighted = 0;
    for (const FidelityGroup& g : summary.memoryGroups)
        if (g.kind == "source") {
            ++sources;
            sourceRuns += g.runs;
            weighted += g.meanAbsError * g.runs;
        }
    CHECK(sources == 4); // torchtitan's (with Trainy's runs), torchao's, LitGPT's and torchtune's
    CHECK(sourceRuns == runs);
    CHECK(weighted / runs == Approx(summary.memoryMeanAbsError));
    // 0.071 since the suite grew from 2 to 20 runs with the FSDP mechanisms (the root unit, the
    // layer's gradient in reduction, parameters kept gathered with PP, eager recomputation); 0.052
    // with DTensor's gathered TP inputs and loss parallel's 16 bytes per logit (70B: −21/−16 % → −5/+1 %);
    // 0.046 with eager layers' extra tensors and torchao's six runs (each within 3.5 %); 0.048 with
    // LitGPT's five LoRA and QLoRA runs on one A100 (max_memory_allocated); 0.056 with torchtune's four
    // runs (each within 3 %), gradients freed after each step (PyTorch's zero_grad: the torchtitan runs
    // on 8 GPUs fell 3–5 %, see below) and K and V copied to every head before PyTorch's SDPA.
    // 0.068 with torchtune's LoRA and QLoRA runs (+19, +35 %: see below); 0.063 since LitGPT's runs name
    // their stack and bitsandbytes' saved inputs are counted (its QLoRA rows −12/−11 % → +2/+3 %).
    CHECK(sum / runs <= 0.063);
    for (const auto& [id, error] : errors) {
        INFO(id << ": " << error * 100 << " %");
        // The known gaps (docs/FIDELITY.md, "Where the model is weakest"): 405B with PP 8 (−6 … −19 %),
        // and FSDP2 over 8 GPUs measured as reserved (torchtitan, torchao: −2 … −10 %), where the
        // measured peaks hold about 4 B per sharded parameter more than the model.
        const bool fsdpOver8 = id == "torchtitan-8b-fsdp8-memory" || id.starts_with("torchtitan-8b-fsdp8-cp")
            || id.starts_with("torchtitan-8b-fsdp4-cp") || id.starts_with("torchtitan-8b-fsdp2-cp")
            || id.starts_with("torchtitan-8b-fsdp1-cp") || id.starts_with("torchtitan-70b-fsdp32-tp8")
            || id.starts_with("torchao-8b-4k-");
        if (id.starts_with("torchtitan-405b-"))
            CHECK(std::abs(error) <= 0.20);
        else if (fsdpOver8)
            CHECK(std::abs(error) <= 0.105);
        // torchtune's LoRA and QLoRA with offloaded checkpoints: 1.6 GiB too many, the logits counted
        // with the first recomputed layer and the frozen projections' inputs counted as kept.
        else if (id == "torchtune-llama3.2-3b-lora")
            CHECK(std::abs(error) <= 0.20);
        else if (id == "torchtune-llama3.2-3b-qlora")
            CHECK(std::abs(error) <= 0.36);
        // LitGPT's QLoRA (+2, +3 %) with bitsandbytes' saved inputs, its LoRA rows (+2 … +4 %) partly by
        // compensation (FIDELITY.md): within 5 % like the rest.
        else
            CHECK(std::abs(error) <= 0.05);
    }
    // Between 8 and 128 GPUs (Tables 1 and 3: 82.4 and 67.0 GiB) only the shards change. torchtitan frees
    // the gradients at the start of every step (optimizers.zero_grad(), train.py at 9dec370) and runs one
    // micro-batch, so the peak at the backward's start holds the fp32 weights and Adam moments, 12 B ×
    // 8.03e9 × (1/8 − 1/128) = 10.5 GiB, and of the gradients only the LM head's, 4 B × 525,336,576 ×
    // (1/8 − 1/128). The measured difference is 15.4 GiB: the open gap named above.
    auto states = [&](const std::string& id) {
        for (const auto& r : publishedRuns())
            if (r.id == id) return estimate(r.scenario).memory.peak().bytes.modelStates() / (1024.0 * 1024 * 1024);
        return 0.0;
    };
    CHECK(states("torchtitan-8b-fsdp8-memory") - states("torchtitan-8b-fsdp128-memory")
        == Approx((12.0 * 8030261248.0 + 4.0 * 525336576.0) * (1.0 / 8 - 1.0 / 128) / (1024.0 * 1024 * 1024))
               .epsilon(1e-9));
}

TEST_CASE("a measured peak is read as its tool counts it: the device, the allocator's reserve, or what it allocated",
    "[core][memory][fidelity]")
{
    // PyTorch's max_memory_reserved() counts the caching allocator's segments: not the CUDA context
    // and not NCCL's buffers, which NCCL allocates itself; max_memory_allocated() also leaves out the
    // allocator's slack. Llama 3 8B with FSDP on 8 GPUs: one communicator (the data-parallel group).
    Scenario s = llama3_8b(8, 3);
    const MemoryEstimate m = estimate(s).memory;
    const StageMemory& st = m.peak();
    const double gib = 1024.0 * 1024.0 * 1024.0;
    CHECK(st.outsideAllocator == Approx((s.overhead.cudaContextGib + s.overhead.commBufferGibPerGroup) * gib));
    CHECK(st.allocatorSlack == Approx(st.bytes.overhead - s.overhead.cudaContextGib * gib));
    CHECK(peakMemoryGib(m, MemoryMeasure::device) * gib == Approx(st.bytes.total()));
    CHECK(peakMemoryGib(m, MemoryMeasure::reserved) * gib == Approx(st.bytes.total() - st.outsideAllocator));
    CHECK(peakMemoryGib(m, MemoryMeasure::allocated) * gib
        == Approx(st.bytes.total() - st.outsideAllocator - st.allocatorSlack));
    // Allocated is the model states, activations and buffers outside NCCL: the terms the memory model adds.
    CHECK(peakMemoryGib(m, MemoryMeasure::allocated) * gib
        == Approx(
            st.bytes.modelStates() + st.bytes.activations + st.bytes.buffers - s.overhead.commBufferGibPerGroup * gib));
}

TEST_CASE(
    "FSDP's buffers: two gathered layers, the reducing layer's gradient and the root unit", "[core][memory][zero]")
{
    // Llama 3 8B (Meta's config: 32 layers of 218,112,000 parameters with their two norms, a
    // 128,256 × 4,096 embedding and untied LM head, one final norm), fp32 shards gathered in bf16,
    // fp32 gradients, on 8 GPUs.
    Scenario s = llama3_8b(8, 3);
    s.precision = Precision { DType::bf16, DType::fp32, DType::fp32, std::nullopt, DType::fp32 };
    const double layer = 218112000.0, vocab = 128256.0 * 4096, norm = 4096;
    const double nccl = s.overhead.commBufferGibPerGroup * 1024.0 * 1024.0 * 1024.0;
    const double expected = 2 * layer * 2 // current and prefetched layer, bf16
        + layer * (2 + 4) // its bf16 gradient and the fp32 reduce-scatter input
        + (vocab + norm + vocab) * 2 // root unit: embedding, final norm, LM head, gathered
        + vocab * 2 // the LM head's gradient, waiting for the root's reduction
        + nccl;
    CHECK(estimate(s).memory.peak().bytes.buffers == Approx(expected).epsilon(1e-9));

    // Kept gathered for the step (grad_reduce after_accumulation): none of these, the model is whole.
    s.parallel.gradReduce = GradReduce::after_accumulation;
    CHECK(estimate(s).memory.peak().bytes.buffers == Approx(nccl).epsilon(1e-9));
}

TEST_CASE("op-level selective checkpointing run eagerly brings back what it did not keep", "[core][memory]")
{
    // torch.utils.checkpoint reruns the layer's forward in its backward; without torch.compile every
    // recomputed op writes its output again: the layer's whole working set minus what was kept.
    Scenario s = llama3_8b(8, 3);
    s.parallel.recompute = Recompute::selective_op;
    const double fused = estimate(s).memory.peak().bytes.activations;
    s.parallel.elementwiseKernels = ElementwiseKernels::eager;
    const double eager = estimate(s).memory.peak().bytes.activations;
    Scenario everything = s;
    everything.parallel.recompute = Recompute::none;
    CHECK(eager - fused == Approx(activationBytesPerLayer(everything) - activationBytesPerLayer(s)).epsilon(1e-9));
    CHECK(eager > fused);
}

TEST_CASE("eager PyTorch layers keep more than fused kernels: SiLU's output, the fp32 norm input, attention's copy",
    "[core][memory]")
{
    // Llama 3 8B (h 4,096, SwiGLU 14,336, 32 heads of 128), bf16, one GPU, no recomputation, 4,096 tokens.
    // Eager, per token and layer: SwiGLU's product keeps SiLU's output (2 B × 14,336); each of the two
    // RMSNorms keeps its fp32 input and the normalized tensor instead of its bf16 input (+4 B × 4,096);
    // attention's output is kept by the kernel and, made contiguous, by the output projection
    // (2 B × 4,096). torchao's float8nocompile table (8 H100, seq 4,096, no AC): eager bf16 53.12 GB,
    // compiled 46.64 — 6.5 GB apart; these terms give 8.5 GiB at local batch 1 over 32 layers.
    Scenario s = llama3_8b_4k();
    const double fused = activationBytesPerLayer(s);
    s.parallel.elementwiseKernels = ElementwiseKernels::eager;
    CHECK(activationBytesPerLayer(s) - fused
        == Approx(4096.0 * (2.0 * 14336 + 2 * 4.0 * 4096 + 2.0 * 4096)).epsilon(1e-12));
    // What the forward writes (the memory-bound kernels' traffic) does not change.
    CHECK(activationBytesWrittenPerLayer(s, false) == fused);
}

TEST_CASE(
    "op-level selective checkpointing keeps the input, the attention output and every other matmul", "[core][memory]")
{
    // Llama 3 8B per token and layer in bf16: input h + attention output q + log-sum-exp (fp32
    // per head) + wq (q) + wv (kv) + w1 (f) + w2 (h); recomputed: wk, wo, w3.
    Scenario s = defaultScenario();
    s.model = presetModel(*findModelPreset("llama-3-8b"));
    s.parallel = Parallel {};
    s.training.seqLen = 1;
    s.training.microBatch = 1;
    s.parallel.recompute = Recompute::selective_op;
    const double h = 4096, q = 4096, kv = 1024, f = 14336;
    CHECK(activationBytesPerLayer(s) == Approx(2 * (h + q + q + kv + f + h) + 4 * 32));
    const double none = [&] {
        Scenario n = s;
        n.parallel.recompute = Recompute::none;
        return activationBytesPerLayer(n);
    }();
    CHECK(activationBytesPerLayer(s) < none);
    // Recomputed FLOPs: wk (h·kv), wo (q·h), w3 (h·f), 2 FLOPs per multiply-accumulate, every layer.
    s.training.seqLen = 8192;
    s.training.globalBatch = 16;
    const double tokens = 8192.0 * 16;
    CHECK(hardwareFlopsPerStep(s) - modelFlopsPerStep(s) == Approx(32 * 2 * tokens * (h * kv + q * h + h * f)));
}

TEST_CASE("gradients freed after each step: one micro-batch peaks at the backward's start or its end",
    "[core][memory][published]")
{
    // torchtune's single-GPU recipes (and torchtitan) call optimizer.zero_grad(set_to_none=True) every
    // step: a gradient exists from its layer's backward to the next step. With one micro-batch the
    // backward frees activations as it creates gradients. Llama 3.2 3B, everything in bf16, 2 × 4096
    // tokens on one GPU (torchtune's README, "Optimization flags").
    Scenario s = defaultScenario();
    s.model = presetModel(*findModelPreset("llama-3.2-3b"));
    s.precision = Precision { DType::bf16, DType::bf16, DType::bf16, std::nullopt, DType::bf16 };
    s.parallel = Parallel {};
    s.parallel.dp = 1;
    s.parallel.zero = 0;
    s.training.seqLen = 4096;
    s.training.microBatch = 2;
    s.training.globalBatch = 2;
    const double all = 3'212'749'824.0 * 2, head = 128256.0 * 3072 * 2; // tied embedding's gradient
    const auto persistent = estimate(s).memory.peak();
    CHECK(persistent.bytes.gradients == Approx(all));
    CHECK(persistent.perStepGradients == 0);

    s.parallel.gradientBuffers = GradientBuffers::per_step;
    // Without recomputation the activations outweigh the gradients: the peak is the backward's start,
    // all activations and the LM head's gradient, the first it produces.
    auto start = estimate(s).memory.peak();
    CHECK(start.bytes.gradients == Approx(head));
    CHECK(start.bytes.activations == Approx(persistent.bytes.activations));
    CHECK(start.perStepGradients == Approx(all));
    CHECK(persistent.bytes.total() - start.bytes.total() == Approx((all - head) * (1 + s.overhead.fragmentation)));
    // With every layer recomputed and torchtune's chunked cross-entropy (2.75 B per logit): the end, all
    // gradients and the first layer's checkpoint and working set.
    s.parallel.recompute = Recompute::full;
    s.overhead.lossBytesPerLogit = 2.75;
    const auto end = estimate(s).memory.peak();
    CHECK(end.bytes.gradients == Approx(all));
    CHECK(end.bytes.activations == Approx(end.backwardEndActivations));
    CHECK(end.bytes.activations < 2 * activationBytesPerLayer(s) + end.activationOnce);
    // Two micro-batches accumulate: the second runs with the first one's gradients.
    s.training.globalBatch = 4;
    Scenario kept = s;
    kept.parallel.gradientBuffers = GradientBuffers::persistent;
    CHECK(estimate(s).memory.total() == estimate(kept).memory.total());
    // The file keeps the key only when it is not the default.
    CHECK(parseScenario(scenarioToJson(s)).scenario->parallel.gradientBuffers == GradientBuffers::per_step);
    CHECK(scenarioToJson(kept).find("gradient_buffers") == std::string::npos);
}

TEST_CASE("K and V copied to every query head before the attention kernel are kept at that width",
    "[core][memory][published]")
{
    // torchtitan's repeat_kv, torchtune's expand + flatten and Hugging Face's repeat_kv hand PyTorch's
    // SDPA K and V at all 32 heads of Llama 3 8B; the kernel keeps them for its backward. Per token and
    // layer: 2 tensors × (32 − 8) heads × 128 × 2 B more; halved on each of 2 TP ranks.
    Scenario s = llama3_8b_4k();
    const double shared = activationBytesPerLayer(s);
    s.parallel.repeatKv = true;
    CHECK(activationBytesPerLayer(s) - shared == Approx(4096.0 * 2 * (32 - 8) * 128 * 2).epsilon(1e-12));
    s.parallel.tp = 2;
    s.parallel.repeatKv = false;
    const double sharedTp = activationBytesPerLayer(s);
    s.parallel.repeatKv = true;
    CHECK(activationBytesPerLayer(s) - sharedTp == Approx(4096.0 * 2 * (32 - 8) * 128 * 2 / 2).epsilon(1e-12));
    // Multi-head attention (Llama 2 7B) has nothing to copy; MLA (DeepSeek-V3) keeps its own K and V.
    for (const char* name : { "llama-2-7b", "deepseek-v3" }) {
        INFO(name);
        Scenario m = s;
        m.model = presetModel(*findModelPreset(name));
        m.parallel.repeatKv = false;
        const double before = activationBytesPerLayer(m);
        m.parallel.repeatKv = true;
        CHECK(activationBytesPerLayer(m) == before);
    }
    CHECK(parseScenario(scenarioToJson(s)).scenario->parallel.repeatKv);
}

TEST_CASE("activation offload keeps two layers' saved tensors on the GPU and the rest on the host",
    "[core][memory][published]")
{
    // torchtune's OffloadActivations (and Transformer Engine's CPU offloading) copy every tensor a layer
    // saves to host memory during the forward and fetch it back a layer ahead in the backward. Llama 3
    // 8B, full recomputation, one GPU, 4 × 4096 tokens in one micro-batch: the saved tensors are the
    // 32 layers' inputs, 2 B × 4,096 per token each, and the token ids (8 B per token).
    Scenario s = llama3_8b(1, 0);
    s.parallel.recompute = Recompute::full;
    s.training.seqLen = 4096;
    s.training.microBatch = 4;
    s.training.globalBatch = 4;
    const auto kept = estimate(s);
    s.parallel.offloadActivations = true;
    const auto offloaded = estimate(s);
    const double perLayer = 4.0 * 4096 * 4096 * 2;
    const auto& before = kept.memory.peak();
    const auto& after = offloaded.memory.peak();
    CHECK(before.activationPerMicroBatch == Approx(32 * perLayer + 4.0 * 4096 * 8));
    CHECK(after.onHost.activations == Approx(before.activationPerMicroBatch));
    CHECK(after.hostBytes == Approx(after.onHost.activations));
    CHECK(after.bytes.activations
        == Approx(before.bytes.activations - before.activationPerMicroBatch * (1 - 2.0 / 32)).epsilon(1e-9));
    // Down in the forward and back in the backward over PCIe (the link × bus efficiency): hidden while
    // shorter than the compute.
    const double link = s.hardware.gpu.pcieGBps * s.efficiency.busBandwidth * 1e9;
    const double transfer = 2 * before.activationPerMicroBatch / link;
    CHECK(offloaded.compute.offloadTimeS == Approx(std::max(0.0, transfer - offloaded.compute.computeTimeS)));
    s.hardware.gpu.pcieGBps = 0.5; // a slow link shows
    CHECK(estimate(s).compute.offloadTimeS > 0);
    CHECK(parseScenario(scenarioToJson(s)).scenario->parallel.offloadActivations);
    CHECK(scenarioToJson(llama3_8b(1, 0)).find("offload_activations") == std::string::npos);
}
