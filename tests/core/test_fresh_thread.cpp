// The estimate keeps per-thread caches of what is slow to recompute (the GEMMs' times by shape, a
// model's FLOPs), each under a key written by hand. A key that misses an input would return the
// previous scenario's answer after that input changed: on a thread that has estimated something
// else first, a changed scenario must give what a fresh thread gives, for every key of the file.
#include "core/estimate/estimate.h"
#include "core/estimate/estimate_io.h"
#include "core/scenario/scenario_fields.h"
#include "core/scenario/scenario_io.h"
#include "core/scenario/scenario_rules.h"
#include "tests/core/example_scenario.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <string>
#include <thread>
#include <vector>

namespace {

using core::test::example;

/// Another value of the field than `now`, within its range.
double otherValue(const core::Field& f, double now)
{
    using core::FieldKind;
    switch (f.kind) {
    case FieldKind::boolean:
        return now != 0 ? 0 : 1;
    case FieldKind::choice:
        return std::fmod(now + 1, double(f.choices.size()));
    case FieldKind::powerOfTwo:
        return now * 2 <= f.max ? now * 2 : now / 2;
    case FieldKind::integer:
        return now + 1 <= f.max ? now + 1 : now - 1;
    case FieldKind::number:
        return now * 1.25 <= f.max && now != 0 ? now * 1.25 : now != f.min ? (now + f.min) / 2 : f.max;
    }
    return now;
}

/// The estimate's file form, computed on a thread that has done nothing before.
std::string onFreshThread(const core::Scenario& s)
{
    std::string out;
    std::thread([&] { out = core::estimateToJson(core::estimate(s)); }).join();
    return out;
}

} // namespace

TEST_CASE("a changed input gives the same estimate on a warm thread as on a fresh one, for every key",
    "[core][estimate][cache]")
{
    int compared = 0;
    for (const core::Scenario& base : { core::defaultScenario(), example("deepseek-v3-2048-h800.tpscenario.json"),
             example("llama-3.1-405b-16k-h100.tpscenario.json"), example("lora-7b-rtx4090.tpscenario.json") }) {
        auto compare = [&](const core::Scenario& changed, const std::string& what) {
            if (core::validateScenario(changed) || core::layoutProblem(changed)) return;
            (void)core::estimate(base); // the thread's caches hold the base scenario's answers
            const std::string warm = core::estimateToJson(core::estimate(changed));
            INFO(base.name << ": " << what);
            CHECK(warm == onFreshThread(changed));
            ++compared;
        };
        for (const core::Field& f : core::scenarioFields()) {
            if (f.get && f.set) {
                core::Scenario s = base;
                f.set(s, otherValue(f, f.get(base)));
                compare(s, std::string(f.path));
            }
            for (std::size_t i = 0; f.entry && i < f.entries.size(); ++i) {
                core::Scenario s = base;
                const auto now = f.entry(base, i);
                f.setEntry(s, i, now ? *now * 0.8 : 100.0);
                compare(s, std::string(f.path) + " " + std::string(f.entries[i]));
            }
        }
    }
    CHECK(compared > 400);
}
