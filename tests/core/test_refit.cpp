// Leave one source out (core/fidelity/refit.h): the fitted constants come back from their own fit,
// and a source held out is scored by constants fitted without it.
#include "core/fidelity/refit.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

using namespace core;

namespace {

std::vector<const PublishedRun*> modelCalibrationRuns()
{
    std::vector<const PublishedRun*> out;
    for (const PublishedRun& r : publishedRuns())
        if (r.calibration && !r.stackCalibration && r.metric != FidelityMetric::peak_memory_gib) out.push_back(&r);
    return out;
}

} // namespace

TEST_CASE("fitted on its nine calibration runs, the grid gives back the shipped constants", "[core][fidelity][refit]")
{
    // docs/FIDELITY.md "Calibration": efficiency.compute 0.915 and Hopper's 0.84, fitted together on
    // Narayanan's three, Llama 3's one and llm-foundry's five runs (2.19 % mean |error|).
    const auto runs = modelCalibrationRuns();
    REQUIRE(runs.size() == 9);
    double error = 0;
    const FittedConstants fitted = fitConstants(runs, &error);
    CHECK(fitted.efficiency == Approx(kShippedConstants.efficiency).margin(kRefitGrid.efficiencyStep / 2));
    CHECK(fitted.sustained == Approx(kShippedConstants.sustained).margin(kRefitGrid.sustainedStep / 2));
    CHECK(error == Approx(0.0219).margin(0.0005));
}

TEST_CASE("fitted on vTrain's calibration rows, the host grid gives back the shipped host constants",
    "[core][fidelity][refit]")
{
    // docs/FIDELITY.md "Software stacks": 53 µs per operation, 3 ms per step and Megatron-DeepSpeed's
    // residual efficiency (0.975 and 0.98 score alike, 9.07 %) on the 101 calibration rows.
    std::vector<const PublishedRun*> rows;
    for (const PublishedRun& r : publishedRuns())
        if (r.stackCalibration) rows.push_back(&r);
    REQUIRE(rows.size() == 101);
    double error = 0;
    const HostConstants fitted = fitHostConstants(rows, kShippedConstants, &error);
    const HostConstants shipped = shippedHostConstants();
    CHECK(fitted.secondsPerOp == Approx(shipped.secondsPerOp).margin(kHostRefitGrid.opStep / 2));
    CHECK(fitted.stepS == Approx(shipped.stepS).margin(kHostRefitGrid.stepStep / 2));
    CHECK(fitted.residual == Approx(shipped.residual).margin(kHostRefitGrid.residualStep + 1e-9));
    CHECK(error == Approx(0.0907).margin(0.001));
}

TEST_CASE("each source held out is scored by constants fitted without its runs", "[core][fidelity][refit]")
{
    const LeaveOneSourceOut loso = leaveOneSourceOut();
    REQUIRE(loso.sources.size() >= 13);
    int refit = 0;
    double sum = 0;
    for (const HeldOutSource& s : loso.sources) {
        INFO(s.source);
        CHECK(s.runs > 0);
        CHECK(std::isfinite(s.meanAbsError));
        sum += s.meanAbsError;
        if (!s.refit) {
            CHECK(s.constants == kShippedConstants); // its runs chose nothing
            continue;
        }
        ++refit;
        if (s.host != shippedHostConstants()) continue; // a vTrain file: the host constants were refit first
        // Fitted again without the source: the fit of the kept calibration runs.
        std::vector<const PublishedRun*> kept;
        for (const PublishedRun* r : modelCalibrationRuns())
            if (r->group != s.source) kept.push_back(r);
        CHECK(kept.size() < 9);
        CHECK(s.constants == fitConstants(kept));
    }
    CHECK(refit == 5); // Narayanan et al., Llama 3, llm-foundry; vTrain's two files (the host constants)
    CHECK(loso.sourceBalancedMeanAbsError == Approx(sum / double(loso.sources.size())));
    // A source whose runs chose nothing is scored as validatePublished scores its runs out of sample.
    const FidelitySummary summary = validatePublished();
    for (const HeldOutSource& s : loso.sources) {
        if (s.refit) continue;
        const auto g = std::find_if(summary.groups.begin(), summary.groups.end(),
            [&](const FidelityGroup& x) { return x.kind == "source" && x.name == s.source; });
        if (g == summary.groups.end() || g->runs != s.runs) continue; // vTrain: its stack's calibration rows count here
        INFO(s.source);
        CHECK(s.meanAbsError == Approx(g->meanAbsError).epsilon(1e-9));
    }
}

TEST_CASE("docs/FIDELITY.md's leave-one-source-out table is the suite's", "[core][fidelity][refit]")
{
    // Each row "| source | runs | mean |error| % | …" and the source-balanced line, as the code computes them.
    std::ifstream in(std::string(TP_SOURCE_DIR) + "/docs/FIDELITY.md");
    REQUIRE(in);
    std::stringstream whole;
    whole << in.rdbuf();
    const std::string text = whole.str();
    const auto start = text.find("## Leave one source out");
    REQUIRE(start != std::string::npos);
    const std::string section = text.substr(start, text.find("\n## ", start + 1) - start);
    const LeaveOneSourceOut loso = leaveOneSourceOut();
    for (const HeldOutSource& s : loso.sources) {
        INFO(s.source);
        char row[256];
        std::snprintf(row, sizeof row, "| %s | %d | %.1f %% |", s.source.c_str(), s.runs, s.meanAbsError * 100);
        CHECK(section.find(row) != std::string::npos);
    }
    char balanced[128];
    std::snprintf(balanced, sizeof balanced, "| **source-balanced (%zu sources)** | | **%.1f %%** |",
        loso.sources.size(), loso.sourceBalancedMeanAbsError * 100);
    CHECK(section.find(balanced) != std::string::npos);
}

TEST_CASE(
    "the leave-one-source-out table built with the binary is the one the suite gives now", "[core][fidelity][refit]")
{
    // Computed when the model is built (core/gen/residual_table_main.cpp), never when a program starts.
    REQUIRE(detail::precomputedLeaveOneSourceOut != nullptr);
    const LeaveOneSourceOut& built = *detail::precomputedLeaveOneSourceOut;
    const LeaveOneSourceOut now = detail::computeLeaveOneSourceOut();
    REQUIRE(built.sources.size() == now.sources.size());
    for (std::size_t i = 0; i < now.sources.size(); ++i) {
        const HeldOutSource &a = built.sources[i], &b = now.sources[i];
        INFO(b.source);
        CHECK(a.source == b.source);
        CHECK(a.runs == b.runs);
        CHECK(a.meanAbsError == b.meanAbsError);
        CHECK(a.meanError == b.meanError);
        CHECK(a.refit == b.refit);
        CHECK(a.constants == b.constants);
        CHECK(a.host == b.host);
    }
    CHECK(built.sourceBalancedMeanAbsError == now.sourceBalancedMeanAbsError);
    CHECK(&leaveOneSourceOut() == &built);
}
