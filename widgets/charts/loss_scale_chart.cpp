#include "widgets/charts/loss_scale_chart.h"

#include "widgets/charts/chart_style.h"
#include "widgets/style/palette.h"
#include "widgets/style/theme.h"

#include <QAreaSeries>
#include <QChart>
#include <QEvent>
#include <QFontMetricsF>
#include <QGraphicsSimpleTextItem>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace ui {

LossScaleChart::LossScaleChart(QWidget* parent)
    : QChartView(parent)
{
    setObjectName(QStringLiteral("lossScaleChart"));
    prepareChartView(this);
    setMinimumSize(480, 300);
    auto* chart = newChart();
    chart->legend()->setAlignment(Qt::AlignRight);
    m_axisX = new QValueAxis(chart);
    m_axisY = new QValueAxis(chart);
    m_axisX->setLabelFormat(QStringLiteral("%.0f"));
    m_axisX->setTickType(QValueAxis::TicksDynamic);
    m_axisX->setTickAnchor(0);
    m_axisY->setVisible(false); // a density: its height has no unit worth reading
    chart->addAxis(m_axisX, Qt::AlignBottom);
    chart->addAxis(m_axisY, Qt::AlignLeft);
    m_density = new QLineSeries(chart);
    m_area = new QAreaSeries(m_density);
    QColor fill = palette::kBlue;
    fill.setAlphaF(0.25);
    m_area->setBrush(fill);
    m_area->setPen(QPen(palette::kBlue, 2.0));
    chart->addSeries(m_area);
    m_area->attachAxis(m_axisX);
    m_area->attachAxis(m_axisY);
    const QColor colors[] = { palette::kVermillion, palette::kGreen, palette::kOrange, palette::kPurple };
    for (int i = 0; i < 4; ++i) {
        auto* normal = new QLineSeries(chart);
        normal->setPen(QPen(colors[i], 7.0, Qt::SolidLine, Qt::FlatCap));
        auto* subnormal = new QLineSeries(chart);
        subnormal->setPen(QPen(colors[i], 2.0, Qt::SolidLine, Qt::FlatCap));
        for (auto* s : { normal, subnormal }) {
            chart->addSeries(s);
            s->attachAxis(m_axisX);
            s->attachAxis(m_axisY);
        }
        m_normal << normal;
        m_subnormal << subnormal;
    }
    setChart(chart);
    for (auto* s : m_subnormal)
        for (auto* marker : chart->legend()->markers(s))
            marker->setVisible(false);
    for (int i = 0; i < 4; ++i) {
        auto* label = new QGraphicsSimpleTextItem(chart);
        label->setBrush(theme::surface(false).ink); // applyChartColours turns the ink light on a dark surface
        label->setZValue(10);
        m_rangeLabels << label;
    }
    connect(chart, &QChart::plotAreaChanged, this, &LossScaleChart::placeRangeLabels);
    retranslate();
}

void LossScaleChart::placeRangeLabels()
{
    const QFont font = m_axisX->labelsFont(); // enlarged with the axis on a slide
    const QFontMetricsF metrics(font);
    const QRectF plot = chart()->plotArea();
    for (int i = 0; i < m_rangeLabels.size() && i < m_normal.size(); ++i) {
        QGraphicsSimpleTextItem* label = m_rangeLabels[i];
        const QLineSeries* start = m_subnormal[i]->count() == 2 ? m_subnormal[i] : m_normal[i];
        if (start->count() < 2 || plot.isEmpty()) {
            label->setVisible(false);
            continue;
        }
        const QPointF at = chart()->mapToPosition(start->at(0), m_normal[i]);
        label->setFont(font);
        label->setText(m_normal[i]->name());
        // Above the line's left end, inside the plot; the line is 7 px thick.
        const double x = std::clamp(at.x(), plot.left(), plot.right() - metrics.horizontalAdvance(label->text()));
        label->setPos(x, at.y() - 4.5 - metrics.height());
        label->setVisible(true);
    }
}

void LossScaleChart::setDistribution(
    const core::GradientDistribution& g, double scale, const std::vector<core::FormatFractions>& ranges)
{
    m_gradients = g;
    m_scale = scale;
    // x = log10(|g| · S): a normal density of mean log10(median · S) and the given spread.
    const double mean = std::log10(g.median * scale), sd = std::max(g.sigmaDecades, 1e-3);
    const double lo = std::floor(std::min(mean - 5 * sd, -12.0)), hi = std::ceil(std::max(mean + 5 * sd, 6.0));
    QList<QPointF> points;
    constexpr int kPoints = 241;
    const double peak = 1 / (sd * std::sqrt(2 * std::numbers::pi));
    for (int i = 0; i < kPoints; ++i) {
        const double x = mean - 5 * sd + 10 * sd * i / (kPoints - 1);
        const double z = (x - mean) / sd;
        points << QPointF(x, std::exp(-z * z / 2) * peak);
    }
    m_density->replace(points);
    // The formats' ranges above the curve, one row each.
    for (int i = 0; i < 4 && i < int(ranges.size()); ++i) {
        const core::FormatFractions& f = ranges[std::size_t(i)];
        const double y = peak * (1.12 + 0.1 * i);
        const double smallest = std::log10(f.underflowThreshold), normal = std::log10(f.minNormal),
                     largest = std::log10(f.maxFinite);
        m_normal[i]->replace({ QPointF(std::max(normal, lo), y), QPointF(std::min(largest, hi), y) });
        m_subnormal[i]->replace({ QPointF(std::max(smallest, lo), y), QPointF(std::max(normal, lo), y) });
    }
    m_axisX->setRange(lo, hi);
    m_axisY->setRange(0, peak * 1.5);
    m_axisX->setTickInterval(hi - lo > 40 ? 10 : 5);
    placeRangeLabels();
}

void LossScaleChart::retranslate()
{
    setChartTitle(chart(), tr("Scaled gradients against each format's range"));
    m_axisX->setTitleText(tr("log10 of |gradient| × loss scale"));
    m_area->setName(tr("Gradients × S"));
    const QString names[]
        = { QStringLiteral("fp16"), QStringLiteral("bf16"), QStringLiteral("fp8 e4m3"), QStringLiteral("fp8 e5m2") };
    for (int i = 0; i < 4; ++i)
        m_normal[i]->setName(names[i]);
    placeRangeLabels();
}

void LossScaleChart::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) retranslate();
    QChartView::changeEvent(event);
}

} // namespace ui
