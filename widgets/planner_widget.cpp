#include "planner_widget.h"

#include "charts/chart_export.h"
#include "charts/cost_breakdown_chart.h"
#include "charts/cost_chart.h"
#include "charts/heatmap_view.h"
#include "charts/memory_chart.h"
#include "charts/memory_step_chart.h"
#include "charts/placement_view.h"
#include "charts/reliability_charts.h"
#include "charts/scaling_chart.h"
#include "charts/sensitivity_view.h"
#include "charts/time_chart.h"
#include "charts/timeline_view.h"
#include "collectives_model.h"
#include "comparison_view.h"
#include "copyable_table_view.h"
#include "decision_guide.h"
#include "input_panel.h"
#include "memory_table_model.h"
#include "planner_tab.h"
#include "precision_lab.h"
#include "session/scenario_session.h"
#include "verdict_banner.h"

#include <QAction>
#include <QEvent>
#include <QHBoxLayout>
#include <QScrollArea>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace ui {

PlannerWidget::PlannerWidget(ScenarioSession* session, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
{
    m_inputs = new InputPanel(session, this);
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(m_inputs);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setMinimumWidth(380);

    auto* right = new QWidget(this);
    m_banner = new VerdictBanner(right);
    m_tabs = new QTabWidget(right);
    m_tabs->setObjectName(QStringLiteral("chartTabs"));
    m_memory = new MemoryChart;
    m_memoryTable = new MemoryTableModel(this);
    auto* memoryView = new CopyableTableView;
    memoryView->setObjectName(QStringLiteral("memoryTable"));
    memoryView->setModel(m_memoryTable);
    auto* memoryPage = new QSplitter(Qt::Vertical, m_tabs);
    memoryPage->addWidget(m_memory);
    memoryPage->addWidget(memoryView);
    memoryPage->setStretchFactor(0, 4);
    memoryPage->setStretchFactor(1, 1);
    m_time = new TimeChart;
    m_collectives = new CollectivesModel(this);
    m_collectivesView = new CopyableTableView;
    m_collectivesView->setObjectName(QStringLiteral("collectivesTable"));
    m_collectivesView->setModel(m_collectives);
    auto* timePage = new QSplitter(Qt::Vertical, m_tabs);
    timePage->addWidget(m_time);
    timePage->addWidget(m_collectivesView);
    timePage->setStretchFactor(0, 3);
    timePage->setStretchFactor(1, 2);
    m_scaling = new ScalingChart;
    m_cost = new CostChart;
    m_costBreakdown = new CostBreakdownChart;
    auto* costRow = new QSplitter(Qt::Horizontal);
    costRow->addWidget(m_cost);
    costRow->addWidget(m_costBreakdown);
    costRow->setStretchFactor(0, 3);
    costRow->setStretchFactor(1, 2);
    auto* scalingPage = new QSplitter(Qt::Vertical, m_tabs);
    scalingPage->addWidget(m_scaling);
    scalingPage->addWidget(costRow);
    scalingPage->setStretchFactor(0, 3);
    scalingPage->setStretchFactor(1, 2);
    m_tabs->addTab(memoryPage, QString());
    m_tabs->addTab(timePage, QString());
    m_timeline = new TimelineView;
    m_memoryStep = new MemoryStepChart;
    m_placement = new PlacementView;
    // The memory along the step sits under the schedule it follows, on the same time axis.
    auto* pipelinePage = new QSplitter(Qt::Vertical, m_tabs);
    pipelinePage->addWidget(m_timeline);
    pipelinePage->addWidget(m_memoryStep);
    pipelinePage->addWidget(m_placement);
    pipelinePage->setStretchFactor(0, 3);
    pipelinePage->setStretchFactor(1, 3);
    pipelinePage->setStretchFactor(2, 1);
    m_tabs->addTab(pipelinePage, QString());
    m_tabs->addTab(scalingPage, QString());
    m_reliability = new ReliabilityCharts(m_tabs);
    m_tabs->addTab(m_reliability, QString());
    m_planner = new PlannerTab(session, m_tabs);
    m_tabs->addTab(m_planner, QString());
    m_tabs->addTab(new PrecisionLab(m_tabs), QString());
    m_comparison = new ComparisonView(session, m_tabs);
    m_tabs->addTab(m_comparison, QString());
    m_guide = new DecisionGuideView(m_tabs);
    m_tabs->addTab(m_guide, QString());
    m_heatmap = new HeatmapView(session, m_tabs);
    m_tabs->addTab(m_heatmap, QString());
    m_sensitivity = new SensitivityView(session, m_tabs);
    m_tabs->addTab(m_sensitivity, QString());
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->addWidget(m_banner);
    rightLayout->addWidget(m_tabs, 1);

    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(scroll);
    splitter->addWidget(right);
    splitter->setStretchFactor(0, 0);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({ 400, 900 });
    auto* layout = new QHBoxLayout(this);
    layout->addWidget(splitter);
    installChartActionsUnder(this);
    for (QTableView* view : findChildren<QTableView*>())
        if (!view->findChild<QAction*>(QStringLiteral("copyTableAction"))) installTableCopy(view);

    connect(m_banner, &VerdictBanner::suggestionChosen, this, [session](const core::Suggestion& fix) {
        const core::Scenario changed = fix.scenario;
        session->document()->edit(
            tr("Apply %1 = %2").arg(QString::fromStdString(fix.key), QString::fromStdString(fix.value)),
            [changed](core::Scenario& s) { s = changed; });
    });
    auto explainer = [session](const QString& key) { return session->explanation(key); };
    m_memory->setExplainer(explainer);
    m_time->setExplainer(explainer);
    m_banner->setExplainer(explainer);
    connect(session, &ScenarioSession::resultsChanged, this, &PlannerWidget::showResults);
    showResults(session->results());
    retranslate();
}

void PlannerWidget::showResults(const DerivedResults& r)
{
    const core::Estimate& e = r.estimate;
    m_banner->setGpuName(QString::fromStdString(r.scenario.hardware.gpu.name));
    m_banner->setEstimate(e);
    m_banner->setSuggestions(r.suggestions);
    m_banner->setRanges(r.ranges);
    m_memory->setEstimate(e);
    m_memoryTable->setEstimate(e);
    m_time->setEstimate(e);
    m_collectives->setEstimate(e);
    m_memoryStep->setTrace(r.memoryStep);
    m_timeline->setTimeline(r.timeline);
    m_placement->setData(r.scenario, r.placement);
    m_scaling->setSweep(r.gpuSweep, e);
    m_cost->setSweep(r.gpuSweep, static_cast<int>(r.scenario.parallel.gpus()));
    m_reliability->setData(r.gpuSweep, e, r.goodputByInterval);
    m_costBreakdown->setEstimate(e);
    m_guide->setResults(r);
}

void PlannerWidget::retranslate()
{
    m_tabs->setTabText(0, tr("Memory"));
    m_tabs->setTabText(1, tr("Step time"));
    m_tabs->setTabText(2, tr("Pipeline and placement"));
    m_tabs->setTabText(3, tr("Scaling"));
    m_tabs->setTabText(4, tr("Reliability"));
    m_tabs->setTabText(5, tr("Planner"));
    m_tabs->setTabText(6, tr("Number formats"));
    m_tabs->setTabText(7, tr("Compare"));
    m_tabs->setTabText(8, tr("Decision guide"));
    m_tabs->setTabText(9, tr("What if"));
    m_tabs->setTabText(10, tr("Sensitivity"));
}

void PlannerWidget::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) retranslate();
    QWidget::changeEvent(event);
}

QList<QChart*> PlannerWidget::presentableCharts() const
{
    m_sensitivity->ensureCurrent(); // bring views that update only while visible up to date
    (void)m_memoryStep->freshChart();
    QList<QChart*> out;
    for (int i = 0; i < m_tabs->count(); ++i)
        out << chartsWithData(m_tabs->widget(i));
    return out;
}

void PlannerWidget::setShowRanges(bool on)
{
    m_session->setRangesWanted(on);
}

} // namespace ui
