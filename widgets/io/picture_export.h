#pragma once
// Pictures to files at an explicit size — never a grab of the on-screen view, whose size depends on
// the window: PNG (at 1×, 2× or 3× device pixel ratio), SVG and PDF, chosen by the extension. Charts
// (widgets/charts/chart_export.h) and painted views both write through here.

#include <QByteArray>
#include <QImage>
#include <QSizeF>
#include <QString>

#include <functional>

class QChart;
class QPainter;
class QWidget;

namespace ui {

/// Draws a picture of `size` points (a painted view: the pipeline, the placement, the what-if grid).
using PicturePainter = std::function<void(QPainter& painter, QSizeF size)>;

/// Writes what `paint` draws at `size` points to `path` (.png at size × scale pixels, .svg or
/// .pdf), in one checked, atomic write. Returns an empty string on success, else the reason.
[[nodiscard]] QString exportPicture(
    const PicturePainter& paint, const QString& path, QSizeF size, double scale, const QString& title = {});

/// What exportPicture() writes, drawn into `bytes` instead of a file; `format` is png, svg or pdf.
/// Returns an empty string on success, else the reason.
[[nodiscard]] QString renderPicture(const PicturePainter& paint, const QString& format, QSizeF size, double scale,
    const QString& title, QByteArray& bytes);

/// Context-menu actions "Copy Chart as Image" and "Save Chart As…" on any view that can draw
/// itself: `image` for the clipboard, `save` writes the file (returns the reason on failure),
/// offering SVG and PDF besides PNG when `vectorFormats`.
void installImageActions(QWidget* view, std::function<QImage()> image, std::function<QString()> suggestedName,
    std::function<QString(const QString& path)> save, bool vectorFormats);

/// A result figure as the export writes it: a chart, or a painted view.
struct Figure {
    QString file; ///< base name of its files ("memory", "pipeline"), stable across versions
    QString title; ///< as shown, in the interface language
    QChart* chart = nullptr;
    PicturePainter paint; ///< a painted view (chart == nullptr)
    QSizeF size { 1200, 750 }; ///< export size in points
};

} // namespace ui
