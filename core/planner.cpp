#include "core/planner.h"

#include "core/fidelity.h"
#include "core/printable.h"
#include "core/scenario_fields.h"

#include <algorithm>
#include <thread>
#include <tuple>

namespace core {

namespace {

/// One point of the search space: the knobs the planner turns.
struct Candidate {
    int tp, pp, cp, dp, ep, zero, microBatch, virtualStages;
    bool sequenceParallel;
    Recompute recompute;

    [[nodiscard]] auto key() const
    {
        return std::tuple(tp, pp, cp, dp, ep, zero, microBatch, virtualStages, sequenceParallel, int(recompute));
    }
    [[nodiscard]] bool allowedBy(const PlanConstraints& c) const
    {
        return c.allows(Knob::tp, tp) && c.allows(Knob::pp, pp) && c.allows(Knob::cp, cp) && c.allows(Knob::dp, dp)
            && c.allows(Knob::ep, ep) && c.allows(Knob::zero, zero) && c.allows(Knob::micro_batch, microBatch)
            && c.allows(Knob::virtual_stages, virtualStages) && c.allows(Knob::sequence_parallel, sequenceParallel)
            && c.allows(Knob::recompute, int(recompute));
    }
};

/// The values a knob is enumerated over: those searched by default and a limit's others (micro-batch
/// 16, interleaving 8); the limit itself filters the candidates, so that what it leaves out is counted.
std::vector<int> valuesOf(const PlanConstraints& c, Knob knob, std::vector<int> searched)
{
    for (const int v : c.allowed[std::size_t(knob)])
        if (std::find(searched.begin(), searched.end(), v) == searched.end()) searched.push_back(v);
    return searched;
}

void applyCandidate(Scenario& s, const Candidate& c)
{
    Parallel& p = s.parallel;
    p.tp = c.tp;
    p.pp = c.pp;
    p.cp = c.cp;
    p.dp = c.dp;
    p.ep = c.ep;
    p.zero = c.zero;
    if (p.zero < 2) p.gradReduce = GradReduce::per_micro_batch; // the setting is ZeRO-2's and ZeRO-3's only
    p.sequenceParallel = c.sequenceParallel;
    p.recompute = c.recompute;
    p.virtualStages = c.virtualStages;
    p.schedule = c.virtualStages > 1 ? Schedule::interleaved : Schedule::one_f_one_b;
    // The split of layers needs pipeline stages.
    if (p.pp < 2) p.pipelineSplit = PipelineSplit::layers;
    // What TP keeps is a property of the framework: kept for plans with sequence parallelism.
    if (!p.sequenceParallel) p.tpSavedInput = TpSavedInput::shard;
    s.training.microBatch = c.microBatch;
}

/// Enumerates the space; structurally impossible points are counted as rejected, not listed, and
/// those the constraints leave out as excluded.
std::vector<Candidate> enumerate(
    const Scenario& base, const PlanOptions& o, std::map<ProblemCode, std::int64_t>& rejected, std::int64_t& excluded)
{
    const Architecture& a = base.model.arch;
    const PlanConstraints& c = o.constraints;
    const std::vector<int> microBatches = valuesOf(c, Knob::micro_batch, o.microBatches);
    const std::vector<int> chunks = valuesOf(c, Knob::virtual_stages, { 1, 2, 4 });
    // Selective recomputation (Korthikanti's) stores nothing more than none with flash attention:
    // searched only where asked for.
    std::vector<int> defaultRecomputes { int(Recompute::none), int(Recompute::selective_op), int(Recompute::full) };
    if (!base.parallel.flashAttention) defaultRecomputes.push_back(int(Recompute::selective));
    const std::vector<int> recomputes = valuesOf(c, Knob::recompute, defaultRecomputes);
    const int gpus = o.gpus;
    std::vector<Candidate> out;
    const int maxTp = std::min({ base.hardware.gpusPerNode, 64, gpus });
    for (int tp = 1; tp <= maxTp; tp *= 2) {
        if (gpus % tp != 0) continue;
        // TP splits heads and KV heads (Megatron replicates KV heads when tp > kv_heads).
        if (a.heads % tp != 0 || (a.kvHeads % tp != 0 && tp % a.kvHeads != 0)) {
            ++rejected[ProblemCode::heads_not_divisible_by_tp];
            continue;
        }
        for (int pp = 1; pp <= std::min(gpus / tp, a.layers); ++pp) {
            if ((gpus / tp) % pp != 0) continue;
            // Uneven stages are allowed (Llama 3 ran 126 layers on 16 stages); each stage needs two layers.
            if (a.layers < 2 * pp && pp > 1) {
                ++rejected[ProblemCode::too_few_layers_per_stage];
                continue;
            }
            for (int cp = 1; cp <= 16 && tp * pp * cp <= gpus; cp *= 2) {
                if ((gpus / (tp * pp)) % cp != 0) continue;
                if (cp > 1 && base.training.seqLen % (2 * cp) != 0) {
                    ++rejected[ProblemCode::seq_len_not_divisible_by_cp];
                    continue;
                }
                const int dp = gpus / (tp * pp * cp);
                std::vector<int> eps { 1 };
                if (a.isMoe())
                    for (int ep = 2; ep <= std::min(a.experts, dp * cp); ep *= 2)
                        if (a.experts % ep == 0 && (dp * cp) % ep == 0) eps.push_back(ep);
                for (int ep : eps)
                    for (int mb : microBatches) {
                        if (dp * mb > base.training.globalBatch || base.training.globalBatch % (dp * mb) != 0) {
                            ++rejected[ProblemCode::global_batch_not_divisible];
                            continue;
                        }
                        for (int v : chunks) {
                            if (v > 1 && (pp < 2 || a.layers < 2 * pp * v)) continue; // at least two layers per chunk
                            // ZeRO-2/3 only without PP: DeepSpeed refuses the pair, Megatron-LM has no such mode.
                            for (int zero = 0; zero <= (pp > 1 ? 1 : 3); ++zero)
                                for (int sp = 0; sp <= (tp > 1 ? 1 : 0); ++sp)
                                    for (int r : recomputes) {
                                        const Candidate candidate { tp, pp, cp, dp, ep, zero, mb, v, sp == 1,
                                            Recompute(r) };
                                        if (candidate.allowedBy(c))
                                            out.push_back(candidate);
                                        else
                                            ++excluded;
                                    }
                        }
                    }
            }
        }
    }
    return out;
}

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

struct Scored {
    double score;
    double time;
    double memory;
    Candidate candidate;
};

bool better(const Scored& x, const Scored& y)
{
    if (x.score != y.score) return x.score < y.score;
    return x.candidate.key() < y.candidate.key(); // deterministic tie-break
}

} // namespace

int knobValue(const Scenario& s, Knob knob)
{
    const Field* field = findField(kKnobKeys[std::size_t(knob)]);
    return field && field->get ? static_cast<int>(field->get(s)) : 0;
}

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
    std::vector<int> values;
    std::string_view rest = spec.substr(eq + 1);
    while (!rest.empty()) {
        const auto comma = rest.find(',');
        const std::string_view value = rest.substr(0, comma);
        // Read as a file states it: the range, the choice names and the layout rules all apply.
        Scenario probe = base;
        if (auto bad = applyOverride(probe, key + "=" + std::string(value))) return bad;
        const int v = knobValue(probe, knob);
        if (std::find(values.begin(), values.end(), v) == values.end()) values.push_back(v);
        rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
    }
    if (values.empty()) return error("names no value");
    auto& set = constraints.allowed[std::size_t(knob)];
    set = values;
    std::sort(set.begin(), set.end());
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
        for (int v = 1; v <= limit; v *= 2)
            out.push_back(v);
        return out;
    };
    const Architecture& a = s.model.arch;
    std::vector<int> eps { 1 };
    if (a.isMoe())
        for (int ep = 2; ep <= std::min(a.experts, gpus); ep *= 2)
            if (a.experts % ep == 0) eps.push_back(ep);
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
    const std::vector<Candidate> candidates = enumerate(base, o, result.rejected, result.excluded);
    const int threads = std::max(1, o.threads > 0 ? o.threads : int(std::thread::hardware_concurrency()));
    const std::size_t n = candidates.size();

    // Each worker estimates a contiguous slice and keeps every fitting point (score, time, memory):
    // three doubles and a candidate, so even a million points fit in memory.
    const auto slots = static_cast<std::size_t>(threads);
    std::vector<std::vector<Scored>> feasible(slots);
    std::vector<std::map<ProblemCode, std::int64_t>> rejected(slots);
    std::vector<std::int64_t> evaluated(slots, 0);
    auto work = [&](int t) {
        Scenario s = base; // one working copy per thread; only the knobs change
        const std::size_t begin = n * std::size_t(t) / std::size_t(threads),
                          end = n * std::size_t(t + 1) / std::size_t(threads);
        for (std::size_t i = begin; i < end; ++i) {
            if (((i - begin) & 255) == 0) {
                if (o.cancel && o.cancel->load(std::memory_order_relaxed)) return;
                if (t == 0 && o.progress) o.progress(double(i - begin) / double(std::max<std::size_t>(1, end - begin)));
            }
            applyCandidate(s, candidates[i]);
            const Estimate e = estimate(s);
            ++evaluated[std::size_t(t)];
            if (!e.memory.fits()) {
                ++rejected[std::size_t(t)][ProblemCode::does_not_fit];
                continue;
            }
            feasible[std::size_t(t)].push_back(
                { scoreOf(e, o.objective), e.training.timeS, e.memory.total(), candidates[i] });
        }
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t)
        pool.emplace_back(work, t);
    work(0);
    for (auto& th : pool)
        th.join();
    if (o.progress) o.progress(1.0);
    result.cancelled = o.cancel && o.cancel->load();

    std::vector<Scored> all;
    for (int t = 0; t < threads; ++t) {
        result.evaluated += evaluated[std::size_t(t)];
        for (const auto& [reason, count] : rejected[std::size_t(t)])
            result.rejected[reason] += count;
        all.insert(all.end(), feasible[std::size_t(t)].begin(), feasible[std::size_t(t)].end());
    }
    result.feasible = std::int64_t(all.size());
    {
        // Scatter points in a deterministic order (by memory), thinned evenly to keep drawing cheap.
        std::vector<Scored> sorted = all;
        std::sort(sorted.begin(), sorted.end(), [](const Scored& x, const Scored& y) {
            return x.memory != y.memory ? x.memory < y.memory : x.candidate.key() < y.candidate.key();
        });
        const std::size_t step = std::max<std::size_t>(1, sorted.size() / 20'000);
        for (std::size_t i = 0; i < sorted.size(); i += step)
            result.points.push_back({ sorted[i].memory, sorted[i].time });
    }

    if (o.objective == Objective::memory && !all.empty()) {
        // Memory headroom at a time budget: only plans fast enough compete.
        double fastest = 1e300;
        for (const auto& x : all)
            fastest = std::min(fastest, x.time);
        const double budget = o.maxDays > 0 ? o.maxDays * 86400.0 : fastest * 1.25;
        std::erase_if(all, [&](const Scored& x) { return x.time > budget; });
        result.rejected[ProblemCode::over_time_budget] += std::int64_t(result.feasible - std::int64_t(all.size()));
    }
    std::sort(all.begin(), all.end(), better);

    auto materialise = [&](const Scored& x) {
        Plan p;
        p.scenario = base;
        applyCandidate(p.scenario, x.candidate);
        p.estimate = estimate(p.scenario);
        p.score = x.score;
        return p;
    };
    for (std::size_t i = 0; i < all.size() && int(i) < o.top; ++i)
        result.plans.push_back(materialise(all[i]));
    // Plans the estimate cannot rank apart: the lower end of a plan's range at or below the upper end
    // of the best's (the score's time or cost scales with the step time; headroom plans by time).
    if (!result.plans.empty()) {
        for (Plan& p : result.plans)
            p.estimate.range = stepTimeRange(p.scenario);
        const Plan& best = result.plans.front();
        const double bestHigh = best.estimate.training.timeS * best.estimate.range->high;
        for (Plan& p : result.plans)
            p.withinBestRange = p.estimate.training.timeS * p.estimate.range->low <= bestHigh;
    }

    // Pareto front of (memory, time): sort by memory, keep each point faster than all before it.
    std::vector<Scored> byMemory = all;
    std::sort(byMemory.begin(), byMemory.end(), [](const Scored& x, const Scored& y) {
        return x.memory != y.memory ? x.memory < y.memory
                                    : (x.time != y.time ? x.time < y.time : x.candidate.key() < y.candidate.key());
    });
    double bestTime = 1e300;
    for (const auto& x : byMemory)
        if (x.time < bestTime) {
            bestTime = x.time;
            result.pareto.push_back(materialise(x));
        }
    return result;
}

} // namespace core
