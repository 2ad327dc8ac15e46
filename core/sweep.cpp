#include "sweep.h"

namespace core {

SweepResult sweepGpus(const Scenario& base, int minGpus, int maxGpus)
{
    SweepResult out;
    const int fixed = base.parallel.tp * base.parallel.pp * base.parallel.cp;
    for (long long gpus = 1; gpus <= maxGpus; gpus *= 2) {
        if (gpus < minGpus || gpus % fixed != 0) continue;
        Scenario s = base;
        s.parallel.dp = static_cast<int>(gpus / fixed);
        if (s.parallel.dp * s.training.microBatch > s.training.globalBatch) break;
        if ((s.parallel.dp * s.parallel.cp) % s.parallel.ep != 0) continue;
        out.points.push_back({std::to_string(gpus), s, estimate(s)});
    }
    return out;
}

SweepResult sweepKey(const Scenario& base, const std::string& keyPath, const std::vector<std::string>& values)
{
    SweepResult out;
    for (const auto& v : values) {
        Scenario s = base;
        if (auto error = applyOverride(s, keyPath + "=" + v)) {
            out.error = error;
            return out;
        }
        out.points.push_back({v, s, estimate(s)});
    }
    return out;
}

} // namespace core
