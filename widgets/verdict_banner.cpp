#include "widgets/verdict_banner.h"

#include "widgets/inputs/field_texts.h"
#include "widgets/style/theme.h"
#include "widgets/text/format.h"
#include "widgets/text/problem_text.h"
#include "widgets/text/range_text.h"

#include <QEvent>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QHelpEvent>
#include <QLabel>
#include <QLocale>
#include <QToolTip>
#include <QVBoxLayout>

#include <cmath>

namespace ui {

VerdictBanner::VerdictBanner(QWidget* parent)
    : QFrame(parent)
{
    setObjectName(QStringLiteral("verdictBanner"));
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    m_headline = new QLabel(this);
    m_headline->setObjectName(QStringLiteral("verdictHeadline"));
    QFont big = m_headline->font();
    big.setPointSizeF(big.pointSizeF() * 1.35);
    big.setBold(true);
    m_headline->setFont(big);
    m_details = new QLabel(this);
    m_details->setObjectName(QStringLiteral("verdictDetails"));
    m_details->setWordWrap(true);
    m_details->installEventFilter(this);
    m_warnings = new QLabel(this);
    m_warnings->setObjectName(QStringLiteral("verdictWarnings"));
    m_warnings->setWordWrap(true);
    m_warnings->setTextFormat(Qt::RichText);
    connect(m_warnings, &QLabel::linkActivated, this, [this](const QString& link) {
        bool ok = false;
        const int i = link.mid(4).toInt(&ok);
        if (link.startsWith(QLatin1String("fix:")) && ok && i >= 0 && i < int(m_suggestions.size()))
            emit suggestionChosen(m_suggestions[std::size_t(i)]);
    });
    // Says that the figures explain themselves (their formula tooltips would otherwise be found only by
    // chance); hovering the cue shows them too.
    m_cue = new QLabel(this);
    m_cue->setObjectName(QStringLiteral("formulaCue"));
    m_cue->setAlignment(Qt::AlignRight | Qt::AlignTop);
    m_cue->installEventFilter(this);
    auto* top = new QHBoxLayout;
    top->addWidget(m_headline, 1);
    top->addWidget(m_cue, 0, Qt::AlignTop);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(12, 8, 12, 8);
    layout->addLayout(top);
    layout->addWidget(m_details);
    layout->addWidget(m_warnings);
    retranslateCue();
}

void VerdictBanner::setEstimate(const core::Estimate& estimate)
{
    m_estimate = estimate;
    refresh();
}

void VerdictBanner::setGpuName(const QString& name)
{
    m_gpuName = name;
    refresh();
}

QString VerdictBanner::headline() const
{
    return m_headline->text();
}

VerdictBanner::Text VerdictBanner::textOf(
    const core::Estimate& estimate, const QString& gpuName, const std::optional<core::Sensitivity>& ranges)
{
    Text out;
    if (estimate.memory.perStage.empty()) return out;
    const auto& mem = estimate.memory;
    const auto& b = mem.peak().bytes;
    const double share = mem.capacity > 0 ? b.total() / mem.capacity : 0;
    const QString used = formatBytes(b.total(), 1), capacity = formatCapacity(mem.capacity);
    const QString percent = QLocale().toString(share * 100, 'f', 0);

    const core::MemoryTerm largest = b.largest(); // names what to attack first

    out.fits = mem.fits();
    // Within the estimate's memory error of the capacity the verdict gives the margin and what fills
    // the most (core::MemoryFit), not a plain yes or no.
    const QString margin = QLocale().toString(std::abs(mem.margin()) * 100, 'f', 1);
    const QString band = QLocale().toString(core::kMemoryErrorBand * 100, 'f', 0);
    switch (mem.fit()) {
    case core::MemoryFit::fits:
        out.headline = tr("Fits: %1 of %2 per GPU (%3 %)").arg(used, capacity, percent);
        break;
    case core::MemoryFit::fits_narrowly:
        //: %1 the margin in percent, %2 used, %3 capacity, %4 the estimate's memory error in percent, %5 the
        //: largest memory term
        out.headline
            = tr("Fits with %1 % to spare: %2 of %3 per GPU, within the estimate's %4 % error; the largest part is %5")
                  .arg(margin, used, capacity, band, memoryTermName(largest));
        break;
    case core::MemoryFit::over_narrowly:
        //: %1 the excess in percent, %2 needed, %3 capacity, %4 the estimate's memory error in percent, %5 the
        //: largest memory term
        out.headline = tr("Over by %1 %: %2 needed, %3 per GPU — it may fail at the peak, within the estimate's %4 % "
                          "error; the largest part is %5")
                           .arg(margin, used, capacity, band, memoryTermName(largest));
        break;
    case core::MemoryFit::does_not_fit:
        out.headline = tr("Does not fit: %1 needed, %2 per GPU (%3 %)").arg(used, capacity, percent);
        break;
    }

    QString details = tr("%1 parameters on %2 × %3. Largest term: %4 (%5).")
                          .arg(formatCount(double(estimate.params.total)), QLocale().toString(estimate.gpus), gpuName,
                              memoryTermName(largest), formatBytes(b.term(largest), 1));
    if (mem.perStage.size() > 1)
        //: a pipeline-parallel stage (a group of layers)
        details += QLatin1Char(' ') + tr("Most loaded pipeline stage: %1.").arg(mem.stage);
    const auto& c = estimate.compute;
    const auto& t = estimate.training;
    const QLocale locale;
    // Throughput as a training log prints it (the launch settings' expectations): tokens per second of
    // the whole run and of one GPU, and the FLOP/s each GPU executes, recomputation counted, as
    // Megatron-LM's log and the command line print them (core's tflopsPerGpu, Narayanan et al. 2021).
    const double tokensPerGpu = estimate.gpus > 0 ? c.tokensPerS / estimate.gpus : 0;
    //: %1 step time in seconds, %2 tokens per second of all GPUs, %3 of one GPU, %4 the model's TFLOP/s per
    //: GPU, %5 MFU percent, %6 communication percent
    details += QLatin1Char('\n')
        + tr("Step %1 s · %2 tokens/s (%3 per GPU) · %4 TFLOP/s per GPU · MFU %5 % · communication %6 % of the step")
              .arg(formatSeconds(c.stepTimeS), formatSignificant(c.tokensPerS, 3), formatSignificant(tokensPerGpu, 3),
                  formatSignificant(c.tflopsPerGpu, 3), locale.toString(c.mfu * 100, 'f', 1),
                  locale.toString(estimate.communication.shareOfStep * 100, 'f', 1));
    // A step that mostly waits for its CPU (a software stack's host time): the banner says so.
    if (c.stepTimeS > 0 && c.hostStallTimeS >= 0.05 * c.stepTimeS)
        details += tr(" · the GPUs wait for their CPU %1 % of it")
                       .arg(locale.toString(c.hostStallTimeS / c.stepTimeS * 100, 'f', 0));
    const auto& r = estimate.reliability;
    const double minutes = r.checkpointIntervalS / 60;
    //: %1 days, %2 GPU-hours, %3 cost in US dollars, %4 goodput percent, %5 "about 5 interruptions over the
    //: run", %6 checkpoint interval in minutes, %7 checkpoint size
    details += QLatin1Char('\n')
        + tr("%1 days · %2 GPU-hours · $%3 · goodput %4 % · %5 · checkpoint every %6 min (%7)")
              .arg(formatFixed(t.timeS / 86400, 1), formatFixed(t.gpuHours, 0), formatFixed(t.totalCostUsd, 0),
                  locale.toString(r.goodput * 100, 'f', 1), interruptionsText(r.expectedInterruptions),
                  minutes < 10 ? formatSignificant(minutes, 2) : locale.toString(minutes, 'f', 0),
                  formatBytesRounded(r.checkpointBytes));
    if (const auto& measured = estimate.range; measured && std::isfinite(t.timeS)) {
        // The range spans the 10th to the 90th percentile of the runs (core::EstimateRange).
        constexpr int kShareOfRuns = 80;
        const QString steps = formatSeconds(c.stepTimeS * measured->low),
                      stepsHigh = formatSeconds(c.stepTimeS * measured->high),
                      days = formatFixed(t.timeS * measured->low / 86400, 1),
                      daysHigh = formatFixed(t.timeS * measured->high / 86400, 1);
        // A range wholly on one side of the step above is no contradiction: the step is the model's, the
        // range where measured runs of its kind landed against the model. Said in those words.
        const QString against = RangeText::againstModel(measured->low, measured->high);
        if (against.isEmpty())
            //: %1–%2 step time range in seconds, %3–%4 days, %5 number of runs, %6 the kind of runs (GPU,
            //: parallelism, format), %7 the percentage of the runs the range holds (80)
            details += QLatin1Char('\n')
                + tr("Range from %5 measured runs like this one (%6), %7 % of them: step %1–%2 s · %3–%4 days")
                      .arg(steps, stepsHigh, days, daysHigh)
                      .arg(measured->runs)
                      .arg(RangeText::basis(*measured))
                      .arg(locale.toString(kShareOfRuns));
        else
            //: %1 "ran 0–18 % slower than the model estimates", %2 number of runs, %3 the kind of runs, %4 the
            //: percentage of the runs the range holds (80), %5–%6 step time range in seconds, %7–%8 days
            details += QLatin1Char('\n')
                + tr("Measured runs like this one %1 (%2 runs: %3; %4 % of them): step %5–%6 s · %7–%8 days")
                      .arg(against, QString::number(measured->runs), RangeText::basis(*measured),
                          locale.toString(kShareOfRuns), steps, stepsHigh, days, daysHigh);
    }
    if (ranges) {
        const auto& range = *ranges;
        details += QLatin1Char('\n')
            + tr("Range, each assumption ±%1 % in turn: step %2–%3 s · memory %4–%5 · cost $%6–%7")
                  .arg(locale.toString(range.fraction * 100, 'f', 0), formatSignificant(range.min.stepTimeS, 3),
                      formatSignificant(range.max.stepTimeS, 3), formatBytes(range.min.memoryBytes, 1),
                      formatBytes(range.max.memoryBytes, 1), formatFixed(range.min.totalCostUsd, 0),
                      formatFixed(range.max.totalCostUsd, 0));
    }
    out.details = details;
    return out;
}

void VerdictBanner::refresh()
{
    if (m_estimate.memory.perStage.empty()) return;
    const Text text = textOf(m_estimate, m_gpuName, m_ranges);
    m_headline->setText(text.headline);
    // Pale green or red on a light interface, dark green or red with light text and links on a dark one.
    const theme::Banner colours = theme::banner(text.fits, theme::darkInterface());
    QPalette pal = palette();
    pal.setColor(QPalette::Window, colours.background);
    pal.setColor(QPalette::WindowText, colours.text);
    pal.setColor(QPalette::Text, colours.text);
    pal.setColor(
        QPalette::Link, colours.link.isValid() ? colours.link : QGuiApplication::palette().color(QPalette::Link));
    if (pal != palette()) setPalette(pal); // a new palette propagates to every child
    m_details->setText(text.details);

    QStringList warnings;
    for (const auto& w : m_estimate.warnings) {
        QString line = QStringLiteral("⚠ ") + ProblemText::of(w).toHtmlEscaped();
        for (std::size_t i = 0; i < m_suggestions.size(); ++i) {
            if (m_suggestions[i].code != w.code) continue;
            const core::Suggestion& fix = m_suggestions[i];
            QString link = fixText(fix);
            if (fix.scenario.parallel.gpus() != m_estimate.gpus)
                link += QLatin1Char(' ')
                    + tr("(%1 GPUs)").arg(QLocale().toString(static_cast<qlonglong>(fix.scenario.parallel.gpus())));
            line += QStringLiteral(" — <a href=\"fix:%1\">%2</a>").arg(i).arg(link.toHtmlEscaped());
        }
        warnings << line;
    }
    // Does not fit: the single changes that make it fit, fastest first, each with what it costs.
    QStringList fits;
    for (std::size_t i = 0; i < m_suggestions.size(); ++i) {
        const core::Suggestion& fix = m_suggestions[i];
        if (fix.code != core::ProblemCode::does_not_fit) continue;
        // What it costs: the step's time on the same GPUs, the run's GPU-hours on more.
        const bool moreGpus = fix.scenario.parallel.gpus() != m_estimate.gpus;
        const double now = moreGpus ? m_estimate.training.gpuHours : m_estimate.compute.stepTimeS;
        const double change = now > 0 ? (moreGpus ? fix.gpuHours : fix.stepTimeS) / now - 1 : 0;
        const QString delta = std::abs(change) < 0.005 ? tr("as now")
            : change > 0                               ? tr("+%1 %").arg(formatFixed(change * 100, 0))
                                                       : tr("−%1 %").arg(formatFixed(-change * 100, 0));
        // The memory with its share of the GPU: a fix at 99 % leaves no margin, and says so.
        const double share = m_estimate.memory.capacity > 0 ? fix.memoryBytes / m_estimate.memory.capacity : 0;
        //: memory per GPU after a fix (%1) and its share of the GPU's capacity in percent (%2)
        const QString memory = tr("%1 = %2 %").arg(formatBytes(fix.memoryBytes, 1), formatFixed(share * 100, 0));
        const QString cost = moreGpus
            //: a way to fit after its link: %1 the memory per GPU after the change, %2 the GPU-hours' change
            ? tr("%1, GPU-hours %2").arg(memory, delta)
            //: a way to fit after its link: %1 the memory per GPU after the change, %2 the step time's change
            : tr("%1, step %2").arg(memory, delta);
        fits << QStringLiteral("<a href=\"fix:%1\">%2</a> (%3)").arg(i).arg(fixText(fix).toHtmlEscaped(), cost);
    }
    //: before the list of one-click changes that make a scenario fit, separated by " · "
    if (!fits.isEmpty()) warnings.prepend(tr("Make it fit: %1").arg(fits.join(QStringLiteral(" · "))));
    m_warnings->setText(warnings.join(QStringLiteral("<br>")));
    m_warnings->setVisible(!warnings.isEmpty());
}

QString VerdictBanner::fixText(const core::Suggestion& fix)
{
    if (fix.key == "parallel.gpus") //: a one-click fix: the GPU count it sets
        return tr("Use %1 GPUs").arg(QLocale().toString(static_cast<qlonglong>(fix.scenario.parallel.gpus())));
    // The form's name and value ("Master weights", "FP32"); the file's where the form has none.
    QString name = fieldName(fix.key), value = fieldValueText(fix.key, fix.scenario);
    if (name.isEmpty()) name = QString::fromStdString(fix.key);
    if (value.isEmpty()) value = QString::fromStdString(fix.value);
    //: a one-click fix after a warning: %1 a setting's name, %2 its new value
    return tr("Set %1 to %2").arg(name, value);
}

QString VerdictBanner::interruptionsText(double expected)
{
    // Counted in words: "about 0 interruptions" or "1 interruptions" read wrong.
    if (!std::isfinite(expected)) return tr("interruptions without end");
    if (expected < 0.5) return tr("fewer than one interruption over the run");
    if (expected < 1.5) return tr("about one interruption over the run");
    return tr("about %1 interruptions over the run").arg(formatFixed(expected, 0));
}

void VerdictBanner::setSuggestions(std::vector<core::Suggestion> suggestions)
{
    const bool unchanged = suggestions.empty() && m_suggestions.empty(); // the common case: nothing to offer
    m_suggestions = std::move(suggestions);
    if (!unchanged) refresh();
}

QString VerdictBanner::warningsText() const
{
    return m_warnings->text();
}

QString VerdictBanner::detailsToolTip() const
{
    QString tip;
    if (m_explain)
        for (const char* key : { "compute.step_time_s", "compute.mfu", "training.time_s", "training.cost_usd" })
            tip += m_explain(QString::fromLatin1(key));
    return tip;
}

bool VerdictBanner::eventFilter(QObject* watched, QEvent* event)
{
    // The explanation is worded when the pointer rests on the figures, not on every slider tick.
    if ((watched == m_details || watched == m_cue) && event->type() == QEvent::ToolTip) {
        const QString tip = detailsToolTip();
        if (tip.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(static_cast<QHelpEvent*>(event)->globalPos(), tip, static_cast<QWidget*>(watched));
        return true;
    }
    return QFrame::eventFilter(watched, event);
}

QString VerdictBanner::detailsText() const
{
    return m_details->text();
}

void VerdictBanner::setRanges(std::optional<core::Sensitivity> ranges)
{
    const bool unchanged = !ranges && !m_ranges;
    m_ranges = std::move(ranges);
    if (!unchanged) refresh();
}

void VerdictBanner::retranslateCue()
{
    //: a hint at the banner's top right: resting the mouse on the figures shows their formulas
    m_cue->setText(tr("ⓘ Hover for formulas"));
}

void VerdictBanner::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslateCue();
        refresh();
    }
    // The colours follow a palette changed at run time: the application's palette reaches the banner as a
    // PaletteChange of the roles it does not set. Its own setPalette() sends one too; refresh() then sets
    // the same palette again, which Qt ignores.
    if (event->type() == QEvent::PaletteChange) refresh();
    QFrame::changeEvent(event);
}

} // namespace ui
