#include "core/runs/training_log.h"

#include "core/base/json_text.h"
#include "core/base/printable.h"
#include "core/estimate/estimate_io.h"
#include "core/fidelity/fidelity.h"
#include "core/model/compute_model.h"
#include "core/model/reliability_model.h"
#include "core/model/software_stack.h"
#include "core/runs/log_expectation.h"
#include "core/scenario/scenario_fields.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <sstream>

namespace core {

namespace {

double median(std::vector<double> v)
{
    if (v.empty()) return 0;
    const auto middle = v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2);
    std::nth_element(v.begin(), middle, v.end());
    if (v.size() % 2) return *middle;
    return (*std::max_element(v.begin(), middle) + *middle) / 2;
}

/// "1,234": counts in notes read at a glance.
std::string count(double n)
{
    // Appended digit by digit, not inserted: GCC 12 misreads an insert into a string as an overlapping
    // copy (-Wrestrict, GCC bug 105329).
    const std::string digits = std::to_string(static_cast<long long>(n));
    const std::size_t sign = !digits.empty() && digits[0] == '-' ? 1 : 0;
    std::string out;
    out.reserve(digits.size() + digits.size() / 3);
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > sign && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return out;
}

constexpr std::array<const char*, 4> kFrameworkWords { "Megatron-LM", "torchtitan", "DeepSpeed",
    "Hugging Face Trainer" };

const char* frameworkWord(double index)
{
    return kFrameworkWords[static_cast<std::size_t>(std::clamp(index, 0.0, 3.0))];
}

/// A software stack's file name ("megatron-core"), from a note's number.
std::string_view stackWord(double index)
{
    return toString(SoftwareStack(int(std::clamp(index, 0.0, double(kSoftwareStackNames.size() - 1)))));
}

/// The scenario's value of a setting a log can state: its key's row of the field table.
double plannedSetting(const Scenario& s, LogSetting setting)
{
    const Field* field = findField(toString(setting));
    return field && field->get ? field->get(s) : 0;
}

/// A setting's scenario key, from a note's number.
std::string_view settingKey(double index)
{
    return toString(LogSetting(int(std::clamp(index, 0.0, double(kLogSettingCount - 1)))));
}

} // namespace

std::string LogNote::message() const
{
    auto n = [&](const char* name) { return count(value(name)); };
    switch (code) {
    case LogNoteCode::other_framework:
        return n("lines") + " step lines of " + frameworkWord(value("framework"))
            + " were left out: the log is read as " + frameworkWord(value("chosen")) + "'s";
    case LogNoteCode::framework_tie:
        return std::string(frameworkWord(value("framework"))) + " and " + frameworkWord(value("other")) + " have "
            + n("lines") + " step lines each: the log is read as " + frameworkWord(value("framework"))
            + "'s, whose first step line comes first";
    case LogNoteCode::figures_rejected:
        return n("lines")
            + " step lines were left out: their figure is no measurement (zero, negative, not finite "
              "or out of range), the first on line "
            + n("first_line");
    case LogNoteCode::restarted:
        return "the step numbers go back " + n("restarts") + " time(s), first on line " + n("line") + " (from step "
            + n("from") + " to " + n("to") + "): a restarted run; the steps of every part are taken";
    case LogNoteCode::only_warmup_step:
        return "the only step logged is the first (step " + n("step") + ", line " + n("line")
            + "), which includes the warm-up (compilation, allocator, NCCL set-up): the measurement is slower than "
              "the steady pace";
    case LogNoteCode::not_steady:
        return n("left_out") + " of " + n("steady")
            + " steady steps are over 1.5 × the median and were left out: the run is not steady, the median is "
              "that of its faster part";
    case LogNoteCode::sampled:
        return "the median is taken over a uniform sample of " + n("sample") + " of the " + n("steady")
            + " steady steps (within ±0.4 % of rank of the exact median)";
    case LogNoteCode::stack_replaced:
        return "the log is " + std::string(frameworkWord(value("framework"))) + "'s: the plan is priced on its stack, "
            + std::string(stackWord(value("priced")))
            + ", not on training.framework = " + std::string(stackWord(value("named")));
    case LogNoteCode::differs_from_plan:
        return "the log states " + std::string(settingKey(value("setting"))) + " = " + n("log") + " (line " + n("line")
            + "), the plan " + n("plan")
            + ": the log is of another run, and the residuals, the refit and the forecast compare two runs";
    case LogNoteCode::rampup_steps:
        return n("steps") + " steady steps of the batch ramp-up (a global batch below the run's " + n("batch")
            + ") were left out: the median is that of the full-batch steps";
    case LogNoteCode::rampup_only:
        return "every step compared is of the batch ramp-up (a global batch below the run's " + n("batch")
            + "): each is read at its pace per sequence, as a step of " + n("batch") + " sequences";
    }
    return {}; // every code is worded above
}

