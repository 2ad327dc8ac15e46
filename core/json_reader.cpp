#include "core/json_reader.h"

#include "core/file_io.h"
#include "core/printable.h"
#include "core/scenario_fields.h"

#include <bit>
#include <cmath>
#include <cstdio>
#include <limits>
#include <set>
#include <sstream>
#include <vector>

namespace core::detail {

void fail(std::string path, std::string message)
{
    Problem problem(ProblemCode::invalid_value, {}, path);
    throw ReadError { ScenarioError { std::move(path), std::move(message), std::move(problem) } };
}

void fail(std::string path, std::string message, Problem problem)
{
    if (problem.key.empty()) problem.key = path;
    throw ReadError { ScenarioError { std::move(path), std::move(message), std::move(problem) } };
}

Problem problemAt(ProblemCode code, const std::string& path, Problem::Values values)
{
    return Problem(code, std::move(values), path);
}

namespace {

Problem wrongType(ExpectedType expected)
{
    return Problem(ProblemCode::value_wrong_type, { { "expected", double(expected) } });
}

Problem outOfRange(double min, double max, bool integer, bool powerOfTwo = false)
{
    return Problem(ProblemCode::value_out_of_range,
        { { "min", min }, { "max", max }, { "integer", integer ? 1.0 : 0.0 },
            { "power_of_two", powerOfTwo ? 1.0 : 0.0 } });
}

} // namespace

namespace {

/// Set while a file the user did not name is read (a hardware profile a scenario points to): its
/// values are not repeated in messages, only their kind (a scenario from someone
/// else could otherwise show the first bytes of any JSON file on the screen).
thread_local int tQuietValues = 0;

const char* kindOf(const json& value)
{
    switch (value.type()) {
    case json::value_t::string:
        return "a string";
    case json::value_t::boolean:
        return "a boolean";
    case json::value_t::array:
        return "an array";
    case json::value_t::object:
        return "an object";
    case json::value_t::null:
        return "null";
    default:
        return "a number";
    }
}

} // namespace

QuietValues::QuietValues()
{
    ++tQuietValues;
}
QuietValues::~QuietValues()
{
    --tQuietValues;
}

std::string describe(const json& value)
{
    if (tQuietValues > 0) return kindOf(value);
    // dump() escapes C0 controls; printable() also escapes C1 controls and bidirectional overrides.
    const std::string text = printable(value.dump(-1, ' ', false, json::error_handler_t::replace), 40);
    switch (value.type()) {
    case json::value_t::string:
        return "string " + text;
    case json::value_t::boolean:
        return "boolean " + text;
    case json::value_t::array:
        return "array " + text;
    case json::value_t::object:
        return "object " + text;
    case json::value_t::null:
        return "null";
    default:
        return text;
    }
}

std::string quoted(std::string_view text)
{
    std::string out(1, '"');
    out += tQuietValues > 0 ? std::string("…") : printable(text, 40);
    out += '"';
    return out;
}

std::string scientific(double v)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.3g", v);
    return text;
}

ObjectReader::ObjectReader(const json& object, std::string path)
    : m_object(object)
    , m_path(std::move(path))
{
    if (!m_object.is_object())
        fail(m_path.empty() ? std::string("(top level)") : m_path, "must be an object, got " + describe(m_object),
            wrongType(ExpectedType::object));
}

bool ObjectReader::has(std::string_view key) const
{
    m_seen.emplace(key); // asking about a key means the reader knows it
    return m_object.contains(key);
}

std::string ObjectReader::pathOf(std::string_view key) const
{
    // Keys come from the file: a key with an escape sequence or of 500 KB is shown escaped and cut.
    const std::string shown = printable(key, 64);
    return m_path.empty() ? shown : m_path + "." + shown;
}

const json& ObjectReader::raw(std::string_view key)
{
    m_seen.emplace(key);
    auto it = m_object.find(key);
    if (it == m_object.end()) fail(pathOf(key), "is required", Problem(ProblemCode::key_required));
    return *it;
}

