// The third hostile-input review's defects as the commands meet them (hostile-input-3.md): a
// scenario in a Latin-1 folder through every command that writes it, --set text that is
// not UTF-8, --prices '', the price search's rows told apart, and the app's
// batch modes: a forgotten PNG name, an existing picture, options that go with --screenshot. The
// whole runner is tests/hostile/round3/run_all.sh (scripts/test.sh).
#include "tests/cli/cli_runner.h"
#include "tests/scratch_folder.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <set>
#include <sstream>

namespace fs = std::filesystem;

namespace {

/// A scenario naming a hardware profile beside it, in a folder whose name is Latin-1.
struct Latin1Folder : tp_test::ScratchFolder {
    std::string folder;
    Latin1Folder()
        : ScratchFolder("tp_cli_hostile3")
    {
        folder = *this / "caf\xe9";
        fs::create_directories(folder);
        std::ofstream(folder + "/profile.tphardware.json") << R"({"format": "trainplanner-hardware-profile",
            "version": 1, "name": "cluster", "hardware": {"gpu": "h100-sxm", "gpus_per_node": 8}})";
        std::ofstream(folder + "/with-profile.tpscenario.json") << R"({"format": "trainplanner-scenario", "version": 1,
            "model": {"preset": "llama-2-7b"}, "name": "with profile", "hardware": {"profile": "profile.tphardware.json"}})";
    }
    [[nodiscard]] std::string scenario() const { return "'" + folder + "/with-profile.tpscenario.json'"; }
};

bool validJson(const std::string& text)
{
    return nlohmann::json::accept(text);
}

} // namespace

TEST_CASE("a scenario whose profile is in a Latin-1 folder goes through every writing command", "[cli][hostile3][utf8]")
{
    const Latin1Folder f;
    const Run plan = run("plan " + f.scenario() + " --gpus 8 --top 1 --format json");
    CHECK(plan.code == 0);
    CHECK(validJson(plan.out));
    const Run sweep = run("sweep " + f.scenario() + " --vary parallel.zero=0,1");
    CHECK(sweep.code == 0);
    const Run set = run("estimate " + f.scenario() + " --set parallel.zero=1 --format json");
    CHECK(set.code == 0);
    REQUIRE(validJson(set.out));
    // The scenario as launch writes it names its profile by a file URI.
    const Run launch = run("launch " + f.scenario() + " --framework megatron -o -");
    CHECK(launch.code == 0);
}

TEST_CASE("text given with --set that is not UTF-8 is refused by its key, exit 2", "[cli][hostile3][utf8]")
{
    const Run name = run("plan - --gpus 8 --top 1 --format json --set 'name=bad\xff\xfename'");
    CHECK(name.code == 2);
    CHECK_THAT(name.err, Catch::Contains("name: is not UTF-8 text"));
    CHECK(name.out.empty());
    const Run launch = run("launch - --framework torchtitan --set 'model={\"preset\":\"llama-3-8b\"}' --set "
                           "parallel.zero=3 --set precision.gradients=fp32 --set 'name=bad\xffname' -o -");
    CHECK(launch.code == 2);
    // A profile's path may be bytes: a missing one is named, nothing aborts.
    const Run profile = run("plan - --gpus 8 --top 1 --format json --set 'hardware.profile=p\xe9.tphardware.json'");
    CHECK(profile.code == 2);
    CHECK_THAT(profile.err, Catch::Contains("hardware.profile"));
    CHECK_THAT(profile.err, Catch::Contains("p\\xe9.tphardware.json: no such file"));
}

TEST_CASE("plan --prices '' is refused like any empty path", "[cli][hostile3]")
{
    const Run r = run("plan - --gpus 8 --top 1 --prices ''");
    CHECK(r.code == 2);
    CHECK_THAT(r.err, Catch::Contains("--prices: names no file"));
    CHECK(r.out.empty());
}

