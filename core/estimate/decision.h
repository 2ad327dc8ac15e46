#pragma once
// The decision guide (the source article §4–6): what kind of training this is, whether
// one GPU is enough, how many are needed, whether fine-tuning would do, and the migration
// checklist of §6 with each item's urgency and numbers taken from the estimate. Plain data: the
// GUI phrases it.

#include "core/estimate/estimate.h"

#include <vector>

namespace core {

/// The source article's summary table (§4): small < 1 B parameters, large ≥ 7 B (the 7B class,
/// from 6.5 B: Llama 2 7B has 6.74 B), medium between.
enum class SizeClass { small, medium, large };
inline constexpr double kSmallModelParams = 1e9; ///< below: small
inline constexpr double kLargeModelParams = 6.5e9; ///< from here: large (Mistral 7B 7.24 B, Llama 2 7B 6.74 B)
/// The most GPUs the guide's ZeRO-3 search tries (DecisionGuide::minGpus).
inline constexpr int kMaxGuideGpus = 65536;
/// Bytes per token of tokenized data: 32-bit token ids (vocabularies beyond 65,536 need them).
inline constexpr double kBytesPerToken = 4;
[[nodiscard]] SizeClass sizeClassOf(double params);

enum class Need { not_needed, recommended, required };

enum class ChecklistId {
    distributed_code, ///< §6.1 framework, data loading, gradient sync, checkpoint save/load
    hyperparameters, ///< §6.2 batch size, learning rate, warm-up re-searched at scale
    data_pipeline, ///< §6.3 read bandwidth and shared storage
    fault_tolerance, ///< §6.4, §3.4 automatic restart from checkpoints
    network, ///< §3.3 high-bandwidth, low-latency interconnect
    monitoring, ///< §3.4 memory, utilisation, bandwidth, loss curves
    software_stack, ///< §3.4 identical drivers, CUDA, NCCL and framework on every node
    budget, ///< §6.5 GPUs, network, storage, power and people
};

struct ChecklistItem {
    ChecklistId id = ChecklistId::distributed_code;
    Need need = Need::not_needed;
};

/// One GPU of the scenario's type, no parallelism, no ZeRO, no offload, micro-batch 1, full
/// recomputation: the most frugal single-GPU setting without moving anything to host memory.
[[nodiscard]] Scenario singleGpuVariant(const Scenario& s, Method method);

struct DecisionGuide {
    SizeClass sizeClass = SizeClass::small;
    double params = 0;
    double oneGpuBytes = 0; ///< full training on one GPU (singleGpuVariant)
    bool fitsOneGpu = false;
    /// Smallest power-of-two GPU count at which full training fits with ZeRO-3 over data
    /// parallelism, full recomputation and micro-batch 1 (a lower bound for any plan); 0 when not
    /// even 65,536 GPUs suffice.
    int minGpus = 0;
    double loraBytes = 0, qloraBytes = 0; ///< fine-tuning on one GPU (rank and targets of the scenario)
    bool loraFits = false, qloraFits = false;
    int nodes = 1;
    double datasetBytes = 0; ///< tokens × 4 bytes (32-bit token ids)
    double readBytesPerS = 0; ///< tokens per second × 4 bytes, whole cluster
    std::vector<ChecklistItem> checklist;
};

[[nodiscard]] DecisionGuide decide(const Scenario& s, const Estimate& e);

} // namespace core
