#include "widgets/pages/page_registry.h"

#include "core/estimate/estimate_io.h"
#include "core/search/plan_io.h"
#include "widgets/charts/chart_export.h"
#include "widgets/charts/comparison_chart.h"
#include "widgets/charts/cost_breakdown_chart.h"
#include "widgets/charts/cost_chart.h"
#include "widgets/charts/loss_scale_chart.h"
#include "widgets/charts/memory_chart.h"
#include "widgets/charts/memory_step_chart.h"
#include "widgets/charts/plan_scatter_chart.h"
#include "widgets/charts/precision_chart.h"
#include "widgets/charts/reliability_charts.h"
#include "widgets/charts/scaling_chart.h"
#include "widgets/charts/time_chart.h"
#include "widgets/models/collectives_model.h"
#include "widgets/models/comparison_model.h"
#include "widgets/models/copyable_table_view.h"
#include "widgets/models/memory_table_model.h"
#include "widgets/pages/comparison_view.h"
#include "widgets/pages/cost_planner_panel.h"
#include "widgets/pages/decision_guide_page.h"
#include "widgets/pages/loss_scale_lab.h"
#include "widgets/pages/planner_page.h"
#include "widgets/pages/precision_lab.h"
#include "widgets/pages/sensitivity_page.h"
#include "widgets/pages/what_if_page.h"
#include "widgets/painted/heatmap_grid.h"
#include "widgets/painted/placement_view.h"
#include "widgets/painted/timeline_view.h"
#include "widgets/session/derived_results.h"

#include <QCoreApplication>
#include <QHeaderView>
#include <QPainter>
#include <QScrollBar>
#include <QSplitter>

