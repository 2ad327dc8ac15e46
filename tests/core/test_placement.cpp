// The placement map and the step time read one topology (core/model/topology.h). Ranks enumerated one by
// one onto nodes in Megatron-LM's order give, for every parallel group, the nodes the spans imply —
// for many layouts and node sizes, including ones that do not divide evenly — and every GPU preset's
// placement names the link (NVLink, PCIe or network) its collectives were priced on.
#include "core/estimate/placement.h"
#include "core/model/topology.h"
#include "core/scenario/presets.h"
#include "core/scenario/scenario_io.h"

#include <catch2/catch.hpp>

using namespace core;

TEST_CASE("placement links equal the links used for timing", "[core][placement]")
{
    Scenario base = defaultScenario();
    base.model = presetModel(*findModelPreset("mixtral-8x7b"));
    base.training.globalBatch = 4096;
    int checked = 0;
    for (int tp : { 1, 2, 4, 8 })
        for (int cp : { 1, 2 })
            for (int pp : { 1, 2, 4 })
                for (int dp : { 1, 2, 3, 4, 8 })
                    for (int ep : { 1, 2, 4 })
                        for (int node : { 4, 6, 8 }) {
                            Scenario s = base;
                            s.parallel.tp = tp;
                            s.parallel.cp = cp;
                            s.parallel.pp = pp;
                            s.parallel.dp = dp;
                            s.parallel.ep = ep;
                            s.hardware.gpusPerNode = node;
                            if (validateScenario(s)) continue;
                            const Estimate e = estimate(s);
                            const Placement map = placement(s, e);
                            for (const GroupPlacement& g : map.groups) {
                                INFO("tp " << tp << " cp " << cp << " pp " << pp << " dp " << dp << " ep " << ep
                                           << " node " << node << " group " << toString(g.group));
                                // The enumeration and the spans agree on whether a group leaves its node.
                                CHECK((g.nodes > 1) == (linkOf(s, g.group) == Link::inter_node));
                                CHECK(g.link == linkOf(s, g.group));
                                for (const Collective& c : e.communication.collectives)
                                    if (c.group == g.group) CHECK(c.link == g.link);
                                ++checked;
                            }
                        }
    CHECK(checked > 200);
}

TEST_CASE("ranks follow Megatron-LM's order: TP fastest, then CP, DP, PP", "[core][placement]")
{
    Parallel p;
    p.tp = 2;
    p.cp = 1;
    p.dp = 4;
    p.pp = 2;
    const RankPlace r = placeRank(p, 8, 11); // 11 = 1 + 2 × (1 + 4 × 1)
    CHECK(r.tp == 1);
    CHECK(r.dp == 1);
    CHECK(r.pp == 1);
    CHECK(r.node == 1);
    CHECK(r.localGpu == 3);
}

TEST_CASE("every GPU preset's placement names the link its collectives were priced on", "[core][placement]")
{
    int checked = 0;
    for (const GpuPreset& gpu : gpuPresets())
        for (int tp : { 1, 2, 4, 8 })
            for (int dp : { 1, 2 }) {
                Scenario s = defaultScenario();
                s.hardware.preset = gpu.name;
                s.hardware.gpu = gpu.spec;
                if (gpu.gpusPerNode > 0) s.hardware.gpusPerNode = gpu.gpusPerNode;
                s.parallel.tp = tp;
                s.parallel.dp = dp;
                s.training.globalBatch = 1024;
                if (validateScenario(s)) continue;
                const Estimate e = estimate(s);
                for (const GroupPlacement& g : placement(s, e).groups)
                    for (const Collective& c : e.communication.collectives) {
                        if (c.group != g.group) continue;
                        INFO(gpu.name << " tp " << tp << " dp " << dp << " group " << toString(g.group));
                        CHECK((g.kind == LinkKind::network) == (c.link == Link::inter_node));
                        CHECK((g.kind == LinkKind::pcie) == c.overPcie);
                        ++checked;
                    }
            }
    CHECK(checked > 50);
}

TEST_CASE("a group that leaves its NVLink domain, or a GPU without NVLink, goes over PCIe", "[core][placement]")
{
    // H100 PCIe and H100 NVL join GPUs in NVLink-bridged pairs (NVIDIA H100 PCIe product brief: "NVLink
    // bridge connects two GPUs"); L40S and RTX 4090 have no NVLink; an H100 SXM node is one NVLink domain of 8.
    auto kindOf = [](const char* gpu, int tp) {
        Scenario s = defaultScenario();
        REQUIRE(!applyOverride(s, std::string("hardware.gpu=") + gpu));
        s.parallel.tp = tp;
        s.parallel.dp = 8 / tp;
        return topologyOf(s, Group::tp).kind;
    };
    CHECK(kindOf("h100-pcie", 2) == LinkKind::nvlink);
    CHECK(kindOf("h100-pcie", 4) == LinkKind::pcie);
    CHECK(kindOf("h100-nvl", 8) == LinkKind::pcie);
    CHECK(kindOf("l40s", 2) == LinkKind::pcie);
    CHECK(kindOf("h100-sxm", 8) == LinkKind::nvlink);
}
