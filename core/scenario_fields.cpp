#include "core/scenario_fields.h"

#include "core/architecture.h"
#include "core/scenario_edit.h"

#include <algorithm>
#include <array>
#include <sstream>

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

// Sources of the bounds: see docs/DESIGN.md "Scenario file"; where a bound is a physical one it says so.
constexpr Field kFields[] = {
    { .path = "model.params",
        .kind = I,
        .min = 1e6,
        .max = 1e14,
        .get = [](const Scenario& s) { return double(s.model.params); },
        .set = [](Scenario& s, double v) { s.model = bareSizeModel(static_cast<std::int64_t>(v)); } },
    { .path = "model.layers", .kind = I, .min = 1, .max = 4096, TP_ARCH(layers) },
    { .path = "model.hidden", .kind = I, .min = 1, .max = kMaxDim, TP_ARCH(hidden) },
    { .path = "model.heads", .kind = I, .min = 1, .max = 4096, TP_ARCH(heads) },
    { .path = "model.kv_heads", .kind = I, .min = 1, .max = 4096, TP_ARCH(kvHeads) },
    { .path = "model.head_dim", .kind = I, .min = 1, .max = 65536, TP_ARCH(headDim) },
    { .path = "model.ffn_hidden", .kind = I, .min = 1, .max = kMaxDim, TP_ARCH(ffnHidden) },
    { .path = "model.vocab", .kind = I, .min = 1, .max = 1 << 24, TP_ARCH(vocab) },
    { .path = "model.max_positions", .kind = I, .min = 1, .max = 1 << 24, TP_ARCH(maxPositions) },
    { .path = "model.experts", .kind = I, .min = 0, .max = 4096, TP_ARCH(experts) },
    { .path = "model.top_k", .kind = I, .min = 1, .max = 4096, TP_ARCH(topK) },
    { .path = "model.moe_ffn_hidden", .kind = I, .min = 1, .max = kMaxDim, TP_ARCH(moeFfnHidden) },
    { .path = "model.shared_experts", .kind = I, .min = 0, .max = 64, TP_ARCH(sharedExperts) },
    { .path = "model.dense_layers", .kind = I, .min = 0, .max = 4096, TP_ARCH(denseLayers) },
    { .path = "model.routed_node_limit", .kind = I, .min = 0, .max = 4096, TP_ARCH(routedNodeLimit) },
    { .path = "model.q_lora_rank", .kind = I, .min = 0, .max = kMaxDim, TP_ARCH(qLoraRank) },
    { .path = "model.kv_lora_rank", .kind = I, .min = 0, .max = kMaxDim, TP_ARCH(kvLoraRank) },
    { .path = "model.rope_head_dim", .kind = I, .min = 0, .max = 65536, TP_ARCH(ropeHeadDim) },
    { .path = "model.v_head_dim", .kind = I, .min = 0, .max = 65536, TP_ARCH(vHeadDim) },
    { .path = "model.mtp_layers", .kind = I, .min = 0, .max = 16, TP_ARCH(mtpLayers) },

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
    // A GPU's figures, read with its object (or next to a preset's name, replacing that field).
    { .path = "hardware.gpu.memory_gib", .kind = N, .min = 0.5, .max = 65536, TP_REAL(hardware.gpu.memoryGib) },
    { .path = "hardware.gpu.peak_tflops.*", .kind = N, .min = 0.001, .max = 1e6 },
    { .path = "hardware.gpu.achievable_tflops.*", .kind = N, .min = 0.001, .max = 1e6 },
    { .path = "hardware.gpu.attention_tflops.flash1",
        .kind = N,
        .min = 0.001,
        .max = 1e6,
        TP_REAL(hardware.gpu.flash1Tflops) },
    { .path = "hardware.gpu.attention_tflops.flash2",
        .kind = N,
        .min = 0.001,
        .max = 1e6,
        TP_REAL(hardware.gpu.flash2Tflops) },
    { .path = "hardware.gpu.attention_tflops.flash3",
        .kind = N,
        .min = 0.001,
        .max = 1e6,
        TP_REAL(hardware.gpu.flash3Tflops) },
    { .path = "hardware.gpu.intra_node_gbps", .kind = N, .min = 0.01, .max = 1e5, TP_REAL(hardware.gpu.intraNodeGBps) },
    { .path = "hardware.gpu.inter_node_gbps", .kind = N, .min = 0.01, .max = 1e5, TP_REAL(hardware.gpu.interNodeGBps) },
    { .path = "hardware.gpu.tdp_watts", .kind = N, .min = 1, .max = 1e5, TP_REAL(hardware.gpu.tdpWatts) },
    { .path = "hardware.gpu.node_watts_per_gpu",
        .kind = N,
        .min = 1,
        .max = 1e5,
        TP_REAL(hardware.gpu.nodeWattsPerGpu) },
    { .path = "hardware.gpu.memory_tbps", .kind = N, .min = 0.01, .max = 1000, TP_REAL(hardware.gpu.memoryTBps) },
    { .path = "hardware.gpu.nvlink_gpus", .kind = I, .min = 0, .max = 1024, TP_WHOLE(hardware.gpu.nvlinkGpus) },
    { .path = "hardware.gpu.pcie_gbps", .kind = N, .min = 0.01, .max = 1e5, TP_REAL(hardware.gpu.pcieGBps) },
    { .path = "hardware.gpu.sm_count", .kind = I, .min = 1, .max = 4096, TP_WHOLE(hardware.gpu.smCount) },
    { .path = "hardware.gpu.sustained_fraction",
        .kind = N,
        .min = 0.01,
        .max = 1.0,
        TP_REAL(hardware.gpu.sustainedFraction) },

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
