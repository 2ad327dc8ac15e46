#include "widgets/dialogs/accuracy_view.h"

#include "core/scenario/presets.h"
#include "widgets/charts/fidelity_chart.h"
#include "widgets/models/copyable_table_view.h"
#include "widgets/text/format.h"
#include "widgets/text/range_text.h"

#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QScrollArea>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace ui {

AccuracyView::AccuracyView(
    core::FidelitySummary summary, core::LeaveOneSourceOut heldOut, OpenScenario open, QWidget* parent)
    : QWidget(parent)
    , m_summary(std::move(summary))
    , m_heldOut(std::move(heldOut))
    , m_open(std::move(open))
{
    setObjectName(QStringLiteral("accuracyView"));
    m_intro = new QLabel(this);
    m_intro->setWordWrap(true);
    m_intro->setTextFormat(Qt::RichText);

    // The out-of-sample error by source and by regime, top to bottom in core's order; the table lists
    // every run.
    std::vector<FidelityChart::Slice> bars;
    for (const core::FidelityGroup& g : slices())
        bars.push_back({ g.meanError, g.meanAbsError });
    m_chart = new FidelityChart(bars, this);
    m_chart->setObjectName(QStringLiteral("accuracyChart"));

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
        const QString cells[]
            = { QString::fromStdString(row.run->id), QString::fromLatin1(core::toString(row.run->metric).data()),
                  QString(), // role, translated in retranslate()
                  locale.toString(row.run->published, 'f', decimals), locale.toString(row.predicted, 'f', decimals),
                  formatPercent(row.error * 100, 1), QString::fromStdString(row.run->source) };
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

    // The chart keeps a row of height for every slice's label and scrolls in its part of the
    // dialog: the dialog fits a laptop screen, and its table and buttons stay reachable.
    auto* chartArea = new QScrollArea(this);
    chartArea->setObjectName(QStringLiteral("accuracyChartArea"));
    chartArea->setWidgetResizable(true);
    chartArea->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    chartArea->setWidget(m_chart);
    chartArea->setMinimumHeight(160);
    m_table->setMinimumHeight(120);
    auto* split = new QSplitter(Qt::Vertical, this);
    split->setChildrenCollapsible(false);
    split->addWidget(chartArea);
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
    // The honest figure first: each source scored by defaults fitted without its own runs.
    QString heldOut;
    if (!m_heldOut.sources.empty()) {
        const auto worst = std::max_element(m_heldOut.sources.begin(), m_heldOut.sources.end(),
            [](const core::HeldOutSource& a, const core::HeldOutSource& b) { return a.meanAbsError < b.meanAbsError; });
        heldOut = tr("<p><b>Held out, %1 %</b>: each of the %2 sources scored by defaults fitted again without its "
                     "own runs, each source counted once — the error to expect on a setup unlike the suite's. The "
                     "weakest source, %3, is off by %4 %.</p>")
                      .arg(locale.toString(m_heldOut.sourceBalancedMeanAbsError * 100, 'f', 1))
                      .arg(int(m_heldOut.sources.size()))
                      .arg(QString::fromStdString(worst->source), locale.toString(worst->meanAbsError * 100, 'f', 1));
    }
    m_intro->setText(heldOut
        + tr(
            "<p>The estimate against %1 published training runs, with the shipped defaults. Out of sample "
            "(runs not used to choose the defaults), the mean error is <b>%2 %</b> on throughput and <b>%3 %</b> on "
            "peak memory. On the %4 calibration runs, three defaults were calibrated — matmul efficiency %5, the share "
            "%6 of it Hopper GPUs sustain, and %7 memory-bound passes — and each software stack's host costs on "
            "its own runs. Where a source measured "
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
        + tr("<p>Each source counted once (the mean of each source's mean |error|), the error is <b>%1 %</b> on "
             "throughput and <b>%2 %</b> on peak memory: one large table cannot hide the others.</p>")
              .arg(locale.toString(m_summary.throughputSourceBalancedError * 100, 'f', 1),
                  locale.toString(m_summary.memorySourceBalancedError * 100, 'f', 1))
        + tr("<p>Where the choice matters — two layouts measured at least %1 % apart — it orders %2 of %3 "
             "pairs as measured.</p>")
              .arg(locale.toString(core::kDecisiveGap * 100, 'f', 0))
              .arg(m_summary.decisivePairsAgreeing)
              .arg(m_summary.decisivePairs));
    QStringList categories;
    const std::size_t throughput = m_summary.groups.size();
    const auto groups = slices();
    for (std::size_t i = 0; i < groups.size(); ++i) {
        const core::FidelityGroup& g = groups[i];
        const QString slice
            = QStringLiteral("%1: %2 (%3)").arg(kindText(g.kind), RangeText::regime(g.name)).arg(g.runs);
        categories << (i < throughput ? slice : tr("Peak memory · %1").arg(slice));
    }
    m_chart->setTexts(tr("Out of sample: error by source and by regime — throughput, then peak memory"),
        tr("Error (%): above 0 the estimate is higher"), tr("Mean error (%)"), tr("Mean |error| (%)"), categories);
    m_table->setHorizontalHeaderLabels(
        { tr("Run"), tr("Metric"), tr("Role"), tr("Published"), tr("Predicted"), tr("Error"), tr("Source") });
    for (int r = 0; r < m_table->rowCount(); ++r)
        m_table->item(r, 2)->setText(
            m_summary.rows[std::size_t(r)].run->calibration ? tr("calibration") : tr("out of sample"));
    for (int c = 0; c < 6; ++c)
        m_table->resizeColumnToContents(c);
}

QBarSet* AccuracyView::meanErrorBars() const
{
    return m_chart->meanErrorBars();
}

QBarSet* AccuracyView::meanAbsErrorBars() const
{
    return m_chart->meanAbsErrorBars();
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
    //: runs grouped by model size (parameters)
    if (kind == "size") return tr("Size");
    if (kind == "parallelism") return tr("Parallelism");
    //: runs grouped by sequence length in tokens
    if (kind == "sequence") return tr("Sequence");
    //: runs grouped by the number format of their matmuls ("bf16/fp16", "fp8")
    if (kind == "format") return tr("Format");
    if (kind == "nodes") return tr("Nodes");
    if (kind == "tp") return tr("Tensor parallelism");
    //: runs grouped by training method ("pre-training", "fine-tuning (LoRA, QLoRA)"), not the training itself
    if (kind == "method") return tr("Training");
    return QString::fromStdString(kind);
}

void AccuracyView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) retranslate();
    QWidget::changeEvent(event);
}

} // namespace ui
