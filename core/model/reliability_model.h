#pragma once
// Failures and checkpoints (docs/FORMULAS.md §6; source article §3.4): how often a run of this size is
// interrupted, how large a checkpoint is and how long it takes to write, the best checkpoint
// interval, and how much of the wall-clock time is useful work (goodput).

#include "core/scenario/estimate_types.h"

#include <utility>
#include <vector>

namespace core {

/// Young (1974): τ = √(2·δ·M) for checkpoint write time δ and mean time between failures M.
[[nodiscard]] double youngInterval(double writeS, double mtbfS);
/// Daly (2006), "A higher order estimate of the optimum checkpoint interval for restart dumps",
/// eq. 37: τ = √(2δM)·[1 + ⅓·√(δ/2M) + ⅑·(δ/2M)] − δ for δ < 2M, otherwise M.
[[nodiscard]] double dalyInterval(double writeS, double mtbfS);
/// Fraction of wall-clock time doing useful work when checkpointing every τ seconds: each
/// checkpoint costs δ, each failure loses on average τ/2 of work plus the restart R (first order,
/// Young 1974; Daly 2006 §2).
[[nodiscard]] double goodputAt(double intervalS, double writeS, double mtbfS, double restartS);
/// Goodput against the checkpoint interval, `points` intervals spaced evenly on a log scale from
/// `fromS` to `toS`: pairs of (interval in seconds, goodput).
[[nodiscard]] std::vector<std::pair<double, double>> goodputCurve(
    double writeS, double mtbfS, double restartS, double fromS, double toS, int points);
/// Independent failures: the cluster fails n times as often as one GPU.
[[nodiscard]] double expectedInterruptions(int gpus, double gpuMtbfHours, double seconds);

/// Fills estimate.reliability and turns the ideal training time into wall-clock time, GPU-hours,
/// energy and cost including the losses. `estimate` must already hold memory, compute and training.
void applyReliability(const Scenario& s, Estimate& estimate);

} // namespace core
