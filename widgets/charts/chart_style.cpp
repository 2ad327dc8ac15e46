#include "widgets/charts/chart_style.h"

#include <QChart>
#include <QChartView>
#include <QCoreApplication>
#include <QLegend>
#include <QLineSeries>
#include <QLocale>
#include <QLogValueAxis>
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
    // The title is the chart's largest text, whatever the other fonts are scaled to (slides, export).
    QFont title = chart->titleFont();
    const QFont labels = chart->legend()->font();
    const double base = labels.pointSizeF() > 0 ? labels.pointSizeF() : 9.0;
    title.setPointSizeF(std::max(title.pointSizeF(), base) * 1.3);
    title.setBold(true);
    chart->setTitleFont(title);
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

double roundStep(double range, int most)
{
    if (!(range > 0) || !std::isfinite(range)) return 1;
    most = std::max(1, most);
    double p = std::pow(10.0, std::floor(std::log10(range / most)));
    for (;; p *= 10)
        for (const double m : { 1.0, 2.0, 2.5, 5.0 })
            if (range / (m * p) <= most * (1 + 1e-9)) return m * p;
}

int decimalsOf(double step)
{
    int decimals = 0;
    while (step > 0 && decimals < 9) {
        const double scaled = step * std::pow(10.0, decimals);
        if (std::abs(scaled - std::round(scaled)) < 1e-6 * std::max(1.0, scaled)) break;
        ++decimals;
    }
    return decimals;
}

void setPlainLabels(QValueAxis* axis, int most)
{
    const double range = axis->max() - axis->min();
    if (!(range > 0) || !std::isfinite(range)) return;
    // Ticks at the step's multiples, wherever the range starts (0.95 to 2.1 ticks at 1.0, 1.2 … 2.0,
    // not at 0.95, 1.24, 1.52): each label is exact, so no two print alike.
    const double step = roundStep(range, most);
    if (axis->tickType() != QValueAxis::TicksDynamic) axis->setTickType(QValueAxis::TicksDynamic);
    if (axis->tickAnchor() != 0) axis->setTickAnchor(0);
    if (axis->tickInterval() != step) axis->setTickInterval(step);
    const QString format = QStringLiteral("%.%1f").arg(decimalsOf(step));
    if (axis->labelFormat() != format) axis->setLabelFormat(format);
}

void setPlainLabels(QLogValueAxis* axis)
{
    // "%.10g" prints decades from 10^-4 up to 10^10 in plain digits; below, fixed decimals down to the
    // lowest decade shown (0.00001, not 1e-05).
    const double lowest = axis->min();
    const int decimals = lowest > 0 && lowest < 1e-4 ? int(std::ceil(-std::log10(lowest) - 1e-9)) : -1;
    const QString format = decimals < 0 ? QStringLiteral("%.10g") : QStringLiteral("%.%1f").arg(decimals);
    if (axis->labelFormat() != format) axis->setLabelFormat(format);
}

MoneyUnit moneyUnit(double highestUsd)
{
    if (highestUsd >= 1e7) return { 1e6, QCoreApplication::translate("ui::ChartStyle", "Cost (M$)") };
    if (highestUsd >= 1e4) return { 1e3, QCoreApplication::translate("ui::ChartStyle", "Cost (k$)") };
    return { 1, QCoreApplication::translate("ui::ChartStyle", "Cost ($)") };
}

QString moneyLabel(double usd)
{
    const QLocale locale;
    const QString dollar = QStringLiteral("$");
    if (!(usd > 0)) return dollar + locale.toString(0);
    if (usd < 0.005) return QStringLiteral("< ") + dollar + locale.toString(0.01, 'f', 2);
    auto significant = [&](double v) {
        // Three significant digits, as fixed decimals: 0.611 → "0.61" (cents), 22.64 → "22.6", 230.4 → "230".
        const int decimals = v < 10 ? 2 : v < 100 ? 1 : 0;
        return locale.toString(v, 'f', decimals);
    };
    if (usd < 1e4) return dollar + (usd < 1000 ? significant(usd) : locale.toString(usd, 'f', 0));
    // The SI prefixes of the axis title (k$, M$), the same in every language.
    if (usd < 1e7) return dollar + significant(usd / 1e3) + QLatin1Char('k');
    return dollar + significant(usd / 1e6) + QLatin1Char('M');
}

} // namespace ui
