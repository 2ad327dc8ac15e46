#include "core/search/plan_types.h"

#include "core/scenario/scenario_fields.h"

namespace core {

int knobValue(const Scenario& s, Knob knob)
{
    const Field* field = findField(kKnobKeys[std::size_t(knob)]);
    return field && field->get ? static_cast<int>(field->get(s)) : 0;
}

std::string knobValueText(Knob knob, int value)
{
    const Field* field = findField(kKnobKeys[std::size_t(knob)]);
    if (field && field->kind == FieldKind::choice && value >= 0 && std::size_t(value) < field->choices.size())
        return std::string(field->choices[std::size_t(value)]);
    if (field && field->kind == FieldKind::boolean) return value != 0 ? "true" : "false";
    return std::to_string(value);
}

void applyLayout(Scenario& s, const Layout& c)
{
    Parallel& p = s.parallel;
    setDegrees(p, c.degrees());
    p.zero = c[Knob::zero];
    if (p.zero < 2) p.gradReduce = GradReduce::per_micro_batch; // the setting is ZeRO-2's and ZeRO-3's only
    p.sequenceParallel = c[Knob::sequence_parallel] != 0;
    p.recompute = Recompute(c[Knob::recompute]);
    p.virtualStages = c[Knob::virtual_stages];
    p.schedule = p.virtualStages > 1 ? Schedule::interleaved : Schedule::one_f_one_b;
    // The split of layers needs pipeline stages.
    if (p.pp < 2) p.pipelineSplit = PipelineSplit::layers;
    // What TP keeps is a property of the framework: kept for plans with sequence parallelism.
    if (!p.sequenceParallel) p.tpSavedInput = TpSavedInput::shard;
    s.training.microBatch = c[Knob::micro_batch];
}

Knob SearchSize::widest() const
{
    Knob best = Knob::micro_batch;
    double bestFactor = 0;
    std::size_t bestValues = 0;
    for (std::size_t k = 0; k < kKnobCount; ++k) {
        std::int64_t most = 0;
        for (const auto& [value, count] : byValue[k])
            most = std::max(most, count);
        if (most == 0) continue;
        const double factor = double(configurations) / double(most);
        if (factor > bestFactor || (factor == bestFactor && byValue[k].size() > bestValues)) {
            best = Knob(k);
            bestFactor = factor;
            bestValues = byValue[k].size();
        }
    }
    return best;
}

} // namespace core
