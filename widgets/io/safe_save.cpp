#include "widgets/io/safe_save.h"

#include "core/base/file_io.h"
#include "widgets/text/native_path.h"

#include <QBuffer>
#include <QHash>
#include <QImage>
#include <QMutex>

#include <sys/stat.h>

namespace ui {

namespace {

struct Identity {
    dev_t device = 0;
    ino_t inode = 0;
    off_t size = 0;
    std::int64_t modifiedNs = 0;
    bool folder = false;
    bool operator==(const Identity&) const = default;
};

std::optional<Identity> identityOf(const QString& path)
{
    struct stat st { };
    if (::lstat(nativePath(path).c_str(), &st) != 0) return std::nullopt;
    Identity id { st.st_dev, st.st_ino, st.st_size,
        std::int64_t(st.st_mtim.tv_sec) * 1'000'000'000 + st.st_mtim.tv_nsec, S_ISDIR(st.st_mode) };
    if (id.folder) id.size = 0, id.modifiedNs = 0; // a folder changes as files are added to it
    return id;
}

QMutex ledgerMutex;
QHash<QString, Identity>& ledger()
{
    static QHash<QString, Identity> written;
    return written;
}

} // namespace

QString saveBytes(const QString& path, const QByteArray& bytes)
{
    const std::string error
        = core::writeFileAtomically(nativePath(path), std::string_view(bytes.constData(), std::size_t(bytes.size())));
    return QString::fromStdString(error);
}

QByteArray encodePng(const QImage& image)
{
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    if (image.isNull() || !image.save(&buffer, "PNG")) return {};
    return png;
}

QString savePng(const QImage& image, const QString& path)
{
    const QByteArray png = encodePng(image);
    if (png.isEmpty()) return QStringLiteral("%1: the picture could not be encoded").arg(path);
    return saveBytes(path, png);
}

SaveSetResult saveSet(const std::vector<FileBytes>& files, bool mayReplace, core::Links links)
{
    SaveSetResult out;
    bool anyExisting = false;
    for (const FileBytes& f : files) {
        if (!identityOf(f.path)) continue;
        anyExisting = true;
        if (!mayReplace && !wroteThis(f.path)) out.existing << f.path;
    }
    if (!out.existing.isEmpty()) return out;
    std::vector<core::FileToWrite> set;
    set.reserve(files.size());
    for (const FileBytes& f : files)
        set.push_back({ nativePath(f.path), std::string(f.bytes.constData(), std::size_t(f.bytes.size())) });
    // Every existing file was checked above: replaced because the user said so, or because it is ours.
    // When none existed, one that appears meanwhile is not replaced either.
    const core::WriteSetResult written
        = core::writeFilesAtomically(set, anyExisting ? core::Existing::replace : core::Existing::refuse, links);
    if (const std::string& error = written.error; !error.empty()) {
        // A file that appeared since the check is not replaced: listed, as one that was there before.
        for (const std::string& path : written.existing)
            out.existing << pathFromNative(QByteArray::fromStdString(path));
        if (out.existing.isEmpty()) out.error = QString::fromStdString(error);
        return out;
    }
    for (const FileBytes& f : files)
        rememberWritten(f.path);
    return out;
}

void rememberWritten(const QString& path)
{
    const auto id = identityOf(path);
    if (!id) return;
    const QMutexLocker lock(&ledgerMutex);
    ledger().insert(path, *id);
}

bool wroteThis(const QString& path)
{
    const auto id = identityOf(path);
    if (!id) return false;
    const QMutexLocker lock(&ledgerMutex);
    const auto it = ledger().constFind(path);
    return it != ledger().constEnd() && *it == *id;
}

} // namespace ui
