// Presentation mode and copying charts: slides are the title plus every chart with data,
// keys move between them, Esc leaves, fonts grow for the slide and come back afterwards; a chart
// copied to the clipboard is an image at the export size.
#include "app/main_window.h"
#include "core/scenario/presets.h"
#include "core/scenario/scenario_edit.h"
#include "core/scenario/scenario_io.h"
#include "tests/widgets/example_scenario.h"
#include "tests/widgets/settle.h"
#include "widgets/charts/chart_export.h"
#include "widgets/charts/cost_breakdown_chart.h"
#include "widgets/charts/memory_chart.h"
#include "widgets/charts/plan_scatter_chart.h"
#include "widgets/charts/sensitivity_chart.h"
#include "widgets/dialogs/accuracy_view.h"
#include "widgets/dialogs/calibration_dialog.h"
#include "widgets/main_view.h"
#include "widgets/models/comparison_model.h"
#include "widgets/pages/comparison_view.h"
#include "widgets/pages/decision_guide_page.h"
#include "widgets/pages/sensitivity_page.h"
#include "widgets/pages/what_if_page.h"
#include "widgets/painted/heatmap_grid.h"
#include "widgets/painted/placement_view.h"
#include "widgets/painted/timeline_view.h"
#include "widgets/presentation_view.h"
#include "widgets/session/scenario_document.h"
#include "widgets/session/scenario_session.h"
#include "widgets/verdict_banner.h"

#include <QAbstractAxis>
#include <QAbstractBarSeries>
#include <QAction>
#include <QApplication>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QClipboard>
#include <QFile>
#include <QGraphicsSimpleTextItem>
#include <QImage>
#include <QLabel>
#include <QLocale>
#include <QLogValueAxis>
#include <QPainter>
#include <QPointer>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>
#include <QValueAxis>
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

using namespace ui;
using ui::test::example;
using ui::test::settle;
using ui::test::waitUntil;

TEST_CASE("presentation mode: a title slide, then one slide per chart with data", "[widgets][present]")
{
    ScenarioSession session(example("article-large-7b-64gpu.tpscenario.json"));
    MainWindow window(&session);
    window.resize(1280, 800);
    const QList<QChart*> charts = window.mainView()->presentableCharts();
    // Memory, step time, scaling, cost, two reliability charts and the number-format lab at least.
    CHECK(charts.size() >= 7);
    for (QChart* c : charts)
        CHECK(chartHasData(c));

    QPointer<PresentationView> view = window.createPresentation();
    REQUIRE(view);
    CHECK(view->slideCount() == charts.size() + 1);
    CHECK(view->currentSlide() == 0);
    view->resize(1280, 720);
    view->show();
    QTest::keyClick(view, Qt::Key_Right);
    CHECK(view->currentSlide() == 1);
    QTest::keyClick(view, Qt::Key_Space);
    CHECK(view->currentSlide() == 2);
    QTest::keyClick(view, Qt::Key_Left);
    CHECK(view->currentSlide() == 1);
    QTest::keyClick(view, Qt::Key_End);
    CHECK(view->currentSlide() == view->slideCount() - 1);
    QTest::keyClick(view, Qt::Key_Right); // stays on the last slide
    CHECK(view->currentSlide() == view->slideCount() - 1);
    QTest::keyClick(view, Qt::Key_Home);
    CHECK(view->currentSlide() == 0);

    // A slide is drawn at the requested size; fonts are enlarged only while it is drawn.
    QChart* memory = window.mainView()->viewOn<ui::MemoryChart>("memory")->chart();
    const double titleSize = memory->titleFont().pointSizeF();
    const double axisSize = memory->axes().first()->labelsFont().pointSizeF();
    const QImage slide = view->renderSlide(1, QSize(1920, 1080));
    CHECK(slide.deviceIndependentSize().toSize() == QSize(1920, 1080));
    CHECK(memory->titleFont().pointSizeF() == titleSize);
    CHECK(memory->axes().first()->labelsFont().pointSizeF() == axisSize);
    // Not blank: the chart's bars leave non-white pixels.
    int coloured = 0;
    const QImage small = slide.scaled(192, 108);
    for (int y = 0; y < small.height(); ++y)
        for (int x = 0; x < small.width(); ++x)
            if (small.pixelColor(x, y) != Qt::white) ++coloured;
    CHECK(coloured > 200);

    QTest::keyClick(view, Qt::Key_Escape);
    QApplication::processEvents();
    QApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
    CHECK(view.isNull()); // closed and deleted
}

