#include "core/search/prices.h"

#include "core/base/checked.h"
#include "core/base/json_text.h"
#include "core/estimate/estimate_io.h"
#include "core/fidelity/fidelity.h"
#include "core/model/cost_model.h"
#include "core/scenario/json_reader.h"
#include "core/scenario/presets.h"
#include "core/search/plan_io.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <tuple>

namespace core {

namespace {

using detail::ObjectReader;

Price readPrice(ObjectReader& r)
{
    Price p;
    p.gpu = r.string("gpu");
    if (!findGpuPreset(p.gpu))
        detail::fail(r.pathOf("gpu"), "is not a GPU of the catalog (trainplanner-cli presets gpus)");
    p.provider = r.string("provider");
    for (const auto& [key, field] : { std::pair { "on_demand", &Price::onDemandUsd },
             std::pair { "reserved", &Price::reservedUsd }, std::pair { "spot", &Price::spotUsd } })
        if (r.has(key)) p.*field = r.number(key, 0.0, 1e4);
    if (!p.onDemandUsd && !p.reservedUsd && !p.spotUsd)
        detail::fail(r.path(), "needs at least one of on_demand, reserved and spot (USD per GPU-hour)");
    if (r.has("spot_interruptions_per_node_day")) {
        p.spotInterruptionsPerNodeDay = r.number("spot_interruptions_per_node_day", 0.0, 1000.0);
        p.interruptionSource = r.has("interruption_source") ? r.string("interruption_source") : std::string();
    }
    p.date = r.string("date");
    p.source = r.string("source");
    r.rejectUnknownKeys();
    return p;
}

} // namespace

std::optional<double> Price::priceOf(Pricing pricing) const
{
    switch (pricing) {
    case Pricing::on_demand:
        return onDemandUsd;
    case Pricing::reserved:
        return reservedUsd;
    case Pricing::spot:
        return spotUsd;
    }
    return std::nullopt;
}

PriceTableResult parsePriceTable(std::string_view text)
{
    PriceTableResult out;
    try {
        const auto doc = detail::parseLimited(text, "price table");
        ObjectReader top(doc, "");
        if (top.string("format") != "trainplanner-prices") detail::fail("format", "must be \"trainplanner-prices\"");
        (void)top.integer("version", 1, 1);
        PriceTable table;
        table.name = top.string("name");
        const auto& list = top.raw("prices");
        if (!list.is_array() || list.empty()) detail::fail("prices", "must be a non-empty array of prices");
        if (list.size() > 10'000) detail::fail("prices", "has more than 10000 prices");
        for (std::size_t i = 0; i < list.size(); ++i) {
            ObjectReader r(list[i], "prices[" + std::to_string(i) + "]");
            table.prices.push_back(readPrice(r));
        }
        top.rejectUnknownKeys();
        out.table = std::move(table);
    } catch (const detail::ReadError& e) {
        out.error = e.error;
    }
    return out;
}

PriceTableResult loadPriceTable(const std::string& path)
{
    try {
        return parsePriceTable(detail::readLimitedFile(path));
    } catch (const detail::ReadError& e) {
        PriceTableResult out;
        out.error = e.error;
        return out;
    }
}

bool applyPrice(Scenario& s, const Price& price, Pricing pricing)
{
    const auto usd = price.priceOf(pricing);
    const GpuPreset* gpu = findGpuPreset(price.gpu);
    if (!usd || !gpu) return false;
    s.hardware.preset = gpu->name;
    s.hardware.gpu = gpu->spec;
    s.cost.gpuHourUsd = *usd;
    s.cost.pricing = pricing;
    s.reliability.spotInterruptionsPerNodeDay = pricing == Pricing::spot ? price.spotInterruptionsPerNodeDay : 0.0;
    return true;
}

std::vector<std::string> unknownGpuTypes(const PriceTable& table, const std::vector<std::string>& gpuTypes)
{
    std::vector<std::string> out;
    for (const std::string& type : gpuTypes)
        if (std::none_of(table.prices.begin(), table.prices.end(), [&](const Price& p) { return p.gpu == type; }))
            out.push_back(type);
    return out;
}

namespace {

/// The offers whose estimates are identical but for their cost lines: one GPU type and one spot
/// reclaim rate. The pricing enters the estimate only as spot capacity's reclaims
/// (reliability_model.cpp: on-demand and reserved capacity have none) and the price only in the cost
/// lines (cost_model.cpp priceRun), so one search per count serves every price of the group.
struct PriceGroup {
    const Price* row = nullptr; ///< the first offer's row and pricing: the scenario searched
    Pricing pricing = Pricing::on_demand;
    double rate = 0; ///< spot reclaims per node and day; 0 off spot
    std::vector<double> prices; ///< distinct, as first offered
    std::vector<std::size_t> offers; ///< indices into the offers
};

/// A (GPU type, provider, pricing, price, reclaim rate) the table offers; rows that repeat one exactly
/// would give the same plans twice.
struct Offer {
    const Price* row = nullptr;
    Pricing pricing = Pricing::on_demand;
    double usd = 0;
    std::size_t group = 0;
    std::size_t price = 0; ///< index into the group's prices
};

/// A layout's total cost at one price, as a search at that price ranks it.
struct Priced {
    double cost;
    double time;
    Layout layout;
};

bool cheaper(const Priced& a, const Priced& b)
{
    return a.cost != b.cost ? a.cost < b.cost : a.layout.key() < b.layout.key();
}

/// Adds `x` to the `k` cheapest in `list` (kept sorted; k is small: layouts per count).
void keepCheapest(std::vector<Priced>& list, const Priced& x, std::size_t k)
{
    if (k == 0 || (list.size() == k && !cheaper(x, list.back()))) return;
    list.insert(std::upper_bound(list.begin(), list.end(), x, cheaper), x);
    if (list.size() > k) list.pop_back();
}

/// A plan found for an offer and count, ranked as a single list of every search's plans sorted by
/// total cost would rank it (ties in the offers' order, then the counts', then the layouts').
struct Found {
    double cost;
    std::size_t offer, count, rank;
    Layout layout;
};

bool before(const Found& a, const Found& b)
{
    return std::tie(a.cost, a.offer, a.count, a.rank) < std::tie(b.cost, b.offer, b.count, b.rank);
}

} // namespace

CostPlanResult planCost(const Scenario& scenario, const PriceTable& table, const CostPlanOptions& options)
{
    CostPlanResult out;
    // An unknown GPU type is named before anything is searched.
    out.unknownGpuTypes = unknownGpuTypes(table, options.gpuTypes);
    if (!out.unknownGpuTypes.empty()) return out;
    std::vector<int> counts;
    for (std::int64_t n = 1; n < options.maxGpus; n *= 2)
        counts.push_back(int(n));
    counts.push_back(std::max(1, options.maxGpus));

    // The offers, each once, and their groups.
    std::vector<Offer> offers;
    std::vector<PriceGroup> groups;
    {
        std::set<std::tuple<std::string_view, std::string_view, int, double, double>> seen;
        std::map<std::pair<std::string_view, double>, std::size_t> groupOf;
        for (const Price& row : table.prices) {
            if (!options.gpuTypes.empty()
                && std::find(options.gpuTypes.begin(), options.gpuTypes.end(), row.gpu) == options.gpuTypes.end())
                continue;
            for (const Pricing pricing : { Pricing::on_demand, Pricing::reserved, Pricing::spot }) {
                const auto usd = row.priceOf(pricing);
                if (!usd) continue;
                const double rate = pricing == Pricing::spot ? row.spotInterruptionsPerNodeDay : 0.0;
                if (!seen.emplace(row.gpu, row.provider, int(pricing), *usd, rate).second) {
                    ++out.duplicates;
                    continue;
                }
                auto [at, added] = groupOf.try_emplace(std::pair(std::string_view(row.gpu), rate), groups.size());
                if (added) groups.push_back({ &row, pricing, rate, {}, {} });
                PriceGroup& group = groups[at->second];
                const auto price
                    = std::size_t(std::find(group.prices.begin(), group.prices.end(), *usd) - group.prices.begin());
                if (price == group.prices.size()) group.prices.push_back(*usd);
                group.offers.push_back(offers.size());
                offers.push_back({ &row, pricing, *usd, at->second, price });
            }
        }
    }
    out.offers = std::int64_t(offers.size());

    // The size, before anything is estimated: the space of a count does not depend on the GPU type
    // or the price (the model, the batch and the GPUs per node shape it), so each count is counted once.
    std::vector<SearchSize> sizes;
    std::int64_t perGroup = 0, largest = 0; // Σ and max over the counts
    std::size_t largestCount = 0;
    for (std::size_t c = 0; c < counts.size(); ++c) {
        PlanOptions o;
        o.gpus = counts[c];
        o.constraints = options.constraints;
        sizes.push_back(searchSize(scenario, o));
        perGroup += sizes.back().configurations;
        if (sizes.back().configurations >= largest) {
            largest = sizes.back().configurations;
            largestCount = c;
        }
    }
    // Work of `groups` searches of `perCount` configurations, priced at `prices` prices in all.
    auto work = [](std::int64_t searches, std::int64_t prices, std::int64_t perCount) {
        const std::int64_t repricings = clampedProduct({ prices, perCount });
        return clampedProduct({ searches, perCount }) + repricings / kRepricingsPerConfiguration
            + (repricings % kRepricingsPerConfiguration != 0 ? 1 : 0);
    };
    std::int64_t prices = 0;
    std::map<std::string_view, std::pair<std::int64_t, std::int64_t>> perType; // groups, prices
    for (const PriceGroup& g : groups) {
        prices += std::int64_t(g.prices.size());
        perType[g.row->gpu].first += 1;
        perType[g.row->gpu].second += std::int64_t(g.prices.size());
    }
    const auto searches = std::int64_t(groups.size()), types = std::int64_t(perType.size());
    out.configurations = work(searches, prices, perGroup);
    if (out.configurations > kMaxPlanConfigurations) {
        // What to narrow: the option whose narrowing to one value leaves the least work.
        std::int64_t heaviestType = 0;
        for (const auto& [type, n] : perType)
            heaviestType = std::max(heaviestType, work(n.first, n.second, perGroup));
        const Knob knob = sizes[largestCount].widest();
        const std::int64_t mostOfKnob = sizes[largestCount].byValue[std::size_t(knob)].empty()
            ? largest
            : std::max_element(sizes[largestCount].byValue[std::size_t(knob)].begin(),
                sizes[largestCount].byValue[std::size_t(knob)].end(), [](const auto& a, const auto& b) {
                    return a.second < b.second;
                })->second;
        struct Choice {
            std::string key;
            std::int64_t left; ///< the work left with one value
            std::int64_t values;
            bool pinned;
        };
        std::vector<Choice> choices { { "gpus", work(searches, prices, largest), std::int64_t(counts.size()), false },
            { "prices", work(types, types, perGroup), out.offers, false },
            { "gpu_types", heaviestType, types, false } };
        // A pin that widened the search: its other values out.
        if (options.constraints.limits(knob))
            choices.push_back({ std::string(kKnobKeys[std::size_t(knob)]),
                work(searches, prices, perGroup - largest + mostOfKnob), sizes[largestCount].valuesOf(knob), true });
        const Choice* best = &choices.front();
        for (const Choice& choice : choices)
            if (choice.left < best->left) best = &choice;
        out.problem = Problem(ProblemCode::search_too_large,
            { { "configurations", double(out.configurations) }, { "limit", double(kMaxPlanConfigurations) },
                { "values", double(best->values) }, { "pinned", best->pinned ? 1.0 : 0.0 } },
            best->key);
        if (options.progress) options.progress(1.0);
        return out;
    }
    if (perGroup == 0 && !groups.empty()) {
        // Pins that leave nothing leave nothing in every search: say so once, for the largest count.
        PlanOptions o;
        o.gpus = counts[largestCount];
        o.constraints = options.constraints;
        const PlanResult empty = plan(scenario, o);
        out.problem = empty.problem;
    }

    // The searches, each on all threads; what each keeps is the few cheapest layouts per price.
    const auto k = std::size_t(std::max(0, options.layoutsPerCount));
    const auto top = std::size_t(std::max(0, options.top));
    const std::int64_t estimates = clampedProduct({ searches, perGroup });
    std::int64_t done = 0;
    std::vector<Found> found;
    auto keepFound = [&] {
        if (found.size() <= std::max<std::size_t>(1024, 2 * top)) return;
        std::nth_element(found.begin(), found.begin() + std::ptrdiff_t(top), found.end(), before);
        found.resize(top);
    };
    for (const PriceGroup& group : groups) {
        for (std::size_t c = 0; c < counts.size() && !out.cancelled; ++c) {
            const std::int64_t size = sizes[c].configurations;
            if (size == 0) continue;
            if (options.cancel && options.cancel->load()) {
                out.cancelled = true;
                break;
            }
            Scenario s = scenario;
            applyPrice(s, *group.row, group.pricing);
            PlanOptions o;
            o.gpus = counts[c];
            o.objective = Objective::cost;
            o.constraints = options.constraints;
            o.keepFree = options.keepFree;
            o.threads = options.threads;
            o.cancel = options.cancel;
            if (options.progress)
                o.progress = [&, size](double f) {
                    options.progress(std::min(
                        1.0, (double(done) + f * double(size)) / double(std::max<std::int64_t>(1, estimates))));
                };
            // Per worker, per price: the k cheapest layouts.
            std::vector<std::vector<std::vector<Priced>>> cheapest(
                static_cast<std::size_t>(searchThreads(o)), std::vector<std::vector<Priced>>(group.prices.size()));
            const SearchWalk walked
                = walkSearch(s, o, [&](int worker, Scenario& at, Estimate& e, const Layout& layout) {
                      const double own = at.cost.gpuHourUsd;
                      auto& lists = cheapest[std::size_t(worker)];
                      for (std::size_t i = 0; i < group.prices.size(); ++i) {
                          // The estimate at this price, exactly as a search at this price computes it.
                          at.cost.gpuHourUsd = group.prices[i];
                          priceRun(at, e);
                          keepCheapest(lists[i], { e.training.totalCostUsd, e.training.timeS, layout }, k);
                      }
                      at.cost.gpuHourUsd = own;
                  });
            ++out.searched;
            out.fitting += walked.feasible;
            out.cancelled = walked.cancelled;
            done += size;
            std::vector<std::vector<Priced>> perPrice(group.prices.size());
            for (auto& lists : cheapest)
                for (std::size_t i = 0; i < lists.size(); ++i)
                    for (const Priced& x : lists[i])
                        keepCheapest(perPrice[i], x, k);
            for (const std::size_t index : group.offers) {
                const auto& list = perPrice[offers[index].price];
                for (std::size_t rank = 0; rank < list.size(); ++rank) {
                    if (options.deadlineDays > 0 && !(list[rank].time <= options.deadlineDays * 86400.0)) {
                        ++out.pastDeadline;
                        continue;
                    }
                    found.push_back({ list[rank].cost, index, c, rank, list[rank].layout });
                    keepFound();
                }
            }
        }
        if (out.cancelled) break;
    }
    if (found.size() > top) {
        std::nth_element(found.begin(), found.begin() + std::ptrdiff_t(top), found.end(), before);
        found.resize(top);
    }
    std::sort(found.begin(), found.end(), before);
    for (const Found& f : found) {
        const Offer& offer = offers[f.offer];
        CostPlan p { scenario, {}, offer.row->provider, offer.pricing, offer.usd };
        applyPrice(p.scenario, *offer.row, offer.pricing);
        applyLayout(p.scenario, f.layout);
        p.estimate = estimate(p.scenario);
        p.estimate.range = stepTimeRange(p.scenario);
        out.plans.push_back(std::move(p));
    }
    if (options.progress) options.progress(1.0);
    return out;
}

std::string costPlanToJson(const CostPlanResult& r)
{
    nlohmann::ordered_json doc;
    doc["format"] = "trainplanner-cost-plan";
    doc["version"] = 1;
    doc["configurations"] = r.configurations; // counted before the search
    doc["searched"] = r.searched;
    doc["offers"] = r.offers;
    doc["duplicates"] = r.duplicates;
    doc["fitting"] = r.fitting;
    doc["past_deadline"] = r.pastDeadline;
    doc["cancelled"] = r.cancelled;
    if (r.problem) doc["problem"] = problemToJson(*r.problem);
    nlohmann::ordered_json plans = nlohmann::ordered_json::array();
    for (const CostPlan& p : r.plans) {
        const auto& q = p.scenario.parallel;
        const auto& e = p.estimate;
        nlohmann::ordered_json layout; // a degree per parallel dimension, named as its group ("tp")
        for (const Dimension& d : dimensions())
            layout[std::string(toString(d.group))] = d.of(q);
        layout["zero"] = q.zero;
        layout["recompute"] = std::string(toString(q.recompute));
        layout["micro_batch"] = p.scenario.training.microBatch;
        plans.push_back({ { "gpu", p.scenario.hardware.preset }, { "provider", p.provider },
            { "pricing", std::string(toString(p.pricing)) }, { "gpu_hour_usd", p.priceUsd }, { "gpus", e.gpus },
            { "parallel", layout }, { "memory_bytes", e.memory.total() }, { "step_time_s", e.compute.stepTimeS },
            { "expected_interruptions", e.reliability.expectedInterruptions },
            { "expected_spot_interruptions", e.reliability.expectedSpotInterruptions },
            { "goodput", e.reliability.goodput },
            { "training",
                { { "time_s", e.training.timeS }, { "gpu_hours", e.training.gpuHours },
                    { "total_cost_usd", e.training.totalCostUsd } } } });
    }
    doc["plans"] = plans;
    wordsForNonFinite(doc);
    return core::jsonText(doc);
}

} // namespace core
