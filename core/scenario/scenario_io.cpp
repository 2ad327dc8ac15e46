#include "core/scenario/scenario_io.h"

#include "core/base/embedded_data.h"
#include "core/base/json_text.h"
#include "core/base/printable.h"
#include "core/scenario/architecture.h"
#include "core/scenario/json_reader.h"
#include "core/scenario/presets.h"
#include "core/scenario/problem.h"
#include "core/scenario/scenario_edit.h"
#include "core/scenario/scenario_fields.h"
#include "core/scenario/scenario_rules.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <filesystem>
#include <functional>
#include <optional>
#include <system_error>

namespace core {

using detail::fail;
using detail::json;
using detail::ObjectReader;

namespace {

constexpr std::string_view kFormat = "trainplanner-scenario";
constexpr std::string_view kProfileFormat = "trainplanner-hardware-profile";
constexpr std::array<std::string_view, 7> kLoraTargets { "q", "k", "v", "o", "gate", "up", "down" };

/// The key of `field` inside `section` ("parallel.tp" in "parallel": "tp"), or empty when the field
/// belongs elsewhere or deeper ("hardware.gpu.memory_gib" is not one of "hardware"'s own keys).
std::string_view keyIn(const Field& field, std::string_view section)
{
    if (field.path.size() <= section.size() + 1 || !field.path.starts_with(section)
        || field.path[section.size()] != '.')
        return {};
    const std::string_view key = field.path.substr(section.size() + 1);
    return key.find('.') == std::string_view::npos ? key : std::string_view {};
}

/// Reads the keys of `section` that the field table lists and the object gives, each checked against
/// its kind and range (scenario_fields.cpp), in the table's order.
void readFields(ObjectReader& r, std::string_view section, Scenario& s)
{
    for (const Field& f : scenarioFields()) {
        const std::string_view key = keyIn(f, section);
        if (key.empty() || !f.set || !r.has(key)) continue;
        f.set(s, r.field(key, f));
    }
}

/// The keys of `section` the field table lists, as the file writes them (those written only when
/// used or changed left out where they are not). In the table's order into an ordered_json; sorted
/// into a json (the order each section has always been written in).
template <typename Json> Json fieldsToJson(const Scenario& s, std::string_view section)
{
    Json out = Json::object();
    for (const Field& f : scenarioFields()) {
        const std::string_view key = keyIn(f, section);
        if (key.empty() || !f.get || (f.written && !f.written(s))) continue;
        out[std::string(key)] = detail::fieldJson<Json>(f, f.get(s));
    }
    return out;
}

ModelSpec readModel(ObjectReader r)
{
    ModelSpec m;
    const bool hasPreset = r.has("preset");
    const bool hasParams = r.has("params");
    if (hasPreset && hasParams)
        fail(r.pathOf("params"), "cannot be combined with preset", Problem(ProblemCode::model_given_twice));
    if (hasParams) {
        m.params = static_cast<std::int64_t>(r.field("params", *findField("model.params")));
        m.arch = standardShape(m.params);
        // A bare size stands alone: an architecture key beside it is known, just not combinable
        // ("model.layers: unknown key" misled). Of several, the first that is not a number is named,
        // else the first number.
        for (const bool numbers : { false, true })
            for (const Field* f : objectFields("model")) {
                const std::string_view key = keyInObject(*f, "model").first;
                if (f->isNumber() == numbers && r.has(key))
                    fail(r.pathOf(key), "cannot be combined with params (a bare size)",
                        Problem(ProblemCode::model_given_twice));
            }
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
            fail(r.pathOf("preset"), "unknown model preset " + r.quoted(m.preset) + " (known: " + names + ")",
                Problem(ProblemCode::value_not_a_choice));
        }
        m.arch = p->arch;
    } else {
        for (const Field* f : objectFields("model")) {
            const std::string_view key = keyInObject(*f, "model").first;
            if (f->required && !r.has(key))
                fail(r.pathOf(key), "is required (or give \"preset\" or \"params\")",
                    Problem(ProblemCode::key_required));
        }
        m.arch = Architecture {};
    }
    detail::readArchitectureFields(r, m.arch);
    r.rejectUnknownKeys();
    detail::validateArchitecture(m.arch, r.path());
    return m;
}

/// An architecture key a model's file states, and its value (as Field::get gives it).
struct StatedKey {
    const Field* field;
    double value;
};

/// The head geometry: written as a group against a preset, so that the reader's defaults
/// (kv_heads = heads, head_dim = hidden / heads) cannot change it.
bool inHeadGeometry(const Field& f)
{
    return f.path == "model.hidden" || f.path == "model.heads" || f.path == "model.kv_heads"
        || f.path == "model.head_dim";
}

/// What a file states of a key the writer leaves out of the model (written only when used: latent
/// attention, MTP, …, or when not the default: RoPE's base) while the preset has it: the switches
/// as off (0), RoPE's base as the default it went back to. nullopt: nothing.
std::optional<double> statedAgainstPreset(const Field& f, const Scenario& model)
{
    for (std::string_view key : { "router_bias", "dense_layers", "routed_node_limit", "q_lora_rank", "kv_lora_rank",
             "rope_head_dim", "v_head_dim", "mtp_layers", "parallel_block", "lm_head_bias" })
        if (f.path.substr(6) == key) return 0.0;
    if (f.path == "model.rope_theta") return f.get(model);
    return std::nullopt;
}

/// The architecture keys a model's file states, in file order: every key the writer writes of an
/// explicit architecture (`preset` nullptr), or only the differences to the preset.
std::vector<StatedKey> statedArchitectureKeys(const Architecture& arch, const Architecture* preset)
{
    Scenario full, base; // the rows read a Scenario's architecture
    full.model.arch = arch;
    if (preset) base.model.arch = *preset;
    auto inFile = [](const Field& f, const Scenario& s) { return !f.written || f.written(s); };
    bool geometry = false;
    for (const Field* f : objectFields("model"))
        geometry |= inHeadGeometry(*f) && f->get(full) != f->get(base);
    std::vector<StatedKey> stated;
    for (const Field* f : objectFields("model")) {
        const bool inFull = inFile(*f, full), inBase = preset && inFile(*f, base);
        if (inFull && (!preset || (geometry && inHeadGeometry(*f)) || !inBase || f->get(full) != f->get(base)))
            stated.push_back({ f, f->get(full) });
        else if (const auto value = statedAgainstPreset(*f, full);
                 !inFull && inBase && value && f->get(full) != f->get(base))
            stated.push_back({ f, *value });
    }
    return stated;
}

json modelToJson(const ModelSpec& m)
{
    if (m.params > 0) return json { { "params", m.params } };
    // A preset's model is written as its name and its differences to the preset.
    const ModelPreset* p = m.preset.empty() ? nullptr : findModelPreset(m.preset);
    json out = p ? json { { "preset", m.preset } } : json::object();
    for (const auto& [f, v] : statedArchitectureKeys(m.arch, p ? &p->arch : nullptr))
        out[std::string(keyInObject(*f, "model").first)] = detail::rowJson(*f, v);
    return out;
}

/// training.lora_targets (`list`, the value `r` gives for it): a non-empty list of distinct targets.
std::vector<std::string> readLoraTargets(const ObjectReader& r, const json& list)
{
    const auto path = r.pathOf("lora_targets");
    if (!list.is_array() || list.empty() || list.size() > kLoraTargets.size())
        fail(path, "must be a non-empty array of q, k, v, o, gate, up, down",
            Problem(ProblemCode::lora_targets_invalid));
    std::vector<std::string> targets;
    for (std::size_t i = 0; i < list.size(); ++i) {
        const auto& v = list[i];
        if (!v.is_string() || !enumFromName<int>(v.get<std::string>(), kLoraTargets))
            fail(path + "[" + std::to_string(i) + "]",
                "must be one of q, k, v, o, gate, up, down, got " + r.describe(v),
                Problem(ProblemCode::lora_targets_invalid));
        // A repeated target would be counted again (["q","q","q"] tripled the adapters).
        if (std::find(targets.begin(), targets.end(), v.get<std::string>()) != targets.end())
            fail(path + "[" + std::to_string(i) + "]", r.quoted(v.get<std::string>()) + " is listed twice",
                Problem(ProblemCode::key_given_twice));
        targets.push_back(v.get<std::string>());
    }
    return targets;
}

void readTraining(ObjectReader r, Scenario& s)
{
    readFields(r, "training", s);
    Training& t = s.training;
    if (r.has("lora_targets")) t.loraTargets = readLoraTargets(r, r.raw("lora_targets"));
    r.rejectUnknownKeys();
    // Adapters of a full fine-tune would be silently ignored: say so instead.
    if (t.method == Method::full)
        for (const char* key : { "lora_targets", "lora_rank" })
            if (r.has(key))
                fail(r.pathOf(key), "applies to method \"lora\" or \"qlora\" only, and method is \"full\"",
                    Problem(ProblemCode::lora_key_with_full_training));
}

/// A section whose keys are all in the field table (precision, parallel, efficiency, cost,
/// reliability, overhead). The rules joining parallel's keys are core::parallelRuleProblem()
/// (problem.cpp), checked once every section is read (checkAcrossSections).
void readSection(ObjectReader r, std::string_view section, Scenario& s)
{
    readFields(r, section, s);
    r.rejectUnknownKeys();
}

/// What a scenario is read with, passed down the reader.
struct ReadContext {
    /// The directory relative `hardware.profile` paths are resolved against: the scenario file's
    /// when loadScenarioFile() reads it; empty: the working directory.
    std::filesystem::path baseDir;
    /// Whether a profile the scenario names is read. Not while a scenario is read back internally
    /// (validation, overrides): its values are all explicit already, and the profile may have moved since.
    bool readProfiles = true;
};

/// The least rate a GPU field takes (hardware.gpu.achievable_tflops.*, attention_tflops.*: 0.001).
constexpr double kLeastRate = 0.001;

/// The 16-bit peak the flash-attention kernels' rates are measured against (readGpu): bf16's, else
/// fp16's; empty when the GPU has neither.
std::string attentionReference(const json& peaks)
{
    if (peaks.contains("bf16")) return "bf16";
    if (peaks.contains("fp16")) return "fp16";
    return {};
}

/// A new peak carries the GPU's measured fractions of its old one along. The measured rates — the
/// best GEMM (achievable_tflops, per dtype) and the flash-attention kernels (attention_tflops,
/// against the 16-bit peak) — were measured on the datasheet's peak; a user who gives another peak
/// (a clock, a power cap, a variant of the card) gets them scaled by new ÷ old peak, as a clock
/// change scales both: the measured achievable ÷ peak ratio (the preset's source, e.g. the MAMF
/// table's 86.9 % on the A100) carried to the new peak. A rate the same override gives is the user's
/// own and is kept. Without this the step time, priced at the measured rates, ignored a peak
/// override that moved only MFU's denominator, and a lower peak was refused for a measured rate the
/// user never wrote. `before` is the GPU as written before the override (gpuToJson or a file's
/// object); `after` holds the new peak_tflops and receives the scaled rates — those it does not give
/// (`keepGiven`: a file's override), or all of them (an edit of the peak alone, where `after` still
/// states the rates of the old peak).
void carryMeasuredRates(const json& before, json& after, bool keepGiven = true)
{
    if (!before.contains("peak_tflops") || !after.contains("peak_tflops")) return;
    const json& oldPeaks = before["peak_tflops"];
    const json& newPeaks = after["peak_tflops"];
    if (!oldPeaks.is_object() || !newPeaks.is_object()) return;
    // new ÷ old peak of a dtype whose peak changed; anything the reader will refuse is left to it.
    auto ratio = [&](const std::string& dtype) -> std::optional<double> {
        if (!oldPeaks.contains(dtype) || !newPeaks.contains(dtype)) return std::nullopt;
        const json &o = oldPeaks[dtype], &n = newPeaks[dtype];
        if (!o.is_number() || !n.is_number()) return std::nullopt;
        const double old = o.get<double>(), now = n.get<double>();
        if (!(old > 0) || !(now > 0) || !std::isfinite(old) || !std::isfinite(now) || old == now) return std::nullopt;
        return now / old;
    };
    auto scale = [&](const char* key, const std::function<std::optional<double>(const std::string&)>& factorOf) {
        if (!before.contains(key) || !before[key].is_object()) return;
        if (after.contains(key) && !after[key].is_object()) return; // refused by the reader, by its key
        for (const auto& [entry, rate] : before[key].items()) {
            const auto factor = factorOf(entry);
            if (!factor || !rate.is_number() || (keepGiven && after.contains(key) && after[key].contains(entry)))
                continue;
            after[key][entry] = std::max(kLeastRate, rate.get<double>() * *factor);
        }
    };
    scale("achievable_tflops", ratio);
    const std::string reference = attentionReference(oldPeaks);
    if (!reference.empty()) scale("attention_tflops", [&](const std::string&) { return ratio(reference); });
}

/// A preset GPU with single fields replaced, as `r` (the hardware section) gives them next to the
/// preset's name: the preset's figures with these merged in, read and checked as a GPU object's,
/// errors named by the key as written.
GpuSpec withOverrides(const ObjectReader& r, const GpuSpec& preset, const json& overrides)
{
    // {} replaces no entry: merged into the preset it would pass unnoticed.
    for (const ObjectKey& k : objectKeys("hardware.gpu")) {
        const auto given = overrides.find(k.key);
        if (k.holdsObject && given != overrides.end() && given->is_object() && given->empty())
            fail(r.pathOf(k.key),
                "names nothing to replace: give the preset's entries that differ, each by its dtype (\"bf16\") "
                "or kernel (\"flash2\")",
                Problem(ProblemCode::gpu_override_empty));
    }
    json merged = detail::gpuToJson(preset);
    json carried = overrides;
    carryMeasuredRates(merged, carried);
    // Rates per dtype or per kernel replace the preset's entries one by one.
    for (const auto& [key, value] : carried.items())
        if (value.is_object() && merged.contains(key) && merged[key].is_object())
            for (const auto& [entry, rate] : value.items())
                merged[key][entry] = rate;
        else
            merged[key] = value;
    ObjectReader gr = r.reader(merged, r.path());
    return detail::readGpu(gr);
}

/// The profile a file's text names, or the reader's error naming the key.
std::string profilePath(const std::string& text, const std::string& key)
{
    auto path = pathFromFileText(text);
    if (!path)
        fail(key, "is a file URI that cannot be read: it must be file:///… with %XX escapes and no NUL",
            Problem(ProblemCode::invalid_value));
    return std::move(*path);
}

/// The hardware section; `allowProfile`: false inside a profile, which cannot name another.
void readHardware(ObjectReader r, Scenario& s, const ReadContext& context, bool allowProfile = true)
{
    Hardware& h = s.hardware;
    if (r.has("profile")) {
        if (!allowProfile)
            fail(r.pathOf("profile"), "a hardware profile cannot reference another profile",
                Problem(ProblemCode::profile_nested));
        const std::string written = r.string("profile"); // applied by readScenario before this section
        if (!context.readProfiles || h.profile.empty()) h.profile = profilePath(written, r.pathOf("profile"));
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
                fail(r.pathOf("gpu"), "unknown GPU preset " + r.quoted(h.preset) + " (known: " + names + ")",
                    Problem(ProblemCode::value_not_a_choice));
            }
            h.gpu = p->spec;
            if (p->gpusPerNode > 0) h.gpusPerNode = p->gpusPerNode; // its NVLink domain, unless given below
        } else if (g.is_object()) {
            ObjectReader gr = r.reader(g, r.pathOf("gpu"));
            h.preset.clear();
            h.gpu = detail::readGpu(gr);
            gr.rejectUnknownKeys();
        } else {
            fail(r.pathOf("gpu"), "must be a GPU preset name or an object, got " + r.describe(g),
                Problem(ProblemCode::value_wrong_type, { { "expected", double(ExpectedType::object) } }));
        }
    }
    // Single fields of a preset GPU, next to its name.
    json overrides = json::object();
    for (const ObjectKey& k : objectKeys("hardware.gpu"))
        if (r.has(k.key)) overrides[std::string(k.key)] = r.raw(k.key);
    if (!overrides.empty()) {
        if (h.preset.empty())
            fail(r.pathOf(overrides.begin().key()),
                "replaces a field of a GPU preset, and hardware.gpu is a GPU object: give the field inside "
                "hardware.gpu",
                Problem(ProblemCode::gpu_override_needs_preset));
        h.gpu = withOverrides(r, h.gpu, overrides);
    }
    readFields(r, "hardware", s); // gpus_per_node, host_memory_gbps
    r.rejectUnknownKeys();
}