TEST_CASE("a chart copied to the clipboard is an image at the export size", "[widgets][present]")
{
    ScenarioSession session(core::defaultScenario());
    MainView w(&session);
    auto* view = w.viewOn<ui::MemoryChart>("memory");
    QAction* copy = view->findChild<QAction*>(QStringLiteral("copyChartAction"));
    REQUIRE(copy);
    CHECK(view->actions().size() >= 2);
    QApplication::clipboard()->clear();
    copy->trigger();
    const QImage image = QApplication::clipboard()->image();
    CHECK(image.width() == 2400);
    CHECK(image.height() == 1500);
    // Every chart view of the planner has the actions.
    for (QChartView* v : w.findChildren<QChartView*>())
        CHECK(v->findChild<QAction*>(QStringLiteral("copyChartAction")));
}

TEST_CASE(
    "every table of the planner copies as tab-separated text, the comparison with its row names", "[widgets][present]")
{
    ScenarioSession session(core::defaultScenario());
    MainView w(&session);
    w.viewOn<ui::ComparisonView>("compare")->showArticlePair();
    for (QTableView* v : w.findChildren<QTableView*>())
        CHECK(v->findChild<QAction*>(QStringLiteral("copyTableAction")));
    QTableView* table = w.viewOn<ui::ComparisonView>("compare")->table();
    QApplication::clipboard()->clear();
    table->findChild<QAction*>(QStringLiteral("copyTableAction"))->trigger();
    const QStringList lines = QApplication::clipboard()->text().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    CHECK(lines.size() == table->model()->rowCount() + 1);
    CHECK(lines.at(0).startsWith(QStringLiteral("\tA: ")));
    CHECK(lines.at(1).startsWith(table->model()->headerData(0, Qt::Vertical).toString() + QLatin1Char('\t')));
}

TEST_CASE("the cost breakdown chart shows core's cost lines", "[widgets][cost]")
{
    core::Scenario s = example("llama-3.1-405b-16k-h100.tpscenario.json");
    s.cost.teamSize = 12;
    s.cost.networkUsdPerTb = 0.5;
    ScenarioSession session(s);
    MainView w(&session);
    const auto* chart = w.viewOn<ui::CostBreakdownChart>("scaling");
    const auto& t = session.results().estimate.training;
    // Bars top-down: GPUs, energy, storage, network, team (stored bottom-up).
    const double lines[] = { t.gpuCostUsd, t.energyCostUsd, t.storageCostUsd, t.networkCostUsd, t.teamCostUsd };
    for (int i = 0; i < 5; ++i)
        CHECK(chart->bars()->at(4 - i) * chart->unitDivisor() == Approx(lines[i]));
    CHECK(t.teamCostUsd > 0);
    CHECK(t.networkCostUsd > 0);
    CHECK(chart->chart()->title().contains(QLocale().toString(t.totalCostUsd, 'f', 0)));
}

TEST_CASE("the decision guide lights the checklist from the scenario and keeps the user's ticks", "[widgets][decision]")
{
    ScenarioSession session(example("article-large-7b-64gpu.tpscenario.json"));
    ScenarioDocument& doc = *session.document();
    MainView w(&session);
    DecisionGuidePage* guide = w.viewOn<ui::DecisionGuidePage>("guide");
    REQUIRE(guide);
    using core::ChecklistId;
    using core::Need;
    auto need = [&](ChecklistId id) { return Need(guide->badge(id)->property("need").toInt()); };
    CHECK(need(ChecklistId::distributed_code) == Need::required);
    CHECK(need(ChecklistId::software_stack) == Need::required);
    CHECK(guide->verdictText().contains(QStringLiteral("Large model")));
    CHECK(guide->verdictText().contains(QStringLiteral("One GPU is not enough")));
    // The numbers in the text are core's.
    const core::DecisionGuide expected = core::decide(doc.scenario(), session.results().estimate);
    CHECK(guide->verdictText().contains(QLocale().toString(expected.minGpus)));

    guide->checkBox(ChecklistId::network)->setChecked(true);
    // Down to one GPU: the distributed items go out, the tick stays.
    REQUIRE(doc.edit(QStringLiteral("one GPU"), [](core::Scenario& s) { s.parallel.dp = 1; }));
    settle();
    REQUIRE(w.showPage(QStringLiteral("guide"))); // a page behind the current one waits to be shown
    CHECK(need(ChecklistId::distributed_code) == Need::not_needed);
    CHECK(need(ChecklistId::software_stack) == Need::not_needed);
    CHECK(guide->text(ChecklistId::distributed_code)->text().contains(QStringLiteral("One GPU")));
    CHECK(guide->checkBox(ChecklistId::network)->isChecked());
}

