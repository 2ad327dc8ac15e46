// Where `launch -o` and `import-config -o` write, and what they never replace: a file that exists
// without --force, the command's own input, half of a DeepSpeed pair; "-" and /dev/stdout as
// standard output; the exit codes (2 bad input, 3 an output that cannot be written).
#include "tests/cli/cli_runner.h"
#include "tests/scratch_folder.h"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace fs = std::filesystem;

namespace {

/// A fresh private folder per test case, removed at the end.
struct Folder : tp_test::ScratchFolder {
    Folder()
        : ScratchFolder("tp_cli_out")
    {
    }
};

void put(const std::string& path, const std::string& text)
{
    std::ofstream(path, std::ios::binary) << text;
}

/// Runs `trainplanner-cli ARGS` inside `dir` through the shell, with `tail` (redirections, a pipe)
/// after it; the exit code of the shell line.
int shellIn(const fs::path& dir, const std::string& args, const std::string& tail)
{
    const std::string cmd = "cd '" + dir.string() + "' && " + std::string(TP_CLI) + " " + args + " " + tail;
    const int status = std::system(cmd.c_str());
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

const std::string kDeepSpeedScenario = std::string(TP_SOURCE_DIR) + "/resources/scenarios/default.tpscenario.json";
const std::string kConfig = std::string(TP_SOURCE_DIR) + "/tests/data/hf/llama-2-7b.json";

} // namespace

TEST_CASE("output: -o never replaces a file that exists unless --force is given", "[cli][output]")
{
    Folder d;
    const std::string out = d / "megatron.args";
    put(out, "MY NOTES");
    Run r = run("launch - --framework megatron -o " + out);
    CHECK(r.code == 3);
    CHECK(r.out.empty());
    CHECK_THAT(r.err, Catch::Contains("cannot write " + out + ": it exists; give --force to replace it"));
    CHECK(slurp(out) == "MY NOTES");
    r = run("launch - --framework megatron -o " + out + " --force");
    CHECK(r.code == 0);
    CHECK_THAT(slurp(out), Catch::Contains("--tensor-model-parallel-size"));
    CHECK(d.entries() == 1);

    // import-config the same, a link to an existing file counting as existing.
    const std::string scenario = d / "my.tpscenario.json";
    put(scenario, "MY SCENARIO");
    fs::create_symlink(scenario, d / "link.json");
    r = run("import-config " + kConfig + " -o " + d / "link.json");
    CHECK(r.code == 3);
    CHECK_THAT(r.err, Catch::Contains("it exists; give --force to replace it"));
    CHECK(slurp(scenario) == "MY SCENARIO");
    r = run("import-config " + kConfig + " -o " + d / "link.json --force");
    CHECK(r.code == 0);
    CHECK(fs::is_symlink(d / "link.json"));
    CHECK_THAT(slurp(scenario), Catch::Contains("trainplanner-scenario"));
    // A new file needs no --force.
    CHECK(run("import-config " + kConfig + " -o " + d / "new.json").code == 0);
    CHECK_THAT(slurp(d / "new.json"), Catch::Contains("trainplanner-scenario"));
}

TEST_CASE("output: -o onto the command's own input is refused even with --force", "[cli][output]")
{
    Folder d;
    const std::string s = d / "s.tpscenario.json";
    fs::copy_file(kDefault, s);
    const std::string before = slurp(s);
    for (const std::string& target : { s, d.dir.string() + "/./s.tpscenario.json" }) {
        const Run r = run("launch " + s + " --framework megatron -o " + target + " --force");
        CHECK(r.code == 3);
        CHECK_THAT(r.err, Catch::Contains("it is the scenario this command reads"));
        CHECK(slurp(s) == before);
    }
    // Through a symbolic link and a hard link: the same file.
    fs::create_symlink(s, d / "link.json");
    fs::create_hard_link(s, d / "hard.json");
    CHECK(run("launch " + d / "link.json" + " --framework megatron -o " + s + " --force").code == 3);
    CHECK(run("launch " + s + " --framework megatron -o " + d / "hard.json" + " --force").code == 3);
    CHECK(slurp(s) == before);
    // import-config onto its config.json.
    const std::string config = d / "config.json";
    fs::copy_file(kConfig, config);
    const Run imported = run("import-config " + config + " -o " + config + " --force");
    CHECK(imported.code == 3);
    CHECK_THAT(imported.err, Catch::Contains("it is the config.json this command reads"));
    CHECK(slurp(config) == slurp(kConfig));
}

TEST_CASE("DeepSpeed's config and its expectations are written both or neither", "[cli][output]")
{
    Folder d;
    const std::string out = d / "ds.json";
    put(out, "ORIGINAL");
    fs::create_directory(d / "ds.json.expected.txt");
    // A folder where the side file goes: exit 3, and ds.json untouched even with --force.
    for (const char* force : { "", " --force" }) {
        const Run r = run("launch " + kDeepSpeedScenario + " --framework deepspeed -o " + out + force);
        CHECK(r.code == 3);
        CHECK_THAT(r.err, Catch::Contains("ds.json.expected.txt: not a regular file (a folder)"));
        CHECK(slurp(out) == "ORIGINAL");
    }
    CHECK(d.entries() == 2); // no temporary file left
    // A FIFO there: refused without opening it (that would block).
    fs::remove(d / "ds.json.expected.txt");
    REQUIRE(::mkfifo((d / "ds.json.expected.txt").c_str(), 0600) == 0);
    CHECK(run("launch " + kDeepSpeedScenario + " --framework deepspeed -o " + out + " --force").code == 3);
    CHECK(slurp(out) == "ORIGINAL");
    fs::remove(d / "ds.json.expected.txt");
    // A name whose side file would pass NAME_MAX: nothing is created.
    const std::string longName = d / std::string(250, 'x');
    const Run tooLong = run("launch " + kDeepSpeedScenario + " --framework deepspeed -o " + longName);
    CHECK(tooLong.code == 3);
    CHECK_THAT(tooLong.err, Catch::Contains("the name is too long"));
    CHECK_FALSE(fs::exists(longName));
    // Both exist: both named, neither replaced without --force; both replaced with it.
    put(d / "ds.json.expected.txt", "ORIGINAL");
    const Run both = run("launch " + kDeepSpeedScenario + " --framework deepspeed -o " + out);
    CHECK(both.code == 3);
    CHECK_THAT(both.err, Catch::Contains("ds.json.expected.txt: they exist; give --force to replace them"));
    CHECK(run("launch " + kDeepSpeedScenario + " --framework deepspeed -o " + out + " --force").code == 0);
    CHECK_THAT(slurp(out), Catch::Contains("train_batch_size"));
    CHECK_THAT(slurp(d / "ds.json.expected.txt"), Catch::Contains("step time"));
    CHECK(d.entries() == 2);
}

TEST_CASE("output: -o - and a path naming standard output write to standard output, other special files are refused",
    "[cli][output]")
{
    Folder d;
    // "-" is standard output, not a file named "-".
    CHECK(shellIn(d.dir, "launch - --framework megatron -o -", "> out.txt 2> err.txt") == 0);
    CHECK_FALSE(fs::exists(d / "-"));
    CHECK_THAT(slurp(d / "out.txt"), Catch::Contains("--tensor-model-parallel-size"));
    CHECK(shellIn(d.dir, "import-config " + kConfig + " -o -", "> s.json 2> err.txt") == 0);
    CHECK_THAT(slurp(d / "s.json"), Catch::Contains("trainplanner-scenario"));
    // DeepSpeed with -o -: the JSON on stdout, the expectations on stderr (as without -o).
    CHECK(shellIn(d.dir, "launch - --framework deepspeed -o -", "> ds.json 2> expected.txt") == 0);
    CHECK(slurp(d / "ds.json").rfind("{", 0) == 0);
    CHECK_THAT(slurp(d / "expected.txt"), Catch::Contains("step time"));

    // /dev/stdout in a pipe, and redirected to a file: this program's own standard output.
    CHECK(shellIn(d.dir, "launch - --framework megatron -o /dev/stdout", "2> err.txt | cat > piped.txt") == 0);
    CHECK_THAT(slurp(d / "piped.txt"), Catch::Contains("--tensor-model-parallel-size"));
    CHECK(slurp(d / "err.txt").empty());
    CHECK(shellIn(d.dir, "launch - --framework megatron -o /dev/stdout", "> redirected.txt 2> err.txt") == 0);
    CHECK_THAT(slurp(d / "redirected.txt"), Catch::Contains("--tensor-model-parallel-size"));

    // A FIFO that is not our standard output: refused, saying what it is, and left a FIFO.
    REQUIRE(::mkfifo((d / "fifo").c_str(), 0600) == 0);
    const Run fifo = run("launch - --framework megatron -o " + d / "fifo");
    CHECK(fifo.code == 3);
    CHECK_THAT(fifo.err, Catch::Contains("fifo: not a regular file (a pipe)"));
    struct stat st { };
    REQUIRE(::stat((d / "fifo").c_str(), &st) == 0);
    CHECK(S_ISFIFO(st.st_mode));
}

TEST_CASE("output: -o into a missing folder says so, with the path once, and -o '' is bad usage", "[cli][output]")
{
    Folder d;
    for (const std::string& target : { d / "newdir/", d / "newdir/file" }) {
        const Run r = run("launch - --framework megatron -o " + target);
        CHECK(r.code == 3);
        CHECK(r.err == "trainplanner-cli: cannot write " + target + ": no such folder\n");
    }
    CHECK_FALSE(fs::exists(d / "newdir"));
    const Run empty = run("launch - --framework megatron -o ''");
    CHECK(empty.code == 2);
    CHECK_THAT(empty.err, Catch::Contains("--output: must name a file"));
    CHECK(run("import-config " + kConfig + " -o ''").code == 2);
    // --force without an output to replace: bad usage, not silently ignored.
    const Run force = run("launch - --framework megatron --force");
    CHECK(force.code == 2);
    CHECK(force.out.empty());
    CHECK_THAT(force.err, Catch::Contains("--force requires --output"));
    CHECK(run("import-config " + kConfig + " --force").code == 2);
    // The existing folder itself: not a regular file.
    const Run folder = run("launch - --framework megatron -o " + d.dir.string() + "/");
    CHECK(folder.code == 3);
    CHECK_THAT(folder.err, Catch::Contains("not a regular file (a folder)"));
}

TEST_CASE("launch refuses a global batch the frameworks refuse, and a name's DEL stays valid TOML", "[cli][launch]")
{
    Folder d;
    for (const char* framework : { "megatron", "deepspeed" }) {
        const Run r
            = run(std::string("launch - --framework ") + framework + " --set training.micro_batch=3 -o " + d / "out");
        CHECK(r.code == 2);
        CHECK(r.out.empty());
        CHECK_THAT(r.err, Catch::Contains("training.global_batch = 1024 cannot be expressed"));
    }
    CHECK(d.entries() == 0);
    const Run wide
        = run("launch - --framework deepspeed --set training.global_batch=1000000000 --set parallel.dp=40000 "
              "--set training.micro_batch=65536");
    CHECK(wide.code == 2);
    CHECK(wide.out.empty());

    // A name with DEL, a tab and other controls: torchtitan's TOML reads back with Python's tomllib
    // (Python 3.11), the description unchanged.
    put(d / "s.json",
        R"({"format": "trainplanner-scenario", "version": 1, "name": "a\tb\u007fc\u0001d\u2028e",
            "model": {"preset": "llama-3-8b"}, "parallel": {"zero": 3}, "precision": {"gradients": "fp32"}})");
    REQUIRE(run("launch " + d / "s.json" + " --framework torchtitan -o " + d / "job.toml").code == 0);
    const std::string check = "python3 -c \"import sys, tomllib; d = tomllib.load(open(sys.argv[1], 'rb')); "
                              "sys.exit(0 if d['job']['description'] == 'a\\tb\\x7fc\\x01d\\u2028e' else 1)\" "
        + d / "job.toml";
    const int status = std::system(check.c_str());
    CHECK(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 0);
}