std::int64_t ObjectReader::integer(std::string_view key, std::int64_t min, std::int64_t max)
{
    const json& v = raw(key);
    const auto range = " between " + std::to_string(min) + " and " + std::to_string(max);
    if (v.is_number_integer()) {
        // Unsigned values above int64 range arrive as number_unsigned; compare before converting.
        if (v.is_number_unsigned() && v.get<std::uint64_t>() > static_cast<std::uint64_t>(max))
            fail(pathOf(key), "must be an integer" + range + ", got " + describe(v),
                outOfRange(double(min), double(max), true));
        const auto i = v.get<std::int64_t>();
        if (i < min || i > max)
            fail(pathOf(key), "must be an integer" + range + ", got " + describe(v),
                outOfRange(double(min), double(max), true));
        return i;
    }
    if (v.is_number_float()) {
        const double d = v.get<double>();
        if (std::isfinite(d) && d == std::floor(d) && d >= static_cast<double>(min) && d <= static_cast<double>(max))
            return static_cast<std::int64_t>(d);
        fail(pathOf(key), "must be an integer" + range + ", got " + describe(v),
            outOfRange(double(min), double(max), true));
    }
    fail(
        pathOf(key), "must be an integer" + range + ", got " + describe(v), outOfRange(double(min), double(max), true));
}

double ObjectReader::number(std::string_view key, double min, double max)
{
    const json& v = raw(key);
    if (!v.is_number()) fail(pathOf(key), "must be a number, got " + describe(v), wrongType(ExpectedType::number));
    const double d = v.get<double>();
    if (!std::isfinite(d) || d < min || d > max) {
        std::ostringstream os;
        os << "must be a number between " << min << " and " << max << ", got " << describe(v);
        fail(pathOf(key), os.str(), outOfRange(min, max, false));
    }
    return d;
}

namespace {

const Field& limitFor(const std::string& path)
{
    const Field* limit = findField(path);
    // Every key read with limits has an entry (test_scenario_fields.cpp walks the reader's keys).
    if (!limit) fail(path, "has no limits (internal error)");
    return *limit;
}

} // namespace

std::string ObjectReader::limitKey(std::string_view key) const
{
    // A lookup, not a message: the raw path (pathOf() escapes for display).
    const std::string& section = m_limitsSection.empty() ? m_path : m_limitsSection;
    return section.empty() ? std::string(key) : section + "." + std::string(key);
}

std::int64_t ObjectReader::limitedInteger(std::string_view key)
{
    const Field& l = limitFor(limitKey(key));
    const auto v = integer(key, static_cast<std::int64_t>(l.min), static_cast<std::int64_t>(l.max));
    if (l.kind == FieldKind::powerOfTwo && !std::has_single_bit(static_cast<std::uint64_t>(v)))
        fail(pathOf(key), rangeText(l) + ", got " + std::to_string(v), outOfRange(l.min, l.max, true, true));
    return v;
}

double ObjectReader::limitedNumber(std::string_view key)
{
    const Field& l = limitFor(limitKey(key));
    return number(key, l.min, l.max);
}

std::size_t ObjectReader::choice(std::string_view key, std::span<const std::string_view> names)
{
    const std::string value = string(key);
    for (std::size_t i = 0; i < names.size(); ++i)
        if (names[i] == value) return i;
    std::string allowed;
    for (auto n : names)
        allowed += (allowed.empty() ? "" : ", ") + std::string(n);
    fail(pathOf(key), "must be one of " + allowed + ", got " + detail::quoted(value),
        Problem(ProblemCode::value_not_a_choice));
}

bool ObjectReader::boolean(std::string_view key)
{
    const json& v = raw(key);
    if (!v.is_boolean())
        fail(pathOf(key), "must be true or false, got " + describe(v), wrongType(ExpectedType::boolean));
    return v.get<bool>();
}

std::string ObjectReader::string(std::string_view key)
{
    const json& v = raw(key);
    if (!v.is_string()) fail(pathOf(key), "must be a string, got " + describe(v), wrongType(ExpectedType::string));
    return v.get<std::string>();
}

ObjectReader ObjectReader::object(std::string_view key)
{
    return ObjectReader(raw(key), pathOf(key));
}

void ObjectReader::rejectUnknownKeys() const
{
    for (auto it = m_object.begin(); it != m_object.end(); ++it)
        if (!m_seen.contains(it.key())) fail(pathOf(it.key()), "unknown key", Problem(ProblemCode::key_unknown));
}