std::optional<ActualComparison> compareWithLog(
    const Scenario& s, const Estimate& e, const TrainingLog& log, Problem* error)
{
    auto refuse = [&](Problem problem) -> std::optional<ActualComparison> {
        if (error) *error = std::move(problem);
        return std::nullopt;
    };
    if (log.stepLines == 0) return refuse(Problem(ProblemCode::log_has_no_steps));
    ActualComparison c;
    c.stack = s.training.framework;
    c.log = { log.format, log.file, log.memoryIsAllocated, log.stepLines, log.steadySteps,
        log.steadySteps > static_cast<std::int64_t>(log.sample.size()) };
    // What the log says of its run against the plan, first: a log of another layout, batch or sequence
    // length is another run, whatever its figures.
    for (int i = 0; i < kLogSettingCount; ++i) {
        const auto& stated = log.stated[static_cast<std::size_t>(i)];
        const double planned = plannedSetting(s, LogSetting(i));
        if (!stated || stated->value == planned) continue;
        c.otherRun = true;
        c.notes.push_back({ LogNoteCode::differs_from_plan,
            { { "setting", double(i) }, { "log", stated->value }, { "plan", planned },
                { "line", double(stated->line) } } });
    }
    c.notes.insert(c.notes.end(), log.notes.begin(), log.notes.end());
    const double tokensPerStep = double(s.training.globalBatch) * s.training.seqLen;
    // Measured tokens are the log's: its own batch and sequence length where it states them.
    auto statedOr = [&](LogSetting setting, double planned) {
        const auto& stated = log.stated[static_cast<std::size_t>(setting)];
        return stated ? stated->value : planned;
    };
    c.tokensPerStep
        = statedOr(LogSetting::global_batch, s.training.globalBatch) * statedOr(LogSetting::seq_len, s.training.seqLen);
    const double gpus = std::max(1, e.gpus);
    // A logged pace times this is a step time: torchtitan's is per token and GPU, DeepSpeed's per sample.
    const double perStep = log.format == LogFormat::torchtitan ? tokensPerStep / gpus
        : log.format == LogFormat::deepspeed                   ? double(s.training.globalBatch)
                                                               : 1.0;

    // A batch ramp-up (Megatron-LM's --rampup-batch-size) logs its first steps at a fraction of the
    // run's global batch, each at its own: taken as steps of the run's batch, a log that is mostly
    // ramp-up read as a run faster than planned, and one of a run's first hour as faster than the
    // hardware. Where the log has full-batch steps, only those are compared; where it has none, each
    // step is read at its pace per sequence: its time ÷ its logged batch × the run's batch.
    const double runBatch = statedOr(LogSetting::global_batch, s.training.globalBatch);
    auto rampUp = [&](const LogSample& x) { return x.batch > 0 && x.batch < runBatch; };
    const auto rampupInSample = static_cast<std::size_t>(std::count_if(log.sample.begin(), log.sample.end(), rampUp));
    c.rampupPaced = log.sample.empty() ? rampUp(log.firstSample) : rampupInSample == log.sample.size();
    auto seconds = [&](const LogSample& x) {
        const double t = x.pace * perStep;
        return c.rampupPaced ? t / x.batch * runBatch : t;
    };
    auto rampupNote = [&](std::int64_t steps) {
        c.notes.push_back({ c.rampupPaced ? LogNoteCode::rampup_only : LogNoteCode::rampup_steps,
            { { "steps", double(steps) }, { "batch", runBatch } } });
    };

    // Steady steps: all but the first logged one (compilation, allocator and NCCL warm-up), and
    // none more than 1.5 × the median of the others (a step that saved a checkpoint or evaluated).
    // Over the sample, which is every steady step up to kLogSampleCapacity.
    std::vector<double> stepTimes, mfus, tflops;
    if (log.sample.empty()) {
        // The first step is all there is: taken, with a note (not for the Trainer's one average).
        const LogSample& only = log.firstSample;
        stepTimes.push_back(seconds(only));
        if (only.mfu >= 0) mfus.push_back(only.mfu);
        if (only.tflopsPerGpu >= 0) tflops.push_back(only.tflopsPerGpu);
        c.stepsUsed = 1;
        c.firstStep = c.lastStep = log.firstStep;
        if (log.format != LogFormat::hf_trainer)
            c.notes.push_back({ LogNoteCode::only_warmup_step,
                { { "step", double(log.firstStep) }, { "line", double(log.firstStepLine) } } });
        if (c.rampupPaced) {
            c.rampupSteps = 1;
            rampupNote(1);
        }
    } else {
        // The steps compared: the full-batch ones, or every one of a log of ramp-up steps only.
        std::vector<double> times;
        std::vector<std::size_t> compared;
        times.reserve(log.sample.size());
        compared.reserve(log.sample.size());
        for (std::size_t i = 0; i < log.sample.size(); ++i) {
            if (!c.rampupPaced && rampUp(log.sample[i])) continue;
            times.push_back(seconds(log.sample[i]));
            compared.push_back(i);
        }
        const double typical = median(times);
        std::size_t kept = 0;
        for (std::size_t j = 0; j < times.size(); ++j) {
            if (!(times[j] <= 1.5 * typical)) continue;
            ++kept;
            stepTimes.push_back(times[j]);
            const LogSample& x = log.sample[compared[j]];
            if (x.mfu >= 0) mfus.push_back(x.mfu);
            if (x.tflopsPerGpu >= 0) tflops.push_back(x.tflopsPerGpu);
        }
        // Over a sample, the steps found in it stand for the same share of the log's steady steps.
        auto share = [&](std::size_t n) {
            return c.log.sampled ? std::llround(double(log.steadySteps) * double(n) / double(log.sample.size()))
                                 : static_cast<std::int64_t>(n);
        };
        c.stepsUsed = share(kept);
        c.rampupSteps = share(rampupInSample);
        c.firstStep = log.lowestSteadyStep;
        c.lastStep = log.highestSteadyStep;
        if (c.rampupSteps > 0) rampupNote(c.rampupSteps);
        const std::int64_t steady = c.rampupPaced ? log.steadySteps : log.steadySteps - c.rampupSteps;
        const std::int64_t outliers = steady - c.stepsUsed;
        if (outliers * 4 > steady)
            c.notes.push_back(
                { LogNoteCode::not_steady, { { "left_out", double(outliers) }, { "steady", double(steady) } } });
    }
    c.stepsLeftOut = log.stepLines - c.stepsUsed;
    c.stepTimeS = median(stepTimes);
    c.tokensPerS = c.stepTimeS > 0 ? c.tokensPerStep / c.stepTimeS : 0;
    if (!mfus.empty()) c.mfu = median(mfus);
    if (!tflops.empty()) c.tflopsPerGpu = median(tflops);
    if (log.peakMemoryGib) c.peakMemoryGib = log.peakMemoryGib->value;

    // What no run of this scenario can show: the log is of another run, and no figure of it is taken.
    // The kernel floor holds for the measured pace, the median: single faster lines are no proof —
    // Megatron-LM's batch ramp-up logs its first steps at a fraction of the global batch.
    // A log of another batch or sequence length has its own floor: the bounds of the run it states.
    Scenario ran = s;
    ran.training.globalBatch = static_cast<int>(statedOr(LogSetting::global_batch, s.training.globalBatch));
    ran.training.seqLen = static_cast<int>(statedOr(LogSetting::seq_len, s.training.seqLen));
    const bool sameWork
        = ran.training.globalBatch == s.training.globalBatch && ran.training.seqLen == s.training.seqLen;
    c.bounds = sameWork ? measurementBounds(s, e) : measurementBounds(ran, estimate(ran));
    const MeasurementBounds& bounds = c.bounds;
    if (c.stepTimeS < bounds.minStepTimeS)
        return refuse(
            implausibleMeasurement(MeasurementKind::step_below_kernel_floor, c.stepTimeS, bounds.minStepTimeS, 0));
    if (!(c.stepTimeS <= bounds.maxStepTimeS))
        return refuse(implausibleMeasurement(MeasurementKind::step_beyond_longest, c.stepTimeS, bounds.maxStepTimeS,
            log.sample.empty() ? log.firstStepLine : 0));
    if (log.peakMemoryGib && log.peakMemoryGib->value > bounds.maxMemoryGib)
        return refuse(implausibleMeasurement(MeasurementKind::memory_above_device, log.peakMemoryGib->value,
            bounds.maxMemoryGib, log.peakMemoryGib->line));
    // The logs count attention over the whole s × s square (torchtitan, and Megatron-LM before 2025-03):
    // in that count a run at the peak shows more than 100 % at long sequences, by the ratio of the
    // whole-square to the causal FLOPs (docs/FORMULAS.md §4). Only more than that is impossible.
    const double wholeSquare
        = e.compute.modelFlopsPerStep > 0 ? std::max(1.0, modelFlopsPerStep(s) / e.compute.modelFlopsPerStep) : 1.0;
    if (log.highestMfu && log.highestMfu->value > wholeSquare)
        return refuse(implausibleMeasurement(
            MeasurementKind::mfu_above_one, log.highestMfu->value, wholeSquare, log.highestMfu->line));
    if (log.highestTflopsPerGpu && bounds.peakTflops > 0
        && log.highestTflopsPerGpu->value > bounds.peakTflops * wholeSquare)
        return refuse(implausibleMeasurement(MeasurementKind::tflops_above_peak, log.highestTflopsPerGpu->value,
            bounds.peakTflops * wholeSquare, log.highestTflopsPerGpu->line));

    if (log.rejectedLines > 0)
        c.notes.push_back({ LogNoteCode::figures_rejected,
            { { "lines", double(log.rejectedLines) }, { "first_line", double(log.firstRejectedLine) } } });
    if (log.restarts > 0)
        c.notes.push_back({ LogNoteCode::restarted,
            { { "restarts", double(log.restarts) }, { "line", double(log.restartLine) },
                { "from", double(log.restartFrom) }, { "to", double(log.restartTo) } } });
    if (c.log.sampled)
        c.notes.push_back({ LogNoteCode::sampled,
            { { "sample", double(log.sample.size()) }, { "steady", double(log.steadySteps) } } });

    // The plan, in the same terms: what the launch files expect a log of it to show (log_expectation.h).
    const LogExpectation x = expectationOf(s, e);
    c.plannedStepTimeS = x.stepTimeS;
    c.plannedLowS = x.stepLowS;
    c.plannedHighS = x.stepHighS;
    c.rangeRuns = x.rangeRuns;
    c.plannedTokensPerS = x.tokensPerS;
    c.plannedMemoryGib = log.memoryIsAllocated ? x.maxAllocatedGib : x.maxReservedGib;
    // torchtitan, the one log that prints an MFU, counts attention over the whole s × s square; the
    // estimate's MFU counts its causal half (docs/FORMULAS.md §4): compared in torchtitan's convention.
    c.plannedMfu = c.mfu ? x.mfuWholeSquare : x.mfu;
    c.plannedTflopsPerGpu = x.modelTflopsPerGpu;

    // The plan's step at the log's pace: its tokens per second over the plan's tokens per step. A log
    // of another global batch or sequence length times a step of another size: its own step time
    // against the plan's (512 sequences against 1,024) halved the forecast and read as -50 %.
    const double planTokensPerStep = double(s.training.globalBatch) * double(s.training.seqLen);
    c.pacedStepTimeS
        = c.tokensPerStep == planTokensPerStep || !(c.tokensPerS > 0) ? c.stepTimeS : planTokensPerStep / c.tokensPerS;

    auto residual = [&](const char* name, double measured, double planned) {
        if (planned > 0 && std::isfinite(measured)) c.residuals.emplace_back(name, measured / planned - 1);
    };
    residual("step_time", c.pacedStepTimeS, c.plannedStepTimeS);
    residual("tokens_per_s", c.tokensPerS, c.plannedTokensPerS);
    if (c.peakMemoryGib) residual("peak_memory", *c.peakMemoryGib, c.plannedMemoryGib);
    if (c.mfu) residual("mfu", *c.mfu, c.plannedMfu);
    if (c.tflopsPerGpu) residual("tflops_per_gpu", *c.tflopsPerGpu, c.plannedTflopsPerGpu);

    // The efficiencies that reproduce it (calibration.h), memory only where the log gives reserved bytes.
    MeasuredRun measured;
    if (c.pacedStepTimeS > 0) measured.stepTimeS = c.pacedStepTimeS;
    // calibrate() fits the device's whole peak: what the allocator reserved plus what it does not see
    // (the CUDA context, NCCL's buffers), as the estimate counts that.
    if (c.peakMemoryGib && !log.memoryIsAllocated)
        measured.peakMemoryBytes = *c.peakMemoryGib * kBytesPerGib + e.memory.peak().outsideAllocator;
    c.refit = calibrate(s, measured);

    // The whole run at the measured pace: the same steps, checkpoints and failures (reliability_model.h),
    // each step taking what the log's pace gives it.
    c.planned = e.training;
    Estimate paced = e;
    paced.warnings.clear();
    paced.compute.stepTimeS = c.pacedStepTimeS;
    paced.training.timeS = paced.training.steps * c.pacedStepTimeS;
    applyReliability(s, paced);
    c.forecast = paced.training;
    const double tolerance = e.range ? 0.0 : 0.1;
    c.drift = c.pacedStepTimeS < c.plannedLowS * (1 - tolerance) || c.pacedStepTimeS > c.plannedHighS * (1 + tolerance);
    return c;
}

