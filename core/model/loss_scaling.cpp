#include "core/model/loss_scaling.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numbers>
#include <random>

namespace core {

namespace {

constexpr double kLog2Of10 = 3.32192809488736234787;

/// Φ(z), the standard normal distribution function, from erfc (accurate in both tails).
double phi(double z)
{
    return 0.5 * std::erfc(-z / std::sqrt(2.0));
}

/// Φ⁻¹(p) for 0 < p < 1: Acklam's rational approximation, then one Halley step on erfc (|error| < 1e-13).
double inversePhi(double p)
{
    static constexpr double a[] = { -3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02,
        1.383577518672690e+02, -3.066479806614716e+01, 2.506628277459239e+00 };
    static constexpr double b[] = { -5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
        6.680131188771972e+01, -1.328068155288572e+01 };
    static constexpr double c[] = { -7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
        -2.549732539343734e+00, 4.374664141464968e+00, 2.938163982698783e+00 };
    static constexpr double d[]
        = { 7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00, 3.754408661907416e+00 };
    p = std::clamp(p, 1e-300, 1 - 1e-16);
    double x = 0;
    if (p < 0.02425) {
        const double q = std::sqrt(-2 * std::log(p));
        x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5])
            / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    } else if (p > 1 - 0.02425) {
        const double q = std::sqrt(-2 * std::log1p(-p));
        x = -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5])
            / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    } else {
        const double q = p - 0.5, r = q * q;
        x = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q
            / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
    }
    const double e = phi(x) - p;
    const double u = e * std::sqrt(2 * std::numbers::pi) * std::exp(x * x / 2);
    return x - u / (1 + x * u / 2);
}

/// The quantised value of v ≥ 0 in an fp8 format, saturating at its largest finite value (MX's rule;
/// e4m3 has no infinity anyway).
double quantised(double v, NumberFormat format)
{
    const double q = roundToFormat(v, format);
    return std::isfinite(q) ? q : formatInfo(format).maxFinite;
}

double relativeErrorSquared(double v, NumberFormat format)
{
    if (v <= 0) return 1;
    const double e = (quantised(v, format) - v) / v;
    return e * e;
}

/// err² averaged over cells of log2(v), each finer than the format's spacing and itself averaged over
/// 64 points: the density of log2(v) is smooth across a cell, the error is not.
struct ErrorGrid {
    NumberFormat format;
    double yLow = 0, step = 0; ///< cell i spans [yLow + i·step, yLow + (i + 1)·step)
    std::vector<double> meanErrorSquared;
    double yThreshold = 0; ///< below: flushed to zero
};

const ErrorGrid& errorGrid(NumberFormat format)
{
    static const std::array<ErrorGrid, 2> grids = [] {
        std::array<ErrorGrid, 2> out;
        for (int k = 0; k < 2; ++k) {
            ErrorGrid& g = out[std::size_t(k)];
            g.format = k == 0 ? NumberFormat::fp8_e4m3 : NumberFormat::fp8_e5m2;
            const FormatInfo& info = formatInfo(g.format);
            g.yThreshold = std::log2(info.minSubnormal / 2);
            g.yLow = g.yThreshold;
            g.step = std::ldexp(1.0, -(info.mantissaBits + 4)); // 16 cells per spacing
            const double yHigh = std::log2(info.maxFinite) + 4; // beyond: saturated, error → 1
            const auto cells = std::size_t(std::ceil((yHigh - g.yLow) / g.step));
            g.meanErrorSquared.resize(cells);
            constexpr int kSub = 64;
            for (std::size_t i = 0; i < cells; ++i) {
                double sum = 0;
                for (int j = 0; j < kSub; ++j)
                    sum += relativeErrorSquared(std::exp2(g.yLow + (double(i) + (j + 0.5) / kSub) * g.step), g.format);
                g.meanErrorSquared[i] = sum / kSub;
            }
        }
        return out;
    }();
    return grids[format == NumberFormat::fp8_e4m3 ? 0 : 1];
}

