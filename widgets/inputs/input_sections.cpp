// The sections of the input panel other than the model (input_panel.cpp). Each row is one key of
// core's field table (scenario_fields.h: kind, range, edit rules, when it applies) shown with its
// texts (field_texts.cpp); the precision recipe and the GPU catalog are the panel's own choices.

#include "core/scenario/dimensions.h"
#include "core/scenario/presets.h"
#include "core/scenario/scenario_edit.h"
#include "core/scenario/scenario_fields.h"
#include "widgets/inputs/field_texts.h"
#include "widgets/inputs/form_binder.h"
#include "widgets/inputs/form_section.h"
#include "widgets/inputs/input_panel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLocale>
#include <QSpinBox>

#include <initializer_list>

namespace ui {

namespace {

using core::DType;
using core::Scenario;

/// Named precision recipes; "custom" when the five formats match none of them.
struct PrecisionPreset {
    const char* name;
    const char* text; ///< with %1 for bytesPerParam where it has one: the translator never types a figure
    core::Precision precision;
    int bytesPerParam = 0; ///< model states with AdamW, shown in the text (0: not shown)
};
const std::array<PrecisionPreset, 6> kPrecisionPresets { {
    { "bf16_mixed",
        //: %1 is the bytes of model states per parameter (16)
        QT_TRANSLATE_NOOP("ui::InputPanel", "BF16 mixed + FP32 master (%1 B/param)"),
        { DType::bf16, DType::bf16, DType::bf16, DType::fp32, DType::fp32 }, 16 },
    { "megatron",
        //: %1 is the bytes of model states per parameter (18)
        QT_TRANSLATE_NOOP("ui::InputPanel", "BF16 mixed, FP32 gradients (Megatron, %1 B/param)"),
        { DType::bf16, DType::bf16, DType::fp32, DType::fp32, DType::fp32 }, 18 },
    { "fp16_mixed", QT_TRANSLATE_NOOP("ui::InputPanel", "FP16 mixed + loss scaling"),
        { DType::fp16, DType::fp16, DType::fp16, DType::fp32, DType::fp32 } },
    { "fp8_mixed", QT_TRANSLATE_NOOP("ui::InputPanel", "FP8 mixed (BF16 weights, FP32 master)"),
        { DType::fp8_e4m3, DType::bf16, DType::bf16, DType::fp32, DType::fp32 } },
    { "pure_bf16", QT_TRANSLATE_NOOP("ui::InputPanel", "Pure BF16 (no master weights)"),
        { DType::bf16, DType::bf16, DType::bf16, std::nullopt, DType::bf16 } },
    { "fp32", QT_TRANSLATE_NOOP("ui::InputPanel", "FP32 (TF32 matmuls)"),
        { DType::tf32, DType::fp32, DType::fp32, std::nullopt, DType::fp32 } },
} };

} // namespace

QWidget* InputPanel::addField(FormSection* sec, const char* path)
{
    const core::Field* field = core::findField(path);
    const FieldText* text = fieldText(path);
    Q_ASSERT_X(field && field->get && text, "InputPanel::addField", path);
    const QString key = QString::fromLatin1(path);
    const auto get = field->get;
    QWidget* control = nullptr;
    if (field->kind == core::FieldKind::boolean) {
        control = m_bind->check(
            sec, key, [get](const Scenario& s) { return get(s) != 0; },
            [field](Scenario& s, bool on) { field->change(s, on ? 1 : 0); }, text->undo);
    } else if (field->kind == core::FieldKind::choice || field->kind == core::FieldKind::powerOfTwo
        || !text->items.empty()) {
        auto* box = m_bind->combo(
            sec, key, [get](const Scenario& s) { return QVariant(static_cast<int>(get(s))); },
            [field](Scenario& s, const QVariant& v) { field->change(s, v.toInt()); }, text->undo);
        if (text->items.empty()) { // powers of two: the numbers themselves
            for (int v = static_cast<int>(field->min); v <= static_cast<int>(field->max); v *= 2)
                box->addItem(QString::number(v), v);
        } else {
            std::vector<std::pair<const char*, QVariant>> items;
            for (const auto& [itemText, value] : text->items)
                items.emplace_back(itemText, value);
            sec->setItems(box, std::move(items));
        }
        control = box;
    } else if (field->kind == core::FieldKind::number) {
        const double unit = text->unit;
        auto* box = m_bind->number(
            sec, key, text->decimals, [get, unit](const Scenario& s) { return get(s) / unit; },
            [field, unit](Scenario& s, double v) { field->change(s, v * unit); }, text->undo, 1 / unit);
        if (text->step > 0) box->setSingleStep(text->step);
        if (text->prefix) box->setPrefix(QString::fromUtf8(text->prefix));
        if (text->suffix) box->setSuffix(QString::fromUtf8(text->suffix));
        control = box;
    } else {
        control = m_bind->spin(
            sec, key, [get](const Scenario& s) { return static_cast<int>(get(s)); },
            [field](Scenario& s, int v) { field->change(s, v); }, text->undo, text->floor);
    }
    sec->addRow(text->label, control, [field, text] { return fieldHelp(*field, *text); });
    return control;
}

void InputPanel::addFields(FormSection* sec, std::initializer_list<const char*> paths)
{
    for (const char* path : paths)
        addField(sec, path);
}

void InputPanel::buildModelDetails()
{
    auto* sec = new FormSection(QT_TRANSLATE_NOOP("ui::InputPanel", "Model details"), this);
    m_sections << sec;
    // Editing a field of a bare size turns it into an explicit architecture (its exact count then
    // follows the shape); a preset keeps its name and records the field as an override.
    addFields(sec,
        { "model.layers", "model.hidden", "model.heads", "model.kv_heads", "model.ffn_hidden", "model.vocab",
            "model.experts", "model.top_k", "model.moe_ffn_hidden", "model.shared_experts", "model.routed_node_limit",
            "model.dense_layers", "model.kv_lora_rank", "model.q_lora_rank", "model.mtp_layers" });
    sec->setExpanded(false);
}

void InputPanel::buildTraining()
{
    auto* sec = new FormSection(QT_TRANSLATE_NOOP("ui::InputPanel", "Training"), this);
    m_sections << sec;
    addFields(sec,
        { "training.seq_len", "training.micro_batch", "training.global_batch", "training.tokens", "training.optimizer",
            "training.framework", "training.method", "training.lora_rank" });
}

void InputPanel::buildPrecision()
{
    auto* sec = new FormSection(QT_TRANSLATE_NOOP("ui::InputPanel", "Precision"), this);
    m_sections << sec;
    auto* recipe = m_bind->combo(
        sec, QStringLiteral("precision.preset"),
        // A recipe names the five formats; the fp8 scope and scaling are their own settings and survive a
        // change of recipe.
        [](const Scenario& s) {
            for (const auto& p : kPrecisionPresets) {
                core::Precision withScope = p.precision;
                withScope.fp8Scope = s.precision.fp8Scope;
                withScope.fp8Scaling = s.precision.fp8Scaling;
                if (withScope == s.precision) return QVariant(QString::fromLatin1(p.name));
            }
            return QVariant(QStringLiteral("custom"));
        },
        [](Scenario& s, const QVariant& v) {
            for (const auto& p : kPrecisionPresets)
                if (v.toString() == QLatin1String(p.name)) {
                    const core::Fp8Scope scope = s.precision.fp8Scope;
                    const core::Fp8Scaling scaling = s.precision.fp8Scaling;
                    s.precision = p.precision;
                    s.precision.fp8Scope = scope;
                    s.precision.fp8Scaling = scaling;
                }
        },
        QT_TRANSLATE_NOOP("ui::InputPanel", "Choose precision recipe"));
    std::vector<std::pair<std::function<QString()>, QVariant>> recipes;
    for (const auto& p : kPrecisionPresets)
        recipes.emplace_back(
            [p] {
                const QString text = QCoreApplication::translate("ui::InputPanel", p.text);
                return p.bytesPerParam ? text.arg(QLocale().toString(p.bytesPerParam)) : text;
            },
            QString::fromLatin1(p.name));
    recipes.emplace_back(
        [] { return QCoreApplication::translate("ui::InputPanel", "Custom"); }, QStringLiteral("custom"));
    sec->setItems(recipe, recipes);
    sec->addStackedRow(QT_TRANSLATE_NOOP("ui::InputPanel", "Recipe:"), recipe,
        QT_TRANSLATE_NOOP("ui::InputPanel",
            "Mixed precision keeps an FP32 master copy of the weights: "
            "updates smaller than half a BF16 step would otherwise be lost."));
    addFields(sec,
        { "precision.compute", "precision.fp8_scope", "precision.fp8_scaling", "precision.activation_cache",
            "precision.weights", "precision.gradients", "precision.master_weights", "precision.optimizer_states" });
    sec->setExpanded(false);
}

void InputPanel::buildParallelism()
{
    auto* sec = new FormSection(QT_TRANSLATE_NOOP("ui::InputPanel", "Parallelism"), this);
    m_sections << sec;
    // The GPU count, set through data parallelism (so that "8 H100" need not be typed as DP = 8);
    // its arrows step to the next count whose DP divides the global batch.
    auto* gpus = m_bind->derivedSpin(
        sec, QStringLiteral("parallel.gpus"), 1, static_cast<int>(core::kMaxGpus),
        [](const Scenario& s) { return static_cast<int>(s.parallel.gpus()); },
        [](Scenario& s, int n) { core::setGpuCount(s, n); }, QT_TRANSLATE_NOOP("ui::InputPanel", "Change GPU count"));
    m_bind->stepThrough(gpus, &core::steppedGpuCount);
    sec->addRow(QT_TRANSLATE_NOOP("ui::InputPanel", "GP&Us (total):"), gpus,
        QT_TRANSLATE_NOOP("ui::InputPanel",
            "GPUs of the whole run, TP × PP × CP × DP. A change sets data parallelism, the degree that does "
            "not change how the model is split; the arrows step to the next count whose DP × micro-batch "
            "divides the global batch."));
    m_gpuTotal = new QLabel(sec);
    m_gpuTotal->setObjectName(QStringLiteral("gpuTotal"));
    sec->addWideRow(m_gpuTotal);
    // One field per parallel dimension; the arrows of a degree that must divide what it splits step
    // through the values that do (core::steppedDegree).
    for (const core::Dimension& d : core::dimensions()) {
        auto* box = qobject_cast<QSpinBox*>(addField(sec, d.key().data())); // a literal: terminated
        if (!box || !d.divides) continue;
        const std::string_view key = d.key();
        m_bind->stepThrough(box, [key](const Scenario& s, int steps) -> std::optional<std::int64_t> {
            return core::steppedDegree(s, key, steps);
        });
    }
    addFields(sec,
        { "parallel.zero", "parallel.grad_reduce", "parallel.gradient_buffers", "parallel.dp_collectives",
            "parallel.recompute", "parallel.sequence_parallel", "parallel.tp_saved_input", "parallel.flash_attention",
            "parallel.attention_kernel", "parallel.repeat_kv", "parallel.elementwise_kernels", "parallel.schedule",
            "parallel.virtual_stages", "parallel.pipeline_split", "parallel.offload_optimizer",
            "parallel.offload_params", "parallel.offload_activations" });
}

void InputPanel::buildHardware()
{
    auto* sec = new FormSection(QT_TRANSLATE_NOOP("ui::InputPanel", "Hardware"), this);
    m_sections << sec;
    auto* gpu = m_bind->combo(
        sec, QStringLiteral("hardware.gpu"),
        [](const Scenario& s) {
            return QVariant(
                s.hardware.preset.empty() ? QStringLiteral("custom") : QString::fromStdString(s.hardware.preset));
        },
        [](Scenario& s, const QVariant& v) {
            if (const auto* g = core::findGpuPreset(v.toString().toStdString()))
                s.hardware = core::withGpuPreset(s.hardware, *g);
        },
        QT_TRANSLATE_NOOP("ui::InputPanel", "Choose GPU"));
    for (const auto& g : core::gpuPresets())
        gpu->addItem(QString::fromStdString(g.spec.name), QString::fromStdString(g.name));
    //: the GPU figures were edited by hand
    gpu->addItem(tr("Custom GPU"), QStringLiteral("custom"));
    sec->addRow(QT_TRANSLATE_NOOP("ui::InputPanel", "&GPU:"), gpu,
        QT_TRANSLATE_NOOP("ui::InputPanel",
            "A GPU with its datasheet's figures: memory, peak rate per number format, NVLink, network, PCIe and "
            "power. Each can be edited below; an edited figure keeps the GPU's name and is saved beside it."));
    m_gpuFacts = new QLabel(sec);
    m_gpuFacts->setObjectName(QStringLiteral("gpuFacts"));
    m_gpuFacts->setWordWrap(true);
    sec->addWideRow(m_gpuFacts);
    // Editing a figure of a preset GPU keeps the preset and its other figures: the file writes the
    // preset's name with the changed fields next to it (core::presetOverrides). The GPU's rows of the
    // field table that have texts (field_texts.cpp) are its fields here, in the table's order.
    for (const core::Field* field : core::objectFields("hardware.gpu"))
        if (fieldText(field->path)) addField(sec, field->path.data()); // a literal: terminated
    addFields(sec, { "hardware.gpus_per_node", "hardware.host_memory_gbps" });
}

void InputPanel::buildCost()
{
    auto* sec = new FormSection(QT_TRANSLATE_NOOP("ui::InputPanel", "Efficiency, cost and reliability"), this);
    m_sections << sec;
    addFields(sec,
        { "efficiency.compute", "efficiency.memory_bound_passes", "efficiency.comm_overlap", "efficiency.bus_bandwidth",
            "cost.pricing", "cost.gpu_hour_usd", "cost.kwh_usd", "cost.storage_usd_per_tb_month",
            "cost.checkpoints_kept", "cost.network_usd_per_tb", "cost.team_size", "cost.person_month_usd", "cost.pue",
            "reliability.gpu_mtbf_hours", "reliability.spot_interruptions_per_node_day", "reliability.restart_minutes",
            "reliability.checkpoint_write_gbps" });
    sec->setExpanded(false);
}

void InputPanel::buildOverheads()
{
    auto* sec = new FormSection(QT_TRANSLATE_NOOP("ui::InputPanel", "Memory overheads"), this);
    m_sections << sec;
    addFields(sec,
        { "overhead.cuda_context_gib", "overhead.comm_buffer_gib_per_group", "overhead.grad_bucket_mib",
            "overhead.fragmentation", "overhead.loss_bytes_per_logit" });
    sec->setExpanded(false);
}

} // namespace ui
