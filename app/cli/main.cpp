// trainplanner-cli: the estimation model without a display (docs/DESIGN.md "Command line").
// Exit codes: 0 done; 2 bad input or usage (message on stderr, nothing on stdout); 3 an output
// could not be written.

#include "core/architecture.h"
#include "core/estimate.h"
#include "core/estimate_io.h"
#include "core/fidelity.h"
#include "core/file_io.h"
#include "core/hf_import.h"
#include "core/launch.h"
#include "core/loss_scaling.h"
#include "core/number_format.h"
#include "core/plan_io.h"
#include "core/planner.h"
#include "core/presets.h"
#include "core/prices.h"
#include "core/printable.h"
#include "core/scenario_fields.h"
#include "core/scenario_io.h"
#include "core/sweep.h"
#include "core/training_log.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <cerrno>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <poll.h>
#include <sstream>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace {

constexpr int kBadInput = 2;
constexpr int kCannotWrite = 3;

/// One line on stderr. Messages repeat input (paths, keys, names): control characters are escaped
/// so that a hostile file cannot drive the terminal (review DEF-11).
void report(const std::string& message)
{
    std::cerr << "trainplanner-cli: " << core::escapeControls(message) << "\n";
}

/// Writes the whole text to stdout, or reports that it could not.
int emit(const std::string& text)
{
    std::cout << text << std::flush;
    if (!std::cout) {
        report("cannot write the output");
        return kCannotWrite;
    }
    return 0;
}

/// FILE as the commands take it: "-" is the bundled default scenario (README), /dev/stdin reads a
/// scenario from standard input (bounded like any file), anything else is a file.
core::ScenarioResult loadScenarioArgument(const std::string& file)
{
    if (file == "-") {
        // Review DEF-14 (C89): a scenario piped in with "-" was silently ignored. Say so.
        // A pipe's writer may not have written yet when this starts (`echo … | trainplanner-cli …` starts
        // both at once): a pipe is given a moment, anything else (a file, /dev/null, a terminal) none.
        struct stat in { };
        if (::isatty(STDIN_FILENO) == 0 && ::fstat(STDIN_FILENO, &in) == 0 && S_ISFIFO(in.st_mode)) {
            pollfd ready { STDIN_FILENO, POLLIN, 0 };
            (void)::poll(&ready, 1, 200);
        }
        int waiting = 0;
        if (::isatty(STDIN_FILENO) == 0 && ::ioctl(STDIN_FILENO, FIONREAD, &waiting) == 0 && waiting > 0)
            std::cerr << "trainplanner-cli: note: \"-\" is the bundled default scenario; to read the scenario on "
                         "standard input, "
                         "give /dev/stdin\n";
        return { core::defaultScenario(), {} };
    }
    if (file == "/dev/stdin") {
        const core::FileRead in = core::readStdinBounded(core::kMaxScenarioBytes);
        if (!in.ok()) return { std::nullopt, { "", in.error } };
        return core::parseScenario(in.text);
    }
    return core::loadScenarioFile(file);
}

/// A file a command reads, which its output must not replace: the path, and what it is to the command.
struct Input {
    std::string path;
    const char* what;
};

/// What -o OUTPUT means for launch and import-config (docs/DESIGN.md "Command line", writing files):
/// "-" is standard output, as it conventionally is for an output (for FILE, "-" is the bundled
/// default scenario); so is any path that names this process's standard output (/dev/stdout, or
/// /proc/self/fd/1, in a pipe or on a terminal). Anything else is a file.
bool toStandardOutput(const std::string& output)
{
    return output == "-" || core::namesDescriptor(output, STDOUT_FILENO);
}

/// Writes a command's output files as one set (all or none) under the rule that nothing a user owns
/// is replaced unasked: a file that exists is replaced only with --force, and never one of the
/// command's inputs (it would be lost with the output). The exit code; the message on stderr.
int writeOutputs(const std::vector<core::FileToWrite>& files, const std::vector<Input>& inputs, bool force)
{
    for (const auto& file : files)
        for (const auto& input : inputs)
            if (!input.path.empty() && core::sameFile(file.path, input.path)) {
                report("cannot write " + core::printable(file.path, 200) + ": it is " + input.what
                    + " this command reads; write the output to another file");
                return kCannotWrite;
            }
    const core::WriteSetResult written
        = core::writeFilesAtomically(files, force ? core::Existing::replace : core::Existing::refuse);
    if (!written.existing.empty()) {
        std::string names;
        for (const auto& path : written.existing)
            names += (names.empty() ? "" : ", ") + core::printable(path, 200);
        report("cannot write " + names
            + (written.existing.size() == 1 ? ": it exists; give --force to replace it"
                                            : ": they exist; give --force to replace them"));
        return kCannotWrite;
    }
    if (!written.ok()) {
        report("cannot write " + written.error);
        return kCannotWrite;
    }
    return 0;
}

/// Loads FILE and applies --set overrides.
std::optional<core::Scenario> loadWithOverrides(const std::string& file, const std::vector<std::string>& overrides)
{
    const core::ScenarioResult result = loadScenarioArgument(file);
    if (!result.ok()) {
        report(result.error.toString());
        return std::nullopt;
    }
    core::Scenario s = *result.scenario;
    for (const auto& o : overrides) {
        if (auto error = core::applyOverride(s, o)) {
            report("--set " + core::printable(o) + ": " + error->toString());
            return std::nullopt;
        }
    }
    return s;
}

/// A CLI11 check with the scenario messages' wording: "must be an integer between 1 and 1000000,
/// got "1e6"" (review DEF-14: CLI11's own said "Value 1e6 not in range", for a value in range).
CLI::Validator limited(core::Field limit)
{
    return CLI::Validator(
        [limit](std::string& text) -> std::string {
            const char* begin = text.c_str();
            char* end = nullptr;
            errno = 0;
            bool ok = false;
            if (limit.kind == core::FieldKind::number) {
                const double v = std::strtod(begin, &end);
                ok = end != begin && *end == '\0' && errno == 0 && std::isfinite(v) && v >= limit.min && v <= limit.max;
            } else {
                const long long v = std::strtoll(begin, &end, 10);
                ok = end != begin && *end == '\0' && errno == 0 && v >= limit.min && v <= limit.max;
            }
            return ok ? std::string() : core::rangeText(limit) + ", got \"" + core::printable(text, 40) + "\"";
        },
        "", "limited");
}

