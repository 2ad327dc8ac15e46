// The planner's search space: describing it, counting it without listing it (searchSize, the
// pins' effects, the refusal past the limit) and walking it on threads (walkSearch). What a search
// keeps as it walks is plan_collector.cpp's; the API is planner.cpp's.
#include "core/search/plan_space.h"

#include "core/base/checked.h"
#include "core/model/memory_model.h"
#include "core/scenario/architecture.h"

#include <algorithm>
#include <atomic>
#include <set>
#include <thread>

namespace core::detail {

namespace {

/// The values a knob is enumerated over: those searched by default and a limit's others (micro-batch
/// 16, interleaving 8); the limit itself filters the configurations, so that what it leaves out is
/// counted. Each value once, in a set: a pin may list tens of thousands.
std::vector<int> valuesOf(const PlanConstraints& c, Knob knob, const std::vector<int>& searched)
{
    std::vector<int> out;
    std::set<int> seen;
    for (const int v : searched)
        if (seen.insert(v).second) out.push_back(v);
    for (const int v : c.allowed[std::size_t(knob)])
        if (seen.insert(v).second) out.push_back(v);
    return out;
}

struct Tally {
    std::int64_t count = 0;
    std::array<std::map<int, std::int64_t>, kKnobCount> byValue;
};

/// Counts the allowed configurations, and how many have each value of each knob: a cell holds
/// micro-batches × inner knobs of them, so the counts are products, nothing is listed.
Tally tally(const Allowed& allowed)
{
    Tally t;
    std::map<int, std::int64_t> innerPerDp; // weights of each micro-batch value
    std::map<const std::vector<Inner>*, std::int64_t> batchesPerInner; // weights of each inner value
    for (const AllowedCell& a : allowed.cells) {
        const auto mbs = std::int64_t(a.microBatches->size()), inner = std::int64_t(a.inner->size());
        const std::int64_t n = mbs * inner; // ≤ 1,344 × 2,560: the product of two small counts
        t.count += n;
        for (std::size_t k = 0; k < kDimensionCount; ++k) // the degrees, indexed by their knobs
            t.byValue[k][a.cell.values[k]] += n;
        innerPerDp[a.cell[Knob::dp]] += inner;
        batchesPerInner[a.inner] += mbs;
    }
    for (const auto& [dp, weight] : innerPerDp)
        for (const int mb : allowed.microBatches.at(dp))
            t.byValue[std::size_t(Knob::micro_batch)][mb] += weight;
    for (const auto& [list, weight] : batchesPerInner)
        for (const Inner& in : *list) {
            t.byValue[std::size_t(Knob::virtual_stages)][in.virtualStages] += weight;
            t.byValue[std::size_t(Knob::zero)][in.zero] += weight;
            t.byValue[std::size_t(Knob::sequence_parallel)][in.sequenceParallel ? 1 : 0] += weight;
            t.byValue[std::size_t(Knob::recompute)][int(in.recompute)] += weight;
        }
    return t;
}

/// Rows of work taken at once by a worker: a row is one cell and micro-batch, 1–2,560 estimates.
constexpr std::int64_t kRowsPerTake = 4;

} // namespace

std::vector<Inner> Space::inner(int tp, int pp) const
{
    std::vector<Inner> out;
    for (const int v : chunks) {
        // At least one layer per chunk (Llama 3 §3.3.2 ran one; the embedding and the loss count as
        // layers when the pipeline split says so).
        if (v > 1 && (pp < 2 || clampedProduct({ pp, v }) > layers + endUnits)) continue;
        // ZeRO-2/3 only without PP: DeepSpeed refuses the pair, Megatron-LM has no such mode.
        for (int zero = 0; zero <= (pp > 1 ? 1 : 3); ++zero)
            for (int sp = 0; sp <= (tp > 1 ? 1 : 0); ++sp)
                for (const int r : recomputes)
                    out.push_back({ v, zero, sp == 1, Recompute(r) });
    }
    return out;
}

Space describe(const Scenario& base, const PlanOptions& o)
{
    Space space;
    const Architecture& a = base.model.arch;
    const PlanConstraints& c = o.constraints;
    space.layers = a.layers;
    space.endUnits = base.parallel.pipelineSplit == PipelineSplit::embedding_and_loss ? 2 : 0;
    space.chunks = valuesOf(c, Knob::virtual_stages, { 1, 2, 4, 8 });
    // Selective recomputation (Korthikanti's) stores nothing more than none with flash attention:
    // searched only where asked for. Recomputing the norms and the activation function's output
    // (norms_up_proj: Llama 3's and DeepSeek-V3's cheap savers) is.
    std::vector<int> defaultRecomputes { int(Recompute::none), int(Recompute::norms_up_proj),
        int(Recompute::selective_op), int(Recompute::full) };
    if (!base.parallel.flashAttention) defaultRecomputes.push_back(int(Recompute::selective));
    space.recomputes = valuesOf(c, Knob::recompute, defaultRecomputes);
    const std::vector<int> microBatches = valuesOf(c, Knob::micro_batch, o.microBatches);
    const std::int64_t globalBatch = base.training.globalBatch;
    const int gpus = o.gpus;
    if (gpus < 1) return space;
    const int maxTp = std::min({ base.hardware.gpusPerNode, 64, gpus });
    Space::Cell cell; // filled loop by loop
    for (int tp = 1; tp <= maxTp; tp *= 2) {
        cell[Knob::tp] = tp;
        if (gpus % tp != 0) continue;
        // TP splits heads and KV heads (Megatron replicates KV heads when tp > kv_heads).
        if (a.heads % tp != 0 || (a.kvHeads % tp != 0 && tp % a.kvHeads != 0)) {
            ++space.rejected[ProblemCode::heads_not_divisible_by_tp];
            continue;
        }
        const int perTp = gpus / tp;
        for (int pp = 1; pp <= std::min(perTp, a.layers); ++pp) {
            cell[Knob::pp] = pp;
            if (perTp % pp != 0) continue;
            // Uneven stages are allowed (Llama 3 ran 126 layers on 16 stages); each stage needs two layers.
            if (pp > 1 && clampedProduct({ 2, pp }) > a.layers) {
                ++space.rejected[ProblemCode::too_few_layers_per_stage];
                continue;
            }
            const int perPp = perTp / pp; // dp × cp
            for (int cp = 1; cp <= 16 && cp <= perPp; cp *= 2) {
                cell[Knob::cp] = cp;
                if (perPp % cp != 0) continue;
                // Context parallelism exists only as a blockwise flash kernel (ring attention, Transformer
                // Engine's AttnFuncWithCPAndKVP2P; Megatron-Core asserts it): without flash attention, no CP.
                if (cp > 1 && !base.parallel.flashAttention) {
                    ++space.rejected[ProblemCode::cp_without_flash_attention];
                    continue;
                }
                if (cp > 1 && !isMultipleOf(base.training.seqLen, { 2, cp })) {
                    ++space.rejected[ProblemCode::seq_len_not_divisible_by_cp];
                    continue;
                }
                const int dp = perPp / cp;
                cell[Knob::dp] = dp;
                // EP divides the experts and is carved out of dp × cp (Megatron-LM).
                std::vector<int> eps { 1 };
                if (a.isMoe())
                    for (std::int64_t ep = 2; ep <= std::min<std::int64_t>(a.experts, perPp); ep *= 2)
                        if (a.experts % ep == 0 && perPp % ep == 0) eps.push_back(int(ep));
                // dp × mb in 64 bits: 65,537 × 65,536 wraps an int to 65,536, which "divides" a batch.
                auto [at, added] = space.microBatches.try_emplace(dp);
                if (added)
                    for (const int mb : microBatches)
                        if (isMultipleOf(globalBatch, { dp, mb })) at->second.push_back(mb);
                const auto refused = std::int64_t(microBatches.size() - at->second.size());
                for (const int ep : eps) {
                    if (refused > 0) space.rejected[ProblemCode::global_batch_not_divisible] += refused;
                    cell[Knob::ep] = ep;
                    space.cells.push_back(cell);
                }
            }
        }
    }
    return space;
}

Allowed allowedBy(const Space& space, const PlanConstraints& c)
{
    Allowed out;
    for (const auto& [dp, mbs] : space.microBatches) {
        auto& kept = out.microBatches[dp];
        for (const int mb : mbs)
            if (c.allows(Knob::micro_batch, mb)) kept.push_back(mb);
    }
    for (const Space::Cell& cell : space.cells) {
        bool allowed = true;
        for (std::size_t k = 0; k < kDimensionCount; ++k) // the degrees, indexed by their knobs
            allowed = allowed && c.allows(Knob(k), cell.values[k]);
        if (!allowed) continue;
        const std::vector<int>& mbs = out.microBatches.at(cell[Knob::dp]);
        if (mbs.empty()) continue;
        const bool shards = std::int64_t { cell[Knob::dp] } * cell[Knob::cp] > 1;
        auto [at, added] = out.inner.try_emplace(std::tuple(cell[Knob::tp] > 1, cell[Knob::pp], shards));
        if (added) {
            for (const Inner& in : space.inner(cell[Knob::tp], cell[Knob::pp]))
                if (c.allows(Knob::virtual_stages, in.virtualStages) && c.allows(Knob::zero, in.zero)
                    && c.allows(Knob::sequence_parallel, in.sequenceParallel ? 1 : 0)
                    && c.allows(Knob::recompute, int(in.recompute)))
                    at->second.push_back(in);
            // On one data-parallel rank ZeRO has nothing to shard (it shards over DP × CP): every stage
            // is ZeRO-0's plan again, listed twice in the ranking. Kept only where the pins leave no
            // ZeRO-0.
            auto& inner = at->second;
            if (!shards && std::any_of(inner.begin(), inner.end(), [](const Inner& in) { return in.zero == 0; }))
                std::erase_if(inner, [](const Inner& in) { return in.zero > 0; });
        }
        if (at->second.empty()) continue;
        out.cells.push_back({ cell, &mbs, &at->second });
    }
    return out;
}

SearchSize sizeOf(const Space& space, const Allowed& allowed, const PlanConstraints& c)
{
    SearchSize size;
    size.rejected = space.rejected;
    Tally within = tally(allowed);
    size.configurations = within.count;
    if (c.any()) {
        Tally all = tally(allowedBy(space, PlanConstraints {}));
        size.excluded = all.count - within.count;
        size.spaceByValue = std::move(all.byValue);
    } else {
        size.spaceByValue = within.byValue;
    }
    size.byValue = std::move(within.byValue);
    return size;
}

std::vector<PinEffect> pinEffects(const SearchSize& size, const PlanConstraints& c)
{
    std::vector<PinEffect> out;
    for (std::size_t k = 0; k < kKnobCount; ++k) {
        if (!c.limits(Knob(k))) continue;
        PinEffect pin { Knob(k), c.allowed[k], 0 };
        for (const int v : pin.values)
            if (const auto at = size.spaceByValue[k].find(v); at != size.spaceByValue[k].end()) pin.keeps += at->second;
        out.push_back(std::move(pin));
    }
    return out;
}

SearchWalk walk(const Scenario& base, const Allowed& allowed, std::int64_t total, const PlanOptions& o, int threads,
    const FitVisitor& fits)
{
    std::vector<std::int64_t> firstRow; // of each allowed cell: a prefix sum, strictly increasing
    firstRow.reserve(allowed.cells.size());
    std::int64_t rows = 0;
    for (const AllowedCell& a : allowed.cells) {
        firstRow.push_back(rows);
        rows += std::int64_t(a.microBatches->size());
    }
    // A small search is not worth a thread per core.
    threads = int(std::clamp<std::int64_t>(total / 256, 1, std::max(1, threads)));
    std::atomic<std::int64_t> next { 0 }, done { 0 };
    std::int64_t reported = -1; // worker 0's last report, in thousandths
    std::vector<SearchWalk> counts(static_cast<std::size_t>(threads));
    auto work = [&](int t) {
        Scenario s = base; // one working copy per thread; only the knobs change
        const ParameterBreakdown breakdown = countParameters(s.model.arch); // the model is the base's
        SearchWalk& mine = counts[std::size_t(t)];
        for (;;) {
            if (o.cancel && o.cancel->load(std::memory_order_relaxed)) return;
            if (t == 0 && o.progress && total > 0) {
                // At most a thousand reports: the GUI queues each one to its own thread.
                const std::int64_t permille = done.load(std::memory_order_relaxed) * 1000 / total;
                if (permille != reported) {
                    reported = permille;
                    o.progress(double(permille) / 1000.0);
                }
            }
            const std::int64_t begin = next.fetch_add(kRowsPerTake, std::memory_order_relaxed);
            if (begin >= rows) return;
            const std::int64_t end = std::min(rows, begin + kRowsPerTake);
            auto cell = std::size_t(std::upper_bound(firstRow.begin(), firstRow.end(), begin) - firstRow.begin()) - 1;
            for (std::int64_t row = begin; row < end; ++row) {
                while (cell + 1 < firstRow.size() && firstRow[cell + 1] <= row)
                    ++cell;
                const AllowedCell& a = allowed.cells[cell];
                const int mb = (*a.microBatches)[std::size_t(row - firstRow[cell])];
                for (const Inner& in : *a.inner) {
                    Layout layout(a.cell);
                    layout[Knob::zero] = in.zero;
                    layout[Knob::micro_batch] = mb;
                    layout[Knob::virtual_stages] = in.virtualStages;
                    layout[Knob::sequence_parallel] = in.sequenceParallel ? 1 : 0;
                    layout[Knob::recompute] = int(in.recompute);
                    applyLayout(s, layout);
                    // Memory first: the time of a layout that does not fit is never looked at.
                    MemoryEstimate memory = memoryEstimate(s, breakdown);
                    ++mine.evaluated;
                    // A plan fits when it leaves the share of memory the search keeps free.
                    if (memory.total() > memory.capacity * (1 - o.keepFree)) continue;
                    ++mine.feasible;
                    Estimate e = estimate(s, breakdown, std::move(memory));
                    fits(t, s, e, layout);
                }
                done.fetch_add(std::int64_t(a.inner->size()), std::memory_order_relaxed);
            }
        }
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t)
        pool.emplace_back(work, t);
    work(0);
    for (auto& th : pool)
        th.join();
    if (o.progress) o.progress(1.0);
    SearchWalk out;
    for (const SearchWalk& c : counts) {
        out.evaluated += c.evaluated;
        out.feasible += c.feasible;
    }
    out.cancelled = o.cancel && o.cancel->load();
    return out;
}

} // namespace core::detail
