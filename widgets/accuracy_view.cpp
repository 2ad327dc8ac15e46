#include "accuracy_view.h"

#include "chart_export.h"
#include "charts/chart_style.h"
#include "charts/palette.h"
#include "copyable_table_view.h"
#include "presets.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QHeaderView>
#include <QHorizontalBarSeries>
#include <QLabel>
#include <QLocale>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QValueAxis>

#include <cmath>

namespace ui {

AccuracyView::AccuracyView(OpenScenario open, QWidget* parent)
    : QWidget(parent)
    , m_summary(core::validatePublished())
    , m_open(std::move(open))
{
    setObjectName(QStringLiteral("accuracyView"));
    m_intro = new QLabel(this);
    m_intro->setWordWrap(true);
    m_intro->setTextFormat(Qt::RichText);

    // The out-of-sample error by source and by regime, top to bottom in core's order (horizontal bars
    // run bottom-up): with 244 runs a bar per run would be unreadable; the table lists every run.
    auto* chart = newChart();
    m_validation = new QBarSet(QString(), chart);
    m_validation->setColor(palette::kBlue);
    m_calibration = new QBarSet(QString(), chart);
    m_calibration->setColor(palette::kOrange);
    const auto groups = slices();
    double extent = 5;
    for (auto it = groups.rbegin(); it != groups.rend(); ++it) {
        m_validation->append(it->meanError * 100);
        m_calibration->append(it->meanAbsError * 100);
        extent = std::max({ extent, std::abs(it->meanError) * 100, it->meanAbsError * 100 });
    }
    auto* series = new QHorizontalBarSeries(chart);
    series->append(m_validation);
    series->append(m_calibration);
    series->setBarWidth(0.8);
    chart->addSeries(series);
    auto* axisY = new QBarCategoryAxis(chart);
    m_categories = axisY;
    axisY->setTruncateLabels(false);
    QFont small = axisY->labelsFont();
    small.setPointSizeF(std::max(6.5, small.pointSizeF() * 0.8));
    axisY->setLabelsFont(small);
    auto* axisX = new QValueAxis(chart);
    // Ticks every 5, 10, 20 or 50 %: at most about a dozen labels whatever the largest error.
    double step = 5;
    while (extent / step > 6)
        step *= step == 5 || step == 20 ? 2 : 2.5;
    const double limit = std::ceil(extent / step) * step;
    axisX->setRange(-limit, limit);
    axisX->setTickCount(int(2 * limit / step) + 1);
    axisX->setLabelFormat(QStringLiteral("%+.0f"));
    chart->addAxis(axisY, Qt::AlignLeft);
    chart->addAxis(axisX, Qt::AlignBottom);
    series->attachAxis(axisY);
    series->attachAxis(axisX);
    m_view = new QChartView(chart, this);
    m_view->setObjectName(QStringLiteral("accuracyChart"));
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setMinimumHeight(std::max(420, 20 * int(groups.size()) + 120)); // room for every slice's label
    installChartActions(m_view);

    const auto& rows = m_summary.rows;
    m_table = new QTableWidget(int(rows.size()), 7, this);
    m_table->setObjectName(QStringLiteral("accuracyTable"));
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->horizontalHeader()->setStretchLastSection(true);
    const QLocale locale;
    for (int r = 0; r < int(rows.size()); ++r) {
        const core::FidelityRow& row = rows[std::size_t(r)];
        const int decimals = row.run->metric == core::FidelityMetric::mfu ? 3
            : (row.run->metric == core::FidelityMetric::gpu_hours
                  || row.run->metric == core::FidelityMetric::tokens_per_s_per_gpu)
            ? 0
            : 1;
        const QString cells[] = { QString::fromStdString(row.run->id),
            QString::fromLatin1(core::toString(row.run->metric).data()),
            QString(), // role, translated in retranslate()
            locale.toString(row.run->published, 'f', decimals), locale.toString(row.predicted, 'f', decimals),
            locale.toString(row.error * 100, 'f', 1) + QStringLiteral(" %"), QString::fromStdString(row.run->source) };
        for (int c = 0; c < 7; ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            if (c >= 3 && c <= 5) item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            if (c == 6) item->setToolTip(cells[c]);
            m_table->setItem(r, c, item);
        }
    }
    installTableCopy(m_table);
    connect(m_table, &QTableWidget::cellDoubleClicked, this, [this](int r, int) {
        if (m_open && r >= 0 && r < int(m_summary.rows.size())) m_open(m_summary.rows[std::size_t(r)].run->scenario);
    });

    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_view);
    split->addWidget(m_table);
    split->setStretchFactor(0, 4);
    split->setStretchFactor(1, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_intro);
    layout->addWidget(split, 1);
    retranslate();
}

