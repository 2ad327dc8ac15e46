// What a search keeps while it runs: the ranking's order, the pruning of the best plans and the
// Pareto front, and the hash-based sample of scatter points. Apart from the space (plan_space.cpp)
// because these rules decide what a search reports, not what it covers.
#include "core/search/plan_collector.h"

#include <algorithm>

namespace core::detail {

namespace {

bool byMemory(const Scored& x, const Scored& y)
{
    if (x.memory != y.memory) return x.memory < y.memory;
    if (x.time != y.time) return x.time < y.time;
    return x.layout.key() < y.layout.key();
}

/// For the memory objective, whose time budget ((1 + kMemoryObjectiveSlack) × the fastest plan) is known only at the
/// end: the points fewer than k others beat on both score and time. Only those can be among the k best under any budget
/// — a point k others beat while being at least as fast is beaten by them under every budget it meets.
void keepUnbeaten(std::vector<Scored>& xs, std::size_t k)
{
    if (k == 0) {
        xs.clear();
        return;
    }
    std::sort(xs.begin(), xs.end(),
        [](const Scored& x, const Scored& y) { return x.time != y.time ? x.time < y.time : better(x, y); });
    std::vector<Scored> bestSoFar; // the k best of those at least as fast, the worst on top
    std::size_t kept = 0;
    for (std::size_t i = 0; i < xs.size(); ++i) {
        const Scored x = xs[i];
        if (bestSoFar.size() == k && better(bestSoFar.front(), x)) continue;
        xs[kept++] = x;
        bestSoFar.push_back(x);
        std::push_heap(bestSoFar.begin(), bestSoFar.end(), better);
        if (bestSoFar.size() > k) {
            std::pop_heap(bestSoFar.begin(), bestSoFar.end(), better);
            bestSoFar.pop_back();
        }
    }
    xs.resize(kept);
}

std::uint64_t mixed(std::uint64_t x)
{
    // SplitMix64's finaliser (Steele, Lea and Flood 2014): every input bit reaches every output bit.
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

std::uint64_t hashOf(const Layout& l)
{
    std::uint64_t h = 0;
    for (const int v : l.values)
        h = mixed(h ^ std::uint64_t(std::uint32_t(v)));
    return h;
}

bool sampledFirst(const Sampled& x, const Sampled& y)
{
    return x.hash != y.hash ? x.hash < y.hash : x.layout.key() < y.layout.key();
}

} // namespace

double scoreOf(const Estimate& e, Objective objective)
{
    switch (objective) {
    case Objective::time:
        return e.training.timeS;
    case Objective::cost:
        return e.training.totalCostUsd;
    case Objective::memory:
        return -e.memory.headroom();
    }
    return e.training.timeS;
}

bool better(const Scored& x, const Scored& y)
{
    if (x.score != y.score) return x.score < y.score;
    return x.layout.key() < y.layout.key(); // deterministic tie-break
}

void keepBest(std::vector<Scored>& xs, std::size_t k)
{
    if (xs.size() <= k) return;
    std::nth_element(xs.begin(), xs.begin() + std::ptrdiff_t(k), xs.end(), better);
    xs.resize(k);
}

void keepParetoFront(std::vector<Scored>& xs)
{
    std::sort(xs.begin(), xs.end(), byMemory);
    double bestTime = 1e300;
    std::size_t kept = 0;
    for (std::size_t i = 0; i < xs.size(); ++i)
        if (xs[i].time < bestTime) {
            bestTime = xs[i].time;
            xs[kept++] = xs[i];
        }
    xs.resize(kept);
}

void keepSample(std::vector<Sampled>& xs)
{
    if (xs.size() <= kMaxPlanPoints) return;
    std::nth_element(xs.begin(), xs.begin() + std::ptrdiff_t(kMaxPlanPoints), xs.end(), sampledFirst);
    xs.resize(kMaxPlanPoints);
}

void Collector::add(const Scored& x)
{
    pareto.push_back(x);
    if (pareto.size() >= m_paretoCap) {
        keepParetoFront(pareto);
        m_paretoCap = std::max<std::size_t>(4096, 2 * pareto.size());
    }
    points.push_back({ hashOf(x.layout), x.memory, x.time, x.layout });
    if (points.size() >= 2 * kMaxPlanPoints) keepSample(points);
    if (m_objective != Objective::memory) {
        addBest(x);
    } else if (m_budget > 0) {
        if (x.time > m_budget)
            ++overBudget;
        else
            addBest(x);
    } else {
        // The budget is 1.25 × the fastest of all (kMemoryObjectiveSlack); a plan slower than 1.25 × the fastest seen
        // so far is over it whatever comes later.
        fastest = std::min(fastest, x.time);
        if (x.time > fastest * (1 + kMemoryObjectiveSlack)) {
            ++overBudget;
            return;
        }
        times.push_back(x.time);
        best.push_back(x);
        if (times.size() >= m_timesCap) {
            overBudget += std::int64_t(
                std::erase_if(times, [&](double t) { return t > fastest * (1 + kMemoryObjectiveSlack); }));
            m_timesCap = std::max<std::size_t>(4096, 2 * times.size());
        }
        if (best.size() >= m_bestCap) {
            std::erase_if(best, [&](const Scored& y) { return y.time > fastest * 1.25; });
            keepUnbeaten(best, m_top);
            m_bestCap = std::max<std::size_t>({ 4096, 2 * m_top, 2 * best.size() });
        }
    }
}

void Collector::addBest(const Scored& x)
{
    best.push_back(x);
    if (best.size() >= m_bestCap) keepBest(best, m_top);
}

} // namespace core::detail
