// The one read path and the one write path: bounded reads
// that never trust st_size or block, and atomic writes that never destroy the old file, follow a
// planted link, replace a device or FIFO, or widen a file's permissions.
#include "core/base/file_io.h"
#include "core/base/printable.h"
#include "tests/scratch_folder.h"

#include <catch2/catch.hpp>

#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace core;
namespace fs = std::filesystem;

namespace {

/// A fresh private folder per test case, removed at the end.
struct Scratch : tp_test::ScratchFolder {
    Scratch()
        : ScratchFolder("tp_file_io")
    {
    }
};

std::string slurp(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    return { std::istreambuf_iterator<char>(in), {} };
}

void put(const std::string& path, const std::string& text)
{
    std::ofstream(path, std::ios::binary) << text;
}

mode_t modeOf(const std::string& path)
{
    struct stat st { };
    ::lstat(path.c_str(), &st);
    return st.st_mode;
}

bool contains(const std::string& text, const std::string& part)
{
    return text.find(part) != std::string::npos;
}

} // namespace

TEST_CASE("bounded reads: what the file is, not what it says it is", "[core][file_io]")
{
    Scratch s;
    put(s / "a.json", "{\"x\": 1}");
    CHECK(readFileBounded(s / "a.json", 100).text == "{\"x\": 1}");
    CHECK(contains(readFileBounded(s / "a.json", 3).error, "too large (8 bytes, at most 3)"));
    CHECK(contains(readFileBounded(s / "missing", 100).error, "no such file"));
    CHECK(contains(readFileBounded(s.dir.string(), 100).error, "not a regular file"));
    CHECK(contains(readFileBounded("", 100).error, "no such file"));
    CHECK(contains(readFileBounded(s / "a.json" + std::string(1, '\0') + "junk", 100).error, "NUL"));

    // A FIFO would block the open: refused before opening.
    REQUIRE(::mkfifo((s / "fifo").c_str(), 0600) == 0);
    CHECK(contains(readFileBounded(s / "fifo", 100).error, "not a regular file"));

    // A link loop is a link loop, not "no such file".
    fs::create_symlink(s / "loop2", s / "loop1");
    fs::create_symlink(s / "loop1", s / "loop2");
    CHECK(contains(readFileBounded(s / "loop1", 100).error, "link loop"));

    // procfs says 0 bytes for files with content (/proc/kallsyms was read whole, 5.4 MB,
    // before the 1 MiB limit applied): the read itself stops at limit + 1 bytes.
    struct stat st { };
    REQUIRE(::stat("/proc/self/status", &st) == 0);
    REQUIRE(st.st_size == 0);
    CHECK(contains(readFileBounded("/proc/self/status", 16).error, "too large (more than 16 bytes)"));
    CHECK(readFileBounded("/proc/self/status", 1 << 20).ok());
}

TEST_CASE("atomic writes replace a file whole and keep its permissions", "[core][file_io]")
{
    Scratch s;
    const std::string target = s / "out.json";
    REQUIRE(writeFileAtomically(target, "first").empty());
    CHECK(slurp(target) == "first");
    const mode_t mask = ::umask(0);
    ::umask(mask);
    CHECK((modeOf(target) & 0777) == (0666 & ~mask)); // a new file: 0666 less the umask, as any program's

    // A private file stays private (a 0600 file had become 0644).
    REQUIRE(::chmod(target.c_str(), 0600) == 0);
    REQUIRE(writeFileAtomically(target, "second").empty());
    CHECK(slurp(target) == "second");
    CHECK((modeOf(target) & 0777) == 0600);
    CHECK(s.entries() == 1); // no temporary file left

    // A valid 252-byte name (".tmp" pushed the old temporary name past NAME_MAX).
    const std::string longName = s / std::string(252, 'o');
    CHECK(writeFileAtomically(longName, "long").empty());
    CHECK(slurp(longName) == "long");
}

