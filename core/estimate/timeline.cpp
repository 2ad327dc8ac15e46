#include "core/estimate/timeline.h"

#include "core/model/compute_model.h"
#include "core/model/pipeline_schedule.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace core {

namespace {

struct Op {
    bool forward = true;
    int microBatch = 0;
    int chunk = 0;
};

/// The order of forward (or backward) (micro-batch, chunk) pairs on every stage: Megatron's
/// interleaved order, groups of g = p micro-batches through chunk 0, then chunk 1, …; backward
/// passes visit the chunks in reverse. With one chunk this is simply micro-batch order.
std::vector<std::pair<int, int>> chunkOrder(int m, int g, int v, bool backward)
{
    std::vector<std::pair<int, int>> out;
    for (int first = 0; first < m; first += g) {
        const int size = std::min(g, m - first);
        for (int c = 0; c < v; ++c)
            for (int i = 0; i < size; ++i)
                out.emplace_back(first + i, backward ? v - 1 - c : c);
    }
    return out;
}

std::vector<Op> stageOps(Schedule schedule, int stage, int m, int p, int v, int g)
{
    const auto fwd = chunkOrder(m, g, v, false);
    const auto bwd = chunkOrder(m, g, v, true);
    const int total = int(fwd.size());
    std::vector<Op> ops;
    if (schedule == Schedule::gpipe) {
        for (const auto& [mb, c] : fwd)
            ops.push_back({ true, mb, c });
        for (const auto& [mb, c] : bwd)
            ops.push_back({ false, mb, c });
        return ops;
    }
    // 1F1B and interleaved: warm-up forwards, then one forward and one backward in turn, then the
    // remaining backwards (Narayanan et al. 2021 §2.2; Megatron-LM's schedules).
    const int warmup = static_cast<int>(warmupPasses(schedule, p, v, g, stage, total));
    int f = 0, b = 0;
    for (; f < warmup; ++f)
        ops.push_back({ true, fwd[std::size_t(f)].first, fwd[std::size_t(f)].second });
    while (f < total) {
        ops.push_back({ true, fwd[std::size_t(f)].first, fwd[std::size_t(f)].second });
        ++f;
        ops.push_back({ false, bwd[std::size_t(b)].first, bwd[std::size_t(b)].second });
        ++b;
    }
    for (; b < total; ++b)
        ops.push_back({ false, bwd[std::size_t(b)].first, bwd[std::size_t(b)].second });
    return ops;
}

/// Block lengths of one micro-batch through one chunk.
struct BlockTimes {
    double forward, recompute, backward;
};

struct Simulation {
    std::vector<TimelineBlock> blocks;
    double end = 0; ///< last block on any stage
    double idle = 0; ///< idle time of all stages before `end`, summed
};

/// Event simulation of m micro-batches: an op starts when its stage is free and its input is ready.
/// `times` holds each stage's block lengths.
Simulation simulate(Schedule schedule, int p, int v, int g, int m, const std::vector<BlockTimes>& times)
{
    Simulation out;
    std::vector<std::vector<Op>> ops(static_cast<std::size_t>(p));
    std::size_t remaining = 0;
    for (int st = 0; st < p; ++st) {
        ops[std::size_t(st)] = stageOps(schedule, st, m, p, v, g);
        remaining += ops[std::size_t(st)].size();
    }
    out.blocks.reserve(remaining * (times.front().recompute > 0 ? 3 : 2) / 2 + 2 * std::size_t(p));
    std::vector<std::size_t> next(static_cast<std::size_t>(p), 0);
    std::vector<double> freeAt(static_cast<std::size_t>(p), 0.0), busy(static_cast<std::size_t>(p), 0.0);
    // End time of (forward?, stage, chunk, micro-batch), NaN until it has run: a flat array, not a
    // map, so that the work is linear in the number of blocks.
    const auto index = [&](int forward, int st, int chunk, int mb) {
        return ((std::size_t(forward) * std::size_t(p) + std::size_t(st)) * std::size_t(v) + std::size_t(chunk))
            * std::size_t(m)
            + std::size_t(mb);
    };
    std::vector<double> done(
        2 * std::size_t(p) * std::size_t(v) * std::size_t(m), std::numeric_limits<double>::quiet_NaN());
    auto ready = [&](int st, const Op& op, double& at) {
        // Forward input: the previous stage (or, for chunk c > 0 on stage 0, the last stage's chunk c−1).
        // Backward input: the next stage (or the last stage's own forward; chunk c < v−1 on the last
        // stage waits for stage 0's backward of chunk c+1).
        std::size_t need;
        if (op.forward) {
            if (st == 0 && op.chunk == 0) return (at = 0), true;
            need = st > 0 ? index(1, st - 1, op.chunk, op.microBatch) : index(1, p - 1, op.chunk - 1, op.microBatch);
        } else if (st == p - 1) {
            need = op.chunk == v - 1 ? index(1, st, op.chunk, op.microBatch) : index(0, 0, op.chunk + 1, op.microBatch);
        } else {
            need = index(0, st + 1, op.chunk, op.microBatch);
        }
        if (std::isnan(done[need])) return false;
        at = done[need];
        return true;
    };
    while (remaining > 0) {
        bool progressed = false;
        for (int st = 0; st < p; ++st) {
            auto& i = next[std::size_t(st)];
            while (i < ops[std::size_t(st)].size()) {
                const Op& op = ops[std::size_t(st)][i];
                const BlockTimes& t = times[std::size_t(st)];
                double inputAt = 0;
                if (!ready(st, op, inputAt)) break;
                double start = std::max(freeAt[std::size_t(st)], inputAt);
                const double begin = start;
                if (op.forward) {
                    out.blocks.push_back({ st, op.microBatch, op.chunk, BlockKind::forward, start, start + t.forward });
                    start += t.forward;
                } else {
                    if (t.recompute > 0) {
                        out.blocks.push_back(
                            { st, op.microBatch, op.chunk, BlockKind::recompute, start, start + t.recompute });
                        start += t.recompute;
                    }
                    out.blocks.push_back(
                        { st, op.microBatch, op.chunk, BlockKind::backward, start, start + t.backward });
                    start += t.backward;
                }
                busy[std::size_t(st)] += start - begin;
                freeAt[std::size_t(st)] = start;
                done[index(op.forward ? 1 : 0, st, op.chunk, op.microBatch)] = start;
                ++i;
                --remaining;
                progressed = true;
            }
        }
        if (!progressed) break; // cannot happen with the orders above; guards against a cycle
    }
    out.end = *std::max_element(freeAt.begin(), freeAt.end());
    for (double b : busy)
        out.idle += out.end - b;
    return out;
}

} // namespace

