#pragma once
// The pipeline schedules' facts, written once (Narayanan et al. 2021 §2.2; Megatron-LM's
// schedules.py): model chunks per stage, the warm-up before a stage's first backward, the interleaved
// order, what a stage keeps in flight, the bubble and the busiest stage's pace. The memory model, the
// compute model, the traffic, the timeline and the memory timeline read them here.

#include "core/scenario/scenario.h"

#include <algorithm>
#include <vector>

namespace core {

/// Model chunks on each stage: parallel.virtual_stages with the interleaved schedule on two stages or
/// more, else 1.
[[nodiscard]] inline int chunksPerStage(const Parallel& p)
{
    return p.schedule == Schedule::interleaved && p.pp > 1 ? std::max(1, p.virtualStages) : 1;
}

/// Micro-batches per data-parallel replica per step: global batch / (dp × micro-batch), at least 1.
/// Fractional when the batch does not divide (a warning says so), so that communication and the
/// bubble stay consistent with the FLOPs of the whole global batch.
[[nodiscard]] double microBatchesPerStep(const Scenario& s);

/// Forward passes stage `stage` runs before its first backward, of `passes` (micro-batches × chunks):
/// all of them with GPipe, p − i − 1 with 1F1B, 2(p − i − 1) + (v − 1)·g interleaved with groups of g
/// micro-batches (Megatron-LM's interleaved schedule, g = p).
/// (Inline: the memory model asks it for every stage of every estimate.)
[[nodiscard]] inline long long warmupPasses(Schedule schedule, int pp, int v, int g, int stage, long long passes)
{
    switch (schedule) {
    case Schedule::gpipe:
        return passes;
    case Schedule::one_f_one_b:
        return std::min<long long>(passes, pp - stage - 1);
    case Schedule::interleaved:
        return std::min<long long>(passes, 2LL * (pp - stage - 1) + (static_cast<long long>(v) - 1) * g);
    }
    return 0;
}
/// As above for the scenario's schedule, g = p.
[[nodiscard]] inline long long warmupPasses(const Parallel& p, int stage, long long passes)
{
    return warmupPasses(p.schedule, p.pp, chunksPerStage(p), p.pp, stage, passes);
}

/// The chunk of the k-th forward (or backward) pass of a stage: Megatron's interleaved order, groups of
/// g micro-batches through chunk 0, 1, … (backward: v − 1, v − 2, …); the last group may be shorter.
[[nodiscard]] int chunkOfPass(long long k, long long m, int g, int v, bool backward);

/// Micro-batches whose activations a stage holds at its peak (Narayanan et al. 2021 §2.2;
/// Korthikanti et al. 2022 §4.2.3): GPipe m; 1F1B min(p − i, m); interleaved Megatron's warm-up,
/// min(2(p − i − 1) + (v − 1)p + 1, m·v) chunk passes over v — p + (p − 1)/v on the first stage.
[[nodiscard]] double inFlightMicroBatches(const Parallel& p, int stage, int microBatches);

/// Layers × micro-batches of stored activations a stage holds at its peak, when its chunks hold
/// `chunks` layers: every (micro-batch, chunk) pass whose forward has run and backward has not, in the
/// schedule's order (warm-up forwards, then a forward and a backward in turn). With equal chunks this
/// is inFlightMicroBatches × layers; with an emptier first chunk (pipeline_split) the extra warm-up
/// passes of the first stage hold fewer layers.
[[nodiscard]] double inFlightLayers(const Parallel& p, int stage, int microBatches, const std::vector<int>& chunks);

/// Pipeline bubble over ideal compute time: (p−1)/m for GPipe and 1F1B, (p−1)/(v·m) interleaved
/// (Narayanan et al. 2021 §2.2).
[[nodiscard]] double bubbleFraction(const Parallel& p, double microBatches);

/// The share of a stage's chunk turns that run at the busiest stage's pace: every turn of the m·v but
/// the first, (v·m − 1)/(v·m) (docs/MODEL.md "Stage imbalance"); 0 on one stage.
[[nodiscard]] double pacedTurnsShare(const Parallel& p, double microBatches);

} // namespace core
