// loss-scale: the number-format lab's second experiment, which gradients a loss scale keeps in fp16,
// bf16 and fp8, a dynamic loss scaler's run, and fp8 per-tensor versus block scaling.
#include "app/cli/commands.h"
#include "app/cli/common.h"
#include "core/base/json_text.h"
#include "core/estimate/estimate_io.h"
#include "core/model/loss_scaling.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <memory>
#include <sstream>

namespace cli {

namespace {

struct LossScaleArguments {
    double gradMedian = 1e-6;
    double gradSigma = 1.0;
    double lossScale = 65536;
    core::ScalerOptions scaler;
    std::string format = "text";
};

std::string lossScaleJson(const core::GradientDistribution& g, double scale, const core::ScalerOptions& options,
    const std::vector<core::FormatFractions>& fractions, const core::ScalerRun& run,
    const std::vector<core::Fp8SchemeError>& fp8)
{
    nlohmann::ordered_json doc;
    doc["format"] = "trainplanner-loss-scale";
    doc["version"] = 1;
    doc["gradients"] = { { "median", g.median }, { "sigma_decades", g.sigmaDecades } };
    doc["scale"] = scale;
    nlohmann::ordered_json formats = nlohmann::ordered_json::array();
    for (const auto& f : fractions)
        formats.push_back({ { "format", core::toString(f.format) }, { "underflow_threshold", f.underflowThreshold },
            { "min_normal", f.minNormal }, { "max_finite", f.maxFinite }, { "underflow_fraction", f.underflowFraction },
            { "subnormal_fraction", f.subnormalFraction }, { "overflow_fraction", f.overflowFraction },
            { "centring_scale", f.centringScale } });
    doc["formats"] = formats;
    doc["dynamic_scaler"] = { { "format", core::toString(options.format) }, { "start", options.start },
        { "growth", options.growth }, { "backoff", options.backoff }, { "growth_interval", options.growthInterval },
        { "steps", options.steps }, { "elements", options.elements }, { "seed", options.seed },
        { "skipped_steps", run.skippedSteps }, { "first_skipped_step", run.firstSkippedStep },
        { "final_scale", run.finalScale }, { "min_scale", run.minScale }, { "max_scale", run.maxScale },
        { "step_overflow_probability", run.stepOverflowProbability }, { "underflow_fraction", run.underflowFraction },
        { "scale", run.scale }, { "scale_steps", run.scaleSteps } };
    nlohmann::ordered_json schemes = nlohmann::ordered_json::array();
    for (const auto& e : fp8)
        schemes.push_back(
            { { "scheme", e.scheme }, { "format", core::toString(e.format) }, { "block_size", e.blockSize },
                { "relative_rms_error", e.relativeRmsError }, { "zero_fraction", e.zeroFraction } });
    doc["fp8_scaling"] = schemes;
    core::wordsForNonFinite(doc);
    return core::jsonText(doc);
}

std::string lossScaleText(
    const core::GradientDistribution& g, double scale, const core::ScalerOptions& options, const std::string& format)
{
    const auto fractions = core::lossScaleFractions(g, scale);
    const core::ScalerRun run = core::simulateScaler(g, options);
    const auto fp8 = core::fp8ScalingErrors(g);
    if (format == "json") return lossScaleJson(g, scale, options, fractions, run, fp8);
    std::ostringstream os;
    char line[320]; // the longest line, the dynamic scaler's with every field at its widest, takes about 290
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

int runLossScale(const LossScaleArguments& a)
{
    return emit(lossScaleText({ a.gradMedian, a.gradSigma }, a.lossScale, a.scaler, a.format));
}

} // namespace

Command addLossScaleCommand(CLI::App& app)
{
    auto a = std::make_shared<LossScaleArguments>();
    auto* lsc = app.add_subcommand("loss-scale",
        "Number-format lab: which gradients a loss scale keeps in fp16, bf16 and fp8, a dynamic loss scaler's run, "
        "and fp8 per-tensor versus block scaling");
    lsc->add_option("--grad-median", a->gradMedian, "median gradient magnitude |g| (default 1e-6)")
        ->check(limited({ .path = "--grad-median", .kind = core::FieldKind::number, .min = 1e-40, .max = 1e10 }));
    lsc->add_option("--grad-sigma-decades", a->gradSigma, "standard deviation of log10|g| (default 1)")
        ->check(limited({ .path = "--grad-sigma-decades", .kind = core::FieldKind::number, .min = 0.01, .max = 20 }));
    lsc->add_option("--scale", a->lossScale, "loss scale S (default 65536)")
        ->check(limited({ .path = "--scale", .kind = core::FieldKind::number, .min = 1e-30, .max = 1e30 }));
    lsc->add_option("--start-scale", a->scaler.start, "the dynamic scaler's first scale (default 65536)")
        ->check(limited({ .path = "--start-scale", .kind = core::FieldKind::number, .min = 1e-30, .max = 1e30 }));
    lsc->add_option(
           "--growth-interval", a->scaler.growthInterval, "clean steps before the scale doubles (default 2000)")
        ->check(limited({ .path = "--growth-interval", .kind = core::FieldKind::integer, .min = 1, .max = 1'000'000 }));
    lsc->add_option("--growth", a->scaler.growth, "the scale's factor after the growth interval (default 2)")
        ->check(limited({ .path = "--growth", .kind = core::FieldKind::number, .min = 1, .max = 1000 }));
    lsc->add_option("--backoff", a->scaler.backoff, "the scale's factor after an overflow (default 0.5)")
        ->check(limited({ .path = "--backoff", .kind = core::FieldKind::number, .min = 1e-6, .max = 1 }));
    lsc->add_option("--steps", a->scaler.steps, "simulated steps (default 10000)")
        ->check(limited({ .path = "--steps", .kind = core::FieldKind::integer, .min = 1, .max = 10'000'000 }));
    lsc->add_option("--elements", a->scaler.elements, "gradient values per step, e.g. the parameters (default 1e9)")
        ->check(limited({ .path = "--elements", .kind = core::FieldKind::number, .min = 1, .max = 1e15 }));
    lsc->add_option("--format", a->format, "output format")->check(CLI::IsMember({ "json", "text" }));
    return { lsc, [a] { return runLossScale(*a); } };
}

} // namespace cli
