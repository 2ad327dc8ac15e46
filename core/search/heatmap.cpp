#include "core/search/heatmap.h"

#include "core/scenario/dimensions.h"
#include "core/scenario/scenario_io.h"
#include "core/scenario/scenario_rules.h"

#include <array>
#include <optional>

namespace core {

namespace {

constexpr std::string_view kSeqLenKey = "training.seq_len";

/// The key of the field an axis sets.
std::string_view axisKey(HeatAxis axis)
{
    const std::optional<Knob> knob = knobOf(axis);
    return knob ? kKnobKeys[std::size_t(*knob)] : kSeqLenKey;
}

/// 1, 2, 4, … up to `largest`.
std::vector<int> powersOfTwo(int from, int largest)
{
    std::vector<int> out;
    for (int v = from; v <= largest; v *= 2)
        out.push_back(v);
    return out;
}

} // namespace

std::optional<Knob> knobOf(HeatAxis axis)
{
    if (axis == HeatAxis::seq_len || int(axis) < 0 || int(axis) >= int(kKnobCount)) return std::nullopt;
    return Knob(int(axis));
}

const std::vector<HeatAxis>& heatAxes()
{
    static const std::vector<HeatAxis> axes = [] {
        std::vector<HeatAxis> out;
        for (const Dimension& d : dimensions())
            if (d.heatMax > 0) out.push_back(heatAxis(d.knob));
        for (const Knob k : { Knob::micro_batch, Knob::zero, Knob::recompute })
            out.push_back(heatAxis(k));
        out.push_back(HeatAxis::seq_len);
        return out;
    }();
    return axes;
}

std::string_view toString(HeatAxis axis)
{
    const std::string_view key = axisKey(axis);
    return key.substr(key.find('.') + 1);
}

std::string_view keyOf(HeatAxis axis)
{
    return axisKey(axis);
}

std::vector<int> axisValues(HeatAxis axis)
{
    const std::optional<Knob> knob = knobOf(axis);
    if (!knob) return powersOfTwo(1024, 131072);
    if (const Dimension* d = findDimension(*knob)) return powersOfTwo(1, d->heatMax);
    switch (*knob) {
    case Knob::micro_batch:
        return powersOfTwo(1, 16);
    case Knob::zero:
        return { 0, 1, 2, 3 };
    case Knob::recompute:
        return { int(Recompute::none), int(Recompute::selective), int(Recompute::selective_op), int(Recompute::full) };
    default:
        return {};
    }
}

std::string valueText(HeatAxis axis, int value)
{
    if (knobOf(axis) == Knob::recompute) return std::string(toString(Recompute(value)));
    return std::to_string(value);
}

Scenario withAxis(Scenario s, HeatAxis axis, int value)
{
    const std::optional<Knob> knob = knobOf(axis);
    if (!knob) {
        s.training.seqLen = value;
        return s;
    }
    switch (*knob) {
    case Knob::tp:
        s.parallel.tp = value;
        if (value == 1) {
            s.parallel.sequenceParallel = false;
            s.parallel.tpSavedInput = TpSavedInput::shard; // a sequence-parallel setting
        }
        break;
    case Knob::pp:
        s.parallel.pp = value;
        if (value < 2) {
            s.parallel.schedule
                = s.parallel.schedule == Schedule::interleaved ? Schedule::one_f_one_b : s.parallel.schedule;
            s.parallel.virtualStages = 1;
        }
        break;
    case Knob::micro_batch:
        s.training.microBatch = value;
        break;
    case Knob::zero:
        s.parallel.zero = value;
        break;
    case Knob::recompute:
        s.parallel.recompute = Recompute(value);
        break;
    default:
        if (const Dimension* d = findDimension(*knob)) s.parallel.*d->degree = value; // DP, CP
        break;
    }
    return s;
}

Heatmap heatmap(const Scenario& s, HeatAxis xAxis, HeatAxis yAxis, HeatGpus gpus)
{
    Heatmap h;
    h.xAxis = xAxis;
    h.yAxis = yAxis;
    h.gpus = gpus;
    const bool keep = gpus == HeatGpus::keep && knobOf(xAxis) != Knob::dp && knobOf(yAxis) != Knob::dp;
    const std::int64_t total = s.parallel.gpus();
    h.xs = axisValues(xAxis);
    h.ys = xAxis == yAxis ? std::vector<int> { 0 } : axisValues(yAxis);
    for (int y : h.ys) {
        for (int x : h.xs) {
            HeatCell c;
            c.x = x;
            c.y = y;
            c.scenario = withAxis(s, xAxis, x);
            if (xAxis != yAxis) c.scenario = withAxis(c.scenario, yAxis, y);
            const std::int64_t perReplica = gpusPerReplica(c.scenario.parallel);
            if (keep && (perReplica > total || total % perReplica != 0)) {
                c.problem = Problem(ProblemCode::layout_exceeds_gpus,
                    { { "gpus", double(total) }, { "per_replica", double(perReplica) } });
                h.cells.push_back(std::move(c));
                continue;
            }
            if (keep) c.scenario.parallel.dp = static_cast<int>(total / perReplica);
            // The layout rules first (coded, so that the GUI can word them); any other value the
            // reader refuses is named by its key.
            if (auto problem = layoutProblem(c.scenario)) {
                c.problem = std::move(problem);
            } else if (auto error = validateScenario(c.scenario)) {
                c.problem = Problem(ProblemCode::invalid_value, {}, error->path);
            } else {
                c.estimate = estimate(c.scenario);
                if (!c.estimate->memory.fits())
                    c.problem = Problem(ProblemCode::does_not_fit,
                        { { "total_bytes", c.estimate->memory.total() },
                            { "capacity_bytes", c.estimate->memory.capacity } });
            }
            h.cells.push_back(std::move(c));
        }
    }
    return h;
}

} // namespace core
