// The live slice: a control edits the scenario, core estimates, the chart shows core's numbers.
#include "core/estimate/estimate.h"
#include "core/estimate/explain.h"
#include "core/scenario/scenario_io.h"
#include "tests/widgets/settle.h"
#include "widgets/charts/memory_chart.h"
#include "widgets/charts/memory_step_chart.h"
#include "widgets/charts/scaling_chart.h"
#include "widgets/inputs/input_panel.h"
#include "widgets/main_view.h"
#include "widgets/pages/comparison_view.h"
#include "widgets/pages/what_if_page.h"
#include "widgets/painted/heatmap_grid.h"
#include "widgets/painted/timeline_view.h"
#include "widgets/session/scenario_document.h"
#include "widgets/session/scenario_session.h"
#include "widgets/verdict_banner.h"

#include <QAbstractItemModel>
#include <QChartView>
#include <QComboBox>
#include <QLabel>
#include <QLineSeries>
#include <QScatterSeries>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QTest>
#include <catch2/catch.hpp>

using namespace ui;
using ui::test::settle;
using ui::test::waitUntil;

namespace {

/// Every bar of the chart equals core's figure for the document's current scenario, once the
/// event loop has turned.
void requireChartMatchesCore(const MemoryChart& chart, const core::Scenario& scenario)
{
    settle();
    const core::Estimate e = core::estimate(scenario);
    REQUIRE(chart.stageCount() == static_cast<int>(e.memory.perStage.size()));
    for (int stage = 0; stage < chart.stageCount(); ++stage)
        for (int t = 0; t < MemoryChart::TermCount; ++t) {
            const auto term = static_cast<MemoryChart::Term>(t);
            const double expected
                = MemoryChart::termBytes(e.memory.perStage[std::size_t(stage)].bytes, term) / 1073741824.0;
            INFO("term " << t << " stage " << stage);
            CHECK(chart.value(term, stage) == Approx(expected).epsilon(1e-12));
        }
    CHECK(chart.capacityValue() == Approx(e.memory.capacity / 1073741824.0));
}

} // namespace

