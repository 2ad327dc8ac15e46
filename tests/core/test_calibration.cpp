// Calibration: a synthetic measured run generated with known factors is fitted back to
// them; the profile it writes is read back through a scenario that references it.
#include "core/estimate/estimate.h"
#include "core/fidelity/calibration.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <unistd.h>

using namespace core;

TEST_CASE(
    "calibration recovers the efficiency and fragmentation a measured run was generated with", "[core][calibration]")
{
    Scenario truth = defaultScenario();
    truth.parallel.dp = 64;
    truth.parallel.zero = 3;
    truth.training.globalBatch = 1024;
    truth.efficiency.compute = 0.52;
    truth.overhead.fragmentation = 0.13;
    const Estimate measured = estimate(truth);

    Scenario start = truth;
    start.efficiency.compute = Efficiency {}.compute;
    start.overhead.fragmentation = Overhead {}.fragmentation;
    const Calibration c = calibrate(start, { measured.compute.stepTimeS, measured.memory.total() });
    CHECK(c.stepFitted);
    CHECK(c.memoryFitted);
    CHECK(c.calibrated.efficiency.compute == Approx(0.52).epsilon(1e-6));
    CHECK(c.calibrated.overhead.fragmentation == Approx(0.13).epsilon(1e-9));
    CHECK(c.stepAfterS == Approx(measured.compute.stepTimeS).epsilon(1e-6));
    CHECK(c.memoryAfter == Approx(measured.memory.total()).epsilon(1e-9));
    CHECK(c.stepBeforeS < c.stepAfterS); // the default 0.73 is faster than the fitted value

    // Out of reach: a step faster than efficiency 1.0 allows (yet above the kernel floor, MFU 100 %)
    // stops at the bound and says why.
    const double floor = measurementBounds(start, estimate(start)).minStepTimeS;
    const Calibration fast = calibrate(start, { 1.01 * floor, std::nullopt });
    CHECK_FALSE(fast.stepFitted);
    CHECK_FALSE(fast.refused);
    CHECK(fast.calibrated.efficiency.compute == 1.0);
    CHECK_FALSE(fast.stepNote.empty());
    // Below the floor (a hundredth of the estimate: MFU far above 100 %), no measurement: refused.
    const Calibration impossible = calibrate(start, { measured.compute.stepTimeS / 100, std::nullopt });
    REQUIRE(impossible.refused);
    CHECK(impossible.refused->code == ProblemCode::measurement_implausible);
    CHECK_FALSE(impossible.stepFitted);
    CHECK(impossible.calibrated.efficiency.compute == start.efficiency.compute);
}

TEST_CASE("a scenario referencing a hardware profile takes its values, and its own keys win", "[core][calibration]")
{
    Scenario s = defaultScenario();
    s.efficiency.compute = 0.47;
    s.overhead.fragmentation = 0.21;
    s.hardware.gpusPerNode = 4;
    const auto dir = std::filesystem::temp_directory_path() / ("tp_profile_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    {
        std::ofstream(dir / "cluster.tphardware.json") << hardwareProfileJson(s, "our cluster", { 2.5, std::nullopt });
    }
    {
        std::ofstream(dir / "a.tpscenario.json") << R"({"format": "trainplanner-scenario", "version": 1,
            "model": {"preset": "llama-2-7b"}, "hardware": {"profile": "cluster.tphardware.json"}})";
        std::ofstream(dir / "b.tpscenario.json") << R"({"format": "trainplanner-scenario", "version": 1,
            "model": {"preset": "llama-2-7b"}, "hardware": {"profile": "cluster.tphardware.json"},
            "efficiency": {"compute": 0.9}})";
        std::ofstream(dir / "c.tpscenario.json") << R"({"format": "trainplanner-scenario", "version": 1,
            "model": {"preset": "llama-2-7b"}, "hardware": {"profile": "missing.tphardware.json"}})";
    }
    const ScenarioResult a = loadScenarioFile((dir / "a.tpscenario.json").string());
    REQUIRE(a.ok());
    CHECK(a.scenario->efficiency.compute == 0.47);
    CHECK(a.scenario->overhead.fragmentation == 0.21);
    CHECK(a.scenario->hardware.gpusPerNode == 4);
    CHECK(a.scenario->hardware.profile == (dir / "cluster.tphardware.json").string());
    // Written back, the reference stays (absolute) and reads back equal from anywhere; edits
    // validate without reading the profile again.
    const ScenarioResult again = parseScenario(scenarioToJson(*a.scenario));
    REQUIRE(again.ok());
    CHECK(*again.scenario == *a.scenario);
    CHECK_FALSE(validateScenario(*a.scenario));
    const ScenarioResult b = loadScenarioFile((dir / "b.tpscenario.json").string());
    REQUIRE(b.ok());
    CHECK(b.scenario->efficiency.compute == 0.9);
    CHECK(b.scenario->overhead.fragmentation == 0.21);
    const ScenarioResult c = loadScenarioFile((dir / "c.tpscenario.json").string());
    REQUIRE_FALSE(c.ok());
    CHECK(c.error.path == "hardware.profile");
    std::filesystem::remove_all(dir);
    CHECK_FALSE(validateScenario(*a.scenario)); // the profile is gone; the values are explicit
}
