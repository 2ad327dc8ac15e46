#pragma once
// JSON documents as every file and output of the tool writes them: two-space indent, a final
// newline, and never an exception. nlohmann's dump() throws (type_error 316) on a string that is
// not UTF-8, and nothing above it catches that: `plan --format json` of a scenario in a Latin-1
// folder aborted the program. Text is UTF-8 by construction (checked where it enters: --set values,
// file names written as file URIs); here a byte that still is not is written as U+FFFD.

#include <nlohmann/json.hpp>

#include <string>

namespace core {

[[nodiscard]] std::string jsonText(const nlohmann::json& doc);
[[nodiscard]] std::string jsonText(const nlohmann::ordered_json& doc);

} // namespace core
