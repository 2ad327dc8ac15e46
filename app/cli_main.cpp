// trainplanner-cli: the estimation model without a display (DESIGN.md "Command line").
// Exit codes: 0 done; 2 bad input or usage (message on stderr, nothing on stdout); 3 an output
// could not be written.

#include "architecture.h"
#include "estimate.h"
#include "estimate_io.h"
#include "fidelity.h"
#include "hf_import.h"
#include "number_format.h"
#include "planner.h"
#include "presets.h"
#include "scenario_io.h"
#include "sweep.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

namespace {

constexpr int kBadInput = 2;
constexpr int kCannotWrite = 3;

/// Writes the whole text to stdout, or reports that it could not.
int emit(const std::string& text)
{
    std::cout << text << std::flush;
    if (!std::cout) {
        std::cerr << "trainplanner-cli: cannot write the output\n";
        return kCannotWrite;
    }
    return 0;
}

/// Loads FILE ("-" = the bundled default scenario) and applies --set overrides.
std::optional<core::Scenario> loadWithOverrides(const std::string& file, const std::vector<std::string>& overrides)
{
    core::ScenarioResult result;
    if (file == "-") result = {core::defaultScenario(), {}};
    else result = core::loadScenarioFile(file);
    if (!result.ok()) {
        std::cerr << "trainplanner-cli: " << result.error.toString() << "\n";
        return std::nullopt;
    }
    core::Scenario s = *result.scenario;
    for (const auto& o : overrides) {
        if (auto error = core::applyOverride(s, o)) {
            std::cerr << "trainplanner-cli: --set " << o << ": " << error->toString() << "\n";
            return std::nullopt;
        }
    }
    return s;
}

/// One row per sweep point: the figures a scaling chart needs, in base units.
std::string sweepText(const core::SweepResult& r, const std::string& column, const std::string& format)
{
    std::ostringstream os;
    if (format == "json") {
        nlohmann::ordered_json doc;
        doc["format"] = "trainplanner-sweep";
        doc["version"] = 1;
        doc["key"] = column;
        nlohmann::ordered_json points = nlohmann::ordered_json::array();
        for (const auto& p : r.points) {
            nlohmann::ordered_json point;
            point["value"] = p.value;
            point["estimate"] = nlohmann::ordered_json::parse(core::estimateToJson(p.estimate));
            points.push_back(point);
        }
        doc["points"] = points;
        return doc.dump(2) + "\n";
    }
    const bool csv = format == "csv";
    char line[320];
    if (csv)
        os << column << ",gpus,memory_per_gpu_bytes,fits,step_time_s,mfu,comm_share,tokens_per_s,training_time_s,cost_usd\n";
    else {
        std::snprintf(line, sizeof line, "%-14s %7s %12s %5s %10s %7s %8s %12s %10s %14s\n", column.c_str(), "GPUs", "GiB/GPU", "fits",
                      "step (s)", "MFU", "comm", "tokens/s", "days", "cost (USD)");
        os << line;
    }
    for (const auto& p : r.points) {
        const auto& e = p.estimate;
        if (csv) {
            using core::csvNumber;
            os << p.value << ',' << e.gpus << ',' << csvNumber(e.memory.total()) << ',' << (e.memory.fits() ? 1 : 0) << ','
               << csvNumber(e.compute.stepTimeS) << ',' << csvNumber(e.compute.mfu) << ','
               << csvNumber(e.communication.shareOfStep) << ',' << csvNumber(e.compute.tokensPerS) << ','
               << csvNumber(e.training.timeS) << ',' << csvNumber(e.training.costUsd) << '\n';
            continue;
        } else {
            std::snprintf(line, sizeof line, "%-14s %7d %12.2f %5s %10.3f %6.1f%% %7.1f%% %12.0f %10.1f %14.0f\n", p.value.c_str(),
                          e.gpus, e.memory.total() / 1073741824.0, e.memory.fits() ? "yes" : "no", e.compute.stepTimeS,
                          e.compute.mfu * 100, e.communication.shareOfStep * 100, e.compute.tokensPerS,
                          e.training.timeS / 86400, e.training.costUsd);
        }
        os << line;
    }
    return os.str();
}

std::string precisionText(double start, double update, std::int64_t steps, const std::string& format)
{
    const auto runs = core::precisionLab(start, update, steps);
    const double exact = start + double(steps) * update;
    std::ostringstream os;
    if (format == "json") {
        nlohmann::ordered_json doc;
        doc["format"] = "trainplanner-precision";
        doc["version"] = 1;
        doc["start"] = start;
        doc["update"] = update;
        doc["steps"] = steps;
        doc["exact"] = exact;
        nlohmann::ordered_json results = nlohmann::ordered_json::array();
        for (const auto& r : runs)
            results.push_back({{"format", core::toString(r.format)},
                               {"rounding", core::toString(r.rounding)},
                               {"kahan", r.kahan},
                               {"final", r.final},
                               {"trajectory", r.trajectory},
                               {"trajectory_steps", r.trajectorySteps}});
        doc["results"] = results;
        nlohmann::ordered_json formats = nlohmann::ordered_json::array();
        for (const auto& f : core::formatInfos())
            formats.push_back({{"name", f.name},
                               {"exponent_bits", f.exponentBits},
                               {"mantissa_bits", f.mantissaBits},
                               {"max_finite", f.maxFinite},
                               {"min_normal", f.minNormal},
                               {"min_subnormal", f.minSubnormal},
                               {"spacing_at_one", f.spacingAtOne},
                               {"smallest_kept_ratio", f.smallestKeptRatio}});
        doc["formats"] = formats;
        return doc.dump(2) + "\n";
    }
    if (format == "csv") {
        os << "format,rounding,kahan,step,value\n";
        for (const auto& r : runs)
            for (std::size_t i = 0; i < r.trajectory.size(); ++i)
                os << core::toString(r.format) << ',' << core::toString(r.rounding) << ',' << (r.kahan ? 1 : 0) << ','
                   << r.trajectorySteps[i] << ',' << core::csvNumber(r.trajectory[i]) << '\n';
        return os.str();
    }
    char line[200];
    std::snprintf(line, sizeof line, "w = %.9g, then %lld updates of %.9g (exact result %.9g)\n\n", start, static_cast<long long>(steps),
                  update, exact);
    os << line;
    std::snprintf(line, sizeof line, "%-10s %-11s %-6s %22s %12s %20s\n", "format", "rounding", "kahan", "final", "error", "smallest kept u/w");
    os << line;
    for (const auto& r : runs) {
        std::snprintf(line, sizeof line, "%-10s %-11s %-6s %22.17g %11.2f%% %20.3g\n", core::toString(r.format).c_str(),
                      core::toString(r.rounding).c_str(), r.kahan ? "yes" : "no", r.final, (r.final - exact) / exact * 100,
                      core::formatInfo(r.format).smallestKeptRatio);
        os << line;
    }
    return os.str();
}

std::string planText(const core::PlanResult& r, const std::string& format)
{
    std::ostringstream os;
    auto knobs = [](const core::Scenario& s) {
        const auto doc = nlohmann::ordered_json::parse(core::scenarioToJson(s));
        return std::pair{doc["parallel"], doc["training"]};
    };
    if (format == "json") {
        nlohmann::ordered_json doc;
        doc["format"] = "trainplanner-plan";
        doc["version"] = 1;
        doc["evaluated"] = r.evaluated;
        doc["feasible"] = r.feasible;
        doc["rejected"] = r.rejected;
        nlohmann::ordered_json plans = nlohmann::ordered_json::array(), pareto = nlohmann::ordered_json::array();
        for (const auto& p : r.plans) {
            const auto [parallel, training] = knobs(p.scenario);
            plans.push_back({{"parallel", parallel},
                             {"training", training},
                             {"estimate", nlohmann::ordered_json::parse(core::estimateToJson(p.estimate))}});
        }
        for (const auto& p : r.pareto)
            pareto.push_back({{"parallel", knobs(p.scenario).first},
                              {"micro_batch", p.scenario.training.microBatch},
                              {"memory_bytes", p.estimate.memory.total()},
                              {"step_time_s", p.estimate.compute.stepTimeS}});
        doc["plans"] = plans;
        doc["pareto"] = pareto;
        return doc.dump(2) + "\n";
    }
    const bool csv = format == "csv";
    char line[400];
    if (csv) os << "rank,tp,pp,dp,cp,ep,zero,sequence_parallel,recompute,virtual_stages,micro_batch,memory_per_gpu_bytes,step_time_s,mfu,comm_share,training_time_s,cost_usd\n";
    else {
        std::snprintf(line, sizeof line, "%lld configurations evaluated, %lld fit\n", static_cast<long long>(r.evaluated),
                      static_cast<long long>(r.feasible));
        os << line;
        for (const auto& [reason, count] : r.rejected) os << "  rejected " << count << ": " << reason << "\n";
        std::snprintf(line, sizeof line, "\n%4s %3s %3s %5s %3s %3s %4s %3s %-9s %2s %3s %9s %9s %6s %6s %9s %14s\n", "rank", "TP", "PP", "DP",
                      "CP", "EP", "ZeRO", "SP", "recompute", "v", "mb", "GiB/GPU", "step (s)", "MFU", "comm", "days", "cost (USD)");
        os << line;
    }
    int rank = 0;
    for (const auto& p : r.plans) {
        const auto& q = p.scenario.parallel;
        const auto& e = p.estimate;
        ++rank;
        if (csv) {
            using core::csvNumber;
            os << rank << ',' << q.tp << ',' << q.pp << ',' << q.dp << ',' << q.cp << ',' << q.ep << ',' << q.zero << ','
               << (q.sequenceParallel ? 1 : 0) << ',' << core::toString(q.recompute) << ',' << q.virtualStages << ','
               << p.scenario.training.microBatch << ',' << csvNumber(e.memory.total()) << ',' << csvNumber(e.compute.stepTimeS) << ','
               << csvNumber(e.compute.mfu) << ',' << csvNumber(e.communication.shareOfStep) << ',' << csvNumber(e.training.timeS) << ','
               << csvNumber(e.training.costUsd) << '\n';
        } else {
            std::snprintf(line, sizeof line, "%4d %3d %3d %5d %3d %3d %4d %3s %-9s %2d %3d %9.1f %9.3f %5.1f%% %5.1f%% %9.1f %14.0f\n", rank, q.tp,
                          q.pp, q.dp, q.cp, q.ep, q.zero, q.sequenceParallel ? "on" : "-", std::string(core::toString(q.recompute)).c_str(),
                          q.virtualStages, p.scenario.training.microBatch, e.memory.total() / 1073741824.0, e.compute.stepTimeS,
                          e.compute.mfu * 100, e.communication.shareOfStep * 100, e.training.timeS / 86400, e.training.costUsd);
            os << line;
        }
    }
    if (!csv && r.plans.empty()) os << "no configuration fits: try more GPUs, a smaller micro-batch or offload\n";
    return os.str();
}

std::string presetsText(bool models, bool gpus)
{
    std::ostringstream os;
    if (models) {
        os << "Models (name, label, parameters, source)\n";
        for (const auto& m : core::modelPresets())
            os << "  " << m.name << "\t" << m.label << "\t" << core::totalParameters(m.arch) << "\t" << m.source << "\n";
    }
    if (gpus) {
        os << "GPUs (name, label, memory GiB, bf16 TFLOP/s, NVLink GB/s, network GB/s, TDP W)\n";
        for (const auto& g : core::gpuPresets()) {
            const auto bf16 = g.spec.peakTflops.find(core::DType::bf16);
            os << "  " << g.name << "\t" << g.spec.name << "\t" << g.spec.memoryGib << "\t"
               << (bf16 == g.spec.peakTflops.end() ? std::string("-") : std::to_string(bf16->second)) << "\t"
               << g.spec.intraNodeGBps << "\t" << g.spec.interNodeGBps << "\t" << g.spec.tdpWatts << "\n";
        }
    }
    return os.str();
}

/// The fidelity table (docs/FIDELITY.md): every published run, predicted against published.
std::string publishedText(const std::string& format)
{
    const core::FidelitySummary summary = core::validatePublished();
    std::ostringstream os;
    if (format == "json") {
        nlohmann::ordered_json rows = nlohmann::ordered_json::array();
        for (const auto& r : summary.rows)
            rows.push_back({{"id", r.run->id},
                            {"metric", std::string(core::toString(r.run->metric))},
                            {"role", r.run->calibration ? "calibration" : "validation"},
                            {"published", r.run->published},
                            {"predicted", r.predicted},
                            {"error", r.error},
                            {"source", r.run->source}});
        nlohmann::ordered_json doc{{"format", "trainplanner-fidelity"},
                                   {"version", 1},
                                   {"throughput_mean_abs_error", summary.throughputMeanAbsError},
                                   {"memory_mean_abs_error", summary.memoryMeanAbsError},
                                   {"runs", rows}};
        return doc.dump(2) + "\n";
    }
    if (format == "csv") {
        os << "id,metric,role,published,predicted,error\n";
        for (const auto& r : summary.rows)
            os << r.run->id << ',' << core::toString(r.run->metric) << ',' << (r.run->calibration ? "calibration" : "validation") << ','
               << core::csvNumber(r.run->published) << ',' << core::csvNumber(r.predicted) << ',' << core::csvNumber(r.error) << '\n';
        return os.str();
    }
    char line[256];
    std::snprintf(line, sizeof line, "%-32s %-16s %-11s %12s %12s %8s\n", "run", "metric", "role", "published", "predicted", "error");
    os << line;
    for (const auto& r : summary.rows) {
        std::snprintf(line, sizeof line, "%-32s %-16s %-11s %12.4g %12.4g %+7.1f%%\n", r.run->id.c_str(),
                      std::string(core::toString(r.run->metric)).c_str(), r.run->calibration ? "calibration" : "validation",
                      r.run->published, r.predicted, r.error * 100);
        os << line;
    }
    std::snprintf(line, sizeof line, "\nout of sample, mean |error|: throughput %.1f %%, peak memory %.1f %%\n",
                  summary.throughputMeanAbsError * 100, summary.memoryMeanAbsError * 100);
    os << line;
    return os.str();
}

} // namespace

