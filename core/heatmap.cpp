#include "core/heatmap.h"

#include "core/dimensions.h"
#include "core/scenario_io.h"

#include <array>

namespace core {

namespace {

constexpr std::array<std::string_view, kHeatAxisCount> kAxisNames { "tp", "pp", "dp", "cp", "micro_batch", "zero",
    "recompute", "seq_len" };
constexpr std::array<std::string_view, kHeatAxisCount> kAxisKeys { "parallel.tp", "parallel.pp", "parallel.dp",
    "parallel.cp", "training.micro_batch", "parallel.zero", "parallel.recompute", "training.seq_len" };

} // namespace

std::string_view toString(HeatAxis axis)
{
    return kAxisNames[static_cast<std::size_t>(axis)];
}
std::string_view keyOf(HeatAxis axis)
{
    return kAxisKeys[static_cast<std::size_t>(axis)];
}

std::vector<int> axisValues(HeatAxis axis)
{
    switch (axis) {
    case HeatAxis::tp:
        return { 1, 2, 4, 8, 16 };
    case HeatAxis::pp:
        return { 1, 2, 4, 8, 16, 32 };
    case HeatAxis::dp:
        return { 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024 };
    case HeatAxis::cp:
        return { 1, 2, 4, 8, 16 };
    case HeatAxis::micro_batch:
        return { 1, 2, 4, 8, 16 };
    case HeatAxis::zero:
        return { 0, 1, 2, 3 };
    case HeatAxis::recompute:
        return { int(Recompute::none), int(Recompute::selective), int(Recompute::selective_op), int(Recompute::full) };
    case HeatAxis::seq_len:
        return { 1024, 2048, 4096, 8192, 16384, 32768, 65536, 131072 };
    }
    return {};
}

std::string valueText(HeatAxis axis, int value)
{
    if (axis == HeatAxis::recompute) return std::string(toString(Recompute(value)));
    return std::to_string(value);
}

Scenario withAxis(Scenario s, HeatAxis axis, int value)
{
    switch (axis) {
    case HeatAxis::tp:
        s.parallel.tp = value;
        if (value == 1) {
            s.parallel.sequenceParallel = false;
            s.parallel.tpSavedInput = TpSavedInput::shard; // a sequence-parallel setting
        }
        break;
    case HeatAxis::pp:
        s.parallel.pp = value;
        if (value < 2) {
            s.parallel.schedule
                = s.parallel.schedule == Schedule::interleaved ? Schedule::one_f_one_b : s.parallel.schedule;
            s.parallel.virtualStages = 1;
        }
        break;
    case HeatAxis::dp:
        s.parallel.dp = value;
        break;
    case HeatAxis::cp:
        s.parallel.cp = value;
        break;
    case HeatAxis::micro_batch:
        s.training.microBatch = value;
        break;
    case HeatAxis::zero:
        s.parallel.zero = value;
        break;
    case HeatAxis::recompute:
        s.parallel.recompute = Recompute(value);
        break;
    case HeatAxis::seq_len:
        s.training.seqLen = value;
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
    const bool keep = gpus == HeatGpus::keep && xAxis != HeatAxis::dp && yAxis != HeatAxis::dp;
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
