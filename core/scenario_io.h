#pragma once
// Scenario file format, version 1 (docs/DESIGN.md "Scenario file"): strict reading with messages
// that name the key path, and writing that round-trips.

#include "core/printable.h"
#include "core/problem.h"
#include "core/scenario.h"

#include <optional>
#include <string>
#include <string_view>

namespace core {

/// A problem with an input file or override. `path` is the key path ("parallel.tp"), or empty
/// when the problem is the file as a whole (syntax, size, encoding).
struct ScenarioError {
    std::string path;
    std::string message; ///< English, for the command line and files
    /// The same as a code with numbers (invalid_value where the reader has no code for it), for the
    /// GUI to word in the interface language (widgets/problem_text.cpp).
    Problem problem;

    /// "path: message", printable: the parts taken from input are escaped where they are put in;
    /// this escapes again whatever control character may remain (escaping is idempotent).
    [[nodiscard]] std::string toString() const
    {
        return escapeControls(path.empty() ? message : path + ": " + message);
    }
};

/// Either a scenario or the first error found; nothing is partially applied.
struct ScenarioResult {
    std::optional<Scenario> scenario;
    ScenarioError error;

    [[nodiscard]] bool ok() const { return scenario.has_value(); }
};

/// Limits against hostile files: bounded size and nesting.
inline constexpr std::size_t kMaxScenarioBytes = 1 << 20;
/// A scenario's name in the file, in UTF-8 bytes: about 66 Chinese characters, 200 Latin ones. Fields
/// that edit a name count bytes, not characters (a 200-character limit let 600 bytes through).
inline constexpr std::size_t kMaxNameBytes = 200;
inline constexpr int kMaxJsonDepth = 32;

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
