#include "widgets/inputs/input_panel.h"

#include "core/scenario/architecture.h"
#include "core/scenario/presets.h"
#include "core/scenario/scenario_edit.h"
#include "core/scenario/scenario_io.h"
#include "widgets/inputs/field_texts.h"
#include "widgets/inputs/form_binder.h"
#include "widgets/inputs/form_section.h"
#include "widgets/session/scenario_session.h"
#include "widgets/text/format.h"
#include "widgets/text/problem_text.h"
#include "widgets/text/scenario_name.h"
#include "widgets/text/text_limit.h"

#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QEvent>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QKeySequence>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QSlider>
#include <QStyle>
#include <QVBoxLayout>

#include <cmath>

namespace ui {

namespace {

constexpr double kMinParams = 1e8;
constexpr double kMaxParams = 2e12;

} // namespace

std::int64_t InputPanel::sliderToParams(int position)
{
    const double raw = kMinParams * std::pow(kMaxParams / kMinParams, double(position) / kSliderSteps);
    const double unit = std::pow(10.0, std::floor(std::log10(raw)) - 2); // three significant digits
    return static_cast<std::int64_t>(std::llround(std::round(raw / unit) * unit));
}

std::optional<std::int64_t> InputPanel::typedSize(const QString& text)
{
    QString t = text.trimmed().toUpper().remove(QLatin1Char(' ')).remove(QLatin1Char(','));
    double unit = 1;
    if (!t.isEmpty()) {
        const QChar last = t.back();
        unit = last == u'K' ? 1e3 : last == u'M' ? 1e6 : last == u'B' || last == u'G' ? 1e9 : last == u'T' ? 1e12 : 1;
        if (unit > 1) t.chop(1);
    }
    bool ok = false;
    const double value = t.toDouble(&ok) * unit; // the "C" notation, whatever the language
    if (!ok || !std::isfinite(value) || value < kMinParams || value > kMaxParams) return std::nullopt;
    return static_cast<std::int64_t>(std::llround(value));
}

int InputPanel::paramsToSlider(double params)
{
    const double x
        = std::log(std::clamp(params, kMinParams, kMaxParams) / kMinParams) / std::log(kMaxParams / kMinParams);
    return static_cast<int>(std::lround(x * kSliderSteps));
}

namespace {

/// The wheel scrolls the panel unless the control under it has focus (else
/// scrolling down the form turns TP from 1 into 64 without a click). The event is ignored and stopped
/// here, so Qt hands it on to the parents and the scroll area scrolls; a control that was clicked or
/// tabbed into takes the wheel as before.
class WheelGuard : public QObject {
public:
    using QObject::QObject;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        // Ctrl+Z and Ctrl+Shift+Z in a focused number field: the window's Undo and Redo, not the line
        // edit's own (under which Ctrl+Z does nothing to the scenario while a spin box has focus). What
        // was typed is committed first, so it is the step undone.
        if (event->type() == QEvent::ShortcutOverride) {
            auto* key = static_cast<QKeyEvent*>(event);
            // In a number field the window's Ctrl shortcuts win too (Ctrl+E exports; X11's line edit takes
            // it as end-of-line, as under Xvfb), except the clipboard's.
            const bool windowShortcut = qobject_cast<QAbstractSpinBox*>(watched)
                && (key->modifiers() & Qt::ControlModifier) && key->key() >= Qt::Key_A && key->key() <= Qt::Key_Z
                && !key->matches(QKeySequence::Copy) && !key->matches(QKeySequence::Cut)
                && !key->matches(QKeySequence::Paste) && !key->matches(QKeySequence::SelectAll);
            if (key->matches(QKeySequence::Undo) || key->matches(QKeySequence::Redo) || windowShortcut) {
                if (auto* spin = qobject_cast<QAbstractSpinBox*>(watched)) spin->interpretText();
                event->ignore();
                return true;
            }
            return false;
        }
        if (event->type() != QEvent::Wheel) return false;
        auto* control = static_cast<QWidget*>(watched);
        if (control->hasFocus()) return false;
        event->ignore();
        return true;
    }
};

/// A wrapped label as tall as its text at its width.
void fitHeight(QLabel* label)
{
    // Measured from the text itself: QLabel::heightForWidth() never returns less than the minimum
    // height, so it would only ever grow.
    const QMargins m = label->contentsMargins();
    const int width = label->width() - m.left() - m.right() - 2 * label->margin();
    if (width <= 0 || label->text().isEmpty()) return;
    const int height
        = label->fontMetrics()
              .boundingRect(QRect(0, 0, width, 100000), int(label->alignment()) | Qt::TextWordWrap, label->text())
              .height()
        + m.top() + m.bottom() + 2 * label->margin();
    if (label->minimumHeight() != height) label->setMinimumHeight(height);
}

/// Keeps a wrapped label as tall as its text at its width. A form row in a scroll area is sized
/// before the vertical scroll bar narrows it: the GPU facts' last lines were cut off.
class WrapHeight : public QObject {
public:
    using QObject::QObject;
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::Resize || event->type() == QEvent::Show) fitHeight(static_cast<QLabel*>(watched));
        return false;
    }
};

} // namespace

