#pragma once
// Numbers as the user reads them: value + unit, in the current locale, translated units.

#include "estimate.h"

#include <QString>

namespace ui {

enum class ByteUnit { GB, GiB }; ///< GB = 10^9 bytes, GiB = 2^30 bytes

[[nodiscard]] double bytesIn(double bytes, ByteUnit unit);
[[nodiscard]] QString unitName(ByteUnit unit);
/// "12.55 GB"
[[nodiscard]] QString formatBytes(double bytes, ByteUnit unit, int decimals = 2);
/// "0.85 s", "12.3 s", "1,349 s" — seconds with a sensible number of digits.
[[nodiscard]] QString formatSeconds(double seconds);
/// "weights", "activations", … (translated, lower case, for sentences).
[[nodiscard]] QString memoryTermName(core::MemoryTerm term);
/// "6.74 B", "124 M" — parameter counts with a short scale word.
[[nodiscard]] QString formatCount(double count);
/// A number in the current locale with fixed decimals; "∞" for a run that never finishes.
[[nodiscard]] QString formatFixed(double value, int decimals);

} // namespace ui
