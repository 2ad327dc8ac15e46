#pragma once
// Every key of a scenario file that holds one value, in one table: its path, kind and range, the
// file names of its choices, how it is read from and written into a Scenario, what an interactive
// edit of it carries with it and when it applies. The file reader and writer, --set, import-config and the GUI's form
// all take their keys from here, so nothing can be typed, imported or overridden that a file could not hold (no GPU
// count or parameter count that overflows, no imported config.json TrainPlanner cannot read back), and a key's rules
// are written once.
//
// Ranges are in the file's units. They are generous on purpose (a 4,096-layer model, a
// million-way data parallelism) and chosen so that every product the estimate forms from them is
// finite in double precision; the products that could still be absurd (GPU count, parameter
// count) have limits of their own (kMaxGpus in scenario.h, kMaxParameters below), checked in 64-bit
// integers before any use.

#include "core/scenario/problem.h"
#include "core/scenario/scenario.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>

namespace core {

enum class FieldKind { integer, powerOfTwo, number, boolean, choice };

/// Why a value breaks a rule of its key: English for the command line and files (the key path is put
/// in front), and the same as a code for the GUI.
struct RuleBreak {
    std::string message;
    Problem problem;
};

struct Field {
    std::string_view path; ///< file key path, e.g. "parallel.tp"
    FieldKind kind = FieldKind::number;
    double min = 0; ///< integer, powerOfTwo, number: the range; boolean 0–1; choice 0 … names − 1
    double max = 0;
    std::span<const std::string_view> choices {}; ///< choice: the file's names; the value is the index
    /// The value in a Scenario (a boolean as 0/1, a choice as its index), and setting it as a file states
    /// it. nullptr for keys inside an object that is read whole (a GPU's rates per format).
    double (*get)(const Scenario&) = nullptr;
    void (*set)(Scenario&, double) = nullptr;
    /// Setting it as a control changes it: with what follows from it (scenario_edit.h: the head
    /// width follows hidden ÷ heads, a pipeline of one stage has no split, …). nullptr: as set.
    void (*edit)(Scenario&, double) = nullptr;
    /// Whether the key means anything in this scenario (ZeRO-2/3's reduction needs ZeRO ≥ 2, …); the
    /// form disables the control where it does not. nullptr: always.
    bool (*applies)(const Scenario&) = nullptr;
    /// Whether the writer states it: keys added after the first format are written only when used or
    /// changed, so that existing files keep their keys. nullptr: always.
    bool (*written)(const Scenario&) = nullptr;
    /// Whether an object of its own must state it (an explicit architecture its size, a GPU object
    /// its memory, peaks, links and power; a per-format table at least one entry); otherwise the
    /// struct's default stands.
    bool required = false;
    /// A per-format table ("hardware.gpu.peak_tflops.*"): the file's names of its entries (the dtypes),
    /// entry i of a Scenario (nullopt where it has none) and setting it; get and set are nullptr.
    std::span<const std::string_view> entries {};
    std::optional<double> (*entry)(const Scenario&, std::size_t) = nullptr;
    void (*setEntry)(Scenario&, std::size_t, double) = nullptr;
    /// The rule joining the key to another of its object, checked as soon as it is read (a measured
    /// rate within its peak, a server's power per GPU at least the GPU's); `index` is the entry of a
    /// per-format table. nullptr: none.
    std::optional<RuleBreak> (*rule)(const Scenario&, std::size_t index) = nullptr;

    [[nodiscard]] bool isNumber() const
    {
        return kind == FieldKind::integer || kind == FieldKind::powerOfTwo || kind == FieldKind::number;
    }
    [[nodiscard]] bool appliesTo(const Scenario& s) const { return !applies || applies(s); }
    /// An interactive change of the key (edit, or set where it has no rules).
    void change(Scenario& s, double value) const { (edit ? edit : set)(s, value); }
};

/// Every key, in file order (tests walk it: min and max are accepted, min − 1 and max + 1 refused,
/// every value round-trips through the writer and the reader).
[[nodiscard]] std::span<const Field> scenarioFields();

/// The field of `keyPath` ("parallel.tp", "hardware.gpu.peak_tflops.bf16"), or nullptr.
[[nodiscard]] const Field* findField(std::string_view keyPath);

/// The rows of an object the reader and the writer walk, in file order: "model" (an architecture's
/// keys; model.params, a bare size, stands alone) and "hardware.gpu" (a GPU's figures).
[[nodiscard]] std::span<const Field* const> objectFields(std::string_view object);
/// The key of `field` in `object` ("peak_tflops" for "hardware.gpu.peak_tflops.*" in "hardware.gpu"),
/// and its key inside that key's object ("*"; empty where the value is the key's own).
[[nodiscard]] std::pair<std::string_view, std::string_view> keyInObject(const Field& field, std::string_view object);

/// A key of an object and its rows: one for a value, several for an object of its own
/// ("attention_tflops": flash1, flash2, flash3; "peak_tflops": one per-format row).
struct ObjectKey {
    std::string_view key;
    std::span<const Field* const> rows;
    bool holdsObject = false;
};
/// The keys of `object` (as objectFields()), in file order.
[[nodiscard]] std::span<const ObjectKey> objectKeys(std::string_view object);

// kMaxGpus, the GPU count's limit, is in scenario.h beside the count (Parallel::gpus()).
/// Parameters of an explicit architecture: 1,500× DeepSeek-V3's 671B, and small enough that bytes
/// (×16 per parameter for mixed-precision Adam) and FLOPs stay finite and exact to 1 part in 10^9.
inline constexpr double kMaxParameters = 1e15;

/// A number as messages show it, three significant digits: "312", "3.15e+16".
[[nodiscard]] std::string messageNumber(double v);

/// "must be an integer between 1 and 64" / "must be a power of two between 1 and 64" / "must be a
/// number between 0.01 and 1": the wording every range message uses.
[[nodiscard]] std::string rangeText(const Field& field);

} // namespace core