void applyHardwareProfile(const std::string& file, const std::string& keyPath, Scenario& s, const ReadContext& context)
{
    std::filesystem::path path(profilePath(file, keyPath));
    if (path.is_relative() && !context.baseDir.empty()) path = context.baseDir / path;
    try {
        const std::string text = detail::readLimitedFile(path.string());
        const json doc = detail::parseLimited(text, "the hardware profile " + printable(path.filename().string(), 64));
        // A scenario from someone else can name any file here: its values are never repeated.
        ObjectReader top(doc, "", /*quietValues=*/true);
        const std::string format = top.string("format");
        if (format != kProfileFormat)
            fail("format", "must be \"" + std::string(kProfileFormat) + "\", got " + top.quoted(format),
                Problem(ProblemCode::value_not_a_choice));
        (void)top.integer("version", 1, 1);
        if (top.has("name")) (void)top.string("name");
        if (top.has("hardware")) readHardware(top.object("hardware"), s, context, false);
        if (top.has("efficiency")) readSection(top.object("efficiency"), "efficiency", s);
        if (top.has("overhead")) readSection(top.object("overhead"), "overhead", s);
        if (top.has("calibrated_from")) (void)top.raw("calibrated_from"); // provenance, free-form
        top.rejectUnknownKeys();
    } catch (const detail::ReadError& e) {
        // File problems already name the file; problems inside it get the file's name in front.
        // The problem inside keeps its code; its key names the file it is in.
        Problem inner = e.error.problem;
        inner.key = e.error.path.empty() ? keyPath : printable(path.filename().string(), 64) + ": " + inner.key;
        fail(keyPath,
            e.error.path.empty() ? e.error.message
                                 : printable(path.filename().string(), 64) + ": " + e.error.toString(),
            std::move(inner));
    }
    // Kept absolute, so that the scenario can be saved anywhere and still find it.
    std::error_code ec;
    s.hardware.profile = std::filesystem::absolute(path, ec).lexically_normal().string();
}

