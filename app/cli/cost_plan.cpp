// plan --prices: the search over a price table's GPU types, their counts (powers of two up to --gpus),
// the layouts and the pricing, ranked by the run's total cost.
#include "app/cli/common.h"
#include "app/cli/plan.h"
#include "core/base/printable.h"
#include "core/estimate/estimate_io.h"
#include "core/search/prices.h"

#include <cmath>
#include <cstdio>
#include <sstream>

namespace cli {

namespace {

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
    // Every knob the search varies has a column (layoutHeader()): rows that differ only in recomputation
    // or micro-batch looked identical.
    std::snprintf(
        line, sizeof line, "\n%4s %-10s %-28s %-9s %8s %6s", "rank", "GPU", "provider", "pricing", "USD/GPUh", "GPUs");
    os << line << layoutHeader();
    std::snprintf(line, sizeof line, " %9s %13s %14s\n", "days", "interruptions", "total (USD)");
    os << line;
    int rank = 0;
    for (const auto& p : r.plans) {
        const auto& e = p.estimate;
        std::snprintf(line, sizeof line, "%4d %-10s %-28s %-9s %8.3f %6d", ++rank,
            core::printable(p.scenario.hardware.preset, 10).c_str(), core::printable(p.provider, 28).c_str(),
            std::string(core::toString(p.pricing)).c_str(), p.priceUsd, e.gpus);
        os << line << layoutCells(p.scenario);
        std::snprintf(line, sizeof line, " %9s %13.1f %14s\n", core::fixedNumber(e.training.timeS / 86400, 1).c_str(),
            e.reliability.expectedInterruptions, core::fixedNumber(e.training.totalCostUsd, 0).c_str());
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

/// --gpu-types as a list, checked against the table; nothing once a problem is reported.
std::optional<std::vector<std::string>> chosenGpuTypes(
    const CLI::App& plan, const PlanArguments& a, const core::PriceTable& table)
{
    std::vector<std::string> types;
    std::stringstream list(a.gpuTypes);
    for (std::string type; std::getline(list, type, ',');)
        if (!type.empty()) types.push_back(type);
    if (plan.count("--gpu-types") && types.empty()) {
        report("--gpu-types: names no GPU type; give one or more of the table's, e.g. --gpu-types h100-sxm");
        return std::nullopt;
    }
    if (const auto unknown = core::unknownGpuTypes(table, types); !unknown.empty()) {
        std::string names;
        for (const auto& n : unknown)
            names += (names.empty() ? "" : ", ") + core::printable(n, 40);
        report("--gpu-types: " + names + ": not in the price table");
        return std::nullopt;
    }
    return types;
}

} // namespace

int runCostPlan(const CLI::App& plan, const PlanArguments& a, const core::Scenario& scenario,
    const core::PlanConstraints& constraints)
{
    // A price search ranks by total cost: another objective would be silently ignored.
    if (plan.count("--objective") && a.objective != "cost") {
        report("--objective " + a.objective
            + ": a search with --prices ranks by the run's total cost; leave --objective out (or give cost), or "
              "plan without --prices to rank by time or memory");
        return kBadInput;
    }
    const core::PriceTableResult prices = core::loadPriceTable(a.pricesFile);
    if (!prices.ok()) {
        // A file that cannot be read is named by its message; a problem inside it after its name.
        report(prices.error.problem.code == core::ProblemCode::file_unreadable
                ? prices.error.toString()
                : core::printable(a.pricesFile, 200) + ": " + prices.error.toString());
        return kBadInput;
    }
    core::CostPlanOptions options;
    options.maxGpus = a.gpus;
    options.deadlineDays = a.deadlineDays;
    options.top = a.top;
    options.constraints = constraints;
    options.keepFree = a.keepFreePercent / 100;
    const auto types = chosenGpuTypes(plan, a, *prices.table);
    if (!types) return kBadInput;
    options.gpuTypes = *types;
    const core::CostPlanResult result = core::planCost(scenario, *prices.table, options);
    if (result.refused()) {
        report(searchTooLargeText(*result.problem));
        return kBadInput;
    }
    return emit(a.format == "json" ? core::costPlanToJson(result) : costPlanText(result, a.deadlineDays));
}

} // namespace cli
