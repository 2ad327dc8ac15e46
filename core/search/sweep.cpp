#include "core/search/sweep.h"

#include "core/base/checked.h"
#include "core/scenario/dimensions.h"
#include "core/scenario/scenario_fields.h"

#include <unordered_map>

namespace core {

SweepResult sweepGpus(const Scenario& base, int minGpus, int maxGpus)
{
    SweepResult out;
    // TP × PP × CP, clamped like every product of degrees (a valid scenario keeps it within kMaxGpus,
    // but the sweep divides by it).
    const std::int64_t fixed = gpusPerReplica(base.parallel);
    for (long long gpus = 1; gpus <= maxGpus; gpus *= 2) {
        if (gpus < minGpus || fixed < 1 || gpus % fixed != 0) continue;
        Scenario s = base;
        const long long dp = gpus / fixed;
        // Past the limit of parallel.dp, or more sequences than the global batch: no valid point follows.
        if (dp > static_cast<long long>(findField("parallel.dp")->max)
            || clampedProduct({ dp, s.training.microBatch }) > s.training.globalBatch)
            break;
        s.parallel.dp = static_cast<int>(dp);
        if (!expertsFitDataRanks(s.parallel)) continue;
        out.points.push_back({ std::to_string(gpus), s, estimate(s) });
    }
    return out;
}

SweepResult sweepKey(const Scenario& base, const std::string& keyPath, const std::vector<std::string>& values)
{
    SweepResult out;
    // A value given twice gives the same point: validate and estimate it once (a 65,000-value
    // --vary of one repeated value took 6 s).
    std::unordered_map<std::string, std::size_t> seen;
    for (const auto& v : values) {
        if (const auto it = seen.find(v); it != seen.end()) {
            out.points.push_back(out.points[it->second]);
            continue;
        }
        seen.emplace(v, out.points.size());
        Scenario s = base;
        if (auto error = applyOverride(s, keyPath + "=" + v)) {
            out.error = error;
            return out;
        }
        out.points.push_back({ v, s, estimate(s) });
    }
    return out;
}

} // namespace core
