#include "widgets/main_view.h"

#include "widgets/charts/chart_export.h"
#include "widgets/charts/cost_breakdown_chart.h"
#include "widgets/charts/cost_chart.h"
#include "widgets/charts/memory_chart.h"
#include "widgets/charts/memory_step_chart.h"
#include "widgets/charts/reliability_charts.h"
#include "widgets/charts/scaling_chart.h"
#include "widgets/pages/sensitivity_page.h"
#include "widgets/charts/time_chart.h"
#include "widgets/models/copyable_table_view.h"
#include "widgets/style/focus_ring.h"
#include "widgets/inputs/input_panel.h"
#include "widgets/models/collectives_model.h"
#include "widgets/models/memory_table_model.h"
#include "widgets/pages/comparison_view.h"
#include "widgets/pages/decision_guide_page.h"
#include "widgets/pages/planner_page.h"
#include "widgets/pages/precision_lab.h"
#include "widgets/pages/what_if_page.h"
#include "widgets/painted/heatmap_grid.h"
#include "widgets/painted/placement_view.h"
#include "widgets/painted/timeline_view.h"
#include "widgets/session/scenario_session.h"
#include "widgets/verdict_banner.h"

#include <QAction>
#include <QEvent>
#include <QHBoxLayout>
#include <QPainter>
#include <QScrollArea>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

#include <iterator>

