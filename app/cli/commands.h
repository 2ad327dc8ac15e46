// The commands of trainplanner-cli (docs/DESIGN.md "Command line"), one file each in app/cli/: each
// adds its subcommand, with its options and help, to the application and says what runs it once
// the command line has been parsed to it.
#pragma once

#include <CLI/CLI.hpp>

#include <functional>

namespace cli {

/// A subcommand and what runs it; run() gives the exit code.
struct Command {
    CLI::App* sub;
    std::function<int()> run;
};

Command addEstimateCommand(CLI::App& app);
Command addValidateCommand(CLI::App& app);
Command addSweepCommand(CLI::App& app);
Command addPlanCommand(CLI::App& app);
Command addPrecisionCommand(CLI::App& app);
Command addLossScaleCommand(CLI::App& app);
Command addValidatePublishedCommand(CLI::App& app);
Command addImportConfigCommand(CLI::App& app);
Command addLaunchCommand(CLI::App& app);
Command addActualCommand(CLI::App& app);
Command addPresetsCommand(CLI::App& app);

} // namespace cli
