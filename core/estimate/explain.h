#pragma once
// Every figure explains itself: for each quantity of an estimate, the formula, the
// formula with this scenario's numbers in it, and the source. The texts are notation and
// citations, not sentences: widgets add the translated name of the quantity.

#include "core/estimate/estimate.h"

#include <string>
#include <vector>

/// A formula core writes, marked for translation where it is written: the macro is the English text
/// itself (core stays free of Qt), and lupdate reads it as QT_TRANSLATE_NOOP(context, text) through
/// `-tr-function-alias QT_TRANSLATE_NOOP+=TP_NOTE` (CMakeLists.txt). The GUI looks the text up in
/// kFormulaContext (widgets/text/explain_text.cpp), so a formula's notation is written once.
#define TP_NOTE(context, text) text

namespace core {

/// The translation context of the formulas marked TP_NOTE in core/estimate/explain.cpp.
inline constexpr const char* kFormulaContext = "core::Explain";

struct Explanation {
    std::string key; ///< estimate key path, e.g. "memory.weights", "communication.dp"
    std::string formula; ///< e.g. "Ψ_stage × bytes(weights) ÷ shard"
    std::string substituted; ///< e.g. "6.74e9 × 2 B ÷ 1 = 13.5 GB"
    std::string source; ///< paper + equation/table, or "scenario setting"
};

[[nodiscard]] std::vector<Explanation> explain(const Scenario& scenario, const Estimate& estimate);
[[nodiscard]] const Explanation* findExplanation(const std::vector<Explanation>& all, std::string_view key);

} // namespace core
