#pragma once
// Test helper: a scenario from JSON text, failing the test (with the reader's message) if it is refused.
#include "core/scenario/scenario_io.h"

#include <catch2/catch.hpp>

#include <string>

inline core::Scenario scenario(const std::string& json)
{
    const core::ScenarioResult r = core::parseScenario(json);
    INFO(r.error.toString());
    REQUIRE(r.ok());
    return *r.scenario;
}
