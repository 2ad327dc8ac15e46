// The fidelity suite (issue 11; docs/FIDELITY.md): published training runs against the estimate
// with the shipped defaults. The published figures are typed here from the papers, independently
// of resources/fidelity/published.json, so an edit to either is caught.
#include "fidelity.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <map>
#include <set>

using namespace core;

TEST_CASE("the published runs are the papers' figures", "[core][fidelity][published]")
{
    const std::map<std::string, double> published{
        // Narayanan et al. 2021, Table 1 (TFLOP/s per GPU)
        {"narayanan-1.7b", 137}, {"narayanan-3.6b", 138}, {"narayanan-7.5b", 142}, {"narayanan-18.4b", 135},
        {"narayanan-39.1b", 138}, {"narayanan-76.1b", 140}, {"narayanan-145.6b", 148}, {"narayanan-310.1b", 155},
        {"narayanan-529.6b", 163}, {"narayanan-1008b", 163},
        // Korthikanti et al. 2022, Table 5 (MFU)
        {"korthikanti-22b", 0.415}, {"korthikanti-175b", 0.514}, {"korthikanti-530b", 0.560}, {"korthikanti-1t", 0.563},
        // Llama 3 paper, Table 4 (BF16 MFU)
        {"llama3-405b-8192gpu-8192", 0.43}, {"llama3-405b-16384gpu-8192", 0.41}, {"llama3-405b-16384gpu-131072", 0.38},
        // BLOOM 176B (TFLOP/s per GPU)
        {"bloom-176b", 150},
        // LLaMA Table 15 and Llama 2 Table 2 (GPU-hours)
        {"llama-7b-gpu-hours", 82432}, {"llama-13b-gpu-hours", 135168}, {"llama-33b-gpu-hours", 530432},
        {"llama-65b-gpu-hours", 1022362}, {"llama-2-7b-gpu-hours", 184320}, {"llama-2-13b-gpu-hours", 368640},
        {"llama-2-70b-gpu-hours", 1720320},
        // DeepSeek-V3 report, Table 1 (pre-training H800 GPU-hours)
        {"deepseek-v3-gpu-hours", 2664000},
        // torchtitan docs/performance.md, Tables 1 and 3 (GiB)
        {"torchtitan-8b-fsdp8-memory", 82.4}, {"torchtitan-8b-fsdp128-memory", 67.0}};
    const auto& runs = publishedRuns();
    CHECK(runs.size() == published.size());
    std::set<std::string> ids;
    for (const PublishedRun& run : runs) {
        INFO(run.id);
        CHECK(ids.insert(run.id).second);
        REQUIRE(published.count(run.id) == 1);
        CHECK(run.published == published.at(run.id));
        CHECK_FALSE(run.source.empty());
    }
}

TEST_CASE("out of sample, the shipped defaults are within 10 % on throughput and on peak memory", "[core][fidelity]")
{
    const FidelitySummary summary = validatePublished();
    int calibration = 0, validation = 0;
    for (const FidelityRow& row : summary.rows) {
        INFO(row.run->id << ": predicted " << row.predicted << ", published " << row.run->published);
        CHECK(std::isfinite(row.predicted));
        CHECK(std::abs(row.error) < 0.3);  // no run is far off, calibration or not
        (row.run->calibration ? calibration : validation)++;
    }
    // Calibration uses a few runs; most are out of sample.
    CHECK(calibration >= 2);
    CHECK(validation >= 3 * calibration);
    CHECK(summary.throughputMeanAbsError <= 0.10);
    CHECK(summary.memoryMeanAbsError <= 0.10);
}
