#include "core/estimate/estimate_io.h"

#include "core/base/json_text.h"
#include "core/base/printable.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <sstream>

namespace core {

namespace {

using ojson = nlohmann::ordered_json;

/// The memory verdict in words, with the margin when the peak is within the estimate's error of the
/// capacity: "fits with 3 % to spare (within the ±6 % the estimate of peak memory errs by)".
std::string verdictText(const MemoryEstimate& m)
{
    char text[160];
    const double percent = std::abs(m.margin()) * 100, band = kMemoryErrorBand * 100;
    switch (m.fit()) {
    case MemoryFit::fits:
        return "fits";
    case MemoryFit::fits_narrowly:
        std::snprintf(
            text, sizeof text, "fits with %.1f %% to spare (within the estimate's %.0f %% error)", percent, band);
        return text;
    case MemoryFit::over_narrowly:
        std::snprintf(text, sizeof text, "over by %.1f %%: may fail at the peak (within the estimate's %.0f %% error)",
            percent, band);
        return text;
    case MemoryFit::does_not_fit:
        break;
    }
    return "does not fit";
}

ojson breakdownJson(const MemoryBreakdown& m)
{
    return ojson { { "weights", m.weights }, { "gradients", m.gradients }, { "master_weights", m.masterWeights },
        { "optimizer_states", m.optimizerStates }, { "activations", m.activations }, { "buffers", m.buffers },
        { "overhead", m.overhead }, { "total", m.total() } };
}

std::string gb(double bytes)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%10.2f GB %9.2f GiB", bytes / 1e9, bytes / 1073741824.0);
    return buf;
}

} // namespace

std::string nonFiniteWord(double v)
{
    if (std::isnan(v)) return "undefined";
    return v > 0 ? "infinite" : "-infinite";
}

void wordsForNonFinite(nlohmann::ordered_json& j)
{
    if (j.is_number_float()) {
        if (!std::isfinite(j.get<double>())) j = nonFiniteWord(j.get<double>());
    } else if (j.is_structured()) {
        for (auto& child : j)
            wordsForNonFinite(child);
    }
}

std::string csvText(std::string_view given)
{
    std::string text = toUtf8(given);
    if (!text.empty() && std::string_view("=+-@\t\r").find(text.front()) != std::string_view::npos)
        text.insert(text.begin(), '\'');
    if (text.find_first_of(",\"\n\r") == std::string::npos) return text;
    std::string quoted = "\"";
    for (const char c : text) {
        if (c == '"') quoted += '"';
        quoted += c;
    }
    return quoted + '"';
}

std::string fixedNumber(double v, int decimals)
{
    if (!std::isfinite(v)) return nonFiniteWord(v);
    // Plain digits below kPlainDigitsBelow, an exponent from there (as csvNumber): no quantity of a
    // plan reaches 10^21, and plain digits would run to 300 characters for the largest doubles.
    char text[400];
    const auto [end, error] = std::abs(v) < kPlainDigitsBelow
        ? std::to_chars(text, text + sizeof text, v, std::chars_format::fixed, std::clamp(decimals, 0, 17))
        : std::to_chars(text, text + sizeof text, v, std::chars_format::scientific, 3);
    if (error == std::errc()) return std::string(text, end);
    std::snprintf(text, sizeof text, "%.3e", v); // not reached: 400 bytes hold any of them
    return text;
}

std::string csvNumber(double v)
{
    if (!std::isfinite(v)) return nonFiniteWord(v);
    // Plain decimals, the shortest that read back as v (a spreadsheet shows 360, not
    // 3.6e+02). std::to_chars without a precision gives exactly that, in the "C" locale whatever the
    // program's, and fast (a 65,000-row sweep). Only magnitudes no quantity here reaches keep the
    // exponent, where plain digits would run to hundreds of zeros.
    char text[400];
    const double magnitude = std::abs(v);
    const auto format = magnitude == 0 || (magnitude >= 1e-9 && magnitude < kPlainDigitsBelow)
        ? std::chars_format::fixed
        : std::chars_format::scientific;
    const auto [end, error] = std::to_chars(text, text + sizeof text, v, format);
    if (error != std::errc()) {
        std::snprintf(text, sizeof text, "%.17g", v);
        return text;
    }
    return std::string(text, end);
}

