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

/// What `paint` draws at `size` points as a file's bytes (.png at size × scale pixels, .svg or .pdf):
/// `format` is png, svg or pdf.
/// Returns an empty string on success, else the reason.
[[nodiscard]] QString renderPicture(const PicturePainter& paint, const QString& format, QSizeF size, double scale,
    const QString& title, QByteArray& bytes);

/// The dots per inch at which charts and painted views turn point sizes into pixels when they lay
/// their text out (Qt's default for images: the screen's logical DPI, 96 on most desktops). The PNG
/// draws its text at that size; the SVG is told the same (QSvgGenerator's own default is 72, which
/// wrote a 9-pt font as font-size 9 where the PNG has 12 px).
[[nodiscard]] double layoutDpi();

/// Qt's SVG as a browser-class renderer should read it, as the PNG looks: each label one <text>
/// element (Qt writes one per script, "每卡显存（" + "GiB" + "）", each at Qt's own x; renderers
/// with other fonts then leave gaps), no text drawn invisible (fill-opacity 0: it came back in
/// copy-paste), and font-family a fallback list (the family Qt resolved, then Simplified Chinese
/// faces, then the generic family) instead of Qt's "Sans Serif", which no renderer knows.
/// Runs are joined only where one starts where the previous one ends, so separate labels on one
/// line stay separate.
[[nodiscard]] QByteArray tidySvg(const QByteArray& svg);

/// A PDF of Qt's writer whose text reads back as written: Qt maps each glyph of a font's ToUnicode
/// table to the lowest code point the font draws with it, and CJK faces draw radicals (U+2E80–U+2FDF)
/// with the glyph of their ideograph, so "原文", "最大" and "长度" read back from the PDF as "原⽂",
/// "最⼤" and "⻓度", which no search finds. Such entries become the ideograph, in place: the file
/// keeps its length and its cross-reference offsets.
[[nodiscard]] QByteArray withIdeographsForRadicals(QByteArray pdf);

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
