// import-config: a Hugging Face config.json read into a scenario with that model.
#include "app/cli/commands.h"
#include "app/cli/common.h"
#include "core/base/printable.h"
#include "core/runs/hf_import.h"
#include "core/scenario/architecture.h"
#include "core/scenario/scenario_io.h"

#include <cmath>
#include <iostream>
#include <memory>

namespace cli {

namespace {

struct ImportArguments {
    std::string file;
    std::string output;
    bool force = false;
};

/// What was read goes to stderr, so that stdout stays a valid scenario file.
void reportImport(const core::ImportedModel& model)
{
    const core::ParameterBreakdown counts = core::countParameters(model.arch);
    std::cerr << model.modelType << ": " << std::llround(counts.total()) << " parameters";
    if (counts.mtpLayers > 0)
        std::cerr << " (" << std::llround(counts.mainModel()) << " in the main model, "
                  << std::llround(counts.total() - counts.mainModel()) << " in " << counts.mtpLayers
                  << " multi-token prediction module(s))";
    std::cerr << "\n";
    for (const auto& m : model.mapped)
        std::cerr << "  " << core::printable(m.from) << " -> " << m.to << " = " << core::printable(m.value) << "\n";
    for (const auto& n : model.notes)
        std::cerr << "  note: " << core::escapeControls(core::importNoteText(n)) << "\n";
}

int runImport(const CLI::App& imp, const ImportArguments& a)
{
    if (imp.count("--output") && a.output.empty()) {
        report("--output: must name a file, or - for standard output");
        return kBadInput;
    }
    const core::ImportResult r = core::importHfConfigFile(a.file);
    if (!r.ok()) {
        // A file that cannot be read is named by its message; a problem inside it after its name.
        report(r.fileError ? r.error.toString() : core::printable(a.file, 200) + ": " + r.error.toString());
        return kBadInput;
    }
    reportImport(*r.model);
    const std::string text = core::scenarioToJson(core::scenarioFor(*r.model));
    if (a.output.empty() || toStandardOutput(a.output)) return emit(text);
    return writeOutputs({ { a.output, text } }, { { a.file, "the config.json" } }, a.force);
}

} // namespace

Command addImportConfigCommand(CLI::App& app)
{
    auto a = std::make_shared<ImportArguments>();
    auto* imp
        = app.add_subcommand("import-config", "Read a Hugging Face config.json and write a scenario with that model");
    imp->add_option("FILE", a->file,
           "config.json of a llama, mistral, mixtral, qwen2, qwen2_moe, gemma, gemma2, phi3 or gpt2 model")
        ->required();
    auto* importOutput = imp->add_option("-o,--output", a->output,
        "write the scenario to this file (- for standard output, the default); a file that exists is not replaced "
        "without --force");
    imp->add_flag("--force", a->force, "replace the --output file if it exists")->needs(importOutput);
    return { imp, [imp, a] { return runImport(*imp, *a); } };
}

} // namespace cli