std::string actualToJson(const ActualComparison& c)
{
    nlohmann::ordered_json doc;
    doc["format"] = "trainplanner-actual";
    doc["version"] = 1;
    doc["log"] = { { "framework", std::string(toString(c.log.format)) }, { "stack", std::string(toString(c.stack)) },
        { "steps_read", c.log.stepLines }, { "steps_used", c.stepsUsed }, { "steps_left_out", c.stepsLeftOut },
        { "first_step", c.firstStep }, { "last_step", c.lastStep }, { "sampled", c.log.sampled },
        { "rampup_steps", c.rampupSteps }, { "rampup_paced", c.rampupPaced } };
    if (!c.log.file.empty()) doc["log"]["file"] = printable(c.log.file, 4096);
    doc["log"]["tokens_per_step"] = c.tokensPerStep;
    // Each setting the log states otherwise than the plan: the comparison is of another run.
    doc["log_matches_plan"] = !c.otherRun;
    nlohmann::ordered_json differs = nlohmann::ordered_json::array();
    for (const LogNote& note : c.notes)
        if (note.code == LogNoteCode::differs_from_plan)
            differs.push_back({ { "key", std::string(settingKey(note.value("setting"))) }, { "log", note.value("log") },
                { "plan", note.value("plan") }, { "line", note.value("line") } });
    doc["differs_from_plan"] = differs;
    nlohmann::ordered_json measured;
    measured["step_time_s"] = c.stepTimeS;
    measured["tokens_per_s"] = c.tokensPerS;
    measured["paced_step_time_s"] = c.pacedStepTimeS;
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
    if (c.refit.refused) refit["refused"] = c.refit.refused->message();
    if (c.otherRun) refit["of_another_run"] = true;
    doc["refitted"] = refit;
    auto training = [](const TrainingEstimate& t) {
        return nlohmann::ordered_json { { "time_s", t.timeS }, { "gpu_hours", t.gpuHours },
            { "total_cost_usd", t.totalCostUsd } };
    };
    doc["forecast"] = training(c.forecast);
    if (c.otherRun) doc["forecast"]["of_another_run"] = true;
    doc["plan"] = training(c.planned);
    doc["drift"] = c.drift;
    nlohmann::ordered_json notes = nlohmann::ordered_json::array();
    for (const LogNote& note : c.notes)
        notes.push_back({ { "code", std::string(toString(note.code)) }, { "message", note.message() } });
    doc["notes"] = notes;
    wordsForNonFinite(doc);
    return core::jsonText(doc);
}

