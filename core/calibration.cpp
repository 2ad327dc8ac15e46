#include "core/calibration.h"

#include "core/estimate.h"
#include "core/json_reader.h"

#include <algorithm>
#include <cmath>

namespace core {

Calibration calibrate(const Scenario& s, const MeasuredRun& measured)
{
    Calibration c;
    c.calibrated = s;
    const Estimate before = estimate(s);
    c.stepBeforeS = before.compute.stepTimeS;
    c.memoryBefore = before.memory.total();

    if (measured.stepTimeS && *measured.stepTimeS > 0) {
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
    if (measured.peakMemoryBytes && *measured.peakMemoryBytes > 0) {
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
    return doc.dump(2) + "\n";
}

} // namespace core
