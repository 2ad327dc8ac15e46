#pragma once
// Every file the GUI writes — scenarios, chart and table exports, reports, hardware profiles,
// screenshots — is rendered into memory first and then written by core's atomic writers
// (core/base/file_io.h): a full disk, a quota or a file-size limit leaves the old file byte for byte
// (Qt 6.4's QSaveFile::commit() renames a file whose buffered flush failed, QTBUG-75077).
//
// What this process wrote is remembered (file, inode, size, modification time): an export may replace
// its own earlier files without asking, never a file a user put there or changed since.

#include "core/base/file_io.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <vector>

class QImage;

namespace ui {

/// Writes `bytes` to `path` atomically. Returns an empty string, or "PATH: reason" (English, from core).
[[nodiscard]] QString saveBytes(const QString& path, const QByteArray& bytes);
/// `image` as the bytes of a PNG file; empty when it cannot be encoded (a null image).
[[nodiscard]] QByteArray encodePng(const QImage& image);
/// Encodes `image` as PNG in memory and writes it with saveBytes().
[[nodiscard]] QString savePng(const QImage& image, const QString& path);

/// One file of a set, in memory.
struct FileBytes {
    QString path;
    QByteArray bytes;
};

struct SaveSetResult {
    QString error; ///< "PATH: reason", empty when every file was written
    /// With `mayReplace` false: the paths that exist and were not written by this process (nothing was
    /// written then).
    QStringList existing;
    [[nodiscard]] bool ok() const { return error.isEmpty() && existing.isEmpty(); }
};

/// Writes `files` as one set, all or none (core::writeFilesAtomically). A file that exists is replaced
/// when `mayReplace`, or when this process wrote it and it is unchanged since; any other existing
/// file stops the set before anything is written and is listed in `existing`.
/// `links`: an export's set replaces a link in its folder itself (core::Links::replace).
[[nodiscard]] SaveSetResult saveSet(
    const std::vector<FileBytes>& files, bool mayReplace, core::Links links = core::Links::follow);

/// Remembers that this process made `path` (a file or a folder) as it is now.
void rememberWritten(const QString& path);
/// `path` exists and is what this process made: the same file (device and inode) and, for a file,
/// the same size and modification time.
[[nodiscard]] bool wroteThis(const QString& path);

} // namespace ui