void AccuracyView::retranslate()
{
    const QLocale locale;
    int validation = 0;
    for (const auto& r : m_summary.rows)
        validation += r.run->calibration ? 0 : 1;
    // Hopper's sustained fraction, calibrated with the efficiency (the H100's catalog entry carries it).
    const auto* h100 = core::findGpuPreset("h100-sxm");
    const double hopper = h100 ? h100->spec.sustainedFraction : 1.0;
    m_intro->setText(
        tr("<p>The estimate against %1 published training runs, with the shipped defaults. Out of sample "
           "(runs not used to choose the defaults), the mean error is <b>%2 %</b> on throughput and <b>%3 %</b> on "
           "peak memory. Three defaults were calibrated on the %4 calibration runs: matmul efficiency %5, the share "
           "%6 of it Hopper GPUs sustain, and %7 memory-bound passes (docs/FIDELITY.md). Where a source measured "
           "one model in several layouts on one software stack, the estimate orders them with a mean rank "
           "correlation of %8 over %9 sets. Double-click a run to open it as a scenario.</p>")
            .arg(int(m_summary.rows.size()))
            .arg(locale.toString(m_summary.throughputMeanAbsError * 100, 'f', 1),
                locale.toString(m_summary.memoryMeanAbsError * 100, 'f', 1))
            .arg(int(m_summary.rows.size()) - validation)
            .arg(locale.toString(core::Efficiency {}.compute, 'f', 2), locale.toString(hopper, 'f', 2),
                locale.toString(core::Efficiency {}.memoryBoundPasses, 'f', 0),
                locale.toString(m_summary.meanRankAgreement, 'f', 2))
            .arg(int(m_summary.rankAgreement.size()))
        + tr("<p>Where the choice matters — two layouts measured at least %1 % apart — it orders %2 of %3 "
             "pairs as measured.</p>")
              .arg(locale.toString(core::kDecisiveGap * 100, 'f', 0))
              .arg(m_summary.decisivePairsAgreeing)
              .arg(m_summary.decisivePairs));
    m_validation->setLabel(tr("Mean error (%)"));
    m_calibration->setLabel(tr("Mean |error| (%)"));
    QStringList categories;
    const std::size_t throughput = m_summary.groups.size();
    const auto groups = slices();
    for (std::size_t i = groups.size(); i-- > 0;) {
        const core::FidelityGroup& g = groups[i];
        const QString slice = QStringLiteral("%1: %2 (%3)").arg(kindText(g.kind), regimeText(g.name)).arg(g.runs);
        categories << (i < throughput ? slice : tr("Peak memory · %1").arg(slice));
    }
    m_categories->setCategories(categories);
    m_view->chart()->setTitle(tr("Out of sample: error by source and by regime — throughput, then peak memory"));
    if (auto* axis = m_view->chart()->axes(Qt::Horizontal).value(0))
        axis->setTitleText(tr("Error (%): above 0 the estimate is higher"));
    m_table->setHorizontalHeaderLabels(
        { tr("Run"), tr("Metric"), tr("Role"), tr("Published"), tr("Predicted"), tr("Error"), tr("Source") });
    for (int r = 0; r < m_table->rowCount(); ++r)
        m_table->item(r, 2)->setText(
            m_summary.rows[std::size_t(r)].run->calibration ? tr("calibration") : tr("out of sample"));
    for (int c = 0; c < 6; ++c)
        m_table->resizeColumnToContents(c);
}

std::vector<core::FidelityGroup> AccuracyView::slices() const
{
    std::vector<core::FidelityGroup> all = m_summary.groups;
    all.insert(all.end(), m_summary.memoryGroups.begin(), m_summary.memoryGroups.end());
    return all;
}

QString AccuracyView::kindText(const std::string& kind)
{
    if (kind == "source") return tr("Source");
    if (kind == "gpu") return tr("GPU");
    if (kind == "size") return tr("Size");
    if (kind == "parallelism") return tr("Parallelism");
    if (kind == "sequence") return tr("Sequence");
    if (kind == "format") return tr("Format");
    return QString::fromStdString(kind);
}

QString AccuracyView::regimeText(const std::string& name)
{
    // Core's regime names (fidelity.cpp regimesOf); sources and GPU presets are names, not translated.
    if (name == "under 1B") return tr("under 1B parameters");
    if (name == "1B-10B") return tr("1B–10B parameters");
    if (name == "10B-100B") return tr("10B–100B parameters");
    if (name == "100B and more") return tr("100B parameters and more");
    if (name == "mixture of experts") return tr("mixture of experts");
    if (name == "tensor/pipeline (3D)") return tr("tensor/pipeline (3D)");
    if (name == "FSDP / ZeRO-2/3") return tr("FSDP / ZeRO-2/3");
    if (name == "data parallel") return tr("data parallel");
    if (name == "up to 2k") return tr("up to 2k tokens");
    if (name == "4k-8k") return tr("4k–8k tokens");
    if (name == "16k-32k") return tr("16k–32k tokens");
    if (name == "64k and more") return tr("64k tokens and more");
    return QString::fromStdString(name);
}

QString AccuracyView::rangeBasisText(const core::EstimateRange& range)
{
    if (range.regimes.empty()) return tr("all published runs");
    QStringList parts;
    for (const std::string& regime : range.regimes)
        parts << regimeText(regime);
    return parts.join(QStringLiteral(", "));
}

void AccuracyView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) retranslate();
    QWidget::changeEvent(event);
}

} // namespace ui
