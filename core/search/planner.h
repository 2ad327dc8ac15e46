#pragma once
// The planner: search every parallel configuration of a model on a number of GPUs,
// keep those that fit, rank them by the objective, and report the Pareto front of memory against
// step time. Multi-threaded (std::thread), deterministic, cancellable, with progress callbacks.
//
// A search is counted before it starts (searchSize: arithmetic over the space, nothing listed) and
// refused past kMaxPlanConfigurations; while it runs it keeps only what it reports (the top plans,
// the Pareto front and a bounded sample of scatter points), so its memory does not grow with the
// space it walks.

#include "core/scenario/scenario_io.h"
#include "core/search/plan_types.h"

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace core {

/// Adds "parallel.zero=3" or "parallel.tp=1,2,4" (the file's words: "parallel.recompute=full") to
/// `constraints`, each value checked as a file's would be; an error names the key and the reason.
/// A knob that `constraints` already limits is refused (key_given_twice): a second list would
/// either replace the first or narrow it, and neither is what "also these values" means; its
/// values belong in one list.
[[nodiscard]] std::optional<ScenarioError> addConstraint(
    PlanConstraints& constraints, const Scenario& base, std::string_view spec);

/// The values a constraint may give each knob for a search on `gpus` GPUs: the search's own ranges
/// (TP powers of two within a node, PP and DP dividing the GPUs, CP powers of two up to 16, EP
/// dividing the experts, ZeRO 0–3, recomputation's modes) widened where a limit may ask for more
/// than the search tries (micro-batch up to 32, up to 8 model chunks), and the scenario's own value.
[[nodiscard]] std::array<std::vector<int>, kKnobCount> knobChoices(const Scenario& scenario, int gpus);

/// The knobs whose value differs between the two scenarios, in knob order.
[[nodiscard]] std::vector<Knob> differingKnobs(const Scenario& from, const Scenario& to);

/// Counts the search plan(base, options) would run. Cheap: arithmetic over the (TP, PP, CP, EP)
/// cells of the space; nothing is estimated or listed.
[[nodiscard]] SearchSize searchSize(const Scenario& base, const PlanOptions& options);

/// search_too_large for a search past kMaxPlanConfigurations: the count, the limit, and the knob
/// to narrow as its key (values: configurations, limit, values — the knob's —, pinned — 1 when the
/// constraints set its values); nullopt within the limit.
[[nodiscard]] std::optional<Problem> searchTooLarge(const SearchSize& size, const PlanConstraints& constraints);

/// Searches TP (powers of two within a node, compatible with the heads), PP (dividing the GPUs, at
/// least two layers per stage and per interleaved chunk, v ∈ {1, 2, 4}; uneven stages are allowed,
/// as Llama 3 ran 126 layers on 16 stages), CP (dividing the sequence), EP (dividing
/// the experts and DP × CP), DP the rest; ZeRO 0–3; sequence parallelism; recomputation; the
/// micro-batch sizes; keeping the model, training, precision, hardware and efficiency of `base`.
/// Refused (PlanResult::problem search_too_large, nothing estimated) past kMaxPlanConfigurations.
[[nodiscard]] PlanResult plan(const Scenario& base, const PlanOptions& options);

/// The threads a search with `options` runs on (PlanOptions::threads, or one per hardware thread).
[[nodiscard]] int searchThreads(const PlanOptions& options);

/// Estimates every configuration plan(base, options) would (its objective, top and limit aside) on
/// searchThreads(options) threads, and hands each that fits to `fits`: for searches that rank by
/// something of their own (the cost planner prices each layout at several prices). Cancellable and
/// with progress as plan(); the caller checks the size first (searchSize).
SearchWalk walkSearch(const Scenario& base, const PlanOptions& options, const FitVisitor& fits);

[[nodiscard]] std::string toString(Objective objective);

} // namespace core
