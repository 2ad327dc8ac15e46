// The step estimate is the model's and its range is where measured runs of its kind landed against the
// model, so the range may lie wholly above (or below) the step. The banner and the log comparison then
// say that measured runs ran so many percent slower (or faster) than the model instead of showing a
// step outside its own range without a word; a range around the step keeps its usual line.
#include "core/estimate/estimate.h"
#include "core/runs/training_log.h"
#include "core/scenario/scenario_io.h"
#include "widgets/dialogs/actual_dialog.h"
#include "widgets/session/scenario_session.h"
#include "widgets/text/format.h"
#include "widgets/text/range_text.h"
#include "widgets/verdict_banner.h"

#include <QLocale>
#include <catch2/catch.hpp>

#include <cmath>

using namespace ui;

namespace {

/// The default scenario's estimate with a range of `low` to `high` × its step from 10 runs.
core::Estimate withRange(double low, double high)
{
    core::Estimate e = core::estimate(core::defaultScenario());
    core::EstimateRange r;
    r.low = low;
    r.high = high;
    r.runs = 10;
    r.regimes = { "h100-sxm", "tensor/pipeline (3D)", "bf16/fp16" };
    e.range = r;
    return e;
}

} // namespace

TEST_CASE(
    "a range wholly above the step is said to be measured runs that ran slower than the model", "[widgets][range]")
{
    // The factors the 70B plan on 64 H100 once had: step 68.6 s, range 68.7–81.0 s.
    const core::Estimate e = withRange(1.0014, 1.181);
    const QString details = VerdictBanner::textOf(e, QStringLiteral("H100"), std::nullopt).details;
    CHECK_FALSE(details.contains(QStringLiteral("Range from")));
    CHECK(details.contains(QStringLiteral("Measured runs like this one ran 0–18 % slower than the model estimates")));
    CHECK(details.contains(formatSeconds(e.compute.stepTimeS * 1.0014)));
    CHECK(details.contains(formatSeconds(e.compute.stepTimeS * 1.181)));
    CHECK(RangeText::sideOf(1.0014, 1.181) == RangeText::Side::above);
}

TEST_CASE(
    "a range wholly below the step is said to be measured runs that ran faster than the model", "[widgets][range]")
{
    const QString details = VerdictBanner::textOf(withRange(0.8, 0.95), QStringLiteral("H100"), std::nullopt).details;
    CHECK_FALSE(details.contains(QStringLiteral("Range from")));
    CHECK(details.contains(QStringLiteral("ran 5–20 % faster than the model estimates")));
}

TEST_CASE("a range around the step keeps its range line", "[widgets][range]")
{
    const QString details = VerdictBanner::textOf(withRange(0.9, 1.1), QStringLiteral("H100"), std::nullopt).details;
    CHECK(details.contains(QStringLiteral("Range from 10 measured runs like this one")));
    CHECK_FALSE(details.contains(QStringLiteral("than the model estimates")));
    CHECK(RangeText::againstModel(0.9, 1.1).isEmpty());
    CHECK(RangeText::againstModel(1.0, 1.2).isEmpty()); // the step on the range's edge is inside it
}

TEST_CASE("the log comparison says where a plan's range lies against its step", "[widgets][range][log]")
{
    const core::Scenario s = core::defaultScenario();
    ScenarioSession session(s);
    const double step = core::estimate(s).compute.stepTimeS;
    std::string log;
    for (int i = 1; i <= 4; ++i)
        log += " iteration " + std::to_string(i * 10)
            + "/ 100000 | elapsed time per iteration (ms): " + std::to_string(std::round(step * 1100)) + " |\n";
    const auto parsed = core::parseTrainingLog(log);
    REQUIRE(parsed);
    auto c = core::compareWithLog(s, withRange(1.0014, 1.181), *parsed);
    REQUIRE(c);
    const QString above = ActualDialog(&session, *c).text();
    CHECK_FALSE(above.contains(QStringLiteral("Planned range")));
    CHECK(above.contains(QStringLiteral("Measured runs like this one ran 0–18 % slower than the model estimates")));
    CHECK(above.contains(formatFixed(c->plannedStepTimeS, 2)));
    c = core::compareWithLog(s, withRange(0.9, 1.1), *parsed);
    REQUIRE(c);
    CHECK(ActualDialog(&session, *c).text().contains(QStringLiteral("Planned range")));
}
