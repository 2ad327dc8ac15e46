// The number-format lab against the source article's demo and the formats' published layouts.
#include "core/model/number_format.h"

#include <catch2/catch.hpp>

#include <limits>

using namespace core;

TEST_CASE("source article: 1.0 + 10,000 × 1e-4 in fp32, bf16 and fp16", "[core][precision][published]")
{
    // Source article §3.2 and docs/PUBLISHED.md: fp32 → 2.0001657009124756; bf16 round-to-nearest → 1.0;
    // bf16 truncated (the article's snippet) → 1.0; fp16 → 1.0.
    CHECK(accumulate(1.0, 1e-4, 10'000, NumberFormat::fp32).final == 2.0001657009124756);
    CHECK(accumulate(1.0, 1e-4, 10'000, NumberFormat::bf16).final == 1.0);
    CHECK(accumulate(1.0, 1e-4, 10'000, NumberFormat::bf16, Rounding::truncate).final == 1.0);
    CHECK(accumulate(1.0, 1e-4, 10'000, NumberFormat::fp16).final == 1.0);
}

TEST_CASE("stochastic rounding and Kahan compensation rescue bf16", "[core][precision]")
{
    // In expectation stochastic rounding adds the full update (Gupta et al. 2015). One run is a sum
    // of ~128 Bernoulli steps of 2^-7: its standard deviation is about 0.09 (4.4 %), so the mean
    // of 32 seeded runs is held to 2 % (2.5 standard errors) and each run to 15 % (3.4 σ).
    double sum = 0;
    for (std::uint64_t seed = 1; seed <= 32; ++seed) {
        const double final
            = accumulate(1.0, 1e-4, 10'000, NumberFormat::bf16, Rounding::stochastic, false, 10, seed).final;
        CHECK(final == Approx(2.0).epsilon(0.15));
        sum += final;
    }
    CHECK(sum / 32 == Approx(2.0).epsilon(0.02));
    CHECK(
        accumulate(1.0, 1e-4, 10'000, NumberFormat::bf16, Rounding::nearest, true).final == Approx(2.0).epsilon(0.02));
}

TEST_CASE("format layouts: spacing, range, smallest kept update", "[core][precision][published]")
{
    // bf16: 8 exponent, 7 fraction bits, spacing at 1.0 = 2^-7; fp16 max 65504; fp8 e4m3 max 448
    // (no infinities), e5m2 max 57344 (Micikevicius et al. 2022).
    const auto& bf16 = formatInfo(NumberFormat::bf16);
    CHECK(bf16.exponentBits == 8);
    CHECK(bf16.mantissaBits == 7);
    CHECK(bf16.spacingAtOne == 0.0078125);
    CHECK(bf16.smallestKeptRatio == 0.00390625);
    CHECK(formatInfo(NumberFormat::fp16).maxFinite == 65504);
    CHECK(formatInfo(NumberFormat::fp8_e4m3).maxFinite == 448);
    CHECK_FALSE(formatInfo(NumberFormat::fp8_e4m3).hasInfinity);
    CHECK(formatInfo(NumberFormat::fp8_e5m2).maxFinite == 57344);
    CHECK(formatInfo(NumberFormat::fp16).minSubnormal == std::ldexp(1.0, -24));
    CHECK(formatInfo(NumberFormat::fp32).maxFinite == double(std::numeric_limits<float>::max()));
}

TEST_CASE("round-to-nearest-even at the bit level", "[core][precision]")
{
    // Halfway between 1 and 1 + 2^-7 rounds to the even neighbour 1; just above rounds up.
    CHECK(roundToFormat(1.0 + std::ldexp(1.0, -8), NumberFormat::bf16) == 1.0);
    CHECK(roundToFormat(1.0 + std::ldexp(1.0, -8) + std::ldexp(1.0, -20), NumberFormat::bf16) == 1.0078125);
    CHECK(roundToFormat(1.0 + 3 * std::ldexp(1.0, -8), NumberFormat::bf16) == 1.0 + std::ldexp(1.0, -6)); // tie → even
    CHECK(roundToFormat(65520.0, NumberFormat::fp16) == std::numeric_limits<double>::infinity());
    CHECK(roundToFormat(1000.0, NumberFormat::fp8_e4m3) == 448); // saturates: e4m3 has no infinity
    CHECK(roundToFormat(0.1, NumberFormat::fp32) == double(0.1f));
    CHECK(roundToFormat(std::ldexp(1.0, -25), NumberFormat::fp16) == 0); // half the smallest subnormal: ties to 0
    CHECK(truncateToBf16(1.0078125f + 0.0039f) == 1.0078125f);
}

TEST_CASE("the lab covers every format and the bf16 variants", "[core][precision]")
{
    const auto runs = precisionLab(1.0, 1e-4, 1000, 10);
    REQUIRE(runs.size() == 8);
    CHECK(runs[5].rounding == Rounding::truncate);
    CHECK(runs[6].rounding == Rounding::stochastic);
    CHECK(runs[7].kahan);
    for (const auto& r : runs) {
        CHECK(r.trajectory.size() == r.trajectorySteps.size());
        CHECK(r.trajectorySteps.back() == 1000);
        CHECK(r.trajectory.back() == r.final);
    }
}
