// A scenario that does not fit: the banner offers the changes that make it fit, and one click applies one.
#include "core/scenario/presets.h"
#include "core/scenario/scenario_edit.h"
#include "core/scenario/scenario_io.h"
#include "widgets/main_view.h"
#include "widgets/session/scenario_document.h"
#include "widgets/session/scenario_session.h"
#include "widgets/verdict_banner.h"

#include <QLabel>
#include <QUndoStack>
#include <catch2/catch.hpp>

TEST_CASE(
    "the banner of a scenario that does not fit offers one-click changes that make it fit", "[widgets][suggest][fit]")
{
    core::Scenario s = core::defaultScenario();
    s.model = core::presetModel(*core::findModelPreset("llama-2-13b"));
    s.hardware = core::withGpuPreset(s.hardware, *core::findGpuPreset("a100-40gb"));
    s.parallel.zero = 3;
    s.parallel.recompute = core::Recompute::none;
    ui::ScenarioSession session(s);
    REQUIRE_FALSE(session.results().estimate.memory.fits());
    ui::MainView view(&session);
    auto* label = view.banner()->findChild<QLabel*>(QStringLiteral("verdictWarnings"));
    REQUIRE(label);
    CHECK(label->isVisibleTo(&view));
    const QString text = view.banner()->warningsText();
    CHECK(text.contains(QStringLiteral("Make it fit")));
    CHECK_FALSE(text.contains(QStringLiteral("parallel."))); // the form's words, not file keys
    // The first link is the fastest way to fit: applying it makes the scenario fit, as one undo step.
    int first = -1;
    const auto& offered = view.banner()->suggestions();
    for (std::size_t i = 0; i < offered.size() && first < 0; ++i)
        if (offered[i].code == core::ProblemCode::does_not_fit) first = int(i);
    REQUIRE(first >= 0);
    emit label->linkActivated(QStringLiteral("fix:%1").arg(first));
    CHECK(session.results().estimate.memory.fits());
    session.document()->undoStack()->undo();
    CHECK_FALSE(session.results().estimate.memory.fits());
}
