#include "widgets/text/explain_text.h"

#include "widgets/text/format.h"

#include <QRegularExpression>

#include <algorithm>

namespace ui {

namespace {

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

QString ExplainText::formula(const std::string& english)
{
    // The English is returned as it is when the catalog has no translation (or the language is English).
    return QCoreApplication::translate(core::kFormulaContext, english.c_str());
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
