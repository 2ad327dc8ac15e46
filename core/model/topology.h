#pragma once
// Where ranks sit and which link each parallel group uses — one description for the step time
// (comm_model.cpp), the software stack (software_stack.cpp) and the placement view (placement.cpp).
// Megatron-LM's rank order: TP fastest, then CP, then DP (EP carved out of DP × CP, in consecutive
// blocks of the combined index), then PP; nodes of `gpus_per_node` consecutive ranks, and inside a
// node NVLink domains of `nvlink_gpus` GPUs (H100 PCIe: bridged pairs), beyond which the node's
// traffic goes over PCIe.

#include "core/scenario/estimate_types.h"
#include "core/scenario/scenario.h"

#include <span>

namespace core {

/// The link a group's traffic takes: NVLink inside a node, PCIe inside a node where NVLink joins
/// fewer GPUs than the group spans (or the GPU has no NVLink), the network between nodes.
enum class LinkKind { nvlink, pcie, network };
[[nodiscard]] std::string_view toString(LinkKind kind);

/// The kinds of group in rank order, fastest-varying first: TP, CP, EP, DP, PP.
[[nodiscard]] std::span<const Group> rankOrder();
/// Members of one group of this kind: TP, CP, EP and PP their degree; DP the ranks of a stage that
/// hold the same weights, DP × CP (gradients reduce over both).
[[nodiscard]] int groupSize(const Parallel& p, Group g);

/// One rank's coordinates, and its node and GPU in the node.
struct RankPlace {
    int rank = 0, node = 0, localGpu = 0;
    int tp = 0, cp = 0, dp = 0, pp = 0;
};
[[nodiscard]] RankPlace placeRank(const Parallel& p, int gpusPerNode, int rank);

/// Consecutive ranks spanned by one group (stride × members) in the rank order: TP p.tp; CP tp × cp;
/// EP tp × ep; DP (gradients reduce over DP × CP) tp × cp × dp; PP every rank.
[[nodiscard]] int span(const Parallel& p, Group g);
/// Ranks between two neighbours of one group: 1 for TP; tp for CP, EP and DP; tp × cp × dp for PP.
[[nodiscard]] int strideOf(const Parallel& p, Group g);
/// Members of a group of `groupSize` ranks spaced `stride` apart that share one node of
/// `gpusPerNode` GPUs (at least 1): how many NICs a ring over the group uses at once.
[[nodiscard]] int ranksPerNode(int groupSize, int stride, int gpusPerNode);

/// How one kind of group of a scenario is wired, computed from the spans (no enumeration:
/// microseconds, per estimate).
struct GroupTopology {
    Link link = Link::intra_node; ///< inside a node, or between nodes
    LinkKind kind = LinkKind::nvlink;
    /// GB/s per GPU inside the node: NVLink, or PCIe where the group leaves its NVLink domain (the
    /// GPU's PCIe rate; its network rate where it states none).
    double intraNodeGBps = 0;
};
[[nodiscard]] GroupTopology topologyOf(const Scenario& s, Group group);
/// topologyOf(s, group).link: whether some group of this kind spans two nodes.
[[nodiscard]] Link linkOf(const Scenario& s, Group group);

/// The most nodes one group of this kind touches, by enumerating its members rank by rank (at most
/// 65,536 ranks: large clusters repeat the pattern). For the placement view; independent of the spans
/// (the tests hold the two equal).
[[nodiscard]] int groupNodes(const Parallel& p, int gpusPerNode, Group group);

} // namespace core
