#include "widgets/charts/time_chart.h"

#include "widgets/charts/chart_style.h"
#include "widgets/style/palette.h"
#include "widgets/text/format.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QCursor>
#include <QEvent>
#include <QFontMetricsF>
#include <QGraphicsLayout>
#include <QHorizontalStackedBarSeries>
#include <QLegend>
#include <QLegendMarker>
#include <QLocale>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace ui {

namespace {

// Compute in shades of one blue (GEMMs, attention lighter, memory-bound darker), the rest as before;
// each group's communication in its dimension's colour (palette::dimensionColour).
// The GPU waiting for its host: compute's blue, hatched — time in the compute that does no work.
QColor colourOf(int part)
{
    static const QColor kCompute[TimeChart::FirstGroup] = { palette::kBlue, palette::kBlue.lighter(160),
        palette::kBlue.darker(150), palette::kBlue, palette::kGrey, palette::kPurple, palette::kGrey.darker(150) };
    return part < TimeChart::FirstGroup ? kCompute[part]
                                        : palette::dimensionColour(std::size_t(part - TimeChart::FirstGroup));
}

/// The parallel dimension whose communication `part` is (part ≥ FirstGroup).
const core::Dimension& dimensionOf(TimeChart::Part part)
{
    return core::dimensions()[std::size_t(part - TimeChart::FirstGroup)];
}

} // namespace

TimeChart::TimeChart(QWidget* parent)
    : QChartView(parent)
{
    setObjectName(QStringLiteral("timeChart"));
    prepareChartView(this);
    setMinimumSize(480, 260);
    auto* chart = newChart();
    m_series = new QHorizontalStackedBarSeries(chart);
    for (int p = 0; p < PartCount; ++p) {
        auto* set = new QBarSet(QString(), m_series);
        const QColor colour = colourOf(p);
        set->setColor(colour);
        if (p == HostStall) set->setBrush(QBrush(colour, Qt::BDiagPattern));
        set->setBorderColor(colour.darker(130));
        set->append({ 0.0, 0.0 });
        m_sets << set;
        m_series->append(set);
    }
    m_series->setBarWidth(0.55);
    chart->addSeries(m_series);
    m_axisY = new QBarCategoryAxis(chart);
    m_axisX = new QValueAxis(chart);
    chart->addAxis(m_axisY, Qt::AlignLeft);
    chart->addAxis(m_axisX, Qt::AlignBottom);
    m_series->attachAxis(m_axisY);
    m_series->attachAxis(m_axisX);
    connect(m_series, &QHorizontalStackedBarSeries::hovered, this, &TimeChart::showTooltip);
    // On screen, on a slide and in an export alike: the legend follows the chart's width.
    connect(chart, &QChart::geometryChanged, this, &TimeChart::fitLegend);
    setChart(chart);
    retranslate();
}

double TimeChart::seconds(const core::Estimate& e, Part part, Row row)
{
    const auto& c = e.compute;
    switch (part) {
    case Gemm:
        return row == StepRow ? c.gemmTimeS() : 0;
    case Attention:
        return row == StepRow ? c.attentionTimeS : 0;
    case MemoryBound:
        return row == StepRow ? c.memoryBoundTimeS : 0;
    case HostStall:
        return row == StepRow ? c.hostStallTimeS : 0;
    case Bubble:
        return row == StepRow ? c.bubbleTimeS : 0;
    case Optimizer:
        return row == StepRow ? c.optimizerTimeS : 0;
    case Offload:
        return row == StepRow ? c.offloadTimeS : 0;
    default:
        break;
    }
    return e.communication.groupTimeS(dimensionOf(part).group, row == StepRow);
}

double TimeChart::value(Part part, Row row) const
{
    return m_sets.at(part)->at(row);
}

void TimeChart::setEstimate(const core::Estimate& estimate)
{
    m_estimate = estimate;
    refresh();
}

