#include "widgets/style/axis_ticks.h"

#include <algorithm>
#include <cmath>

namespace ui {

double niceCeiling(double v)
{
    if (v <= 0) return 1;
    const double p = std::pow(10.0, std::floor(std::log10(v)));
    for (double step : { 1.0, 2.0, 2.5, 5.0, 10.0 })
        if (step * p >= v) return step * p;
    return 10 * p;
}

double tightCeiling(double v)
{
    if (v <= 0) return 1;
    const double p = std::pow(10.0, std::floor(std::log10(v)));
    for (double step : { 1.0, 1.25, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0 })
        if (step * p >= v) return step * p;
    return 10 * p;
}

std::pair<double, double> logDecades(double lo, double hi)
{
    constexpr double kFloor = 1e-6, kCeiling = 1e12;
    if (!std::isfinite(lo) || lo <= 0) lo = kFloor;
    if (!std::isfinite(hi) || hi > kCeiling) hi = kCeiling;
    lo = std::clamp(lo, kFloor, kCeiling);
    hi = std::clamp(hi, lo, kCeiling);
    const double bottom = std::floor(std::log10(lo)), top = std::max(bottom + 1, std::ceil(std::log10(hi)));
    return { std::pow(10.0, bottom), std::pow(10.0, top) };
}

} // namespace ui