struct Moments {
    double errorSquared = 0; ///< ∫ err² over the mass below the cut-off
    double zero = 0; ///< mass flushed to zero
    double mass = 0; ///< mass below the cut-off
};

/// log2(v) ~ Normal(mean, sd): err² and the zero mass over log2(v) < cut (+∞: everything).
Moments integrate(const ErrorGrid& g, double mean, double sd, double cut)
{
    Moments m;
    m.zero = phi((std::min(g.yThreshold, cut) - mean) / sd);
    m.errorSquared = m.zero;
    const double yEnd = g.yLow + g.step * double(g.meanErrorSquared.size());
    // Only where the density is not negligible: 12 standard deviations around the mean.
    const double from = std::max(g.yLow, mean - 12 * sd), to = std::min({ yEnd, cut, mean + 12 * sd });
    if (to > from) {
        const auto first = std::size_t((from - g.yLow) / g.step);
        const auto last = std::min(g.meanErrorSquared.size(), std::size_t(std::ceil((to - g.yLow) / g.step)));
        const double norm = g.step / (sd * std::sqrt(2 * std::numbers::pi));
        for (std::size_t i = first; i < last; ++i) {
            const double y = g.yLow + (double(i) + 0.5) * g.step;
            if (y >= cut) break;
            const double z = (y - mean) / sd;
            m.errorSquared += g.meanErrorSquared[i] * norm * std::exp(-z * z / 2);
        }
    }
    if (cut > yEnd) m.errorSquared += phi((cut - mean) / sd) - phi((yEnd - mean) / sd); // saturated far above
    m.mass = std::isfinite(cut) ? phi((cut - mean) / sd) : 1.0;
    return m;
}

} // namespace

double fractionBelow(const GradientDistribution& g, double threshold)
{
    if (!(threshold > 0)) return 0;
    if (!(g.median > 0)) return 1;
    const double z = std::log10(threshold) - std::log10(g.median);
    if (g.sigmaDecades <= 0) return z > 0 ? 1 : 0;
    return phi(z / g.sigmaDecades);
}

FormatFractions lossScaleFractions(const GradientDistribution& g, double scale, NumberFormat format)
{
    const FormatInfo& info = formatInfo(format);
    FormatFractions f;
    f.format = format;
    f.underflowThreshold = info.minSubnormal / 2;
    f.minNormal = info.minNormal;
    f.maxFinite = info.maxFinite;
    f.underflowFraction = fractionBelow(g, f.underflowThreshold / scale);
    f.subnormalFraction = std::max(0.0, fractionBelow(g, f.minNormal / scale) - f.underflowFraction);
    // Above the largest value: the upper tail, computed as such (1 − Φ would lose it to rounding).
    if (g.sigmaDecades > 0 && g.median > 0) {
        const double z = (std::log10(f.maxFinite / scale) - std::log10(g.median)) / g.sigmaDecades;
        f.overflowFraction = phi(-z);
    } else {
        f.overflowFraction = g.median * scale > f.maxFinite ? 1 : 0;
    }
    f.centringScale = g.median > 0 ? std::sqrt(f.minNormal * f.maxFinite) / g.median : 0;
    return f;
}

std::vector<FormatFractions> lossScaleFractions(const GradientDistribution& g, double scale)
{
    std::vector<FormatFractions> out;
    for (const auto format : { NumberFormat::fp16, NumberFormat::bf16, NumberFormat::fp8_e4m3, NumberFormat::fp8_e5m2 })
        out.push_back(lossScaleFractions(g, scale, format));
    return out;
}

