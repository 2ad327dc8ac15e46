// A Megatron-LM log through a batch ramp-up (--rampup-batch-size: each iteration line logs its own
// "global batch size:", growing to the run's) held against the plan (the third hostile-input review). The
// logs of tests/data/logs are the reviewer's: the default scenario's run (TP 1, PP 1, DP 8, global batch
// 1,024 of 4,096 tokens) whose every step runs at 110 ms per sequence, 112.64 s for the run's 1,024
// sequences; the expected figures below follow from that construction.
#include "core/runs/log_reader.h"
#include "core/runs/training_log.h"
#include "core/scenario/scenario_io.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace {

const std::string kLogs = std::string(TP_SOURCE_DIR) + "/tests/data/logs/";

/// Every step of the reviewer's logs: 110 ms per sequence.
constexpr double kSecondsPerSequence = 0.110;
/// The run's step of 1,024 sequences at that pace.
constexpr double kFullStepS = 1024 * kSecondsPerSequence;

core::TrainingLog logFile(const std::string& name)
{
    const core::LogReadResult read = core::readTrainingLog(kLogs + name);
    INFO(read.error);
    REQUIRE(read.ok());
    return *read.log;
}

core::ActualComparison compared(const core::TrainingLog& log)
{
    core::Problem problem;
    const auto c = core::compareWithLog(core::defaultScenario(), log, &problem);
    INFO(problem.message());
    REQUIRE(c);
    return *c;
}

core::ActualComparison compared(std::string_view text)
{
    const auto log = core::parseTrainingLog(text);
    REQUIRE(log);
    return compared(*log);
}

const core::LogNote* findNote(const core::ActualComparison& c, core::LogNoteCode code)
{
    const auto it
        = std::find_if(c.notes.begin(), c.notes.end(), [&](const core::LogNote& n) { return n.code == code; });
    return it == c.notes.end() ? nullptr : &*it;
}

double residual(const core::ActualComparison& c, const std::string& name)
{
    const auto it
        = std::find_if(c.residuals.begin(), c.residuals.end(), [&](const auto& r) { return r.first == name; });
    REQUIRE(it != c.residuals.end());
    return it->second;
}

/// A Megatron-LM iteration line of `batch` sequences at 110 ms each.
std::string iteration(int step, int batch)
{
    char line[300];
    std::snprintf(line, sizeof line,
        " [2026-12-01 10:00:00] iteration %8d/   95368 | elapsed time per iteration (ms): %.1f | global batch "
        "size: %5d | lm loss: 7.1 |\n",
        step, batch * kSecondsPerSequence * 1000, batch);
    return line;
}

std::string iterations(const std::vector<int>& batches, int firstStep = 10)
{
    std::string text;
    for (std::size_t i = 0; i < batches.size(); ++i)
        text += iteration(firstStep + int(i) * 10, batches[i]);
    return text;
}

/// Megatron-LM's arguments block (_print_args) with a global batch and, unless "None", a ramp-up.
std::string arguments(int globalBatch, const std::string& rampup)
{
    return "  global_batch_size ............................... " + std::to_string(globalBatch)
        + "\n  rampup_batch_size ............................... " + rampup
        + "\n  seq_length ...................................... 4096\n";
}

} // namespace

TEST_CASE("each Megatron-LM step keeps the global batch its line logs", "[log][rampup]")
{
    const core::TrainingLog log = logFile("megatron-rampup-then-steady.log");
    CHECK(log.stepLines == 51);
    CHECK(log.firstSample.batch == 32);
    REQUIRE(log.sample.size() == 50);
    CHECK(log.sample.front().batch == 64);
    CHECK(log.sample[29].batch == 992);
    CHECK(log.sample.back().batch == 1024);
    // The arguments state a ramp-up: their global_batch_size (line 2), where it ends, is the run's.
    const auto& batch = log.stated[static_cast<std::size_t>(core::LogSetting::global_batch)];
    REQUIRE(batch);
    CHECK(batch->value == 1024);
    CHECK(batch->line == 2);
    // Other frameworks' lines log no batch.
    const auto titan = core::parseTrainingLog("step: 1  loss: 2.0  tps: 1000\nstep: 2  loss: 2.0  tps: 1000\n");
    REQUIRE(titan);
    CHECK(titan->sample.front().batch == 0);
}

