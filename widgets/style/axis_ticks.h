#pragma once
// Axis ends and ticks shared by the charts and the painted views (no Qt Charts here).

#include <utility>

namespace ui {

/// A round axis maximum: 1, 2, 2.5 or 5 × 10^k at or above `v`.
[[nodiscard]] double niceCeiling(double v);
/// The least of 1, 1.25, 1.5, 2, 2.5, 3, 4, 5, 6, 8 × 10^k at or above v: an axis end close to the data,
/// for an axis whose ticks setPlainLabels() places (each of these has a tick count with exact labels).
[[nodiscard]] double tightCeiling(double v);
/// Whole decades around [lo, hi] for a log axis: finite, positive and at least one decade wide
/// whatever the data (Qt Charts' log axis recurses without end on an empty or infinite range).
[[nodiscard]] std::pair<double, double> logDecades(double lo, double hi);

} // namespace ui
