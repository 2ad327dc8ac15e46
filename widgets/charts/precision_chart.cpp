#include "widgets/charts/precision_chart.h"

#include "widgets/charts/chart_style.h"
#include "widgets/style/palette.h"

#include <QChart>
#include <QCoreApplication>
#include <QEvent>
#include <QLineSeries>
#include <QValueAxis>

namespace ui {

QString runName(const core::AccumulationRun& r)
{
    const QString format = QString::fromStdString(core::toString(r.format));
    if (r.kahan) return QCoreApplication::translate("ui::PrecisionChart", "%1 with Kahan compensation").arg(format);
    switch (r.rounding) {
    case core::Rounding::truncate:
        return QCoreApplication::translate("ui::PrecisionChart", "%1 truncated (the article's snippet)").arg(format);
    case core::Rounding::stochastic:
        return QCoreApplication::translate("ui::PrecisionChart", "%1 stochastic rounding").arg(format);
    case core::Rounding::nearest:
        break;
    }
    return QCoreApplication::translate("ui::PrecisionChart", "%1 round to nearest").arg(format);
}

PrecisionChart::PrecisionChart(QWidget* parent)
    : QChartView(parent)
{
    setObjectName(QStringLiteral("precisionChart"));
    prepareChartView(this);
    setMinimumSize(480, 320);
    auto* chart = newChart();
    chart->legend()->setAlignment(Qt::AlignRight);
    m_axisX = new QValueAxis(chart);
    m_axisY = new QValueAxis(chart);
    chart->addAxis(m_axisX, Qt::AlignBottom);
    chart->addAxis(m_axisY, Qt::AlignLeft);
    const QColor colors[] = { palette::kBlue, palette::kVermillion, palette::kOrange, palette::kPurple, palette::kGrey,
        palette::kYellow, palette::kGreen, palette::kSkyBlue };
    for (int i = 0; i < 8; ++i) {
        auto* line = new QLineSeries(chart);
        m_colors << colors[i];
        line->setPen(QPen(colors[i], 2.5));
        chart->addSeries(line);
        line->attachAxis(m_axisX);
        line->attachAxis(m_axisY);
        m_lines << line;
    }
    setChart(chart);
    retranslate();
}

void PrecisionChart::setRuns(const std::vector<core::AccumulationRun>& runs)
{
    m_runs = runs;
    double lo = 1e300, hi = -1e300, last = 1;
    for (int i = 0; i < m_lines.size(); ++i) {
        QList<QPointF> points;
        if (i < int(runs.size())) {
            const auto& r = runs[std::size_t(i)];
            for (std::size_t k = 0; k < r.trajectory.size(); ++k) {
                points << QPointF(double(r.trajectorySteps[k]), r.trajectory[k]);
                lo = std::min(lo, r.trajectory[k]);
                hi = std::max(hi, r.trajectory[k]);
            }
            last = std::max(last, double(r.trajectorySteps.back()));
            m_lines[i]->setName(runName(r));
        }
        m_lines[i]->replace(points);
        m_lines[i]->setVisible(i < int(runs.size()));
    }
    showOverlaps();
    if (lo > hi) return;
    const double pad = (hi - lo) * 0.05 + 1e-12;
    m_axisX->setRange(0, last);
    m_axisY->setRange(lo - pad, hi + pad);
    setPlainLabels(m_axisX);
    setPlainLabels(m_axisY); // 1.0, 1.2 … 2.0, not 0.95, 1.24, 1.52
}

void PrecisionChart::showOverlaps()
{
    // Runs that end on the same path (bf16, fp16, fp8 and truncated bf16 all stalled at w = 1) would
    // hide each other under the last one drawn: each draws its colour in its own dashes along the shared
    // line, every one visible, and the legend says they coincide.
    const int n = int(std::min(m_runs.size(), std::size_t(m_lines.size())));
    for (int i = 0; i < n; ++i) {
        const auto& r = m_runs[std::size_t(i)];
        int group = 0, place = 0;
        for (int j = 0; j < n; ++j)
            if (m_runs[std::size_t(j)].trajectory == r.trajectory) {
                if (j < i) ++place;
                ++group;
            }
        QPen pen(m_colors[i], 2.5);
        if (group > 1) {
            constexpr double kDash = 4; // in pen widths
            pen.setDashPattern({ kDash, kDash * (group - 1) });
            pen.setDashOffset(-kDash * place);
            pen.setCapStyle(Qt::FlatCap);
        }
        m_lines[i]->setPen(pen);
        m_lines[i]->setName(group > 1 ? tr("%1 (shares its line)").arg(runName(r)) : runName(r));
    }
    fitSideLegend(chart()); // the long names on two lines beside a narrow plot, not cut
}

void PrecisionChart::retranslate()
{
    m_axisX->setTitleText(tr("Updates"));
    m_axisY->setTitleText(tr("Weight w"));
    setChartTitle(chart(), tr("w ← round(w + u): which formats keep small updates"));
    showOverlaps();
}

void PrecisionChart::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) retranslate();
    QChartView::changeEvent(event);
}

} // namespace ui
