#include "core/scenario/scenario_fields.h"

#include "core/scenario/architecture.h"
#include "core/scenario/scenario_rules.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <sstream>
#include <vector>

namespace core {

namespace {

constexpr auto I = FieldKind::integer;
constexpr auto P = FieldKind::powerOfTwo;
constexpr auto N = FieldKind::number;
constexpr auto B = FieldKind::boolean;
constexpr auto C = FieldKind::choice;
constexpr double kMaxDim = 1 << 20;

/// A choice's range: its names' indices.
constexpr double last(std::span<const std::string_view> names)
{
    return double(names.size()) - 1;
}

/// Master weights: one of the formats, or "none" (weights updated in their own format).
constexpr auto kMasterWeightNames = [] {
    std::array<std::string_view, kDTypeNames.size() + 1> names {};
    std::copy(kDTypeNames.begin(), kDTypeNames.end(), names.begin());
    names.back() = "none";
    return names;
}();
constexpr double kNoMasterWeights = last(kMasterWeightNames);

// The accessors of a member `m` of Scenario: a real number, or a whole one (int, bool, enum).
#define TP_REAL(m) .get = [](const Scenario& s) { return double(s.m); }, .set = [](Scenario& s, double v) { s.m = v; }
#define TP_WHOLE(m)                                                                                                    \
    .get = [](const Scenario& s) { return double(static_cast<long long>(s.m)); },                                      \
    .set = [](Scenario& s, double v) { s.m = static_cast<decltype(s.m)>(static_cast<long long>(v)); }
// An architecture field: stated by a file it makes the model explicit (a bare size has no fields);
// edited, the head width and KV heads follow it (setArchitectureField).
#define TP_ARCH(m)                                                                                                     \
    .get = [](const Scenario& s) { return double(s.model.arch.m); },                                                   \
    .set =                                                                                                             \
        [](Scenario& s, double v) {                                                                                    \
            s.model.params = 0;                                                                                        \
            s.model.arch.m = static_cast<int>(v);                                                                      \
        },                                                                                                             \
    .edit = [](Scenario& s, double v) {                                                                                \
        s.model.params = 0;                                                                                            \
        setArchitectureField(s.model.arch, &Architecture::m, static_cast<int>(v));                                     \
    }

// An architecture field that is not a number (a choice, a switch): stated by a file it makes the model
// explicit; an edit changes it alone.
#define TP_ARCH_WHOLE(m)                                                                                               \
    .get = [](const Scenario& s) { return double(static_cast<long long>(s.model.arch.m)); },                           \
    .set = [](Scenario& s, double v) {                                                                                 \
        s.model.params = 0;                                                                                            \
        s.model.arch.m = static_cast<decltype(s.model.arch.m)>(static_cast<long long>(v));                             \
    }
// A GPU's rates per dtype (a map from DType): entry i is the dtype kDTypeNames[i] names.
#define TP_RATES(m)                                                                                                    \
    .entries = kDTypeNames,                                                                                            \
    .entry = [](const Scenario& s, std::size_t i) -> std::optional<double> {                                           \
        const auto it = s.hardware.gpu.m.find(DType(i));                                                               \
        return it == s.hardware.gpu.m.end() ? std::nullopt : std::optional<double>(it->second);                        \
    },                                                                                                                 \
    .setEntry = [](Scenario& s, std::size_t i, double v) { s.hardware.gpu.m[DType(i)] = v; }

/// The file's values of model.bias, in the order of Bias (all, none, qkv): the booleans stand for
/// biases on every linear and on none.
constexpr std::array<std::string_view, 3> kBiasFileNames { "true", "false", "qkv" };

constexpr bool (*kMoe)(const Scenario&) = [](const Scenario& s) { return s.model.arch.isMoe(); };
constexpr bool (*kMla)(const Scenario&) = [](const Scenario& s) { return s.model.arch.isMla(); };

/// A measured best GEMM (achievable_tflops) is a fraction of its dtype's datasheet peak.
std::optional<RuleBreak> measuredWithinPeak(const Scenario& s, std::size_t index)
{
    const GpuSpec& g = s.hardware.gpu;
    const auto dtype = DType(index);
    const double rate = g.achievableTflops.at(dtype);
    const auto peak = g.peakTflops.find(dtype);
    if (peak == g.peakTflops.end())
        return RuleBreak { "has no peak_tflops." + std::string(kDTypeNames[index]) + " to be measured against",
            Problem(ProblemCode::rate_without_peak) };
    if (rate > peak->second)
        return RuleBreak { "must not exceed the peak (" + messageNumber(peak->second) + " TFLOP/s), got "
                + messageNumber(rate),
            Problem(ProblemCode::rate_above_peak, { { "peak_tflops", peak->second } }) };
    return std::nullopt;
}

/// A flash-attention kernel's measured rate is a fraction of the 16-bit peak: bf16's, else fp16's.
std::optional<RuleBreak> kernelWithinPeak(const GpuSpec& g, double rate)
{
    const auto bf16 = g.peakTflops.find(DType::bf16);
    const auto fp16 = g.peakTflops.find(DType::fp16);
    const double peak = bf16 != g.peakTflops.end() ? bf16->second : fp16 != g.peakTflops.end() ? fp16->second : 0.0;
    if (peak <= 0)
        return RuleBreak { "needs a bf16 or fp16 peak_tflops to be measured against",
            Problem(ProblemCode::rate_without_peak) };
    if (rate > peak)
        return RuleBreak { "must not exceed the 16-bit peak (" + messageNumber(peak) + " TFLOP/s), got "
                + messageNumber(rate),
            Problem(ProblemCode::rate_above_peak, { { "peak_tflops", peak } }) };
    return std::nullopt;
}

/// A server's power per GPU holds the GPU's own (its TDP) and its share of the rest.
std::optional<RuleBreak> serverAtLeastGpu(const Scenario& s, std::size_t)
{
    const GpuSpec& g = s.hardware.gpu;
    if (g.nodeWattsPerGpu >= g.tdpWatts) return std::nullopt;
    return RuleBreak { "is the whole server's power per GPU and cannot be below the GPU's tdp_watts ("
            + messageNumber(g.tdpWatts) + "), got " + messageNumber(g.nodeWattsPerGpu),
        Problem(ProblemCode::node_watts_below_tdp, { { "tdp_watts", g.tdpWatts } }) };
}

// Sources of the bounds: see docs/DESIGN.md "Scenario file"; where a bound is a physical one it says so.
constexpr Field kFields[] = {
    { .path = "model.params",
        .kind = I,
        .min = 1e6,
        .max = 1e14,
        .get = [](const Scenario& s) { return double(s.model.params); },
        .set = [](Scenario& s, double v) { s.model = bareSizeModel(static_cast<std::int64_t>(v)); } },
    // An architecture's keys, in the order the reader reads them (a file with several bad keys is
    // refused by the first); the size is what an explicit architecture must state.
    { .path = "model.layers", .kind = I, .min = 1, .max = 4096, TP_ARCH(layers), .required = true },
    { .path = "model.hidden", .kind = I, .min = 1, .max = kMaxDim, TP_ARCH(hidden), .required = true },
    { .path = "model.heads", .kind = I, .min = 1, .max = 4096, TP_ARCH(heads), .required = true },
    { .path = "model.kv_heads", .kind = I, .min = 1, .max = 4096, TP_ARCH(kvHeads) },
    { .path = "model.head_dim", .kind = I, .min = 1, .max = 65536, TP_ARCH(headDim) },
    { .path = "model.ffn_hidden", .kind = I, .min = 1, .max = kMaxDim, TP_ARCH(ffnHidden), .required = true },
    { .path = "model.vocab", .kind = I, .min = 1, .max = 1 << 24, TP_ARCH(vocab), .required = true },
    { .path = "model.mlp", .kind = C, .max = last(kMlpNames), .choices = kMlpNames, TP_ARCH_WHOLE(mlp) },
    { .path = "model.norm", .kind = C, .max = last(kNormNames), .choices = kNormNames, TP_ARCH_WHOLE(norm) },
    // Written true for biases on every linear, false for none (json_reader.cpp reads and writes it).
    { .path = "model.bias", .kind = C, .max = last(kBiasFileNames), .choices = kBiasFileNames, TP_ARCH_WHOLE(bias) },
    { .path = "model.tied_embeddings", .kind = B, .max = 1, TP_ARCH_WHOLE(tiedEmbeddings) },
    { .path = "model.position",
        .kind = C,
        .max = last(kPositionNames),
        .choices = kPositionNames,
        TP_ARCH_WHOLE(position) },
    { .path = "model.max_positions",
        .kind = I,
        .min = 1,
        .max = 1 << 24,
        TP_ARCH(maxPositions),
        .written = [](const Scenario& s) { return s.model.arch.position == Position::learned; } },
    // RoPE's base: written when it is not the default, so that existing files keep their keys. 10^12
    // lies far above any published base (Llama 3: 5·10^5; Qwen2.5, Mixtral: 10^6).
    { .path = "model.rope_theta",
        .kind = N,
        .min = 1,
        .max = 1e12,
        .get = [](const Scenario& s) { return s.model.arch.ropeTheta; },
        .set =
            [](Scenario& s, double v) {
                s.model.params = 0;
                s.model.arch.ropeTheta = v;
            },
        .applies = [](const Scenario& s) { return s.model.arch.position == Position::rope; },
        .written =
            [](const Scenario& s) {
                return s.model.arch.position == Position::rope && s.model.arch.ropeTheta != kDefaultRopeTheta;
            } },
    { .path = "model.dropout", .kind = B, .max = 1, TP_ARCH_WHOLE(dropout) },
    // A mixture of experts' keys, written for a model with experts.
    { .path = "model.experts", .kind = I, .min = 0, .max = 4096, TP_ARCH(experts), .written = kMoe },
    { .path = "model.top_k", .kind = I, .min = 1, .max = 4096, TP_ARCH(topK), .written = kMoe },
    { .path = "model.moe_ffn_hidden", .kind = I, .min = 1, .max = kMaxDim, TP_ARCH(moeFfnHidden), .written = kMoe },
    { .path = "model.shared_experts", .kind = I, .min = 0, .max = 64, TP_ARCH(sharedExperts), .written = kMoe },
    { .path = "model.router_bias",
        .kind = B,
        .max = 1,
        TP_ARCH_WHOLE(routerBias),
        .written = [](const Scenario& s) { return s.model.arch.isMoe() && s.model.arch.routerBias; } },
    { .path = "model.dense_layers",
        .kind = I,
        .min = 0,
        .max = 4096,
        TP_ARCH(denseLayers),
        .written = [](const Scenario& s) { return s.model.arch.isMoe() && s.model.arch.denseLayers > 0; } },
    { .path = "model.routed_node_limit",
        .kind = I,
        .min = 0,
        .max = 4096,
        TP_ARCH(routedNodeLimit),
        .written = [](const Scenario& s) { return s.model.arch.isMoe() && s.model.arch.routedNodeLimit > 0; } },
    // Latent attention's keys, written for a model with it, so files of models without it keep their keys.
    { .path = "model.q_lora_rank", .kind = I, .min = 0, .max = kMaxDim, TP_ARCH(qLoraRank), .written = kMla },
    { .path = "model.kv_lora_rank", .kind = I, .min = 0, .max = kMaxDim, TP_ARCH(kvLoraRank), .written = kMla },
    { .path = "model.rope_head_dim", .kind = I, .min = 0, .max = 65536, TP_ARCH(ropeHeadDim), .written = kMla },
    { .path = "model.v_head_dim", .kind = I, .min = 0, .max = 65536, TP_ARCH(vHeadDim), .written = kMla },
    { .path = "model.mtp_layers",
        .kind = I,
        .min = 0,
        .max = 16,
        TP_ARCH(mtpLayers),
        .written = [](const Scenario& s) { return s.model.arch.mtpLayers > 0; } },
    { .path = "model.parallel_block",
        .kind = B,
        .max = 1,
        TP_ARCH_WHOLE(parallelBlock),
        .written = [](const Scenario& s) { return s.model.arch.parallelBlock; } },
    { .path = "model.lm_head_bias",
        .kind = B,
        .max = 1,
        TP_ARCH_WHOLE(lmHeadBias),
        .written = [](const Scenario& s) { return s.model.arch.lmHeadBias; } },

    { .path = "training.seq_len", .kind = I, .min = 1, .max = 10'000'000, TP_WHOLE(training.seqLen) },
    { .path = "training.micro_batch", .kind = I, .min = 1, .max = 65'536, TP_WHOLE(training.microBatch) },
    { .path = "training.global_batch", .kind = I, .min = 1, .max = 1'000'000'000, TP_WHOLE(training.globalBatch) },
    { .path = "training.tokens", .kind = N, .min = 1, .max = 1e16, TP_REAL(training.tokens) },
    { .path = "training.optimizer",
        .kind = C,
        .max = last(kOptimizerNames),
        .choices = kOptimizerNames,
        TP_WHOLE(training.optimizer) },
    { .path = "training.method",
        .kind = C,
        .max = last(kMethodNames),
        .choices = kMethodNames,
        TP_WHOLE(training.method) },
    { .path = "training.framework",
        .kind = C,
        .max = last(kSoftwareStackNames),
        .choices = kSoftwareStackNames,
        TP_WHOLE(training.framework),
        .written = [](const Scenario& s) { return s.training.framework != SoftwareStack::generic; } },
    // The adapters of a LoRA or QLoRA run; a full fine-tune has none (the reader refuses the key there).
    { .path = "training.lora_rank",
        .kind = I,
        .min = 1,
        .max = 65'536,
        TP_WHOLE(training.loraRank),
        .applies = [](const Scenario& s) { return s.training.method != Method::full; },
        .written = [](const Scenario& s) { return s.training.method != Method::full; } },

    { .path = "precision.compute",
        .kind = C,
        .max = last(kDTypeNames),
        .choices = kDTypeNames,
        TP_WHOLE(precision.compute) },
    { .path = "precision.weights",
        .kind = C,
        .max = last(kDTypeNames),
        .choices = kDTypeNames,
        TP_WHOLE(precision.weights) },
    { .path = "precision.gradients",
        .kind = C,
        .max = last(kDTypeNames),
        .choices = kDTypeNames,
        TP_WHOLE(precision.gradients) },
    // "none": weights updated in their own format (pure bf16), no master copy.
    { .path = "precision.master_weights",
        .kind = C,
        .max = last(kMasterWeightNames),
        .choices = kMasterWeightNames,
        .get =
            [](const Scenario& s) {
                return s.precision.masterWeights ? double(*s.precision.masterWeights) : kNoMasterWeights;
            },
        .set =
            [](Scenario& s, double v) {
                s.precision.masterWeights
                    = v >= kNoMasterWeights ? std::nullopt : std::optional<DType>(DType(static_cast<int>(v)));
            } },
    { .path = "precision.optimizer_states",
        .kind = C,
        .max = last(kDTypeNames),
        .choices = kDTypeNames,
        TP_WHOLE(precision.optimizerStates) },
    // Written where it matters or was changed, so that bf16 scenarios keep their five keys.
    { .path = "precision.fp8_scope",
        .kind = C,
        .max = last(kFp8ScopeNames),
        .choices = kFp8ScopeNames,
        TP_WHOLE(precision.fp8Scope),
        .applies = [](const Scenario& s) { return isFp8(s.precision.compute); },
        .written
        = [](const Scenario& s) { return isFp8(s.precision.compute) || s.precision.fp8Scope != Fp8Scope::linear; } },
    { .path = "precision.fp8_scaling",
        .kind = C,
        .max = last(kFp8ScalingNames),
        .choices = kFp8ScalingNames,
        TP_WHOLE(precision.fp8Scaling),
        .applies = [](const Scenario& s) { return isFp8(s.precision.compute); },
        .written = [](const Scenario& s) { return s.precision.fp8Scaling != Fp8Scaling::tensorwise; } },
    { .path = "precision.activation_cache",
        .kind = C,
        .max = last(kActivationCacheNames),
        .choices = kActivationCacheNames,
        TP_WHOLE(precision.activationCache),
        .written = [](const Scenario& s) { return s.precision.activationCache != ActivationCache::compute; } },

    { .path = "parallel.tp", .kind = P, .min = 1, .max = 64, TP_WHOLE(parallel.tp) },
    // A pipeline of one stage has no split to choose.
    { .path = "parallel.pp",
        .kind = I,
        .min = 1,
        .max = 512,
        TP_WHOLE(parallel.pp),
        .edit =
            [](Scenario& s, double v) {
                s.parallel.pp = static_cast<int>(v);
                if (s.parallel.pp < 2) s.parallel.pipelineSplit = PipelineSplit::layers;
            } },
    { .path = "parallel.dp", .kind = I, .min = 1, .max = 1'000'000, TP_WHOLE(parallel.dp) },
    { .path = "parallel.cp", .kind = I, .min = 1, .max = 256, TP_WHOLE(parallel.cp) },
    { .path = "parallel.ep", .kind = I, .min = 1, .max = 1024, TP_WHOLE(parallel.ep) },
    // The reduction after accumulation is ZeRO-2's and ZeRO-3's setting: below ZeRO-2 it goes.
    { .path = "parallel.zero",
        .kind = I,
        .min = 0,
        .max = 3,
        TP_WHOLE(parallel.zero),
        .edit =
            [](Scenario& s, double v) {
                s.parallel.zero = static_cast<int>(v);
                if (s.parallel.zero < 2) s.parallel.gradReduce = GradReduce::per_micro_batch;
            } },
    { .path = "parallel.grad_reduce",
        .kind = C,
        .max = last(kGradReduceNames),
        .choices = kGradReduceNames,
        TP_WHOLE(parallel.gradReduce),
        .edit =
            [](Scenario& s, double v) {
                s.parallel.gradReduce = GradReduce(static_cast<int>(v));
                if (s.parallel.gradReduce != GradReduce::per_micro_batch && s.parallel.zero < 2) s.parallel.zero = 2;
            },
        .applies = [](const Scenario& s) { return s.parallel.zero >= 2; },
        .written = [](const Scenario& s) { return s.parallel.gradReduce != GradReduce::per_micro_batch; } },
    // ZeRO-3 always works per layer.
    { .path = "parallel.dp_collectives",
        .kind = C,
        .max = last(kDpCollectivesNames),
        .choices = kDpCollectivesNames,
        TP_WHOLE(parallel.dpCollectives),
        .applies = [](const Scenario& s) { return s.parallel.zero < 3; },
        .written = [](const Scenario& s) { return s.parallel.dpCollectives != DpCollectives::buckets; } },
    // What TP keeps for the backward is a sequence-parallel setting.
    { .path = "parallel.sequence_parallel",
        .kind = B,
        .max = 1,
        TP_WHOLE(parallel.sequenceParallel),
        .edit =
            [](Scenario& s, double v) {
                s.parallel.sequenceParallel = v != 0;
                if (!s.parallel.sequenceParallel) s.parallel.tpSavedInput = TpSavedInput::shard;
            } },
    { .path = "parallel.recompute",
        .kind = C,
        .max = last(kRecomputeNames),
        .choices = kRecomputeNames,
        TP_WHOLE(parallel.recompute) },
    // A flash-attention kernel needs flash attention, and choosing one turns it on.
    { .path = "parallel.flash_attention",
        .kind = B,
        .max = 1,
        TP_WHOLE(parallel.flashAttention),
        .edit =
            [](Scenario& s, double v) {
                s.parallel.flashAttention = v != 0;
                if (!s.parallel.flashAttention) s.parallel.attentionKernel = AttentionKernel::automatic;
            } },
    { .path = "parallel.attention_kernel",
        .kind = C,
        .max = last(kAttentionKernelNames),
        .choices = kAttentionKernelNames,
        TP_WHOLE(parallel.attentionKernel),
        .edit =
            [](Scenario& s, double v) {
                s.parallel.attentionKernel = AttentionKernel(static_cast<int>(v));
                if (s.parallel.attentionKernel != AttentionKernel::automatic) s.parallel.flashAttention = true;
            },
        .applies = [](const Scenario& s) { return s.parallel.flashAttention; },
        .written = [](const Scenario& s) { return s.parallel.attentionKernel != AttentionKernel::automatic; } },
    { .path = "parallel.elementwise_kernels",
        .kind = C,
        .max = last(kElementwiseKernelsNames),
        .choices = kElementwiseKernelsNames,
        TP_WHOLE(parallel.elementwiseKernels),
        .written = [](const Scenario& s) { return s.parallel.elementwiseKernels != ElementwiseKernels::fused; } },
    // The interleaved schedule needs two model chunks per stage or more, every other one exactly one.
    { .path = "parallel.schedule",
        .kind = C,
        .max = last(kScheduleNames),
        .choices = kScheduleNames,
        TP_WHOLE(parallel.schedule),
        .edit = [](Scenario& s, double v) { setSchedule(s.parallel, Schedule(static_cast<int>(v))); } },
    { .path = "parallel.virtual_stages",
        .kind = I,
        .min = 1,
        .max = 64,
        TP_WHOLE(parallel.virtualStages),
        .applies = [](const Scenario& s) { return s.parallel.schedule == Schedule::interleaved; } },
    { .path = "parallel.pipeline_split",
        .kind = C,
        .max = last(kPipelineSplitNames),
        .choices = kPipelineSplitNames,
        TP_WHOLE(parallel.pipelineSplit),
        .applies = [](const Scenario& s) { return s.parallel.pp >= 2; },
        .written = [](const Scenario& s) { return s.parallel.pipelineSplit != PipelineSplit::layers; } },
    { .path = "parallel.tp_saved_input",
        .kind = C,
        .max = last(kTpSavedInputNames),
        .choices = kTpSavedInputNames,
        TP_WHOLE(parallel.tpSavedInput),
        .applies = [](const Scenario& s) { return s.parallel.sequenceParallel; },
        .written = [](const Scenario& s) { return s.parallel.tpSavedInput != TpSavedInput::shard; } },
    { .path = "parallel.gradient_buffers",
        .kind = C,
        .max = last(kGradientBuffersNames),
        .choices = kGradientBuffersNames,
        TP_WHOLE(parallel.gradientBuffers),
        .written = [](const Scenario& s) { return s.parallel.gradientBuffers != GradientBuffers::persistent; } },
    { .path = "parallel.repeat_kv",
        .kind = B,
        .max = 1,
        TP_WHOLE(parallel.repeatKv),
        .written = [](const Scenario& s) { return s.parallel.repeatKv; } },
    { .path = "parallel.offload_optimizer", .kind = B, .max = 1, TP_WHOLE(parallel.offloadOptimizer) },
    { .path = "parallel.offload_params", .kind = B, .max = 1, TP_WHOLE(parallel.offloadParams) },
    { .path = "parallel.offload_activations",
        .kind = B,
        .max = 1,
        TP_WHOLE(parallel.offloadActivations),
        .written = [](const Scenario& s) { return s.parallel.offloadActivations; } },

    { .path = "hardware.gpus_per_node", .kind = I, .min = 1, .max = 1024, TP_WHOLE(hardware.gpusPerNode) },
    { .path = "hardware.host_memory_gbps",
        .kind = N,
        .min = 1,
        .max = 1e5,
        TP_REAL(hardware.hostMemoryGBps),
        .written = [](const Scenario& s) { return s.hardware.hostMemoryGBps != Hardware {}.hostMemoryGBps; } },
    // A GPU's figures, in the order the reader reads its object (the first bad key is named); a GPU
    // object must state its memory, peaks, links and power. Single fields may also stand next to a
    // preset's name, replacing the preset's.
    { .path = "hardware.gpu.memory_gib",
        .kind = N,
        .min = 0.5,
        .max = 65536,
        TP_REAL(hardware.gpu.memoryGib),
        .required = true },
    { .path = "hardware.gpu.peak_tflops.*",
        .kind = N,
        .min = 0.001,
        .max = 1e6,
        .required = true,
        TP_RATES(peakTflops) },
    // The best GEMM measured (MAMF), per dtype: at most the datasheet's peak of its dtype.
    { .path = "hardware.gpu.achievable_tflops.*",
        .kind = N,
        .min = 0.001,
        .max = 1e6,
        .written = [](const Scenario& s) { return !s.hardware.gpu.achievableTflops.empty(); },
        TP_RATES(achievableTflops),
        .rule = measuredWithinPeak },
    // The flash-attention kernels' measured rates, 16-bit: at most the bf16 (else fp16) peak.
    { .path = "hardware.gpu.attention_tflops.flash1",
        .kind = N,
        .min = 0.001,
        .max = 1e6,
        TP_REAL(hardware.gpu.flash1Tflops),
        .written = [](const Scenario& s) { return s.hardware.gpu.flash1Tflops > 0; },
        .rule = [](const Scenario& s,
                    std::size_t) { return kernelWithinPeak(s.hardware.gpu, s.hardware.gpu.flash1Tflops); } },
    { .path = "hardware.gpu.attention_tflops.flash2",
        .kind = N,
        .min = 0.001,
        .max = 1e6,
        TP_REAL(hardware.gpu.flash2Tflops),
        .written = [](const Scenario& s) { return s.hardware.gpu.flash2Tflops > 0; },
        .rule = [](const Scenario& s,
                    std::size_t) { return kernelWithinPeak(s.hardware.gpu, s.hardware.gpu.flash2Tflops); } },
    { .path = "hardware.gpu.attention_tflops.flash3",
        .kind = N,
        .min = 0.001,
        .max = 1e6,
        TP_REAL(hardware.gpu.flash3Tflops),
        .written = [](const Scenario& s) { return s.hardware.gpu.flash3Tflops > 0; },
        .rule = [](const Scenario& s,
                    std::size_t) { return kernelWithinPeak(s.hardware.gpu, s.hardware.gpu.flash3Tflops); } },
    { .path = "hardware.gpu.intra_node_gbps",
        .kind = N,
        .min = 0.01,
        .max = 1e5,
        TP_REAL(hardware.gpu.intraNodeGBps),
        .required = true },
    { .path = "hardware.gpu.inter_node_gbps",
        .kind = N,
        .min = 0.01,
        .max = 1e5,
        TP_REAL(hardware.gpu.interNodeGBps),
        .required = true },
    { .path = "hardware.gpu.tdp_watts",
        .kind = N,
        .min = 1,
        .max = 1e5,
        TP_REAL(hardware.gpu.tdpWatts),
        .required = true },
    // The figures a GPU may leave out (0: not given), written where given.
    { .path = "hardware.gpu.node_watts_per_gpu",
        .kind = N,
        .min = 1,
        .max = 1e5,
        TP_REAL(hardware.gpu.nodeWattsPerGpu),
        .written = [](const Scenario& s) { return s.hardware.gpu.nodeWattsPerGpu > 0; },
        .rule = serverAtLeastGpu },
    { .path = "hardware.gpu.memory_tbps",
        .kind = N,
        .min = 0.01,
        .max = 1000,
        TP_REAL(hardware.gpu.memoryTBps),
        .written = [](const Scenario& s) { return s.hardware.gpu.memoryTBps > 0; } },
    { .path = "hardware.gpu.nvlink_gpus",
        .kind = I,
        .min = 0,
        .max = 1024,
        TP_WHOLE(hardware.gpu.nvlinkGpus),
        .written = [](const Scenario& s) { return s.hardware.gpu.nvlinkGpus > 0; } },
    { .path = "hardware.gpu.pcie_gbps",
        .kind = N,
        .min = 0.01,
        .max = 1e5,
        TP_REAL(hardware.gpu.pcieGBps),
        .written = [](const Scenario& s) { return s.hardware.gpu.pcieGBps > 0; } },
    { .path = "hardware.gpu.sm_count",
        .kind = I,
        .min = 1,
        .max = 4096,
        TP_WHOLE(hardware.gpu.smCount),
        .written = [](const Scenario& s) { return s.hardware.gpu.smCount > 0; } },
    { .path = "hardware.gpu.sustained_fraction",
        .kind = N,
        .min = 0.01,
        .max = 1.0,
        TP_REAL(hardware.gpu.sustainedFraction),
        .written = [](const Scenario& s) { return s.hardware.gpu.sustainedFraction != 1; } },

    { .path = "efficiency.compute", .kind = N, .min = 0.01, .max = 1.0, TP_REAL(efficiency.compute) },
    { .path = "efficiency.memory_bound_passes",
        .kind = N,
        .min = 0.0,
        .max = 100.0,
        TP_REAL(efficiency.memoryBoundPasses) },
    { .path = "efficiency.comm_overlap", .kind = N, .min = 0.0, .max = 1.0, TP_REAL(efficiency.commOverlap) },
    { .path = "efficiency.bus_bandwidth", .kind = N, .min = 0.01, .max = 1.0, TP_REAL(efficiency.busBandwidth) },
    { .path = "efficiency.comm_latency_us", .kind = N, .min = 0.0, .max = 1e6, TP_REAL(efficiency.commLatencyUs) },
    { .path = "efficiency.tp_overlap", .kind = N, .min = 0.0, .max = 1.0, TP_REAL(efficiency.tpOverlap) },
    { .path = "efficiency.pp_overlap", .kind = N, .min = 0.0, .max = 1.0, TP_REAL(efficiency.ppOverlap) },
    { .path = "efficiency.ep_overlap", .kind = N, .min = 0.0, .max = 1.0, TP_REAL(efficiency.epOverlap) },

    { .path = "cost.gpu_hour_usd", .kind = N, .min = 0.0, .max = 1e4, TP_REAL(cost.gpuHourUsd) },
    { .path = "cost.kwh_usd", .kind = N, .min = 0.0, .max = 100.0, TP_REAL(cost.kwhUsd) },
    { .path = "cost.pue", .kind = N, .min = 1.0, .max = 5.0, TP_REAL(cost.pue) },
    { .path = "cost.storage_usd_per_tb_month", .kind = N, .min = 0.0, .max = 1e5, TP_REAL(cost.storageUsdPerTbMonth) },
    { .path = "cost.checkpoints_kept", .kind = I, .min = 0, .max = 1000, TP_WHOLE(cost.checkpointsKept) },
    { .path = "cost.network_usd_per_tb", .kind = N, .min = 0.0, .max = 1e5, TP_REAL(cost.networkUsdPerTb) },
    { .path = "cost.team_size", .kind = N, .min = 0.0, .max = 1e4, TP_REAL(cost.teamSize) },
    { .path = "cost.person_month_usd", .kind = N, .min = 0.0, .max = 1e7, TP_REAL(cost.personMonthUsd) },
    { .path = "cost.pricing",
        .kind = C,
        .max = last(kPricingNames),
        .choices = kPricingNames,
        TP_WHOLE(cost.pricing),
        .written = [](const Scenario& s) { return s.cost.pricing != Pricing::on_demand; } },

    { .path = "reliability.gpu_mtbf_hours", .kind = N, .min = 1.0, .max = 1e9, TP_REAL(reliability.gpuMtbfHours) },
    { .path = "reliability.restart_minutes", .kind = N, .min = 0.0, .max = 1e5, TP_REAL(reliability.restartMinutes) },
    { .path = "reliability.checkpoint_write_gbps",
        .kind = N,
        .min = 0.001,
        .max = 1e6,
        TP_REAL(reliability.checkpointWriteGBps) },
    { .path = "reliability.spot_interruptions_per_node_day",
        .kind = N,
        .min = 0.0,
        .max = 1000.0,
        TP_REAL(reliability.spotInterruptionsPerNodeDay),
        .applies = [](const Scenario& s) { return s.cost.pricing == Pricing::spot; },
        .written = [](const Scenario& s) { return s.reliability.spotInterruptionsPerNodeDay != 0; } },

    { .path = "overhead.cuda_context_gib", .kind = N, .min = 0.0, .max = 64.0, TP_REAL(overhead.cudaContextGib) },
    { .path = "overhead.comm_buffer_gib_per_group",
        .kind = N,
        .min = 0.0,
        .max = 64.0,
        TP_REAL(overhead.commBufferGibPerGroup) },
    { .path = "overhead.grad_bucket_mib", .kind = N, .min = 0.0, .max = 65536.0, TP_REAL(overhead.gradBucketMib) },
    { .path = "overhead.fragmentation", .kind = N, .min = 0.0, .max = 1.0, TP_REAL(overhead.fragmentation) },
    { .path = "overhead.loss_bytes_per_logit",
        .kind = N,
        .min = 0.0,
        .max = 64.0,
        TP_REAL(overhead.lossBytesPerLogit) },
};

#undef TP_REAL
#undef TP_WHOLE
#undef TP_ARCH
#undef TP_ARCH_WHOLE
#undef TP_RATES

std::string numberText(double v, FieldKind kind)
{
    if (kind != FieldKind::number) return std::to_string(static_cast<std::int64_t>(v));
    std::ostringstream os;
    os << v;
    return os.str();
}

} // namespace

std::span<const Field> scenarioFields()
{
    return kFields;
}

namespace {

/// The rows under "OBJECT.", in file order, but those named in `except`.
std::vector<const Field*> rowsUnder(std::string_view object, std::string_view except = {})
{
    std::vector<const Field*> rows;
    for (const Field& f : kFields)
        if (f.path.size() > object.size() && f.path.starts_with(object) && f.path[object.size()] == '.'
            && f.path != except)
            rows.push_back(&f);
    return rows;
}

} // namespace

std::span<const Field* const> objectFields(std::string_view object)
{
    static const std::vector<const Field*> model = rowsUnder("model", "model.params");
    static const std::vector<const Field*> gpu = rowsUnder("hardware.gpu");
    if (object == "model") return model;
    if (object == "hardware.gpu") return gpu;
    return {};
}

std::pair<std::string_view, std::string_view> keyInObject(const Field& field, std::string_view object)
{
    std::string_view key = field.path.substr(object.size() + 1);
    const auto dot = key.find('.');
    if (dot == std::string_view::npos) return { key, {} };
    return { key.substr(0, dot), key.substr(dot + 1) };
}

namespace {

/// The rows of `object` grouped by their key in it.
std::vector<ObjectKey> keysOf(std::string_view object)
{
    std::vector<ObjectKey> keys;
    const auto rows = objectFields(object);
    for (std::size_t i = 0; i < rows.size();) {
        const auto [key, inner] = keyInObject(*rows[i], object);
        std::size_t end = i + 1;
        while (end < rows.size() && keyInObject(*rows[end], object).first == key)
            ++end;
        keys.push_back({ key, rows.subspan(i, end - i), !inner.empty() });
        i = end;
    }
    return keys;
}

} // namespace

std::span<const ObjectKey> objectKeys(std::string_view object)
{
    static const std::vector<ObjectKey> model = keysOf("model");
    static const std::vector<ObjectKey> gpu = keysOf("hardware.gpu");
    if (object == "model") return model;
    if (object == "hardware.gpu") return gpu;
    return {};
}

std::string messageNumber(double v)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.3g", v);
    return text;
}

const Field* findField(std::string_view keyPath)
{
    constexpr std::string_view peaks = "hardware.gpu.peak_tflops.";
    constexpr std::string_view achievable = "hardware.gpu.achievable_tflops.";
    if (keyPath.starts_with(peaks) && keyPath.size() > peaks.size()) keyPath = "hardware.gpu.peak_tflops.*";
    if (keyPath.starts_with(achievable) && keyPath.size() > achievable.size())
        keyPath = "hardware.gpu.achievable_tflops.*";
    for (const auto& f : kFields)
        if (f.path == keyPath) return &f;
    return nullptr;
}

std::string rangeText(const Field& f)
{
    const char* what = f.kind == FieldKind::powerOfTwo ? "a power of two"
        : f.kind == FieldKind::integer                 ? "an integer"
                                                       : "a number";
    return std::string("must be ") + what + " between " + numberText(f.min, f.kind) + " and "
        + numberText(f.max, f.kind);
}

} // namespace core
