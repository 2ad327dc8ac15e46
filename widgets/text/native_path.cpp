#include "widgets/text/native_path.h"

#include "core/base/file_io.h"

#include <QDir>

#include <cerrno>
#include <cstring>
#include <sys/stat.h>
#include <unistd.h>

namespace ui {

namespace {

constexpr char16_t kEscapeBase = 0xDC00; // U+DC80…U+DCFF carry the bytes 0x80…0xFF

/// The length of the valid UTF-8 sequence at `s[i]` (1–4), or 0 when the bytes there are not one
/// (overlong forms, surrogates and code points past U+10FFFF are not valid UTF-8, RFC 3629).
int sequenceAt(const unsigned char* s, qsizetype n, qsizetype i, char32_t& code)
{
    const unsigned char b = s[i];
    if (b < 0x80) {
        code = b;
        return 1;
    }
    int length = 0;
    char32_t min = 0;
    if ((b & 0xE0) == 0xC0) {
        length = 2, code = b & 0x1F, min = 0x80;
    } else if ((b & 0xF0) == 0xE0) {
        length = 3, code = b & 0x0F, min = 0x800;
    } else if ((b & 0xF8) == 0xF0) {
        length = 4, code = b & 0x07, min = 0x10000;
    } else {
        return 0;
    }
    if (i + length > n) return 0;
    for (int k = 1; k < length; ++k) {
        if ((s[i + k] & 0xC0) != 0x80) return 0;
        code = (code << 6) | (s[i + k] & 0x3F);
    }
    if (code < min || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return 0;
    return length;
}

} // namespace

QString pathFromNative(const QByteArray& bytes)
{
    const auto* s = reinterpret_cast<const unsigned char*>(bytes.constData());
    const qsizetype n = bytes.size();
    QString out;
    out.reserve(n);
    for (qsizetype i = 0; i < n;) {
        char32_t code = 0;
        const int length = sequenceAt(s, n, i, code);
        if (length == 0) {
            out += QChar(char16_t(kEscapeBase + s[i])); // s[i] >= 0x80 here: ASCII is always valid
            ++i;
            continue;
        }
        if (code >= 0x10000) {
            out += QChar(QChar::highSurrogate(code));
            out += QChar(QChar::lowSurrogate(code));
        } else {
            out += QChar(char16_t(code));
        }
        i += length;
    }
    return out;
}

std::string nativePath(const QString& path)
{
    std::string out;
    out.reserve(std::size_t(path.size()));
    for (qsizetype i = 0; i < path.size(); ++i) {
        const char16_t u = path.at(i).unicode();
        if (u >= kEscapeBase + 0x80 && u <= kEscapeBase + 0xFF) {
            out += char(u - kEscapeBase);
            continue;
        }
        // Everything else as UTF-8, a surrogate pair as its one character.
        qsizetype units = 1;
        if (QChar::isHighSurrogate(u) && i + 1 < path.size() && path.at(i + 1).isLowSurrogate()) units = 2;
        out += path.mid(i, units).toUtf8().toStdString();
        i += units - 1;
    }
    return out;
}

QString absolutePath(const QString& path)
{
    if (path.isEmpty() || path.startsWith(QLatin1Char('/'))) return path.isEmpty() ? path : QDir::cleanPath(path);
    QByteArray cwd(4096, '\0');
    while (!::getcwd(cwd.data(), std::size_t(cwd.size()))) {
        if (errno != ERANGE || cwd.size() > (1 << 20)) return QDir::cleanPath(path); // no working folder
        cwd.resize(cwd.size() * 2);
    }
    cwd.truncate(qsizetype(std::strlen(cwd.constData())));
    return QDir::cleanPath(pathFromNative(cwd) + QLatin1Char('/') + path);
}

bool pathExists(const QString& path)
{
    struct stat st { };
    return !path.isEmpty() && ::lstat(nativePath(path).c_str(), &st) == 0;
}

bool isRegularFile(const QString& path)
{
    struct stat st { };
    return !path.isEmpty() && ::stat(nativePath(path).c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

bool isFolder(const QString& path)
{
    struct stat st { };
    return !path.isEmpty() && ::stat(nativePath(path).c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

QString makeFolders(const QString& path, std::vector<std::string>* created)
{
    return pathFromNative(QByteArray::fromStdString(core::makeFolders(nativePath(path), created)));
}

} // namespace ui