/// One row per sweep point: the figures a scaling chart needs, in base units.
std::string sweepText(const core::SweepResult& r, const std::string& column, const std::string& format)
{
    std::ostringstream os;
    if (format == "json") return core::sweepToJson(r, column);
    if (format == "csv") return core::sweepToCsv(r, column);
    char line[320];
    std::snprintf(line, sizeof line, "%-14s %7s %12s %5s %10s %7s %8s %12s %10s %14s\n", column.c_str(), "GPUs",
        "GiB/GPU", "fits", "step (s)", "MFU", "comm", "tokens/s", "days", "cost (USD)");
    os << line;
    for (const auto& p : r.points) {
        const auto& e = p.estimate;
        std::snprintf(line, sizeof line, "%-14s %7d %12.2f %5s %10.3f %6.1f%% %7.1f%% %12.0f %10s %14s\n",
            core::printable(p.value, 14).c_str(), e.gpus, e.memory.total() / 1073741824.0,
            e.memory.fits() ? "yes" : "no", e.compute.stepTimeS, e.compute.mfu * 100, e.communication.shareOfStep * 100,
            e.compute.tokensPerS, core::fixedNumber(e.training.timeS / 86400, 1).c_str(),
            core::fixedNumber(e.training.costUsd, 0).c_str());
        os << line;
    }
    return os.str();
}

std::string precisionText(double start, double update, std::int64_t steps, const std::string& format)
{
    const auto runs = core::precisionLab(start, update, steps);
    const double exact = start + double(steps) * update;
    std::ostringstream os;
    if (format == "json") {
        nlohmann::ordered_json doc;
        doc["format"] = "trainplanner-precision";
        doc["version"] = 1;
        doc["start"] = start;
        doc["update"] = update;
        doc["steps"] = steps;
        doc["exact"] = exact;
        nlohmann::ordered_json results = nlohmann::ordered_json::array();
        for (const auto& r : runs)
            results.push_back({ { "format", core::toString(r.format) }, { "rounding", core::toString(r.rounding) },
                { "kahan", r.kahan }, { "final", r.final }, { "trajectory", r.trajectory },
                { "trajectory_steps", r.trajectorySteps } });
        doc["results"] = results;
        nlohmann::ordered_json formats = nlohmann::ordered_json::array();
        for (const auto& f : core::formatInfos())
            formats.push_back(
                { { "name", f.name }, { "exponent_bits", f.exponentBits }, { "mantissa_bits", f.mantissaBits },
                    { "max_finite", f.maxFinite }, { "min_normal", f.minNormal }, { "min_subnormal", f.minSubnormal },
                    { "spacing_at_one", f.spacingAtOne }, { "smallest_kept_ratio", f.smallestKeptRatio } });
        doc["formats"] = formats;
        core::wordsForNonFinite(doc); // a format that overflows says "infinite", not null (review DEF-12)
        return doc.dump(2) + "\n";
    }
    if (format == "csv") {
        os << "format,rounding,kahan,step,value\n";
        for (const auto& r : runs)
            for (std::size_t i = 0; i < r.trajectory.size(); ++i)
                os << core::toString(r.format) << ',' << core::toString(r.rounding) << ',' << (r.kahan ? 1 : 0) << ','
                   << r.trajectorySteps[i] << ',' << core::csvNumber(r.trajectory[i]) << '\n';
        return os.str();
    }
    char line[200];
    std::snprintf(line, sizeof line, "w = %.9g, then %lld updates of %.9g (exact result %.9g)\n\n", start,
        static_cast<long long>(steps), update, exact);
    os << line;
    std::snprintf(line, sizeof line, "%-10s %-11s %-6s %22s %12s %20s\n", "format", "rounding", "kahan", "final",
        "error", "smallest kept u/w");
    os << line;
    for (const auto& r : runs) {
        // A format can overflow (fp16 past 65,504) or reach inf − inf: said in words. The relative
        // error of an exact result of 0 is the absolute error's sign only: "none" when both are 0.
        char final[32], error[32];
        if (std::isfinite(r.final))
            std::snprintf(final, sizeof final, "%.17g", r.final);
        else
            std::snprintf(final, sizeof final, "%s", core::nonFiniteWord(r.final).c_str());
        const double relative = (r.final - exact) / exact * 100;
        if (exact == 0 && r.final == 0)
            std::snprintf(error, sizeof error, "none");
        else if (std::isfinite(relative))
            std::snprintf(error, sizeof error, "%.2f%%", relative);
        else
            std::snprintf(error, sizeof error, "%s", core::nonFiniteWord(relative).c_str());
        std::snprintf(line, sizeof line, "%-10s %-11s %-6s %22s %12s %20.3g\n", core::toString(r.format).c_str(),
            core::toString(r.rounding).c_str(), r.kahan ? "yes" : "no", final, error,
            core::formatInfo(r.format).smallestKeptRatio);
        os << line;
    }
    return os.str();
}

