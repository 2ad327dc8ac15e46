// The plan and sweep output formats (docs/DESIGN.md "Command line"), written by core for the CLI
// and the GUI's export alike.
#include "core/estimate/estimate.h"
#include "core/estimate/estimate_io.h"
#include "core/scenario/scenario_io.h"
#include "core/search/plan_io.h"
#include "core/search/planner.h"
#include "core/search/sweep.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <sstream>

using namespace core;

namespace {

std::vector<std::vector<std::string>> rows(const std::string& csv)
{
    std::vector<std::vector<std::string>> out;
    std::istringstream in(csv);
    std::string line;
    while (std::getline(in, line)) {
        std::vector<std::string> cells;
        std::istringstream cellsIn(line);
        std::string cell;
        while (std::getline(cellsIn, cell, ','))
            cells.push_back(cell);
        out.push_back(cells);
    }
    return out;
}

} // namespace

TEST_CASE("a GPU-count sweep writes one gpus column, a key sweep names the key first", "[core][io][sweep]")
{
    const Scenario s = defaultScenario();
    const auto byGpus = rows(sweepToCsv(sweepGpus(s, 8, 64), "gpus"));
    REQUIRE(byGpus.size() == 5); // header + 8, 16, 32, 64
    CHECK(byGpus[0][0] == "gpus");
    CHECK(byGpus[0][1] == "memory_per_gpu_bytes"); // not "gpus,gpus"
    CHECK(byGpus[1][0] == "8");
    CHECK(byGpus[4][0] == "64");
    const SweepResult zero = sweepKey(s, "parallel.zero", { "0", "3" });
    const auto byKey = rows(sweepToCsv(zero, "parallel.zero"));
    REQUIRE(byKey.size() == 3);
    CHECK(byKey[0][0] == "parallel.zero");
    CHECK(byKey[0][1] == "gpus");
    CHECK(byKey[2][0] == "3");
    CHECK(std::stod(byKey[2][2]) == zero.points[1].estimate.memory.total());
    const auto json = nlohmann::json::parse(sweepToJson(zero, "parallel.zero"));
    CHECK(json["format"] == "trainplanner-sweep");
    CHECK(json["key"] == "parallel.zero");
    CHECK(json["points"].size() == 2);
}

TEST_CASE("plans write as CSV rows best first and as trainplanner-plan JSON", "[core][io][planner]")
{
    PlanOptions options;
    options.gpus = 8;
    options.top = 5;
    const PlanResult r = plan(defaultScenario(), options);
    REQUIRE_FALSE(r.plans.empty());
    const auto table = rows(planToCsv(r));
    REQUIRE(table.size() == r.plans.size() + 1);
    CHECK(table[0][0] == "rank");
    CHECK(table[0][11] == "memory_per_gpu_bytes");
    for (std::size_t i = 0; i < r.plans.size(); ++i) {
        CHECK(table[i + 1][0] == std::to_string(i + 1));
        CHECK(std::stoi(table[i + 1][1]) == r.plans[i].scenario.parallel.tp);
        CHECK(std::stod(table[i + 1][12]) == r.plans[i].estimate.compute.stepTimeS);
    }
    const auto json = nlohmann::json::parse(planToJson(r));
    CHECK(json["format"] == "trainplanner-plan");
    CHECK(json["plans"].size() == r.plans.size());
    CHECK(json["evaluated"] == r.evaluated);
    for (const auto& [code, count] : r.rejected)
        CHECK(json["rejected"][std::string(toString(code))] == count);
}

TEST_CASE("CSV numbers are plain decimals that read back exactly", "[core][io][csv]")
{
    // A spreadsheet showed 3.6e+02 for 360.
    CHECK(core::csvNumber(360) == "360");
    CHECK(core::csvNumber(0.1) == "0.1");
    CHECK(core::csvNumber(-2.5) == "-2.5");
    CHECK(core::csvNumber(6738415616.0) == "6738415616");
    CHECK(core::csvNumber(3.15e16) == "31500000000000000");
    CHECK(core::csvNumber(0.000123) == "0.000123");
    CHECK(core::csvNumber(0) == "0");
    for (const double v : { 1.0 / 3, 2.0 / 7 * 1e6, 1e-9 * 7.77, 123456.789012345 })
        CHECK(std::stod(core::csvNumber(v)) == v);
    // Every number of the default scenario's estimate and of a GPU sweep, as the files hold them.
    const core::Scenario s = core::defaultScenario();
    for (const std::string& csv :
        { core::estimateToCsv(core::estimate(s)), core::sweepToCsv(core::sweepGpus(s, 8, 1024), "gpus") }) {
        CHECK(csv.find("e+") == std::string::npos);
        CHECK(csv.find("e-0") == std::string::npos);
    }
}
