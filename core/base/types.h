#pragma once
// Enumerations shared by the scenario, the estimate and the file formats, with their
// file-format spellings. Plain C++: no Qt here (see tests/core/test_no_qt.cpp).

#include <array>
#include <optional>
#include <string_view>

namespace core {

enum class DType { fp32, tf32, bf16, fp16, fp8_e4m3, fp8_e5m2, int8, nf4 };
enum class Optimizer { adamw, adam, sgd, sgd_momentum, lion, adafactor, adamw_8bit };
enum class Method { full, lora, qlora };
enum class Mlp { gelu, swiglu };
enum class Norm { layernorm, rmsnorm };
enum class Bias { all, none, qkv };
enum class Position { learned, rope, alibi };
/// selective: the attention core (Korthikanti et al. 2022 §5); selective_op: every other matmul
/// output kept, the rest recomputed (PyTorch op-level selective checkpointing, torchtitan's "op").
/// norms_up_proj: norms, MLA up-projections and activation functions run again in the backward
/// (DeepSeek-V3 §3.4 and §3.3.3 (2)).
enum class Recompute { none, selective, full, selective_op, norms_up_proj };
/// How the tensors a linear layer keeps for its backward are stored: in the compute dtype, or in fp8
/// with one fp32 scale per 128 elements and the attention output in 12-bit E5M6 (DeepSeek-V3 §3.3.3).
enum class ActivationCache { compute, fp8 };
enum class Schedule { gpipe, one_f_one_b, interleaved };
/// Which matmuls run in fp8 when the compute format is fp8. linear: the projections and MLP of
/// every layer (torchao's Float8Linear and Transformer Engine's te.Linear default: attention and the
/// LM head stay bf16); linear_and_head: also the output head; all: the attention core too (FP8
/// attention, Transformer Engine's fp8_dpa).
enum class Fp8Scope { linear, linear_and_head, all };
/// The flash-attention kernel generation that runs the attention core. auto: the newest one the GPU
/// catalog has a rate for (FlashAttention-3 on Hopper, FlashAttention-2 elsewhere); flash1 is the
/// first algorithm (Dao et al. 2022), also in its Triton port that MosaicML's MPT ran in 2023.
enum class AttentionKernel { automatic, flash1, flash2, flash3 };
/// When ZeRO-2 reduces gradients under gradient accumulation. per_micro_batch: a reduce-scatter
/// after every micro-batch's backward, gradients kept sharded (DeepSpeed ZeRO-2); after_accumulation:
/// gradients accumulated unsharded and reduced once, after the last micro-batch (PyTorch FSDP's
/// SHARD_GRAD_OP under no_sync).
enum class GradReduce { per_micro_batch, after_accumulation };
/// How a layer's elementwise work (norms, rotary embedding, the gated activation) runs: fused into
/// one kernel each (torch.compile, Megatron-LM/Transformer Engine, Composer's fused layers) or eager,
/// every PyTorch operation its own kernel.
enum class ElementwiseKernels { fused, eager };
/// How fp8 operands are scaled: one scale per tensor, or one per row along each GEMM's contraction
/// dimension (torchao's "rowwise" recipe; Transformer Engine's per-tensor current scaling is tensorwise).
enum class Fp8Scaling { tensorwise, rowwise };
/// How ZeRO stages 0–2 issue their data-parallel collectives: in buckets of parameters (PyTorch DDP,
/// DeepSpeed, Megatron-LM) or one per wrapped layer (PyTorch FSDP's NO_SHARD / SHARD_GRAD_OP, as
/// FSDP and ZeRO-3 always do).
enum class DpCollectives { buckets, per_layer };
/// How layers are split over pipeline stages: evenly, or with the embedding and the loss each counted
/// as one layer, so that the first and the last stage hold one layer fewer (Megatron-Core's
/// account_for_embedding_in_pipeline_split and account_for_loss_in_pipeline_split; Llama 3 §3.3.2),
/// or balanced: layers held evenly, and the stack places work so that every stage does as much
/// (DeepSeek-V3's DualPipe puts the shallowest layers with the embedding and the deepest with the output
/// head on one rank, DeepSeek-V3 report §3.2.3). The first two leave the output head's work on the
/// last stage, which the others wait for.
enum class PipelineSplit { layers, embedding_and_loss, balanced };
/// What a column-parallel matmul keeps for its weight gradient under sequence parallelism: its
/// sequence shard, gathered again in the backward (Megatron-LM; Korthikanti et al. 2022 §4.2.2), or
/// the gathered input (PyTorch DTensor, torchtitan: PrepareModuleInput redistributes to Replicate and
/// the matmul saves what it received).
enum class TpSavedInput { shard, gathered };
/// The software stack a run uses (file key training.framework; core/model/software_stack.h): the kernels
/// it launches and fuses, the collectives it overlaps and what its host (CPU) adds per kernel, per
/// micro-batch and per step. generic: no stack's costs, every overlap as the efficiency keys say.
enum class SoftwareStack {
    generic,
    megatron_lm,
    megatron_deepspeed,
    litgpt,
    hf_trainer,
    megatron_core,
    deepspeed,
    gpt_neox,
    torchtitan,
    llm_foundry
};
/// How long gradients live. persistent: in buffers allocated once and kept between steps (Megatron-LM's
/// contiguous gradient buffer, PyTorch DDP's buckets, DeepSpeed's gradient partitions). per_step: each
/// gradient is allocated when its layer's backward produces it and freed after the optimizer step
/// (PyTorch's optimizer.zero_grad(set_to_none=True), the default since PyTorch 2.0, without DDP: FSDP2,
/// single-GPU training in torchtitan, torchtune, LitGPT). It matters only when a step runs one
/// micro-batch: the backward then frees activations as fast as it creates gradients.
enum class GradientBuffers { persistent, per_step };
/// How the GPUs are rented (file key cost.pricing): on demand, reserved for a term, or spot capacity
/// that the provider may take back (reliability.spot_interruptions_per_node_day).
enum class Pricing { on_demand, reserved, spot };

/// Storage size of one element. nf4 is 4 bits; its block scales are counted separately
/// (Dettmers et al. 2023, QLoRA §3). tf32 is stored in 32-bit registers.
/// Bytes in a GiB (2^30), as PyTorch's and the frameworks' memory figures count them.
inline constexpr double kBytesPerGib = 1073741824.0;

[[nodiscard]] constexpr double bytesOf(DType t)
{
    switch (t) {
    case DType::fp32:
    case DType::tf32:
        return 4.0;
    case DType::bf16:
    case DType::fp16:
        return 2.0;
    case DType::fp8_e4m3:
    case DType::fp8_e5m2:
    case DType::int8:
        return 1.0;
    case DType::nf4:
        return 0.5;
    }
    return 4.0;
}

// File-format names, in enum order. One table per enum keeps parse and print in step.
inline constexpr std::array<std::string_view, 8> kDTypeNames { "fp32", "tf32", "bf16", "fp16", "fp8_e4m3", "fp8_e5m2",
    "int8", "nf4" };
inline constexpr std::array<std::string_view, 7> kOptimizerNames { "adamw", "adam", "sgd", "sgd_momentum", "lion",
    "adafactor", "adamw_8bit" };
inline constexpr std::array<std::string_view, 3> kMethodNames { "full", "lora", "qlora" };
inline constexpr std::array<std::string_view, 2> kMlpNames { "gelu", "swiglu" };
inline constexpr std::array<std::string_view, 2> kNormNames { "layernorm", "rmsnorm" };
inline constexpr std::array<std::string_view, 3> kPositionNames { "learned", "rope", "alibi" };
inline constexpr std::array<std::string_view, 5> kRecomputeNames { "none", "selective", "full", "selective_op",
    "norms_up_proj" };
inline constexpr std::array<std::string_view, 2> kActivationCacheNames { "compute", "fp8" };
inline constexpr std::array<std::string_view, 3> kScheduleNames { "gpipe", "1f1b", "interleaved" };
inline constexpr std::array<std::string_view, 3> kFp8ScopeNames { "linear", "linear_and_head", "all" };
inline constexpr std::array<std::string_view, 4> kAttentionKernelNames { "auto", "flash1", "flash2", "flash3" };
inline constexpr std::array<std::string_view, 2> kGradReduceNames { "per_micro_batch", "after_accumulation" };
inline constexpr std::array<std::string_view, 2> kElementwiseKernelsNames { "fused", "eager" };
inline constexpr std::array<std::string_view, 2> kFp8ScalingNames { "tensorwise", "rowwise" };
inline constexpr std::array<std::string_view, 2> kDpCollectivesNames { "buckets", "per_layer" };
inline constexpr std::array<std::string_view, 3> kPipelineSplitNames { "layers", "embedding_and_loss", "balanced" };
inline constexpr std::array<std::string_view, 2> kTpSavedInputNames { "shard", "gathered" };
inline constexpr std::array<std::string_view, 10> kSoftwareStackNames { "generic", "megatron-lm", "megatron-deepspeed",
    "litgpt", "hf-trainer", "megatron-core", "deepspeed", "gpt-neox", "torchtitan", "llm-foundry" };
inline constexpr std::array<std::string_view, 2> kGradientBuffersNames { "persistent", "per_step" };
inline constexpr std::array<std::string_view, 3> kPricingNames { "on_demand", "reserved", "spot" };

/// The file's word for `value`; empty for a value outside the enum (one cast from a number read
/// elsewhere, a log note's "framework": never an index past the table).
template <typename Enum, std::size_t N>
[[nodiscard]] constexpr std::string_view nameOf(Enum value, const std::array<std::string_view, N>& names)
{
    const auto i = static_cast<std::size_t>(value);
    return i < N ? names[i] : std::string_view {};
}

template <typename Enum, std::size_t N>
[[nodiscard]] constexpr std::optional<Enum> enumFromName(
    std::string_view name, const std::array<std::string_view, N>& names)
{
    for (std::size_t i = 0; i < N; ++i)
        if (names[i] == name) return static_cast<Enum>(i);
    return std::nullopt;
}

[[nodiscard]] constexpr std::string_view toString(DType v)
{
    return nameOf(v, kDTypeNames);
}
[[nodiscard]] constexpr std::string_view toString(Optimizer v)
{
    return nameOf(v, kOptimizerNames);
}
[[nodiscard]] constexpr std::string_view toString(Method v)
{
    return nameOf(v, kMethodNames);
}
[[nodiscard]] constexpr std::string_view toString(Recompute v)
{
    return nameOf(v, kRecomputeNames);
}
[[nodiscard]] constexpr std::string_view toString(ActivationCache v)
{
    return nameOf(v, kActivationCacheNames);
}
[[nodiscard]] constexpr std::string_view toString(Schedule v)
{
    return nameOf(v, kScheduleNames);
}
[[nodiscard]] constexpr std::string_view toString(Fp8Scope v)
{
    return nameOf(v, kFp8ScopeNames);
}
[[nodiscard]] constexpr std::string_view toString(AttentionKernel v)
{
    return nameOf(v, kAttentionKernelNames);
}
[[nodiscard]] constexpr std::string_view toString(GradReduce v)
{
    return nameOf(v, kGradReduceNames);
}
[[nodiscard]] constexpr std::string_view toString(ElementwiseKernels v)
{
    return nameOf(v, kElementwiseKernelsNames);
}
[[nodiscard]] constexpr std::string_view toString(Fp8Scaling v)
{
    return nameOf(v, kFp8ScalingNames);
}
[[nodiscard]] constexpr std::string_view toString(DpCollectives v)
{
    return nameOf(v, kDpCollectivesNames);
}
[[nodiscard]] constexpr std::string_view toString(PipelineSplit v)
{
    return nameOf(v, kPipelineSplitNames);
}
[[nodiscard]] constexpr std::string_view toString(TpSavedInput v)
{
    return nameOf(v, kTpSavedInputNames);
}
[[nodiscard]] constexpr std::string_view toString(SoftwareStack v)
{
    return nameOf(v, kSoftwareStackNames);
}
[[nodiscard]] constexpr std::string_view toString(Pricing v)
{
    return nameOf(v, kPricingNames);
}
[[nodiscard]] constexpr std::string_view toString(GradientBuffers v)
{
    return nameOf(v, kGradientBuffersNames);
}
[[nodiscard]] constexpr bool isFp8(DType t)
{
    return t == DType::fp8_e4m3 || t == DType::fp8_e5m2;
}

} // namespace core
