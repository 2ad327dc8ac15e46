#include "core/scenario/scenario_edit.h"

#include "core/scenario/architecture.h"
#include "core/scenario/dimensions.h"
#include "core/scenario/scenario_fields.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace core {

Hardware withGpuPreset(const Hardware& current, const GpuPreset& preset)
{
    const GpuPreset* before = findGpuPreset(current.preset);
    const int perNode = before && before->gpusPerNode > 0 ? 8 : current.gpusPerNode;
    return presetHardware(preset, perNode);
}

NameParts automaticNameParts(const Scenario& s)
{
    NameParts parts;
    if (const ModelPreset* preset = s.model.preset.empty() ? nullptr : findModelPreset(s.model.preset);
        preset && preset->arch == s.model.arch)
        parts.label = preset->label;
    else // a bare size is its own count (its derived shape's count differs by up to a few per cent)
        parts.parameters = s.model.params > 0 ? double(s.model.params) : double(totalParameters(s.model.arch));
    parts.method = s.training.method;
    parts.gpus = s.parallel.gpus();
    parts.gpu = s.hardware.gpu.name;
    for (std::string_view vendor : { "NVIDIA ", "AMD " })
        if (parts.gpu.starts_with(vendor)) parts.gpu = parts.gpu.substr(vendor.size());
    return parts;
}

std::string automaticName(const Scenario& s)
{
    const NameParts parts = automaticNameParts(s);
    std::string model = parts.label;
    if (model.empty()) {
        char size[48];
        if (parts.parameters >= 1e9)
            std::snprintf(size, sizeof size, "%.2f B-parameter model", parts.parameters / 1e9);
        else
            std::snprintf(size, sizeof size, "%.0f M-parameter model", parts.parameters / 1e6);
        model = size;
    }
    const char* method = parts.method == Method::lora ? "LoRA fine-tuning"
        : parts.method == Method::qlora               ? "QLoRA fine-tuning"
                                                      : "pre-training";
    return model + " " + method + " on " + std::to_string(parts.gpus) + " × " + parts.gpu;
}

bool hasAutomaticName(const Scenario& s)
{
    return s.name.empty() || s.name == "Untitled" || s.name == automaticName(s);
}

void nameFollowingEdit(const Scenario& before, Scenario& after)
{
    if (after.name != before.name) return; // the edit named it
    if (hasAutomaticName(before)) after.name = automaticName(after);
}

bool degreeDivides(const Scenario& s, std::string_view key, int v)
{
    if (v < 1) return false;
    const Dimension* d = findDimension(key);
    return !d || !d->divides || d->divides(s, v);
}

std::optional<int> steppedDegree(const Scenario& s, std::string_view key, int steps)
{
    const Field* field = findField(key);
    if (!field || !field->get || steps == 0) return std::nullopt;
    // No dividing value lies beyond what is divided (the global batch's sequences per micro-batch, the
    // layers, half the sequence, the experts): the walk ends there, not at the key's limit.
    const Dimension* d = findDimension(key);
    const double top = d && d->largest ? std::min(field->max, d->largest(s)) : field->max;
    const int bottom = static_cast<int>(field->min);
    const int highest = static_cast<int>(std::floor(top));
    int v = static_cast<int>(field->get(s));
    const int dir = steps > 0 ? 1 : -1;
    for (int left = std::abs(steps); left > 0; --left) {
        int next = v + dir;
        while (next >= bottom && next <= highest && !degreeDivides(s, key, next))
            next += dir;
        if (next < bottom || next > highest) return std::nullopt;
        v = next;
    }
    return v;
}

std::optional<std::int64_t> steppedGpuCount(const Scenario& s, int steps)
{
    const auto dp = steppedDegree(s, "parallel.dp", steps);
    if (!dp) return std::nullopt;
    return checkedProduct({ gpusPerReplica(s.parallel), *dp });
}

void setGpuCount(Scenario& s, std::int64_t gpus)
{
    Parallel& p = s.parallel;
    const double perReplica = double(gpusPerReplica(p));
    const Field* dp = findField("parallel.dp");
    const double replicas = std::clamp(std::round(double(gpus) / perReplica), 1.0, dp ? dp->max : 1.0);
    p.dp = static_cast<int>(replicas);
}

void applyPlan(Scenario& s, const Scenario& plan)
{
    s.parallel = plan.parallel;
    s.training.microBatch = plan.training.microBatch;
}

void applyCostPlan(Scenario& s, const Scenario& plan)
{
    applyPlan(s, plan);
    s.hardware.preset = plan.hardware.preset;
    s.hardware.gpu = plan.hardware.gpu;
    s.cost.gpuHourUsd = plan.cost.gpuHourUsd;
    s.cost.pricing = plan.cost.pricing;
    s.reliability.spotInterruptionsPerNodeDay = plan.reliability.spotInterruptionsPerNodeDay;
}

namespace {

bool sameBut(const Scenario& searched, Scenario current, void (*apply)(Scenario&, const Scenario&))
{
    apply(current, searched);
    current.name = searched.name;
    return current == searched;
}

} // namespace

bool samePlanInputs(const Scenario& searched, const Scenario& current)
{
    return sameBut(searched, current, applyPlan);
}

bool sameCostPlanInputs(const Scenario& searched, const Scenario& current)
{
    return sameBut(searched, current, applyCostPlan);
}

} // namespace core
