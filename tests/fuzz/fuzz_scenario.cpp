// libFuzzer target: any bytes through the scenario reader, and every accepted scenario through
// estimate(), both file writers and a round trip. Crashes, sanitizer reports and broken round
// trips are findings. Build and run: scripts/fuzz.sh [seconds].
#include "estimate.h"
#include "estimate_io.h"
#include "scenario_io.h"

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const core::ScenarioResult parsed = core::parseScenario(text);
    if (!parsed.ok()) {
        if (parsed.error.message.empty()) std::abort();  // every refusal must say why
        return 0;
    }
    const core::Estimate e = core::estimate(*parsed.scenario);
    if (!std::isfinite(e.memory.total()) || !std::isfinite(e.compute.stepTimeS)) std::abort();
    (void)core::estimateToJson(e);
    (void)core::estimateToCsv(e);
    const core::ScenarioResult again = core::parseScenario(core::scenarioToJson(*parsed.scenario));
    if (!again.ok() || !(*again.scenario == *parsed.scenario)) std::abort();
    return 0;
}
