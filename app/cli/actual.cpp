// actual LOG --scenario FILE: a training log held against the scenario's estimate (measured step
// time, residuals, refitted efficiencies, the whole run at the measured pace).
#include "app/cli/commands.h"
#include "app/cli/common.h"
#include "core/base/printable.h"
#include "core/estimate/estimate_io.h"
#include "core/runs/training_log.h"

#include <iostream>
#include <memory>

namespace cli {

namespace {

struct ActualArguments {
    std::string logFile;
    std::string scenarioFile;
    std::string format = "text";
    std::vector<std::string> overrides;
};

int runActual(const ActualArguments& a)
{
    const auto scenario = loadWithOverrides(a.scenarioFile, a.overrides);
    if (!scenario) return kBadInput;
    // Streamed: the memory taken does not grow with the log (core/runs/training_log.h).
    const core::LogReadResult read = core::readTrainingLog(a.logFile);
    if (!read.ok()) {
        report(read.error);
        return kBadInput;
    }
    core::Problem problem;
    const auto c = core::compareWithLog(*scenario, *read.log, &problem);
    if (!c) {
        report(core::printable(a.logFile, 200) + ": " + problem.message());
        return kBadInput;
    }
    // A log of another layout, batch or sequence length is a warning: every figure compares two runs.
    for (const core::LogNote& note : c->notes)
        std::cerr << "trainplanner-cli: "
                  << (note.code == core::LogNoteCode::differs_from_plan ? "warning: " : "note: ") << note.message()
                  << "\n";
    // The drift is the paced step's (the plan's step at the log's pace): a log of half the batch at 80 s
    // a step is a plan's step of 160 s, not one faster than planned.
    if (c->drift) {
        std::cerr << "trainplanner-cli: warning: the measured step time ";
        if (c->pacedStepTimeS != c->stepTimeS)
            std::cerr << "at the log's pace (" << core::fixedNumber(c->pacedStepTimeS, 3)
                      << " s for the plan's step; the log's own step: " << core::fixedNumber(c->stepTimeS, 3) << " s)";
        else
            std::cerr << "(" << core::fixedNumber(c->stepTimeS, 3) << " s)";
        std::cerr << " is outside the plan's range (" << core::fixedNumber(c->plannedLowS, 3) << "-"
                  << core::fixedNumber(c->plannedHighS, 3) << " s)\n";
    }
    return emit(a.format == "json" ? core::actualToJson(*c) : core::actualToText(*c));
}

} // namespace

Command addActualCommand(CLI::App& app)
{
    auto a = std::make_shared<ActualArguments>();
    auto* act = app.add_subcommand("actual",
        "Hold a training log (Megatron-LM, torchtitan, DeepSpeed, Hugging Face Trainer) against the scenario's "
        "estimate: measured step time, residuals, refitted efficiencies, the whole run at the measured pace");
    act->add_option("LOG", a->logFile, "the run's log, /dev/stdin to read standard input")->required();
    act->add_option("--scenario", a->scenarioFile, "the scenario the run was planned with, - for the bundled default")
        ->required();
    act->add_option("--format", a->format, "output format")->check(CLI::IsMember({ "json", "text" }));
    act->add_option("--set", a->overrides, "override a key of the scenario first (repeatable)");
    return { act, [a] { return runActual(*a); } };
}

} // namespace cli
