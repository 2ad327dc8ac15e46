#include "widgets/text/scenario_name.h"

#include "core/scenario_edit.h"

namespace ui {

namespace {

/// The bundled examples whose names are not automatic (the source article's pair).
constexpr const char* kBundled[] = {
    QT_TRANSLATE_NOOP("ui::ScenarioName", "Source article: 700M model on one GPU (FP32)"),
    QT_TRANSLATE_NOOP(
        "ui::ScenarioName", "Source article: 7B model on 64 rented A100 (ZeRO-3, BF16 mixed, 400 Gb/s per node)"),
};

} // namespace

QString ScenarioName::of(const core::Scenario& s)
{
    for (const char* bundled : kBundled)
        if (s.name == bundled) return tr(bundled);
    if (!core::hasAutomaticName(s)) return QString::fromStdString(s.name);
    // The same parts and, in English, the same words as core::automaticName.
    const core::NameParts parts = core::automaticNameParts(s);
    QString model = QString::fromStdString(parts.label);
    if (model.isEmpty())
        model = parts.parameters >= 1e9 ? tr("%1 B-parameter model").arg(parts.parameters / 1e9, 0, 'f', 2)
                                        : tr("%1 M-parameter model").arg(parts.parameters / 1e6, 0, 'f', 0);
    const QString gpus = QString::number(parts.gpus), gpu = QString::fromStdString(parts.gpu);
    switch (parts.method) {
    case core::Method::lora:
        //: %1 the model, %2 × %3 the GPU count and type
        return tr("%1 LoRA fine-tuning on %2 × %3").arg(model, gpus, gpu);
    case core::Method::qlora:
        //: %1 the model, %2 × %3 the GPU count and type
        return tr("%1 QLoRA fine-tuning on %2 × %3").arg(model, gpus, gpu);
    case core::Method::full:
        break;
    }
    //: %1 the model, %2 × %3 the GPU count and type
    return tr("%1 pre-training on %2 × %3").arg(model, gpus, gpu);
}

} // namespace ui
