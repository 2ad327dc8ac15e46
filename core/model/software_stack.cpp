#include "core/model/software_stack.h"

#include "core/base/types.h"
#include "core/model/layer_ops.h"
#include "core/model/topology.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace core {

namespace {

// Megatron-LM (2021–23, before Megatron-Core's Transformer Engine layers and --overlap-grad-reduce)
// and Megatron-DeepSpeed, its fork, run the same GPT layer code, so they share one description.
// The two host constants are fitted together on the calibration rows of vTrain's measured
// iterations (resources/fidelity/vtrain/README.md: every fourth row, 90 single-node and 11
// multi-node runs of Megatron-DeepSpeed on A100) by the least mean |error| over a grid; every other
// row of that set is out of sample (docs/FIDELITY.md "Software stacks").
// 53 µs per operation and 3 ms per step, at a mean |error| of 9.1 % over the 101 calibration rows
// (refit with the fused projections and efficiency.compute 0.91; 53 µs and 6 ms before). A wait of
// each TP collective for its slowest rank (σ · E[max of t normals]) was tried and fitted to σ = 0, so
// it is not modelled.
constexpr double kMegatronHostSecondsPerOp = 53e-6;
constexpr double kMegatronStepHostS = 3e-3;
// Megatron-DeepSpeed's residual efficiency, fitted jointly with the two host constants on the same
// 101 calibration rows (grid 0.94-1.02 by 0.005, host 45-62 µs by 1, 0-10 ms by 1): 0.98, at 9.06 %
// with efficiency.compute 0.91 (0.94 at 9.37 % before the fused projections and that refit). With
// efficiency.compute 0.915 the rows score 9.07 % at 0.975 and at 0.98 alike: 0.975 keeps the product
// of the two (0.892), so the vTrain estimates stay where they were. It multiplies the matmul and
// attention rates of DeepSpeed's engine only; Megatron-LM's own runs (Narayanan et al. 2021) are
// among those the shared efficiency.compute is fitted on, so its profile keeps 1.
constexpr double kMegatronDeepSpeedResidual = 0.975;
// Megatron's FP16/BF16 optimizer moves 58 B per updated parameter (megatron/optimizer/optimizer.py:
// unscale 8, L2 norm 4, clip 8, fused Adam 28, copy to 16-bit 6, zeroing the buffer 4), where the
// update counted in estimate() moves 28 with 16-bit gradients: 30 more.
constexpr double kMegatronOptimizerExtraBytes = 30;

/// Megatron-LM's 2021-23 layer code, which Megatron-DeepSpeed runs too: its host cost, optimizer,
/// softmax rule, unoverlapped gradient reduction, asynchronous TP backward, padded vocabulary and fused
/// projections (megatron/model/transformer.py: ParallelAttention's query_key_value of 3h, or
/// (a + 2k)·d_h with GQA; ParallelMLP's dense_h_to_4h of 2·f with --swiglu).
constexpr StackProfile megatronLayerCode(SoftwareStack framework, std::string_view source, double residual)
{
    return { .framework = framework,
        .source = source,
        .hostSecondsPerOp = kMegatronHostSecondsPerOp,
        .stepHostS = kMegatronStepHostS,
        .optimizerExtraBytesPerParam = kMegatronOptimizerExtraBytes,
        .megatronSoftmax = true,
        .dpOverlap = false,
        .tpBackwardOverlap = true,
        .padsVocabulary = true,
        .flashAttention = framework != SoftwareStack::megatron_lm,
        .fusedQkv = true,
        .fusedGateUp = true,
        .residualEfficiency = residual };
}

constexpr std::array<StackProfile, kSoftwareStackNames.size()> kProfiles { {
    { .framework = SoftwareStack::generic,
        .source = "no stack: the GPU's work only, every overlap as the efficiency keys say" },
    megatronLayerCode(SoftwareStack::megatron_lm,
        "NVIDIA/Megatron-LM 2021-23 (tag 23.04): megatron/model/transformer.py, fused_softmax.py, training.py; host "
        "constants fitted on vTrain's calibration rows (Megatron-DeepSpeed, same layer code)",
        1),
    megatronLayerCode(SoftwareStack::megatron_deepspeed,
        "microsoft/Megatron-DeepSpeed (2023), Megatron-LM's layers with DeepSpeed's engine; host constants and "
        "residual efficiency fitted on vTrain's calibration rows (Bang et al., MICRO 2024)",
        kMegatronDeepSpeedResidual),
    // LitGPT's host costs are not characterised (no measured runs of small shapes): 0, as generic. Its
    // CausalSelfAttention projects Q, K and V with one linear (litgpt/model.py); LLaMAMLP keeps fc_1
    // and fc_2 (gate and up) apart.
    { .framework = SoftwareStack::litgpt,
        .source = "Lightning-AI/litgpt (2023-24): QLoRA through bitsandbytes' Linear4bit "
                  "(bitsandbytes/autograd/_functions.py, MatMul4Bit); eager PyTorch; one qkv linear (model.py)",
        .bitsandbytesQlora = true,
        .fusedQkv = true },
    // Hugging Face Trainer with PEFT: QLoRA through the same bitsandbytes Linear4bit (peft's
    // bnb.Linear4bit wraps it); host costs not characterised, as LitGPT's.
    { .framework = SoftwareStack::hf_trainer,
        .source = "huggingface/transformers Trainer with peft (2023-24): QLoRA through bitsandbytes' Linear4bit "
                  "(MatMul4Bit); eager PyTorch",
        .bitsandbytesQlora = true },
    // Megatron-Core (2023 on; Megatron-LM's training loop since mid-2023): Transformer Engine's layers,
    // the gradient reduction overlapped with the backward (--overlap-grad-reduce, 2d5220a4), the column-
    // parallel input-gradient all-reduce beside the weight-gradient GEMM without sequence parallelism
    // (megatron/core/tensor_parallel/layers.py), the same fused-softmax rule on its local attention
    // (megatron/core/fusions/fused_softmax.py), the same FP16/BF16 optimizer, and fused projections
    // (megatron/core/transformer/attention.py linear_qkv; mlp.py linear_fc1 of 2·f with
    // gated_linear_unit). Its host cost per
    // kernel is not measured here (Transformer Engine fuses norms into GEMMs and offers CUDA graphs): 0.
    { .framework = SoftwareStack::megatron_core,
        .source = "NVIDIA/Megatron-LM core_r0.x (megatron/core): Transformer Engine layers, --overlap-grad-reduce, "
                  "fused_softmax.py, the distributed optimizer; host cost not measured",
        .optimizerExtraBytesPerParam = kMegatronOptimizerExtraBytes,
        .megatronSoftmax = true,
        .tpBackwardOverlap = true,
        .padsVocabulary = true,
        .fusedQkv = true,
        .fusedGateUp = true },
    // DeepSpeed's engine (ZeRO 1–3) around a model it did not write (Hugging Face's, for one): whether
    // the gradient reduction overlaps the backward is the config's zero_optimization.overlap_comm, which
    // the efficiency key comm_overlap says; host cost not measured.
    { .framework = SoftwareStack::deepspeed,
        .source = "microsoft/DeepSpeed engine (ZeRO stages 1-3); overlap_comm is a config switch (efficiency key "
                  "comm_overlap); host cost not measured" },
    // GPT-NeoX: Megatron-LM's 2021 layers on DeepSpeed's engine and pipeline (EleutherAI/gpt-neox):
    // one query_key_value GEMM; its LLaMAParallelMLP keeps gate_proj apart from the up-projection.
    { .framework = SoftwareStack::gpt_neox,
        .source = "EleutherAI/gpt-neox: Megatron-LM's 2021 layers on DeepSpeed's engine; overlap_comm is a config "
                  "switch (Pythia's configs set it); host cost not measured",
        .padsVocabulary = true,
        .fusedQkv = true },
    // torchtitan: FSDP2 prefetches and reduces per layer, overlapped with compute (the dp_collectives and
    // efficiency keys say how); the host cost of its eager or compiled PyTorch is not measured.
    { .framework = SoftwareStack::torchtitan,
        .source = "pytorch/torchtitan (2024-25): FSDP2, DTensor TP, torch.compile optional; host cost not measured" },
    // MosaicML llm-foundry: Composer around PyTorch FSDP with flash attention; host cost not measured.
    // MPT's attention projects Q, K and V with one Wqkv linear (llmfoundry/models/layers/attention.py,
    // fused_qkv); MPTGLU keeps gate_proj apart from up.
    { .framework = SoftwareStack::llm_foundry,
        .source = "mosaicml/llm-foundry with Composer (2023-24): PyTorch FSDP, MPT's fused Wqkv; host cost not "
                  "measured",
        .fusedQkv = true },
} };
static_assert(kProfiles.size() == kSoftwareStackNames.size());

/// Megatron's fused softmax takes key lengths in (16, 4096] (megatron/model/fused_softmax.py since
/// commit 7a77abd9, January 2022) and attention batches b·np that are a multiple of 4 (since 40becfc9).
constexpr int kFusedSoftmaxMinKeys = 16;
constexpr int kFusedSoftmaxMaxKeys = 4096;
constexpr int kFusedSoftmaxBatchMultiple = 4;

// The unfused fallback per score element (fp16 scores): forward input.float() 2 + 4, × scale 4 + 4,
// masked_fill 4 + 1 + 4, Softmax 4 + 4, .half() 4 + 2 = 37 B; backward 41 B (counting
// forward_torch_softmax and its autograd backward); the fused kernel moves 4 forward and 6 backward.
constexpr double kFallbackExtraForwardBytes = 37 - 4;
constexpr double kFallbackExtraBackwardBytes = 41 - 6;

} // namespace

