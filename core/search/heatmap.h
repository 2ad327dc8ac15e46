#pragma once
// Feasibility heatmap: the estimate over two inputs at once — e.g. TP × PP, micro-batch
// × recomputation, sequence length × data parallelism — with every cell either a full estimate or
// the reason it is impossible (an invalid combination, or memory beyond the GPU).

#include "core/estimate/estimate.h"
#include "core/scenario/dimensions.h"
#include "core/scenario/problem.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace core {

/// An axis of the what-if grid: one of the planner's knobs (HeatAxis(int(knob)), heatAxis()) or the
/// sequence length.
enum class HeatAxis { seq_len = int(kKnobCount) };
[[nodiscard]] constexpr HeatAxis heatAxis(Knob knob)
{
    return HeatAxis(int(knob));
}
/// The knob an axis turns; empty for the sequence length.
[[nodiscard]] std::optional<Knob> knobOf(HeatAxis axis);
/// The axes the what-if page offers, in its order: the dimensions the grid spans (Dimension::heatMax,
/// in dimensions()' order), the micro-batch, ZeRO, recomputation and the sequence length.
[[nodiscard]] const std::vector<HeatAxis>& heatAxes();
/// "tp", "micro_batch", "seq_len": the key's last part.
[[nodiscard]] std::string_view toString(HeatAxis axis);
/// The scenario key an axis sets ("parallel.tp", …).
[[nodiscard]] std::string_view keyOf(HeatAxis axis);
/// The values an axis spans: powers of two for degrees and sizes, every stage or mode otherwise.
[[nodiscard]] std::vector<int> axisValues(HeatAxis axis);
/// The value as shown and as written to a scenario file ("selective_op" for recompute 3).
[[nodiscard]] std::string valueText(HeatAxis axis, int value);
/// The scenario with the axis set to `value` (no validation).
[[nodiscard]] Scenario withAxis(Scenario s, HeatAxis axis, int value);

struct HeatCell {
    int x = 0, y = 0; ///< axis values
    Scenario scenario; ///< with both values applied
    std::optional<Estimate> estimate; ///< empty when the combination is invalid
    /// Why the cell is infeasible — a layout rule it breaks (problem.h), or does_not_fit with
    /// total_bytes and capacity_bytes; empty for a feasible cell.
    std::optional<Problem> problem;
    [[nodiscard]] bool feasible() const { return !problem; }
};

/// What a cell does with the GPU count when an axis turns a degree: keep it (DP takes the GPUs the
/// other degrees leave, as a user splitting a cluster means; a layout that leaves no whole number of
/// replicas is crossed out) or grow it (DP stays, the GPUs multiply). An axis of DP itself changes
/// the count either way.
enum class HeatGpus { keep, grow };

struct Heatmap {
    HeatAxis xAxis = heatAxis(Knob::tp), yAxis = heatAxis(Knob::pp);
    HeatGpus gpus = HeatGpus::grow;
    std::vector<int> xs, ys;
    std::vector<HeatCell> cells; ///< row-major: y outer, x inner
    [[nodiscard]] const HeatCell& at(std::size_t xi, std::size_t yi) const { return cells[yi * xs.size() + xi]; }
};

[[nodiscard]] Heatmap heatmap(const Scenario& s, HeatAxis xAxis, HeatAxis yAxis, HeatGpus gpus = HeatGpus::grow);

} // namespace core
