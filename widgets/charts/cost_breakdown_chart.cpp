#include "widgets/charts/cost_breakdown_chart.h"

#include "widgets/charts/chart_style.h"
#include "widgets/style/palette.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QEvent>
#include <QFontMetricsF>
#include <QGraphicsSimpleTextItem>
#include <QHorizontalBarSeries>
#include <QLegend>
#include <QLocale>
#include <QValueAxis>

#include <algorithm>
#include <iterator>

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
    m_set->append(QList<qreal>(5, 0.0));
    m_series = new QHorizontalBarSeries(chart);
    m_series->append(m_set);
    m_series->setBarWidth(0.6);
    chart->addSeries(m_series);
    m_axisY = new QBarCategoryAxis(chart);
    m_axisX = new QValueAxis(chart);
    chart->addAxis(m_axisY, Qt::AlignLeft);
    chart->addAxis(m_axisX, Qt::AlignBottom);
    m_series->attachAxis(m_axisY);
    m_series->attachAxis(m_axisX);
    // The amounts are drawn here rather than as Qt's bar labels, which print "1.2e-07" for a cent's
    // fraction and know no currency.
    for (int i = 0; i < 5; ++i) {
        auto* amount = new QGraphicsSimpleTextItem(chart);
        amount->setZValue(10);
        m_amounts << amount;
    }
    connect(chart, &QChart::plotAreaChanged, this, &CostBreakdownChart::placeAmounts);
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
    const MoneyUnit unit = moneyUnit(highest);
    m_divisor = unit.divisor;
    // Categories run bottom-up in a horizontal bar chart: reverse so GPUs come first from the top.
    for (int i = 0; i < 5; ++i) {
        m_lines[i] = lines[i];
        m_set->replace(4 - i, lines[i] / m_divisor);
    }
    m_axisX->setRange(0, niceCeiling(std::max(highest / m_divisor, 1e-3) * 1.2));
    setPlainLabels(m_axisX);
    showTotals();
    placeAmounts();
}

void CostBreakdownChart::showTotals()
{
    const QString unit = moneyUnit(*std::max_element(std::begin(m_lines), std::end(m_lines))).axisTitle;
    if (m_axisX->titleText() != unit) m_axisX->setTitleText(unit);
    setChartTitle(
        chart(), tr("Cost of the run: %1 in total").arg(QStringLiteral("$") + QLocale().toString(m_total, 'f', 0)));
}

void CostBreakdownChart::retranslate()
{
    m_axisY->setCategories({ tr("Team"),
        //: a cost category: the price of the traffic between nodes (not the network hardware)
        tr("Network"), tr("Checkpoint storage"), tr("Energy"), tr("GPU rental") });
    showTotals();
}

QString CostBreakdownChart::amountText(int line) const
{
    return moneyLabel(m_lines[line]);
}

void CostBreakdownChart::placeAmounts()
{
    const QRectF plot = chart()->plotArea();
    if (plot.isEmpty()) return;
    const QFont font = m_axisY->labelsFont(); // enlarged with the other fonts on a slide
    const QFontMetricsF metrics(font);
    for (int i = 0; i < 5; ++i) {
        QGraphicsSimpleTextItem* amount = m_amounts[i];
        amount->setFont(font);
        amount->setText(amountText(i));
        const QPointF end = chart()->mapToPosition(QPointF(m_set->at(4 - i), 4 - i), m_series);
        const double width = metrics.horizontalAdvance(amount->text());
        // After the bar, or inside its end in white when the plot has no room left after it.
        const bool inside = end.x() + 4 + width > plot.right() && end.x() - plot.left() > width + 8;
        amount->setBrush(inside ? QColor(Qt::white) : QColor(0x20, 0x20, 0x20));
        amount->setPos(inside ? end.x() - 4 - width : end.x() + 4, end.y() - metrics.height() / 2);
    }
}

void CostBreakdownChart::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) retranslate();
    QChartView::changeEvent(event);
}

} // namespace ui