int forwardPasses(const Scenario& s)
{
    return s.parallel.recompute == Recompute::full ? 2 : 1;
}

namespace {

/// Megatron-LM's and Megatron-DeepSpeed's profiles with a refit's host constants, while a
/// ScopedHostConstants lives on this thread.
thread_local bool tl_hostOverride = false;
thread_local std::array<StackProfile, 2> tl_megatronProfiles;

std::size_t megatronSlot(SoftwareStack framework)
{
    return framework == SoftwareStack::megatron_lm ? 0 : 1;
}

} // namespace

const StackProfile& stackProfile(SoftwareStack framework)
{
    if (tl_hostOverride && (framework == SoftwareStack::megatron_lm || framework == SoftwareStack::megatron_deepspeed))
        return tl_megatronProfiles[megatronSlot(framework)];
    return kProfiles.at(static_cast<std::size_t>(framework));
}

HostConstants shippedHostConstants()
{
    return { kMegatronHostSecondsPerOp, kMegatronStepHostS, kMegatronDeepSpeedResidual };
}

ScopedHostConstants::ScopedHostConstants(const HostConstants& c)
    : m_previous(tl_megatronProfiles)
    , m_wasActive(tl_hostOverride)
{
    for (const SoftwareStack f : { SoftwareStack::megatron_lm, SoftwareStack::megatron_deepspeed }) {
        StackProfile p = kProfiles.at(static_cast<std::size_t>(f));
        p.hostSecondsPerOp = c.secondsPerOp;
        p.stepHostS = c.stepS;
        // Megatron-LM's own runs are among those efficiency.compute is fitted on: its profile keeps 1.
        if (f == SoftwareStack::megatron_deepspeed) p.residualEfficiency = c.residual;
        tl_megatronProfiles[megatronSlot(f)] = p;
    }
    tl_hostOverride = true;
}

