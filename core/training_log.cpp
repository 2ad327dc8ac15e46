#include "core/training_log.h"

#include "core/compute_model.h"
#include "core/estimate_io.h"
#include "core/reliability_model.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <sstream>

namespace core {

namespace {

/// The text without ANSI colour sequences (torchtitan colours its metrics line).
std::string withoutColours(std::string_view line)
{
    std::string out;
    out.reserve(line.size());
    for (std::size_t i = 0; i < line.size(); ++i) {
        if (line[i] == '\x1b' && i + 1 < line.size() && line[i + 1] == '[') {
            i += 2;
            while (i < line.size() && !(line[i] >= '@' && line[i] <= '~'))
                ++i;
            continue;
        }
        out += line[i];
    }
    return out;
}

/// The number right after `label` (spaces skipped; digit-group commas dropped when `grouped`), or nullopt.
/// Only finite, non-negative numbers below 10^15 are taken: a log figure beyond that is not a measurement.
std::optional<double> numberAfter(std::string_view line, std::string_view label, bool grouped = false)
{
    const auto at = line.find(label);
    if (at == std::string_view::npos) return std::nullopt;
    std::size_t i = at + label.size();
    while (i < line.size() && line[i] == ' ')
        ++i;
    std::string digits;
    while (i < line.size() && digits.size() < 40) {
        const char c = line[i];
        if ((c >= '0' && c <= '9') || c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-')
            digits += c;
        else if (!(grouped && c == ','))
            break;
        ++i;
    }
    if (digits.empty()) return std::nullopt;
    char* end = nullptr;
    const double v = std::strtod(digits.c_str(), &end);
    if (end == digits.c_str() || !std::isfinite(v) || v < 0 || v >= 1e15) return std::nullopt;
    return v;
}

std::optional<std::int64_t> integerAfter(std::string_view line, std::string_view label)
{
    const auto v = numberAfter(line, label);
    if (!v || *v != std::floor(*v)) return std::nullopt;
    return std::int64_t(*v);
}

struct Candidate {
    TrainingLog log;
    int lines = 0;
};

void readLine(std::string_view raw, std::array<Candidate, 4>& c)
{
    const std::string line = withoutColours(raw);
    // Megatron-LM: the iteration line and report_memory's lines.
    if (line.find(" iteration ") != std::string::npos
        && line.find("elapsed time per iteration (ms):") != std::string::npos) {
        LogStep s;
        const auto step = integerAfter(line, " iteration ");
        const auto ms = numberAfter(line, "elapsed time per iteration (ms):");
        if (step && ms && *ms > 0) {
            s.step = *step;
            s.stepTimeS = *ms / 1000.0;
            s.tflopsPerGpu = numberAfter(line, "throughput per GPU (TFLOP/s/GPU):");
            c[0].log.steps.push_back(s);
            ++c[0].lines;
        }
        return;
    }
    if (line.find("memory (MB)") != std::string::npos) {
        if (const auto reserved = numberAfter(line, "| max reserved:")) {
            auto& best = c[0].log.maxReservedGib;
            best = std::max(best.value_or(0.0), *reserved * 1048576.0 / kBytesPerGib);
        }
        return;
    }
    // torchtitan: "step: N  loss: …", not its validation line; "wps" (words per second) before it was
    // renamed tps in 2024.
    const char* rate = line.find("tps:") != std::string::npos ? "tps:" : "wps:";
    if (const auto at = line.find("step:"); at != std::string::npos && line.find(rate) != std::string::npos
        && line.find("validate step:") == std::string::npos
        && (at == 0 || line[at - 1] == ' ' || line[at - 1] == ']')) {
        const auto step = integerAfter(std::string_view(line).substr(at), "step:");
        const auto tps = numberAfter(line, rate, true);
        if (step && tps && *tps > 0) {
            LogStep s;
            s.step = *step;
            s.tokensPerSPerGpu = tps;
            if (const auto mfu = numberAfter(line, "mfu:")) s.mfu = *mfu / 100.0;
            s.memoryGib = numberAfter(line, "memory:");
            c[1].log.steps.push_back(s);
            ++c[1].lines;
        }
        return;
    }
    // DeepSpeed's throughput timer.
    if (line.find("CurrSamplesPerSec=") != std::string::npos) {
        const auto step = integerAfter(line, "global_step=");
        const auto samples = numberAfter(line, "CurrSamplesPerSec=");
        if (step && samples && *samples > 0) {
            LogStep s;
            s.step = *step;
            s.samplesPerS = samples;
            s.memoryGib = numberAfter(line, "MaxMemAllocated=");
            c[2].log.steps.push_back(s);
            ++c[2].lines;
        }
        return;
    }
    // The Hugging Face Trainer's summary.
    if (line.find("'train_steps_per_second':") != std::string::npos) {
        const auto rate = numberAfter(line, "'train_steps_per_second':");
        if (rate && *rate > 0) {
            LogStep s;
            s.step = 0;
            s.stepTimeS = 1.0 / *rate;
            c[3].log.steps.push_back(s);
            ++c[3].lines;
        }
    }
}

double median(std::vector<double> v)
{
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

} // namespace

std::optional<TrainingLog> parseTrainingLog(std::string_view text, Problem* error)
{
    std::array<Candidate, 4> candidates;
    candidates[0].log.format = LogFormat::megatron;
    candidates[1].log.format = LogFormat::torchtitan;
    candidates[2].log.format = LogFormat::deepspeed;
    candidates[2].log.memoryIsAllocated = true;
    candidates[3].log.format = LogFormat::hf_trainer;
    std::size_t begin = 0;
    while (begin < text.size()) {
        std::size_t end = text.find('\n', begin);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(begin, end - begin);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (line.size() <= 64 * 1024) readLine(line, candidates); // longer is no log line
        begin = end + 1;
    }
    const auto best = std::max_element(
        candidates.begin(), candidates.end(), [](const Candidate& a, const Candidate& b) { return a.lines < b.lines; });
    if (best->lines == 0) {
        if (error) *error = Problem(ProblemCode::log_has_no_steps);
        return std::nullopt;
    }
    return best->log;
}

ActualComparison compareWithLog(const Scenario& s, const Estimate& e, TrainingLog log)
{
    ActualComparison c;
    const double tokensPerStep = double(s.training.globalBatch) * s.training.seqLen;
    const double gpus = std::max(1, e.gpus);
    // Each logged step's time: as printed, or from its throughput and the scenario's batch.
    std::vector<std::pair<const LogStep*, double>> timed;
    for (const LogStep& step : log.steps) {
        double t = 0;
        if (step.stepTimeS)
            t = *step.stepTimeS;
        else if (step.tokensPerSPerGpu)
            t = tokensPerStep / (*step.tokensPerSPerGpu * gpus);
        else if (step.samplesPerS)
            t = s.training.globalBatch / *step.samplesPerS;
        if (t > 0 && std::isfinite(t)) timed.emplace_back(&step, t);
    }
    // Steady steps: all but the first logged one (compilation, allocator and NCCL warm-up), and
    // none more than 1.5 × the median of the others (a step that saved a checkpoint or evaluated).
    std::vector<std::pair<const LogStep*, double>> steady(
        timed.size() > 1 ? timed.begin() + 1 : timed.begin(), timed.end());
    std::vector<double> times;
    for (const auto& [step, t] : steady)
        times.push_back(t);
    const double typical = median(times);
    std::vector<std::pair<const LogStep*, double>> used;
    for (const auto& entry : steady)
        if (entry.second <= 1.5 * typical) used.push_back(entry);
    c.stepsUsed = int(used.size());
    c.stepsLeftOut = int(log.steps.size()) - c.stepsUsed;
    if (!used.empty()) {
        c.firstStep = used.front().first->step;
        c.lastStep = used.back().first->step;
    }
    std::vector<double> stepTimes, mfus, memories, tflops;
    for (const auto& [step, t] : used) {
        stepTimes.push_back(t);
        if (step->mfu) mfus.push_back(*step->mfu);
        if (step->memoryGib) memories.push_back(*step->memoryGib);
        if (step->tflopsPerGpu) tflops.push_back(*step->tflopsPerGpu);
    }
    c.stepTimeS = median(stepTimes);
    c.tokensPerS = c.stepTimeS > 0 ? tokensPerStep / c.stepTimeS : 0;
    if (!mfus.empty()) c.mfu = median(mfus);
    if (!tflops.empty()) c.tflopsPerGpu = median(tflops);
    // Memory is a peak: the largest the log reports.
    if (!memories.empty()) c.peakMemoryGib = *std::max_element(memories.begin(), memories.end());
    if (log.maxReservedGib) c.peakMemoryGib = log.maxReservedGib;

    // The plan, in the same terms.
    c.plannedStepTimeS = e.compute.stepTimeS;
    c.plannedLowS = c.plannedHighS = c.plannedStepTimeS;
    if (e.range) {
        c.plannedLowS = c.plannedStepTimeS * e.range->low;
        c.plannedHighS = c.plannedStepTimeS * e.range->high;
        c.rangeRuns = e.range->runs;
    }
    c.plannedTokensPerS = e.compute.tokensPerS;
    const StageMemory& peak = e.memory.peak();
    const double reserved = e.memory.total() - peak.outsideAllocator;
    c.plannedMemoryGib = (log.memoryIsAllocated ? reserved - peak.allocatorSlack : reserved) / kBytesPerGib;
    // torchtitan, the one log that prints an MFU, counts attention over the whole s × s square; the
    // estimate's MFU counts its causal half (docs/FORMULAS.md §4): compared in torchtitan's convention.
    c.plannedMfu = c.mfu && e.compute.modelFlopsPerStep > 0
        ? e.compute.mfu * modelFlopsPerStep(s) / e.compute.modelFlopsPerStep
        : e.compute.mfu;
    const auto peakTflops = s.hardware.gpu.peakTflops.find(s.precision.compute);
    c.plannedTflopsPerGpu = peakTflops == s.hardware.gpu.peakTflops.end() ? 0 : e.compute.mfu * peakTflops->second;

    auto residual = [&](const char* name, double measured, double planned) {
        if (planned > 0 && std::isfinite(measured)) c.residuals.emplace_back(name, measured / planned - 1);
    };
    residual("step_time", c.stepTimeS, c.plannedStepTimeS);
    residual("tokens_per_s", c.tokensPerS, c.plannedTokensPerS);
    if (c.peakMemoryGib) residual("peak_memory", *c.peakMemoryGib, c.plannedMemoryGib);
    if (c.mfu) residual("mfu", *c.mfu, c.plannedMfu);
    if (c.tflopsPerGpu) residual("tflops_per_gpu", *c.tflopsPerGpu, c.plannedTflopsPerGpu);

    // The efficiencies that reproduce it (calibration.h), memory only where the log gives reserved bytes.
    MeasuredRun measured;
    if (c.stepTimeS > 0) measured.stepTimeS = c.stepTimeS;
    // calibrate() fits the device's whole peak: what the allocator reserved plus what it does not see
    // (the CUDA context, NCCL's buffers), as the estimate counts that.
    if (c.peakMemoryGib && !log.memoryIsAllocated)
        measured.peakMemoryBytes = *c.peakMemoryGib * kBytesPerGib + peak.outsideAllocator;
    c.refit = calibrate(s, measured);

    // The whole run at the measured pace: the same steps, checkpoints and failures (reliability_model.h),
    // each step taking what the log says.
    c.planned = e.training;
    Estimate paced = e;
    paced.warnings.clear();
    paced.compute.stepTimeS = c.stepTimeS;
    paced.training.timeS = paced.training.steps * c.stepTimeS;
    applyReliability(s, paced);
    c.forecast = paced.training;
    const double tolerance = e.range ? 0.0 : 0.1;
    c.drift = c.stepTimeS < c.plannedLowS * (1 - tolerance) || c.stepTimeS > c.plannedHighS * (1 + tolerance);
    c.log = std::move(log);
    return c;
}

std::string actualToJson(const ActualComparison& c)
{
    nlohmann::ordered_json doc;
    doc["format"] = "trainplanner-actual";
    doc["version"] = 1;
    doc["log"] = { { "framework", std::string(toString(c.log.format)) }, { "steps_read", c.log.steps.size() },
        { "steps_used", c.stepsUsed }, { "steps_left_out", c.stepsLeftOut }, { "first_step", c.firstStep },
        { "last_step", c.lastStep } };
    nlohmann::ordered_json measured;
    measured["step_time_s"] = c.stepTimeS;
    measured["tokens_per_s"] = c.tokensPerS;
    if (c.peakMemoryGib) {
        measured["peak_memory_gib"] = *c.peakMemoryGib;
        measured["peak_memory_kind"] = c.log.memoryIsAllocated ? "max_allocated" : "max_reserved";
    }
    if (c.mfu) measured["mfu"] = *c.mfu;
    if (c.tflopsPerGpu) measured["tflops_per_gpu"] = *c.tflopsPerGpu;
    doc["measured"] = measured;
    nlohmann::ordered_json planned;
    planned["step_time_s"] = c.plannedStepTimeS;
    planned["step_time_low_s"] = c.plannedLowS;
    planned["step_time_high_s"] = c.plannedHighS;
    planned["range_runs"] = c.rangeRuns;
    planned["tokens_per_s"] = c.plannedTokensPerS;
    planned["peak_memory_gib"] = c.plannedMemoryGib;
    planned["mfu"] = c.plannedMfu;
    planned["tflops_per_gpu"] = c.plannedTflopsPerGpu;
    doc["planned"] = planned;
    nlohmann::ordered_json residuals;
    for (const auto& [name, value] : c.residuals)
        residuals[name] = value;
    doc["residuals"] = residuals;
    nlohmann::ordered_json refit;
    refit["efficiency"] = { { "compute", c.refit.calibrated.efficiency.compute } };
    refit["overhead"] = { { "fragmentation", c.refit.calibrated.overhead.fragmentation } };
    refit["step_time_fitted"] = c.refit.stepFitted;
    refit["memory_fitted"] = c.refit.memoryFitted;
    refit["step_time_s_after"] = c.refit.stepAfterS;
    if (!c.refit.stepNote.empty()) refit["step_note"] = c.refit.stepNote;
    if (!c.refit.memoryNote.empty()) refit["memory_note"] = c.refit.memoryNote;
    doc["refitted"] = refit;
    auto training = [](const TrainingEstimate& t) {
        return nlohmann::ordered_json { { "time_s", t.timeS }, { "gpu_hours", t.gpuHours },
            { "total_cost_usd", t.totalCostUsd } };
    };
    doc["forecast"] = training(c.forecast);
    doc["plan"] = training(c.planned);
    doc["drift"] = c.drift;
    wordsForNonFinite(doc);
    return doc.dump(2) + "\n";
}

std::string actualToText(const ActualComparison& c)
{
    std::ostringstream os;
    if (c.log.format == LogFormat::hf_trainer) {
        os << "Training log (hf_trainer): the Trainer's average over the whole run, warm-up included\n\n";
    } else {
        os << "Training log (" << toString(c.log.format) << "): " << c.log.steps.size() << " step lines, median of "
           << c.stepsUsed << " steady steps";
        if (c.stepsUsed > 0) os << " (" << c.firstStep << " to " << c.lastStep << ")";
        os << "; " << c.stepsLeftOut << " left out (the first, and any over 1.5 x the median)\n\n";
    }
    char line[200];
    std::snprintf(line, sizeof line, "%-26s %14s %14s %9s\n", "", "measured", "planned", "residual");
    os << line;
    auto row = [&](const char* name, std::optional<double> measured, double planned, int decimals) {
        const std::string m = measured ? fixedNumber(*measured, decimals) : std::string("-");
        const std::string r = measured && planned > 0 ? fixedNumber((*measured / planned - 1) * 100, 1) + " %" : "";
        std::snprintf(line, sizeof line, "%-26s %14s %14s %9s\n", name, m.c_str(),
            fixedNumber(planned, decimals).c_str(), r.c_str());
        os << line;
    };
    row("step time (s)", c.stepTimeS, c.plannedStepTimeS, 3);
    row("tokens/s", c.tokensPerS, c.plannedTokensPerS, 0);
    row(c.log.memoryIsAllocated ? "peak memory (GiB, alloc.)" : "peak memory (GiB, reserved)", c.peakMemoryGib,
        c.plannedMemoryGib, 1);
    row("MFU (%)", c.mfu ? std::optional<double>(*c.mfu * 100) : std::nullopt, c.plannedMfu * 100, 1);
    row("TFLOP/s per GPU", c.tflopsPerGpu, c.plannedTflopsPerGpu, 1);
    os << "\nplanned range: " << fixedNumber(c.plannedLowS, 3) << "-" << fixedNumber(c.plannedHighS, 3) << " s"
       << (c.rangeRuns > 0 ? " (" + std::to_string(c.rangeRuns) + " measured runs)" : std::string(" (no range)"))
       << "\n";
    if (c.drift) os << "drift: the measured step time is outside the plan's range\n";
    os << "refitted: efficiency.compute " << fixedNumber(c.refit.calibrated.efficiency.compute, 3);
    if (c.refit.memoryFitted)
        os << ", overhead.fragmentation " << fixedNumber(c.refit.calibrated.overhead.fragmentation, 3);
    os << "\n";
    if (!c.refit.stepNote.empty()) os << "  " << c.refit.stepNote << "\n";
    os << "\nwhole run          "
       << "      planned     forecast\n";
    std::snprintf(line, sizeof line, "%-18s %12s %12s\n", "days", fixedNumber(c.planned.timeS / 86400, 1).c_str(),
        fixedNumber(c.forecast.timeS / 86400, 1).c_str());
    os << line;
    std::snprintf(line, sizeof line, "%-18s %12s %12s\n", "GPU-hours", fixedNumber(c.planned.gpuHours, 0).c_str(),
        fixedNumber(c.forecast.gpuHours, 0).c_str());
    os << line;
    std::snprintf(line, sizeof line, "%-18s %12s %12s\n", "total cost (USD)",
        fixedNumber(c.planned.totalCostUsd, 0).c_str(), fixedNumber(c.forecast.totalCostUsd, 0).c_str());
    os << line;
    return os.str();
}

} // namespace core