InputPanel::InputPanel(ScenarioSession* session, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
    , m_doc(session->document())
    , m_bind(new FormBinder(session->document(), this))
{
    setObjectName(QStringLiteral("inputPanel"));
    buildModel();
    buildModelDetails();
    buildTraining();
    buildPrecision();
    buildParallelism();
    buildHardware();
    buildCost();
    buildOverheads();

    m_problem = new QLabel(this);
    m_problem->setObjectName(QStringLiteral("inputProblem"));
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("color: #B34700;"));
    m_problem->hide();
    auto* wrap = new WrapHeight(this);
    for (QLabel* label : findChildren<QLabel*>())
        if (label->wordWrap()) label->installEventFilter(wrap);

    auto* layout = new QVBoxLayout(this);
    layout->setSpacing(2);
    for (auto* section : m_sections)
        layout->addWidget(section);
    layout->addWidget(m_problem);
    layout->addStretch(1);

    auto* guard = new WheelGuard(this);
    QList<QWidget*> controls;
    for (auto* w : findChildren<QAbstractSpinBox*>())
        controls << w;
    for (auto* w : findChildren<QComboBox*>())
        controls << w;
    for (auto* w : findChildren<QAbstractSlider*>())
        controls << w;
    for (QWidget* control : controls) {
        control->setFocusPolicy(Qt::StrongFocus); // a wheel over it no longer takes focus either
        control->installEventFilter(guard);
    }

    connect(m_doc, &ScenarioDocument::scenarioChanged, this, &InputPanel::showScenario);
    connect(m_session, &ScenarioSession::resultsChanged, this, &InputPanel::showResults);
    connect(m_doc, &ScenarioDocument::editRejected, this, &InputPanel::showRefused);
    showScenario(m_doc->scenario());
    showResults(m_session->results());
}

