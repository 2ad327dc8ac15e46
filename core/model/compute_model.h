#pragma once
// FLOPs and compute time (docs/FORMULAS.md §4): per matmul from the architecture, checked against
// Narayanan et al. 2021 eq. 3 for GPT shapes.

#include "core/base/fixed_list.h"
#include "core/scenario/scenario.h"

namespace core {

/// Forward FLOPs of `tokens` = seqLen × sequences through the model, by part.
struct ForwardFlops {
    double layers = 0; ///< all transformer layers, matmuls only
    double attentionCore = 0; ///< Q·Kᵀ and attention·V of all layers (part of `layers`)
    double logits = 0; ///< LM head
};

/// 2 FLOPs per multiply-accumulate; attention scores counted over the full s × s square, as
/// Narayanan et al. 2021 (eq. 3) and Megatron's MFU do.
[[nodiscard]] ForwardFlops forwardFlops(const Architecture& arch, double seqLen, double sequences);
/// The output head's forward FLOPs over `tokens`, once for the model and once per MTP module: 2·h·V each.
[[nodiscard]] double logitsFlops(const Architecture& arch, double tokens);

/// Model FLOPs of one optimizer step: forward + backward (2× for full training; for LoRA/QLoRA the
/// frozen base needs only input gradients: ≈ 4N per token plus the adapters), no recomputation.
/// The attention core is counted over the whole s × s square, the convention of the published
/// throughput figures: Narayanan et al. 2021 eq. 3, Korthikanti et al. 2022, PaLM (Chowdhery et al.
/// 2022, appendix B: 6N + 12·L·H·Q·T), torchtitan and llm-foundry ("we follow the convention and do
/// not account for sparsity in causal attention"), Megatron-LM's num_floating_point_operations until
/// 2025-03 (8873b55). core/fidelity/fidelity.cpp compares published figures in it; the estimate's own MFU does
/// not use it (causalModelFlopsPerStep).
[[nodiscard]] double modelFlopsPerStep(const Scenario& s);
/// Model FLOPs as the estimate's MFU counts them (docs/FORMULAS.md §4): modelFlopsPerStep with the
/// attention core over the causal half of the square, the half a causal model needs (Megatron-LM's
/// num_floating_point_operations since 2025-03: "causal mask (only half of the mask is non-zero)").
/// The step time prices the flash-attention kernel on that half too (attentionKernelFlopsPerStep),
/// so MFU cannot pass 1; with the whole square it did at long sequences (the attention core's 3 ×
/// full-square FLOPs against a kernel that does 1.75 × of them).
[[nodiscard]] double causalModelFlopsPerStep(const Scenario& s);
/// Forward FLOPs of the LoRA adapters of one step (0 for full training).
[[nodiscard]] double adapterForwardFlops(const Scenario& s);
/// Hardware FLOPs: model FLOPs plus the recomputed forward work (full: all layers; selective:
/// the attention core; Korthikanti et al. 2022 §5) plus the work TP ranks repeat. The attention core
/// over the whole square, as modelFlopsPerStep (Narayanan's TFLOP/s per GPU count these).
[[nodiscard]] double hardwareFlopsPerStep(const Scenario& s);
/// The FLOPs the GPUs execute in one step, as HFU and TFLOP/s per GPU count them: hardwareFlopsPerStep
/// with the attention core as the flash-attention kernel does it where it runs (causal half, its
/// backward recomputing Q·Kᵀ: attentionKernelFlopsPerStep); without flash attention the unfused
/// kernels compute the whole square, masked half included, and that is what runs.
[[nodiscard]] double executedFlopsPerStep(const Scenario& s);
/// Matmul work that TP − 1 ranks repeat because every rank computes it in full: MLA's
/// down-projections (DeepSeek-V3 inference/model.py: wq_a and wkv_a are plain Linear layers),
/// forward and backward, and again when the forward is recomputed.
[[nodiscard]] double duplicatedFlopsPerStep(const Scenario& s);

/// Hardware FLOPs of the attention core in one step: forward and backward (3 × its forward) and a
/// recomputed forward where it is recomputed.
[[nodiscard]] double attentionFlopsPerStep(const Scenario& s);

/// FLOPs the flash-attention kernel really does in one step (0 without flash attention). The FLOP
/// counts above follow Narayanan's convention (the whole s × s square, backward 2 × forward); the
/// kernel skips the masked half of a causal square and its backward recomputes Q·Kᵀ from the saved
/// softmax statistics: 2.5 × the forward (Dao 2023, FlashAttention-2 §3.1.2 and its benchmark's
/// FLOP count: 4·b·s²·heads·d / 2 causal, × 3.5 forward + backward). A recomputed forward adds one.
[[nodiscard]] double attentionKernelFlopsPerStep(const Scenario& s);
/// The rate at which one GPU runs them, FLOP/s, before efficiency.compute: the GPU catalog's
/// measured rate of the chosen kernel (parallel.attention_kernel; auto takes FlashAttention-3 where
/// measured, else FlashAttention-2). Where neither is measured, or the kernel chosen is not, the GPU's
/// 16-bit achievable matmul rate × kAttentionToMatmulRate, and `measured` is set false. FP8
/// attention (precision.fp8_scope all) runs kFp8AttentionSpeedup × faster.
[[nodiscard]] double attentionKernelRate(const Scenario& s, bool* measured = nullptr);
/// The kernel the scenario runs: parallel.attention_kernel, or for auto FlashAttention-3 where the GPU
/// has its rate, else FlashAttention-2.
[[nodiscard]] AttentionKernel attentionKernelOf(const Scenario& s);
/// A flash kernel's rate rises with the tokens of the blocks it runs, as ℓ/(ℓ + ℓ½) (per-tile costs and
/// the causal diagonal amortise over the length): Triton's fused-attention tutorial (FlashAttention-2,
/// causal, head width 64, 1k to 16k tokens) fits ℓ½ = 680 tokens for forward and backward
/// (docs/FIDELITY.md).
inline constexpr double kAttentionHalfRateTokens = 680;
/// FlashAttention-2's and -3's published rates are the best of their papers' benchmarks over 512 to 16k
/// tokens, reached at the longest (Dao 2023 §4.1, Fig. 4; Shah et al. 2024 §4.1): the catalog's rates of
/// those kernels are their rates at 16k tokens.
inline constexpr double kFlashReferenceTokens = 16384;
/// FlashAttention-1 reaches 25–40 % of the A100's peak (Dao 2023, abstract) and the catalog takes the
/// middle, 32.5 %: on the curve above, a kernel at 40 % at 16k tokens runs at 32.5 % on
/// 680 · 0.780 / 0.220 ≈ 2,400 tokens (0.780 = 0.8125 × 16384/17064), the length its catalog rate refers to.
inline constexpr double kFlash1ReferenceTokens = 2400;
/// How much slower than its catalog rate the scenario's flash kernel runs on its blocks: the whole
/// sequence, or with context parallelism the ring's load-balanced half-chunks of s/(2c) tokens
/// (Transformer Engine's AttnFuncWithCPAndKVP2P). 1 without flash attention.
[[nodiscard]] double attentionLengthSlowdown(const Scenario& s);
/// FlashAttention-2 over the best GEMM on the A100 (the one GPU both are measured on): 204.6 / 271.2.
inline constexpr double kAttentionToMatmulRate = 204.6 / 271.2;
/// FlashAttention-3 on H100: FP8 "close to 1.2 PFLOPs/s" against 740 TFLOP/s in FP16 (Shah et al. 2024, abstract).
inline constexpr double kFp8AttentionSpeedup = 1200.0 / 740.0;

/// Hardware FLOPs of one step that stay at the 16-bit rate when the compute format is fp8: the
/// matmuls outside `precision.fp8_scope` — the attention core (forward, backward and a recomputed
/// forward) unless the scope is `all`, and the LM head unless it is `linear_and_head` or `all`.
/// 0 when the compute format is not fp8.
[[nodiscard]] double flopsOutsideFp8Scope(const Scenario& s);

/// HBM bytes one GPU moves per micro-batch to scale and cast the operands of its fp8 matmuls, for
/// a stage of `mainLayers` layers of the model's kind and `denseLayers` dense ones (0 unless the
/// compute format is fp8). Cast are the input of every fp8 linear in each forward (again when it is
/// recomputed), the output gradient in the backward and the weight, each at the bytes per element
/// below for precision.fp8_scaling. With tensor-wise scaling and sequence parallelism a block's
/// input and a row-parallel linear's output gradient are cast once, on the rank's share of the
/// tokens, before TP gathers them (torchao's PrepareFloat8ModuleInput and Float8RowwiseParallel).
[[nodiscard]] double fp8CastBytesPerMicroBatch(const Scenario& s, double mainLayers, double denseLayers);
/// HBM bytes per token that one layer's forward moves on one rank beyond the fused kernels' traffic
/// (which efficiency.memory_bound_passes counts) when its elementwise work runs eagerly, one kernel
/// per PyTorch operation (parallel.elementwise_kernels eager; 0 when fused). Counted from torchtitan's
/// Llama code at 9dec370 (the code of its December 2024 benchmarks), 16-bit activations:
/// - RMSNorm, `self._norm(x.float()).type_as(x) * self.weight` with `x * rsqrt(x.pow(2).mean(-1) + eps)`:
///   upcast (2 + 4), pow (4 + 4), mean (4), multiply (4 + 4), downcast (4 + 2), weight (2 + 2) = 36 B per
///   element against a fused norm's 4: 32 more, two norms a layer, each on h (h / TP with sequence
///   parallelism) elements; LayerNorm is one kernel in eager PyTorch too;
/// - rotary embedding, `view_as_complex(xq.float()) * freqs_cis`, `view_as_real(...).type_as(xq)`:
///   upcast (2 + 4), complex multiply (4 + 4), downcast (4 + 2) = 20 B per element of Q and K against
///   4 fused: 16 more;
/// - SwiGLU, `F.silu(w1(x)) * w3(x)`: SiLU (2 + 2) and the product (2 + 2 + 2) = 10 B per element of
///   the hidden MLP width against a fused kernel's 6: 4 more (GeLU is one kernel either way).
/// `moeLayer` picks the kind of layer, as for layerOps (layer_ops.h).
[[nodiscard]] double eagerElementwiseBytesPerToken(const Scenario& s, bool moeLayer);
/// The backward of an elementwise operation reads its inputs and the output gradient and writes the
/// input gradient: about twice the forward's bytes, three times in all per step.
inline constexpr double kEagerPassesPerForward = 3;

/// Bytes per element of one cast from bf16 to fp8, counted kernel by kernel in torchao's float8
/// roofline (torchao/testing/training/roofline_utils.py, get_tensor_memory_traffic_ovhd_s, at
/// 36027d8), operands not fused with the operation before them. Tensor-wise: an activation (input or
/// output gradient) is read for its absolute maximum (2 B), read again and written in fp8 row- and
/// column-major (2 + 1 + 1); a weight is read for its maximum and cast twice, once per layout (2 + 3 + 3).
inline constexpr double kFp8TensorwiseActivationCastBytes = 6;
inline constexpr double kFp8TensorwiseWeightCastBytes = 8;
/// Row-wise: each GEMM scales along its own contraction dimension, so the backward's operands need
/// their own scales: an activation is read, written in fp8 and written transposed in bf16 (2 + 1 + 2),
/// then the transposed copy is read and cast (2 + 1); a weight is cast (2 + 1), transposed (2 + 2)
/// and cast again (2 + 1).
inline constexpr double kFp8RowwiseActivationCastBytes = 8;
inline constexpr double kFp8RowwiseWeightCastBytes = 10;

/// How a step's matmul work falls on the pipeline stages. Each layer (with its recomputation, and each
/// MTP module as a layer) does the same work; the output head's forward and backward (not recomputed;
/// each MTP module's head too) run on the last stage, where Megatron-LM, DeepSpeed's pipeline and
/// torchtitan put it. 1F1B then runs at the busiest stage's pace: the step takes (m·v − 1) of its m·v
/// chunk turns (v chunks per stage when interleaved, else 1) plus every stage's once, and the other
/// stages wait for the difference (docs/MODEL.md "Stage imbalance").
/// parallel.pipeline_split "balanced" says the stack evens the stages' work out: every load is 1.
struct StageWork {
    double perLayer = 0; ///< matmul FLOPs of one layer per step, all its passes
    double head = 0; ///< the output heads' FLOPs per step, on the last stage
    double meanStage = 0; ///< the step's matmul FLOPs over the stages
    int stages = 1;
    /// Stage `stage`'s matmul work over the mean stage's, when it holds `layers` layers (and MTP modules);
    /// the last stage also runs the output head.
    [[nodiscard]] double load(int stage, double layers) const
    {
        return meanStage > 0 ? (perLayer * layers + (stage == stages - 1 ? head : 0.0)) / meanStage : 1.0;
    }
};
/// `hardwareFlops` is hardwareFlopsPerStep(s) (the whole-square count the time model prices).
[[nodiscard]] StageWork stageWork(const Scenario& s, double hardwareFlops);

/// parallel.grad_reduce "after_accumulation" with more than one micro-batch: ZeRO-2/3 hold the stage's
/// whole gradient until the last micro-batch (FSDP's no_sync) and reduce it once.
[[nodiscard]] bool wholeGradients(const Scenario& s);
/// ZeRO-3 with grad_reduce "after_accumulation" (over more than one rank): the parameters are gathered
/// once per step and kept whole from the first forward to the last backward (FSDP2's
/// reshard_after_forward=False, torchtitan's default with pipeline parallelism).
[[nodiscard]] bool keptGathered(const Scenario& s);

/// The fraction of the datasheet peak a GPU's best GEMM reaches where nobody measured it: the median
/// of the NVIDIA bf16 rows of the MAMF table (Bekman, ml-engineering, compute/accelerator/README.md,
/// "Maximum Achievable Matmul FLOPS comparison table": A100 SXM 86.9 %, GH200 83.8 %, A100 PCIe
/// 81.1 %, H100 SXM 80.3 %, B300 78.6 %, B200 77.6 %, GB200 72.9 %).
inline constexpr double kTypicalAchievableFraction = 0.803;

/// The best matmul FLOP/s the GPU reaches in `dtype` (its measured MAMF). Where only the other format
/// of the same tensor path was measured (bf16 ↔ fp16, fp8 e4m3 ↔ e5m2) its fraction of peak is used;
/// where neither was, kTypicalAchievableFraction of the peak, and `measured` is set to false.
/// Matmul time is priced against this rate: efficiency.compute is the fraction of it training reaches.
[[nodiscard]] double achievableFlops(const GpuSpec& gpu, DType dtype, bool* measured = nullptr);

/// Dense peak FLOP/s of the GPU for `dtype`. When the datasheet has no figure for that dtype the
/// nearest one is used (bf16 ↔ fp16, fp8 → bf16, tf32 → fp32) and `exact` is set to false.
[[nodiscard]] double peakFlops(const GpuSpec& gpu, DType dtype, bool* exact = nullptr);

/// The output tiles cuBLAS runs large 16-bit GEMMs in on Ampere and Hopper, 128 × 256 and 128 × 128
/// (NVIDIA, "Matrix Multiplication Background User's Guide", tile and wave quantization; Bekman,
/// ml-engineering, training/performance, "Tile and wave quantization"): one thread block per tile,
/// one block per SM at a time.
inline constexpr double kGemmTileRows = 128;
inline constexpr double kGemmTileCols = 256;
/// A tile's fixed cost (filling its pipeline, writing its output) in multiply-accumulate steps along
/// the inner dimension: fitted to NVIDIA's cuBLAS curve of square bf16 GEMMs on the A100 (CUDA 11
/// features blog, 2020, figure 6: 25 TFLOP/s at 512, 88 at 1,024, 195 at 2,048, 258 at 4,096, 290
/// at 8,192; 4.7 % mean |error| over its 31 points, against 13.1 % without it).
inline constexpr double kGemmTileOverheadK = 512;
/// That fixed cost in K-steps of `dtype`: the first loads and the 16-bit output tile take the same
/// time in fp8, whose K-loop runs faster, so an fp8 GEMM pays kGemmTileOverheadK × its achievable
/// rate ÷ the 16-bit one (H100: 512 × 1,402.6 ÷ 794.5, MAMF).
[[nodiscard]] double tileOverheadK(const GpuSpec& gpu, DType dtype);
/// The shortest time a kernel takes, launch included (NVIDIA, "Getting Started with CUDA Graphs", 2019:
/// back-to-back launches of a 2.9 µs kernel took 3.8 µs each).
inline constexpr double kMinKernelS = 3.8e-6;

/// Time of one GEMM (`groups` of them in one grouped kernel) with a `rows` × `cols` output and
/// inner dimension `inner` at `rate` FLOP/s: the waves of thread blocks it needs on the GPU's SMs
/// (where smCount is known), its operands' HBM traffic, and the per-kernel floor, whichever is longest.
[[nodiscard]] double gemmTimeS(const GpuSpec& gpu, double rows, double cols, double inner, double groups, double rate,
    double bytesPerElement, double memoryBytesPerS);
/// The matmuls of one micro-batch on one rank, timed by their shapes, against the same FLOPs at
/// `rate`: ≤ 1, the factor the shapes cost.
[[nodiscard]] double matmulShapeEfficiency(const Scenario& s, double rate, double memoryBytesPerS);

/// One GEMM the shape model times on one rank: `m` tokens × `k` by `k` × `n`, in `groups` groups (a
/// grouped GEMM over experts), `count` times in a row per layer and pass.
struct TimedGemm {
    double m = 0, n = 0, k = 0, groups = 1;
    int count = 1;
};
using TimedGemms = FixedList<TimedGemm, 16>;
/// The linear layers' GEMMs of one layer of this kind as matmulShapeEfficiency times them: the layer
/// (layer_ops.h) as the scenario's stack fuses it, split over TP, experts as grouped GEMMs.
[[nodiscard]] TimedGemms timedLayerGemms(const Scenario& s, bool moeLayer);

} // namespace core
