#include "widgets/charts/cost_breakdown_chart.h"

#include "widgets/charts/chart_style.h"
#include "widgets/style/palette.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QEvent>
#include <QHorizontalBarSeries>
#include <QLegend>
#include <QLocale>
#include <QValueAxis>

namespace ui {

CostBreakdownChart::CostBreakdownChart(QWidget* parent)
    : QChartView(parent)
{
    setObjectName(QStringLiteral("costBreakdownChart"));
    prepareChartView(this);
    setMinimumSize(360, 240);
    auto* chart = newChart();
    chart->legend()->hide();
    m_set = new QBarSet(QString(), chart);
    m_set->setColor(palette::kOrange);
    m_set->setBorderColor(palette::kOrange.darker(130));
    m_set->setLabelColor(QColor(0x20, 0x20, 0x20));
    m_set->append(QList<qreal>(5, 0.0));
    m_series = new QHorizontalBarSeries(chart);
    m_series->append(m_set);
    m_series->setLabelsVisible(true);
    m_series->setLabelsPosition(QAbstractBarSeries::LabelsOutsideEnd);
    m_series->setLabelsPrecision(3);
    m_series->setBarWidth(0.6);
    chart->addSeries(m_series);
    m_axisY = new QBarCategoryAxis(chart);
    m_axisX = new QValueAxis(chart);
    m_axisX->setLabelFormat(QStringLiteral("%g"));
    chart->addAxis(m_axisY, Qt::AlignLeft);
    chart->addAxis(m_axisX, Qt::AlignBottom);
    m_series->attachAxis(m_axisY);
    m_series->attachAxis(m_axisX);
    setChart(chart);
    retranslate();
}

void CostBreakdownChart::setEstimate(const core::Estimate& e)
{
    const auto& t = e.training;
    const double lines[] = { t.gpuCostUsd, t.energyCostUsd, t.storageCostUsd, t.networkCostUsd, t.teamCostUsd };
    m_total = t.totalCostUsd;
    double highest = 0;
    for (double v : lines)
        highest = std::max(highest, v);
    m_divisor = highest >= 1e6 ? 1e6 : 1e3;
    // Categories run bottom-up in a horizontal bar chart: reverse so GPUs come first from the top.
    for (int i = 0; i < 5; ++i)
        m_set->replace(4 - i, lines[i] / m_divisor);
    m_axisX->setRange(0, niceCeiling(std::max(highest / m_divisor, 1e-3) * 1.2));
    showTotals();
}

void CostBreakdownChart::showTotals()
{
    const QString unit = m_divisor >= 1e6 ? tr("Million USD") : tr("Thousand USD");
    if (m_axisX->titleText() != unit) m_axisX->setTitleText(unit);
    setChartTitle(
        chart(), tr("Cost of the run: %1 in total").arg(QStringLiteral("$") + QLocale().toString(m_total, 'f', 0)));
}

void CostBreakdownChart::retranslate()
{
    m_axisY->setCategories({ tr("Team"),
        //: a cost category: the price of the traffic between nodes (not the network hardware)
        tr("Network"), tr("Checkpoint storage"), tr("Energy"), tr("GPU rental") });
    m_series->setLabelsFormat(QStringLiteral("@value"));
    showTotals();
}

void CostBreakdownChart::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) retranslate();
    QChartView::changeEvent(event);
}

} // namespace ui
