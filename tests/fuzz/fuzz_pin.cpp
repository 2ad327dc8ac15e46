// libFuzzer target: short inputs as the planner's --pin specs, one per line ("parallel.tp=1,2,4"),
// added to one set of constraints (core/search/planner.h addConstraint) against the default scenario, then
// the choices a search would have (knobChoices); the search itself (plan()) is not run. Crashes,
// sanitizer reports, unbounded work and unprintable refusals are findings. scripts/fuzz.sh runs it
// from tests/fuzz/corpus_pin.
#include "core/search/planner.h"
#include "tests/fuzz/fuzz_checks.h"

#include <cstdint>
#include <cstdlib>
#include <string_view>

using fuzz::hasControlBytes;
using fuzz::require;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size > 1024) return 0; // a command line's pins, not a file
    static const core::Scenario base = core::defaultScenario();
    std::string_view text(reinterpret_cast<const char*>(data), size);
    core::PlanConstraints constraints;
    int specs = 0;
    while (!text.empty() && specs < 16) {
        const auto end = text.find('\n');
        const std::string_view spec = text.substr(0, end);
        text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
        ++specs;
        const auto before = constraints;
        if (const auto error = core::addConstraint(constraints, base, spec)) {
            require(!error->message.empty() && !hasControlBytes(error->toString()));
            require(constraints.allowed == before.allowed); // a refused pin changes nothing
        }
    }
    // The values a search on a few GPU counts would try: every allowed value is a value the knob can take.
    for (const int gpus : { 1, 8, 96 }) {
        const auto choices = core::knobChoices(base, gpus);
        for (std::size_t k = 0; k < core::kKnobCount; ++k)
            for (const int v : choices[k])
                require(v >= 0);
    }
    return 0;
}
