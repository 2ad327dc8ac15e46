#pragma once
// What every chart of TrainPlanner shares: a plain chart without animation (live updates must not
// lag the slider), line series of one width, and round axis ranges.

#include "widgets/style/axis_ticks.h"

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
/// Labels a value axis in plain decimals, as many as its tick spacing needs: "1500", "0.25", never
/// "1.5e+03". Call after setting the range: with fixed ticks it picks a tick count
/// that puts them at exact labels (0, 1, 2 … 5, not 0, 1.25 … printed "1").
void setPlainLabels(QValueAxis* axis);

} // namespace ui
