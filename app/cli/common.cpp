#include "app/cli/common.h"

#include "core/base/printable.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <poll.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace cli {

/// Messages repeat input (paths, keys, names): control characters are escaped so that a hostile
/// file cannot drive the terminal.
void report(const std::string& message)
{
    std::cerr << "trainplanner-cli: " << core::escapeControls(message) << "\n";
}

int emit(const std::string& text)
{
    std::cout << text << std::flush;
    if (!std::cout) {
        report("cannot write the output");
        return kCannotWrite;
    }
    return 0;
}

core::ScenarioResult loadScenarioArgument(const std::string& file)
{
    if (file == "-") {
        // A scenario piped in with "-" would be silently ignored for the bundled one: say so.
        // A pipe's writer may not have written yet when this starts (`echo … | trainplanner-cli …` starts
        // both at once): a pipe is given a moment, anything else (a file, /dev/null, a terminal) none.
        struct stat in { };
        if (::isatty(STDIN_FILENO) == 0 && ::fstat(STDIN_FILENO, &in) == 0 && S_ISFIFO(in.st_mode)) {
            pollfd ready { STDIN_FILENO, POLLIN, 0 };
            (void)::poll(&ready, 1, 200);
        }
        int waiting = 0;
        if (::isatty(STDIN_FILENO) == 0 && ::ioctl(STDIN_FILENO, FIONREAD, &waiting) == 0 && waiting > 0)
            std::cerr << "trainplanner-cli: note: \"-\" is the bundled default scenario; to read the scenario on "
                         "standard input, "
                         "give /dev/stdin\n";
        return { core::defaultScenario(), {} };
    }
    if (file == "/dev/stdin") {
        const core::FileRead in = core::readStdinBounded(core::kMaxScenarioBytes);
        if (!in.ok()) return { std::nullopt, { "", in.error } };
        return core::parseScenario(in.text);
    }
    return core::loadScenarioFile(file);
}

std::optional<core::Scenario> loadWithOverrides(const std::string& file, const std::vector<std::string>& overrides)
{
    const core::ScenarioResult result = loadScenarioArgument(file);
    if (!result.ok()) {
        report(result.error.toString());
        return std::nullopt;
    }
    core::Scenario s = *result.scenario;
    for (const auto& o : overrides) {
        if (auto error = core::applyOverride(s, o)) {
            report("--set " + core::printable(o) + ": " + error->toString());
            return std::nullopt;
        }
    }
    return s;
}

/// What -o OUTPUT means for launch and import-config (docs/DESIGN.md "Command line", writing files):
/// "-" is standard output, as it conventionally is for an output (for FILE, "-" is the bundled
/// default scenario); so is any path that names this process's standard output (/dev/stdout, or
/// /proc/self/fd/1, in a pipe or on a terminal). Anything else is a file.
bool toStandardOutput(const std::string& output)
{
    return output == "-" || core::namesDescriptor(output, STDOUT_FILENO);
}

/// A file that exists is replaced only with --force, and never one of the command's inputs (it
/// would be lost with the output): core's rule for every command's outputs, the app's too.
int writeOutputs(const std::vector<core::FileToWrite>& files, const std::vector<core::InputFile>& inputs, bool force)
{
    if (const std::string refused = core::writeOutputFiles(files, inputs, force); !refused.empty()) {
        report(refused);
        return kCannotWrite;
    }
    return 0;
}

/// "must be an integer between 1 and 1000000, got "1e6"", as the scenario's messages say it:
/// CLI11's own check said "Value 1e6 not in range", for a value in range.
CLI::Validator limited(core::Field limit)
{
    return CLI::Validator(
        [limit](std::string& text) -> std::string {
            const char* begin = text.c_str();
            char* end = nullptr;
            errno = 0;
            bool ok = false;
            if (limit.kind == core::FieldKind::number) {
                const double v = std::strtod(begin, &end);
                ok = end != begin && *end == '\0' && errno == 0 && std::isfinite(v) && v >= limit.min && v <= limit.max;
            } else {
                const long long v = std::strtoll(begin, &end, 10);
                ok = end != begin && *end == '\0' && errno == 0 && v >= limit.min && v <= limit.max;
            }
            return ok ? std::string() : core::rangeText(limit) + ", got \"" + core::printable(text, 40) + "\"";
        },
        "", "limited");
}

} // namespace cli
