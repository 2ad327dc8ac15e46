#include "core/model/reliability_model.h"

#include "core/model/cost_model.h"
#include "core/model/memory_model.h"

#include <algorithm>
#include <cmath>

namespace core {

double youngInterval(double writeS, double mtbfS)
{
    return std::sqrt(2.0 * writeS * mtbfS);
}

double dalyInterval(double writeS, double mtbfS)
{
    if (writeS >= 2.0 * mtbfS) return mtbfS;
    const double x = writeS / (2.0 * mtbfS);
    return std::sqrt(2.0 * writeS * mtbfS) * (1.0 + std::sqrt(x) / 3.0 + x / 9.0) - writeS;
}

double goodputAt(double intervalS, double writeS, double mtbfS, double restartS)
{
    const double waste = writeS / intervalS + (intervalS / 2.0 + restartS) / mtbfS;
    return std::clamp(1.0 - waste, 0.0, 1.0);
}

std::vector<std::pair<double, double>> goodputCurve(
    double writeS, double mtbfS, double restartS, double fromS, double toS, int points)
{
    std::vector<std::pair<double, double>> out;
    if (points < 2 || fromS <= 0 || toS <= fromS) return out;
    for (int i = 0; i < points; ++i) {
        const double interval = fromS * std::pow(toS / fromS, double(i) / (points - 1));
        out.emplace_back(interval, goodputAt(interval, writeS, mtbfS, restartS));
    }
    return out;
}

double expectedInterruptions(int gpus, double gpuMtbfHours, double seconds)
{
    return seconds / 3600.0 * gpus / gpuMtbfHours;
}

void applyReliability(const Scenario& s, Estimate& e)
{
    ReliabilityEstimate& r = e.reliability;
    const auto& pr = s.precision;
    // A checkpoint holds the weights, the master weights and the optimizer states of the whole
    // model (docs/FORMULAS.md §6; gradients and activations are not saved).
    const double optimizerBytes = modelOptimizerStateBytes(s, e.params.trainable);
    r.checkpointBytes = double(e.params.total) * bytesOf(pr.weights)
        + e.params.trainable * (pr.masterWeights ? bytesOf(*pr.masterWeights) : 0.0) + optimizerBytes;
    if (s.training.method != Method::full)
        r.checkpointBytes = e.params.trainable * bytesOf(pr.weights) + optimizerBytes;
    r.checkpointWriteS = r.checkpointBytes / (s.reliability.checkpointWriteGBps * 1e9);
    // Interruptions per hour: the GPUs' failures, and on spot capacity the nodes the provider takes back.
    const double nodes = std::ceil(double(e.gpus) / std::max(1, s.hardware.gpusPerNode));
    const double spotPerHour
        = s.cost.pricing == Pricing::spot ? nodes * s.reliability.spotInterruptionsPerNodeDay / 24.0 : 0.0;
    r.spotInterruptionsPerHour = spotPerHour;
    r.clusterMtbfHours = 1.0 / (e.gpus / s.reliability.gpuMtbfHours + spotPerHour);
    const double mtbfS = r.clusterMtbfHours * 3600.0;
    r.restartS = s.reliability.restartMinutes * 60.0;
    r.youngIntervalS = youngInterval(r.checkpointWriteS, mtbfS);
    r.checkpointIntervalS = dalyInterval(r.checkpointWriteS, mtbfS);
    r.goodput = goodputAt(r.checkpointIntervalS, r.checkpointWriteS, mtbfS, r.restartS);

    // Wall-clock time = ideal time / goodput; the difference is checkpoints, lost work and restarts.
    TrainingEstimate& t = e.training;
    r.idealTimeS = t.timeS;
    if (r.goodput > 0) {
        t.timeS = r.idealTimeS / r.goodput;
    } else {
        t.timeS = std::numeric_limits<double>::infinity();
        e.warnings.push_back({ ProblemCode::run_never_finishes,
            { { "cluster_mtbf_hours", r.clusterMtbfHours }, { "checkpoint_write_s", r.checkpointWriteS } } });
    }
    r.expectedInterruptions = t.timeS / 3600.0 / r.clusterMtbfHours; // failures and spot reclaims
    r.expectedSpotInterruptions = t.timeS / 3600.0 * spotPerHour;
    r.lostGpuHours = (t.timeS - r.idealTimeS) / 3600.0 * e.gpus;
    priceRun(s, e);
}

} // namespace core
