#pragma once
// Scenario file format, version 1 (docs/DESIGN.md "Scenario file"): strict reading with messages
// that name the key path, and writing that round-trips.

#include "core/file_io.h"
#include "core/problem.h"
#include "core/scenario.h"

#include <optional>
#include <string>
#include <string_view>

namespace core {

/// Either a scenario or the first error found; nothing is partially applied.
struct ScenarioResult {
    std::optional<Scenario> scenario;
    ScenarioError error;

    [[nodiscard]] bool ok() const { return scenario.has_value(); }
};

// A scenario file's size and nesting are bounded by kMaxScenarioBytes and kMaxJsonDepth (core/file_io.h).

/// A scenario's name in the file, in UTF-8 bytes: about 66 Chinese characters, 200 Latin ones. Fields
/// that edit a name count bytes, not characters (a 200-character limit let 600 bytes through).
inline constexpr std::size_t kMaxNameBytes = 200;

[[nodiscard]] ScenarioResult parseScenario(std::string_view text);
[[nodiscard]] ScenarioResult loadScenarioFile(const std::string& filePath);
/// Pretty-printed JSON (two-space indent, trailing newline); parseScenario() reads it back equal.
[[nodiscard]] std::string scenarioToJson(const Scenario& scenario);
/// The file keys of a preset GPU's fields that `hardware` changed ("memory_gib", "inter_node_gbps",
/// …: written next to the preset's name); empty without a preset or changes.
[[nodiscard]] std::vector<std::string> presetOverrides(const Hardware& hardware);

/// Applies `key.path=value` (the CLI's --set) with the same validation as a file: the value is
/// read as JSON when it parses as JSON, otherwise as a string. The scenario is left untouched on error.
[[nodiscard]] std::optional<ScenarioError> applyOverride(Scenario& scenario, std::string_view assignment);

/// Checks an edited scenario with exactly the rules a file must pass (the GUI's edits go through
/// this, so the screen can never hold a scenario that could not be saved and read back): the verdict
/// and the message of reading back what scenarioToJson() writes, found without writing it.
[[nodiscard]] std::optional<ScenarioError> validateScenario(const Scenario& scenario);

/// The bundled default: Llama-2-7B pre-training on 8 × A100 80GB (resources/scenarios).
[[nodiscard]] Scenario defaultScenario();

} // namespace core
