#pragma once
// Prices and spot capacity (source article §3.4 and §5: elastic cloud capacity as a way
// to lower cost). A price table (`*.tpprices.json`, docs/DESIGN.md) lists, per GPU type and provider,
// what a GPU-hour costs on demand, reserved and on spot capacity — each price with its date and
// source — and how often spot capacity is taken back. The cost planner ranks GPU type × count ×
// layout × pricing by the run's total cost among the plans that finish by a deadline: spot wins
// exactly when its discount outweighs what its interruptions lose (work since the last checkpoint,
// restarts, a shorter checkpoint interval; reliability_model.cpp).

#include "core/scenario/scenario_io.h"
#include "core/search/planner.h"

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

/// A re-pricing (the cost lines of an estimate at another price of the same GPU: cost_model.h
/// priceRun, ~10 ns) counts as 1/64 of a configuration's estimate (1–15 µs) in a price search's size.
inline constexpr std::int64_t kRepricingsPerConfiguration = 64;

struct CostPlanOptions {
    std::vector<std::string> gpuTypes; ///< empty: every GPU the table prices
    int maxGpus = 64; ///< counts searched: powers of two up to it, and it
    double deadlineDays = 0; ///< 0: none
    int top = 10;
    /// Layouts kept per GPU type, count and price (the planner's own search, cost objective).
    int layoutsPerCount = 3;
    PlanConstraints constraints; ///< the planner's pins, in every search
    double keepFree = 0; ///< the share of memory a plan must leave free (PlanOptions::keepFree)
    int threads = 0; ///< 0 = one per hardware thread
    const std::atomic<bool>* cancel = nullptr; ///< polled while searching
    std::function<void(double)> progress; ///< the fraction done, from one worker thread; keep it cheap
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
    /// Layout searches run: one per GPU type, spot reclaim rate and count, shared by every price of
    /// that GPU and rate (the estimate but its cost lines does not depend on the price).
    std::int64_t searched = 0;
    std::int64_t offers = 0; ///< distinct (GPU type, provider, pricing, price, reclaim rate) compared
    std::int64_t duplicates = 0; ///< rows' prices that repeated an offer exactly: compared once
    /// The search's size, counted before it started: the configurations its searches estimate,
    /// plus its re-pricings ÷ kRepricingsPerConfiguration.
    std::int64_t configurations = 0;
    std::int64_t fitting = 0; ///< layouts that fit, over the searches
    std::int64_t pastDeadline = 0; ///< of the best layouts per price and count, those that finish after the deadline
    std::vector<std::string> unknownGpuTypes; ///< asked for but not in the table: nothing was searched
    /// search_too_large: refused before anything was searched, its key the option to narrow
    /// ("gpus", "gpu_types", "prices") or a pinned knob's key; pins_leave_nothing: the pins left no
    /// configuration in any search.
    std::optional<Problem> problem;
    bool cancelled = false;

    [[nodiscard]] bool refused() const { return problem && problem->code == ProblemCode::search_too_large; }
};

/// The names in `gpuTypes` that no price of `table` is for.
[[nodiscard]] std::vector<std::string> unknownGpuTypes(
    const PriceTable& table, const std::vector<std::string>& gpuTypes);

/// The cheapest plans for `scenario`'s model and training over `table`'s GPU types, counts and prices.
/// Identical offers are compared once; the layouts of a GPU type, reclaim rate and count are searched
/// once (on all threads) and priced at each of its prices. Unknown GPU types are named before
/// anything is searched; a search past kMaxPlanConfigurations is refused (CostPlanResult::problem).
[[nodiscard]] CostPlanResult planCost(
    const Scenario& scenario, const PriceTable& table, const CostPlanOptions& options);

[[nodiscard]] std::string costPlanToJson(const CostPlanResult& result);

} // namespace core