namespace {

/// RFC 3629 well-formedness (no overlongs, no surrogates, at most U+10FFFF): the first bad byte.
std::size_t firstInvalidUtf8(std::string_view s)
{
    for (std::size_t i = 0; i < s.size();) {
        const std::size_t n = utf8SequenceLength(s, i);
        if (n == 0) return i;
        i += n;
    }
    return std::string_view::npos;
}

/// A parser callback that refuses a key given twice in one object (otherwise the last one
/// silently won, so {"tp": 3, "tp": 1} ran with tp 1 and a typo'd second "model" hid the first).
class DuplicateKeys {
public:
    bool operator()(int depth, json::parse_event_t event, json& parsed)
    {
        using E = json::parse_event_t;
        // depth counts the open objects and arrays; frames hold one set of keys per open container.
        if (event == E::object_start || event == E::array_start) {
            const std::string name = m_frames.empty() ? std::string() : m_frames.back().lastKey;
            m_frames.push_back({ event == E::object_start, {}, {}, name });
        } else if (event == E::object_end || event == E::array_end) {
            if (!m_frames.empty()) m_frames.pop_back();
        } else if (event == E::key && !m_frames.empty()) {
            Frame& frame = m_frames.back();
            const std::string key = parsed.get<std::string>();
            if (!frame.keys.insert(key).second)
                fail(pathTo(key), "is given twice (each key may appear once)", Problem(ProblemCode::key_given_twice));
            frame.lastKey = key;
        } else if (event == E::value && !m_frames.empty() && !m_frames.back().object) {
            m_frames.back().lastKey = "[]";
        }
        (void)depth;
        return true;
    }

private:
    struct Frame {
        bool object;
        std::set<std::string> keys;
        std::string lastKey;
        std::string name; ///< key of this container in its parent ("" at the top)
    };
    std::string pathTo(const std::string& key) const
    {
        std::string path;
        for (std::size_t i = 1; i < m_frames.size(); ++i)
            path += (path.empty() ? "" : ".") + printable(m_frames[i].name, 64);
        return path + (path.empty() ? "" : ".") + printable(key, 64);
    }
    std::vector<Frame> m_frames;
};

/// nlohmann's parse error without its "last read: '…'" part, which repeats the file's bytes (the
/// first line of a secret file); line and column say where the problem is.
std::string withoutContent(std::string message)
{
    message = message.substr(message.find(']') + 2);
    const auto from = message.find("; last read: '");
    if (from != std::string::npos) {
        const auto expected = message.rfind("'; expected ");
        message.erase(from, expected != std::string::npos && expected > from ? expected + 1 - from : std::string::npos);
    }
    return printable(message, 200);
}

/// Deepest nesting of arrays/objects, counted without parsing (strings skipped).
int nestingDepth(std::string_view s, int limit)
{
    int depth = 0, deepest = 0;
    bool inString = false, escaped = false;
    for (char ch : s) {
        if (inString) {
            if (escaped)
                escaped = false;
            else if (ch == '\\')
                escaped = true;
            else if (ch == '"')
                inString = false;
            continue;
        }
        if (ch == '"')
            inString = true;
        else if (ch == '{' || ch == '[') {
            deepest = std::max(deepest, ++depth);
            if (deepest > limit) return deepest;
        } else if (ch == '}' || ch == ']')
            --depth;
    }
    return deepest;
}

} // namespace

std::string readLimitedFile(const std::string& path)
{
    FileRead file = readFileBounded(path, kMaxScenarioBytes);
    if (!file.ok()) fail("", file.error, Problem(ProblemCode::file_unreadable));
    return std::move(file.text);
}

json parseLimited(std::string_view text, std::string_view what)
{
    const std::string w(what);
    if (text.size() > kMaxScenarioBytes)
        fail("",
            w + " is too large: " + std::to_string(text.size()) + " bytes, at most " + std::to_string(kMaxScenarioBytes)
                + " allowed",
            Problem(ProblemCode::file_not_json));
    if (text.find_first_not_of(" \t\r\n") == std::string_view::npos)
        fail("", w + " is empty", Problem(ProblemCode::file_not_json));
    if (auto bad = firstInvalidUtf8(text); bad != std::string_view::npos)
        fail("", w + " is not valid UTF-8 (byte offset " + std::to_string(bad) + ")",
            Problem(ProblemCode::file_not_json));
    if (nestingDepth(text, kMaxJsonDepth) > kMaxJsonDepth)
        fail("", w + " nests deeper than " + std::to_string(kMaxJsonDepth) + " levels",
            Problem(ProblemCode::file_not_json));
    try {
        return json::parse(text.begin(), text.end(), DuplicateKeys(), true, false);
    } catch (const json::out_of_range& e) {
        // e.g. 1e400: a number beyond double range (nlohmann reports it as "number overflow").
        const std::string message = e.what();
        fail("", w + " has a number out of range: " + message.substr(message.find(']') + 2),
            Problem(ProblemCode::file_not_json));
    } catch (const json::exception& e) {
        fail("", w + " is not valid JSON: " + withoutContent(e.what()), Problem(ProblemCode::file_not_json));
    }
}

