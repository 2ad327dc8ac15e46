#pragma once
// Where ranks sit: Megatron-LM's rank order — TP fastest, then CP, then DP (with EP
// carved out of DP × CP), then PP — mapped onto nodes of `gpus_per_node` GPUs, and for each
// parallel group whether its members share a node (NVLink) or cross the network, with the
// group's share of the step time. Enumerated rank by rank, independently of comm_model's formula.

#include "core/estimate.h"

#include <vector>

namespace core {

struct RankPlace {
    int rank = 0, node = 0, localGpu = 0;
    int tp = 0, cp = 0, dp = 0, pp = 0;
};

struct GroupPlacement {
    Group group = Group::tp;
    int size = 1; ///< GPUs in one group
    int nodesSpanned = 1; ///< most nodes any one group of this kind touches
    Link link = Link::intra_node;
    double timeS = 0; ///< all its collectives per step
    double exposedS = 0; ///< the part not hidden under compute
    double shareOfStep = 0; ///< exposed / step time
};

struct Placement {
    int gpus = 1;
    int nodes = 1;
    int gpusPerNode = 8;
    std::vector<GroupPlacement> groups; ///< groups of size > 1, in the order tp, cp, ep, dp, pp
};

[[nodiscard]] RankPlace placeRank(const Parallel& p, int gpusPerNode, int rank);
[[nodiscard]] Placement placement(const Scenario& s, const Estimate& e);

} // namespace core