int main(int argc, char** argv)
{
    CLI::App app{"TrainPlanner: will an LLM training run fit, and how should it be split?\n"
                 "Examples:\n"
                 "  trainplanner-cli estimate my.tpscenario.json --format text\n"
                 "  trainplanner-cli estimate - --set parallel.zero=3 --set parallel.dp=64\n"
                 "  trainplanner-cli sweep - --gpus 8..1024 --set parallel.zero=3\n"
                 "  trainplanner-cli sweep - --vary parallel.recompute=none,selective,full --format csv\n"
                 "  trainplanner-cli plan - --gpus 64 --top 5 --objective cost\n"
                 "  trainplanner-cli precision --start 1 --update 1e-4 --steps 10000\n"
                 "  trainplanner-cli validate my.tpscenario.json\n"
                 "  trainplanner-cli presets models\n"
                 "  trainplanner-cli validate-published\n"
                 "  trainplanner-cli import-config config.json -o my.tpscenario.json",
                 "trainplanner-cli"};
    app.set_version_flag("--version", std::string("trainplanner-cli ") + TRAINPLANNER_VERSION);
    app.require_subcommand(1);

    std::string file, format = "json";
    std::vector<std::string> overrides;

    auto* est = app.add_subcommand("estimate", "Estimate a scenario file (\"-\" for the bundled default)");
    est->add_option("FILE", file, "scenario file (*.tpscenario.json), or - for the default")->required();
    est->add_option("--format", format, "output format")->check(CLI::IsMember({"json", "csv", "text"}));
    est->add_option("--set", overrides, "override a key, e.g. --set parallel.tp=8 (repeatable)");

    auto* val = app.add_subcommand("validate", "Check a scenario file; print its problems");
    val->add_option("FILE", file, "scenario file")->required();

    std::string vary, gpuRange;
    auto* swp = app.add_subcommand("sweep", "One estimate per value of a key, or per GPU count (powers of two)");
    swp->add_option("FILE", file, "scenario file, or - for the default")->required();
    auto* varyOpt = swp->add_option("--vary", vary, "KEY.PATH=V1,V2,... e.g. parallel.zero=0,1,2,3");
    auto* gpusOpt = swp->add_option("--gpus", gpuRange, "MIN..MAX total GPUs, scaling DP at fixed TP/PP/CP, e.g. 8..4096");
    varyOpt->excludes(gpusOpt);
    swp->add_option("--format", format, "output format")->check(CLI::IsMember({"json", "csv", "text"}));
    swp->add_option("--set", overrides, "override a key before sweeping (repeatable)");

    int planGpus = 0, top = 10;
    std::string objective = "time";
    auto* pln = app.add_subcommand("plan", "Search every parallel configuration on N GPUs and rank those that fit");
    pln->add_option("FILE", file, "scenario file, or - for the default")->required();
    pln->add_option("--gpus", planGpus, "number of GPUs")->required()->check(CLI::Range(1, 1'000'000));
    pln->add_option("--top", top, "how many plans to print (default 10)")->check(CLI::Range(1, 1000));
    pln->add_option("--objective", objective, "rank by training time, cost, or memory headroom within 25 % of the fastest")
        ->check(CLI::IsMember({"time", "cost", "memory"}));
    pln->add_option("--format", format, "output format")->check(CLI::IsMember({"json", "csv", "text"}));
    pln->add_option("--set", overrides, "override a key before planning (repeatable)");

    double start = 1.0, update = 1e-4;
    std::int64_t steps = 10'000;
    auto* prec = app.add_subcommand("precision", "Number-format lab: repeat w <- round(w + u) in fp32, bf16, fp16 and fp8");
    prec->add_option("--start", start, "initial weight (default 1.0)")->check(CLI::Range(-1e30, 1e30));
    prec->add_option("--update", update, "update added each step (default 1e-4)")->check(CLI::Range(-1e30, 1e30));
    prec->add_option("--steps", steps, "number of updates, 1 to 10,000,000 (default 10000)")->check(CLI::Range(std::int64_t(1), std::int64_t(10'000'000)));
    prec->add_option("--format", format, "output format")->check(CLI::IsMember({"json", "csv", "text"}));

    auto* pub = app.add_subcommand("validate-published", "Compare the estimate with published training runs (docs/FIDELITY.md)");
    pub->add_option("--format", format, "output format")->check(CLI::IsMember({"json", "csv", "text"}));

    std::string output;
    auto* imp = app.add_subcommand("import-config", "Read a Hugging Face config.json and write a scenario with that model");
    imp->add_option("FILE", file, "config.json of a llama, mistral, mixtral, qwen2, qwen2_moe, gemma, gemma2, phi3 or gpt2 model")
        ->required();
    imp->add_option("-o,--output", output, "write the scenario here instead of to standard output");

    std::string which = "all";
    auto* pre = app.add_subcommand("presets", "List the model and GPU catalogs");
    pre->add_option("WHAT", which, "models, gpus or all")->check(CLI::IsMember({"models", "gpus", "all"}));

    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        const std::string first = argc > 1 ? argv[1] : "";
        if (!first.empty() && first[0] != '-' && app.get_subcommands([&](CLI::App* sub) { return sub->get_name() == first; }).empty())
            std::cerr << "trainplanner-cli: unknown command \"" << first << "\" (commands: estimate, sweep, plan, validate, validate-published, import-config, presets, precision)\n";
        else
            std::cerr << "trainplanner-cli: " << e.what() << "\n";
        std::cerr << "(run trainplanner-cli --help)\n";
        return kBadInput;
    }

    if (*pre) return emit(presetsText(which != "gpus", which != "models"));
    if (*pub) return emit(publishedText(pub->count("--format") ? format : "text"));
    if (*imp) {
        const core::ImportResult r = core::importHfConfigFile(file);
        if (!r.ok()) {
            std::cerr << "trainplanner-cli: " << file << ": " << r.error.toString() << "\n";
            return kBadInput;
        }
        // What was read goes to stderr, so that stdout stays a valid scenario file.
        const core::ParameterBreakdown counts = core::countParameters(r.model->arch);
        std::cerr << r.model->modelType << ": " << std::llround(counts.total()) << " parameters";
        if (counts.mtpLayers > 0)
            std::cerr << " (" << std::llround(counts.mainModel()) << " in the main model, " << std::llround(counts.total() - counts.mainModel())
                      << " in " << counts.mtpLayers << " multi-token prediction module(s))";
        std::cerr << "\n";
        for (const auto& m : r.model->mapped) std::cerr << "  " << m.from << " -> " << m.to << " = " << m.value << "\n";
        for (const auto& n : r.model->notes) std::cerr << "  note: " << n << "\n";
        const std::string text = core::scenarioToJson(core::scenarioFor(*r.model));
        if (output.empty()) return emit(text);
        const std::string tmp = output + ".tmp";
        {
            std::ofstream out(tmp, std::ios::binary);
            if (!(out << text) || !out.flush()) {
                std::cerr << "trainplanner-cli: cannot write " << output << "\n";
                std::remove(tmp.c_str());
                return kCannotWrite;
            }
        }
        if (std::rename(tmp.c_str(), output.c_str()) != 0) {
            std::cerr << "trainplanner-cli: cannot write " << output << "\n";
            std::remove(tmp.c_str());
            return kCannotWrite;
        }
        return 0;
    }
    if (*prec && (!std::isfinite(start) || !std::isfinite(update))) {
        std::cerr << "trainplanner-cli: --start and --update must be finite numbers\n";
        return kBadInput;
    }
    if (*prec) return emit(precisionText(start, update, steps, prec->count("--format") ? format : "text"));

    if (*val) {
        const auto result = core::loadScenarioFile(file);
        if (!result.ok()) {
            std::cerr << "trainplanner-cli: " << result.error.toString() << "\n";
            return kBadInput;
        }
        std::string text = file + ": valid\n";
        for (const auto& w : core::estimate(*result.scenario).warnings)
            text += "  warning: " + w.message() + " [" + w.codeName() + "]\n";
        return emit(text);
    }

    const auto scenario = loadWithOverrides(file, overrides);
    if (!scenario) return kBadInput;

    if (*pln) {
        core::PlanOptions options;
        options.gpus = planGpus;
        options.top = top;
        options.objective = objective == "cost" ? core::Objective::cost : objective == "memory" ? core::Objective::memory : core::Objective::time;
        return emit(planText(core::plan(*scenario, options), pln->count("--format") ? format : "text"));
    }

    if (*swp) {
        core::SweepResult result;
        std::string column;
        if (!gpuRange.empty()) {
            const auto dots = gpuRange.find("..");
            int lo = 0, hi = 0;
            try {
                if (dots == std::string::npos) throw std::invalid_argument("no ..");
                std::size_t used = 0;
                lo = std::stoi(gpuRange.substr(0, dots), &used);
                if (used != dots) throw std::invalid_argument("junk");
                hi = std::stoi(gpuRange.substr(dots + 2), &used);
                if (used != gpuRange.size() - dots - 2) throw std::invalid_argument("junk");
            } catch (const std::exception&) {
                lo = hi = 0;
            }
            if (lo < 1 || hi < lo || hi > 10'000'000) {
                std::cerr << "trainplanner-cli: --gpus must look like MIN..MAX with 1 <= MIN <= MAX <= 10000000, got \"" << gpuRange << "\"\n";
                return kBadInput;
            }
            result = core::sweepGpus(*scenario, lo, hi);
            column = "gpus";
        } else if (!vary.empty()) {
            const auto eq = vary.find('=');
            if (eq == std::string::npos || eq == 0 || eq + 1 == vary.size()) {
                std::cerr << "trainplanner-cli: --vary must look like KEY.PATH=V1,V2,..., got \"" << vary << "\"\n";
                return kBadInput;
            }
            column = vary.substr(0, eq);
            std::vector<std::string> values;
            std::stringstream list(vary.substr(eq + 1));
            for (std::string v; std::getline(list, v, ',');) values.push_back(v);
            result = core::sweepKey(*scenario, column, values);
            if (result.error) {
                std::cerr << "trainplanner-cli: --vary: " << result.error->toString() << "\n";
                return kBadInput;
            }
        } else {
            std::cerr << "trainplanner-cli: sweep needs --vary KEY.PATH=V1,V2,... or --gpus MIN..MAX\n";
            return kBadInput;
        }
        return emit(sweepText(result, column, format == "json" && !swp->count("--format") ? "text" : format));
    }
    const core::Estimate e = core::estimate(*scenario);
    if (format == "csv") return emit(core::estimateToCsv(e));
    if (format == "text") return emit(core::estimateToText(*scenario, e));
    return emit(core::estimateToJson(e));
}