TEST_CASE("atomic writes refuse what is not a regular file and follow links to one", "[core][file_io]")
{
    Scratch s;
    // A FIFO stays a FIFO (it had become a regular file, as /dev/full did for root).
    REQUIRE(::mkfifo((s / "fifo").c_str(), 0600) == 0);
    CHECK(contains(writeFileAtomically(s / "fifo", "x"), "not a regular file"));
    CHECK(S_ISFIFO(modeOf(s / "fifo")));
    // A socket (a device node needs root: the same branch refuses it).
    const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
    sockaddr_un address {};
    address.sun_family = AF_UNIX;
    const std::string socketPath = s / "sock";
    std::snprintf(address.sun_path, sizeof address.sun_path, "%s", socketPath.c_str());
    if (socketPath.size() < sizeof address.sun_path
        && ::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0) {
        CHECK(contains(writeFileAtomically(socketPath, "x"), "not a regular file"));
        CHECK(S_ISSOCK(modeOf(socketPath)));
    }
    ::close(fd);
    // A folder.
    fs::create_directory(s / "folder");
    CHECK(contains(writeFileAtomically(s / "folder", "x"), "not a regular file"));

    // A link to a file: the file it names gets the new bytes and the link stays a link.
    put(s / "target9", "TARGET-OLD");
    fs::create_symlink(s / "target9", s / "link9");
    CHECK(writeFileAtomically(s / "link9", "new").empty());
    CHECK(fs::is_symlink(s / "link9"));
    CHECK(slurp(s / "target9") == "new");
    // A link to nothing is refused.
    fs::create_symlink(s / "nowhere", s / "dangling");
    CHECK(contains(writeFileAtomically(s / "dangling", "x"), "leads nowhere"));

    // A planted PATH.tmp link to a victim is neither followed nor removed.
    put(s / "victim.txt", "VICTIM");
    fs::create_symlink(s / "victim.txt", s / "out.json.tmp");
    CHECK(writeFileAtomically(s / "out.json", "scenario").empty());
    CHECK(slurp(s / "victim.txt") == "VICTIM");
    CHECK(fs::is_symlink(s / "out.json.tmp"));
    CHECK(slurp(s / "out.json") == "scenario");
}