std::string estimateToJson(const Estimate& e)
{
    ojson stages = ojson::array();
    for (const auto& st : e.memory.perStage) {
        ojson j { { "stage", st.stage }, { "layers", st.layers }, { "params", st.params },
            { "in_flight_micro_batches", st.inFlight } };
        j.update(breakdownJson(st.bytes));
        j["host_bytes"] = st.hostBytes;
        stages.push_back(j);
    }
    const auto& peak = e.memory.peak();
    ojson memory = breakdownJson(peak.bytes);
    memory["activation_bytes_per_layer"] = e.memory.activationBytesPerLayer;
    memory["host_bytes"] = peak.hostBytes;
    memory["capacity"] = e.memory.capacity;
    memory["fits"] = e.memory.fits();
    memory["headroom"] = e.memory.headroom();
    memory["margin"] = e.memory.margin();
    memory["verdict"] = std::string(toString(e.memory.fit()));
    memory["largest_micro_batch"] = e.memory.largestMicroBatch;
    memory["stage"] = e.memory.stage;
    memory["per_stage"] = stages;

    const auto& c = e.compute;
    ojson compute { { "model_flops_per_step", c.modelFlopsPerStep },
        { "hardware_flops_per_step", c.hardwareFlopsPerStep }, { "peak_flops_per_gpu", c.peakFlopsPerGpu },
        { "achievable_flops_per_gpu", c.achievableFlopsPerGpu }, { "gemm_shape_efficiency", c.gemmShapeEfficiency },
        { "micro_batches", c.microBatches }, { "compute_time_s", c.computeTimeS }, { "matmul_time_s", c.matmulTimeS },
        { "attention_time_s", c.attentionTimeS }, { "attention_kernel_flops_per_gpu", c.attentionKernelFlopsPerGpu },
        { "attention_rate_per_gpu", c.attentionRatePerGpu }, { "memory_bound_time_s", c.memoryBoundTimeS },
        { "host_time_s", c.hostTimeS }, { "host_stall_time_s", c.hostStallTimeS },
        { "fp8_cast_time_s", c.fp8CastTimeS }, { "flops_outside_fp8_per_step", c.flopsOutsideFp8 },
        { "bubble_fraction", c.bubbleFraction }, { "bubble_time_s", c.bubbleTimeS },
        { "busiest_stage_load", c.busiestStageLoad }, { "stage_wait_time_s", c.stageWaitTimeS },
        { "optimizer_time_s", c.optimizerTimeS }, { "offload_time_s", c.offloadTimeS }, { "step_time_s", c.stepTimeS },
        { "mfu", c.mfu }, { "hfu", c.hfu }, { "tflops_per_gpu", c.tflopsPerGpu }, { "tokens_per_s", c.tokensPerS } };
    if (e.range) compute["step_time_s_range"] = { c.stepTimeS * e.range->low, c.stepTimeS * e.range->high };
    ojson collectives = ojson::array();
    for (const auto& col : e.communication.collectives)
        collectives.push_back(
            { { "group", toString(col.group) }, { "op", toString(col.op) }, { "group_size", col.groupSize },
                { "message_bytes", col.messageBytes }, { "calls_per_step", col.callsPerStep },
                { "sent_bytes_per_gpu", col.sentBytesPerGpu }, { "time_s", col.timeS },
                { "exposed_time_s", col.exposedTimeS }, { "link", toString(col.link) }, { "nodes", col.nodes },
                { "latency_per_call_s", col.latencyPerCallS }, { "bus_bandwidth_gbps", col.bandwidthGBps } });
    const auto& cm = e.communication;
    ojson communication { { "collectives", collectives }, { "sent_bytes_per_gpu", cm.sentBytesPerGpu },
        { "time_s", cm.timeS }, { "exposed_time_s", cm.exposedTimeS }, { "share_of_step", cm.shareOfStep } };
    const auto& t = e.training;
    ojson training { { "steps", t.steps }, { "time_s", t.timeS }, { "gpu_hours", t.gpuHours },
        { "energy_kwh", t.energyKwh }, { "gpu_cost_usd", t.gpuCostUsd }, { "energy_cost_usd", t.energyCostUsd },
        { "cost_usd", t.costUsd }, { "inter_node_bytes", t.interNodeBytes }, { "storage_cost_usd", t.storageCostUsd },
        { "network_cost_usd", t.networkCostUsd }, { "team_cost_usd", t.teamCostUsd },
        { "total_cost_usd", t.totalCostUsd } };
    if (e.range) {
        // Time and the costs that follow it scale with the step time; storage and team by duration too.
        training["time_s_range"] = { t.timeS * e.range->low, t.timeS * e.range->high };
        training["total_cost_usd_range"] = { t.totalCostUsd * e.range->low, t.totalCostUsd * e.range->high };
    }

    const auto& r = e.reliability;
    ojson reliability { { "cluster_mtbf_hours", r.clusterMtbfHours }, { "checkpoint_bytes", r.checkpointBytes },
        { "checkpoint_write_s", r.checkpointWriteS }, { "checkpoint_interval_s", r.checkpointIntervalS },
        { "young_interval_s", r.youngIntervalS }, { "restart_s", r.restartS }, { "goodput", r.goodput },
        { "expected_interruptions", r.expectedInterruptions }, { "lost_gpu_hours", r.lostGpuHours },
        { "ideal_time_s", r.idealTimeS } };

    ojson warnings = ojson::array();
    for (const auto& w : e.warnings)
        warnings.push_back({ { "code", w.codeName() }, { "message", w.message() } });

    ojson doc;
    doc["format"] = "trainplanner-estimate";
    doc["version"] = 1;
    doc["gpus"] = e.gpus;
    doc["params"] = { { "total", e.params.total }, { "active", e.params.active }, { "per_gpu", e.params.perGpu },
        { "trainable", e.params.trainable } };
    doc["memory"] = memory;
    doc["compute"] = compute;
    doc["communication"] = communication;
    doc["training"] = training;
    doc["reliability"] = reliability;
    doc["warnings"] = warnings;
    if (e.range)
        doc["range"] = { { "quantiles", { 0.1, 0.9 } }, { "step_time_factor", { e.range->low, e.range->high } },
            { "runs", e.range->runs }, { "regime", e.range->basis() },
            { "meaning",
                "measured / estimated step time of the published runs of this regime, each with its source held "
                "out of the fit (docs/FIDELITY.md)" } };
    wordsForNonFinite(doc);
    return core::jsonText(doc);
}