TEST_CASE("the accuracy page shows core's fidelity table and opens a run as a scenario", "[widgets][fidelity]")
{
    core::Scenario opened;
    bool called = false;
    const core::FidelitySummary expected = core::validatePublished();
    const core::LeaveOneSourceOut& heldOut = core::leaveOneSourceOut();
    AccuracyView view(expected, heldOut, [&](const core::Scenario& s) {
        opened = s;
        called = true;
    });
    // It leads with each source held out of the fit, each counted once.
    const QString intro = view.findChild<QLabel*>()->text();
    CHECK(intro.startsWith(QStringLiteral("<p><b>Held out, %1 %</b>")
                               .arg(QLocale().toString(heldOut.sourceBalancedMeanAbsError * 100, 'f', 1))));
    CHECK(intro.contains(QStringLiteral("each of the %1 sources").arg(heldOut.sources.size())));
    REQUIRE(view.table()->rowCount() == int(expected.rows.size()));
    const int n = int(expected.rows.size());
    for (int r = 0; r < n; ++r) {
        const auto& row = expected.rows[std::size_t(r)];
        INFO(row.run->id);
        CHECK(view.table()->item(r, 0)->text() == QString::fromStdString(row.run->id));
        CHECK(view.table()->item(r, 5)->text().startsWith(QLocale().toString(row.error * 100, 'f', 1)));
    }
    // The chart: core's out-of-sample slices, throughput then peak memory, bottom-up.
    std::vector<core::FidelityGroup> slices = expected.groups;
    REQUIRE(slices.size() >= 20);
    REQUIRE(expected.memoryGroups.size() >= 5);
    slices.insert(slices.end(), expected.memoryGroups.begin(), expected.memoryGroups.end());
    const int g = int(slices.size());
    REQUIRE(view.meanErrorBars()->count() == g);
    for (int i = 0; i < g; ++i) {
        const auto& group = slices[std::size_t(i)];
        INFO(group.kind << " " << group.name);
        CHECK(view.meanErrorBars()->at(g - 1 - i) == Approx(group.meanError * 100));
        CHECK(view.meanAbsErrorBars()->at(g - 1 - i) == Approx(group.meanAbsError * 100));
    }
    emit view.table()->cellDoubleClicked(0, 0);
    CHECK(called);
    CHECK(opened == expected.rows[0].run->scenario);
}

