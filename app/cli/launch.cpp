// launch FILE --framework F: the settings a framework starts the scenario with (Megatron-LM
// arguments, a torchtitan TOML job file, a DeepSpeed JSON config), with what the run's log should show.
#include "core/runs/launch.h"

#include "app/cli/commands.h"
#include "app/cli/common.h"

#include <iostream>
#include <memory>

namespace cli {

namespace {

struct LaunchArguments {
    std::string file;
    std::string framework = "megatron";
    std::string output;
    bool force = false;
    std::vector<std::string> overrides;
};

int runLaunch(const CLI::App& lch, const LaunchArguments& a)
{
    const auto scenario = loadWithOverrides(a.file, a.overrides);
    if (!scenario) return kBadInput;
    if (lch.count("--output") && a.output.empty()) {
        report("--output: must name a file, or - for standard output");
        return kBadInput;
    }
    const auto chosen = core::enumFromName<core::Framework>(a.framework, core::kFrameworkNames);
    const core::LaunchSettings settings = core::launchSettings(*scenario, chosen.value_or(core::Framework::megatron));
    if (!settings.ok()) {
        for (const auto& refusal : settings.refused)
            report("launch --framework " + a.framework + ": " + core::refusalText(*scenario, refusal));
        return kBadInput;
    }
    const bool sideFile = settings.framework == core::Framework::deepspeed;
    if (a.output.empty() || toStandardOutput(a.output)) {
        if (sideFile) std::cerr << settings.expectationText;
        return emit(settings.text);
    }
    // DeepSpeed's config and its expectations are one set: both written, or neither.
    std::vector<core::FileToWrite> files { { a.output, settings.text } };
    if (sideFile) files.push_back({ a.output + ".expected.txt", settings.expectationText });
    return writeOutputs(files,
        { { a.file == "-" ? std::string() : a.file, "the scenario" },
            { scenario->hardware.profile, "the hardware profile" } },
        a.force);
}

} // namespace

Command addLaunchCommand(CLI::App& app)
{
    auto a = std::make_shared<LaunchArguments>();
    auto* lch = app.add_subcommand("launch",
        "Write the settings a framework starts this scenario with: Megatron-LM arguments, a torchtitan TOML job "
        "file or a DeepSpeed JSON config, with what the run's log should show");
    lch->add_option("FILE", a->file, "scenario file, - for the bundled default, /dev/stdin to read standard input")
        ->required();
    lch->add_option("--framework", a->framework, "megatron, torchtitan or deepspeed")
        ->required()
        ->check(CLI::IsMember({ "megatron", "torchtitan", "deepspeed" }));
    auto* launchOutputOption = lch->add_option("-o,--output", a->output,
        "write the settings to this file (DeepSpeed's expectations beside it, in OUTPUT.expected.txt; both or "
        "neither); - for standard output, the default (DeepSpeed's expectations then go to standard error); files "
        "that exist are not replaced without --force");
    lch->add_flag("--force", a->force, "replace the --output files if they exist")->needs(launchOutputOption);
    lch->add_option("--set", a->overrides, "override a key first, e.g. --set parallel.zero=3 (repeatable)");
    return { lch, [lch, a] { return runLaunch(*lch, *a); } };
}

} // namespace cli
