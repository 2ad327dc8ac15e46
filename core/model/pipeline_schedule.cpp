#include "core/model/pipeline_schedule.h"

#include <algorithm>

namespace core {

namespace {

/// Layers of the first k forward (or backward) passes of a stage whose chunks hold `chunks` layers, in
/// groups of g micro-batches.
double layersOfPasses(long long k, long long m, int g, const std::vector<int>& chunks, bool backward)
{
    const long long v = static_cast<long long>(chunks.size());
    auto layersOf = [&](long long c) { return double(chunks[static_cast<std::size_t>(backward ? v - 1 - c : c)]); };
    double all = 0;
    for (int n : chunks)
        all += n;
    const long long period = g * v, full = m / g;
    double sum = 0;
    auto partOfGroup = [&](long long r, long long size) { // the first r passes of a group of `size`
        for (long long c = 0; c < r / size; ++c)
            sum += size * layersOf(c);
        if (r % size != 0) sum += (r % size) * layersOf(r / size);
    };
    const long long groups = std::min(k / period, full);
    sum += double(groups) * g * all;
    const long long rest = k - groups * period;
    if (rest > 0) partOfGroup(rest, groups < full ? g : m - full * g);
    return sum;
}

} // namespace

double microBatchesPerStep(const Scenario& s)
{
    return std::max(1.0, double(s.training.globalBatch) / (double(s.parallel.dp) * s.training.microBatch));
}

int chunkOfPass(long long k, long long m, int g, int v, bool backward)
{
    const long long group = k / (static_cast<long long>(g) * v);
    const long long first = group * g;
    const long long size = std::min<long long>(g, m - first);
    const int c = static_cast<int>((k - first * v) / size);
    return backward ? v - 1 - c : c;
}

double inFlightMicroBatches(const Parallel& p, int stage, int microBatches)
{
    const double m = microBatches;
    const double v = chunksPerStage(p);
    if (p.schedule == Schedule::gpipe) return m;
    // The warm-up forwards and the forward that precedes the first backward.
    return std::min(double(warmupPasses(p, stage, static_cast<long long>(m * v))) + 1, m * v) / v;
}

double inFlightLayers(const Parallel& p, int stage, int microBatches, const std::vector<int>& chunks)
{
    const int v = static_cast<int>(chunks.size());
    const bool equal = std::all_of(chunks.begin(), chunks.end(), [&](int n) { return n == chunks.front(); });
    if (equal) return inFlightMicroBatches(p, stage, microBatches) * v * (chunks.empty() ? 0 : chunks.front());
    // Unequal chunks: walk the order. Held = forwards run − backwards run, weighted by the chunks'
    // layers, at its largest. Full groups repeat every p·v passes, so two periods from the start and
    // one before the end (where a shorter group may sit) cover every distinct moment.
    const int g = v > 1 ? p.pp : 1;
    const long long m = microBatches, n = m * v, period = static_cast<long long>(g) * v;
    const long long w = warmupPasses(p, stage, n);
    auto weight = [&](long long k, bool backward) {
        return double(chunks[static_cast<std::size_t>(chunkOfPass(k, m, g, v, backward))]);
    };
    double held = 0;
    for (long long k = 0; k < w; ++k)
        held += weight(k, false);
    double peak = held;
    // Step j: forward w + j runs, then backward j. held before the step is forwards(w + j) − backwards(j).
    auto walk = [&](long long from, long long to, double start) {
        double h = start;
        for (long long j = from; j < to; ++j) {
            h += weight(w + j, false);
            peak = std::max(peak, h);
            h -= weight(j, true);
        }
        return h;
    };
    const long long steps = n - w;
    if (steps <= 3 * period) {
        walk(0, steps, held);
    } else {
        walk(0, 2 * period, held);
        // The last period before the end, from what is held when it starts.
        const long long tail = steps - period;
        walk(tail, steps, layersOfPasses(w + tail, m, g, chunks, false) - layersOfPasses(tail, m, g, chunks, true));
    }
    return peak;
}

double bubbleFraction(const Parallel& p, double microBatches)
{
    const double m = std::max(1.0, microBatches);
    if (p.pp <= 1) return 0;
    return (p.pp - 1) / (chunksPerStage(p) * m);
}

double pacedTurnsShare(const Parallel& p, double microBatches)
{
    if (p.pp <= 1) return 0;
    const double turns = std::max(1.0, microBatches) * chunksPerStage(p);
    return (turns - 1) / turns;
}

} // namespace core
