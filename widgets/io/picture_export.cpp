#include "widgets/io/picture_export.h"

#include "widgets/io/safe_save.h"
#include "widgets/text/retranslate.h"

#include <QAction>
#include <QApplication>
#include <QBuffer>
#include <QClipboard>
#include <QFileDialog>
#include <QFileInfo>
#include <QImage>
#include <QMessageBox>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>

namespace ui {

QString renderPicture(const PicturePainter& paint, const QString& format, QSizeF size, double scale,
    const QString& title, QByteArray& bytes)
{
    const QString suffix = format.toLower();
    // Rendered into memory; the caller writes the bytes in one checked, atomic step (safe_save.h): a
    // full disk leaves the previous export intact instead of a truncated PNG or an empty SVG.
    QString error;
    bytes.clear();
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    auto draw = [&](QPaintDevice& device) {
        QPainter painter;
        if (!painter.begin(&device)) {
            error = QStringLiteral("cannot draw the %1 picture").arg(suffix);
            return;
        }
        painter.setRenderHint(QPainter::Antialiasing);
        paint(painter, size);
        painter.end();
    };
    if (suffix == QLatin1String("png")) {
        QImage image((size * scale).toSize(), QImage::Format_ARGB32_Premultiplied);
        image.setDevicePixelRatio(scale);
        image.fill(Qt::white);
        draw(image);
        if (!error.isEmpty()) return error;
        if (!image.save(&buffer, "PNG")) return QStringLiteral("the picture could not be encoded");
    } else if (suffix == QLatin1String("svg")) {
        QSvgGenerator svg;
        svg.setOutputDevice(&buffer);
        svg.setSize(size.toSize());
        svg.setViewBox(QRectF(QPointF(0, 0), size));
        svg.setTitle(title);
        svg.setDescription(QStringLiteral("TrainPlanner"));
        draw(svg);
    } else if (suffix == QLatin1String("pdf")) {
        QPdfWriter pdf(&buffer);
        pdf.setPageSize(QPageSize(size, QPageSize::Point));
        pdf.setPageMargins({ 0, 0, 0, 0 });
        pdf.setResolution(72);
        pdf.setTitle(title);
        draw(pdf);
    } else {
        error = QStringLiteral("unknown format \"%1\" (use .png, .svg or .pdf)").arg(suffix);
    }
    return error;
}

QString exportPicture(const PicturePainter& paint, const QString& path, QSizeF size, double scale, const QString& title)
{
    QByteArray bytes;
    if (QString error = renderPicture(paint, QFileInfo(path).suffix(), size, scale, title, bytes); !error.isEmpty())
        return QStringLiteral("%1: %2").arg(path, error);
    return saveBytes(path, bytes);
}

void installImageActions(QWidget* view, std::function<QImage()> image, std::function<QString()> suggestedName,
    std::function<QString(const QString& path)> save, bool vectorFormats)
{
    view->setContextMenuPolicy(Qt::ActionsContextMenu);
    auto* copy = new QAction(view);
    copy->setObjectName(QStringLiteral("copyChartAction"));
    QObject::connect(copy, &QAction::triggered, view, [image] { QApplication::clipboard()->setImage(image()); });
    auto* saveAs = new QAction(view);
    QObject::connect(saveAs, &QAction::triggered, view, [view, suggestedName, save, vectorFormats] {
        const QString filter = vectorFormats ? QApplication::translate(
                                   "ui::ChartActions", "PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)")
                                             : QApplication::translate("ui::ChartActions", "PNG image (*.png)");
        const QString path
            = QFileDialog::getSaveFileName(view, QApplication::translate("ui::ChartActions", "Save Chart As"),
                suggestedName() + QStringLiteral(".png"), filter);
        if (path.isEmpty()) return;
        const QString error = save(path);
        if (!error.isEmpty())
            QMessageBox::warning(view, QApplication::translate("ui::ChartActions", "Could not save the chart"), error);
    });
    view->addAction(copy);
    view->addAction(saveAs);
    onLanguageChange(view, [copy, saveAs] {
        copy->setText(QApplication::translate("ui::ChartActions", "Copy Chart as Image"));
        saveAs->setText(QApplication::translate("ui::ChartActions", "Save Chart As…"));
    });
}

} // namespace ui
