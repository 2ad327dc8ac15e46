#include "fidelity.h"

#include "embedded_data.h"
#include "estimate.h"
#include "json_reader.h"
#include "scenario_io.h"

#include <cmath>
#include <stdexcept>

namespace core {

namespace {

using detail::json;
using detail::parseLimited;

constexpr std::array<std::string_view, 5> kMetricNames{"peak_memory_gib", "tflops_per_gpu", "mfu", "step_time_s", "gpu_hours"};

std::vector<PublishedRun> parseRuns()
{
    const json doc = parseLimited(embedded::kPublishedJson, "resources/fidelity/published.json");
    std::vector<PublishedRun> runs;
    for (const json& item : doc.at("runs")) {
        PublishedRun run;
        run.id = item.at("id").get<std::string>();
        const auto metric = enumFromName<FidelityMetric>(item.at("metric").get<std::string>(), kMetricNames);
        if (!metric) throw std::runtime_error("published.json: run " + run.id + ": unknown metric");
        run.metric = *metric;
        run.published = item.at("published").get<double>();
        run.calibration = item.at("role").get<std::string>() == "calibration";
        run.source = item.at("source").get<std::string>();
        ScenarioResult parsed = parseScenario(item.at("scenario").dump());
        if (!parsed.scenario) throw std::runtime_error("published.json: run " + run.id + ": " + parsed.error.message);
        run.scenario = *parsed.scenario;
        runs.push_back(std::move(run));
    }
    return runs;
}

} // namespace

std::string_view toString(FidelityMetric metric) { return nameOf(metric, kMetricNames); }

const std::vector<PublishedRun>& publishedRuns()
{
    static const std::vector<PublishedRun> runs = parseRuns();
    return runs;
}

double predictedMetric(const Scenario& s, FidelityMetric metric)
{
    const Estimate e = estimate(s);
    switch (metric) {
    case FidelityMetric::peak_memory_gib: return e.memory.peak().bytes.total() / (1024.0 * 1024.0 * 1024.0);
    case FidelityMetric::tflops_per_gpu: return e.compute.tflopsPerGpu;
    case FidelityMetric::mfu: return e.compute.mfu;
    case FidelityMetric::step_time_s: return e.compute.stepTimeS;
    case FidelityMetric::gpu_hours: return e.training.gpuHours;
    }
    return 0;
}

FidelitySummary validatePublished()
{
    FidelitySummary out;
    double sumT = 0, sumM = 0;
    int nT = 0, nM = 0;
    for (const PublishedRun& run : publishedRuns()) {
        FidelityRow row;
        row.run = &run;
        row.predicted = predictedMetric(run.scenario, run.metric);
        row.error = row.predicted / run.published - 1;
        out.rows.push_back(row);
        if (run.calibration) continue;
        if (run.metric == FidelityMetric::peak_memory_gib) {
            sumM += std::abs(row.error);
            ++nM;
        } else {
            sumT += std::abs(row.error);
            ++nT;
        }
    }
    out.throughputMeanAbsError = nT ? sumT / nT : std::nan("");
    out.memoryMeanAbsError = nM ? sumM / nM : std::nan("");
    return out;
}

} // namespace core
