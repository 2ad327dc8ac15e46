#pragma once
// A scenario shipped in resources/examples/, read as the app reads it (core's tests).

#include "core/scenario/scenario_io.h"

#include <catch2/catch.hpp>

#include <string>

namespace core::test {

inline Scenario example(const std::string& name)
{
    const auto r = loadScenarioFile(std::string(TP_SOURCE_DIR) + "/resources/examples/" + name);
    INFO(r.error.toString());
    REQUIRE(r.ok());
    return *r.scenario;
}

} // namespace core::test
