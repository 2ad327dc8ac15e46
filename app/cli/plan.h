// What the plan command's two searches share: the search over layouts (plan.cpp) and, with
// --prices, the search over GPU types, counts, layouts and pricing (cost_plan.cpp).
#pragma once

#include "core/scenario/problem.h"
#include "core/scenario/scenario.h"
#include "core/search/planner.h"

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

namespace cli {

/// plan's options as given.
struct PlanArguments {
    std::string file;
    std::string format = "text";
    std::vector<std::string> overrides;
    std::vector<std::string> pins;
    int gpus = 0;
    int top = 10;
    std::string objective = "time";
    std::string pricesFile;
    std::string gpuTypes;
    double deadlineDays = 0;
    double keepFreePercent = 0; ///< --keep-free: the share of each GPU's memory a plan leaves free
};

/// A search refused for its size: the count, the limit, and what to narrow, as the command line's
/// options name it.
std::string searchTooLargeText(const core::Problem& p);

/// The layout columns both plan tables print, each cell with a space before it: one per parallel
/// dimension (core::dimensions()), then ZeRO, SP, recompute, virtual stages and micro-batch — every
/// knob the search varies, so that no two rows look the same.
std::string layoutHeader();
std::string layoutCells(const core::Scenario& s);

/// plan --prices: ranks the plans of every price by the run's total cost; the exit code.
int runCostPlan(const CLI::App& plan, const PlanArguments& a, const core::Scenario& scenario,
    const core::PlanConstraints& constraints);

} // namespace cli
