// Products of counts (core/base/checked.h): exact in 64 bits, overflow seen rather than wrapped.
// Expected values are worked by hand.
#include "core/base/checked.h"
#include "core/scenario/scenario_edit.h"
#include "core/scenario/scenario_io.h"

#include <catch2/catch.hpp>

#include <limits>

using namespace core;

TEST_CASE("a product of counts is exact or absent, never wrapped", "[core][checked]")
{
    CHECK(checkedProduct({}) == 1);
    CHECK(checkedProduct({ 8, 8, 16 }) == 1024);
    // dp × micro-batch of a plan that once overflowed: 65,537 × 65,536 = 4,295,032,832, which an int wraps to 65,536.
    CHECK(checkedProduct({ 65'537, 65'536 }) == 4'295'032'832LL);
    // 2^31 × 2^31 × 2^2 = 2^64: one past the range.
    CHECK_FALSE(checkedProduct({ 1LL << 31, 1LL << 31, 4 }).has_value());
    CHECK(checkedProduct({ 1LL << 31, 1LL << 31, 1 }) == (1LL << 62));
    CHECK_FALSE(checkedProduct({ 4, -1 }).has_value());
    CHECK(clampedProduct({ 1LL << 40, 1LL << 40 }) == std::numeric_limits<std::int64_t>::max());
}

TEST_CASE("a global batch divides by dp × micro-batch only when the true product does", "[core][checked]")
{
    CHECK(isMultipleOf(1024, { 8, 4 })); // 32 sequences per pass, 32 passes
    CHECK(exactQuotient(1024, { 8, 4 }) == 32);
    CHECK_FALSE(isMultipleOf(1024, { 8, 3 })); // 24 does not divide 1024: 42 passes make 1008
    CHECK_FALSE(exactQuotient(1024, { 8, 3 }).has_value());
    CHECK_FALSE(isMultipleOf(536'870'912, { 65'537, 65'536 })); // 4.3·10^9 > 5.4·10^8
    CHECK_FALSE(isMultipleOf(16, { 0 }));
    CHECK_FALSE(isMultipleOf(16, { 32 })); // more than the whole
    CHECK(isMultipleOf(16, { 16 }));
}

TEST_CASE("the DP arrow steps only to degrees whose dp × micro-batch divides the batch", "[core][checked]")
{
    Scenario s = defaultScenario();
    s.training.globalBatch = 1'000'000'000;
    s.training.microBatch = 65'536;
    // 40,000 × 65,536 = 2.6·10^9 sequences: more than the batch, whatever an int makes of it.
    CHECK_FALSE(degreeDivides(s, "parallel.dp", 40'000));
    s.training.microBatch = 1;
    CHECK(degreeDivides(s, "parallel.dp", 40'000)); // 10^9 / 40,000 = 25,000
}