std::string lossScaleText(
    const core::GradientDistribution& g, double scale, const core::ScalerOptions& options, const std::string& format)
{
    const auto fractions = core::lossScaleFractions(g, scale);
    const core::ScalerRun run = core::simulateScaler(g, options);
    const auto fp8 = core::fp8ScalingErrors(g);
    if (format == "json") {
        nlohmann::ordered_json doc;
        doc["format"] = "trainplanner-loss-scale";
        doc["version"] = 1;
        doc["gradients"] = { { "median", g.median }, { "sigma_decades", g.sigmaDecades } };
        doc["scale"] = scale;
        nlohmann::ordered_json formats = nlohmann::ordered_json::array();
        for (const auto& f : fractions)
            formats.push_back({ { "format", core::toString(f.format) }, { "underflow_threshold", f.underflowThreshold },
                { "min_normal", f.minNormal }, { "max_finite", f.maxFinite },
                { "underflow_fraction", f.underflowFraction }, { "subnormal_fraction", f.subnormalFraction },
                { "overflow_fraction", f.overflowFraction }, { "centring_scale", f.centringScale } });
        doc["formats"] = formats;
        doc["dynamic_scaler"] = { { "format", core::toString(options.format) }, { "start", options.start },
            { "growth", options.growth }, { "backoff", options.backoff }, { "growth_interval", options.growthInterval },
            { "steps", options.steps }, { "elements", options.elements }, { "seed", options.seed },
            { "skipped_steps", run.skippedSteps }, { "first_skipped_step", run.firstSkippedStep },
            { "final_scale", run.finalScale }, { "min_scale", run.minScale }, { "max_scale", run.maxScale },
            { "step_overflow_probability", run.stepOverflowProbability },
            { "underflow_fraction", run.underflowFraction }, { "scale", run.scale },
            { "scale_steps", run.scaleSteps } };
        nlohmann::ordered_json schemes = nlohmann::ordered_json::array();
        for (const auto& e : fp8)
            schemes.push_back(
                { { "scheme", e.scheme }, { "format", core::toString(e.format) }, { "block_size", e.blockSize },
                    { "relative_rms_error", e.relativeRmsError }, { "zero_fraction", e.zeroFraction } });
        doc["fp8_scaling"] = schemes;
        core::wordsForNonFinite(doc);
        return doc.dump(2) + "\n";
    }
    std::ostringstream os;
    char line[240];
    std::snprintf(line, sizeof line, "gradients: log10|g| ~ Normal(log10 %.4g, %.3g decades); loss scale S = %.6g\n\n",
        g.median, g.sigmaDecades, scale);
    os << line;
    std::snprintf(line, sizeof line, "%-10s %14s %14s %14s %14s %16s\n", "format", "flushed to 0", "subnormal",
        "overflow", "max finite", "centring scale");
    os << line;
    for (const auto& f : fractions) {
        std::snprintf(line, sizeof line, "%-10s %13.6f%% %13.6f%% %13.6f%% %14.6g %16.6g\n",
            core::toString(f.format).c_str(), f.underflowFraction * 100, f.subnormalFraction * 100,
            f.overflowFraction * 100, f.maxFinite, f.centringScale);
        os << line;
    }
    std::snprintf(line, sizeof line,
        "\ndynamic loss scaler (%s; start %.6g, x%.3g after %d clean steps, x%.3g on overflow; %.3g values per "
        "step), %lld steps:\n  %lld skipped (first at step %lld), final scale %.6g (between %.6g and %.6g), "
        "flushed to zero at it %.6f%%\n",
        core::toString(options.format).c_str(), options.start, options.growth, options.growthInterval, options.backoff,
        options.elements, static_cast<long long>(options.steps), static_cast<long long>(run.skippedSteps),
        static_cast<long long>(run.firstSkippedStep), run.finalScale, run.minScale, run.maxScale,
        run.underflowFraction * 100);
    os << line;
    os << "\nfp8 scaling of the same gradients (16.8 M values per tensor):\n";
    std::snprintf(line, sizeof line, "  %-20s %-9s %18s %14s\n", "scheme", "format", "relative RMS error", "zero");
    os << line;
    for (const auto& e : fp8) {
        std::snprintf(line, sizeof line, "  %-20s %-9s %17.4f%% %13.6f%%\n", e.scheme.c_str(),
            core::toString(e.format).c_str(), e.relativeRmsError * 100, e.zeroFraction * 100);
        os << line;
    }
    return os.str();
}

/// A search refused for its size: the count, the limit, and what to narrow, as the command line's
/// options name it.
std::string searchTooLargeText(const core::Problem& p)
{
    const std::string values = std::to_string(std::llround(p.value("values")));
    std::string narrow;
    if (p.key == "gpus")
        narrow = "--gpus (" + values + " GPU counts are searched: the powers of two up to it, and it)";
    else if (p.key == "gpu_types")
        narrow = "--gpu-types (" + values + " GPU types are compared)";
    else if (p.key == "prices")
        narrow = "--prices (" + values
            + " prices are compared; each GPU type and spot reclaim rate is a search of its own): fewer rows, or "
              "--gpu-types";
    else if (p.value("pinned") > 0)
        narrow = "--pin " + p.key + " (" + values + " values)";
    else if (p.key == "parallel.tp" || p.key == "parallel.pp" || p.key == "parallel.cp" || p.key == "parallel.dp"
        || p.key == "parallel.ep")
        narrow = p.key + " with --pin (" + values + " values are searched), or use fewer --gpus";
    else
        narrow = p.key + " with --pin (" + values + " values are searched)";
    return "plan: the search has " + std::to_string(std::llround(p.value("configurations")))
        + " configurations to estimate, more than the limit of " + std::to_string(std::llround(p.value("limit")))
        + "; narrow " + narrow;
}

/// "--pin parallel.tp=1,8 keeps 120": a pin as it was given (at most eight values shown) and what it keeps.
std::string pinText(const core::PinEffect& pin)
{
    std::string values;
    for (std::size_t i = 0; i < pin.values.size() && i < 8; ++i)
        values += (i ? "," : "") + core::knobValueText(pin.knob, pin.values[i]);
    if (pin.values.size() > 8) values += ",... (" + std::to_string(pin.values.size()) + " values)";
    return "--pin " + std::string(core::kKnobKeys[std::size_t(pin.knob)]) + "=" + values + " keeps "
        + std::to_string(pin.keeps);
}

/// Why a search has no plan, and what to change: the pins, the GPUs, or the rules the space broke.
std::string noPlanText(const core::PlanResult& r)
{
    if (r.problem && r.problem->code == core::ProblemCode::pins_leave_nothing) {
        std::string text = "no configuration is left by the pins: of the " + std::to_string(r.excluded)
            + " configurations on " + std::to_string(r.gpus) + " GPUs, ";
        for (std::size_t i = 0; i < r.pins.size(); ++i)
            text += (i ? ", " : "") + pinText(r.pins[i]);
        const bool alone = std::any_of(r.pins.begin(), r.pins.end(), [](const auto& p) { return p.keeps == 0; });
        return text
            + (alone ? "; a pin that keeps none leaves nothing by itself: change its values"
                     : "; together they leave nothing: loosen one")
            + "\n";
    }
    if (r.evaluated == 0)
        return "no configuration to estimate on " + std::to_string(r.gpus) + " GPUs: each breaks a rule above\n";
    if (r.excluded > 0)
        return "no configuration the pins leave fits: try more GPUs, a smaller micro-batch or offload, or loosen the "
               "pins\n";
    return "no configuration fits: try more GPUs, a smaller micro-batch or offload\n";
}

