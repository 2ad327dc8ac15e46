#include "core/fidelity/fidelity.h"

#include "core/base/embedded_data.h"
#include "core/estimate/estimate.h"
#include "core/model/compute_model.h"
#include "core/model/software_stack.h"
#include "core/scenario/architecture.h"
#include "core/scenario/dimensions.h"
#include "core/scenario/json_reader.h"
#include "core/scenario/scenario_io.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <optional>
#include <stdexcept>

namespace core {

namespace {

using detail::json;
using detail::parseLimited;

constexpr std::array<std::string_view, 6> kMetricNames { "peak_memory_gib", "tflops_per_gpu", "mfu", "step_time_s",
    "gpu_hours", "tokens_per_s_per_gpu" };
constexpr std::array<std::string_view, 3> kMeasureNames { "device", "reserved", "allocated" };
constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

std::vector<PublishedRun> parseRuns()
{
    const json doc = parseLimited(embedded::kPublishedJson, "resources/fidelity/published.json");
    std::vector<PublishedRun> runs;
    for (const json& item : doc.at("runs")) {
        PublishedRun run;
        run.id = item.at("id").get<std::string>();
        const auto metric = enumFromName<FidelityMetric>(item.at("metric").get<std::string>(), kMetricNames);
        if (!metric) throw std::runtime_error("published.json: run " + run.id + ": unknown metric");
        run.metric = *metric;
        run.published = item.at("published").get<double>();
        run.calibration = item.at("role").get<std::string>() == "calibration";
        run.group = item.at("group").get<std::string>();
        run.campaign = item.contains("campaign") ? item.at("campaign").get<std::string>() : run.group;
        run.source = item.at("source").get<std::string>();
        ScenarioResult parsed = parseScenario(item.at("scenario").dump());
        if (!parsed.scenario) throw std::runtime_error("published.json: run " + run.id + ": " + parsed.error.message);
        run.scenario = *parsed.scenario;
        if (run.metric == FidelityMetric::peak_memory_gib) {
            const auto measure = item.contains("measure")
                ? enumFromName<MemoryMeasure>(item.at("measure").get<std::string>(), kMeasureNames)
                : std::nullopt;
            if (!measure)
                throw std::runtime_error(
                    "published.json: run " + run.id + ": \"measure\" must be device, reserved or allocated");
            run.measure = *measure;
        }
        runs.push_back(std::move(run));
    }
    return runs;
}

/// The comma-separated fields of one line (no quoting: vTrain's files have none).
std::vector<std::string_view> csvFields(std::string_view line)
{
    std::vector<std::string_view> out;
    for (std::size_t at = 0;;) {
        const std::size_t comma = line.find(',', at);
        out.push_back(line.substr(at, comma == std::string_view::npos ? std::string_view::npos : comma - at));
        if (comma == std::string_view::npos) return out;
        at = comma + 1;
    }
}

/// vTrain's measured iterations (resources/fidelity/vtrain/README.md) as published runs: each row's
/// GPT model, layout and batch with what their configuration files fix — Megatron-DeepSpeed, fp16 with
/// fp32 master weights and Adam states (gradients in fp16, Megatron's default for fp16), full
/// recomputation, Megatron's softmax, no sequence parallelism, ZeRO off, 1F1B, A100 SXM with 8 per
/// node and 12.5 GB/s of InfiniBand per GPU. Every fourth row of a file is a calibration row (declared
/// before any row was scored).
void appendVtrainRuns(std::vector<PublishedRun>& runs, std::string_view csv, bool multiNode)
{
    const std::string group = multiNode ? "vTrain multi-node (KAIST)" : "vTrain single-node (KAIST)";
    std::vector<std::string_view> header;
    int row = -1;
    for (std::size_t at = 0; at < csv.size();) {
        std::size_t end = csv.find('\n', at);
        if (end == std::string_view::npos) end = csv.size();
        std::string_view line = csv.substr(at, end - at);
        at = end + 1;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (line.empty()) continue;
        const auto fields = csvFields(line);
        if (header.empty()) {
            header = fields;
            continue;
        }
        ++row;
        auto field = [&](std::string_view name) {
            const auto it = std::find(header.begin(), header.end(), name);
            if (it == header.end() || fields.size() != header.size())
                throw std::runtime_error(group + ": row " + std::to_string(row) + ": no " + std::string(name));
            // std::from_chars reads the "C" notation whatever the process's locale: std::stod stopped at
            // the '.' of 372.160408 once the app had set a decimal-comma locale (setlocale).
            std::string_view text = fields[std::size_t(it - header.begin())];
            while (!text.empty() && text.front() == ' ')
                text.remove_prefix(1);
            while (!text.empty() && text.back() == ' ')
                text.remove_suffix(1);
            double value = 0;
            const auto [stop, error] = std::from_chars(text.data(), text.data() + text.size(), value);
            if (error != std::errc() || stop != text.data() + text.size())
                throw std::runtime_error(
                    group + ": row " + std::to_string(row) + ": " + std::string(name) + " is not a number");
            return value;
        };
        const int tp = int(field("tensor parallelism"));
        const int seq = int(field("sequence length"));
        const int hidden = int(field("hidden size"));
        // Megatron pads GPT-2's 50,257 tokens to a multiple of 128 × TP (--make-vocab-size-divisible-by).
        const int multiple = 128 * tp;
        const int vocab = (50257 + multiple - 1) / multiple * multiple;
        const json scenario {
            { "format", "trainplanner-scenario" },
            { "version", 1 },
            { "model",
                { { "layers", int(field("# layers")) }, { "hidden", hidden },
                    { "heads", int(field("attention heads")) }, { "ffn_hidden", 4 * hidden }, { "vocab", vocab },
                    { "mlp", "gelu" }, { "norm", "layernorm" }, { "bias", true }, { "tied_embeddings", true },
                    { "position", "learned" }, { "max_positions", seq }, { "dropout", true } } },
            { "training",
                { { "seq_len", seq }, { "micro_batch", int(field("micro batch")) },
                    { "global_batch", int(field("global batch")) }, { "tokens", 1e10 }, { "optimizer", "adam" },
                    { "method", "full" }, { "framework", "megatron-deepspeed" } } },
            { "precision",
                { { "compute", "fp16" }, { "weights", "fp16" }, { "gradients", "fp16" }, { "master_weights", "fp32" },
                    { "optimizer_states", "fp32" } } },
            { "parallel",
                { { "tp", tp }, { "pp", int(field("pipeline parallelism")) }, { "dp", int(field("data parallelism")) },
                    { "cp", 1 }, { "ep", 1 }, { "zero", 0 }, { "sequence_parallel", false }, { "recompute", "full" },
                    { "flash_attention", false }, { "schedule", "1f1b" } } },
            { "hardware", { { "gpu", "a100-80gb" }, { "gpus_per_node", 8 }, { "inter_node_gbps", 12.5 } } },
        };
        PublishedRun run;
        run.id = (multiNode ? "vtrain-multi-" : "vtrain-single-") + std::to_string(row);
        run.metric = FidelityMetric::step_time_s;
        run.published = field("iteration time (ms)") / 1000;
        run.calibration = row % 4 == 0;
        run.stackCalibration = run.calibration;
        run.group = group;
        run.campaign = group;
        run.source = "VIA-Research/vTrain data/ (MIT), resources/fidelity/vtrain/"
            + std::string(multiNode ? "multi_node_subset.csv" : "single_node_subset.csv") + " row "
            + std::to_string(row);
        ScenarioResult parsed = parseScenario(scenario.dump());
        if (!parsed.scenario) throw std::runtime_error(run.id + ": " + parsed.error.message);
        run.scenario = *parsed.scenario;
        run.scenario.name
            = "vTrain " + std::string(multiNode ? "multi-node" : "single-node") + " row " + std::to_string(row);
        runs.push_back(std::move(run));
    }
}

} // namespace

std::string_view toString(FidelityMetric metric)
{
    return nameOf(metric, kMetricNames);
}
std::string_view toString(MemoryMeasure measure)
{
    return nameOf(measure, kMeasureNames);
}

const std::vector<PublishedRun>& publishedRuns()
{
    static const std::vector<PublishedRun> runs = [] {
        std::vector<PublishedRun> all = parseRuns();
        appendVtrainRuns(all, embedded::kVtrainSingleNodeCsv, false);
        appendVtrainRuns(all, embedded::kVtrainMultiNodeCsv, true);
        return all;
    }();
    return runs;
}

double predictedMetric(const Scenario& s, FidelityMetric metric)
{
    const Estimate e = estimate(s);
    switch (metric) {
    case FidelityMetric::peak_memory_gib:
        return peakMemoryGib(e.memory, MemoryMeasure::device);
    // The published throughput figures all count the attention core over the whole s × s square
    // (Narayanan's and BLOOM's TFLOP/s, Korthikanti's MFU, Megatron-LM's README table of 2024-07, and
    // the Llama 3 paper's MFU, whose formula is not given, as PaLM and torchtitan count): compared in
    // that convention (compute_model.h), not in the estimate's causal one.
    case FidelityMetric::tflops_per_gpu:
        return hardwareFlopsPerStep(s) / (e.compute.stepTimeS * e.gpus) / 1e12;
    case FidelityMetric::mfu:
        return modelFlopsPerStep(s) / (e.compute.stepTimeS * e.gpus * e.compute.peakFlopsPerGpu);
    case FidelityMetric::step_time_s:
        return e.compute.stepTimeS;
    case FidelityMetric::gpu_hours:
        return e.training.gpuHours;
    case FidelityMetric::tokens_per_s_per_gpu:
        return e.compute.tokensPerS / e.gpus;
    }
    return 0;
}

double peakMemoryGib(const MemoryEstimate& memory, MemoryMeasure measure)
{
    // Stages are compared as the measure counts them: the CUDA context and NCCL's buffers are alike on
    // every stage, but the slack follows each stage's allocations.
    double peak = 0;
    for (const StageMemory& st : memory.perStage) {
        double bytes = st.bytes.total();
        if (measure != MemoryMeasure::device) bytes -= st.outsideAllocator;
        if (measure == MemoryMeasure::allocated) bytes -= st.allocatorSlack;
        peak = std::max(peak, bytes);
    }
    return peak / kGiB;
}

double predictedMetric(const PublishedRun& run)
{
    if (run.metric != FidelityMetric::peak_memory_gib) return predictedMetric(run.scenario, run.metric);
    return peakMemoryGib(estimate(run.scenario).memory, run.measure);
}

std::vector<std::pair<std::string, std::string>> regimesOf(const Scenario& s, const std::string& group)
{
    const Parallel& p = s.parallel;
    const double params = s.model.params > 0 ? double(s.model.params) : totalParameters(s.model.arch);
    std::vector<std::pair<std::string, std::string>> out { { "source", group } };
    out.emplace_back("gpu", s.hardware.preset.empty() ? s.hardware.gpu.name : s.hardware.preset);
    out.emplace_back("size",
        params < 1e9        ? "under 1B"
            : params < 1e10 ? "1B-10B"
            : params < 1e11 ? "10B-100B"
                            : "100B and more");
    std::string family = s.model.arch.isMoe() ? "mixture of experts"
        : p.tp > 1 || p.pp > 1                ? "tensor/pipeline (3D)"
        : p.zero >= 2                         ? "FSDP / ZeRO-2/3"
                                              : "data parallel";
    out.emplace_back("parallelism", family);
    const int seq = s.training.seqLen;
    out.emplace_back("sequence",
        seq <= 2048        ? "up to 2k"
            : seq <= 8192  ? "4k-8k"
            : seq <= 32768 ? "16k-32k"
                           : "64k and more");
    const bool fp8 = isFp8(s.precision.compute);
    out.emplace_back("format", fp8 ? "fp8" : "bf16/fp16");
    // Where the model has been weakest: one node or several, TP on narrow layers (small GEMMs and
    // host-bound kernels), fine-tuning.
    out.emplace_back("nodes", p.gpus() <= s.hardware.gpusPerNode ? "one node" : "multi-node");
    if (p.tp > 1 && s.model.arch.hidden <= 4096) out.emplace_back("tp", "TP > 1 at hidden <= 4096");
    out.emplace_back("method", s.training.method == Method::full ? "pre-training" : "fine-tuning (LoRA, QLoRA)");
    return out;
}

namespace {

/// Out-of-sample errors of one kind of figure (peak memory or throughput) by source and by regime,
/// kinds in regimesOf's order, names in first-seen order.
std::vector<FidelityGroup> outOfSampleGroups(const std::vector<FidelityRow>& rows, bool peakMemory)
{
    std::vector<FidelityGroup> groups;
    for (const FidelityRow& row : rows) {
        if (row.run->calibration || (row.run->metric == FidelityMetric::peak_memory_gib) != peakMemory) continue;
        for (const auto& regime : regimesOf(row.run->scenario, row.run->group)) {
            // Not a structured binding: clang 14 (the fuzzing build) cannot capture one in a lambda.
            const auto& kind = regime.first;
            const auto& name = regime.second;
            auto it = std::find_if(
                groups.begin(), groups.end(), [&](const FidelityGroup& g) { return g.kind == kind && g.name == name; });
            if (it == groups.end()) it = groups.insert(groups.end(), FidelityGroup { kind, name });
            ++it->runs;
            it->meanAbsError += std::abs(row.error);
            it->meanError += row.error;
        }
    }
    for (FidelityGroup& g : groups) {
        g.meanAbsError /= g.runs;
        g.meanError /= g.runs;
    }
    // Kinds in regimesOf's order; within a kind, the regimes that have an order in it (sizes and
    // lengths ascending, one node before several, pre-training before fine-tuning), the rest as first seen.
    static const std::array<std::string_view, 9> kinds { "source", "gpu", "size", "parallelism", "sequence", "format",
        "nodes", "tp", "method" };
    static const std::array<std::string_view, 12> ordered { "under 1B", "1B-10B", "10B-100B", "100B and more",
        "up to 2k", "4k-8k", "16k-32k", "64k and more", "one node", "multi-node", "pre-training",
        "fine-tuning (LoRA, QLoRA)" };
    auto rank = [](const FidelityGroup& g) {
        return std::pair(std::find(kinds.begin(), kinds.end(), g.kind) - kinds.begin(),
            std::find(ordered.begin(), ordered.end(), g.name) - ordered.begin());
    };
    std::stable_sort(groups.begin(), groups.end(),
        [&](const FidelityGroup& a, const FidelityGroup& b) { return rank(a) < rank(b); });
    return groups;
}

} // namespace

FidelitySummary validatePublished()
{
    FidelitySummary out;
    double sumT = 0, sumM = 0;
    int nT = 0, nM = 0;
    for (const PublishedRun& run : publishedRuns()) {
        FidelityRow row;
        row.run = &run;
        row.predicted = predictedMetric(run);
        row.error = row.predicted / run.published - 1;
        out.rows.push_back(row);
        if (run.calibration) continue;
        if (run.metric == FidelityMetric::peak_memory_gib) {
            sumM += std::abs(row.error);
            ++nM;
        } else {
            sumT += std::abs(row.error);
            ++nT;
        }
    }
    out.groups = outOfSampleGroups(out.rows, false);
    out.memoryGroups = outOfSampleGroups(out.rows, true);
    // Each source counts once, whatever its number of runs: one large table must not hide the others.
    auto balanced = [](const std::vector<FidelityGroup>& groups) {
        double sum = 0;
        int sources = 0;
        for (const FidelityGroup& g : groups)
            if (g.kind == "source") {
                sum += g.meanAbsError;
                ++sources;
            }
        return sources ? sum / sources : std::nan("");
    };
    out.throughputSourceBalancedError = balanced(out.groups);
    out.memorySourceBalancedError = balanced(out.memoryGroups);
    out.throughputMeanAbsError = nT ? sumT / nT : std::nan("");
    out.memoryMeanAbsError = nM ? sumM / nM : std::nan("");

    // Rank agreement: the out-of-sample throughput runs of one source that differ only in what the
    // planner chooses — TP, PP, DP, CP, EP, ZeRO stage, sequence parallelism, recomputation, the
    // schedule and the micro-batch (and so the GPU count and batch) — on the same model, sequence
    // length, GPU, formats and software (attention kernel, collectives, fused or eager kernels).
    // Runs of one model on two software stacks — two stacks the scenario tells apart, or two tables
    // of a source measured months apart (the run's campaign) — are two sets: which layout is faster
    // is the question, not which stack.
    auto stackOf = [](Scenario s) {
        Parallel& p = s.parallel;
        setDegrees(p, Degrees {});
        p.zero = 0;
        p.gradReduce = GradReduce::per_micro_batch;
        p.sequenceParallel = false;
        p.recompute = Recompute::none;
        p.schedule = Schedule::one_f_one_b;
        p.virtualStages = 1;
        // Megatron pads the vocabulary to a multiple of 128 × TP: the padding follows the layout.
        if (stackProfile(s.training.framework).padsVocabulary) s.model.arch.vocab = 0;
        s.training.microBatch = 1;
        s.training.globalBatch = 0;
        s.training.tokens = 0;
        s.name.clear();
        return s;
    };
    struct Members {
        const FidelityRow* first;
        Scenario stack;
        std::vector<const FidelityRow*> rows;
    };
    std::vector<Members> sets;
    for (const FidelityRow& row : out.rows) {
        const PublishedRun& run = *row.run;
        if (run.calibration || run.metric == FidelityMetric::peak_memory_gib) continue;
        Scenario stack = stackOf(run.scenario);
        auto it = std::find_if(sets.begin(), sets.end(),
            [&](const Members& m) { return m.first->run->campaign == run.campaign && m.stack == stack; });
        if (it == sets.end()) it = sets.insert(sets.end(), Members { &row, std::move(stack), {} });
        it->rows.push_back(&row);
    }
    double sumRho = 0;
    for (const Members& m : sets) {
        std::vector<Scenario> layouts;
        std::vector<double> published, predicted;
        for (const FidelityRow* row : m.rows) {
            Scenario layout = row->run->scenario; // only the knobs that make a layout
            layout.training.tokens = 0;
            layout.training.globalBatch = 0;
            layout.name.clear();
            if (std::find(layouts.begin(), layouts.end(), layout) == layouts.end()) layouts.push_back(layout);
            // Throughput, whatever the metric: time-like metrics invert.
            const bool time
                = row->run->metric == FidelityMetric::gpu_hours || row->run->metric == FidelityMetric::step_time_s;
            published.push_back(time ? 1 / row->run->published : row->run->published);
            predicted.push_back(time ? 1 / row->predicted : row->predicted);
        }
        if (m.rows.size() < 3 || layouts.size() < 3) continue;
        for (std::size_t i = 0; i < published.size(); ++i)
            for (std::size_t j = i + 1; j < published.size(); ++j) {
                if (std::abs(published[i] / published[j] - 1) < kDecisiveGap) continue;
                ++out.decisivePairs;
                if ((published[i] > published[j]) == (predicted[i] > predicted[j])) ++out.decisivePairsAgreeing;
            }
        const double rho = spearmanCorrelation(published, predicted);
        if (!std::isfinite(rho)) continue;
        out.rankAgreement.push_back({ m.first->run->group, m.first->run->id, int(m.rows.size()), rho });
        sumRho += rho;
    }
    out.meanRankAgreement = out.rankAgreement.empty() ? std::nan("") : sumRho / double(out.rankAgreement.size());
    return out;
}

double spearmanCorrelation(const std::vector<double>& a, const std::vector<double>& b)
{
    const std::size_t n = a.size();
    if (n < 2 || b.size() != n) return std::nan("");
    auto ranks = [n](const std::vector<double>& x) {
        std::vector<std::size_t> order(n);
        for (std::size_t i = 0; i < n; ++i)
            order[i] = i;
        std::sort(order.begin(), order.end(), [&](std::size_t i, std::size_t j) { return x[i] < x[j]; });
        std::vector<double> r(n);
        for (std::size_t i = 0; i < n;) {
            std::size_t j = i;
            while (j + 1 < n && x[order[j + 1]] == x[order[i]])
                ++j;
            for (std::size_t k = i; k <= j; ++k)
                r[order[k]] = 0.5 * double(i + j);
            i = j + 1;
        }
        return r;
    };
    const std::vector<double> ra = ranks(a), rb = ranks(b);
    const double mean = 0.5 * double(n - 1);
    double num = 0, da = 0, db = 0;
    for (std::size_t i = 0; i < n; ++i) {
        num += (ra[i] - mean) * (rb[i] - mean);
        da += (ra[i] - mean) * (ra[i] - mean);
        db += (rb[i] - mean) * (rb[i] - mean);
    }
    return da > 0 && db > 0 ? num / std::sqrt(da * db) : std::nan("");
}

namespace detail {

const std::vector<Residual>* precomputedResiduals = nullptr;

} // namespace detail

namespace {

/// The table every program links (trainplanner::core); only its generator has none, and it asks for
/// no range.
const std::vector<detail::Residual>& residuals()
{
    static const std::vector<detail::Residual> none;
    return detail::precomputedResiduals ? *detail::precomputedResiduals : none;
}

double quantile(std::vector<double> values, double q)
{
    std::sort(values.begin(), values.end());
    const double at = q * double(values.size() - 1);
    const auto i = static_cast<std::size_t>(at);
    return i + 1 < values.size() ? values[i] + (at - double(i)) * (values[i + 1] - values[i]) : values.back();
}

} // namespace

std::string EstimateRange::basis() const
{
    std::string text;
    for (const std::string& regime : regimes)
        text += (text.empty() ? "" : ", ") + regime;
    return text.empty() ? "all published runs" : text;
}

EstimateRange stepTimeRange(const Scenario& s)
{
    const auto mine = regimesOf(s, "");
    auto value = [&](const std::string& kind) {
        for (const auto& [k, v] : mine)
            if (k == kind) return v;
        return std::string();
    };
    // From the most specific regime to the whole suite, the first with enough runs.
    const std::vector<std::vector<std::string>> levels { { "gpu", "parallelism", "size", "sequence", "format" },
        { "gpu", "parallelism", "format" }, { "gpu", "format" }, { "parallelism", "format" }, { "format" }, {} };
    for (const auto& kinds : levels) {
        std::vector<double> ratios;
        for (const detail::Residual& r : residuals()) {
            bool match = true;
            for (const auto& kind : kinds)
                match = match
                    && std::find(r.regimes.begin(), r.regimes.end(), std::make_pair(kind, value(kind)))
                        != r.regimes.end();
            if (match) ratios.push_back(r.timeRatio);
        }
        if (int(ratios.size()) < kMinRangeRuns && !kinds.empty()) continue;
        EstimateRange range;
        range.runs = int(ratios.size());
        range.low = quantile(ratios, 0.1);
        range.high = quantile(ratios, 0.9);
        for (const auto& kind : kinds)
            range.regimes.push_back(value(kind));
        return range;
    }
    return {};
}

Estimate estimateWithRange(const Scenario& s)
{
    Estimate e = estimate(s);
    e.range = stepTimeRange(s);
    return e;
}

} // namespace core