void readArchitectureFields(ObjectReader& r, Architecture& a)
{
    r.limitsOf("model");
    const bool headsGiven = r.has("heads");
    const bool hiddenGiven = r.has("hidden");
    if (r.has("layers")) a.layers = static_cast<int>(r.limitedInteger("layers"));
    if (hiddenGiven) a.hidden = static_cast<int>(r.limitedInteger("hidden"));
    if (headsGiven) a.heads = static_cast<int>(r.limitedInteger("heads"));
    if (r.has("kv_heads"))
        a.kvHeads = static_cast<int>(r.limitedInteger("kv_heads"));
    else if (headsGiven)
        a.kvHeads = a.heads; // docs/DESIGN.md: kv_heads defaults to heads
    if (r.has("head_dim"))
        a.headDim = static_cast<int>(r.limitedInteger("head_dim"));
    else if (headsGiven || hiddenGiven) {
        if (a.hidden % a.heads != 0)
            fail(r.pathOf("head_dim"),
                "is required when hidden (" + std::to_string(a.hidden) + ") is not divisible by heads ("
                    + std::to_string(a.heads) + ")",
                Problem(ProblemCode::hidden_not_divisible_by_heads, { { "hidden", a.hidden }, { "heads", a.heads } }));
        a.headDim = a.hidden / a.heads; // docs/DESIGN.md: head_dim defaults to hidden / heads
    }
    if (r.has("ffn_hidden")) a.ffnHidden = static_cast<int>(r.limitedInteger("ffn_hidden"));
    if (r.has("vocab")) a.vocab = static_cast<int>(r.limitedInteger("vocab"));
    if (r.has("mlp")) a.mlp = r.enumeration<Mlp>("mlp", kMlpNames);
    if (r.has("norm")) a.norm = r.enumeration<Norm>("norm", kNormNames);
    if (r.has("bias")) {
        const json& b = r.raw("bias");
        if (b.is_boolean())
            a.bias = b.get<bool>() ? Bias::all : Bias::none;
        else if (b.is_string() && b.get<std::string>() == "qkv")
            a.bias = Bias::qkv;
        else
            fail(r.pathOf("bias"), "must be true, false or \"qkv\", got " + describe(b),
                Problem(ProblemCode::value_not_a_choice));
    }
    if (r.has("tied_embeddings")) a.tiedEmbeddings = r.boolean("tied_embeddings");
    if (r.has("position")) a.position = r.enumeration<Position>("position", kPositionNames);
    if (r.has("max_positions")) a.maxPositions = static_cast<int>(r.limitedInteger("max_positions"));
    if (r.has("dropout")) a.dropout = r.boolean("dropout");
    if (r.has("experts")) a.experts = static_cast<int>(r.limitedInteger("experts"));
    if (r.has("top_k")) a.topK = static_cast<int>(r.limitedInteger("top_k"));
    if (r.has("moe_ffn_hidden")) a.moeFfnHidden = static_cast<int>(r.limitedInteger("moe_ffn_hidden"));
    if (r.has("shared_experts")) a.sharedExperts = static_cast<int>(r.limitedInteger("shared_experts"));
    if (r.has("router_bias")) a.routerBias = r.boolean("router_bias");
    if (r.has("dense_layers")) a.denseLayers = static_cast<int>(r.limitedInteger("dense_layers"));
    if (r.has("routed_node_limit")) a.routedNodeLimit = static_cast<int>(r.limitedInteger("routed_node_limit"));
    if (r.has("q_lora_rank")) a.qLoraRank = static_cast<int>(r.limitedInteger("q_lora_rank"));
    if (r.has("kv_lora_rank")) a.kvLoraRank = static_cast<int>(r.limitedInteger("kv_lora_rank"));
    if (r.has("rope_head_dim")) a.ropeHeadDim = static_cast<int>(r.limitedInteger("rope_head_dim"));
    if (r.has("v_head_dim"))
        a.vHeadDim = static_cast<int>(r.limitedInteger("v_head_dim"));
    else if (a.kvLoraRank > 0 && a.vHeadDim == 0)
        a.vHeadDim = a.headDim; // MLA: values as wide as keys unless given
    if (r.has("mtp_layers")) a.mtpLayers = static_cast<int>(r.limitedInteger("mtp_layers"));
    if (r.has("parallel_block")) a.parallelBlock = r.boolean("parallel_block");
    if (r.has("lm_head_bias")) a.lmHeadBias = r.boolean("lm_head_bias");
}

