// trainplanner-cli actual with a log of another run than the scenario: each setting the log states
// otherwise (layout, global batch) is a warning on stderr and an entry of the JSON's
// "differs_from_plan", the refit and the forecast are marked, and measured tokens/s count the log's
// own batch; a matching log raises none of it.
#include "tests/cli/cli_runner.h"
#include "tests/support/megatron_log.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cmath>
#include <string>

namespace {

using tp_test::megatronRun;

/// The step time the CLI estimates for the bundled default with `sets`, in whole milliseconds.
double plannedMs(const std::string& sets, double factor = 1.0)
{
    const Run r = run("estimate - " + sets + " --format json");
    REQUIRE(r.code == 0);
    return std::round(nlohmann::json::parse(r.out)["compute"]["step_time_s"].get<double>() * 1000 * factor);
}

} // namespace

TEST_CASE("actual warns that a log of TP 4 is of another run than a plan of TP 8", "[cli][actual]")
{
    const std::string sets = "--set parallel.tp=8 --set parallel.dp=1";
    const double ms = plannedMs(sets);
    const std::string other = writeTemp("tp4.log", megatronRun(4, 2, 1024, ms));
    const Run json = run("actual " + other + " --scenario - " + sets + " --format json");
    INFO(json.err);
    REQUIRE(json.code == 0);
    CHECK_THAT(json.err, Catch::Contains("warning: the log states parallel.tp = 4 (line 1), the plan 8"));
    CHECK_THAT(json.err, Catch::Contains("warning: the log states parallel.dp = 2"));
    const auto doc = nlohmann::json::parse(json.out);
    CHECK(doc["log_matches_plan"] == false);
    REQUIRE(doc["differs_from_plan"].size() == 2);
    CHECK(doc["differs_from_plan"][0]["key"] == "parallel.tp");
    CHECK(doc["differs_from_plan"][0]["log"] == 4);
    CHECK(doc["differs_from_plan"][0]["plan"] == 8);
    CHECK(doc["refitted"]["of_another_run"] == true);
    CHECK(doc["forecast"]["of_another_run"] == true);
    CHECK(doc["log"]["file"] == other);
    const Run text = run("actual " + other + " --scenario - " + sets);
    REQUIRE(text.code == 0);
    CHECK_THAT(text.out, Catch::Contains("THE LOG IS OF ANOTHER RUN"));
    CHECK_THAT(text.out, Catch::Contains("parallel.tp = 4 (plan: 8"));

    const std::string same = writeTemp("tp8.log", megatronRun(8, 1, 1024, ms));
    const Run matching = run("actual " + same + " --scenario - " + sets + " --format json");
    REQUIRE(matching.code == 0);
    CHECK(matching.err.find("warning: the log states") == std::string::npos);
    const auto sameDoc = nlohmann::json::parse(matching.out);
    CHECK(sameDoc["log_matches_plan"] == true);
    CHECK(sameDoc["differs_from_plan"].empty());
    CHECK_FALSE(sameDoc["refitted"].contains("of_another_run"));
}

TEST_CASE("actual counts tokens per second from the log's own global batch of 512", "[cli][actual]")
{
    const double ms = plannedMs("", 0.55); // half the default's batch of 1024 takes about half the time
    const std::string log = writeTemp("batch512.log", megatronRun(1, 8, 512, ms));
    const Run r = run("actual " + log + " --scenario - --format json");
    INFO(r.err);
    REQUIRE(r.code == 0);
    CHECK_THAT(r.err, Catch::Contains("warning: the log states training.global_batch = 512"));
    const auto doc = nlohmann::json::parse(r.out);
    // By hand: 512 sequences of the scenario's 4096 tokens per step over the step the log prints.
    CHECK(doc["measured"]["tokens_per_s"].get<double>() == Approx(512.0 * 4096 / (ms / 1000)));
    CHECK(doc["log"]["tokens_per_step"] == 512 * 4096);
    CHECK(doc["differs_from_plan"][0]["key"] == "training.global_batch");
}
