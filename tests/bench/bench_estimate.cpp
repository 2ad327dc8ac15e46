// estimate() must be cheap enough for every slider tick (docs/DESIGN.md: microseconds).
// Run: build/tests/bench_estimate (scripts/bench.sh writes the results to a file).
#include "core/estimate/decision.h"
#include "core/estimate/estimate.h"
#include "core/estimate/placement.h"
#include "core/estimate/timeline.h"
#include "core/fidelity/fidelity.h"
#include "core/runs/log_reader.h"
#include "core/scenario/presets.h"
#include "core/scenario/scenario_io.h"
#include "core/search/planner.h"
#include "core/search/prices.h"
#include "core/search/sweep.h"

#include <benchmark/benchmark.h>

namespace {

void BM_EstimateDefault7B(benchmark::State& state)
{
    const core::Scenario s = core::defaultScenario();
    for (auto _ : state)
        benchmark::DoNotOptimize(core::estimate(s));
}
BENCHMARK(BM_EstimateDefault7B);

void BM_Estimate405BPipeline16(benchmark::State& state)
{
    // Llama 3.1 405B as its paper trained it: TP 8, PP 16, on 16,384 H100 (Llama Team 2024, Table 4).
    core::Scenario s = core::defaultScenario();
    s.model = core::presetModel(*core::findModelPreset("llama-3.1-405b"));
    s.hardware = core::presetHardware(*core::findGpuPreset("h100-sxm"), 8);
    s.training.seqLen = 8192;
    s.training.globalBatch = 2048;
    s.parallel.tp = 8;
    s.parallel.pp = 16;
    s.parallel.dp = 128;
    s.parallel.sequenceParallel = true;
    for (auto _ : state)
        benchmark::DoNotOptimize(core::estimate(s));
}
BENCHMARK(BM_Estimate405BPipeline16);

void BM_EstimateDeepSeekV3(benchmark::State& state)
{
    // DeepSeek-V3's published layout (report §3.2): latent attention, 3 dense + 58 MoE layers and
    // the MTP module on PP 16 × EP 64 over 2,048 H800.
    core::Scenario s = core::defaultScenario();
    s.model = core::presetModel(*core::findModelPreset("deepseek-v3"));
    s.hardware = core::presetHardware(*core::findGpuPreset("h800-sxm"), 8);
    s.training.globalBatch = 15360;
    s.parallel.pp = 16;
    s.parallel.dp = 128;
    s.parallel.ep = 64;
    s.parallel.recompute = core::Recompute::full;
    for (auto _ : state)
        benchmark::DoNotOptimize(core::estimate(s));
}
BENCHMARK(BM_EstimateDeepSeekV3);

void BM_Plan405BOn4096(benchmark::State& state)
{
    // The whole planner search for Llama 3.1 405B on 4,096 H100 (the target: under 2 s, ≥ 200k configs/s).
    core::Scenario s = core::defaultScenario();
    s.model = core::presetModel(*core::findModelPreset("llama-3.1-405b"));
    s.hardware = core::presetHardware(*core::findGpuPreset("h100-sxm"), 8);
    s.training.seqLen = 8192;
    s.training.globalBatch = 2048;
    std::int64_t evaluated = 0;
    for (auto _ : state) {
        core::PlanOptions o;
        o.gpus = 4096;
        const auto r = core::plan(s, o);
        evaluated = r.evaluated;
        benchmark::DoNotOptimize(r.plans.data());
    }
    state.counters["configs"] = double(evaluated);
    state.counters["configs_per_s"]
        = benchmark::Counter(double(evaluated) * double(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Plan405BOn4096)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_PlanDeepSeekV3On2048(benchmark::State& state)
{
    // A large realistic search: DeepSeek-V3 (MoE, EP up to 64) on its 2,048 H800, the bundled example.
    const auto loaded = core::loadScenarioFile(
        std::string(TP_SOURCE_DIR) + "/resources/examples/deepseek-v3-2048-h800.tpscenario.json");
    const core::Scenario s = *loaded.scenario;
    std::int64_t evaluated = 0;
    for (auto _ : state) {
        core::PlanOptions o;
        o.gpus = 2048;
        const auto r = core::plan(s, o);
        evaluated = r.evaluated;
        benchmark::DoNotOptimize(r.plans.data());
    }
    state.counters["configs"] = double(evaluated);
}
BENCHMARK(BM_PlanDeepSeekV3On2048)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_PlanCostExampleTable(benchmark::State& state)
{
    // The price search over the example table: the article's 7B on up to 1,024 GPUs.
    const auto loaded = core::loadScenarioFile(
        std::string(TP_SOURCE_DIR) + "/resources/examples/article-large-7b-64gpu.tpscenario.json");
    const auto table
        = core::loadPriceTable(std::string(TP_SOURCE_DIR) + "/resources/examples/cloud-prices-2026.tpprices.json");
    for (auto _ : state) {
        core::CostPlanOptions o;
        o.maxGpus = 1024;
        const auto r = core::planCost(*loaded.scenario, *table.table, o);
        benchmark::DoNotOptimize(r.plans.data());
    }
}
BENCHMARK(BM_PlanCostExampleTable)->Unit(benchmark::kMillisecond)->UseRealTime();

core::Scenario llama405bOn16k()
{
    core::Scenario s = core::defaultScenario();
    s.model = core::presetModel(*core::findModelPreset("llama-3.1-405b"));
    s.hardware = core::presetHardware(*core::findGpuPreset("h100-sxm"), 8);
    s.training.seqLen = 8192;
    s.training.globalBatch = 2048;
    s.parallel.tp = 8;
    s.parallel.pp = 16;
    s.parallel.dp = 128;
    s.parallel.sequenceParallel = true;
    s.parallel.schedule = core::Schedule::interleaved;
    s.parallel.virtualStages = 2;
    return s;
}

void BM_PipelineTimeline405B(benchmark::State& state)
{
    // The Pipeline tab's Gantt chart: 16 stages × 16 micro-batches × 2 chunks.
    const core::Scenario s = llama405bOn16k();
    const core::Estimate e = core::estimate(s);
    for (auto _ : state)
        benchmark::DoNotOptimize(core::pipelineTimeline(s, e));
}
BENCHMARK(BM_PipelineTimeline405B)->Unit(benchmark::kMicrosecond);

void BM_PipelineTimelineLongStep(benchmark::State& state)
{
    // 10^9 micro-batches (once bad_alloc after 2 GB) on one stage, and on 16 stages ×
    // 4 chunks: both drawn shortened, bounded by kMaxTimelineBlocks.
    core::Scenario s = core::defaultScenario();
    s.parallel.dp = 1;
    s.training.globalBatch = 1'000'000'000;
    if (state.range(0) == 1) {
        s.model.arch.layers = 64;
        s.parallel.pp = 16;
        s.parallel.schedule = core::Schedule::interleaved;
        s.parallel.virtualStages = 4;
    }
    const core::Estimate e = core::estimate(s);
    for (auto _ : state)
        benchmark::DoNotOptimize(core::pipelineTimeline(s, e));
}
BENCHMARK(BM_PipelineTimelineLongStep)->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);

void BM_StepTimeRange(benchmark::State& state)
{
    // The range every estimate the app shows carries: a scan of the suite's residuals.
    const core::Scenario s = core::defaultScenario();
    (void)core::stepTimeRange(s); // the residual table is built once per process
    for (auto _ : state)
        benchmark::DoNotOptimize(core::stepTimeRange(s));
}
BENCHMARK(BM_StepTimeRange)->Unit(benchmark::kMicrosecond);

void BM_Placement405BOn16k(benchmark::State& state)
{
    // The placement map: every group of 16,384 ranks enumerated onto nodes.
    const core::Scenario s = llama405bOn16k();
    const core::Estimate e = core::estimate(s);
    for (auto _ : state)
        benchmark::DoNotOptimize(core::placement(s, e));
}
BENCHMARK(BM_Placement405BOn16k)->Unit(benchmark::kMicrosecond);

void BM_SweepGpus8To4096(benchmark::State& state)
{
    // The scaling chart's sweep (10 GPU counts), run on every edit.
    const core::Scenario s = core::defaultScenario();
    for (auto _ : state)
        benchmark::DoNotOptimize(core::sweepGpus(s, 8, 4096));
}
BENCHMARK(BM_SweepGpus8To4096)->Unit(benchmark::kMicrosecond);

void BM_DecisionGuide(benchmark::State& state)
{
    // The decision guide tab, recomputed on every edit (about twenty estimates).
    const core::Scenario s = core::defaultScenario();
    const core::Estimate e = core::estimate(s);
    for (auto _ : state)
        benchmark::DoNotOptimize(core::decide(s, e));
}
BENCHMARK(BM_DecisionGuide)->Unit(benchmark::kMicrosecond);

void BM_ValidatePublished(benchmark::State& state)
{
    // The whole fidelity table (27 published runs).
    for (auto _ : state)
        benchmark::DoNotOptimize(core::validatePublished());
}
BENCHMARK(BM_ValidatePublished)->Unit(benchmark::kMicrosecond);

/// The training-log reader over 16 MiB of one kind of line, in its 64 KiB pieces: empty lines (the
/// slowest real case, core/runs/training_log.h), 64 KiB lines of spaces, and such lines ending in "1:" (they
/// pass the reader's first check). Spaces were 1.5 × slower than empty lines before the label searches
/// skipped them (the third hostile-input review): arg 0 empty lines, 1 spaces, 2 spaces ending in "1:".
void BM_LogReaderLines(benchmark::State& state)
{
    const std::size_t bytes = std::size_t(16) << 20;
    const std::string line = state.range(0) == 0 ? std::string()
        : state.range(0) == 1                    ? std::string(65534, ' ')
                                                 : std::string(65530, ' ') + "1:";
    std::string text;
    text.reserve(bytes + line.size() + 1);
    while (text.size() + line.size() + 1 <= bytes)
        text += line + '\n';
    for (auto _ : state) {
        core::LogParser parser;
        for (std::size_t at = 0; at < text.size(); at += 65536)
            parser.feed(std::string_view(text).substr(at, 65536));
        benchmark::DoNotOptimize(parser.finish());
    }
    state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(text.size()));
}
BENCHMARK(BM_LogReaderLines)->Arg(0)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