void validateArchitecture(const Architecture& a, const std::string& path)
{
    auto at = [&](const char* key) { return path.empty() ? std::string(key) : path + "." + key; };
    if (a.kvHeads > a.heads || a.heads % a.kvHeads != 0)
        fail(at("kv_heads"), "must divide heads (" + std::to_string(a.heads) + "), got " + std::to_string(a.kvHeads),
            Problem(ProblemCode::kv_heads_not_dividing_heads, { { "heads", a.heads }, { "kv_heads", a.kvHeads } }));
    if (a.position == Position::learned && a.maxPositions <= 0)
        fail(at("max_positions"), "is required with learned positions",
            Problem(ProblemCode::max_positions_mismatch, { { "learned", 1 } }));
    if (a.position != Position::learned && a.maxPositions > 0)
        fail(at("max_positions"), "applies to learned positions only",
            Problem(ProblemCode::max_positions_mismatch, { { "learned", 0 } }));
    if (a.experts > 0) {
        if (a.topK < 1 || a.topK > a.experts)
            fail(at("top_k"),
                "must be between 1 and experts (" + std::to_string(a.experts) + "), got " + std::to_string(a.topK),
                Problem(ProblemCode::top_k_out_of_experts, { { "experts", a.experts }, { "top_k", a.topK } }));
        if (a.moeFfnHidden <= 0)
            fail(at("moe_ffn_hidden"), "is required when experts > 0", Problem(ProblemCode::moe_ffn_hidden_required));
        if (a.denseLayers >= a.layers)
            fail(at("dense_layers"),
                "must be less than layers (" + std::to_string(a.layers) + "), got " + std::to_string(a.denseLayers),
                Problem(ProblemCode::dense_layers_not_below_layers,
                    { { "layers", a.layers }, { "dense_layers", a.denseLayers } }));
    } else if (a.topK > 0 || a.moeFfnHidden > 0 || a.sharedExperts > 0 || a.routerBias || a.denseLayers > 0
        || a.routedNodeLimit > 0) {
        fail(at("experts"),
            "must be > 0 when top_k, moe_ffn_hidden, shared_experts, router_bias, dense_layers or routed_node_limit "
            "are given",
            Problem(ProblemCode::moe_key_without_experts));
    }
    if (a.isMla()) {
        if (a.kvHeads != a.heads)
            fail(at("kv_heads"),
                "must equal heads with latent attention (kv_lora_rank > 0): every head has its own K and V",
                Problem(ProblemCode::latent_attention_rule, { { "rule", 0 } }));
        if (a.bias != Bias::none)
            fail(at("bias"), "latent attention (kv_lora_rank > 0) is modelled without biases",
                Problem(ProblemCode::latent_attention_rule, { { "rule", 1 } }));
    } else if (a.qLoraRank > 0 || a.ropeHeadDim > 0 || a.vHeadDim > 0) {
        fail(at("kv_lora_rank"),
            "must be > 0 when q_lora_rank, rope_head_dim or v_head_dim are given (latent attention)",
            Problem(ProblemCode::latent_attention_rule, { { "rule", 2 } }));
    }
}

