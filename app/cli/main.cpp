// trainplanner-cli: the estimation model without a display (docs/DESIGN.md "Command line"). Each
// command is in a file of its own in app/cli/; this builds the application from them, parses the
// command line and runs the one command it names.
// Exit codes: 0 done; 2 bad input or usage (message on stderr, nothing on stdout); 3 an output
// could not be written.

#include "app/cli/commands.h"
#include "app/cli/common.h"
#include "core/base/file_io.h"
#include "core/base/printable.h"

#include <CLI/CLI.hpp>

#include <csignal>
#include <exception>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

namespace {

constexpr const char* kDescription
    = "TrainPlanner: will an LLM training run fit, and how should it be split?\n"
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
      "  trainplanner-cli import-config config.json -o my.tpscenario.json";

/// Parses the command line; the exit code when that ends the run (help, version, a usage error),
/// nothing when a command is to run.
std::optional<int> parse(CLI::App& app, int argc, char** argv)
{
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e) == 0 && std::cout.flush() ? 0 : (cli::report("cannot write the output"), cli::kCannotWrite);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e) == 0 && std::cout.flush() ? 0 : (cli::report("cannot write the output"), cli::kCannotWrite);
    } catch (const CLI::ParseError& e) {
        const std::string first = argc > 1 ? argv[1] : "";
        if (!first.empty() && first[0] != '-'
            && app.get_subcommands([&](CLI::App* sub) { return sub->get_name() == first; }).empty())
            cli::report("unknown command \"" + core::printable(first, 40)
                + "\" (commands: estimate, sweep, plan, launch, actual, validate, validate-published, import-config, "
                  "presets, precision, loss-scale)");
        else
            cli::report(core::printable(e.what(), 300));
        std::cerr << "(run trainplanner-cli --help)\n";
        return cli::kBadInput;
    }
    return std::nullopt;
}

} // namespace

int main(int argc, char** argv)
{
    CLI::App app { kDescription, "trainplanner-cli" };
    core::ignoreFileSizeSignal(); // a file-size limit is a write error (exit 3), not SIGXFSZ
    // A reader that went away (| head) is an output that cannot be written: exit 3, not SIGPIPE.
    std::signal(SIGPIPE, SIG_IGN);
    app.set_version_flag("--version", std::string("trainplanner-cli ") + TRAINPLANNER_VERSION);
    app.require_subcommand(1);
    // In the order --help lists them.
    const std::vector<cli::Command> commands { cli::addEstimateCommand(app), cli::addValidateCommand(app),
        cli::addSweepCommand(app), cli::addPlanCommand(app), cli::addPrecisionCommand(app),
        cli::addLossScaleCommand(app), cli::addValidatePublishedCommand(app), cli::addImportConfigCommand(app),
        cli::addLaunchCommand(app), cli::addActualCommand(app), cli::addPresetsCommand(app) };

    if (const auto ended = parse(app, argc, argv)) return *ended;
    for (const auto& command : commands)
        if (*command.sub) {
            // The last line of defence: no input may end the program with std::terminate (a writer's
            // exception once did, and SIGABRT tells a script nothing). The output was not made: exit 3.
            try {
                return command.run();
            } catch (const std::exception& e) {
                cli::report(std::string("could not finish: ") + core::printable(e.what(), 300));
                return cli::kCannotWrite;
            }
        }
    return cli::kBadInput; // not reached: the command line names exactly one command
}
