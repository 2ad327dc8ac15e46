#include "core/fidelity/calibration.h"

#include "core/base/json_text.h"
#include "core/estimate/estimate.h"
#include "core/scenario/json_reader.h"

#include <algorithm>
#include <cfloat>
#include <cmath>

namespace core {

MeasurementBounds measurementBounds(const Scenario& s, const Estimate& e)
{
    MeasurementBounds b;
    const double gpus = std::max(1, e.gpus);
    // MFU = model FLOPs per step ÷ (step time × GPUs × peak) (Chowdhery et al. 2022, PaLM, appendix B;
    /// estimate.cpp): at MFU 1 the step takes model FLOPs ÷ (GPUs × peak), and no step takes less.
    if (e.compute.peakFlopsPerGpu > 0 && e.compute.modelFlopsPerStep > 0)
        b.minStepTimeS = e.compute.modelFlopsPerStep / (gpus * e.compute.peakFlopsPerGpu);
    if (std::isfinite(e.compute.stepTimeS))
        b.maxStepTimeS = std::max(kLongestStepS, kLongestStepOverPlan * e.compute.stepTimeS);
    if (s.hardware.gpu.memoryGib > 0) b.maxMemoryGib = s.hardware.gpu.memoryGib * kMemoryUnitTolerance;
    b.peakTflops = std::max(0.0, e.compute.peakFlopsPerGpu / 1e12);
    return b;
}

Problem implausibleMeasurement(MeasurementKind kind, double value, double bound, std::int64_t line)
{
    return Problem(ProblemCode::measurement_implausible,
        { { "kind", double(static_cast<int>(kind)) }, { "value", value }, { "bound", bound },
            { "line", double(line) } });
}

std::optional<Problem> checkMeasuredRun(const MeasurementBounds& bounds, const MeasuredRun& run)
{
    // Zero, negative, NaN, infinite and subnormal figures are no measurement (a subnormal step time
    // is 10^-308 s; its reciprocal is infinite).
    auto number = [](double v) { return std::isfinite(v) && v >= DBL_MIN; };
    if (run.stepTimeS) {
        const double t = *run.stepTimeS;
        if (!number(t)) return implausibleMeasurement(MeasurementKind::not_a_measurement, t, 0);
        if (t < bounds.minStepTimeS)
            return implausibleMeasurement(MeasurementKind::step_below_kernel_floor, t, bounds.minStepTimeS);
        if (t > bounds.maxStepTimeS)
            return implausibleMeasurement(MeasurementKind::step_beyond_longest, t, bounds.maxStepTimeS);
    }
    if (run.peakMemoryBytes) {
        const double gib = *run.peakMemoryBytes / kBytesPerGib;
        if (!number(*run.peakMemoryBytes)) return implausibleMeasurement(MeasurementKind::not_a_measurement, gib, 0);
        if (gib > bounds.maxMemoryGib)
            return implausibleMeasurement(MeasurementKind::memory_above_device, gib, bounds.maxMemoryGib);
    }
    return std::nullopt;
}

Calibration calibrate(const Scenario& s, const MeasuredRun& run)
{
    Calibration c;
    c.calibrated = s;
    const Estimate before = estimate(s);
    c.stepBeforeS = before.compute.stepTimeS;
    c.memoryBefore = before.memory.total();

    // Each figure on its own: an implausible one is refused (the first named), the other still fitted.
    const MeasurementBounds bounds = measurementBounds(s, before);
    MeasuredRun measured;
    if (run.stepTimeS) {
        if (auto problem = checkMeasuredRun(bounds, { run.stepTimeS, std::nullopt }))
            c.refused = std::move(problem);
        else
            measured.stepTimeS = run.stepTimeS;
    }
    if (run.peakMemoryBytes) {
        if (auto problem = checkMeasuredRun(bounds, { std::nullopt, run.peakMemoryBytes })) {
            if (!c.refused) c.refused = std::move(problem);
        } else {
            measured.peakMemoryBytes = run.peakMemoryBytes;
        }
    }

    if (measured.stepTimeS) {
        const double target = *measured.stepTimeS;
        auto stepAt = [&](double eff) {
            Scenario t = c.calibrated;
            t.efficiency.compute = eff;
            return estimate(t).compute.stepTimeS;
        };
        double lo = 0.01, hi = 1.0; // step time falls as efficiency rises
        if (stepAt(hi) > target) {
            c.calibrated.efficiency.compute = hi;
            c.stepNote
                = "even at efficiency 1.0 the estimate is slower than measured: communication or overlap settings are "
                  "too pessimistic";
        } else if (stepAt(lo) < target) {
            c.calibrated.efficiency.compute = lo;
            c.stepNote = "even at efficiency 0.01 the estimate is faster than measured";
        } else {
            for (int i = 0; i < 60; ++i) {
                const double mid = 0.5 * (lo + hi);
                (stepAt(mid) > target ? lo : hi) = mid;
            }
            c.calibrated.efficiency.compute = 0.5 * (lo + hi);
            c.stepFitted = true;
        }
    }
    if (measured.peakMemoryBytes) {
        Scenario zero = c.calibrated;
        zero.overhead.fragmentation = 0;
        const Estimate e = estimate(zero);
        const double context = zero.overhead.cudaContextGib * 1024.0 * 1024.0 * 1024.0;
        const double allocated = e.memory.total() - context;
        const double f = allocated > 0 ? (*measured.peakMemoryBytes - context) / allocated - 1 : 0;
        c.calibrated.overhead.fragmentation = std::clamp(f, 0.0, 1.0);
        c.memoryFitted = f >= 0 && f <= 1;
        if (f < 0)
            c.memoryNote = "the measurement is below the estimate even without fragmentation: activations or buffers "
                           "are overestimated";
        if (f > 1) c.memoryNote = "the measurement exceeds the estimate by more than fragmentation can explain";
    }
    const Estimate after = estimate(c.calibrated);
    c.stepAfterS = after.compute.stepTimeS;
    c.memoryAfter = after.memory.total();
    return c;
}

std::string hardwareProfileJson(const Scenario& s, const std::string& name, const MeasuredRun& from)
{
    using detail::json;
    json hardware { { "gpu", s.hardware.preset.empty() ? detail::gpuToJson(s.hardware.gpu) : json(s.hardware.preset) },
        { "gpus_per_node", s.hardware.gpusPerNode } };
    const Efficiency& ef = s.efficiency;
    const Overhead& o = s.overhead;
    json source { { "scenario", s.name } };
    if (from.stepTimeS) source["step_time_s"] = *from.stepTimeS;
    if (from.peakMemoryBytes) source["peak_memory_gib"] = *from.peakMemoryBytes / (1024.0 * 1024.0 * 1024.0);
    json doc { { "format", "trainplanner-hardware-profile" }, { "version", 1 }, { "name", name },
        { "hardware", hardware },
        { "efficiency",
            { { "compute", ef.compute }, { "memory_bound_passes", ef.memoryBoundPasses },
                { "comm_overlap", ef.commOverlap }, { "bus_bandwidth", ef.busBandwidth },
                { "comm_latency_us", ef.commLatencyUs }, { "tp_overlap", ef.tpOverlap }, { "pp_overlap", ef.ppOverlap },
                { "ep_overlap", ef.epOverlap } } },
        { "overhead",
            { { "cuda_context_gib", o.cudaContextGib }, { "comm_buffer_gib_per_group", o.commBufferGibPerGroup },
                { "grad_bucket_mib", o.gradBucketMib }, { "fragmentation", o.fragmentation },
                { "loss_bytes_per_logit", o.lossBytesPerLogit } } },
        { "calibrated_from", source } };
    return core::jsonText(doc);
}

} // namespace core