TEST_CASE("a log through a batch ramp-up compares its full-batch steps only and notes the ramp-up", "[log][rampup]")
{
    const core::ActualComparison c = compared(logFile("megatron-rampup-then-steady.log"));
    // The 20 steps at 1,024 sequences; the first step and the 30 steady steps of 64 to 992 left out.
    CHECK(c.stepTimeS == Approx(kFullStepS));
    CHECK(c.pacedStepTimeS == Approx(kFullStepS));
    CHECK(c.tokensPerStep == 1024.0 * 4096);
    CHECK(c.tokensPerS == Approx(1024.0 * 4096 / kFullStepS));
    CHECK(c.stepsUsed == 20);
    CHECK(c.rampupSteps == 30);
    CHECK_FALSE(c.rampupPaced);
    CHECK(c.stepsLeftOut == 31);
    CHECK_FALSE(c.otherRun);
    // A run at the plan's pace reads as on plan: no drift, a step-time residual of a fraction of a percent.
    CHECK_FALSE(c.drift);
    CHECK(residual(c, "step_time") == Approx(kFullStepS / c.plannedStepTimeS - 1));
    CHECK(std::abs(residual(c, "step_time")) < 0.02);
    const core::LogNote* note = findNote(c, core::LogNoteCode::rampup_steps);
    REQUIRE(note);
    CHECK(note->value("steps") == 30);
    CHECK(note->value("batch") == 1024);
    CHECK_THAT(note->message(), Catch::StartsWith("30 steady steps of the batch ramp-up") && Catch::Contains("1,024"));
    CHECK_FALSE(findNote(c, core::LogNoteCode::rampup_only));
    CHECK_FALSE(findNote(c, core::LogNoteCode::not_steady));
    const auto json = nlohmann::json::parse(core::actualToJson(c));
    CHECK(json["log"]["rampup_steps"] == 30);
    CHECK(json["log"]["rampup_paced"] == false);
    CHECK(json["measured"]["paced_step_time_s"].get<double>() == Approx(kFullStepS));
    CHECK(json["notes"][0]["code"] == "rampup_steps");
    CHECK_THAT(core::actualToText(c), Catch::Contains("31 left out (the first, 30 of the batch ramp-up, and any"));
}

TEST_CASE("a log of ramp-up steps only reads each at its pace per sequence, not as a faster run", "[log][rampup]")
{
    // Iterations 10 to 300, batches 32 to 960: the median step, 45.76 s for 416 sequences, was refused
    // as faster than the kernel floor of 1,024 sequences. Each is 112.64 s for 1,024 at its pace.
    const core::ActualComparison c = compared(logFile("megatron-rampup-only.log"));
    CHECK(c.stepTimeS == Approx(kFullStepS));
    CHECK(c.pacedStepTimeS == Approx(kFullStepS));
    CHECK(c.tokensPerS == Approx(1024.0 * 4096 / kFullStepS));
    CHECK(c.stepsUsed == 29);
    CHECK(c.rampupSteps == 29);
    CHECK(c.rampupPaced);
    CHECK(c.stepsLeftOut == 1);
    CHECK_FALSE(c.otherRun); // the arguments' batch of 1,024 is the plan's, the lines' 960 a ramp's
    CHECK_FALSE(c.drift);
    const core::LogNote* note = findNote(c, core::LogNoteCode::rampup_only);
    REQUIRE(note);
    CHECK(note->value("steps") == 29);
    CHECK(note->value("batch") == 1024);
    CHECK_THAT(note->message(), Catch::Contains("pace per sequence"));
    CHECK_FALSE(findNote(c, core::LogNoteCode::rampup_steps));
    const auto json = nlohmann::json::parse(core::actualToJson(c));
    CHECK(json["log"]["rampup_paced"] == true);
    CHECK(json["log"]["rampup_steps"] == 29);
    CHECK_THAT(core::actualToText(c), Catch::Contains("each of the batch ramp-up, read at its pace per sequence"));
}

