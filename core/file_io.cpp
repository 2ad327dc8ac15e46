#include "core/file_io.h"

#include "core/printable.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <fcntl.h>
#include <random>
#include <sys/stat.h>
#include <system_error>
#include <unistd.h>
#include <utility>

namespace core {

namespace {

/// Paths are shown cut to this many bytes: enough to recognise, bounded for a 100 KB path.
constexpr std::size_t kShownPathBytes = 200;

std::string shown(const std::string& path)
{
    return path.empty() ? std::string("\"\"") : printable(path, kShownPathBytes);
}

std::string systemMessage(int error)
{
    return std::generic_category().message(error);
}

/// Why open() or stat() failed, in the words the messages use.
std::string reasonFor(int error)
{
    switch (error) {
    case ENOENT:
        return "no such file";
    case ENOTDIR:
        return "no such file (a part of the path is not a folder)";
    case ELOOP:
        return "too many symbolic links (a link loop?)";
    case EACCES:
    case EPERM:
        return "permission denied";
    case ENAMETOOLONG:
        return "the name is too long";
    default:
        return "cannot be opened (" + systemMessage(error) + ")";
    }
}

struct Fd {
    int fd = -1;
    ~Fd()
    {
        if (fd >= 0) ::close(fd);
    }
    int release() { return std::exchange(fd, -1); }
};

/// Hands what `fd` gives to `consume`, a piece at a time, until the end, up to limit + 1 bytes, or
/// until `consume` returns false; an error text, or empty.
std::string streamAll(int fd, std::uint64_t limit, std::uint64_t size, const ChunkConsumer& consume, StreamRead& out)
{
    char buffer[kReadChunkBytes];
    while (out.bytes <= limit) {
        const std::size_t want
            = static_cast<std::size_t>(std::min<std::uint64_t>(sizeof buffer, limit + 1 - out.bytes));
        const ssize_t got = ::read(fd, buffer, want);
        if (got < 0) {
            if (errno == EINTR) continue;
            if (errno == EAGAIN || errno == EWOULDBLOCK)
                return "cannot be read: it has no data to give (a special file?)";
            return "cannot be read (" + systemMessage(errno) + ")";
        }
        if (got == 0) break;
        // The byte past the limit only tells that there is more: it is not handed over.
        const auto given = std::min<std::uint64_t>(static_cast<std::uint64_t>(got), limit - std::min(limit, out.bytes));
        const bool more = given == 0 || consume(std::string_view(buffer, static_cast<std::size_t>(given)), size);
        out.bytes += static_cast<std::uint64_t>(got);
        if (!more && out.bytes <= limit) {
            out.stopped = true;
            return {};
        }
    }
    if (out.bytes > limit) return "too large (more than " + std::to_string(limit) + " bytes)";
    return {};
}

/// Reads up to limit + 1 bytes; an error text, or empty.
std::string readAll(int fd, std::size_t limit, std::string& text)
{
    StreamRead read;
    return streamAll(
        fd, limit, 0,
        [&](std::string_view piece, std::uint64_t) {
            text.append(piece);
            return true;
        },
        read);
}

/// A regular file of at most `limit` bytes opened for reading, or why not ("" and fd < 0 never both).
std::string openRegular(const std::string& path, std::uint64_t limit, Fd& fd, std::uint64_t& size)
{
    if (path.empty()) return "no such file";
    if (path.find('\0') != std::string::npos) return "a file name cannot contain a NUL character";
    // stat() before open(): opening a FIFO waits for a writer and opening a device can act on it.
    struct stat st { };
    if (::stat(path.c_str(), &st) != 0) return reasonFor(errno);
    if (S_ISDIR(st.st_mode)) return "not a regular file (a folder)";
    if (!S_ISREG(st.st_mode)) return "not a regular file";
    if (static_cast<std::uint64_t>(st.st_size) > limit)
        return "too large (" + std::to_string(st.st_size) + " bytes, at most " + std::to_string(limit) + ")";
    fd.fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd.fd < 0) return reasonFor(errno);
    // The path may have been swapped between stat() and open(): check what was opened.
    if (::fstat(fd.fd, &st) != 0 || !S_ISREG(st.st_mode)) return "not a regular file";
    size = static_cast<std::uint64_t>(st.st_size);
    return {};
}

std::string randomSuffix()
{
    static thread_local std::mt19937_64 engine { std::random_device {}()
        ^ static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count())
        ^ (static_cast<std::uint64_t>(::getpid()) << 32) };
    constexpr std::string_view alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
    std::string s(10, 'x');
    for (char& c : s)
        c = alphabet[engine() % alphabet.size()];
    return s;
}

bool writeAll(int fd, std::string_view bytes, int& error)
{
    while (!bytes.empty()) {
        const ssize_t put = ::write(fd, bytes.data(), bytes.size());
        if (put < 0) {
            if (errno == EINTR) continue;
            error = errno;
            return false;
        }
        bytes.remove_prefix(static_cast<std::size_t>(put));
    }
    return true;
}

} // namespace

