// libFuzzer target: any bytes through the scenario reader and the config.json importer; every
// accepted scenario through estimate(), the timeline, every writer and a round trip. Crashes,
// sanitizer reports, unbounded work, NaN/inf/null or control characters in output, and broken
// round trips are findings. scripts/test.sh runs it for 60 s (scripts/fuzz.sh [seconds] for longer);
// tests/fuzz/corpus holds the seeds, among them reproducers of hostile inputs that once broke the reader.
#include "core/estimate/estimate.h"
#include "core/estimate/estimate_io.h"
#include "core/estimate/timeline.h"
#include "core/runs/hf_import.h"
#include "core/scenario/scenario_io.h"
#include "tests/fuzz/fuzz_checks.h"

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string_view>

namespace {

using fuzz::hasControlBytes;
using fuzz::require;

void checkScenario(const core::Scenario& s)
{
    const core::Estimate e = core::estimate(s);
    require(std::isfinite(e.memory.total()) && std::isfinite(e.compute.stepTimeS));
    require(e.gpus >= 1 && e.params.total > 0);
    const core::Timeline t = core::pipelineTimeline(s, e);
    require(t.blocks.size() <= std::size_t(core::kMaxTimelineBlocks) + 2 * std::size_t(t.stages));
    // Every writer, UTF-8 out, no null (nlohmann writes a NaN or an infinity as null), read back equal.
    fuzz::checkWriters(s);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const core::ScenarioResult parsed = core::parseScenario(text);
    if (parsed.ok())
        checkScenario(*parsed.scenario);
    else
        require(!parsed.error.message.empty()
            && !hasControlBytes(parsed.error.toString())); // every refusal says why, printably

    // The same bytes as a config.json: what imports is a scenario TrainPlanner reads back.
    const core::ImportResult imported = core::importHfConfig(text);
    if (imported.ok())
        checkScenario(core::scenarioFor(*imported.model));
    else
        require(!imported.error.message.empty() && !hasControlBytes(imported.error.toString()));
    return 0;
}
