#pragma once
// The planner's types: its options and constraints, a layout and how it applies to a scenario, a
// search's size, its plans and result. Below the search (plan_space.h, plan_collector.h) and its
// entry points (planner.h), which all use them.

#include "core/estimate/estimate.h"
#include "core/scenario/dimensions.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace core {
/// The most configurations one search estimates; past it the search is refused before it starts
/// (docs/DESIGN.md "Command line", plan). The bundled examples' searches have at most ~70,000
/// (DeepSeek-V3 on 2,048 GPUs), a price search over the example table for DeepSeek-V3 up to 16,384
/// GPUs ~1.5 million; an estimate takes 1–15 µs at -O1 (more with many pipeline stages), so a
/// search at the limit takes seconds, not minutes.
inline constexpr std::int64_t kMaxPlanConfigurations = 2'000'000;
/// The most scatter points a search returns (PlanResult::points).
inline constexpr std::size_t kMaxPlanPoints = 20'000;

enum class Objective { time, cost, memory };
/// Objective::memory without a deadline keeps the plans within this fraction of the fastest's time.
inline constexpr double kMemoryObjectiveSlack = 0.25;

/// A knob's value in a scenario as the field table holds it (a choice as its index, a flag as 0/1).
[[nodiscard]] int knobValue(const Scenario& scenario, Knob knob);
/// A knob's value as a file writes it: "full" for a recomputation, "true" for a flag, "8" for a count.
[[nodiscard]] std::string knobValueText(Knob knob, int value);

/// Values each knob may take in a search (so that a user can keep, say, ZeRO-3 and full
/// recomputation, which a winner would otherwise quietly drop). Empty: any; one value:
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

/// The largest share of memory a search may keep free: beyond half, a plan is sized for a GPU of
/// half the memory, which is better asked for by choosing that GPU.
inline constexpr double kMaxKeepFree = 0.5;

struct PlanOptions {
    int gpus = 8;
    Objective objective = Objective::time;
    int top = 10;
    /// For Objective::memory: plans must finish within this many days; 0 = within 25 % of the
    /// fastest plan found.
    double maxDays = 0;
    std::vector<int> microBatches { 1, 2, 4, 8 };
    /// The share of each GPU's memory a plan must leave free (0 – kMaxKeepFree): a margin for what
    /// the estimate does not see (allocator fragmentation beyond its figure, a longer sequence, a
    /// library's workspace). 0: a plan fits when its peak is within the capacity.
    double keepFree = 0;
    PlanConstraints constraints;
    int threads = 0; ///< 0 = one per hardware thread
    /// Called with the fraction done (0–1) from one worker thread; keep it cheap.
    std::function<void(double)> progress;
    const std::atomic<bool>* cancel = nullptr;
};

/// One point of the search space: a value per knob the planner turns, indexed by Knob (sequence
/// parallelism 0 or 1, recomputation its Recompute).
struct Layout {
    /// Every degree 1, ZeRO 0, one sequence per micro-batch, one virtual stage, no sequence
    /// parallelism, no recomputation.
    std::array<int, kKnobCount> values = defaults();

    Layout() = default;
    /// `degrees`, and the other knobs as above.
    explicit Layout(const Degrees& degrees) { std::copy(degrees.values.begin(), degrees.values.end(), values.begin()); }
    [[nodiscard]] int& operator[](Knob knob) { return values[std::size_t(knob)]; }
    [[nodiscard]] int operator[](Knob knob) const { return values[std::size_t(knob)]; }
    /// The degrees of the parallel dimensions (the first kDimensionCount knobs).
    [[nodiscard]] Degrees degrees() const
    {
        Degrees out;
        std::copy_n(values.begin(), kDimensionCount, out.values.begin());
        return out;
    }
    /// The order ties are broken in (the knobs' order), so that a search's result does not depend on
    /// its threads.
    [[nodiscard]] const auto& key() const { return values; }
    bool operator==(const Layout&) const = default;

private:
    static constexpr std::array<int, kKnobCount> defaults()
    {
        std::array<int, kKnobCount> v {};
        v.fill(1); // degrees, the micro-batch, the virtual stages
        v[std::size_t(Knob::zero)] = 0;
        v[std::size_t(Knob::sequence_parallel)] = 0;
        v[std::size_t(Knob::recompute)] = int(Recompute::none);
        return v;
    }
};

