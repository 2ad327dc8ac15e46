// What the commands of trainplanner-cli share: the exit codes, the one-line messages, reading FILE
// and writing the outputs under the rule that nothing a user owns is replaced unasked.
// Exit codes: 0 done; 2 bad input or usage (message on stderr, nothing on stdout); 3 an output
// could not be written.
#pragma once

#include "core/base/file_io.h"
#include "core/scenario/scenario.h"
#include "core/scenario/scenario_fields.h"
#include "core/scenario/scenario_io.h"

#include <CLI/CLI.hpp>

#include <optional>
#include <string>
#include <vector>

namespace cli {

constexpr int kBadInput = 2;
constexpr int kCannotWrite = 3;

/// One line on stderr, "trainplanner-cli: " and the message with its control characters escaped.
void report(const std::string& message);

/// Writes the whole text to stdout, or reports that it could not.
int emit(const std::string& text);

/// FILE as the commands take it: "-" is the bundled default scenario (README), /dev/stdin reads a
/// scenario from standard input (bounded like any file), anything else is a file.
core::ScenarioResult loadScenarioArgument(const std::string& file);

/// Loads FILE and applies --set overrides; reports the first problem and gives nothing.
std::optional<core::Scenario> loadWithOverrides(const std::string& file, const std::vector<std::string>& overrides);

/// Whether -o OUTPUT names standard output ("-", /dev/stdout, /proc/self/fd/1).
bool toStandardOutput(const std::string& output);

/// Writes a command's output files as one set (all or none); the exit code, the message on stderr.
int writeOutputs(const std::vector<core::FileToWrite>& files, const std::vector<core::InputFile>& inputs, bool force);

/// A CLI11 check of a number against its limits, worded like the scenario's messages.
CLI::Validator limited(core::Field limit);

} // namespace cli
