// The placement map: ranks enumerated one by one onto nodes in Megatron-LM's order give,
// for every parallel group, the same link (NVLink or network) that the communication model used
// for its timing — for many layouts and node sizes, including ones that do not divide evenly.
#include "core/comm_model.h"
#include "core/placement.h"
#include "core/presets.h"
#include "core/scenario_io.h"

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