TEST_CASE("a write that fails leaves the old file byte for byte", "[core][file_io]")
{
    Scratch s;
    const std::string target = s / "report.md";
    const std::string old(10'000, 'a');
    put(target, old);
    // A full disk without root: RLIMIT_FSIZE in a child, with SIGXFSZ ignored so that write()
    // fails with EFBIG (once, the disk filled during an export and files became empty).
    const pid_t child = ::fork();
    REQUIRE(child >= 0);
    if (child == 0) {
        std::signal(SIGXFSZ, SIG_IGN);
        const rlimit limit { 4096, 4096 };
        ::setrlimit(RLIMIT_FSIZE, &limit);
        const std::string error = writeFileAtomically(target, std::string(100'000, 'b'));
        ::_exit(contains(error, "cannot write") && contains(error, "File too large") ? 0 : 1);
    }
    int status = 0;
    ::waitpid(child, &status, 0);
    REQUIRE(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 0);
    CHECK(slurp(target) == old);
    CHECK(s.entries() == 1); // the temporary file is gone

    // A folder that cannot be written to (as root every folder can: checked only without root).
    if (::geteuid() != 0) {
        fs::create_directory(s / "ro");
        put(s / "ro/file", "OLD");
        fs::permissions(s / "ro", fs::perms::owner_read | fs::perms::owner_exec);
        CHECK(contains(writeFileAtomically(s / "ro/file", "new"), "cannot create a temporary file"));
        CHECK(slurp(s / "ro/file") == "OLD");
        fs::permissions(s / "ro", fs::perms::owner_all);
    }
}

TEST_CASE("messages show input escaped and bounded", "[core][file_io][messages]")
{
    // ESC, OSC, BEL, NUL, C1 controls and bidirectional overrides are escaped.
    CHECK(printable("\x1b[2J\x1b]0;PWNED\x07") == "\\x1b[2J\\x1b]0;PWNED\\x07");
    CHECK(printable(std::string("a\0b", 3)) == "a\\x00b");
    CHECK(printable("\xc2\x9b"
                    "31m")
        == "\\u009b31m"); // C1 CSI
    CHECK(printable("abc\xe2\x80\xae"
                    "cba")
        == "abc\\u202ecba"); // right-to-left override
    CHECK(printable("\xff\xfe") == "\\xff\\xfe"); // not UTF-8
    CHECK(printable("训练 🚀") == "训练 🚀"); // printable text passes unchanged
    // A 500 KB key is cut, saying by how much; never inside a character.
    CHECK(printable(std::string(500'000, 'k'), 10) == "kkkkkkkkkk…(+499990 bytes)");
    CHECK(printable("训练", 4) == "训…(+3 bytes)");
    CHECK(escapeControls(std::string(300, 'x')).size() == 300);
}

namespace {

/// A rename step that fails on its `failAt`-th call (1-based) and renames otherwise, as rename(2) or,
/// when `replace` is false, as link + unlink (which does not replace either).
int gRenameCalls = 0;
int gFailAt = 0;
int failingRename(const char* from, const char* to, bool replace)
{
    if (++gRenameCalls == gFailAt) {
        errno = EIO;
        return -1;
    }
    if (replace) return ::rename(from, to);
    if (::link(from, to) != 0) return -1;
    return ::unlink(from);
}

} // namespace

TEST_CASE("a set of files is written whole or not at all", "[core][file_io][set]")
{
    Scratch s;
    put(s / "a.json", "OLD-A");
    ::chmod((s / "a.json").c_str(), 0600);
    const std::vector<FileToWrite> set { { s / "a.json", "NEW-A" }, { s / "b.txt", "NEW-B" },
        { s / "c.txt", "NEW-C" } };

    // Refusing to replace: nothing is written, and the caller learns which files exist.
    WriteSetResult r = writeFilesAtomically(set, Existing::refuse);
    CHECK_FALSE(r.ok());
    CHECK(r.existing == std::vector<std::string> { s / "a.json" });
    CHECK(contains(r.error, "a.json: it exists"));
    CHECK(slurp(s / "a.json") == "OLD-A");
    CHECK(s.entries() == 1);

    // A later target that cannot be written (a folder where a file should go): nothing is replaced,
    // and the message names that path, not the first one.
    fs::create_directory(s / "c.txt");
    r = writeFilesAtomically(set, Existing::replace);
    CHECK(contains(r.error, "c.txt: not a regular file (a folder)"));
    CHECK(r.existing.empty());
    CHECK(slurp(s / "a.json") == "OLD-A");
    CHECK_FALSE(fs::exists(s / "b.txt"));
    CHECK(s.entries() == 2); // a.json and the folder c.txt: no temporary file
    // The same with refuse: the folder is the reason, not that a.json exists (--force would not help).
    r = writeFilesAtomically(set, Existing::refuse);
    CHECK(contains(r.error, "c.txt: not a regular file (a folder)"));
    CHECK(r.existing.empty());
    fs::remove(s / "c.txt");

    // A rename that fails halfway: the files renamed before it get their old content back (a.json)
    // or go (b.txt), the temporary files and backups are removed, and the failing path is named.
    gRenameCalls = 0;
    gFailAt = 3;
    r = detail::writeFilesAtomically(set, Existing::replace, Links::follow, failingRename);
    CHECK(contains(r.error, "c.txt: cannot replace it"));
    CHECK(slurp(s / "a.json") == "OLD-A");
    CHECK((modeOf(s / "a.json") & 0777) == 0600);
    CHECK_FALSE(fs::exists(s / "b.txt"));
    CHECK_FALSE(fs::exists(s / "c.txt"));
    CHECK(s.entries() == 1);
    // The same when nothing may be replaced and the second rename fails: the first new file goes.
    fs::remove(s / "a.json");
    gRenameCalls = 0;
    gFailAt = 2;
    r = detail::writeFilesAtomically(set, Existing::refuse, Links::follow, failingRename);
    CHECK(contains(r.error, "b.txt: cannot replace it"));
    CHECK(s.entries() == 0);
    put(s / "a.json", "OLD-A");
    ::chmod((s / "a.json").c_str(), 0600);

    // Replacing: all three written, the old file's permissions kept, nothing else left.
    r = writeFilesAtomically(set, Existing::replace);
    CHECK(r.ok());
    CHECK(slurp(s / "a.json") == "NEW-A");
    CHECK((modeOf(s / "a.json") & 0777) == 0600);
    CHECK(slurp(s / "b.txt") == "NEW-B");
    CHECK(slurp(s / "c.txt") == "NEW-C");
    CHECK(s.entries() == 3);
}

TEST_CASE("a set is checked before anything is written: names, folders, duplicates", "[core][file_io][set]")
{
    Scratch s;
    put(s / "ds.json", "ORIGINAL");
    // A pair whose second name is too long for the file system (NAME_MAX 255): the first is kept.
    const std::string base(250, 'x');
    put(s / base, "ORIGINAL");
    WriteSetResult r
        = writeFilesAtomically({ { s / base, "new" }, { s / (base + ".expected.txt"), "new" } }, Existing::replace);
    CHECK(contains(r.error, "the name is too long"));
    CHECK(slurp(s / base) == "ORIGINAL");
    // A FIFO as the second file: refused without opening it (opening a FIFO blocks).
    REQUIRE(::mkfifo((s / "ds.json.expected.txt").c_str(), 0600) == 0);
    r = writeFilesAtomically({ { s / "ds.json", "new" }, { s / "ds.json.expected.txt", "new" } }, Existing::replace);
    CHECK(contains(r.error, "ds.json.expected.txt: not a regular file (a pipe)"));
    CHECK(slurp(s / "ds.json") == "ORIGINAL");

    // A missing folder, spelt as a folder or as a file in it.
    CHECK(contains(writeFileAtomically(s / "newdir/", "x"), "newdir/: no such folder"));
    CHECK(contains(writeFileAtomically(s / "newdir/file", "x"), "newdir/file: no such folder"));
    CHECK(
        contains(writeFileAtomically(s / "ds.json/file", "x"), "no such folder (a part of the path is not a folder)"));
    CHECK(contains(writeFileAtomically("", "x"), "no file name"));

    // The same file named twice, directly or through a link: refused, nothing written.
    fs::create_symlink(s / "ds.json", s / "link.json");
    r = writeFilesAtomically({ { s / "ds.json", "one" }, { s / "link.json", "two" } }, Existing::replace);
    CHECK(contains(r.error, "link.json: named twice"));
    CHECK(slurp(s / "ds.json") == "ORIGINAL");
    r = writeFilesAtomically({ { s / "n.txt", "one" }, { s / "./n.txt", "two" } }, Existing::refuse);
    CHECK(contains(r.error, "named twice"));
    CHECK_FALSE(fs::exists(s / "n.txt"));

    // A link to an existing file counts as existing (its target would be replaced).
    r = writeFilesAtomically({ { s / "link.json", "x" } }, Existing::refuse);
    CHECK(r.existing == std::vector<std::string> { s / "link.json" });
}

TEST_CASE("the same file through any path, and a path that names standard output", "[core][file_io]")
{
    Scratch s;
    put(s / "in.json", "x");
    fs::create_symlink(s / "in.json", s / "link.json");
    fs::create_hard_link(s / "in.json", s / "hard.json");
    CHECK(sameFile(s / "in.json", s / "link.json"));
    CHECK(sameFile(s / "in.json", s / "hard.json"));
    CHECK(sameFile(s / "in.json", s.dir.string() + "/./in.json"));
    CHECK_FALSE(sameFile(s / "in.json", s / "missing.json"));
    put(s / "other.json", "x");
    CHECK_FALSE(sameFile(s / "in.json", s / "other.json"));

    const int fd = ::open((s / "in.json").c_str(), O_RDONLY);
    REQUIRE(fd >= 0);
    CHECK(namesDescriptor(s / "link.json", fd));
    CHECK(namesDescriptor("/proc/self/fd/" + std::to_string(fd), fd));
    CHECK_FALSE(namesDescriptor(s / "other.json", fd));
    ::close(fd);
}