void InputPanel::buildModel()
{
    auto* section = new FormSection(QT_TRANSLATE_NOOP("ui::InputPanel", "Model"), this);
    m_sections << section;
    // The scenario's name heads the window, the report, every exported chart and the slides. It
    // follows the model, GPU count and GPU type until the user types one (core::nameFollowingEdit);
    // clearing the field gives the automatic name back.
    m_name = new QLineEdit(section);
    m_name->setObjectName(QStringLiteral("scenarioName"));
    limitToScenarioName(m_name);
    connect(m_name, &QLineEdit::editingFinished, this, [this] {
        const QString text = m_name->text().trimmed();
        if (text == ScenarioName::of(m_doc->scenario())) { // as shown: an automatic name stays automatic
            m_name->setModified(false);
            return;
        }
        const bool applied = m_doc->edit(QCoreApplication::translate("ui::InputPanel", "Rename scenario"),
            [&text](core::Scenario& s) { s.name = text.isEmpty() ? core::automaticName(s) : text.toStdString(); });
        if (!applied) {
            // The field shows what the scenario holds: a refused name must not look saved. The
            // refusal itself is marked on the field (showRefused).
            m_name->setModified(false);
            showScenario(m_doc->scenario());
        }
    });
    section->addRow(QT_TRANSLATE_NOOP("ui::InputPanel", "&Name:"), m_name);
    m_preset = m_bind->combo(
        section, QStringLiteral("model.preset"),
        [](const core::Scenario& s) { return QVariant(QString::fromStdString(s.model.preset)); },
        [this](core::Scenario& s, const QVariant& v) {
            if (const auto* p = core::findModelPreset(v.toString().toStdString()))
                s.model = core::presetModel(*p);
            else
                s.model = core::bareSizeModel(m_session->results().estimate.params.total);
        },
        QT_TRANSLATE_NOOP("ui::InputPanel", "Choose model"));
    std::vector<std::pair<const char*, QVariant>> items {
        { QT_TRANSLATE_NOOP("ui::InputPanel", "Custom size (standard shape)"), QString() }
    };
    section->setItems(m_preset, items);
    for (const auto& p : core::modelPresets())
        m_preset->addItem(QString::fromStdString(p.label), QString::fromStdString(p.name));
    section->addRow(QT_TRANSLATE_NOOP("ui::InputPanel", "&Preset:"), m_preset,
        QT_TRANSLATE_NOOP("ui::InputPanel",
            "A published model with its shape from its config.json or paper (Model details shows every "
            "figure). Custom size takes the size slider's standard Llama-style shape."));

    auto* sizeRow = new QWidget(section);
    m_size = new QSlider(Qt::Horizontal, sizeRow);
    m_size->setObjectName(QStringLiteral("modelSize"));
    m_size->setRange(0, kSliderSteps);
    m_size->setPageStep(kSliderSteps / 20);
    // The slider finds a size by eye; the box takes one typed ("700M", "7B"), exactly.
    m_sizeValue = new QLineEdit(sizeRow);
    m_sizeValue->setObjectName(QStringLiteral("modelSizeValue"));
    m_sizeValue->setFixedWidth(m_sizeValue->fontMetrics().horizontalAdvance(QStringLiteral("000.00 B")) + 10);
    m_sizeValue->setAlignment(Qt::AlignRight);
    connect(m_sizeValue, &QLineEdit::editingFinished, this, [this] {
        if (!m_sizeValue->isModified()) return;
        m_sizeValue->setModified(false);
        const auto params = typedSize(m_sizeValue->text());
        if (!params) {
            m_sizeValue->setText(formatCount(double(m_session->results().estimate.params.total)));
            m_problem->setText(tr("Not applied: type a size between %1 and %2 parameters, as 700M or 7B.")
                                   .arg(formatCount(kMinParams), formatCount(kMaxParams)));
            fitHeight(m_problem);
            m_problem->setVisible(true);
            return;
        }
        m_doc->edit(tr("Change model size"), [p = *params](core::Scenario& s) { s.model = core::bareSizeModel(p); });
    });
    sizeRow->setFocusProxy(m_size); // Alt+S (the label's buddy is the row) focuses the slider
    auto* row = new QHBoxLayout(sizeRow);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(m_size, 1);
    row->addWidget(m_sizeValue);
    section->addRow(QT_TRANSLATE_NOOP("ui::InputPanel", "&Size:"), sizeRow,
        QT_TRANSLATE_NOOP("ui::InputPanel",
            "Model size, 100 M to 2 T parameters (log scale). A bare size uses "
            "the standard Llama-style shape: head width 128, about 128 hidden "
            "units per layer, SwiGLU."));
    m_shape = new QLabel(section);
    m_shape->setObjectName(QStringLiteral("modelShape"));
    m_shape->setWordWrap(true);
    section->addWideRow(m_shape);
    connect(m_size, &QSlider::valueChanged, this, [this](int position) {
        const auto params = sliderToParams(position);
        m_doc->edit(
            tr("Change model size"), [params](core::Scenario& s) { s.model = core::bareSizeModel(params); },
            ScenarioDocument::ModelSize);
    });
}

QWidget* InputPanel::controlFor(const QString& keyPath) const
{
    if (keyPath == QLatin1String("name")) return m_name; // not a row of the field table
    return m_bind->controlFor(keyPath);
}

