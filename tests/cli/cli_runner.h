#pragma once
// Runs the real trainplanner-cli binary and captures its exit code, stdout and stderr.

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

namespace cli_test {

struct Run {
    int code = -1;
    std::string out;
    std::string err;
};

inline std::string slurp(const std::filesystem::path& p)
{
    std::ifstream in(p, std::ios::binary);
    return { std::istreambuf_iterator<char>(in), {} };
}

inline Run run(const std::string& args)
{
    const auto dir = std::filesystem::temp_directory_path();
    // Unique names: ctest runs test cases in parallel processes.
    static int counter = 0;
    const std::string stem = "tp_cli_" + std::to_string(::getpid()) + "_" + std::to_string(++counter);
    const auto out = dir / (stem + ".out"), err = dir / (stem + ".err");
    const std::string cmd = std::string(TP_CLI) + " " + args + " >" + out.string() + " 2>" + err.string();
    const int status = std::system(cmd.c_str());
    Run r { WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), slurp(err) };
    std::filesystem::remove(out);
    std::filesystem::remove(err);
    return r;
}

inline std::string writeTemp(const std::string& name, const std::string& text)
{
    const auto p = std::filesystem::temp_directory_path() / (std::to_string(::getpid()) + "_" + name);
    std::ofstream(p, std::ios::binary) << text;
    return p.string();
}

inline const std::string kDefault = std::string(TP_SOURCE_DIR) + "/resources/scenarios/default.tpscenario.json";

} // namespace cli_test

using namespace cli_test;