json architectureToJson(const Architecture& a)
{
    json j;
    j["layers"] = a.layers;
    j["hidden"] = a.hidden;
    j["heads"] = a.heads;
    j["kv_heads"] = a.kvHeads;
    j["head_dim"] = a.headDim;
    j["ffn_hidden"] = a.ffnHidden;
    j["vocab"] = a.vocab;
    j["mlp"] = std::string(nameOf(a.mlp, kMlpNames));
    j["norm"] = std::string(nameOf(a.norm, kNormNames));
    if (a.bias == Bias::qkv)
        j["bias"] = "qkv";
    else
        j["bias"] = a.bias == Bias::all;
    j["tied_embeddings"] = a.tiedEmbeddings;
    j["position"] = std::string(nameOf(a.position, kPositionNames));
    if (a.position == Position::learned) j["max_positions"] = a.maxPositions;
    j["dropout"] = a.dropout;
    if (a.experts > 0) {
        j["experts"] = a.experts;
        j["top_k"] = a.topK;
        j["moe_ffn_hidden"] = a.moeFfnHidden;
        j["shared_experts"] = a.sharedExperts;
        if (a.routerBias) j["router_bias"] = true;
        if (a.denseLayers > 0) j["dense_layers"] = a.denseLayers;
        if (a.routedNodeLimit > 0) j["routed_node_limit"] = a.routedNodeLimit;
    }
    // Written only when used, so files of models without them keep their keys.
    if (a.isMla()) {
        j["q_lora_rank"] = a.qLoraRank;
        j["kv_lora_rank"] = a.kvLoraRank;
        j["rope_head_dim"] = a.ropeHeadDim;
        j["v_head_dim"] = a.vHeadDim;
    }
    if (a.mtpLayers > 0) j["mtp_layers"] = a.mtpLayers;
    if (a.parallelBlock) j["parallel_block"] = true;
    if (a.lmHeadBias) j["lm_head_bias"] = true;
    return j;
}

GpuSpec readGpu(ObjectReader& r)
{
    GpuSpec g;
    r.limitsOf("hardware.gpu");
    g.name = r.string("name");
    if (g.name.empty() || g.name.size() > 100)
        fail(r.pathOf("name"), "must be 1 to 100 characters", Problem(ProblemCode::text_too_long, { { "max", 100 } }));
    g.memoryGib = r.limitedNumber("memory_gib");
    ObjectReader peaks = r.object("peak_tflops");
    peaks.limitsOf("hardware.gpu.peak_tflops");
    for (std::size_t i = 0; i < kDTypeNames.size(); ++i)
        if (peaks.has(kDTypeNames[i])) g.peakTflops[static_cast<DType>(i)] = peaks.limitedNumber(kDTypeNames[i]);
    peaks.rejectUnknownKeys();
    if (g.peakTflops.empty())
        fail(r.pathOf("peak_tflops"), "must give at least one dtype's peak", Problem(ProblemCode::gpu_peak_required));
    if (r.has("achievable_tflops")) {
        ObjectReader measured = r.object("achievable_tflops");
        measured.limitsOf("hardware.gpu.achievable_tflops");
        for (std::size_t i = 0; i < kDTypeNames.size(); ++i) {
            if (!measured.has(kDTypeNames[i])) continue;
            const auto dtype = static_cast<DType>(i);
            const double v = measured.limitedNumber(kDTypeNames[i]);
            const auto peak = g.peakTflops.find(dtype);
            if (peak == g.peakTflops.end())
                fail(measured.pathOf(kDTypeNames[i]),
                    "has no peak_tflops." + std::string(kDTypeNames[i]) + " to be measured against",
                    Problem(ProblemCode::rate_without_peak));
            if (v > peak->second)
                fail(measured.pathOf(kDTypeNames[i]),
                    "must not exceed the peak (" + scientific(peak->second) + " TFLOP/s), got " + scientific(v),
                    Problem(ProblemCode::rate_above_peak, { { "peak_tflops", peak->second } }));
            g.achievableTflops[dtype] = v;
        }
        measured.rejectUnknownKeys();
    }
    if (r.has("attention_tflops")) {
        ObjectReader kernels = r.object("attention_tflops");
        kernels.limitsOf("hardware.gpu.attention_tflops");
        const auto bf16Peak = g.peakTflops.count(DType::bf16) ? g.peakTflops.at(DType::bf16)
            : g.peakTflops.count(DType::fp16)                 ? g.peakTflops.at(DType::fp16)
                                                              : 0.0;
        auto kernel = [&](const char* key, double& out) {
            if (!kernels.has(key)) return;
            const double v = kernels.limitedNumber(key);
            if (bf16Peak <= 0)
                fail(kernels.pathOf(key), "needs a bf16 or fp16 peak_tflops to be measured against",
                    Problem(ProblemCode::rate_without_peak));
            if (v > bf16Peak)
                fail(kernels.pathOf(key),
                    "must not exceed the 16-bit peak (" + scientific(bf16Peak) + " TFLOP/s), got " + scientific(v),
                    Problem(ProblemCode::rate_above_peak, { { "peak_tflops", bf16Peak } }));
            out = v;
        };
        kernel("flash1", g.flash1Tflops);
        kernel("flash2", g.flash2Tflops);
        kernel("flash3", g.flash3Tflops);
        kernels.rejectUnknownKeys();
    }
    g.intraNodeGBps = r.limitedNumber("intra_node_gbps");
    g.interNodeGBps = r.limitedNumber("inter_node_gbps");
    g.tdpWatts = r.limitedNumber("tdp_watts");
    if (r.has("node_watts_per_gpu")) {
        g.nodeWattsPerGpu = r.limitedNumber("node_watts_per_gpu");
        if (g.nodeWattsPerGpu < g.tdpWatts)
            fail(r.pathOf("node_watts_per_gpu"),
                "is the whole server's power per GPU and cannot be below the GPU's tdp_watts (" + scientific(g.tdpWatts)
                    + "), got " + scientific(g.nodeWattsPerGpu),
                Problem(ProblemCode::node_watts_below_tdp, { { "tdp_watts", g.tdpWatts } }));
    }
    if (r.has("memory_tbps")) g.memoryTBps = r.limitedNumber("memory_tbps");
    if (r.has("nvlink_gpus")) g.nvlinkGpus = static_cast<int>(r.limitedInteger("nvlink_gpus"));
    if (r.has("pcie_gbps")) g.pcieGBps = r.limitedNumber("pcie_gbps");
    if (r.has("sm_count")) g.smCount = static_cast<int>(r.limitedInteger("sm_count"));
    if (r.has("sustained_fraction")) g.sustainedFraction = r.limitedNumber("sustained_fraction");
    if (r.has("source")) g.source = r.string("source");
    return g;
}

