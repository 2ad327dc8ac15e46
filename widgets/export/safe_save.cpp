#include "widgets/export/safe_save.h"

#include "core/file_io.h"

#include <QBuffer>
#include <QFile>
#include <QImage>

namespace ui {

QString saveBytes(const QString& path, const QByteArray& bytes)
{
    const std::string error = core::writeFileAtomically(
        QFile::encodeName(path).toStdString(), std::string_view(bytes.constData(), std::size_t(bytes.size())));
    return QString::fromStdString(error);
}

QString savePng(const QImage& image, const QString& path)
{
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    if (image.isNull() || !image.save(&buffer, "PNG"))
        return QStringLiteral("%1: the picture could not be encoded").arg(path);
    return saveBytes(path, png);
}

} // namespace ui
