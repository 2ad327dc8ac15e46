// Prices and spot capacity: the price table's reader, spot reclaims folded into the
// reliability model, and the cost planner choosing spot exactly when its discount outweighs what its
// interruptions lose.
#include "core/estimate/estimate.h"
#include "core/scenario/scenario_io.h"
#include "core/search/prices.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <string>
#include <vector>

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

namespace {

/// The cost planner as it was before its searches were shared: one planner search per price row,
/// pricing and GPU count, each at its own price, every plan kept, then sorted by total cost.
core::CostPlanResult unshared(
    const core::Scenario& scenario, const core::PriceTable& table, const core::CostPlanOptions& options)
{
    core::CostPlanResult out;
    std::vector<int> counts;
    for (int n = 1; n < options.maxGpus; n *= 2)
        counts.push_back(n);
    counts.push_back(options.maxGpus);
    for (const core::Price& price : table.prices) {
        if (!options.gpuTypes.empty()
            && std::find(options.gpuTypes.begin(), options.gpuTypes.end(), price.gpu) == options.gpuTypes.end())
            continue;
        for (const core::Pricing pricing : { core::Pricing::on_demand, core::Pricing::reserved, core::Pricing::spot }) {
            if (!price.priceOf(pricing)) continue;
            for (const int n : counts) {
                core::Scenario s = scenario;
                core::applyPrice(s, price, pricing);
                core::PlanOptions o;
                o.gpus = n;
                o.objective = core::Objective::cost;
                o.top = options.layoutsPerCount;
                o.threads = 1;
                o.constraints = options.constraints;
                for (const core::Plan& p : core::plan(s, o).plans) {
                    if (options.deadlineDays > 0 && !(p.estimate.training.timeS <= options.deadlineDays * 86400.0)) {
                        ++out.pastDeadline;
                        continue;
                    }
                    out.plans.push_back({ p.scenario, p.estimate, price.provider, pricing, *price.priceOf(pricing) });
                }
            }
        }
    }
    std::stable_sort(out.plans.begin(), out.plans.end(), [](const core::CostPlan& a, const core::CostPlan& b) {
        return a.estimate.training.totalCostUsd < b.estimate.training.totalCostUsd;
    });
    if (int(out.plans.size()) > options.top) out.plans.resize(std::size_t(options.top));
    return out;
}

void checkSame(const core::CostPlanResult& shared, const core::CostPlanResult& reference)
{
    CHECK(shared.pastDeadline == reference.pastDeadline);
    REQUIRE(shared.plans.size() == reference.plans.size());
    for (std::size_t i = 0; i < shared.plans.size(); ++i) {
        INFO("plan " << i);
        const auto& a = shared.plans[i];
        const auto& b = reference.plans[i];
        CHECK(a.scenario == b.scenario);
        CHECK(a.provider == b.provider);
        CHECK(a.pricing == b.pricing);
        CHECK(a.priceUsd == b.priceUsd);
        // Bit for bit: the same estimate of the same scenario.
        CHECK(a.estimate.training.totalCostUsd == b.estimate.training.totalCostUsd);
        CHECK(a.estimate.training.timeS == b.estimate.training.timeS);
        CHECK(a.estimate.memory.total() == b.estimate.memory.total());
    }
}

core::PriceTable exampleTable()
{
    const auto r
        = core::loadPriceTable(std::string(TP_SOURCE_DIR) + "/resources/examples/cloud-prices-2026.tpprices.json");
    REQUIRE(r.ok());
    return *r.table;
}

core::Scenario article7b()
{
    const auto r = core::loadScenarioFile(
        std::string(TP_SOURCE_DIR) + "/resources/examples/article-large-7b-64gpu.tpscenario.json");
    REQUIRE(r.ok());
    return *r.scenario;
}

} // namespace

TEST_CASE("a search shared by the prices of a GPU and reclaim rate gives what a search per price gave",
    "[prices][planner][shared]")
{
    // The example table: H100 on demand at three prices, reserved at one, spot at 2.25 with 8 reclaims per
    // node and day (two providers); A100 reserved. Three searches per count serve its seven offers.
    const core::PriceTable table = exampleTable();
    const core::Scenario s = article7b();
    core::CostPlanOptions o;
    o.maxGpus = 64;
    o.top = 60;
    o.threads = 2;
    const core::CostPlanResult shared = core::planCost(s, table, o);
    CHECK(shared.offers == 7);
    CHECK(shared.duplicates == 0);
    CHECK(shared.searched == 3 * 7); // (H100, 0), (H100, 8), (A100, 0) × 1, 2, 4, …, 64
    REQUIRE(shared.plans.size() == 60);
    checkSame(shared, unshared(s, table, o));
    // With a deadline that leaves some out, and with pins.
    o.deadlineDays = 100; // the fastest plans on 48 GPUs take 45 days, on 16 about 120
    o.maxGpus = 48;
    REQUIRE_FALSE(core::addConstraint(o.constraints, s, "parallel.zero=1,3"));
    const core::CostPlanResult pinned = core::planCost(s, table, o);
    CHECK(pinned.pastDeadline > 0);
    REQUIRE_FALSE(pinned.plans.empty());
    for (const auto& p : pinned.plans)
        CHECK((p.scenario.parallel.zero == 1 || p.scenario.parallel.zero == 3));
    checkSame(pinned, unshared(s, table, o));
}