std::string actualToText(const ActualComparison& c)
{
    std::ostringstream os;
    if (c.log.format == LogFormat::hf_trainer) {
        os << "Training log (hf_trainer): the Trainer's average over the whole run, warm-up included\n";
    } else {
        os << "Training log (" << toString(c.log.format) << "): " << c.log.stepLines << " step lines, median of "
           << c.stepsUsed << " steady steps";
        if (c.stepsUsed > 0) os << " (" << c.firstStep << " to " << c.lastStep << ")";
        if (c.rampupPaced) os << ", each of the batch ramp-up, read at its pace per sequence";
        os << "; " << c.stepsLeftOut << " left out (the first, ";
        if (c.rampupSteps > 0 && !c.rampupPaced) os << c.rampupSteps << " of the batch ramp-up, ";
        os << "and any over 1.5 x the median)\n";
    }
    os << "planned on the software stack " << toString(c.stack) << " (training.framework)\n";
    if (!c.log.file.empty()) os << "log file: " << printable(c.log.file, 200) << "\n";
    if (c.otherRun) {
        os << "\nTHE LOG IS OF ANOTHER RUN: it states\n";
        for (const LogNote& note : c.notes)
            if (note.code == LogNoteCode::differs_from_plan)
                os << "  " << settingKey(note.value("setting")) << " = " << count(note.value("log"))
                   << " (plan: " << count(note.value("plan")) << ", log line " << count(note.value("line")) << ")\n";
        os << "the residuals, the refitted efficiency and the forecast below compare two different runs\n";
    }
    os << "\n";
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
    if (c.pacedStepTimeS != c.stepTimeS) {
        // Another batch or sequence: the plan's step at the log's pace is what compares.
        os << "the log's own step: " << fixedNumber(c.stepTimeS, 3) << " s for " << fixedNumber(c.tokensPerStep, 0)
           << " tokens\n";
        row("plan's step at log's pace", c.pacedStepTimeS, c.plannedStepTimeS, 3);
    } else {
        row("step time (s)", c.stepTimeS, c.plannedStepTimeS, 3);
    }
    row("tokens/s", c.tokensPerS, c.plannedTokensPerS, 0);
    row(c.log.memoryIsAllocated ? "peak memory (GiB, alloc.)" : "peak memory (GiB, reserved)", c.peakMemoryGib,
        c.plannedMemoryGib, 1);
    row("MFU (%)", c.mfu ? std::optional<double>(*c.mfu * 100) : std::nullopt, c.plannedMfu * 100, 1);
    row("TFLOP/s per GPU", c.tflopsPerGpu, c.plannedTflopsPerGpu, 1);
    os << "\nplanned range: " << fixedNumber(c.plannedLowS, 3) << "-" << fixedNumber(c.plannedHighS, 3) << " s"
       << (c.rangeRuns > 0 ? " (" + std::to_string(c.rangeRuns) + " measured runs)" : std::string(" (no range)"));
    // The range is where measured runs of its kind landed against the model: it may lie on one side of it.
    if (c.rangeRuns > 0 && c.plannedLowS > c.plannedStepTimeS)
        os << ": runs like this ran slower than the model's " << fixedNumber(c.plannedStepTimeS, 3) << " s";
    else if (c.rangeRuns > 0 && c.plannedHighS < c.plannedStepTimeS)
        os << ": runs like this ran faster than the model's " << fixedNumber(c.plannedStepTimeS, 3) << " s";
    os << "\n";
    if (c.drift) os << "drift: the measured step time is outside the plan's range\n";
    os << "refitted" << (c.otherRun ? " (to another run)" : "") << ": efficiency.compute "
       << fixedNumber(c.refit.calibrated.efficiency.compute, 3);
    if (c.refit.memoryFitted)
        os << ", overhead.fragmentation " << fixedNumber(c.refit.calibrated.overhead.fragmentation, 3);
    os << "\n";
    if (!c.refit.stepNote.empty()) os << "  " << c.refit.stepNote << "\n";
    if (c.refit.refused) os << "  not fitted: " << c.refit.refused->message() << "\n";
    os << "\nwhole run          "
       << "      planned     forecast" << (c.otherRun ? " (of another run)" : "") << "\n";
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

Scenario loggedScenario(const Scenario& scenario, LogFormat format)
{
    Scenario s = scenario;
    const StackFamily family = format == LogFormat::megatron ? StackFamily::megatron
        : format == LogFormat::torchtitan                    ? StackFamily::torchtitan
        : format == LogFormat::deepspeed                     ? StackFamily::deepspeed
                                                             : StackFamily::hf_trainer;
    s.training.framework = stackOfFamily(s.training.framework, family);
    return s;
}

std::optional<ActualComparison> compareWithLog(const Scenario& scenario, const TrainingLog& log, Problem* error)
{
    const Scenario logged = loggedScenario(scenario, log.format);
    auto c = compareWithLog(logged, estimateWithRange(logged), log, error);
    const SoftwareStack named = scenario.training.framework;
    if (c && named != SoftwareStack::generic && named != logged.training.framework)
        c->notes.push_back({ LogNoteCode::stack_replaced,
            { { "framework", double(log.format) }, { "named", double(named) },
                { "priced", double(logged.training.framework) } } });
    return c;
}

} // namespace core
