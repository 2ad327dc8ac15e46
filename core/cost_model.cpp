#include "cost_model.h"

namespace core {

void priceRun(const Scenario& s, Estimate& e)
{
    TrainingEstimate& t = e.training;
    const Cost& c = s.cost;
    // GPUs and energy: GPU-hours × price; GPU-hours × TDP × PUE × price per kWh (FORMULAS.md §4).
    t.gpuHours = t.timeS / 3600.0 * e.gpus;
    t.energyKwh = t.gpuHours * s.hardware.gpu.tdpWatts / 1000.0 * c.pue;
    t.gpuCostUsd = t.gpuHours * c.gpuHourUsd;
    t.energyCostUsd = t.energyKwh * c.kwhUsd;
    t.costUsd = t.gpuCostUsd + t.energyCostUsd;

    // Storage: the checkpoints kept at once, for the duration of the run.
    const double months = t.timeS / kSecondsPerMonth;
    t.storageCostUsd = e.reliability.checkpointBytes * c.checkpointsKept / 1e12 * c.storageUsdPerTbMonth * months;

    // Network: every byte of the collectives whose group spans nodes, from every GPU, every step
    // (an upper bound: rings inside such groups also use NVLink for part of their hops).
    double interNodePerGpuStep = 0;
    for (const Collective& col : e.communication.collectives)
        if (col.link == Link::inter_node) interNodePerGpuStep += col.sentBytesPerGpu;
    t.interNodeBytes = interNodePerGpuStep * e.gpus * t.steps;
    t.networkCostUsd = t.interNodeBytes / 1e12 * c.networkUsdPerTb;

    // People: full time for the wall-clock duration of the run.
    t.teamCostUsd = c.teamSize * c.personMonthUsd * months;
    t.totalCostUsd = t.costUsd + t.storageCostUsd + t.networkCostUsd + t.teamCostUsd;
}

} // namespace core
