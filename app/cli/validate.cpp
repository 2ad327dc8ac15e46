// validate FILE: whether the scenario can be read, and the warnings its estimate gives.
#include "app/cli/commands.h"
#include "app/cli/common.h"
#include "core/base/printable.h"
#include "core/estimate/estimate.h"

#include <memory>

namespace cli {

namespace {

int runValidate(const std::string& file)
{
    const auto result = loadScenarioArgument(file);
    if (!result.ok()) {
        report(result.error.toString());
        return kBadInput;
    }
    std::string text = core::printable(file, 200) + ": valid\n";
    for (const auto& w : core::estimate(*result.scenario).warnings)
        text += "  warning: " + w.message() + " [" + w.codeName() + "]\n";
    return emit(text);
}

} // namespace

Command addValidateCommand(CLI::App& app)
{
    auto file = std::make_shared<std::string>();
    auto* val = app.add_subcommand("validate", "Check a scenario file; print its problems");
    val->add_option("FILE", *file, "scenario file, - for the bundled default, /dev/stdin to read standard input")
        ->required();
    return { val, [file] { return runValidate(*file); } };
}

} // namespace cli
