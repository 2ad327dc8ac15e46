#pragma once
// Okabe & Ito (2008) colour-blind-safe palette, used by every chart so a term keeps its colour.

#include <QColor>

#include <cstddef>
#include <iterator>

namespace ui::palette {

inline const QColor kOrange { 0xE6, 0x9F, 0x00 };
inline const QColor kSkyBlue { 0x56, 0xB4, 0xE9 };
inline const QColor kGreen { 0x00, 0x9E, 0x73 };
inline const QColor kYellow { 0xF0, 0xE4, 0x42 };
inline const QColor kBlue { 0x00, 0x72, 0xB2 };
/// kBlue on a dark surface: Okabe & Ito's blue has 2.85:1 against the dark charts' #26282B, under
/// the 3:1 WCAG 2.1 (1.4.11) asks of a graphical object; this lighter blue has 3.5:1 and stays apart
/// from kSkyBlue.
inline const QColor kBlueOnDark { 0x1F, 0x80, 0xC6 };
inline const QColor kVermillion { 0xD5, 0x5E, 0x00 };
inline const QColor kPurple { 0xCC, 0x79, 0xA7 };
inline const QColor kGrey { 0x99, 0x99, 0x99 };

/// The communication of each parallel dimension, in core::dimensions()' order (TP, PP, DP, CP, EP);
/// a dimension past the list takes its colour again from the start, lightened so it differs.
[[nodiscard]] inline QColor dimensionColour(std::size_t index)
{
    static const QColor colours[] = { kOrange, kSkyBlue, kVermillion, kYellow, kGreen };
    constexpr std::size_t n = std::size(colours);
    return index < n ? colours[index] : colours[index % n].lighter(140);
}

} // namespace ui::palette
