#pragma once
// A training log's text held against a session's current scenario, as the window's log comparison
// does it from a file (ScenarioSession::requestLogComparison): for tests that write the log's lines.

#include "core/runs/training_log.h"
#include "widgets/session/scenario_session.h"

#include <optional>
#include <string>

namespace ui::test {

/// nullopt and `problem` when the text has no step line or a figure no run of the scenario can show.
inline std::optional<core::ActualComparison> compareLogText(
    const ScenarioSession& session, const std::string& text, core::Problem* problem)
{
    const auto log = core::parseTrainingLog(text, problem);
    if (!log) return std::nullopt;
    return core::compareWithLog(session.scenario(), *log, problem);
}

} // namespace ui::test
