// The live slice: a control edits the scenario, core estimates, the chart shows core's numbers.
#include "charts/memory_chart.h"
#include "estimate.h"
#include "input_panel.h"
#include "planner_widget.h"
#include "scenario_document.h"
#include "scenario_io.h"
#include "verdict_banner.h"

#include <catch2/catch.hpp>

#include <QComboBox>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QTest>

using namespace ui;

namespace {

/// Every bar of the chart equals core's figure for the document's current scenario.
void requireChartMatchesCore(const MemoryChart& chart, const core::Scenario& scenario)
{
    const core::Estimate e = core::estimate(scenario);
    REQUIRE(chart.stageCount() == static_cast<int>(e.memory.perStage.size()));
    for (int stage = 0; stage < chart.stageCount(); ++stage)
        for (int t = 0; t < MemoryChart::TermCount; ++t) {
            const auto term = static_cast<MemoryChart::Term>(t);
            const double expected = bytesIn(MemoryChart::termBytes(e.memory.perStage[std::size_t(stage)].bytes, term), ByteUnit::GiB);
            INFO("term " << t << " stage " << stage);
            CHECK(chart.value(term, stage) == Approx(expected).epsilon(1e-12));
        }
    CHECK(chart.capacityValue() == Approx(bytesIn(e.memory.capacity, ByteUnit::GiB)));
}

} // namespace

TEST_CASE("moving the model-size slider updates the chart to core's numbers", "[widgets][slice]")
{
    ScenarioDocument doc(core::defaultScenario());
    PlannerWidget w(&doc);
    w.resize(1280, 800);
    auto* slider = w.findChild<QSlider*>(QStringLiteral("modelSize"));
    REQUIRE(slider);
    requireChartMatchesCore(*w.memoryChart(), doc.scenario());

    QSignalSpy spy(&doc, &ScenarioDocument::estimateChanged);
    const int before = slider->value();
    slider->setFocus();
    QTest::keyClick(slider, Qt::Key_PageUp);  // one page = 1/20 of the log range
    REQUIRE(slider->value() == before + slider->pageStep());
    CHECK(spy.count() == 1);  // one edit, one estimate
    CHECK(doc.scenario().model.params == InputPanel::sliderToParams(slider->value()));
    CHECK(doc.scenario().model.params > 6'738'415'616);
    requireChartMatchesCore(*w.memoryChart(), doc.scenario());

    // Two more ticks of the same drag merge into one undo step; undo restores the scenario exactly.
    QTest::keyClick(slider, Qt::Key_PageUp);
    QTest::keyClick(slider, Qt::Key_PageUp);
    CHECK(doc.undoStack()->count() == 1);
    doc.undoStack()->undo();
    CHECK(doc.scenario() == core::defaultScenario());
    requireChartMatchesCore(*w.memoryChart(), doc.scenario());
    CHECK(slider->value() == before);
}

TEST_CASE("ZeRO stage, data parallelism and GPU controls drive the chart and the banner", "[widgets][slice]")
{
    ScenarioDocument doc(core::defaultScenario());
    PlannerWidget w(&doc);
    auto* zero = w.findChild<QComboBox*>(QStringLiteral("parallel.zero"));
    auto* dp = w.findChild<QSpinBox*>(QStringLiteral("parallel.dp"));
    auto* gpu = w.findChild<QComboBox*>(QStringLiteral("hardware.gpu"));
    REQUIRE(zero);
    REQUIRE(dp);
    REQUIRE(gpu);

    const double before = w.memoryChart()->value(MemoryChart::Weights, 0);
    zero->setCurrentIndex(3);
    emit zero->activated(3);
    CHECK(doc.scenario().parallel.zero == 3);
    CHECK(w.memoryChart()->value(MemoryChart::Weights, 0) < before);  // ZeRO-3 shards the weights
    requireChartMatchesCore(*w.memoryChart(), doc.scenario());

    dp->setValue(64);
    CHECK(doc.scenario().parallel.dp == 64);
    requireChartMatchesCore(*w.memoryChart(), doc.scenario());

    const int rtx = gpu->findData(QStringLiteral("rtx-4090"));
    REQUIRE(rtx >= 0);
    gpu->setCurrentIndex(rtx);
    emit gpu->activated(rtx);
    CHECK(doc.scenario().hardware.preset == "rtx-4090");
    requireChartMatchesCore(*w.memoryChart(), doc.scenario());
    CHECK(w.banner()->headline().contains(core::estimate(doc.scenario()).memory.fits() ? QStringLiteral("Fits")
                                                                                        : QStringLiteral("Does not fit")));
}

TEST_CASE("an edit that changes nothing records nothing", "[widgets][document]")
{
    ScenarioDocument doc(core::defaultScenario());
    QSignalSpy spy(&doc, &ScenarioDocument::estimateChanged);
    doc.edit(QStringLiteral("noop"), [](core::Scenario&) {});
    CHECK(spy.count() == 0);
    CHECK(doc.undoStack()->count() == 0);
    CHECK_FALSE(doc.isModified());
}
