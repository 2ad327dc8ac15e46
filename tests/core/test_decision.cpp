// The decision guide against the source article's own classification (§4, §5) and its
// migration checklist (§6): a 700M model on one GPU needs none of it, a 7B model on 64 GPUs and
// Llama 3.1 405B on 16,384 GPUs need most of it.
#include "core/estimate/decision.h"
#include "core/scenario/scenario_io.h"
#include "tests/core/example_scenario.h"

#include <catch2/catch.hpp>

#include <map>

using namespace core;

namespace {

using core::test::example;

std::map<ChecklistId, Need> needs(const DecisionGuide& g)
{
    std::map<ChecklistId, Need> out;
    for (const auto& item : g.checklist)
        out[item.id] = item.need;
    return out;
}

} // namespace

TEST_CASE("size classes follow the source article's table: < 1B small, the 7B class and up large",
    "[core][decision][published]")
{
    CHECK(sizeClassOf(7e8) == SizeClass::small);
    CHECK(sizeClassOf(0.999e9) == SizeClass::small);
    CHECK(sizeClassOf(1e9) == SizeClass::medium);
    CHECK(sizeClassOf(6.4e9) == SizeClass::medium);
    CHECK(sizeClassOf(6.74e9) == SizeClass::large); // Llama 2 7B: "7B" is a class
    CHECK(sizeClassOf(7e9) == SizeClass::large);
    CHECK(sizeClassOf(405e9) == SizeClass::large);
}

TEST_CASE("the source article's small model: one GPU, no migration work", "[core][decision]")
{
    const Scenario s = example("article-small-700m-1gpu.tpscenario.json");
    const DecisionGuide g = decide(s, estimate(s));
    CHECK(g.sizeClass == SizeClass::small);
    CHECK(g.fitsOneGpu);
    CHECK(g.minGpus == 1);
    CHECK(g.nodes == 1);
    const auto n = needs(g);
    CHECK(n.size() == 8);
    CHECK(n.at(ChecklistId::distributed_code) == Need::not_needed);
    CHECK(n.at(ChecklistId::software_stack) == Need::not_needed);
    CHECK(n.at(ChecklistId::network) == Need::not_needed);
    CHECK(n.at(ChecklistId::data_pipeline) == Need::not_needed);
}

TEST_CASE("the source article's 7B model: 112 GB of states do not fit one GPU, LoRA does", "[core][decision]")
{
    const Scenario s = example("article-large-7b-64gpu.tpscenario.json");
    const DecisionGuide g = decide(s, estimate(s));
    CHECK(g.sizeClass == SizeClass::large);
    CHECK_FALSE(g.fitsOneGpu);
    // 16 bytes per parameter of model states alone exceed 80 GB: at least two GPUs.
    CHECK(g.oneGpuBytes > 16 * 6.7e9);
    CHECK(g.minGpus >= 2);
    CHECK(g.minGpus <= 64);
    // LoRA keeps a bf16 frozen base (2 bytes per parameter) plus small adapters: one GPU.
    CHECK(g.loraFits);
    CHECK(g.qloraBytes < g.loraBytes);
    CHECK(g.loraBytes < g.oneGpuBytes / 3);
    const auto n = needs(g);
    CHECK(n.at(ChecklistId::distributed_code) == Need::required);
    CHECK(n.at(ChecklistId::software_stack) == Need::required); // 64 GPUs are 8 nodes
    CHECK(n.at(ChecklistId::network) == Need::required); // ZeRO-3 traffic is over 20 % of the step
    CHECK(g.nodes == 8);
}

TEST_CASE("Llama 3.1 405B on 16,384 GPUs: automatic restart is required", "[core][decision]")
{
    const Scenario s = example("llama-3.1-405b-16k-h100.tpscenario.json");
    const Estimate e = estimate(s);
    const DecisionGuide g = decide(s, e);
    CHECK(e.reliability.expectedInterruptions > 100);
    const auto n = needs(g);
    CHECK(n.at(ChecklistId::fault_tolerance) == Need::required);
    CHECK(n.at(ChecklistId::monitoring) == Need::required);
    CHECK(n.at(ChecklistId::data_pipeline) == Need::required); // 15.6 T tokens × 4 B = 62 TB across 2,048 nodes
    CHECK(g.datasetBytes == Approx(15.6e12 * 4));
    CHECK(g.nodes == 2048);
    // No data-parallel group holds it with ZeRO-3 alone: a 405B layer is 3.2 B parameters, gathered
    // twice in bf16 (current and prefetched, 12.8 GB) with its gradient and reduce-scatter input
    // (19 GB), beside FSDP's root unit (embedding and LM head, 12.6 GB) and 126 layer inputs at 8k
    // tokens (34 GB): model parallelism is required, as Meta's TP 8 shows.
    CHECK(g.minGpus == 0);
}
