#pragma once
// Per-GPU memory (docs/FORMULAS.md §2–3): model states by dtype, optimizer and ZeRO stage; activations
// derived term by term from the architecture; pipeline stages and their in-flight micro-batches.

#include "core/scenario/architecture.h"
#include "core/scenario/estimate_types.h"

#include <utility>

namespace core {

/// QLoRA's NF4 with double quantization: 4 bits + 0.127 bits of block constants per parameter
/// (Dettmers et al. 2023, "QLoRA", §3: 8-bit constants per 64 weights, fp32 per 256 constants).
inline constexpr double kNf4BytesPerParam = (4.0 + 8.0 / 64.0 + 32.0 / (64.0 * 256.0)) / 8.0;

/// Activation element size: the compute dtype, but at least 2 bytes — with fp8 compute the tensors
/// saved for backward stay in bf16 (Micikevicius et al. 2022, "FP8 Formats for Deep Learning", §4:
/// only GEMM inputs are cast to fp8). ZeRO-3 gathers parameters in it when the stored copy is wider.
[[nodiscard]] double activationElementBytes(DType compute);
/// Bytes of optimizer state per trainable parameter (Adafactor: per factored element).
[[nodiscard]] double optimizerBytesPerParam(Optimizer optimizer, DType stateType);
/// Optimizer-state bytes of the whole model, as a checkpoint holds them: per trainable parameter,
/// except full training with Adafactor, whose factored second moment has a row and a column per
/// matrix (the checkpoint once counted 4 B per parameter where memory counted the factors).
[[nodiscard]] double modelOptimizerStateBytes(const Scenario& s, double trainableParams);

/// Stored activations of one transformer layer for one micro-batch on one GPU, in bytes
/// (Korthikanti et al. 2022 §4, generalised per tensor; see memory_model.cpp).
/// `moeLayer` picks the kind of layer; without it, the main kind (MoE layers in a MoE model).
[[nodiscard]] double activationBytesPerLayer(const Scenario& s, bool moeLayer);
[[nodiscard]] double activationBytesPerLayer(const Scenario& s);
/// The same without any recomputation: what one layer's forward writes for one micro-batch (the
/// traffic of its memory-bound kernels, compute_model).
[[nodiscard]] double activationBytesWrittenPerLayer(const Scenario& s, bool moeLayer);
/// What the forward of all layers of one stage writes for one micro-batch (dense, MoE and MTP), from
/// what one layer of each kind writes: `written` is {activationBytesWrittenPerLayer(s, main kind),
/// activationBytesWrittenPerLayer(s, false)}, taken once for all stages.
[[nodiscard]] double activationBytesWrittenOnStage(const StageMemory& stage, std::pair<double, double> written);

/// Layers of every model chunk: result[i][c] is chunk c of stage i, model chunk c·p + i (Megatron's
/// interleaved placement; one chunk per stage without interleaving). The layers are split evenly over
/// the p·v chunks, the first L mod (p·v) one more. With parallel.pipeline_split "embedding_and_loss"
/// the embedding and the loss count as one layer each (Megatron-Core's account_for_embedding/loss_in_
/// pipeline_split): L + 2 units are split, and the first and last chunks give one up — with one unit
/// per chunk, the first holds only the embedding and the last only the loss (Llama 3 §3.3.2).
[[nodiscard]] std::vector<std::vector<int>> chunkLayers(int layers, const Parallel& p);

/// Memory of every pipeline stage. `breakdown` must be countParameters(s.model.arch).
[[nodiscard]] MemoryEstimate memoryEstimate(const Scenario& s, const ParameterBreakdown& breakdown);

} // namespace core
