// Full training that updates 16- or 8-bit float weights with no fp32 master copy loses every update
// below half the spacing at the weight, 2^-(mantissa + 1) of its magnitude (Micikevicius et al. 2018,
// "Mixed Precision Training", §3.1): the estimate warns, names the threshold from the format's
// mantissa, and offers fp32 master weights as the fix. LoRA and QLoRA, which freeze the base
// weights, and fp32 weights or fp32 master weights raise nothing.
#include "core/estimate/estimate.h"
#include "core/model/number_format.h"
#include "core/scenario/scenario_io.h"
#include "core/search/suggest.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <initializer_list>

using namespace core;

namespace {

Scenario scenarioWith(std::initializer_list<const char*> overrides)
{
    Scenario s = defaultScenario();
    for (const char* o : overrides)
        REQUIRE_FALSE(applyOverride(s, o));
    return s;
}

const Problem* warning(const Estimate& e)
{
    for (const Problem& w : e.warnings)
        if (w.code == ProblemCode::no_master_weights) return &w;
    return nullptr;
}

} // namespace

TEST_CASE("pure bf16 full training warns that updates below 2^-8 of a weight round away", "[core][master]")
{
    const Scenario s = scenarioWith({ "precision.weights=bf16", "precision.master_weights=none" });
    REQUIRE(s.training.method == Method::full);
    const Estimate e = estimate(s);
    const Problem* w = warning(e);
    REQUIRE(w);
    CHECK(w->key == "precision.master_weights"); // the form marks that field
    CHECK(w->value("format") == int(DType::bf16));
    CHECK(w->value("mantissa_bits") == 7); // bf16: 8 exponent bits, 7 stored fraction bits
    CHECK(w->value("threshold") == std::ldexp(1.0, -8)); // 0.390625 %
    CHECK_THAT(w->message(), Catch::Contains("2^-8") && Catch::Contains("0.39 %") && Catch::Contains("§3.1"));
}

TEST_CASE("fp16 weights without a master copy lose updates below 2^-11", "[core][master]")
{
    const Problem* w = nullptr;
    const Estimate e = estimate(scenarioWith({ "precision.weights=fp16", "precision.master_weights=none" }));
    w = warning(e);
    REQUIRE(w);
    CHECK(w->value("mantissa_bits") == 10);
    CHECK(w->value("threshold") == std::ldexp(1.0, -11));
    // A master copy in the weights' own format keeps nothing more: it warns too.
    CHECK(warning(estimate(scenarioWith({ "precision.weights=bf16", "precision.master_weights=bf16" }))));
}

TEST_CASE("no warning for LoRA or QLoRA or fp32 master weights or fp32 weights", "[core][master]")
{
    CHECK_FALSE(warning(estimate(scenarioWith({ "precision.weights=bf16", "precision.master_weights=fp32" }))));
    CHECK_FALSE(warning(estimate(scenarioWith({ "precision.weights=fp32", "precision.master_weights=none" }))));
    CHECK_FALSE(warning(
        estimate(scenarioWith({ "training.method=lora", "precision.weights=bf16", "precision.master_weights=none" }))));
    CHECK_FALSE(warning(estimate(scenarioWith({ "training.method=qlora", "precision.master_weights=none" }))));
    // The default scenario keeps fp32 master weights.
    CHECK_FALSE(warning(estimate(defaultScenario())));
}

TEST_CASE("the fix for missing master weights sets fp32 master weights and removes the warning", "[core][master]")
{
    const Scenario s = scenarioWith({ "precision.weights=bf16", "precision.master_weights=none" });
    const Estimate e = estimate(s);
    REQUIRE(warning(e));
    const Suggestion* fix = nullptr;
    const auto fixes = nearestValid(s, e);
    for (const Suggestion& f : fixes)
        if (f.code == ProblemCode::no_master_weights) fix = &f;
    REQUIRE(fix);
    CHECK(fix->key == "precision.master_weights");
    CHECK(fix->value == "fp32");
    REQUIRE(fix->scenario.precision.masterWeights);
    CHECK(*fix->scenario.precision.masterWeights == DType::fp32);
    CHECK_FALSE(warning(estimate(fix->scenario)));
    // The same as the file's key set by hand.
    CHECK(fix->scenario == scenarioWith({ "precision.weights=bf16", "precision.master_weights=fp32" }));
}