ScopedHostConstants::~ScopedHostConstants()
{
    tl_megatronProfiles = m_previous;
    tl_hostOverride = m_wasActive;
}

SoftwareStack stackOfFamily(SoftwareStack named, StackFamily family)
{
    using enum SoftwareStack;
    switch (family) {
    case StackFamily::megatron:
        return named == megatron_lm || named == megatron_deepspeed || named == megatron_core ? named : megatron_core;
    case StackFamily::deepspeed:
        return named == deepspeed || named == megatron_deepspeed || named == gpt_neox ? named : deepspeed;
    case StackFamily::torchtitan:
        return torchtitan;
    case StackFamily::hf_trainer:
        return hf_trainer;
    }
    return named;
}

bool softmaxFallback(const Scenario& s)
{
    if (!stackProfile(s.training.framework).megatronSoftmax || s.parallel.flashAttention) return false;
    const int keys = s.training.seqLen / s.parallel.cp;
    const std::int64_t attentionBatches
        = std::int64_t(s.training.microBatch) * std::max(1, s.model.arch.heads / std::max(1, s.parallel.tp));
    return keys <= kFusedSoftmaxMinKeys || keys > kFusedSoftmaxMaxKeys
        || attentionBatches % kFusedSoftmaxBatchMultiple != 0;
}

