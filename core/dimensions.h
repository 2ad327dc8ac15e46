#pragma once
// The parallel dimensions, one row each: the group its collectives run in, the planner's knob (and
// so its scenario key), the label every view shows, and what its degree must divide. The planner's
// constraints, the plan table, the step-time chart, the placement view, the input form and the
// command line's plan table iterate these rows, so a new dimension is a row here plus the model code
// that prices it (docs/DESIGN.md "How to add a parallel dimension").

#include "core/estimate_types.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

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

/// In the order every view lists them: TP, PP, DP, CP, EP.
[[nodiscard]] const std::array<Dimension, kDimensionCount>& dimensions();
/// The row of a group (every group has one).
[[nodiscard]] const Dimension& dimensionOf(Group group);
/// The row whose key is `key` or whose knob is `knob`; nullptr for a knob that is not a dimension
/// (ZeRO, the micro-batch, …).
[[nodiscard]] const Dimension* findDimension(std::string_view key);
[[nodiscard]] const Dimension* findDimension(Knob knob);

/// GPUs per data-parallel replica: the product of the degrees that multiply the GPU count, DP aside
/// (TP × PP × CP), clamped as Parallel::gpus() is.
[[nodiscard]] std::int64_t gpusPerReplica(const Parallel& parallel);

} // namespace core
