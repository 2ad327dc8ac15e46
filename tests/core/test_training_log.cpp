// Plan versus actual (issue 21): logs in each framework's print format (tests/data/logs, written from
// the print statements core/training_log.h names) read back, and a run at 1.25 × the estimate
// forecast at 1.25 × the planned time.
#include "core/compute_model.h"
#include "core/estimate.h"
#include "core/fidelity.h"
#include "core/file_io.h"
#include "core/scenario_io.h"
#include "core/training_log.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <string>

namespace {

core::TrainingLog logFile(const std::string& name)
{
    const auto in = core::readFileBounded(std::string(TP_SOURCE_DIR) + "/tests/data/logs/" + name, core::kMaxLogBytes);
    INFO(in.error);
    REQUIRE(in.ok());
    auto log = core::parseTrainingLog(in.text);
    REQUIRE(log);
    return *log;
}

core::Scenario scenarioWith(std::initializer_list<const char*> overrides)
{
    core::Scenario s = core::defaultScenario();
    for (const char* o : overrides)
        REQUIRE_FALSE(core::applyOverride(s, o));
    return s;
}

/// A Megatron-LM log of `steps` iterations taking `seconds` each, as training_log() prints them.
std::string megatronLog(double seconds, int steps)
{
    std::string text;
    char line[400];
    for (int i = 1; i <= steps; ++i) {
        std::snprintf(line, sizeof line,
            " [2026-12-01 10:00:00.000000] iteration %8d/%8d | consumed samples: %12d | elapsed time per iteration "
            "(ms): %.1f | learning rate: 3.000000E-04 | global batch size:  1024 | lm loss: 2.000000E+00 |\n",
            i * 10, 1000, i * 10240, (i == 1 ? 3.0 : 1.0) * seconds * 1000);
        text += line;
    }
    return text;
}

} // namespace

TEST_CASE("a Megatron-LM log: the median of the steady iterations, the largest rank's reserved memory", "[log]")
{
    const core::TrainingLog log = logFile("megatron.log");
    CHECK(log.format == core::LogFormat::megatron);
    REQUIRE(log.steps.size() == 7);
    CHECK(log.steps[1].step == 20);
    CHECK(*log.steps[1].stepTimeS == Approx(27.5));
    CHECK(*log.steps[1].tflopsPerGpu == Approx(120.5));
    REQUIRE(log.maxReservedGib);
    CHECK(*log.maxReservedGib == Approx(28672.0 / 1024)); // rank 56's max reserved, in MiB
    const core::Scenario s = core::defaultScenario();
    const auto c = core::compareWithLog(s, core::estimateWithRange(s), log);
    // Left out: the first iteration (98 s of warm-up) and the one that saved a checkpoint (45 s > 1.5 × median).
    CHECK(c.stepsUsed == 5);
    CHECK(c.stepsLeftOut == 2);
    CHECK(c.stepTimeS == Approx(27.5)); // median of 27.5, 27.4, 27.6, 27.55, 27.45
    CHECK(*c.tflopsPerGpu == Approx(120.5));
    CHECK(*c.peakMemoryGib == Approx(28.0));
    CHECK_FALSE(c.mfu);
}

TEST_CASE("a torchtitan log: colour codes, tps with thousands separators, no validation line", "[log]")
{
    const core::TrainingLog log = logFile("torchtitan.log");
    CHECK(log.format == core::LogFormat::torchtitan);
    REQUIRE(log.steps.size() == 5); // "validate step" is not a training step
    CHECK(*log.steps[1].tokensPerSPerGpu == Approx(3512));
    CHECK(*log.steps[1].mfu == Approx(0.6521));
    const core::Scenario s = scenarioWith({ "model.preset=llama-3-8b", "parallel.zero=3" });
    const auto c = core::compareWithLog(s, core::estimateWithRange(s), log);
    CHECK(c.stepsUsed == 4);
    // tps is tokens per second per GPU: a step's tokens ÷ (tps × GPUs), median tps (3505 + 3512) / 2.
    const double tokensPerStep = double(s.training.globalBatch) * s.training.seqLen;
    CHECK(c.stepTimeS == Approx(tokensPerStep / (3508.5 * 8)));
    CHECK(*c.mfu == Approx((0.6508 + 0.6521) / 2));
    // torchtitan's mfu counts attention over the whole s × s square (PaLM's 6N + 12·L·H·Q·T): the plan's
    // is compared in that convention, not in the estimate's causal one.
    const core::Estimate e = core::estimate(s);
    CHECK(c.plannedMfu == Approx(core::modelFlopsPerStep(s) / (e.compute.stepTimeS * e.gpus * 312e12)));
    CHECK(c.plannedMfu > e.compute.mfu);
    CHECK(*c.peakMemoryGib == Approx(41.25)); // the largest step's; the validation line's 45 GiB is not a step
    CHECK_FALSE(c.log.memoryIsAllocated);
}