ScalerRun simulateScaler(const GradientDistribution& g, const ScalerOptions& o, int samples)
{
    ScalerRun run;
    std::mt19937_64 random(o.seed);
    double scale = o.start;
    int clean = 0;
    run.minScale = run.maxScale = scale;
    const std::int64_t every = std::max<std::int64_t>(1, o.steps / std::max(1, samples));
    auto stepOverflow = [&](double s) {
        const double p = lossScaleFractions(g, s, o.format).overflowFraction;
        if (p >= 1) return 1.0;
        return -std::expm1(o.elements * std::log1p(-p));
    };
    for (std::int64_t step = 0; step < o.steps; ++step) {
        if (step % every == 0) {
            run.scaleSteps.push_back(step);
            run.scale.push_back(scale);
        }
        const double u = double(random() >> 11) * 0x1p-53; // 53 random bits: exact in a double
        if (u < stepOverflow(scale)) {
            ++run.skippedSteps;
            if (run.firstSkippedStep < 0) run.firstSkippedStep = step;
            scale *= o.backoff;
            clean = 0;
        } else if (++clean == o.growthInterval) {
            scale *= o.growth;
            clean = 0;
        }
        run.minScale = std::min(run.minScale, scale);
        run.maxScale = std::max(run.maxScale, scale);
    }
    run.scaleSteps.push_back(o.steps);
    run.scale.push_back(scale);
    run.finalScale = scale;
    run.stepOverflowProbability = stepOverflow(scale);
    run.underflowFraction = lossScaleFractions(g, scale, o.format).underflowFraction;
    return run;
}

std::vector<Fp8SchemeError> fp8ScalingErrors(const GradientDistribution& g, double elements)
{
    std::vector<Fp8SchemeError> out;
    if (!(g.median > 0) || !(g.sigmaDecades > 0)) return out;
    const double sd = g.sigmaDecades * kLog2Of10; // of log2|g|
    const double mean = std::log2(g.median);
    for (const auto format : { NumberFormat::fp8_e4m3, NumberFormat::fp8_e5m2 }) {
        const ErrorGrid& grid = errorGrid(format);
        const FormatInfo& info = formatInfo(format);
        const double log2Max = std::log2(info.maxFinite);
        // Per tensor, delayed: the amax of earlier steps of the same tensor, the median of its largest of
        // `elements` values; scale = max ÷ amax.
        {
            const double zAmax = inversePhi(std::pow(0.5, 1.0 / std::max(1.0, elements)));
            const double log2Amax = mean + sd * zAmax;
            const Moments m = integrate(grid, mean + (log2Max - log2Amax), sd, std::numeric_limits<double>::infinity());
            out.push_back({ "per_tensor_delayed", format, 0, std::sqrt(m.errorSquared), m.zero });
        }
        // Blocks: each its own amax, the largest of `block` values, over that maximum's distribution
        // (its quantiles u^(1/block), 128 of them). The block's largest value maps to its scale's top;
        // the others lie below it.
        for (const int block : { 128, 32 }) {
            const bool mx = block == 32;
            constexpr int kQuantiles = 128;
            double errorSquared = 0, zero = 0;
            for (int k = 0; k < kQuantiles; ++k) {
                const double u = (k + 0.5) / kQuantiles;
                const double log2A = mean + sd * inversePhi(std::pow(u, 1.0 / block));
                // log2 of the factor v = x · scale: max ÷ A, or MX's power of two 2^−(floor(log2 A) − emax).
                const double emax = std::floor(log2Max);
                const double log2Scale = mx ? -(std::floor(log2A) - emax) : log2Max - log2A;
                const double cut = log2A + log2Scale; // where the block's largest value lands
                const Moments below = integrate(grid, mean + log2Scale, sd, cut);
                const double others = below.mass > 0 ? below.errorSquared / below.mass : 0;
                const double othersZero = below.mass > 0 ? below.zero / below.mass : 0;
                const double top = relativeErrorSquared(std::exp2(cut), format);
                errorSquared += (top + (block - 1) * others) / block;
                zero += (block - 1) * othersZero / block;
            }
            out.push_back({ mx ? "mx_block_32" : "block_1x128", format, block, std::sqrt(errorSquared / kQuantiles),
                zero / kQuantiles });
        }
    }
    return out;
}

} // namespace core