TEST_CASE("the price search's table prints every knob, so no two rows look alike", "[cli][hostile3]")
{
    const std::string prices = std::string(TP_SOURCE_DIR) + "/tests/hostile/round3/cloud-prices-2026.tpprices.json";
    const Run r = run("plan - --gpus 64 --top 6 --prices " + prices);
    REQUIRE(r.code == 0);
    CHECK_THAT(r.out, Catch::Contains("recompute") && Catch::Contains(" mb "));
    std::istringstream lines(r.out);
    std::set<std::string> rows;
    int ranked = 0;
    for (std::string line; std::getline(lines, line);) {
        const auto first = line.find_first_not_of(' ');
        // A ranked row: its rank right-aligned after spaces ("   1 h100-sxm …"); the summary starts at once.
        if (first == std::string::npos || first == 0 || !std::isdigit(static_cast<unsigned char>(line[first])))
            continue;
        const auto space = line.find(' ', first);
        if (space == std::string::npos || line.size() < 60) continue;
        ++ranked;
        CHECK(rows.insert(line.substr(space)).second); // the row without its rank
    }
    CHECK(ranked == 6);
}

#if TP_GUI
namespace {

int runGui(const std::string& args, const std::string& folder, std::string* err = nullptr)
{
    const std::string errFile = folder + "/.gui.err";
    const std::string cmd = "cd '" + folder + "' && QT_QPA_PLATFORM=offscreen HOME='" + folder + "' XDG_CONFIG_HOME='"
        + folder + "' " + std::string(TP_GUI_BINARY) + " " + args + " > /dev/null 2> .gui.err";
    const int status = std::system(cmd.c_str());
    if (err) *err = slurp(errFile);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

} // namespace

TEST_CASE("the app's --screenshot replaces no file unasked, never its input, and writes only a .png",
    "[cli][gui][hostile3][files]")
{
    tp_test::ScratchFolder s("tp_gui_hostile3");
    const std::string scenario = slurp(kDefault);
    std::ofstream(s / "my.tpscenario.json") << scenario;
    std::string err;
    // The PNG's name forgotten: the scenario would have become a picture.
    CHECK(runGui("--screenshot my.tpscenario.json", s.dir.string(), &err) == 2);
    CHECK_THAT(err, Catch::Contains("must end in .png"));
    CHECK(slurp(s / "my.tpscenario.json") == scenario);
    // An existing picture: refused without --force, replaced with it.
    std::ofstream(s / "shot.png") << "MY PICTURE";
    CHECK(runGui("my.tpscenario.json --screenshot shot.png", s.dir.string(), &err) == 3);
    CHECK_THAT(err, Catch::Contains("it exists; give --force to replace it"));
    CHECK(slurp(s / "shot.png") == "MY PICTURE");
    CHECK(runGui("my.tpscenario.json --screenshot shot.png --force", s.dir.string()) == 0);
    CHECK(slurp(s / "shot.png").substr(1, 3) == "PNG");
    // Its own input, by another name: refused even with --force.
    fs::create_symlink(s / "my.tpscenario.json", s / "link.png");
    CHECK(runGui("my.tpscenario.json --screenshot link.png --force", s.dir.string(), &err) == 3);
    CHECK_THAT(err, Catch::Contains("it is the scenario this command reads"));
    CHECK(slurp(s / "my.tpscenario.json") == scenario);
}

TEST_CASE("the app's --export refuses its input with --force, the options it ignores, and says why a folder fails",
    "[cli][gui][hostile3][files]")
{
    tp_test::ScratchFolder s("tp_gui_hostile3");
    const std::string scenario = slurp(kDefault);
    std::ofstream(s / "scenario.tpscenario.json") << scenario;
    std::string err;
    CHECK(
        runGui("scenario.tpscenario.json --export . --no-subfolder --plain-names --force", s.dir.string(), &err) == 3);
    CHECK_THAT(err, Catch::Contains("it is the scenario this command reads"));
    CHECK(slurp(s / "scenario.tpscenario.json") == scenario);
    CHECK(s.entries() == 2); // the scenario and .gui.err: nothing written
    CHECK(runGui("--export out --tab bogus --size 1x1 --slide 99", s.dir.string(), &err) == 2);
    CHECK_THAT(err, Catch::Contains("--tab, --size and --slide go with --screenshot"));
    CHECK(runGui("--export " + std::string(300, 'a'), s.dir.string(), &err) == 3);
    CHECK_THAT(err, Catch::Contains("cannot create the folder (the name is too long)"));
    std::ofstream(s / "file") << "x";
    CHECK(runGui("--export file", s.dir.string(), &err) == 3);
    CHECK_THAT(err, Catch::Contains("is not a folder"));
}
#endif
