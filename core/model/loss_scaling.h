#pragma once
// Loss scaling and fp8 scaling in the number-format lab (the source article §3.2's table:
// gradient scaling and dynamic precision). Gradient magnitudes are modelled as log-normal,
// log10|g| ~ Normal(log10 median, sigma), and each format's representable range is held against
// them after multiplying by the loss scale S:
//   underflow: |g|·S below half the smallest subnormal (round-to-nearest-even flushes it to zero;
//              fp16: 2^-25), subnormal: below the smallest normal (fewer significant bits),
//   overflow:  |g|·S above the largest finite value (fp16: 65504).
// The fractions are the normal distribution's, in closed form (Φ via erfc), not sampled.
// Micikevicius et al. 2018 ("Mixed Precision Training", §3.2 and Figure 3: activation gradients of
// SSD span 2^-40..2^-3, most below fp16's range) is the motivating measurement; PyTorch's GradScaler
// (init_scale 2^16, growth_factor 2, backoff_factor 0.5, growth_interval 2000) the dynamic scaler.

#include "core/model/number_format.h"

#include <cstdint>
#include <string>
#include <vector>

namespace core {

struct GradientDistribution {
    double median = 1e-5; ///< median |g|
    double sigmaDecades = 1.0; ///< standard deviation of log10|g|
};

/// Φ(z) = P(log10|g|·… ≤ …): the fraction of gradients with |g| < `threshold`.
[[nodiscard]] double fractionBelow(const GradientDistribution& g, double threshold);

struct FormatFractions {
    NumberFormat format = NumberFormat::fp16;
    double underflowThreshold = 0; ///< half the smallest subnormal
    double minNormal = 0, maxFinite = 0;
    double underflowFraction = 0; ///< |g|·S < underflowThreshold: flushed to zero
    double subnormalFraction = 0; ///< underflowThreshold ≤ |g|·S < minNormal: kept with fewer bits
    double overflowFraction = 0; ///< |g|·S > maxFinite
    /// The loss scale that centres the distribution's median on the format's range (geometric mean of
    /// its smallest normal and largest finite values).
    double centringScale = 0;
};

/// fp16, bf16, fp8 e4m3 and fp8 e5m2 at loss scale `scale`.
[[nodiscard]] std::vector<FormatFractions> lossScaleFractions(const GradientDistribution& g, double scale);
[[nodiscard]] FormatFractions lossScaleFractions(const GradientDistribution& g, double scale, NumberFormat format);

/// PyTorch GradScaler's rule: a step whose scaled gradients overflow is skipped and the scale is
/// multiplied by `backoff`; after `growthInterval` clean steps in a row it is multiplied by `growth`.
struct ScalerOptions {
    double start = 65536;
    double growth = 2;
    double backoff = 0.5;
    int growthInterval = 2000;
    std::int64_t steps = 10000;
    /// Gradient values checked per step (any one overflowing overflows the step): the model's parameters.
    double elements = 1e9;
    NumberFormat format = NumberFormat::fp16;
    std::uint64_t seed = 20261202;
};

struct ScalerRun {
    /// The scale in use at each sampled step (at most `samples` + 1, evenly spaced, step 0 first).
    std::vector<double> scale;
    std::vector<std::int64_t> scaleSteps;
    std::int64_t skippedSteps = 0;
    std::int64_t firstSkippedStep = -1;
    double finalScale = 0;
    double minScale = 0, maxScale = 0;
    /// P(a step overflows) at the final scale: 1 − (1 − overflow fraction)^elements.
    double stepOverflowProbability = 0;
    /// The underflow fraction at the final scale.
    double underflowFraction = 0;
};

/// The scaler over `steps` simulated steps. Whether a step overflows is drawn with probability
/// 1 − (1 − p(S))^elements, p(S) the overflow fraction at its scale, from a 64-bit Mersenne Twister
/// with a fixed seed (std::mt19937_64, specified by the C++ standard: the same run on every machine).
[[nodiscard]] ScalerRun simulateScaler(const GradientDistribution& g, const ScalerOptions& options, int samples = 200);

/// fp8 quantisation of the same gradients, each scheme choosing its scale from an amax:
///   per-tensor delayed scaling (Transformer Engine's recipe: scale = max ÷ amax of the tensor, the
///   amax from earlier steps of the same distribution), 1 × 128 blocks (DeepSeek-V3 §3.3.2: an fp32
///   scale per block from its own amax) and MX 32-element blocks (OCP Microscaling v1.0: a power-of-two
///   shared scale 2^(floor(log2 amax) − emax), elements saturating at the largest finite value).
struct Fp8SchemeError {
    std::string scheme; ///< "per_tensor_delayed", "block_1x128", "mx_block_32"
    NumberFormat format = NumberFormat::fp8_e4m3;
    int blockSize = 0; ///< 0: the whole tensor
    double relativeRmsError = 0; ///< sqrt(E[((q − x) ÷ x)²]), a value flushed to zero counting 1
    double zeroFraction = 0; ///< values quantised to zero
};

/// Each scheme in e4m3 and e5m2, for a tensor of `elements` values. Integrated over the distribution
/// (and over the block maxima's distribution) on a grid finer than the formats' spacing, not sampled.
[[nodiscard]] std::vector<Fp8SchemeError> fp8ScalingErrors(const GradientDistribution& g, double elements = 16777216);

} // namespace core
