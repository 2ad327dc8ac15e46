// The planner's API: the knobs and their values, constraints, applying a layout, and plan(), which
// counts the space (plan_space.cpp), walks it and joins what each worker kept (plan_collector.cpp).
#include "core/search/planner.h"

#include "core/base/printable.h"
#include "core/fidelity/fidelity.h"
#include "core/scenario/scenario_fields.h"
#include "core/search/plan_collector.h"
#include "core/search/plan_space.h"

#include <algorithm>
#include <set>
#include <thread>

namespace core {

namespace {

std::optional<Problem> pinsLeaveNothing(const SearchSize& size, const std::vector<PinEffect>& pins)
{
    if (size.configurations > 0 || size.excluded == 0 || pins.empty()) return std::nullopt;
    const PinEffect* fewest = &pins.front();
    for (const PinEffect& p : pins)
        if (p.keeps < fewest->keeps) fewest = &p;
    return Problem(ProblemCode::pins_leave_nothing,
        { { "configurations", double(size.excluded) }, { "keeps", double(fewest->keeps) } },
        std::string(kKnobKeys[std::size_t(fewest->knob)]));
}

} // namespace

std::optional<ScenarioError> addConstraint(PlanConstraints& constraints, const Scenario& base, std::string_view spec)
{
    const auto eq = spec.find('=');
    const std::string key(spec.substr(0, eq == std::string_view::npos ? spec.size() : eq));
    auto error = [&](const std::string& message) {
        return ScenarioError { printable(key, 60), message, Problem(ProblemCode::invalid_value, {}) };
    };
    if (eq == std::string_view::npos || eq == 0 || eq + 1 == spec.size())
        return error("must look like KEY.PATH=V1,V2,..., e.g. parallel.zero=3");
    const auto* at = std::find(kKnobKeys.begin(), kKnobKeys.end(), key);
    if (at == kKnobKeys.end()) {
        std::string keys;
        for (const auto k : kKnobKeys)
            keys += (keys.empty() ? "" : ", ") + std::string(k);
        return ScenarioError { printable(key, 60), "is not a setting the planner searches; it searches " + keys,
            Problem(ProblemCode::invalid_value, {}) };
    }
    const Knob knob = Knob(at - kKnobKeys.begin());
    auto& set = constraints.allowed[std::size_t(knob)];
    if (!set.empty())
        return ScenarioError { printable(key, 60),
            "is pinned twice; give all its values in one list (" + printable(key, 60) + "=V1,V2,...)",
            Problem(ProblemCode::key_given_twice, {}, printable(key, 60)) };
    std::vector<int> values;
    std::set<std::string_view> read; // a value written twice is checked once
    std::string_view rest = spec.substr(eq + 1);
    while (!rest.empty()) {
        const auto comma = rest.find(',');
        const std::string_view value = rest.substr(0, comma);
        rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
        if (!read.insert(value).second) continue;
        // Read as a file states it: the range, the choice names and the layout rules all apply.
        Scenario probe = base;
        if (auto bad = applyOverride(probe, key + "=" + std::string(value))) return bad;
        values.push_back(knobValue(probe, knob));
    }
    if (values.empty()) return error("names no value");
    std::sort(values.begin(), values.end());
    values.erase(std::unique(values.begin(), values.end()), values.end());
    set = std::move(values);
    return std::nullopt;
}

std::array<std::vector<int>, kKnobCount> knobChoices(const Scenario& s, int gpus)
{
    gpus = std::max(1, gpus);
    auto divisors = [](int n, int limit) {
        std::vector<int> out;
        for (int d = 1; d <= std::min(n, limit); ++d)
            if (n % d == 0) out.push_back(d);
        return out;
    };
    auto powersOfTwo = [](int limit) {
        std::vector<int> out;
        for (std::int64_t v = 1; v <= limit; v *= 2)
            out.push_back(int(v));
        return out;
    };
    const Architecture& a = s.model.arch;
    std::vector<int> eps { 1 };
    if (a.isMoe())
        for (std::int64_t ep = 2; ep <= std::min(a.experts, gpus); ep *= 2)
            if (a.experts % ep == 0) eps.push_back(int(ep));
    std::array<std::vector<int>, kKnobCount> out { powersOfTwo(std::min({ s.hardware.gpusPerNode, 64, gpus })),
        divisors(gpus, a.layers), powersOfTwo(std::min(16, gpus)), divisors(gpus, gpus), eps, { 0, 1, 2, 3 },
        { 1, 2, 4, 8, 16, 32 }, { 1, 2, 4, 8 }, { 0, 1 },
        { int(Recompute::none), int(Recompute::selective), int(Recompute::selective_op), int(Recompute::norms_up_proj),
            int(Recompute::full) } };
    for (std::size_t k = 0; k < kKnobCount; ++k) {
        auto& values = out[k];
        const int current = knobValue(s, Knob(k));
        if (std::find(values.begin(), values.end(), current) == values.end()) values.push_back(current);
        if (Knob(k) != Knob::recompute) std::sort(values.begin(), values.end()); // modes keep their order
    }
    return out;
}

std::vector<Knob> differingKnobs(const Scenario& from, const Scenario& to)
{
    std::vector<Knob> out;
    for (std::size_t k = 0; k < kKnobCount; ++k)
        if (knobValue(from, Knob(k)) != knobValue(to, Knob(k))) out.push_back(Knob(k));
    return out;
}

std::string toString(Objective objective)
{
    switch (objective) {
    case Objective::time:
        return "time";
    case Objective::cost:
        return "cost";
    case Objective::memory:
        return "memory";
    }
    return "time";
}

PlanResult plan(const Scenario& base, const PlanOptions& o)
{
    PlanResult result;
    result.gpus = o.gpus;
    // Counted first, from the space's cells: a search past the limit is refused before anything is estimated.
    const detail::Space space = detail::describe(base, o);
    const detail::Allowed allowed = detail::allowedBy(space, o.constraints);
    const SearchSize size = detail::sizeOf(space, allowed, o.constraints);
    result.configurations = size.configurations;
    result.excluded = size.excluded;
    result.rejected = size.rejected;
    result.pins = detail::pinEffects(size, o.constraints);
    if (auto tooLarge = searchTooLarge(size, o.constraints)) {
        result.problem = std::move(tooLarge);
        if (o.progress) o.progress(1.0);
        return result;
    }
    result.problem = pinsLeaveNothing(size, result.pins);

    const int threads = searchThreads(o);
    std::vector<detail::Collector> kept(static_cast<std::size_t>(threads), detail::Collector(o));
    const SearchWalk walked = detail::walk(
        base, allowed, size.configurations, o, threads, [&](int worker, Scenario&, Estimate& e, const Layout& layout) {
            kept[std::size_t(worker)].add(
                { detail::scoreOf(e, o.objective), e.training.timeS, e.memory.total(), layout });
        });
    result.evaluated = walked.evaluated;
    result.feasible = walked.feasible;
    result.cancelled = walked.cancelled;
    if (walked.evaluated > walked.feasible)
        result.rejected[ProblemCode::does_not_fit] += walked.evaluated - walked.feasible;

    std::vector<detail::Scored> best, pareto;
    std::vector<detail::Sampled> points;
    std::vector<double> times;
    double fastest = 1e300;
    std::int64_t overBudget = 0;
    for (detail::Collector& c : kept) {
        best.insert(best.end(), c.best.begin(), c.best.end());
        pareto.insert(pareto.end(), c.pareto.begin(), c.pareto.end());
        points.insert(points.end(), c.points.begin(), c.points.end());
        times.insert(times.end(), c.times.begin(), c.times.end());
        fastest = std::min(fastest, c.fastest);
        overBudget += c.overBudget;
    }
    {
        // Scatter points in a deterministic order (by memory).
        detail::keepSample(points);
        std::sort(points.begin(), points.end(), [](const detail::Sampled& x, const detail::Sampled& y) {
            return x.memory != y.memory ? x.memory < y.memory : x.layout.key() < y.layout.key();
        });
        for (const detail::Sampled& p : points)
            result.points.push_back({ p.memory, p.time });
    }
    detail::keepParetoFront(pareto);
    if (o.objective == Objective::memory && result.feasible > 0) {
        // Memory headroom at a time budget: only plans fast enough compete, on the front as in the ranking
        // (a plan slower than the budget cannot beat one within it on time).
        const double budget = o.maxDays > 0 ? o.maxDays * 86400.0 : fastest * (1 + kMemoryObjectiveSlack);
        overBudget += std::count_if(times.begin(), times.end(), [&](double t) { return t > budget; });
        std::erase_if(best, [&](const detail::Scored& x) { return x.time > budget; });
        std::erase_if(pareto, [&](const detail::Scored& x) { return x.time > budget; });
        result.rejected[ProblemCode::over_time_budget] += overBudget;
    }
    detail::keepBest(best, std::size_t(std::max(0, o.top)));
    std::sort(best.begin(), best.end(), detail::better);

    auto materialise = [&](const detail::Scored& x) {
        Plan p;
        p.scenario = base;
        applyLayout(p.scenario, x.layout);
        p.estimate = estimate(p.scenario);
        p.score = x.score;
        return p;
    };
    for (const detail::Scored& x : best)
        result.plans.push_back(materialise(x));
    // Plans the estimate cannot rank apart: the lower end of a plan's range at or below the upper end
    // of the best's (the score's time or cost scales with the step time; headroom plans by time).
    if (!result.plans.empty()) {
        for (Plan& p : result.plans)
            p.estimate.range = stepTimeRange(p.scenario);
        const Plan& first = result.plans.front();
        const double bestHigh = first.estimate.training.timeS * first.estimate.range->high;
        for (Plan& p : result.plans)
            p.withinBestRange = p.estimate.training.timeS * p.estimate.range->low <= bestHigh;
    }
    for (const detail::Scored& x : pareto)
        result.pareto.push_back(materialise(x));
    return result;
}

SearchSize searchSize(const Scenario& base, const PlanOptions& options)
{
    const detail::Space space = detail::describe(base, options);
    return detail::sizeOf(space, detail::allowedBy(space, options.constraints), options.constraints);
}

std::optional<Problem> searchTooLarge(const SearchSize& size, const PlanConstraints& constraints)
{
    if (size.configurations <= kMaxPlanConfigurations) return std::nullopt;
    const Knob knob = size.widest();
    return Problem(ProblemCode::search_too_large,
        { { "configurations", double(size.configurations) }, { "limit", double(kMaxPlanConfigurations) },
            { "values", double(size.valuesOf(knob)) }, { "pinned", constraints.limits(knob) ? 1.0 : 0.0 } },
        std::string(kKnobKeys[std::size_t(knob)]));
}

int searchThreads(const PlanOptions& options)
{
    return std::max(1, options.threads > 0 ? options.threads : int(std::thread::hardware_concurrency()));
}

SearchWalk walkSearch(const Scenario& base, const PlanOptions& options, const FitVisitor& fits)
{
    const detail::Space space = detail::describe(base, options);
    const detail::Allowed allowed = detail::allowedBy(space, options.constraints);
    std::int64_t total = 0;
    for (const detail::AllowedCell& a : allowed.cells)
        total += std::int64_t(a.microBatches->size()) * std::int64_t(a.inner->size());
    return detail::walk(base, allowed, total, options, searchThreads(options), fits);
}

} // namespace core
