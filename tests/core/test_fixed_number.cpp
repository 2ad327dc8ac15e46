// Numbers in text tables (core::fixedNumber): never cut, whatever their size. snprintf into a
// 64-byte buffer once cut 1e300 to a plausible-looking 63-digit number; from 10^21 (as csvNumber)
// the text is an exponent, and an unbounded figure a word.
#include "core/estimate/estimate_io.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <string>

TEST_CASE("fixed numbers: plain digits below 10^21, an exponent from there, words for the unbounded", "[number][text]")
{
    CHECK(core::fixedNumber(123.456, 1) == "123.5");
    CHECK(core::fixedNumber(-0.25, 3) == "-0.250");
    CHECK(core::fixedNumber(599.75, 0) == "600");
    CHECK(core::fixedNumber(1e20, 0) == "100000000000000000000");
    CHECK(core::fixedNumber(1e21, 0) == "1.000e+21");
    CHECK(core::fixedNumber(1e62, 1) == "1.000e+62");
    CHECK(core::fixedNumber(1e63, 3) == "1.000e+63");
    CHECK(core::fixedNumber(5.24288e305, 3) == "5.243e+305");
    CHECK(core::fixedNumber(1e300, 0) == "1.000e+300");
    CHECK(core::fixedNumber(-1e300, 1) == "-1.000e+300");
    CHECK(core::fixedNumber(std::numeric_limits<double>::max(), 0) == "1.798e+308");
    CHECK(core::fixedNumber(std::nan(""), 1) == "undefined");
    CHECK(core::fixedNumber(std::numeric_limits<double>::infinity(), 1) == "infinite");
    CHECK(core::fixedNumber(-std::numeric_limits<double>::infinity(), 1) == "-infinite");
    // Tiny figures keep their decimals (a step of 10^-320 s shows as 0.000).
    CHECK(core::fixedNumber(1e-320, 3) == "0.000");
    // The largest plain number with the most decimals a caller asks for is whole, not cut.
    CHECK(core::fixedNumber(-9.99e20, 17).size() == std::string("-999000000000000000000.").size() + 17);
    // csvNumber switches at the same magnitude.
    CHECK(core::csvNumber(1e20) == "100000000000000000000");
    CHECK(core::csvNumber(1e21) == "1e+21");
}
