#pragma once
// Per-GPU memory (FORMULAS.md §2–3): model states by dtype, optimizer and ZeRO stage; activations
// derived term by term from the architecture; pipeline stages and their in-flight micro-batches.

#include "architecture.h"
#include "estimate.h"

namespace core {

/// Bytes of optimizer state per trainable parameter (Adafactor: per factored element).
[[nodiscard]] double optimizerBytesPerParam(Optimizer optimizer, DType stateType);
/// Optimizer-state bytes of the whole model, as a checkpoint holds them: per trainable parameter,
/// except full training with Adafactor, whose factored second moment has a row and a column per
/// matrix (review D12: the checkpoint counted 4 B per parameter where memory counted the factors).
[[nodiscard]] double modelOptimizerStateBytes(const Scenario& s, double trainableParams);

/// Stored activations of one transformer layer for one micro-batch on one GPU, in bytes
/// (Korthikanti et al. 2022 §4, generalised per tensor; see memory_model.cpp).
/// `moeLayer` picks the kind of layer; without it, the main kind (MoE layers in a MoE model).
[[nodiscard]] double activationBytesPerLayer(const Scenario& s, bool moeLayer);
[[nodiscard]] double activationBytesPerLayer(const Scenario& s);
/// The same without any recomputation: what one layer's forward writes for one micro-batch (the
/// traffic of its memory-bound kernels, compute_model).
[[nodiscard]] double activationBytesWrittenPerLayer(const Scenario& s, bool moeLayer);
/// What the forward of all layers of one stage writes for one micro-batch (dense, MoE and MTP).
[[nodiscard]] double activationBytesWrittenOnStage(const Scenario& s, const StageMemory& stage);

/// Layers on each pipeline stage: L/p, the first L mod p stages one more.
[[nodiscard]] std::vector<int> layersPerStage(int layers, int stages);

/// Micro-batches whose activations a stage holds at its peak (Narayanan et al. 2021 §2.2;
/// Korthikanti et al. 2022 §4.2.3): GPipe m; 1F1B min(p − i, m); interleaved adds (p − 1)/v.
[[nodiscard]] double inFlightMicroBatches(const Parallel& p, int stage, int microBatches);

/// Memory of every pipeline stage. `breakdown` must be countParameters(s.model.arch).
[[nodiscard]] MemoryEstimate memoryEstimate(const Scenario& s, const ParameterBreakdown& breakdown);

} // namespace core
