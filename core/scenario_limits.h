#pragma once
// The range of every number a scenario can hold, in one table (hostile-input review DEF-01, DEF-06,
// DEF-08): the file reader, --set, import-config and the GUI's controls all take their limits from
// here, so nothing can be typed, imported or overridden that a file could not hold.
//
// Each key's limits are in the file's units. They are generous on purpose (a 4,096-layer model, a
// million-way data parallelism) and chosen so that every product the estimate forms from them is
// finite in double precision; the products that could still be absurd (GPU count, parameter
// count) have limits of their own below, checked in 64-bit integers before any use.

#include <cstdint>
#include <string>
#include <string_view>

namespace core {

enum class LimitKind { integer, powerOfTwo, number };

struct KeyLimit {
    std::string_view key; ///< file key path, e.g. "parallel.tp"
    double min;
    double max;
    LimitKind kind = LimitKind::number;
};

/// The limits of `keyPath` ("parallel.tp", "hardware.gpu.peak_tflops.bf16"); nullptr for a key that
/// is not a number.
[[nodiscard]] const KeyLimit* limitOf(std::string_view keyPath);

/// Every number key, in file order (tests walk it to check the reader refuses min − 1 and max + 1).
[[nodiscard]] const KeyLimit* keyLimitsBegin();
[[nodiscard]] const KeyLimit* keyLimitsEnd();

/// tp × pp × dp × cp (docs/DESIGN.md: total GPUs): far beyond the largest cluster built (~10^5 GPUs in
/// 2025), small enough that every count in the estimate fits in an int.
inline constexpr std::int64_t kMaxGpus = 10'000'000;
/// Parameters of an explicit architecture: 1,500× DeepSeek-V3's 671B, and small enough that bytes
/// (×16 per parameter for mixed-precision Adam) and FLOPs stay finite and exact to 1 part in 10^9.
inline constexpr double kMaxParameters = 1e15;

/// "must be an integer between 1 and 64" / "must be a power of two between 1 and 64" / "must be a
/// number between 0.01 and 1": the wording every range message uses.
[[nodiscard]] std::string rangeText(const KeyLimit& limit);

} // namespace core