std::optional<std::vector<std::string>> gpuOverrides(const GpuSpec& base, const GpuSpec& gpu)
{
    if (gpu.name != base.name) return std::nullopt;
    const json a = gpuToJson(base), b = gpuToJson(gpu);
    std::vector<std::string> keys;
    for (const std::string_view key : kGpuOverrideKeys) {
        const std::string k(key);
        const bool inA = a.contains(k), inB = b.contains(k);
        if (inA && !inB) return std::nullopt;
        if (inB && (!inA || a.at(k) != b.at(k))) keys.push_back(k);
    }
    return keys;
}

json gpuToJson(const GpuSpec& g)
{
    json peaks = json::object();
    for (const auto& [dtype, tflops] : g.peakTflops)
        peaks[std::string(toString(dtype))] = tflops;
    json j { { "name", g.name }, { "memory_gib", g.memoryGib }, { "peak_tflops", peaks },
        { "intra_node_gbps", g.intraNodeGBps }, { "inter_node_gbps", g.interNodeGBps }, { "tdp_watts", g.tdpWatts } };
    if (!g.achievableTflops.empty()) {
        json measured = json::object();
        for (const auto& [dtype, tflops] : g.achievableTflops)
            measured[std::string(toString(dtype))] = tflops;
        j["achievable_tflops"] = measured;
    }
    if (g.flash1Tflops > 0 || g.flash2Tflops > 0 || g.flash3Tflops > 0) {
        json kernels = json::object();
        if (g.flash1Tflops > 0) kernels["flash1"] = g.flash1Tflops;
        if (g.flash2Tflops > 0) kernels["flash2"] = g.flash2Tflops;
        if (g.flash3Tflops > 0) kernels["flash3"] = g.flash3Tflops;
        j["attention_tflops"] = kernels;
    }
    if (g.nodeWattsPerGpu > 0) j["node_watts_per_gpu"] = g.nodeWattsPerGpu;
    if (g.memoryTBps > 0) j["memory_tbps"] = g.memoryTBps;
    if (g.nvlinkGpus > 0) j["nvlink_gpus"] = g.nvlinkGpus; // written only when set
    if (g.pcieGBps > 0) j["pcie_gbps"] = g.pcieGBps;
    if (g.smCount > 0) j["sm_count"] = g.smCount; // written only when set
    if (g.sustainedFraction != 1) j["sustained_fraction"] = g.sustainedFraction;
    if (!g.source.empty()) j["source"] = g.source;
    return j;
}

} // namespace core::detail
