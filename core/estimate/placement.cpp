#include "core/estimate/placement.h"

#include "core/model/topology.h"

namespace core {

Placement placement(const Scenario& s, const Estimate& e)
{
    const Parallel& p = s.parallel;
    Placement out;
    out.gpus = static_cast<int>(p.gpus());
    out.gpusPerNode = s.hardware.gpusPerNode;
    out.nodes = (out.gpus + out.gpusPerNode - 1) / out.gpusPerNode;
    for (const Group g : rankOrder()) {
        const int size = groupSize(p, g);
        if (size <= 1) continue;
        GroupPlacement gp;
        gp.group = g;
        gp.size = size;
        // The link the step time was priced on (topology.h), and how many nodes the widest group touches.
        const GroupTopology wiring = topologyOf(s, g);
        gp.link = wiring.link;
        gp.kind = wiring.kind;
        gp.nodes = groupNodes(p, out.gpusPerNode, g);
        gp.timeS = e.communication.groupTimeS(g, false);
        gp.exposedS = e.communication.groupTimeS(g, true);
        gp.shareOfStep = e.compute.stepTimeS > 0 ? gp.exposedS / e.compute.stepTimeS : 0;
        out.groups.push_back(gp);
    }
    return out;
}

} // namespace core
