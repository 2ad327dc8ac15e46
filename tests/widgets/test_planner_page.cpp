// The Planner tab searches in the background, stays responsive, and applies a plan undoably.
#include "core/scenario/presets.h"
#include "core/scenario/scenario_io.h"
#include "core/search/planner.h"
#include "tests/widgets/example_scenario.h"
#include "tests/widgets/settle.h"
#include "widgets/charts/plan_scatter_chart.h"
#include "widgets/inputs/input_panel.h"
#include "widgets/main_view.h"
#include "widgets/pages/cost_planner_panel.h"
#include "widgets/pages/plan_constraints_bar.h"
#include "widgets/pages/planner_page.h"
#include "widgets/session/held_search.h"
#include "widgets/session/scenario_document.h"
#include "widgets/session/scenario_session.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableWidget>
#include <QToolButton>
#include <catch2/catch.hpp>

using namespace ui;
using ui::test::example;
using ui::test::settle;
using ui::test::waitUntil;

namespace {

/// Waits (processing events) until the tab's search finishes.
bool waitForSearch(PlannerPage* tab, QSignalSpy& finished)
{
    QElapsedTimer timer;
    timer.start();
    while (finished.count() == 0 && timer.elapsed() < 60'000)
        QApplication::processEvents(QEventLoop::AllEvents, 20);
    return finished.count() == 1 && !tab->isRunning();
}

} // namespace

TEST_CASE("the planner runs in the background while the user keeps editing, and the edit wins", "[widgets][planner]")
{
    ScenarioSession session(core::defaultScenario());
    ScenarioDocument& doc = *session.document();
    MainView w(&session);
    PlannerPage* tab = w.viewOn<ui::PlannerPage>("planner");
    auto* slider = w.findChild<QSlider*>(QStringLiteral("modelSize"));
    REQUIRE(slider);
    QSignalSpy finished(tab, &PlannerPage::finished);
    tab->start();
    // Moving a slider while the search runs must work: the GUI thread is free.
    const int before = slider->value();
    slider->setValue(before + 10);
    CHECK(doc.scenario().model.params == InputPanel::sliderToParams(before + 10));
    REQUIRE(waitForSearch(tab, finished));
    // The search was for the model before the edit: it stops, and none of its plans can be applied to
    // the model now loaded (Apply would copy the old plan's split onto it).
    CHECK_FALSE(tab->isCurrent());
    CHECK_FALSE(w.findChild<QPushButton*>(QStringLiteral("planApply"))->isEnabled());
    const core::Scenario edited = doc.scenario();
    const int steps = doc.undoStack()->count();
    for (int row = 0; row < int(tab->result().plans.size()); ++row)
        tab->apply(row);
    CHECK(doc.scenario() == edited);
    CHECK(doc.undoStack()->count() == steps);
}

TEST_CASE("the layout search keeps a memory margin from the start", "[widgets][planner]")
{
    // Without one, a plan at 99 % of each GPU's memory ranked first by a fraction of a percent.
    ScenarioSession session(example("article-large-7b-64gpu.tpscenario.json"));
    MainView w(&session);
    PlannerPage* tab = w.viewOn<ui::PlannerPage>("planner");
    const auto* keepFree = w.findChild<QSpinBox*>(QStringLiteral("planKeepFree"));
    REQUIRE(keepFree);
    CHECK(keepFree->value() == PlannerPage::kDefaultKeepFreePercent);
    CHECK(keepFree->toolTip().contains(QStringLiteral("5 % by default")));
    QSignalSpy finished(tab, &PlannerPage::finished);
    tab->start();
    REQUIRE(waitForSearch(tab, finished));
    REQUIRE_FALSE(tab->result().plans.empty());
    for (const core::Plan& plan : tab->result().plans)
        CHECK(plan.estimate.memory.total() <= 0.95 * plan.estimate.memory.capacity * (1 + 1e-9));
}

TEST_CASE("a plan applies, undoably, to the scenario it was searched for and to no other", "[widgets][planner]")
{
    ScenarioSession session(core::defaultScenario());
    ScenarioDocument& doc = *session.document();
    MainView w(&session);
    PlannerPage* tab = w.viewOn<ui::PlannerPage>("planner");
    QSignalSpy finished(tab, &PlannerPage::finished);
    tab->start();
    REQUIRE(waitForSearch(tab, finished));
    REQUIRE(tab->isCurrent());
    const auto& r = tab->result();
    REQUIRE_FALSE(r.plans.empty());
    for (const auto& p : r.plans)
        CHECK(p.estimate.memory.fits());
    CHECK(w.findChild<PlanScatterChart*>()->pointCount() == int(r.points.size()));
    CHECK_FALSE(tab->whyText().isEmpty());

    // Apply a plan that differs from the current split: one undo step restores the scenario exactly.
    int row = 0;
    while (row < int(r.plans.size()) && r.plans[std::size_t(row)].scenario.parallel == doc.scenario().parallel
        && r.plans[std::size_t(row)].scenario.training.microBatch == doc.scenario().training.microBatch)
        ++row;
    REQUIRE(row < int(r.plans.size()));
    const core::Scenario beforeApply = doc.scenario();
    const int steps = doc.undoStack()->count();
    tab->apply(row);
    CHECK(doc.scenario().parallel == r.plans[std::size_t(row)].scenario.parallel);
    CHECK(doc.undoStack()->count() == steps + 1);
    CHECK(tab->isCurrent()); // applying a plan changes only what plans set
    doc.undoStack()->undo();
    CHECK(doc.scenario() == beforeApply);

    // Another model: the plans are stale and Apply does nothing.
    doc.edit(QStringLiteral("model"),
        [](core::Scenario& s) { s.model = core::presetModel(*core::findModelPreset("llama-3-70b")); });
    CHECK_FALSE(tab->isCurrent());
    const core::Scenario other = doc.scenario();
    tab->apply(row);
    CHECK(doc.scenario() == other);
}

TEST_CASE("a plan's launch settings are copied from next to Apply, or what cannot be expressed is said",
    "[widgets][planner][launch]")
{
    ScenarioSession session(core::defaultScenario());
    MainView w(&session);
    PlannerPage* tab = w.viewOn<ui::PlannerPage>("planner");
    auto* launch = w.findChild<QToolButton*>(QStringLiteral("planLaunch"));
    REQUIRE(launch);
    CHECK_FALSE(launch->isEnabled()); // nothing searched yet
    QSignalSpy finished(tab, &PlannerPage::finished);
    tab->start();
    REQUIRE(waitForSearch(tab, finished));
    REQUIRE_FALSE(tab->result().plans.empty());
    CHECK(launch->isEnabled());
    // The menu offers the three frameworks; Megatron-LM's arguments reach the clipboard with the plan's split.
    REQUIRE(launch->menu()->actions().size() == 3);
    QApplication::clipboard()->clear();
    auto* megatron = launch->menu()->findChild<QAction*>(QStringLiteral("launch-megatron"));
    REQUIRE(megatron);
    megatron->trigger();
    const core::Scenario& best = tab->result().plans.front().scenario;
    const QString copied = QApplication::clipboard()->text();
    CHECK(copied.contains(QStringLiteral("\n--tensor-model-parallel-size %1\n").arg(best.parallel.tp)));
    CHECK(copied.contains(QStringLiteral("\n--micro-batch-size %1\n").arg(best.training.microBatch)));
    CHECK(tab->launchNote().contains(QStringLiteral("plan 1")));

    // A plan DeepSpeed's JSON cannot express (tensor or pipeline parallel) is not copied: the note says why.
    int split = -1;
    for (int row = 0; row < int(tab->result().plans.size()); ++row) {
        const auto& p = tab->result().plans[std::size_t(row)].scenario.parallel;
        if (p.tp > 1 || p.pp > 1 || p.cp > 1) {
            split = row;
            break;
        }
    }
    REQUIRE(split >= 0);
    QApplication::clipboard()->setText(QStringLiteral("unchanged"));
    tab->copyLaunchSettings(split, core::Framework::deepspeed);
    CHECK(QApplication::clipboard()->text() == QStringLiteral("unchanged"));
    CHECK(tab->launchNote().contains(QStringLiteral("DeepSpeed")));
    CHECK(tab->launchNote().contains(QStringLiteral("cannot be expressed")));
}

TEST_CASE(
    "Planner → GPU types and prices: the cheapest run by a deadline, applied in one step", "[widgets][planner][prices]")
{
    core::Scenario start = core::defaultScenario();
    start.training.tokens = 2e10;
    ScenarioSession session(start);
    ScenarioDocument& doc = *session.document();
    MainView w(&session);
    CostPlannerPanel* panel = w.viewOn<ui::PlannerPage>("planner")->costPlanner();
    REQUIRE(panel);
    CHECK(w.viewOn<ui::PlannerPage>("planner")->searches()->count() == 2);
    CHECK(panel->tableText().contains(QStringLiteral("No price table")));
    // A deadline is set from the start: without one a spot run of most of a year ranks first.
    const auto* deadline = panel->findChild<QDoubleSpinBox*>(QStringLiteral("costDeadline"));
    REQUIRE(deadline);
    CHECK(deadline->value() == CostPlannerPanel::kDefaultDeadlineDays);
    CHECK(deadline->toolTip().contains(QStringLiteral("90 days")));
    REQUIRE(panel->useExampleTable());
    CHECK(panel->tableText().contains(QStringLiteral("2026-03")));
    panel->setMaxGpus(64);
    panel->setDeadlineDays(30);
    QSignalSpy finished(panel, &CostPlannerPanel::finished);
    panel->start();
    QElapsedTimer timer;
    timer.start();
    while (finished.count() == 0 && timer.elapsed() < 60'000)
        QApplication::processEvents(QEventLoop::AllEvents, 20);
    REQUIRE(finished.count() == 1);
    REQUIRE_FALSE(panel->result().plans.empty());
    // Offers of one GPU, pricing and price give one plan: one row names all their providers.
    QTableWidget* table = panel->resultsTable();
    CHECK(table->rowCount() <= int(panel->result().plans.size()));
    QStringList providers;
    for (int r = 0; r < table->rowCount(); ++r)
        providers << table->item(r, table->columnCount() - 1)->text();
    for (const auto& plan : panel->result().plans)
        CHECK(providers.join(QLatin1Char('|')).contains(QString::fromStdString(plan.provider)));
    for (int r = 1; r < table->rowCount(); ++r) { // no two rows alike
        bool same = true;
        for (int c = 0; c + 1 < table->columnCount(); ++c)
            same &= table->item(r, c)->text() == table->item(r - 1, c)->text();
        CHECK_FALSE(same);
    }
    // Cheapest first, each finishing within the deadline.
    for (const auto& plan : panel->result().plans)
        CHECK(plan.estimate.training.timeS <= 30 * 86400.0);
    const core::CostPlan best = panel->result().plans.front();
    const int steps = doc.undoStack()->count();
    panel->apply(0);
    CHECK(doc.undoStack()->count() == steps + 1);
    CHECK(doc.scenario().hardware.preset == best.scenario.hardware.preset);
    CHECK(doc.scenario().cost.gpuHourUsd == best.priceUsd);
    CHECK(doc.scenario().cost.pricing == best.pricing);
    CHECK(doc.scenario().parallel == best.scenario.parallel);
    CHECK_FALSE(panel->isStale()); // applying a row changes only what rows set
    // Another model: the search is stale and its rows cannot be applied to it.
    doc.edit(QStringLiteral("test"), [](core::Scenario& s) { s.training.seqLen = 2048; });
    CHECK(panel->isStale());
    const core::Scenario edited = doc.scenario();
    panel->apply(0);
    CHECK(doc.scenario() == edited);
    // A broken table is refused and said.
    CHECK_FALSE(panel->openPriceTable(QStringLiteral("/nonexistent.tpprices.json")));
    CHECK(panel->tableText().contains(QStringLiteral("not read")));
}

TEST_CASE(
    "the planner keeps what the user pins and says every setting its plan changes", "[widgets][planner][constraints]")
{
    // The winner keeps pinned ZeRO-3 and full recomputation, and "why it wins" names the context
    // parallelism it picks.
    ScenarioSession session(core::defaultScenario());
    ScenarioDocument& doc = *session.document();
    doc.edit(QStringLiteral("test"), [](core::Scenario& s) {
        s.parallel.zero = 3;
        s.parallel.recompute = core::Recompute::full;
    });
    MainView w(&session);
    PlannerPage* tab = w.viewOn<ui::PlannerPage>("planner");
    auto* gpus = tab->findChild<QSpinBox*>(QStringLiteral("planGpus"));
    REQUIRE(gpus);
    gpus->setValue(64);
    // The user's way: each knob's menu, "Only the current".
    for (const char* key : { "parallel.zero", "parallel.recompute" }) {
        auto* button = tab->findChild<QToolButton*>(QStringLiteral("planPin.") + QString::fromLatin1(key));
        REQUIRE(button);
        emit button->menu()->aboutToShow();
        const auto actions = button->menu()->actions();
        REQUIRE(actions.size() > 2);
        actions[1]->trigger(); // "Only the current: …"
        CHECK(button->font().bold());
    }
    QSignalSpy finished(tab, &PlannerPage::finished);
    tab->start();
    REQUIRE(waitForSearch(tab, finished));
    const auto& plans = tab->result().plans;
    REQUIRE_FALSE(plans.empty());
    for (const auto& p : plans) {
        CHECK(p.scenario.parallel.zero == 3);
        CHECK(p.scenario.parallel.recompute == core::Recompute::full);
    }
    CHECK(tab->result().excluded > 0);
    // "Why" names every knob the best plan changes: here DP (8 → the 64 GPUs' replicas) at least,
    // and nothing that it keeps.
    const QString why = tab->whyText();
    const auto& best = plans.front().scenario;
    CHECK(why.contains(QStringLiteral("DP 8 → %1").arg(best.parallel.dp)));
    CHECK_FALSE(why.contains(QStringLiteral("ZeRO 3 →")));
    if (best.parallel.cp != 1) CHECK(why.contains(QStringLiteral("CP 1 → %1").arg(best.parallel.cp)));
    for (const core::Knob knob : core::differingKnobs(doc.scenario(), best))
        CHECK(why.contains(PlanConstraintsBar::knobName(knob) + QLatin1Char(' ')));
    CHECK_FALSE(why.contains(QStringLiteral(".."))); // "up-proj." ends a sentence once

    // A set: TP limited to 2 and 4; CP pinned to 8, which the free search would not have chosen alone.
    tab->constraints()->setAllowed(core::Knob::tp, { 2, 4 });
    tab->constraints()->setAllowed(core::Knob::cp, { 8 });
    QSignalSpy again(tab, &PlannerPage::finished);
    tab->start();
    REQUIRE(waitForSearch(tab, again));
    REQUIRE_FALSE(tab->result().plans.empty());
    for (const auto& p : tab->result().plans) {
        CHECK((p.scenario.parallel.tp == 2 || p.scenario.parallel.tp == 4));
        CHECK(p.scenario.parallel.cp == 8);
    }
    CHECK(tab->whyText().contains(QStringLiteral("CP 1 → 8")));
}

TEST_CASE("a search past its limit is refused before it starts, and the page says what to narrow",
    "[widgets][planner][bounded]")
{
    const auto heavy = core::loadScenarioFile(
        std::string(TP_SOURCE_DIR) + "/tests/hostile/round2/plan-search-heavy.tpscenario.json");
    REQUIRE(heavy.ok());
    ScenarioSession session(*heavy.scenario);
    MainView w(&session);

    // Prices: one H100 offer, every power of two up to 524,288 GPUs — 3.6 million configurations.
    CostPlannerPanel* panel = w.viewOn<ui::PlannerPage>("planner")->costPlanner();
    REQUIRE(panel->useExampleTable());
    panel->findChild<QLineEdit*>(QStringLiteral("costGpuTypes"))->setText(QStringLiteral("h100-sxm"));
    panel->setMaxGpus(524'288);
    QSignalSpy finished(panel, &CostPlannerPanel::finished);
    QElapsedTimer timer;
    timer.start();
    panel->start();
    REQUIRE(waitUntil([&] { return finished.count() == 1; }, 60'000));
    CHECK(timer.elapsed() < 10'000); // counted, not searched
    REQUIRE(panel->result().refused());
    CHECK(panel->result().plans.empty());
    CHECK(panel->summaryText().contains(QStringLiteral("limit")));
    CHECK(panel->summaryText().contains(QStringLiteral("fewer GPUs")));

    // Layouts: the planner's own refusal (a search of 25 million configurations), as the search delivers it.
    const auto interleaved = core::loadScenarioFile(
        std::string(TP_SOURCE_DIR) + "/tests/hostile/round2/plan-search-heavy-interleaved.tpscenario.json");
    REQUIRE(interleaved.ok());
    core::PlanOptions options;
    options.gpus = 4096;
    std::string chunks = "parallel.virtual_stages=1";
    for (int v = 2; v <= 64; ++v) {
        chunks += ','; // appended apart: GCC 12 misreads "," + string as an overlapping copy (GCC bug 105329)
        chunks += std::to_string(v);
    }
    for (const std::string& pin :
        { std::string("training.micro_batch=1,2,4,8,16,32,64,128,256,512,1024,2048,4096,8192,16384,32768,65536"),
            chunks, std::string("parallel.recompute=none,selective,selective_op,norms_up_proj,full") })
        REQUIRE_FALSE(core::addConstraint(options.constraints, *interleaved.scenario, pin));
    const core::PlanResult refused = core::plan(*interleaved.scenario, options);
    REQUIRE(refused.refused());
    emit session.planReady(session.revision(), refused);
    settle();
    const QString summary
        = w.viewOn<ui::PlannerPage>("planner")->findChild<QLabel*>(QStringLiteral("planSummary"))->text();
    CHECK(summary.contains(QStringLiteral("limit")));
    CHECK(summary.contains(QStringLiteral("26,714,480")));
}

TEST_CASE("a held search takes its own result or one for the current scenario and goes stale on other edits",
    "[widgets][planner]")
{
    const core::Scenario searched = core::defaultScenario();
    HeldSearch search(core::samePlanInputs);
    CHECK_FALSE(search.appliesTo(searched)); // nothing searched yet
    search.start(searched, 7);
    CHECK(search.takes(7, searched, 7));
    CHECK(search.takes(7, searched, 9)); // its own result, though the scenario moved on since
    CHECK_FALSE(search.takes(6, searched, 9)); // an older request's

    core::Scenario applied = searched;
    applied.parallel.tp = 2;
    applied.parallel.dp = 4;
    applied.training.microBatch = 2;
    CHECK_FALSE(search.becomesStale(applied)); // a plan's settings: the search still holds
    CHECK(search.appliesTo(applied));

    core::Scenario edited = applied;
    edited.training.seqLen *= 2;
    CHECK(search.becomesStale(edited));
    CHECK_FALSE(search.becomesStale(edited)); // once
    CHECK(search.isStale());
    CHECK_FALSE(search.appliesTo(applied)); // stale until the next search, even back at a plan's scenario

    // A result the page did not ask for, made for the current scenario, becomes the search held.
    HeldSearch other(core::samePlanInputs);
    CHECK(other.takes(12, edited, 12));
    CHECK(other.appliesTo(edited));
    CHECK_FALSE(other.takes(11, edited, 12));
}

TEST_CASE("the planner searches the scenario's GPU count after it changes", "[widgets][planner]")
{
    ScenarioSession session(core::defaultScenario()); // 8 GPUs
    PlannerPage page(&session);
    auto* gpus = page.findChild<QSpinBox*>(QStringLiteral("planGpus"));
    REQUIRE(gpus);
    CHECK(gpus->value() == 8);
    session.document()->edit(QStringLiteral("64 GPUs"), [](core::Scenario& s) { core::setGpuCount(s, 64); });
    CHECK(gpus->value() == 64);
    gpus->setValue(16); // a count typed here stays while the scenario's does not change
    session.document()->edit(QStringLiteral("longer"), [](core::Scenario& s) { s.training.seqLen *= 2; });
    CHECK(gpus->value() == 16);
    session.document()->edit(QStringLiteral("32 GPUs"), [](core::Scenario& s) { core::setGpuCount(s, 32); });
    CHECK(gpus->value() == 32);
}
