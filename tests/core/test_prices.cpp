// Prices and spot capacity (issue 21): the price table's reader, spot reclaims folded into the
// reliability model, and the cost planner choosing spot exactly when its discount outweighs what its
// interruptions lose.
#include "core/estimate.h"
#include "core/prices.h"
#include "core/scenario_io.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <string>

namespace {

std::string table(double spotPerNodeDay)
{
    return R"({"format": "trainplanner-prices", "version": 1, "name": "test",
      "prices": [{"gpu": "a100-80gb", "provider": "Cloud", "on_demand": 2.0, "spot": 1.0,
                  "spot_interruptions_per_node_day": )"
        + std::to_string(spotPerNodeDay) + R"(, "date": "2026-11", "source": "test"}]})";
}

core::PriceTable parsed(const std::string& text)
{
    const auto r = core::parsePriceTable(text);
    INFO(r.error.toString());
    REQUIRE(r.ok());
    return *r.table;
}

} // namespace

TEST_CASE("a price table is read strictly: every key checked, each price dated and sourced", "[prices]")
{
    const auto t = parsed(table(0.5));
    REQUIRE(t.prices.size() == 1);
    CHECK(*t.prices[0].priceOf(core::Pricing::spot) == 1.0);
    CHECK_FALSE(t.prices[0].priceOf(core::Pricing::reserved));
    CHECK(t.prices[0].spotInterruptionsPerNodeDay == 0.5);
    auto refused = [](const std::string& text, const std::string& path) {
        const auto r = core::parsePriceTable(text);
        CHECK_FALSE(r.ok());
        CHECK(r.error.path == path);
    };
    std::string typo = table(0);
    typo.replace(typo.find("\"spot\":"), 7, "\"sopt\":");
    refused(typo, "prices[0].sopt");
    std::string gpu = table(0);
    gpu.replace(gpu.find("a100-80gb"), 9, "a100-81gb");
    refused(gpu, "prices[0].gpu");
    refused(R"({"format": "trainplanner-prices", "version": 1, "name": "x", "prices": [{"gpu": "a100-80gb",
        "provider": "p", "date": "d", "source": "s"}]})",
        "prices[0]");
    refused(R"({"format": "trainplanner-scenario", "version": 1, "name": "x", "prices": []})", "format");
    std::string negative = table(0);
    negative.replace(negative.find("\"on_demand\": 2.0"), 16, "\"on_demand\": -2");
    refused(negative, "prices[0].on_demand");
    // The example shipped with the tool reads.
    CHECK(
        core::loadPriceTable(std::string(TP_SOURCE_DIR) + "/resources/examples/cloud-prices-2026.tpprices.json").ok());
}

TEST_CASE("spot reclaims add to the failures: a shorter mean time between interruptions", "[prices][reliability]")
{
    core::Scenario s = core::defaultScenario();
    s.parallel.dp = 64; // 64 GPUs, 8 nodes of 8
    s.cost.pricing = core::Pricing::spot;
    s.reliability.spotInterruptionsPerNodeDay = 2;
    const core::Estimate e = core::estimate(s);
    // Per hour: 64 / 50,000 h GPU failures and 8 nodes × 2 / 24 h reclaims: 0.00128 + 0.666667.
    CHECK(e.reliability.clusterMtbfHours == Approx(1 / (64 / 50000.0 + 8 * 2 / 24.0)));
    CHECK(e.reliability.spotInterruptionsPerHour == Approx(8 * 2 / 24.0));
    s.cost.pricing = core::Pricing::on_demand; // the rate applies to spot capacity only
    const core::Estimate onDemand = core::estimate(s);
    CHECK(onDemand.reliability.clusterMtbfHours == Approx(50000.0 / 64));
    CHECK(e.reliability.checkpointIntervalS < onDemand.reliability.checkpointIntervalS);
    CHECK(e.reliability.goodput < onDemand.reliability.goodput);
    CHECK(e.training.timeS > onDemand.training.timeS);
}

TEST_CASE("the cost planner picks spot exactly when its discount outweighs its interruptions", "[prices][planner]")
{
    core::Scenario s = core::defaultScenario();
    s.training.tokens = 2e10; // a short run: days, not months
    core::CostPlanOptions o;
    o.maxGpus = 16;
    o.top = 50;
    auto bestOf = [](const core::CostPlanResult& r, core::Pricing pricing) -> const core::CostPlan* {
        for (const auto& p : r.plans)
            if (p.pricing == pricing) return &p;
        return nullptr;
    };
    // Rarely reclaimed, half price: spot wins, and by the difference between the discount and the losses.
    const auto calm = core::planCost(s, parsed(table(0.05)), o);
    REQUIRE_FALSE(calm.plans.empty());
    CHECK(calm.plans.front().pricing == core::Pricing::spot);
    const auto* calmSpot = bestOf(calm, core::Pricing::spot);
    const auto* calmOnDemand = bestOf(calm, core::Pricing::on_demand);
    REQUIRE(calmSpot);
    REQUIRE(calmOnDemand);
    CHECK(calmSpot->estimate.training.totalCostUsd < calmOnDemand->estimate.training.totalCostUsd);
    // Reclaimed every half hour per node: the lost work and restarts cost more than half the price saves.
    const auto stormy = core::planCost(s, parsed(table(48)), o);
    REQUIRE_FALSE(stormy.plans.empty());
    CHECK(stormy.plans.front().pricing == core::Pricing::on_demand);
    const auto* stormySpot = bestOf(stormy, core::Pricing::spot);
    if (stormySpot) {
        CHECK(stormySpot->estimate.training.totalCostUsd > stormy.plans.front().estimate.training.totalCostUsd);
        // The interruptions are what it pays for: more GPU-hours than the same layout on demand.
        CHECK(stormySpot->estimate.reliability.expectedSpotInterruptions > 0);
    }
    // On demand is untouched by the spot rate: the same plan, the same cost, whatever the reclaims.
    CHECK(bestOf(stormy, core::Pricing::on_demand)->estimate.training.totalCostUsd
        == Approx(calmOnDemand->estimate.training.totalCostUsd));
    // A deadline too short for any plan leaves none, and says how many missed it.
    o.deadlineDays = 0.01;
    const auto rushed = core::planCost(s, parsed(table(0.05)), o);
    CHECK(rushed.plans.empty());
    CHECK(rushed.pastDeadline > 0);
    // Asked for a GPU the table does not price: named.
    o.gpuTypes = { "h100-sxm" };
    CHECK(core::planCost(s, parsed(table(0.05)), o).unknownGpuTypes == std::vector<std::string> { "h100-sxm" });
}

TEST_CASE("a priced plan's JSON names its GPU, provider, pricing and the run's cost", "[prices]")
{
    core::Scenario s = core::defaultScenario();
    s.training.tokens = 2e10;
    core::CostPlanOptions o;
    o.maxGpus = 8;
    const auto doc = nlohmann::json::parse(core::costPlanToJson(core::planCost(s, parsed(table(0.05)), o)));
    CHECK(doc.at("format") == "trainplanner-cost-plan");
    REQUIRE_FALSE(doc.at("plans").empty());
    const auto& best = doc.at("plans").at(0);
    CHECK(best.at("gpu") == "a100-80gb");
    CHECK(best.at("provider") == "Cloud");
    CHECK(best.at("training").contains("total_cost_usd"));
}
