#include "scenario_io.h"

#include "architecture.h"
#include "embedded_data.h"
#include "json_reader.h"
#include "presets.h"
#include "printable.h"
#include "problem.h"
#include "scenario_fields.h"

#include <algorithm>
#include <bit>
#include <filesystem>
#include <system_error>

namespace core {

using detail::fail;
using detail::json;
using detail::ObjectReader;

namespace {

constexpr std::string_view kFormat = "trainplanner-scenario";
constexpr std::string_view kProfileFormat = "trainplanner-hardware-profile";
constexpr std::array<std::string_view, 7> kLoraTargets { "q", "k", "v", "o", "gate", "up", "down" };

ModelSpec readModel(ObjectReader r)
{
    ModelSpec m;
    const bool hasPreset = r.has("preset");
    const bool hasParams = r.has("params");
    if (hasPreset && hasParams) fail(r.pathOf("params"), "cannot be combined with preset");
    if (hasParams) {
        m.params = r.limitedInteger("params");
        m.arch = standardShape(m.params);
        // A bare size stands alone: an architecture key beside it is known, just not combinable
        // (review DEF-14: "model.layers: unknown key" misled).
        for (const char* key : { "mlp", "norm", "bias", "tied_embeddings", "position", "dropout", "router_bias",
                 "parallel_block", "lm_head_bias" })
            if (r.has(key)) fail(r.pathOf(key), "cannot be combined with params (a bare size)");
        for (const Field& f : scenarioFields())
            if (f.path.starts_with("model.") && f.path != "model.params" && r.has(f.path.substr(6)))
                fail(r.pathOf(f.path.substr(6)), "cannot be combined with params (a bare size)");
        r.rejectUnknownKeys();
        return m;
    }
    if (hasPreset) {
        m.preset = r.string("preset");
        const ModelPreset* p = findModelPreset(m.preset);
        if (!p) {
            std::string names;
            for (const auto& mp : modelPresets())
                names += (names.empty() ? "" : ", ") + mp.name;
            fail(r.pathOf("preset"), "unknown model preset " + detail::quoted(m.preset) + " (known: " + names + ")");
        }
        m.arch = p->arch;
    } else {
        for (const char* key : { "layers", "hidden", "heads", "ffn_hidden", "vocab" })
            if (!r.has(key)) fail(r.pathOf(key), "is required (or give \"preset\" or \"params\")");
        m.arch = Architecture {};
    }
    detail::readArchitectureFields(r, m.arch);
    r.rejectUnknownKeys();
    detail::validateArchitecture(m.arch, r.path());
    return m;
}

json modelToJson(const ModelSpec& m)
{
    if (m.params > 0) return json { { "params", m.params } };
    json full = detail::architectureToJson(m.arch);
    const ModelPreset* p = m.preset.empty() ? nullptr : findModelPreset(m.preset);
    if (!p) return full;
    // Keep only the differences to the preset. Head geometry is written as a group so that the
    // defaults (kv_heads = heads, head_dim = hidden / heads) cannot change it on reading.
    const json base = detail::architectureToJson(p->arch);
    json out { { "preset", m.preset } };
    bool geometry = false;
    for (const char* key : { "hidden", "heads", "kv_heads", "head_dim" })
        geometry |= full[key] != base[key];
    for (auto it = full.begin(); it != full.end(); ++it) {
        const bool inGeometry
            = it.key() == "hidden" || it.key() == "heads" || it.key() == "kv_heads" || it.key() == "head_dim";
        if ((inGeometry && geometry) || !base.contains(it.key()) || base[it.key()] != it.value())
            out[it.key()] = it.value();
    }
    // Keys written only when used (latent attention, MTP, …): switched off against the preset.
    for (const char* key : { "router_bias", "dense_layers", "routed_node_limit", "q_lora_rank", "kv_lora_rank",
             "rope_head_dim", "v_head_dim", "mtp_layers", "parallel_block", "lm_head_bias" })
        if (base.contains(key) && !full.contains(key)) out[key] = base[key].is_boolean() ? json(false) : json(0);
    return out;
}

void readTraining(ObjectReader r, Training& t)
{
    if (r.has("seq_len")) t.seqLen = static_cast<int>(r.limitedInteger("seq_len"));
    if (r.has("micro_batch")) t.microBatch = static_cast<int>(r.limitedInteger("micro_batch"));
    if (r.has("global_batch")) t.globalBatch = static_cast<int>(r.limitedInteger("global_batch"));
    if (r.has("tokens")) t.tokens = r.limitedNumber("tokens");
    if (r.has("optimizer")) t.optimizer = r.enumeration<Optimizer>("optimizer", kOptimizerNames);
    if (r.has("method")) t.method = r.enumeration<Method>("method", kMethodNames);
    if (r.has("lora_rank")) t.loraRank = static_cast<int>(r.limitedInteger("lora_rank"));
    if (r.has("lora_targets")) {
        const json& list = r.raw("lora_targets");
        const auto path = r.pathOf("lora_targets");
        if (!list.is_array() || list.empty() || list.size() > kLoraTargets.size())
            fail(path, "must be a non-empty array of q, k, v, o, gate, up, down");
        t.loraTargets.clear();
        for (std::size_t i = 0; i < list.size(); ++i) {
            const auto& v = list[i];
            if (!v.is_string() || !enumFromName<int>(v.get<std::string>(), kLoraTargets))
                fail(path + "[" + std::to_string(i) + "]",
                    "must be one of q, k, v, o, gate, up, down, got " + detail::describe(v));
            // A repeated target would be counted again (review DEF-15: ["q","q","q"] tripled the adapters).
            if (std::find(t.loraTargets.begin(), t.loraTargets.end(), v.get<std::string>()) != t.loraTargets.end())
                fail(path + "[" + std::to_string(i) + "]", detail::quoted(v.get<std::string>()) + " is listed twice");
            t.loraTargets.push_back(v.get<std::string>());
        }
    }
    r.rejectUnknownKeys();
    // Adapters of a full fine-tune would be silently ignored (review DEF-15): say so instead.
    if (t.method == Method::full)
        for (const char* key : { "lora_targets", "lora_rank" })
            if (r.has(key)) fail(r.pathOf(key), "applies to method \"lora\" or \"qlora\" only, and method is \"full\"");
}

void readPrecision(ObjectReader r, Precision& p)
{
    if (r.has("compute")) p.compute = r.enumeration<DType>("compute", kDTypeNames);
    if (r.has("weights")) p.weights = r.enumeration<DType>("weights", kDTypeNames);
    if (r.has("gradients")) p.gradients = r.enumeration<DType>("gradients", kDTypeNames);
    if (r.has("master_weights")) {
        constexpr std::array<std::string_view, 9> names { "fp32", "tf32", "bf16", "fp16", "fp8_e4m3", "fp8_e5m2",
            "int8", "nf4", "none" };
        const int v = r.enumeration<int>("master_weights", names);
        p.masterWeights = v == 8 ? std::nullopt : std::optional<DType>(static_cast<DType>(v));
    }
    if (r.has("optimizer_states")) p.optimizerStates = r.enumeration<DType>("optimizer_states", kDTypeNames);
    if (r.has("fp8_scope")) p.fp8Scope = r.enumeration<Fp8Scope>("fp8_scope", kFp8ScopeNames);
    if (r.has("fp8_scaling")) p.fp8Scaling = r.enumeration<Fp8Scaling>("fp8_scaling", kFp8ScalingNames);
    if (r.has("activation_cache"))
        p.activationCache = r.enumeration<ActivationCache>("activation_cache", kActivationCacheNames);
    r.rejectUnknownKeys();
}

void readParallel(ObjectReader r, Parallel& p)
{
    if (r.has("tp")) p.tp = static_cast<int>(r.limitedInteger("tp"));
    if (r.has("pp")) p.pp = static_cast<int>(r.limitedInteger("pp"));
    if (r.has("dp")) p.dp = static_cast<int>(r.limitedInteger("dp"));
    if (r.has("cp")) p.cp = static_cast<int>(r.limitedInteger("cp"));
    if (r.has("ep")) p.ep = static_cast<int>(r.limitedInteger("ep"));
    if (r.has("zero")) p.zero = static_cast<int>(r.limitedInteger("zero"));
    if (r.has("grad_reduce")) p.gradReduce = r.enumeration<GradReduce>("grad_reduce", kGradReduceNames);
    if (r.has("dp_collectives")) p.dpCollectives = r.enumeration<DpCollectives>("dp_collectives", kDpCollectivesNames);
    if (r.has("sequence_parallel")) p.sequenceParallel = r.boolean("sequence_parallel");
    if (r.has("recompute")) p.recompute = r.enumeration<Recompute>("recompute", kRecomputeNames);
    if (r.has("flash_attention")) p.flashAttention = r.boolean("flash_attention");
    if (r.has("attention_kernel"))
        p.attentionKernel = r.enumeration<AttentionKernel>("attention_kernel", kAttentionKernelNames);
    if (r.has("elementwise_kernels"))
        p.elementwiseKernels = r.enumeration<ElementwiseKernels>("elementwise_kernels", kElementwiseKernelsNames);
    if (r.has("schedule")) p.schedule = r.enumeration<Schedule>("schedule", kScheduleNames);
    if (r.has("virtual_stages")) p.virtualStages = static_cast<int>(r.limitedInteger("virtual_stages"));
    if (r.has("pipeline_split")) p.pipelineSplit = r.enumeration<PipelineSplit>("pipeline_split", kPipelineSplitNames);
    if (r.has("tp_saved_input")) p.tpSavedInput = r.enumeration<TpSavedInput>("tp_saved_input", kTpSavedInputNames);
    if (r.has("gradient_buffers"))
        p.gradientBuffers = r.enumeration<GradientBuffers>("gradient_buffers", kGradientBuffersNames);
    if (r.has("repeat_kv")) p.repeatKv = r.boolean("repeat_kv");
    if (r.has("offload_optimizer")) p.offloadOptimizer = r.boolean("offload_optimizer");
    if (r.has("offload_params")) p.offloadParams = r.boolean("offload_params");
    if (r.has("offload_activations")) p.offloadActivations = r.boolean("offload_activations");
    r.rejectUnknownKeys();
    // The rules joining these keys are core::parallelRuleProblem() (problem.cpp), checked once every
    // section is read (checkAcrossSections).
}

void readEfficiency(ObjectReader r, Efficiency& e)
{
    if (r.has("compute")) e.compute = r.limitedNumber("compute");
    if (r.has("memory_bound_passes")) e.memoryBoundPasses = r.limitedNumber("memory_bound_passes");
    if (r.has("comm_overlap")) e.commOverlap = r.limitedNumber("comm_overlap");
    if (r.has("bus_bandwidth")) e.busBandwidth = r.limitedNumber("bus_bandwidth");
    if (r.has("comm_latency_us")) e.commLatencyUs = r.limitedNumber("comm_latency_us");
    if (r.has("tp_overlap")) e.tpOverlap = r.limitedNumber("tp_overlap");
    if (r.has("pp_overlap")) e.ppOverlap = r.limitedNumber("pp_overlap");
    if (r.has("ep_overlap")) e.epOverlap = r.limitedNumber("ep_overlap");
    r.rejectUnknownKeys();
}

void readOverhead(ObjectReader r, Overhead& o)
{
    if (r.has("cuda_context_gib")) o.cudaContextGib = r.limitedNumber("cuda_context_gib");
    if (r.has("comm_buffer_gib_per_group")) o.commBufferGibPerGroup = r.limitedNumber("comm_buffer_gib_per_group");
    if (r.has("grad_bucket_mib")) o.gradBucketMib = r.limitedNumber("grad_bucket_mib");
    if (r.has("fragmentation")) o.fragmentation = r.limitedNumber("fragmentation");
    if (r.has("loss_bytes_per_logit")) o.lossBytesPerLogit = r.limitedNumber("loss_bytes_per_logit");
    r.rejectUnknownKeys();
}

/// Directory that relative `hardware.profile` paths are resolved against: the scenario file's
/// directory while loadScenarioFile() reads it, else the working directory.
thread_local std::filesystem::path tBaseDir;
/// Set while a scenario is round-tripped internally (validation, overrides): its values are all
/// explicit already, so a referenced profile is not read again (it may have moved since).
thread_local bool tSkipProfiles = false;

/// Sets tSkipProfiles for a scope and restores what it was (scopes nest: validation inside an override).
struct SkipProfiles {
    explicit SkipProfiles(bool skip = true)
        : m_saved(tSkipProfiles)
    {
        tSkipProfiles = skip;
    }
    ~SkipProfiles() { tSkipProfiles = m_saved; }
    SkipProfiles(const SkipProfiles&) = delete;
    SkipProfiles& operator=(const SkipProfiles&) = delete;

private:
    bool m_saved;
};

void readHardware(ObjectReader r, Hardware& h, bool allowProfile = true)
{
    if (r.has("profile")) {
        if (!allowProfile) fail(r.pathOf("profile"), "a hardware profile cannot reference another profile");
        const std::string written = r.string("profile"); // applied by readScenario before this section
        if (tSkipProfiles || h.profile.empty()) h.profile = written;
    }
    if (r.has("gpu")) {
        const json& g = r.raw("gpu");
        if (g.is_string()) {
            h.preset = g.get<std::string>();
            const GpuPreset* p = findGpuPreset(h.preset);
            if (!p) {
                std::string names;
                for (const auto& gp : gpuPresets())
                    names += (names.empty() ? "" : ", ") + gp.name;
                fail(r.pathOf("gpu"), "unknown GPU preset " + detail::quoted(h.preset) + " (known: " + names + ")");
            }
            h.gpu = p->spec;
            if (p->gpusPerNode > 0) h.gpusPerNode = p->gpusPerNode; // its NVLink domain, unless given below
        } else if (g.is_object()) {
            ObjectReader gr(g, r.pathOf("gpu"));
            h.preset.clear();
            h.gpu = detail::readGpu(gr);
            gr.rejectUnknownKeys();
        } else {
            fail(r.pathOf("gpu"), "must be a GPU preset name or an object, got " + detail::describe(g));
        }
    }
    // Single fields of a preset GPU, next to its name (review D5; issue 19): the preset's figures
    // with these replaced, read and checked as a GPU object's, errors named by the key as written.
    json overrides = json::object();
    for (const std::string_view key : detail::kGpuOverrideKeys)
        if (r.has(key)) overrides[std::string(key)] = r.raw(key);
    if (!overrides.empty()) {
        if (h.preset.empty())
            fail(r.pathOf(overrides.begin().key()),
                "replaces a field of a GPU preset, and hardware.gpu is a GPU object: give the field inside "
                "hardware.gpu");
        json merged = detail::gpuToJson(h.gpu);
        // Rates per dtype or per kernel replace the preset's entries one by one.
        for (const auto& [key, value] : overrides.items())
            if (value.is_object() && merged.contains(key) && merged[key].is_object())
                for (const auto& [entry, rate] : value.items())
                    merged[key][entry] = rate;
            else
                merged[key] = value;
        ObjectReader gr(merged, r.path());
        h.gpu = detail::readGpu(gr);
    }
    if (r.has("gpus_per_node")) h.gpusPerNode = static_cast<int>(r.limitedInteger("gpus_per_node"));
    if (r.has("host_memory_gbps")) h.hostMemoryGBps = r.limitedNumber("host_memory_gbps");
    r.rejectUnknownKeys();
}

void applyHardwareProfile(const std::string& file, const std::string& keyPath, Scenario& s)
{
    std::filesystem::path path(file);
    if (path.is_relative() && !tBaseDir.empty()) path = tBaseDir / path;
    try {
        const std::string text = detail::readLimitedFile(path.string());
        // A scenario from someone else can name any file here: its values are never repeated.
        const detail::QuietValues quiet;
        const json doc = detail::parseLimited(text, "the hardware profile " + printable(path.filename().string(), 64));
        ObjectReader top(doc, "");
        const std::string format = top.string("format");
        if (format != kProfileFormat)
            fail("format", "must be \"" + std::string(kProfileFormat) + "\", got " + detail::quoted(format));
        (void)top.integer("version", 1, 1);
        if (top.has("name")) (void)top.string("name");
        if (top.has("hardware")) readHardware(top.object("hardware"), s.hardware, false);
        if (top.has("efficiency")) readEfficiency(top.object("efficiency"), s.efficiency);
        if (top.has("overhead")) readOverhead(top.object("overhead"), s.overhead);
        if (top.has("calibrated_from")) (void)top.raw("calibrated_from"); // provenance, free-form
        top.rejectUnknownKeys();
    } catch (const detail::ReadError& e) {
        // File problems already name the file; problems inside it get the file's name in front.
        fail(keyPath,
            e.error.path.empty() ? e.error.message
                                 : printable(path.filename().string(), 64) + ": " + e.error.toString());
    }
    // Kept absolute, so that the scenario can be saved anywhere and still find it.
    std::error_code ec;
    s.hardware.profile = std::filesystem::absolute(path, ec).lexically_normal().string();
}

/// Rules that join two sections, checked once every section is read.
void checkAcrossSections(const Scenario& s)
{
    // The parameter count is a product of in-range fields; a 4,096-expert, 2^20-wide model reaches
    // 10^19 and wrapped to a negative count (review DEF-06). Refused before any estimate uses it.
    if (s.model.params == 0) {
        const double params = countParameters(s.model.arch).total();
        if (!(params <= kMaxParameters))
            fail("model",
                "has " + detail::scientific(params) + " parameters; at most " + detail::scientific(kMaxParameters)
                    + " are supported (check layers, hidden, ffn_hidden, vocab and experts)");
    }
    // The layout rules (problem.cpp): EP within dp × cp, a layer for every pipeline chunk, the
    // micro-batch within the global batch, …; the heatmap crosses out cells by the same rules.
    if (auto problem = layoutProblem(s)) fail(problem->key, problem->message());
}

/// Reads a whole file; sections and keys it leaves out keep the values of `base`.
Scenario readScenario(const json& doc, const Scenario& base)
{
    ObjectReader top(doc, "");
    const std::string format = top.string("format");
    if (format != kFormat) fail("format", "must be \"" + std::string(kFormat) + "\", got " + detail::quoted(format));
    (void)top.integer("version", 1, 1);

    Scenario s = base;
    s.name = "Untitled";

    if (top.has("name")) {
        s.name = top.string("name");
        if (s.name.size() > 200) fail("name", "must be at most 200 bytes");
    }
    s.model = readModel(top.object("model"));
    if (top.has("training")) readTraining(top.object("training"), s.training);
    if (top.has("precision")) readPrecision(top.object("precision"), s.precision);
    if (top.has("parallel")) readParallel(top.object("parallel"), s.parallel);
    if (top.has("hardware")) {
        // A hardware profile (a calibrated cluster) fills GPU, efficiency and overheads; the
        // scenario's own keys then take precedence.
        ObjectReader hw = top.object("hardware");
        if (hw.has("profile") && !tSkipProfiles) applyHardwareProfile(hw.string("profile"), hw.pathOf("profile"), s);
        readHardware(top.object("hardware"), s.hardware);
    }
    if (top.has("efficiency")) readEfficiency(top.object("efficiency"), s.efficiency);
    if (top.has("cost")) {
        ObjectReader r = top.object("cost");
        if (r.has("gpu_hour_usd")) s.cost.gpuHourUsd = r.limitedNumber("gpu_hour_usd");
        if (r.has("kwh_usd")) s.cost.kwhUsd = r.limitedNumber("kwh_usd");
        if (r.has("pue")) s.cost.pue = r.limitedNumber("pue");
        if (r.has("storage_usd_per_tb_month"))
            s.cost.storageUsdPerTbMonth = r.limitedNumber("storage_usd_per_tb_month");
        if (r.has("checkpoints_kept")) s.cost.checkpointsKept = static_cast<int>(r.limitedInteger("checkpoints_kept"));
        if (r.has("network_usd_per_tb")) s.cost.networkUsdPerTb = r.limitedNumber("network_usd_per_tb");
        if (r.has("team_size")) s.cost.teamSize = r.limitedNumber("team_size");
        if (r.has("person_month_usd")) s.cost.personMonthUsd = r.limitedNumber("person_month_usd");
        r.rejectUnknownKeys();
    }
    if (top.has("reliability")) {
        ObjectReader r = top.object("reliability");
        if (r.has("gpu_mtbf_hours")) s.reliability.gpuMtbfHours = r.limitedNumber("gpu_mtbf_hours");
        if (r.has("restart_minutes")) s.reliability.restartMinutes = r.limitedNumber("restart_minutes");
        if (r.has("checkpoint_write_gbps"))
            s.reliability.checkpointWriteGBps = r.limitedNumber("checkpoint_write_gbps");
        r.rejectUnknownKeys();
    }
    if (top.has("overhead")) readOverhead(top.object("overhead"), s.overhead);
    top.rejectUnknownKeys();
    checkAcrossSections(s);
    return s;
}

ScenarioResult parseDocument(const json& doc)
{
    try {
        // Keys a file leaves out take the bundled default scenario's values (documented in the
        // README), never a guess.
        return { readScenario(doc, defaultScenario()), {} };
    } catch (const detail::ReadError& e) {
        return { std::nullopt, e.error };
    }
}

} // namespace

ScenarioResult parseScenario(std::string_view text)
{
    try {
        return parseDocument(detail::parseLimited(text, "the scenario file"));
    } catch (const detail::ReadError& e) {
        return { std::nullopt, e.error };
    }
}

ScenarioResult loadScenarioFile(const std::string& filePath)
{
    std::string text;
    try {
        text = detail::readLimitedFile(filePath);
    } catch (const detail::ReadError& e) {
        return { std::nullopt, e.error };
    }
    struct BaseDir {
        explicit BaseDir(std::filesystem::path dir) { tBaseDir = std::move(dir); }
        ~BaseDir() { tBaseDir.clear(); }
        BaseDir(const BaseDir&) = delete;
        BaseDir& operator=(const BaseDir&) = delete;
    } base(std::filesystem::path(filePath).parent_path());
    return parseScenario(text);
}

std::vector<std::string> presetOverrides(const Hardware& h)
{
    const GpuPreset* preset = h.preset.empty() ? nullptr : findGpuPreset(h.preset);
    if (!preset) return {};
    return detail::gpuOverrides(preset->spec, h.gpu).value_or(std::vector<std::string> {});
}

std::string scenarioToJson(const Scenario& s)
{
    const auto& t = s.training;
    const auto& p = s.parallel;
    json training { { "seq_len", t.seqLen }, { "micro_batch", t.microBatch }, { "global_batch", t.globalBatch },
        { "tokens", t.tokens }, { "optimizer", toString(t.optimizer) }, { "method", toString(t.method) } };
    if (t.method != Method::full) {
        training["lora_rank"] = t.loraRank;
        training["lora_targets"] = t.loraTargets;
    }
    const auto& pr = s.precision;
    json precision { { "compute", toString(pr.compute) }, { "weights", toString(pr.weights) },
        { "gradients", toString(pr.gradients) },
        { "master_weights", pr.masterWeights ? std::string(toString(*pr.masterWeights)) : "none" },
        { "optimizer_states", toString(pr.optimizerStates) } };
    // Written where it matters or was changed, so that bf16 scenarios keep their five keys.
    if (isFp8(pr.compute) || pr.fp8Scope != Fp8Scope::linear) precision["fp8_scope"] = toString(pr.fp8Scope);
    if (pr.fp8Scaling != Fp8Scaling::tensorwise) precision["fp8_scaling"] = toString(pr.fp8Scaling);
    if (pr.activationCache != ActivationCache::compute) precision["activation_cache"] = toString(pr.activationCache);
    json parallel { { "tp", p.tp }, { "pp", p.pp }, { "dp", p.dp }, { "cp", p.cp }, { "ep", p.ep }, { "zero", p.zero },
        { "sequence_parallel", p.sequenceParallel }, { "recompute", toString(p.recompute) },
        { "flash_attention", p.flashAttention }, { "schedule", toString(p.schedule) },
        { "virtual_stages", p.virtualStages }, { "offload_optimizer", p.offloadOptimizer },
        { "offload_params", p.offloadParams } };
    // Written only when chosen, so that existing scenarios keep their keys.
    if (p.attentionKernel != AttentionKernel::automatic) parallel["attention_kernel"] = toString(p.attentionKernel);
    if (p.elementwiseKernels != ElementwiseKernels::fused)
        parallel["elementwise_kernels"] = toString(p.elementwiseKernels);
    if (p.gradReduce != GradReduce::per_micro_batch) parallel["grad_reduce"] = toString(p.gradReduce);
    if (p.dpCollectives != DpCollectives::buckets) parallel["dp_collectives"] = toString(p.dpCollectives);
    if (p.pipelineSplit != PipelineSplit::layers) parallel["pipeline_split"] = toString(p.pipelineSplit);
    if (p.tpSavedInput != TpSavedInput::shard) parallel["tp_saved_input"] = toString(p.tpSavedInput);
    if (p.gradientBuffers != GradientBuffers::persistent) parallel["gradient_buffers"] = toString(p.gradientBuffers);
    if (p.repeatKv) parallel["repeat_kv"] = true;
    if (p.offloadActivations) parallel["offload_activations"] = true;
    // A preset GPU is written by its name, with the fields that differ from the preset next to it;
    // a GPU that is no longer the preset plus overrides (another name) as a whole object.
    const GpuPreset* preset = s.hardware.preset.empty() ? nullptr : findGpuPreset(s.hardware.preset);
    const auto overridden = preset ? detail::gpuOverrides(preset->spec, s.hardware.gpu) : std::nullopt;
    json hardware { { "gpu", overridden ? json(s.hardware.preset) : detail::gpuToJson(s.hardware.gpu) },
        { "gpus_per_node", s.hardware.gpusPerNode } };
    if (overridden) {
        const json written = detail::gpuToJson(s.hardware.gpu);
        for (const std::string& key : *overridden)
            hardware[key] = written.at(key);
    }
    if (!s.hardware.profile.empty()) hardware["profile"] = s.hardware.profile;
    if (s.hardware.hostMemoryGBps != Hardware {}.hostMemoryGBps)
        hardware["host_memory_gbps"] = s.hardware.hostMemoryGBps;
    // nlohmann::ordered_json would keep this order; plain json sorts keys, which is stable too.
    nlohmann::ordered_json doc;
    doc["format"] = kFormat;
    doc["version"] = 1;
    doc["name"] = s.name;
    doc["model"] = modelToJson(s.model);
    doc["training"] = training;
    doc["precision"] = precision;
    doc["parallel"] = parallel;
    doc["hardware"] = hardware;
    const auto& ef = s.efficiency;
    doc["efficiency"] = { { "compute", ef.compute }, { "memory_bound_passes", ef.memoryBoundPasses },
        { "comm_overlap", ef.commOverlap }, { "bus_bandwidth", ef.busBandwidth },
        { "comm_latency_us", ef.commLatencyUs }, { "tp_overlap", ef.tpOverlap }, { "pp_overlap", ef.ppOverlap },
        { "ep_overlap", ef.epOverlap } };
    doc["cost"] = { { "gpu_hour_usd", s.cost.gpuHourUsd }, { "kwh_usd", s.cost.kwhUsd }, { "pue", s.cost.pue },
        { "storage_usd_per_tb_month", s.cost.storageUsdPerTbMonth }, { "checkpoints_kept", s.cost.checkpointsKept },
        { "network_usd_per_tb", s.cost.networkUsdPerTb }, { "team_size", s.cost.teamSize },
        { "person_month_usd", s.cost.personMonthUsd } };
    doc["reliability"]
        = { { "gpu_mtbf_hours", s.reliability.gpuMtbfHours }, { "restart_minutes", s.reliability.restartMinutes },
              { "checkpoint_write_gbps", s.reliability.checkpointWriteGBps } };
    doc["overhead"] = { { "cuda_context_gib", s.overhead.cudaContextGib },
        { "comm_buffer_gib_per_group", s.overhead.commBufferGibPerGroup },
        { "grad_bucket_mib", s.overhead.gradBucketMib }, { "fragmentation", s.overhead.fragmentation },
        { "loss_bytes_per_logit", s.overhead.lossBytesPerLogit } };
    return doc.dump(2) + "\n";
}

std::optional<ScenarioError> applyOverride(Scenario& scenario, std::string_view assignment)
{
    const auto eq = assignment.find('=');
    if (eq == std::string_view::npos || eq == 0)
        return ScenarioError { "", "override " + detail::quoted(assignment) + " must look like key.path=value" };
    const std::string path(assignment.substr(0, eq));
    const std::string valueText(assignment.substr(eq + 1));
    json value = json::parse(valueText, nullptr, false);
    if (value.is_discarded()) value = valueText; // bare words are strings: --set hardware.gpu=h100-sxm

    const SkipProfiles skip;
    json doc = json::parse(scenarioToJson(scenario));
    json* node = &doc;
    std::size_t start = 0;
    const std::string shownPath = printable(path, 64);
    while (true) {
        const auto dot = path.find('.', start);
        const std::string key = path.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
        if (key.empty()) return ScenarioError { shownPath, "is not a valid key path" };
        if (dot == std::string::npos) {
            if (!node->is_object()) return ScenarioError { shownPath, "is not a valid key path" };
            (*node)[key] = value;
            break;
        }
        if (!node->is_object() || !node->contains(key) || !(*node)[key].is_object())
            return ScenarioError { printable(path.substr(0, dot), 64), "unknown section" };
        node = &(*node)[key];
        start = dot + 1;
    }
    // The file form states a LoRA run's adapters; switching the method to full drops them with it.
    if (path == "training.method" && value == "full") {
        doc["training"].erase("lora_rank");
        doc["training"].erase("lora_targets");
    }
    ScenarioResult result = parseDocument(doc);
    if (!result.ok()) return result.error;
    // A new hardware profile is read and applied like one named in a file (review DEF-07: it was
    // stored but never read, so a missing or broken profile went unnoticed). Keys the override
    // itself gives for the hardware section win, as a file's own keys do.
    const std::string newProfile = doc["hardware"].value("profile", std::string());
    if (!newProfile.empty() && newProfile != scenario.hardware.profile) {
        Scenario changed = *result.scenario;
        try {
            {
                const SkipProfiles read(false);
                applyHardwareProfile(newProfile, "hardware.profile", changed);
            }
            if (path == "hardware") {
                const std::string kept = changed.hardware.profile;
                readHardware(ObjectReader(value, "hardware"), changed.hardware);
                changed.hardware.profile = kept;
            }
        } catch (const detail::ReadError& e) {
            return e.error;
        }
        if (auto error = validateScenario(changed)) return error;
        result.scenario = std::move(changed);
    }
    scenario = std::move(*result.scenario);
    return std::nullopt;
}

std::optional<ScenarioError> validateScenario(const Scenario& scenario)
{
    const SkipProfiles skip;
    const ScenarioResult r = parseScenario(scenarioToJson(scenario));
    if (r.ok()) return std::nullopt;
    return r.error;
}

Scenario defaultScenario()
{
    // Parsed once, on top of the struct defaults; the bundled file states every key (a test checks
    // that the file and the struct agree, so neither can drift).
    static const Scenario s = readScenario(json::parse(embedded::kDefaultScenarioJson), Scenario {});
    return s;
}

} // namespace core
