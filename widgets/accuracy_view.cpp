#include "accuracy_view.h"

#include "chart_export.h"
#include "charts/chart_style.h"
#include "charts/palette.h"
#include "copyable_table_view.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QHeaderView>
#include <QHorizontalStackedBarSeries>
#include <QLabel>
#include <QLocale>
#include <QSplitter>
#include <QTableWidget>
#include <QValueAxis>
#include <QVBoxLayout>

#include <cmath>

namespace ui {

AccuracyView::AccuracyView(OpenScenario open, QWidget* parent) : QWidget(parent), m_summary(core::validatePublished()), m_open(std::move(open))
{
    setObjectName(QStringLiteral("accuracyView"));
    m_intro = new QLabel(this);
    m_intro->setWordWrap(true);
    m_intro->setTextFormat(Qt::RichText);

    // Error of every run, top to bottom in table order (horizontal bars run bottom-up).
    auto* chart = newChart();
    m_validation = new QBarSet(QString(), chart);
    m_validation->setColor(palette::kBlue);
    m_calibration = new QBarSet(QString(), chart);
    m_calibration->setColor(palette::kOrange);
    QStringList categories;
    const auto& rows = m_summary.rows;
    double extent = 5;
    for (auto it = rows.rbegin(); it != rows.rend(); ++it) {
        categories << QString::fromStdString(it->run->id);
        const double pct = it->error * 100;
        m_validation->append(it->run->calibration ? 0.0 : pct);
        m_calibration->append(it->run->calibration ? pct : 0.0);
        extent = std::max(extent, std::abs(pct));
    }
    auto* series = new QHorizontalStackedBarSeries(chart);
    series->append(m_validation);
    series->append(m_calibration);
    series->setBarWidth(0.7);
    chart->addSeries(series);
    auto* axisY = new QBarCategoryAxis(chart);
    axisY->setCategories(categories);
    axisY->setTruncateLabels(false);
    QFont small = axisY->labelsFont();
    small.setPointSizeF(std::max(6.5, small.pointSizeF() * 0.8));
    axisY->setLabelsFont(small);
    auto* axisX = new QValueAxis(chart);
    const double limit = std::ceil(extent / 5) * 5;
    axisX->setRange(-limit, limit);
    axisX->setTickCount(int(2 * limit / 5) + 1);
    axisX->setLabelFormat(QStringLiteral("%+.0f"));
    chart->addAxis(axisY, Qt::AlignLeft);
    chart->addAxis(axisX, Qt::AlignBottom);
    series->attachAxis(axisY);
    series->attachAxis(axisX);
    m_view = new QChartView(chart, this);
    m_view->setObjectName(QStringLiteral("accuracyChart"));
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setMinimumHeight(640);  // 28 runs: room for every label
    installChartActions(m_view);

    m_table = new QTableWidget(int(rows.size()), 7, this);
    m_table->setObjectName(QStringLiteral("accuracyTable"));
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->horizontalHeader()->setStretchLastSection(true);
    const QLocale locale;
    for (int r = 0; r < int(rows.size()); ++r) {
        const core::FidelityRow& row = rows[std::size_t(r)];
        const int decimals = row.run->metric == core::FidelityMetric::mfu ? 3 : row.run->metric == core::FidelityMetric::gpu_hours ? 0 : 1;
        const QString cells[] = {QString::fromStdString(row.run->id),
                                 QString::fromLatin1(core::toString(row.run->metric).data()),
                                 QString(),  // role, translated in retranslate()
                                 locale.toString(row.run->published, 'f', decimals),
                                 locale.toString(row.predicted, 'f', decimals),
                                 locale.toString(row.error * 100, 'f', 1) + QStringLiteral(" %"),
                                 QString::fromStdString(row.run->source)};
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
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_intro);
    layout->addWidget(split, 1);
    retranslate();
}

void AccuracyView::retranslate()
{
    const QLocale locale;
    int validation = 0;
    for (const auto& r : m_summary.rows) validation += r.run->calibration ? 0 : 1;
    m_intro->setText(tr("<p>The estimate against %1 published training runs, with the shipped defaults. Out of sample "
                        "(runs not used to choose the defaults), the mean error is <b>%2 %</b> on throughput and <b>%3 %</b> on "
                        "peak memory. Two defaults were calibrated on the %4 calibration runs: matmul efficiency %5 and %6 "
                        "memory-bound passes (docs/FIDELITY.md). Double-click a run to open it as a scenario.</p>")
                         .arg(int(m_summary.rows.size()))
                         .arg(locale.toString(m_summary.throughputMeanAbsError * 100, 'f', 1),
                              locale.toString(m_summary.memoryMeanAbsError * 100, 'f', 1))
                         .arg(int(m_summary.rows.size()) - validation)
                         .arg(locale.toString(core::Efficiency{}.compute, 'f', 2), locale.toString(core::Efficiency{}.memoryBoundPasses, 'f', 0)));
    m_validation->setLabel(tr("Out of sample"));
    m_calibration->setLabel(tr("Calibration"));
    m_view->chart()->setTitle(tr("Predicted vs published: error of each run (%)"));
    if (auto* axis = m_view->chart()->axes(Qt::Horizontal).value(0)) axis->setTitleText(tr("Error (%): above 0 the estimate is higher"));
    m_table->setHorizontalHeaderLabels({tr("Run"), tr("Metric"), tr("Role"), tr("Published"), tr("Predicted"), tr("Error"), tr("Source")});
    for (int r = 0; r < m_table->rowCount(); ++r)
        m_table->item(r, 2)->setText(m_summary.rows[std::size_t(r)].run->calibration ? tr("calibration") : tr("out of sample"));
    for (int c = 0; c < 6; ++c) m_table->resizeColumnToContents(c);
}

void AccuracyView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) retranslate();
    QWidget::changeEvent(event);
}

} // namespace ui