double softmaxFallbackBytesPerLayer(const Scenario& s)
{
    if (!softmaxFallback(s)) return 0;
    const double keys = double(s.training.seqLen) / s.parallel.cp;
    const double scores
        = double(s.training.microBatch) * (double(s.model.arch.heads) / s.parallel.tp) * keys * s.training.seqLen;
    return scores * (kFallbackExtraForwardBytes * forwardPasses(s) + kFallbackExtraBackwardBytes);
}

namespace {

/// Bytes per activation element on the wire: the compute format's, at least 16 bits.
double wireBytes(const Scenario& s)
{
    return std::max(2.0, bytesOf(s.precision.compute));
}

/// Bytes per element of a layer's TP traffic: an fp8 all-gather carries fp8 (torchao casts a
/// column-parallel linear's input to float8 before gathering it with tensor-wise scaling and sequence
/// parallelism; the reduce-scatters stay 16-bit).
double tpBytes(const Scenario& s, CollectiveOp op)
{
    const bool fp8Gather = op == CollectiveOp::all_gather && isFp8(s.precision.compute)
        && s.precision.fp8Scaling == Fp8Scaling::tensorwise;
    return fp8Gather ? bytesOf(s.precision.compute) : wireBytes(s);
}

/// One vocabulary-parallel end (the embedding's output, or the LM head's input gradient): an all-reduce
/// in `reduced`, or with sequence parallelism a reduce-scatter there and an all-gather in the other pass.
/// 16 bits either way: the embedding's gathered gradient is a gradient, and the LM head stays out of fp8
/// (torchtitan converts only the layers' linears).
void tensorParallelEnd(const Scenario& s, Operations& ops, OpPass reduced)
{
    const double h = s.model.arch.hidden;
    const OpPass other = reduced == OpPass::forward ? OpPass::backward : OpPass::forward;
    auto add = [&](std::string_view name, OpPass pass, CollectiveOp op) {
        ops.add({ .name = name,
            .kind = OpKind::collective,
            .pass = pass,
            .count = 1,
            .collective = op,
            .group = Group::tp,
            .bytesPerToken = h * wireBytes(s) });
    };
    if (s.parallel.sequenceParallel) {
        add("vocabulary-parallel reduce-scatter", reduced, CollectiveOp::reduce_scatter);
        add("vocabulary-parallel all-gather", other, CollectiveOp::all_gather);
    } else {
        add("vocabulary-parallel all-reduce", reduced, CollectiveOp::all_reduce);
    }
}

} // namespace

void addTensorParallelLayerOps(const Scenario& s, OpPass pass, Operations& ops)
{
    if (s.parallel.tp <= 1) return;
    const double h = s.model.arch.hidden;
    auto add = [&](std::string_view name, CollectiveOp op) {
        ops.add({ .name = name,
            .kind = OpKind::collective,
            .pass = pass,
            .count = 2,
            .collective = op,
            .group = Group::tp,
            .bytesPerToken = h * tpBytes(s, op) });
    };
    if (s.parallel.sequenceParallel) {
        add("TP all-gathers", CollectiveOp::all_gather);
        add("TP reduce-scatters", CollectiveOp::reduce_scatter);
    } else {
        add("TP all-reduces", CollectiveOp::all_reduce);
    }
}

void addTensorParallelEndOps(const Scenario& s, bool firstStage, bool lastStage, Operations& ops)
{
    if (s.parallel.tp <= 1) return;
    // The embedding's output summed over the vocabulary's shards (VocabParallelEmbedding).
    if (firstStage) tensorParallelEnd(s, ops, OpPass::forward);
    if (lastStage) {
        // vocab_parallel_cross_entropy: the logits' maximum, the sum of exponentials and the target's
        // logit, one fp32 per token each; then the LM head's input gradient summed over the shards.
        ops.add({ .name = "cross-entropy all-reduces",
            .kind = OpKind::collective,
            .pass = OpPass::forward,
            .count = 3,
            .collective = CollectiveOp::all_reduce,
            .group = Group::tp,
            .bytesPerToken = 4 });
        tensorParallelEnd(s, ops, OpPass::backward);
    }
}