TEST_CASE("a DeepSpeed log: samples per second of the whole batch, allocated memory", "[log]")
{
    const core::TrainingLog log = logFile("deepspeed.log");
    CHECK(log.format == core::LogFormat::deepspeed);
    CHECK(log.memoryIsAllocated);
    const core::Scenario s = scenarioWith({ "parallel.zero=3" });
    const auto c = core::compareWithLog(s, core::estimateWithRange(s), log);
    CHECK(c.stepTimeS == Approx(s.training.globalBatch / ((8.65 + 8.66) / 2)));
    CHECK(*c.peakMemoryGib == Approx(30.50));
    // Allocated memory is held against the estimate's max_memory_allocated and fits nothing.
    CHECK_FALSE(c.refit.memoryFitted);
}

TEST_CASE("a Hugging Face Trainer log: one average over the run", "[log]")
{
    const core::TrainingLog log = logFile("hf_trainer.log");
    CHECK(log.format == core::LogFormat::hf_trainer);
    const core::Scenario s = core::defaultScenario();
    const auto c = core::compareWithLog(s, core::estimateWithRange(s), log);
    CHECK(c.stepTimeS == Approx(1 / 0.025));
}

TEST_CASE("steps at 1.25 × the estimate: that step time, and the run forecast at 1.25 × the planned time", "[log]")
{
    const core::Scenario s = core::defaultScenario();
    const core::Estimate e = core::estimateWithRange(s);
    const double slow = 1.25 * e.compute.stepTimeS;
    auto log = core::parseTrainingLog(megatronLog(slow, 12));
    REQUIRE(log);
    const auto c = core::compareWithLog(s, e, *log);
    CHECK(c.stepTimeS == Approx(slow).epsilon(1e-5)); // printed to 0.1 ms
    CHECK(c.forecast.timeS == Approx(1.25 * e.training.timeS).epsilon(1e-5));
    CHECK(c.forecast.gpuHours == Approx(1.25 * e.training.gpuHours).epsilon(1e-5));
    CHECK(c.planned.timeS == e.training.timeS);
    CHECK(c.drift == (slow > c.plannedHighS));
    // The efficiency refitted to it is lower, and the refitted estimate takes the measured time.
    CHECK(c.refit.stepFitted);
    CHECK(c.refit.calibrated.efficiency.compute < s.efficiency.compute);
    CHECK(c.refit.stepAfterS == Approx(slow).epsilon(0.01));
    REQUIRE_FALSE(c.residuals.empty());
    CHECK(c.residuals.front().first == "step_time");
    CHECK(c.residuals.front().second == Approx(0.25).epsilon(1e-4));

    // At the estimate itself: no drift, the forecast is the plan.
    const auto onPlan = core::compareWithLog(s, e, *core::parseTrainingLog(megatronLog(e.compute.stepTimeS, 12)));
    CHECK_FALSE(onPlan.drift);
    CHECK(onPlan.forecast.timeS == Approx(e.training.timeS).epsilon(1e-5));

    // The JSON report uses the estimate's own keys for the forecast.
    const auto doc = nlohmann::json::parse(core::actualToJson(c));
    CHECK(doc.at("format") == "trainplanner-actual");
    CHECK(doc.at("measured").at("step_time_s").get<double>() == Approx(slow).epsilon(1e-5));
    CHECK(doc.at("forecast").at("time_s").get<double>() == Approx(1.25 * e.training.timeS).epsilon(1e-5));
    CHECK(doc.at("forecast").contains("gpu_hours"));
    CHECK(doc.at("forecast").contains("total_cost_usd"));
}

TEST_CASE("a text with no step line of any framework is refused", "[log]")
{
    core::Problem problem;
    CHECK_FALSE(core::parseTrainingLog("hello\nworld\n", &problem));
    CHECK(problem.code == core::ProblemCode::log_has_no_steps);
    CHECK_FALSE(core::parseTrainingLog("", &problem));
    // Numbers that are no measurement are not taken: negative, not finite, absurd.
    CHECK_FALSE(core::parseTrainingLog(" iteration 10/ 20 | elapsed time per iteration (ms): -5.0 |\n"));
    CHECK_FALSE(core::parseTrainingLog(" iteration 10/ 20 | elapsed time per iteration (ms): inf |\n"));
    CHECK_FALSE(core::parseTrainingLog("step: 3  loss: 1.0  tps: 0  mfu: 1%\n"));
    // torchtitan before 2024's rename printed words per second.
    const auto old
        = core::parseTrainingLog("step: 10  loss:  7.1  memory: 40.00GiB(50.00%)  wps: 3,500  mfu: 60.00%\n");
    REQUIRE(old);
    CHECK(old->format == core::LogFormat::torchtitan);
    CHECK(*old->steps.front().tokensPerSPerGpu == 3500);
}
