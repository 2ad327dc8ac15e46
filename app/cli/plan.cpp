// plan FILE --gpus N: every parallel configuration on N GPUs, those that fit ranked by time, cost or
// memory headroom; with --prices, the search over prices (cost_plan.cpp).
#include "app/cli/plan.h"

#include "app/cli/commands.h"
#include "app/cli/common.h"
#include "core/estimate/estimate_io.h"
#include "core/search/plan_io.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <sstream>

namespace cli {

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
    else if (core::findDimension(p.key))
        narrow = p.key + " with --pin (" + values + " values are searched), or use fewer --gpus";
    else
        narrow = p.key + " with --pin (" + values + " values are searched)";
    return "plan: the search has " + std::to_string(std::llround(p.value("configurations")))
        + " configurations to estimate, more than the limit of " + std::to_string(std::llround(p.value("limit")))
        + "; narrow " + narrow;
}

namespace {

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

/// DP, the replicas, takes the most digits.
int columnWidth(const core::Dimension& d)
{
    return d.group == core::Group::dp ? 5 : 3;
}

} // namespace

std::string layoutHeader()
{
    std::string out;
    char cell[64];
    for (const core::Dimension& d : core::dimensions()) {
        std::snprintf(cell, sizeof cell, " %*s", columnWidth(d), std::string(d.label).c_str());
        out += cell;
    }
    // The longest recomputation is "norms_up_proj" (13 characters).
    std::snprintf(cell, sizeof cell, " %4s %3s %-13s %2s %3s", "ZeRO", "SP", "recompute", "v", "mb");
    return out + cell;
}

std::string layoutCells(const core::Scenario& s)
{
    const core::Parallel& q = s.parallel;
    std::string out;
    char cell[64];
    for (const core::Dimension& d : core::dimensions()) {
        std::snprintf(cell, sizeof cell, " %*d", columnWidth(d), d.of(q));
        out += cell;
    }
    std::snprintf(cell, sizeof cell, " %4d %3s %-13s %2d %3d", q.zero, q.sequenceParallel ? "on" : "-",
        std::string(core::toString(q.recompute)).c_str(), q.virtualStages, s.training.microBatch);
    return out + cell;
}

namespace {

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
    os << "\nrank" << layoutHeader();
    std::snprintf(line, sizeof line, " %9s %9s %6s %6s %9s %14s %s\n", "GiB/GPU", "step (s)", "MFU", "comm", "days",
        "cost (USD)", "≈best");
    os << line;
    int rank = 0;
    for (const auto& p : r.plans) {
        const auto& e = p.estimate;
        ++rank;
        std::snprintf(line, sizeof line, "%4d", rank);
        os << line << layoutCells(p.scenario);
        std::snprintf(line, sizeof line, " %9.1f %9.3f %5.1f%% %5.1f%% %9s %14s %s\n", e.memory.total() / 1073741824.0,
            e.compute.stepTimeS, e.compute.mfu * 100, e.communication.shareOfStep * 100,
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

int runPlan(const CLI::App& pln, const PlanArguments& a)
{
    const auto scenario = loadWithOverrides(a.file, a.overrides);
    if (!scenario) return kBadInput;
    // "--prices ''" (a variable left empty) is no price table: refused like every other empty path,
    // not taken for a plain search.
    if (pln.count("--prices") && a.pricesFile.empty()) {
        report("--prices: names no file; give a price table (*.tpprices.json)");
        return kBadInput;
    }
    if ((pln.count("--gpu-types") || pln.count("--deadline-days")) && a.pricesFile.empty()) {
        report("--gpu-types and --deadline-days compare prices: give a price table with --prices");
        return kBadInput;
    }
    // Read before anything is searched, with or without prices: a bad or repeated pin exits 2.
    core::PlanConstraints constraints;
    for (const auto& pin : a.pins)
        if (auto bad = core::addConstraint(constraints, *scenario, pin)) {
            report("--pin: " + bad->toString());
            return kBadInput;
        }
    if (pln.count("--prices")) return runCostPlan(pln, a, *scenario, constraints);
    core::PlanOptions options;
    options.gpus = a.gpus;
    options.top = a.top;
    options.objective = a.objective == "cost" ? core::Objective::cost
        : a.objective == "memory"             ? core::Objective::memory
                                              : core::Objective::time;
    options.constraints = constraints;
    options.keepFree = a.keepFreePercent / 100;
    const core::PlanResult result = core::plan(*scenario, options);
    if (result.refused()) {
        report(searchTooLargeText(*result.problem));
        return kBadInput;
    }
    return emit(planText(result, a.format));
}

} // namespace

Command addPlanCommand(CLI::App& app)
{
    auto a = std::make_shared<PlanArguments>();
    auto* pln = app.add_subcommand("plan", "Search every parallel configuration on N GPUs and rank those that fit");
    pln->add_option("FILE", a->file, "scenario file, or - for the default")->required();
    pln->add_option("--gpus", a->gpus, "number of GPUs")
        ->required()
        ->check(limited({ .path = "--gpus", .kind = core::FieldKind::integer, .min = 1, .max = 1'000'000 }));
    pln->add_option("--top", a->top, "how many plans to print (default 10)")
        ->check(limited({ .path = "--top", .kind = core::FieldKind::integer, .min = 1, .max = 1000 }));
    pln->add_option(
           "--objective", a->objective, "rank by training time, cost, or memory headroom within 25 % of the fastest")
        ->check(CLI::IsMember({ "time", "cost", "memory" }));
    pln->add_option("--format", a->format, "output format")->check(CLI::IsMember({ "json", "csv", "text" }));
    pln->add_option("--set", a->overrides, "override a key before planning (repeatable)");
    pln->add_option("--pin", a->pins,
        "KEY.PATH=V1,V2,... keep a setting the planner turns at these values only (repeatable), e.g. "
        "parallel.zero=3 or parallel.tp=1,2,4");
    pln->add_option("--prices", a->pricesFile,
        "a price table (*.tpprices.json): search GPU type x count (powers of two up to --gpus) x layout x pricing");
    pln->add_option("--gpu-types", a->gpuTypes, "with --prices: the GPU types to compare, e.g. h100-sxm,a100-80gb");
    pln->add_option("--deadline-days", a->deadlineDays, "with --prices: only plans that finish within this many days")
        ->check(limited({ .path = "--deadline-days", .kind = core::FieldKind::number, .min = 0, .max = 1e5 }));
    pln->add_option("--keep-free", a->keepFreePercent,
           "percent of each GPU's memory a plan must leave free (default 0: a plan fits up to the capacity)")
        ->check(limited(
            { .path = "--keep-free", .kind = core::FieldKind::number, .min = 0, .max = core::kMaxKeepFree * 100 }));
    return { pln, [pln, a] { return runPlan(*pln, *a); } };
}

} // namespace cli
