#include "core/base/file_io.h"

#include "core/base/printable.h"

#include <climits>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <limits>
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

/// A read that failed: the words the messages use, and the code for the interface.
struct Why {
    std::string text;
    FileFailure code = FileFailure::none;
    [[nodiscard]] bool failed() const { return code != FileFailure::none; }
};

/// Why open() or stat() failed.
Why because(int error)
{
    switch (error) {
    case ENOENT:
        return { "no such file", FileFailure::no_such_file };
    case ENOTDIR:
        return { "no such file (a part of the path is not a folder)", FileFailure::no_such_file };
    case ELOOP:
        return { "too many symbolic links (a link loop?)", FileFailure::link_loop };
    case EACCES:
    case EPERM:
        return { "permission denied", FileFailure::permission_denied };
    case ENAMETOOLONG:
        return { "the name is too long", FileFailure::name_too_long };
    default:
        return { "cannot be opened (" + systemMessage(error) + ")", FileFailure::read_error };
    }
}

std::string reasonFor(int error)
{
    return because(error).text;
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
/// until `consume` returns false; why it failed, or nothing.
Why streamAll(int fd, std::uint64_t limit, std::uint64_t size, const ChunkConsumer& consume, StreamRead& out)
{
    char buffer[kReadChunkBytes];
    while (out.bytes <= limit) {
        const std::size_t want
            = static_cast<std::size_t>(std::min<std::uint64_t>(sizeof buffer, limit + 1 - out.bytes));
        const ssize_t got = ::read(fd, buffer, want);
        if (got < 0) {
            if (errno == EINTR) continue;
            if (errno == EAGAIN || errno == EWOULDBLOCK)
                return { "cannot be read: it has no data to give (a special file?)", FileFailure::no_data };
            return { "cannot be read (" + systemMessage(errno) + ")", FileFailure::read_error };
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
    if (out.bytes > limit)
        return { "too large (more than " + std::to_string(limit) + " bytes)", FileFailure::too_large };
    return {};
}

/// Reads up to limit + 1 bytes; why it failed, or nothing.
Why readAll(int fd, std::size_t limit, std::string& text)
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

/// A regular file of at most `limit` bytes opened for reading, or why not (a failure and fd < 0 never both).
Why openRegular(const std::string& path, std::uint64_t limit, Fd& fd, std::uint64_t& size)
{
    if (path.empty()) return { "no such file", FileFailure::no_such_file };
    if (path.find('\0') != std::string::npos)
        return { "a file name cannot contain a NUL character", FileFailure::no_such_file };
    // stat() before open(): opening a FIFO waits for a writer and opening a device can act on it.
    struct stat st { };
    if (::stat(path.c_str(), &st) != 0) return because(errno);
    if (S_ISDIR(st.st_mode)) return { "not a regular file (a folder)", FileFailure::folder };
    if (!S_ISREG(st.st_mode)) return { "not a regular file", FileFailure::not_regular };
    if (static_cast<std::uint64_t>(st.st_size) > limit)
        return { "too large (" + std::to_string(st.st_size) + " bytes, at most " + std::to_string(limit) + ")",
            FileFailure::too_large };
    fd.fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd.fd < 0) return because(errno);
    // The path may have been swapped between stat() and open(): check what was opened.
    if (::fstat(fd.fd, &st) != 0 || !S_ISREG(st.st_mode)) return { "not a regular file", FileFailure::not_regular };
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
    auto failure = [&](const Why& why) { return FileRead { {}, shown(path) + ": " + why.text, why.code }; };
    Fd fd;
    std::uint64_t size = 0;
    if (const Why why = openRegular(path, limit, fd, size); why.failed()) return failure(why);
    FileRead result;
    if (const Why why = readAll(fd.fd, limit, result.text); why.failed()) return failure(why);
    return result;
}

StreamRead streamFileBounded(const std::string& path, std::uint64_t limit, const ChunkConsumer& consume)
{
    StreamRead result;
    Fd fd;
    std::uint64_t size = 0;
    Why why = openRegular(path, limit, fd, size);
    if (!why.failed()) why = streamAll(fd.fd, limit, size, consume, result);
    if (why.failed()) {
        result.error = shown(path) + ": " + why.text;
        result.failure = why.code;
    }
    return result;
}

StreamRead streamStdinBounded(std::uint64_t limit, const ChunkConsumer& consume)
{
    StreamRead result;
    if (const Why why = streamAll(STDIN_FILENO, limit, 0, consume, result); why.failed()) {
        result.error = "standard input: " + why.text;
        result.failure = why.code;
    }
    return result;
}

FileRead readStdinBounded(std::size_t limit)
{
    FileRead result;
    if (const Why why = readAll(STDIN_FILENO, limit, result.text); why.failed())
        return { {}, "standard input: " + why.text, why.code };
    return result;
}

namespace {

/// What a file that is not a regular one is, in the words the messages use.
std::string notRegular(mode_t mode)
{
    if (S_ISDIR(mode)) return "not a regular file (a folder)";
    const char* kind = S_ISFIFO(mode) ? "a pipe"
        : S_ISCHR(mode)               ? "a character device"
        : S_ISBLK(mode)               ? "a block device"
        : S_ISSOCK(mode)              ? "a socket"
                                      : "a special file";
    return std::string("not a regular file (") + kind + "); it is left as it is";
}

/// Why a path to write to cannot be reached, from lstat()'s or stat()'s errno.
std::string unreachable(int error)
{
    switch (error) {
    case ENOENT:
        return "no such folder";
    case ENOTDIR:
        return "no such folder (a part of the path is not a folder)";
    default:
        return reasonFor(error);
    }
}

/// Why mkdir() failed, in the words the messages use.
std::string folderReason(int error)
{
    switch (error) {
    case ENOENT:
        return "its parent folder does not exist";
    case ENOTDIR:
        return "a part of the path is not a folder";
    case EACCES:
    case EPERM:
        return "permission denied";
    case EROFS:
        return "the file system is read-only";
    case ENOSPC:
    case EDQUOT:
        return "the disk is full";
    case ENAMETOOLONG:
        return "the name is too long";
    default:
        return systemMessage(error);
    }
}

/// "PATH: cannot create the folder (reason)" for mkdir()'s `error`.
std::string cannotCreate(const std::string& path, int error)
{
    return shown(path) + ": cannot create the folder (" + folderReason(error) + ")";
}

/// One target of a set, from its check to its rename.
struct Target {
    const FileToWrite* file = nullptr;
    std::string target; ///< the file replaced or created: the path, or the file a link names
    std::string dir, base;
    std::string identity; ///< the folder's real path and the name: the same target named twice
    bool exists = false;
    struct stat old { };
    std::string temp; ///< the new bytes, until renamed over the target
    std::string backup; ///< a second name of the old file, until the set is done
    bool renamed = false;
    bool link = false; ///< a symbolic link replaced itself (Links::replace)
};

/// Checks one target before anything is written: an empty string, or why it cannot be written.
std::string check(Target& t, Links links)
{
    const std::string& path = t.file->path;
    if (path.empty()) return "no file name";
    if (path.find('\0') != std::string::npos) return "a file name cannot contain a NUL character";
    if (path.size() >= PATH_MAX)
        return "the name is too long (" + std::to_string(path.size()) + " bytes, at most "
            + std::to_string(PATH_MAX - 1) + ")";
    t.target = path;
    struct stat st { };
    if (::lstat(path.c_str(), &st) == 0) {
        if (S_ISLNK(st.st_mode) && links == Links::replace) {
            // The link is the file of that name: replaced, with a new file's permissions.
            t.link = true;
        } else if (S_ISLNK(st.st_mode)) {
            // The file the link names is replaced and the link stays. stat() also reaches what
            // realpath() cannot name, such as /dev/stdout's pipe: its kind is the message.
            struct stat linked { };
            if (::stat(path.c_str(), &linked) != 0)
                return "a symbolic link that leads nowhere (" + reasonFor(errno) + ")";
            if (!S_ISREG(linked.st_mode)) return notRegular(linked.st_mode);
            char* real = ::realpath(path.c_str(), nullptr);
            if (!real) return "a symbolic link that cannot be followed (" + reasonFor(errno) + ")";
            t.target = real;
            std::free(real);
            st = linked;
        } else if (!S_ISREG(st.st_mode)) {
            return notRegular(st.st_mode);
        }
        t.exists = true;
        t.old = st;
    } else if (errno != ENOENT) {
        return unreachable(errno);
    } else if (path.back() == '/') {
        return "no such folder"; // "newdir/" names a folder, and there is none
    }

    const auto slash = t.target.rfind('/');
    t.dir = slash == std::string::npos ? std::string(".") : slash == 0 ? std::string("/") : t.target.substr(0, slash);
    t.base = slash == std::string::npos ? t.target : t.target.substr(slash + 1);
    if (t.base.empty() || t.base == "." || t.base == "..") return "not a regular file (a folder)";
    if (t.base.size() > NAME_MAX)
        return "the name is too long (" + std::to_string(t.base.size()) + " bytes, at most " + std::to_string(NAME_MAX)
            + ")";
    struct stat folder { };
    if (::stat(t.dir.c_str(), &folder) != 0) return unreachable(errno);
    if (!S_ISDIR(folder.st_mode)) return unreachable(ENOTDIR);
    char* realDir = ::realpath(t.dir.c_str(), nullptr);
    t.identity = realDir ? std::string(realDir) + "/" + t.base : t.target;
    std::free(realDir);
    return {};
}

/// A fresh, exclusively created file beside the target (rename() stays on one file system),
/// O_NOFOLLOW: a planted link or file is never followed or reused. The name is cut so that it
/// stays within NAME_MAX (255) whatever the target's length.
int createBeside(const Target& t, const char* suffix, std::string& name, mode_t mode, std::string& error)
{
    for (int attempt = 0; attempt < 100; ++attempt) {
        name = t.dir + "/." + t.base.substr(0, 200) + "." + randomSuffix() + suffix;
        const int fd = ::open(name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY, mode);
        if (fd >= 0) return fd;
        if (errno != EEXIST) {
            error = "cannot create a temporary file in its folder (" + systemMessage(errno) + ")";
            name.clear();
            return -1;
        }
    }
    error = "cannot create a temporary file in its folder";
    name.clear();
    return -1;
}

/// Writes, syncs and closes; an error text, or empty.
std::string finish(Fd& fd, std::string_view bytes)
{
    int error = 0;
    if (!writeAll(fd.fd, bytes, error)) return "cannot write (" + systemMessage(error) + ")";
    if (::fsync(fd.fd) != 0) return "cannot write (" + systemMessage(errno) + ")";
    if (::close(fd.release()) != 0) return "cannot write (" + systemMessage(errno) + ")";
    return {};
}

/// The new bytes in a temporary file beside the target, with the old file's permissions.
std::string writeTemporary(Target& t)
{
    std::string error;
    Fd fd { createBeside(t, ".tmp", t.temp, 0666, error) };
    if (fd.fd < 0) return error;
    if (t.exists && !t.link) {
        // Keep who may read it: a private (0600) file stays private. Owner: only where allowed.
        [[maybe_unused]] const int owned = ::fchown(fd.fd, t.old.st_uid, t.old.st_gid);
        if (::fchmod(fd.fd, t.old.st_mode & 07777) != 0)
            return "cannot keep its permissions (" + systemMessage(errno) + ")";
    }
    return finish(fd, t.file->bytes);
}

/// A second name for the old file, so that it can be put back if a later file of the set fails: a
/// hard link (no copy, atomic), or a copy where the file system has none (FAT, some network shares).
std::string keepOld(Target& t)
{
    for (int attempt = 0; attempt < 100; ++attempt) {
        t.backup = t.dir + "/." + t.base.substr(0, 200) + "." + randomSuffix() + ".bak";
        if (::link(t.target.c_str(), t.backup.c_str()) == 0) return {};
        if (errno != EEXIST) break;
    }
    std::string error;
    Fd out { createBeside(t, ".bak", t.backup, 0600, error) };
    if (out.fd < 0) return "cannot keep its old content aside: " + error;
    Fd in { ::open(t.target.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY) };
    if (in.fd < 0) return "cannot keep its old content aside (" + systemMessage(errno) + ")";
    [[maybe_unused]] const int owned = ::fchown(out.fd, t.old.st_uid, t.old.st_gid);
    (void)::fchmod(out.fd, t.old.st_mode & 07777);
    // Copied a piece at a time, as the streamed readers read: the old file may be larger than memory.
    int written = 0;
    StreamRead copied;
    if (const Why why = streamAll(
            in.fd, std::numeric_limits<std::uint64_t>::max() - 1, 0,
            [&](std::string_view piece, std::uint64_t) { return writeAll(out.fd, piece, written); }, copied);
        why.failed())
        return "cannot keep its old content aside: it " + why.text;
    if (copied.stopped) return "cannot keep its old content aside (" + systemMessage(written) + ")";
    if (auto failure = finish(out, {}); !failure.empty()) return "cannot keep its old content aside: " + failure;
    return {};
}

int renameStep(const char* from, const char* to, bool replace)
{
    if (replace) return ::rename(from, to);
    if (::renameat2(AT_FDCWD, from, AT_FDCWD, to, RENAME_NOREPLACE) == 0) return 0;
    if (errno != EINVAL && errno != ENOSYS) return -1;
    // A file system without RENAME_NOREPLACE: link() does not replace either.
    if (::link(from, to) == 0) {
        ::unlink(from);
        return 0;
    }
    if (errno == EEXIST) return -1;
    // Neither (no hard links, e.g. FAT): the check made before writing is all there is.
    struct stat st { };
    if (::lstat(to, &st) == 0) {
        errno = EEXIST;
        return -1;
    }
    return ::rename(from, to);
}

} // namespace

namespace detail {

WriteSetResult writeFilesAtomically(
    const std::vector<FileToWrite>& files, Existing existing, Links links, RenameStep rename)
{
    WriteSetResult result;
    std::vector<Target> targets(files.size());
    auto failure = [&](const Target& t, const std::string& reason) {
        result.error = shown(t.file->path) + ": " + reason;
        result.existing.clear(); // replacing them would not help
        return result;
    };
    // 1. Every target checked before anything is written.
    for (std::size_t i = 0; i < files.size(); ++i) {
        Target& t = targets[i];
        t.file = &files[i];
        if (auto reason = check(t, links); !reason.empty()) return failure(t, reason);
        for (std::size_t j = 0; j < i; ++j)
            if (targets[j].identity == t.identity)
                return failure(t, "named twice in the files to write (as " + shown(files[j].path) + ")");
        if (t.exists && existing == Existing::refuse) result.existing.push_back(t.file->path);
    }
    if (!result.existing.empty()) {
        result.error = shown(result.existing.front()) + ": it exists";
        return result;
    }

    // Whatever fails from here on, no temporary file or backup is left behind.
    auto cleanUp = [&] {
        for (const Target& t : targets) {
            if (!t.temp.empty() && !t.renamed) ::unlink(t.temp.c_str());
            if (!t.backup.empty()) ::unlink(t.backup.c_str());
        }
    };
    // 2. Every file's bytes on disk, synced, before any target is touched; the old files kept aside.
    const bool aSet = targets.size() > 1;
    for (Target& t : targets) {
        std::string reason = writeTemporary(t);
        if (reason.empty() && t.exists && aSet) reason = keepOld(t);
        if (!reason.empty()) {
            cleanUp();
            return failure(t, reason);
        }
    }
    // 3. The renames, in order; on a failure the ones done are undone.
    for (std::size_t i = 0; i < targets.size(); ++i) {
        Target& t = targets[i];
        if (rename(t.temp.c_str(), t.target.c_str(), existing == Existing::replace) == 0) {
            t.renamed = true;
            continue;
        }
        const int error = errno;
        std::string reason = error == EEXIST && existing == Existing::refuse
            ? std::string("it exists")
            : "cannot replace it (" + systemMessage(error) + ")";
        for (std::size_t j = i; j-- > 0;) {
            Target& done = targets[j];
            if (!done.exists) {
                ::unlink(done.target.c_str());
            } else if (::rename(done.backup.c_str(), done.target.c_str()) == 0) {
                done.backup.clear();
            } else {
                // Not put back: say where the old content is, and keep it there.
                reason += "; the old " + shown(done.file->path) + " is kept as " + shown(done.backup);
                done.backup.clear();
            }
        }
        cleanUp();
        failure(t, reason);
        // One that appeared since the check: listed, so that a caller can still ask to replace it.
        if (error == EEXIST && existing == Existing::refuse) result.existing.push_back(t.file->path);
        return result;
    }
    // 4. Done: the backups go, and the renames are made durable (best effort: the new content is in
    // place either way).
    cleanUp();
    std::vector<std::string> folders;
    for (const Target& t : targets)
        if (std::find(folders.begin(), folders.end(), t.dir) == folders.end()) folders.push_back(t.dir);
    for (const std::string& dir : folders) {
        Fd folder { ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC) };
        if (folder.fd >= 0) (void)::fsync(folder.fd);
    }
    return result;
}

} // namespace detail

WriteSetResult writeFilesAtomically(const std::vector<FileToWrite>& files, Existing existing, Links links)
{
    return detail::writeFilesAtomically(files, existing, links, renameStep);
}

std::string clashWithInputs(const std::vector<std::string>& outputs, const std::vector<InputFile>& inputs)
{
    for (const std::string& output : outputs)
        for (const InputFile& input : inputs)
            if (!input.path.empty() && sameFile(output, input.path))
                return shown(output) + ": it is " + input.what
                    + " this command reads; write the output to another file";
    return {};
}

std::string writeOutputFiles(const std::vector<FileToWrite>& files, const std::vector<InputFile>& inputs, bool force)
{
    std::vector<std::string> paths;
    for (const FileToWrite& file : files)
        paths.push_back(file.path);
    if (std::string clash = clashWithInputs(paths, inputs); !clash.empty()) return "cannot write " + clash;
    const WriteSetResult written = writeFilesAtomically(files, force ? Existing::replace : Existing::refuse);
    if (!written.existing.empty()) {
        std::string names;
        for (const std::string& path : written.existing)
            names += (names.empty() ? "" : ", ") + shown(path);
        return "cannot write " + names
            + (written.existing.size() == 1 ? ": it exists; give --force to replace it"
                                            : ": they exist; give --force to replace them");
    }
    return written.ok() ? std::string() : "cannot write " + written.error;
}

std::string makeFolders(const std::string& path, std::vector<std::string>* created)
{
    if (path.empty()) return "\"\": no folder given";
    if (path.find('\0') != std::string::npos) return shown(path) + ": a folder name cannot contain a NUL character";
    // Each prefix ending before a '/', then the whole path.
    for (std::size_t slash = path.find('/', 1);; slash = path.find('/', slash + 1)) {
        const std::string prefix = slash == std::string::npos ? path : path.substr(0, slash);
        if (!prefix.empty()) {
            if (::mkdir(prefix.c_str(), 0777) == 0) {
                if (created) created->push_back(prefix);
            } else if (errno != EEXIST) {
                return cannotCreate(prefix, errno);
            }
        }
        if (slash == std::string::npos) break;
    }
    struct stat st { };
    if (::stat(path.c_str(), &st) != 0) return cannotCreate(path, errno);
    if (!S_ISDIR(st.st_mode)) return shown(path) + ": is not a folder";
    return {};
}

NewFolder makeNewFolder(const std::string& parent, const std::string& name)
{
    const std::string base = (parent.empty() || parent.back() == '/' ? parent : parent + "/") + name;
    // A bound on the names tried: a folder holding 10,000 exports of one scenario is not a case to wait on.
    for (int n = 1; n <= 10000; ++n) {
        const std::string path = n == 1 ? base : base + " (" + std::to_string(n) + ")";
        if (::mkdir(path.c_str(), 0777) == 0) return { path, {} };
        if (errno != EEXIST) return { {}, cannotCreate(path, errno) };
    }
    return { {}, shown(base) + ": cannot create the folder (10,000 folders of that name exist)" };
}

std::string writeFileAtomically(const std::string& path, std::string_view bytes)
{
    return writeFilesAtomically({ FileToWrite { path, std::string(bytes) } }, Existing::replace).error;
}

bool sameFile(const std::string& a, const std::string& b)
{
    struct stat x {
    }, y {};
    return ::stat(a.c_str(), &x) == 0 && ::stat(b.c_str(), &y) == 0 && x.st_dev == y.st_dev && x.st_ino == y.st_ino;
}

bool namesDescriptor(const std::string& path, int fd)
{
    struct stat x {
    }, y {};
    return ::stat(path.c_str(), &x) == 0 && ::fstat(fd, &y) == 0 && x.st_dev == y.st_dev && x.st_ino == y.st_ino;
}

void ignoreFileSizeSignal()
{
    std::signal(SIGXFSZ, SIG_IGN);
}

} // namespace core
