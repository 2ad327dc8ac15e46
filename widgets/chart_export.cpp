#include "chart_export.h"

#include <QChart>
#include <QFileInfo>
#include <QGraphicsScene>
#include <QImage>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>

namespace ui {

namespace {

void paint(QChart* chart, QPainter& painter, QSizeF size)
{
    // The chart gets its own scene at the requested size, so the on-screen view is untouched.
    QGraphicsScene scene;
    QGraphicsScene* previous = chart->scene();
    QGraphicsItem* previousParent = chart->parentItem();
    const QSizeF previousSize = chart->size();
    const QPointF previousPos = chart->pos();
    if (previous) previous->removeItem(chart);
    scene.addItem(chart);
    chart->setPos(0, 0);
    chart->resize(size);
    scene.setSceneRect(QRectF(QPointF(0, 0), size));
    scene.render(&painter, QRectF(QPointF(0, 0), size), QRectF(QPointF(0, 0), size));
    scene.removeItem(chart);
    if (previous) {
        previous->addItem(chart);
        if (previousParent) chart->setParentItem(previousParent);
    }
    chart->setPos(previousPos);
    chart->resize(previousSize);
}

} // namespace

QString exportChart(QChart* chart, const QString& path, QSizeF size, double scale, const QString& title)
{
    const QString oldTitle = chart->title();
    if (!title.isEmpty()) chart->setTitle(title);
    const QString suffix = QFileInfo(path).suffix().toLower();
    QString error;
    if (suffix == QLatin1String("png")) {
        QImage image((size * scale).toSize(), QImage::Format_ARGB32_Premultiplied);
        image.setDevicePixelRatio(scale);
        image.fill(Qt::white);
        {
            QPainter painter(&image);
            painter.setRenderHint(QPainter::Antialiasing);
            paint(chart, painter, size);
        }
        if (!image.save(path, "PNG")) error = QStringLiteral("cannot write %1").arg(path);
    } else if (suffix == QLatin1String("svg")) {
        QSvgGenerator svg;
        svg.setFileName(path);
        svg.setSize(size.toSize());
        svg.setViewBox(QRectF(QPointF(0, 0), size));
        svg.setTitle(chart->title());
        svg.setDescription(QStringLiteral("TrainPlanner"));
        QPainter painter;
        if (!painter.begin(&svg)) error = QStringLiteral("cannot write %1").arg(path);
        else {
            paint(chart, painter, size);
            painter.end();
        }
    } else if (suffix == QLatin1String("pdf")) {
        QPdfWriter pdf(path);
        pdf.setPageSize(QPageSize(size, QPageSize::Point));
        pdf.setPageMargins({0, 0, 0, 0});
        pdf.setResolution(72);
        pdf.setTitle(chart->title());
        QPainter painter;
        if (!painter.begin(&pdf)) error = QStringLiteral("cannot write %1").arg(path);
        else {
            paint(chart, painter, size);
            painter.end();
        }
    } else {
        error = QStringLiteral("unknown format \"%1\" (use .png, .svg or .pdf)").arg(suffix);
    }
    if (!title.isEmpty()) chart->setTitle(oldTitle);
    return error;
}

} // namespace ui
