// Installing like a desktop application: `cmake --install` into a DESTDIR puts every file
// in the freedesktop layout, the desktop entry and the AppStream metainfo pass their validators, and
// the man pages and the bash completion name every command and option the programs' --help lists.
#include "tests/cli/cli_runner.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <sys/wait.h>

namespace fs = std::filesystem;

namespace {

int shell(const std::string& command)
{
    const int status = std::system(command.c_str());
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/// Removes the install tree when the test process ends.
struct RemovedAtExit {
    fs::path path;
    ~RemovedAtExit()
    {
        std::error_code ignored;
        fs::remove_all(path, ignored);
    }
};

/// A DESTDIR install of this build tree, once per test process.
const fs::path& installed()
{
    static const RemovedAtExit root { [] {
        const fs::path dir = fs::temp_directory_path() / ("tp_install_" + std::to_string(::getpid()));
        fs::remove_all(dir);
        const std::string command = "DESTDIR=" + dir.string() + " " + std::string(TP_CMAKE) + " --install "
            + std::string(TP_BUILD_DIR) + " --prefix /usr >/dev/null 2>&1";
        REQUIRE(shell(command) == 0);
        return dir;
    }() };
    return root.path;
}

/// The options (--name) that a --help text lists.
std::set<std::string> optionsIn(const std::string& help)
{
    std::set<std::string> out;
    const std::regex option(R"((^|[\s,])(--[a-z][a-z0-9-]*))");
    for (std::sregex_iterator it(help.begin(), help.end(), option), end; it != end; ++it)
        out.insert((*it)[2].str());
    return out;
}

/// The commands a CLI11 --help lists under "Subcommands:".
std::vector<std::string> commandsIn(const std::string& help)
{
    std::vector<std::string> out;
    const auto at = help.find("Subcommands:");
    REQUIRE(at != std::string::npos);
    std::istringstream lines(help.substr(at));
    std::string line;
    std::getline(lines, line);
    while (std::getline(lines, line)) {
        std::istringstream words(line);
        std::string name;
        if (line.rfind("  ", 0) == 0 && words >> name) out.push_back(name);
    }
    return out;
}

/// roff writes "--" as "\-\-".
std::string unescapedRoff(const std::string& text)
{
    // Copied, not replaced in place: GCC 12 misreads a replace as an overlapping copy (-Wrestrict, GCC bug 105329).
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        const bool escapedDash = text[i] == '\\' && i + 1 < text.size() && text[i + 1] == '-';
        out += escapedDash ? '-' : text[i];
        i += escapedDash ? 1 : 0;
    }
    return out;
}

} // namespace

TEST_CASE("cmake --install puts every file where a desktop expects it", "[install]")
{
    const fs::path usr = installed() / "usr";
    const char* files[] = { "bin/trainplanner-cli", "share/man/man1/trainplanner-cli.1",
        "share/bash-completion/completions/trainplanner-cli", "share/mime/packages/org.trainplanner.TrainPlanner.xml",
        "share/trainplanner/examples/article-large-7b-64gpu.tpscenario.json",
        "share/trainplanner/examples/cloud-prices-2026.tpprices.json", "share/doc/trainplanner/README.md",
        "share/doc/trainplanner/DESIGN.md" };
    for (const char* f : files) {
        INFO(f);
        CHECK(fs::is_regular_file(usr / f));
    }
#if TP_GUI
    const char* gui[] = { "bin/trainplanner", "share/man/man1/trainplanner.1",
        "share/applications/org.trainplanner.TrainPlanner.desktop",
        "share/icons/hicolor/scalable/apps/org.trainplanner.TrainPlanner.svg",
        "share/metainfo/org.trainplanner.TrainPlanner.metainfo.xml" };
    for (const char* f : gui) {
        INFO(f);
        CHECK(fs::is_regular_file(usr / f));
    }
#endif
    // Every example the source tree has is installed, and nothing of the build tree leaks in.
    int examples = 0;
    for (const auto& e : fs::directory_iterator(std::string(TP_SOURCE_DIR) + "/resources/examples")) {
        ++examples;
        CHECK(fs::is_regular_file(usr / "share/trainplanner/examples" / e.path().filename()));
    }
    CHECK(examples >= 8);
    for (const auto& e : fs::recursive_directory_iterator(usr)) {
        INFO(e.path().string());
        CHECK(e.path().extension() != ".a");
        CHECK(e.path().filename() != "CMakeLists.txt");
    }
    // The installed program runs from the install tree.
    CHECK(shell((usr / "bin/trainplanner-cli").string() + " --version >/dev/null") == 0);
}

