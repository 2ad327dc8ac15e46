#include "widgets/text/range_text.h"

#include "core/scenario/presets.h"
#include "widgets/text/format.h"

#include <QLocale>
#include <QStringList>

#include <cmath>

namespace ui {

QString RangeText::regime(const std::string& name)
{
    // Core's regime names (fidelity.cpp regimesOf); sources and GPUs are names, not translated.
    if (name == "under 1B") return tr("under 1B parameters");
    if (name == "1B-10B") return tr("1B–10B parameters");
    if (name == "10B-100B") return tr("10B–100B parameters");
    if (name == "100B and more") return tr("100B parameters and more");
    if (name == "mixture of experts") return tr("mixture of experts");
    if (name == "tensor/pipeline (3D)") return tr("tensor/pipeline (3D)");
    if (name == "FSDP / ZeRO-2/3") return tr("FSDP / ZeRO-2/3");
    if (name == "data parallel") return tr("data parallel");
    if (name == "up to 2k") return tr("up to 2k tokens");
    if (name == "4k-8k") return tr("4k–8k tokens");
    if (name == "16k-32k") return tr("16k–32k tokens");
    if (name == "64k and more") return tr("64k tokens and more");
    if (name == "one node") return tr("one node");
    if (name == "multi-node") return tr("several nodes");
    if (name == "TP > 1 at hidden <= 4096") return tr("TP > 1 at a width of 4096 or less");
    if (name == "pre-training") return tr("pre-training");
    if (name == "fine-tuning (LoRA, QLoRA)") return tr("fine-tuning (LoRA, QLoRA)");
    // A GPU of the catalog by its display name ("A100 SXM 80GB"), not the file's ("a100-80gb").
    if (const core::GpuPreset* gpu = core::findGpuPreset(name)) return QString::fromStdString(gpu->spec.name);
    return QString::fromStdString(name);
}

QString RangeText::basis(const core::EstimateRange& range)
{
    if (range.regimes.empty()) return tr("all published runs");
    QStringList parts;
    for (const std::string& name : range.regimes)
        parts << regime(name);
    return listText(parts);
}

QString RangeText::againstModel(double low, double high)
{
    const QLocale locale;
    auto percent = [&](double v) { return locale.toString(std::abs(v - 1) * 100, 'f', 0); };
    switch (sideOf(low, high)) {
    case Side::above:
        //: %1–%2 percentages: measured runs like the scenario took longer than the model's estimate
        return tr("ran %1–%2 % slower than the model estimates").arg(percent(low), percent(high));
    case Side::below:
        return tr("ran %1–%2 % faster than the model estimates").arg(percent(high), percent(low));
    case Side::around:
        break;
    }
    return {};
}

} // namespace ui
