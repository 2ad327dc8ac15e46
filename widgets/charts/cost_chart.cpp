#include "widgets/charts/cost_chart.h"

#include "widgets/charts/chart_style.h"
#include "widgets/style/palette.h"

#include <QChart>
#include <QEvent>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QValueAxis>

#include <cmath>

namespace ui {

CostChart::CostChart(QWidget* parent)
    : QChartView(parent)
{
    setObjectName(QStringLiteral("costChart"));
    prepareChartView(this);
    setMinimumSize(480, 240);
    auto* chart = newChart();
    m_days = addLine(chart, palette::kBlue);
    m_cost = addLine(chart, palette::kOrange);
    m_current = new QScatterSeries(chart);
    m_current->setMarkerSize(16);
    m_current->setColor(Qt::transparent);
    m_current->setBorderColor(QColor(0x20, 0x20, 0x20));
    chart->addSeries(m_current);
    m_axisX = new QLogValueAxis(chart);
    m_axisX->setBase(4); // labels at 1, 4, 16, … keep a narrow chart readable
    m_axisX->setLabelFormat(QStringLiteral("%.0f"));
    m_axisX->setMinorTickCount(0);
    m_axisDays = new QLogValueAxis(chart);
    m_axisDays->setBase(10);
    m_axisDays->setLabelFormat(QStringLiteral("%.10g")); // decades in plain digits (1000000, not 1e+06)
    m_axisDays->setMinorTickCount(-1);
    m_axisCost = new QValueAxis(chart);
    chart->addAxis(m_axisX, Qt::AlignBottom);
    chart->addAxis(m_axisDays, Qt::AlignLeft);
    chart->addAxis(m_axisCost, Qt::AlignRight);
    m_axisCost->setGridLineVisible(false); // one grid, the left axis's: a second one drawn over it is clutter
    for (QAbstractSeries* s : { static_cast<QAbstractSeries*>(m_days), static_cast<QAbstractSeries*>(m_current) }) {
        s->attachAxis(m_axisX);
        s->attachAxis(m_axisDays);
    }
    m_cost->attachAxis(m_axisX);
    m_cost->attachAxis(m_axisCost);
    setChart(chart);
    retranslate();
}

void CostChart::setSweep(const core::SweepResult& sweep, int current)
{
    QList<QPointF> days, cost;
    double lo = 1e300, hi = 0, costHi = 0, gpuLo = 1e9, gpuHi = 1;
    QPointF here;
    for (const auto& p : sweep.points) {
        const auto& t = p.estimate.training;
        const double d = t.timeS / 86400.0, k = t.totalCostUsd, g = p.estimate.gpus;
        // A run whose goodput is zero never finishes (infinite days): no point to draw, and an
        // infinite range would send Qt Charts' log axis into endless recursion.
        if (!std::isfinite(d) || !std::isfinite(k)) continue;
        days << QPointF(g, d);
        cost << QPointF(g, k);
        lo = std::min(lo, d);
        hi = std::max(hi, d);
        costHi = std::max(costHi, k);
        gpuLo = std::min(gpuLo, g);
        gpuHi = std::max(gpuHi, g);
        if (p.estimate.gpus == current) here = QPointF(g, d);
    }
    // Dollars for a small budget, thousands or millions for a large one: never an axis of zeros.
    m_highestCostUsd = costHi;
    const MoneyUnit unit = moneyUnit(costHi);
    for (QPointF& c : cost)
        c.ry() /= unit.divisor;
    costHi /= unit.divisor;
    if (m_axisCost->titleText() != unit.axisTitle) m_axisCost->setTitleText(unit.axisTitle);
    m_days->replace(days);
    m_cost->replace(cost);
    m_current->replace(here.isNull() ? QList<QPointF> {} : QList<QPointF> { here });
    if (days.isEmpty()) return;
    m_axisX->setRange(gpuLo / 1.4, gpuHi * 1.4);
    const auto [bottom, top] = logDecades(lo, hi);
    m_axisDays->setRange(bottom, top);
    setPlainLabels(m_axisDays);
    m_axisCost->setRange(0, niceCeiling(costHi * 1.15));
    setPlainLabels(m_axisCost);
}

void CostChart::retranslate()
{
    m_days->setName(tr("Training days"));
    m_cost->setName(tr("Total cost"));
    m_current->setName(tr("Current scenario"));
    m_axisX->setTitleText(tr("GPUs"));
    m_axisDays->setTitleText(tr("Days (log)"));
    m_axisCost->setTitleText(moneyUnit(m_highestCostUsd).axisTitle);
    chart()->setTitle(tr("Time and cost of the whole run"));
}

void CostChart::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) retranslate();
    QChartView::changeEvent(event);
}

} // namespace ui
