// precision: the number-format lab, w <- round(w + u) repeated in fp32, bf16, fp16 and fp8.
#include "app/cli/commands.h"
#include "app/cli/common.h"
#include "core/base/json_text.h"
#include "core/estimate/estimate_io.h"
#include "core/model/number_format.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <sstream>

namespace cli {

namespace {

struct PrecisionArguments {
    double start = 1.0;
    double update = 1e-4;
    std::int64_t steps = 10'000;
    std::string format = "text";
};

std::string precisionJson(
    double start, double update, std::int64_t steps, double exact, const std::vector<core::AccumulationRun>& runs)
{
    nlohmann::ordered_json doc;
    doc["format"] = "trainplanner-precision";
    doc["version"] = 1;
    doc["start"] = start;
    doc["update"] = update;
    doc["steps"] = steps;
    doc["exact"] = exact;
    nlohmann::ordered_json results = nlohmann::ordered_json::array();
    for (const auto& r : runs)
        results.push_back(
            { { "format", core::toString(r.format) }, { "rounding", core::toString(r.rounding) }, { "kahan", r.kahan },
                { "final", r.final }, { "trajectory", r.trajectory }, { "trajectory_steps", r.trajectorySteps } });
    doc["results"] = results;
    nlohmann::ordered_json formats = nlohmann::ordered_json::array();
    for (const auto& f : core::formatInfos())
        formats.push_back(
            { { "name", f.name }, { "exponent_bits", f.exponentBits }, { "mantissa_bits", f.mantissaBits },
                { "max_finite", f.maxFinite }, { "min_normal", f.minNormal }, { "min_subnormal", f.minSubnormal },
                { "spacing_at_one", f.spacingAtOne }, { "smallest_kept_ratio", f.smallestKeptRatio } });
    doc["formats"] = formats;
    // A format that overflows says "infinite": JSON has no infinity, and null would read as missing.
    core::wordsForNonFinite(doc);
    return core::jsonText(doc);
}

std::string precisionText(double start, double update, std::int64_t steps, const std::string& format)
{
    const auto runs = core::precisionLab(start, update, steps);
    const double exact = start + double(steps) * update;
    std::ostringstream os;
    if (format == "json") return precisionJson(start, update, steps, exact, runs);
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

int runPrecision(const PrecisionArguments& a)
{
    if (!std::isfinite(a.start) || !std::isfinite(a.update)) {
        report("--start and --update must be finite numbers");
        return kBadInput;
    }
    return emit(precisionText(a.start, a.update, a.steps, a.format));
}

} // namespace

Command addPrecisionCommand(CLI::App& app)
{
    auto a = std::make_shared<PrecisionArguments>();
    auto* prec
        = app.add_subcommand("precision", "Number-format lab: repeat w <- round(w + u) in fp32, bf16, fp16 and fp8");
    prec->add_option("--start", a->start, "initial weight (default 1.0)")
        ->check(limited({ .path = "--start", .kind = core::FieldKind::number, .min = -1e30, .max = 1e30 }));
    prec->add_option("--update", a->update, "update added each step (default 1e-4)")
        ->check(limited({ .path = "--update", .kind = core::FieldKind::number, .min = -1e30, .max = 1e30 }));
    prec->add_option("--steps", a->steps, "number of updates, 1 to 10,000,000 (default 10000)")
        ->check(limited({ .path = "--steps", .kind = core::FieldKind::integer, .min = 1, .max = 10'000'000 }));
    prec->add_option("--format", a->format, "output format")->check(CLI::IsMember({ "json", "csv", "text" }));
    return { prec, [a] { return runPrecision(*a); } };
}

} // namespace cli
