#pragma once
// The one way TrainPlanner reads and writes files, so that neither a full disk, a FIFO or a device
// at the path, a planted temporary file nor a zero-size /proc file can lose data or hang a read.
// Every file the CLI and the GUI write — scenarios, exports, reports, hardware profiles,
// imports — goes through writeFileAtomically() (files that belong together through
// writeFilesAtomically()); every file they read goes through readFileBounded().
// POSIX (Linux): the tool's platform.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace core {

/// Limits against hostile input files (a scenario, a hardware profile, a price table, the catalogs):
/// bounded size and nesting.
inline constexpr std::size_t kMaxScenarioBytes = 1 << 20;
inline constexpr int kMaxJsonDepth = 32;

/// Why a file could not be read, for a message in the interface's language (FileRead::error has
/// core's English words with the path).
enum class FileFailure {
    none,
    no_such_file, ///< also a part of the path that is not a folder, an empty name or one with NUL
    permission_denied,
    folder,
    not_regular, ///< a FIFO, a device, a socket
    too_large,
    name_too_long,
    link_loop,
    no_data, ///< a special file with nothing to give (/proc/kmsg)
    read_error, ///< an I/O error, or another reason the system gave
};

struct FileRead {
    std::string text;
    std::string error; ///< "PATH: reason" (PATH made printable); empty when the read succeeded
    FileFailure failure = FileFailure::none;

    [[nodiscard]] bool ok() const { return error.empty(); }
};

/// The content of a regular file of at most `limit` bytes. Never trusts the size the file system
/// reports (procfs says 0 for files of megabytes): reads at most limit + 1 bytes, without blocking
/// (a file that has no data yet, such as /proc/kmsg, "cannot be read"). Refuses FIFOs, devices,
/// sockets and folders before opening them (opening a FIFO blocks, opening a device can act).
[[nodiscard]] FileRead readFileBounded(const std::string& path, std::size_t limit);

/// Standard input (a pipe or a file), at most `limit` bytes: "-" on a command line that asks for it.
[[nodiscard]] FileRead readStdinBounded(std::size_t limit);

/// How a streamed read ended.
struct StreamRead {
    std::string error; ///< "PATH: reason" as FileRead's; empty when every byte was handed over or the consumer stopped
    bool stopped = false; ///< the consumer returned false
    std::uint64_t bytes = 0; ///< bytes handed over
    FileFailure failure = FileFailure::none;

    [[nodiscard]] bool ok() const { return error.empty(); }
};

/// Bytes read at a time by the streamed readers: what they hold, whatever the file's length.
inline constexpr std::size_t kReadChunkBytes = 64 * 1024;

/// Receives a streamed file in order, a piece of at most kReadChunkBytes at a time, with the size
/// stat() gave (0 for standard input, whose length is unknown); returns false to stop reading.
using ChunkConsumer = std::function<bool(std::string_view piece, std::uint64_t size)>;

/// readFileBounded()'s checks and limit (regular files only, refused before opening; at most
/// limit + 1 bytes read), but nothing is kept: each piece goes to `consume` as it is read, so the
/// memory a read takes does not grow with the file. A file over the limit is refused with
/// readFileBounded()'s words, after `consume` has seen the first `limit` bytes.
[[nodiscard]] StreamRead streamFileBounded(const std::string& path, std::uint64_t limit, const ChunkConsumer& consume);

/// The same for standard input (a pipe or a file): an endless one stops at the limit, "too large".
[[nodiscard]] StreamRead streamStdinBounded(std::uint64_t limit, const ChunkConsumer& consume);

/// Replaces the content of `path` with `bytes` so that, whatever fails, the file holds either its
/// old bytes or the new ones, never a mix:
///  - a symbolic link is followed and the file it names is replaced (the link stays);
///  - a target that exists and is not a regular file (FIFO, device, socket, folder) is refused;
///  - the bytes go to a new temporary file in the same folder, created exclusively with a random
///    name (O_CREAT | O_EXCL | O_NOFOLLOW: a planted link or file is never followed or reused);
///  - every write, fsync() and close() is checked (a full disk or RLIMIT_FSIZE is an error, not a
///    truncated file; SIGXFSZ must be ignored for the latter, see ignoreFileSizeSignal());
///  - the old file's permission bits (and owner, where allowed) are kept; a new file gets 0666
///    less the umask, as any program's new file does;
///  - then one rename() replaces the old file, and the folder is synced.
/// Returns an empty string on success, else "PATH: reason"; the temporary file is removed.
[[nodiscard]] std::string writeFileAtomically(const std::string& path, std::string_view bytes);

/// One file of a set that belongs together (a DeepSpeed config and its expectations, an export's files).
struct FileToWrite {
    std::string path;
    std::string bytes;
};

/// What writing a set does with a target that exists.
enum class Existing {
    refuse, ///< write nothing and list them (WriteSetResult::existing): a user's file is never replaced unasked
    replace, ///< replace them, each as writeFileAtomically() does
};