QString InputPanel::problemText() const
{
    return m_problem->isHidden() ? QString() : m_problem->text();
}

void InputPanel::showScenario(const core::Scenario& s)
{
    m_bind->refresh(s); // and disables the keys that do not apply (core::Field::applies)
    if (!m_name->hasFocus() || !m_name->isModified()) {
        const QSignalBlocker block(m_name);
        m_name->setText(ScenarioName::of(s));
        m_name->setCursorPosition(0); // the start of a long name, not its end
        m_name->setModified(false);
        m_name->setToolTip(core::hasAutomaticName(s)
                ? tr("Named after the model and the GPUs, and renamed with them until you type a name")
                : tr("Your name for this scenario; clear it to name it after the model and the GPUs again"));
        m_name->setWhatsThis(m_name->toolTip());
    }
    const auto& a = s.model.arch;
    QString shape
        = (a.isMla() ? tr("%1 layers, hidden %2, %3 heads (latent attention, KV rank %4), FFN %5, vocabulary %6")
                     : tr("%1 layers, hidden %2, %3 heads (%4 KV), FFN %5, vocabulary %6"))
              .arg(a.layers)
              .arg(a.hidden)
              .arg(a.heads)
              .arg(a.isMla() ? a.kvLoraRank : a.kvHeads)
              .arg(a.isMoe() ? a.moeFfnHidden : a.ffnHidden)
              .arg(a.vocab);
    if (a.isMoe()) {
        shape += QLatin1Char(' ') + tr("— %1 experts, top %2").arg(a.experts).arg(a.topK);
        if (a.sharedExperts > 0) shape += tr(", %n shared", nullptr, a.sharedExperts);
        if (a.denseLayers > 0) shape += tr(", first %n layer(s) dense", nullptr, a.denseLayers);
        if (a.routedNodeLimit > 0) shape += tr(", each token on at most %n node(s)", nullptr, a.routedNodeLimit);
    }
    if (a.mtpLayers > 0) shape += tr("; %n multi-token prediction module(s)", nullptr, a.mtpLayers);
    m_shape->setText(shape);
    fitHeight(m_shape);
    const auto& p = s.parallel;
    // The degrees that multiply the GPU count (EP's groups are carved out of them).
    QStringList factors;
    for (const core::Dimension& d : core::dimensions())
        if (d.multipliesGpus) factors << QStringLiteral("%1 %2").arg(dimensionLabel(d)).arg(d.of(p));
    m_gpuTotal->setText(QStringLiteral("= ") + factors.join(QStringLiteral(" × ")));
}