namespace ui {

namespace {

/// The result pages, in tab order: their ids (--tab, tests) and titles. The one list the tabs,
/// their retranslation, --tab and presentation mode (which walks the tabs) follow.
struct PageName {
    const char* id;
    const char* title;
};
constexpr PageName kPages[] = { { "memory", QT_TRANSLATE_NOOP("ui::MainView", "Memory") },
    { "time", QT_TRANSLATE_NOOP("ui::MainView", "Step time") },
    { "pipeline", QT_TRANSLATE_NOOP("ui::MainView", "Pipeline and placement") },
    { "scaling", QT_TRANSLATE_NOOP("ui::MainView", "Scaling") },
    { "reliability", QT_TRANSLATE_NOOP("ui::MainView", "Reliability") },
    { "planner", QT_TRANSLATE_NOOP("ui::MainView", "Planner") },
    { "formats", QT_TRANSLATE_NOOP("ui::MainView", "Number formats") },
    { "compare", QT_TRANSLATE_NOOP("ui::MainView", "Compare") },
    { "guide", QT_TRANSLATE_NOOP("ui::MainView", "Decision guide") },
    { "whatif", QT_TRANSLATE_NOOP("ui::MainView", "What if") },
    { "sensitivity", QT_TRANSLATE_NOOP("ui::MainView", "Sensitivity") } };

} // namespace

MainView::MainView(ScenarioSession* session, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
{
    m_inputs = new InputPanel(session, this);
    FocusRing::attach(this); // a 2-px ring around the focused control (usability review, problem 9)
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
    memoryPage->setObjectName(QStringLiteral("memorySplit"));
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
    timePage->setObjectName(QStringLiteral("timeSplit"));
    timePage->addWidget(m_time);
    timePage->addWidget(m_collectivesView);
    timePage->setStretchFactor(0, 3);
    timePage->setStretchFactor(1, 2);
    m_scaling = new ScalingChart;
    m_cost = new CostChart;
    m_costBreakdown = new CostBreakdownChart;
    auto* costRow = new QSplitter(Qt::Horizontal);
    costRow->setObjectName(QStringLiteral("costSplit"));
    costRow->addWidget(m_cost);
    costRow->addWidget(m_costBreakdown);
    costRow->setStretchFactor(0, 3);
    costRow->setStretchFactor(1, 2);
    auto* scalingPage = new QSplitter(Qt::Vertical, m_tabs);
    scalingPage->setObjectName(QStringLiteral("scalingSplit"));
    scalingPage->addWidget(m_scaling);
    scalingPage->addWidget(costRow);
    scalingPage->setStretchFactor(0, 3);
    scalingPage->setStretchFactor(1, 2);
    m_timeline = new TimelineView;
    m_memoryStep = new MemoryStepChart;
    m_placement = new PlacementView;
    // The memory along the step sits under the schedule it follows, on the same time axis.
    auto* pipelinePage = new QSplitter(Qt::Vertical, m_tabs);
    pipelinePage->setObjectName(QStringLiteral("pipelineSplit"));
    pipelinePage->addWidget(m_timeline);
    pipelinePage->addWidget(m_memoryStep);
    pipelinePage->addWidget(m_placement);
    pipelinePage->setStretchFactor(0, 3);
    pipelinePage->setStretchFactor(1, 3);
    pipelinePage->setStretchFactor(2, 1);
    m_reliability = new ReliabilityCharts(m_tabs);
    m_planner = new PlannerPage(session, m_tabs);
    m_comparison = new ComparisonView(session, m_tabs);
    m_guide = new DecisionGuidePage(m_tabs);
    m_heatmap = new WhatIfPage(session, m_tabs);
    m_sensitivity = new SensitivityPage(session, m_tabs);
    // The pages in tab order, paired with kPages (ids and titles) by position.
    QWidget* const pages[] = { memoryPage, timePage, pipelinePage, scalingPage, m_reliability, m_planner,
        new PrecisionLab(m_tabs), m_comparison, m_guide, m_heatmap, m_sensitivity };
    static_assert(std::size(pages) == std::size(kPages) && std::size(kPages) == std::size_t(Page::count));
    for (QWidget* page : pages)
        m_tabs->addTab(page, QString());
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->addWidget(m_banner);
    rightLayout->addWidget(m_tabs, 1);

    auto* splitter = new QSplitter(Qt::Horizontal, this);

    splitter->setObjectName(QStringLiteral("mainSplit")); // its sizes are kept between starts
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
    connect(session, &ScenarioSession::resultsChanged, this, &MainView::showResults);
    connect(m_tabs, &QTabWidget::currentChanged, this, [this](int page) { pushToPage(page, m_session->results()); });
    showResults(session->results());
    retranslate();
}

void MainView::showResults(const DerivedResults& r)
{
    const core::Estimate& e = r.estimate;
    m_banner->setGpuName(QString::fromStdString(r.scenario.hardware.gpu.name));
    m_banner->setEstimate(e);
    m_banner->setSuggestions(r.suggestions);
    m_banner->setRanges(r.ranges);
    // The pages behind the current one wait: a hidden chart that takes every slider tick still
    // lays out its axes and labels, which is most of a tick's time. showPage, a tab change and
    // each accessor bring a page up to date.
    ++m_generation;
    pushToPage(m_tabs->currentIndex(), r);
}

void MainView::pushToPage(int page, const DerivedResults& r) const
{
    if (page < 0 || page >= int(m_pageGeneration.size())) return;
    auto& shown = m_pageGeneration[std::size_t(page)];
    if (shown == m_generation) return;
    shown = m_generation;
    const core::Estimate& e = r.estimate;
    switch (Page(page)) {
    case Page::memory:
        m_memory->setEstimate(e);
        m_memoryTable->setEstimate(e);
        break;
    case Page::time:
        m_time->setEstimate(e);
        m_collectives->setEstimate(e);
        break;
    case Page::pipeline:
        m_memoryStep->setTrace(r.memoryStep);
        m_timeline->setTimeline(r.timeline);
        m_placement->setData(r.scenario, r.placement);
        break;
    case Page::scaling:
        m_scaling->setSweep(r.gpuSweep, e);
        m_cost->setSweep(r.gpuSweep, static_cast<int>(r.scenario.parallel.gpus()));
        m_costBreakdown->setEstimate(e);
        break;
    case Page::reliability:
        m_reliability->setData(r.gpuSweep, e, r.goodputByInterval);
        break;
    case Page::guide:
        m_guide->setResults(r);
        break;
    default:
        break; // the other pages listen to the session themselves
    }
}

void MainView::bringUpToDate(Page page) const
{
    // results() first: a pending edit is computed (and announced) before the page takes it.
    const DerivedResults& r = m_session->results();
    pushToPage(int(page), r);
}

MemoryChart* MainView::memoryChart() const
{
    bringUpToDate(Page::memory);
    return m_memory;
}

MemoryTableModel* MainView::memoryTable() const
{
    bringUpToDate(Page::memory);
    return m_memoryTable;
}

TimeChart* MainView::timeChart() const
{
    bringUpToDate(Page::time);
    return m_time;
}

CollectivesModel* MainView::collectives() const
{
    bringUpToDate(Page::time);
    return m_collectives;
}

TimelineView* MainView::timelineView() const
{
    bringUpToDate(Page::pipeline);
    return m_timeline;
}

MemoryStepChart* MainView::memoryStepChart() const
{
    bringUpToDate(Page::pipeline);
    return m_memoryStep;
}

PlacementView* MainView::placementView() const
{
    bringUpToDate(Page::pipeline);
    return m_placement;
}

ScalingChart* MainView::scalingChart() const
{
    bringUpToDate(Page::scaling);
    return m_scaling;
}

CostChart* MainView::costChart() const
{
    bringUpToDate(Page::scaling);
    return m_cost;
}

CostBreakdownChart* MainView::costBreakdownChart() const
{
    bringUpToDate(Page::scaling);
    return m_costBreakdown;
}

ReliabilityCharts* MainView::reliabilityCharts() const
{
    bringUpToDate(Page::reliability);
    return m_reliability;
}

DecisionGuidePage* MainView::decisionGuide() const
{
    bringUpToDate(Page::guide);
    return m_guide;
}

void MainView::retranslate()
{
    for (int i = 0; i < int(std::size(kPages)); ++i)
        m_tabs->setTabText(i, tr(kPages[std::size_t(i)].title));
}

void MainView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) retranslate();
    QWidget::changeEvent(event);
}

