#pragma once
// Numbers as the user reads them: value + unit, in the current locale, translated units.

#include "core/estimate/estimate.h"
#include "core/scenario/dimensions.h"

#include <QString>
#include <QStringList>

namespace ui {

enum class ByteUnit { GB, GiB }; ///< GB = 10^9 bytes, GiB = 2^30 bytes

/// The unit every memory figure is shown in — charts, tables, tooltips, the banner, the report —
/// set in one place, so that no view shows another. One per process, like QLocale's default:
/// ScenarioSession::setByteUnit() sets it (from the View menu and the saved settings) and
/// re-delivers the results, so every view redraws in it. Inputs keep the file's units (memory_gib
/// is GiB whatever is shown).
void setDisplayByteUnit(ByteUnit unit);
[[nodiscard]] ByteUnit displayByteUnit();

/// Bytes in the display unit.
[[nodiscard]] double bytesIn(double bytes);
/// "GiB" or "GB" (translated), the display unit's name.
[[nodiscard]] QString unitName();
/// "12.55 GB", in the display unit.
[[nodiscard]] QString formatBytes(double bytes, int decimals = 2);
/// A size in the display unit with the decimals its magnitude needs: "170 GiB", "3.4 GiB", "0.25 GiB",
/// and "< 0.01 GiB" for what would print as zero (a checkpoint of "0 GiB" reads as nothing).
[[nodiscard]] QString formatBytesRounded(double bytes);
/// A GPU's memory as the form and the datasheet give it, no rounding away its decimals: "80 GiB",
/// "79.65 GiB" (H100 as nvidia-smi reports it, not "80"), "23.99 GiB".
[[nodiscard]] QString formatCapacity(double bytes);
/// "0.85 s", "12.3 s", "1,349 s" — seconds with a sensible number of digits.
[[nodiscard]] QString formatSeconds(double seconds);
/// "weights", "activations", … (translated, lower case, for sentences).
[[nodiscard]] QString memoryTermName(core::MemoryTerm term);
/// "none", "selective", "full", "op-level", "norms, up-proj." (translated): short, for table cells
/// and heatmap columns.
[[nodiscard]] QString recomputeName(core::Recompute recompute);
/// A parallel dimension's label, "TP" (the same in every language).
[[nodiscard]] QString dimensionLabel(const core::Dimension& dimension);
/// Which degrees a layout's text names (layoutDegrees).
enum class Degrees { all, aboveOne };
/// A layout's degrees in core's dimension order, "TP 8 · PP 4 · DP 16" joined by `separator`: every
/// degree, or those above one and DP always (the replicas: the text is never empty).
[[nodiscard]] QString layoutDegrees(const core::Parallel& parallel, Degrees which, const QString& separator);
/// "6.74 B", "124 M" — parameter counts with a short scale word.
[[nodiscard]] QString formatCount(double count);
/// A large count in words, as a sentence says it: "2 trillion", "300 billion", "15 million" in
/// English; in Chinese by its own steps of 10^4, "2 万亿", "3,000 亿", "1,500 万" (a Chinese reader
/// does not count in thousands). Four significant digits at most; below the first step, the whole number.
[[nodiscard]] QString formatLargeNumber(double count);
/// `value` with `digits` significant digits in plain decimals (1,234 and 0.00123, never 1.23e+03),
/// in the current locale; "∞" for a run that never finishes; from 10^15 on "5.24 × 10³⁰⁵" (a bogus
/// log figure must not print as 301 digits).
[[nodiscard]] QString formatSignificant(double value, int digits);
/// A number in the current locale with fixed decimals; "∞" for a run that never finishes; from 10^15
/// on as formatSignificant().
[[nodiscard]] QString formatFixed(double value, int decimals);
/// "8.0 %" in English, "8.0%" in Chinese (a Chinese text writes the sign against the number, as the
/// banner does): a percentage already formatted, `number`, with its sign.
[[nodiscard]] QString withPercentSign(const QString& number);
/// A percentage with fixed decimals in the current locale, with its sign (withPercentSign).
[[nodiscard]] QString formatPercent(double percent, int decimals);
/// Between two sentences: a space in English, nothing in Chinese (its full stop "。" is the gap).
[[nodiscard]] QString sentenceGap();
/// Items of a list in a sentence: "a, b, c" in English, "a、b、c" in Chinese (a Chinese sentence takes
/// full-width punctuation, never the half-width comma).
[[nodiscard]] QString listText(const QStringList& items);

} // namespace ui
