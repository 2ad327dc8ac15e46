#include "core/search/plan_io.h"

#include "core/base/json_text.h"
#include "core/base/printable.h"
#include "core/estimate/estimate_io.h"
#include "core/scenario/scenario_io.h"

#include <nlohmann/json.hpp>

#include <sstream>

namespace core {

namespace {

using ojson = nlohmann::ordered_json;

/// A plan's layout as the scenario file writes it: its parallel and training sections.
std::pair<ojson, ojson> knobs(const Scenario& s)
{
    const auto doc = ojson::parse(scenarioToJson(s));
    return { doc["parallel"], doc["training"] };
}

} // namespace

nlohmann::ordered_json problemToJson(const Problem& problem)
{
    ojson out { { "code", problem.codeName() }, { "key", problem.key }, { "message", problem.message() } };
    for (const auto& [name, value] : problem.values)
        out[name] = value;
    return out;
}

std::string planToJson(const PlanResult& r)
{
    ojson doc;
    doc["format"] = "trainplanner-plan";
    doc["version"] = 1;
    doc["configurations"] = r.configurations; // counted before the search
    doc["evaluated"] = r.evaluated;
    doc["feasible"] = r.feasible;
    if (r.excluded > 0) doc["excluded"] = r.excluded; // by plan --pin (written only then)
    if (!r.pins.empty()) {
        // What each pin keeps of the space: with "problem" pins_leave_nothing, which pins to loosen.
        ojson pins = ojson::array();
        for (const PinEffect& pin : r.pins) {
            ojson values = ojson::array();
            for (const int v : pin.values) {
                // As a scenario file writes the key: a word, a flag or a number.
                if (pin.knob == Knob::recompute)
                    values.push_back(knobValueText(pin.knob, v));
                else if (pin.knob == Knob::sequence_parallel)
                    values.push_back(v != 0);
                else
                    values.push_back(v);
            }
            pins.push_back({ { "key", std::string(kKnobKeys[std::size_t(pin.knob)]) }, { "values", values },
                { "keeps", pin.keeps } });
        }
        doc["pins"] = pins;
    }
    if (r.problem) doc["problem"] = problemToJson(*r.problem);
    doc["rejected"] = ojson::object();
    for (const auto& [code, count] : r.rejected)
        doc["rejected"][std::string(toString(code))] = count;
    ojson plans = ojson::array(), pareto = ojson::array();
    for (const auto& p : r.plans) {
        const auto [parallel, training] = knobs(p.scenario);
        plans.push_back({ { "parallel", parallel }, { "training", training },
            { "within_best_range", p.withinBestRange }, { "estimate", ojson::parse(estimateToJson(p.estimate)) } });
    }
    for (const auto& p : r.pareto)
        pareto.push_back({ { "parallel", knobs(p.scenario).first }, { "micro_batch", p.scenario.training.microBatch },
            { "memory_bytes", p.estimate.memory.total() }, { "step_time_s", p.estimate.compute.stepTimeS } });
    doc["plans"] = plans;
    doc["pareto"] = pareto;
    wordsForNonFinite(doc);
    return core::jsonText(doc);
}

std::string planToCsv(const PlanResult& r)
{
    std::ostringstream os;
    // A column per parallel dimension, named as its group ("tp"), in core::dimensions()' order.
    os << "rank";
    for (const Dimension& d : dimensions())
        os << ',' << toString(d.group);
    os << ",zero,sequence_parallel,recompute,virtual_stages,micro_batch,memory_per_gpu_bytes,"
          "step_time_s,mfu,comm_share,training_time_s,cost_usd,within_best_range\n";
    int rank = 0;
    for (const auto& p : r.plans) {
        const auto& q = p.scenario.parallel;
        const auto& e = p.estimate;
        os << ++rank;
        for (const Dimension& d : dimensions())
            os << ',' << d.of(q);
        os << ',' << q.zero << ',' << (q.sequenceParallel ? 1 : 0) << ',' << toString(q.recompute) << ','
           << q.virtualStages << ',' << p.scenario.training.microBatch << ',' << csvNumber(e.memory.total()) << ','
           << csvNumber(e.compute.stepTimeS) << ',' << csvNumber(e.compute.mfu) << ','
           << csvNumber(e.communication.shareOfStep) << ',' << csvNumber(e.training.timeS) << ','
           << csvNumber(e.training.costUsd) << ',' << (p.withinBestRange ? 1 : 0) << '\n';
    }
    return os.str();
}

std::string sweepToJson(const SweepResult& r, const std::string& key)
{
    ojson doc;
    doc["format"] = "trainplanner-sweep";
    doc["version"] = 1;
    doc["key"] = key;
    ojson points = ojson::array();
    for (const auto& p : r.points) {
        ojson point;
        point["value"] = p.value;
        point["estimate"] = ojson::parse(estimateToJson(p.estimate));
        points.push_back(point);
    }
    doc["points"] = points;
    wordsForNonFinite(doc);
    return core::jsonText(doc);
}

std::string sweepToCsv(const SweepResult& r, const std::string& key)
{
    // A GPU-count sweep varies the GPUs themselves: one column, not "gpus,gpus".
    const bool byGpus = key == "gpus";
    std::ostringstream os;
    os << (byGpus ? std::string() : key + ",")
       << "gpus,memory_per_gpu_bytes,fits,step_time_s,mfu,comm_share,tokens_per_s,training_time_s,cost_usd\n";
    for (const auto& p : r.points) {
        const auto& e = p.estimate;
        if (!byGpus) os << escapeControls(p.value) << ',';
        os << e.gpus << ',' << csvNumber(e.memory.total()) << ',' << (e.memory.fits() ? 1 : 0) << ','
           << csvNumber(e.compute.stepTimeS) << ',' << csvNumber(e.compute.mfu) << ','
           << csvNumber(e.communication.shareOfStep) << ',' << csvNumber(e.compute.tokensPerS) << ','
           << csvNumber(e.training.timeS) << ',' << csvNumber(e.training.costUsd) << '\n';
    }
    return os.str();
}

} // namespace core