/// Rules that join two sections, checked once every section is read.
void checkAcrossSections(const Scenario& s)
{
    // The parameter count is a product of in-range fields; a 4,096-expert, 2^20-wide model reaches
    // 10^19 and wrapped to a negative count. Refused before any estimate uses it.
    if (s.model.params == 0) {
        const double params = countParameters(s.model.arch).total();
        if (!(params <= kMaxParameters))
            fail("model",
                "has " + messageNumber(params) + " parameters; at most " + messageNumber(kMaxParameters)
                    + " are supported (check layers, hidden, ffn_hidden, vocab and experts)",
                Problem(ProblemCode::model_too_large, { { "params", params }, { "max_params", kMaxParameters } }));
    }
    // The layout rules (problem.cpp): EP within dp × cp, a layer for every pipeline chunk, the
    // micro-batch within the global batch, …; the heatmap crosses out cells by the same rules.
    if (auto problem = layoutProblem(s)) fail(problem->key, problem->message(), *problem);
}

void checkName(const std::string& name)
{
    // Text reaches JSON, CSV, Markdown and TOML files, which are UTF-8: a name of other bytes
    // (`--set name=…` takes the shell's bytes) is refused where it enters.
    if (!isUtf8(name)) fail("name", "is not UTF-8 text", Problem(ProblemCode::invalid_value));
    if (name.size() > kMaxNameBytes)
        fail("name", "must be at most " + std::to_string(kMaxNameBytes) + " bytes",
            Problem(ProblemCode::text_too_long, { { "max", double(kMaxNameBytes) } }));
}

