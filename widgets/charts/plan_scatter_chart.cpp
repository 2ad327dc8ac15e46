#include "widgets/charts/plan_scatter_chart.h"

#include "widgets/charts/chart_style.h"
#include "widgets/style/palette.h"
#include "widgets/text/format.h"

#include <QChart>
#include <QEvent>
#include <QLineSeries>
#include <QLocale>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QValueAxis>

#include <cmath>

namespace ui {

namespace {
}

PlanScatterChart::PlanScatterChart(QWidget* parent)
    : QChartView(parent)
{
    setObjectName(QStringLiteral("planScatter"));
    prepareChartView(this);
    setMinimumSize(360, 260);
    auto* chart = newChart();
    m_points = new QScatterSeries(chart);
    m_points->setMarkerSize(5);
    m_points->setColor(palette::kSkyBlue);
    m_points->setBorderColor(Qt::transparent);
    m_pareto = new QLineSeries(chart);
    QPen pen(palette::kVermillion);
    pen.setWidthF(2.5);
    m_pareto->setPen(pen);
    m_pareto->setPointsVisible(true);
    m_best = new QScatterSeries(chart);
    m_best->setMarkerSize(14);
    m_best->setColor(Qt::transparent);
    m_best->setBorderColor(QColor(0x20, 0x20, 0x20));
    for (QAbstractSeries* s : { static_cast<QAbstractSeries*>(m_points), static_cast<QAbstractSeries*>(m_pareto),
             static_cast<QAbstractSeries*>(m_best) })
        chart->addSeries(s);
    m_axisX = new QValueAxis(chart);
    m_axisY = new QLogValueAxis(chart); // times span orders of magnitude
    m_axisY->setBase(10);
    m_axisY->setLabelFormat(QStringLiteral("%.10g")); // decades in plain digits
    m_axisY->setMinorTickCount(-1);
    chart->addAxis(m_axisX, Qt::AlignBottom);
    chart->addAxis(m_axisY, Qt::AlignLeft);
    for (QAbstractSeries* s : chart->series()) {
        s->attachAxis(m_axisX);
        s->attachAxis(m_axisY);
    }
    setChart(chart);
    for (QAbstractAxis* axis : { static_cast<QAbstractAxis*>(m_axisX), static_cast<QAbstractAxis*>(m_axisY) })
        axis->setVisible(false); // until a search has points
    chart->legend()->setVisible(false);
    retranslate();
}

void PlanScatterChart::setResult(const core::PlanResult& r)
{
    QList<QPointF> points, pareto;
    double maxX = 1, maxY = 1, minY = 1e300;
    for (const auto& p : r.points) {
        if (!std::isfinite(p.trainingTimeS)) continue; // a run that never finishes has no point on a time axis
        points << QPointF(bytesIn(p.memoryBytes), p.trainingTimeS / 86400.0);
        maxX = std::max(maxX, bytesIn(p.memoryBytes));
        maxY = std::max(maxY, p.trainingTimeS / 86400.0);
        minY = std::min(minY, p.trainingTimeS / 86400.0);
    }
    for (const auto& p : r.pareto)
        if (std::isfinite(p.estimate.training.timeS))
            pareto << QPointF(bytesIn(p.estimate.memory.total()), p.estimate.training.timeS / 86400.0);
    m_gpus = r.gpus;
    m_points->replace(points);
    m_pareto->replace(pareto);
    if (!r.plans.empty() && std::isfinite(r.plans.front().estimate.training.timeS)) {
        const auto& e = r.plans.front().estimate;
        m_best->replace(QList<QPointF> { { bytesIn(e.memory.total()), e.training.timeS / 86400.0 } });
    } else {
        m_best->clear();
    }
    m_axisX->setRange(0, maxX * 1.05);
    setPlainLabels(m_axisX);
    if (minY > maxY) minY = maxY / 10;
    const auto [bottom, top] = logDecades(minY, maxY);
    m_axisY->setRange(bottom, top);
    setPlainLabels(m_axisY);
    // Nothing to plot (no search yet, or nothing fits): the title says so, over no empty axes.
    const bool empty = points.isEmpty();
    m_axisX->setVisible(!empty);
    m_axisY->setVisible(!empty);
    chart()->legend()->setVisible(!empty);
    retranslate(); // the display unit may have changed
}

int PlanScatterChart::pointCount() const
{
    return int(m_points->count());
}

void PlanScatterChart::retranslate()
{
    m_points->setName(tr("Plans that fit"));
    m_pareto->setName(tr("Pareto front"));
    m_best->setName(tr("Best plan"));
    m_axisX->setTitleText(tr("Memory per GPU (%1)").arg(unitName()));
    m_axisY->setTitleText(tr("Training time (days, log scale)"));
    // The slide and the export say what was searched: on how many GPUs.
    const QString gpus = QLocale().toString(m_gpus);
    if (m_points->count() == 0)
        setChartTitle(chart(),
            m_gpus > 0 ? tr("No plan fits on %1 GPUs").arg(gpus)
                       : tr("Search to plot every plan that fits: memory against time"));
    else
        setChartTitle(chart(),
            m_gpus > 0 ? tr("Every plan that fits on %1 GPUs: memory against time").arg(gpus)
                       : tr("Every plan that fits: memory against time"));
}

void PlanScatterChart::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) retranslate();
    QChartView::changeEvent(event);
}

} // namespace ui
