#include "core/model/topology.h"

#include <algorithm>
#include <array>

namespace core {

namespace {

constexpr std::array<std::string_view, 3> kLinkKindNames { "nvlink", "pcie", "network" };
constexpr std::array<Group, 5> kRankOrder { Group::tp, Group::cp, Group::ep, Group::dp, Group::pp };

/// Whether some block of the group crosses a boundary every `unit` ranks (a node, an NVLink domain).
/// Groups lie in aligned blocks of `span` consecutive ranks (strided inside for DP and PP). Block k
/// starts at k·span; it crosses when (k·span mod unit) + span > unit. The residues repeat every
/// unit / gcd(span, unit) blocks, so at most `unit` blocks need checking.
bool blockCrosses(const Parallel& p, Group group, int unit)
{
    const int n = span(p, group);
    unit = std::max(1, unit);
    if (n > unit) return true;
    const long long blocks = std::max<long long>(1, p.gpus() / n);
    for (long long k = 0; k < std::min<long long>(blocks, unit); ++k)
        if ((k * n) % unit + n > unit) return true;
    return false;
}

/// Rank of the given coordinates (the inverse of placeRank).
int rankAt(const Parallel& p, int tp, int cp, int dp, int pp)
{
    return tp + p.tp * (cp + p.cp * (dp + p.dp * pp));
}

/// Distinct nodes of a group's members listed in increasing rank order (every enumeration below
/// lists them so): one more node at each change.
class NodeCounter {
public:
    explicit NodeCounter(int gpusPerNode)
        : m_perNode(std::max(1, gpusPerNode))
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

} // namespace

std::string_view toString(LinkKind kind)
{
    return kLinkKindNames[static_cast<std::size_t>(kind)];
}

std::span<const Group> rankOrder()
{
    return kRankOrder;
}

int groupSize(const Parallel& p, Group g)
{
    switch (g) {
    case Group::tp:
        return p.tp;
    case Group::cp:
        return p.cp;
    case Group::ep:
        return p.ep;
    case Group::dp:
        return p.dp * p.cp;
    case Group::pp:
        return p.pp;
    }
    return 1;
}

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

int span(const Parallel& p, Group g)
{
    switch (g) {
    case Group::tp:
        return p.tp;
    case Group::cp:
        return p.tp * p.cp;
    case Group::ep:
        return p.tp * p.ep; // EP takes consecutive ranks of the (CP, DP) index (Megatron's tp-ep-dp-pp for experts)
    case Group::dp:
        return p.tp * p.cp * p.dp; // gradients reduce over DP × CP (Megatron)
    case Group::pp:
        return p.tp * p.cp * p.dp * p.pp;
    }
    return 1;
}

int strideOf(const Parallel& p, Group g)
{
    switch (g) {
    case Group::tp:
        return 1;
    case Group::cp:
    case Group::ep:
    case Group::dp:
        return p.tp;
    case Group::pp:
        return p.tp * p.cp * p.dp;
    }
    return 1;
}

int ranksPerNode(int groupSize, int stride, int gpusPerNode)
{
    const int node = std::max(1, gpusPerNode);
    return std::clamp(node / std::max(1, stride), 1, std::max(1, groupSize));
}

GroupTopology topologyOf(const Scenario& s, Group group)
{
    const GpuSpec& gpu = s.hardware.gpu;
    GroupTopology t;
    t.link = blockCrosses(s.parallel, group, s.hardware.gpusPerNode) ? Link::inter_node : Link::intra_node;
    // NVLink joins only `nvlink_gpus` GPUs (H100 PCIe: bridged pairs); a group that spans two such
    // domains inside the node goes over PCIe.
    const bool leavesDomain = gpu.nvlinkGpus > 0 && blockCrosses(s.parallel, group, gpu.nvlinkGpus);
    t.intraNodeGBps = leavesDomain ? (gpu.pcieGBps > 0 ? gpu.pcieGBps : gpu.interNodeGBps) : gpu.intraNodeGBps;
    // A GPU whose intra-node rate is its PCIe rate has no NVLink at all (L40S, RTX 4090).
    const bool pcie = leavesDomain || gpu.linksOverPcie();
    t.kind = t.link == Link::inter_node ? LinkKind::network : pcie ? LinkKind::pcie : LinkKind::nvlink;
    return t;
}

Link linkOf(const Scenario& s, Group group)
{
    return topologyOf(s, group).link;
}

int groupNodes(const Parallel& p, int gpusPerNode, Group group)
{
    int worst = 1;
    // Every group through its first member: the rank whose coordinate(s) along the group are zero.
    const int limit = static_cast<int>(std::min<std::int64_t>(p.gpus(), 65536));
    for (int r0 = 0; r0 < limit; ++r0) {
        const RankPlace a = placeRank(p, gpusPerNode, r0);
        NodeCounter nodes(gpusPerNode);
        switch (group) {
        case Group::tp:
            if (a.tp != 0) continue;
            for (int i = 0; i < p.tp; ++i)
                nodes.add(rankAt(p, i, a.cp, a.dp, a.pp));
            break;
        case Group::cp:
            if (a.cp != 0) continue;
            for (int i = 0; i < p.cp; ++i)
                nodes.add(rankAt(p, a.tp, i, a.dp, a.pp));
            break;
        case Group::dp: // gradients reduce over DP × CP
            if (a.cp != 0 || a.dp != 0) continue;
            for (int d = 0; d < p.dp; ++d)
                for (int c = 0; c < p.cp; ++c)
                    nodes.add(rankAt(p, a.tp, c, d, a.pp));
            break;
        case Group::ep: { // consecutive blocks of ep in the combined (CP, DP) index
            const int k = a.cp + p.cp * a.dp;
            if (k % p.ep != 0) continue;
            for (int j = k; j < k + p.ep; ++j)
                nodes.add(rankAt(p, a.tp, j % p.cp, j / p.cp, a.pp));
            break;
        }
        case Group::pp:
            if (a.pp != 0) continue;
            for (int i = 0; i < p.pp; ++i)
                nodes.add(rankAt(p, a.tp, a.cp, a.dp, i));
            break;
        }
        worst = std::max(worst, nodes.count());
    }
    return worst;
}

} // namespace core