/// Reads a whole file; sections and keys it leaves out keep the values of `base`.
Scenario readScenario(const json& doc, const Scenario& base, const ReadContext& context)
{
    ObjectReader top(doc, "");
    const std::string format = top.string("format");
    if (format != kFormat)
        fail("format", "must be \"" + std::string(kFormat) + "\", got " + top.quoted(format),
            Problem(ProblemCode::value_not_a_choice));
    (void)top.integer("version", 1, 1);

    Scenario s = base;
    s.name = "Untitled";

    if (top.has("name")) {
        s.name = top.string("name");
        checkName(s.name);
    }
    s.model = readModel(top.object("model"));
    if (top.has("training")) readTraining(top.object("training"), s);
    if (top.has("precision")) readSection(top.object("precision"), "precision", s);
    if (top.has("parallel")) readSection(top.object("parallel"), "parallel", s);
    if (top.has("hardware")) {
        // A hardware profile (a calibrated cluster) fills GPU, efficiency and overheads; the
        // scenario's own keys then take precedence.
        ObjectReader hw = top.object("hardware");
        if (hw.has("profile") && context.readProfiles)
            applyHardwareProfile(hw.string("profile"), hw.pathOf("profile"), s, context);
        readHardware(top.object("hardware"), s, context);
    }
    for (const char* section : { "efficiency", "cost", "reliability", "overhead" })
        if (top.has(section)) readSection(top.object(section), section, s);
    top.rejectUnknownKeys();
    checkAcrossSections(s);
    // A file without a name is named by what it describes, as an edited scenario is (not "Untitled"
    // in every title and heading).
    if (!top.has("name")) s.name = automaticName(s);
    return s;
}