Timeline pipelineTimeline(const Scenario& s, const Estimate& e, long long maxBlocks)
{
    const Parallel& par = s.parallel;
    Timeline t;
    t.stages = std::max(1, par.pp);
    t.chunks = chunksPerStage(par);
    // At most 10^9 (global_batch ≤ 10^9): fits an int.
    t.microBatches = static_cast<int>(std::max(1.0, std::ceil(e.compute.microBatches - 1e-9)));
    const int p = t.stages, v = t.chunks, m = t.microBatches;

    // One micro-batch through one chunk: forward 1 part, backward 2, recomputation r (Narayanan
    // et al. 2021 §5.1: backward costs twice the forward; recomputation adds forward work). A stage
    // whose matmul work is above the mean (the output head's, compute_model.h StageWork) takes longer
    // by that excess of the matmul time.
    const double r = 3 * e.compute.recomputeFraction;
    const double perChunk = e.compute.computeTimeS / (double(m) * v);
    const double matmulShare = e.compute.computeTimeS > 0 ? e.compute.matmulTimeS / e.compute.computeTimeS : 0.0;
    std::vector<double> scale(static_cast<std::size_t>(p), 1.0);
    if (p > 1) {
        const StageWork work = stageWork(s, hardwareFlopsPerStep(s));
        for (const auto& st : e.memory.perStage)
            if (st.stage >= 0 && st.stage < p)
                scale[std::size_t(st.stage)] = 1 + (work.load(st.stage, st.layers + st.mtpLayers) - 1) * matmulShare;
    }
    std::vector<BlockTimes> times;
    times.reserve(scale.size());
    for (double k : scale)
        times.push_back({ k * perChunk / (3 + r), k * r * perChunk / (3 + r), k * 2 * perChunk / (3 + r) });
    const double busiest = *std::max_element(scale.begin(), scale.end());
    t.busyS = e.compute.computeTimeS;

    // How many micro-batches to draw. A long step is drawn as the shortest step with the same warm-up
    // and cool-down (two micro-batches per stage, the same remainder modulo p so that interleaved
    // groups keep their shape); every micro-batch beyond it adds one forward, recomputation and
    // backward per chunk to every stage's steady state, and no idle time.
    const long long blocksPerMicroBatch = (times.front().recompute > 0 ? 3LL : 2LL) * p * v;
    long long drawn = m;
    if (blocksPerMicroBatch * drawn > maxBlocks) {
        drawn = std::min<long long>(m, 2LL * p + m % p);
        if (blocksPerMicroBatch * drawn > maxBlocks) drawn = 0;
    }
    t.drawnMicroBatches = static_cast<int>(drawn);
    double drawnEnd = 0;
    if (drawn > 0) {
        Simulation sim = simulate(par.schedule, p, v, p, static_cast<int>(drawn), times);
        t.blocks = std::move(sim.blocks);
        drawnEnd = sim.end;
        t.pipelineEndS = sim.end + double(m - drawn) * v * busiest * perChunk;
        // Every stage but the busiest waits for it in each added micro-batch's chunks.
        double behind = 0;
        for (double k : scale)
            behind += busiest - k;
        t.idleS = sim.idle + double(m - drawn) * v * perChunk * behind;
    } else {
        // Too many stages and chunks to draw even a short step: the estimate's own bubble.
        t.pipelineEndS = e.compute.computeTimeS + e.compute.bubbleTimeS;
        t.idleS = p * e.compute.bubbleTimeS;
    }
    // After the pipeline: the communication not hidden under compute, then the optimizer step.
    const double comm = e.communication.exposedTimeS, opt = e.compute.optimizerTimeS;
    if (drawn > 0)
        for (int st = 0; st < p; ++st) {
            if (comm > 0) t.blocks.push_back({ st, -1, 0, BlockKind::communication, drawnEnd, drawnEnd + comm });
            if (opt > 0)
                t.blocks.push_back({ st, -1, 0, BlockKind::optimizer, drawnEnd + comm, drawnEnd + comm + opt });
        }
    t.stepTimeS = t.pipelineEndS + comm + opt;
    t.drawnPipelineEndS = drawnEnd;
    t.drawnStepTimeS = drawnEnd + comm + opt;
    return t;
}

} // namespace core
