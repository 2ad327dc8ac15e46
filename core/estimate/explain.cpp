#include "core/estimate/explain.h"

#include "core/model/compute_model.h"
#include "core/model/cost_model.h"
#include "core/model/memory_model.h"
#include "core/model/pipeline_schedule.h"
#include "core/model/software_stack.h"
#include "core/scenario/dimensions.h"

#include <algorithm>
#include <cstdio>

namespace core {

namespace {

/// Compact numbers for formulas: 3 significant digits, SI exponent form when large or small.
std::string n(double v)
{
    char buf[48];
    if (v != 0 && (std::abs(v) >= 1e5 || std::abs(v) < 1e-3))
        std::snprintf(buf, sizeof buf, "%.3g", v);
    else
        std::snprintf(buf, sizeof buf, "%.4g", v);
    return buf;
}
std::string gb(double bytes)
{
    return n(bytes / 1e9) + " GB";
}
std::string sec(double s)
{
    return n(s) + " s";
}

/// Appends one explanation.
void add(
    std::vector<Explanation>& out, std::string key, std::string formula, std::string substituted, std::string source)
{
    out.push_back({ std::move(key), std::move(formula), std::move(substituted), std::move(source) });
}

/// Freed after every step with one micro-batch (memory_model.cpp): the peak is the backward's start
/// or its end, whichever holds more. The bytes at each.
std::pair<double, double> backwardMoments(const StageMemory& st)
{
    return { st.activationPerMicroBatch * st.inFlight + st.activationOnce + st.firstGradients,
        st.perStepGradients + st.backwardEndActivations };
}

/// "count × bytes B", or nothing for an empty count.
std::string term(double count, double bytes)
{
    return count > 0 ? n(count) + " × " + n(bytes) + " B" : std::string();
}

/// Terms of one sharding group, divided when sharded: "(a × 2 B + b × 0.516 B) ÷ 8".
std::string group(const std::vector<std::string>& terms, double divisor, bool sharded)
{
    std::string joined;
    int count = 0;
    for (const auto& x : terms)
        if (!x.empty()) {
            joined += (joined.empty() ? "" : " + ") + x;
            ++count;
        }
    if (joined.empty() || !sharded) return joined; // sharded over one rank still shows "÷ 1"
    return (count > 1 ? "(" + joined + ")" : joined) + " ÷ " + n(divisor);
}

std::string sum(const std::string& a, const std::string& b)
{
    if (a.empty()) return b.empty() ? std::string("0") : b;
    return b.empty() ? a : a + " + " + b;
}

/// On the GPU, or moved to the host by offload: the arithmetic is the same, the place differs.
std::string placed(const std::string& arithmetic, double onGpu, double onHost)
{
    if (onHost > 0) return "on the host (offload): " + arithmetic + " = " + gb(onHost) + "; on the GPU " + gb(onGpu);
    return arithmetic + " = " + gb(onGpu);
}

/// What the model states' explanations share: the peak stage, and the two groups ZeRO shards over
/// (dp·cp for the dense part, dp·cp ÷ ep for the experts).
struct StatesContext {
    StatesContext(const Scenario& s, const Estimate& e)
        : p(s.parallel)
        , pr(s.precision)
        , st(e.memory.peak())
        , m(st.bytes)
        , shard(dataRanks(p))
        , expertShard(expertDataRanks(p))
    {
    }
    const Parallel& p;
    const Precision& pr;
    const StageMemory& st;
    const MemoryBreakdown& m;
    double shard, expertShard;
    std::string zeroSource = "Rajbhandari et al. 2020 (ZeRO), §5 and Table 1";
};

/// The peak stage's weights, as QLoRA, offload and ZeRO-3 place them.
void explainWeights(const Scenario& s, const Estimate& e, std::vector<Explanation>& out)
{
    const StatesContext x(s, e);
    const auto& [p, pr, st, m, shard, expertShard, zeroSource] = x;

    // Model states print the arithmetic that produces them: the dense part and the
    // experts, sharded over different groups (dp·cp and dp·cp ÷ ep); QLoRA's NF4 base; LoRA's
    // adapters; Adafactor's factored rows and columns; what offload moved to the host.
    const double wb = bytesOf(pr.weights);
    const bool lora = s.training.method != Method::full;
    // QLoRA stores the experts and the dense layers' matrices in NF4 (memory_model.cpp).
    const double nf4Experts = s.training.method == Method::qlora ? st.expertParams : 0;
    const double nf4Dense = st.nf4Params - nf4Experts;
    std::string weightsArithmetic
        = sum(group({ term(st.params - st.expertParams - nf4Dense, wb), term(nf4Dense, kNf4BytesPerParam),
                        lora ? term(st.trainableDense, wb) : "" },
                  shard, p.zero >= 3),
            group({ term(st.expertParams - nf4Experts, wb), term(nf4Experts, kNf4BytesPerParam) }, expertShard,
                p.zero >= 3));
    if (keptGathered(s)) { // the whole copy gathered once per step (memory_model.cpp)
        const double g = std::min(wb, activationElementBytes(pr.compute));
        weightsArithmetic += " + "
            + group({ term(st.params - nf4Dense - nf4Experts, g), term(nf4Dense + nf4Experts, kNf4BytesPerParam),
                        lora ? term(st.trainableDense, g) : "" },
                1, false);
    }
    add(out, "memory.weights",
        lora ? TP_NOTE("core::Explain",
            "Ψ_base × bytes(weights) (QLoRA: linear layers in NF4, 0.516 B) + Ψ_adapters × bytes(weights), ÷ shard "
            "if ZeRO-3")
            : keptGathered(s)
            ? TP_NOTE("core::Explain",
                "Ψ_gpu × bytes(weights) ÷ (dp·cp, experts dp·cp ÷ ep) + Ψ_gpu × bytes(gathered), kept whole "
                "from the first forward to the last backward")
            : TP_NOTE("core::Explain", "Ψ_gpu × bytes(weights) ÷ (dp·cp, experts dp·cp ÷ ep, if ZeRO-3)"),
        placed(weightsArithmetic, m.weights, st.onHost.weights),
        std::string("Shoeybi et al. 2019 §3 (TP split), Narayanan et al. 2021 §2.2 (PP stages), ") + zeroSource
            + (s.training.method == Method::qlora ? "; Dettmers et al. 2023 (QLoRA) §3: NF4 with double quantization"
                                                  : ""));
}

/// Gradients, master weights and optimizer states of the peak stage: per trainable parameter (or
/// factored element), sharded as ZeRO's stage says.
void explainTrainingStates(const Scenario& s, const Estimate& e, std::vector<Explanation>& out)
{
    const StatesContext x(s, e);
    const auto& [p, pr, st, m, shard, expertShard, zeroSource] = x;
    const bool lora = s.training.method != Method::full;
    // Through the context: clang 14 cannot capture a structured binding in a lambda.
    auto states = [&x](double dense, double experts, double bytes, bool sharded) {
        return sum(
            group({ term(dense, bytes) }, x.shard, sharded), group({ term(experts, bytes) }, x.expertShard, sharded));
    };
    const bool unshardedGradients = wholeGradients(s);
    const std::string allGradients
        = states(st.trainableDense, st.trainableExpert, bytesOf(pr.gradients), p.zero >= 2 && !unshardedGradients);
    const auto [startBytes, endBytes] = backwardMoments(st);
    if (st.perStepGradients > 0)
        add(out, "memory.gradients",
            TP_NOTE("core::Explain",
                "one micro-batch, gradients freed after each step: max(activations + LM head's gradient at the "
                "backward's start, all gradients + first layer's activations at its end); all = Ψ_trainable × "
                "bytes(gradients) ÷ (dp·cp if ZeRO ≥ 2)"),
            "max(" + gb(startBytes) + ", " + gb(endBytes) + "), the " + (endBytes > startBytes ? "end" : "start") + ": "
                + (endBytes > startBytes ? allGradients : "LM head's gradient") + " = " + gb(m.gradients),
            zeroSource + "; PyTorch optimizer.zero_grad(set_to_none=True) (parallel.gradient_buffers per_step)");
    else
        add(out, "memory.gradients",
            TP_NOTE("core::Explain", "Ψ_trainable × bytes(gradients) ÷ (dp·cp, experts dp·cp ÷ ep, if ZeRO ≥ 2)"),
            allGradients + " = " + gb(m.gradients), zeroSource + "; Megatron keeps fp32 gradients (18 B/param)");
    add(out, "memory.master_weights",
        TP_NOTE("core::Explain", "Ψ_trainable × bytes(master) ÷ (dp·cp, experts dp·cp ÷ ep, if ZeRO ≥ 1)"),
        placed(pr.masterWeights ? states(st.trainableDense, st.trainableExpert, bytesOf(*pr.masterWeights), p.zero >= 1)
                                : "0",
            m.masterWeights, st.onHost.masterWeights),
        "Micikevicius et al. 2018 (mixed precision: fp32 master copy), " + zeroSource);
    const bool factored = s.training.optimizer == Optimizer::adafactor && !lora;
    add(out, "memory.optimizer_states",
        factored ? TP_NOTE("core::Explain",
            "Adafactor: (rows + columns of every matrix + vectors) × bytes(states) ÷ (dp·cp if ZeRO ≥ 1)")
                 : TP_NOTE("core::Explain",
                     "Ψ_trainable × bytes/param(optimizer) ÷ (dp·cp, experts dp·cp ÷ ep, if ZeRO ≥ 1)"),
        placed(states(st.optimizerElementsDense, st.optimizerElementsExpert,
                   optimizerBytesPerParam(s.training.optimizer, pr.optimizerStates), p.zero >= 1),
            m.optimizerStates, st.onHost.optimizerStates),
        factored ? "Shazeer & Stern 2018 (Adafactor) §3: factored second moment, no first moment; " + zeroSource
                 : "Kingma & Ba 2015 (Adam: 2 moments); " + zeroSource);
}

/// Activations, buffers and the allocator's overhead of the peak stage.
void explainActivations(const Scenario& s, const Estimate& e, std::vector<Explanation>& out)
{
    const auto& st = e.memory.peak();
    const auto& m = st.bytes;
    const auto [startBytes, endBytes] = backwardMoments(st);
    const bool peakAtBackwardEnd = st.perStepGradients > 0 && endBytes > startBytes;
    if (peakAtBackwardEnd)
        add(out, "memory.activations",
            TP_NOTE("core::Explain",
                "at the backward's end (gradients freed after each step): the first layer's activations, with its "
                "recomputation"),
            "bytes/layer (average over the stage's layers) + working set = " + gb(m.activations),
            "Korthikanti et al. 2022 §4 and Table 2 (per-tensor terms)");
    else
        add(out, "memory.activations",
            TP_NOTE("core::Explain",
                "layers_stage × bytes/layer × in-flight micro-batches + logits (loss bytes per logit)·s·b·V/t"),
            (st.denseLayers + st.mtpLayers > 0
                    ? "(" + n(st.layers - st.denseLayers + st.mtpLayers) + " × " + gb(e.memory.activationBytesPerLayer)
                        + " + " + n(st.denseLayers) + " dense × " + gb(activationBytesPerLayer(s, false)) + ")"
                    : n(st.layers) + " × " + gb(e.memory.activationBytesPerLayer))
                + " × " + n(st.inFlight) + " + extras = " + gb(m.activations)
                + (st.onHost.activations > 0 ? " (offloaded: the layers' saved tensors, " + gb(st.onHost.activations)
                            + ", on the host; two layers' worth on the GPU)"
                                             : std::string()),
            "Korthikanti et al. 2022 §4 and Table 2 (per-tensor terms), §4.2.3 (in-flight micro-batches)");
    add(out, "memory.buffers",
        TP_NOTE("core::Explain", "ZeRO-3: 2 gathered layers; DDP bucket; NCCL buffers per communicator"),
        "= " + gb(m.buffers),
        "Zhao et al. 2023 (PyTorch FSDP) §3.3; PyTorch DDP bucket_cap_mb; scenario setting "
        "overhead.comm_buffer_gib_per_group");
    add(out, "memory.overhead", TP_NOTE("core::Explain", "fragmentation × allocated + CUDA context"),
        n(s.overhead.fragmentation) + " × allocated + " + n(s.overhead.cudaContextGib) + " GiB = " + gb(m.overhead),
        "scenario settings overhead.fragmentation and overhead.cuda_context_gib (docs/MODEL.md)");
}

/// A micro-batch's compute: matmuls, attention, memory-bound kernels and the host.
void explainCompute(const Scenario& s, const Estimate& e, std::vector<Explanation>& out)
{
    const auto& c = e.compute;
    add(out, "compute.compute_time_s", TP_NOTE("core::Explain", "matmuls + memory-bound kernels + waiting for the CPU"),
        sec(c.matmulTimeS) + " + " + sec(c.memoryBoundTimeS) + " + " + sec(c.hostStallTimeS) + " = "
            + sec(c.computeTimeS),
        "docs/MODEL.md \"Compute and time\"; calibration in docs/FIDELITY.md");
    const StackProfile& stack = stackProfile(s.training.framework);
    if (c.hostTimeS > 0)
        add(out, "compute.host_stall_time_s",
            TP_NOTE("core::Explain",
                "host time − (matmuls + memory-bound + collectives inside the micro-batches); host time = "
                "micro-batches × "
                "operations × host time per operation"),
            sec(c.hostTimeS) + ", " + n(stack.hostSecondsPerOp * 1e6) + " µs per operation; the GPU waits "
                + sec(c.hostStallTimeS),
            std::string(stack.source) + " (training.framework " + std::string(toString(s.training.framework))
                + "; docs/MODEL.md \"Software stacks\")");
    const double gemmTimeS = c.gemmTimeS();
    // efficiency.compute, times the GPU generation's sustained fraction where it is calibrated.
    const double sustained = s.hardware.gpu.sustainedFraction;
    std::string achieved = n(s.efficiency.compute) + (sustained != 1 ? " × " + n(sustained) : std::string());
    if (stack.residualEfficiency != 1) achieved += " × " + n(stack.residualEfficiency);
    if (c.flopsOutsideFp8 > 0) {
        add(out, "compute.matmul_time_s",
            TP_NOTE("core::Explain",
                "(fp8 GEMM FLOPs ÷ fp8 achievable + GEMM FLOPs outside the fp8 scope ÷ 16-bit achievable) ÷ (GPUs × "
                "efficiency) + attention kernel"),
            "… ÷ (" + n(e.gpus) + " × " + n(c.achievableFlopsPerGpu) + " … × " + achieved + " × "
                + n(c.gemmShapeEfficiency) + ") = " + sec(gemmTimeS) + " + " + sec(c.attentionTimeS) + " = "
                + sec(c.matmulTimeS),
            "Narayanan et al. 2021 eq. 3 (FLOPs per step); MAMF (Bekman, ml-engineering) for the achievable rates; "
            "precision.fp8_scope: "
            "the LM head stays bf16 in torchao Float8Linear and Transformer Engine by default");
    } else {
        add(out, "compute.matmul_time_s",
            TP_NOTE("core::Explain",
                "GEMM FLOPs ÷ (GPUs × achievable matmul rate × efficiency [× the GPU's sustained fraction] × shape "
                "efficiency) + attention kernel"),
            n(c.hardwareFlopsPerStep) + (c.attentionTimeS > 0 ? " − attention" : "") + " ÷ (" + n(e.gpus) + " × "
                + n(c.achievableFlopsPerGpu) + " × " + achieved + " × " + n(c.gemmShapeEfficiency)
                + ") = " + sec(gemmTimeS) + " + " + sec(c.attentionTimeS) + " = " + sec(c.matmulTimeS),
            "Narayanan et al. 2021 eq. 3 (FLOPs per step); MAMF (Bekman, ml-engineering) for the achievable rate; "
            "efficiency calibrated "
            "(docs/FIDELITY.md)");
    }
    add(out, "compute.gemm_shape_efficiency",
        TP_NOTE("core::Explain",
            "Σ FLOPs ÷ rate over Σ time of each GEMM of a micro-batch on one rank (forward, input and weight "
            "gradients, by "
            "their per-rank "
            "shapes): waves of 128 × 256 or 128 × 128 output tiles on the GPU's SMs, each tile's fixed cost, HBM "
            "traffic, "
            "a per-kernel floor"),
        n(c.gemmShapeEfficiency)
            + (s.hardware.gpu.smCount > 0 ? " (" + n(s.hardware.gpu.smCount) + " SMs)"
                                          : " (SM count not given: no wave quantization)"),
        "NVIDIA Matrix Multiplication Background User's Guide (tile and wave quantization); NVIDIA CUDA 11 features "
        "blog, figure 6 "
        "(the tile cost, fitted to its A100 cuBLAS curve); NVIDIA, Getting Started with CUDA Graphs (3.8 µs per "
        "kernel)");
    if (c.attentionTimeS > 0)
        add(out, "compute.attention_time_s",
            TP_NOTE("core::Explain",
                "flash-attention FLOPs per GPU (causal half; backward 2.5 × forward; + a recomputed forward) ÷ (kernel "
                "rate × efficiency) × length factor (the kernel's rate at its reference length ÷ its rate on blocks of "
                "ℓ "
                "tokens, ℓ/(ℓ + 680); reference 16k tokens, 2.4k for flash1; ℓ = s, or s/(2·cp) with context "
                "parallelism)"),
            n(c.attentionKernelFlopsPerGpu) + " ÷ (" + n(c.attentionRatePerGpu) + " × " + achieved + ") × "
                + n(attentionLengthSlowdown(s)) + " = " + sec(c.attentionTimeS) + " (parallel.attention_kernel "
                + std::string(toString(s.parallel.attentionKernel)) + ")",
            "Dao 2023 (FlashAttention-2 §4.1: 73 % forward, 63 % backward on A100; its benchmark's FLOP count); Shah "
            "et al. 2024 "
            "(FlashAttention-3: 740 TFLOP/s forward on H100, FlashAttention-2 at 35 %); the GPU catalog's "
            "attention_tflops; Triton's fused-attention tutorial (rate by length)");
    add(out, "compute.memory_bound_time_s",
        TP_NOTE("core::Explain",
            "passes × activation bytes per layer × layers × micro-batches × recompute factor ÷ HBM bandwidth (+ fp8 "
            "casts)"),
        n(s.efficiency.memoryBoundPasses) + " × activations (no recomputation) × " + n(c.microBatches)
            + " micro-batches … = " + sec(c.memoryBoundTimeS - c.fp8CastTimeS)
            + (c.fp8CastTimeS > 0 ? " + fp8 casts " + sec(c.fp8CastTimeS) : std::string())
            + (c.fp8CastTimeS > 0 ? " = " + sec(c.memoryBoundTimeS) : std::string()),
        std::string("Korthikanti et al. 2022 §4 (activation bytes); GPU datasheet (HBM bandwidth); passes calibrated "
                    "(docs/FIDELITY.md); ")
            + (s.parallel.elementwiseKernels == ElementwiseKernels::eager
                    ? "eager elementwise kernels: + " + n(eagerElementwiseBytesPerToken(s, s.model.arch.isMoe()))
                        + " B per token per layer forward, 3 × with the backward (torchtitan's RMSNorm, rotary "
                          "embedding and SwiGLU code); "
                    : std::string())
            + (s.precision.fp8Scaling == Fp8Scaling::rowwise
                    ? "fp8 casts, row-wise: 8 B per activation and 10 B per weight element, each operand cast once "
                      "per GEMM axis, every linear its whole input (torchao's float8 roofline)"
                    : "fp8 casts, tensor-wise: 6 B per activation and 8 B per weight element, a block's input cast "
                      "once before TP gathers it (torchao's float8 roofline and float8 TP, Transformer Engine "
                      "current scaling)"));
}

/// The step around the compute: the pipeline's bubble, the optimizer, offload, the step and MFU.
void explainStep(const Scenario& s, const Estimate& e, std::vector<Explanation>& out)
{
    const auto& p = s.parallel;
    const auto& c = e.compute;
    const StackProfile& stack = stackProfile(s.training.framework);
    add(out, "compute.bubble_time_s",
        TP_NOTE("core::Explain",
            "compute time × (p − 1) ÷ (v · m) + (v · m − 1) ÷ (v · m) × (busiest stage's load − 1) × matmul time"),
        sec(c.computeTimeS) + " × " + n(p.pp - 1) + " ÷ (" + n(chunksPerStage(p)) + " × " + n(c.microBatches) + ") + "
            + sec(c.stageWaitTimeS) + " (load " + n(c.busiestStageLoad) + ") = " + sec(c.bubbleTimeS),
        "Narayanan et al. 2021 §2.2 (1F1B and interleaved schedules); the output head on the last stage "
        "(Megatron-LM's post_process, DeepSpeed's and torchtitan's pipeline splits), unless "
        "parallel.pipeline_split is balanced");
    if (p.offloadOptimizer)
        add(out, "compute.optimizer_time_s",
            TP_NOTE("core::Explain",
                "parameters updated × bytes touched ÷ (host memory bandwidth ÷ GPUs sharing the node)"),
            "= " + sec(c.optimizerTimeS) + " at " + n(s.hardware.hostMemoryGBps) + " GB/s per node",
            "ZeRO-Offload (Ren et al. 2021 §4): the optimizer runs on the CPU; scenario setting "
            "hardware.host_memory_gbps");
    else
        add(out, "compute.optimizer_time_s",
            TP_NOTE("core::Explain",
                "parameters updated × bytes touched ÷ memory bandwidth + the stack's host time per step"),
            "= " + sec(c.optimizerTimeS - stack.stepHostS) + " + " + sec(stack.stepHostS) + " = "
                + sec(c.optimizerTimeS),
            "GPU datasheet (HBM bandwidth); " + std::string(stack.source));
    if (c.offloadTimeS > 0)
        add(out, "compute.offload_time_s",
            TP_NOTE("core::Explain",
                "PCIe: gradients down and weights up per step; offloaded parameters up per pass, beyond the compute"),
            "= " + sec(c.offloadTimeS) + " over " + n(s.hardware.gpu.pcieGBps) + " GB/s × "
                + n(s.efficiency.busBandwidth),
            "ZeRO-Offload §4, ZeRO-Infinity (Rajbhandari et al. 2021); GPU datasheet (PCIe link)");
    add(out, "compute.step_time_s",
        TP_NOTE("core::Explain", "compute + bubble + exposed communication + optimizer + offload"),
        sec(c.computeTimeS) + " + " + sec(c.bubbleTimeS) + " + " + sec(e.communication.exposedTimeS) + " + "
            + sec(c.optimizerTimeS) + " + " + sec(c.offloadTimeS) + " = " + sec(c.stepTimeS),
        "docs/FORMULAS.md §4");
    add(out, "compute.mfu", TP_NOTE("core::Explain", "model FLOPs ÷ (step time × GPUs × peak)"),
        n(c.modelFlopsPerStep) + " ÷ (" + sec(c.stepTimeS) + " × " + n(e.gpus) + " × " + n(c.peakFlopsPerGpu)
            + ") = " + n(c.mfu * 100) + " %",
        "Chowdhery et al. 2022 (PaLM) App. B; Narayanan et al. 2021");
}

/// Each collective: its calls, latency and bytes over its link.
void explainCommunication(const Estimate& e, std::vector<Explanation>& out)
{
    for (const auto& col : e.communication.collectives) {
        add(out, "communication." + std::string(toString(col.group)) + "." + std::string(toString(col.op)),
            TP_NOTE("core::Explain", "calls × latency(group, nodes) + calls × message × bus factor ÷ bandwidth"),
            n(col.callsPerStep) + " × " + n(col.latencyPerCallS * 1e6) + " µs (" + n(col.groupSize) + " ranks on "
                + n(col.nodes) + (col.nodes == 1 ? " node) + " : " nodes) + ") + gb(col.sentBytesPerGpu) + " ÷ "
                + n(col.bandwidthGBps) + " GB/s = " + sec(col.timeS) + " (exposed " + sec(col.exposedTimeS) + ")",
            "NVIDIA nccl-tests doc/PERFORMANCE.md (bus factors); NVIDIA/nccl src/graph/tuning.cc (latency per ring "
            "step, tree, PAT); "
            "Megatron rank order tp-cp-ep-dp-pp (link)");
    }
}

/// The run: its time and what it costs.
void explainTraining(const Scenario& s, const Estimate& e, std::vector<Explanation>& out)
{
    const auto& c = e.compute;
    const auto& t = e.training;
    add(out, "training.time_s", TP_NOTE("core::Explain", "tokens ÷ (global batch × sequence) × step time"),
        n(s.training.tokens) + " ÷ (" + n(s.training.globalBatch) + " × " + n(s.training.seqLen) + ") × "
            + sec(c.stepTimeS) + " = " + n(t.timeS / 86400) + " days",
        "docs/FORMULAS.md §4");
    add(out, "training.cost_usd",
        TP_NOTE(
            "core::Explain", "GPU-hours × price + GPU-hours × server power per GPU (else TDP) × PUE × energy price"),
        n(t.gpuHours) + " × $" + n(s.cost.gpuHourUsd) + " + " + n(t.gpuHours) + " GPU-h × "
            + n(s.hardware.gpu.nodeWattsPerGpu > 0 ? s.hardware.gpu.nodeWattsPerGpu : s.hardware.gpu.tdpWatts) + " W × "
            + n(s.cost.pue) + " = " + n(t.energyKwh) + " kWh × $" + n(s.cost.kwhUsd) + " = $" + n(t.costUsd),
        "scenario settings cost.*; the server's datasheet (hardware.gpu.node_watts_per_gpu), else the GPU's (TDP)");
    const double months = t.timeS / kSecondsPerMonth;
    add(out, "training.storage_cost_usd",
        TP_NOTE("core::Explain", "checkpoint size × checkpoints kept × price per TB-month × months"),
        gb(e.reliability.checkpointBytes) + " × " + n(s.cost.checkpointsKept) + " × $" + n(s.cost.storageUsdPerTbMonth)
            + "/TB × " + n(months) + " = $" + n(t.storageCostUsd),
        "scenario settings cost.storage_usd_per_tb_month (AWS S3 Standard list price) and cost.checkpoints_kept");
    add(out, "training.network_cost_usd",
        TP_NOTE("core::Explain", "inter-node bytes of all GPUs over the run × price per TB"),
        n(t.interNodeBytes / 1e12) + " TB × $" + n(s.cost.networkUsdPerTb) + " = $" + n(t.networkCostUsd),
        "communication estimate (collectives on inter-node links); scenario setting cost.network_usd_per_tb");
    add(out, "training.team_cost_usd", TP_NOTE("core::Explain", "people × person-month × months of the run"),
        n(s.cost.teamSize) + " × $" + n(s.cost.personMonthUsd) + " × " + n(months) + " = $" + n(t.teamCostUsd),
        "scenario settings cost.team_size and cost.person_month_usd (source article §6.5)");
    add(out, "training.total_cost_usd", TP_NOTE("core::Explain", "GPUs + energy + storage + network + team"),
        "$" + n(t.costUsd) + " + $" + n(t.storageCostUsd) + " + $" + n(t.networkCostUsd) + " + $" + n(t.teamCostUsd)
            + " = $" + n(t.totalCostUsd),
        "source article §6.5");
}

} // namespace

std::vector<Explanation> explain(const Scenario& s, const Estimate& e)
{
    std::vector<Explanation> out;
    explainWeights(s, e, out);
    explainTrainingStates(s, e, out);
    explainActivations(s, e, out);
    explainCompute(s, e, out);
    explainStep(s, e, out);
    explainCommunication(e, out);
    explainTraining(s, e, out);
    return out;
}

const Explanation* findExplanation(const std::vector<Explanation>& all, std::string_view key)
{
    for (const auto& x : all)
        if (x.key == key) return &x;
    return nullptr;
}

} // namespace core
