#include "core/fidelity/refit.h"

#include <algorithm>
#include <cmath>
#include <optional>

namespace core {

Scenario withConstants(Scenario s, const FittedConstants& c)
{
    s.efficiency.compute = c.efficiency;
    // A GPU without a calibrated fraction keeps 1 (docs/FIDELITY.md: only Hopper has calibration runs).
    if (s.hardware.gpu.sustainedFraction != 1) s.hardware.gpu.sustainedFraction = c.sustained;
    return s;
}

double predictedMetric(const PublishedRun& run, const FittedConstants& c)
{
    return predictedMetric(withConstants(run.scenario, c), run.metric);
}

namespace {

/// Points of a grid's axis from `low` to `high` by `step`.
int pointsOf(double low, double high, double step)
{
    return int(std::lround((high - low) / step)) + 1;
}

/// The mean |error| of `runs` as the model with `constants` predicts them.
double meanAbsErrorOf(std::span<const PublishedRun* const> runs, const FittedConstants& constants)
{
    double sum = 0;
    for (const PublishedRun* r : runs)
        sum += std::abs(predictedMetric(*r, constants) / r->published - 1);
    return sum / double(runs.size());
}

/// The grid point with the least error so far. Ties go to the first point offered: the result does
/// not depend on the order of the runs.
template <class Point> struct Best {
    Point point;
    double error = INFINITY;
    void offer(const Point& p, double e)
    {
        if (e < error - 1e-12) {
            error = e;
            point = p;
        }
    }
};

} // namespace

FittedConstants fitConstants(std::span<const PublishedRun* const> runs, double* meanAbsError)
{
    if (runs.empty()) {
        if (meanAbsError) *meanAbsError = std::nan("");
        return kShippedConstants;
    }
    const RefitGrid& g = kRefitGrid;
    // Whether any kept run has a sustained fraction to fit; without one it stays as shipped.
    const bool sustained = std::any_of(runs.begin(), runs.end(),
        [](const PublishedRun* r) { return r->scenario.hardware.gpu.sustainedFraction != 1; });
    Best<FittedConstants> best { kShippedConstants };
    for (int i = 0; i < pointsOf(g.efficiencyLow, g.efficiencyHigh, g.efficiencyStep); ++i)
        for (int j = 0; j < (sustained ? pointsOf(g.sustainedLow, g.sustainedHigh, g.sustainedStep) : 1); ++j) {
            const FittedConstants c { g.efficiencyLow + i * g.efficiencyStep,
                sustained ? g.sustainedLow + j * g.sustainedStep : kShippedConstants.sustained };
            best.offer(c, meanAbsErrorOf(runs, c));
        }
    if (meanAbsError) *meanAbsError = best.error;
    return best.point;
}

HostConstants fitHostConstants(
    std::span<const PublishedRun* const> runs, const FittedConstants& constants, double* meanAbsError)
{
    if (runs.empty()) {
        if (meanAbsError) *meanAbsError = std::nan("");
        return shippedHostConstants();
    }
    const HostRefitGrid& g = kHostRefitGrid;
    Best<HostConstants> best { shippedHostConstants() };
    for (int i = 0; i < pointsOf(g.opLow, g.opHigh, g.opStep); ++i)
        for (int j = 0; j < pointsOf(g.stepLow, g.stepHigh, g.stepStep); ++j)
            for (int k = 0; k < pointsOf(g.residualLow, g.residualHigh, g.residualStep); ++k) {
                const HostConstants c { g.opLow + i * g.opStep, g.stepLow + j * g.stepStep,
                    g.residualLow + k * g.residualStep };
                const ScopedHostConstants scope(c);
                best.offer(c, meanAbsErrorOf(runs, constants));
            }
    if (meanAbsError) *meanAbsError = best.error;
    return best.point;
}

namespace detail {
const LeaveOneSourceOut* precomputedLeaveOneSourceOut = nullptr;
} // namespace detail

const LeaveOneSourceOut& leaveOneSourceOut()
{
    if (detail::precomputedLeaveOneSourceOut) return *detail::precomputedLeaveOneSourceOut;
    static const LeaveOneSourceOut computed = detail::computeLeaveOneSourceOut();
    return computed;
}

namespace {

/// The held-out runs of one source: its throughput runs scored by the constants fitted without it.
HeldOutSource holdOut(const std::string& source, std::vector<detail::HeldOutRun>* runs)
{
    const std::vector<PublishedRun>& suite = publishedRuns();
    HeldOutSource held { source };
    // The calibration runs of the others: the model's (the nine) and the stacks' (vTrain's rows).
    std::vector<const PublishedRun*> modelKept, stackKept;
    bool modelRefit = false, stackRefit = false;
    for (const PublishedRun& r : suite) {
        if (!r.calibration || r.metric == FidelityMetric::peak_memory_gib) continue;
        if (r.group != source)
            (r.stackCalibration ? stackKept : modelKept).push_back(&r);
        else
            (r.stackCalibration ? stackRefit : modelRefit) = true;
    }
    held.refit = modelRefit || stackRefit;
    held.host = stackRefit ? fitHostConstants(stackKept, kShippedConstants) : shippedHostConstants();
    std::optional<ScopedHostConstants> scope;
    if (stackRefit) scope.emplace(held.host);
    // The model's constants again whenever the host's changed: Megatron-LM's calibration runs use them.
    held.constants = held.refit ? fitConstants(modelKept) : kShippedConstants;
    for (const PublishedRun& r : suite) {
        if (r.group != source || r.metric == FidelityMetric::peak_memory_gib) continue;
        const double error = predictedMetric(r, held.constants) / r.published - 1;
        ++held.runs;
        held.meanAbsError += std::abs(error);
        held.meanError += error;
        if (runs) runs->push_back({ &r, error });
    }
    held.meanAbsError /= held.runs;
    held.meanError /= held.runs;
    return held;
}

/// The throughput sources in the suite's order of first appearance.
std::vector<std::string> throughputSources()
{
    std::vector<std::string> sources;
    for (const PublishedRun& r : publishedRuns())
        if (r.metric != FidelityMetric::peak_memory_gib
            && std::find(sources.begin(), sources.end(), r.group) == sources.end())
            sources.push_back(r.group);
    return sources;
}

} // namespace

LeaveOneSourceOut detail::computeLeaveOneSourceOut()
{
    LeaveOneSourceOut out;
    double sum = 0;
    for (const std::string& source : throughputSources()) {
        out.sources.push_back(holdOut(source, nullptr));
        sum += out.sources.back().meanAbsError;
    }
    out.sourceBalancedMeanAbsError = out.sources.empty() ? std::nan("") : sum / double(out.sources.size());
    return out;
}

std::vector<detail::HeldOutRun> detail::computeHeldOutRuns()
{
    std::vector<HeldOutRun> byRun;
    for (const std::string& source : throughputSources())
        (void)holdOut(source, &byRun);
    // In the suite's order, as validatePublished() lists its rows.
    std::vector<HeldOutRun> out;
    for (const PublishedRun& r : publishedRuns())
        for (const HeldOutRun& h : byRun)
            if (h.run == &r) out.push_back(h);
    return out;
}

std::vector<detail::Residual> detail::computeResiduals()
{
    std::vector<Residual> out;
    for (const HeldOutRun& h : computeHeldOutRuns()) {
        if (!std::isfinite(h.error)) continue;
        // Throughput metrics: a run that measured less than estimated took longer; time metrics
        // (GPU-hours, step time) the other way round.
        const bool time = h.run->metric == FidelityMetric::gpu_hours || h.run->metric == FidelityMetric::step_time_s;
        out.push_back({ time ? 1 / (1 + h.error) : 1 + h.error, regimesOf(h.run->scenario, h.run->group) });
    }
    return out;
}

} // namespace core
