#pragma once
// Prices and spot capacity (issue 21; source article §3.4 and §5: elastic cloud capacity as a way
// to lower cost). A price table (`*.tpprices.json`, docs/DESIGN.md) lists, per GPU type and provider,
// what a GPU-hour costs on demand, reserved and on spot capacity — each price with its date and
// source — and how often spot capacity is taken back. The cost planner ranks GPU type × count ×
// layout × pricing by the run's total cost among the plans that finish by a deadline: spot wins
// exactly when its discount outweighs what its interruptions lose (work since the last checkpoint,
// restarts, a shorter checkpoint interval; reliability_model.cpp).

#include "core/planner.h"
#include "core/scenario_io.h"

#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace core {

struct Price {
    std::string gpu; ///< a GPU preset's name ("h100-sxm")
    std::string provider; ///< "AWS p5.48xlarge, us-east-1", …
    std::optional<double> onDemandUsd, reservedUsd, spotUsd; ///< per GPU-hour
    /// Spot only: reclaims per node and day (spot_interruptions_per_node_day), and where that came from.
    double spotInterruptionsPerNodeDay = 0;
    std::string interruptionSource;
    std::string date; ///< when the prices were read ("2026-03")
    std::string source; ///< where (a URL)

    [[nodiscard]] std::optional<double> priceOf(Pricing pricing) const;
};

struct PriceTable {
    std::string name;
    std::vector<Price> prices;
};

struct PriceTableResult {
    std::optional<PriceTable> table;
    ScenarioError error;
    [[nodiscard]] bool ok() const { return table.has_value(); }
};

/// Format "trainplanner-prices", version 1. Every key checked, unknown keys refused, a GPU that is not a
/// preset refused; each price must have at least one of on_demand, reserved and spot.
[[nodiscard]] PriceTableResult parsePriceTable(std::string_view text);
[[nodiscard]] PriceTableResult loadPriceTable(const std::string& path);

/// `scenario` on `price`'s GPU at `pricing`: the GPU preset, cost.gpu_hour_usd, cost.pricing and, for
/// spot, reliability.spot_interruptions_per_node_day. False when the table has no such price.
bool applyPrice(Scenario& scenario, const Price& price, Pricing pricing);

struct CostPlanOptions {
    std::vector<std::string> gpuTypes; ///< empty: every GPU the table prices
    int maxGpus = 64; ///< counts searched: powers of two up to it, and it
    double deadlineDays = 0; ///< 0: none
    int top = 10;
    /// Layouts searched per GPU type, count and price (the planner's own search, time objective).
    int layoutsPerCount = 3;
    const std::atomic<bool>* cancel = nullptr; ///< polled between searches
    std::function<void(double)> progress; ///< the fraction done, from the calling thread
};

struct CostPlan {
    Scenario scenario; ///< on the priced GPU, with its pricing and layout
    Estimate estimate;
    std::string provider;
    Pricing pricing = Pricing::on_demand;
    double priceUsd = 0; ///< per GPU-hour
};

struct CostPlanResult {
    std::vector<CostPlan> plans; ///< cheapest total cost first, each finishing by the deadline
    std::int64_t searched = 0; ///< (GPU type, provider, pricing, count) searched
    std::int64_t fitting = 0; ///< layouts that fit
    std::int64_t pastDeadline = 0; ///< fitting plans that finish after the deadline
    std::vector<std::string> unknownGpuTypes; ///< asked for but not in the table
    bool cancelled = false;
};

/// The cheapest plans for `scenario`'s model and training over `table`'s GPU types, counts and prices.
[[nodiscard]] CostPlanResult planCost(
    const Scenario& scenario, const PriceTable& table, const CostPlanOptions& options);

[[nodiscard]] std::string costPlanToJson(const CostPlanResult& result);

} // namespace core