TEST_CASE("the desktop entry, the MIME types and the AppStream metainfo pass their validators", "[install]")
{
    const fs::path share = installed() / "usr/share";
    REQUIRE(shell("command -v desktop-file-validate >/dev/null") == 0); // scripts/test.sh installs them
    REQUIRE(shell("command -v appstreamcli >/dev/null") == 0);
    const std::string mime = (share / "mime/packages/org.trainplanner.TrainPlanner.xml").string();
    CHECK_THAT(slurp(mime), Catch::Contains("*.tpscenario.json"));
    CHECK_THAT(slurp(mime), Catch::Contains("*.tphardware.json"));
#if TP_GUI
    const std::string desktop = (share / "applications/org.trainplanner.TrainPlanner.desktop").string();
    CHECK(shell("desktop-file-validate " + desktop) == 0);
    CHECK_THAT(slurp(desktop), Catch::Contains("MimeType=application/x-trainplanner-scenario;"));
    CHECK(shell("appstreamcli validate --no-net --pedantic "
              + (share / "metainfo/org.trainplanner.TrainPlanner.metainfo.xml").string() + " >/dev/null")
        == 0);
#endif
}

TEST_CASE("the man pages and the bash completion name every command and option of --help", "[install]")
{
    const std::string cliMan = unescapedRoff(slurp(std::string(TP_SOURCE_DIR) + "/docs/man/trainplanner-cli.1"));
    const std::string completion = slurp(std::string(TP_SOURCE_DIR) + "/resources/completion/trainplanner-cli");
    CHECK(shell("bash -n " + std::string(TP_SOURCE_DIR) + "/resources/completion/trainplanner-cli") == 0);
    const Run top = run("--help");
    REQUIRE(top.code == 0);
    const auto commands = commandsIn(top.out);
    CHECK(commands.size() >= 11);
    for (const std::string& command : commands) {
        INFO(command);
        CHECK_THAT(cliMan, Catch::Contains(".BI \"" + command) || Catch::Contains(".B \"" + command));
        CHECK_THAT(completion, Catch::Contains("\n        " + command + ")"));
        const Run help = run(command + " --help");
        REQUIRE(help.code == 0);
        for (const std::string& option : optionsIn(help.out.substr(help.out.find("Options:")))) {
            INFO(option);
            CHECK_THAT(cliMan, Catch::Contains(option));
            CHECK_THAT(completion, Catch::Contains(option));
        }
    }
#if TP_GUI
    const std::string guiMan = unescapedRoff(slurp(std::string(TP_SOURCE_DIR) + "/docs/man/trainplanner.1"));
    const std::string gui = std::string(TP_GUI_BINARY) + " --help";
    FILE* pipe = ::popen(("QT_QPA_PLATFORM=offscreen " + gui + " 2>/dev/null").c_str(), "r");
    REQUIRE(pipe);
    std::string help;
    char buffer[4096];
    for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;)
        help.append(buffer, n);
    CHECK(::pclose(pipe) == 0);
    const auto options = optionsIn(help);
    CHECK(options.size() >= 8);
    for (const std::string& option : options) {
        INFO(option);
        CHECK_THAT(guiMan, Catch::Contains(option));
    }
#endif
}

#if TP_GUI
TEST_CASE("the window's help and version print without a display", "[cli][install]")
{
    // Over ssh or in a container there is no display: Qt's default platform would abort before any
    // option is read.
    for (const char* option : { "--help", "--version" }) {
        INFO(option);
        const std::string command = std::string("env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM ") + TP_GUI_BINARY
            + " " + option + " 2>/dev/null";
        FILE* pipe = ::popen(command.c_str(), "r");
        REQUIRE(pipe);
        std::string out;
        char buffer[4096];
        for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;)
            out.append(buffer, n);
        CHECK(::pclose(pipe) == 0);
        CHECK_THAT(out, Catch::Contains(std::string(option) == "--help" ? "--screenshot" : "TrainPlanner"));
    }
}
#endif

#if TP_GUI
TEST_CASE("the window's --export names the files after the scenario unless asked for plain names", "[cli][export]")
{
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / ("tp-export-names-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    for (const bool plain : { false, true }) {
        const fs::path out = dir / (plain ? "plain" : "named");
        const std::string command = std::string("QT_QPA_PLATFORM=offscreen ") + TP_GUI_BINARY
            + " --no-subfolder --export " + out.string() + (plain ? " --plain-names" : "") + " >/dev/null 2>&1";
        REQUIRE(std::system(command.c_str()) == 0);
        // The bundled default is Llama 2 7B on 8 A100 80GB: its short name leads every file's name.
        CHECK(fs::exists(out / (plain ? "memory.png" : "llama-2-7b-8xa100-80gb_memory.png")));
        CHECK(fs::exists(out / (plain ? "estimate.csv" : "llama-2-7b-8xa100-80gb_estimate.csv")));
    }
    // Given without --export, it is refused with the options it goes with.
    CHECK(std::system(
              (std::string("QT_QPA_PLATFORM=offscreen ") + TP_GUI_BINARY + " --plain-names >/dev/null 2>&1").c_str())
        != 0);
    fs::remove_all(dir);
}
#endif
