#pragma once
// The planner (issue 8): search every parallel configuration of a model on a number of GPUs,
// keep those that fit, rank them by the objective, and report the Pareto front of memory against
// step time. Multi-threaded (std::thread), deterministic, cancellable, with progress callbacks.

#include "core/estimate.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace core {

enum class Objective { time, cost, memory };

struct PlanOptions {
    int gpus = 8;
    Objective objective = Objective::time;
    int top = 10;
    /// For Objective::memory: plans must finish within this many days; 0 = within 25 % of the
    /// fastest plan found.
    double maxDays = 0;
    std::vector<int> microBatches { 1, 2, 4, 8 };
    int threads = 0; ///< 0 = one per hardware thread
    /// Called with the fraction done (0–1) from one worker thread; keep it cheap.
    std::function<void(double)> progress;
    const std::atomic<bool>* cancel = nullptr;
};

struct Plan {
    Scenario scenario;
    Estimate estimate;
    double score = 0; ///< lower is better: seconds, dollars, or minus the headroom
    /// Its range reaches the best plan's: measured runs like these (stepTimeRange) would not tell
    /// them apart. The best plan itself is always within its own range.
    bool withinBestRange = false;
};

/// One fitting configuration, as a point of the memory/time scatter.
struct PlanPoint {
    double memoryBytes = 0;
    double trainingTimeS = 0;
};

struct PlanResult {
    std::int64_t evaluated = 0; ///< configurations estimated
    std::map<ProblemCode, std::int64_t> rejected; ///< why → how many (estimated or not)
    std::vector<Plan> plans; ///< best first, at most `top`
    std::vector<Plan> pareto; ///< fitting plans no other beats on both memory and step time
    std::vector<PlanPoint> points; ///< every fitting configuration (at most 20,000, evenly thinned)
    std::int64_t feasible = 0;
    bool cancelled = false;
};

/// Searches TP (powers of two within a node, compatible with the heads), PP (dividing the GPUs, at
/// least two layers per stage and per interleaved chunk, v ∈ {1, 2, 4}; uneven stages are allowed,
/// as Llama 3 ran 126 layers on 16 stages), CP (dividing the sequence), EP (dividing
/// the experts and DP × CP), DP the rest; ZeRO 0–3; sequence parallelism; recomputation; the
/// micro-batch sizes; keeping the model, training, precision, hardware and efficiency of `base`.
[[nodiscard]] PlanResult plan(const Scenario& base, const PlanOptions& options);

[[nodiscard]] std::string toString(Objective objective);

} // namespace core
