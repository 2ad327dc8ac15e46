#include "core/model/number_format.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <random>

namespace core {

namespace {

FormatInfo make(NumberFormat f, std::string name, int e, int m, bool infinity, double maxFinite)
{
    FormatInfo i;
    i.format = f;
    i.name = std::move(name);
    i.exponentBits = e;
    i.mantissaBits = m;
    i.hasInfinity = infinity;
    i.maxFinite = maxFinite;
    const int bias = (1 << (e - 1)) - 1;
    i.minNormal = std::ldexp(1.0, 1 - bias);
    i.minSubnormal = std::ldexp(1.0, 1 - bias - m);
    i.spacingAtOne = std::ldexp(1.0, -m);
    i.smallestKeptRatio = std::ldexp(1.0, -m - 1); // half the spacing at 1 (just above it is kept)
    return i;
}

std::uint32_t bitsOf(float x)
{
    std::uint32_t b;
    std::memcpy(&b, &x, sizeof b);
    return b;
}

float fromBits(std::uint32_t b)
{
    float x;
    std::memcpy(&x, &b, sizeof x);
    return x;
}

/// The two neighbours of x in the format (lower ≤ x ≤ upper), for stochastic rounding.
std::pair<double, double> neighbours(double x, const FormatInfo& f)
{
    const int bias = (1 << (f.exponentBits - 1)) - 1;
    const double a = std::fabs(x);
    int exponent = a > 0 ? std::ilogb(a) : 1 - bias;
    exponent = std::max(exponent, 1 - bias);
    const double spacing = std::ldexp(1.0, exponent - f.mantissaBits);
    double lo = std::floor(a / spacing) * spacing, hi = lo + (lo == a ? 0 : spacing);
    if (x < 0) {
        lo = -lo;
        hi = -hi;
        std::swap(lo, hi);
    }
    return { lo, hi };
}

} // namespace

const std::vector<FormatInfo>& formatInfos()
{
    // IEEE 754 binary32 and binary16; bfloat16 (8 exponent, 7 fraction bits); OCP FP8 E4M3 (max
    // 448, no infinities) and E5M2 (max 57344) per Micikevicius et al. 2022.
    static const std::vector<FormatInfo> infos {
        make(NumberFormat::fp32, "fp32", 8, 23, true, double(std::numeric_limits<float>::max())),
        make(NumberFormat::bf16, "bf16", 8, 7, true, (2.0 - std::ldexp(1.0, -7)) * std::ldexp(1.0, 127)),
        make(NumberFormat::fp16, "fp16", 5, 10, true, 65504.0),
        make(NumberFormat::fp8_e4m3, "fp8_e4m3", 4, 3, false, 448.0),
        make(NumberFormat::fp8_e5m2, "fp8_e5m2", 5, 2, true, 57344.0),
    };
    return infos;
}

const FormatInfo& formatInfo(NumberFormat format)
{
    return formatInfos()[static_cast<std::size_t>(format)];
}

double roundToFormat(double x, NumberFormat format)
{
    if (std::isnan(x) || x == 0 || std::isinf(x)) return x;
    const FormatInfo& f = formatInfo(format);
    const int bias = (1 << (f.exponentBits - 1)) - 1;
    const double a = std::fabs(x);
    const int exponent = std::max(std::ilogb(a), 1 - bias); // subnormals share the smallest exponent
    const double spacing = std::ldexp(1.0, exponent - f.mantissaBits);
    // a / spacing is exact (a power-of-two scaling); nearbyint rounds ties to even.
    double r = std::nearbyint(a / spacing) * spacing;
    if (r > f.maxFinite) r = f.hasInfinity ? std::numeric_limits<double>::infinity() : f.maxFinite;
    return std::copysign(r, x);
}

float truncateToBf16(float x)
{
    return fromBits(bitsOf(x) & 0xFFFF0000u);
}

AccumulationRun accumulate(double start, double update, std::int64_t steps, NumberFormat format, Rounding rounding,
    bool kahan, int samples, std::uint64_t seed)
{
    AccumulationRun run;
    run.format = format;
    run.rounding = rounding;
    run.kahan = kahan;
    const FormatInfo& f = formatInfo(format);
    std::mt19937_64 rng(seed); // fixed seed: the same run every time
    std::uniform_real_distribution<double> uniform(0.0, 1.0);

    auto round = [&](double x) -> double {
        // The addition happens in fp32, as a GPU kernel would do it.
        const float x32 = static_cast<float>(x);
        switch (rounding) {
        case Rounding::truncate: {
            if (format == NumberFormat::bf16) return truncateToBf16(x32);
            const auto [lo, hi] = neighbours(x32, f); // toward zero: the smaller magnitude
            return std::fabs(lo) <= std::fabs(hi) ? lo : hi;
        }
        case Rounding::stochastic: {
            const auto [lo, hi] = neighbours(x32, f);
            if (lo == hi) return lo;
            return uniform(rng) < (double(x32) - lo) / (hi - lo) ? hi : lo;
        }
        case Rounding::nearest:
            break;
        }
        return roundToFormat(x32, format);
    };

    const double u = round(update);
    double w = round(start);
    double c = 0; // Kahan compensation, kept in the same format
    const std::int64_t every = std::max<std::int64_t>(1, steps / std::max(1, samples));
    run.trajectory.push_back(w);
    run.trajectorySteps.push_back(0);
    for (std::int64_t i = 1; i <= steps; ++i) {
        if (kahan) {
            // Kahan (1965) compensated summation: carry the part of each update the rounding lost.
            const double y = round(double(static_cast<float>(u - c)));
            const double t = round(double(static_cast<float>(w + y)));
            c = round(double(static_cast<float>(round(double(static_cast<float>(t - w))) - y)));
            w = t;
        } else {
            w = round(double(static_cast<float>(w + u)));
        }
        if (i % every == 0 || i == steps) {
            run.trajectory.push_back(w);
            run.trajectorySteps.push_back(i);
        }
    }
    run.final = w;
    return run;
}

std::vector<AccumulationRun> precisionLab(double start, double update, std::int64_t steps, int samples)
{
    std::vector<AccumulationRun> runs;
    for (const auto& f : formatInfos())
        runs.push_back(accumulate(start, update, steps, f.format, Rounding::nearest, false, samples));
    runs.push_back(accumulate(start, update, steps, NumberFormat::bf16, Rounding::truncate, false, samples));
    runs.push_back(accumulate(start, update, steps, NumberFormat::bf16, Rounding::stochastic, false, samples));
    runs.push_back(accumulate(start, update, steps, NumberFormat::bf16, Rounding::nearest, true, samples));
    return runs;
}

std::string toString(NumberFormat format)
{
    return formatInfo(format).name;
}

std::string toString(Rounding rounding)
{
    switch (rounding) {
    case Rounding::nearest:
        return "nearest";
    case Rounding::truncate:
        return "truncate";
    case Rounding::stochastic:
        return "stochastic";
    }
    return "nearest";
}

} // namespace core