TEST_CASE("the pins apply to every price search", "[prices][planner][constraints]")
{
    core::CostPlanOptions o;
    o.maxGpus = 64;
    REQUIRE_FALSE(core::addConstraint(o.constraints, core::defaultScenario(), "parallel.tp=8"));
    const auto r = core::planCost(core::defaultScenario(), exampleTable(), o);
    REQUIRE_FALSE(r.plans.empty());
    for (const auto& p : r.plans)
        CHECK(p.scenario.parallel.tp == 8);
    // Pins that leave nothing say so.
    core::CostPlanOptions none;
    none.maxGpus = 64;
    REQUIRE_FALSE(core::addConstraint(none.constraints, core::defaultScenario(), "parallel.dp=1000000"));
    const auto empty = core::planCost(core::defaultScenario(), exampleTable(), none);
    CHECK(empty.plans.empty());
    CHECK(empty.searched == 0);
    REQUIRE(empty.problem);
    CHECK(empty.problem->code == core::ProblemCode::pins_leave_nothing);
    CHECK(empty.problem->key == "parallel.dp");
}

TEST_CASE("identical price rows are compared once", "[prices]")
{
    const std::string row
        = R"({"gpu": "h100-sxm", "provider": "X", "on_demand": 2.0, "date": "2026-01", "source": "s"})";
    const auto once
        = parsed(R"({"format": "trainplanner-prices", "version": 1, "name": "one", "prices": [)" + row + "]}");
    const auto twice = parsed(
        R"({"format": "trainplanner-prices", "version": 1, "name": "two", "prices": [)" + row + ", " + row + "]}");
    core::CostPlanOptions o;
    o.maxGpus = 16;
    o.top = 100;
    const auto a = core::planCost(core::defaultScenario(), once, o);
    const auto b = core::planCost(core::defaultScenario(), twice, o);
    CHECK(b.duplicates == 1);
    CHECK(b.offers == 1);
    checkSame(b, a);
}

TEST_CASE("an unknown GPU type is named before anything is searched", "[prices]")
{
    core::CostPlanOptions o;
    o.gpuTypes = { "h100-sxm", "nonexistent" };
    const auto r = core::planCost(core::defaultScenario(), exampleTable(), o);
    CHECK(r.unknownGpuTypes == std::vector<std::string> { "nonexistent" });
    CHECK(r.searched == 0);
    CHECK(r.configurations == 0);
    CHECK(core::unknownGpuTypes(exampleTable(), { "a100-40gb", "h100-sxm" }).empty());
}

TEST_CASE("a price search past the limit is refused before it starts, naming what to narrow", "[prices][size]")
{
    // One price, a model at the top of the documented ranges on up to 524,288 GPUs: 20 counts, 3.5 million
    // configurations, most of them on the largest counts.
    const auto heavy = core::parseScenario(R"({"format": "trainplanner-scenario", "version": 1,
        "model": {"layers": 4096, "hidden": 1024, "heads": 64, "kv_heads": 64, "ffn_hidden": 4096, "vocab": 32000,
                  "experts": 1024, "top_k": 2, "moe_ffn_hidden": 512},
        "training": {"global_batch": 536870912, "seq_len": 4096}, "hardware": {"gpu": "h100-sxm", "gpus_per_node": 64}})");
    REQUIRE(heavy.ok());
    const auto one = parsed(R"({"format": "trainplanner-prices", "version": 1, "name": "one", "prices": [
        {"gpu": "h100-sxm", "provider": "X", "on_demand": 2.0, "date": "2026-01", "source": "s"}]})");
    core::CostPlanOptions o;
    o.maxGpus = 524'288;
    const auto r = core::planCost(*heavy.scenario, one, o);
    CHECK(r.refused());
    CHECK(r.searched == 0);
    CHECK(r.plans.empty());
    CHECK(r.configurations > core::kMaxPlanConfigurations);
    REQUIRE(r.problem);
    CHECK(r.problem->key == "gpus");
    CHECK(r.problem->value("values") == 20);

    // A thousand spot prices with a thousand reclaim rates: a search each, for the default's 8 GPUs.
    std::string rows;
    for (int i = 0; i < 1000; ++i)
        rows += std::string(i ? "," : "")
            + R"({"gpu": "h100-sxm", "provider": "P", "spot": 1.0, "spot_interruptions_per_node_day": )"
            + std::to_string(0.001 * (i + 1)) + R"(, "date": "d", "source": "s"})";
    const auto many
        = parsed(R"({"format": "trainplanner-prices", "version": 1, "name": "many", "prices": [)" + rows + "]}");
    core::CostPlanOptions eight;
    eight.maxGpus = 8;
    const auto refused = core::planCost(core::defaultScenario(), many, eight);
    CHECK(refused.refused());
    REQUIRE(refused.problem);
    CHECK(refused.problem->key == "prices");
    CHECK(refused.problem->value("values") == 1000);
}

TEST_CASE("a price search can be cancelled and reports its progress to the end", "[prices]")
{
    core::CostPlanOptions o;
    o.maxGpus = 64;
    std::vector<double> seen;
    o.progress = [&](double f) { seen.push_back(f); }; // one worker reports: no lock needed
    const auto r = core::planCost(core::defaultScenario(), exampleTable(), o);
    REQUIRE_FALSE(seen.empty());
    CHECK(seen.back() == 1.0);
    CHECK(std::is_sorted(seen.begin(), seen.end()));
    CHECK_FALSE(r.cancelled);
    std::atomic<bool> stop { true };
    o.cancel = &stop;
    const auto cancelled = core::planCost(core::defaultScenario(), exampleTable(), o);
    CHECK(cancelled.cancelled);
    CHECK(cancelled.plans.empty());
}
