#pragma once
// Charts to files at an explicit size — never a grab of the on-screen view, whose size depends on
// the window: PNG (at 1×, 2× or 3× device pixel ratio), SVG and PDF, chosen by the extension.

#include "widgets/io/picture_export.h"

#include <QByteArray>
#include <QImage>
#include <QRectF>
#include <QSizeF>
#include <QString>

#include <functional>
#include <utility>
#include <vector>

class QChart;
class QChartView;
class QPainter;

namespace ui {

/// What exportChart() writes, drawn into `bytes`.
[[nodiscard]] QString renderChartFile(
    QChart* chart, const QString& format, QSizeF size, double scale, const QString& title, QByteArray& bytes);

/// The bounding box, in chart coordinates, of the title of `chart`'s axis on `side` (Qt::AlignRight:
/// the right-hand axis) when the chart is laid out at `size` points for export; null when it has no
/// such axis title. Tests use it to check that no axis is cut off.
[[nodiscard]] QRectF axisTitleRect(QChart* chart, QSizeF size, Qt::Alignment side, double fontScale = 1.0);

/// Draws `chart` at `size` points with `painter` as its SVG and PDF files have it: in a scene of its
/// own at that size, with the export's category labels. Tests watch what it draws.
void drawChart(QChart* chart, QPainter& painter, QSizeF size);

/// The smallest font of `chart` (title, legend, axis labels and titles), in points.
[[nodiscard]] double smallestFontPt(const QChart* chart);

/// Lays `chart` out at `size` (points) and writes it to `path` (.png, .svg or .pdf). For PNG the
/// image has size × scale pixels. Returns an empty string on success, else the reason.
[[nodiscard]] QString exportChart(
    QChart* chart, const QString& path, QSizeF size = { 1200, 750 }, double scale = 2.0, const QString& title = {});

/// Dynamic property of a QChart: category labels (QStringList) to use instead of the on-screen
/// ones when the chart is drawn for export or presentation, where there is room for names.
inline constexpr char kExportCategories[] = "tpExportCategories";

/// The chart drawn at `size` points into an image of size × scale pixels, its fonts enlarged by
/// `fontScale` for the duration (presentation mode), white background.
[[nodiscard]] QImage renderChart(
    QChart* chart, QSizeF size, double scale, const QString& title = {}, double fontScale = 1.0);

/// renderChart() on demand, for as long as the chart lives (a null image after): slides hold these.
using ChartRenderer = std::function<QImage(QSizeF size, double scale, double fontScale)>;
[[nodiscard]] ChartRenderer rendererFor(QChart* chart);

/// Whether any series of the chart has something to draw (empty charts are left out of slides).
[[nodiscard]] bool chartHasData(const QChart* chart);

/// A chart's title (views outside charts/ do not include Qt Charts).
[[nodiscard]] QString chartTitle(const QChart* chart);

/// The same for a chart view: rendered at 1200 × 750 points, 2×, saved as PNG, SVG or PDF.
void installChartActions(QChartView* view);

/// Appends the chart of `view` to `out` as the figure `file` when it has something to show.
void addChartFigure(std::vector<Figure>& out, const QString& file, QChartView* view);

/// installChartActions() on every chart view under `root`.
void installChartActionsUnder(QWidget* root);

} // namespace ui
