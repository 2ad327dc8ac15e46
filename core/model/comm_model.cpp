#include "core/model/comm_model.h"

#include "core/model/layer_ops.h"
#include "core/model/pipeline_schedule.h"
#include "core/model/software_stack.h"
#include "core/model/topology.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

namespace core {

namespace {

constexpr std::array<std::string_view, 5> kGroupNames { "tp", "cp", "pp", "dp", "ep" };
constexpr std::array<std::string_view, 5> kOpNames { "all_reduce", "all_gather", "reduce_scatter", "send_recv",
    "all_to_all" };
constexpr std::array<std::string_view, 2> kLinkNames { "intra_node", "inter_node" };

} // namespace

std::string_view toString(Group g)
{
    return kGroupNames[static_cast<std::size_t>(g)];
}
std::string_view toString(CollectiveOp op)
{
    return kOpNames[static_cast<std::size_t>(op)];
}
std::string_view toString(Link link)
{
    return kLinkNames[static_cast<std::size_t>(link)];
}

double busFactor(CollectiveOp op, int n)
{
    if (n <= 1) return 0;
    switch (op) {
    case CollectiveOp::all_reduce:
        return 2.0 * (n - 1) / n;
    case CollectiveOp::all_gather:
    case CollectiveOp::reduce_scatter:
    case CollectiveOp::all_to_all:
        return double(n - 1) / n;
    case CollectiveOp::send_recv:
        return 1.0;
    }
    return 1.0;
}

double networkShare(const Collective& c)
{
    if (c.link != Link::inter_node || c.groupSize <= 1) return c.link == Link::inter_node ? 1.0 : 0.0;
    const double n = c.groupSize, nodes = std::clamp(double(c.nodes), 1.0, n);
    switch (c.op) {
    case CollectiveOp::all_gather:
    case CollectiveOp::reduce_scatter:
    case CollectiveOp::all_reduce:
        return nodes / n;
    case CollectiveOp::all_to_all:
        return (n - n / nodes) / (n - 1);
    case CollectiveOp::send_recv:
        return 1.0;
    }
    return 1.0;
}

double ncclLatencyUs(CollectiveOp op, int n, int nodes, bool overPcie, double baseUs)
{
    // hwLatencies of tuning.cc (Simple protocol): NVLink ring 3.4, tree 4.0; PCI ring 5.7, tree 4.0;
    // NET ring and tree 14.
    constexpr double kNetUs = 14.0, kNvlinkRingUs = 3.4, kPcieRingUs = 5.7, kTreeIntraUs = 4.0;
    if (n <= 1) return 0;
    nodes = std::clamp(nodes, 1, n);
    const double intraRing = overPcie ? kPcieRingUs : kNvlinkRingUs;
    switch (op) {
    case CollectiveOp::all_reduce: {
        const double steps = 2.0 * (n - 1), inter = 2.0 * (nodes - 1);
        const double ring = (steps - inter) * intraRing + inter * kNetUs;
        const double tree = 2 * ((double(n) / nodes - 1) * kTreeIntraUs + std::log2(double(nodes)) * kNetUs);
        return baseUs + std::min(ring, tree);
    }
    case CollectiveOp::all_gather:
    case CollectiveOp::reduce_scatter: {
        const double steps = n - 1.0, inter = nodes - 1.0;
        const double ring = (steps - inter) * intraRing + inter * kNetUs;
        // With one rank per node NCCL can run PAT: log2(nodes) × 14/3.5 µs + 2.8 µs per rank.
        if (nodes == n && n > 1) return baseUs + std::min(ring, std::log2(double(nodes)) * kNetUs / 3.5 + 2.8 * n);
        return baseUs + ring;
    }
    case CollectiveOp::send_recv:
    case CollectiveOp::all_to_all:
        return baseUs + (nodes > 1 ? kNetUs : intraRing);
    }
    return baseUs;
}

namespace {

/// Where a collective may hide: under the forward passes (a third of the compute), under
/// the backward passes (two thirds), only under the backward of the last micro-batch, anywhere in
/// the micro-batches, or under the attention core.
enum class Window { forward, backward, lastBackward, anywhere, attention };

/// What every group's traffic is derived from, taken once per estimate.
struct TrafficInputs {
    TrafficInputs(const Scenario& scenario, const MemoryEstimate& memory)
        : s(scenario)
        , stage(memory.peak())
    {
        const Parallel& p = s.parallel;
        const Training& tr = s.training;
        m = microBatchesPerStep(s);
        // Per-layer traffic follows the busiest stage, which sets the pipeline's pace (with DeepSeek-V3's
        // dense first layers, the stage holding the most MoE layers for the expert all-to-alls); the
        // data-parallel traffic follows the stage whose memory is reported. MTP modules are layers too.
        for (const StageMemory& st : memory.perStage) {
            layers = std::max(layers, double(st.layers + st.mtpLayers));
            if (s.model.arch.isMoe())
                moeLayers = std::max(moeLayers, double(st.layers - st.denseLayers + st.mtpLayers));
        }
        ab = std::max(2.0, bytesOf(s.precision.compute));
        tokens = double(tr.seqLen) / p.cp * tr.microBatch;
        fullRecompute = p.recompute == Recompute::full;
        tpMessage = tokens * s.model.arch.hidden * ab;
    }

