#include "widgets/charts/reliability_charts.h"

#include "widgets/charts/chart_style.h"
#include "widgets/style/palette.h"

#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QVBoxLayout>
#include <QValueAxis>

#include <cmath>

namespace ui {

ReliabilityCharts::ReliabilityCharts(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("reliabilityCharts"));
    auto* scale = newChart();
    m_goodputGpus = addLine(scale, palette::kGreen);
    m_interruptions = addLine(scale, palette::kVermillion);
    m_gpusAxis = new QLogValueAxis(scale);
    m_gpusAxis->setBase(2);
    m_gpusAxis->setLabelFormat(QStringLiteral("%.0f"));
    m_gpusAxis->setMinorTickCount(0);
    m_goodputAxis = new QValueAxis(scale);
    m_goodputAxis->setRange(0, 100);
    setPlainLabels(m_goodputAxis);
    m_interruptionsAxis = new QLogValueAxis(scale);
    m_interruptionsAxis->setLabelFormat(QStringLiteral("%.10g")); // decades in plain digits
    m_interruptionsAxis->setMinorTickCount(-1);
    scale->addAxis(m_gpusAxis, Qt::AlignBottom);
    scale->addAxis(m_goodputAxis, Qt::AlignLeft);
    scale->addAxis(m_interruptionsAxis, Qt::AlignRight);
    m_interruptionsAxis->setGridLineVisible(false); // one grid, the left axis's: a second one drawn over it is clutter
    m_goodputGpus->attachAxis(m_gpusAxis);
    m_goodputGpus->attachAxis(m_goodputAxis);
    m_interruptions->attachAxis(m_gpusAxis);
    m_interruptions->attachAxis(m_interruptionsAxis);
    m_scaleView = new QChartView(scale, this);
    m_scaleView->setObjectName(QStringLiteral("reliabilityScale"));
    prepareChartView(m_scaleView);

    auto* interval = newChart();
    m_goodputInterval = addLine(interval, palette::kBlue, false);
    m_optimum = new QScatterSeries(interval);
    m_optimum->setMarkerSize(14);
    m_optimum->setColor(palette::kOrange);
    interval->addSeries(m_optimum);
    m_intervalAxis = new QLogValueAxis(interval);
    m_intervalAxis->setLabelFormat(QStringLiteral("%.10g"));
    m_intervalAxis->setMinorTickCount(-1);
    m_intervalGoodputAxis = new QValueAxis(interval);
    interval->addAxis(m_intervalAxis, Qt::AlignBottom);
    interval->addAxis(m_intervalGoodputAxis, Qt::AlignLeft);
    for (QAbstractSeries* s :
        { static_cast<QAbstractSeries*>(m_goodputInterval), static_cast<QAbstractSeries*>(m_optimum) }) {
        s->attachAxis(m_intervalAxis);
        s->attachAxis(m_intervalGoodputAxis);
    }
    m_intervalView = new QChartView(interval, this);
    m_intervalView->setObjectName(QStringLiteral("reliabilityInterval"));
    prepareChartView(m_intervalView);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_scaleView);
    layout->addWidget(m_intervalView);
    retranslate();
}

void ReliabilityCharts::setData(const core::SweepResult& sweep, const core::Estimate& current,
    const std::vector<std::pair<double, double>>& byInterval)
{
    QList<QPointF> goodput, interruptions;
    double lo = 1e300, hi = 0, iMin = 1e300, iMax = 0;
    for (const auto& p : sweep.points) {
        const auto& r = p.estimate.reliability;
        const double g = p.estimate.gpus;
        goodput << QPointF(g, r.goodput * 100);
        lo = std::min(lo, g);
        hi = std::max(hi, g);
        const double n = std::max(r.expectedInterruptions, 0.01);
        if (!std::isfinite(n)) continue; // the run never finishes: no finite count to draw
        interruptions << QPointF(g, n);
        iMin = std::min(iMin, n);
        iMax = std::max(iMax, n);
    }
    m_goodputGpus->replace(goodput);
    m_interruptions->replace(interruptions);
    if (!goodput.isEmpty()) {
        m_gpusAxis->setRange(lo / 1.4, hi * 1.4);
        const auto [bottom, top] = logDecades(iMin, iMax);
        m_interruptionsAxis->setRange(bottom, top);
        setPlainLabels(m_interruptionsAxis);
    }

    // Goodput against the interval (minutes on the axis).
    const auto& r = current.reliability;
    const double best = r.checkpointIntervalS;
    QList<QPointF> curve;
    double gMin = 100;
    for (const auto& [seconds, g] : byInterval) {
        curve << QPointF(seconds / 60.0, g * 100);
        gMin = std::min(gMin, g * 100);
    }
    m_goodputInterval->replace(curve);
    m_optimum->replace(QList<QPointF> { { best / 60.0, r.goodput * 100 } });
    if (!curve.isEmpty()) {
        m_intervalAxis->setRange(curve.front().x(), curve.back().x());
        m_intervalGoodputAxis->setRange(std::floor(gMin / 5) * 5, 100);
        setPlainLabels(m_intervalGoodputAxis); // 96.25 printed "96" beside 96 and 97 … no more
        setPlainLabels(m_intervalAxis);
    }
}

void ReliabilityCharts::retranslate()
{
    m_goodputGpus->setName(tr("Goodput (%)"));
    m_interruptions->setName(tr("Expected interruptions over the run"));
    m_gpusAxis->setTitleText(tr("GPUs"));
    m_goodputAxis->setTitleText(tr("Goodput (%)"));
    m_interruptionsAxis->setTitleText(tr("Interruptions (log scale)"));
    setChartTitle(m_scaleView->chart(), tr("More GPUs, more failures: interruptions and goodput"));
    m_goodputInterval->setName(tr("Goodput at this checkpoint interval"));
    m_optimum->setName(tr("Optimal interval (Daly 2006)"));
    m_intervalAxis->setTitleText(tr("Checkpoint interval (minutes, log scale)"));
    m_intervalGoodputAxis->setTitleText(tr("Goodput (%)"));
    setChartTitle(m_intervalView->chart(), tr("Checkpoint too often: writing wastes time; too rarely: failures do"));
}

void ReliabilityCharts::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) retranslate();
    QWidget::changeEvent(event);
}

} // namespace ui
