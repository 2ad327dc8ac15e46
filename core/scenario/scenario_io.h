#pragma once
// Scenario file format, version 1 (docs/DESIGN.md "Scenario file"): strict reading with messages
// that name the key path, and writing that round-trips.

#include "core/base/file_io.h"
#include "core/scenario/problem.h"
#include "core/scenario/scenario.h"

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

// A scenario file's size and nesting are bounded by kMaxScenarioBytes and kMaxJsonDepth (core/base/file_io.h).

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

/// A file name as a scenario file writes it (hardware.profile): the name itself when it is UTF-8
/// text, else a file URI whose %XX escapes carry its bytes, "file:///home/me/caf%E9/a.tphardware.json"
/// (RFC 8089; RFC 3986 §2.1). A JSON file holds only UTF-8, and a Linux file name is bytes: a
/// profile in a Latin-1 folder made every writer of the scenario abort.
[[nodiscard]] std::string pathToFileText(const std::string& path);
/// The file name a scenario file's text names: a file URI decoded to its bytes, any other text as it
/// is; nullopt for a malformed file URI (not absolute, a bad %-escape, a NUL).
[[nodiscard]] std::optional<std::string> pathFromFileText(std::string_view text);

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