    const Scenario& s;
    const StageMemory& stage; ///< the stage whose memory is reported
    double m = 1; ///< micro-batches per step
    double layers = 0, moeLayers = 0; ///< on the busiest stage
    double ab = 2; ///< bytes per activation element on the wire
    double tokens = 0; ///< per GPU per micro-batch
    bool fullRecompute = false;
    double tpMessage = 0; ///< s·b·h of one micro-batch, in bytes
};

/// The step's collectives as they are added, each with its window.
class CollectiveList {
public:
    CollectiveList(const Scenario& s, CommunicationEstimate& out)
        : m_s(s)
        , m_out(out)
    {
        // Reserved for the collectives a step issues (fewer than 16): adding one does not reallocate.
        constexpr std::size_t kMostCollectives = 16;
        m_windows.reserve(kMostCollectives);
        m_out.collectives.reserve(kMostCollectives);
    }
    /// `stride`: ranks between two members of the group (strideOf; the expert-data-parallel group
    /// steps over EP as well).
    void add(Group g, CollectiveOp op, int n, double messageBytes, double calls, int stride,
        Window window = Window::backward)
    {
        if (n <= 1 || calls <= 0 || messageBytes <= 0) return;
        const Scenario& s = m_s;
        const Efficiency& ef = s.efficiency;
        Collective c;
        c.group = g;
        c.op = op;
        c.groupSize = n;
        c.messageBytes = messageBytes;
        c.callsPerStep = calls;
        const GroupTopology wiring = topologyOf(s, g);
        c.link = wiring.link;
        const GpuSpec& gpu = s.hardware.gpu;
        const double intra = wiring.intraNodeGBps;
        double linkGBps = c.link == Link::intra_node ? intra : gpu.interNodeGBps;
        c.overPcie = wiring.kind == LinkKind::pcie;
        const int perNode = ranksPerNode(n, stride, s.hardware.gpusPerNode);
        if (c.link == Link::inter_node && op != CollectiveOp::all_to_all && op != CollectiveOp::send_recv) {
            // A ring or tree over a group with r ranks on each node leaves the node through r NICs
            // at once (NCCL runs one channel per NIC), so its bus bandwidth is r × the per-GPU NIC
            // share, never more than NVLink inside the node (NCCL's maintainers:
            // NVIDIA/nccl-tests#119 "96 GB/s is the target" for 4 × 200 Gb/s per node, NVIDIA/nccl#495
            // 75 GB/s measured for 8 × 100 Gb/s). With TP = 8 a DP group has one rank per node and
            // keeps the per-GPU figure. Point-to-point and all-to-all traffic is per GPU already.
            linkGBps = std::min(intra, perNode * gpu.interNodeGBps);
        }
        c.nodes = c.link == Link::inter_node ? (n + perNode - 1) / perNode : 1;
        c.latencyPerCallS = ncclLatencyUs(op, n, c.nodes, c.overPcie, ef.commLatencyUs) * 1e-6;
        c.bandwidthGBps = linkGBps * ef.busBandwidth;
        c.sentBytesPerGpu = calls * messageBytes * busFactor(op, n);
        c.timeS = calls * c.latencyPerCallS + c.sentBytesPerGpu / (c.bandwidthGBps * 1e9);
        m_out.collectives.push_back(c);
        m_windows.push_back(window);
    }
    [[nodiscard]] Window windowOf(std::size_t i) const { return m_windows[i]; }

private:
    const Scenario& m_s;
    CommunicationEstimate& m_out;
    std::vector<Window> m_windows;
};

/// Tensor parallel: the TP collectives of the busiest stage's layers (the forward's again when it is
/// recomputed) and of its vocabulary-parallel ends, per micro-batch, as the stack's operation list
/// gives them (software_stack.h, addTensorParallelLayerOps and addTensorParallelEndOps: the host
/// issues the same calls). Per layer and micro-batch two all-reduces of s·b·h forward and two
/// backward, or with sequence parallelism an all-gather and a reduce-scatter each (Shoeybi et al.
/// 2019 §3; Korthikanti et al. 2022 §4.2.2); the ends add the embedding's and the LM head's (s·b·h)
/// and the cross-entropy's three of one fp32 per token. Calls of one operation are one entry, its
/// message the mean over them (which keeps its time and its bytes).
void tensorParallelTraffic(const TrafficInputs& in, CollectiveList& list)
{
    const Scenario& s = in.s;
    const Parallel& p = s.parallel;
    if (p.tp <= 1) return;
    constexpr std::size_t kOps = 5;
    double calls[kOps] {}, bytes[kOps] {};
    auto count = [&](const Operations& ops, double times, int forwardPassCount) {
        for (const Operation& op : ops) {
            if (op.kind != OpKind::collective || op.group != Group::tp) continue;
            const double n = times * op.count * (op.pass == OpPass::forward ? forwardPassCount : 1);
            const auto i = static_cast<std::size_t>(op.collective);
            calls[i] += n;
            bytes[i] += n * op.bytesPerToken * in.tokens;
        }
    };
    // TP runs in every layer alike (MoE layers' experts apart).
    Operations layer, ends;
    addTensorParallelLayerOps(s, OpPass::forward, layer);
    addTensorParallelLayerOps(s, OpPass::backward, layer);
    count(layer, in.layers, forwardPasses(s));
    // The busiest stage is the last (the output head); with one stage it holds the embedding too.
    addTensorParallelEndOps(s, p.pp == 1, true, ends);
    count(ends, 1, 1);
    for (const CollectiveOp op : { CollectiveOp::all_gather, CollectiveOp::reduce_scatter, CollectiveOp::all_reduce }) {
        const auto i = static_cast<std::size_t>(op);
        if (calls[i] > 0) list.add(Group::tp, op, p.tp, bytes[i] / calls[i], calls[i] * in.m, 1, Window::anywhere);
    }
}

/// Context parallel (ring attention; Liu et al. 2023): K and V of each layer pass around the c
/// ranks forward (again when recomputed). The backward recomputes attention block by block, so it
/// circulates K and V once more together with their gradients (Transformer Engine's
/// AttnFuncWithCPAndKVP2P: "point-to-point communications of KV and dKV"): three
/// units of K/V traffic per layer, not two. Each pass moves (c − 1)/c of the whole K/V, the
/// volume of an all-gather (K/V) or a reduce-scatter (dK/dV).
void contextParallelTraffic(const TrafficInputs& in, CollectiveList& list)
{
    const Scenario& s = in.s;
    const Parallel& p = s.parallel;
    // K and V as the attention kernel receives them: with MLA the expanded per-head K (dh + dr) and V
    // (dv), after the up-projection.
    const LayerWidths w = layerWidths(s.model.arch, false);
    const double kvWidth = (w.key + w.value) / p.tp;
    const double kvMessage = double(s.training.seqLen) * s.training.microBatch * kvWidth * in.ab;
    // The ring overlaps each step's transfer with the attention of the block it holds (Liu et al.
    // 2023 §3; Transformer Engine's ring): its window is the attention core's time, not the layer's —
    // at 8k tokens a small share of a large model's compute, at 128k most of it.
    list.add(Group::cp, CollectiveOp::all_gather, p.cp, kvMessage, in.layers * in.m * (in.fullRecompute ? 3 : 2), p.tp,
        Window::attention);
    list.add(Group::cp, CollectiveOp::reduce_scatter, p.cp, kvMessage, in.layers * in.m, p.tp, Window::attention);
}

/// Pipeline parallel: activations forward and their gradients backward, s·b·h per micro-batch
/// per stage boundary; interleaving crosses v times as many boundaries (Narayanan et al. §2.2).
/// Each TP rank sends 1/t of the tensor: with sequence parallelism it holds only its part, and
/// without it Megatron's scatter/gather sends 1/t over the network and all-gathers the rest over
/// NVLink (Narayanan et al. 2021 §4.1; the NVLink all-gather is not counted).
void pipelineParallelTraffic(const TrafficInputs& in, CollectiveList& list)
{
    const Parallel& p = in.s.parallel;
    const double v = chunksPerStage(p);
    list.add(Group::pp, CollectiveOp::send_recv, p.pp, in.tpMessage / p.tp, 2 * in.m * v, strideOf(p, Group::pp),
        Window::anywhere);
}

/// Data parallel over DP × CP (experts over DP × CP / EP). ZeRO paper §7: plain DP all-reduces
/// the gradients (2Ψ); ZeRO-1/2 reduce-scatter gradients and all-gather parameters (2Ψ);
/// ZeRO-3 gathers parameters forward and again backward (3Ψ). With several micro-batches,
/// ZeRO-2/3 reduce gradients every micro-batch and ZeRO-3 re-gathers every micro-batch.
/// The traffic moves in buckets, each a call that pays NCCL's latency: ZeRO-0/1/2
/// reduce max(4·10^7, 10^6 × n) parameters at a time (Megatron-LM's DDP bucket_size default, n
/// the data-parallel group: it grows with the group so that the latency does not), FSDP /
/// ZeRO-3 gathers and reduces one layer (FSDP unit) at a time.
/// Windows: ZeRO-0/1 reduce once, after the last micro-batch, under its backward
/// only; ZeRO-2/3 reduce every micro-batch under its backward (ZeRO-2 with grad_reduce
/// after_accumulation, FSDP's no_sync, once, as ZeRO-1); FSDP prefetches the forward
/// gathers too, so ZeRO-3's gathers hide anywhere; the ZeRO-1/2 parameter gather that follows the
/// optimizer step hides under the next forward (Megatron's overlap-param-gather). ZeRO-3 with
/// grad_reduce after_accumulation gathers once per step, under the forwards, and reduces once.
void dataParallelTraffic(const TrafficInputs& in, CollectiveList& list)
{
    const Scenario& s = in.s;
    const Parallel& p = s.parallel;
    const double m = in.m;
    const int denseGroup = groupSize(p, Group::dp);
    const int expertGroup = std::max(1, denseGroup / p.ep);
    const double gradBytes = bytesOf(s.precision.gradients), weightBytes = bytesOf(s.precision.weights);
    // ZeRO-3 gathers parameters in the compute dtype: FSDP casts the shard before the all-gather
    // (FSDP2 MixedPrecisionPolicy.param_dtype "specifies the dtype for the unsharded parameter and
    // hence ... the parameter all-gather"), as memory_model.cpp sizes the gathered layers.
    const double gatherBytes = std::min(weightBytes, in.ab);
    const double units = std::max(1.0, in.layers);
    // ZeRO-0/1/2 in buckets, or, as PyTorch FSDP's NO_SHARD and SHARD_GRAD_OP do, one collective per
    // wrapped layer (parallel.dp_collectives): at hundreds of ranks each call's ring latency adds up.
    const bool perLayer = p.dpCollectives == DpCollectives::per_layer;
    auto group = [&](double trainable, double resident, int n, int stride) {
        // ZeRO-1/2 gather the updated parameters in the compute dtype too: the copy the forward uses.
        const double grads = trainable * gradBytes, params = trainable * gatherBytes;
        const double kg = perLayer ? units : std::max(1.0, std::ceil(trainable / std::max(4e7, 1e6 * n))), kp = kg;
        switch (p.zero) {
        case 0:
            list.add(Group::dp, CollectiveOp::all_reduce, n, grads / kg, kg, stride, Window::lastBackward);
            break;
        case 1:
            list.add(Group::dp, CollectiveOp::reduce_scatter, n, grads / kg, kg, stride, Window::lastBackward);
            list.add(Group::dp, CollectiveOp::all_gather, n, params / kp, kp, stride, Window::forward);
            break;
        case 2:
            if (p.gradReduce == GradReduce::after_accumulation)
                list.add(Group::dp, CollectiveOp::reduce_scatter, n, grads / kg, kg, stride, Window::lastBackward);
            else
                list.add(Group::dp, CollectiveOp::reduce_scatter, n, grads / kg, m * kg, stride, Window::backward);
            list.add(Group::dp, CollectiveOp::all_gather, n, params / kp, kp, stride, Window::forward);
            break;
        default:
            if (p.gradReduce == GradReduce::after_accumulation) {
                // Gathered once per step and kept whole (FSDP2's reshard_after_forward=False with no_sync;
                // torchtitan with PP): one gather under the first forward, one reduction at the end.
                list.add(Group::dp, CollectiveOp::all_gather, n, resident * gatherBytes / units, units, stride,
                    Window::forward);
                list.add(
                    Group::dp, CollectiveOp::reduce_scatter, n, grads / units, units, stride, Window::lastBackward);
                break;
            }
            list.add(Group::dp, CollectiveOp::all_gather, n, resident * gatherBytes / units, 2 * m * units, stride,
                Window::anywhere);
            list.add(Group::dp, CollectiveOp::reduce_scatter, n, grads / units, m * units, stride, Window::backward);
            break;
        }
    };
    const StageMemory& stage = in.stage;
    group(stage.trainableDense, stage.params - stage.expertParams, denseGroup, strideOf(p, Group::dp));
    group(stage.trainableExpert, stage.expertParams, expertGroup, strideOf(p, Group::dp) * p.ep);
}

/// Expert parallel (Lepikhin et al. 2021, GShard): two all-to-alls (dispatch, combine) of the
/// top_k routed token copies per MoE layer forward, two backward, two more when recomputed.
/// With node-limited routing across nodes a token crosses the network once per target node —
/// at most routed_node_limit of the nodes the EP group spans — and fans out to its experts
/// over NVLink, overlapped with the network transfer (DeepSeek-V3 §2.1.2 and §3.2.2).
void expertParallelTraffic(const TrafficInputs& in, CollectiveList& list)
{
    const Scenario& s = in.s;
    const Parallel& p = s.parallel;
    if (!s.model.arch.isMoe()) return;
    // The MoE layers' all-to-alls as the operation list gives them (software_stack.h,
    // addExpertParallelOps), the forward's again when it is recomputed.
    Operations ops;
    addExpertParallelOps(s, OpPass::forward, ops);
    addExpertParallelOps(s, OpPass::backward, ops);
    double calls = 0, bytes = 0;
    for (const Operation& op : ops) {
        const double n = in.moeLayers * op.count * (op.pass == OpPass::forward ? forwardPasses(s) : 1);
        calls += n;
        bytes += n * op.bytesPerToken * in.tokens;
    }
    if (calls > 0)
        list.add(Group::ep, CollectiveOp::all_to_all, p.ep, bytes / calls, calls * in.m, strideOf(p, Group::ep),
            Window::anywhere);
}

/// Overlap: each collective hides up to its overlap setting (comm_overlap for DP and CP; TP, PP and
/// EP their own, default 0) in what is left of its window: the forward passes are a third of the
/// compute, the backward passes two thirds, the last micro-batch's backward 2/3 ÷ m of it. NVLink
/// and the network are separate links driven by separate engines, so traffic on one does not use
/// up the compute time that hides traffic on the other: each link has its own windows.
void hideUnderCompute(const TrafficInputs& in, const CollectiveList& list, double computeTimeS, double attentionTimeS,
    double tpBackwardWindowS, CommunicationEstimate& out)
{
    const Scenario& s = in.s;
    const Efficiency& ef = s.efficiency;
    const StackProfile& stack = stackProfile(s.training.framework);
    struct Windows {
        double forward, backward, lastBackward, attention;
    };
    const double attentionWindow = std::clamp(attentionTimeS, 0.0, computeTimeS);
    const Windows whole { computeTimeS / 3.0, computeTimeS * 2.0 / 3.0, computeTimeS * 2.0 / 3.0 / std::max(1.0, in.m),
        attentionWindow };
    Windows perLink[2] = { whole, whole };
    for (std::size_t i = 0; i < out.collectives.size(); ++i) {
        Collective& c = out.collectives[i];
        double fraction = 0;
        switch (c.group) {
        case Group::dp:
            // A stack that reduces gradients after the backward hides none of it (software_stack.h).
            fraction = stack.dpOverlap ? ef.commOverlap : 0.0;
            break;
        case Group::cp:
            fraction = ef.commOverlap;
            break;
        case Group::tp:
            fraction = ef.tpOverlap;
            break;
        case Group::pp:
            fraction = ef.ppOverlap;
            break;
        case Group::ep:
            fraction = ef.epOverlap;
            break;
        }
        Windows& w = perLink[c.link == Link::inter_node ? 1 : 0];
        double& forward = w.forward;
        double& backward = w.backward;
        double& lastBackward = w.lastBackward;
        double& attention = w.attention;
        // Megatron's asynchronous input-gradient all-reduce (LinearWithGradAccumulationAndAsyncCommunication,
        // without sequence parallelism): 2 of the layer's 4 TP all-reduces (2 of 6 with full recomputation)
        // run beside the QKV and fc1 weight-gradient GEMMs, hidden up to those GEMMs' time.
        double async = 0;
        if (c.group == Group::tp && !s.parallel.sequenceParallel && stack.tpBackwardOverlap)
            // Only the layers' calls: 2 per layer and micro-batch of the entry's calls (the vocabulary-
            // parallel ends share the entry).
            async = std::min(c.timeS * 2 * in.layers * in.m / c.callsPerStep, tpBackwardWindowS);
        double hidden = (c.timeS - async) * fraction;
        switch (list.windowOf(i)) {
        case Window::forward:
            hidden = std::min(hidden, forward);
            forward -= hidden;
            break;
        case Window::backward:
            hidden = std::min(hidden, backward);
            backward -= hidden;
            break;
        case Window::lastBackward:
            hidden = std::min({ hidden, lastBackward, backward });
            lastBackward -= hidden;
            backward -= hidden;
            break;
        case Window::attention:
            // Attention time lies inside the forward and backward windows: spend it from both.
            hidden = std::min({ hidden, attention, forward + backward });
            attention -= hidden;
            {
                const double fromForward = std::min(hidden / 3.0, forward);
                forward -= fromForward;
                backward = std::max(0.0, backward - (hidden - fromForward));
            }
            break;
        case Window::anywhere: {
            hidden = std::min(hidden, forward + backward);
            const double fromForward = std::min(hidden, forward);
            forward -= fromForward;
            backward -= hidden - fromForward;
            break;
        }
        }
        c.exposedTimeS = c.timeS - async - hidden;
        out.sentBytesPerGpu += c.sentBytesPerGpu;
        out.timeS += c.timeS;
        out.exposedTimeS += c.exposedTimeS;
    }
}

} // namespace

CommunicationEstimate communication(const Scenario& s, const MemoryEstimate& memory, double computeTimeS,
    double attentionTimeS, double tpBackwardWindowS)
{
    const TrafficInputs in(s, memory);
    CommunicationEstimate out;
    CollectiveList list(s, out);
    tensorParallelTraffic(in, list);
    contextParallelTraffic(in, list);
    pipelineParallelTraffic(in, list);
    dataParallelTraffic(in, list);
    expertParallelTraffic(in, list);
    hideUnderCompute(in, list, computeTimeS, attentionTimeS, tpBackwardWindowS, out);
    return out;
}

} // namespace core
