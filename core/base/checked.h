#pragma once
// Products of counts — parallel degrees, batches, layers, steps — computed one way everywhere.
// Each factor fits an int, but their product need not: dp × micro_batch = 65,537 × 65,536 wraps an
// int to 65,536, which then "divides" a global batch it has nothing to do with, and the planner
// ranked that impossible layout first. The product is taken in 64 bits with the overflow checked;
// code that divides by a product, compares one with a limit or writes one to a file goes through
// these functions.
//
// The one exception, by rule: products of parallel degrees alone (tp, pp, dp, cp, ep, virtual
// stages) within one scenario that passed validateScenario() — their full product is at most
// kMaxGpus = 10^7, so every sub-product fits an int (a rank's index, a group's size). Anything that
// multiplies a degree by a batch, a sequence, a count of steps or tokens, or degrees of a scenario
// not yet validated (the planner's candidates, an edit being checked) uses these functions, or doubles.

#include <cstdint>
#include <initializer_list>
#include <limits>
#include <optional>

namespace core {

/// The exact product of non-negative counts, or nullopt when it does not fit 64 bits (or a factor
/// is negative: no count is).
[[nodiscard]] constexpr std::optional<std::int64_t> checkedProduct(std::initializer_list<std::int64_t> factors) noexcept
{
    std::int64_t out = 1;
    for (const std::int64_t f : factors) {
        if (f < 0 || __builtin_mul_overflow(out, f, &out)) return std::nullopt;
    }
    return out;
}

/// The product of non-negative counts, saturated at the largest int64: for comparisons with a
/// limit ("more sequences than the global batch"), where "too many" is all that matters.
[[nodiscard]] constexpr std::int64_t clampedProduct(std::initializer_list<std::int64_t> factors) noexcept
{
    return checkedProduct(factors).value_or(std::numeric_limits<std::int64_t>::max());
}

/// `total` is a whole, positive multiple of the product of `factors` (a global batch of dp ×
/// micro-batch sequences, GPUs of tp × pp × cp): false when the product is 0, overflows or exceeds it.
[[nodiscard]] constexpr bool isMultipleOf(std::int64_t total, std::initializer_list<std::int64_t> factors) noexcept
{
    const auto p = checkedProduct(factors);
    return p && *p > 0 && total >= *p && total % *p == 0;
}

/// `total` ÷ the product of `factors` when that is whole (isMultipleOf), else nullopt: the
/// accumulation steps of a global batch over dp × micro-batch.
[[nodiscard]] constexpr std::optional<std::int64_t> exactQuotient(
    std::int64_t total, std::initializer_list<std::int64_t> factors) noexcept
{
    if (!isMultipleOf(total, factors)) return std::nullopt;
    return total / *checkedProduct(factors);
}

} // namespace core
