#pragma once
// Communication per training step (docs/FORMULAS.md §5): every collective of every group, its volume
// with the nccl-tests bus factors, the link it crosses (core/model/topology.h) and how much of it hides
// under compute.

#include "core/scenario/estimate_types.h"

namespace core {

/// Bytes each rank puts on the wire per byte of the full tensor (NVIDIA nccl-tests,
/// doc/PERFORMANCE.md "bus bandwidth"): all-reduce 2(n−1)/n; all-gather, reduce-scatter and
/// all-to-all (n−1)/n; send/recv 1.
[[nodiscard]] double busFactor(CollectiveOp op, int n);
/// The share of a collective's bytes that leaves the node: none on NVLink or PCIe; a ring
/// over n ranks on N nodes crosses the network on N of its n hops (all-gather, reduce-scatter,
/// all-reduce: N / n, all of it with one rank per node); an all-to-all sends (n − r) / (n − 1) of its
/// bytes to the other nodes (r ranks per node); a send/recv over the network all of it.
[[nodiscard]] double networkShare(const Collective& c);

/// NCCL's latency of one call, microseconds (NVIDIA/nccl src/graph/tuning.cc, Simple protocol):
/// `baseUs` (the scenario's comm_latency_us) plus one hop per step — a ring takes 2(n−1) steps for
/// an all-reduce and n−1 for an all-gather or reduce-scatter, of which 2(nodes−1) or nodes−1 cross
/// the network (14 µs) and the rest NVLink (3.4 µs; PCIe 5.7 µs); an all-reduce may instead run as a
/// tree, 2·((n/nodes − 1) intra hops (4.0 µs) + log2(nodes) network hops (14 µs)), whichever is
/// shorter. Send/recv and all-to-all take one hop.
[[nodiscard]] double ncclLatencyUs(CollectiveOp op, int n, int nodes, bool overPcie, double baseUs);

/// All collectives of one step for a GPU of the most loaded pipeline stage. `computeTimeS` is the
/// ideal compute time: the budget under which overlapped traffic can hide; `attentionTimeS` the part
/// of it spent in the attention core, under which a context-parallel ring hides its K/V;
/// `tpBackwardWindowS` the weight-gradient GEMMs beside which a stack with tpBackwardOverlap
/// (software_stack.h) runs its column-parallel layers' input-gradient all-reduces.
[[nodiscard]] CommunicationEstimate communication(const Scenario& s, const MemoryEstimate& memory, double computeTimeS,
    double attentionTimeS, double tpBackwardWindowS = 0);

} // namespace core
