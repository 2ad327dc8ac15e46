#include "widgets/dialogs/actual_dialog.h"

#include "widgets/inputs/field_texts.h"
#include "widgets/session/scenario_document.h"
#include "widgets/session/scenario_session.h"
#include "widgets/text/format.h"
#include "widgets/text/native_path.h"
#include "widgets/text/problem_text.h"
#include "widgets/text/range_text.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace ui {

ActualDialog::ActualDialog(
    ScenarioSession* session, core::ActualComparison comparison, QWidget* parent, std::uint64_t revision)
    : QDialog(parent)
    , m_session(session)
    , m_comparison(std::move(comparison))
    , m_revision(revision != 0 ? revision : session->revision())
{
    setObjectName(QStringLiteral("actualDialog"));
    setWindowTitle(tr("Plan versus training log"));
    m_text = new QLabel(this);
    m_text->setObjectName(QStringLiteral("actualText"));
    m_text->setTextFormat(Qt::RichText);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_text->setText(text());
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    m_apply = buttons->addButton(tr("Use the refitted efficiency"), QDialogButtonBox::ActionRole);
    m_apply->setObjectName(QStringLiteral("actualApply"));
    m_apply->setToolTip(tr("Sets efficiency.compute (and the fragmentation, where the log gives reserved memory) "
                           "to the values that reproduce this run; one undo step"));
    // A refit to another run's log would make the plan reproduce a run it is not.
    m_apply->setEnabled(!m_comparison.otherRun && (m_comparison.refit.stepFitted || m_comparison.refit.memoryFitted));
    if (m_comparison.otherRun)
        m_apply->setToolTip(tr("The log is of another run than the plan: its refit is not applied to this scenario"));
    connect(m_apply, &QPushButton::clicked, this, &ActualDialog::applyRefit);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    m_stale = new QLabel(this);
    m_stale->setObjectName(QStringLiteral("actualStale"));
    m_stale->setWordWrap(true);
    m_stale->setStyleSheet(QStringLiteral("color: #D55E00"));
    connect(session, &ScenarioSession::resultsChanged, this, &ActualDialog::updateStale);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_text);
    layout->addWidget(m_stale);
    layout->addWidget(buttons);
    updateStale();
}

