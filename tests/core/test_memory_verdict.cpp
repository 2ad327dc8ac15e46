// Near the GPU's capacity the estimate cannot tell a fit from a failure: within its memory error the
// verdict gives the margin (core::MemoryFit), in the files and on the command line.
#include "core/estimate/estimate.h"
#include "core/estimate/estimate_io.h"
#include "core/fidelity/fidelity.h"
#include "core/scenario/scenario_io.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cmath>

using namespace core;

namespace {

/// The default scenario's estimate with the GPU's capacity set so that the peak leaves `margin` of it.
Estimate withMargin(double margin)
{
    Estimate e = estimate(defaultScenario());
    e.memory.capacity = e.memory.total() / (1 - margin);
    return e;
}

} // namespace

TEST_CASE("within the estimate's memory error of the capacity, the verdict gives the margin", "[core][memory][verdict]")
{
    CHECK(withMargin(0.20).memory.fit() == MemoryFit::fits);
    CHECK(withMargin(0.03).memory.fit() == MemoryFit::fits_narrowly);
    CHECK(withMargin(0.0).memory.fit() == MemoryFit::fits_narrowly);
    CHECK(withMargin(-0.02).memory.fit() == MemoryFit::over_narrowly);
    CHECK(withMargin(-0.20).memory.fit() == MemoryFit::does_not_fit);
    CHECK(withMargin(0.03).memory.margin() == Approx(0.03));
    // The command line and the files say it.
    CHECK_THAT(estimateToText(defaultScenario(), withMargin(0.03)),
        Catch::Contains("verdict              fits with 3.0 % to spare (within the estimate's 6 % error)"));
    CHECK_THAT(
        estimateToText(defaultScenario(), withMargin(-0.02)), Catch::Contains("over by 2.0 %: may fail at the peak"));
    CHECK_THAT(
        estimateToText(defaultScenario(), withMargin(0.20)), Catch::Contains("verdict              fits, headroom"));
    const auto memory = nlohmann::json::parse(estimateToJson(withMargin(-0.02))).at("memory");
    CHECK(memory.at("verdict") == "over_narrowly");
    CHECK(memory.at("margin").get<double>() == Approx(-0.02));
    CHECK(memory.at("fits") == false);
}

TEST_CASE("the verdict's band is the suite's out-of-sample error of peak memory", "[core][memory][verdict][fidelity]")
{
    // kMemoryErrorBand is that error rounded down to a whole per cent: when the suite moves, so must it.
    const FidelitySummary s = validatePublished();
    CHECK(kMemoryErrorBand <= s.memoryMeanAbsError);
    CHECK(kMemoryErrorBand > s.memoryMeanAbsError - 0.01);
}
