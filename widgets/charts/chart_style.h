#pragma once
// What every chart of TrainPlanner shares: a plain chart without animation (live updates must not
// lag the slider), line series of one width, and round axis ranges.

#include <QColor>

#include <utility>

class QChart;
class QValueAxis;
class QChartView;
class QString;
class QLineSeries;

namespace ui {

/// Antialiased drawing, and a repaint of the bounding rectangle of what changed. Qt's default
/// (the exact dirty region) hands the painter a clip of many rectangles, and the raster engine
/// draws an antialiased line through such a clip about ten times slower (53 µs against 5 µs per
/// grid line, measured on this machine): a third of a scaling-page tick was its grid.
void prepareChartView(QChartView* view);
/// A chart with no animation, the legend below and small margins.
[[nodiscard]] QChart* newChart();
/// A 2.5 px line of `color` added to `chart`, with points when `points`.
QLineSeries* addLine(QChart* chart, const QColor& color, bool points = true, Qt::PenStyle style = Qt::SolidLine);
/// Sets the title only when it changes: Qt Charts lays the whole chart out again on every
/// setTitle, a fifth of a slider tick (bench_gui).
void setChartTitle(QChart* chart, const QString& title);
/// A round axis maximum: 1, 2, 2.5 or 5 × 10^k at or above `v`.
[[nodiscard]] double niceCeiling(double v);
/// Labels a value axis in plain decimals, as many as its tick spacing needs: "1500", "0.25", never
/// "1.5e+03" (usability review). Call after setting the range: with fixed ticks it picks a tick count
/// that puts them at exact labels (0, 1, 2 … 5, not 0, 1.25 … printed "1").
void setPlainLabels(QValueAxis* axis);
/// The least of 1, 1.25, 1.5, 2, 2.5, 3, 4, 5, 6, 8 × 10^k at or above v: an axis end close to the data,
/// for an axis whose ticks setPlainLabels() places (each of these has a tick count with exact labels).
[[nodiscard]] double tightCeiling(double v);
/// Whole decades around [lo, hi] for a log axis: finite, positive and at least one decade wide
/// whatever the data (Qt Charts' log axis recurses without end on an empty or infinite range).
[[nodiscard]] std::pair<double, double> logDecades(double lo, double hi);

} // namespace ui