std::string estimateToCsv(const Estimate& e)
{
    std::ostringstream os;
    os << "section,quantity,value,unit\n";
    auto row = [&](const char* section, const std::string& q, double v, const char* unit) {
        os << section << ',' << q << ',' << csvNumber(v) << ',' << unit << '\n';
    };
    row("gpus", "gpus", e.gpus, "count");
    row("params", "total", double(e.params.total), "count");
    row("params", "active", double(e.params.active), "count");
    row("params", "per_gpu", e.params.perGpu, "count");
    row("params", "trainable", e.params.trainable, "count");
    const auto& m = e.memory.peak().bytes;
    row("memory", "weights", m.weights, "bytes");
    row("memory", "gradients", m.gradients, "bytes");
    row("memory", "master_weights", m.masterWeights, "bytes");
    row("memory", "optimizer_states", m.optimizerStates, "bytes");
    row("memory", "activations", m.activations, "bytes");
    row("memory", "buffers", m.buffers, "bytes");
    row("memory", "overhead", m.overhead, "bytes");
    row("memory", "total", m.total(), "bytes");
    row("memory", "activation_bytes_per_layer", e.memory.activationBytesPerLayer, "bytes");
    row("memory", "host_bytes", e.memory.peak().hostBytes, "bytes");
    row("memory", "capacity", e.memory.capacity, "bytes");
    row("memory", "fits", e.memory.fits() ? 1 : 0, "bool");
    row("memory", "headroom", e.memory.headroom(), "bytes");
    row("memory", "margin", e.memory.margin(), "fraction");
    row("memory", "largest_micro_batch", e.memory.largestMicroBatch, "sequences");
    row("memory", "stage", e.memory.stage, "index");
    for (const auto& st : e.memory.perStage)
        row("memory", "stage_" + std::to_string(st.stage) + "_total", st.bytes.total(), "bytes");
    const auto& c = e.compute;
    row("compute", "model_flops_per_step", c.modelFlopsPerStep, "FLOP");
    row("compute", "hardware_flops_per_step", c.hardwareFlopsPerStep, "FLOP");
    row("compute", "compute_time_s", c.computeTimeS, "s");
    row("compute", "matmul_time_s", c.matmulTimeS, "s");
    row("compute", "gemm_shape_efficiency", c.gemmShapeEfficiency, "ratio");
    row("compute", "attention_time_s", c.attentionTimeS, "s");
    row("compute", "memory_bound_time_s", c.memoryBoundTimeS, "s");
    row("compute", "fp8_cast_time_s", c.fp8CastTimeS, "s");
    row("compute", "host_time_s", c.hostTimeS, "s");
    row("compute", "host_stall_time_s", c.hostStallTimeS, "s");
    row("compute", "bubble_fraction", c.bubbleFraction, "ratio");
    row("compute", "busiest_stage_load", c.busiestStageLoad, "ratio");
    row("compute", "stage_wait_time_s", c.stageWaitTimeS, "s");
    row("compute", "optimizer_time_s", c.optimizerTimeS, "s");
    row("compute", "offload_time_s", c.offloadTimeS, "s");
    row("compute", "step_time_s", c.stepTimeS, "s");
    row("compute", "mfu", c.mfu, "ratio");
    row("compute", "hfu", c.hfu, "ratio");
    row("compute", "tflops_per_gpu", c.tflopsPerGpu, "TFLOP/s");
    row("compute", "tokens_per_s", c.tokensPerS, "tokens/s");
    if (e.range) {
        row("compute", "step_time_s_low", c.stepTimeS * e.range->low, "s");
        row("compute", "step_time_s_high", c.stepTimeS * e.range->high, "s");
    }
    for (const auto& col : e.communication.collectives) {
        const std::string name = std::string(toString(col.group)) + "_" + std::string(toString(col.op));
        row("communication", name + "_sent_bytes_per_gpu", col.sentBytesPerGpu, "bytes");
        row("communication", name + "_time_s", col.timeS, "s");
        row("communication", name + "_exposed_time_s", col.exposedTimeS, "s");
    }
    row("communication", "sent_bytes_per_gpu", e.communication.sentBytesPerGpu, "bytes");
    row("communication", "exposed_time_s", e.communication.exposedTimeS, "s");
    row("communication", "share_of_step", e.communication.shareOfStep, "ratio");
    const auto& t = e.training;
    row("training", "steps", t.steps, "count");
    row("training", "time_s", t.timeS, "s");
    row("training", "gpu_hours", t.gpuHours, "GPU-h");
    row("training", "energy_kwh", t.energyKwh, "kWh");
    row("training", "cost_usd", t.costUsd, "USD");
    row("training", "inter_node_bytes", t.interNodeBytes, "B");
    row("training", "storage_cost_usd", t.storageCostUsd, "USD");
    row("training", "network_cost_usd", t.networkCostUsd, "USD");
    row("training", "team_cost_usd", t.teamCostUsd, "USD");
    row("training", "total_cost_usd", t.totalCostUsd, "USD");
    const auto& r = e.reliability;
    row("reliability", "cluster_mtbf_hours", r.clusterMtbfHours, "h");
    row("reliability", "checkpoint_bytes", r.checkpointBytes, "bytes");
    row("reliability", "checkpoint_write_s", r.checkpointWriteS, "s");
    row("reliability", "checkpoint_interval_s", r.checkpointIntervalS, "s");
    row("reliability", "goodput", r.goodput, "ratio");
    row("reliability", "expected_interruptions", r.expectedInterruptions, "count");
    row("reliability", "lost_gpu_hours", r.lostGpuHours, "GPU-h");
    return os.str();
}