FileRead readFileBounded(const std::string& path, std::size_t limit)
{
    auto failure = [&](const std::string& reason) { return FileRead { {}, shown(path) + ": " + reason }; };
    Fd fd;
    std::uint64_t size = 0;
    if (auto error = openRegular(path, limit, fd, size); !error.empty()) return failure(error);
    FileRead result;
    if (auto error = readAll(fd.fd, limit, result.text); !error.empty()) return failure(error);
    return result;
}

StreamRead streamFileBounded(const std::string& path, std::uint64_t limit, const ChunkConsumer& consume)
{
    StreamRead result;
    Fd fd;
    std::uint64_t size = 0;
    std::string error = openRegular(path, limit, fd, size);
    if (error.empty()) error = streamAll(fd.fd, limit, size, consume, result);
    if (!error.empty()) result.error = shown(path) + ": " + error;
    return result;
}

StreamRead streamStdinBounded(std::uint64_t limit, const ChunkConsumer& consume)
{
    StreamRead result;
    if (auto error = streamAll(STDIN_FILENO, limit, 0, consume, result); !error.empty())
        result.error = "standard input: " + error;
    return result;
}

FileRead readStdinBounded(std::size_t limit)
{
    FileRead result;
    if (auto error = readAll(STDIN_FILENO, limit, result.text); !error.empty())
        return { {}, "standard input: " + error };
    return result;
}

std::string writeFileAtomically(const std::string& path, std::string_view bytes)
{
    auto failure = [&](const std::string& reason) { return shown(path) + ": " + reason; };
    if (path.empty()) return failure("no file name");
    if (path.find('\0') != std::string::npos) return failure("a file name cannot contain a NUL character");

    // What is there now decides what may be replaced.
    std::string target = path;
    struct stat old { };
    bool exists = false;
    if (::lstat(path.c_str(), &old) == 0) {
        if (S_ISLNK(old.st_mode)) {
            char* real = ::realpath(path.c_str(), nullptr);
            if (!real) return failure("a symbolic link that leads nowhere (" + reasonFor(errno) + ")");
            target = real;
            std::free(real);
            if (::stat(target.c_str(), &old) != 0) return failure(reasonFor(errno));
        }
        if (S_ISDIR(old.st_mode)) return failure("not a regular file (a folder)");
        if (!S_ISREG(old.st_mode)) return failure("not a regular file; it is left as it is");
        exists = true;
    } else if (errno != ENOENT) {
        return failure(reasonFor(errno));
    }

    const auto slash = target.rfind('/');
    const std::string dir = slash == std::string::npos ? std::string(".")
        : slash == 0                                   ? std::string("/")
                                                       : target.substr(0, slash);
    const std::string base = slash == std::string::npos ? target : target.substr(slash + 1);
    if (base.empty() || base == "." || base == "..") return failure("not a regular file (a folder)");

    // A fresh, exclusively created temporary file beside the target (rename() stays on one file
    // system). The name is cut so that it stays within NAME_MAX (255) whatever the target's length.
    Fd fd;
    std::string temp;
    for (int attempt = 0; attempt < 100 && fd.fd < 0; ++attempt) {
        temp = dir + "/." + base.substr(0, 200) + "." + randomSuffix() + ".tmp";
        fd.fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY, 0666);
        if (fd.fd < 0 && errno != EEXIST)
            return failure("cannot create a temporary file in its folder (" + systemMessage(errno) + ")");
    }
    if (fd.fd < 0) return failure("cannot create a temporary file in its folder");

    auto abandon = [&](const std::string& reason) {
        if (fd.fd >= 0) ::close(fd.release());
        ::unlink(temp.c_str());
        return failure(reason);
    };
    if (exists) {
        // Keep who may read it: a private (0600) file stays private. Owner: only where allowed.
        [[maybe_unused]] const int owned = ::fchown(fd.fd, old.st_uid, old.st_gid);
        if (::fchmod(fd.fd, old.st_mode & 07777) != 0)
            return abandon("cannot keep its permissions (" + systemMessage(errno) + ")");
    }
    int error = 0;
    if (!writeAll(fd.fd, bytes, error)) return abandon("cannot write (" + systemMessage(error) + ")");
    if (::fsync(fd.fd) != 0) return abandon("cannot write (" + systemMessage(errno) + ")");
    if (::close(fd.release()) != 0) return abandon("cannot write (" + systemMessage(errno) + ")");
    if (::rename(temp.c_str(), target.c_str()) != 0) return abandon("cannot replace it (" + systemMessage(errno) + ")");

    // Make the rename itself durable; the new content is in place either way, so this is best effort.
    Fd folder { ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC) };
    if (folder.fd >= 0) (void)::fsync(folder.fd);
    return {};
}

void ignoreFileSizeSignal()
{
    std::signal(SIGXFSZ, SIG_IGN);
}

} // namespace core
