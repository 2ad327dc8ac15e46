#pragma once
// What every fuzz target checks besides the sanitizers: a broken expectation aborts (libFuzzer keeps
// the input that did it), and no message a user may read carries a control byte (a hostile input
// must not reach the terminal).

#include "core/base/printable.h"
#include "core/estimate/estimate.h"
#include "core/estimate/estimate_io.h"
#include "core/runs/launch.h"
#include "core/scenario/scenario_io.h"

#include <cstdlib>
#include <string_view>

namespace fuzz {

inline void require(bool condition)
{
    if (!condition) std::abort();
}

/// C0 controls other than line feed and tab, and DEL.
inline bool hasControlBytes(std::string_view s)
{
    for (const char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7F) return true;
    }
    return false;
}

/// A scenario that was accepted, through every writer that serializes it: the scenario file, the
/// estimate (JSON, CSV, text) and the three launch files. Each is UTF-8 (a JSON, CSV or TOML file must
/// be: a serializer that throws on other bytes aborted the program once), and the file reads back equal.
inline void checkWriters(const core::Scenario& s)
{
    const std::string file = core::scenarioToJson(s);
    require(core::isUtf8(file));
    const core::ScenarioResult again = core::parseScenario(file);
    require(again.ok() && *again.scenario == s);
    const core::Estimate e = core::estimate(s);
    const std::string json = core::estimateToJson(e);
    require(core::isUtf8(json) && json.find("null") == std::string::npos);
    require(core::isUtf8(core::estimateToCsv(e)));
    require(!hasControlBytes(core::estimateToText(s, e)));
    for (const core::Framework f :
        { core::Framework::megatron, core::Framework::torchtitan, core::Framework::deepspeed }) {
        const core::LaunchSettings launch = core::launchSettings(s, e, f);
        require(core::isUtf8(launch.text) && core::isUtf8(launch.expectationText));
    }
}

} // namespace fuzz
