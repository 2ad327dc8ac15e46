#include "widgets/text/explain_text.h"

#include "widgets/text/format.h"

#include <QRegularExpression>

#include <algorithm>

namespace ui {

namespace {

// Every formula core/explain.cpp writes, as it writes it.
const char* const kFormulas[] = {
    QT_TRANSLATE_NOOP("ui::ExplainText",
        "(fp8 GEMM FLOPs ÷ fp8 achievable + GEMM FLOPs outside the fp8 scope ÷ 16-bit achievable) ÷ "
        "(GPUs × efficiency) + attention kernel"),
    QT_TRANSLATE_NOOP("ui::ExplainText",
        "Adafactor: (rows + columns of every matrix + vectors) × bytes(states) ÷ (dp·cp if ZeRO ≥ 1)"),
    QT_TRANSLATE_NOOP("ui::ExplainText",
        "GEMM FLOPs ÷ (GPUs × achievable matmul rate × efficiency [× the GPU's sustained fraction] × "
        "shape efficiency) + attention kernel"),
    QT_TRANSLATE_NOOP(
        "ui::ExplainText", "GPU-hours × price + GPU-hours × server power per GPU (else TDP) × PUE × energy price"),
    QT_TRANSLATE_NOOP("ui::ExplainText", "GPUs + energy + storage + network + team"),
    QT_TRANSLATE_NOOP("ui::ExplainText",
        "PCIe: gradients down and weights up per step; offloaded parameters up per pass, beyond the "
        "compute"),
    QT_TRANSLATE_NOOP("ui::ExplainText", "ZeRO-3: 2 gathered layers; DDP bucket; NCCL buffers per communicator"),
    QT_TRANSLATE_NOOP("ui::ExplainText",
        "at the backward's end (gradients freed after each step): the first layer's activations, with "
        "its recomputation"),
    QT_TRANSLATE_NOOP("ui::ExplainText", "calls × latency(group, nodes) + calls × message × bus factor ÷ bandwidth"),
    QT_TRANSLATE_NOOP("ui::ExplainText", "checkpoint size × checkpoints kept × price per TB-month × months"),
    QT_TRANSLATE_NOOP("ui::ExplainText", "compute + bubble + exposed communication + optimizer + offload"),
    QT_TRANSLATE_NOOP("ui::ExplainText",
        "compute time × (p − 1) ÷ (v · m) + (v · m − 1) ÷ (v · m) × (busiest stage's load − 1) × matmul time"),
    QT_TRANSLATE_NOOP("ui::ExplainText",
        "flash-attention FLOPs per GPU (causal half; backward 2.5 × forward; + a recomputed forward) ÷ (kernel "
        "rate × efficiency) × length factor (the kernel's rate at its reference length ÷ its rate on blocks of ℓ "
        "tokens, ℓ/(ℓ + 680); reference 16k tokens, 2.4k for flash1; ℓ = s, or s/(2·cp) with context "
        "parallelism)"),
    QT_TRANSLATE_NOOP("ui::ExplainText", "fragmentation × allocated + CUDA context"),
    QT_TRANSLATE_NOOP("ui::ExplainText", "inter-node bytes of all GPUs over the run × price per TB"),
    QT_TRANSLATE_NOOP("ui::ExplainText",
        "layers_stage × bytes/layer × in-flight micro-batches + logits (loss bytes per logit)·s·b·V/t"),
    QT_TRANSLATE_NOOP("ui::ExplainText", "matmuls + memory-bound kernels + waiting for the CPU"),
    QT_TRANSLATE_NOOP("ui::ExplainText",
        "host time − (matmuls + memory-bound + collectives inside the micro-batches); host time = micro-batches × "
        "operations × host time per operation"),
    QT_TRANSLATE_NOOP("ui::ExplainText", "model FLOPs ÷ (step time × GPUs × peak)"),
    QT_TRANSLATE_NOOP("ui::ExplainText",
        "one micro-batch, gradients freed after each step: max(activations + LM head's gradient at the "
        "backward's start, all gradients + first layer's activations at its end); all = Ψ_trainable × "
        "bytes(gradients) ÷ (dp·cp if ZeRO ≥ 2)"),
    QT_TRANSLATE_NOOP(
        "ui::ExplainText", "parameters updated × bytes touched ÷ (host memory bandwidth ÷ GPUs sharing the node)"),
    QT_TRANSLATE_NOOP(
        "ui::ExplainText", "parameters updated × bytes touched ÷ memory bandwidth + the stack's host time per step"),
    QT_TRANSLATE_NOOP("ui::ExplainText",
        "passes × activation bytes per layer × layers × micro-batches × recompute factor ÷ HBM bandwidth "
        "(+ fp8 casts)"),
    QT_TRANSLATE_NOOP("ui::ExplainText", "people × person-month × months of the run"),
    QT_TRANSLATE_NOOP("ui::ExplainText", "tokens ÷ (global batch × sequence) × step time"),
    QT_TRANSLATE_NOOP("ui::ExplainText",
        "Σ FLOPs ÷ rate over Σ time of each GEMM of a micro-batch on one rank (forward, input and weight "
        "gradients, by their per-rank shapes): waves of 128 × 256 or 128 × 128 output tiles on the GPU's "
        "SMs, each tile's fixed cost, HBM traffic, a per-kernel floor"),
    QT_TRANSLATE_NOOP("ui::ExplainText",
        "Ψ_base × bytes(weights) (QLoRA: linear layers in NF4, 0.516 B) + Ψ_adapters × bytes(weights), ÷ "
        "shard if ZeRO-3"),
    QT_TRANSLATE_NOOP("ui::ExplainText",
        "Ψ_gpu × bytes(weights) ÷ (dp·cp, experts dp·cp ÷ ep) + Ψ_gpu × bytes(gathered), kept whole from "
        "the first forward to the last backward"),
    QT_TRANSLATE_NOOP("ui::ExplainText", "Ψ_gpu × bytes(weights) ÷ (dp·cp, experts dp·cp ÷ ep, if ZeRO-3)"),
    QT_TRANSLATE_NOOP("ui::ExplainText", "Ψ_trainable × bytes(gradients) ÷ (dp·cp, experts dp·cp ÷ ep, if ZeRO ≥ 2)"),
    QT_TRANSLATE_NOOP("ui::ExplainText", "Ψ_trainable × bytes(master) ÷ (dp·cp, experts dp·cp ÷ ep, if ZeRO ≥ 1)"),
    QT_TRANSLATE_NOOP(
        "ui::ExplainText", "Ψ_trainable × bytes/param(optimizer) ÷ (dp·cp, experts dp·cp ÷ ep, if ZeRO ≥ 1)"),
};

// The words of core's arithmetic, longest first where one contains another.
const char* const kPhrases[] = {
    QT_TRANSLATE_NOOP("ui::ExplainText", "(SM count not given: no wave quantization)"),
    QT_TRANSLATE_NOOP("ui::ExplainText", " µs per operation; the GPU waits "),
    QT_TRANSLATE_NOOP("ui::ExplainText", "(offloaded: the layers' saved tensors,"),
    QT_TRANSLATE_NOOP("ui::ExplainText", "on the host; two layers' worth on the GPU)"),
    QT_TRANSLATE_NOOP("ui::ExplainText", "bytes/layer (average over the stage's layers) + working set"),
    QT_TRANSLATE_NOOP("ui::ExplainText", "), the start: LM head's gradient"),
    QT_TRANSLATE_NOOP("ui::ExplainText", "), the end:"),
    QT_TRANSLATE_NOOP("ui::ExplainText", "on the host (offload):"),
    QT_TRANSLATE_NOOP("ui::ExplainText", "; on the GPU"),
    QT_TRANSLATE_NOOP("ui::ExplainText", "activations (no recomputation)"),
    QT_TRANSLATE_NOOP("ui::ExplainText", "micro-batches …"),
    QT_TRANSLATE_NOOP("ui::ExplainText", "+ fp8 casts"),
    QT_TRANSLATE_NOOP("ui::ExplainText", "− attention"),
    QT_TRANSLATE_NOOP("ui::ExplainText", "+ extras"),
    QT_TRANSLATE_NOOP("ui::ExplainText", "ranks on"),
    QT_TRANSLATE_NOOP("ui::ExplainText", "nodes)"),
    QT_TRANSLATE_NOOP("ui::ExplainText", "node)"),
    QT_TRANSLATE_NOOP("ui::ExplainText", "(exposed"),
    QT_TRANSLATE_NOOP("ui::ExplainText", "GB/s per node"),
    QT_TRANSLATE_NOOP("ui::ExplainText", "dense ×"),
    QT_TRANSLATE_NOOP("ui::ExplainText", "× allocated"),
    QT_TRANSLATE_NOOP("ui::ExplainText", "SMs)"),
    QT_TRANSLATE_NOOP("ui::ExplainText", " days"),
    QT_TRANSLATE_NOOP("ui::ExplainText", " at "),
    QT_TRANSLATE_NOOP("ui::ExplainText", " over "),
    QT_TRANSLATE_NOOP("ui::ExplainText", "(load "),
};

/// Core's citations of the repository's documents, and what each stands for. The documents are not
/// where an installed user can open them from a tooltip; the papers, datasheets and the Help are.
struct Citation {
    const char* document;
    const char* instead;
};
const Citation kCitations[] = {
    { "docs/MODEL.md \"Compute and time\"; calibration in docs/FIDELITY.md",
        QT_TRANSLATE_NOOP("ui::ExplainText",
            "Narayanan et al. 2021 eq. 3 (FLOPs) and the GPU's datasheet (HBM bandwidth); efficiency calibrated on "
            "published runs (Help › How Accurate Is This?)") },
    { "; docs/MODEL.md \"Software stacks\"",
        QT_TRANSLATE_NOOP("ui::ExplainText", "; host time per operation fitted to the stack's published runs") },
    { "docs/FORMULAS.md §4",
        QT_TRANSLATE_NOOP(
            "ui::ExplainText", "Narayanan et al. 2021 §2.2 (pipeline bubble) and eq. 3 (FLOPs per step)") },
    { "docs/FIDELITY.md", QT_TRANSLATE_NOOP("ui::ExplainText", "on published runs: Help › How Accurate Is This?") },
    { " (docs/MODEL.md)", QT_TRANSLATE_NOOP("ui::ExplainText", " (PyTorch's CUDA caching allocator)") },
    { "doc/PERFORMANCE.md", QT_TRANSLATE_NOOP("ui::ExplainText", "performance notes") },
};

ExplainText::KeyNamer g_keyNamer = nullptr; // GUI thread only, set once by the window

/// Keys of the scenario file ("parallel.attention_kernel") named as the form names them.
QString withKeysNamed(QString text)
{
    if (!g_keyNamer) return text;
    static const QRegularExpression key(QStringLiteral(
        R"(\b(model|training|precision|parallel|hardware|efficiency|cost|reliability|overhead)(\.[a-z0-9_]+)+\b)"));
    QString out;
    qsizetype at = 0;
    for (auto it = key.globalMatch(text); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        const QString name = g_keyNamer(m.captured(0).toStdString());
        out += text.mid(at, m.capturedStart() - at);
        out += name.isEmpty() ? m.captured(0) : QStringLiteral("“%1”").arg(name);
        at = m.capturedEnd();
    }
    return out + text.mid(at);
}

/// Core's numbers in C's %g ("4.87e+05", "2e+12") as plain decimals in the locale, with as many
/// significant digits as core printed.
QString withPlainNumbers(QString text)
{
    static const QRegularExpression scientific(QStringLiteral(R"((\d+)(?:\.(\d+))?e([+-]\d+))"));
    QString out;
    qsizetype at = 0;
    for (auto it = scientific.globalMatch(text); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        const double value = m.captured(0).toDouble();
        const int digits = int(m.captured(1).size() + m.captured(2).size());
        out += text.mid(at, m.capturedStart() - at) + formatSignificant(value, std::max(digits, 1));
        at = m.capturedEnd();
    }
    return out + text.mid(at);
}

} // namespace

void ExplainText::setKeyNames(KeyNamer namer)
{
    g_keyNamer = namer;
}

QString ExplainText::source(const std::string& english)
{
    QString text = QString::fromStdString(english);
    for (const Citation& c : kCitations)
        text.replace(QString::fromUtf8(c.document), tr(c.instead));
    return withKeysNamed(text);
}

bool ExplainText::knows(const std::string& formula)
{
    return std::any_of(std::begin(kFormulas), std::end(kFormulas), [&](const char* f) { return formula == f; });
}

QString ExplainText::formula(const std::string& english)
{
    for (const char* f : kFormulas)
        if (english == f) return tr(f);
    return QString::fromStdString(english);
}

QString ExplainText::substituted(const std::string& english)
{
    QString text = QString::fromStdString(english);
    for (const char* phrase : kPhrases) {
        const QString from = QString::fromUtf8(phrase);
        if (text.contains(from)) text.replace(from, tr(phrase));
    }
    return withKeysNamed(withPlainNumbers(text));
}

} // namespace ui
