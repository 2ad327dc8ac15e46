// trainplanner-cli actual on large, mixed, degenerate and impossible logs: the log streams (a
// 3-million-line log within 512 MiB of address space), notes on stderr and in the JSON, and figures
// no run of the scenario can show refused with exit 2, naming the line and the bound.
#include "tests/cli/cli_runner.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cmath>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

// AddressSanitizer reserves terabytes of address space: RLIMIT_AS cannot be used in its builds.
#if defined(__SANITIZE_ADDRESS__)
#define TP_TEST_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TP_TEST_SANITIZED 1
#endif
#endif
#ifndef TP_TEST_SANITIZED
#define TP_TEST_SANITIZED 0
#endif

namespace {

const std::string kLogs = std::string(TP_SOURCE_DIR) + "/tests/data/logs/";

struct Limited {
    int code = -1;
    long maxRssKb = 0;
    std::string out, err;
};

/// Runs trainplanner-cli with `args`, its address space limited to `addressBytes` (0: no limit).
Limited runLimited(const std::vector<std::string>& args, rlim_t addressBytes)
{
    const auto dir = std::filesystem::temp_directory_path();
    const std::string stem = "tp_limited_" + std::to_string(::getpid());
    const auto out = dir / (stem + ".out"), err = dir / (stem + ".err");
    const pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        ::dup2(::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600), 1);
        ::dup2(::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600), 2);
        if (addressBytes > 0) {
            const rlimit limit { addressBytes, addressBytes };
            ::setrlimit(RLIMIT_AS, &limit);
        }
        std::vector<char*> argv { const_cast<char*>(TP_CLI) };
        for (const auto& a : args)
            argv.push_back(const_cast<char*>(a.c_str()));
        argv.push_back(nullptr);
        ::execv(TP_CLI, argv.data());
        ::_exit(127);
    }
    int status = 0;
    rusage usage {};
    ::wait4(pid, &status, 0, &usage);
    Limited r { WIFEXITED(status) ? WEXITSTATUS(status) : -1, usage.ru_maxrss, slurp(out), slurp(err) };
    std::filesystem::remove(out);
    std::filesystem::remove(err);
    return r;
}

} // namespace

TEST_CASE("actual streams a 3-million-line log within 512 MiB of address space", "[cli][log][memory]")
{
    // torchtitan lines at tps 4,500 per GPU: the default scenario's 4,194,304 tokens on 8 GPUs take
    // 4194304 / (4500 × 8) = 116.508 s a step.
    const auto path = std::filesystem::temp_directory_path() / ("tp_big_" + std::to_string(::getpid()) + ".log");
    {
        std::ofstream file(path, std::ios::binary);
        std::string chunk;
        for (int i = 1; i <= 3000000; ++i) {
            chunk += "step: " + std::to_string(i) + "  tps: 4,500\n";
            if (chunk.size() > (1 << 20)) {
                file << chunk;
                chunk.clear();
            }
        }
        file << chunk;
    }
    REQUIRE(std::filesystem::file_size(path) > 50'000'000);
    const Limited r = runLimited(
        { "actual", path.string(), "--scenario", "-", "--format", "json" }, TP_TEST_SANITIZED ? 0 : rlim_t(512) << 20);
    std::filesystem::remove(path);
    INFO(r.err);
    REQUIRE(r.code == 0);
    const auto doc = nlohmann::json::parse(r.out);
    CHECK(doc.at("log").at("steps_read") == 3000000);
    CHECK(doc.at("log").at("sampled") == true);
    CHECK(doc.at("log").at("first_step") == 2);
    CHECK(doc.at("log").at("last_step") == 3000000);
    CHECK(doc.at("measured").at("step_time_s").get<double>() == Approx(4194304.0 / (4500 * 8)));
    CHECK(doc.at("notes").at(0).at("code") == "sampled");
    // What it holds does not grow with the log: a few MB over the program's own.
    CHECK(r.maxRssKb < (TP_TEST_SANITIZED ? 400 : 100) * 1024);
}

TEST_CASE("actual says on stderr and in the JSON what it noticed about a log", "[cli][log]")
{
    const std::string mixed = writeTemp("mixed.log",
        " iteration 1/ 100 | elapsed time per iteration (ms): 100000.0 |\nstep: 1 tps: 4500\n"
        " iteration 2/ 100 | elapsed time per iteration (ms): 100000.0 |\nstep: 2 tps: 4500\nstep: 3 tps: 4500\n");
    const Run text = run("actual " + mixed + " --scenario - --format text");
    CHECK(text.code == 0);
    CHECK_THAT(text.err, Catch::Contains("note: 2 step lines of Megatron-LM were left out"));
    const Run json = run("actual " + mixed + " --scenario - --format json");
    CHECK(json.code == 0);
    const auto doc = nlohmann::json::parse(json.out);
    CHECK(doc.at("notes").at(0).at("code") == "other_framework");

    const std::string single
        = writeTemp("single.log", " iteration 1/ 100 | elapsed time per iteration (ms): 100000.0 |\n");
    const Run warm = run("actual " + single + " --scenario -");
    CHECK(warm.code == 0);
    CHECK_THAT(warm.err, Catch::Contains("warm-up"));

    // A restarted run: steps 100, 200, then 5, 6; and lines ended by '\r' alone.
    const std::string restarted = writeTemp("restarted.log",
        " iteration 100/ 900 | elapsed time per iteration (ms): 300000.0 |\r"
        " iteration 200/ 900 | elapsed time per iteration (ms): 110000.0 |\r"
        " iteration 5/ 900 | elapsed time per iteration (ms): 111000.0 |\r"
        " iteration 6/ 900 | elapsed time per iteration (ms): 110500.0 |\r");
    const Run restart = run("actual " + restarted + " --scenario -");
    CHECK(restart.code == 0);
    CHECK_THAT(restart.out, Catch::Contains("4 step lines") && Catch::Contains("(5 to 200)"));
    CHECK_THAT(restart.err, Catch::Contains("from step 200 to 5") && Catch::Contains("restarted run"));
    for (const auto& f : { mixed, single, restarted })
        std::filesystem::remove(f);
}

