// libFuzzer target: any bytes as a hardware profile (*.tphardware.json) that a scenario names by a
// relative path, both in a folder whose name is Latin-1 (valid on Linux, not UTF-8): the profile is
// read through the scenario, as File › Open and every command read it. A refusal names the key and
// says why, printably; a scenario that reads goes through every writer (fuzz_checks.h checkWriters),
// its profile's path among what they write. scripts/fuzz.sh runs it from tests/fuzz/corpus_hardware_profile.
#include "core/scenario/scenario_io.h"
#include "tests/fuzz/fuzz_checks.h"

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

namespace {

struct Files {
    std::string scenario, profile;
};

/// tmp/caf\xe9/s.tpscenario.json naming p.tphardware.json beside it; made once.
const Files& files()
{
    static const Files made
        =
            [] {
                char pattern[] = "/tmp/tp-fuzz-profile-XXXXXX";
                fuzz::require(::mkdtemp(pattern) != nullptr);
                const std::filesystem::path folder = std::filesystem::path(pattern) / "caf\xe9";
                std::filesystem::create_directories(folder);
                Files f { (folder / "s.tpscenario.json").string(), (folder / "p.tphardware.json").string() };
                std::ofstream(f.scenario)
                    << R"({"format": "trainplanner-scenario", "version": 1, "name": "profile fuzz",)"
                    << R"( "model": {"preset": "llama-2-7b"}, "hardware": {"profile": "p.tphardware.json"}})";
                return f;
            }();
    return made;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const Files& f = files();
    {
        std::ofstream out(f.profile, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(data), std::streamsize(size));
    }
    const core::ScenarioResult read = core::loadScenarioFile(f.scenario);
    if (!read.ok()) {
        fuzz::require(!read.error.message.empty() && !fuzz::hasControlBytes(read.error.toString()));
        return 0;
    }
    fuzz::require(read.scenario->hardware.profile == f.profile); // the bytes of its path, kept
    fuzz::checkWriters(*read.scenario);
    return 0;
}