/// What writing a set does with a target that is a symbolic link.
enum class Links {
    follow, ///< replace the file the link names, keep the link (a saved scenario, -o FILE: as editors do)
    /// replace the link itself by the new file: an export's "files of the same names in DIR" are the
    /// names in DIR, and a link planted there must not carry the export to a file elsewhere
    replace,
};

struct WriteSetResult {
    std::string error; ///< "PATH: reason" for the first path that failed (PATH made printable); empty: all written
    /// With Existing::refuse, the targets (paths as given) that exist: nothing was written, and a caller
    /// may ask "replace these N files?" and write again with Existing::replace.
    std::vector<std::string> existing;

    [[nodiscard]] bool ok() const { return error.empty(); }
};

/// Writes a set of files all or none, each with writeFileAtomically()'s guarantees:
///  1. every target is checked before anything is written: not a folder, FIFO, device or socket (a
///     link is followed to the file it names), its folder exists, its name fits NAME_MAX and PATH_MAX,
///     no path named twice (also through a link), and with Existing::refuse none exists;
///  2. every file's bytes go to its own exclusively created temporary file, synced, before any
///     target is touched (a full disk stops the set here, nothing replaced);
///  3. the temporary files are renamed over their targets in order. A replaced file's old content is
///     kept meanwhile under a second, hard-linked name (a copy where the file system has no hard
///     links); if a rename fails, every target already renamed gets its old file back (a new one is
///     removed), and the temporary files are removed;
///  4. the backups are removed and each folder synced.
/// Only a crash during step 3 can leave a set half written (and hidden ".NAME.*.bak" backups).
/// With Existing::refuse a target that appears during the write is not replaced (RENAME_NOREPLACE).
/// With Links::replace a target that is a symbolic link counts as an existing file of that name, and
/// the link (not the file it names) is what gets replaced.
[[nodiscard]] WriteSetResult writeFilesAtomically(
    const std::vector<FileToWrite>& files, Existing existing, Links links = Links::follow);

/// A file a command reads, which none of its outputs may replace: it would be lost with the output.
struct InputFile {
    std::string path;
    std::string what; ///< "the scenario", "the hardware profile", … (English, for the message)
};

/// The first output of `outputs` that is one of `inputs` (sameFile(): also through a link or a hard
/// link), as "PATH: it is WHAT this command reads; write the output to another file"; empty when none is.
[[nodiscard]] std::string clashWithInputs(
    const std::vector<std::string>& outputs, const std::vector<InputFile>& inputs);

/// The outputs of a command (the CLI's -o, the app's --screenshot), under the rule of docs/DESIGN.md:
/// none replaces one of the command's inputs, even with `force`; none replaces an existing file
/// unless `force`; written as one set (writeFilesAtomically). Empty on success, else the message
/// ("cannot write PATH: it exists; give --force to replace it", …) — exit 3 for the caller.
[[nodiscard]] std::string writeOutputFiles(
    const std::vector<FileToWrite>& files, const std::vector<InputFile>& inputs, bool force);

/// Creates the folder `path` and its missing parents (0777 less the umask). Empty when `path` is a
/// folder after, else "PATH: cannot create the folder (reason)" or "PATH: is not a folder"; `created`
/// receives the folders it made, outermost first (to remove them again).
[[nodiscard]] std::string makeFolders(const std::string& path, std::vector<std::string>* created = nullptr);

/// A new, empty folder inside `parent` (which must exist), claimed with mkdir(): `name`, or
/// "name (2)", "name (3)", … where the name is taken by anything (a folder, a file, a link planted
/// there: never followed, never reused). Two exports started at once each get their own.
struct NewFolder {
    std::string path; ///< the folder made; empty on failure
    std::string error; ///< "PATH: reason" (PATH made printable) when no folder was made
};
[[nodiscard]] NewFolder makeNewFolder(const std::string& parent, const std::string& name);

/// Whether two paths name the same file (device and inode, links followed, hard links too); false
/// when either cannot be reached. For "an output must not replace the command's own input".
[[nodiscard]] bool sameFile(const std::string& a, const std::string& b);
/// Whether `path` names the file open as descriptor `fd` (-o /dev/stdout names standard output).
[[nodiscard]] bool namesDescriptor(const std::string& path, int fd);

namespace detail {
/// The rename step of writeFilesAtomically(), replaceable so that tests can make one fail halfway
/// through a set: returns 0 or sets errno, as rename(2) does; `replace` false must not replace.
using RenameStep = int (*)(const char* from, const char* to, bool replace);
[[nodiscard]] WriteSetResult writeFilesAtomically(
    const std::vector<FileToWrite>& files, Existing existing, Links links, RenameStep rename);
} // namespace detail

/// Makes a write past RLIMIT_FSIZE fail with EFBIG instead of killing the process with SIGXFSZ,
/// so that the error is reported (exit 3) and the old file kept. Call once at start-up.
void ignoreFileSizeSignal();

} // namespace core