TEST_CASE("importing a config.json makes its architecture the model, undoably", "[widgets][import]")
{
    ScenarioSession session(core::defaultScenario());
    ScenarioDocument& doc = *session.document();
    MainWindow window(&session);
    const core::Architecture before = doc.scenario().model.arch;
    REQUIRE(window.runs()->importConfig(QStringLiteral(TP_SOURCE_DIR "/tests/data/hf/mistral-7b.json"), false));
    CHECK(doc.scenario().model.arch.kvHeads == 8);
    CHECK(doc.scenario().model.arch.ffnHidden == 14336);
    CHECK(session.results().estimate.params.total == 7'241'732'096);
    doc.undoStack()->undo();
    CHECK(doc.scenario().model.arch == before);
}

TEST_CASE("a warning offers the nearest valid setting and one click applies it", "[widgets][suggest]")
{
    core::Scenario s = core::defaultScenario();
    s.model = core::presetModel(*core::findModelPreset("llama-2-13b")); // 40 heads
    s.parallel.tp = 16;
    s.parallel.dp = 4;
    ScenarioSession session(s);
    ScenarioDocument& doc = *session.document();
    MainView w(&session);
    auto* banner = w.banner();
    REQUIRE_FALSE(banner->suggestions().empty());
    CHECK(banner->warningsText().contains(QStringLiteral("href=\"fix:0\"")));
    CHECK(banner->warningsText().contains(QStringLiteral("Set Tensor parallel (TP) to 8")));
    auto* label = banner->findChild<QLabel*>(QStringLiteral("verdictWarnings"));
    REQUIRE(label);
    emit label->linkActivated(QStringLiteral("fix:0"));
    CHECK(doc.scenario().parallel.tp == 8);
    CHECK(doc.scenario().parallel.dp == 8);
    for (const auto& warning : session.results().estimate.warnings)
        CHECK(warning.code != core::ProblemCode::heads_not_divisible_by_tp);
    doc.undoStack()->undo();
    CHECK(doc.scenario().parallel.tp == 16);
}

TEST_CASE("the pipeline tab draws core's timeline and follows edits", "[widgets][timeline]")
{
    ScenarioSession session(example("llama-3.1-405b-16k-h100.tpscenario.json"));
    ScenarioDocument& doc = *session.document();
    MainView w(&session);
    const core::Timeline expected = core::pipelineTimeline(doc.scenario(), session.results().estimate);
    const core::Timeline& shown = w.viewOn<ui::TimelineView>("pipeline")->timeline();
    CHECK(shown.blocks.size() == expected.blocks.size());
    CHECK(shown.stepTimeS == Approx(expected.stepTimeS));
    // The embedding and the loss counted as layers leave the middle stages the busiest: the estimate's
    // pace bounds the simulated step from above (test_timeline.cpp).
    CHECK(shown.stepTimeS <= session.results().estimate.compute.stepTimeS);
    CHECK(shown.stepTimeS == Approx(session.results().estimate.compute.stepTimeS).epsilon(0.03));
    REQUIRE(doc.edit(QStringLiteral("fewer stages"), [](core::Scenario& s) {
        s.parallel.pp = 2;
        s.parallel.dp = 1024;
    }));
    settle();
    CHECK(w.viewOn<ui::TimelineView>("pipeline")->timeline().stages == 2);
    const QImage image = w.viewOn<ui::TimelineView>("pipeline")->render({ 1200, 600 });
    CHECK(image.width() == 2400);
}

TEST_CASE("the placement map shows core's groups with the links used for timing", "[widgets][placement]")
{
    ScenarioSession session(example("llama-3.1-405b-16k-h100.tpscenario.json"));
    ScenarioDocument& doc = *session.document();
    MainView w(&session);
    const auto& shown = w.viewOn<ui::PlacementView>("pipeline")->placement();
    const core::Placement expected = core::placement(doc.scenario(), session.results().estimate);
    REQUIRE(shown.groups.size() == expected.groups.size());
    const QStringList lines = w.viewOn<ui::PlacementView>("pipeline")->groupLines();
    for (std::size_t i = 0; i < shown.groups.size(); ++i) {
        CHECK(shown.groups[i].link == expected.groups[i].link);
        for (const auto& c : session.results().estimate.communication.collectives)
            if (c.group == shown.groups[i].group) CHECK(c.link == shown.groups[i].link);
    }
    CHECK(lines.at(0).startsWith(QStringLiteral("TP groups of 8 GPUs: inside one node")));
    CHECK(lines.join(QLatin1Char('\n')).contains(QStringLiteral("DP groups of 128 GPUs: across 128 nodes")));
}

TEST_CASE("the placement map says PCIe where a group leaves H100 PCIe's NVLink pairs", "[widgets][placement]")
{
    core::Scenario s = core::defaultScenario();
    REQUIRE(!core::applyOverride(s, "hardware.gpu=h100-pcie"));
    s.parallel.tp = 4;
    s.parallel.dp = 2;
    ScenarioSession session(s);
    MainView w(&session);
    settle();
    const QStringList lines = w.viewOn<ui::PlacementView>("pipeline")->groupLines();
    REQUIRE_FALSE(lines.isEmpty());
    CHECK(lines.at(0).startsWith(QStringLiteral("TP groups of 4 GPUs: inside one node (PCIe)")));
    CHECK_FALSE(lines.at(0).contains(QStringLiteral("NVLink")));
}

TEST_CASE("the sensitivity tab draws core's swings, and the banner can show the ranges", "[widgets][sensitivity]")
{
    ScenarioSession session(example("article-large-7b-64gpu.tpscenario.json"));
    ScenarioDocument& doc = *session.document();
    MainView w(&session);
    auto* view = w.viewOn<ui::SensitivityPage>("sensitivity");
    // Asked of the session in the background when the tab is shown.
    CHECK_FALSE(view->isCurrent());
    w.tabs()->setCurrentWidget(view);
    w.show();
    REQUIRE(waitUntil([&] { return view->isCurrent(); }));
    const core::Sensitivity expected = core::sensitivity(doc.scenario(), 0.2);
    // Assumptions that move step time have rows; the others are counted in one row at the bottom.
    const auto swing = [&](const core::SensitivityRow& row) {
        return std::max(std::abs(row.low.stepTimeS / expected.base.stepTimeS - 1),
                   std::abs(row.high.stepTimeS / expected.base.stepTimeS - 1))
            * 100;
    };
    const auto moving = std::count_if(expected.rows.begin(), expected.rows.end(),
        [&](const core::SensitivityRow& row) { return swing(row) >= SensitivityChart::kNoEffectPercent; });
    REQUIRE(moving < std::ptrdiff_t(expected.rows.size())); // restart time, GPU MTBF: not step time
    REQUIRE(std::ptrdiff_t(view->chart()->order().size()) == moving);
    const int n = int(view->chart()->lowBars()->count());
    REQUIRE(n == int(moving) + 1);
    CHECK(view->chart()->lowBars()->at(0) == 0);
    for (int i = 0; i < int(moving); ++i) {
        const core::Assumption a = view->chart()->order()[std::size_t(i)];
        for (const auto& row : expected.rows) {
            if (row.assumption != a) continue;
            // Categories run bottom-up: top row i is bar n − 1 − i.
            CHECK(view->chart()->lowBars()->at(n - 1 - i)
                == Approx((row.low.stepTimeS / expected.base.stepTimeS - 1) * 100));
            CHECK(view->chart()->highBars()->at(n - 1 - i)
                == Approx((row.high.stepTimeS / expected.base.stepTimeS - 1) * 100));
        }
    }
    // The top row has the largest swing on step time.
    CHECK(view->chart()->order().front() == expected.rows.front().assumption);
    view->setMetric(SensitivityChart::Cost);
    view->setFraction(0.4);
    REQUIRE(waitUntil([&] { return view->isCurrent(); }));
    CHECK(view->result().fraction == Approx(0.4));
    // An edit makes it stale until the new result arrives.
    REQUIRE(doc.edit(QStringLiteral("dp"), [](core::Scenario& s) { s.parallel.dp *= 2; }));
    CHECK_FALSE(view->isCurrent());
    REQUIRE(waitUntil([&] { return view->isCurrent(); }));
    CHECK(view->result().base.stepTimeS == Approx(core::sensitivity(doc.scenario(), 0.4).base.stepTimeS));

    // The measured-runs range is always there; the ±20 % sweep only when asked for.
    CHECK(w.banner()->detailsText().contains(QStringLiteral("Range from")));
    CHECK_FALSE(w.banner()->detailsText().contains(QStringLiteral("Range, each assumption")));
    w.setShowRanges(true);
    CHECK(w.banner()->detailsText().contains(QStringLiteral("Range, each assumption ±20 % in turn")));
    w.setShowRanges(false);
    CHECK_FALSE(w.banner()->detailsText().contains(QStringLiteral("Range, each assumption")));
}

TEST_CASE("the heatmap shows core's cells and a click applies one", "[widgets][heatmap]")
{
    // 70B split over 64 GPUs: some layouts fit, some do not (on the example's own 8 GPUs none does).
    core::Scenario seventy = example("llama-3-70b-does-not-fit.tpscenario.json");
    core::setGpuCount(seventy, 64);
    ScenarioSession session(seventy);
    ScenarioDocument& doc = *session.document();
    MainView w(&session);
    WhatIfPage* view = w.viewOn<ui::WhatIfPage>("whatif");
    w.tabs()->setCurrentWidget(view);
    w.show();
    view->setAxes(core::heatAxis(core::Knob::tp), core::heatAxis(core::Knob::pp));
    REQUIRE(waitUntil([&] { return view->isCurrent(); }));
    // The page keeps the GPU count: a cell is a split of the scenario's GPUs, DP taking the rest.
    const core::Heatmap expected = core::heatmap(
        doc.scenario(), core::heatAxis(core::Knob::tp), core::heatAxis(core::Knob::pp), core::HeatGpus::keep);
    const core::Heatmap& shown = view->grid()->heatmap();
    REQUIRE(shown.cells.size() == expected.cells.size());
    int target = -1;
    for (std::size_t i = 0; i < shown.cells.size(); ++i) {
        CHECK(shown.cells[i].scenario == expected.cells[i].scenario);
        CHECK(shown.cells[i].feasible() == expected.cells[i].feasible());
        if (shown.cells[i].estimate)
            CHECK(shown.cells[i].estimate->memory.total() == expected.cells[i].estimate->memory.total());
        if (target < 0 && shown.cells[i].feasible()) target = int(i);
    }
    REQUIRE(target >= 0);
    // Colours: every cell that does not fit is redder than every cell that fits, however full (79 GiB
    // of 80).
    view->grid()->resize(600, 400);
    QImage drawn(QSize(600, 400), QImage::Format_ARGB32_Premultiplied);
    {
        QPainter painter(&drawn);
        view->grid()->paint(painter, QSize(600, 400));
    }
    double reddestFit = -1, palestMiss = 2;
    for (std::size_t i = 0; i < shown.cells.size(); ++i) {
        const QRectF r = view->grid()->cellRect(int(i));
        const QColor c = drawn.pixelColor(QPoint(int(r.left()) + 4, int(r.top()) + 4)); // a corner, off the text
        const double redness = c.redF() - c.greenF();
        if (!shown.cells[i].estimate) continue; // a layout that cannot run at all is grey, not red
        if (shown.cells[i].feasible())
            reddestFit = std::max(reddestFit, redness);
        else
            palestMiss = std::min(palestMiss, redness);
    }
    CHECK(palestMiss > reddestFit);
    // Click the first cell that fits: the scenario takes its TP and PP.
    QTest::mouseClick(view->grid(), Qt::LeftButton, {}, view->grid()->cellRect(target).center().toPoint());
    CHECK(doc.scenario().parallel.tp == shown.cells[std::size_t(target)].x);
    CHECK(doc.scenario().parallel.pp == shown.cells[std::size_t(target)].y);
    CHECK(session.results().estimate.memory.fits());
    // Until the map of the new scenario arrives, the grid shows the old one, whose cells hold the old
    // scenario's other values: none of them can be applied.
    int other = -1;
    for (std::size_t i = 0; i < shown.cells.size(); ++i)
        if (int(i) != target && shown.cells[i].feasible()) other = int(i);
    REQUIRE(other >= 0);
    const core::Scenario applied = doc.scenario();
    CHECK_FALSE(view->isCurrent());
    CHECK_FALSE(view->apply(other));
    CHECK(doc.scenario() == applied);
    REQUIRE(waitUntil([&] { return view->isCurrent(); }));
    CHECK(view->grid()->heatmap().cells[std::size_t(target)].scenario.parallel == applied.parallel);
}

TEST_CASE("the calibration dialog fits, applies undoably and saves a profile scenarios can reference",
    "[widgets][calibration]")
{
    core::Scenario truth = core::defaultScenario();
    truth.efficiency.compute = 0.5;
    truth.overhead.fragmentation = 0.1;
    const core::Estimate measured = core::estimate(truth);
    ScenarioSession session(core::defaultScenario());
    ScenarioDocument& doc = *session.document();
    CalibrationDialog dialog(&session);
    dialog.setMeasured(measured.compute.stepTimeS, measured.memory.total() / (1024.0 * 1024.0 * 1024.0));
    CHECK(dialog.result().calibrated.efficiency.compute == Approx(0.5).epsilon(1e-3));
    CHECK(dialog.resultText().contains(QStringLiteral("0.500")));
    dialog.apply();
    CHECK(doc.scenario().efficiency.compute == Approx(0.5).epsilon(1e-3));
    CHECK(doc.scenario().overhead.fragmentation == Approx(0.1).epsilon(1e-2));
    QTemporaryDir dir;
    const QString profile = dir.filePath(QStringLiteral("lab.tphardware.json"));
    CHECK(dialog.saveProfile(profile, QStringLiteral("lab")).isEmpty());
    QFile scenario(dir.filePath(QStringLiteral("s.tpscenario.json")));
    REQUIRE(scenario.open(QIODevice::WriteOnly));
    scenario.write(R"({"format": "trainplanner-scenario", "version": 1, "model": {"preset": "llama-2-7b"},
                       "hardware": {"profile": "lab.tphardware.json"}})");
    scenario.close();
    const auto loaded = core::loadScenarioFile(scenario.fileName().toStdString());
    REQUIRE(loaded.ok());
    CHECK(loaded.scenario->efficiency.compute == Approx(0.5).epsilon(1e-3));
    doc.undoStack()->undo();
    CHECK(doc.scenario().efficiency.compute == core::Efficiency {}.compute);
}