QStringList MainView::pageIds()
{
    QStringList ids;
    for (const auto& page : kPages)
        ids << QLatin1String(page.id);
    return ids;
}

bool MainView::showPage(const QString& id)
{
    const auto i = pageIds().indexOf(id);
    if (i < 0) return false;
    m_tabs->setCurrentIndex(int(i));
    return true;
}

QList<QChart*> MainView::presentableCharts() const
{
    // Bring the views that update only while visible up to date.
    for (int page = 0; page < int(m_pageGeneration.size()); ++page)
        bringUpToDate(Page(page));
    m_sensitivity->ensureCurrent();
    (void)m_memoryStep->freshChart();
    QList<QChart*> out;
    for (int i = 0; i < m_tabs->count(); ++i)
        out << chartsWithData(m_tabs->widget(i));
    return out;
}

std::vector<MainView::Figure> MainView::figures() const
{
    (void)presentableCharts(); // brings every page, the sensitivity and the memory-over-step chart up to date
    // Stable file names by view: the export's files keep their names from release to release.
    static const std::pair<const char*, const char*> kFiles[] = { { "memoryChart", "memory" },
        { "timeChart", "step_time" }, { "memoryStepChart", "memory_over_step" }, { "scalingChart", "scaling" },
        { "costChart", "time_and_cost" }, { "costBreakdownChart", "cost_breakdown" },
        { "reliabilityScale", "reliability_goodput" }, { "reliabilityInterval", "reliability_checkpoints" },
        { "planScatter", "plans" }, { "precisionChart", "number_formats" }, { "lossScaleChart", "loss_scaling" },
        { "compareMemory", "comparison_memory" }, { "compareStep", "comparison_step_time" },
        { "sensitivityChart", "sensitivity" } };
    std::vector<Figure> out;
    const QStringList ids = pageIds();
    for (int page = 0; page < m_tabs->count(); ++page) {
        QWidget* root = m_tabs->widget(page);
        int unnamed = 0;
        for (const auto& [viewName, chart] : namedChartsWithData(root)) {
            QString file = ids.value(page) + QStringLiteral("_%1").arg(++unnamed);
            for (const auto& [name, base] : kFiles)
                if (viewName == QLatin1String(name)) file = QLatin1String(base);
            out.push_back({ file, chartTitle(chart), chart, {}, { 1200, 750 } });
        }
        // The painted views of the page, drawn at their export size.
        if (page == int(Page::pipeline)) {
            const TimelineView* timeline = m_timeline;
            out.push_back({ QStringLiteral("pipeline"), timeline->title(), nullptr,
                [timeline](QPainter& p, QSizeF size) { timeline->paint(p, size.toSize()); }, { 1200, 600 } });
            const PlacementView* placement = m_placement;
            out.push_back({ QStringLiteral("placement"), tr("Rank placement"), nullptr,
                [placement](QPainter& p, QSizeF size) { placement->paint(p, size.toSize()); }, { 1200, 600 } });
        }
        if (page == int(Page::whatif) && !m_heatmap->grid()->heatmap().cells.empty()) {
            const WhatIfPage* whatIf = m_heatmap;
            out.push_back({ QStringLiteral("what_if"), whatIf->title(), nullptr,
                [whatIf](QPainter& p, QSizeF size) {
                    // The grid under its page's title, which says what the axes and colours are.
                    p.fillRect(QRectF(QPointF(0, 0), size), Qt::white);
                    p.setPen(QColor(0x30, 0x30, 0x30));
                    p.drawText(QRectF(0, 4, size.width(), 24), Qt::AlignCenter, whatIf->title());
                    p.translate(0, 30);
                    whatIf->grid()->paint(p, QSize(int(size.width()), int(size.height()) - 30));
                },
                { 1200, 750 } });
        }
    }
    return out;
}

void MainView::setShowRanges(bool on)
{
    m_session->setRangesWanted(on);
}

} // namespace ui
