#include "timeline.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

namespace core {

namespace {

struct Op {
    bool forward = true;
    int microBatch = 0;
    int chunk = 0;
};

/// The order of forward (or backward) (micro-batch, chunk) pairs on every stage: Megatron's
/// interleaved order, groups of p micro-batches through chunk 0, then chunk 1, …; backward passes
/// visit the chunks in reverse. With one chunk this is simply micro-batch order.
std::vector<std::pair<int, int>> chunkOrder(int m, int p, int v, bool backward)
{
    std::vector<std::pair<int, int>> out;
    for (int first = 0; first < m; first += p) {
        const int size = std::min(p, m - first);
        for (int c = 0; c < v; ++c)
            for (int i = 0; i < size; ++i) out.emplace_back(first + i, backward ? v - 1 - c : c);
    }
    return out;
}

std::vector<Op> stageOps(Schedule schedule, int stage, int m, int p, int v)
{
    const auto fwd = chunkOrder(m, p, v, false);
    const auto bwd = chunkOrder(m, p, v, true);
    const int total = int(fwd.size());
    std::vector<Op> ops;
    if (schedule == Schedule::gpipe) {
        for (const auto& [mb, c] : fwd) ops.push_back({true, mb, c});
        for (const auto& [mb, c] : bwd) ops.push_back({false, mb, c});
        return ops;
    }
    // 1F1B and interleaved: warm-up forwards, then one forward and one backward in turn, then the
    // remaining backwards (Narayanan et al. 2021 §2.2; Megatron-LM's schedules).
    const int warmup = schedule == Schedule::interleaved ? std::min(total, (p - stage - 1) * 2 + (v - 1) * p)
                                                         : std::min(total, p - stage - 1);
    int f = 0, b = 0;
    for (; f < warmup; ++f) ops.push_back({true, fwd[std::size_t(f)].first, fwd[std::size_t(f)].second});
    while (f < total) {
        ops.push_back({true, fwd[std::size_t(f)].first, fwd[std::size_t(f)].second});
        ++f;
        ops.push_back({false, bwd[std::size_t(b)].first, bwd[std::size_t(b)].second});
        ++b;
    }
    for (; b < total; ++b) ops.push_back({false, bwd[std::size_t(b)].first, bwd[std::size_t(b)].second});
    return ops;
}

} // namespace

Timeline pipelineTimeline(const Scenario& s, const Estimate& e)
{
    const Parallel& par = s.parallel;
    Timeline t;
    t.stages = std::max(1, par.pp);
    t.chunks = par.schedule == Schedule::interleaved && par.pp > 1 ? std::max(1, par.virtualStages) : 1;
    t.microBatches = std::max(1, int(std::ceil(e.compute.microBatches - 1e-9)));
    const int p = t.stages, v = t.chunks, m = t.microBatches;

    // One micro-batch through one chunk: forward 1 part, backward 2, recomputation r (Narayanan
    // et al. 2021 §5.1: backward costs twice the forward; recomputation adds forward work).
    const double r = 3 * e.compute.recomputeFraction;
    const double perChunk = e.compute.computeTimeS / (double(m) * v);
    const double tf = perChunk / (3 + r), trc = r * tf, tb = 2 * tf;
    t.busyS = e.compute.computeTimeS;

    // Event simulation: an op starts when its stage is free and its input is ready.
    std::vector<std::vector<Op>> ops(static_cast<std::size_t>(p));
    for (int st = 0; st < p; ++st) ops[std::size_t(st)] = stageOps(par.schedule, st, m, p, v);
    std::vector<std::size_t> next(static_cast<std::size_t>(p), 0);
    std::vector<double> freeAt(static_cast<std::size_t>(p), 0.0);
    std::map<std::tuple<int, int, int, int>, double> done;  // (forward?, stage, mb, chunk) -> end
    auto ready = [&](int st, const Op& op, double& at) {
        // Forward input: the previous stage (or, for chunk c > 0 on stage 0, the last stage's chunk c−1).
        // Backward input: the next stage (or the last stage's own forward; chunk c < v−1 on the last
        // stage waits for stage 0's backward of chunk c+1).
        std::tuple<int, int, int, int> need;
        if (op.forward) {
            if (st == 0 && op.chunk == 0) return (at = 0), true;
            need = st > 0 ? std::make_tuple(1, st - 1, op.microBatch, op.chunk) : std::make_tuple(1, p - 1, op.microBatch, op.chunk - 1);
        } else if (st == p - 1) {
            need = op.chunk == v - 1 ? std::make_tuple(1, st, op.microBatch, op.chunk) : std::make_tuple(0, 0, op.microBatch, op.chunk + 1);
        } else {
            need = std::make_tuple(0, st + 1, op.microBatch, op.chunk);
        }
        const auto it = done.find(need);
        if (it == done.end()) return false;
        at = it->second;
        return true;
    };
    std::size_t remaining = 0;
    for (const auto& list : ops) remaining += list.size();
    while (remaining > 0) {
        bool progressed = false;
        for (int st = 0; st < p; ++st) {
            auto& i = next[std::size_t(st)];
            while (i < ops[std::size_t(st)].size()) {
                const Op& op = ops[std::size_t(st)][i];
                double inputAt = 0;
                if (!ready(st, op, inputAt)) break;
                double start = std::max(freeAt[std::size_t(st)], inputAt);
                if (op.forward) {
                    t.blocks.push_back({st, op.microBatch, op.chunk, BlockKind::forward, start, start + tf});
                    start += tf;
                } else {
                    if (trc > 0) {
                        t.blocks.push_back({st, op.microBatch, op.chunk, BlockKind::recompute, start, start + trc});
                        start += trc;
                    }
                    t.blocks.push_back({st, op.microBatch, op.chunk, BlockKind::backward, start, start + tb});
                    start += tb;
                }
                freeAt[std::size_t(st)] = start;
                done[{op.forward ? 1 : 0, st, op.microBatch, op.chunk}] = start;
                ++i;
                --remaining;
                progressed = true;
            }
        }
        if (!progressed) break;  // cannot happen with the orders above; guards against a cycle
    }
    t.pipelineEndS = *std::max_element(freeAt.begin(), freeAt.end());
    for (int st = 0; st < p; ++st) {
        double busy = 0;
        for (const auto& b : t.blocks)
            if (b.stage == st) busy += b.end - b.start;
        t.idleS += t.pipelineEndS - busy;
    }
    // After the pipeline: the communication not hidden under compute, then the optimizer step.
    const double comm = e.communication.exposedTimeS, opt = e.compute.optimizerTimeS;
    for (int st = 0; st < p; ++st) {
        if (comm > 0) t.blocks.push_back({st, -1, 0, BlockKind::communication, t.pipelineEndS, t.pipelineEndS + comm});
        if (opt > 0) t.blocks.push_back({st, -1, 0, BlockKind::optimizer, t.pipelineEndS + comm, t.pipelineEndS + comm + opt});
    }
    t.stepTimeS = t.pipelineEndS + comm + opt;
    return t;
}

} // namespace core
