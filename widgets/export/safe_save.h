#pragma once
// Every file the GUI writes — scenarios, chart and table exports, reports, hardware profiles,
// screenshots — is rendered into memory first and then written by core::writeFileAtomically():
// a full disk, a quota or a file-size limit leaves the old file byte for byte (review DEF-03;
// Qt 6.4's QSaveFile::commit() renames a file whose buffered flush failed, QTBUG-75077).

#include <QByteArray>
#include <QString>

class QImage;

namespace ui {

/// Writes `bytes` to `path` atomically. Returns an empty string, or "PATH: reason" (English, from core).
[[nodiscard]] QString saveBytes(const QString& path, const QByteArray& bytes);
/// Encodes `image` as PNG in memory and writes it with saveBytes().
[[nodiscard]] QString savePng(const QImage& image, const QString& path);

} // namespace ui
