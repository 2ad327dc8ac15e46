#include "widgets/charts/chart_style.h"

#include <QChart>
#include <QChartView>
#include <QLegend>
#include <QLineSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace ui {

void prepareChartView(QChartView* view)
{
    view->setRenderHint(QPainter::Antialiasing);
    view->setViewportUpdateMode(QGraphicsView::BoundingRectViewportUpdate);
}

QChart* newChart()
{
    auto* chart = new QChart;
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setMargins(QMargins(8, 8, 8, 8));
    return chart;
}

QLineSeries* addLine(QChart* chart, const QColor& color, bool points, Qt::PenStyle style)
{
    auto* s = new QLineSeries(chart);
    QPen pen(color);
    pen.setWidthF(2.5);
    pen.setStyle(style);
    s->setPen(pen);
    s->setPointsVisible(points);
    chart->addSeries(s);
    return s;
}

void setChartTitle(QChart* chart, const QString& title)
{
    if (chart->title() != title) chart->setTitle(title);
}

void setPlainLabels(QValueAxis* axis)
{
    const double range = axis->max() - axis->min();
    double spacing = axis->tickType() == QValueAxis::TicksDynamic ? axis->tickInterval()
                                                                  : range / std::max(1, axis->tickCount() - 1);
    // Fixed ticks fall where their labels are exact: a spacing of 1, 2, 2.5 or 5 × 10^k (0 to 5 in five
    // ticks put them at 1.25, 2.5 and 3.75, printed "1", "2" and "4").
    auto nice = [](double step) {
        const double mantissa = step / std::pow(10.0, std::floor(std::log10(step)));
        for (const double m : { 1.0, 2.0, 2.5, 5.0, 10.0 })
            if (std::abs(mantissa - m) < 1e-9 * m) return true;
        return false;
    };
    if (axis->tickType() != QValueAxis::TicksDynamic && range > 0 && !nice(spacing))
        for (const int count : { 6, 5, 7, 4, 8, 3, 9, 11 })
            if (nice(range / (count - 1))) {
                axis->setTickCount(count);
                spacing = range / (count - 1);
                break;
            }
    // As many decimals as the spacing needs to be printed exactly (2.5 needs one), at most six.
    int decimals = 0;
    while (spacing > 0 && decimals < 6) {
        const double scaled = spacing * std::pow(10.0, decimals);
        if (std::abs(scaled - std::round(scaled)) < 1e-9 * std::max(1.0, scaled)) break;
        ++decimals;
    }
    const QString format = QStringLiteral("%.%1f").arg(decimals);
    if (axis->labelFormat() != format) axis->setLabelFormat(format);
}

} // namespace ui