TEST_CASE("actual refuses figures no run of the scenario can show, naming the line and the bound", "[cli][log]")
{
    struct Case {
        std::string log, message;
    };
    for (const Case& c : {
             Case { " iteration 1/ 9 | elapsed time per iteration (ms): 100000.0 |\n"
                    " iteration 2/ 9 | elapsed time per iteration (ms): 1000.0 |\n",
                 "a step time of 1 s is below the kernel floor" },
             Case { "step: 1  tps: 1e-300\nstep: 2  tps: 1e-300\n", "beyond the longest plausible step" },
             Case { "{'train_runtime': 1.0, 'train_steps_per_second': 1e-300}\n",
                 "line 1: a step time of 1e+300 s is beyond the longest plausible step, " },
             Case { " iteration 1/ 9 | elapsed time per iteration (ms): 1e-320 |\n",
                 "(1 step lines have zero, negative, non-finite or out-of-range figures, the first on line 1)" },
             Case { " iteration 1/ 9 | elapsed time per iteration (ms): 100000.0 |\n"
                    "[Rank 0] memory (MB) | max reserved: 999999999999999\n",
                 "line 2: a peak memory of 9.76562e+11 GiB is above the GPU's 86.4 GiB" },
         }) {
        const std::string path = writeTemp("implausible.log", c.log);
        const Run r = run("actual " + path + " --scenario - --format json");
        INFO(c.log);
        CHECK(r.code == 2);
        CHECK(r.out.empty());
        CHECK_THAT(r.err, Catch::Contains(c.message));
        // Never a number cut to 63 digits, never a forecast of nothing.
        CHECK_FALSE(std::regex_search(r.err, std::regex("[0-9]{25}")));
        std::filesystem::remove(path);
    }
}

TEST_CASE("actual reads standard input as it streams, and an endless one stops at the cap", "[cli][log]")
{
    const Run piped
        = run("actual /dev/stdin --scenario - --set parallel.zero=3 --format json < " + kLogs + "deepspeed.log");
    CHECK(piped.code == 0);
    CHECK_THAT(piped.out, Catch::Contains("\"framework\": \"deepspeed\"") && Catch::Contains("\"steps_read\": 5"));
    const Run endless = run("actual /dev/stdin --scenario - < /dev/zero");
    CHECK(endless.code == 2);
    CHECK_THAT(endless.err, Catch::Contains("standard input: too large"));
}

TEST_CASE("the launch file's expectations are the figures actual holds a log of the plan against", "[cli][actual]")
{
    // One "what a log of this plan should show" (core/runs/log_expectation.h): the Megatron-LM arguments'
    // comments and actual's "planned" block, for the bundled default and a Megatron-LM log of its run.
    const Run launch = run("launch - --framework megatron -o -");
    REQUIRE(launch.code == 0);
    auto figure = [&](const char* pattern) {
        std::smatch m;
        REQUIRE(std::regex_search(launch.out, m, std::regex(pattern)));
        return std::stod(m[1].str());
    };
    const double stepMs = figure(R"(elapsed time per iteration \(ms\): ([0-9.]+))");
    const double reservedGib = figure(R"(max_memory_reserved: ([0-9.]+) GiB)");
    const double tflops = figure(R"(([0-9.]+) TFLOP/s of model FLOPs per GPU)");
    const std::string log = std::string(TP_SOURCE_DIR) + "/tests/data/logs/megatron-rampup-then-steady.log";
    const Run actual = run("actual " + log + " --scenario - --format json");
    REQUIRE(actual.code == 0);
    const auto planned = nlohmann::json::parse(actual.out)["planned"];
    // As precisely as the comments print them: 0.1 ms, 0.1 GiB, 0.1 TFLOP/s.
    CHECK(std::abs(planned["step_time_s"].get<double>() * 1000 - stepMs) <= 0.05 + 1e-9);
    CHECK(std::abs(planned["peak_memory_gib"].get<double>() - reservedGib) <= 0.05 + 1e-9);
    CHECK(std::abs(planned["tflops_per_gpu"].get<double>() - tflops) <= 0.05 + 1e-9);
}
