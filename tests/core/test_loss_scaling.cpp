// Loss scaling in the number-format lab: the fractions a loss scale flushes to zero and
// overflows are the normal distribution's (values from its table, not from this code), the dynamic
// scaler follows PyTorch GradScaler's rule step by step, and fp8 rounding errors match the closed form
// for values spread evenly in log space.
#include "core/model/loss_scaling.h"

#include <catch2/catch.hpp>

#include <cmath>

namespace {

const core::FormatFractions& of(const std::vector<core::FormatFractions>& all, core::NumberFormat f)
{
    for (const auto& x : all)
        if (x.format == f) return x;
    FAIL("format missing");
    return all.front();
}

} // namespace

TEST_CASE("fp16 flushes |g|·S < 2^-25 and overflows |g|·S > 65504: normal-table fractions", "[loss-scale]")
{
    // Median two decades above fp16's flush threshold, one decade of spread: Φ(−2) of the gradients
    // underflow (standard normal table: 0.0227501).
    const double threshold = std::ldexp(1.0, -25);
    core::GradientDistribution g { threshold * 100, 1.0 };
    auto fp16 = core::lossScaleFractions(g, 1.0, core::NumberFormat::fp16);
    CHECK(fp16.underflowThreshold == threshold);
    CHECK(fp16.underflowFraction == Approx(0.0227501319).epsilon(1e-8));
    // A scale of 10: the threshold moves one decade down, Φ(−3) = 0.0013499.
    CHECK(core::lossScaleFractions(g, 10.0, core::NumberFormat::fp16).underflowFraction
        == Approx(0.0013498980).epsilon(1e-7));
    // Overflow: the median 1.5 standard deviations below 65504 → 1 − Φ(1.5) = 0.0668072.
    g = { 65504 / std::pow(10.0, 3.0), 2.0 };
    fp16 = core::lossScaleFractions(g, 1.0, core::NumberFormat::fp16);
    CHECK(fp16.maxFinite == 65504);
    CHECK(fp16.overflowFraction == Approx(0.0668072013).epsilon(1e-8));
    // Far tails stay exact (no 1 − Φ cancellation): 1 − Φ(8) = 6.22e-16.
    g = { 65504 / std::pow(10.0, 8.0), 1.0 };
    CHECK(core::lossScaleFractions(g, 1.0, core::NumberFormat::fp16).overflowFraction
        == Approx(6.220960574e-16).epsilon(1e-6));
}

TEST_CASE("the same gradients in bf16 and fp8: bf16's range keeps everything fp16 loses", "[loss-scale]")
{
    // Micikevicius et al. 2018, Figure 3: SSD's activation gradients, most below fp16's smallest value.
    const core::GradientDistribution g { 1e-8, 1.5 };
    const auto at1 = core::lossScaleFractions(g, 1.0);
    REQUIRE(at1.size() == 4);
    CHECK(of(at1, core::NumberFormat::fp16).underflowFraction > 0.1);
    CHECK(of(at1, core::NumberFormat::bf16).underflowFraction < 1e-12);
    // A loss scale of 2^16 rescues them in fp16 at no overflow cost.
    const auto at65536 = core::lossScaleFractions(g, 65536.0);
    CHECK(of(at65536, core::NumberFormat::fp16).underflowFraction < 0.01);
    CHECK(of(at65536, core::NumberFormat::fp16).overflowFraction < 1e-6);
    // fp8 e4m3's range (2^-10 … 448) is too narrow for 1.5 decades of spread whatever the scale.
    const auto e4m3 = core::lossScaleFractions(
        g, of(at1, core::NumberFormat::fp8_e4m3).centringScale, core::NumberFormat::fp8_e4m3);
    CHECK(e4m3.underflowFraction + e4m3.overflowFraction > 0.01);
    // Every fraction is a fraction, and they add up to no more than the whole.
    for (const auto& f : at65536) {
        CHECK(f.underflowFraction >= 0);
        CHECK(f.underflowFraction + f.subnormalFraction + f.overflowFraction <= 1 + 1e-12);
    }
}

TEST_CASE("the dynamic loss scaler: back off on overflow, grow after 2000 clean steps", "[loss-scale]")
{
    // Gradients of magnitude 1 with almost no spread: any scale above 65504 overflows, 2^15 never does.
    const core::GradientDistribution g { 1.0, 0.01 };
    core::ScalerOptions o;
    o.start = std::ldexp(1.0, 20);
    o.steps = 2005;
    const core::ScalerRun run = core::simulateScaler(g, o);
    // 2^20, 2^19, 2^18, 2^17 and 2^16 (> 65504) overflow: five skipped steps, the scale halving each time;
    // then 2000 clean steps at 2^15 double it back to 2^16.
    CHECK(run.skippedSteps == 5);
    CHECK(run.firstSkippedStep == 0);
    CHECK(run.minScale == std::ldexp(1.0, 15));
    CHECK(run.finalScale == std::ldexp(1.0, 16));
    CHECK(run.scale.front() == o.start);
    // Gradients far inside the range: never skipped, doubled every growth interval.
    const core::ScalerRun calm = core::simulateScaler({ 1e-6, 0.01 }, { .start = 1, .steps = 10000 });
    CHECK(calm.skippedSteps == 0);
    CHECK(calm.finalScale == 32); // 2^(10000 / 2000)
    // The same inputs give the same run, step for step (a fixed seed of a standard generator).
    const core::ScalerRun a = core::simulateScaler({ 1e-6, 1.2 }, {}), b = core::simulateScaler({ 1e-6, 1.2 }, {});
    CHECK(a.scale == b.scale);
    CHECK(a.skippedSteps == b.skippedSteps);
    CHECK(a.skippedSteps > 0);
}

TEST_CASE("fp8: block scaling keeps the small gradients per-tensor scaling flushes", "[loss-scale]")
{
    const auto errors = core::fp8ScalingErrors({ 1e-6, 1.0 });
    REQUIRE(errors.size() == 6);
    auto find = [&](const char* scheme, core::NumberFormat f) {
        for (const auto& e : errors)
            if (e.scheme == scheme && e.format == f) return e;
        FAIL(scheme);
        return errors.front();
    };
    const auto tensorE4m3 = find("per_tensor_delayed", core::NumberFormat::fp8_e4m3);
    const auto blockE4m3 = find("block_1x128", core::NumberFormat::fp8_e4m3);
    const auto mxE4m3 = find("mx_block_32", core::NumberFormat::fp8_e4m3);
    CHECK(blockE4m3.zeroFraction < tensorE4m3.zeroFraction);
    CHECK(blockE4m3.relativeRmsError < tensorE4m3.relativeRmsError);
    CHECK(mxE4m3.blockSize == 32);
    // e5m2 blocks: a decade of spread stays within the normal range, where round-to-nearest's relative
    // error on values spread evenly in log space is 2^-m · sqrt(E[(2^E/x)^2] / 12) = 2^-m · 0.2123
    // (∫₁² t⁻² dt/(t ln 2) = 0.375 / ln 2): 5.31 % for m = 2 bits, the block's top value exact.
    const auto blockE5m2 = find("block_1x128", core::NumberFormat::fp8_e5m2);
    CHECK(blockE5m2.relativeRmsError == Approx(0.25 * 0.2123 * std::sqrt(127.0 / 128)).epsilon(0.03));
    CHECK(blockE5m2.zeroFraction < 1e-4);
}
