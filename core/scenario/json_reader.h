#pragma once
// Strict reading of JSON objects for the file formats: every value is type- and range-checked,
// every error names its key path, and keys nobody asked for are reported as unknown.
// Internal to core (used by scenario_io.cpp and presets.cpp).

#include "core/scenario/problem.h"
#include "core/scenario/scenario_fields.h"

#include <nlohmann/json.hpp>

#include <array>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace core::detail {

using nlohmann::json;

/// Thrown inside core only; the public API returns ScenarioError values.
struct ReadError {
    ScenarioError error;
};

[[noreturn]] void fail(std::string path, std::string message);
/// As fail(), with the problem as a code and numbers for the GUI (its key is the path).
[[noreturn]] void fail(std::string path, std::string message, Problem problem);
/// Short, printable rendering of a value for messages (`quiet`: only its kind).
[[nodiscard]] std::string describe(const json& value, bool quiet = false);
/// A string value in quotes for messages, printable and cut (`quiet`: only "…").
[[nodiscard]] std::string quoted(std::string_view text, bool quiet = false);

class ObjectReader {
public:
    /// `quietValues`: the file is one the user did not name (a hardware profile a scenario points
    /// to), so messages name the kind of a bad value, never its content (a scenario from someone else
    /// could otherwise show the first bytes of any JSON file on the screen). Objects read from this
    /// one are read the same way.
    ObjectReader(const json& object, std::string path, bool quietValues = false);

    [[nodiscard]] bool has(std::string_view key) const;
    [[nodiscard]] const std::string& path() const { return m_path; }
    [[nodiscard]] std::string pathOf(std::string_view key) const;
    /// A reader of another object of the same file, as quiet as this one.
    [[nodiscard]] ObjectReader reader(const json& object, std::string path) const
    {
        return ObjectReader(object, std::move(path), m_quiet);
    }
    /// describe() and quoted() for this file's messages.
    [[nodiscard]] std::string describe(const json& value) const { return detail::describe(value, m_quiet); }
    [[nodiscard]] std::string quoted(std::string_view text) const { return detail::quoted(text, m_quiet); }

    /// Integer in [min, max]; integral floating values such as 4096.0 or 2e3 are accepted.
    [[nodiscard]] std::int64_t integer(std::string_view key, std::int64_t min, std::int64_t max);
    /// Finite number in [min, max].
    [[nodiscard]] double number(std::string_view key, double min, double max);
    /// The value of `key` with the kind and range of the table's `field` (scenario_fields.h), as
    /// Field::set takes it: a number, a boolean as 0 or 1, a choice as its index.
    [[nodiscard]] double field(std::string_view key, const Field& field);
    [[nodiscard]] bool boolean(std::string_view key);
    [[nodiscard]] std::string string(std::string_view key);
    [[nodiscard]] ObjectReader object(std::string_view key);
    [[nodiscard]] const json& raw(std::string_view key);

    /// The index of the value in `names` ("must be one of a, b, c, got …" otherwise).
    [[nodiscard]] std::size_t choice(std::string_view key, std::span<const std::string_view> names);

    /// Reports the first key that no getter asked for.
    void rejectUnknownKeys() const;

private:
    const json& m_object;
    std::string m_path;
    bool m_quiet = false;
    mutable std::set<std::string, std::less<>> m_seen;
};

/// Parses a JSON text with the file-format limits (size, nesting depth, UTF-8, no NaN).
[[nodiscard]] json parseLimited(std::string_view text, std::string_view what);
/// The text of a regular file of at most kMaxScenarioBytes; fails with "PATH: no such file", "…: not
/// a regular file", "…: too large (…)" or "…: cannot be read".
[[nodiscard]] std::string readLimitedFile(const std::string& path);

/// `field`'s value `v` as the file writes it: a whole number, a number, true or false, or the
/// choice's name.
template <typename Json> [[nodiscard]] Json fieldJson(const Field& field, double v)
{
    switch (field.kind) {
    case FieldKind::integer:
    case FieldKind::powerOfTwo:
        return static_cast<std::int64_t>(v);
    case FieldKind::number:
        return v;
    case FieldKind::boolean:
        return v != 0;
    case FieldKind::choice:
        return std::string(field.choices[static_cast<std::size_t>(v)]);
    }
    return nullptr;
}

/// An object row's value as the file writes it: fieldJson(), but model.bias as true, false or "qkv".
[[nodiscard]] json rowJson(const Field& field, double v);
/// Fails at `path`, the key of a GPU's peaks, for holding none.
[[noreturn]] void failNoEntry(const std::string& path);

/// Reads an architecture object's fields (docs/DESIGN.md "model") on top of `arch`.
void readArchitectureFields(ObjectReader& r, Architecture& arch);
/// Which of the head geometry's keys an architecture object states.
struct StatedHeads {
    bool heads = false, hidden = false, kvHeads = false, headDim = false;
};
/// The defaults docs/DESIGN.md gives the head geometry's keys an object leaves out: kv_heads = heads,
/// head_dim = hidden / heads (refused at `headDimPath` where hidden is not divisible by the heads).
void deriveHeadGeometry(Architecture& arch, const StatedHeads& stated, const std::string& headDimPath);
/// Latent attention's values are as wide as its keys unless v_head_dim is stated.
void deriveValueWidth(Architecture& arch, bool vHeadDimStated);
void validateArchitecture(const Architecture& arch, const std::string& path);

/// Reads a GPU object (docs/DESIGN.md "hardware.gpu"); `name` is required.
[[nodiscard]] GpuSpec readGpu(ObjectReader& r);
/// A GPU's name, 1 to 100 bytes (refused at `path`).
void checkGpuName(const std::string& name, const std::string& path);
[[nodiscard]] json gpuToJson(const GpuSpec& gpu);
/// The override keys whose values differ between `base` and `gpu` (as gpuToJson writes them), or
/// nullopt when `gpu` cannot be written as `base` plus overrides (another name, or a field `base`
/// has and `gpu` dropped). A scenario may override the GPU fields next to a preset name
/// (`"hardware": {"gpu": "a100-80gb", "inter_node_gbps": 12.5}`): every key of objectKeys("hardware.gpu"),
/// the fields of a GPU object but its name and source.
[[nodiscard]] std::optional<std::vector<std::string>> gpuOverrides(const GpuSpec& base, const GpuSpec& gpu);

} // namespace core::detail