void TimeChart::refresh()
{
    const double step = m_estimate.compute.stepTimeS;
    const double longest = std::max(step, m_estimate.communication.timeS);
    // Milliseconds for short steps keep the axis labels readable.
    const bool ms = longest > 0 && longest < 1.0;
    const double newUnit = ms ? 1e-3 : 1.0;
    const bool unitChanged = newUnit != m_unitSeconds;
    m_unitSeconds = newUnit;
    const auto markers = chart()->legend()->markers(m_series); // one per bar set, in order
    bool legendChanged = false;
    for (int p = 0; p < PartCount; ++p) {
        double total = 0;
        for (int r = 0; r < 2; ++r) {
            const double v = seconds(m_estimate, Part(p), Row(r));
            m_sets[p]->replace(r, v / m_unitSeconds);
            total += v;
        }
        // The legend lists only what this step has (an 11-entry legend does not fit beside the bars).
        const bool shown = total > 0 || p == Gemm;
        if (p < markers.size() && markers[p]->isVisible() != shown) {
            markers[p]->setVisible(shown);
            legendChanged = true;
        }
    }
    // A hidden marker keeps its place until the legend is laid out again (a gap, or entries cut to
    // "Mat…" when one appears).
    if (legendChanged) {
        fitLegend();
        if (chart()->legend()->layout()) chart()->legend()->layout()->invalidate();
    }
    // A tight end (109 s on 0–125, not 0–200): setPlainLabels then picks ticks on exact labels for it.
    m_axisX->setRange(0, tightCeiling(longest / m_unitSeconds * 1.05));
    setPlainLabels(m_axisX); // "1500", not "1.5e+03"
    if (unitChanged) retranslate();
    const QLocale locale;
    const double cpuWait = step > 0 ? m_estimate.compute.hostStallTimeS / step : 0;
    // Where the GPU mostly waits for its CPU, that is the story of the step: said first.
    if (cpuWait >= 0.05)
        setChartTitle(chart(),
            tr("One step: %1 s — %2 % of it waiting for the CPU, %3 % exposed communication")
                .arg(formatSeconds(step), locale.toString(cpuWait * 100, 'f', 1),
                    locale.toString(m_estimate.communication.shareOfStep * 100, 'f', 1)));
    else
        setChartTitle(chart(),
            tr("One step: %1 s — communication exposed %2 % of it")
                .arg(formatSeconds(step), locale.toString(m_estimate.communication.shareOfStep * 100, 'f', 1)));
}

void TimeChart::retranslate()
{
    const QString names[FirstGroup] = { tr("Matmuls"), tr("Attention"), tr("Memory-bound"),
        tr("Waiting for the CPU (host)"), tr("Pipeline bubble"), tr("Optimizer step"), tr("Offload") };
    m_partNames.clear();
    for (int p = 0; p < PartCount; ++p)
        m_partNames << (p < FirstGroup ? names[p]
                                       //: the exposed communication of a parallel dimension (%1: TP, PP, DP, CP, EP)
                                       : tr("%1 communication").arg(dimensionLabel(dimensionOf(Part(p)))));
    fitLegend();
    if (m_estimate.compute.stepTimeS > 0) refresh();
    m_axisY->setCategories({ tr("Step (exposed)"), tr("All communication") });
    m_axisX->setTitleText(m_unitSeconds < 1 ? tr("Time per step (ms)") : tr("Time per step (s)"));
}

void TimeChart::fitLegend()
{
    if (m_partNames.size() != m_sets.size()) return;
    std::vector<bool> visible;
    for (const QLegendMarker* marker : chart()->legend()->markers(m_series))
        visible.push_back(marker->isVisible());
    fitBottomLegend(chart(), m_partNames, visible, [this](int p, const QString& text) {
        if (m_sets[p]->label() == text) return false;
        m_sets[p]->setLabel(text);
        return true;
    });
}

void TimeChart::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        refresh();
    }
    QChartView::changeEvent(event);
}

void TimeChart::showTooltip(bool hovering, int index, QBarSet* set)
{
    if (!hovering) {
        QToolTip::hideText();
        return;
    }
    const double s = set->at(index) * m_unitSeconds;
    const double share = m_estimate.compute.stepTimeS > 0 ? s / m_estimate.compute.stepTimeS * 100 : 0;
    QString text = QStringLiteral("<b>%1</b>")
                       .arg(tr("%1: %2 s (%3 % of the step)")
                                .arg(m_partNames.value(int(m_sets.indexOf(set)), set->label()), formatSignificant(s, 4),
                                    QLocale().toString(share, 'f', 1))
                                .toHtmlEscaped());
    const int part = int(m_sets.indexOf(set));
    if (m_explain) {
        static const char* const keys[FirstGroup] = { "compute.matmul_time_s", "compute.attention_time_s",
            "compute.memory_bound_time_s", "compute.host_stall_time_s", "compute.bubble_time_s",
            "compute.optimizer_time_s", "compute.offload_time_s" };
        if (part < FirstGroup)
            text += m_explain(QString::fromLatin1(keys[part]));
        else
            for (const auto& col : m_estimate.communication.collectives)
                if (col.group == dimensionOf(Part(part)).group)
                    text += m_explain(QStringLiteral("communication.%1.%2")
                                          .arg(QString::fromLatin1(core::toString(col.group).data()),
                                              QString::fromLatin1(core::toString(col.op).data())));
    }
    QToolTip::showText(QCursor::pos(), text, this);
}

} // namespace ui
