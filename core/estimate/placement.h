#pragma once
// Where ranks sit, for the placement view: for each parallel group the link its traffic takes
// (NVLink, PCIe or the network, as the step time prices it: core/model/topology.h), how many nodes it
// touches and its share of the step time.

#include "core/estimate/estimate.h"
#include "core/model/topology.h"

#include <vector>

namespace core {

struct GroupPlacement {
    Group group = Group::tp;
    int size = 1; ///< GPUs in one group
    int nodes = 1; ///< most nodes any one group of this kind touches (topology.h groupNodes)
    Link link = Link::intra_node;
    LinkKind kind = LinkKind::nvlink; ///< NVLink, PCIe (inside a node, beyond NVLink) or the network
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

[[nodiscard]] Placement placement(const Scenario& s, const Estimate& e);

} // namespace core
