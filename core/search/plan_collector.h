#pragma once
// What a search keeps while it runs: the best plans, the Pareto front and a hashed sample of scatter
// points, each bounded by what is reported, not by the space. Internal to core (plan_collector.cpp,
// planner.cpp); apart from the space so that the pruning rules read in one place.

#include "core/search/plan_types.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace core::detail {

[[nodiscard]] double scoreOf(const Estimate& e, Objective objective);

/// A fitting configuration as the ranking, the Pareto front and the scatter need it: 64 bytes.
struct Scored {
    double score;
    double time;
    double memory;
    Layout layout;
};

/// Lower score first; equal scores by layout, so that the order does not depend on the threads.
[[nodiscard]] bool better(const Scored& x, const Scored& y);

/// The k best of `xs` by `better`, in no order.
void keepBest(std::vector<Scored>& xs, std::size_t k);

/// The Pareto front of (memory, time): sorted by memory, each point faster than all before it, so one
/// point per front position (the first by layout). The front of a union is the front of its parts'
/// fronts: the workers prune their own and the search joins them.
void keepParetoFront(std::vector<Scored>& xs);

/// A scatter point with its sampling key: the kMaxPlanPoints smallest hashes are kept, a uniform
/// sample that any split of the work into threads gives alike.
struct Sampled {
    std::uint64_t hash;
    double memory;
    double time;
    Layout layout;
};

/// The kMaxPlanPoints points of `xs` with the smallest hashes, in no order.
void keepSample(std::vector<Sampled>& xs);

/// What one worker keeps of the fitting configurations it estimates: for the time and cost
/// objectives bounded by the number of plans asked for, the Pareto front and kMaxPlanPoints, not by
/// the space. The memory objective without a deadline learns its time budget only at the end: it
/// keeps every plan fewer than K others beat on both headroom and time, which can be most of the
/// fitting plans (at most the search's limit, kMaxPlanConfigurations). Each list is pruned when it
/// has doubled, so pruning costs O(1) per configuration.
class Collector {
public:
    explicit Collector(const PlanOptions& o)
        : m_objective(o.objective)
        , m_top(std::size_t(std::max(0, o.top)))
        , m_budget(o.maxDays > 0 ? o.maxDays * 86400.0 : 0.0)
        , m_bestCap(std::max<std::size_t>(4096, 2 * m_top))
    {
    }

    void add(const Scored& x);

    std::vector<Scored> best, pareto;
    std::vector<Sampled> points;
    std::vector<double> times; ///< memory objective without days: the times within 1.25 × the fastest seen
    double fastest = 1e300;
    std::int64_t overBudget = 0; ///< memory objective: plans known to be over the time budget

private:
    void addBest(const Scored& x);

    Objective m_objective;
    std::size_t m_top;
    double m_budget; ///< memory objective: the budget in seconds when days are given, else 0
    std::size_t m_bestCap, m_paretoCap = 4096, m_timesCap = 4096;
};

} // namespace core::detail