QString ActualDialog::text() const
{
    const auto& c = m_comparison;
    auto number = [](double v, int decimals) { return formatFixed(v, decimals); };
    auto row = [&](const QString& name, std::optional<double> measured, double planned, const QString& shown,
                   const QString& plannedShown) {
        QString residual;
        if (measured && planned > 0) {
            const double r = (*measured / planned - 1) * 100;
            residual = withPercentSign((r >= 0 ? QStringLiteral("+") : QString()) + number(r, 1));
        }
        return QStringLiteral("<tr><td>%1</td><td align=right><b>%2</b></td><td align=right>%3</td>"
                              "<td align=right>%4</td></tr>")
            .arg(name, measured ? shown : QStringLiteral("–"), plannedShown, residual);
    };
    const QString source = ProblemText::logFormatName(c.log.format);
    QString html;
    // A log of another layout, batch or sequence length first, before any figure is read: every
    // figure below then holds two different runs against each other.
    if (c.otherRun) {
        html += QStringLiteral("<div style='color:#D55E00'><p><b>%1</b></p><ul>")
                    .arg(tr("This log is of another run than the plan:").toHtmlEscaped());
        for (const core::LogNote& note : c.notes)
            if (note.code == core::LogNoteCode::differs_from_plan)
                html += QStringLiteral("<li><b>%1</b></li>").arg(ProblemText::of(note).toHtmlEscaped());
        html += QStringLiteral("</ul><p>%1</p></div>")
                    .arg(tr("The residuals, the refitted efficiency and the forecast below compare two different "
                            "runs. Set the scenario to the run's settings and compare the log again.")
                             .toHtmlEscaped());
    }
    // The file as it was named (its bytes kept where they are no UTF-8).
    if (const std::string& path = c.log.file; !path.empty())
        html += QStringLiteral("<p>%1</p>")
                    .arg(tr("File read: %1").arg(pathFromNative(QByteArray::fromStdString(path))).toHtmlEscaped());
    html += QStringLiteral("<p>");
    if (c.log.format == core::LogFormat::hf_trainer)
        html += tr("Hugging Face Trainer log: the Trainer's average over the whole run, warm-up included.");
    else
        //: %6 is the multiple of the median above which a step is left out (1.5)
        html += tr("%1 log: median of %2 steady steps (%3 to %4); %5 left out (the first, and any over %6 × the "
                   "median).")
                    .arg(source, QLocale().toString(qlonglong(c.stepsUsed)), QLocale().toString(qlonglong(c.firstStep)),
                        QLocale().toString(qlonglong(c.lastStep)), QLocale().toString(qlonglong(c.stepsLeftOut)),
                        QLocale().toString(kSlowStepOverMedian));
    html += QStringLiteral("</p>");
    // What the reader should know before trusting the figures: other frameworks' lines, restarts, a lone
    // warm-up step, an unsteady run.
    QString notes;
    for (const core::LogNote& note : c.notes)
        if (note.code != core::LogNoteCode::differs_from_plan)
            notes += QStringLiteral("<li>%1</li>").arg(ProblemText::of(note).toHtmlEscaped());
    if (!notes.isEmpty()) html += QStringLiteral("<ul>%1</ul>").arg(notes);
    html += QStringLiteral("<table cellspacing=6><tr><th></th><th>%1</th><th>%2</th><th>%3</th></tr>")
                .arg(tr("measured"), tr("planned"), tr("residual"));
    // A log of another batch or sequence: the plan's step at the log's pace is what compares.
    const bool paced = c.pacedStepTimeS != c.stepTimeS;
    html += row(paced ? tr("Plan's step at the log's pace (s)") : tr("Step time (s)"), c.pacedStepTimeS,
        c.plannedStepTimeS, number(c.pacedStepTimeS, 3), number(c.plannedStepTimeS, 3));
    html += row(
        tr("Tokens/s"), c.tokensPerS, c.plannedTokensPerS, number(c.tokensPerS, 0), number(c.plannedTokensPerS, 0));
    const QString memoryName
        = c.log.memoryIsAllocated ? tr("Peak memory (PyTorch allocated)") : tr("Peak memory (PyTorch reserved)");
    html += row(memoryName, c.peakMemoryGib, c.plannedMemoryGib,
        c.peakMemoryGib ? formatBytes(*c.peakMemoryGib * core::kBytesPerGib, 1) : QString(),
        formatBytes(c.plannedMemoryGib * core::kBytesPerGib, 1));
    html += row(tr("MFU (%)"), c.mfu ? std::optional<double>(*c.mfu * 100) : std::nullopt, c.plannedMfu * 100,
        c.mfu ? number(*c.mfu * 100, 1) : QString(), number(c.plannedMfu * 100, 1));
    html += row(tr("TFLOP/s per GPU"), c.tflopsPerGpu, c.plannedTflopsPerGpu,
        c.tflopsPerGpu ? number(*c.tflopsPerGpu, 1) : QString(), number(c.plannedTflopsPerGpu, 1));
    html += QStringLiteral("</table>");
    const auto stated = [&](core::LogSetting setting) {
        return std::any_of(c.notes.begin(), c.notes.end(), [&](const core::LogNote& note) {
            return note.code == core::LogNoteCode::differs_from_plan && int(note.value("setting")) == int(setting);
        });
    };
    if (stated(core::LogSetting::global_batch) || stated(core::LogSetting::seq_len))
        html += QStringLiteral("<p>%1</p>")
                    .arg(tr("Measured tokens/s count the log's own %1 tokens per step.")
                             .arg(QLocale().toString(c.tokensPerStep, 'f', 0))
                        + (paced ? QStringLiteral("<br>") + tr("The log's steps took %1 s;").arg(number(c.stepTimeS, 3))
                                    + QStringLiteral("<br>")
                                    + tr("at its tokens per second the plan's step takes %1 s, and the forecast "
                                         "counts that.")
                                          .arg(number(c.pacedStepTimeS, 3))
                                 : QString()));
    // Priced on the log's framework (core::loggedScenario), not the scenario's: the planned figures
    // then differ from the main window's, and the reader is told why.
    if (c.stack != m_session->scenario().training.framework) {
        core::Scenario logged = m_session->scenario();
        logged.training.framework = c.stack;
        // Two lines: the label does not wrap, and one line made the dialog 975 px wide.
        html += QStringLiteral("<p>%1<br>%2</p>")
                    .arg(tr("Planned on the log's software stack, %1 (the scenario says %2):")
                             .arg(fieldValueText("training.framework", logged),
                                 fieldValueText("training.framework", m_session->scenario()))
                             .toHtmlEscaped(),
                        tr("the planned figures differ from the main window's.").toHtmlEscaped());
    }
    html += QStringLiteral("<p>");
    // The planned step is the model's and the range where measured runs of its kind landed against the
    // model: a range wholly on one side of the step is said in those words, not shown beside it as its range.
    const double point = c.plannedStepTimeS > 0 ? c.plannedStepTimeS : 1;
    const QString against = RangeText::againstModel(c.plannedLowS / point, c.plannedHighS / point);
    if (c.rangeRuns <= 0)
        html += tr("Planned step time: %1 s (no measured runs to give a range).").arg(number(c.plannedStepTimeS, 2));
    else if (against.isEmpty())
        html += tr("Planned range: %1–%2 s per step (%n measured runs like this one).", nullptr, c.rangeRuns)
                    .arg(number(c.plannedLowS, 2), number(c.plannedHighS, 2));
    else
        //: %1 "ran 0–18 % slower than the model estimates", %2 the model's step in seconds, %3–%4 the runs' range
        html += tr("Planned step time: %2 s. Measured runs like this one %1 (%n runs): %3–%4 s per step.", nullptr,
            c.rangeRuns)
                    .arg(against, number(c.plannedStepTimeS, 2), number(c.plannedLowS, 2), number(c.plannedHighS, 2));
    html += QStringLiteral("</p>");
    // Of another run, the plan's range says nothing about the log: the warning above has said so.
    if (c.drift && !c.otherRun)
        html += QStringLiteral("<p style='color:#D55E00'><b>%1</b></p>")
                    .arg(tr("The run has left the plan's range: the forecast below is the one to budget for."));
    html += (c.otherRun ? QStringLiteral("<p style='color:#D55E00'>%1</p>") : QStringLiteral("<p>%1</p>"))
                .arg((c.otherRun ? tr("Refitted to the log's run, not the plan's: compute efficiency %1 (was %2)%3.")
                                 : tr("Refitted to this run: compute efficiency %1 (was %2)%3."))
                         .arg(number(c.refit.calibrated.efficiency.compute, 3),
                             number(m_session->scenario().efficiency.compute, 3),
                             c.refit.memoryFitted
                                 ? tr(", fragmentation %1").arg(number(c.refit.calibrated.overhead.fragmentation, 3))
                                 : QString()));
    html += QStringLiteral("<table cellspacing=6><tr><th>%1</th><th>%2</th><th>%3</th></tr>")
                .arg(tr("Whole run"), tr("planned"),
                    c.otherRun ? tr("at the pace of the log's run") : tr("at the measured pace"));
    auto runRow = [&](const QString& name, double planned, double forecast, int decimals) {
        return QStringLiteral("<tr><td>%1</td><td align=right>%2</td><td align=right><b>%3</b></td></tr>")
            .arg(name, number(planned, decimals), number(forecast, decimals));
    };
    html += runRow(tr("Days"), c.planned.timeS / 86400, c.forecast.timeS / 86400, 1);
    html += runRow(tr("GPU-hours"), c.planned.gpuHours, c.forecast.gpuHours, 0);
    html += runRow(tr("Total cost (USD)"), c.planned.totalCostUsd, c.forecast.totalCostUsd, 0);
    html += QStringLiteral("</table>");
    return html;
}

bool ActualDialog::isStale() const
{
    return m_session->revision() != m_revision;
}

void ActualDialog::updateStale()
{
    const bool stale = isStale();
    m_stale->setText(!stale ? QString()
            : m_applied     ? tr("Applied: the scenario now uses the refitted values. Compare the log again to see "
                                     "the new plan beside it.")
                            : tr("The scenario has changed since this log was compared: the plan shown is the "
                                     "one it had then, and its refit is not applied to another scenario."));
    m_stale->setVisible(stale);
    if (stale) m_apply->setEnabled(false);
}

void ActualDialog::applyRefit()
{
    if (isStale()) return;
    m_applied = true;
    const auto& r = m_comparison.refit;
    const double compute = r.calibrated.efficiency.compute, fragmentation = r.calibrated.overhead.fragmentation;
    const bool step = r.stepFitted, memory = r.memoryFitted;
    m_session->document()->edit(tr("Refit to training log"), [=](core::Scenario& s) {
        if (step) s.efficiency.compute = compute;
        if (memory) s.overhead.fragmentation = fragmentation;
    });
    m_apply->setEnabled(false);
}

} // namespace ui