std::string planText(const core::PlanResult& r, const std::string& format)
{
    std::ostringstream os;
    if (format == "json") return core::planToJson(r);
    if (format == "csv") return core::planToCsv(r);
    // The text table; JSON and CSV are core's (plan_io.h), the GUI exports them too.
    char line[400];
    std::snprintf(line, sizeof line, "%lld configurations evaluated, %lld fit\n", static_cast<long long>(r.evaluated),
        static_cast<long long>(r.feasible));
    os << line;
    if (r.excluded > 0) os << "  excluded " << r.excluded << " by --pin\n";
    for (const auto& [code, count] : r.rejected)
        os << "  rejected " << count << ": " << core::toString(code) << "\n";
    std::snprintf(line, sizeof line, "\n%4s %3s %3s %5s %3s %3s %4s %3s %-9s %2s %3s %9s %9s %6s %6s %9s %14s %s\n",
        "rank", "TP", "PP", "DP", "CP", "EP", "ZeRO", "SP", "recompute", "v", "mb", "GiB/GPU", "step (s)", "MFU",
        "comm", "days", "cost (USD)", "≈best");
    os << line;
    int rank = 0;
    for (const auto& p : r.plans) {
        const auto& q = p.scenario.parallel;
        const auto& e = p.estimate;
        ++rank;
        std::snprintf(line, sizeof line,
            "%4d %3d %3d %5d %3d %3d %4d %3s %-9s %2d %3d %9.1f %9.3f %5.1f%% %5.1f%% %9s %14s %s\n", rank, q.tp, q.pp,
            q.dp, q.cp, q.ep, q.zero, q.sequenceParallel ? "on" : "-", std::string(core::toString(q.recompute)).c_str(),
            q.virtualStages, p.scenario.training.microBatch, e.memory.total() / 1073741824.0, e.compute.stepTimeS,
            e.compute.mfu * 100, e.communication.shareOfStep * 100,
            core::fixedNumber(e.training.timeS / 86400, 1).c_str(), core::fixedNumber(e.training.costUsd, 0).c_str(),
            p.withinBestRange ? "≈" : "");
        os << line;
    }
    if (r.plans.empty()) os << noPlanText(r);
    if (!r.plans.empty() && r.plans.front().estimate.range) {
        const auto& range = *r.plans.front().estimate.range;
        int ties = 0;
        for (const auto& p : r.plans)
            ties += p.withinBestRange;
        std::snprintf(line, sizeof line,
            "\n≈best: %d of these %zu plans are within the best one's range (%.2f-%.2f x its step time, from %d "
            "measured runs: %s)\n",
            ties, r.plans.size(), range.low, range.high, range.runs, range.basis().c_str());
        os << line;
    }
    return os.str();
}

std::string costPlanText(const core::CostPlanResult& r, double deadlineDays)
{
    std::ostringstream os;
    char line[400];
    std::snprintf(line, sizeof line,
        "%lld layout searches (GPU type x spot reclaim rate x count) for %lld prices, %lld layouts fit, %lld of the "
        "best past the deadline%s\n",
        static_cast<long long>(r.searched), static_cast<long long>(r.offers), static_cast<long long>(r.fitting),
        static_cast<long long>(r.pastDeadline),
        deadlineDays > 0 ? (" of " + core::fixedNumber(deadlineDays, 1) + " days").c_str() : "");
    os << line;
    if (r.duplicates > 0)
        os << "  " << r.duplicates << " repeated prices (same GPU, provider, pricing and price) compared once\n";
    std::snprintf(line, sizeof line, "\n%4s %-10s %-28s %-9s %8s %6s %3s %3s %5s %3s %4s %9s %13s %14s\n", "rank",
        "GPU", "provider", "pricing", "USD/GPUh", "GPUs", "TP", "PP", "DP", "CP", "ZeRO", "days", "interruptions",
        "total (USD)");
    os << line;
    int rank = 0;
    for (const auto& p : r.plans) {
        const auto& q = p.scenario.parallel;
        const auto& e = p.estimate;
        std::snprintf(line, sizeof line, "%4d %-10s %-28s %-9s %8.3f %6d %3d %3d %5d %3d %4d %9s %13.1f %14s\n", ++rank,
            core::printable(p.scenario.hardware.preset, 10).c_str(), core::printable(p.provider, 28).c_str(),
            std::string(core::toString(p.pricing)).c_str(), p.priceUsd, e.gpus, q.tp, q.pp, q.dp, q.cp, q.zero,
            core::fixedNumber(e.training.timeS / 86400, 1).c_str(), e.reliability.expectedInterruptions,
            core::fixedNumber(e.training.totalCostUsd, 0).c_str());
        os << line;
    }
    if (r.plans.empty() && r.problem && r.problem->code == core::ProblemCode::pins_leave_nothing)
        os << "no plan: the pins leave no configuration on any GPU count (" << r.problem->key << " alone keeps "
           << std::llround(r.problem->value("keeps")) << " of " << std::llround(r.problem->value("configurations"))
           << " on "
           << "the largest count); loosen them\n";
    else if (r.plans.empty())
        os << "no plan fits and finishes by the deadline: add GPUs, allow more days or other GPU types\n";
    return os.str();
}

std::string presetsText(bool models, bool gpus)
{
    std::ostringstream os;
    if (models) {
        os << "Models (name, label, parameters, source)\n";
        for (const auto& m : core::modelPresets())
            os << "  " << m.name << "\t" << m.label << "\t" << core::totalParameters(m.arch) << "\t" << m.source
               << "\n";
    }
    if (gpus) {
        os << "GPUs (name, label, memory GiB, bf16 TFLOP/s, NVLink GB/s, network GB/s, TDP W)\n";
        for (const auto& g : core::gpuPresets()) {
            const auto bf16 = g.spec.peakTflops.find(core::DType::bf16);
            os << "  " << g.name << "\t" << g.spec.name << "\t" << g.spec.memoryGib << "\t"
               << (bf16 == g.spec.peakTflops.end() ? std::string("-") : std::to_string(bf16->second)) << "\t"
               << g.spec.intraNodeGBps << "\t" << g.spec.interNodeGBps << "\t" << g.spec.tdpWatts << "\n";
        }
    }
    return os.str();
}

