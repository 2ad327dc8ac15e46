#pragma once
// What the form shows of each key of core's field table (scenario_fields.h): its label, tooltip,
// undo text and choice texts, and how a number is shown — the only translatable table of the
// inputs. Kind, range, choices, edit rules and when a key applies come from core.

#include <QString>

#include <optional>
#include <string_view>
#include <utility>
#include <vector>

namespace core {
struct Field;
struct Scenario;
} // namespace core

namespace ui {

struct FieldText {
    const char* path; ///< core::Field::path
    const char* label; ///< texts in context "ui::InputPanel" (QT_TRANSLATE_NOOP)
    const char* undo;
    const char* tip = nullptr; ///< what it is: the first part of the help (fieldHelp)
    const char* unitName = nullptr; ///< the unit in words ("GB/s", "sequences"); none for a plain count
    const char* source = nullptr; ///< where the default comes from; else the section's (fieldHelp)
    /// A choice's texts with their values (the choice's index); for an integer key, a short list to
    /// pick from instead of a spin box (ZeRO's stages).
    std::vector<std::pair<const char*, int>> items {};
    int decimals = 1; ///< numbers
    double unit = 1; ///< file units per shown unit (tokens shown in billions: 1e9)
    double step = 0; ///< single step of a number (0: one unit)
    const char* prefix = nullptr; ///< units around a number ("$ ", " B"), not translated
    const char* suffix = nullptr;
    /// Integers: the value shown where the key does not apply lies below its minimum (top-k 0 for a
    /// dense model).
    std::optional<int> floor {};
    /// A GPU figure's word in a list ("memory", "NVLink"): the panel's "Changed from the preset: …".
    const char* listName = nullptr;
};

/// The texts of `path`, or nullptr for a key the form does not show.
[[nodiscard]] const FieldText* fieldText(std::string_view path);

/// The help on a field (its tooltip and What's This), in the interface language: its name and
/// what it is, its unit and range, the default scenario's value and where that comes from, and the
/// file key that --set and scenario files use.
[[nodiscard]] QString fieldHelp(const core::Field& field, const FieldText& text);

/// `path`'s name as the form's label gives it ("Gradients", "Tensor parallel (TP)"), in the interface
/// language, without mnemonic or colon: for sentences that name a setting. Empty for a key the form
/// does not show.
[[nodiscard]] QString fieldName(std::string_view path);

/// `path`'s value in `scenario` as the form shows it (a choice's text, a number in shown units), in
/// the interface language: the report's key inputs say what the form says.
[[nodiscard]] QString fieldValueText(std::string_view path, const core::Scenario& scenario);

} // namespace ui
