#include "core/placement.h"

#include <algorithm>

namespace core {

RankPlace placeRank(const Parallel& p, int gpusPerNode, int rank)
{
    RankPlace r;
    r.rank = rank;
    r.node = rank / gpusPerNode;
    r.localGpu = rank % gpusPerNode;
    int rest = rank;
    r.tp = rest % p.tp;
    rest /= p.tp;
    r.cp = rest % p.cp;
    rest /= p.cp;
    r.dp = rest % p.dp;
    r.pp = rest / p.dp;
    return r;
}

namespace {

/// Rank of the given coordinates (the inverse of placeRank).
int rankOf(const Parallel& p, int tp, int cp, int dp, int pp)
{
    return tp + p.tp * (cp + p.cp * (dp + p.dp * pp));
}

/// The most nodes touched by any one group of `group`, by enumerating its members.
/// Distinct nodes of a group's members listed in increasing rank order (every enumeration below
/// lists them so): one more node at each change.
class NodeCounter {
public:
    explicit NodeCounter(int gpusPerNode)
        : m_perNode(gpusPerNode)
    {
    }
    void add(int rank)
    {
        const int node = rank / m_perNode;
        if (node != m_last) ++m_count;
        m_last = node;
    }
    [[nodiscard]] int count() const { return m_count; }

private:
    int m_perNode;
    int m_last = -1;
    int m_count = 0;
};

/// The most nodes touched by any one group of `group`, by enumerating its members.
int nodesSpanned(const Parallel& p, int gpusPerNode, Group group)
{
    int worst = 1;
    // Enumerate every group through its first member: the rank whose coordinate(s) along the
    // group are zero. Large clusters repeat the same pattern; cap the work at 65,536 ranks.
    const int limit = static_cast<int>(std::min<std::int64_t>(p.gpus(), 65536));
    for (int r0 = 0; r0 < limit; ++r0) {
        const RankPlace a = placeRank(p, gpusPerNode, r0);
        NodeCounter nodes(gpusPerNode);
        switch (group) {
        case Group::tp:
            if (a.tp != 0) continue;
            for (int i = 0; i < p.tp; ++i)
                nodes.add(rankOf(p, i, a.cp, a.dp, a.pp));
            break;
        case Group::cp:
            if (a.cp != 0) continue;
            for (int i = 0; i < p.cp; ++i)
                nodes.add(rankOf(p, a.tp, i, a.dp, a.pp));
            break;
        case Group::dp: // gradients reduce over DP × CP
            if (a.cp != 0 || a.dp != 0) continue;
            for (int d = 0; d < p.dp; ++d)
                for (int c = 0; c < p.cp; ++c)
                    nodes.add(rankOf(p, a.tp, c, d, a.pp));
            break;
        case Group::ep: { // consecutive blocks of ep in the combined (CP, DP) index
            const int k = a.cp + p.cp * a.dp;
            if (k % p.ep != 0) continue;
            for (int j = k; j < k + p.ep; ++j)
                nodes.add(rankOf(p, a.tp, j % p.cp, j / p.cp, a.pp));
            break;
        }
        case Group::pp:
            if (a.pp != 0) continue;
            for (int i = 0; i < p.pp; ++i)
                nodes.add(rankOf(p, a.tp, a.cp, a.dp, i));
            break;
        }
        worst = std::max(worst, nodes.count());
    }
    return worst;
}

} // namespace

Placement placement(const Scenario& s, const Estimate& e)
{
    const Parallel& p = s.parallel;
    Placement out;
    out.gpus = static_cast<int>(p.gpus());
    out.gpusPerNode = s.hardware.gpusPerNode;
    out.nodes = (out.gpus + out.gpusPerNode - 1) / out.gpusPerNode;
    const std::pair<Group, int> groups[] = { { Group::tp, p.tp }, { Group::cp, p.cp }, { Group::ep, p.ep },
        { Group::dp, p.dp * p.cp }, { Group::pp, p.pp } };
    for (const auto& [g, size] : groups) {
        if (size <= 1) continue;
        GroupPlacement gp;
        gp.group = g;
        gp.size = size;
        gp.nodesSpanned = nodesSpanned(p, out.gpusPerNode, g);
        gp.link = gp.nodesSpanned > 1 ? Link::inter_node : Link::intra_node;
        gp.timeS = e.communication.groupTimeS(g, false);
        gp.exposedS = e.communication.groupTimeS(g, true);
        gp.shareOfStep = e.compute.stepTimeS > 0 ? gp.exposedS / e.compute.stepTimeS : 0;
        out.groups.push_back(gp);
    }
    return out;
}

} // namespace core