void addExpertParallelOps(const Scenario& s, OpPass pass, Operations& ops)
{
    const Parallel& p = s.parallel;
    const Architecture& a = s.model.arch;
    if (p.ep <= 1 || !a.isMoe()) return;
    // Each token goes to its top-k experts; with node-limited routing across nodes to at most that
    // many nodes, once per node (DeepSeek-V3 §2.1.2, §3.2.2).
    double copies = a.topK;
    if (a.routedNodeLimit > 0 && linkOf(s, Group::ep) == Link::inter_node) {
        const double nodes = std::ceil(double(p.tp) * p.ep / std::max(1, s.hardware.gpusPerNode));
        copies = std::min({ copies, double(a.routedNodeLimit), nodes });
    }
    // With TP, Megatron-Core requires sequence parallelism for MoE and each rank dispatches its own
    // s·b/t tokens.
    const double share = p.sequenceParallel ? 1.0 / p.tp : 1.0;
    ops.add({ .name = "EP all-to-alls (dispatch and combine)",
        .kind = OpKind::collective,
        .pass = pass,
        .count = 2,
        .collective = CollectiveOp::all_to_all,
        .group = Group::ep,
        .bytesPerToken = copies * share * a.hidden * wireBytes(s) });
}

Operations layerOperations(const Scenario& s, bool moeLayer)
{
    // A GPT layer as Megatron-LM 23.04 issues it (megatron/model/transformer.py, ParallelTransformerLayer
    // without sequence parallelism): one fused QKV GEMM, the dense, fc1 and fc2 GEMMs with their biases
    // folded into bias-GeLU and bias-dropout-add; each GEMM's backward is an input- and a weight-gradient
    // GEMM (the weight gradient accumulated in place) and a bias gradient.
    const Architecture& a = s.model.arch;
    const Parallel& p = s.parallel;
    const bool bias = a.bias != Bias::none;
    const bool fallback = softmaxFallback(s);
    Operations ops;
    auto add = [&](std::string_view name, OpKind kind, OpPass pass, int count) {
        ops.add({ .name = name, .kind = kind, .pass = pass, .count = count });
    };
    using enum OpKind;
    using enum OpPass;
    // The linear layers' GEMMs as this stack launches them (layer_ops.h): four for Megatron-LM's GPT layer
    // (QKV, dense, fc1, fc2), seven for a Llama layer without fusion, more with latent attention or experts.
    const StackProfile& stack = stackProfile(s.training.framework);
    const int linears = linearKernels(layerOps(a, moeLayer), { stack.fusedQkv, stack.fusedGateUp });
    add("norms", elementwise, forward, a.parallelBlock ? 1 : 2);
    add("linear layers", gemm, forward, linears);
    add("QKV bias", elementwise, forward, bias ? 1 : 0);
    add("rotary embedding", elementwise, forward, a.position == Position::rope ? 8 : 0);
    if (p.flashAttention) {
        add("flash attention and its layout copies", attention, forward, 4);
    } else {
        add("scores and context (baddbmm, bmm)", gemm, forward, 2);
        add("softmax", elementwise, forward, fallback ? 5 : 1);
        add("attention dropout", elementwise, forward, a.dropout ? 1 : 0);
        add("context permute", elementwise, forward, 1);
    }
    add("activation", elementwise, forward, 1);
    add("residual adds (bias-dropout-add)", elementwise, forward, 2);
    addTensorParallelLayerOps(s, forward, ops);

    add("norm gradients", elementwise, backward, 2 * (a.parallelBlock ? 1 : 2));
    add("linear input and weight gradients", gemm, backward, 2 * linears);
    add("bias gradients", elementwise, backward, bias ? linears : 0);
    add("rotary embedding gradients", elementwise, backward, a.position == Position::rope ? 8 : 0);
    if (p.flashAttention) {
        add("flash attention backward and its copies", attention, backward, 5);
    } else {
        add("scores and context gradients", gemm, backward, 4);
        add("softmax gradient", elementwise, backward, fallback ? 4 : 1);
        add("attention dropout gradient", elementwise, backward, a.dropout ? 1 : 0);
        add("context permute gradient", elementwise, backward, 1);
    }
    add("activation gradient", elementwise, backward, 1);
    add("residual gradients", elementwise, backward, 4);
    addTensorParallelLayerOps(s, backward, ops);
    if (moeLayer) {
        // Router GEMM, top-k, its softmax, the permutation and its inverse, forward and backward, and
        // the two all-to-alls each way (the experts' grouped GEMMs are among the linear layers above).
        add("router and token permutation", elementwise, forward, 5);
        add("router and token permutation gradients", elementwise, backward, 5);
        addExpertParallelOps(s, forward, ops);
        addExpertParallelOps(s, backward, ops);
    }
    return ops;
}

