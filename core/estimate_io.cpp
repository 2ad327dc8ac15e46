#include "estimate_io.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <sstream>

namespace core {

namespace {

using ojson = nlohmann::ordered_json;

ojson breakdownJson(const MemoryBreakdown& m)
{
    return ojson{{"weights", m.weights},
                 {"gradients", m.gradients},
                 {"master_weights", m.masterWeights},
                 {"optimizer_states", m.optimizerStates},
                 {"activations", m.activations},
                 {"buffers", m.buffers},
                 {"overhead", m.overhead},
                 {"total", m.total()}};
}

/// Plain decimal in the "C" locale, shortest round-trip form.
std::string cNumber(double v)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    // Prefer the shortest representation that reads back equal.
    for (int precision = 1; precision <= 17; ++precision) {
        char shorter[64];
        std::snprintf(shorter, sizeof shorter, "%.*g", precision, v);
        if (std::strtod(shorter, nullptr) == v) return shorter;
    }
    return buf;
}

std::string gb(double bytes)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%10.2f GB %9.2f GiB", bytes / 1e9, bytes / 1073741824.0);
    return buf;
}

} // namespace

std::string estimateToJson(const Estimate& e)
{
    ojson stages = ojson::array();
    for (const auto& st : e.memory.perStage) {
        ojson j{{"stage", st.stage}, {"layers", st.layers}, {"params", st.params}, {"in_flight_micro_batches", st.inFlight}};
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
    memory["largest_micro_batch"] = e.memory.largestMicroBatch;
    memory["stage"] = e.memory.stage;
    memory["per_stage"] = stages;

    ojson warnings = ojson::array();
    for (const auto& w : e.warnings) warnings.push_back({{"code", w.codeName()}, {"message", w.message()}});

    ojson doc;
    doc["format"] = "trainplanner-estimate";
    doc["version"] = 1;
    doc["gpus"] = e.gpus;
    doc["params"] = {{"total", e.params.total}, {"active", e.params.active}, {"per_gpu", e.params.perGpu},
                     {"trainable", e.params.trainable}};
    doc["memory"] = memory;
    doc["warnings"] = warnings;
    return doc.dump(2) + "\n";
}

std::string estimateToCsv(const Estimate& e)
{
    std::ostringstream os;
    os << "section,quantity,value,unit\n";
    auto row = [&](const char* section, const std::string& q, double v, const char* unit) {
        os << section << ',' << q << ',' << cNumber(v) << ',' << unit << '\n';
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
    row("memory", "largest_micro_batch", e.memory.largestMicroBatch, "sequences");
    row("memory", "stage", e.memory.stage, "index");
    for (const auto& st : e.memory.perStage)
        row("memory", "stage_" + std::to_string(st.stage) + "_total", st.bytes.total(), "bytes");
    return os.str();
}

std::string estimateToText(const Scenario& s, const Estimate& e)
{
    std::ostringstream os;
    const auto& m = e.memory.peak().bytes;
    os << s.name << "\n";
    os << "  GPUs                 " << e.gpus << " × " << s.hardware.gpu.name << "\n";
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
    os << "  verdict              " << (e.memory.fits() ? "fits" : "does not fit") << ", headroom "
       << gb(e.memory.headroom()) << "\n";
    os << "  largest micro-batch  " << e.memory.largestMicroBatch << " sequences\n";
    for (const auto& w : e.warnings) os << "  warning: " << w.message() << " [" << w.codeName() << "]\n";
    return os.str();
}

} // namespace core
