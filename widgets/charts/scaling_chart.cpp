#include "widgets/charts/scaling_chart.h"

#include "widgets/charts/chart_style.h"
#include "widgets/style/palette.h"
#include "widgets/text/format.h"

#include <QChart>
#include <QEvent>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QValueAxis>

#include <cmath>

namespace ui {

namespace {

} // namespace

ScalingChart::ScalingChart(QWidget* parent)
    : QChartView(parent)
{
    setObjectName(QStringLiteral("scalingChart"));
    prepareChartView(this);
    setMinimumSize(480, 320);
    auto* chart = newChart();
    m_memory = addLine(chart, palette::kBlue);
    m_capacity = addLine(chart, QColor(0x20, 0x20, 0x20), false, Qt::DashLine);
    m_comm = addLine(chart, palette::kVermillion);
    m_mfu = addLine(chart, palette::kGreen);
    m_current = new QScatterSeries(chart);
    m_current->setMarkerSize(16);
    m_current->setColor(Qt::transparent);
    m_current->setBorderColor(QColor(0x20, 0x20, 0x20));
    chart->addSeries(m_current);

    m_axisX = new QLogValueAxis(chart);
    m_axisX->setBase(2);
    m_axisX->setLabelFormat(QStringLiteral("%.0f"));
    m_axisX->setMinorTickCount(0);
    m_axisMemory = new QValueAxis(chart);
    m_axisPercent = new QValueAxis(chart);
    m_axisPercent->setRange(0, 100);
    setPlainLabels(m_axisPercent);
    chart->addAxis(m_axisX, Qt::AlignBottom);
    chart->addAxis(m_axisMemory, Qt::AlignLeft);
    chart->addAxis(m_axisPercent, Qt::AlignRight);
    m_axisPercent->setGridLineVisible(false); // one grid, the left axis's: a second one drawn over it is clutter
    for (QAbstractSeries* s : { static_cast<QAbstractSeries*>(m_memory), static_cast<QAbstractSeries*>(m_capacity),
             static_cast<QAbstractSeries*>(m_current) }) {
        s->attachAxis(m_axisX);
        s->attachAxis(m_axisMemory);
    }
    for (QAbstractSeries* s : { static_cast<QAbstractSeries*>(m_comm), static_cast<QAbstractSeries*>(m_mfu) }) {
        s->attachAxis(m_axisX);
        s->attachAxis(m_axisPercent);
    }
    setChart(chart);
    retranslate();
}

void ScalingChart::setSweep(const core::SweepResult& sweep, const core::Estimate& current)
{
    QList<QPointF> memory, comm, mfu;
    double highest = 0, lowestGpus = 1e9, highestGpus = 1;
    for (const auto& point : sweep.points) {
        const auto& e = point.estimate;
        const double gpus = e.gpus;
        memory << QPointF(gpus, bytesIn(e.memory.total()));
        comm << QPointF(gpus, e.communication.shareOfStep * 100);
        mfu << QPointF(gpus, e.compute.mfu * 100);
        highest = std::max(highest, bytesIn(e.memory.total()));
        lowestGpus = std::min(lowestGpus, gpus);
        highestGpus = std::max(highestGpus, gpus);
    }
    m_memory->replace(memory);
    m_comm->replace(comm);
    m_mfu->replace(mfu);
    const double capacity = bytesIn(current.memory.capacity);
    m_capacity->replace(QList<QPointF> { { lowestGpus, capacity }, { highestGpus, capacity } });
    m_current->replace(QList<QPointF> { { double(current.gpus), bytesIn(current.memory.total()) } });
    m_axisX->setRange(
        std::min(lowestGpus, double(current.gpus)) / 1.4, std::max(highestGpus, double(current.gpus)) * 1.4);
    const double top = std::max(highest, capacity) * 1.1;
    const double step = top > 200 ? 50 : top > 80 ? 20 : 10;
    m_axisMemory->setRange(0, std::ceil(top / step) * step);
    setPlainLabels(m_axisMemory); // 0, 5 … 30, not 8 and 23 for 7.5 and 22.5
    retranslate(); // the display unit may have changed
}

void ScalingChart::retranslate()
{
    m_memory->setName(tr("Memory per GPU (%1)").arg(unitName()));
    m_capacity->setName(tr("GPU capacity"));
    m_comm->setName(tr("Communication (% of step)")); // short: the legend fits one row on A4
    m_mfu->setName(tr("MFU (%)"));
    m_current->setName(tr("Current scenario"));
    m_axisX->setTitleText(tr("GPUs (data parallel scaled, global batch fixed)"));
    m_axisMemory->setTitleText(tr("Memory per GPU (%1)").arg(unitName()));
    m_axisPercent->setTitleText(tr("Percent"));
    setChartTitle(chart(), tr("Scaling out: memory falls, communication rises"));
}

void ScalingChart::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) retranslate();
    QChartView::changeEvent(event);
}

} // namespace ui
