// Plan versus actual: logs in each framework's print format (tests/data/logs, written from
// the print statements core/runs/training_log.h names) read back, and a run at 1.25 × the estimate
// forecast at 1.25 × the planned time. The reader streams: logs fed in pieces of any size, lines
// ended by '\n', '\r\n' or '\r', multi-megabyte logs within and beyond the sample's capacity, the
// physical bounds a measured figure must lie within, and the notes on mixed or degenerate logs.
#include "core/base/file_io.h"
#include "core/estimate/estimate.h"
#include "core/fidelity/calibration.h"
#include "core/fidelity/fidelity.h"
#include "core/model/compute_model.h"
#include "core/runs/log_reader.h"
#include "core/runs/training_log.h"
#include "core/scenario/scenario_fields.h"
#include "core/scenario/scenario_io.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>
#include <vector>

namespace {

const std::string kLogs = std::string(TP_SOURCE_DIR) + "/tests/data/logs/";

core::TrainingLog logFile(const std::string& name)
{
    const core::LogReadResult read = core::readTrainingLog(kLogs + name);
    INFO(read.error);
    REQUIRE(read.ok());
    return *read.log;
}

core::Scenario scenarioWith(std::initializer_list<const char*> overrides)
{
    core::Scenario s = core::defaultScenario();
    for (const char* o : overrides)
        REQUIRE_FALSE(core::applyOverride(s, o));
    return s;
}

core::Scenario gpt3()
{
    const auto loaded = core::loadScenarioFile(
        std::string(TP_SOURCE_DIR) + "/resources/examples/gpt3-175b-narayanan.tpscenario.json");
    REQUIRE(loaded.ok());
    return *loaded.scenario;
}

/// A Megatron-LM iteration line as training_log() prints it.
std::string megatronLine(std::int64_t iteration, double ms)
{
    char line[400];
    std::snprintf(line, sizeof line,
        " [2026-12-01 10:00:00.000000] iteration %8lld/%8d | consumed samples: %12lld | elapsed time per iteration "
        "(ms): %.1f | learning rate: 3.000000E-04 | global batch size:  1024 | lm loss: 2.000000E+00 |\n",
        static_cast<long long>(iteration), 1000000, static_cast<long long>(iteration * 1024), ms);
    return line;
}

/// A Megatron-LM log of `steps` iterations taking `seconds` each (the first 3 × as long: warm-up).
std::string megatronLog(double seconds, int steps)
{
    std::string text;
    for (int i = 1; i <= steps; ++i)
        text += megatronLine(i * 10, (i == 1 ? 3.0 : 1.0) * seconds * 1000);
    return text;
}

std::string megatronLog(const std::vector<double>& seconds)
{
    std::string text;
    for (std::size_t i = 0; i < seconds.size(); ++i)
        text += megatronLine(std::int64_t(i + 1) * 10, seconds[i] * 1000);
    return text;
}

core::ActualComparison compared(const core::Scenario& s, const core::TrainingLog& log)
{
    core::Problem problem;
    auto c = core::compareWithLog(s, core::estimateWithRange(s), log, &problem);
    INFO(problem.message());
    REQUIRE(c);
    return *c;
}

core::ActualComparison compared(const core::Scenario& s, std::string_view text)
{
    core::Problem problem;
    const auto log = core::parseTrainingLog(text, &problem);
    INFO(problem.message());
    REQUIRE(log);
    return compared(s, *log);
}

/// The refusal of `text` against `s`: the problem compareWithLog() gives.
core::Problem refusal(const core::Scenario& s, std::string_view text)
{
    const auto log = core::parseTrainingLog(text);
    REQUIRE(log);
    core::Problem problem;
    CHECK_FALSE(core::compareWithLog(s, core::estimateWithRange(s), *log, &problem));
    return problem;
}

bool hasNote(const core::ActualComparison& c, core::LogNoteCode code)
{
    return std::any_of(c.notes.begin(), c.notes.end(), [&](const core::LogNote& n) { return n.code == code; });
}

const core::LogNote& note(const core::ActualComparison& c, core::LogNoteCode code)
{
    const auto it
        = std::find_if(c.notes.begin(), c.notes.end(), [&](const core::LogNote& n) { return n.code == code; });
    REQUIRE(it != c.notes.end());
    return *it;
}

double medianOf(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/// The documented rule, written out: all but the first step, none over 1.5 × the median of those;
/// the median of what is left and how many that is.
std::pair<double, std::size_t> exactRule(const std::vector<double>& stepTimes)
{
    const std::vector<double> steady(stepTimes.begin() + 1, stepTimes.end());
    const double typical = medianOf(steady);
    std::vector<double> used;
    for (const double t : steady)
        if (t <= 1.5 * typical) used.push_back(t);
    return { medianOf(used), used.size() };
}

} // namespace

TEST_CASE("a Megatron-LM log: the median of the steady iterations, the largest rank's reserved memory", "[log]")
{
    const core::TrainingLog log = logFile("megatron.log");
    CHECK(log.format == core::LogFormat::megatron);
    CHECK(log.stepLines == 7);
    CHECK(log.steadySteps == 6);
    CHECK(log.firstStep == 10);
    CHECK(log.firstSample.pace == Approx(98.0));
    CHECK(log.highestTflopsPerGpu->line == 7); // iteration 30
    CHECK(log.highestTflopsPerGpu->value == Approx(120.9));
    REQUIRE(log.peakMemoryGib);
    CHECK(log.peakMemoryGib->value == Approx(28672.0 / 1024)); // rank 56's max reserved, in MiB
    CHECK(log.peakMemoryGib->line == 5);
    // The GPT-3 run of Narayanan et al. the log is written after (its step of 27.5 s is below the
    // default scenario's kernel floor: that run is refused, see below).
    const auto c = compared(gpt3(), log);
    // Left out: the first iteration (98 s of warm-up) and the one that saved a checkpoint (45 s > 1.5 × median).
    CHECK(c.stepsUsed == 5);
    CHECK(c.stepsLeftOut == 2);
    CHECK(c.firstStep == 20);
    CHECK(c.lastStep == 70);
    CHECK(c.stepTimeS == Approx(27.5)); // median of 27.5, 27.4, 27.6, 27.55, 27.45
    CHECK(*c.tflopsPerGpu == Approx(120.5));
    CHECK(*c.peakMemoryGib == Approx(28.0));
    CHECK_FALSE(c.mfu);
    CHECK(c.notes.empty());
}

TEST_CASE("a torchtitan log: colour codes, tps with thousands separators, no validation line", "[log]")
{
    const core::TrainingLog log = logFile("torchtitan.log");
    CHECK(log.format == core::LogFormat::torchtitan);
    CHECK(log.stepLines == 5); // "validate step" is not a training step
    CHECK(log.firstSample.pace == Approx(1.0 / 412));
    CHECK(log.highestMfu->value == Approx(0.6555));
    const core::Scenario s = scenarioWith({ "model.preset=llama-3-8b", "parallel.zero=3" });
    const auto c = compared(s, log);
    CHECK(c.stepsUsed == 4);
    // tps is tokens per second per GPU: a step's tokens ÷ (tps × GPUs); the median of 3512, 3498, 3530, 3505.
    const double tokensPerStep = double(s.training.globalBatch) * s.training.seqLen;
    CHECK(c.stepTimeS == Approx((tokensPerStep / (3505.0 * 8) + tokensPerStep / (3512.0 * 8)) / 2));
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
    const auto c = compared(s, log);
    CHECK(c.stepTimeS == Approx((s.training.globalBatch / 8.65 + s.training.globalBatch / 8.66) / 2));
    CHECK(*c.peakMemoryGib == Approx(30.50));
    // Allocated memory is held against the estimate's max_memory_allocated and fits nothing.
    CHECK_FALSE(c.refit.memoryFitted);
}

TEST_CASE("a Hugging Face Trainer log: one average over the run", "[log]")
{
    const core::TrainingLog log = logFile("hf_trainer.log");
    CHECK(log.format == core::LogFormat::hf_trainer);
    const auto c = compared(core::defaultScenario(), log);
    CHECK(c.stepTimeS == Approx(1 / 0.008));
    CHECK(c.notes.empty()); // the Trainer's one line is no warm-up step
}

TEST_CASE("steps at 1.25 × the estimate: that step time, and the run forecast at 1.25 × the planned time", "[log]")
{
    const core::Scenario s = core::defaultScenario();
    const core::Estimate e = core::estimateWithRange(s);
    const double slow = 1.25 * e.compute.stepTimeS;
    const auto c = compared(s, megatronLog(slow, 12));
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
    const auto onPlan = compared(s, megatronLog(e.compute.stepTimeS, 12));
    CHECK_FALSE(onPlan.drift);
    CHECK(onPlan.forecast.timeS == Approx(e.training.timeS).epsilon(1e-5));

    // The JSON report uses the estimate's own keys for the forecast.
    const auto doc = nlohmann::json::parse(core::actualToJson(c));
    CHECK(doc.at("format") == "trainplanner-actual");
    CHECK(doc.at("log").at("steps_read") == 12);
    CHECK(doc.at("log").at("sampled") == false);
    CHECK(doc.at("measured").at("step_time_s").get<double>() == Approx(slow).epsilon(1e-5));
    CHECK(doc.at("forecast").at("time_s").get<double>() == Approx(1.25 * e.training.timeS).epsilon(1e-5));
    CHECK(doc.at("forecast").contains("gpu_hours"));
    CHECK(doc.at("forecast").contains("total_cost_usd"));
    CHECK(doc.at("notes").is_array());
    CHECK(doc.at("notes").empty());
}

TEST_CASE("a text with no step line of any framework is refused", "[log]")
{
    core::Problem problem;
    CHECK_FALSE(core::parseTrainingLog("hello\nworld\n", &problem));
    CHECK(problem.code == core::ProblemCode::log_has_no_steps);
    CHECK_FALSE(core::parseTrainingLog("", &problem));
    // Numbers that are no measurement are not taken: negative, not finite, absurd, zero, -0, subnormal
    // (1e-320 ms, which strtod gives with ERANGE), out of a double's range (1e-999), not a number as a
    // whole ("1e+", and "1,000" where commas are no digit groups).
    for (const char* figure :
        { "-5.0", "inf", "nan", "1e999", "1e15", "0", "-0", "1e-320", "1e-999", "1e+", "1,000" }) {
        INFO(figure);
        const std::string line = std::string(" iteration 10/ 20 | elapsed time per iteration (ms): ") + figure + " |\n";
        CHECK_FALSE(core::parseTrainingLog(line, &problem));
        CHECK(problem.code == core::ProblemCode::log_has_no_steps);
        CHECK(problem.value("rejected") == 1);
        CHECK(problem.value("first_line") == 1);
    }
    CHECK_FALSE(core::parseTrainingLog("step: 3  loss: 1.0  tps: 0  mfu: 1%\n"));
    CHECK_FALSE(core::parseTrainingLog("{'train_steps_per_second': 1e-320}\n"));
    // torchtitan before 2024's rename printed words per second.
    const auto old
        = core::parseTrainingLog("step: 10  loss:  7.1  memory: 40.00GiB(50.00%)  wps: 3,500  mfu: 60.00%\n");
    REQUIRE(old);
    CHECK(old->format == core::LogFormat::torchtitan);
    CHECK(old->firstSample.pace == Approx(1.0 / 3500));
}

// ---------------------------------------------------------------------------------------- streaming

TEST_CASE("lines end at a lone carriage return too, and line numbers count every ending once", "[log][stream]")
{
    const std::string lf = megatronLog({ 300, 100, 101, 102, 103 });
    std::string cr = lf, crlf;
    std::replace(cr.begin(), cr.end(), '\n', '\r');
    for (const char ch : lf)
        crlf += ch == '\n' ? std::string("\r\n") : std::string(1, ch);
    for (const std::string& text : { lf, cr, crlf }) {
        const auto log = core::parseTrainingLog(text);
        REQUIRE(log);
        CHECK(log->stepLines == 5);
        CHECK(log->firstStepLine == 1);
        CHECK(log->sample.size() == 4); // lines 2 to 5, each read once whatever ends them
        CHECK(log->highestSteadyStep == 50);
    }
}

TEST_CASE("a log fed in pieces split anywhere reads as the whole text", "[log][stream]")
{
    // Lines ended by '\n', '\r\n' and '\r', a colour code, a report_memory line.
    const std::string text = megatronLine(10, 300000)
        + "[Rank 0] (after 10 iterations) memory (MB) | max reserved: 30000\r\n"
        + megatronLine(20, 100000).substr(0, 150) + "\x1b[31m" + megatronLine(20, 100000).substr(150, 10) + "\x1b[0m"
        + megatronLine(20, 100000).substr(160) + megatronLine(30, 101000).substr(0, 180) + "\r"
        + megatronLine(40, 102000);
    const auto whole = core::parseTrainingLog(text);
    REQUIRE(whole);
    REQUIRE(whole->stepLines == 4);
    auto same = [&](const core::TrainingLog& log) {
        CHECK(log.stepLines == whole->stepLines);
        CHECK(log.firstStepLine == whole->firstStepLine);
        CHECK(log.highestSteadyStep == whole->highestSteadyStep);
        CHECK(log.peakMemoryGib->line == whole->peakMemoryGib->line);
        REQUIRE(log.sample.size() == whole->sample.size());
        for (std::size_t i = 0; i < log.sample.size(); ++i)
            CHECK(log.sample[i].pace == whole->sample[i].pace);
    };
    CHECK(whole->firstStepLine == 1);
    CHECK(whole->peakMemoryGib->line == 2);
    CHECK(whole->sample.front().pace == Approx(100)); // line 3, its colour codes dropped
    for (std::size_t i = 0; i <= text.size(); ++i) {
        core::LogParser parser;
        parser.feed(std::string_view(text).substr(0, i));
        parser.feed(std::string_view(text).substr(i));
        const auto log = parser.finish();
        REQUIRE(log);
        same(*log);
    }
    // One byte at a time.
    core::LogParser parser;
    for (const char ch : text)
        parser.feed(std::string_view(&ch, 1));
    const auto log = parser.finish();
    REQUIRE(log);
    same(*log);
}

TEST_CASE("a line longer than 64 KiB is skipped, one of 64 KiB read, also when split between pieces", "[log][stream]")
{
    std::string step = megatronLine(20, 100000);
    step.pop_back(); // its '\n'
    const std::string fits = step + std::string(core::kMaxLogLineBytes - step.size(), ' ') + "\n";
    const std::string over = step + std::string(core::kMaxLogLineBytes - step.size() + 1, ' ') + "\n";
    const std::string text = megatronLine(10, 300000) + fits + over + megatronLine(40, 101000);
    for (const std::size_t piece : { std::size_t(1000), std::size_t(65536), text.size() }) {
        core::LogParser parser;
        for (std::size_t at = 0; at < text.size(); at += piece)
            parser.feed(std::string_view(text).substr(at, piece));
        const auto log = parser.finish();
        REQUIRE(log);
        CHECK(log->stepLines == 3);
        CHECK(log->firstSample.pace == Approx(300));
        REQUIRE(log->sample.size() == 2); // the line of 64 KiB read, the one a byte longer skipped
        CHECK(log->sample.back().pace == Approx(101)); // line 4: the long line counted as a line
    }
}

TEST_CASE("a file read in chunks: a step line across the chunk boundary, progress, cancel", "[log][stream]")
{
    const auto path = std::filesystem::temp_directory_path() / ("tp_log_chunks_" + std::to_string(::getpid()) + ".log");
    // A first line that ends 40 bytes before the first chunk's end: the second line straddles it.
    const std::string first = std::string(core::kReadChunkBytes - 41, '#') + "\n";
    const std::string second = megatronLine(10, 300000);
    std::string text = first + second;
    for (int i = 2; i <= 3000; ++i)
        text += megatronLine(i * 10, 100000 + i);
    std::ofstream(path, std::ios::binary) << text;

    std::vector<double> progress;
    core::LogReadOptions options;
    options.progress = [&](double fraction) { progress.push_back(fraction); };
    const core::LogReadResult read = core::readTrainingLog(path.string(), options);
    REQUIRE(read.ok());
    CHECK(read.log->stepLines == 3000);
    CHECK(read.log->firstStepLine == 2);
    CHECK(read.log->firstSample.pace == Approx(300));
    REQUIRE_FALSE(progress.empty());
    CHECK(progress.size() <= 101);
    CHECK(std::is_sorted(progress.begin(), progress.end()));
    CHECK(progress.back() == 1.0);

    // Cancelled from the start: no log, said so.
    std::atomic<bool> cancel { true };
    core::LogReadOptions cancelled;
    cancelled.cancel = &cancel;
    const core::LogReadResult stopped = core::readTrainingLog(path.string(), cancelled);
    CHECK_FALSE(stopped.ok());
    CHECK(stopped.cancelled);
    std::filesystem::remove(path);

    // The file checks of core/base/file_io.h: a missing file, a folder, a device.
    const core::LogReadResult missing = core::readTrainingLog(path.string());
    CHECK_FALSE(missing.ok());
    CHECK_THAT(missing.error, Catch::Contains("no such file"));
    CHECK_THAT(core::readTrainingLog(path.parent_path().string()).error, Catch::Contains("folder"));
    CHECK_THAT(core::readTrainingLog("/dev/zero").error, Catch::Contains("not a regular file"));
    // A file without a step line: the problem, and its words after the path.
    const auto empty = std::filesystem::temp_directory_path() / ("tp_log_empty_" + std::to_string(::getpid()) + ".log");
    std::ofstream(empty) << "nothing\n";
    const core::LogReadResult none = core::readTrainingLog(empty.string());
    REQUIRE(none.problem);
    CHECK(none.problem->code == core::ProblemCode::log_has_no_steps);
    CHECK_THAT(none.error, Catch::Contains("no step line"));
    std::filesystem::remove(empty);
}

TEST_CASE("a multi-megabyte log within the sample's capacity gives the exact rule", "[log][stream]")
{
    // 60,000 iterations (8 MB): times spread over 100–110 s, every 37th a 200 s checkpoint step.
    std::vector<double> times;
    std::string text;
    for (int i = 0; i < 60000; ++i) {
        const int ms = i == 0 ? 400000 : i % 37 == 0 ? 200000 : 100000 + (i * 7919) % 10000;
        times.push_back(ms / 1000.0);
        text += megatronLine(i + 1, ms);
    }
    REQUIRE(text.size() > 8'000'000);
    const auto [median, used] = exactRule(times);
    const auto c = compared(core::defaultScenario(), text);
    CHECK_FALSE(c.log.sampled);
    CHECK(c.stepTimeS == Approx(median).epsilon(1e-12));
    CHECK(c.stepsUsed == std::int64_t(used));
    CHECK(c.stepsLeftOut == 60000 - std::int64_t(used));
    CHECK(c.firstStep == 2);
    CHECK(c.lastStep == 60000);
    CHECK_FALSE(hasNote(c, core::LogNoteCode::sampled));
    CHECK_FALSE(hasNote(c, core::LogNoteCode::not_steady)); // 1 in 37 is no unsteady run
}

TEST_CASE("a log beyond the sample's capacity gives the true median within a stated tolerance", "[log][stream]")
{
    // 400,001 iterations (about 50 MB, fed in pieces as read): every 10th a 300 s outlier, the others
    // spread evenly over 100–120 s. The exact rule's median, from all of them, against the sample's:
    // within ±1 % of rank (±0.2 s of the 20 s spread; the sample's spread is ±0.4 % in 95 % of logs).
    std::vector<double> times;
    times.reserve(400001);
    core::LogParser parser;
    std::string piece;
    for (int i = 0; i <= 400000; ++i) {
        const int ms = i == 0 ? 500000 : i % 10 == 0 ? 300000 : 100000 + int((std::int64_t(i) * 7919) % 20000);
        times.push_back(ms / 1000.0);
        piece += megatronLine(i + 1, ms);
        if (piece.size() > 100000) {
            parser.feed(piece);
            piece.clear();
        }
    }
    parser.feed(piece);
    const auto log = parser.finish();
    REQUIRE(log);
    CHECK(log->sample.size() == core::kLogSampleCapacity);
    CHECK(log->steadySteps == 400000);
    const auto [median, used] = exactRule(times);
    const auto c = compared(core::defaultScenario(), *log);
    CHECK(c.log.sampled);
    CHECK(c.stepTimeS == Approx(median).margin(0.2));
    // The outliers found in the sample stand for the log's: 40,000 of them, within 1 %.
    CHECK(double(c.stepsUsed) == Approx(double(used)).epsilon(0.01));
    CHECK(note(c, core::LogNoteCode::sampled).value("steady") == 400000);
    CHECK(c.firstStep == 2);
    CHECK(c.lastStep == 400001);
    // The same log gives the same result (the sample's seed is fixed).
    CHECK(compared(core::defaultScenario(), *log).stepTimeS == c.stepTimeS);
}

// ------------------------------------------------------------------------------------ physical bounds

TEST_CASE("a measured pace faster than the kernel floor refuses the log, a single fast line does not", "[log][bounds]")
{
    // Llama 2 7B on 8 A100s: model FLOPs per step ÷ (8 × 312 TFLOP/s). By hand, per token: 6 × the
    // matmul weights (32 layers of 4h² attention and 3·h·ffn SwiGLU, h = 4096, ffn = 11008, and the
    // 4096 × 32000 output head) plus causal attention, 6·L·s·h; 1024 × 4096 tokens a step: 72.0 s.
    const core::Scenario s = core::defaultScenario();
    const core::Estimate e = core::estimate(s);
    const double floor = e.compute.modelFlopsPerStep / (8 * 312e12);
    const double perToken
        = 6 * (32 * (4.0 * 4096 * 4096 + 3.0 * 4096 * 11008) + 4096.0 * 32000) + 6.0 * 32 * 4096 * 4096;
    CHECK(floor == Approx(perToken * 1024 * 4096 / (8 * 312e12)).epsilon(0.01));
    // The median of the steady steps below it: the log is of another run.
    const core::Problem p = refusal(s, megatronLog({ 300, 0.9 * floor, 0.89 * floor, 0.91 * floor }));
    CHECK(p.code == core::ProblemCode::measurement_implausible);
    CHECK(p.value("kind") == int(core::MeasurementKind::step_below_kernel_floor));
    CHECK(p.value("bound") == Approx(floor));
    CHECK(p.value("value") == Approx(0.9 * floor).epsilon(1e-4));
    CHECK_THAT(p.message(), Catch::StartsWith("a step time of") && Catch::Contains("kernel floor"));
    // Just above it, the log is taken.
    CHECK(compared(s, megatronLog({ 300, 1.01 * floor, 1.01 * floor, 1.02 * floor })).stepTimeS
        == Approx(1.01 * floor).epsilon(1e-3));
    // One line below it among steady ones (Megatron-LM's batch ramp-up logs its first steps at a
    // fraction of the global batch) is no proof: the median is the run's pace.
    CHECK(compared(s, megatronLog({ 300, 110, 0.1 * floor, 110, 112 })).stepTimeS == Approx(110));
    // torchtitan's tps 1e-300 and the Trainer's 1e-300 steps/s are no 10^300 s step: beyond a day
    // and 1000 × the planned step time.
    const core::Problem slow = refusal(s, "step: 1  tps: 1e-300\nstep: 2  tps: 1e-300\nstep: 3  tps: 1e-300\n");
    CHECK(slow.value("kind") == int(core::MeasurementKind::step_beyond_longest));
    CHECK(slow.value("bound") == Approx(1000 * e.compute.stepTimeS));
    const core::Problem hf = refusal(s, "{'train_runtime': 1.0, 'train_steps_per_second': 1e-300}\n");
    CHECK(hf.value("kind") == int(core::MeasurementKind::step_beyond_longest));
    CHECK(hf.value("line") == 1);
    // A single slow step among steady ones is an outlier, left out.
    CHECK(compared(s, megatronLog({ 300, 110, 1e9, 110, 112 })).stepsLeftOut == 2);
}

TEST_CASE("memory above the GPU's, an MFU above 1 and TFLOP/s above the peak refuse the log", "[log][bounds]")
{
    const core::Scenario s = core::defaultScenario(); // 80 GiB A100, 312 TFLOP/s bf16
    const std::string steps = megatronLog({ 300, 110, 111 });
    auto memory = [&](double mb) {
        return steps
            + "[Rank 0] (after 10 iterations) memory (MB) | allocated: 1 | max allocated: 1 | reserved: 1 | "
              "max reserved: "
            + std::to_string(mb) + "\n";
    };
    // 10^15 − 1 MB (a log that was once taken as measured), and 100,000 MB = 97.7 GiB: refused on line 4.
    for (const double mb : { 999999999999999.0, 100000.0 }) {
        const core::Problem p = refusal(s, memory(mb));
        CHECK(p.value("kind") == int(core::MeasurementKind::memory_above_device));
        CHECK(p.value("line") == 4);
        CHECK(p.value("bound") == Approx(80 * 1.08));
        CHECK(p.value("value") == Approx(mb / 1024));
    }
    // 85,000 MB = 83 GiB: within the 8 % allowed for gigabytes read as GiB.
    CHECK(*compared(s, memory(85000)).peakMemoryGib == Approx(85000.0 / 1024));
    // torchtitan's mfu 150 % (tps 4,500 per GPU: a 116.5 s step).
    const core::Problem mfu = refusal(s, "step: 1  tps: 4,000  mfu: 60.00%\nstep: 2  tps: 4,500  mfu: 150.00%\n");
    CHECK(mfu.value("kind") == int(core::MeasurementKind::mfu_above_one));
    CHECK(mfu.value("line") == 2);
    CHECK(mfu.value("value") == Approx(1.5));
    // Megatron-LM's 400 TFLOP/s on a 312 TFLOP/s GPU.
    const core::Problem tflops = refusal(s,
        " iteration 1/ 10 | elapsed time per iteration (ms): 300000.0 | throughput per GPU (TFLOP/s/GPU): 100 |\n"
        " iteration 2/ 10 | elapsed time per iteration (ms): 110000.0 | throughput per GPU (TFLOP/s/GPU): 400 |\n");
    CHECK(tflops.value("kind") == int(core::MeasurementKind::tflops_above_peak));
    // The logs count attention over the whole s × s square: at the peak they show the causal count's
    // 100 % times the ratio of the two, per token 6 × the matmul weights + 12·L·s·h against + 6·L·s·h
    // (h = 4096, s = 4096, 32 layers, SwiGLU ffn 11008, a 32,000-word head).
    const double matmuls = 6 * (32 * (4.0 * 4096 * 4096 + 3.0 * 4096 * 11008) + 4096.0 * 32000);
    const double wholeSquare = (matmuls + 12.0 * 32 * 4096 * 4096) / (matmuls + 6.0 * 32 * 4096 * 4096);
    CHECK(tflops.value("bound") == Approx(312 * wholeSquare).epsilon(0.001));
    CHECK(mfu.value("bound") == Approx(wholeSquare).epsilon(0.001));
    // A log at 104 % in its own count, below that ratio (1.075): a run at 96.8 % of the peak, taken.
    CHECK(compared(s, "step: 1  tps: 4,000  mfu: 60.00%\nstep: 2  tps: 4,500  mfu: 104.00%\n").mfu == Approx(1.04));
    CHECK(tflops.value("line") == 2);
}

TEST_CASE("calibration refuses a measured run outside the physical bounds, fits the other figure", "[log][bounds]")
{
    const core::Scenario s = core::defaultScenario();
    const core::Estimate e = core::estimate(s);
    const core::MeasurementBounds b = core::measurementBounds(s, e);
    CHECK(b.minStepTimeS == Approx(e.compute.modelFlopsPerStep / (8 * 312e12)));
    CHECK(b.maxStepTimeS == Approx(1000 * e.compute.stepTimeS)); // 108,568 s: longer than a day
    CHECK(b.maxMemoryGib == Approx(86.4));
    CHECK(b.peakTflops == Approx(312));

    const double gib = 1073741824.0;
    for (const double step : { 1e-320, 0.5 * b.minStepTimeS, 2e5, 0.0, -1.0 }) {
        INFO(step);
        const core::Calibration c = core::calibrate(s, { step, 60 * gib });
        REQUIRE(c.refused);
        CHECK(c.refused->code == core::ProblemCode::measurement_implausible);
        CHECK_FALSE(c.stepFitted);
        CHECK(c.calibrated.efficiency.compute == s.efficiency.compute);
        CHECK(c.memoryFitted); // 60 GiB is a measurement
    }
    const core::Calibration huge = core::calibrate(s, { std::nullopt, 1e12 * gib });
    REQUIRE(huge.refused);
    CHECK(huge.refused->value("kind") == int(core::MeasurementKind::memory_above_device));
    CHECK_FALSE(huge.memoryFitted);
    CHECK(huge.calibrated.overhead.fragmentation == s.overhead.fragmentation);
    CHECK_FALSE(core::calibrate(s, { 1.2 * e.compute.stepTimeS, 60 * gib }).refused);
}

// -------------------------------------------------------------------------------------------- notes

TEST_CASE("another framework's lines are left out with a note, and a tie goes to the first, noted", "[log][notes]")
{
    const core::Scenario s = core::defaultScenario();
    const std::string titan = "step: 1  tps: 4,000\nstep: 2  tps: 4,500\nstep: 3  tps: 4,510\nstep: 4  tps: 4,490\n";
    const auto c = compared(s, megatronLog({ 300, 110, 111 }) + titan);
    CHECK(c.log.format == core::LogFormat::torchtitan);
    const core::LogNote& dropped = note(c, core::LogNoteCode::other_framework);
    CHECK(dropped.value("framework") == int(core::LogFormat::megatron));
    CHECK(dropped.value("lines") == 3);
    CHECK_THAT(dropped.message(), Catch::Contains("3 step lines of Megatron-LM were left out"));
    CHECK_FALSE(hasNote(c, core::LogNoteCode::framework_tie));

    // Two lines each: the format whose first step line comes first.
    const std::string two = megatronLine(10, 300000) + megatronLine(20, 110000);
    const auto megatronFirst = compared(s, two + "step: 1  tps: 4,000\nstep: 2  tps: 4,500\n");
    CHECK(megatronFirst.log.format == core::LogFormat::megatron);
    CHECK(note(megatronFirst, core::LogNoteCode::framework_tie).value("other") == int(core::LogFormat::torchtitan));
    const auto titanFirst = compared(s, "step: 1  tps: 4,000\n" + two + "step: 2  tps: 4,500\n");
    CHECK(titanFirst.log.format == core::LogFormat::torchtitan);
    CHECK(note(titanFirst, core::LogNoteCode::framework_tie).value("other") == int(core::LogFormat::megatron));
    CHECK_THAT(note(titanFirst, core::LogNoteCode::framework_tie).message(), Catch::Contains("first step line"));
}

TEST_CASE("notes: the only step is the warm-up, an unsteady run, a restart, figures left out", "[log][notes]")
{
    const core::Scenario s = core::defaultScenario();
    const auto single = compared(s, megatronLine(1, 100000));
    CHECK(single.stepTimeS == Approx(100));
    CHECK(single.stepsUsed == 1);
    CHECK(note(single, core::LogNoteCode::only_warmup_step).value("line") == 1);
    CHECK_THAT(note(single, core::LogNoteCode::only_warmup_step).message(), Catch::Contains("warm-up"));

    // 15 steady steps, 6 of them at twice the median: 40 % left out.
    std::vector<double> times { 300 };
    for (int i = 0; i < 15; ++i)
        times.push_back(i % 5 < 2 ? 200 : 100);
    const auto unsteady = compared(s, megatronLog(times));
    CHECK(unsteady.stepsUsed == 9);
    const core::LogNote& n = note(unsteady, core::LogNoteCode::not_steady);
    CHECK(n.value("left_out") == 6);
    CHECK(n.value("steady") == 15);
    // 3 of 15 (20 %) is no unsteady run.
    times = { 300 };
    for (int i = 0; i < 15; ++i)
        times.push_back(i % 5 == 0 ? 200 : 100);
    CHECK_FALSE(hasNote(compared(s, megatronLog(times)), core::LogNoteCode::not_steady));

    // Steps 100, 200, 5, 6: restarted from a checkpoint into the same log.
    const auto restarted = compared(
        s, megatronLine(100, 300000) + megatronLine(200, 110000) + megatronLine(5, 111000) + megatronLine(6, 110500));
    const core::LogNote& r = note(restarted, core::LogNoteCode::restarted);
    CHECK(r.value("line") == 3);
    CHECK(r.value("from") == 200);
    CHECK(r.value("to") == 5);
    CHECK(r.value("restarts") == 1);
    CHECK(restarted.firstStep == 5);
    CHECK(restarted.lastStep == 200);
    CHECK_THAT(core::actualToText(restarted), Catch::Contains("(5 to 200)"));

    // A subnormal step time on line 2 among good ones: left out, counted, named.
    const auto rejected = compared(s,
        megatronLine(10, 300000) + " iteration 20/ 100 | elapsed time per iteration (ms): 1e-320 |\n"
            + megatronLine(30, 110000) + megatronLine(40, 111000));
    CHECK(rejected.log.stepLines == 3);
    CHECK(note(rejected, core::LogNoteCode::figures_rejected).value("first_line") == 2);

    // In the JSON: code and message.
    const auto doc = nlohmann::json::parse(core::actualToJson(restarted));
    REQUIRE(doc.at("notes").size() == 1);
    CHECK(doc.at("notes")[0].at("code") == "restarted");
    CHECK_THAT(doc.at("notes")[0].at("message").get<std::string>(), Catch::Contains("restarted run"));
}

TEST_CASE(
    "A log is priced on its framework's stack, and a scenario naming another stack is told so", "[core][actual][stack]")
{
    const core::Scenario s = gpt3();
    REQUIRE(s.training.framework == core::SoftwareStack::generic);
    const auto log = core::parseTrainingLog(megatronLog(40.0, 6));
    REQUIRE(log);
    core::Problem problem;
    // Generic: priced on Megatron-Core, with nothing to say.
    auto c = core::compareWithLog(s, *log, &problem);
    REQUIRE(c);
    CHECK(c->stack == core::SoftwareStack::megatron_core);
    CHECK_FALSE(hasNote(*c, core::LogNoteCode::stack_replaced));
    CHECK_THAT(core::actualToText(*c), Catch::Contains("planned on the software stack megatron-core"));
    CHECK(nlohmann::json::parse(core::actualToJson(*c)).at("log").at("stack") == "megatron-core");
    // A Megatron stack is kept.
    core::Scenario older = s;
    older.training.framework = core::SoftwareStack::megatron_lm;
    c = core::compareWithLog(older, *log, &problem);
    REQUIRE(c);
    CHECK(c->stack == core::SoftwareStack::megatron_lm);
    CHECK_FALSE(hasNote(*c, core::LogNoteCode::stack_replaced));
    // Another framework's stack is replaced, and the note names both.
    core::Scenario titan = s;
    titan.training.framework = core::SoftwareStack::torchtitan;
    c = core::compareWithLog(titan, *log, &problem);
    REQUIRE(c);
    CHECK(c->stack == core::SoftwareStack::megatron_core);
    const core::LogNote& n = note(*c, core::LogNoteCode::stack_replaced);
    CHECK(n.message()
        == "the log is Megatron-LM's: the plan is priced on its stack, megatron-core, not on "
           "training.framework = torchtitan");
}

namespace {

/// Megatron-LM's start as it prints it: validate_args()' sizes, then the arguments block (names padded
/// with dots to 48 characters), for a run of `tp`, `pp`, `dp`, `batch` and `seq`.
std::string megatronStart(int tp, int pp, int dp, int batch, int seq)
{
    auto argument = [](const std::string& name, const std::string& value) {
        return "  " + name + " " + std::string(48 - name.size(), '.') + " " + value + "\n";
    };
    return "using world size: " + std::to_string(tp * pp * dp) + ", data-parallel size: " + std::to_string(dp)
        + ", context-parallel size: 1, hierarchical context-parallel sizes: Nonetensor-model-parallel size: "
        + std::to_string(tp) + ", encoder-tensor-model-parallel size: 0, pipeline-model-parallel size: "
        + std::to_string(pp) + ", encoder-pipeline-model-parallel size: 0\n"
        + "------------------------ arguments ------------------------\n" + argument("context_parallel_size", "1")
        + argument("data_parallel_size", std::to_string(dp)) + argument("encoder_tensor_model_parallel_size", "0")
        + argument("expert_model_parallel_size", "1") + argument("global_batch_size", std::to_string(batch))
        + argument("micro_batch_size", "1") + argument("pipeline_model_parallel_size", std::to_string(pp))
        + argument("seq_length", std::to_string(seq)) + argument("tensor_model_parallel_size", std::to_string(tp))
        + "-------------------- end of arguments ---------------------\n";
}

/// `steps` iteration lines of global batch `batch`, each taking `ms` (the first 3 × as long).
std::string megatronSteps(int batch, double ms, int steps)
{
    std::string text;
    for (int i = 1; i <= steps; ++i) {
        char line[400];
        std::snprintf(line, sizeof line,
            " [2026-12-01 10:00:00.000000] iteration %8d/%8d | consumed samples: %12lld | elapsed time per "
            "iteration (ms): %.1f | learning rate: 3.000000E-04 | global batch size: %5d | lm loss: 2.000000E+00 |\n",
            i * 10, 1000000, static_cast<long long>(i) * 10 * batch, (i == 1 ? 3.0 : 1.0) * ms, batch);
        text += line;
    }
    return text;
}

std::vector<core::LogNote> differences(const core::ActualComparison& c)
{
    std::vector<core::LogNote> out;
    for (const core::LogNote& n : c.notes)
        if (n.code == core::LogNoteCode::differs_from_plan) out.push_back(n);
    return out;
}

} // namespace

TEST_CASE("Megatron-LM's start states the run's layout batch and sequence length", "[log][run]")
{
    const std::string text = megatronStart(4, 2, 8, 1024, 8192) + megatronSteps(512, 30000, 2);
    const auto log = core::parseTrainingLog(text);
    REQUIRE(log);
    auto stated = [&](core::LogSetting s) { return log->stated[static_cast<std::size_t>(s)]; };
    REQUIRE(stated(core::logSettingOf(core::Knob::tp)));
    CHECK(stated(core::logSettingOf(core::Knob::tp))->value == 4);
    CHECK(stated(core::logSettingOf(core::Knob::tp))->line == 1); // validate_args' line comes first
    CHECK(stated(core::logSettingOf(core::Knob::pp))->value == 2);
    CHECK(stated(core::logSettingOf(core::Knob::dp))->value == 8);
    CHECK(stated(core::logSettingOf(core::Knob::cp))->value == 1);
    CHECK(stated(core::logSettingOf(core::Knob::ep))->value == 1); // the arguments block's
    CHECK(stated(core::LogSetting::seq_len)->value == 8192);
    // The iteration lines' batch over the arguments' (a ramp-up logs its steps' own): the last one.
    CHECK(stated(core::LogSetting::global_batch)->value == 512);
    CHECK(stated(core::LogSetting::global_batch)->line == 14);
    // The encoder's sizes (0) and "None" are no statement; other frameworks' logs state nothing.
    const auto titan = core::parseTrainingLog("step: 1  loss: 2.0  tps: 1000\nstep: 2  loss: 2.0  tps: 1000\n");
    REQUIRE(titan);
    for (const auto& s : titan->stated)
        CHECK_FALSE(s);
}

TEST_CASE("a log whose layout and batch are the plan's raises no difference", "[log][run]")
{
    const core::Scenario s = core::defaultScenario(); // TP 1, PP 1, DP 8, batch 1024, 4096 tokens
    const double ms = std::round(core::estimate(s).compute.stepTimeS * 1000);
    const auto c = compared(s, megatronStart(1, 1, 8, 1024, 4096) + megatronSteps(1024, ms, 4));
    CHECK_FALSE(c.otherRun);
    CHECK(differences(c).empty());
    CHECK(c.tokensPerS == Approx(1024.0 * 4096 / (ms / 1000)));
    const auto json = nlohmann::json::parse(core::actualToJson(c));
    CHECK(json["log_matches_plan"] == true);
    CHECK(json["differs_from_plan"].empty());
    CHECK_FALSE(json["refitted"].contains("of_another_run"));
}

TEST_CASE("a log of TP 4 against a plan of TP 8 is another run: each difference is named", "[log][run]")
{
    core::Scenario s = scenarioWith({ "parallel.tp=8", "parallel.dp=1" });
    const double ms = std::round(core::estimate(s).compute.stepTimeS * 1000);
    const auto c = compared(s, megatronStart(4, 1, 2, 1024, 4096) + megatronSteps(1024, ms, 4));
    CHECK(c.otherRun);
    const auto d = differences(c);
    REQUIRE(d.size() == 2);
    CHECK(d[0].value("setting") == int(core::logSettingOf(core::Knob::tp)));
    CHECK(d[0].value("log") == 4);
    CHECK(d[0].value("plan") == 8);
    CHECK(d[0].value("line") == 1);
    CHECK(d[1].value("setting") == int(core::logSettingOf(core::Knob::dp)));
    CHECK(d[1].value("log") == 2);
    CHECK(d[1].value("plan") == 1);
    CHECK_THAT(d[0].message(), Catch::Contains("parallel.tp = 4") && Catch::Contains("the plan 8"));
    // The refit and the forecast are marked as of another run in every output.
    const auto json = nlohmann::json::parse(core::actualToJson(c));
    CHECK(json["log_matches_plan"] == false);
    REQUIRE(json["differs_from_plan"].size() == 2);
    CHECK(json["differs_from_plan"][0]["key"] == "parallel.tp");
    CHECK(json["differs_from_plan"][0]["log"] == 4);
    CHECK(json["differs_from_plan"][0]["plan"] == 8);
    CHECK(json["refitted"]["of_another_run"] == true);
    CHECK(json["forecast"]["of_another_run"] == true);
    const std::string text = core::actualToText(c);
    CHECK_THAT(text, Catch::Contains("THE LOG IS OF ANOTHER RUN"));
    CHECK_THAT(text, Catch::Contains("parallel.tp = 4 (plan: 8"));
    CHECK_THAT(text, Catch::Contains("refitted (to another run)"));
}

TEST_CASE(
    "a log of global batch 512 against a plan of 1024 is flagged and its tokens per second are its own", "[log][run]")
{
    const core::Scenario s = core::defaultScenario(); // global batch 1024 of 4096 tokens
    // Half the batch takes about half the time; the log prints its step time in whole milliseconds here.
    const double ms = std::round(core::estimate(s).compute.stepTimeS * 1000 * 0.55);
    const auto c = compared(s, megatronSteps(512, ms, 5));
    CHECK(c.otherRun);
    const auto d = differences(c);
    REQUIRE(d.size() == 1);
    CHECK(d[0].value("setting") == int(core::LogSetting::global_batch));
    CHECK(d[0].value("log") == 512);
    CHECK(d[0].value("plan") == 1024);
    // By hand from the log's numbers: 512 sequences of the plan's 4096 tokens (the log states no
    // sequence length) each step, over the step time the log prints.
    const double tokensPerStep = 512.0 * 4096;
    CHECK(c.tokensPerStep == tokensPerStep);
    CHECK(c.stepTimeS == Approx(ms / 1000));
    CHECK(c.tokensPerS == Approx(tokensPerStep / (ms / 1000)));
    // The plan's step of 1,024 sequences at the log's pace: twice the log's half-batch step, by hand.
    // The step-time residual, the drift and the forecast count it, not the log's own step (which read
    // as 45 % faster and halved the whole run).
    CHECK(c.pacedStepTimeS == Approx(2 * ms / 1000));
    const core::Estimate e = core::estimate(s);
    CHECK(c.forecast.timeS >= e.training.steps * 2 * ms / 1000);
    const auto residual
        = std::find_if(c.residuals.begin(), c.residuals.end(), [](const auto& r) { return r.first == "step_time"; });
    REQUIRE(residual != c.residuals.end());
    CHECK(residual->second == Approx(2 * ms / 1000 / c.plannedStepTimeS - 1));
    CHECK(residual->second > 0.05); // 1.1 × the plan at the log's pace, not -45 %
    const auto json = nlohmann::json::parse(core::actualToJson(c));
    CHECK(json["measured"]["paced_step_time_s"].get<double>() == Approx(2 * ms / 1000));
    CHECK_THAT(core::actualToText(c), Catch::Contains("plan's step at log's pace"));
    // A sequence length the log states counts too.
    const auto longer = compared(s, megatronStart(1, 1, 8, 512, 8192) + megatronSteps(512, ms * 2, 5));
    CHECK(longer.tokensPerS == Approx(512.0 * 8192 / (ms * 2 / 1000)));
    CHECK(differences(longer).size() == 2);
}

TEST_CASE("a log read from a file names it in the comparison", "[log][run]")
{
    const core::TrainingLog log = logFile("megatron.log");
    CHECK(log.file == kLogs + "megatron.log");
    const auto c = compared(gpt3(), log);
    CHECK(c.log.file == kLogs + "megatron.log");
    CHECK_FALSE(c.otherRun); // its layout and batch are the GPT-3 run's
    CHECK(nlohmann::json::parse(core::actualToJson(c))["log"]["file"] == kLogs + "megatron.log");
}

TEST_CASE("the text comparison says when the plan's range lies wholly above the model's step", "[log][range]")
{
    const core::Scenario s = core::defaultScenario();
    core::Estimate e = core::estimateWithRange(s);
    REQUIRE(e.range);
    e.range->low = 1.0014; // every run of its kind took longer than the model estimated
    e.range->high = 1.181;
    const auto log = core::parseTrainingLog(megatronLog(e.compute.stepTimeS * 1.1, 4));
    REQUIRE(log);
    const auto c = core::compareWithLog(s, e, *log);
    REQUIRE(c);
    CHECK(c->plannedLowS > c->plannedStepTimeS);
    CHECK_THAT(core::actualToText(*c), Catch::Contains("runs like this ran slower than the model's"));
    e.range->low = 0.9;
    const auto around = core::compareWithLog(s, e, *log);
    REQUIRE(around);
    CHECK_THAT(core::actualToText(*around), !Catch::Contains("than the model's"));
}

TEST_CASE("every setting a log can state is a key of the field table", "[core][actual]")
{
    // The plan's value a stated setting is held against is read through the key's row.
    for (const std::string_view key : core::kLogSettingKeys) {
        INFO(key);
        const core::Field* field = core::findField(key);
        REQUIRE(field);
        CHECK(field->get);
    }
}