void InputPanel::showResults(const DerivedResults& r)
{
    const core::Scenario& s = r.scenario;
    const QSignalBlocker block(m_size);
    const double params = double(r.estimate.params.total);
    m_size->setValue(paramsToSlider(params));
    if (!m_sizeValue->hasFocus()) m_sizeValue->setText(formatCount(params));
    const auto& g = s.hardware.gpu;
    const auto bf16 = g.peakTflops.count(core::DType::bf16) ? g.peakTflops.at(core::DType::bf16) : 0.0;
    // A GPU without NVLink (RTX 4090, L40S) reaches the others of its node over PCIe.
    QString facts = (g.linksOverPcie()
            ? tr("%1 GiB, %2 TFLOP/s (BF16 dense), no NVLink: PCIe %3 GB/s, network %4 GB/s per GPU, %5 W")
            : tr("%1 GiB, %2 TFLOP/s (BF16 dense), NVLink %3 GB/s, network %4 GB/s per GPU, %5 W"))
                        .arg(g.memoryGib)
                        .arg(bf16)
                        .arg(g.intraNodeGBps)
                        .arg(g.interNodeGBps)
                        .arg(g.tdpWatts);
    // The rates the estimate prices the work at (core: the GPU's measured matmul rate, MAMF, and
    // its flash-attention kernel's), before efficiency.compute.
    const auto& c = r.estimate.compute;
    if (c.achievableFlopsPerGpu > 0) {
        const QLocale locale;
        QString rates = tr("Priced at: matmuls %1 TFLOP/s (best measured GEMM)")
                            .arg(locale.toString(c.achievableFlopsPerGpu / 1e12, 'f', 1));
        rates += tr(", of which this model's GEMM shapes reach %1 %")
                     .arg(locale.toString(100 * c.gemmShapeEfficiency, 'f', 0));
        if (c.attentionRatePerGpu > 0)
            rates += tr(", attention %1 TFLOP/s").arg(locale.toString(c.attentionRatePerGpu / 1e12, 'f', 1));
        if (g.sustainedFraction != 1)
            rates += tr("; this GPU sustains %1 % of these rates in training (calibrated on published runs)")
                         .arg(locale.toString(100 * g.sustainedFraction, 'f', 0));
        //: ends a sentence built of parts (Chinese: a full-width full stop)
        facts += QLatin1Char('\n') + rates + tr(".");
    }
    // The price stays with the scenario when the GPU changes (an A100's $2.00 an hour would carry over to
    // an H100 unnoticed): said next to the GPU, where the change is made.
    facts += QLatin1Char('\n')
        + tr("Rented at $%1 per GPU-hour, the cost section's price for any GPU.")
              .arg(QLocale().toString(s.cost.gpuHourUsd, 'f', 2));
    // Figures changed from the preset, which keeps the rest.
    QStringList changed;
    for (const std::string& key : core::presetOverrides(s.hardware)) {
        const FieldText* text = fieldText("hardware.gpu." + key); // its word, or the file's key
        changed << (text && text->listName ? QCoreApplication::translate("ui::InputPanel", text->listName)
                                           : QString::fromStdString(key));
    }
    if (!changed.isEmpty())
        facts += QLatin1Char('\n')
            + tr("Changed from the preset: %1; its other figures are kept.").arg(listText(changed));
    // Set once, and only when it changed: a new text relays the form out (not on every slider tick).
    if (m_gpuFacts->text() != facts) {
        m_gpuFacts->setText(facts);
        fitHeight(m_gpuFacts);
    }
    m_gpuFacts->setToolTip(QString::fromStdString(g.source));

    QStringList paths, texts;
    for (const auto& w : r.estimate.warnings) {
        paths << QString::fromStdString(w.key); // core says which control each problem is about
        texts << ProblemText::of(w);
    }
    if (!m_refused.isEmpty()) {
        texts.prepend(m_refused);
        m_refused.clear();
    }
    markProblems(paths, texts);
}

void InputPanel::showRefused(const QString& path, const QString& message)
{
    //: an edit was refused; %1 is the reason, a sentence (the control it is about is marked)
    m_refused = tr("Not applied: %1").arg(message);
    markProblems({ path }, { m_refused });
}

void InputPanel::markProblems(const QStringList& keyPaths, const QStringList& texts)
{
    // A style sheet re-polishes its control: only the controls whose mark changes get one, so a
    // warning that holds over a drag costs nothing per tick.
    QList<QWidget*> marked;
    for (int i = 0; i < keyPaths.size(); ++i) {
        QWidget* w = controlFor(keyPaths[i]);
        if (!w) continue;
        if (!m_marked.contains(w) && !marked.contains(w))
            w->setStyleSheet(QStringLiteral("border: 2px solid #D55E00; border-radius: 3px;"));
        // The problem first, then the field's own help (its What's This, kept in the interface language).
        const QString problem = texts.value(i + (texts.size() - keyPaths.size()));
        w->setToolTip(w->whatsThis().isEmpty()
                ? problem
                : QStringLiteral("<p><b>%1</b></p>").arg(problem.toHtmlEscaped()) + w->whatsThis());
        marked << w;
    }
    for (QWidget* w : std::as_const(m_marked)) {
        if (marked.contains(w)) continue;
        w->setStyleSheet(QString());
        w->setToolTip(w->whatsThis());
    }
    m_marked = marked;
    m_problem->setText(texts.join(QLatin1Char('\n')));
    fitHeight(m_problem);
    m_problem->setVisible(!texts.isEmpty());
}

void InputPanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        showScenario(m_doc->scenario());
        showResults(m_session->results());
    }
    QWidget::changeEvent(event);
}

} // namespace ui
