#include "planner_widget.h"

#include "chart_export.h"
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
#include "scenario_document.h"
#include "sensitivity.h"
#include "verdict_banner.h"

#include <QAction>
#include <QChartView>
#include <QEvent>
#include <QHBoxLayout>
#include <QScrollArea>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace ui {

PlannerWidget::PlannerWidget(ScenarioDocument* document, QWidget* parent)
    : QWidget(parent)
    , m_document(document)
{
    m_inputs = new InputPanel(document, this);
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
    m_planner = new PlannerTab(document, m_tabs);
    m_tabs->addTab(m_planner, QString());
    m_tabs->addTab(new PrecisionLab(m_tabs), QString());
    m_comparison = new ComparisonView(document, m_tabs);
    m_tabs->addTab(m_comparison, QString());
    m_guide = new DecisionGuideView(document, m_tabs);
    m_tabs->addTab(m_guide, QString());
    m_heatmap = new HeatmapView(document, m_tabs);
    m_tabs->addTab(m_heatmap, QString());
    m_sensitivity = new SensitivityView(document, m_tabs);
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
    for (QChartView* view : findChildren<QChartView*>())
        installChartActions(view);
    for (QTableView* view : findChildren<QTableView*>())
        if (!view->findChild<QAction*>(QStringLiteral("copyTableAction"))) installTableCopy(view);

    auto showGpu
        = [this](const core::Scenario& s) { m_banner->setGpuName(QString::fromStdString(s.hardware.gpu.name)); };
    connect(document, &ScenarioDocument::scenarioChanged, this, showGpu);
    // The cost chart reuses the scaling chart's sweep: one sweep per edit.
    auto showScaling = [this](const core::Scenario& s) {
        m_scaling->setScenario(s);
        m_cost->setSweep(m_scaling->sweep(), static_cast<int>(s.parallel.gpus()));
    };
    connect(document, &ScenarioDocument::estimateChanged, this, [this](const core::Estimate& e) {
        m_reliability->setData(m_scaling->sweep(), e);
        m_costBreakdown->setEstimate(e);
    });
    connect(document, &ScenarioDocument::scenarioChanged, this, showScaling);
    connect(document, &ScenarioDocument::estimateChanged, m_banner, &VerdictBanner::setEstimate);
    connect(document, &ScenarioDocument::estimateChanged, this, [this] {
        if (m_showRanges) setShowRanges(true);
    });
    connect(document, &ScenarioDocument::estimateChanged, this, [this, document](const core::Estimate& e) {
        showStep(document->scenario(), e);
        m_placement->setData(document->scenario(), core::placement(document->scenario(), e));
    });
    connect(document, &ScenarioDocument::estimateChanged, this, [this, document](const core::Estimate& e) {
        m_banner->setSuggestions(core::nearestValid(document->scenario(), e));
    });
    connect(m_banner, &VerdictBanner::suggestionChosen, this, [document](const core::Suggestion& fix) {
        const core::Scenario changed = fix.scenario;
        document->edit(tr("Apply %1 = %2").arg(QString::fromStdString(fix.key), QString::fromStdString(fix.value)),
            [changed](core::Scenario& s) { s = changed; });
    });
    connect(document, &ScenarioDocument::estimateChanged, m_memory, &MemoryChart::setEstimate);
    connect(document, &ScenarioDocument::estimateChanged, m_memoryTable, &MemoryTableModel::setEstimate);
    connect(document, &ScenarioDocument::estimateChanged, m_time, &TimeChart::setEstimate);
    connect(document, &ScenarioDocument::estimateChanged, m_collectives, &CollectivesModel::setEstimate);
    showGpu(document->scenario());
    auto explainer = [document](const QString& key) { return document->explanation(key); };
    m_memory->setExplainer(explainer);
    m_time->setExplainer(explainer);
    m_banner->setExplainer(explainer);
    m_banner->setEstimate(document->estimate());
    m_banner->setSuggestions(core::nearestValid(document->scenario(), document->estimate()));
    m_memory->setEstimate(document->estimate());
    m_memoryTable->setEstimate(document->estimate());
    m_time->setEstimate(document->estimate());
    m_collectives->setEstimate(document->estimate());
    showScaling(document->scenario());
    m_reliability->setData(m_scaling->sweep(), document->estimate());
    m_costBreakdown->setEstimate(document->estimate());
    showStep(document->scenario(), document->estimate());
    m_placement->setData(document->scenario(), core::placement(document->scenario(), document->estimate()));
    retranslate();
}

void PlannerWidget::showStep(const core::Scenario& s, const core::Estimate& e)
{
    core::Timeline timeline = core::pipelineTimeline(s, e);
    m_memoryStep->setTrace(core::memoryOverStep(s, e, timeline));
    m_timeline->setTimeline(std::move(timeline));
}

void PlannerWidget::setUnit(ByteUnit unit)
{
    m_memory->setUnit(unit);
    m_memoryStep->setUnit(unit);
    m_memoryTable->setUnit(unit);
    m_banner->setUnit(unit);
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
    (void)m_sensitivity->result(); // bring views that update only while visible up to date
    (void)m_memoryStep->freshChart();
    QList<QChart*> out;
    for (int i = 0; i < m_tabs->count(); ++i)
        for (QChartView* view : m_tabs->widget(i)->findChildren<QChartView*>())
            if (chartHasData(view->chart())) out << view->chart();
    return out;
}

void PlannerWidget::setShowRanges(bool on)
{
    m_showRanges = on;
    m_banner->setRanges(
        on ? std::optional<core::Sensitivity>(core::sensitivity(m_document->scenario(), 0.2)) : std::nullopt);
}

} // namespace ui