ScenarioResult parseDocument(const json& doc, const ReadContext& context)
{
    try {
        // Keys a file leaves out take the bundled default scenario's values (documented in the
        // README), never a guess.
        return { readScenario(doc, defaultScenario(), context), {} };
    } catch (const detail::ReadError& e) {
        return { std::nullopt, e.error };
    }
}

ScenarioResult parseText(std::string_view text, const ReadContext& context)
{
    try {
        return parseDocument(detail::parseLimited(text, "the scenario file"), context);
    } catch (const detail::ReadError& e) {
        return { std::nullopt, e.error };
    }
}

// Checking a scenario as its file would be read, without writing the file: the reader's rules in the
// reader's order, on the values the writer would write and on what the reader would give back for
// the keys the writer leaves out. A value goes into JSON only once it is refused, so that the
// message is the reader's own.

/// Whether the reader takes value `v` of `f` as the writer writes it.
bool accepted(const Field& f, double v)
{
    switch (f.kind) {
    case FieldKind::integer:
    case FieldKind::powerOfTwo: {
        const auto i = static_cast<std::int64_t>(v);
        return i >= static_cast<std::int64_t>(f.min) && i <= static_cast<std::int64_t>(f.max)
            && (f.kind == FieldKind::integer || std::has_single_bit(static_cast<std::uint64_t>(i)));
    }
    case FieldKind::number:
        return std::isfinite(v) && v >= f.min && v <= f.max;
    default:
        return true;
    }
}

