#pragma once
// The estimate of one scenario: pure function of the Scenario, fast enough for every slider tick.

#include "scenario.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace core {

/// Bytes on one GPU, by what fills them (DESIGN.md "memory").
struct MemoryBreakdown {
    double weights = 0;          ///< resident (possibly sharded) parameters
    double gradients = 0;
    double masterWeights = 0;
    double optimizerStates = 0;
    double activations = 0;      ///< stored for backward, all in-flight micro-batches
    double buffers = 0;          ///< transient: gathered ZeRO-3 layers, gradient bucket, NCCL buffers
    double overhead = 0;         ///< CUDA context and allocator fragmentation

    [[nodiscard]] double modelStates() const { return weights + gradients + masterWeights + optimizerStates; }
    [[nodiscard]] double total() const { return modelStates() + activations + buffers + overhead; }
    bool operator==(const MemoryBreakdown&) const = default;
};

/// One pipeline stage, as seen by one of its GPUs.
struct StageMemory {
    int stage = 0;
    int layers = 0;           ///< transformer layers on this stage (all virtual chunks)
    double params = 0;        ///< parameters held by one GPU of this stage, before ZeRO sharding
    double inFlight = 1;      ///< micro-batches whose activations are alive at the peak
    MemoryBreakdown bytes;
    double hostBytes = 0;     ///< CPU memory per GPU for offloaded states
};

struct MemoryEstimate {
    std::vector<StageMemory> perStage;
    int stage = 0;                       ///< index of the most loaded stage
    double activationBytesPerLayer = 0;  ///< one micro-batch, one layer (Korthikanti et al. Table 2)
    double capacity = 0;                 ///< bytes of one GPU

    [[nodiscard]] const StageMemory& peak() const { return perStage[static_cast<std::size_t>(stage)]; }
    [[nodiscard]] double total() const { return peak().bytes.total(); }
    [[nodiscard]] bool fits() const { return total() <= capacity; }
    [[nodiscard]] double headroom() const { return capacity - total(); }

    /// The largest micro-batch (sequences) whose most loaded stage still fits; 0 when even one
    /// sequence does not fit.
    int largestMicroBatch = 0;
};

struct ParamCounts {
    std::int64_t total = 0;
    std::int64_t active = 0;  ///< per token (MoE: top_k experts)
    double perGpu = 0;        ///< held by one GPU of the most loaded stage, before ZeRO sharding
    double trainable = 0;     ///< whole model; LoRA/QLoRA: adapters only
};

/// Inconsistent but computable inputs (DESIGN.md: warnings are codes with numbers).
enum class WarningCode {
    heads_not_divisible_by_tp,
    kv_heads_not_divisible_by_tp,
    layers_not_divisible_by_pp,
    global_batch_not_divisible,
    experts_not_divisible_by_ep,
    seq_len_not_divisible_by_cp,
    ep_without_experts,
    redundant_master_weights,
    cp_without_flash_attention,
};

struct Warning {
    WarningCode code;
    std::vector<std::pair<std::string, double>> values;  ///< named numbers for the message

    [[nodiscard]] std::string codeName() const;
    [[nodiscard]] std::string message() const;  ///< English; widgets translate from the code
    [[nodiscard]] double value(std::string_view name) const;
};

struct Estimate {
    int gpus = 0;
    ParamCounts params;
    MemoryEstimate memory;
    std::vector<Warning> warnings;
};

[[nodiscard]] Estimate estimate(const Scenario& scenario);

} // namespace core