TEST_CASE("DeepSeek-V3's config.json imports with its MTP module named", "[widgets][import][mla]")
{
    ScenarioSession session(core::defaultScenario());
    ScenarioDocument& doc = *session.document();
    MainWindow window(&session);
    REQUIRE(window.runs()->importConfig(QStringLiteral(TP_SOURCE_DIR "/tests/data/hf/deepseek-v3.json"), false));
    CHECK(doc.scenario().model.arch.isMla());
    // Main model 671,026,419,200 (the report's 671B) + the MTP module's 11,610,068,224.
    CHECK(session.results().estimate.params.total == 682'636'487'424);
    auto* shape = window.findChild<QLabel*>(QStringLiteral("modelShape"));
    REQUIRE(shape);
    CHECK(shape->text().contains(QStringLiteral("latent attention")));
    CHECK(shape->text().contains(QStringLiteral("first 3 layer(s) dense")));
    CHECK(shape->text().contains(QStringLiteral("1 multi-token prediction module(s)")));
}

TEST_CASE("a run that never finishes says so instead of drawing infinite days", "[widgets][reliability]")
{
    // Checkpoints of a 70B model at 0.1 GB/s on 4,096 GPUs with a 2,000-hour GPU MTBF: the cluster
    // fails every half hour, a checkpoint takes hours: goodput 0, the run never finishes. The
    // log-scale time axes used to recurse without end on the infinite days.
    core::Scenario s = core::defaultScenario();
    s.model = core::presetModel(*core::findModelPreset("llama-2-70b"));
    s.parallel.tp = 8;
    s.parallel.dp = 512;
    s.training.globalBatch = 1024;
    s.reliability.gpuMtbfHours = 2000;
    s.reliability.checkpointWriteGBps = 0.1;
    REQUIRE_FALSE(core::validateScenario(s));
    ScenarioSession session(s);
    REQUIRE(std::isinf(session.results().estimate.training.timeS));
    MainView w(&session);
    w.resize(1280, 800);
    w.show();
    for (int i = 0; i < w.tabs()->count(); ++i) {
        w.tabs()->setCurrentIndex(i);
        QApplication::processEvents();
    }
    auto* banner = w.banner();
    CHECK(banner->warningsText().contains(QStringLiteral("never finishes")));
    auto* details = banner->findChild<QLabel*>(QStringLiteral("verdictDetails"));
    REQUIRE(details);
    CHECK(details->text().contains(QStringLiteral("∞ days")));
    CHECK_FALSE(details->text().contains(QStringLiteral("inf")));
}

TEST_CASE("slide verdict colours, compared figures, the searched GPU count and bar values", "[widgets][present]")
{
    // The presentation's "does not fit" verdict was blue; it is the banner's red (and "fits" green).
    auto reddish = [](const QImage& image) {
        int red = 0, blue = 0;
        const QImage small = image.scaled(480, 270);
        for (int y = 0; y < small.height(); ++y)
            for (int x = 0; x < small.width(); ++x) {
                const QColor c = small.pixelColor(x, y);
                if (c.red() > 150 && c.green() < 90 && c.blue() < 90) ++red;
                if (c.blue() > 150 && c.red() < 60) ++blue;
            }
        return std::pair(red, blue);
    };
    core::Scenario tooBig = core::defaultScenario();
    tooBig.parallel.dp = 1;
    tooBig.parallel.zero = 0;
    tooBig.model = core::presetModel(*core::findModelPreset("llama-3-70b"));
    ScenarioSession session(tooBig);
    REQUIRE_FALSE(session.results().estimate.memory.fits());
    MainWindow window(&session);
    QPointer<PresentationView> view = window.createPresentation();
    REQUIRE(view);
    const auto [red, blue] = reddish(view->renderSlide(0, QSize(1920, 1080)));
    CHECK(red > 50);
    CHECK(blue == 0);
    view->close();

    // Compared figures that differ are marked in a neutral colour, not the "does not fit" red.
    ComparisonModel model;
    std::vector<core::Estimate> estimates { core::estimate(core::defaultScenario()), core::estimate(tooBig) };
    model.setEstimates({ QStringLiteral("A"), QStringLiteral("B") }, estimates);
    bool marked = false;
    for (int row = 0; row < model.rowCount(); ++row)
        if (model.differs(row, 1)) {
            const QColor c = model.data(model.index(row, 1), Qt::BackgroundRole).value<QColor>();
            CHECK(c == ComparisonModel::kDifferentColor);
            CHECK(c.blue() > c.red()); // bluish, not pink
            marked = true;
        }
    CHECK(marked);

    // The memory bars carry their values; a part too thin for its label has none.
    auto* memory = window.mainView()->viewOn<ui::MemoryChart>("memory");
    memory->chart()->resize(1200, 750);
    auto labelled = [memory](MemoryChart::Term term) {
        const double v = memory->value(term, 0);
        for (const QGraphicsSimpleTextItem* label : memory->valueLabels())
            if (std::abs(QLocale().toDouble(label->text()) - v) <= 0.01 * v) return true;
        return false;
    };
    CHECK(labelled(MemoryChart::Weights));
    CHECK_FALSE(labelled(MemoryChart::Buffers)); // 0.5 GiB of a 200-GiB axis

    // The planner's slide and export name the GPU count searched.
    core::PlanResult r;
    r.gpus = 64;
    PlanScatterChart scatter;
    CHECK(scatter.chart()->title().startsWith(QStringLiteral("Search to plot")));
    scatter.setResult(r);
    CHECK(scatter.chart()->title().contains(QStringLiteral("64 GPUs")));
    // A search where nothing fits says so, over no empty axes.
    CHECK(scatter.chart()->title().startsWith(QStringLiteral("No plan fits")));
    for (const QAbstractAxis* axis : scatter.chart()->axes())
        CHECK_FALSE(axis->isVisible());
    r.points.push_back({});
    r.points.back().memoryBytes = 40e9;
    r.points.back().trainingTimeS = 86400 * 20;
    scatter.setResult(r);
    CHECK(scatter.chart()->title().startsWith(QStringLiteral("Every plan that fits on 64 GPUs")));
    for (const QAbstractAxis* axis : scatter.chart()->axes())
        CHECK(axis->isVisible());
}

TEST_CASE("axis labels are plain decimals, never exponents", "[widgets][present]")
{
    // Not "1e+03" and "1e+06" labels, nor ticks at 27.1, 54.3, 81.4 s.
    for (const char* file : { "llama-3-70b-does-not-fit.tpscenario.json", "gpt3-175b-narayanan.tpscenario.json" }) {
        ScenarioSession session(example(file));
        MainView w(&session);
        w.resize(1280, 800);
        for (const auto& figure : w.figures()) {
            if (!figure.chart) continue;
            for (QAbstractAxis* axis : figure.chart->axes()) {
                QString format;
                double lo = 0, hi = 0;
                if (auto* v = qobject_cast<QValueAxis*>(axis)) {
                    format = v->labelFormat();
                    lo = v->min();
                    hi = v->max();
                } else if (auto* l = qobject_cast<QLogValueAxis*>(axis)) {
                    format = l->labelFormat();
                    lo = l->min();
                    hi = l->max();
                } else {
                    continue;
                }
                if (format.isEmpty()) continue;
                INFO(file << " " << figure.file.toStdString() << " " << format.toStdString() << " " << hi);
                for (const double v : { lo, hi, (lo + hi) / 2 })
                    CHECK_FALSE(QString::asprintf(format.toLatin1().constData(), v).contains(QLatin1Char('e')));
            }
        }
    }
}
