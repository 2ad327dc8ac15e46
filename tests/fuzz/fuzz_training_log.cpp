// libFuzzer target: any bytes as a training log, read whole and in three pieces split anywhere (the
// streaming reader must not see where a piece ends), then held against the default scenario's estimate
// and written as JSON and text. Crashes, sanitizer reports, a result that depends on the pieces, a
// comparison outside the physical bounds it enforces, NaN/inf/null or control characters in output are
// findings. scripts/fuzz.sh runs it from tests/fuzz/corpus_training_log.
#include "core/estimate/estimate.h"
#include "core/fidelity/calibration.h"
#include "core/fidelity/fidelity.h"
#include "core/runs/log_reader.h"
#include "core/runs/training_log.h"
#include "tests/fuzz/fuzz_checks.h"

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string_view>

namespace {

using fuzz::hasControlBytes;
using fuzz::require;

bool sameLog(const core::TrainingLog& a, const core::TrainingLog& b)
{
    if (a.format != b.format || a.stepLines != b.stepLines || a.steadySteps != b.steadySteps
        || a.sample.size() != b.sample.size() || a.firstStepLine != b.firstStepLine
        || a.rejectedLines != b.rejectedLines || a.restarts != b.restarts || a.notes.size() != b.notes.size())
        return false;
    for (std::size_t i = 0; i < a.sample.size(); ++i)
        if (a.sample[i].pace != b.sample[i].pace) return false;
    return a.peakMemoryGib.has_value() == b.peakMemoryGib.has_value()
        && (!a.peakMemoryGib || a.peakMemoryGib->line == b.peakMemoryGib->line);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    static const core::Scenario scenario = core::defaultScenario();
    static const core::Estimate estimate = core::estimateWithRange(scenario);
    static const core::MeasurementBounds bounds = core::measurementBounds(scenario, estimate);
    const std::string_view text(reinterpret_cast<const char*>(data), size);

    core::Problem problem;
    const auto whole = core::parseTrainingLog(text, &problem);
    // The same bytes in three pieces, split where the input's first bytes say.
    const std::size_t a = size > 0 ? data[0] * size / 256 : 0;
    const std::size_t b = size > 1 ? a + data[1] * (size - a) / 256 : a;
    core::LogParser parser;
    parser.feed(text.substr(0, a));
    parser.feed(text.substr(a, b - a));
    parser.feed(text.substr(b));
    const auto pieces = parser.finish();
    require(whole.has_value() == pieces.has_value());
    if (!whole) {
        require(problem.code == core::ProblemCode::log_has_no_steps && !hasControlBytes(problem.message()));
        return 0;
    }
    require(sameLog(*whole, *pieces));
    require(whole->stepLines >= 1 && whole->sample.size() <= core::kLogSampleCapacity);
    require(whole->steadySteps == whole->stepLines - 1);

    const auto c = core::compareWithLog(scenario, estimate, *whole, &problem);
    if (!c) {
        require(problem.code == core::ProblemCode::measurement_implausible && !problem.message().empty()
            && !hasControlBytes(problem.message()));
        return 0;
    }
    // What the comparison takes as measured lies within the bounds it enforces: the scenario's, or
    // those of the run the log states when it states another batch or sequence length.
    const core::MeasurementBounds& held = c->bounds;
    const bool sameWork = !whole->stated[std::size_t(core::LogSetting::global_batch)]
        && !whole->stated[std::size_t(core::LogSetting::seq_len)];
    if (sameWork) require(held.minStepTimeS == bounds.minStepTimeS && held.maxStepTimeS == bounds.maxStepTimeS);
    require(std::isfinite(c->stepTimeS) && c->stepTimeS >= held.minStepTimeS && c->stepTimeS <= held.maxStepTimeS);
    require(c->stepsUsed >= 1 && c->stepsUsed <= c->log.stepLines && c->stepsLeftOut >= 0);
    require(!c->peakMemoryGib || *c->peakMemoryGib <= held.maxMemoryGib);
    require(!c->mfu || (*c->mfu >= 0 && *c->mfu <= 1));
    require(std::isfinite(c->forecast.timeS) && std::isfinite(c->forecast.totalCostUsd));
    const std::string json = core::actualToJson(*c);
    require(json.find("null") == std::string::npos); // nlohmann writes a NaN or an infinity as null
    require(!hasControlBytes(core::actualToText(*c)));
    for (const core::LogNote& note : c->notes)
        require(!note.message().empty() && !hasControlBytes(note.message()));
    return 0;
}
