// sweep FILE: one estimate per value of a key (--vary), or per GPU count, powers of two (--gpus).
#include "core/search/sweep.h"

#include "app/cli/commands.h"
#include "app/cli/common.h"
#include "core/base/printable.h"
#include "core/estimate/estimate_io.h"
#include "core/search/plan_io.h"

#include <cstdio>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>

namespace cli {

namespace {

struct SweepArguments {
    std::string file;
    std::string vary;
    std::string gpuRange;
    std::string format = "text";
    std::vector<std::string> overrides;
};

/// A sweep's points and the name of the column that varies.
struct Sweep {
    core::SweepResult result;
    std::string column;
};

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

/// --gpus MIN..MAX: the powers of two in the range; nothing once a problem is reported.
std::optional<Sweep> sweepOverGpus(const core::Scenario& scenario, const std::string& gpuRange)
{
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
        report("--gpus must look like MIN..MAX with 1 <= MIN <= MAX <= " + std::to_string(core::kMaxGpus) + ", got \""
            + core::printable(gpuRange, 40) + "\"");
        return std::nullopt;
    }
    Sweep sweep { core::sweepGpus(scenario, lo, hi), "gpus" };
    if (sweep.result.points.empty()) {
        report("--gpus " + core::printable(gpuRange, 40)
            + ": no power of two in that range is a multiple of tp × pp × cp ("
            + std::to_string(core::gpusPerReplica(scenario.parallel)) + ") with dp × micro_batch within global_batch");
        return std::nullopt;
    }
    return sweep;
}

/// --vary KEY.PATH=V1,V2,...: one estimate per value; nothing once a problem is reported.
std::optional<Sweep> sweepOverValues(const core::Scenario& scenario, const std::string& vary)
{
    const auto eq = vary.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == vary.size()) {
        report("--vary must look like KEY.PATH=V1,V2,..., got \"" + core::printable(vary, 60) + "\"");
        return std::nullopt;
    }
    Sweep sweep;
    sweep.column = vary.substr(0, eq);
    std::vector<std::string> values;
    std::stringstream list(vary.substr(eq + 1));
    for (std::string v; std::getline(list, v, ',');)
        values.push_back(v);
    sweep.result = core::sweepKey(scenario, sweep.column, values);
    if (sweep.result.error) {
        report("--vary: " + sweep.result.error->toString());
        return std::nullopt;
    }
    return sweep;
}

int runSweep(const SweepArguments& a)
{
    const auto scenario = loadWithOverrides(a.file, a.overrides);
    if (!scenario) return kBadInput;
    if (a.gpuRange.empty() && a.vary.empty()) {
        report("sweep needs --vary KEY.PATH=V1,V2,... or --gpus MIN..MAX");
        return kBadInput;
    }
    const auto sweep = a.gpuRange.empty() ? sweepOverValues(*scenario, a.vary) : sweepOverGpus(*scenario, a.gpuRange);
    if (!sweep) return kBadInput;
    return emit(sweepText(sweep->result, sweep->column, a.format));
}

} // namespace

Command addSweepCommand(CLI::App& app)
{
    auto a = std::make_shared<SweepArguments>();
    auto* swp = app.add_subcommand("sweep", "One estimate per value of a key, or per GPU count (powers of two)");
    swp->add_option("FILE", a->file, "scenario file, or - for the default")->required();
    auto* varyOpt = swp->add_option("--vary", a->vary, "KEY.PATH=V1,V2,... e.g. parallel.zero=0,1,2,3");
    auto* gpusOpt
        = swp->add_option("--gpus", a->gpuRange, "MIN..MAX total GPUs, scaling DP at fixed TP/PP/CP, e.g. 8..4096");
    varyOpt->excludes(gpusOpt);
    swp->add_option("--format", a->format, "output format")->check(CLI::IsMember({ "json", "csv", "text" }));
    swp->add_option("--set", a->overrides, "override a key before sweeping (repeatable)");
    return { swp, [a] { return runSweep(*a); } };
}

} // namespace cli
