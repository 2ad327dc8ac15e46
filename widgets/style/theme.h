#pragma once
// Light or dark: the colours of what TrainPlanner paints itself (charts, the banner, the painted views),
// chosen to match the interface's palette. Exports, slides and the report always take the light set:
// paper and projectors want it.

#include <QColor>
#include <QPalette>

namespace ui::theme {

/// Whether `palette` is dark: its window is darker than its text (Qt 6.4 has no colour scheme to ask).
[[nodiscard]] bool isDark(const QPalette& palette);
/// isDark() of the application's palette: what the charts and painted views follow on screen.
[[nodiscard]] bool darkInterface();
/// A whole dark palette for the Fusion style (grey-black windows, near-white text, light links): what
/// --dark sets on desktops whose style has no dark variant, and what the tests of the dark look use.
[[nodiscard]] QPalette darkPalette();

/// A painted surface's colours: a chart or a painted view.
struct Surface {
    QColor background;
    QColor text; ///< titles, axis labels and legends
    QColor mutedText; ///< ticks and secondary labels
    QColor grid; ///< grid lines, lighter than anything drawn on them
    QColor axisLine;
    QColor ink; ///< lines and outlines drawn over the plot: capacity lines, marker rings
    QColor empty; ///< a cell or a row with nothing in it: pipeline idle time, an invalid what-if cell
    QColor alert; ///< text that warns: a shortened timeline, a group across the network
};
/// The light set (white, near-black text) or the dark one (near-black, near-white text); every text
/// has a contrast of at least 7:1 against its background, every line 3:1 except the grid.
[[nodiscard]] const Surface& surface(bool dark);

/// The verdict banner's colours: pale green or red with black text on a light interface, dark green
/// or red with white text and a light link colour on a dark one.
struct Banner {
    QColor background;
    QColor text;
    QColor link; ///< invalid on a light interface: the palette's own link colour
};
[[nodiscard]] Banner banner(bool fits, bool dark);

} // namespace ui::theme
