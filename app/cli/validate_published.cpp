// validate-published: the fidelity table (docs/FIDELITY.md), every published run, predicted against
// published, and the errors by source and by regime.
#include "app/cli/commands.h"
#include "app/cli/common.h"
#include "core/base/json_text.h"
#include "core/estimate/estimate_io.h"
#include "core/fidelity/fidelity.h"
#include "core/fidelity/refit.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <memory>
#include <sstream>

namespace cli {

namespace {

nlohmann::ordered_json groupsJson(const std::vector<core::FidelityGroup>& groups)
{
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (const auto& g : groups)
        out.push_back({ { "kind", g.kind }, { "name", g.name }, { "runs", g.runs },
            { "mean_abs_error", g.meanAbsError }, { "mean_error", g.meanError } });
    return out;
}

nlohmann::ordered_json heldOutJson(const core::LeaveOneSourceOut& loso)
{
    nlohmann::ordered_json sources = nlohmann::ordered_json::array();
    for (const auto& s : loso.sources)
        sources.push_back({ { "source", s.source }, { "runs", s.runs }, { "mean_abs_error", s.meanAbsError },
            { "mean_error", s.meanError }, { "refit", s.refit }, { "efficiency", s.constants.efficiency },
            { "sustained_fraction", s.constants.sustained }, { "host_seconds_per_op", s.host.secondsPerOp },
            { "host_step_s", s.host.stepS }, { "residual_efficiency", s.host.residual } });
    return { { "source_balanced_mean_abs_error", loso.sourceBalancedMeanAbsError }, { "sources", sources } };
}

std::string publishedJson(const core::FidelitySummary& summary, const core::LeaveOneSourceOut& loso)
{
    nlohmann::ordered_json rows = nlohmann::ordered_json::array(), ranks = nlohmann::ordered_json::array();
    for (const auto& a : summary.rankAgreement)
        ranks.push_back(
            { { "source", a.source }, { "first_run", a.firstRun }, { "runs", a.runs }, { "spearman", a.spearman } });
    for (const auto& r : summary.rows)
        rows.push_back(
            { { "id", r.run->id }, { "group", r.run->group }, { "metric", std::string(core::toString(r.run->metric)) },
                { "role", r.run->calibration ? "calibration" : "validation" }, { "published", r.run->published },
                { "predicted", r.predicted }, { "error", r.error }, { "source", r.run->source } });
    nlohmann::ordered_json doc { { "format", "trainplanner-fidelity" }, { "version", 1 },
        { "leave_one_source_out", heldOutJson(loso) }, { "throughput_mean_abs_error", summary.throughputMeanAbsError },
        { "memory_mean_abs_error", summary.memoryMeanAbsError },
        { "throughput_source_balanced_error", summary.throughputSourceBalancedError },
        { "memory_source_balanced_error", summary.memorySourceBalancedError },
        { "out_of_sample_throughput", groupsJson(summary.groups) },
        { "out_of_sample_memory", groupsJson(summary.memoryGroups) }, { "rank_agreement", ranks },
        { "mean_rank_agreement", summary.meanRankAgreement },
        { "decisive_pairs",
            { { "min_gap", core::kDecisiveGap }, { "pairs", summary.decisivePairs },
                { "agreeing", summary.decisivePairsAgreeing } } },
        { "runs", rows } };
    core::wordsForNonFinite(doc);
    return core::jsonText(doc);
}

std::string publishedCsv(const core::FidelitySummary& summary)
{
    std::ostringstream os;
    os << "id,metric,role,published,predicted,error\n";
    for (const auto& r : summary.rows)
        os << r.run->id << ',' << core::toString(r.run->metric) << ','
           << (r.run->calibration ? "calibration" : "validation") << ',' << core::csvNumber(r.run->published) << ','
           << core::csvNumber(r.predicted) << ',' << core::csvNumber(r.error) << '\n';
    return os.str();
}

/// The out-of-sample groups of one metric, under their kind (source, regime).
void groupsText(std::ostringstream& os, const std::vector<core::FidelityGroup>& groups)
{
    char line[256];
    std::string kind;
    for (const auto& g : groups) {
        if (g.kind != kind) os << "  " << (kind = g.kind) << "\n";
        std::snprintf(line, sizeof line, "    %-40s %4d runs   mean |error| %5.1f %%   mean error %+6.1f %%\n",
            g.name.c_str(), g.runs, g.meanAbsError * 100, g.meanError * 100);
        os << line;
    }
}

std::string publishedText(const core::FidelitySummary& summary, const core::LeaveOneSourceOut& loso)
{
    std::ostringstream os;
    char line[256];
    // The honest figure first: each source scored by constants fitted without its runs.
    std::snprintf(line, sizeof line,
        "leave one source out, throughput, source-balanced mean |error|: %.1f %% over %zu sources\n",
        loso.sourceBalancedMeanAbsError * 100, loso.sources.size());
    os << line;
    for (const auto& s : loso.sources) {
        std::snprintf(line, sizeof line, "    %-40s %4d runs   mean |error| %5.1f %%   mean error %+6.1f %%%s\n",
            s.source.c_str(), s.runs, s.meanAbsError * 100, s.meanError * 100, s.refit ? "   (refit without it)" : "");
        os << line;
    }
    os << "\n";
    std::snprintf(line, sizeof line, "%-32s %-16s %-11s %12s %12s %8s\n", "run", "metric", "role", "published",
        "predicted", "error");
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
    std::snprintf(line, sizeof line,
        "out of sample, source-balanced (the mean of each source's mean |error|): throughput %.1f %%, peak memory "
        "%.1f %%\n",
        summary.throughputSourceBalancedError * 100, summary.memorySourceBalancedError * 100);
    os << line;
    os << "\nout-of-sample throughput by source and by regime (mean error > 0: the estimate is optimistic)\n";
    groupsText(os, summary.groups);
    os << "\nout-of-sample peak memory by source and by regime (mean error > 0: the estimate is higher)\n";
    groupsText(os, summary.memoryGroups);
    os << "\nrank agreement: one source, one model and software, three layouts or more (Spearman's rho of predicted "
          "and published throughput)\n";
    for (const auto& a : summary.rankAgreement) {
        std::snprintf(line, sizeof line, "    %-40s %4d runs   rho %+5.2f\n", a.firstRun.c_str(), a.runs, a.spearman);
        os << line;
    }
    std::snprintf(line, sizeof line, "    mean over %zu sets                         rho %+5.2f\n",
        summary.rankAgreement.size(), summary.meanRankAgreement);
    os << line;
    std::snprintf(line, sizeof line, "    pairs measured %.0f %% apart or more, ordered as measured: %d of %d\n",
        core::kDecisiveGap * 100, summary.decisivePairsAgreeing, summary.decisivePairs);
    os << line;
    return os.str();
}

int runValidatePublished(const std::string& format)
{
    const core::FidelitySummary summary = core::validatePublished();
    if (format == "csv") return emit(publishedCsv(summary));
    const core::LeaveOneSourceOut loso = core::leaveOneSourceOut();
    if (format == "json") return emit(publishedJson(summary, loso));
    return emit(publishedText(summary, loso));
}

} // namespace

Command addValidatePublishedCommand(CLI::App& app)
{
    auto format = std::make_shared<std::string>("text");
    auto* pub = app.add_subcommand(
        "validate-published", "Compare the estimate with published training runs (docs/FIDELITY.md)");
    pub->add_option("--format", *format, "output format")->check(CLI::IsMember({ "json", "csv", "text" }));
    return { pub, [format] { return runValidatePublished(*format); } };
}

} // namespace cli