namespace ui {

namespace {

/// `widgets` one above the other (or side by side), sharing the height (width) by `stretch`.
QSplitter* split(Qt::Orientation orientation, const char* name, std::initializer_list<std::pair<QWidget*, int>> widgets,
    QWidget* parent = nullptr)
{
    auto* splitter = new QSplitter(orientation, parent);
    splitter->setObjectName(QLatin1String(name));
    int i = 0;
    for (const auto& [widget, stretch] : widgets) {
        splitter->addWidget(widget);
        splitter->setStretchFactor(i++, stretch);
    }
    return splitter;
}

/// A table view of `model`, with the copy action.
CopyableTableView* tableOf(QAbstractItemModel* model, const char* name)
{
    auto* view = new CopyableTableView;
    view->setObjectName(QLatin1String(name));
    view->setModel(model);
    return view;
}

BuiltPage memoryPage(ScenarioSession*, QWidget* parent)
{
    auto* chart = new MemoryChart;
    auto* table = new MemoryTableModel;
    CopyableTableView* view = tableOf(table, "memoryTable");
    // Eleven columns share the page's width, their titles wrapped: the Total column shows beside
    // the input form on a 1366-px laptop screen. The header and a row stay in sight under the chart.
    QHeaderView* header = view->horizontalHeader();
    header->setSectionResizeMode(QHeaderView::Stretch);
    // Not also "stretch the last section" (CopyableTableView's default): with both, Qt sizes the
    // others to share the width and gives Total its default 100 px on top, past the right edge.
    header->setStretchLastSection(false);
    header->setMinimumSectionSize(view->fontMetrics().horizontalAdvance(QStringLiteral("0000.00")));
    header->setDefaultAlignment(Qt::Alignment(Qt::AlignCenter | Qt::TextWordWrap));
    const int line = view->fontMetrics().lineSpacing();
    header->setMinimumHeight(3 * line + 8);
    view->setMinimumHeight(3 * line + 8 + 2 * (line + 8) + view->horizontalScrollBar()->sizeHint().height());
    QSplitter* page = split(Qt::Vertical, "memorySplit", { { chart, 4 }, { view, 1 } }, parent);
    table->setParent(page);
    return { page,
        [chart, table](const DerivedResults& r) {
            chart->setEstimate(r.estimate);
            table->setEstimate(r.estimate);
        },
        [chart] {
            std::vector<Figure> out;
            addChartFigure(out, QStringLiteral("memory"), chart);
            return out;
        },
        [](const DerivedResults& r) {
            return std::vector<PageTable> { { QStringLiteral("memory_stages.csv"),
                core::memoryStagesCsv(r.estimate) } };
        } };
}

BuiltPage timePage(ScenarioSession*, QWidget* parent)
{
    auto* chart = new TimeChart;
    auto* collectives = new CollectivesModel;
    QSplitter* page
        = split(Qt::Vertical, "timeSplit", { { chart, 3 }, { tableOf(collectives, "collectivesTable"), 2 } }, parent);
    collectives->setParent(page);
    return { page,
        [chart, collectives](const DerivedResults& r) {
            chart->setEstimate(r.estimate);
            collectives->setEstimate(r.estimate);
        },
        [chart] {
            std::vector<Figure> out;
            addChartFigure(out, QStringLiteral("step_time"), chart);
            return out;
        },
        [](const DerivedResults& r) {
            return std::vector<PageTable> { { QStringLiteral("collectives.csv"), core::collectivesCsv(r.estimate) } };
        } };
}

BuiltPage pipelinePage(ScenarioSession*, QWidget* parent)
{
    auto* timeline = new TimelineView;
    auto* memoryStep = new MemoryStepChart;
    auto* placement = new PlacementView;
    // The memory along the step sits under the schedule it follows, on the same time axis.
    QSplitter* page
        = split(Qt::Vertical, "pipelineSplit", { { timeline, 3 }, { memoryStep, 3 }, { placement, 1 } }, parent);
    return { page,
        [=](const DerivedResults& r) {
            memoryStep->setTrace(r.memoryStep);
            timeline->setTimeline(r.timeline);
            placement->setData(r.scenario, r.placement);
        },
        [=] {
            std::vector<Figure> out;
            (void)memoryStep->freshChart(); // drawn only while visible
            addChartFigure(out, QStringLiteral("memory_over_step"), memoryStep);
            out.push_back({ QStringLiteral("pipeline"), timeline->title(), nullptr,
                [timeline](QPainter& p, QSizeF size) { timeline->paint(p, size.toSize()); }, { 1200, 600 } });
            out.push_back(
                { QStringLiteral("placement"), QCoreApplication::translate("ui::MainView", "Rank placement"), nullptr,
                    [placement](QPainter& p, QSizeF size) { placement->paint(p, size.toSize()); }, { 1200, 600 } });
            return out;
        } };
}

BuiltPage scalingPage(ScenarioSession*, QWidget* parent)
{
    auto* scaling = new ScalingChart;
    auto* cost = new CostChart;
    auto* breakdown = new CostBreakdownChart;
    QSplitter* costRow = split(Qt::Horizontal, "costSplit", { { cost, 3 }, { breakdown, 2 } });
    QSplitter* page = split(Qt::Vertical, "scalingSplit", { { scaling, 3 }, { costRow, 2 } }, parent);
    return { page,
        [=](const DerivedResults& r) {
            scaling->setSweep(r.gpuSweep, r.estimate);
            cost->setSweep(r.gpuSweep, static_cast<int>(r.scenario.parallel.gpus()));
            breakdown->setEstimate(r.estimate);
        },
        [=] {
            std::vector<Figure> out;
            addChartFigure(out, QStringLiteral("scaling"), scaling);
            addChartFigure(out, QStringLiteral("time_and_cost"), cost);
            addChartFigure(out, QStringLiteral("cost_breakdown"), breakdown);
            return out;
        },
        // The scaling chart's sweep, in the command line's format (`sweep --gpus … --format csv`).
        [](const DerivedResults& r) {
            return std::vector<PageTable> { { QStringLiteral("scaling_sweep.csv"),
                core::sweepToCsv(r.gpuSweep, "gpus") } };
        } };
}

BuiltPage reliabilityPage(ScenarioSession*, QWidget* parent)
{
    auto* page = new ReliabilityCharts(parent);
    return { page, [page](const DerivedResults& r) { page->setData(r.gpuSweep, r.estimate, r.goodputByInterval); },
        [page] {
            std::vector<Figure> out;
            addChartFigure(out, QStringLiteral("reliability_goodput"), page->scaleView());
            addChartFigure(out, QStringLiteral("reliability_checkpoints"), page->intervalView());
            return out;
        } };
}

BuiltPage plannerPage(ScenarioSession* session, QWidget* parent)
{
    auto* page = new PlannerPage(session, parent);
    return { page, {},
        [page] {
            std::vector<Figure> out;
            addChartFigure(out, QStringLiteral("plans"), page->scatter());
            return out;
        },
        // A finished search done for this scenario, in the command line's formats (`plan --format csv/json`).
        [page](const DerivedResults&) {
            std::vector<PageTable> out;
            if (page->isCurrent() && !page->isRunning() && !page->result().plans.empty()) {
                out.push_back({ QStringLiteral("plans.csv"), core::planToCsv(page->result()) });
                out.push_back({ QStringLiteral("plans.json"), core::planToJson(page->result()), false });
            }
            // And the price search's, in the format of `plan --prices … --format json`.
            if (std::string prices = page->costPlanner()->resultJson(); !prices.empty())
                out.push_back({ QStringLiteral("price_plans.json"), std::move(prices), false });
            return out;
        } };
}

BuiltPage formatsPage(ScenarioSession*, QWidget* parent)
{
    auto* page = new PrecisionLab(parent);
    return { page, {}, [page] {
                std::vector<Figure> out;
                addChartFigure(out, QStringLiteral("number_formats"), page->chart());
                addChartFigure(out, QStringLiteral("loss_scaling"), page->lossScale()->chart());
                return out;
            } };
}

BuiltPage comparePage(ScenarioSession* session, QWidget* parent)
{
    auto* page = new ComparisonView(session, parent);
    // Two scenarios or more: one row per scenario, each named in its own column.
    return { page, {},
        [page] {
            std::vector<Figure> out;
            addChartFigure(out, QStringLiteral("comparison_memory"), page->memoryChart());
            addChartFigure(out, QStringLiteral("comparison_step_time"), page->stepChart());
            return out;
        },
        [page](const DerivedResults&) {
            std::vector<PageTable> out;
            if (page->count() >= 2)
                out.push_back({ QStringLiteral("comparison.csv"), page->figures()->csv().toStdString(), false });
            return out;
        },
        [page] {
            return ReportTable { QCoreApplication::translate("ui::MainView", "Comparison"),
                page->count() >= 2 ? page->figures() : nullptr };
        } };
}

BuiltPage guidePage(ScenarioSession*, QWidget* parent)
{
    auto* page = new DecisionGuidePage(parent);
    return { page, [page](const DerivedResults& r) { page->setResults(r); }, [] { return std::vector<Figure>(); } };
}

BuiltPage whatIfPage(ScenarioSession* session, QWidget* parent)
{
    auto* page = new WhatIfPage(session, parent);
    return { page, {}, [page] {
                std::vector<Figure> out;
                if (page->grid()->heatmap().cells.empty()) return out;
                out.push_back({ QStringLiteral("what_if"), page->title(), nullptr,
                    [page](QPainter& p, QSizeF size) {
                        // The grid under its page's title, which says what the axes and colours are.
                        p.fillRect(QRectF(QPointF(0, 0), size), Qt::white);
                        p.setPen(QColor(0x30, 0x30, 0x30));
                        p.drawText(QRectF(0, 4, size.width(), 24), Qt::AlignCenter, page->title());
                        p.translate(0, 30);
                        page->grid()->paint(p, QSize(int(size.width()), int(size.height()) - 30));
                    },
                    { 1200, 750 } });
                return out;
            } };
}

BuiltPage sensitivityPage(ScenarioSession* session, QWidget* parent)
{
    auto* page = new SensitivityPage(session, parent);
    return { page, {}, [page] {
                page->ensureCurrent(); // asked of the session only while visible
                std::vector<Figure> out;
                addChartFigure(out, QStringLiteral("sensitivity"), page->chart());
                return out;
            } };
}

constexpr PageRow kPages[] = {
    { "memory", QT_TRANSLATE_NOOP("ui::MainView", "Memory"), memoryPage,
        QT_TRANSLATE_NOOP("ui::HelpDialog",
            "Does the model fit on each GPU, and what fills its memory: weights, gradients, master weights, "
            "optimizer states, activations, buffers?") },
    { "time", QT_TRANSLATE_NOOP("ui::MainView", "Step time"), timePage,
        QT_TRANSLATE_NOOP("ui::HelpDialog",
            "How long does one training step take, and how much of it is compute, pipeline bubble, communication "
            "and optimizer? Which collectives send how much?") },
    { "pipeline", QT_TRANSLATE_NOOP("ui::MainView", "Pipeline and placement"), pipelinePage,
        QT_TRANSLATE_NOOP("ui::HelpDialog",
            "How do the micro-batches flow through the pipeline stages, how does memory rise and fall during a "
            "step, and which GPUs of which node hold each rank?") },
    { "scaling", QT_TRANSLATE_NOOP("ui::MainView", "Scaling"), scalingPage,
        QT_TRANSLATE_NOOP("ui::HelpDialog",
            "What do more GPUs buy: step time, communication share, days and cost against the GPU count, and "
            "where the money goes.") },
    { "reliability", QT_TRANSLATE_NOOP("ui::MainView", "Reliability"), reliabilityPage,
        QT_TRANSLATE_NOOP("ui::HelpDialog",
            "How often will the run be interrupted, how much time do failures and checkpoints cost, and how often "
            "should it save a checkpoint?") },
    { "planner", QT_TRANSLATE_NOOP("ui::MainView", "Planner"), plannerPage,
        QT_TRANSLATE_NOOP("ui::HelpDialog",
            "Which layout (TP, PP, DP, ZeRO, recomputation, micro-batch) is fastest, cheapest or lightest on "
            "these GPUs, or which GPU type and price meets a deadline?") },
    { "formats", QT_TRANSLATE_NOOP("ui::MainView", "Number formats"), formatsPage,
        QT_TRANSLATE_NOOP("ui::HelpDialog",
            "What do fp32, bf16, fp16 and fp8 do to small weight updates, and which gradients does loss scaling "
            "keep from underflowing?") },
    { "compare", QT_TRANSLATE_NOOP("ui::MainView", "Compare"), comparePage,
        QT_TRANSLATE_NOOP("ui::HelpDialog", "How do up to four scenarios differ, side by side?") },
    { "guide", QT_TRANSLATE_NOOP("ui::MainView", "Decision guide"), guidePage,
        QT_TRANSLATE_NOOP("ui::HelpDialog",
            "Is this a small-model or a large-model project, what are the ways to make it fit, and what must be "
            "in place before the run?") },
    { "whatif", QT_TRANSLATE_NOOP("ui::MainView", "What if"), whatIfPage,
        QT_TRANSLATE_NOOP("ui::HelpDialog",
            "What happens when two inputs change at once? A grid of full estimates; a click applies a cell.") },
    { "sensitivity", QT_TRANSLATE_NOOP("ui::MainView", "Sensitivity"), sensitivityPage,
        QT_TRANSLATE_NOOP("ui::HelpDialog",
            "Which assumption moves the step time, memory or cost the most when it is off by a fraction?") },
};

} // namespace

std::span<const PageRow> pageRows()
{
    return kPages;
}

} // namespace ui