std::string memoryStagesCsv(const Estimate& e)
{
    std::ostringstream os;
    os << "stage,layers,in_flight_micro_batches,weights_bytes,gradients_bytes,master_weights_bytes,optimizer_states_"
          "bytes,"
          "activations_bytes,buffers_bytes,overhead_bytes,total_bytes,host_bytes\n";
    for (const auto& st : e.memory.perStage) {
        const auto& m = st.bytes;
        os << st.stage << ',' << st.layers << ',' << csvNumber(st.inFlight);
        for (double v : { m.weights, m.gradients, m.masterWeights, m.optimizerStates, m.activations, m.buffers,
                 m.overhead, m.total(), st.hostBytes })
            os << ',' << csvNumber(v);
        os << '\n';
    }
    return os.str();
}

std::string collectivesCsv(const Estimate& e)
{
    std::ostringstream os;
    os << "group,op,group_size,link,message_bytes,calls_per_step,sent_bytes_per_gpu,time_s,exposed_time_s,bus_"
          "bandwidth_gbps\n";
    for (const auto& c : e.communication.collectives)
        os << toString(c.group) << ',' << toString(c.op) << ',' << c.groupSize << ',' << toString(c.link) << ','
           << csvNumber(c.messageBytes) << ',' << csvNumber(c.callsPerStep) << ',' << csvNumber(c.sentBytesPerGpu)
           << ',' << csvNumber(c.timeS) << ',' << csvNumber(c.exposedTimeS) << ',' << csvNumber(c.bandwidthGBps)
           << '\n';
    return os.str();
}

