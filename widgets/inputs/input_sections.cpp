// The sections of the input panel other than the model (input_panel.cpp): each field is bound to
// one scenario key with the file format's ranges.

#include "architecture.h"
#include "input_panel.h"
#include "inputs/form_binder.h"
#include "inputs/form_section.h"
#include "presets.h"
#include "scenario_edit.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QSpinBox>

namespace ui {

namespace {

using core::DType;
using core::Scenario;

/// Items for an enum: translatable texts in enum order, the enum's value as data.
template <std::size_t N>
std::vector<std::pair<const char*, QVariant>> enumItems(const std::array<const char*, N>& texts)
{
    std::vector<std::pair<const char*, QVariant>> items;
    for (std::size_t i = 0; i < N; ++i)
        items.emplace_back(texts[i], static_cast<int>(i));
    return items;
}

/// A row choosing one value of an enum setting: a combo bound to `keyPath`, its items in enum order.
template <std::size_t N>
QComboBox* enumRow(FormBinder& bind, FormSection* sec, const char* keyPath, const char* label,
    FormBinder::Getter<QVariant> get, FormBinder::Setter<QVariant> set, const char* undo,
    const std::array<const char*, N>& texts, const char* tip)
{
    auto* box = bind.combo(sec, QString::fromLatin1(keyPath), std::move(get), std::move(set), undo);
    sec->setItems(box, enumItems(texts));
    sec->addRow(label, box, tip);
    return box;
}

const std::array<const char*, 8> kDTypeTexts { QT_TRANSLATE_NOOP("ui::InputPanel", "FP32"),
    QT_TRANSLATE_NOOP("ui::InputPanel", "TF32"), QT_TRANSLATE_NOOP("ui::InputPanel", "BF16"),
    QT_TRANSLATE_NOOP("ui::InputPanel", "FP16"), QT_TRANSLATE_NOOP("ui::InputPanel", "FP8 E4M3"),
    QT_TRANSLATE_NOOP("ui::InputPanel", "FP8 E5M2"), QT_TRANSLATE_NOOP("ui::InputPanel", "INT8"),
    QT_TRANSLATE_NOOP("ui::InputPanel", "NF4") };

/// Named precision recipes; "custom" when the five formats match none of them.
struct PrecisionPreset {
    const char* name;
    const char* text;
    core::Precision precision;
};
const std::array<PrecisionPreset, 6> kPrecisionPresets { {
    { "bf16_mixed", QT_TRANSLATE_NOOP("ui::InputPanel", "BF16 mixed + FP32 master (16 B/param)"),
        { DType::bf16, DType::bf16, DType::bf16, DType::fp32, DType::fp32 } },
    { "megatron", QT_TRANSLATE_NOOP("ui::InputPanel", "BF16 mixed, FP32 gradients (Megatron, 18 B/param)"),
        { DType::bf16, DType::bf16, DType::fp32, DType::fp32, DType::fp32 } },
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

void InputPanel::buildModelDetails()
{
    auto* sec = new FormSection(QT_TRANSLATE_NOOP("ui::InputPanel", "Model details"), this);
    m_sections << sec;
    // Editing a field of a bare size turns it into an explicit architecture (its exact count then
    // follows the shape); a preset keeps its name and records the field as an override.
    auto arch = [](Scenario& s) -> core::Architecture& {
        s.model.params = 0;
        return s.model.arch;
    };
    // Ranges come from core's limits table (FormBinder); top-k and the expert width show 0 for a
    // dense model, below their file minimum of 1.
    auto field = [&](const char* label, const char* key, int core::Architecture::*member, const char* undo) {
        const bool zeroForDense = member == &core::Architecture::topK || member == &core::Architecture::moeFfnHidden;
        sec->addRow(label,
            m_bind->spin(
                sec, QString::fromLatin1(key), [member](const Scenario& s) { return s.model.arch.*member; },
                [arch, member](Scenario& s, int v) { core::setArchitectureField(arch(s), member, v); }, undo,
                zeroForDense ? std::optional<int>(0) : std::nullopt));
    };
    field(QT_TRANSLATE_NOOP("ui::InputPanel", "Layers:"), "model.layers", &core::Architecture::layers,
        QT_TRANSLATE_NOOP("ui::InputPanel", "Change layers"));
    field(QT_TRANSLATE_NOOP("ui::InputPanel", "Hidden size:"), "model.hidden", &core::Architecture::hidden,
        QT_TRANSLATE_NOOP("ui::InputPanel", "Change hidden size"));
    field(QT_TRANSLATE_NOOP("ui::InputPanel", "Attention heads:"), "model.heads", &core::Architecture::heads,
        QT_TRANSLATE_NOOP("ui::InputPanel", "Change attention heads"));
    field(QT_TRANSLATE_NOOP("ui::InputPanel", "KV heads (GQA):"), "model.kv_heads", &core::Architecture::kvHeads,
        QT_TRANSLATE_NOOP("ui::InputPanel", "Change KV heads"));
    field(QT_TRANSLATE_NOOP("ui::InputPanel", "FFN hidden size:"), "model.ffn_hidden", &core::Architecture::ffnHidden,
        QT_TRANSLATE_NOOP("ui::InputPanel", "Change FFN size"));
    field(QT_TRANSLATE_NOOP("ui::InputPanel", "Vocabulary:"), "model.vocab", &core::Architecture::vocab,
        QT_TRANSLATE_NOOP("ui::InputPanel", "Change vocabulary"));
    field(QT_TRANSLATE_NOOP("ui::InputPanel", "Experts (0 = dense):"), "model.experts", &core::Architecture::experts,
        QT_TRANSLATE_NOOP("ui::InputPanel", "Change experts"));
    field(QT_TRANSLATE_NOOP("ui::InputPanel", "Experts per token (top-k):"), "model.top_k", &core::Architecture::topK,
        QT_TRANSLATE_NOOP("ui::InputPanel", "Change top-k"));
    field(QT_TRANSLATE_NOOP("ui::InputPanel", "Expert FFN size:"), "model.moe_ffn_hidden",
        &core::Architecture::moeFfnHidden, QT_TRANSLATE_NOOP("ui::InputPanel", "Change expert FFN size"));
    field(QT_TRANSLATE_NOOP("ui::InputPanel", "Shared experts:"), "model.shared_experts",
        &core::Architecture::sharedExperts, QT_TRANSLATE_NOOP("ui::InputPanel", "Change shared experts"));
    field(QT_TRANSLATE_NOOP("ui::InputPanel", "Nodes per token (0 = any):"), "model.routed_node_limit",
        &core::Architecture::routedNodeLimit, QT_TRANSLATE_NOOP("ui::InputPanel", "Change nodes per token"));
    field(QT_TRANSLATE_NOOP("ui::InputPanel", "Dense first layers:"), "model.dense_layers",
        &core::Architecture::denseLayers, QT_TRANSLATE_NOOP("ui::InputPanel", "Change dense first layers"));
    field(QT_TRANSLATE_NOOP("ui::InputPanel", "KV latent rank (0 = no MLA):"), "model.kv_lora_rank",
        &core::Architecture::kvLoraRank, QT_TRANSLATE_NOOP("ui::InputPanel", "Change KV latent rank"));
    field(QT_TRANSLATE_NOOP("ui::InputPanel", "Q latent rank (MLA):"), "model.q_lora_rank",
        &core::Architecture::qLoraRank, QT_TRANSLATE_NOOP("ui::InputPanel", "Change Q latent rank"));
    field(QT_TRANSLATE_NOOP("ui::InputPanel", "MTP modules:"), "model.mtp_layers", &core::Architecture::mtpLayers,
        QT_TRANSLATE_NOOP("ui::InputPanel", "Change MTP modules"));
    sec->setExpanded(false);
}

void InputPanel::buildTraining()
{
    auto* sec = new FormSection(QT_TRANSLATE_NOOP("ui::InputPanel", "Training"), this);
    m_sections << sec;
    sec->addRow(QT_TRANSLATE_NOOP("ui::InputPanel", "Sequence length:"),
        m_bind->spin(
            sec, QStringLiteral("training.seq_len"), [](const Scenario& s) { return s.training.seqLen; },
            [](Scenario& s, int v) { s.training.seqLen = v; },
            QT_TRANSLATE_NOOP("ui::InputPanel", "Change sequence length")),
        QT_TRANSLATE_NOOP("ui::InputPanel", "Tokens per sequence."));
    sec->addRow(QT_TRANSLATE_NOOP("ui::InputPanel", "Micro-batch:"),
        m_bind->spin(
            sec, QStringLiteral("training.micro_batch"), [](const Scenario& s) { return s.training.microBatch; },
            [](Scenario& s, int v) { s.training.microBatch = v; },
            QT_TRANSLATE_NOOP("ui::InputPanel", "Change micro-batch")),
        QT_TRANSLATE_NOOP("ui::InputPanel", "Sequences per GPU per forward/backward pass."));
    sec->addRow(QT_TRANSLATE_NOOP("ui::InputPanel", "Global batch:"),
        m_bind->spin(
            sec, QStringLiteral("training.global_batch"), [](const Scenario& s) { return s.training.globalBatch; },
            [](Scenario& s, int v) { s.training.globalBatch = v; },
            QT_TRANSLATE_NOOP("ui::InputPanel", "Change global batch")),
        QT_TRANSLATE_NOOP("ui::InputPanel", "Sequences per optimizer step, over all replicas."));
    auto* tokens = m_bind->number(
        sec, QStringLiteral("training.tokens"), 1, [](const Scenario& s) { return s.training.tokens / 1e9; },
        [](Scenario& s, double v) { s.training.tokens = v * 1e9; },
        QT_TRANSLATE_NOOP("ui::InputPanel", "Change token budget"), 1e-9);
    tokens->setSuffix(QStringLiteral(" B"));
    sec->addRow(QT_TRANSLATE_NOOP("ui::InputPanel", "Tokens (billions):"), tokens);
    auto* optimizer = m_bind->combo(
        sec, QStringLiteral("training.optimizer"),
        [](const Scenario& s) { return QVariant(int(s.training.optimizer)); },
        [](Scenario& s, const QVariant& v) { s.training.optimizer = core::Optimizer(v.toInt()); },
        QT_TRANSLATE_NOOP("ui::InputPanel", "Change optimizer"));
    sec->setItems(optimizer,
        enumItems(std::array<const char*, 7> { QT_TRANSLATE_NOOP("ui::InputPanel", "AdamW"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "Adam"), QT_TRANSLATE_NOOP("ui::InputPanel", "SGD"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "SGD with momentum"), QT_TRANSLATE_NOOP("ui::InputPanel", "Lion"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "Adafactor"), QT_TRANSLATE_NOOP("ui::InputPanel", "8-bit AdamW") }));
    sec->addRow(QT_TRANSLATE_NOOP("ui::InputPanel", "Optimizer:"), optimizer);
    auto* method = m_bind->combo(
        sec, QStringLiteral("training.method"), [](const Scenario& s) { return QVariant(int(s.training.method)); },
        [](Scenario& s, const QVariant& v) { s.training.method = core::Method(v.toInt()); },
        QT_TRANSLATE_NOOP("ui::InputPanel", "Change training method"));
    sec->setItems(method,
        enumItems(std::array<const char*, 3> { QT_TRANSLATE_NOOP("ui::InputPanel", "Full training"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "LoRA fine-tuning"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "QLoRA fine-tuning (NF4 base)") }));
    sec->addRow(QT_TRANSLATE_NOOP("ui::InputPanel", "Method:"), method);
    sec->addRow(QT_TRANSLATE_NOOP("ui::InputPanel", "LoRA rank:"),
        m_bind->spin(
            sec, QStringLiteral("training.lora_rank"), [](const Scenario& s) { return s.training.loraRank; },
            [](Scenario& s, int v) { s.training.loraRank = v; },
            QT_TRANSLATE_NOOP("ui::InputPanel", "Change LoRA rank")));
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
    std::vector<std::pair<const char*, QVariant>> recipes;
    for (const auto& p : kPrecisionPresets)
        recipes.emplace_back(p.text, QString::fromLatin1(p.name));
    recipes.emplace_back(QT_TRANSLATE_NOOP("ui::InputPanel", "Custom"), QStringLiteral("custom"));
    sec->setItems(recipe, recipes);
    sec->addRow(QT_TRANSLATE_NOOP("ui::InputPanel", "Recipe:"), recipe,
        QT_TRANSLATE_NOOP("ui::InputPanel",
            "Mixed precision keeps an FP32 master copy of the weights: "
            "updates smaller than half a BF16 step would otherwise be lost."));

    auto dtypeRow = [&](const char* label, const char* key, auto get, auto set, const char* undo) {
        auto* box = m_bind->combo(sec, QString::fromLatin1(key), get, set, undo);
        sec->setItems(box, enumItems(kDTypeTexts));
        sec->addRow(label, box);
        return box;
    };
    dtypeRow(
        QT_TRANSLATE_NOOP("ui::InputPanel", "Compute:"), "precision.compute",
        [](const Scenario& s) { return QVariant(int(s.precision.compute)); },
        [](Scenario& s, const QVariant& v) { s.precision.compute = DType(v.toInt()); },
        QT_TRANSLATE_NOOP("ui::InputPanel", "Change compute format"));
    enumRow(
        *m_bind, sec, "precision.fp8_scope", QT_TRANSLATE_NOOP("ui::InputPanel", "FP8 scope:"),
        [](const Scenario& s) { return QVariant(int(s.precision.fp8Scope)); },
        [](Scenario& s, const QVariant& v) { s.precision.fp8Scope = core::Fp8Scope(v.toInt()); },
        QT_TRANSLATE_NOOP("ui::InputPanel", "Change FP8 scope"),
        std::array<const char*, 3> {
            QT_TRANSLATE_NOOP("ui::InputPanel", "Linear layers (attention and LM head in BF16)"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "Linear layers and LM head"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "All matmuls, FP8 attention too") },
        QT_TRANSLATE_NOOP("ui::InputPanel",
            "With an FP8 compute format: which matmuls run at the FP8 rate. torchao and Transformer Engine convert "
            "the linear layers only; the rest runs at the BF16 rate, and every FP8 operand is scaled and cast first."));
    enumRow(
        *m_bind, sec, "precision.fp8_scaling", QT_TRANSLATE_NOOP("ui::InputPanel", "FP8 scaling:"),
        [](const Scenario& s) { return QVariant(int(s.precision.fp8Scaling)); },
        [](Scenario& s, const QVariant& v) { s.precision.fp8Scaling = core::Fp8Scaling(v.toInt()); },
        QT_TRANSLATE_NOOP("ui::InputPanel", "Change FP8 scaling"),
        std::array<const char*, 2> { QT_TRANSLATE_NOOP("ui::InputPanel", "Per tensor"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "Per row (torchao rowwise)") },
        QT_TRANSLATE_NOOP("ui::InputPanel",
            "Per-row scales handle outliers better but cost more: each operand is cast twice, once per GEMM axis, "
            "and tensor parallelism gathers BF16 instead of FP8. torchao's 8B benchmark on 8 H100: +25 % per "
            "tensor, +10 % per row."));
    enumRow(
        *m_bind, sec, "precision.activation_cache", QT_TRANSLATE_NOOP("ui::InputPanel", "Saved activations:"),
        [](const Scenario& s) { return QVariant(int(s.precision.activationCache)); },
        [](Scenario& s, const QVariant& v) { s.precision.activationCache = core::ActivationCache(v.toInt()); },
        QT_TRANSLATE_NOOP("ui::InputPanel", "Change saved activations"),
        std::array<const char*, 2> { QT_TRANSLATE_NOOP("ui::InputPanel", "In the compute format"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "FP8 (DeepSeek-V3)") },
        QT_TRANSLATE_NOOP("ui::InputPanel",
            "DeepSeek-V3 keeps the inputs of its linear layers for the backward pass in FP8 with a scale per 128 "
            "values, and the attention output in a 12-bit format: about half the activation memory of BF16."));
    dtypeRow(
        QT_TRANSLATE_NOOP("ui::InputPanel", "Weights:"), "precision.weights",
        [](const Scenario& s) { return QVariant(int(s.precision.weights)); },
        [](Scenario& s, const QVariant& v) { s.precision.weights = DType(v.toInt()); },
        QT_TRANSLATE_NOOP("ui::InputPanel", "Change weight format"));
    dtypeRow(
        QT_TRANSLATE_NOOP("ui::InputPanel", "Gradients:"), "precision.gradients",
        [](const Scenario& s) { return QVariant(int(s.precision.gradients)); },
        [](Scenario& s, const QVariant& v) { s.precision.gradients = DType(v.toInt()); },
        QT_TRANSLATE_NOOP("ui::InputPanel", "Change gradient format"));
    auto* master = dtypeRow(
        QT_TRANSLATE_NOOP("ui::InputPanel", "Master weights:"), "precision.master_weights",
        [](const Scenario& s) { return QVariant(s.precision.masterWeights ? int(*s.precision.masterWeights) : -1); },
        [](Scenario& s, const QVariant& v) {
            s.precision.masterWeights = v.toInt() < 0 ? std::nullopt : std::optional<DType>(DType(v.toInt()));
        },
        QT_TRANSLATE_NOOP("ui::InputPanel", "Change master-weight format"));
    auto items = enumItems(kDTypeTexts);
    items.emplace_back(QT_TRANSLATE_NOOP("ui::InputPanel", "None"), -1);
    sec->setItems(master, items);
    dtypeRow(
        QT_TRANSLATE_NOOP("ui::InputPanel", "Optimizer states:"), "precision.optimizer_states",
        [](const Scenario& s) { return QVariant(int(s.precision.optimizerStates)); },
        [](Scenario& s, const QVariant& v) { s.precision.optimizerStates = DType(v.toInt()); },
        QT_TRANSLATE_NOOP("ui::InputPanel", "Change optimizer-state format"));
    sec->setExpanded(false);
}

void InputPanel::buildParallelism()
{
    auto* sec = new FormSection(QT_TRANSLATE_NOOP("ui::InputPanel", "Parallelism"), this);
    m_sections << sec;
    m_gpuTotal = new QLabel(sec);
    m_gpuTotal->setObjectName(QStringLiteral("gpuTotal"));
    sec->addWideRow(m_gpuTotal);
    auto* tp = m_bind->combo(
        sec, QStringLiteral("parallel.tp"), [](const Scenario& s) { return QVariant(s.parallel.tp); },
        [](Scenario& s, const QVariant& v) { s.parallel.tp = v.toInt(); },
        QT_TRANSLATE_NOOP("ui::InputPanel", "Change tensor parallelism"));
    for (int t = 1; t <= 64; t *= 2)
        tp->addItem(QString::number(t), t);
    sec->addRow(QT_TRANSLATE_NOOP("ui::InputPanel", "Tensor parallel (TP):"), tp,
        QT_TRANSLATE_NOOP(
            "ui::InputPanel", "Splits every layer's matrices over GPUs; keep it inside a node (NVLink)."));
    sec->addRow(QT_TRANSLATE_NOOP("ui::InputPanel", "Pipeline parallel (PP):"),
        m_bind->spin(
            sec, QStringLiteral("parallel.pp"), [](const Scenario& s) { return s.parallel.pp; },
            [](Scenario& s, int v) {
                s.parallel.pp = v;
                if (v < 2) s.parallel.pipelineSplit = core::PipelineSplit::layers; // nothing to split
            },
            QT_TRANSLATE_NOOP("ui::InputPanel", "Change pipeline parallelism")),
        QT_TRANSLATE_NOOP("ui::InputPanel", "Splits the layers into stages on different GPUs."));
    sec->addRow(QT_TRANSLATE_NOOP("ui::InputPanel", "&Data parallel (DP):"),
        m_bind->spin(
            sec, QStringLiteral("parallel.dp"), [](const Scenario& s) { return s.parallel.dp; },
            [](Scenario& s, int v) { s.parallel.dp = v; },
            QT_TRANSLATE_NOOP("ui::InputPanel", "Change data parallelism")),
        QT_TRANSLATE_NOOP("ui::InputPanel", "Number of model replicas; each sees a different slice of the batch."));
    sec->addRow(QT_TRANSLATE_NOOP("ui::InputPanel", "Context parallel (CP):"),
        m_bind->spin(
            sec, QStringLiteral("parallel.cp"), [](const Scenario& s) { return s.parallel.cp; },
            [](Scenario& s, int v) { s.parallel.cp = v; },
            QT_TRANSLATE_NOOP("ui::InputPanel", "Change context parallelism")),
        QT_TRANSLATE_NOOP("ui::InputPanel", "Splits each sequence over GPUs (ring attention)."));
    sec->addRow(QT_TRANSLATE_NOOP("ui::InputPanel", "Expert parallel (EP):"),
        m_bind->spin(
            sec, QStringLiteral("parallel.ep"), [](const Scenario& s) { return s.parallel.ep; },
            [](Scenario& s, int v) { s.parallel.ep = v; },
            QT_TRANSLATE_NOOP("ui::InputPanel", "Change expert parallelism")),
        QT_TRANSLATE_NOOP("ui::InputPanel", "Spreads the experts of MoE layers over GPUs (within DP × CP)."));
    auto* zero = m_bind->combo(
        sec, QStringLiteral("parallel.zero"), [](const Scenario& s) { return QVariant(s.parallel.zero); },
        [](Scenario& s, const QVariant& v) {
            s.parallel.zero = v.toInt();
            if (s.parallel.zero < 2)
                s.parallel.gradReduce = core::GradReduce::per_micro_batch; // ZeRO-2's and ZeRO-3's setting only
        },
        QT_TRANSLATE_NOOP("ui::InputPanel", "Change ZeRO stage"));
    sec->setItems(zero,
        { { QT_TRANSLATE_NOOP("ui::InputPanel", "0 — no sharding"), 0 },
            { QT_TRANSLATE_NOOP("ui::InputPanel", "1 — shard optimizer states"), 1 },
            { QT_TRANSLATE_NOOP("ui::InputPanel", "2 — also gradients"), 2 },
            { QT_TRANSLATE_NOOP("ui::InputPanel", "3 — also weights (FSDP)"), 3 } });
    sec->addRow(QT_TRANSLATE_NOOP("ui::InputPanel", "&ZeRO stage:"), zero);
    auto* reduce = m_bind->combo(
        sec, QStringLiteral("parallel.grad_reduce"),
        [](const Scenario& s) { return QVariant(int(s.parallel.gradReduce)); },
        [](Scenario& s, const QVariant& v) {
            s.parallel.gradReduce = core::GradReduce(v.toInt());
            if (s.parallel.gradReduce != core::GradReduce::per_micro_batch && s.parallel.zero < 2)
                s.parallel.zero = 2; // ZeRO-2's and ZeRO-3's setting
        },
        QT_TRANSLATE_NOOP("ui::InputPanel", "Change gradient reduction"));
    sec->setItems(reduce,
        enumItems(std::array<const char*, 2> { QT_TRANSLATE_NOOP("ui::InputPanel", "Every micro-batch"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "After accumulation") }));
    sec->addRow(QT_TRANSLATE_NOOP("ui::InputPanel", "ZeRO-2/3 reduction:"), reduce,
        QT_TRANSLATE_NOOP("ui::InputPanel",
            "With gradient accumulation, ZeRO-2 and ZeRO-3 either reduce-scatter after "
            "every micro-batch and keep only their gradient shard (DeepSpeed, FSDP), or "
            "accumulate the whole gradient and reduce once (FSDP's no_sync): one reduction "
            "instead of one per micro-batch, for unsharded gradient memory. ZeRO-3 then "
            "also keeps its parameters gathered from the first forward to the last "
            "backward (torchtitan with pipeline parallelism)."));
    enumRow(
        *m_bind, sec, "parallel.gradient_buffers", QT_TRANSLATE_NOOP("ui::InputPanel", "Gradients live:"),
        [](const Scenario& s) { return QVariant(int(s.parallel.gradientBuffers)); },
        [](Scenario& s, const QVariant& v) { s.parallel.gradientBuffers = core::GradientBuffers(v.toInt()); },
        QT_TRANSLATE_NOOP("ui::InputPanel", "Change how long gradients live"),
        std::array<const char*, 2> { QT_TRANSLATE_NOOP("ui::InputPanel", "Kept (Megatron, DDP)"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "Freed each step (PyTorch)") },
        QT_TRANSLATE_NOOP("ui::InputPanel",
            "Megatron-LM, PyTorch DDP and DeepSpeed keep gradients in buffers allocated once. Plain PyTorch and FSDP2 "
            "(torchtitan, torchtune) create each gradient in the backward and free it after the optimizer step. "
            "With one micro-batch per step the backward then frees activations as it creates gradients, and the "
            "peak holds only the larger of the two."));
    enumRow(
        *m_bind, sec, "parallel.dp_collectives", QT_TRANSLATE_NOOP("ui::InputPanel", "DP collectives:"),
        [](const Scenario& s) { return QVariant(int(s.parallel.dpCollectives)); },
        [](Scenario& s, const QVariant& v) { s.parallel.dpCollectives = core::DpCollectives(v.toInt()); },
        QT_TRANSLATE_NOOP("ui::InputPanel", "Change data-parallel collectives"),
        std::array<const char*, 2> { QT_TRANSLATE_NOOP("ui::InputPanel", "Buckets (DDP, Megatron)"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "Per layer (FSDP)") },
        QT_TRANSLATE_NOOP("ui::InputPanel",
            "ZeRO stages 0–2 reduce and gather in large buckets in PyTorch DDP, DeepSpeed and Megatron-LM, but one "
            "layer at a time in PyTorch FSDP (NO_SHARD, SHARD_GRAD_OP). Every call pays the ring's latency, which "
            "grows with the group: at hundreds of GPUs per-layer calls cost several per cent. ZeRO-3 always works "
            "per layer."));
    auto* recompute = m_bind->combo(
        sec, QStringLiteral("parallel.recompute"),
        [](const Scenario& s) { return QVariant(int(s.parallel.recompute)); },
        [](Scenario& s, const QVariant& v) { s.parallel.recompute = core::Recompute(v.toInt()); },
        QT_TRANSLATE_NOOP("ui::InputPanel", "Change recomputation"));
    sec->setItems(recompute,
        { { QT_TRANSLATE_NOOP("ui::InputPanel", "None"), 0 },
            { QT_TRANSLATE_NOOP("ui::InputPanel", "Selective (attention scores)"), 1 },
            { QT_TRANSLATE_NOOP("ui::InputPanel", "Selective (every other matmul, PyTorch op-level)"), 3 },
            { QT_TRANSLATE_NOOP("ui::InputPanel", "Norms, up-projections (DeepSeek-V3)"), 4 },
            { QT_TRANSLATE_NOOP("ui::InputPanel", "Full (every layer)"), 2 } });
    sec->addRow(QT_TRANSLATE_NOOP("ui::InputPanel", "Activation recompute:"), recompute);
    auto* sp = m_bind->check(
        sec, QStringLiteral("parallel.sequence_parallel"),
        [](const Scenario& s) { return s.parallel.sequenceParallel; },
        [](Scenario& s, bool on) {
            s.parallel.sequenceParallel = on;
            if (!on) s.parallel.tpSavedInput = core::TpSavedInput::shard; // a sequence-parallel setting
        },
        QT_TRANSLATE_NOOP("ui::InputPanel", "Toggle sequence parallelism"));
    sec->addRow(QT_TRANSLATE_NOOP("ui::InputPanel", "Sequence parallel:"), sp,
        QT_TRANSLATE_NOOP("ui::InputPanel", "Shards norms and dropout over the TP group (needs TP ≥ 2)."));
    enumRow(
        *m_bind, sec, "parallel.tp_saved_input", QT_TRANSLATE_NOOP("ui::InputPanel", "TP keeps for backward:"),
        [](const Scenario& s) { return QVariant(int(s.parallel.tpSavedInput)); },
        [](Scenario& s, const QVariant& v) { s.parallel.tpSavedInput = core::TpSavedInput(v.toInt()); },
        QT_TRANSLATE_NOOP("ui::InputPanel", "Change what TP keeps for backward"),
        std::array<const char*, 2> { QT_TRANSLATE_NOOP("ui::InputPanel", "Shard (Megatron-LM)"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "Gathered (PyTorch DTensor)") },
        QT_TRANSLATE_NOOP("ui::InputPanel",
            "With sequence parallelism a column-parallel layer all-gathers its input. Megatron-LM keeps only the "
            "sequence shard and gathers it again in the backward; PyTorch's DTensor (torchtitan) keeps the gathered "
            "input, t times the memory for the inputs of the attention and MLP projections."));
    auto* flash = m_bind->check(
        sec, QStringLiteral("parallel.flash_attention"), [](const Scenario& s) { return s.parallel.flashAttention; },
        [](Scenario& s, bool on) {
            s.parallel.flashAttention = on;
            if (!on) s.parallel.attentionKernel = core::AttentionKernel::automatic; // a kernel needs flash attention
        },
        QT_TRANSLATE_NOOP("ui::InputPanel", "Toggle flash attention"));
    sec->addRow(QT_TRANSLATE_NOOP("ui::InputPanel", "Flash attention:"), flash);
    auto* kernel = m_bind->combo(
        sec, QStringLiteral("parallel.attention_kernel"),
        [](const Scenario& s) { return QVariant(int(s.parallel.attentionKernel)); },
        [](Scenario& s, const QVariant& v) {
            s.parallel.attentionKernel = core::AttentionKernel(v.toInt());
            if (s.parallel.attentionKernel != core::AttentionKernel::automatic) s.parallel.flashAttention = true;
        },
        QT_TRANSLATE_NOOP("ui::InputPanel", "Change attention kernel"));
    sec->setItems(kernel,
        enumItems(std::array<const char*, 4> { QT_TRANSLATE_NOOP("ui::InputPanel", "Newest for the GPU"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "FlashAttention-1"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "FlashAttention-2"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "FlashAttention-3") }));
    sec->addRow(QT_TRANSLATE_NOOP("ui::InputPanel", "Attention kernel:"), kernel,
        QT_TRANSLATE_NOOP("ui::InputPanel",
            "The attention core runs at this kernel's measured rate, on the half of the "
            "score square a causal mask leaves; its backward recomputes the scores "
            "(2.5 × the forward). FlashAttention-3 runs on Hopper only; PyTorch's SDPA "
            "uses FlashAttention-2."));
    sec->addRow(QT_TRANSLATE_NOOP("ui::InputPanel", "K/V copied to every head:"),
        m_bind->check(
            sec, QStringLiteral("parallel.repeat_kv"), [](const Scenario& s) { return s.parallel.repeatKv; },
            [](Scenario& s, bool on) { s.parallel.repeatKv = on; },
            QT_TRANSLATE_NOOP("ui::InputPanel", "Toggle K/V copies")),
        QT_TRANSLATE_NOOP("ui::InputPanel",
            "With grouped-query attention, PyTorch's SDPA needs K and V at every query head: torchtitan, torchtune "
            "and Hugging Face copy them (repeat_kv), and the kernel keeps the copies for its backward. flash-attn "
            "and Transformer Engine read the shared heads."));
    enumRow(
        *m_bind, sec, "parallel.elementwise_kernels", QT_TRANSLATE_NOOP("ui::InputPanel", "Elementwise kernels:"),
        [](const Scenario& s) { return QVariant(int(s.parallel.elementwiseKernels)); },
        [](Scenario& s, const QVariant& v) { s.parallel.elementwiseKernels = core::ElementwiseKernels(v.toInt()); },
        QT_TRANSLATE_NOOP("ui::InputPanel", "Change elementwise kernels"),
        std::array<const char*, 2> { QT_TRANSLATE_NOOP("ui::InputPanel", "Fused (compiled, TE)"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "Eager PyTorch") },
        QT_TRANSLATE_NOOP("ui::InputPanel",
            "Eager PyTorch runs every operation of an RMSNorm, a rotary embedding and SwiGLU as its own kernel, each "
            "reading and writing the activations: nine times a fused norm's memory traffic. torch.compile, "
            "Megatron-LM and Transformer Engine fuse them."));
    auto* schedule = m_bind->combo(
        sec, QStringLiteral("parallel.schedule"), [](const Scenario& s) { return QVariant(int(s.parallel.schedule)); },
        [](Scenario& s, const QVariant& v) { core::setSchedule(s.parallel, core::Schedule(v.toInt())); },
        QT_TRANSLATE_NOOP("ui::InputPanel", "Change pipeline schedule"));
    sec->setItems(schedule,
        { { QT_TRANSLATE_NOOP("ui::InputPanel", "GPipe"), 0 }, { QT_TRANSLATE_NOOP("ui::InputPanel", "1F1B"), 1 },
            { QT_TRANSLATE_NOOP("ui::InputPanel", "Interleaved 1F1B"), 2 } });
    sec->addRow(QT_TRANSLATE_NOOP("ui::InputPanel", "Pipeline schedule:"), schedule);
    sec->addRow(QT_TRANSLATE_NOOP("ui::InputPanel", "Virtual stages:"),
        m_bind->spin(
            sec, QStringLiteral("parallel.virtual_stages"), [](const Scenario& s) { return s.parallel.virtualStages; },
            [](Scenario& s, int v) { s.parallel.virtualStages = v; },
            QT_TRANSLATE_NOOP("ui::InputPanel", "Change virtual stages")));
    enumRow(
        *m_bind, sec, "parallel.pipeline_split", QT_TRANSLATE_NOOP("ui::InputPanel", "Layers per stage:"),
        [](const Scenario& s) { return QVariant(int(s.parallel.pipelineSplit)); },
        [](Scenario& s, const QVariant& v) { s.parallel.pipelineSplit = core::PipelineSplit(v.toInt()); },
        QT_TRANSLATE_NOOP("ui::InputPanel", "Change layers per stage"),
        std::array<const char*, 2> { QT_TRANSLATE_NOOP("ui::InputPanel", "Even"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "Embedding, loss as layers (Llama 3)") },
        QT_TRANSLATE_NOOP("ui::InputPanel",
            "The first stage also holds the embedding and the most micro-batches, the last the output layer and the "
            "loss. Counting each as a layer gives those stages one layer fewer (Megatron-Core's "
            "account_for_embedding/loss_in_pipeline_split)."));
    sec->addRow(QT_TRANSLATE_NOOP("ui::InputPanel", "Offload optimizer:"),
        m_bind->check(
            sec, QStringLiteral("parallel.offload_optimizer"),
            [](const Scenario& s) { return s.parallel.offloadOptimizer; },
            [](Scenario& s, bool on) { s.parallel.offloadOptimizer = on; },
            QT_TRANSLATE_NOOP("ui::InputPanel", "Toggle optimizer offload")),
        QT_TRANSLATE_NOOP(
            "ui::InputPanel", "Keeps master weights and optimizer states in host memory (ZeRO-Offload)."));
    sec->addRow(QT_TRANSLATE_NOOP("ui::InputPanel", "Offload parameters:"),
        m_bind->check(
            sec, QStringLiteral("parallel.offload_params"), [](const Scenario& s) { return s.parallel.offloadParams; },
            [](Scenario& s, bool on) { s.parallel.offloadParams = on; },
            QT_TRANSLATE_NOOP("ui::InputPanel", "Toggle parameter offload")));
    sec->addRow(QT_TRANSLATE_NOOP("ui::InputPanel", "Offload activations:"),
        m_bind->check(
            sec, QStringLiteral("parallel.offload_activations"),
            [](const Scenario& s) { return s.parallel.offloadActivations; },
            [](Scenario& s, bool on) { s.parallel.offloadActivations = on; },
            QT_TRANSLATE_NOOP("ui::InputPanel", "Toggle activation offload")),
        QT_TRANSLATE_NOOP("ui::InputPanel",
            "Sends what the layers keep for the backward to host memory during the forward and fetches it back a "
            "layer ahead of the backward (torchtune, Transformer Engine). The GPU keeps two layers' worth; the "
            "PCIe traffic hides under the compute while it is shorter."));
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
    sec->addRow(QT_TRANSLATE_NOOP("ui::InputPanel", "&GPU:"), gpu);
    m_gpuFacts = new QLabel(sec);
    m_gpuFacts->setObjectName(QStringLiteral("gpuFacts"));
    m_gpuFacts->setWordWrap(true);
    sec->addWideRow(m_gpuFacts);
    // Editing a figure of a preset GPU keeps the preset and its other figures: the file writes the
    // preset's name with the changed fields next to it (core::presetOverrides).
    auto custom = [](Scenario& s) -> core::GpuSpec& { return s.hardware.gpu; };
    auto gpuField
        = [&](const char* label, const char* key, double core::GpuSpec::*member, const char* undo, const char* tip) {
              sec->addRow(label,
                  m_bind->number(
                      sec, QString::fromLatin1(key), 1, [member](const Scenario& s) { return s.hardware.gpu.*member; },
                      [custom, member](Scenario& s, double v) { custom(s).*member = v; }, undo),
                  tip);
          };
    gpuField(QT_TRANSLATE_NOOP("ui::InputPanel", "Memory (GiB):"), "hardware.gpu.memory_gib", &core::GpuSpec::memoryGib,
        QT_TRANSLATE_NOOP("ui::InputPanel", "Change GPU memory"), nullptr);
    gpuField(QT_TRANSLATE_NOOP("ui::InputPanel", "NVLink (GB/s):"), "hardware.gpu.intra_node_gbps",
        &core::GpuSpec::intraNodeGBps, QT_TRANSLATE_NOOP("ui::InputPanel", "Change NVLink bandwidth"),
        QT_TRANSLATE_NOOP("ui::InputPanel", "Per GPU, one direction (half the bidirectional figure of datasheets)."));
    gpuField(QT_TRANSLATE_NOOP("ui::InputPanel", "Network (GB/s):"), "hardware.gpu.inter_node_gbps",
        &core::GpuSpec::interNodeGBps, QT_TRANSLATE_NOOP("ui::InputPanel", "Change network bandwidth"),
        QT_TRANSLATE_NOOP("ui::InputPanel", "Per GPU, one direction: 400 Gb/s InfiniBand is 50 GB/s."));
    gpuField(QT_TRANSLATE_NOOP("ui::InputPanel", "PCIe to host (GB/s):"), "hardware.gpu.pcie_gbps",
        &core::GpuSpec::pcieGBps, QT_TRANSLATE_NOOP("ui::InputPanel", "Change PCIe bandwidth"),
        QT_TRANSLATE_NOOP("ui::InputPanel",
            "Per GPU, one direction: what offloaded optimizer states and parameters cross "
            "(PCIe Gen4 x16: 32 GB/s, Gen5: 64 GB/s)."));
    gpuField(QT_TRANSLATE_NOOP("ui::InputPanel", "TDP (W):"), "hardware.gpu.tdp_watts", &core::GpuSpec::tdpWatts,
        QT_TRANSLATE_NOOP("ui::InputPanel", "Change TDP"), nullptr);
    sec->addRow(QT_TRANSLATE_NOOP("ui::InputPanel", "GPUs per node:"),
        m_bind->spin(
            sec, QStringLiteral("hardware.gpus_per_node"), [](const Scenario& s) { return s.hardware.gpusPerNode; },
            [](Scenario& s, int v) { s.hardware.gpusPerNode = v; },
            QT_TRANSLATE_NOOP("ui::InputPanel", "Change GPUs per node")),
        QT_TRANSLATE_NOOP("ui::InputPanel", "GPUs joined by NVLink; groups larger than a node use the network."));
    sec->addRow(QT_TRANSLATE_NOOP("ui::InputPanel", "Host memory (GB/s):"),
        m_bind->number(
            sec, QStringLiteral("hardware.host_memory_gbps"), 1,
            [](const Scenario& s) { return s.hardware.hostMemoryGBps; },
            [](Scenario& s, double v) { s.hardware.hostMemoryGBps = v; },
            QT_TRANSLATE_NOOP("ui::InputPanel", "Change host memory bandwidth")),
        QT_TRANSLATE_NOOP("ui::InputPanel",
            "CPU memory bandwidth of a whole node, shared by its GPUs: it bounds an offloaded "
            "optimizer step (default 409.6: two EPYC 7742 with eight DDR4-3200 channels each)."));
}

void InputPanel::buildCost()
{
    auto* sec = new FormSection(QT_TRANSLATE_NOOP("ui::InputPanel", "Efficiency, cost and reliability"), this);
    m_sections << sec;
    auto fraction = [&](const char* label, const char* key, auto get, auto set, const char* undo, const char* tip) {
        auto* box = m_bind->number(sec, QString::fromLatin1(key), 2, get, set, undo);
        box->setSingleStep(0.05);
        sec->addRow(label, box, tip);
    };
    fraction(
        QT_TRANSLATE_NOOP("ui::InputPanel", "Compute efficiency:"), "efficiency.compute",
        [](const Scenario& s) { return s.efficiency.compute; },
        [](Scenario& s, double v) { s.efficiency.compute = std::max(0.01, v); },
        QT_TRANSLATE_NOOP("ui::InputPanel", "Change compute efficiency"),
        QT_TRANSLATE_NOOP("ui::InputPanel",
            "Achieved fraction of the GPU's achievable matmul throughput — its best measured GEMM "
            "rate (MAMF), 80–87 % of the datasheet peak on NVIDIA GPUs. The default is calibrated on "
            "published runs (docs/FIDELITY.md)."));
    auto* passes = m_bind->number(
        sec, QStringLiteral("efficiency.memory_bound_passes"), 1,
        [](const Scenario& s) { return s.efficiency.memoryBoundPasses; },
        [](Scenario& s, double v) { s.efficiency.memoryBoundPasses = v; },
        QT_TRANSLATE_NOOP("ui::InputPanel", "Change memory-bound passes"));
    sec->addRow(QT_TRANSLATE_NOOP("ui::InputPanel", "Memory-bound passes:"), passes,
        QT_TRANSLATE_NOOP("ui::InputPanel",
            "How many times norms, softmax, dropout and activation functions move a layer's "
            "activations through GPU memory per step (default 6, calibrated)."));
    fraction(
        QT_TRANSLATE_NOOP("ui::InputPanel", "DP/CP overlap:"), "efficiency.comm_overlap",
        [](const Scenario& s) { return s.efficiency.commOverlap; },
        [](Scenario& s, double v) { s.efficiency.commOverlap = v; },
        QT_TRANSLATE_NOOP("ui::InputPanel", "Change communication overlap"),
        QT_TRANSLATE_NOOP("ui::InputPanel",
            "Fraction of data- and context-parallel traffic hidden under the backward pass (default 0.5)."));
    fraction(
        QT_TRANSLATE_NOOP("ui::InputPanel", "Bus bandwidth:"), "efficiency.bus_bandwidth",
        [](const Scenario& s) { return s.efficiency.busBandwidth; },
        [](Scenario& s, double v) { s.efficiency.busBandwidth = std::max(0.01, v); },
        QT_TRANSLATE_NOOP("ui::InputPanel", "Change bus bandwidth"),
        QT_TRANSLATE_NOOP(
            "ui::InputPanel", "Achieved fraction of the link bandwidth (nccl-tests bus bandwidth, default 0.8)."));
    auto* price = m_bind->number(
        sec, QStringLiteral("cost.gpu_hour_usd"), 2, [](const Scenario& s) { return s.cost.gpuHourUsd; },
        [](Scenario& s, double v) { s.cost.gpuHourUsd = v; }, QT_TRANSLATE_NOOP("ui::InputPanel", "Change GPU price"));
    price->setPrefix(QStringLiteral("$ "));
    sec->addRow(QT_TRANSLATE_NOOP("ui::InputPanel", "Price per GPU-hour:"), price);
    auto* kwh = m_bind->number(
        sec, QStringLiteral("cost.kwh_usd"), 3, [](const Scenario& s) { return s.cost.kwhUsd; },
        [](Scenario& s, double v) { s.cost.kwhUsd = v; }, QT_TRANSLATE_NOOP("ui::InputPanel", "Change energy price"));
    kwh->setPrefix(QStringLiteral("$ "));
    sec->addRow(QT_TRANSLATE_NOOP("ui::InputPanel", "Price per kWh:"), kwh);
    auto* storage = m_bind->number(
        sec, QStringLiteral("cost.storage_usd_per_tb_month"), 2,
        [](const Scenario& s) { return s.cost.storageUsdPerTbMonth; },
        [](Scenario& s, double v) { s.cost.storageUsdPerTbMonth = v; },
        QT_TRANSLATE_NOOP("ui::InputPanel", "Change storage price"));
    storage->setPrefix(QStringLiteral("$ "));
    sec->addRow(QT_TRANSLATE_NOOP("ui::InputPanel", "Storage per TB-month:"), storage,
        QT_TRANSLATE_NOOP("ui::InputPanel", "Price of checkpoint storage (default $23: AWS S3 Standard list price)."));
    sec->addRow(QT_TRANSLATE_NOOP("ui::InputPanel", "Checkpoints kept:"),
        m_bind->spin(
            sec, QStringLiteral("cost.checkpoints_kept"), [](const Scenario& s) { return s.cost.checkpointsKept; },
            [](Scenario& s, int v) { s.cost.checkpointsKept = v; },
            QT_TRANSLATE_NOOP("ui::InputPanel", "Change checkpoints kept")),
        QT_TRANSLATE_NOOP(
            "ui::InputPanel", "Checkpoints stored at the same time (default 2: the latest and one to fall back on)."));
    auto* network = m_bind->number(
        sec, QStringLiteral("cost.network_usd_per_tb"), 2, [](const Scenario& s) { return s.cost.networkUsdPerTb; },
        [](Scenario& s, double v) { s.cost.networkUsdPerTb = v; },
        QT_TRANSLATE_NOOP("ui::InputPanel", "Change network price"));
    network->setPrefix(QStringLiteral("$ "));
    sec->addRow(QT_TRANSLATE_NOOP("ui::InputPanel", "Network per TB:"), network,
        QT_TRANSLATE_NOOP("ui::InputPanel",
            "Price of inter-node traffic; 0 when the fabric is included in the GPU price (default)."));
    sec->addRow(QT_TRANSLATE_NOOP("ui::InputPanel", "Team (people):"),
        m_bind->number(
            sec, QStringLiteral("cost.team_size"), 1, [](const Scenario& s) { return s.cost.teamSize; },
            [](Scenario& s, double v) { s.cost.teamSize = v; },
            QT_TRANSLATE_NOOP("ui::InputPanel", "Change team size")),
        QT_TRANSLATE_NOOP("ui::InputPanel", "People running the training full time while it lasts (default 0)."));
    auto* person = m_bind->number(
        sec, QStringLiteral("cost.person_month_usd"), 0, [](const Scenario& s) { return s.cost.personMonthUsd; },
        [](Scenario& s, double v) { s.cost.personMonthUsd = v; },
        QT_TRANSLATE_NOOP("ui::InputPanel", "Change person-month cost"));
    person->setPrefix(QStringLiteral("$ "));
    sec->addRow(QT_TRANSLATE_NOOP("ui::InputPanel", "Cost per person-month:"), person,
        QT_TRANSLATE_NOOP(
            "ui::InputPanel", "Fully loaded cost of one person for a month (default $20,000, an assumption)."));
    sec->addRow(QT_TRANSLATE_NOOP("ui::InputPanel", "PUE:"),
        m_bind->number(
            sec, QStringLiteral("cost.pue"), 2, [](const Scenario& s) { return s.cost.pue; },
            [](Scenario& s, double v) { s.cost.pue = v; }, QT_TRANSLATE_NOOP("ui::InputPanel", "Change PUE")),
        QT_TRANSLATE_NOOP(
            "ui::InputPanel", "Power usage effectiveness of the data centre: facility power / IT power."));
    sec->addRow(QT_TRANSLATE_NOOP("ui::InputPanel", "MTBF per GPU (hours):"),
        m_bind->number(
            sec, QStringLiteral("reliability.gpu_mtbf_hours"), 0,
            [](const Scenario& s) { return s.reliability.gpuMtbfHours; },
            [](Scenario& s, double v) { s.reliability.gpuMtbfHours = v; },
            QT_TRANSLATE_NOOP("ui::InputPanel", "Change MTBF")),
        QT_TRANSLATE_NOOP("ui::InputPanel",
            "Mean time between failures of one GPU with its share of the system. "
            "Default 50,000 h: the Llama 3 record, 419 interruptions in 54 days on 16,384 GPUs."));
    sec->addRow(QT_TRANSLATE_NOOP("ui::InputPanel", "Restart (minutes):"),
        m_bind->number(
            sec, QStringLiteral("reliability.restart_minutes"), 1,
            [](const Scenario& s) { return s.reliability.restartMinutes; },
            [](Scenario& s, double v) { s.reliability.restartMinutes = v; },
            QT_TRANSLATE_NOOP("ui::InputPanel", "Change restart time")));
    sec->addRow(QT_TRANSLATE_NOOP("ui::InputPanel", "Checkpoint write (GB/s):"),
        m_bind->number(
            sec, QStringLiteral("reliability.checkpoint_write_gbps"), 1,
            [](const Scenario& s) { return s.reliability.checkpointWriteGBps; },
            [](Scenario& s, double v) { s.reliability.checkpointWriteGBps = v; },
            QT_TRANSLATE_NOOP("ui::InputPanel", "Change checkpoint bandwidth")),
        QT_TRANSLATE_NOOP("ui::InputPanel", "Aggregate write bandwidth of the checkpoint storage."));
    sec->setExpanded(false);
}

void InputPanel::buildOverheads()
{
    auto* sec = new FormSection(QT_TRANSLATE_NOOP("ui::InputPanel", "Memory overheads"), this);
    m_sections << sec;
    sec->addRow(QT_TRANSLATE_NOOP("ui::InputPanel", "CUDA context (GiB):"),
        m_bind->number(
            sec, QStringLiteral("overhead.cuda_context_gib"), 2,
            [](const Scenario& s) { return s.overhead.cudaContextGib; },
            [](Scenario& s, double v) { s.overhead.cudaContextGib = v; },
            QT_TRANSLATE_NOOP("ui::InputPanel", "Change CUDA context size")),
        QT_TRANSLATE_NOOP(
            "ui::InputPanel", "CUDA context and library workspaces on every GPU (default 0.6 GiB, docs/MODEL.md)."));
    sec->addRow(QT_TRANSLATE_NOOP("ui::InputPanel", "NCCL buffers per group (GiB):"),
        m_bind->number(
            sec, QStringLiteral("overhead.comm_buffer_gib_per_group"), 2,
            [](const Scenario& s) { return s.overhead.commBufferGibPerGroup; },
            [](Scenario& s, double v) { s.overhead.commBufferGibPerGroup = v; },
            QT_TRANSLATE_NOOP("ui::InputPanel", "Change communication buffers")),
        QT_TRANSLATE_NOOP("ui::InputPanel",
            "Buffers of each communicator (TP, PP, CP, EP, DP) the GPU belongs to (default 0.47 GiB)."));
    sec->addRow(QT_TRANSLATE_NOOP("ui::InputPanel", "Gradient bucket (MiB):"),
        m_bind->number(
            sec, QStringLiteral("overhead.grad_bucket_mib"), 0,
            [](const Scenario& s) { return s.overhead.gradBucketMib; },
            [](Scenario& s, double v) { s.overhead.gradBucketMib = v; },
            QT_TRANSLATE_NOOP("ui::InputPanel", "Change gradient bucket")),
        QT_TRANSLATE_NOOP("ui::InputPanel",
            "Data-parallel reduction bucket without sharded gradients (PyTorch DDP bucket_cap_mb, default 25)."));
    sec->addRow(QT_TRANSLATE_NOOP("ui::InputPanel", "Fragmentation:"),
        m_bind->number(
            sec, QStringLiteral("overhead.fragmentation"), 2,
            [](const Scenario& s) { return s.overhead.fragmentation; },
            [](Scenario& s, double v) { s.overhead.fragmentation = v; },
            QT_TRANSLATE_NOOP("ui::InputPanel", "Change fragmentation")),
        QT_TRANSLATE_NOOP("ui::InputPanel", "Allocator slack as a fraction of allocated memory (default 0.05)."));
    sec->addRow(QT_TRANSLATE_NOOP("ui::InputPanel", "Loss bytes per logit:"),
        m_bind->number(
            sec, QStringLiteral("overhead.loss_bytes_per_logit"), 0,
            [](const Scenario& s) { return s.overhead.lossBytesPerLogit; },
            [](Scenario& s, double v) { s.overhead.lossBytesPerLogit = v; },
            QT_TRANSLATE_NOOP("ui::InputPanel", "Change loss bytes per logit")),
        QT_TRANSLATE_NOOP("ui::InputPanel",
            "Bytes per token and vocabulary entry held at the loss: 4 for Megatron's fused "
            "cross-entropy (default), 12 for PyTorch's cross_entropy(logits.float())."));
    sec->setExpanded(false);
}

} // namespace ui
