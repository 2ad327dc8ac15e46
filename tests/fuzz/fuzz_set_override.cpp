// libFuzzer target: any bytes as --set values, one KEY=VALUE a line (at most eight), applied to the
// bundled default in order, as `estimate - --set … --set …` and `sweep --vary` do. A refused value
// leaves the scenario as it was and says why, printably; an accepted one goes through every writer
// (fuzz_checks.h checkWriters: UTF-8 out, a file that reads back equal). A shell passes any bytes: a
// name that was not UTF-8 once aborted every writer. scripts/fuzz.sh runs it from
// tests/fuzz/corpus_set_override, seeded with the hostile-input reviews' --set values; a profile in a
// folder whose name is Latin-1 is made at start for the seeds that name it (relative to that folder).
#include "core/scenario/scenario_io.h"
#include "tests/fuzz/fuzz_checks.h"

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <unistd.h>

namespace {

/// A scratch folder with caf\xe9/profile.tphardware.json, made once: the seeds name it by a relative
/// path, which is read as relative to this folder (the target does not change the working folder:
/// libFuzzer reads its corpus by the paths it was given).
const std::string& scratch()
{
    static const std::string folder = [] {
        char pattern[] = "/tmp/tp-fuzz-set-XXXXXX";
        fuzz::require(::mkdtemp(pattern) != nullptr);
        const std::filesystem::path latin1 = std::filesystem::path(pattern) / "caf\xe9";
        std::filesystem::create_directories(latin1);
        std::ofstream(latin1 / "profile.tphardware.json")
            << R"({"format": "trainplanner-hardware-profile", "version": 1, "name": "cluster",)"
            << R"( "hardware": {"gpu": "h100-sxm", "gpus_per_node": 8}})";
        return std::string(pattern);
    }();
    return folder;
}

/// A relative hardware.profile is taken in the scratch folder.
std::string inScratch(std::string_view assignment)
{
    constexpr std::string_view key = "hardware.profile=";
    if (!assignment.starts_with(key)) return std::string(assignment);
    const std::string_view path = assignment.substr(key.size());
    if (path.empty() || path.starts_with('/') || path.starts_with("file:")) return std::string(assignment);
    return std::string(key) + scratch() + "/" + std::string(path);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    std::string_view text(reinterpret_cast<const char*>(data), size);
    core::Scenario s = core::defaultScenario();
    for (int line = 0; line < 8 && !text.empty(); ++line) {
        const std::size_t end = std::min(text.find('\n'), text.size());
        const std::string_view assignment = text.substr(0, end);
        text.remove_prefix(std::min(end + 1, text.size()));
        const core::Scenario before = s;
        if (const auto error = core::applyOverride(s, inScratch(assignment))) {
            fuzz::require(s == before && !error->message.empty() && !fuzz::hasControlBytes(error->toString()));
            continue;
        }
        fuzz::checkWriters(s);
    }
    return 0;
}
