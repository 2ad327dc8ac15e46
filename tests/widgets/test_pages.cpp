// One page or one table model at a time: each row of the page registry builds its page alone and
// takes the session's results; the table models obey QAbstractItemModel's contract.
#include "core/estimate/estimate.h"
#include "core/scenario/scenario_io.h"
#include "core/search/planner.h"
#include "tests/widgets/example_scenario.h"
#include "tests/widgets/settle.h"
#include "widgets/charts/chart_export.h"
#include "widgets/main_view.h"
#include "widgets/models/collectives_model.h"
#include "widgets/models/comparison_model.h"
#include "widgets/models/memory_table_model.h"
#include "widgets/models/plan_table_model.h"
#include "widgets/pages/page_registry.h"
#include "widgets/session/scenario_session.h"

#include <QAbstractItemModelTester>
#include <QChart>
#include <QChartView>
#include <QFile>
#include <QRegularExpression>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <catch2/catch.hpp>

#include <algorithm>
#include <memory>
#include <set>

using namespace ui;
using ui::test::example;

TEST_CASE("each page row builds its page alone and shows the session's results", "[widgets][pages]")
{
    ScenarioSession session(example("article-large-7b-64gpu.tpscenario.json"));
    std::set<std::string> ids;
    std::set<QString> files;
    for (const PageRow& row : pageRows()) {
        INFO(row.id);
        CHECK(ids.insert(row.id).second);
        const BuiltPage page = row.make(&session, nullptr);
        std::unique_ptr<QWidget> owner(page.widget);
        REQUIRE(page.widget != nullptr);
        REQUIRE(page.figures);
        if (page.show) page.show(session.results());
        for (const Figure& f : page.figures()) {
            INFO(f.file.toStdString());
            CHECK(files.insert(f.file).second); // one file name per figure across the pages
            CHECK((f.chart != nullptr) != bool(f.paint));
            CHECK_FALSE(f.title.isEmpty());
        }
    }
    CHECK(ids.size() == 11);
    // The pages that take the hub's results have drawn them.
    for (const char* file : { "memory", "step_time", "memory_over_step", "pipeline", "placement", "scaling",
             "time_and_cost", "cost_breakdown", "reliability_goodput", "reliability_checkpoints" })
        CHECK(files.count(QLatin1String(file)) == 1);
}

TEST_CASE("every chart with data on a tab is one of the figures its row names", "[widgets][pages]")
{
    ScenarioSession session(example("article-large-7b-64gpu.tpscenario.json"));
    MainView w(&session);
    const std::vector<Figure> figures = w.figures();
    std::set<const QChart*> named;
    for (const Figure& f : figures)
        if (f.chart) named.insert(f.chart);
    int charts = 0;
    for (int i = 0; i < w.tabs()->count(); ++i)
        for (const QChartView* view : w.tabs()->widget(i)->findChildren<QChartView*>()) {
            if (!chartHasData(view->chart())) continue;
            ++charts;
            INFO(view->objectName().toStdString() << " on tab " << i);
            CHECK(named.count(view->chart()) == 1); // a chart its row forgot would miss the export and the slides
        }
    CHECK(charts >= 10);
    CHECK(w.presentableCharts().size() == int(named.size()));
}

TEST_CASE("every page with a table gives the export its tables, one file name each", "[widgets][pages][export]")
{
    // A table shown on a page and missing from the export would be one a user can see and not save:
    // a page that shows a table of figures (a table view over a model; the number-format lab's
    // QTableWidgets describe the formats, not the scenario) names its tables in its row, even when it
    // has none to give yet (a search not run, a single scenario to compare).
    ScenarioSession session(example("article-large-7b-64gpu.tpscenario.json"));
    std::set<QString> files;
    int pagesWithTables = 0;
    for (const PageRow& row : pageRows()) {
        INFO(row.id);
        const BuiltPage page = row.make(&session, nullptr);
        std::unique_ptr<QWidget> owner(page.widget);
        if (page.show) page.show(session.results());
        const auto views = page.widget->findChildren<QTableView*>();
        const bool showsTable
            = std::any_of(views.begin(), views.end(), [](QTableView* v) { return !qobject_cast<QTableWidget*>(v); });
        if (showsTable) {
            ++pagesWithTables;
            CHECK(page.tables);
        }
        if (!page.tables) continue;
        for (const PageTable& t : page.tables(session.results())) {
            INFO(t.file.toStdString());
            CHECK(files.insert(t.file).second);
            CHECK(t.file.contains(QRegularExpression(QStringLiteral(R"(^[a-z_]+\.(csv|json)$)"))));
            CHECK_FALSE(t.text.empty());
        }
    }
    CHECK(pagesWithTables == 4); // memory, step time, planner, compare
    // The pages that take the hub's results give theirs at once.
    for (const char* file : { "memory_stages.csv", "collectives.csv", "scaling_sweep.csv" })
        CHECK(files.count(QLatin1String(file)) == 1);
    CHECK(files.count(QStringLiteral("comparison.csv")) == 0); // one scenario: nothing to compare yet
}

