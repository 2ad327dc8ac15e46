#include "widgets/charts/sensitivity_view.h"

#include "widgets/charts/chart_export.h"
#include "widgets/charts/chart_style.h"
#include "widgets/charts/palette.h"
#include "widgets/session/scenario_session.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHorizontalBarSeries>
#include <QLabel>
#include <QLocale>
#include <QSpinBox>
#include <QVBoxLayout>
#include <QValueAxis>

#include <cmath>

namespace ui {

SensitivityView::SensitivityView(ScenarioSession* session, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
{
    setObjectName(QStringLiteral("sensitivityView"));
    m_intro = new QLabel(this);
    m_intro->setWordWrap(true);
    m_metricLabel = new QLabel(this);
    m_metricBox = new QComboBox(this);
    m_metricBox->addItems({ QString(), QString(), QString() });
    m_percentLabel = new QLabel(this);
    m_percent = new QSpinBox(this);
    m_percent->setRange(5, 90);
    m_percent->setSingleStep(5);
    m_percent->setValue(20);
    m_percent->setSuffix(QStringLiteral(" %"));
    m_percent->setPrefix(QStringLiteral("± "));
    m_metricBox->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_metricLabel->setBuddy(m_metricBox);
    m_percentLabel->setBuddy(m_percent);

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
    m_axisX->setLabelFormat(QStringLiteral("%+g"));
    chart->addAxis(m_axisY, Qt::AlignLeft);
    chart->addAxis(m_axisX, Qt::AlignBottom);
    series->attachAxis(m_axisY);
    series->attachAxis(m_axisX);
    m_view = new QChartView(chart, this);
    m_view->setObjectName(QStringLiteral("sensitivityChart"));
    prepareChartView(m_view);
    installChartActions(m_view);

    auto* controls = new QHBoxLayout;
    controls->addWidget(m_metricLabel);
    controls->addWidget(m_metricBox);
    controls->addSpacing(16);
    controls->addWidget(m_percentLabel);
    controls->addWidget(m_percent);
    controls->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_intro);
    layout->addLayout(controls);
    layout->addWidget(m_view, 1);

    connect(m_metricBox, &QComboBox::currentIndexChanged, this, [this](int i) { setMetric(Metric(i)); });
    connect(m_percent, &QSpinBox::valueChanged, this, [this](int v) { setFraction(v / 100.0); });
    connect(session, &ScenarioSession::resultsChanged, this, [this] {
        if (isVisible()) request();
    });
    connect(session, &ScenarioSession::sensitivityReady, this,
        [this](std::uint64_t revision, const core::Sensitivity& result) {
            // A result for an older scenario is dropped: the newer one is on its way.
            if (revision == m_session->revision()) showResult(revision, result.fraction, result);
        });
    refresh();
}

void SensitivityView::setMetric(Metric metric)
{
    m_metric = metric;
    if (m_metricBox->currentIndex() != int(metric)) m_metricBox->setCurrentIndex(int(metric));
    refresh();
}

void SensitivityView::setFraction(double fraction)
{
    if (m_percent->value() != int(std::lround(fraction * 100))) m_percent->setValue(int(std::lround(fraction * 100)));
    if (isVisible()) request();
}

bool SensitivityView::isCurrent() const
{
    return m_revision == m_session->revision() && m_fraction == m_percent->value() / 100.0;
}

void SensitivityView::request()
{
    if (!isCurrent()) m_session->requestSensitivity(m_percent->value() / 100.0);
}

void SensitivityView::ensureCurrent()
{
    if (isCurrent()) return;
    const double fraction = m_percent->value() / 100.0;
    showResult(m_session->revision(), fraction, m_session->sensitivityNow(fraction));
}

void SensitivityView::showResult(std::uint64_t revision, double fraction, const core::Sensitivity& result)
{
    m_revision = revision;
    m_fraction = fraction;
    m_result = result;
    refresh();
}

void SensitivityView::showEvent(QShowEvent* event)
{
    request();
    QWidget::showEvent(event);
}

QString SensitivityView::assumptionName(core::Assumption a)
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

void SensitivityView::refresh()
{
    auto value = [this](const core::Outcome& o) {
        return m_metric == StepTime ? o.stepTimeS : m_metric == Memory ? o.memoryBytes : o.totalCostUsd;
    };
    const double base = value(m_result.base);
    // Largest swing at the top: horizontal bar categories run bottom-up.
    std::vector<const core::SensitivityRow*> rows;
    for (const auto& r : m_result.rows)
        rows.push_back(&r);
    std::stable_sort(rows.begin(), rows.end(), [&](const auto* a, const auto* b) {
        return std::abs(value(a->high) - value(a->low)) < std::abs(value(b->high) - value(b->low));
    });
    QStringList categories;
    QList<qreal> low, high;
    m_order.clear();
    double extent = 1;
    for (const auto* r : rows) {
        categories << assumptionName(r->assumption);
        const double l = base > 0 ? (value(r->low) / base - 1) * 100 : 0;
        const double h = base > 0 ? (value(r->high) / base - 1) * 100 : 0;
        low << l;
        high << h;
        extent = std::max({ extent, std::abs(l), std::abs(h) });
    }
    for (auto it = rows.rbegin(); it != rows.rend(); ++it)
        m_order.push_back((*it)->assumption);
    m_axisY->setCategories(categories);
    m_low->remove(0, m_low->count());
    m_low->append(low);
    m_high->remove(0, m_high->count());
    m_high->append(high);
    const double limit = niceCeiling(extent * 1.1);
    m_axisX->setRange(-limit, limit);

    const QLocale locale;
    const int pct = m_percent->value();
    m_metricLabel->setText(tr("&Outcome:"));
    m_metricBox->setItemText(0, tr("Step time"));
    m_metricBox->setItemText(1, tr("Memory per GPU"));
    m_metricBox->setItemText(2, tr("Total cost"));
    m_percentLabel->setText(tr("&Moves by:"));
    m_low->setLabel(tr("Assumption −%1 %").arg(pct));
    m_high->setLabel(tr("Assumption +%1 %").arg(pct));
    m_axisX->setTitleText(tr("Change (%)"));
    setChartTitle(m_view->chart(), tr("%1, each assumption ±%2 %").arg(m_metricBox->currentText()).arg(pct));
    m_intro->setText(
        tr("Each default that is not a datasheet fact moves down and up by the same fraction, one at a time; the "
           "bars show how far the outcome moves. The longest bars are the assumptions worth measuring on your "
           "own cluster (docs/FIDELITY.md)."));
}

void SensitivityView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) refresh();
    QWidget::changeEvent(event);
}

} // namespace ui
