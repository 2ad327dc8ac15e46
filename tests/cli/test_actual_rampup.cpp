// trainplanner-cli actual with the reviewer's logs (hostile-input-3.md): a Megatron-LM batch ramp-up
// and the drift warning of a log of another batch, against the bundled default scenario
// (Llama 2 7B on 8 A100, global batch 1,024 of 4,096 tokens). Every step of the ramp-up logs runs at
// 110 ms per sequence: 112.64 s for the run's 1,024 sequences. The batch-512 log's steps take 80 s:
// 160 s for 1,024 sequences at that pace.
#include "tests/cli/cli_runner.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <string>

namespace {

const std::string kLogs = std::string(TP_SOURCE_DIR) + "/tests/data/logs/";

bool hasNoteCode(const nlohmann::json& doc, const std::string& code)
{
    for (const auto& note : doc["notes"])
        if (note["code"] == code) return true;
    return false;
}

} // namespace

TEST_CASE("actual compares a ramp-up log's full-batch steps, the ramp-up's left out with a note", "[cli][actual]")
{
    const Run r = run("actual " + kLogs + "megatron-rampup-then-steady.log --scenario " + kDefault + " --format json");
    INFO(r.err);
    REQUIRE(r.code == 0);
    const auto doc = nlohmann::json::parse(r.out);
    CHECK(doc["measured"]["paced_step_time_s"].get<double>() == Approx(112.64));
    CHECK(doc["measured"]["step_time_s"].get<double>() == Approx(112.64));
    CHECK(doc["log"]["rampup_steps"] == 30);
    CHECK(doc["log"]["steps_used"] == 20);
    CHECK(doc["log_matches_plan"] == true);
    CHECK(doc["drift"] == false);
    CHECK(hasNoteCode(doc, "rampup_steps"));
    CHECK_THAT(r.err, Catch::Contains("note: 30 steady steps of the batch ramp-up"));
    CHECK(r.err.find("warning:") == std::string::npos); // on plan: neither drift nor another run
}

TEST_CASE("actual reads a log of ramp-up steps only at its pace, never below the kernel floor", "[cli][actual]")
{
    const Run r = run("actual " + kLogs + "megatron-rampup-only.log --scenario " + kDefault + " --format json");
    INFO(r.err);
    REQUIRE(r.code == 0);
    CHECK(r.err.find("kernel floor") == std::string::npos);
    const auto doc = nlohmann::json::parse(r.out);
    CHECK(doc["measured"]["paced_step_time_s"].get<double>() == Approx(112.64));
    CHECK(doc["log"]["rampup_paced"] == true);
    CHECK(doc["log"]["rampup_steps"] == 29);
    CHECK(doc["log_matches_plan"] == true);
    CHECK(hasNoteCode(doc, "rampup_only"));
    const Run text = run("actual " + kLogs + "megatron-rampup-only.log --scenario -");
    REQUIRE(text.code == 0);
    CHECK_THAT(text.out, Catch::Contains("read at its pace per sequence"));
}

TEST_CASE("actual's drift warning gives the plan's step at the log's pace, not the log's own", "[cli][actual]")
{
    const Run r = run("actual " + kLogs + "megatron-batch-512.log --scenario " + kDefault + " --format text");
    INFO(r.err);
    REQUIRE(r.code == 0);
    CHECK(r.err.find("the measured step time (80.000 s) is outside") == std::string::npos);
    CHECK_THAT(r.err,
        Catch::Contains("warning: the measured step time at the log's pace (160.000 s for the plan's step; the log's "
                        "own step: 80.000 s) is outside the plan's range"));
}
