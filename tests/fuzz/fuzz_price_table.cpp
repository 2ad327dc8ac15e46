// libFuzzer target: any bytes as a price table (core/search/prices.h). A table that reads has prices a
// scenario can take and estimate; a refusal says why, printably. Crashes, sanitizer reports and
// unbounded work are findings. scripts/fuzz.sh runs it from tests/fuzz/corpus_price_table.
#include "core/base/printable.h"
#include "core/estimate/estimate.h"
#include "core/search/prices.h"
#include "tests/fuzz/fuzz_checks.h"

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string_view>

using fuzz::hasControlBytes;
using fuzz::require;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const core::PriceTableResult result = core::parsePriceTable(text);
    if (!result.ok()) {
        require(!result.error.message.empty() && !hasControlBytes(result.error.toString()));
        return 0;
    }
    require(!result.table->prices.empty());
    // The first prices applied to the default scenario, at each pricing they have: an estimate that is finite.
    const std::size_t shown = std::min<std::size_t>(result.table->prices.size(), 3);
    core::CostPlanResult plans; // the prices as plans, for the writer a price search's result goes through
    for (std::size_t i = 0; i < shown; ++i) {
        const core::Price& price = result.table->prices[i];
        for (const core::Pricing pricing : { core::Pricing::on_demand, core::Pricing::reserved, core::Pricing::spot }) {
            const auto usd = price.priceOf(pricing);
            core::Scenario s = core::defaultScenario();
            require(core::applyPrice(s, price, pricing) == usd.has_value());
            if (!usd) continue;
            require(std::isfinite(*usd) && *usd >= 0);
            const core::Estimate e = core::estimate(s);
            require(std::isfinite(e.training.totalCostUsd) && e.training.totalCostUsd >= 0);
            plans.plans.push_back({ s, e, price.provider, pricing, *usd });
        }
    }
    // The provider's name reaches JSON: UTF-8 by construction, never an exception.
    require(core::isUtf8(core::costPlanToJson(plans)));
    return 0;
}
