#include "core/prices.h"

#include "core/estimate_io.h"
#include "core/json_reader.h"
#include "core/presets.h"

#include <algorithm>
#include <cmath>

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

CostPlanResult planCost(const Scenario& scenario, const PriceTable& table, const CostPlanOptions& options)
{
    CostPlanResult out;
    std::vector<int> counts;
    for (int n = 1; n < options.maxGpus; n *= 2)
        counts.push_back(n);
    counts.push_back(std::max(1, options.maxGpus));
    // The work: each (price, pricing, count) the table offers for the GPU types asked for.
    struct Job {
        const Price* price;
        Pricing pricing;
        int gpus;
    };
    std::vector<Job> jobs;
    for (const std::string& type : options.gpuTypes)
        if (std::none_of(table.prices.begin(), table.prices.end(), [&](const Price& p) { return p.gpu == type; }))
            out.unknownGpuTypes.push_back(type);
    for (const Price& price : table.prices) {
        if (!options.gpuTypes.empty()
            && std::find(options.gpuTypes.begin(), options.gpuTypes.end(), price.gpu) == options.gpuTypes.end())
            continue;
        for (const Pricing pricing : { Pricing::on_demand, Pricing::reserved, Pricing::spot })
            if (price.priceOf(pricing))
                for (const int n : counts)
                    jobs.push_back({ &price, pricing, n });
    }
    for (std::size_t i = 0; i < jobs.size(); ++i) {
        if (options.cancel && options.cancel->load()) {
            out.cancelled = true;
            break;
        }
        const Job& job = jobs[i];
        Scenario s = scenario;
        applyPrice(s, *job.price, job.pricing);
        PlanOptions plan;
        plan.gpus = job.gpus;
        plan.objective = Objective::cost;
        plan.top = options.layoutsPerCount;
        plan.threads = 1; // the searches are many and small: one thread each keeps the order exact
        plan.cancel = options.cancel;
        const PlanResult found = core::plan(s, plan);
        ++out.searched;
        out.fitting += found.feasible;
        for (const Plan& p : found.plans) {
            if (options.deadlineDays > 0 && !(p.estimate.training.timeS <= options.deadlineDays * 86400.0)) {
                ++out.pastDeadline;
                continue;
            }
            out.plans.push_back(
                { p.scenario, p.estimate, job.price->provider, job.pricing, *job.price->priceOf(job.pricing) });
        }
        if (options.progress) options.progress(double(i + 1) / double(jobs.size()));
    }
    std::stable_sort(out.plans.begin(), out.plans.end(), [](const CostPlan& a, const CostPlan& b) {
        return a.estimate.training.totalCostUsd < b.estimate.training.totalCostUsd;
    });
    if (int(out.plans.size()) > options.top) out.plans.resize(std::size_t(std::max(0, options.top)));
    return out;
}

std::string costPlanToJson(const CostPlanResult& r)
{
    nlohmann::ordered_json doc;
    doc["format"] = "trainplanner-cost-plan";
    doc["version"] = 1;
    doc["searched"] = r.searched;
    doc["fitting"] = r.fitting;
    doc["past_deadline"] = r.pastDeadline;
    doc["cancelled"] = r.cancelled;
    nlohmann::ordered_json plans = nlohmann::ordered_json::array();
    for (const CostPlan& p : r.plans) {
        const auto& q = p.scenario.parallel;
        const auto& e = p.estimate;
        plans.push_back({ { "gpu", p.scenario.hardware.preset }, { "provider", p.provider },
            { "pricing", std::string(toString(p.pricing)) }, { "gpu_hour_usd", p.priceUsd }, { "gpus", e.gpus },
            { "parallel",
                { { "tp", q.tp }, { "pp", q.pp }, { "dp", q.dp }, { "cp", q.cp }, { "ep", q.ep }, { "zero", q.zero },
                    { "recompute", std::string(toString(q.recompute)) },
                    { "micro_batch", p.scenario.training.microBatch } } },
            { "memory_bytes", e.memory.total() }, { "step_time_s", e.compute.stepTimeS },
            { "expected_interruptions", e.reliability.expectedInterruptions },
            { "expected_spot_interruptions", e.reliability.expectedSpotInterruptions },
            { "goodput", e.reliability.goodput },
            { "training",
                { { "time_s", e.training.timeS }, { "gpu_hours", e.training.gpuHours },
                    { "total_cost_usd", e.training.totalCostUsd } } } });
    }
    doc["plans"] = plans;
    wordsForNonFinite(doc);
    return doc.dump(2) + "\n";
}

} // namespace core