/// The fidelity table (docs/FIDELITY.md): every published run, predicted against published.
std::string publishedText(const std::string& format)
{
    const core::FidelitySummary summary = core::validatePublished();
    std::ostringstream os;
    if (format == "json") {
        nlohmann::ordered_json rows = nlohmann::ordered_json::array(), groups = nlohmann::ordered_json::array(),
                               memoryGroups = nlohmann::ordered_json::array(), ranks = nlohmann::ordered_json::array();
        for (const auto& a : summary.rankAgreement)
            ranks.push_back({ { "source", a.source }, { "first_run", a.firstRun }, { "runs", a.runs },
                { "spearman", a.spearman } });
        for (const auto& g : summary.groups)
            groups.push_back({ { "kind", g.kind }, { "name", g.name }, { "runs", g.runs },
                { "mean_abs_error", g.meanAbsError }, { "mean_error", g.meanError } });
        for (const auto& g : summary.memoryGroups)
            memoryGroups.push_back({ { "kind", g.kind }, { "name", g.name }, { "runs", g.runs },
                { "mean_abs_error", g.meanAbsError }, { "mean_error", g.meanError } });
        for (const auto& r : summary.rows)
            rows.push_back({ { "id", r.run->id }, { "group", r.run->group },
                { "metric", std::string(core::toString(r.run->metric)) },
                { "role", r.run->calibration ? "calibration" : "validation" }, { "published", r.run->published },
                { "predicted", r.predicted }, { "error", r.error }, { "source", r.run->source } });
        nlohmann::ordered_json doc { { "format", "trainplanner-fidelity" }, { "version", 1 },
            { "throughput_mean_abs_error", summary.throughputMeanAbsError },
            { "memory_mean_abs_error", summary.memoryMeanAbsError },
            { "throughput_source_balanced_error", summary.throughputSourceBalancedError },
            { "memory_source_balanced_error", summary.memorySourceBalancedError },
            { "out_of_sample_throughput", groups }, { "out_of_sample_memory", memoryGroups },
            { "rank_agreement", ranks }, { "mean_rank_agreement", summary.meanRankAgreement },
            { "decisive_pairs",
                { { "min_gap", core::kDecisiveGap }, { "pairs", summary.decisivePairs },
                    { "agreeing", summary.decisivePairsAgreeing } } },
            { "runs", rows } };
        core::wordsForNonFinite(doc);
        return doc.dump(2) + "\n";
    }
    if (format == "csv") {
        os << "id,metric,role,published,predicted,error\n";
        for (const auto& r : summary.rows)
            os << r.run->id << ',' << core::toString(r.run->metric) << ','
               << (r.run->calibration ? "calibration" : "validation") << ',' << core::csvNumber(r.run->published) << ','
               << core::csvNumber(r.predicted) << ',' << core::csvNumber(r.error) << '\n';
        return os.str();
    }
    char line[256];
    std::snprintf(line, sizeof line, "%-32s %-16s %-11s %12s %12s %8s\n", "run", "metric", "role", "published",
        "predicted", "error");
    os << line;
    for (const auto& r : summary.rows) {
        std::snprintf(line, sizeof line, "%-32s %-16s %-11s %12.4g %12.4g %+7.1f%%\n", r.run->id.c_str(),
            std::string(core::toString(r.run->metric)).c_str(), r.run->calibration ? "calibration" : "validation",
            r.run->published, r.predicted, r.error * 100);
        os << line;
    }
    std::snprintf(line, sizeof line, "\nout of sample, mean |error|: throughput %.1f %%, peak memory %.1f %%\n",
        summary.throughputMeanAbsError * 100, summary.memoryMeanAbsError * 100);
    os << line;
    std::snprintf(line, sizeof line,
        "out of sample, source-balanced (the mean of each source's mean |error|): throughput %.1f %%, peak memory "
        "%.1f %%\n",
        summary.throughputSourceBalancedError * 100, summary.memorySourceBalancedError * 100);
    os << line;
    os << "\nout-of-sample throughput by source and by regime (mean error > 0: the estimate is optimistic)\n";
    std::string kind;
    for (const auto& g : summary.groups) {
        if (g.kind != kind) os << "  " << (kind = g.kind) << "\n";
        std::snprintf(line, sizeof line, "    %-40s %4d runs   mean |error| %5.1f %%   mean error %+6.1f %%\n",
            g.name.c_str(), g.runs, g.meanAbsError * 100, g.meanError * 100);
        os << line;
    }
    os << "\nout-of-sample peak memory by source and by regime (mean error > 0: the estimate is higher)\n";
    kind.clear();
    for (const auto& g : summary.memoryGroups) {
        if (g.kind != kind) os << "  " << (kind = g.kind) << "\n";
        std::snprintf(line, sizeof line, "    %-40s %4d runs   mean |error| %5.1f %%   mean error %+6.1f %%\n",
            g.name.c_str(), g.runs, g.meanAbsError * 100, g.meanError * 100);
        os << line;
    }
    os << "\nrank agreement: one source, one model and software, three layouts or more (Spearman's rho of predicted "
          "and published throughput)\n";
    for (const auto& a : summary.rankAgreement) {
        std::snprintf(line, sizeof line, "    %-40s %4d runs   rho %+5.2f\n", a.firstRun.c_str(), a.runs, a.spearman);
        os << line;
    }
    std::snprintf(line, sizeof line, "    mean over %zu sets                         rho %+5.2f\n",
        summary.rankAgreement.size(), summary.meanRankAgreement);
    os << line;
    std::snprintf(line, sizeof line, "    pairs measured %.0f %% apart or more, ordered as measured: %d of %d\n",
        core::kDecisiveGap * 100, summary.decisivePairsAgreeing, summary.decisivePairs);
    os << line;
    return os.str();
}

} // namespace

