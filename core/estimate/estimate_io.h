#pragma once
// Estimate file format, version 1 (docs/DESIGN.md "Estimate"): bytes, FLOPs and seconds in base units.

#include "core/estimate/estimate.h"

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>

namespace core {

/// Magnitudes from which csvNumber() and fixedNumber() write an exponent ("5.243e+305") instead of
/// plain digits: 10^21, beyond any quantity of a plan (10^15 parameters, 10^7 GPUs, costs), where
/// plain digits would run to 300 characters for the largest doubles.
inline constexpr double kPlainDigitsBelow = 1e21;

/// A number in the "C" locale, shortest text that reads back equal (for CSV); an unbounded value
/// in words (nonFiniteWord), never "inf" or "nan". An exponent from kPlainDigitsBelow
/// and below 10^-9.
[[nodiscard]] std::string csvNumber(double value);
/// A text cell of a CSV file (RFC 4180): quoted when it holds a comma, a quote or a line break, and
/// one that a spreadsheet would take for a formula — starting with = + - @, a tab or a carriage
/// return (OWASP, "CSV Injection") — starts with ' instead, as spreadsheet programs expect. Bytes that
/// are not UTF-8 are written as U+FFFD. For names and other text from input; numbers use csvNumber().
[[nodiscard]] std::string csvText(std::string_view text);
/// `v` with `decimals` decimals (at most 17) in the "C" locale (text tables, comments of launch
/// files); from kPlainDigitsBelow, four significant digits and an exponent ("1.000e+300"); the word
/// for an unbounded figure (nonFiniteWord). Never cut: the whole number, whatever its size.
[[nodiscard]] std::string fixedNumber(double v, int decimals);
/// "infinite", "-infinite" or "undefined" (NaN): how every output says that a figure is unbounded.
[[nodiscard]] std::string nonFiniteWord(double value);
/// Replaces every non-finite number in a JSON document by its word (nlohmann would write null).
void wordsForNonFinite(nlohmann::ordered_json& document);

/// JSON text, two-space indent. Sections that are not computed yet are absent, never zero-filled.
[[nodiscard]] std::string estimateToJson(const Estimate& estimate);
/// CSV, "C" locale, one row per quantity: section,quantity,value,unit.
[[nodiscard]] std::string estimateToCsv(const Estimate& estimate);
/// The per-stage memory table: one row per pipeline stage, bytes ("C" locale).
[[nodiscard]] std::string memoryStagesCsv(const Estimate& estimate);
/// The collectives table: one row per collective, base units ("C" locale).
[[nodiscard]] std::string collectivesCsv(const Estimate& estimate);

/// A readable table with units (GB = 10^9 bytes, GiB = 2^30 bytes).
[[nodiscard]] std::string estimateToText(const Scenario& scenario, const Estimate& estimate);

} // namespace core
