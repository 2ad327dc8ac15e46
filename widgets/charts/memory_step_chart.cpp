#include "widgets/charts/memory_step_chart.h"

#include "widgets/charts/chart_style.h"
#include "widgets/style/palette.h"
#include "widgets/text/format.h"

#include <QChart>
#include <QEvent>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLocale>
#include <QScatterSeries>
#include <QShowEvent>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace ui {

namespace {

/// Stages get the palette's colours in turn; the most loaded one is drawn thicker.
const QColor kStageColours[] = { palette::kBlue, palette::kOrange, palette::kGreen, palette::kVermillion,
    palette::kPurple, palette::kSkyBlue, palette::kYellow, palette::kGrey };

/// The legend names at most this many stages; more would crowd out the chart.
constexpr int kNamedStages = 8;

} // namespace

MemoryStepChart::MemoryStepChart(QWidget* parent)
    : QChartView(parent)
{
    setObjectName(QStringLiteral("memoryStepChart"));
    prepareChartView(this);
    // Room for its axes under a title and a legend (at 200 px a Chinese title left the plot 50 px high and
    // its ticks "…"); the pipeline page scrolls when three views do not fit.
    setMinimumSize(480, 280);
    auto* chart = newChart();
    m_axisX = new QValueAxis(chart);
    m_axisX->setLabelFormat(QStringLiteral("%.3g"));
    m_axisY = new QValueAxis(chart);
    chart->addAxis(m_axisX, Qt::AlignBottom);
    chart->addAxis(m_axisY, Qt::AlignLeft);
    m_capacity = addLine(chart, QColor(0x20, 0x20, 0x20), false, Qt::DashLine);
    m_capacity->setPen(QPen(QColor(0x20, 0x20, 0x20), 1.5, Qt::DashLine));
    m_capacity->attachAxis(m_axisX);
    m_capacity->attachAxis(m_axisY);
    m_peak = new QScatterSeries(chart);
    m_peak->setMarkerSize(12);
    m_peak->setColor(Qt::transparent);
    m_peak->setBorderColor(QColor(0x20, 0x20, 0x20));
    chart->addSeries(m_peak);
    m_peak->attachAxis(m_axisX);
    m_peak->attachAxis(m_axisY);
    setChart(chart);
    retranslate();
}

QChart* MemoryStepChart::freshChart()
{
    if (m_stale) refresh();
    return chart();
}

QLineSeries* MemoryStepChart::stageSeries(int stage)
{
    (void)freshChart();
    return stage >= 0 && stage < int(m_stages.size()) ? m_stages[std::size_t(stage)] : nullptr;
}

QScatterSeries* MemoryStepChart::peakSeries()
{
    (void)freshChart();
    return m_peak;
}

void MemoryStepChart::setTrace(core::MemoryOverStep trace)
{
    m_trace = std::move(trace);
    m_stale = true;
    if (isVisible()) refresh();
}

void MemoryStepChart::showEvent(QShowEvent* event)
{
    if (m_stale) refresh();
    QChartView::showEvent(event);
}

void MemoryStepChart::refresh()
{
    m_stale = false;
    QChart* c = chart();
    const int stages = int(m_trace.stages.size());
    // One series per stage; kept between updates so a slider tick does not rebuild the chart.
    while (int(m_stages.size()) > stages) {
        QLineSeries* s = m_stages.back();
        c->removeSeries(s);
        delete s;
        m_stages.pop_back();
    }
    while (int(m_stages.size()) < stages) {
        const int i = int(m_stages.size());
        QLineSeries* s = addLine(c, kStageColours[i % std::size(kStageColours)], false);
        s->attachAxis(m_axisX);
        s->attachAxis(m_axisY);
        m_stages.push_back(s);
    }
    // Qt Charts lays a line out again (its outline stroked for hovering, every joint's angle) whenever
    // its points, its pen or its axes change. The old points go first and the axes take their new
    // ranges while the lines are empty, so that each line is laid out once, with its new points.
    double top = 0;
    for (int i = 0; i < stages; ++i) {
        m_stages[std::size_t(i)]->clear();
        top = std::max(top, bytesIn(m_trace.stages[std::size_t(i)].peakBytes));
    }
    const double capacity = bytesIn(m_trace.capacity);
    const double end = m_trace.stepTimeS > 0 ? m_trace.stepTimeS : 1;
    setAxisRanges(end, std::max(top, capacity));
    for (int i = 0; i < stages; ++i) {
        const auto& trace = m_trace.stages[std::size_t(i)];
        QList<QPointF> points;
        points.reserve(qsizetype(trace.samples.size()));
        for (const auto& sample : trace.samples)
            points << QPointF(sample.timeS, bytesIn(sample.bytes));
        QLineSeries* s = m_stages[std::size_t(i)];
        QPen pen = s->pen();
        const double width = i == m_trace.peakStage ? 3.0 : 1.5;
        if (pen.widthF() != width) {
            pen.setWidthF(width);
            s->setPen(pen);
        }
        s->replace(points);
    }
    m_capacity->replace(stages > 0 ? QList<QPointF> { { 0, capacity }, { end, capacity } } : QList<QPointF> {});
    if (stages > 0) {
        const auto& peak = m_trace.stages[std::size_t(m_trace.peakStage)];
        m_peak->replace({ QPointF(peak.peakTimeS, bytesIn(peak.peakBytes)) });
    } else {
        m_peak->clear();
    }
    retranslate();
}

void MemoryStepChart::setAxisRanges(double end, double top)
{
    m_axisX->setRange(0, end);
    if (end > 0) {
        // The range stays the step (the schedule above is drawn on the same axis); the ticks fall on
        // round times inside it, not on its fifths (27.1, 54.3, 81.4 s).
        setPlainLabels(m_axisX, 5);
    }
    m_axisY->setRange(0, niceCeiling(top * 1.05));
    setPlainLabels(m_axisY);
}

void MemoryStepChart::retranslate()
{
    const QLocale locale;
    for (int i = 0; i < int(m_stages.size()); ++i) {
        m_stages[std::size_t(i)]->setName(tr("Stage %1").arg(i));
        // With many stages only the first, the most loaded and the last are named in the legend.
        const bool named
            = int(m_stages.size()) <= kNamedStages || i == 0 || i == m_trace.peakStage || i + 1 == int(m_stages.size());
        for (QLegendMarker* marker : chart()->legend()->markers(m_stages[std::size_t(i)]))
            marker->setVisible(named);
    }
    m_capacity->setName(tr("GPU capacity"));
    m_axisX->setTitleText(tr("Time in the step (s)"));
    m_axisY->setTitleText(unitName()); // short: the chart is often low, under the Gantt chart
    // The title gives the peak's value and stage; a legend entry that changed with every slider
    // tick would lay the legend out again each time.
    m_peak->setName(tr("Peak"));
    if (m_trace.stages.empty()) {
        setChartTitle(chart(), tr("Memory over one step — the step is too long to draw"));
        return;
    }
    const auto& peak = m_trace.stages[std::size_t(m_trace.peakStage)];
    setChartTitle(chart(),
        tr("Memory over one step, per pipeline stage — peak %1 at %2 s on stage %3")
            .arg(formatBytes(peak.peakBytes), formatSignificant(peak.peakTimeS, 3))
            .arg(m_trace.peakStage));
}

void MemoryStepChart::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) retranslate();
    QChartView::changeEvent(event);
}

} // namespace ui