int main(int argc, char** argv)
{
    CLI::App app { "TrainPlanner: will an LLM training run fit, and how should it be split?\n"
                   "Examples:\n"
                   "  trainplanner-cli estimate my.tpscenario.json --format text\n"
                   "  trainplanner-cli estimate - --set parallel.zero=3 --set parallel.dp=64\n"
                   "  trainplanner-cli sweep - --gpus 8..1024 --set parallel.zero=3\n"
                   "  trainplanner-cli sweep - --vary parallel.recompute=none,selective,full --format csv\n"
                   "  trainplanner-cli plan - --gpus 64 --top 5 --objective cost\n"
                   "  trainplanner-cli launch my.tpscenario.json --framework megatron -o megatron.args\n"
                   "  trainplanner-cli actual train.log --scenario my.tpscenario.json --format text\n"
                   "  trainplanner-cli precision --start 1 --update 1e-4 --steps 10000\n"
                   "  trainplanner-cli loss-scale --grad-median 1e-6 --grad-sigma-decades 1.5 --scale 65536\n"
                   "  trainplanner-cli validate my.tpscenario.json\n"
                   "  trainplanner-cli presets models\n"
                   "  trainplanner-cli validate-published\n"
                   "  trainplanner-cli import-config config.json -o my.tpscenario.json",
        "trainplanner-cli" };
    core::ignoreFileSizeSignal(); // a file-size limit is a write error (exit 3), not SIGXFSZ
    // A reader that went away (| head) is an output that cannot be written: exit 3, not SIGPIPE.
    std::signal(SIGPIPE, SIG_IGN);
    app.set_version_flag("--version", std::string("trainplanner-cli ") + TRAINPLANNER_VERSION);
    app.require_subcommand(1);

    std::string file, format = "json";
    std::vector<std::string> overrides;

    auto* est = app.add_subcommand("estimate", "Estimate a scenario file (\"-\" for the bundled default)");
    est->add_option("FILE", file,
           "scenario file (*.tpscenario.json), - for the bundled default, /dev/stdin to read standard input")
        ->required();
    est->add_option("--format", format, "output format")->check(CLI::IsMember({ "json", "csv", "text" }));
    est->add_option("--set", overrides, "override a key, e.g. --set parallel.tp=8 (repeatable)");

    auto* val = app.add_subcommand("validate", "Check a scenario file; print its problems");
    val->add_option("FILE", file, "scenario file, - for the bundled default, /dev/stdin to read standard input")
        ->required();

    std::string vary, gpuRange;
    auto* swp = app.add_subcommand("sweep", "One estimate per value of a key, or per GPU count (powers of two)");
    swp->add_option("FILE", file, "scenario file, or - for the default")->required();
    auto* varyOpt = swp->add_option("--vary", vary, "KEY.PATH=V1,V2,... e.g. parallel.zero=0,1,2,3");
    auto* gpusOpt
        = swp->add_option("--gpus", gpuRange, "MIN..MAX total GPUs, scaling DP at fixed TP/PP/CP, e.g. 8..4096");
    varyOpt->excludes(gpusOpt);
    swp->add_option("--format", format, "output format")->check(CLI::IsMember({ "json", "csv", "text" }));
    swp->add_option("--set", overrides, "override a key before sweeping (repeatable)");

    int planGpus = 0, top = 10;
    std::string objective = "time";
    auto* pln = app.add_subcommand("plan", "Search every parallel configuration on N GPUs and rank those that fit");
    pln->add_option("FILE", file, "scenario file, or - for the default")->required();
    pln->add_option("--gpus", planGpus, "number of GPUs")
        ->required()
        ->check(limited({ .path = "--gpus", .kind = core::FieldKind::integer, .min = 1, .max = 1'000'000 }));
    pln->add_option("--top", top, "how many plans to print (default 10)")
        ->check(limited({ .path = "--top", .kind = core::FieldKind::integer, .min = 1, .max = 1000 }));
    pln->add_option(
           "--objective", objective, "rank by training time, cost, or memory headroom within 25 % of the fastest")
        ->check(CLI::IsMember({ "time", "cost", "memory" }));
    pln->add_option("--format", format, "output format")->check(CLI::IsMember({ "json", "csv", "text" }));
    pln->add_option("--set", overrides, "override a key before planning (repeatable)");
    std::vector<std::string> pins;
    pln->add_option("--pin", pins,
        "KEY.PATH=V1,V2,... keep a setting the planner turns at these values only (repeatable), e.g. "
        "parallel.zero=3 or parallel.tp=1,2,4");
    std::string pricesFile, gpuTypes;
    double deadlineDays = 0;
    pln->add_option("--prices", pricesFile,
        "a price table (*.tpprices.json): search GPU type x count (powers of two up to --gpus) x layout x pricing");
    pln->add_option("--gpu-types", gpuTypes, "with --prices: the GPU types to compare, e.g. h100-sxm,a100-80gb");
    pln->add_option("--deadline-days", deadlineDays, "with --prices: only plans that finish within this many days")
        ->check(limited({ .path = "--deadline-days", .kind = core::FieldKind::number, .min = 0, .max = 1e5 }));

    double start = 1.0, update = 1e-4;
    std::int64_t steps = 10'000;
    auto* prec
        = app.add_subcommand("precision", "Number-format lab: repeat w <- round(w + u) in fp32, bf16, fp16 and fp8");
    prec->add_option("--start", start, "initial weight (default 1.0)")
        ->check(limited({ .path = "--start", .kind = core::FieldKind::number, .min = -1e30, .max = 1e30 }));
    prec->add_option("--update", update, "update added each step (default 1e-4)")
        ->check(limited({ .path = "--update", .kind = core::FieldKind::number, .min = -1e30, .max = 1e30 }));
    prec->add_option("--steps", steps, "number of updates, 1 to 10,000,000 (default 10000)")
        ->check(limited({ .path = "--steps", .kind = core::FieldKind::integer, .min = 1, .max = 10'000'000 }));
    prec->add_option("--format", format, "output format")->check(CLI::IsMember({ "json", "csv", "text" }));

    double gradMedian = 1e-6, gradSigma = 1.0, lossScale = 65536;
    core::ScalerOptions scaler;
    auto* lsc = app.add_subcommand("loss-scale",
        "Number-format lab: which gradients a loss scale keeps in fp16, bf16 and fp8, a dynamic loss scaler's run, "
        "and fp8 per-tensor versus block scaling");
    lsc->add_option("--grad-median", gradMedian, "median gradient magnitude |g| (default 1e-6)")
        ->check(limited({ .path = "--grad-median", .kind = core::FieldKind::number, .min = 1e-40, .max = 1e10 }));
    lsc->add_option("--grad-sigma-decades", gradSigma, "standard deviation of log10|g| (default 1)")
        ->check(limited({ .path = "--grad-sigma-decades", .kind = core::FieldKind::number, .min = 0.01, .max = 20 }));
    lsc->add_option("--scale", lossScale, "loss scale S (default 65536)")
        ->check(limited({ .path = "--scale", .kind = core::FieldKind::number, .min = 1e-30, .max = 1e30 }));
    lsc->add_option("--start-scale", scaler.start, "the dynamic scaler's first scale (default 65536)")
        ->check(limited({ .path = "--start-scale", .kind = core::FieldKind::number, .min = 1e-30, .max = 1e30 }));
    lsc->add_option("--growth-interval", scaler.growthInterval, "clean steps before the scale doubles (default 2000)")
        ->check(limited({ .path = "--growth-interval", .kind = core::FieldKind::integer, .min = 1, .max = 1'000'000 }));
    lsc->add_option("--growth", scaler.growth, "the scale's factor after the growth interval (default 2)")
        ->check(limited({ .path = "--growth", .kind = core::FieldKind::number, .min = 1, .max = 1000 }));
    lsc->add_option("--backoff", scaler.backoff, "the scale's factor after an overflow (default 0.5)")
        ->check(limited({ .path = "--backoff", .kind = core::FieldKind::number, .min = 1e-6, .max = 1 }));
    lsc->add_option("--steps", scaler.steps, "simulated steps (default 10000)")
        ->check(limited({ .path = "--steps", .kind = core::FieldKind::integer, .min = 1, .max = 10'000'000 }));
    lsc->add_option("--elements", scaler.elements, "gradient values per step, e.g. the parameters (default 1e9)")
        ->check(limited({ .path = "--elements", .kind = core::FieldKind::number, .min = 1, .max = 1e15 }));
    lsc->add_option("--format", format, "output format")->check(CLI::IsMember({ "json", "text" }));

    auto* pub = app.add_subcommand(
        "validate-published", "Compare the estimate with published training runs (docs/FIDELITY.md)");
    pub->add_option("--format", format, "output format")->check(CLI::IsMember({ "json", "csv", "text" }));

    std::string output;
    auto* imp
        = app.add_subcommand("import-config", "Read a Hugging Face config.json and write a scenario with that model");
    imp->add_option("FILE", file,
           "config.json of a llama, mistral, mixtral, qwen2, qwen2_moe, gemma, gemma2, phi3 or gpt2 model")
        ->required();
    auto* importOutput = imp->add_option("-o,--output", output,
        "write the scenario to this file (- for standard output, the default); a file that exists is not replaced "
        "without --force");
    bool force = false;
    imp->add_flag("--force", force, "replace the --output file if it exists")->needs(importOutput);

    std::string framework = "megatron", launchOutput;
    auto* lch = app.add_subcommand("launch",
        "Write the settings a framework starts this scenario with: Megatron-LM arguments, a torchtitan TOML job "
        "file or a DeepSpeed JSON config, with what the run's log should show");
    lch->add_option("FILE", file, "scenario file, - for the bundled default, /dev/stdin to read standard input")
        ->required();
    lch->add_option("--framework", framework, "megatron, torchtitan or deepspeed")
        ->required()
        ->check(CLI::IsMember({ "megatron", "torchtitan", "deepspeed" }));
    auto* launchOutputOption = lch->add_option("-o,--output", launchOutput,
        "write the settings to this file (DeepSpeed's expectations beside it, in OUTPUT.expected.txt; both or "
        "neither); - for standard output, the default (DeepSpeed's expectations then go to standard error); files "
        "that exist are not replaced without --force");
    lch->add_flag("--force", force, "replace the --output files if they exist")->needs(launchOutputOption);
    lch->add_option("--set", overrides, "override a key first, e.g. --set parallel.zero=3 (repeatable)");

    std::string logFile, scenarioFile;
    auto* act = app.add_subcommand("actual",
        "Hold a training log (Megatron-LM, torchtitan, DeepSpeed, Hugging Face Trainer) against the scenario's "
        "estimate: measured step time, residuals, refitted efficiencies, the whole run at the measured pace");
    act->add_option("LOG", logFile, "the run's log, /dev/stdin to read standard input")->required();
    act->add_option("--scenario", scenarioFile, "the scenario the run was planned with, - for the bundled default")
        ->required();
    act->add_option("--format", format, "output format")->check(CLI::IsMember({ "json", "text" }));
    act->add_option("--set", overrides, "override a key of the scenario first (repeatable)");

    std::string which = "all";
    auto* pre = app.add_subcommand("presets", "List the model and GPU catalogs");
    pre->add_option("WHAT", which, "models, gpus or all")->check(CLI::IsMember({ "models", "gpus", "all" }));

    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e) == 0 && std::cout.flush() ? 0 : (report("cannot write the output"), kCannotWrite);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e) == 0 && std::cout.flush() ? 0 : (report("cannot write the output"), kCannotWrite);
    } catch (const CLI::ParseError& e) {
        const std::string first = argc > 1 ? argv[1] : "";
        if (!first.empty() && first[0] != '-'
            && app.get_subcommands([&](CLI::App* sub) { return sub->get_name() == first; }).empty())
            report("unknown command \"" + core::printable(first, 40)
                + "\" (commands: estimate, sweep, plan, launch, actual, validate, validate-published, import-config, "
                  "presets, precision, loss-scale)");
        else
            report(core::printable(e.what(), 300));
        std::cerr << "(run trainplanner-cli --help)\n";
        return kBadInput;
    }

    if (*pre) return emit(presetsText(which != "gpus", which != "models"));
    if (*pub) return emit(publishedText(pub->count("--format") ? format : "text"));
    if (*imp) {
        if (imp->count("--output") && output.empty()) {
            report("--output: must name a file, or - for standard output");
            return kBadInput;
        }
        const core::ImportResult r = core::importHfConfigFile(file);
        if (!r.ok()) {
            // A file that cannot be read is named by its message; a problem inside it after its name.
            report(r.fileError ? r.error.toString() : core::printable(file, 200) + ": " + r.error.toString());
            return kBadInput;
        }
        // What was read goes to stderr, so that stdout stays a valid scenario file.
        const core::ParameterBreakdown counts = core::countParameters(r.model->arch);
        std::cerr << r.model->modelType << ": " << std::llround(counts.total()) << " parameters";
        if (counts.mtpLayers > 0)
            std::cerr << " (" << std::llround(counts.mainModel()) << " in the main model, "
                      << std::llround(counts.total() - counts.mainModel()) << " in " << counts.mtpLayers
                      << " multi-token prediction module(s))";
        std::cerr << "\n";
        for (const auto& m : r.model->mapped)
            std::cerr << "  " << core::printable(m.from) << " -> " << m.to << " = " << core::printable(m.value) << "\n";
        for (const auto& n : r.model->notes)
            std::cerr << "  note: " << core::escapeControls(core::importNoteText(n)) << "\n";
        const std::string text = core::scenarioToJson(core::scenarioFor(*r.model));
        if (output.empty() || toStandardOutput(output)) return emit(text);
        return writeOutputs({ { output, text } }, { { file, "the config.json" } }, force);
    }
    if (*prec && (!std::isfinite(start) || !std::isfinite(update))) {
        report("--start and --update must be finite numbers");
        return kBadInput;
    }
    if (*prec) return emit(precisionText(start, update, steps, prec->count("--format") ? format : "text"));
    if (*lsc)
        return emit(
            lossScaleText({ gradMedian, gradSigma }, lossScale, scaler, lsc->count("--format") ? format : "text"));

    if (*val) {
        const auto result = loadScenarioArgument(file);
        if (!result.ok()) {
            report(result.error.toString());
            return kBadInput;
        }
        std::string text = core::printable(file, 200) + ": valid\n";
        for (const auto& w : core::estimate(*result.scenario).warnings)
            text += "  warning: " + w.message() + " [" + w.codeName() + "]\n";
        return emit(text);
    }

    if (*act) file = scenarioFile;
    const auto scenario = loadWithOverrides(file, overrides);
    if (!scenario) return kBadInput;

    if (*act) {
        // Streamed: the memory taken does not grow with the log (core/training_log.h).
        const core::LogReadResult read = core::readTrainingLog(logFile);
        if (!read.ok()) {
            report(read.error);
            return kBadInput;
        }
        core::Problem problem;
        const auto c = core::compareWithLog(*scenario, *read.log, &problem);
        if (!c) {
            report(core::printable(logFile, 200) + ": " + problem.message());
            return kBadInput;
        }
        for (const core::LogNote& note : c->notes)
            std::cerr << "trainplanner-cli: note: " << note.message() << "\n";
        if (c->drift)
            std::cerr << "trainplanner-cli: warning: the measured step time (" << core::fixedNumber(c->stepTimeS, 3)
                      << " s) is outside the plan's range (" << core::fixedNumber(c->plannedLowS, 3) << "-"
                      << core::fixedNumber(c->plannedHighS, 3) << " s)\n";
        return emit(act->count("--format") && format == "json" ? core::actualToJson(*c) : core::actualToText(*c));
    }

    if (*lch) {
        if (lch->count("--output") && launchOutput.empty()) {
            report("--output: must name a file, or - for standard output");
            return kBadInput;
        }
        const auto chosen = core::enumFromName<core::Framework>(framework, core::kFrameworkNames);
        const core::LaunchSettings settings
            = core::launchSettings(*scenario, chosen.value_or(core::Framework::megatron));
        if (!settings.ok()) {
            for (const auto& refusal : settings.refused)
                report("launch --framework " + framework + ": " + core::refusalText(*scenario, refusal));
            return kBadInput;
        }
        const bool sideFile = settings.framework == core::Framework::deepspeed;
        if (launchOutput.empty() || toStandardOutput(launchOutput)) {
            if (sideFile) std::cerr << settings.expectationText;
            return emit(settings.text);
        }
        // DeepSpeed's config and its expectations are one set: both written, or neither.
        std::vector<core::FileToWrite> files { { launchOutput, settings.text } };
        if (sideFile) files.push_back({ launchOutput + ".expected.txt", settings.expectationText });
        return writeOutputs(files,
            { { file == "-" ? std::string() : file, "the scenario" },
                { scenario->hardware.profile, "the hardware profile" } },
            force);
    }

    if (*pln && (pln->count("--gpu-types") || pln->count("--deadline-days")) && pricesFile.empty()) {
        report("--gpu-types and --deadline-days compare prices: give a price table with --prices");
        return kBadInput;
    }
    core::PlanConstraints constraints;
    if (*pln) {
        // Read before anything is searched, with or without prices: a bad or repeated pin exits 2.
        for (const auto& pin : pins)
            if (auto bad = core::addConstraint(constraints, *scenario, pin)) {
                report("--pin: " + bad->toString());
                return kBadInput;
            }
    }
    if (*pln && !pricesFile.empty()) {
        // A price search ranks by total cost: another objective would be silently ignored.
        if (pln->count("--objective") && objective != "cost") {
            report("--objective " + objective
                + ": a search with --prices ranks by the run's total cost; leave --objective out (or give cost), or "
                  "plan without --prices to rank by time or memory");
            return kBadInput;
        }
        const core::PriceTableResult prices = core::loadPriceTable(pricesFile);
        if (!prices.ok()) {
            // A file that cannot be read is named by its message; a problem inside it after its name.
            report(prices.error.problem.code == core::ProblemCode::file_unreadable
                    ? prices.error.toString()
                    : core::printable(pricesFile, 200) + ": " + prices.error.toString());
            return kBadInput;
        }
        core::CostPlanOptions options;
        options.maxGpus = planGpus;
        options.deadlineDays = deadlineDays;
        options.top = top;
        options.constraints = constraints;
        std::stringstream list(gpuTypes);
        for (std::string type; std::getline(list, type, ',');)
            if (!type.empty()) options.gpuTypes.push_back(type);
        if (pln->count("--gpu-types") && options.gpuTypes.empty()) {
            report("--gpu-types: names no GPU type; give one or more of the table's, e.g. --gpu-types h100-sxm");
            return kBadInput;
        }
        if (const auto unknown = core::unknownGpuTypes(*prices.table, options.gpuTypes); !unknown.empty()) {
            std::string names;
            for (const auto& n : unknown)
                names += (names.empty() ? "" : ", ") + core::printable(n, 40);
            report("--gpu-types: " + names + ": not in the price table");
            return kBadInput;
        }
        const core::CostPlanResult result = core::planCost(*scenario, *prices.table, options);
        if (result.refused()) {
            report(searchTooLargeText(*result.problem));
            return kBadInput;
        }
        return emit(pln->count("--format") && format == "json" ? core::costPlanToJson(result)
                                                               : costPlanText(result, deadlineDays));
    }
    if (*pln) {
        core::PlanOptions options;
        options.gpus = planGpus;
        options.top = top;
        options.objective = objective == "cost" ? core::Objective::cost
            : objective == "memory"             ? core::Objective::memory
                                                : core::Objective::time;
        options.constraints = constraints;
        const core::PlanResult result = core::plan(*scenario, options);
        if (result.refused()) {
            report(searchTooLargeText(*result.problem));
            return kBadInput;
        }
        return emit(planText(result, pln->count("--format") ? format : "text"));
    }

    if (*swp) {
        core::SweepResult result;
        std::string column;
        if (!gpuRange.empty()) {
            const auto dots = gpuRange.find("..");
            int lo = 0, hi = 0;
            try {
                if (dots == std::string::npos) throw std::invalid_argument("no ..");
                std::size_t used = 0;
                lo = std::stoi(gpuRange.substr(0, dots), &used);
                if (used != dots) throw std::invalid_argument("junk");
                hi = std::stoi(gpuRange.substr(dots + 2), &used);
                if (used != gpuRange.size() - dots - 2) throw std::invalid_argument("junk");
            } catch (const std::exception&) {
                lo = hi = 0;
            }
            if (lo < 1 || hi < lo || hi > core::kMaxGpus) {
                report("--gpus must look like MIN..MAX with 1 <= MIN <= MAX <= " + std::to_string(core::kMaxGpus)
                    + ", got \"" + core::printable(gpuRange, 40) + "\"");
                return kBadInput;
            }
            result = core::sweepGpus(*scenario, lo, hi);
            column = "gpus";
            if (result.points.empty()) {
                const auto& p = scenario->parallel;
                report("--gpus " + core::printable(gpuRange, 40)
                    + ": no power of two in that range is a multiple of tp × pp × cp ("
                    + std::to_string(std::int64_t { p.tp } * p.pp * p.cp)
                    + ") with dp × micro_batch within global_batch");
                return kBadInput;
            }
        } else if (!vary.empty()) {
            const auto eq = vary.find('=');
            if (eq == std::string::npos || eq == 0 || eq + 1 == vary.size()) {
                report("--vary must look like KEY.PATH=V1,V2,..., got \"" + core::printable(vary, 60) + "\"");
                return kBadInput;
            }
            column = vary.substr(0, eq);
            std::vector<std::string> values;
            std::stringstream list(vary.substr(eq + 1));
            for (std::string v; std::getline(list, v, ',');)
                values.push_back(v);
            result = core::sweepKey(*scenario, column, values);
            if (result.error) {
                report("--vary: " + result.error->toString());
                return kBadInput;
            }
        } else {
            report("sweep needs --vary KEY.PATH=V1,V2,... or --gpus MIN..MAX");
            return kBadInput;
        }
        return emit(sweepText(result, column, format == "json" && !swp->count("--format") ? "text" : format));
    }
    const core::Estimate e = core::estimateWithRange(*scenario);
    if (format == "csv") return emit(core::estimateToCsv(e));
    if (format == "text") return emit(core::estimateToText(*scenario, e));
    return emit(core::estimateToJson(e));
}
