#include "widgets/charts/sensitivity_chart.h"

#include "widgets/charts/chart_export.h"
#include "widgets/charts/chart_style.h"
#include "widgets/style/palette.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QHorizontalBarSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace ui {

SensitivityChart::SensitivityChart(QWidget* parent)
    : QChartView(parent)
{
    setObjectName(QStringLiteral("sensitivityChart"));
    auto* chart = newChart();
    m_low = new QBarSet(QString(), chart);
    m_low->setColor(palette::kBlue);
    m_high = new QBarSet(QString(), chart);
    m_high->setColor(palette::kOrange);
    auto* series = new QHorizontalBarSeries(chart);
    series->append(m_low);
    series->append(m_high);
    series->setBarWidth(0.8);
    chart->addSeries(series);
    m_axisY = new QBarCategoryAxis(chart);
    m_axisY->setTruncateLabels(false);
    m_axisX = new QValueAxis(chart);
    chart->addAxis(m_axisY, Qt::AlignLeft);
    chart->addAxis(m_axisX, Qt::AlignBottom);
    series->attachAxis(m_axisY);
    series->attachAxis(m_axisX);
    setChart(chart);
    prepareChartView(this);
    installChartActions(this);
}

void SensitivityChart::setResult(const core::Sensitivity& result, Metric metric, const QString& metricName, int percent)
{
    auto value = [metric](const core::Outcome& o) {
        return metric == StepTime ? o.stepTimeS : metric == Memory ? o.memoryBytes : o.totalCostUsd;
    };
    const double base = value(result.base);
    // Largest swing at the top: horizontal bar categories run bottom-up.
    std::vector<const core::SensitivityRow*> rows;
    for (const auto& r : result.rows)
        rows.push_back(&r);
    std::stable_sort(rows.begin(), rows.end(), [&](const auto* a, const auto* b) {
        return std::abs(value(a->high) - value(a->low)) < std::abs(value(b->high) - value(b->low));
    });
    QStringList categories;
    QList<qreal> low, high;
    m_order.clear();
    double extent = 1;
    // Assumptions that do not move this outcome (restart time on step time) get no row of their own:
    // a row of empty bars each reads as missing data. One row at the bottom counts them.
    const auto change = [&](const core::Outcome& o) { return base > 0 ? (value(o) / base - 1) * 100 : 0; };
    const auto moves = [&](const core::SensitivityRow* r) {
        return std::max(std::abs(change(r->low)), std::abs(change(r->high))) >= kNoEffectPercent;
    };
    const auto still = std::count_if(rows.begin(), rows.end(), [&](const auto* r) { return !moves(r); });
    if (still > 0) {
        //: the sensitivity chart's last row: assumptions whose change does not move the outcome
        categories << tr("%n other assumption(s): no effect", nullptr, int(still));
        low << 0;
        high << 0;
    }
    for (const auto* r : rows) {
        if (!moves(r)) continue;
        categories << assumptionName(r->assumption);
        low << change(r->low);
        high << change(r->high);
        extent = std::max({ extent, std::abs(low.back()), std::abs(high.back()) });
    }
    for (auto it = rows.rbegin(); it != rows.rend(); ++it)
        if (moves(*it)) m_order.push_back((*it)->assumption);
    m_axisY->setCategories(categories);
    m_low->remove(0, m_low->count());
    m_low->append(low);
    m_high->remove(0, m_high->count());
    m_high->append(high);
    const double limit = niceCeiling(extent * 1.1);
    m_axisX->setRange(-limit, limit);
    setPlainLabels(m_axisX);
    m_axisX->setLabelFormat(m_axisX->labelFormat().replace(QStringLiteral("%."), QStringLiteral("%+."))); // "+20"

    m_low->setLabel(tr("Assumption −%1 %").arg(percent));
    m_high->setLabel(tr("Assumption +%1 %").arg(percent));
    m_axisX->setTitleText(tr("Change (%)"));
    setChartTitle(chart(), tr("%1, each assumption ±%2 %").arg(metricName).arg(percent));
}

QString SensitivityChart::assumptionName(core::Assumption a)
{
    using A = core::Assumption;
    switch (a) {
    case A::compute_efficiency:
        return tr("Compute efficiency");
    case A::memory_bound_passes:
        return tr("Memory-bound passes");
    case A::bus_bandwidth:
        return tr("Bus bandwidth efficiency");
    case A::comm_overlap:
        return tr("DP/CP overlap");
    case A::comm_latency:
        return tr("Latency per collective");
    case A::intra_node_bandwidth:
        return tr("NVLink bandwidth");
    case A::inter_node_bandwidth:
        return tr("Network bandwidth");
    case A::memory_bandwidth:
        return tr("HBM bandwidth");
    case A::fragmentation:
        return tr("Allocator fragmentation");
    case A::cuda_context:
        return tr("CUDA context");
    case A::comm_buffers:
        return tr("NCCL buffers");
    case A::gpu_mtbf:
        return tr("GPU MTBF");
    case A::checkpoint_bandwidth:
        return tr("Checkpoint bandwidth");
    case A::restart_time:
        return tr("Restart time");
    }
    return {};
}

} // namespace ui