std::string estimateToText(const Scenario& s, const Estimate& e)
{
    std::ostringstream os;
    const auto& m = e.memory.peak().bytes;
    os << escapeControls(s.name) << "\n"; // a name may hold ESC sequences a terminal would act on
    os << "  GPUs                 " << e.gpus << " × " << escapeControls(s.hardware.gpu.name) << "\n";
    if (s.training.framework != SoftwareStack::generic)
        os << "  software stack       " << toString(s.training.framework) << " (training.framework)\n";
    os << "  parameters           " << e.params.total << " total, " << e.params.active << " active\n";
    os << "  per GPU (stage " << e.memory.stage << ")\n";
    os << "    weights            " << gb(m.weights) << "\n";
    os << "    gradients          " << gb(m.gradients) << "\n";
    os << "    master weights     " << gb(m.masterWeights) << "\n";
    os << "    optimizer states   " << gb(m.optimizerStates) << "\n";
    os << "    activations        " << gb(m.activations) << "\n";
    os << "    buffers            " << gb(m.buffers) << "\n";
    os << "    overhead           " << gb(m.overhead) << "\n";
    os << "    total              " << gb(m.total()) << "\n";
    os << "    capacity           " << gb(e.memory.capacity) << "\n";
    os << "  verdict              " << verdictText(e.memory) << ", headroom " << gb(e.memory.headroom()) << "\n";
    os << "  largest micro-batch  " << e.memory.largestMicroBatch << " sequences\n";
    const auto& c = e.compute;
    char line[200];
    std::snprintf(line, sizeof line,
        "  step time            %.3f s (compute %.3f, bubble %.3f, exposed comm %.3f, optimizer %.3f", c.stepTimeS,
        c.computeTimeS, c.bubbleTimeS, e.communication.exposedTimeS, c.optimizerTimeS);
    os << line;
    if (c.offloadTimeS > 0) {
        std::snprintf(line, sizeof line, ", offload %.3f", c.offloadTimeS);
        os << line;
    }
    os << ")\n";
    std::snprintf(line, sizeof line,
        "  compute              %.3f s = matmuls %.3f (their shapes reach %.0f %% of the rate) + attention kernel %.3f "
        "+ "
        "memory-bound %.3f",
        c.computeTimeS, c.gemmTimeS(), c.gemmShapeEfficiency * 100, c.attentionTimeS, c.memoryBoundTimeS);
    os << line;
    if (c.hostStallTimeS > 0) {
        std::snprintf(line, sizeof line, " + waiting for the CPU %.3f (it needs %.3f s to launch the step's kernels)",
            c.hostStallTimeS, c.hostTimeS);
        os << line;
    }
    os << "\n";
    std::snprintf(line, sizeof line, "  MFU                  %.1f %%   (%.0f TFLOP/s per GPU, %.0f tokens/s)\n",
        c.mfu * 100, c.tflopsPerGpu, c.tokensPerS);
    os << line;
    std::snprintf(line, sizeof line,
        "  communication        %.1f %% of the step exposed, %.2f GB sent per GPU per step\n",
        e.communication.shareOfStep * 100, e.communication.sentBytesPerGpu / 1e9);
    os << line;
    for (const auto& col : e.communication.collectives) {
        std::snprintf(line, sizeof line, "    %-3s %-15s n=%-5d %10.3f GB  %8.4f s (exposed %.4f s)  %s\n",
            std::string(toString(col.group)).c_str(), std::string(toString(col.op)).c_str(), col.groupSize,
            col.sentBytesPerGpu / 1e9, col.timeS, col.exposedTimeS, std::string(toString(col.link)).c_str());
        os << line;
    }
    // Time and cost are infinite when the run never finishes: said in words, never "inf" or "nan".
    const auto& t = e.training;
    // Whole steps, as a launch's --train-iters counts them (the time takes the budget's fraction of the last).
    os << "  training             " << fixedNumber(std::ceil(t.steps), 0) << " steps, "
       << fixedNumber(t.timeS / 86400, 1) << " days, " << fixedNumber(t.gpuHours, 0) << " GPU-hours, "
       << fixedNumber(t.energyKwh, 0) << " kWh, $" << fixedNumber(t.costUsd, 0) << "\n";
    os << "  total cost           $" << fixedNumber(t.totalCostUsd, 0) << " (GPUs $" << fixedNumber(t.gpuCostUsd, 0)
       << ", energy $" << fixedNumber(t.energyCostUsd, 0) << ", storage $" << fixedNumber(t.storageCostUsd, 0)
       << ", network $" << fixedNumber(t.networkCostUsd, 0) << ", team $" << fixedNumber(t.teamCostUsd, 0) << ")\n";
    const auto& r = e.reliability;
    os << "  reliability          cluster MTBF " << fixedNumber(r.clusterMtbfHours, 1) << " h, "
       << fixedNumber(r.expectedInterruptions, 0) << " interruptions, checkpoint "
       << fixedNumber(r.checkpointBytes / 1e9, 0) << " GB in " << fixedNumber(r.checkpointWriteS, 0) << " s every "
       << fixedNumber(r.checkpointIntervalS / 60, 0) << " min, goodput " << fixedNumber(r.goodput * 100, 1) << " %\n";
    if (e.range)
        os << "  range (80 %)         step " << fixedNumber(c.stepTimeS * e.range->low, 3) << "–"
           << fixedNumber(c.stepTimeS * e.range->high, 3) << " s, " << fixedNumber(t.timeS * e.range->low / 86400, 1)
           << "–" << fixedNumber(t.timeS * e.range->high / 86400, 1) << " days: where " << e.range->runs
           << " measured runs (" << e.range->basis() << ") landed against their estimates\n";
    for (const auto& w : e.warnings)
        os << "  warning: " << w.message() << " [" << w.codeName() << "]\n";
    return os.str();
}

} // namespace core
