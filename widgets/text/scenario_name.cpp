#include "widgets/text/scenario_name.h"

#include "core/scenario/scenario_edit.h"

#include <algorithm>
#include <iterator>

namespace ui {

namespace {

/// The bundled examples whose names are not automatic (resources/examples; a test holds every one here).
constexpr const char* kBundled[] = {
    QT_TRANSLATE_NOOP("ui::ScenarioName", "Source article: 700M model on one GPU (FP32)"),
    QT_TRANSLATE_NOOP(
        "ui::ScenarioName", "Source article: 7B model on 64 rented A100 (ZeRO-3, BF16 mixed, 400 Gb/s per node)"),
    QT_TRANSLATE_NOOP("ui::ScenarioName",
        "DeepSeek-V3 671B MoE on 2,048 H800 (DeepSeek-V3 report §3.2; op-level selective recomputation assumed)"),
    QT_TRANSLATE_NOOP("ui::ScenarioName", "GPT-3 175B on 1024 A100 (Narayanan et al. 2021)"),
    QT_TRANSLATE_NOOP("ui::ScenarioName", "Llama 3 70B on one node of 8 A100: does not fit"),
    QT_TRANSLATE_NOOP("ui::ScenarioName", "Llama 3.1 405B on 16,384 H100 (Llama 3 paper, Table 4 and §3.3.2)"),
    QT_TRANSLATE_NOOP("ui::ScenarioName", "LoRA fine-tune of Llama 2 7B on one 24 GB GPU"),
};

} // namespace

bool ScenarioName::isExample(const std::string& name)
{
    return std::any_of(std::begin(kBundled), std::end(kBundled), [&name](const char* b) { return name == b; });
}

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

QString ScenarioName::lettered(int index, const QString& name)
{
    //: a compared scenario's letter (A, B, …) and its name; Chinese uses the full-width colon "%1：%2"
    return tr("%1: %2").arg(QChar(u'A' + index), name);
}

} // namespace ui
