#pragma once
// The parallel dimensions, one row each: the group its collectives run in, the planner's knob (and
// so its scenario key), the label every view shows, and what its degree must divide. The planner's
// constraints, the plan table, the step-time chart, the placement view, the input form and the
// command line's plan table iterate these rows, so a new dimension is a row here plus the model code
// that prices it (docs/DESIGN.md "How to add a parallel dimension").

#include "core/scenario/estimate_types.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace core {

/// The settings the planner turns, each a scenario key.
enum class Knob { tp, pp, cp, dp, ep, zero, micro_batch, virtual_stages, sequence_parallel, recompute };
inline constexpr std::size_t kKnobCount = 10;
inline constexpr std::array<std::string_view, kKnobCount> kKnobKeys { "parallel.tp", "parallel.pp", "parallel.cp",
    "parallel.dp", "parallel.ep", "parallel.zero", "training.micro_batch", "parallel.virtual_stages",
    "parallel.sequence_parallel", "parallel.recompute" };

struct Dimension {
    Group group = Group::dp;
    Knob knob = Knob::dp;
    /// "TP": the abbreviation users know it by, shown as is in every language.
    std::string_view label;
    /// What its degree splits and so must divide, in words (the command line's plan help, docs).
    std::string_view splits;
    int Parallel::*degree = nullptr;
    /// Its degree multiplies the GPU count (Parallel::gpus()); EP's groups are carved out of DP × CP.
    bool multipliesGpus = true;
    /// The largest degree the what-if grid spans on an axis of this dimension (powers of two from 1);
    /// 0 for none.
    int heatMax = 0;
    /// Its degree changes the shapes of one rank's GEMMs (TP splits the weights, CP the tokens, EP the
    /// experts); PP and DP change which layers and batches a rank runs, not their shapes.
    bool shapesGemms = false;
    /// Whether `value` divides what the degree splits in `scenario`; nullptr when its values are the
    /// field's own (TP: powers of two; the heads are checked as warnings).
    bool (*divides)(const Scenario& scenario, int value) = nullptr;
    /// The largest value that can divide it (no degree exceeds what it splits); with `divides` only.
    double (*largest)(const Scenario& scenario) = nullptr;

    /// Its scenario key, "parallel.tp".
    [[nodiscard]] std::string_view key() const { return kKnobKeys[std::size_t(knob)]; }
    [[nodiscard]] int of(const Parallel& parallel) const { return parallel.*degree; }
};

inline constexpr std::size_t kDimensionCount = 5;
/// The dimensions' knobs in the order every view lists them (dimensions()' rows follow it).
inline constexpr std::array<Knob, kDimensionCount> kDimensionOrder { Knob::tp, Knob::pp, Knob::dp, Knob::cp, Knob::ep };
/// Where `knob` stands in kDimensionOrder; kDimensionCount for a knob that is no dimension.
[[nodiscard]] constexpr std::size_t dimensionIndex(Knob knob)
{
    for (std::size_t i = 0; i < kDimensionCount; ++i)
        if (kDimensionOrder[i] == knob) return i;
    return kDimensionCount;
}

/// In the order every view lists them: TP, PP, DP, CP, EP.
[[nodiscard]] const std::array<Dimension, kDimensionCount>& dimensions();
/// The row of a group (every group has one).
[[nodiscard]] const Dimension& dimensionOf(Group group);
/// The row whose key is `key` or whose knob is `knob`; nullptr for a knob that is not a dimension
/// (ZeRO, the micro-batch, …).
[[nodiscard]] const Dimension* findDimension(std::string_view key);
[[nodiscard]] const Dimension* findDimension(Knob knob);

/// The degrees of the parallel dimensions, indexed by their knobs: the dimensions are the first
/// kDimensionCount knobs (dimensions.cpp checks it).
struct Degrees {
    std::array<int, kDimensionCount> values { 1, 1, 1, 1, 1 };
    [[nodiscard]] int& operator[](Knob knob) { return values[std::size_t(knob)]; }
    [[nodiscard]] int operator[](Knob knob) const { return values[std::size_t(knob)]; }
    bool operator==(const Degrees&) const = default;
};
[[nodiscard]] Degrees degreesOf(const Parallel& parallel);
void setDegrees(Parallel& parallel, const Degrees& degrees);
/// The degrees that shape one rank's GEMMs (Dimension::shapesGemms), the others 1: what a cache of
/// the GEMMs' times is keyed on.
[[nodiscard]] Degrees gemmShapingDegrees(const Parallel& parallel);
/// The degrees whose product is the GPU count, each named as in the files ("tp", 2), in dimensions()'
/// order: the values of a problem about the GPU count.
[[nodiscard]] std::vector<std::pair<std::string, double>> gpuFactors(const Parallel& parallel);
/// "TP 2 x PP 4 x CP 1 x DP 8", with " (EP 2 within DP x CP)" when experts are split: the layout in
/// words for a launch file's comment.
[[nodiscard]] std::string degreesText(const Parallel& parallel);

/// The ranks of a stage that hold the same weights: DP × CP. Their gradients are reduced together,
/// and ZeRO shards the model states over them (Megatron-LM's data-parallel group with CP).
[[nodiscard]] double dataRanks(const Parallel& parallel);
/// The same for an expert's weights: DP × CP ÷ EP, at least 1.
[[nodiscard]] double expertDataRanks(const Parallel& parallel);
/// Whether EP divides DP × CP, out of which its groups are carved (Megatron-LM), in 64 bits.
[[nodiscard]] bool expertsFitDataRanks(const Parallel& parallel);

/// GPUs per data-parallel replica: the product of the degrees that multiply the GPU count, DP aside
/// (TP × PP × CP), clamped as Parallel::gpus() is.
[[nodiscard]] std::int64_t gpusPerReplica(const Parallel& parallel);

} // namespace core
