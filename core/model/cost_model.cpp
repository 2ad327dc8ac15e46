#include "core/model/cost_model.h"

#include "core/model/comm_model.h"

namespace core {

namespace {

/// a × b, but 0 when either is 0: a free item stays free for a run that never finishes (whose
/// time is infinite), instead of becoming 0 × ∞ = NaN.
double times(double a, double b)
{
    return a == 0 || b == 0 ? 0.0 : a * b;
}

} // namespace

void priceRun(const Scenario& s, Estimate& e)
{
    TrainingEstimate& t = e.training;
    const Cost& c = s.cost;
    // GPUs and energy: GPU-hours × price; GPU-hours × TDP × PUE × price per kWh (docs/FORMULAS.md §4).
    t.gpuHours = t.timeS / 3600.0 * e.gpus;
    // Energy: the whole server's power per GPU where its datasheet gives it (a DGX A100
    // draws up to 6.5 kW for 8 × 400 W GPUs), else the GPU's TDP alone; × PUE for the facility.
    const GpuSpec& g = s.hardware.gpu;
    t.energyKwh = t.gpuHours * (g.nodeWattsPerGpu > 0 ? g.nodeWattsPerGpu : g.tdpWatts) / 1000.0 * c.pue;
    t.gpuCostUsd = times(t.gpuHours, c.gpuHourUsd);
    t.energyCostUsd = times(t.energyKwh, c.kwhUsd);
    t.costUsd = t.gpuCostUsd + t.energyCostUsd;

    // Storage: the checkpoints kept at once, for the duration of the run.
    const double months = t.timeS / kSecondsPerMonth;
    t.storageCostUsd = times(e.reliability.checkpointBytes * c.checkpointsKept / 1e12 * c.storageUsdPerTbMonth, months);

    // Network: the bytes that leave a node, from every GPU, every step: a ring over several nodes
    // sends most of its hops over NVLink, so only its hops between nodes count.
    double interNodePerGpuStep = 0;
    for (const Collective& col : e.communication.collectives)
        interNodePerGpuStep += col.sentBytesPerGpu * networkShare(col);
    t.interNodeBytes = interNodePerGpuStep * e.gpus * t.steps;
    t.networkCostUsd = times(t.interNodeBytes / 1e12, c.networkUsdPerTb);

    // People: full time for the wall-clock duration of the run.
    t.teamCostUsd = times(c.teamSize * c.personMonthUsd, months);
    t.totalCostUsd = t.costUsd + t.storageCostUsd + t.networkCostUsd + t.teamCostUsd;
}

} // namespace core
