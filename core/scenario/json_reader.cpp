#include "core/scenario/json_reader.h"

#include "core/base/file_io.h"
#include "core/base/printable.h"
#include "core/scenario/scenario_fields.h"

#include <algorithm>
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

std::string describe(const json& value, bool quiet)
{
    if (quiet) return kindOf(value);
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

std::string quoted(std::string_view text, bool quiet)
{
    std::string out(1, '"');
    out += quiet ? std::string("…") : printable(text, 40);
    out += '"';
    return out;
}

ObjectReader::ObjectReader(const json& object, std::string path, bool quietValues)
    : m_object(object)
    , m_path(std::move(path))
    , m_quiet(quietValues)
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

double ObjectReader::field(std::string_view key, const Field& f)
{
    switch (f.kind) {
    case FieldKind::integer:
    case FieldKind::powerOfTwo: {
        const auto v = integer(key, static_cast<std::int64_t>(f.min), static_cast<std::int64_t>(f.max));
        if (f.kind == FieldKind::powerOfTwo && !std::has_single_bit(static_cast<std::uint64_t>(v)))
            fail(pathOf(key), rangeText(f) + ", got " + std::to_string(v), outOfRange(f.min, f.max, true, true));
        return double(v);
    }
    case FieldKind::number:
        return number(key, f.min, f.max);
    case FieldKind::boolean:
        return boolean(key) ? 1 : 0;
    case FieldKind::choice:
        return double(choice(key, f.choices));
    }
    return 0;
}

std::size_t ObjectReader::choice(std::string_view key, std::span<const std::string_view> names)
{
    const std::string value = string(key);
    for (std::size_t i = 0; i < names.size(); ++i)
        if (names[i] == value) return i;
    std::string allowed;
    for (auto n : names)
        allowed += (allowed.empty() ? "" : ", ") + std::string(n);
    fail(pathOf(key), "must be one of " + allowed + ", got " + quoted(value), Problem(ProblemCode::value_not_a_choice));
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
    return reader(raw(key), pathOf(key));
}

void ObjectReader::rejectUnknownKeys() const
{
    for (auto it = m_object.begin(); it != m_object.end(); ++it)
        if (!m_seen.contains(it.key())) fail(pathOf(it.key()), "unknown key", Problem(ProblemCode::key_unknown));
}

namespace {

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
        // Appended part by part: GCC 12 misreads `"." + string` as an overlapping copy (-Wrestrict,
        // GCC bug 105329).
        std::string path;
        for (std::size_t i = 1; i < m_frames.size(); ++i) {
            if (!path.empty()) path += '.';
            path += printable(m_frames[i].name, 64);
        }
        if (!path.empty()) path += '.';
        return path += printable(key, 64);
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
    // The reason travels as a number (FileFailure), so that the window can say it in its language.
    if (!file.ok())
        fail("", file.error, Problem(ProblemCode::file_unreadable, { { "reason", double(int(file.failure)) } }));
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

namespace {

/// model.bias: true and false stand for biases on every linear and on none, "qkv" for Q, K and V only.
constexpr std::string_view kBiasPath = "model.bias";

void readBias(ObjectReader& r, std::string_view key, Architecture& a)
{
    const json& b = r.raw(key);
    if (b.is_boolean())
        a.bias = b.get<bool>() ? Bias::all : Bias::none;
    else if (b.is_string() && b.get<std::string>() == "qkv")
        a.bias = Bias::qkv;
    else
        fail(r.pathOf(key), "must be true, false or \"qkv\", got " + r.describe(b),
            Problem(ProblemCode::value_not_a_choice));
}

} // namespace

json rowJson(const Field& f, double v)
{
    if (f.path != kBiasPath) return fieldJson<json>(f, v);
    const auto bias = Bias(static_cast<int>(v));
    return bias == Bias::qkv ? json("qkv") : json(bias == Bias::all);
}

void failNoEntry(const std::string& path)
{
    // The one key that must hold an entry: a GPU's datasheet peaks.
    fail(path, "must give at least one dtype's peak", Problem(ProblemCode::gpu_peak_required));
}

namespace {

/// The rule of `f` for its value just read (entry `index` of a table), failing with the key's path.
void checkRule(const ObjectReader& r, std::string_view key, const Field& f, const Scenario& s, std::size_t index = 0)
{
    if (!f.rule) return;
    if (auto broken = f.rule(s, index)) fail(r.pathOf(key), std::move(broken->message), std::move(broken->problem));
}

/// A key holding an object of its own (a GPU's rates per dtype or per kernel): the entries of its
/// rows, in order, then no other key.
void readInner(ObjectReader& r, const ObjectKey& k, std::string_view object, Scenario& s)
{
    ObjectReader inner = r.object(k.key);
    int given = 0;
    for (const Field* f : k.rows) {
        if (f->entries.empty()) {
            const std::string_view entry = keyInObject(*f, object).second;
            if (!inner.has(entry)) continue;
            f->set(s, inner.field(entry, *f));
            checkRule(inner, entry, *f, s);
            ++given;
            continue;
        }
        for (std::size_t i = 0; i < f->entries.size(); ++i) {
            if (!inner.has(f->entries[i])) continue;
            f->setEntry(s, i, inner.field(f->entries[i], *f));
            checkRule(inner, f->entries[i], *f, s, i);
            ++given;
        }
    }
    inner.rejectUnknownKeys();
    if (given == 0 && k.rows.front()->required) failNoEntry(r.pathOf(k.key));
}

/// Reads key `k` of `object` into `s` where `r` gives it, checked against its rows' kind, range and
/// rule as it is read; `required`: a key an object must state is read even when absent ("is required").
void readKey(ObjectReader& r, const ObjectKey& k, std::string_view object, Scenario& s, bool required)
{
    const Field& f = *k.rows.front();
    if (!r.has(k.key) && !(required && f.required)) return;
    if (k.holdsObject)
        readInner(r, k, object, s);
    else if (f.path == kBiasPath)
        readBias(r, k.key, s.model.arch);
    else {
        f.set(s, r.field(k.key, f));
        checkRule(r, k.key, f, s);
    }
}

/// The rows of `object` that `s` states, as the file writes them.
json rowsToJson(std::string_view object, const Scenario& s)
{
    json out = json::object();
    for (const Field* f : objectFields(object)) {
        if (f->written && !f->written(s)) continue;
        const auto [key, entry] = keyInObject(*f, object);
        json& slot = out[std::string(key)];
        if (!f->entries.empty()) {
            slot = json::object();
            for (std::size_t i = 0; i < f->entries.size(); ++i)
                if (const auto v = f->entry(s, i)) slot[std::string(f->entries[i])] = *v;
        } else if (!entry.empty())
            slot[std::string(entry)] = rowJson(*f, f->get(s));
        else
            slot = rowJson(*f, f->get(s));
    }
    return out;
}

} // namespace

void deriveHeadGeometry(Architecture& a, const StatedHeads& stated, const std::string& headDimPath)
{
    if (!stated.kvHeads && stated.heads) a.kvHeads = a.heads;
    if (stated.headDim || !(stated.heads || stated.hidden)) return;
    if (a.hidden % a.heads != 0)
        fail(headDimPath,
            "is required when hidden (" + std::to_string(a.hidden) + ") is not divisible by heads ("
                + std::to_string(a.heads) + ")",
            Problem(ProblemCode::hidden_not_divisible_by_heads, { { "hidden", a.hidden }, { "heads", a.heads } }));
    a.headDim = a.hidden / a.heads;
}

void deriveValueWidth(Architecture& a, bool vHeadDimStated)
{
    if (!vHeadDimStated && a.kvLoraRank > 0 && a.vHeadDim == 0) a.vHeadDim = a.headDim;
}

void readArchitectureFields(ObjectReader& r, Architecture& a)
{
    const bool headsGiven = r.has("heads");
    const bool hiddenGiven = r.has("hidden");
    Scenario s; // the rows read and write a Scenario's architecture
    s.model.arch = a;
    for (const ObjectKey& k : objectKeys("model")) {
        readKey(r, k, "model", s, false);
        // The head geometry's defaults are taken right after head_dim, before the keys that follow it.
        if (k.key == "head_dim")
            deriveHeadGeometry(
                s.model.arch, { headsGiven, hiddenGiven, r.has("kv_heads"), r.has("head_dim") }, r.pathOf("head_dim"));
    }
    a = s.model.arch;
    deriveValueWidth(a, r.has("v_head_dim"));
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

void checkGpuName(const std::string& name, const std::string& path)
{
    // The limit is in bytes of UTF-8, as the message says: 100 Latin letters, 33 Chinese characters.
    if (name.empty() || name.size() > 100)
        fail(path, "must be 1 to 100 bytes of UTF-8 (a Chinese character takes 3), got " + std::to_string(name.size()),
            Problem(ProblemCode::text_too_long, { { "max", 100 } }));
    if (!isUtf8(name)) fail(path, "is not UTF-8 text", Problem(ProblemCode::invalid_value));
}

GpuSpec readGpu(ObjectReader& r)
{
    Scenario s; // the rows read and write a Scenario's GPU
    GpuSpec& g = s.hardware.gpu;
    g = GpuSpec {};
    g.name = r.string("name");
    checkGpuName(g.name, r.pathOf("name"));
    for (const ObjectKey& k : objectKeys("hardware.gpu"))
        readKey(r, k, "hardware.gpu", s, true);
    if (r.has("source")) g.source = r.string("source");
    return g;
}

json gpuToJson(const GpuSpec& g)
{
    Scenario s;
    s.hardware.gpu = g;
    json j = rowsToJson("hardware.gpu", s);
    j["name"] = g.name;
    if (!g.source.empty()) j["source"] = g.source;
    return j;
}

namespace {

/// Whether the writer states key `k` of a GPU object for `s`.
bool written(const ObjectKey& k, const Scenario& s)
{
    return std::any_of(k.rows.begin(), k.rows.end(), [&](const Field* f) { return !f->written || f->written(s); });
}

/// Whether the writer writes key `k` the same for `a` and `b` (entries and values alike), compared as
/// JSON values compare: a number of the object itself that is NaN is unordered, so never different
/// (the preset's figure is written); inside an object of its own it is never equal.
bool writtenAlike(const ObjectKey& k, const Scenario& a, const Scenario& b)
{
    for (const Field* f : k.rows) {
        const bool inA = !f->written || f->written(a), inB = !f->written || f->written(b);
        if (inA != inB) return false;
        if (!inA) continue;
        const double x = f->entries.empty() ? f->get(a) : 0, y = f->entries.empty() ? f->get(b) : 0;
        if (x != y && (k.holdsObject || (!std::isnan(x) && !std::isnan(y)))) return false;
        for (std::size_t i = 0; i < f->entries.size(); ++i) {
            const auto inEntryA = f->entry(a, i), inEntryB = f->entry(b, i);
            if (inEntryA.has_value() != inEntryB.has_value() || (inEntryA && *inEntryA != *inEntryB)) return false;
        }
    }
    return true;
}

} // namespace

std::optional<std::vector<std::string>> gpuOverrides(const GpuSpec& base, const GpuSpec& gpu)
{
    if (gpu.name != base.name) return std::nullopt;
    Scenario a, b; // the rows read a Scenario's GPU
    a.hardware.gpu = base;
    b.hardware.gpu = gpu;
    std::vector<std::string> keys;
    for (const ObjectKey& k : objectKeys("hardware.gpu")) {
        const bool inA = written(k, a), inB = written(k, b);
        if (inA && !inB) return std::nullopt;
        if (inB && (!inA || !writtenAlike(k, a, b))) keys.emplace_back(k.key);
    }
    return keys;
}

} // namespace core::detail