TEST_CASE("the table models keep QAbstractItemModel's contract", "[widgets][models]")
{
    using Tester = QAbstractItemModelTester;
    const core::Scenario scenario = example("article-large-7b-64gpu.tpscenario.json");
    const core::Estimate estimate = core::estimate(scenario);

    MemoryTableModel memory;
    Tester memoryTester(&memory, Tester::FailureReportingMode::Fatal);
    memory.setEstimate(estimate);
    CHECK(memory.rowCount() > 0);

    CollectivesModel collectives;
    Tester collectivesTester(&collectives, Tester::FailureReportingMode::Fatal);
    collectives.setEstimate(estimate);
    CHECK(collectives.rowCount() > 0);

    PlanTableModel plans;
    Tester plansTester(&plans, Tester::FailureReportingMode::Fatal);
    core::PlanOptions options;
    options.gpus = 64;
    options.top = 5;
    options.threads = 1;
    plans.setPlans(core::plan(scenario, options).plans);
    CHECK(plans.rowCount() > 0);
    // Every cell's tooltip has the whole layout: its columns may lie off a laptop's screen.
    const QString tip = plans.data(plans.index(0, PlanTableModel::Step), Qt::ToolTipRole).toString();
    CHECK(tip.contains(QStringLiteral("DP ")));
    CHECK(tip.contains(QStringLiteral("ZeRO-")));
    CHECK(tip.contains(QStringLiteral("micro-batch ")));
    plans.setPlans({});
    CHECK(plans.rowCount() == 0);

    ComparisonModel comparison;
    Tester comparisonTester(&comparison, Tester::FailureReportingMode::Fatal);
    comparison.setEstimates({ QStringLiteral("a"), QStringLiteral("b") }, { estimate, estimate });
    CHECK(comparison.rowCount() > 0);
    // With the scenarios, the table says which GPUs and which layout; a different layout is marked.
    core::Scenario other = scenario;
    other.parallel.tp = 2;
    other.parallel.dp = scenario.parallel.dp / 2;
    comparison.setEstimates(
        { QStringLiteral("a"), QStringLiteral("b") }, { estimate, core::estimate(other) }, { scenario, other });
    int gpuRow = -1, layoutRow = -1;
    for (int row = 0; row < comparison.rowCount(); ++row) {
        const QString name = comparison.headerData(row, Qt::Vertical, Qt::DisplayRole).toString();
        if (name == QLatin1String("GPU type")) gpuRow = row;
        if (name == QLatin1String("Layout")) layoutRow = row;
    }
    REQUIRE(gpuRow >= 0);
    REQUIRE(layoutRow >= 0);
    CHECK(
        comparison.data(comparison.index(gpuRow, 0)).toString() == QString::fromStdString(scenario.hardware.gpu.name));
    CHECK(comparison.data(comparison.index(layoutRow, 1)).toString().startsWith(QStringLiteral("TP 2 · ")));
    CHECK(comparison.differs(layoutRow, 1));
    CHECK_FALSE(comparison.differs(gpuRow, 1));
    comparison.setEstimates({}, {});
}

TEST_CASE("the manual's and the README's --tab lists name every page in tab order", "[widgets][pages]")
{
    auto read = [](const char* path) {
        QFile file(QString::fromUtf8(path));
        REQUIRE(file.open(QIODevice::ReadOnly));
        return QString::fromUtf8(file.readAll());
    };
    auto checkOrder = [](const QString& entry) {
        qsizetype at = 0;
        for (const QString& id : MainView::pageIds()) {
            INFO(id.toStdString());
            const auto found = entry.indexOf(QRegularExpression(QStringLiteral("\\b%1\\b").arg(id)), at);
            CHECK(found >= at);
            if (found >= 0) at = found;
        }
    };
    const QString man = read(TP_SOURCE_DIR "/docs/man/trainplanner.1");
    const auto start = man.indexOf(QStringLiteral("\\-\\-tab"));
    REQUIRE(start >= 0);
    checkOrder(man.mid(start, man.indexOf(QStringLiteral(".TP"), start) - start));
    // The README's synopsis: "[--tab memory|time|…]".
    const QString readme = read(TP_SOURCE_DIR "/README.md");
    const QRegularExpressionMatch list = QRegularExpression(QStringLiteral(R"(\[--tab ([a-z|]+)\])")).match(readme);
    REQUIRE(list.hasMatch());
    checkOrder(list.captured(1));
    CHECK(list.captured(1).split(QLatin1Char('|')).size() == MainView::pageIds().size() + 1); // and "accuracy"
}
