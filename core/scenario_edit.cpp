#include "core/scenario_edit.h"

#include "core/architecture.h"

#include <cstdio>

namespace core {

void setArchitectureField(Architecture& a, int Architecture::*field, int value)
{
    if (field == &Architecture::kvLoraRank) {
        setKvLoraRank(a, value);
        return;
    }
    const bool geometry = field == &Architecture::hidden || field == &Architecture::heads;
    // Derived when the heads tile the hidden size exactly (Llama, GPT); Gemma's and latent
    // attention's widths were chosen independently and stay.
    const bool derived = !a.isMla() && a.headDim * a.heads == a.hidden;
    a.*field = value;
    if (geometry && derived && a.heads > 0 && a.hidden % a.heads == 0) a.headDim = a.hidden / a.heads;
    if (field == &Architecture::heads && (a.kvHeads > a.heads || a.isMla())) a.kvHeads = a.heads;
}

void setSchedule(Parallel& p, Schedule schedule)
{
    p.schedule = schedule;
    if (schedule != Schedule::interleaved)
        p.virtualStages = 1;
    else if (p.virtualStages < 2)
        p.virtualStages = 2;
}

Hardware withGpuPreset(const Hardware& current, const GpuPreset& preset)
{
    const GpuPreset* before = findGpuPreset(current.preset);
    const int perNode = before && before->gpusPerNode > 0 ? 8 : current.gpusPerNode;
    return presetHardware(preset, perNode);
}

std::string automaticName(const Scenario& s)
{
    std::string model;
    if (const ModelPreset* preset = s.model.preset.empty() ? nullptr : findModelPreset(s.model.preset);
        preset && preset->arch == s.model.arch)
        model = preset->label;
    else {
        char size[48];
        const double params = double(totalParameters(s.model.arch));
        if (params >= 1e9)
            std::snprintf(size, sizeof size, "%.2f B-parameter model", params / 1e9);
        else
            std::snprintf(size, sizeof size, "%.0f M-parameter model", params / 1e6);
        model = size;
    }
    const char* method = s.training.method == Method::lora ? "LoRA fine-tuning"
        : s.training.method == Method::qlora               ? "QLoRA fine-tuning"
                                                           : "pre-training";
    std::string gpu = s.hardware.gpu.name;
    if (gpu.rfind("NVIDIA ", 0) == 0) gpu = gpu.substr(7);
    if (gpu.rfind("AMD ", 0) == 0) gpu = gpu.substr(4);
    return model + " " + method + " on " + std::to_string(s.parallel.gpus()) + " × " + gpu;
}

void nameFollowingEdit(const Scenario& before, Scenario& after)
{
    if (after.name != before.name) return; // the edit named it
    if (before.name == automaticName(before) || before.name.empty() || before.name == "Untitled")
        after.name = automaticName(after);
}

} // namespace core