/// A value as a file's text holds it: a number that is not finite is written null.
json asWritten(json value)
{
    if (value.is_number_float() && !std::isfinite(value.get<double>())) return nullptr;
    if (value.is_object())
        for (auto& [key, inner] : value.items())
            inner = asWritten(inner);
    return value;
}

/// Value `v` of `f`, key `key` of the object at `parent`: refused in the reader's words where the
/// reader refuses it.
void checkValue(const Field& f, double v, const std::string& parent, std::string_view key)
{
    if (accepted(f, v)) return;
    const json object { { std::string(key), asWritten(detail::fieldJson<json>(f, v)) } };
    (void)ObjectReader(object, parent).field(key, f);
}

void checkRule(const Field& f, const Scenario& s, std::size_t index, const std::string& path)
{
    if (!f.rule) return;
    if (auto broken = f.rule(s, index)) fail(path, std::move(broken->message), std::move(broken->problem));
}

/// The model as the reader gives back what modelToJson() writes, its values checked on the way.
ModelSpec checkedModel(const ModelSpec& m)
{
    ModelSpec back;
    if (m.params > 0) {
        const Field& params = *findField("model.params");
        if (m.params < static_cast<std::int64_t>(params.min) || m.params > static_cast<std::int64_t>(params.max))
            (void)ObjectReader(json { { "params", m.params } }, "model").field("params", params);
        back.params = m.params;
        back.arch = standardShape(m.params);
        return back;
    }
    const ModelPreset* p = m.preset.empty() ? nullptr : findModelPreset(m.preset);
    Scenario s; // the rows read and write a Scenario's architecture
    s.model.arch = p ? p->arch : Architecture {};
    detail::StatedHeads heads;
    bool vHeadDim = false;
    for (const auto& [f, v] : statedArchitectureKeys(m.arch, p ? &p->arch : nullptr)) {
        const std::string_view key = keyInObject(*f, "model").first;
        checkValue(*f, v, "model", key);
        f->set(s, v);
        heads.heads |= key == "heads", heads.hidden |= key == "hidden", heads.kvHeads |= key == "kv_heads";
        heads.headDim |= key == "head_dim", vHeadDim |= key == "v_head_dim";
    }
    detail::deriveHeadGeometry(s.model.arch, heads, "model.head_dim");
    detail::deriveValueWidth(s.model.arch, vHeadDim);
    detail::validateArchitecture(s.model.arch, "model");
    if (p) back.preset = m.preset;
    back.arch = s.model.arch;
    return back;
}

/// A GPU object as the reader gives back what gpuToJson() writes, its values checked on the way.
GpuSpec checkedGpuObject(const GpuSpec& gpu, const std::string& path)
{
    detail::checkGpuName(gpu.name, path + ".name");
    Scenario s, back; // the rows read and write a Scenario's GPU
    s.hardware.gpu = gpu;
    back.hardware.gpu = GpuSpec { .name = gpu.name, .source = gpu.source };
    for (const ObjectKey& k : objectKeys("hardware.gpu")) {
        const std::string parent = k.holdsObject ? path + "." + std::string(k.key) : path;
        int given = 0;
        for (const Field* f : k.rows) {
            if (f->written && !f->written(s)) continue;
            // A per-format row has a value per entry it holds, any other row one.
            for (std::size_t i = 0; i < std::max<std::size_t>(f->entries.size(), 1); ++i) {
                const auto v = f->entries.empty() ? std::optional<double>(f->get(s)) : f->entry(s, i);
                if (!v) continue;
                const std::string_view key = !f->entries.empty() ? f->entries[i]
                    : k.holdsObject                              ? keyInObject(*f, "hardware.gpu").second
                                                                 : k.key;
                checkValue(*f, *v, parent, key);
                f->entries.empty() ? f->set(back, *v) : f->setEntry(back, i, *v);
                checkRule(*f, back, i, parent + "." + std::string(key));
                ++given;
            }
        }
        if (k.holdsObject && given == 0 && k.rows.front()->required) detail::failNoEntry(parent);
    }
    return back.hardware.gpu;
}

/// The GPU as read back: a preset's name with the fields that differ from it, or a GPU object.
void checkGpu(const Hardware& h, Hardware& back)
{
    const GpuPreset* p = h.preset.empty() ? nullptr : findGpuPreset(h.preset);
    const auto overridden = p ? detail::gpuOverrides(p->spec, h.gpu) : std::nullopt;
    if (!overridden) {
        back.preset.clear();
        back.gpu = checkedGpuObject(h.gpu, "hardware.gpu");
        return;
    }
    back.gpu = p->spec;
    if (overridden->empty()) return;
    // Merged into the preset by the reader's own code: a new peak carries the measured rates along.
    const json written = detail::gpuToJson(h.gpu);
    json overrides = json::object();
    for (const std::string& key : *overridden)
        overrides[key] = asWritten(written.at(key));
    back.gpu = withOverrides(ObjectReader(overrides, "hardware"), p->spec, overrides);
}

