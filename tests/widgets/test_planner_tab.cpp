// The Planner tab searches in the background, stays responsive, and applies a plan undoably.
#include "charts/plan_scatter_chart.h"
#include "input_panel.h"
#include "planner_tab.h"
#include "planner_widget.h"
#include "scenario_document.h"
#include "scenario_io.h"

#include <catch2/catch.hpp>

#include <QApplication>
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QSlider>

using namespace ui;

TEST_CASE("the planner runs in the background while the user keeps editing", "[widgets][planner]")
{
    ScenarioDocument doc(core::defaultScenario());
    PlannerWidget w(&doc);
    PlannerTab* tab = w.plannerTab();
    auto* slider = w.findChild<QSlider*>(QStringLiteral("modelSize"));
    REQUIRE(slider);
    QSignalSpy finished(tab, &PlannerTab::finished);
    const core::Scenario searched = doc.scenario();
    tab->start();
    // Moving a slider while the search runs must work: the GUI thread is free.
    const int before = slider->value();
    slider->setValue(before + 10);
    CHECK(doc.scenario().model.params == InputPanel::sliderToParams(before + 10));
    QElapsedTimer timer;
    timer.start();
    while (finished.count() == 0 && timer.elapsed() < 60'000) QApplication::processEvents(QEventLoop::AllEvents, 20);
    REQUIRE(finished.count() == 1);
    const auto& r = tab->result();
    REQUIRE_FALSE(r.plans.empty());
    for (const auto& p : r.plans) CHECK(p.estimate.memory.fits());
    CHECK(w.findChild<PlanScatterChart*>()->pointCount() == int(r.points.size()));
    CHECK_FALSE(tab->whyText().isEmpty());

    // Apply a plan that differs from the current split: one undo step restores the scenario exactly.
    int row = 0;
    while (row < int(r.plans.size()) && r.plans[std::size_t(row)].scenario.parallel == doc.scenario().parallel &&
           r.plans[std::size_t(row)].scenario.training.microBatch == doc.scenario().training.microBatch)
        ++row;
    REQUIRE(row < int(r.plans.size()));
    const core::Scenario beforeApply = doc.scenario();
    const int steps = doc.undoStack()->count();
    tab->apply(row);
    CHECK(doc.scenario().parallel == r.plans[std::size_t(row)].scenario.parallel);
    CHECK(doc.undoStack()->count() == steps + 1);
    doc.undoStack()->undo();
    CHECK(doc.scenario() == beforeApply);
    (void)searched;
}
