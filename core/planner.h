#pragma once
// The planner (issue 8): search every parallel configuration of a model on a number of GPUs,
// keep those that fit, rank them by the objective, and report the Pareto front of memory against
// step time. Multi-threaded (std::thread), deterministic, cancellable, with progress callbacks.

#include "core/estimate.h"
#include "core/scenario_io.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace core {

enum class Objective { time, cost, memory };

/// The settings the planner turns, each a scenario key.
enum class Knob { tp, pp, cp, dp, ep, zero, micro_batch, virtual_stages, sequence_parallel, recompute };
inline constexpr std::size_t kKnobCount = 10;
inline constexpr std::array<std::string_view, kKnobCount> kKnobKeys { "parallel.tp", "parallel.pp", "parallel.cp",
    "parallel.dp", "parallel.ep", "parallel.zero", "training.micro_batch", "parallel.virtual_stages",
    "parallel.sequence_parallel", "parallel.recompute" };

/// A knob's value in a scenario as the field table holds it (a choice as its index, a flag as 0/1).
[[nodiscard]] int knobValue(const Scenario& scenario, Knob knob);

/// Values each knob may take in a search (usability review, problem 9: ZeRO-3 and full
/// recomputation could not be kept, and the winner quietly dropped them). Empty: any; one value:
/// pinned. A limited micro-batch, recomputation or interleaving is searched over exactly its
/// values, also those the planner does not try by itself (micro-batch 16, norms and up-projections).
struct PlanConstraints {
    std::array<std::vector<int>, kKnobCount> allowed {};

    [[nodiscard]] bool allows(Knob knob, int value) const
    {
        const auto& set = allowed[std::size_t(knob)];
        return set.empty() || std::find(set.begin(), set.end(), value) != set.end();
    }
    [[nodiscard]] bool limits(Knob knob) const { return !allowed[std::size_t(knob)].empty(); }
    [[nodiscard]] bool any() const
    {
        return std::any_of(allowed.begin(), allowed.end(), [](const auto& set) { return !set.empty(); });
    }
    /// Pins every knob to its value in `scenario`.
    void pin(Knob knob, const Scenario& scenario) { allowed[std::size_t(knob)] = { knobValue(scenario, knob) }; }
};

/// Adds "parallel.zero=3" or "parallel.tp=1,2,4" (the file's words: "parallel.recompute=full") to
/// `constraints`, each value checked as a file's would be; an error names the key and the reason.
[[nodiscard]] std::optional<ScenarioError> addConstraint(
    PlanConstraints& constraints, const Scenario& base, std::string_view spec);

/// The values a constraint may give each knob for a search on `gpus` GPUs: the search's own ranges
/// (TP powers of two within a node, PP and DP dividing the GPUs, CP powers of two up to 16, EP
/// dividing the experts, ZeRO 0–3, recomputation's modes) widened where a limit may ask for more
/// than the search tries (micro-batch up to 32, up to 8 model chunks), and the scenario's own value.
[[nodiscard]] std::array<std::vector<int>, kKnobCount> knobChoices(const Scenario& scenario, int gpus);

/// The knobs whose value differs between the two scenarios, in knob order.
[[nodiscard]] std::vector<Knob> differingKnobs(const Scenario& from, const Scenario& to);

struct PlanOptions {
    int gpus = 8;
    Objective objective = Objective::time;
    int top = 10;
    /// For Objective::memory: plans must finish within this many days; 0 = within 25 % of the
    /// fastest plan found.
    double maxDays = 0;
    std::vector<int> microBatches { 1, 2, 4, 8 };
    PlanConstraints constraints;
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
    int gpus = 0; ///< the GPU count searched
    std::int64_t evaluated = 0; ///< configurations estimated
    std::map<ProblemCode, std::int64_t> rejected; ///< why → how many (estimated or not)
    std::vector<Plan> plans; ///< best first, at most `top`
    std::vector<Plan> pareto; ///< fitting plans no other beats on both memory and step time
    std::vector<PlanPoint> points; ///< every fitting configuration (at most 20,000, evenly thinned)
    std::int64_t feasible = 0;
    std::int64_t excluded = 0; ///< configurations the constraints left out (not estimated)
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
