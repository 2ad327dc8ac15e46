// estimate FILE: the scenario's estimate as JSON (the default), CSV or text.
#include "core/estimate/estimate.h"

#include "app/cli/commands.h"
#include "app/cli/common.h"
#include "core/estimate/estimate_io.h"
#include "core/fidelity/fidelity.h"

#include <memory>

namespace cli {

namespace {

struct EstimateArguments {
    std::string file;
    std::string format = "json";
    std::vector<std::string> overrides;
};

int runEstimate(const EstimateArguments& a)
{
    const auto scenario = loadWithOverrides(a.file, a.overrides);
    if (!scenario) return kBadInput;
    const core::Estimate e = core::estimateWithRange(*scenario);
    if (a.format == "csv") return emit(core::estimateToCsv(e));
    if (a.format == "text") return emit(core::estimateToText(*scenario, e));
    return emit(core::estimateToJson(e));
}

} // namespace

Command addEstimateCommand(CLI::App& app)
{
    auto a = std::make_shared<EstimateArguments>();
    auto* est = app.add_subcommand("estimate", "Estimate a scenario file (\"-\" for the bundled default)");
    est->add_option("FILE", a->file,
           "scenario file (*.tpscenario.json), - for the bundled default, /dev/stdin to read standard input")
        ->required();
    est->add_option("--format", a->format, "output format")->check(CLI::IsMember({ "json", "csv", "text" }));
    est->add_option("--set", a->overrides, "override a key, e.g. --set parallel.tp=8 (repeatable)");
    return { est, [a] { return runEstimate(*a); } };
}

} // namespace cli
