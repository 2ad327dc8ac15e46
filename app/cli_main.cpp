// trainplanner-cli: the estimation model without a display (DESIGN.md "Command line").
// Exit codes: 0 done; 2 bad input or usage (message on stderr, nothing on stdout); 3 an output
// could not be written.

#include "architecture.h"
#include "estimate.h"
#include "estimate_io.h"
#include "presets.h"
#include "scenario_io.h"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <iostream>
#include <sstream>

namespace {

constexpr int kBadInput = 2;
constexpr int kCannotWrite = 3;

/// Writes the whole text to stdout, or reports that it could not.
int emit(const std::string& text)
{
    std::cout << text << std::flush;
    if (!std::cout) {
        std::cerr << "trainplanner-cli: cannot write the output\n";
        return kCannotWrite;
    }
    return 0;
}

/// Loads FILE ("-" = the bundled default scenario) and applies --set overrides.
std::optional<core::Scenario> loadWithOverrides(const std::string& file, const std::vector<std::string>& overrides)
{
    core::ScenarioResult result;
    if (file == "-") result = {core::defaultScenario(), {}};
    else result = core::loadScenarioFile(file);
    if (!result.ok()) {
        std::cerr << "trainplanner-cli: " << result.error.toString() << "\n";
        return std::nullopt;
    }
    core::Scenario s = *result.scenario;
    for (const auto& o : overrides) {
        if (auto error = core::applyOverride(s, o)) {
            std::cerr << "trainplanner-cli: --set " << o << ": " << error->toString() << "\n";
            return std::nullopt;
        }
    }
    return s;
}

std::string presetsText(bool models, bool gpus)
{
    std::ostringstream os;
    if (models) {
        os << "Models (name, label, parameters, source)\n";
        for (const auto& m : core::modelPresets())
            os << "  " << m.name << "\t" << m.label << "\t" << core::totalParameters(m.arch) << "\t" << m.source << "\n";
    }
    if (gpus) {
        os << "GPUs (name, label, memory GiB, bf16 TFLOP/s, NVLink GB/s, network GB/s, TDP W)\n";
        for (const auto& g : core::gpuPresets()) {
            const auto bf16 = g.spec.peakTflops.find(core::DType::bf16);
            os << "  " << g.name << "\t" << g.spec.name << "\t" << g.spec.memoryGib << "\t"
               << (bf16 == g.spec.peakTflops.end() ? std::string("-") : std::to_string(bf16->second)) << "\t"
               << g.spec.intraNodeGBps << "\t" << g.spec.interNodeGBps << "\t" << g.spec.tdpWatts << "\n";
        }
    }
    return os.str();
}

} // namespace

int main(int argc, char** argv)
{
    CLI::App app{"TrainPlanner: will an LLM training run fit, and how should it be split?\n"
                 "Examples:\n"
                 "  trainplanner-cli estimate my.tpscenario.json --format text\n"
                 "  trainplanner-cli estimate - --set parallel.zero=3 --set parallel.dp=64\n"
                 "  trainplanner-cli validate my.tpscenario.json\n"
                 "  trainplanner-cli presets models",
                 "trainplanner-cli"};
    app.set_version_flag("--version", std::string("trainplanner-cli ") + TRAINPLANNER_VERSION);
    app.require_subcommand(1);

    std::string file, format = "json";
    std::vector<std::string> overrides;

    auto* est = app.add_subcommand("estimate", "Estimate a scenario file (\"-\" for the bundled default)");
    est->add_option("FILE", file, "scenario file (*.tpscenario.json), or - for the default")->required();
    est->add_option("--format", format, "output format")->check(CLI::IsMember({"json", "csv", "text"}));
    est->add_option("--set", overrides, "override a key, e.g. --set parallel.tp=8 (repeatable)");

    auto* val = app.add_subcommand("validate", "Check a scenario file; print its problems");
    val->add_option("FILE", file, "scenario file")->required();

    std::string which = "all";
    auto* pre = app.add_subcommand("presets", "List the model and GPU catalogs");
    pre->add_option("WHAT", which, "models, gpus or all")->check(CLI::IsMember({"models", "gpus", "all"}));

    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        const std::string first = argc > 1 ? argv[1] : "";
        if (!first.empty() && first[0] != '-' && app.get_subcommands([&](CLI::App* sub) { return sub->get_name() == first; }).empty())
            std::cerr << "trainplanner-cli: unknown command \"" << first << "\" (commands: estimate, validate, presets)\n";
        else
            std::cerr << "trainplanner-cli: " << e.what() << "\n";
        std::cerr << "(run trainplanner-cli --help)\n";
        return kBadInput;
    }

    if (*pre) return emit(presetsText(which != "gpus", which != "models"));

    if (*val) {
        const auto result = core::loadScenarioFile(file);
        if (!result.ok()) {
            std::cerr << "trainplanner-cli: " << result.error.toString() << "\n";
            return kBadInput;
        }
        std::string text = file + ": valid\n";
        for (const auto& w : core::estimate(*result.scenario).warnings)
            text += "  warning: " + w.message() + " [" + w.codeName() + "]\n";
        return emit(text);
    }

    const auto scenario = loadWithOverrides(file, overrides);
    if (!scenario) return kBadInput;
    const core::Estimate e = core::estimate(*scenario);
    if (format == "csv") return emit(core::estimateToCsv(e));
    if (format == "text") return emit(core::estimateToText(*scenario, e));
    return emit(core::estimateToJson(e));
}
