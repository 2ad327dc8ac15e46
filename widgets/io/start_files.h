#pragma once
// The files the window opens with, read on a worker thread within a time limit. The last scenario
// is reopened before the window exists: a file on a network mount that no longer answers blocks
// stat() and read() for minutes, and a hang there is a window that never opens. The reads that do
// not answer in time go on in the background and their results are dropped; the window opens with
// what was read and says which files did not answer.

#include "core/scenario/scenario_io.h"

#include <QString>
#include <QStringList>

#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace ui {

/// How long a start waits for its files, all of them together: a local disk answers in
/// milliseconds, a network share that is up within a second or two.
inline constexpr std::chrono::milliseconds kStartReadLimit { 5000 };

/// Reads one scenario file by its native path (core::loadScenarioFile; a test gives a slow one).
using ScenarioReader = std::function<core::ScenarioResult(const std::string& nativePath)>;

/// What reading one start file gave.
struct StartRead {
    QString path; ///< as given
    std::optional<core::ScenarioResult> result; ///< nullopt: no answer within the limit
};

/// Reads `paths` in order on a worker thread and waits at most `limit` for all of them; the files
/// not read by then come back without a result.
[[nodiscard]] std::vector<StartRead> readStartFiles(
    const QStringList& paths, std::chrono::milliseconds limit, const ScenarioReader& reader);

} // namespace ui