/// `scenario` with `layout`'s knobs, and what follows from them (the schedule, settings that apply only
/// with ZeRO-2/3, pipelines or sequence parallelism).
void applyLayout(Scenario& scenario, const Layout& layout);

/// A search counted before it runs, without listing it: what plan() would estimate, what the
/// constraints leave out, and which knob multiplies the count most.
struct SearchSize {
    std::int64_t configurations = 0; ///< to estimate: within the space's rules and the constraints
    std::int64_t excluded = 0; ///< within the rules, left out by the constraints
    std::map<ProblemCode, std::int64_t> rejected; ///< outside the rules, as plan() counts them
    /// Per knob: how many of the configurations to estimate have each value.
    std::array<std::map<int, std::int64_t>, kKnobCount> byValue;
    /// Per knob: how many configurations of the space without constraints have each value (what
    /// a pin of that knob alone keeps).
    std::array<std::map<int, std::int64_t>, kKnobCount> spaceByValue;

    /// The knob to narrow: the one whose values divide the count most (the count ÷ the most
    /// configurations any single value of it has); ties go to the knob with more values.
    [[nodiscard]] Knob widest() const;
    /// How many values `knob` takes among the configurations to estimate.
    [[nodiscard]] std::int64_t valuesOf(Knob knob) const { return std::int64_t(byValue[std::size_t(knob)].size()); }
};

/// What one pin keeps of the space: its values, and how many configurations of the space without
/// constraints have one of them (0: the pin alone leaves nothing).
struct PinEffect {
    Knob knob = Knob::tp;
    std::vector<int> values;
    std::int64_t keeps = 0;
    bool operator==(const PinEffect&) const = default;
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
    std::int64_t configurations = 0; ///< counted before the search: what it estimates unless refused or cancelled
    std::int64_t evaluated = 0; ///< configurations estimated
    std::map<ProblemCode, std::int64_t> rejected; ///< why → how many (estimated or not)
    std::vector<Plan> plans; ///< best first, at most `top`
    std::vector<Plan> pareto; ///< fitting plans no other beats on both memory and step time
    /// Fitting configurations for the scatter, by memory: all of them up to kMaxPlanPoints, else that
    /// many chosen by a hash of their layout (a uniform sample that does not depend on the order
    /// the threads found them in).
    std::vector<PlanPoint> points;
    std::int64_t feasible = 0;
    std::int64_t excluded = 0; ///< configurations the constraints left out (not estimated)
    std::vector<PinEffect> pins; ///< one per knob the constraints limit, in knob order
    /// Why there is no plan to show: search_too_large (refused, nothing estimated) or
    /// pins_leave_nothing (the constraints excluded every configuration; its key is the pin that
    /// keeps the fewest). Plans that exist but do not fit are told by `rejected`.
    std::optional<Problem> problem;
    bool cancelled = false;

    [[nodiscard]] bool refused() const { return problem && problem->code == ProblemCode::search_too_large; }
};

/// What a walk over a search space did.
struct SearchWalk {
    std::int64_t evaluated = 0;
    std::int64_t feasible = 0;
    bool cancelled = false;
};

/// Called for each configuration that fits, from worker `worker` (0 … searchThreads − 1, one call at
/// a time per worker): the worker's scenario with the layout applied, and its estimate. The visitor
/// may reprice the estimate (cost_model.h priceRun) on the scenario, and must leave the scenario as
/// it was given.
using FitVisitor = std::function<void(int worker, Scenario& scenario, Estimate& estimate, const Layout& layout)>;

} // namespace core
