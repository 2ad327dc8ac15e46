#pragma once
// A bundled example scenario (resources/examples/), read as the app reads it.

#include "core/scenario/scenario_io.h"

#include <catch2/catch.hpp>

#include <string>

namespace ui::test {

inline core::Scenario example(const char* name)
{
    const auto loaded = core::loadScenarioFile(std::string(TP_SOURCE_DIR) + "/resources/examples/" + name);
    REQUIRE(loaded.ok());
    return *loaded.scenario;
}

} // namespace ui::test
