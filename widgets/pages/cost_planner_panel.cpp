#include "widgets/pages/cost_planner_panel.h"

#include "widgets/session/scenario_document.h"
#include "widgets/session/scenario_session.h"
#include "widgets/text/format.h"
#include "widgets/text/native_path.h"
#include "widgets/text/problem_text.h"

#include <QDoubleSpinBox>
#include <QEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>

namespace ui {

CostPlannerPanel::CostPlannerPanel(ScenarioSession* session, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
{
    setObjectName(QStringLiteral("costPlanner"));
    m_tableLabel = new QLabel(this);
    m_tableLabel->setObjectName(QStringLiteral("costTable"));
    m_tableLabel->setWordWrap(true);
    m_open = new QPushButton(this);
    m_example = new QPushButton(this);
    m_typesLabel = new QLabel(this);
    m_types = new QLineEdit(this);
    m_types->setObjectName(QStringLiteral("costGpuTypes"));
    m_typesLabel->setBuddy(m_types);
    m_gpusLabel = new QLabel(this);
    m_gpus = new QSpinBox(this);
    m_gpus->setObjectName(QStringLiteral("costMaxGpus"));
    m_gpus->setRange(1, 1'000'000);
    m_gpus->setValue(256);
    m_gpusLabel->setBuddy(m_gpus);
    m_deadlineLabel = new QLabel(this);
    m_deadline = new QDoubleSpinBox(this);
    m_deadline->setObjectName(QStringLiteral("costDeadline"));
    m_deadline->setRange(0, 100'000);
    m_deadline->setDecimals(1);
    // A quarter by default: without a deadline the cheapest offer is often a spot run of most of a
    // year, which no team plans for. 0 ("none") searches without one, as the command line does.
    m_deadline->setValue(kDefaultDeadlineDays);
    m_deadlineLabel->setBuddy(m_deadline);
    m_run = new QPushButton(this);
    m_run->setObjectName(QStringLiteral("costRun"));
    m_run->setEnabled(false);
    m_stop = new QPushButton(this);
    m_stop->setEnabled(false);
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 1000);
    m_progress->setValue(0);
    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("costSummary"));
    m_summary->setWordWrap(true);
    m_results = new QTableWidget(this);
    m_results->setObjectName(QStringLiteral("costResults"));
    m_results->setColumnCount(9);
    m_results->verticalHeader()->hide();
    m_results->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_results->setSelectionMode(QAbstractItemView::SingleSelection);
    m_results->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_results->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_results->horizontalHeader()->setStretchLastSection(true);
    m_apply = new QPushButton(this);
    m_apply->setObjectName(QStringLiteral("costApply"));
    m_apply->setEnabled(false);

    auto* controls = new QGridLayout;
    controls->addWidget(m_tableLabel, 0, 0, 1, 4);
    controls->addWidget(m_open, 0, 4);
    controls->addWidget(m_example, 0, 5);
    controls->addWidget(m_typesLabel, 1, 0);
    controls->addWidget(m_types, 1, 1, 1, 5);
    controls->addWidget(m_gpusLabel, 2, 0);
    controls->addWidget(m_gpus, 2, 1);
    controls->addWidget(m_deadlineLabel, 2, 2);
    controls->addWidget(m_deadline, 2, 3);
    controls->addWidget(m_run, 2, 4);
    controls->addWidget(m_stop, 2, 5);
    controls->addWidget(m_progress, 3, 0, 1, 6);
    controls->addWidget(m_summary, 4, 0, 1, 6);
    controls->setColumnStretch(1, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    layout->addWidget(m_results, 1);
    layout->addWidget(m_apply, 0, Qt::AlignLeft);

    connect(m_open, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(
            this, tr("Open a price table"), QString(), tr("TrainPlanner price tables (*.tpprices.json *.json)"));
        if (!path.isEmpty()) openPriceTable(path);
    });
    connect(m_example, &QPushButton::clicked, this, &CostPlannerPanel::useExampleTable);
    connect(m_run, &QPushButton::clicked, this, &CostPlannerPanel::start);
    connect(m_stop, &QPushButton::clicked, this, &CostPlannerPanel::cancel);
    connect(m_apply, &QPushButton::clicked, this, [this] {
        const auto rows = m_results->selectionModel()->selectedRows();
        apply(rows.isEmpty() ? 0 : rows.front().row());
    });
    connect(session, &ScenarioSession::costPlanProgress, m_progress,
        [this](double fraction) { m_progress->setValue(int(fraction * 1000)); });
    connect(session, &ScenarioSession::costPlanReady, this,
        [this](std::uint64_t revision, const core::CostPlanResult& result) {
            if (!m_search.takes(revision, m_session->scenario(), m_session->revision())) return;
            m_result = result;
            showResult();
            emit finished();
        });
    connect(session->document(), &ScenarioDocument::scenarioChanged, this, [this](const core::Scenario& s) {
        if (!m_search.becomesStale(s)) return;
        cancel();
        if (!isRunning()) showResult();
    });
    retranslate();
}

bool CostPlannerPanel::openPriceTable(const QString& path)
{
    const core::PriceTableResult r = core::loadPriceTable(nativePath(path));
    if (!r.ok()) {
        m_tableError = ProblemText::of(r.error);
        retranslate();
        return false;
    }
    setTable(*r.table, QFileInfo(path).fileName());
    return true;
}

bool CostPlannerPanel::useExampleTable()
{
    QFile file(QStringLiteral(":/prices/cloud-prices-2026.tpprices.json"));
    if (!file.open(QIODevice::ReadOnly)) return false;
    const core::PriceTableResult r = core::parsePriceTable(file.readAll().toStdString());
    if (!r.ok()) return false;
    setTable(*r.table, tr("the example table"));
    return true;
}

void CostPlannerPanel::setTable(core::PriceTable table, const QString& origin)
{
    QStringList types;
    for (const auto& p : table.prices)
        if (!types.contains(QString::fromStdString(p.gpu))) types << QString::fromStdString(p.gpu);
    m_table = std::move(table);
    m_origin = origin;
    m_tableError.clear();
    // An input the search reads back: preset names with ASCII commas in every language (the Chinese
    // list comma 、 made the whole field one unknown GPU type).
    m_types->setText(types.join(QStringLiteral(", ")));
    m_run->setEnabled(!isRunning());
    retranslate();
}

void CostPlannerPanel::setMaxGpus(int gpus)
{
    m_gpus->setValue(gpus);
}

void CostPlannerPanel::setDeadlineDays(double days)
{
    m_deadline->setValue(days);
}

std::string CostPlannerPanel::resultJson() const
{
    if (isRunning() || isStale() || m_result.plans.empty()) return {};
    return core::costPlanToJson(m_result);
}

bool CostPlannerPanel::isRunning() const
{
    return m_session->isCostPlanning();
}

void CostPlannerPanel::start()
{
    if (!m_table || isRunning()) return;
    core::CostPlanOptions options;
    // Whatever separates the names as a user types them: commas (half- or full-width), the list comma
    // 、, semicolons or spaces.
    static const QRegularExpression separators(QStringLiteral("[,，、;；\\s]+"));
    for (const QString& type : m_types->text().split(separators, Qt::SkipEmptyParts))
        if (!type.trimmed().isEmpty()) options.gpuTypes.push_back(type.trimmed().toStdString());
    options.maxGpus = m_gpus->value();
    options.deadlineDays = m_deadline->value();
    options.top = 30;
    const core::Scenario searched = m_session->scenario();
    m_searchedDeadline = options.deadlineDays > 0;
    m_search.start(searched, m_session->requestCostPlan(*m_table, options));
    m_run->setEnabled(false);
    m_stop->setEnabled(true);
    m_apply->setEnabled(false);
    m_progress->setValue(0);
    m_summary->setText(tr("Searching…"));
}

void CostPlannerPanel::cancel()
{
    m_session->cancelCostPlan();
}

QString CostPlannerPanel::pricingName(core::Pricing pricing)
{
    switch (pricing) {
    case core::Pricing::on_demand:
        return tr("On demand");
    case core::Pricing::reserved:
        return tr("Reserved");
    case core::Pricing::spot:
        return tr("Spot");
    }
    return {};
}

QString CostPlannerPanel::tableText() const
{
    if (!m_tableError.isEmpty()) return tr("The price table was not read: %1").arg(m_tableError);
    if (!m_table) return tr("No price table: open one (*.tpprices.json) or use the example.");
    QStringList dates;
    for (const auto& p : m_table->prices)
        if (!dates.contains(QString::fromStdString(p.date))) dates << QString::fromStdString(p.date);
    dates.sort();
    return tr("Prices: %1 (%2), dated %3.").arg(QString::fromStdString(m_table->name), m_origin, listText(dates));
}

QString CostPlannerPanel::summaryText() const
{
    return m_summary->text();
}

void CostPlannerPanel::showResult()
{
    m_run->setEnabled(m_table.has_value());
    m_stop->setEnabled(false);
    m_progress->setValue(m_result.cancelled ? m_progress->value() : 1000);
    const QLocale locale;
    //: %1 layout searches, each priced at every offer (%2) of its GPU type
    QString summary = (m_result.cancelled ? tr("Cancelled. ") : QString())
        + (m_searchedDeadline
                ? tr("%1 layout searches (GPU type × count) priced at %2 offers, %3 layouts fit, %4 of the best "
                     "finish after the deadline.")
                      .arg(locale.toString(qlonglong(m_result.searched)), locale.toString(qlonglong(m_result.offers)),
                          locale.toString(qlonglong(m_result.fitting)),
                          locale.toString(qlonglong(m_result.pastDeadline)))
                : tr("%1 layout searches (GPU type × count) priced at %2 offers, %3 layouts fit.")
                      .arg(locale.toString(qlonglong(m_result.searched)), locale.toString(qlonglong(m_result.offers)),
                          locale.toString(qlonglong(m_result.fitting))));
    if (!m_result.unknownGpuTypes.empty()) {
        QStringList names;
        for (const auto& name : m_result.unknownGpuTypes)
            names << QString::fromStdString(name);
        summary += QLatin1Char(' ') + tr("Not in the price table: %1.").arg(listText(names));
    }
    if (m_result.problem) // refused before it started, or what was kept left nothing
        summary = ProblemText::of(*m_result.problem);
    else if (m_result.plans.empty() && !m_result.cancelled)
        summary += QLatin1Char(' ')
            + (m_searchedDeadline ? tr("No plan fits and finishes by the deadline: add GPUs, allow more days or "
                                       "other GPU types.")
                                  : tr("No layout fits in memory: add GPUs, or GPU types with more memory."));
    if (m_search.isStale())
        summary = tr("The scenario has changed since this search: search again to apply a plan.") + QLatin1Char(' ')
            + summary;
    m_summary->setText(summary);
    // Offers of the same GPU, pricing and price give the same plan: one row names every provider of it
    // (AWS and Google spot H100 at $2.25 were listed as two identical rows).
    m_rowPlan.clear();
    std::vector<QStringList> rows;
    for (int i = 0; i < int(m_result.plans.size()); ++i) {
        const core::CostPlan& p = m_result.plans[std::size_t(i)];
        const auto& q = p.scenario.parallel;
        const auto& e = p.estimate;
        const QString layout
            = layoutDegrees(q, Degrees::aboveOne, QStringLiteral(" · ")) + QStringLiteral(" · ZeRO-%1").arg(q.zero);
        // What decides first (cost, time), then how: the layout and where it runs. Money as the banner writes it.
        QStringList cells { QString::fromStdString(p.scenario.hardware.gpu.name), pricingName(p.pricing),
            QStringLiteral("$") + locale.toString(p.priceUsd, 'f', 2), locale.toString(e.gpus),
            QStringLiteral("$") + formatFixed(e.training.totalCostUsd, 0),
            std::isfinite(e.training.timeS) ? locale.toString(e.training.timeS / 86400, 'f', 1) : QStringLiteral("∞"),
            locale.toString(e.reliability.expectedInterruptions, 'f', 1), layout, QString::fromStdString(p.provider) };
        if (!rows.empty() && rows.back().mid(0, cells.size() - 1) == cells.mid(0, cells.size() - 1)) {
            rows.back().back() += QStringLiteral("; ") + cells.back();
            continue;
        }
        rows.push_back(std::move(cells));
        m_rowPlan.push_back(i);
    }
    m_results->setRowCount(int(rows.size()));
    for (int r = 0; r < int(rows.size()); ++r)
        for (int c = 0; c < rows[std::size_t(r)].size(); ++c)
            m_results->setItem(r, c, new QTableWidgetItem(rows[std::size_t(r)][c]));
    m_apply->setEnabled(!m_result.plans.empty() && !m_search.isStale());
    if (!m_result.plans.empty()) m_results->selectRow(0);
}

void CostPlannerPanel::apply(int shownRow)
{
    // The row shown stands for the first plan of its offers.
    const int row = shownRow >= 0 && shownRow < int(m_rowPlan.size()) ? m_rowPlan[std::size_t(shownRow)] : -1;
    if (row < 0 || row >= int(m_result.plans.size()) || !m_search.appliesTo(m_session->scenario())) return;
    const core::CostPlan& plan = m_result.plans[std::size_t(row)];
    m_session->document()->edit(tr("Use %1 %2 from %3")
                                    .arg(QString::fromStdString(plan.scenario.hardware.gpu.name),
                                        pricingName(plan.pricing), QString::fromStdString(plan.provider)),
        [&plan](core::Scenario& s) { core::applyCostPlan(s, plan.scenario); });
}

void CostPlannerPanel::retranslate()
{
    m_tableLabel->setText(tableText());
    m_open->setText(tr("Open price table…"));
    m_example->setText(tr("Use the example prices"));
    m_typesLabel->setText(tr("GPU types:"));
    m_types->setToolTip(tr("GPU presets to compare, separated by commas (those of the price table by default)"));
    m_gpusLabel->setText(tr("Up to GPUs:"));
    m_gpus->setToolTip(tr("Counts searched: powers of two up to this, and this"));
    m_deadlineLabel->setText(tr("Deadline (days):"));
    //: the deadline box at zero: no deadline
    m_deadline->setSpecialValueText(tr("none"));
    m_deadline->setToolTip(tr("Plans that take longer are left out. %1 days (a quarter) by default; 0 searches "
                              "without a deadline, which often ranks first a cheap spot run of most of a year.")
                               .arg(kDefaultDeadlineDays));
    m_run->setText(tr("Search prices"));
    m_stop->setText(tr("Cancel"));
    m_apply->setText(tr("Apply the selected plan"));
    m_results->setHorizontalHeaderLabels({ tr("GPU"), tr("Pricing"), tr("Per GPU-hour"), tr("GPUs"), tr("Total cost"),
        tr("Days"), tr("Interruptions"), tr("Layout"), tr("Provider") });
    if (m_search.wasStarted() && !isRunning()) showResult();
}

void CostPlannerPanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) retranslate();
    QWidget::changeEvent(event);
}

} // namespace ui
