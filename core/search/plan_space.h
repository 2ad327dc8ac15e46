#pragma once
// The planner's search space: described from a scenario, counted by arithmetic, walked on worker
// threads without being listed. Internal to core (plan_space.cpp, planner.cpp); apart from the API
// so that what a search covers reads in one place. Callers include core/search/planner.h.

#include "core/search/plan_types.h"

#include <cstdint>
#include <map>
#include <tuple>
#include <utility>
#include <vector>

namespace core::detail {

/// The knobs turned inside one (TP, PP, CP, DP, EP) cell of the space, for each micro-batch.
struct Inner {
    int virtualStages;
    int zero;
    bool sequenceParallel;
    Recompute recompute;
};

/// The space plan() walks, without its constraints and without listing it: every (TP, PP, CP, DP, EP)
/// cell within the rules, the micro-batches each DP allows, and the inner knobs of a (TP, PP).
struct Space {
    using Cell = Degrees; ///< the degrees of TP, PP, CP, DP and EP, indexed by their knobs
    std::vector<Cell> cells; ///< at most ~10^5: TP ≤ 7 values, PP the divisors, CP ≤ 5, EP ≤ ~20
    /// Per DP, the micro-batches whose dp × mb divides the global batch: each divides global_batch ÷ dp,
    /// so there are at most that number's divisors (≤ 1,344 for a batch below 2^30).
    std::map<int, std::vector<int>> microBatches;
    std::vector<int> chunks, recomputes;
    int layers = 0;
    int endUnits = 0; ///< the embedding and the loss, counted as layers by the pipeline split (0 or 2)
    std::map<ProblemCode, std::int64_t> rejected; ///< structurally impossible, as the search counts them

    /// Interleaving, ZeRO, sequence parallelism and recomputation in a cell of `tp` and `pp`.
    [[nodiscard]] std::vector<Inner> inner(int tp, int pp) const;
};

/// Describes the space; structurally impossible points are counted as rejected, not kept.
[[nodiscard]] Space describe(const Scenario& base, const PlanOptions& o);

/// A cell the constraints allow, with the micro-batches and inner knobs they allow in it (none empty).
struct AllowedCell {
    Space::Cell cell;
    const std::vector<int>* microBatches;
    const std::vector<Inner>* inner;
};

struct Allowed {
    std::vector<AllowedCell> cells;
    std::map<int, std::vector<int>> microBatches; ///< per DP
    /// Per (TP > 1, PP, whether ZeRO has ranks to shard over: DP × CP > 1).
    std::map<std::tuple<bool, int, bool>, std::vector<Inner>> inner;
};

[[nodiscard]] Allowed allowedBy(const Space& space, const PlanConstraints& c);

[[nodiscard]] SearchSize sizeOf(const Space& space, const Allowed& allowed, const PlanConstraints& c);

[[nodiscard]] std::vector<PinEffect> pinEffects(const SearchSize& size, const PlanConstraints& c);

/// Estimates the allowed configurations on `threads` threads, handing those that fit to `fits`.
/// The workers take rows in order from a shared counter, so the space is never listed and the
/// threads stay busy to the end; what they keep is the visitor's.
SearchWalk walk(const Scenario& base, const Allowed& allowed, std::int64_t total, const PlanOptions& o, int threads,
    const FitVisitor& fits);

} // namespace core::detail