/// The keys of `section` the writer writes, checked; those it leaves out take the values of
/// `defaults` in `back`, as the reader gives them.
void checkSection(const Scenario& s, std::string_view section, const Scenario& defaults, Scenario& back)
{
    for (const Field& f : scenarioFields()) {
        const std::string_view key = keyIn(f, section);
        if (key.empty() || !f.get || !f.set) continue;
        if (f.written && !f.written(s))
            f.set(back, f.get(defaults));
        else
            checkValue(f, f.get(s), std::string(section), key);
    }
}

/// training.lora_targets where a LoRA run writes them, else the default's.
void checkLoraTargets(const Scenario& s, const Scenario& defaults, Scenario& back)
{
    if (s.training.method == Method::full) {
        back.training.loraTargets = defaults.training.loraTargets;
        return;
    }
    const auto& targets = s.training.loraTargets;
    bool fine = !targets.empty() && targets.size() <= kLoraTargets.size();
    for (std::size_t i = 0; fine && i < targets.size(); ++i)
        fine = enumFromName<int>(targets[i], kLoraTargets)
            && std::find(targets.begin(), targets.begin() + std::ptrdiff_t(i), targets[i])
                == targets.begin() + std::ptrdiff_t(i);
    if (!fine) (void)readLoraTargets(ObjectReader(json::object(), "training"), json(targets));
}

/// The scenario as the reader gives back what scenarioToJson() writes, checked in the reader's order
/// (readScenario).
Scenario checkedScenario(const Scenario& s)
{
    checkName(s.name);
    const Scenario defaults = defaultScenario();
    Scenario back = s;
    back.model = checkedModel(s.model);
    checkSection(s, "training", defaults, back);
    checkLoraTargets(s, defaults, back);
    for (const char* section : { "precision", "parallel" })
        checkSection(s, section, defaults, back);
    checkGpu(s.hardware, back.hardware);
    for (const char* section : { "hardware", "efficiency", "cost", "reliability", "overhead" })
        checkSection(s, section, defaults, back);
    checkAcrossSections(back);
    return back;
}

} // namespace

ScenarioResult parseScenario(std::string_view text)
{
    return parseText(text, ReadContext {});
}

ScenarioResult loadScenarioFile(const std::string& filePath)
{
    std::string text;
    try {
        text = detail::readLimitedFile(filePath);
    } catch (const detail::ReadError& e) {
        return { std::nullopt, e.error };
    }
    return parseText(text, ReadContext { .baseDir = std::filesystem::path(filePath).parent_path() });
}

std::vector<std::string> presetOverrides(const Hardware& h)
{
    const GpuPreset* preset = h.preset.empty() ? nullptr : findGpuPreset(h.preset);
    if (!preset) return {};
    return detail::gpuOverrides(preset->spec, h.gpu).value_or(std::vector<std::string> {});
}

std::string scenarioToJson(const Scenario& s)
{
    json training = fieldsToJson<json>(s, "training");
    if (s.training.method != Method::full) training["lora_targets"] = s.training.loraTargets;
    // A preset GPU is written by its name, with the fields that differ from the preset next to it;
    // a GPU that is no longer the preset plus overrides (another name) as a whole object.
    const GpuPreset* preset = s.hardware.preset.empty() ? nullptr : findGpuPreset(s.hardware.preset);
    const auto overridden = preset ? detail::gpuOverrides(preset->spec, s.hardware.gpu) : std::nullopt;
    json hardware = fieldsToJson<json>(s, "hardware");
    hardware["gpu"] = overridden ? json(s.hardware.preset) : detail::gpuToJson(s.hardware.gpu);
    if (overridden) {
        const json written = detail::gpuToJson(s.hardware.gpu);
        for (const std::string& key : *overridden)
            hardware[key] = written.at(key);
    }
    if (!s.hardware.profile.empty()) hardware["profile"] = pathToFileText(s.hardware.profile);
    // nlohmann::ordered_json would keep this order; plain json sorts keys, which is stable too.
    nlohmann::ordered_json doc;
    doc["format"] = kFormat;
    doc["version"] = 1;
    doc["name"] = s.name;
    doc["model"] = modelToJson(s.model);
    doc["training"] = training;
    for (const char* section : { "precision", "parallel" })
        doc[section] = fieldsToJson<json>(s, section);
    doc["hardware"] = hardware;
    for (const char* section : { "efficiency", "cost", "reliability", "overhead" })
        doc[section] = fieldsToJson<nlohmann::ordered_json>(s, section);
    return core::jsonText(doc);
}