TEST_CASE("moving the model-size slider updates the chart to core's numbers", "[widgets][slice]")
{
    ScenarioSession session(core::defaultScenario());
    ScenarioDocument& doc = *session.document();
    MainView w(&session);
    w.resize(1280, 800);
    auto* slider = w.findChild<QSlider*>(QStringLiteral("modelSize"));
    REQUIRE(slider);
    requireChartMatchesCore(*w.viewOn<ui::MemoryChart>("memory"), doc.scenario());

    QSignalSpy spy(&session, &ScenarioSession::resultsChanged);
    const int before = slider->value();
    slider->setFocus();
    QTest::keyClick(slider, Qt::Key_PageUp); // one page = 1/20 of the log range
    REQUIRE(slider->value() == before + slider->pageStep());
    CHECK(spy.count() == 0); // computed on the next turn of the event loop …
    QCoreApplication::processEvents();
    CHECK(spy.count() == 1); // … once
    CHECK(doc.scenario().model.params == InputPanel::sliderToParams(slider->value()));
    CHECK(doc.scenario().model.params > 6'738'415'616);
    requireChartMatchesCore(*w.viewOn<ui::MemoryChart>("memory"), doc.scenario());

    // Two more ticks of the same drag merge into one undo step; undo restores the scenario exactly.
    QTest::keyClick(slider, Qt::Key_PageUp);
    QTest::keyClick(slider, Qt::Key_PageUp);
    CHECK(doc.undoStack()->count() == 1);
    doc.undoStack()->undo();
    CHECK(doc.scenario() == core::defaultScenario());
    requireChartMatchesCore(*w.viewOn<ui::MemoryChart>("memory"), doc.scenario());
    CHECK(slider->value() == before);

    // A drag back to where it started leaves no undo step and the file unmodified.
    auto* dp = w.findChild<QSpinBox*>(QStringLiteral("parallel.dp"));
    REQUIRE(dp);
    const int dpBefore = dp->value();
    dp->setValue(dpBefore * 2);
    CHECK(doc.undoStack()->count() == 1);
    CHECK(doc.isModified());
    dp->setValue(dpBefore);
    CHECK(doc.scenario() == core::defaultScenario());
    CHECK(doc.undoStack()->count() == 0);
    CHECK_FALSE(doc.isModified());
}

TEST_CASE("ZeRO stage, data parallelism and GPU controls drive the chart and the banner", "[widgets][slice]")
{
    ScenarioSession session(core::defaultScenario());
    ScenarioDocument& doc = *session.document();
    MainView w(&session);
    auto* zero = w.findChild<QComboBox*>(QStringLiteral("parallel.zero"));
    auto* dp = w.findChild<QSpinBox*>(QStringLiteral("parallel.dp"));
    auto* gpu = w.findChild<QComboBox*>(QStringLiteral("hardware.gpu"));
    REQUIRE(zero);
    REQUIRE(dp);
    REQUIRE(gpu);

    const double before = w.viewOn<ui::MemoryChart>("memory")->value(MemoryChart::Weights, 0);
    zero->setCurrentIndex(3);
    emit zero->activated(3);
    CHECK(doc.scenario().parallel.zero == 3);
    settle();
    CHECK(w.viewOn<ui::MemoryChart>("memory")->value(MemoryChart::Weights, 0) < before); // ZeRO-3 shards the weights
    requireChartMatchesCore(*w.viewOn<ui::MemoryChart>("memory"), doc.scenario());

    dp->setValue(64);
    CHECK(doc.scenario().parallel.dp == 64);
    requireChartMatchesCore(*w.viewOn<ui::MemoryChart>("memory"), doc.scenario());

    const int rtx = gpu->findData(QStringLiteral("rtx-4090"));
    REQUIRE(rtx >= 0);
    gpu->setCurrentIndex(rtx);
    emit gpu->activated(rtx);
    CHECK(doc.scenario().hardware.preset == "rtx-4090");
    requireChartMatchesCore(*w.viewOn<ui::MemoryChart>("memory"), doc.scenario());
    CHECK(w.banner()->headline().contains(
        core::estimate(doc.scenario()).memory.fits() ? QStringLiteral("Fits") : QStringLiteral("Does not fit")));
}

TEST_CASE("an edit that changes nothing records nothing", "[widgets][document]")
{
    ScenarioSession session(core::defaultScenario());
    ScenarioDocument& doc = *session.document();
    QSignalSpy spy(&session, &ScenarioSession::resultsChanged);
    doc.edit(QStringLiteral("noop"), [](core::Scenario&) {});
    QCoreApplication::processEvents();
    CHECK(spy.count() == 0);
    CHECK(doc.undoStack()->count() == 0);
    CHECK_FALSE(doc.isModified());
}

TEST_CASE("memory over one step: under the pipeline timeline, each stage's peak is its total, in the unit shown",
    "[widgets][memory][timeline]")
{
    // GPT-3 175B on 8 stages, interleaved: 8 lines, and the highest point of each is the
    // stage's total in the memory chart.
    const auto loaded = core::loadScenarioFile(
        std::string(TP_SOURCE_DIR) + "/resources/examples/gpt3-175b-narayanan.tpscenario.json");
    REQUIRE(loaded.ok());
    ui::ScenarioSession session(*loaded.scenario);
    ui::ScenarioDocument& doc = *session.document();
    ui::MainView w(&session);
    REQUIRE(w.showPage(QStringLiteral("pipeline"))); // in front: it takes each edit and unit change
    const core::Estimate& e = session.results().estimate;
    ui::MemoryStepChart* chart = w.viewOn<ui::MemoryStepChart>("pipeline");
    REQUIRE(chart);
    // It shares the Pipeline tab with the Gantt chart, below it.
    CHECK(chart->parentWidget() == w.viewOn<ui::TimelineView>("pipeline")->parentWidget());
    const int stages = int(e.memory.perStage.size());
    REQUIRE(stages == loaded.scenario->parallel.pp);
    for (int i = 0; i < stages; ++i) {
        INFO("stage " << i);
        QLineSeries* line = chart->stageSeries(i);
        REQUIRE(line);
        double top = 0;
        for (const QPointF& p : line->points())
            top = std::max(top, p.y());
        CHECK(top == Approx(e.memory.perStage[std::size_t(i)].bytes.total() / 1073741824.0));
    }
    CHECK(chart->peakSeries()->points().front().y() == Approx(e.memory.total() / 1073741824.0));
    session.setByteUnit(ui::ByteUnit::GB);
    settle();
    CHECK(chart->peakSeries()->points().front().y() == Approx(e.memory.total() / 1e9));
    session.setByteUnit(ui::ByteUnit::GiB);
    // An edit redraws it: one stage fewer lines.
    doc.edit(QStringLiteral("pp"), [](core::Scenario& s) {
        s.parallel.pp = 4;
        s.parallel.dp *= 2;
    });
    settle();
    CHECK(chart->stageSeries(3));
    CHECK_FALSE(chart->stageSeries(4));
}

TEST_CASE("choosing GB reaches every view, table, chart and tooltip that shows memory", "[widgets][units]")
{
    // The unit is set in one place, for every view: every figure the results, the heatmap,
    // a plan search and the comparison put on screen is read back after the switch.
    core::Scenario s = core::defaultScenario();
    s.parallel.dp = 4;
    s.parallel.tp = 2;
    ScenarioSession session(s);
    MainView w(&session);
    w.resize(1400, 900);
    w.show();
    w.viewOn<ui::ComparisonView>("compare")->add(s);
    w.viewOn<ui::ComparisonView>("compare")->add(core::defaultScenario());
    core::PlanOptions options;
    options.gpus = 8;
    session.requestPlan(options);
    REQUIRE(waitUntil([&] { return !session.isPlanning(); }));
    for (int i = 0; i < w.tabs()->count(); ++i) { // lazy views draw once shown
        w.tabs()->setCurrentIndex(i);
        settle();
    }
    REQUIRE(waitUntil([&] { return w.viewOn<ui::WhatIfPage>("whatif")->isCurrent(); }));

    // Every text a user can read outside the inputs (whose fields are in the file's units, GiB).
    auto shownTexts = [&] {
        QStringList texts;
        for (auto* label : w.findChildren<QLabel*>())
            if (!w.inputs()->isAncestorOf(label)) texts << label->text();
        for (auto* view : w.findChildren<QChartView*>()) {
            texts << view->chart()->title();
            for (auto* axis : view->chart()->axes())
                texts << axis->titleText();
            for (auto* series : view->chart()->series())
                texts << series->name();
        }
        for (auto* model : w.findChildren<QAbstractItemModel*>())
            for (int c = 0; c < model->columnCount(); ++c)
                texts << model->headerData(c, Qt::Horizontal).toString();
        const auto& cells = w.viewOn<ui::WhatIfPage>("whatif")->grid()->heatmap().cells;
        for (int i = 0; i < int(cells.size()); ++i)
            texts << w.viewOn<ui::WhatIfPage>("whatif")->grid()->toolTipOf(i);
        return texts.join(QLatin1Char('\n'));
    };
    const QString before = shownTexts();
    CHECK(before.contains(QStringLiteral("GiB")));

    session.setByteUnit(ByteUnit::GB);
    settle();
    for (int i = 0; i < w.tabs()->count(); ++i) {
        w.tabs()->setCurrentIndex(i);
        settle();
    }
    const QString after = shownTexts();
    session.setByteUnit(ByteUnit::GiB); // the unit is process-wide: the next test starts in GiB
    for (const QString& line : after.split(QLatin1Char('\n')))
        if (line.contains(QStringLiteral("GiB"))) FAIL_CHECK(line.toStdString());
    CHECK(after.count(QStringLiteral("GB")) >= before.count(QStringLiteral("GiB")));
    // The numbers follow the unit, not only the labels.
    const core::Estimate& e = session.results().estimate;
    CHECK(w.viewOn<ui::MemoryChart>("memory")->capacityValue() == Approx(e.memory.capacity / 1073741824.0));
}

TEST_CASE("an edit reaches the banner and the page in front at once, a page behind it when shown", "[widgets][pages]")
{
    // A hidden chart that took every slider tick would still lay out its axes and labels: most of
    // a tick's time (bench_gui). The pages behind wait; nothing shown is ever out of date.
    ScenarioSession session(core::defaultScenario());
    ScenarioDocument& doc = *session.document();
    MainView w(&session);
    ScalingChart* scaling = w.viewOn<ui::ScalingChart>("scaling");
    MemoryChart* memory = w.viewOn<ui::MemoryChart>("memory");
    REQUIRE(scaling->memorySeries()->count() > 0);
    const double scaledBefore = scaling->memorySeries()->at(0).y();
    const QString headlineBefore = w.banner()->headline();
    REQUIRE(doc.edit(QStringLiteral("micro-batch"), [](core::Scenario& s) { s.training.microBatch = 2; }));
    settle();
    CHECK(w.banner()->headline() != headlineBefore);
    requireChartMatchesCore(*memory, doc.scenario());
    CHECK(scaling->memorySeries()->at(0).y() == scaledBefore); // the Scaling page is behind

    w.tabs()->setCurrentIndex(int(MainView::pageIds().indexOf(QStringLiteral("scaling")))); // a click on its tab
    const core::SweepResult& sweep = session.results().gpuSweep;
    REQUIRE_FALSE(sweep.points.empty());
    CHECK(scaling->memorySeries()->at(0).y() == Approx(bytesIn(sweep.points.front().estimate.memory.total())));
    CHECK(scaling->memorySeries()->at(0).y() > scaledBefore);
}

TEST_CASE("the banner's figures explain themselves on hover, from the session's explanations", "[widgets][banner]")
{
    ScenarioSession session(core::defaultScenario());
    MainView w(&session);
    const QString tip = w.banner()->detailsToolTip();
    // Step time, MFU, days and cost, each with its formula and source, as core explains them.
    for (const char* key : { "compute.step_time_s", "compute.mfu", "training.time_s", "training.cost_usd" }) {
        INFO(key);
        REQUIRE(core::findExplanation(session.explanations(), key));
        CHECK(tip.contains(session.explanation(QString::fromLatin1(key))));
    }
    CHECK(tip.count(QStringLiteral("Source:")) == 4);
    // Worded when asked (a tooltip event), not stored on the label with every slider tick.
    CHECK(w.banner()->findChild<QLabel*>(QStringLiteral("verdictDetails"))->toolTip().isEmpty());
    // Kept between edits, worked out again after one.
    const std::string before = core::findExplanation(session.explanations(), "compute.step_time_s")->substituted;
    REQUIRE(
        session.document()->edit(QStringLiteral("micro-batch"), [](core::Scenario& s) { s.training.microBatch = 2; }));
    const auto& now = session.explanations();
    CHECK(core::findExplanation(now, "compute.step_time_s")->substituted != before);
    CHECK(now.size() == core::explain(session.scenario(), session.results().estimate).size());
}

TEST_CASE("one page list: the tabs, their titles and --tab follow it", "[widgets][pages]")
{
    ScenarioSession session(core::defaultScenario());
    MainView w(&session);
    const QStringList ids = MainView::pageIds();
    REQUIRE(ids.size() == w.tabs()->count());
    QStringList titles;
    for (int i = 0; i < ids.size(); ++i) {
        INFO(ids[i].toStdString());
        CHECK(w.showPage(ids[i]));
        CHECK(w.tabs()->currentIndex() == i);
        CHECK_FALSE(w.tabs()->tabText(i).isEmpty());
        titles << w.tabs()->tabText(i);
    }
    CHECK(titles.removeDuplicates() == 0);
    CHECK(ids.contains(QStringLiteral("whatif")));
    CHECK_FALSE(w.showPage(QStringLiteral("nope")));
    CHECK(w.tabs()->currentIndex() == ids.size() - 1); // unchanged
}

TEST_CASE("every chart is antialiased and repaints one rectangle around what changed", "[widgets][pages]")
{
    // A dirty region of many rectangles, Qt's default, makes each antialiased grid line about ten
    // times slower to draw (chart_style.h): no chart may be left with it.
    ScenarioSession session(core::defaultScenario());
    MainView w(&session);
    const auto views = w.findChildren<QChartView*>();
    REQUIRE(views.size() >= 10);
    for (auto* view : views) {
        INFO(view->objectName().toStdString());
        CHECK(view->viewportUpdateMode() == QGraphicsView::BoundingRectViewportUpdate);
        CHECK(view->renderHints().testFlag(QPainter::Antialiasing));
    }
}