Operations stageOperations(const Scenario& s, bool firstStage, bool lastStage)
{
    // Megatron's GPT step per micro-batch (megatron/training.py, pretrain_gpt.py): get_batch copies
    // tokens, labels, loss mask, attention mask and positions to the GPU after reading their sizes
    // back (tensor_parallel/data.py: sizes_cuda.cpu()); the embedding (word, position, dropout) and
    // its gradients; the final norm, the LM head and the vocabulary-parallel cross-entropy (cast, max,
    // subtract, exp, sum, log, target gather and masking; three all-reduces with TP) and the masked
    // mean of the loss; each pipeline boundary a send and a receive each way, each followed by a
    // device synchronisation (p2p_communication.py).
    Operations ops;
    auto add = [&](std::string_view name, OpKind kind, OpPass pass, int count) {
        ops.add({ .name = name, .kind = kind, .pass = pass, .count = count });
    };
    using enum OpKind;
    using enum OpPass;
    add("batch copies", elementwise, forward, 5);
    add("batch size read-back", host_sync, forward, 1);
    if (firstStage) {
        add("embedding", elementwise, forward, s.model.arch.position == Position::learned ? 4 : 3);
        add("embedding gradients", elementwise, backward, 3);
    }
    if (lastStage) {
        add("final norm", elementwise, forward, 1);
        add("LM head", gemm, forward, 1);
        add("cross-entropy and loss mask", elementwise, forward, 12);
        add("final norm gradient", elementwise, backward, 2);
        add("LM head gradients", gemm, backward, 2);
        add("cross-entropy gradient", elementwise, backward, 5);
    }
    addTensorParallelEndOps(s, firstStage, lastStage, ops);
    const int boundaries = (firstStage ? 0 : 1) + (lastStage ? 0 : 1);
    for (const OpPass pass : { forward, backward })
        ops.add({ .name = "pipeline sends and receives",
            .kind = collective,
            .pass = pass,
            .count = boundaries,
            .collective = CollectiveOp::send_recv,
            .group = Group::pp });
    add("pipeline synchronisations", host_sync, forward, 2 * boundaries);
    return ops;
}

HostTimes hostTimes(const Scenario& s)
{
    HostTimes h;
    const StackProfile& stack = stackProfile(s.training.framework);
    if (stack.hostSecondsPerOp <= 0) return h;
    // A recomputed forward issues the layer's forward operations again; nothing outside the layers is
    // recomputed.
    auto price = [&](const Operations& ops, int forwardPassCount) {
        double count = 0;
        for (const Operation& op : ops)
            count += double(op.count) * (op.pass == OpPass::forward ? forwardPassCount : 1);
        return count * stack.hostSecondsPerOp;
    };
    const int passes = forwardPasses(s);
    h.mainLayerS = price(layerOperations(s, s.model.arch.isMoe()), passes);
    h.denseLayerS = s.model.arch.isMoe() ? price(layerOperations(s, false), passes) : h.mainLayerS;
    for (int first = 0; first < 2; ++first)
        for (int last = 0; last < 2; ++last)
            h.stageS[first][last] = price(stageOperations(s, first == 1, last == 1), 1);
    return h;
}

} // namespace core