std::string pathToFileText(const std::string& path)
{
    if (isUtf8(path) && !path.starts_with("file://")) return path;
    std::error_code ec;
    const std::string absolute = std::filesystem::absolute(path, ec).lexically_normal().string();
    std::string out = "file://";
    for (const char c : ec ? path : absolute) {
        const auto u = static_cast<unsigned char>(c);
        const bool unreserved = (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || (u >= '0' && u <= '9') || u == '-'
            || u == '.' || u == '_' || u == '~' || u == '/';
        if (unreserved) {
            out += c;
        } else {
            constexpr char kHex[] = "0123456789ABCDEF";
            out += '%';
            out += kHex[u >> 4];
            out += kHex[u & 0xF];
        }
    }
    return out;
}

std::optional<std::string> pathFromFileText(std::string_view text)
{
    if (!text.starts_with("file://")) return std::string(text);
    text.remove_prefix(7);
    if (text.starts_with("localhost/")) text.remove_prefix(9);
    if (!text.starts_with('/')) return std::nullopt; // file://host/… names another machine's file
    auto hex = [](char c) -> int {
        if (c >= '0' && c <= '9') return c - '0';
        if (c >= 'a' && c <= 'f') return c - 'a' + 10;
        if (c >= 'A' && c <= 'F') return c - 'A' + 10;
        return -1;
    };
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] != '%') {
            out += text[i];
            continue;
        }
        if (i + 2 >= text.size()) return std::nullopt; // "%" or "%E" at the end
        const int high = hex(text[i + 1]), low = hex(text[i + 2]);
        if (high < 0 || low < 0 || (high == 0 && low == 0)) return std::nullopt;
        out += static_cast<char>(high * 16 + low);
        i += 2;
    }
    return out;
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
    // The shell gives bytes; a scenario's text is UTF-8 (nothing could write it otherwise). A profile's
    // file name may be any bytes: it is carried as a file URI, as a saved scenario writes it.
    if (!isUtf8(valueText)) {
        if (path != "hardware.profile")
            return ScenarioError { printable(path, 64), "is not UTF-8 text: a scenario's text must be UTF-8",
                Problem(ProblemCode::invalid_value, {}, printable(path, 64)) };
        value = pathToFileText(valueText);
    }

    const ReadContext readBack { .readProfiles = false };
    json doc = json::parse(scenarioToJson(scenario));
    // A peak edited alone keeps the GPU's measured fractions of it (carryMeasuredRates), also where the
    // scenario states the rates already (a peak overridden before, a GPU object).
    json* gpu = nullptr;
    for (const char* prefix : { "hardware.peak_tflops", "hardware.gpu.peak_tflops" })
        if (path == prefix || path.starts_with(std::string(prefix) + ".")) {
            json& hardware = doc["hardware"];
            gpu = std::string_view(prefix).starts_with("hardware.gpu.") ? &hardware["gpu"] : &hardware;
        }
    const json gpuBefore = gpu && gpu->is_object() ? *gpu : json();
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
    if (gpu && gpu->is_object() && gpuBefore.is_object()) carryMeasuredRates(gpuBefore, *gpu, false);
    // The file form states a LoRA run's adapters; switching the method to full drops them with it.
    if (path == "training.method" && value == "full") {
        doc["training"].erase("lora_rank");
        doc["training"].erase("lora_targets");
    }
    ScenarioResult result = parseDocument(doc, readBack);
    if (!result.ok()) return result.error;
    // A new hardware profile is read and applied like one named in a file (once it was
    // stored but never read, so a missing or broken profile went unnoticed). Keys the override
    // itself gives for the hardware section win, as a file's own keys do.
    // Read back by parseDocument() above: a file URI there is well-formed.
    const std::string newProfile = pathFromFileText(doc["hardware"].value("profile", std::string())).value_or("");
    if (!newProfile.empty() && newProfile != scenario.hardware.profile) {
        Scenario changed = *result.scenario;
        try {
            applyHardwareProfile(newProfile, "hardware.profile", changed, ReadContext {});
            if (path == "hardware") {
                const std::string kept = changed.hardware.profile;
                readHardware(ObjectReader(value, "hardware"), changed, readBack);
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
    try {
        (void)checkedScenario(scenario);
        return std::nullopt;
    } catch (const detail::ReadError& e) {
        return e.error;
    }
}

Scenario defaultScenario()
{
    // Parsed once, on top of the struct defaults; the bundled file states every key (a test checks
    // that the file and the struct agree, so neither can drift).
    static const Scenario s = readScenario(json::parse(embedded::kDefaultScenarioJson), Scenario {}, ReadContext {});
    return s;
}

} // namespace core
