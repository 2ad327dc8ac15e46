#pragma once
// The number-format lab (docs/FORMULAS.md §7; source article §3.2): bit-exact rounding to fp32, bf16,
// fp16 and fp8, and the repeated update w ← round(w + u) that shows why bf16 weights stall and
// fp32 master weights do not.

#include <cstdint>
#include <string>
#include <vector>

namespace core {

enum class NumberFormat { fp32, bf16, fp16, fp8_e4m3, fp8_e5m2 };
enum class Rounding { nearest, truncate, stochastic };

/// The layout of a binary floating-point format.
struct FormatInfo {
    NumberFormat format;
    std::string name;
    int exponentBits = 0;
    int mantissaBits = 0; ///< stored fraction bits
    double maxFinite = 0;
    double minNormal = 0;
    double minSubnormal = 0;
    double spacingAtOne = 0; ///< 2^−mantissaBits: the gap between 1 and the next number
    double smallestKeptRatio = 0; ///< an update smaller than this × |w| is lost under round-to-nearest
    bool hasInfinity = true;
};

[[nodiscard]] const std::vector<FormatInfo>& formatInfos();
[[nodiscard]] const FormatInfo& formatInfo(NumberFormat format);

/// Rounds x to the format, ties to even (IEEE 754 roundTiesToEven), with subnormals. Beyond the
/// largest finite value: ±∞ where the format has infinities, the largest finite value (saturation)
/// for fp8 e4m3, which has none (Micikevicius et al. 2022, "FP8 Formats for Deep Learning").
[[nodiscard]] double roundToFormat(double x, NumberFormat format);
/// bf16 by truncating the low 16 bits of the fp32 pattern — the source article's snippet.
[[nodiscard]] float truncateToBf16(float x);

struct AccumulationRun {
    NumberFormat format = NumberFormat::fp32;
    Rounding rounding = Rounding::nearest;
    bool kahan = false;
    double final = 0;
    std::vector<double> trajectory; ///< values after the sampled steps
    std::vector<std::int64_t> trajectorySteps; ///< which steps were sampled (0 = the start)
};

/// w₀ = round(start); for each of `steps`: w ← round(fp32(w + round(update))), the addition in
/// fp32 as on a GPU. Stochastic rounding rounds up with probability equal to the distance to the
/// lower neighbour over the spacing (fixed seed); Kahan keeps a compensation term in the same
/// format. The trajectory holds at most `samples` + 1 evenly spaced points.
[[nodiscard]] AccumulationRun accumulate(double start, double update, std::int64_t steps, NumberFormat format,
    Rounding rounding = Rounding::nearest, bool kahan = false, int samples = 200, std::uint64_t seed = 20260001);

/// The runs of the CLI's `precision` command (docs/DESIGN.md): every format with round-to-nearest-even,
/// then bf16 truncated, bf16 stochastic and bf16 with Kahan compensation.
[[nodiscard]] std::vector<AccumulationRun> precisionLab(
    double start, double update, std::int64_t steps, int samples = 200);

[[nodiscard]] std::string toString(NumberFormat format);
[[nodiscard]] std::string toString(Rounding rounding);

} // namespace core