TEST_CASE("a ramp-up without the arguments block: the last line's batch is the run's", "[log][rampup]")
{
    // A log grepped for its iteration lines: the run's batch is the last line's, 1,024.
    const auto c = compared(iterations({ 128, 256, 512, 768, 1024, 1024, 1024 }));
    CHECK(c.stepTimeS == Approx(kFullStepS));
    CHECK(c.stepsUsed == 3);
    CHECK(c.rampupSteps == 3);
    CHECK_FALSE(c.otherRun);
    // Cut during the ramp: the last line's 512 is all the log says of its run. The steps below it are
    // left out; the plan's step at the log's pace is still 1,024 × 110 ms.
    const auto cut = compared(iterations({ 128, 256, 384, 512, 512 }));
    CHECK(cut.stepTimeS == Approx(512 * kSecondsPerSequence));
    CHECK(cut.rampupSteps == 2);
    CHECK(cut.otherRun);
    CHECK(cut.pacedStepTimeS == Approx(kFullStepS));
}

TEST_CASE("the arguments' rampup_batch_size None is no ramp-up: the lines' batch is the run's", "[log][rampup]")
{
    // A run resumed with 512 sequences under arguments of 1,024 and no ramp-up: another run, as before.
    const auto none = core::parseTrainingLog(arguments(1024, "None") + iterations({ 512, 512, 512 }));
    REQUIRE(none);
    CHECK(none->stated[static_cast<std::size_t>(core::LogSetting::global_batch)]->value == 512);
    const auto c = compared(*none);
    CHECK(c.otherRun);
    CHECK(c.rampupSteps == 0);
    CHECK_FALSE(findNote(c, core::LogNoteCode::rampup_steps));
    // With a ramp-up stated, the same lines are the ramp's.
    const auto ramp = compared(arguments(1024, "['32', '32', '2000000']") + iterations({ 512, 512, 512 }));
    CHECK_FALSE(ramp.otherRun);
    CHECK(ramp.rampupPaced);
    CHECK(ramp.stepTimeS == Approx(kFullStepS));
}

TEST_CASE("a ramp-up log of its first step only reads it at its pace, noted", "[log][rampup]")
{
    const auto c = compared(arguments(1024, "['32', '32', '2000000']") + iterations({ 256 }));
    CHECK(c.stepTimeS == Approx(kFullStepS));
    CHECK(c.rampupPaced);
    CHECK(c.rampupSteps == 1);
    CHECK(findNote(c, core::LogNoteCode::only_warmup_step));
    REQUIRE(findNote(c, core::LogNoteCode::rampup_only));
    CHECK(findNote(c, core::LogNoteCode::rampup_only)->value("steps") == 1);
}

TEST_CASE("a log without ramp-up compares as before: no ramp-up step, no note", "[log][rampup]")
{
    const auto c = compared(iterations({ 1024, 1024, 1024, 1024 }));
    CHECK(c.stepTimeS == Approx(kFullStepS));
    CHECK(c.rampupSteps == 0);
    CHECK_FALSE(c.rampupPaced);
    CHECK(c.stepsUsed == 3);
    CHECK_FALSE(findNote(c, core::LogNoteCode::rampup_steps));
    CHECK_FALSE(findNote(c, core::LogNoteCode::rampup_only));
}

TEST_CASE("beyond the sample's capacity the ramp-up steps counted stand for their share of the log", "[log][rampup]")
{
    // 40,000 steps of 512 sequences (the first of them the warm-up), then 60,000 of 1,024: 99,999 steady
    // steps, 39,999 of the ramp-up. The sample of 65,536 holds each share within ±0.4 % (3 sigma).
    std::string text;
    text.reserve(100000 * 120);
    for (int i = 1; i <= 100000; ++i)
        text += iteration(i, i <= 40000 ? 512 : 1024);
    const auto log = core::parseTrainingLog(text);
    REQUIRE(log);
    REQUIRE(log->sample.size() == core::kLogSampleCapacity);
    const auto c = compared(*log);
    CHECK(c.log.sampled);
    CHECK(c.stepTimeS == Approx(kFullStepS));
    CHECK(c.rampupSteps == Approx(39999).epsilon(0.004));
    CHECK(c.stepsUsed == Approx(60000).epsilon(0.004));
    CHECK(std::abs(c.stepsUsed + c.rampupSteps - 99999) <= 1);
    CHECK_FALSE(findNote(c, core::LogNoteCode::not_steady));
}
