#include "core/model/memory_model.h"

#include "core/model/compute_model.h"
#include "core/model/layer_ops.h"
#include "core/model/pipeline_schedule.h"
#include "core/model/software_stack.h"
#include "core/model/topology.h"
#include "core/scenario/architecture.h"
#include "core/scenario/dimensions.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <tuple>

namespace core {

namespace {

/// 8-bit Adam keeps each moment in 1 byte plus an fp32 absolute maximum per block of 2048
/// (Dettmers et al. 2022, "8-bit Optimizers via Block-wise Quantization", §2).
constexpr double kAdam8bitBytesPerMoment = 1.0 + 4.0 / 2048.0;

/// DeepSeek-V3 §3.3.3: cached activations in fp8 with one fp32 scale per 1 × 128 tile, and the
/// attention output in the 12-bit E5M6 format.
constexpr double kFp8CachedBytes = 1.0 + 4.0 / 128.0;
constexpr double kE5m6Bytes = 12.0 / 8.0;

/// Longest schedule period (micro-batch group × chunks) walked pass by pass (inFlightLayers).
constexpr long long kMaxWalkedPeriod = 4096;

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;
constexpr double kMiB = 1024.0 * 1024.0;

/// Per-sequence activation coefficients of one stage and its micro-batch-independent bytes.
struct StageActivation {
    int stage = 0;
    int layerCount = 0; ///< transformer layers on the stage
    double leadPasses = 0; ///< warm-up forwards + 1 (inFlightMicroBatches, without the cap at m·v)
    /// A copy of the stage before it holding no more in flight: never above it at any micro-batch size.
    bool dominated = false;
    std::vector<int> chunks; ///< their split over the stage's model chunks, when unequal
    double layers = 0; ///< bytes per sequence per in-flight micro-batch (layers + first-stage extras)
    double once = 0; ///< bytes per sequence held once (logits, recompute working set)
    double fixed = 0; ///< model states + buffers
    double gradients = 0; ///< of fixed, the gradients
    double firstGradients = 0; ///< of those, what the backward produces first (the LM head's)
    double endOfBackward = 0; ///< bytes per sequence still held when the last gradient arrives
    double offloaded = 0; ///< bytes per sequence per in-flight micro-batch kept in host memory
};

/// Bytes per element of a sequence-parallel input gathered for a column-parallel matmul: fp8 when
/// tensor-wise fp8 gathers it so (torchao's Float8ColwiseParallel, as comm_model.cpp prices the
/// all-gather), else the activation width.
double gatheredInputBytes(const Scenario& s)
{
    const bool fp8Gather = isFp8(s.precision.compute) && s.precision.fp8Scaling == Fp8Scaling::tensorwise;
    return fp8Gather ? bytesOf(s.precision.compute) : activationElementBytes(s.precision.compute);
}

/// Terms of one layer's stored activations for one micro-batch, before pipeline effects.
struct LayerActivations {
    double replicated = 0; ///< kept whole on every TP rank unless sequence parallel
    double split = 0; ///< divided over TP
    double quadratic = 0; ///< attention scores (s² terms), divided over TP
    double whole = 0; ///< kept whole on every TP rank even with sequence parallelism (gathered inputs)
};

/// Korthikanti et al. 2022 §4.1, per tensor, with a = heads, k = KV heads, dh = head width,
/// f = MLP width, ab = activation bytes, masks 1 byte (for GPT-3's shape: 34·sbh + 5·a·s²·b):
///  replicated: norm inputs 2·ab·sbh, QKV input ab·sbh, MLP input ab·sbh, two dropout masks 2·sbh
///              (a parallel block has one norm whose output feeds both: 2·ab·sbh in all)
///  split:      Q ab·sb·a·dh, K and V ab·sb·k·dh each (GQA shrinks them by k/a, unless they are
///              repeated to every head before the kernel: parallel.repeat_kv), attention
///              output (= projection input) ab·sb·a·dh, MLP: GeLU input and fc2 input 2·ab·sbf,
///              SwiGLU gate and up outputs and fc2 input 3·ab·sbf
///  quadratic:  softmax output ab·a·s²b, with dropout also its mask a·s²b and output ab·a·s²b;
///              flash attention (Dao et al. 2022) keeps none of them, only the fp32 log-sum-exp 4·a·sb.
/// MLA (DeepSeek-V2 §2.1): Q and K are a·(dh + dr) wide, V and the attention output a·dv; the
/// latents are whole on every TP rank: the Q latent before and after its norm 2·ab·sb·r_q, the
/// KV latent with the RoPE key ab·sb·(r_kv + dr) and normed ab·sb·r_kv.
/// MoE layers store the router logits (fp32, 4·sb·E) and, per routed copy of each token (top_k
/// of them), the expert input and internals (Fedus et al. 2022; balanced routing assumed).
/// DeepSeek-V3's savings change the bytes, not the tensors: recompute "norms_up_proj" (§3.4,
/// §3.3.3 (2)) drops the norm outputs, MLA's up-projected Q, K and V and the activation function's
/// output (fc2's input); precision.activation_cache "fp8" (§3.3.3) stores linear layers' inputs and
/// the SwiGLU inputs in fp8 with an fp32 scale per 128 elements, the attention output in E5M6.
/// `stored` false gives what the forward writes, before any of these savings.
LayerActivations layerTerms(const Scenario& s, bool moeLayer, bool stored = true)
{
    const Architecture& a = s.model.arch;
    const Parallel& p = s.parallel;
    const double ab = activationElementBytes(s.precision.compute);
    const bool fp8Cache = stored && s.precision.activationCache == ActivationCache::fp8;
    const double li = fp8Cache ? kFp8CachedBytes : ab; // a linear layer's saved input
    const double ao = fp8Cache ? kE5m6Bytes : ab; // the attention output (o_proj's input)
    const bool dropped = stored && p.recompute == Recompute::norms_up_proj;
    const double sb = double(s.training.seqLen) / p.cp * s.training.microBatch; // CP: s → s/c
    const double h = a.hidden, heads = a.heads;
    const LayerWidths w = layerWidths(a, moeLayer);
    const double mask = a.dropout ? 1.0 : 0.0;
    // Activation function: its input(s) and its output, fc2's input (recomputed under norms_up_proj).
    // Run eagerly (parallel.elementwise_kernels "eager"), each op keeps what its own backward needs:
    // SwiGLU's product keeps SiLU's output beside the up projection; an RMSNorm written as PyTorch
    // ops (torchtitan's and Hugging Face's: x.float(), pow, mean, rsqrt, type_as, * weight) keeps the
    // fp32 copy of its input and the normalized tensor for the weight's gradient, not its bf16 input;
    // attention's output, transposed and made contiguous for the output projection, is kept twice
    // (by the attention kernel in its own layout and by the projection). Fused kernels keep none of these.
    const bool eager = stored && p.elementwiseKernels == ElementwiseKernels::eager && !dropped;
    const double inputs = a.mlp == Mlp::swiglu ? 2.0 : 1.0;
    const double swigluOutput = eager && a.mlp == Mlp::swiglu ? ab : 0;
    auto mlpInternals = [&](double f) { return f * (inputs * li + (dropped ? 0 : li) + swigluOutput); };

    LayerActivations t;
    const double norms = a.parallelBlock ? 1 : 2;
    t.replicated = sb * h * (norms * ab + (dropped ? 0 : norms * li) + 2 * mask);
    // The norm outputs are the column-parallel projections' inputs: under PyTorch's DTensor they are
    // kept as gathered (in fp8 when tensor-wise fp8 gathers them so), not as the sequence shard.
    if (stored && p.sequenceParallel && p.tpSavedInput == TpSavedInput::gathered && !dropped) {
        t.replicated -= sb * h * norms * li;
        t.whole += sb * h * norms * gatheredInputBytes(s);
    }
    const double q = w.query, o = w.attentionOutput;
    // K and V repeated to every query head before the attention kernel are kept at that width.
    const bool repeated = p.repeatKv && !a.isMla();
    const double k = repeated ? q : w.key;
    const double v = repeated ? o : w.value;
    t.split = sb * (ab * (dropped && a.isMla() ? 0 : q + k + v) + ao * o + (eager ? ab * o : 0));
    // Eager RMSNorm: + the fp32 input copy (4 B) + the normalized tensor (ab) − the input (ab).
    if (eager && a.norm == Norm::rmsnorm) t.replicated += sb * h * norms * 4.0;
    if (a.isMla())
        t.replicated += sb
            * (ab * (a.qLoraRank + a.kvLoraRank + a.ropeHeadDim) + (dropped ? 0 : li * (a.qLoraRank + a.kvLoraRank)));
    if (moeLayer && a.isMoe()) {
        t.replicated += 4.0 * sb * a.experts;
        t.split += w.routedCopies * sb * (li * h + mlpInternals(w.mlp));
        t.split += w.sharedCopies * sb * mlpInternals(w.mlp);
    } else {
        t.split += sb * mlpInternals(w.mlp);
    }
    // QLoRA with bitsandbytes: MatMul4Bit.forward saves its input whenever it needs a gradient
    // (bitsandbytes/autograd/_functions.py: ctx.tensors = (A, B)), which frozen PyTorch linears do not —
    // each 4-bit layer's input once more: the QKV and MLP inputs (shared by the fused or gate/up
    // projections), the output projection's and the down projection's.
    if (stored && s.training.method == Method::qlora && stackProfile(s.training.framework).bitsandbytesQlora
        && !(moeLayer && a.isMoe())) {
        t.replicated += sb * 2 * h * ab;
        t.split += sb * (o + w.mlp) * ab;
    }
    // Each rank's queries (s/c of them) score against all s keys: a·(s/c)·s·b per rank, not the
    // diagonal block a·(s/c)²·b (without flash attention CP has no blockwise kernel to do less).
    const double scores = heads * sb * double(s.training.seqLen); // a·s²·b ÷ c
    if (p.flashAttention)
        t.split += 4.0 * heads * sb;
    else
        t.quadratic = scores * (ab + mask * (1 + ab));
    return t;
}

/// Total of the terms on one GPU, before recomputation is applied.
double onGpu(const LayerActivations& t, const Parallel& p)
{
    return t.replicated / (p.sequenceParallel ? p.tp : 1) + (t.split + t.quadratic) / p.tp + t.whole;
}

} // namespace

namespace {
/// A model given by its parameter count ("model": {"params": N}) scales its derived architecture's
/// parts to exactly N.
double parameterScale(const Scenario& s, const ParameterBreakdown& b)
{
    return s.model.params > 0 ? double(s.model.params) / b.total() : 1.0;
}
} // namespace

double activationElementBytes(DType compute)
{
    return std::max(2.0, bytesOf(compute));
}

double modelOptimizerStateBytes(const Scenario& s, double trainableParams)
{
    const double perElement = optimizerBytesPerParam(s.training.optimizer, s.precision.optimizerStates);
    if (s.training.optimizer == Optimizer::adafactor && s.training.method == Method::full) {
        const ParameterBreakdown b = countParameters(s.model.arch);
        return parameterScale(s, b) * b.factoredTotal() * perElement;
    }
    return trainableParams * perElement;
}

double optimizerBytesPerParam(Optimizer optimizer, DType stateType)
{
    const double b = bytesOf(stateType);
    switch (optimizer) {
    case Optimizer::adam:
    case Optimizer::adamw:
        return 2 * b; // first and second moments (Kingma & Ba 2015)
    case Optimizer::sgd_momentum:
    case Optimizer::lion:
        return b; // one momentum buffer (Chen et al. 2023, Lion)
    case Optimizer::sgd:
        return 0;
    case Optimizer::adafactor:
        return b; // per factored element, no first moment (Shazeer & Stern 2018)
    case Optimizer::adamw_8bit:
        return 2 * kAdam8bitBytesPerMoment;
    }
    return 2 * b;
}

double activationBytesPerLayer(const Scenario& s, bool moeLayer)
{
    const Parallel& p = s.parallel;
    const LayerActivations t = layerTerms(s, moeLayer);
    switch (p.recompute) {
    case Recompute::full: {
        // Only the layer input is kept (Korthikanti et al. §5: 2·sbh, ÷ t with sequence parallel).
        const double ab = activationElementBytes(s.precision.compute);
        const double sbh = double(s.training.seqLen) / p.cp * s.training.microBatch * s.model.arch.hidden;
        return ab * sbh / (p.sequenceParallel ? p.tp : 1);
    }
    case Recompute::selective:
        // The attention scores are recomputed (Korthikanti et al. §5: drops 5as²b).
        return onGpu({ t.replicated, t.split, 0, t.whole }, p);
    case Recompute::selective_op: {
        // PyTorch's op-level selective checkpointing as torchtitan configures it (mode "selective",
        // option "op"; torchtitan/models/llama/parallelize_llama.py, _save_list): the layer input,
        // the attention output with its log-sum-exp, and the 1st, 3rd, 5th, … matmul output are
        // kept; norms, RoPE, activation functions and the other matmuls are recomputed.
        const Architecture& a = s.model.arch;
        const double ab = activationElementBytes(s.precision.compute);
        const double sb = double(s.training.seqLen) / p.cp * s.training.microBatch;
        LayerActivations kept;
        kept.replicated = ab * sb * a.hidden;
        const bool moe = moeLayer && a.isMoe();
        const LayerOps ops = layerOps(a, moe);
        kept.split = ab * sb * ops.widths.attentionOutput + (p.flashAttention ? 4.0 * a.heads * sb : 0);
        if (moe) kept.replicated += 4.0 * sb * a.experts; // router logits (fp32)
        for (std::size_t i = 0; i < ops.linears.size(); i += 2) {
            const LayerMatmul& m = ops.linears[i];
            (m.rowParallel ? kept.replicated : kept.split) += ab * sb * m.out * m.copies;
        }
        // MoE experts' hidden-sized outputs per routed copy can exceed what keeping everything
        // stores (which counts the combined output once): never more than no recomputation.
        return std::min(onGpu(kept, p), onGpu(t, p));
    }
    case Recompute::norms_up_proj: // already left out of the terms
    case Recompute::none:
        break;
    }
    return onGpu(t, p);
}

double activationBytesPerLayer(const Scenario& s)
{
    return activationBytesPerLayer(s, s.model.arch.isMoe());
}

double activationBytesWrittenPerLayer(const Scenario& s, bool moeLayer)
{
    return onGpu(layerTerms(s, moeLayer, false), s.parallel);
}

double activationBytesWrittenOnStage(const StageMemory& st, std::pair<double, double> written)
{
    return (st.layers - st.denseLayers + st.mtpLayers) * written.first + st.denseLayers * written.second;
}

namespace {

/// The split of chunkLayers, one chunk at a time without building the table (estimate() runs per
/// slider tick and per planner candidate).
struct ChunkSplit {
    int stages = 1, v = 1;
    int chunks = 1, base = 0, remainder = 0; // pp × virtual stages ≤ 512 × 64, layers ≤ 4096
    bool ends = false;

    ChunkSplit(int layers, const Parallel& p)
        : stages(std::max(1, p.pp))
        , v(chunksPerStage(p))
        , chunks(stages * v)
        , ends(p.pipelineSplit == PipelineSplit::embedding_and_loss && stages > 1)
    {
        const int units = layers + (ends ? 2 : 0);
        base = units / chunks;
        remainder = units % chunks;
    }
    /// Layers of model chunk j (chunk j / p of stage j mod p).
    [[nodiscard]] int modelChunk(long long j) const
    {
        int n = base + (j < remainder ? 1 : 0);
        if (ends && j == 0) --n; // the embedding's unit
        if (ends && j == chunks - 1) --n; // the loss's unit
        return std::max(0, n);
    }
    [[nodiscard]] int at(int stage, int chunk) const
    {
        return modelChunk(static_cast<long long>(chunk) * stages + stage);
    }
    /// Layers on a stage and whether its chunks hold the same number, in O(1): of its chunks c·p + i,
    /// those below the remainder hold one more; the ends give up a unit on the first and last stage.
    [[nodiscard]] std::pair<int, bool> onStage(int stage) const
    {
        const int larger = remainder > stage ? std::min(v, (remainder - stage + stages - 1) / stages) : 0;
        const bool endsHere = ends && (stage == 0 || stage == stages - 1);
        const int n = v * base + larger - (ends && stage == 0 ? 1 : 0) - (ends && stage == stages - 1 ? 1 : 0);
        const bool equal = v == 1 || ((larger == 0 || larger == v) && !endsHere);
        return { std::max(0, n), equal };
    }
};

} // namespace

std::vector<std::vector<int>> chunkLayers(int layers, const Parallel& p)
{
    const ChunkSplit split(layers, p);
    std::vector<std::vector<int>> out(
        static_cast<std::size_t>(split.stages), std::vector<int>(static_cast<std::size_t>(split.v), 0));
    for (int i = 0; i < split.stages; ++i)
        for (int c = 0; c < split.v; ++c)
            out[static_cast<std::size_t>(i)][static_cast<std::size_t>(c)] = split.at(i, c);
    return out;
}

namespace {

/// What every stage's memory is priced from, taken once per estimate.
struct MemoryInputs {
    MemoryInputs(const Scenario& scenario, const ParameterBreakdown& breakdown)
        : s(scenario)
        , b(breakdown)
    {
        const Architecture& a = s.model.arch;
        const Parallel& p = s.parallel;
        const Training& tr = s.training;
        scale = parameterScale(s, b);
        t = p.tp;
        e = p.ep;
        denseShard = dataRanks(p);
        expertShard = expertDataRanks(p);
        lora = tr.method != Method::full;
        moe = a.isMoe();
        adaptersPerLayer = lora ? loraParamsPerLayer(a, tr.loraRank, tr.loraTargets, moe) : 0;
        adaptersPerDenseLayer = lora && moe ? loraParamsPerLayer(a, tr.loraRank, tr.loraTargets, false) : 0;
        perLayerAct = activationBytesPerLayer(s, moe);
        perDenseLayerAct = moe && a.denseLayers > 0 ? activationBytesPerLayer(s, false) : 0;
        ab = activationElementBytes(s.precision.compute);
        wb = bytesOf(s.precision.weights);
        mb = tr.microBatch;
        seqTokens = double(tr.seqLen) / p.cp;
        spDiv = p.sequenceParallel ? t : 1;
        for (const Group g : rankOrder())
            communicators += groupSize(p, g) > 1;
        // Full recompute brings one layer's whole working set back, for one micro-batch at a time.
        // Op-level selective checkpointing run eagerly (no torch.compile) brings back what it did not
        // keep: each recomputed op writes its output again (torch.utils.checkpoint reruns the layer's
        // forward), where compiled recomputation fuses the elementwise chains into their consumers.
        recomputeWorkingSet = p.recompute == Recompute::full ? onGpu(layerTerms(s, moe), p)
            : p.recompute == Recompute::selective_op && p.elementwiseKernels == ElementwiseKernels::eager
            ? std::max(0.0, onGpu(layerTerms(s, moe), p) - perLayerAct)
            : 0;
        perLayerGathers = p.zero >= 3 && denseShard > 1 && !keptGathered(s);
    }
    /// ZeRO shards over the data-parallel ranks that hold the same parameters: DP × CP for dense
    /// parameters (Megatron's distributed optimizer), the expert-data-parallel group for experts.
    [[nodiscard]] double shard(double bytes, double group, int fromStage) const
    {
        return s.parallel.zero >= fromStage ? bytes / group : bytes;
    }

    const Scenario& s;
    const ParameterBreakdown& b;
    double scale = 1; ///< a bare size keeps its exact count: the derived shape's parts scaled to it
    double t = 1, e = 1; ///< TP and EP
    double denseShard = 1, expertShard = 1;
    bool lora = false, moe = false;
    double adaptersPerLayer = 0, adaptersPerDenseLayer = 0;
    double perLayerAct = 0, perDenseLayerAct = 0; ///< stored activations of one layer per micro-batch
    double ab = 2, wb = 2; ///< bytes per activation and per weight element
    double mb = 1; ///< micro-batch size
    double seqTokens = 0; ///< tokens of one sequence on one GPU (CP: s/c)
    double spDiv = 1;
    int communicators = 0;
    double recomputeWorkingSet = 0;
    bool perLayerGathers = false; ///< ZeRO-3 gathering each layer before use
};

/// The layers one stage holds and where it sits in the pipeline.
struct StageLayers {
    int stage = 0, count = 0, denseCount = 0, mtp = 0;
    bool first = false, last = false, equalChunks = true;
    [[nodiscard]] double main() const { return count - denseCount + mtp; } ///< layers of the main kind
    [[nodiscard]] double dense() const { return denseCount; }
};

/// Parameters of one stage and its model states: weights, gradients, fp32 master weights and optimizer
/// states after ZeRO's sharding, and what offload moves to the host (Shoeybi et al. 2019 §3;
/// Narayanan et al. 2021 §2.2; Rajbhandari et al. 2020 §5 and Table 1; Ren et al. 2021).
void stageStates(const MemoryInputs& in, const StageLayers& l, StageMemory& st)
{
    const Scenario& s = in.s;
    const ParameterBreakdown& b = in.b;
    const Architecture& a = s.model.arch;
    const Parallel& p = s.parallel;
    const Training& tr = s.training;
    const double n = l.main(), nd = l.dense(), t = in.t, scale = in.scale;
    // With tied embeddings and pp > 1 the last stage keeps its own copy for the LM head (Megatron).
    ParamPart layerSplit = b.layerSplit * n;
    layerSplit += b.denseSplit * nd;
    ParamPart denseSplit = layerSplit;
    if (l.first) denseSplit += b.wordEmbedding;
    if (l.last) denseSplit += a.tiedEmbeddings && p.pp > 1 ? b.wordEmbedding : b.lmHead;
    denseSplit += b.mtpSplit * l.mtp;
    ParamPart replicated = b.layerReplicated * n;
    replicated += b.denseReplicated * nd;
    replicated += b.mtpReplicated * l.mtp;
    if (l.first) replicated += b.positions;
    if (l.last) replicated += b.finalNorm;
    const double dense = scale * (denseSplit.params / t + replicated.params);
    const double experts = scale * n * b.layerExperts.params / (in.e * t);

    st.stage = l.stage;
    st.layers = l.count;
    st.denseLayers = l.denseCount;
    st.mtpLayers = l.mtp;
    st.params = dense + experts;
    MemoryBreakdown& m = st.bytes;

    // Weights: frozen base for LoRA (QLoRA: its linear layers' matrices and the experts in NF4),
    // otherwise the trainable copy; LoRA adds its adapters to the dense part. The dense part and
    // the experts are sharded over different groups.
    const double wb = in.wb;
    const double nf4Dense = tr.method == Method::qlora ? scale * layerSplit.params / t : 0;
    const double nf4Experts = tr.method == Method::qlora ? experts : 0;
    // Trainable parameters and their states (LoRA: the adapters only, split over TP).
    const double trainDense = in.lora ? (n * in.adaptersPerLayer + nd * in.adaptersPerDenseLayer) / t : dense;
    const double trainExperts = in.lora ? 0 : experts;
    const double denseWeightBytes
        = (dense - nf4Dense) * wb + nf4Dense * kNf4BytesPerParam + (in.lora ? trainDense * wb : 0);
    const double expertWeightBytes = (experts - nf4Experts) * wb + nf4Experts * kNf4BytesPerParam;
    st.nf4Params = nf4Dense + nf4Experts;
    st.trainableDense = trainDense;
    st.trainableExpert = trainExperts;
    st.expertParams = experts;

    // ZeRO stage 1 shards master weights and optimizer states, stage 2 also gradients, stage 3 also
    // weights.
    m.weights = in.shard(denseWeightBytes, in.denseShard, 3) + in.shard(expertWeightBytes, in.expertShard, 3);
    // ZeRO-3 that reduces after accumulation gathers once per step and keeps the stage's parameters
    // whole, in the gathered dtype, from the first forward to the last backward (FSDP2's
    // reshard_after_forward=False with set_requires_gradient_sync(False); torchtitan's default
    // with pipeline parallelism, torchtitan/parallelisms/parallelize_llama.py apply_fsdp).
    if (keptGathered(s)) {
        const double g = std::min(wb, in.ab);
        m.weights += (dense - nf4Dense + experts - nf4Experts) * g + st.nf4Params * kNf4BytesPerParam
            + (in.lora ? trainDense * g : 0);
    }
    auto states = [&](double bytesPerParam, int fromStage) {
        return in.shard(trainDense * bytesPerParam, in.denseShard, fromStage)
            + in.shard(trainExperts * bytesPerParam, in.expertShard, fromStage);
    };
    // ZeRO-2/3 that accumulate before they reduce (FSDP's no_sync) hold the whole gradient of the
    // stage until the last micro-batch; reducing every micro-batch keeps only the shard.
    m.gradients = states(bytesOf(s.precision.gradients), wholeGradients(s) ? 4 : 2);
    m.masterWeights = s.precision.masterWeights ? states(bytesOf(*s.precision.masterWeights), 1) : 0;
    // Optimizer states are per parameter, except Adafactor's factored second moment: one row and
    // one column accumulator per matrix (LoRA adapters are counted whole, an upper bound).
    const double optBytes = optimizerBytesPerParam(tr.optimizer, s.precision.optimizerStates);
    st.optimizerElementsDense = trainDense;
    st.optimizerElementsExpert = trainExperts;
    if (tr.optimizer == Optimizer::adafactor && !in.lora) {
        st.optimizerElementsDense = scale * (denseSplit.factored / t + replicated.factored);
        st.optimizerElementsExpert = scale * n * b.layerExperts.factored / (in.e * t);
    }
    m.optimizerStates = in.shard(st.optimizerElementsDense * optBytes, in.denseShard, 1)
        + in.shard(st.optimizerElementsExpert * optBytes, in.expertShard, 1);

    st.optimizerStateBytes = m.optimizerStates;
    // Offload (Ren et al. 2021, "ZeRO-Offload"): states move to host memory.
    if (p.offloadOptimizer) {
        st.onHost.masterWeights = m.masterWeights;
        st.onHost.optimizerStates = m.optimizerStates;
        m.masterWeights = m.optimizerStates = 0;
    }
    if (p.offloadParams) {
        st.onHost.weights = m.weights;
        m.weights = 0;
    }
    st.hostBytes = st.onHost.total();
}

/// A stage's activations per sequence: what each in-flight micro-batch keeps, what is held once (the
/// logits, a recomputed layer's working set) and what offload sends to the host. Linear in the
/// micro-batch size, so the largest micro-batch that fits is found without pricing the model again.
void stageActivations(const MemoryInputs& in, const StageLayers& l, const ChunkSplit& split, StageActivation& act)
{
    const Scenario& s = in.s;
    const Architecture& a = s.model.arch;
    const Parallel& p = s.parallel;
    const double n = l.main(), nd = l.dense(), seqTokens = in.seqTokens, spDiv = in.spDiv, ab = in.ab;
    act.stage = l.stage;
    act.layerCount = l.count;
    // The first and last stages' emptier chunks (pipeline_split) are walked through the schedule:
    // they change which passes hold layers. Chunks that differ by the remainder's one layer keep
    // the closed form over their total (a walk per stage would cost O(p²·v) per estimate).
    const bool endStage = split.ends && (l.first || l.last);
    if (!l.equalChunks && endStage && static_cast<long long>(p.pp) * split.v <= kMaxWalkedPeriod)
        for (int c = 0; c < split.v; ++c)
            act.chunks.push_back(split.at(l.stage, c));
    act.layers = (n * in.perLayerAct + nd * in.perDenseLayerAct) / in.mb;
    // An MTP module also keeps its two norm inputs and the 2h-wide projection input.
    act.layers += l.mtp * 4.0 * ab * seqTokens * a.hidden / spDiv;
    if (l.first) {
        // Token ids (int64) and, with dropout, the embedding dropout mask (Megatron's
        // theoretical memory: 8·s·b and s·b·h per in-flight micro-batch).
        act.layers += 8.0 * seqTokens + (a.dropout ? seqTokens * a.hidden / spDiv : 0);
    }
    if (l.last) {
        // Final norm and LM-head inputs, and the logits held at the loss, by default the fp32
        // softmax of the cross-entropy backward, 4·s·b·V/t (vocabulary-parallel; the bytes per
        // logit are a setting); one micro-batch at a time.
        // Under DTensor the LM head keeps its gathered input (torchtitan's ColwiseParallel output layer).
        const bool gatheredHead = p.sequenceParallel && p.tpSavedInput == TpSavedInput::gathered;
        act.once = ab * seqTokens * a.hidden / spDiv + ab * seqTokens * a.hidden / (gatheredHead ? 1 : spDiv)
            + s.overhead.lossBytesPerLogit * seqTokens * a.vocab / in.t;
        act.once += a.mtpLayers * s.overhead.lossBytesPerLogit * seqTokens * a.vocab / in.t; // each MTP module's logits
    }
    // Counted together with the logits, though autograd frees the loss's tensors before the last
    // layer's recomputation: the runs measured as PyTorch's reserved memory hold that much more than
    // the rest of the model accounts for (docs/FIDELITY.md, "Peak memory, measured").
    if (in.recomputeWorkingSet > 0 && n + nd > 0) act.once += in.recomputeWorkingSet / in.mb;
    // Activation offload (torchtune's OffloadActivations, Transformer Engine's CPU offloading): what
    // the layers save goes to host memory as the forward makes it and comes back a layer ahead of
    // the backward. The GPU holds the layer computing and the one in transfer; the logits stay.
    if (p.offloadActivations && n + nd > 0) {
        act.offloaded = act.layers;
        act.once += std::min(2.0, n + nd) * act.layers / (n + nd);
        act.layers = 0;
    }
}

/// A stage's buffers: ZeRO-3's gathered layers and FSDP's root unit, the data-parallel bucket and
/// the NCCL buffers of every communicator (and which of them sit outside PyTorch's allocator).
void stageBuffers(const MemoryInputs& in, const StageLayers& l, StageMemory& st)
{
    const Scenario& s = in.s;
    const ParameterBreakdown& b = in.b;
    const Architecture& a = s.model.arch;
    const Parallel& p = s.parallel;
    const double n = l.main(), nd = l.dense(), t = in.t;
    MemoryBreakdown& m = st.bytes;
    // ZeRO-3 gathers each layer before use: the layer computing and the next one prefetched (Zhao et
    // al. 2023, "PyTorch FSDP", §3.3 backward prefetch). Parameters offloaded to the host come back the
    // same way, a layer at a time. Gathered in the compute dtype when the stored copy is
    // wider (FSDP's MixedPrecisionPolicy.param_dtype: fp32 shards, bf16 gathered layers and their
    // gradients).
    const double gathered = std::min(in.wb, in.ab);
    if ((in.perLayerGathers || p.offloadParams) && n + nd > 0) {
        const double mainLayer
            = b.layerSplit.params / t + b.layerReplicated.params + b.layerExperts.params / (in.e * t);
        const double denseLayer = b.denseSplit.params / t + b.denseReplicated.params;
        const double layerParams = in.scale * (n > 0 ? std::max(mainLayer, nd > 0 ? denseLayer : 0.0) : denseLayer);
        m.buffers += 2 * layerParams * gathered;
        // The layer whose backward runs: its whole gradient in the gathered dtype, and the
        // reduce-scatter's input in the gradient dtype (FSDP2 foreach_reduce copies the
        // gradients into one reduce_dtype buffer before reducing them).
        if (in.perLayerGathers && !in.lora) m.buffers += layerParams * (gathered + bytesOf(s.precision.gradients));
    }
    if (in.perLayerGathers) {
        // FSDP's root unit: what no wrapped layer owns — the embedding, the final norm and the
        // LM head — is gathered when the root's forward starts and freed only after it (torchtitan's
        // fully_shard(model) around the wrapped layers, parallelize_llama.py apply_fsdp), gathered again
        // for the whole backward, and the LM head's gradient, its first, waits for the root's
        // reduction at the end of the backward.
        const double headParams = l.last ? (a.tiedEmbeddings ? b.wordEmbedding.params : b.lmHead.params) / t : 0;
        double rootParams = l.first ? b.wordEmbedding.params / t + b.positions.params : 0;
        if (l.last) rootParams += b.finalNorm.params + (a.tiedEmbeddings && l.first ? 0 : headParams);
        m.buffers += in.scale * (rootParams + (in.lora ? 0 : headParams)) * gathered;
    }
    // Without sharded gradients the data-parallel reduction runs through a bucket (PyTorch DDP's
    // bucket_cap_mb, default 25 MiB); every communicator holds NCCL buffers.
    if (p.zero <= 2 && in.denseShard > 1) m.buffers += s.overhead.gradBucketMib * kMiB;
    m.buffers += in.communicators * s.overhead.commBufferGibPerGroup * kGiB;
    // NCCL allocates its buffers itself (cudaMalloc), outside the framework's caching allocator.
    st.outsideAllocator = in.communicators * s.overhead.commBufferGibPerGroup * kGiB + s.overhead.cudaContextGib * kGiB;
}

/// What the micro-batch search needs of a stage's states and buffers, and, for gradients freed after
/// every step, when they appear as the backward runs: the LM head's first, while the logits are still
/// held, the first layer's last, when only that layer's activations (and its recomputation) are left.
void stageGradients(const MemoryInputs& in, const StageLayers& l, const StageMemory& st, StageActivation& act)
{
    const Scenario& s = in.s;
    const Architecture& a = s.model.arch;
    const double n = l.main(), nd = l.dense();
    act.fixed = st.bytes.modelStates() + st.bytes.buffers;
    act.gradients = st.bytes.gradients;
    if (s.parallel.gradientBuffers != GradientBuffers::per_step) return;
    if (!in.lora && st.params > 0 && l.last)
        act.firstGradients = st.bytes.gradients
            * (in.scale * (a.tiedEmbeddings ? in.b.wordEmbedding.params : in.b.lmHead.params) / in.t) / st.params;
    if (n + nd > 0) act.endOfBackward = (n * in.perLayerAct + nd * in.perDenseLayerAct) / (n + nd) / in.mb;
    if (in.recomputeWorkingSet > 0 && n + nd > 0) act.endOfBackward += in.recomputeWorkingSet / in.mb;
}

/// The dense layers of a MoE model on each stage: they come first in model order (DeepSeek-V3:
/// layers 0–2), and model chunk c·p + i sits on stage i. Empty without dense layers.
std::vector<int> denseLayersOnStages(const Architecture& a, const ChunkSplit& split, int stages)
{
    std::vector<int> denseOn;
    if (!a.isMoe() || a.denseLayers <= 0) return denseOn;
    denseOn.assign(static_cast<std::size_t>(stages), 0);
    int next = 0;
    for (long long j = 0; j < split.chunks && next < a.denseLayers; ++j) {
        const int n = split.modelChunk(j);
        denseOn[static_cast<std::size_t>(j % stages)] += std::clamp(a.denseLayers - next, 0, n);
        next += n;
    }
    return denseOn;
}

/// A stage's memory at a micro-batch size, from its coefficients: allocated bytes, allocator slack,
/// CUDA context.
struct StageFill {
    explicit StageFill(const Scenario& scenario)
        : s(scenario)
        , chunks(chunksPerStage(scenario.parallel))
    {
    }
    /// Micro-batches per step: a partial last micro-batch is still in flight, so rounded up.
    [[nodiscard]] int microBatchesAt(int mbs) const
    {
        return std::max(1, static_cast<int>(std::ceil(double(s.training.globalBatch) / (double(s.parallel.dp) * mbs))));
    }
    /// Gradients freed after every step and one micro-batch per step: nothing accumulates, so the
    /// backward frees activations while it creates gradients (zero_grad(set_to_none=True)).
    [[nodiscard]] bool perStepGradients(int microBatches) const
    {
        return s.parallel.gradientBuffers == GradientBuffers::per_step && microBatches == 1;
    }
    /// A stage's memory at micro-batch `mbs`, of which a step runs `microBatches` (microBatchesAt(mbs)).
    void operator()(const StageActivation& c, int mbs, int microBatches, MemoryBreakdown& m, double& inFlight) const
    {
        // Layer-weighted when the chunks differ (pipeline_split): what the stage's layers hold, per layer.
        inFlight = c.chunks.empty() || c.layerCount == 0
            ? std::min(c.leadPasses, microBatches * chunks) / chunks
            : inFlightLayers(s.parallel, c.stage, microBatches, c.chunks) / c.layerCount;
        m.activations = mbs * (c.layers * inFlight + c.once);
        m.gradients = c.gradients;
        if (perStepGradients(microBatches)) {
            // The peak is at the backward's start (all activations, the LM head's gradient) or at its
            // end (all gradients, the first layer's activations): each changes linearly in between.
            const double start = m.activations + c.firstGradients, end = c.gradients + mbs * c.endOfBackward;
            if (end > start)
                m.activations = mbs * c.endOfBackward;
            else
                m.gradients = c.firstGradients;
        }
        m.overhead = s.overhead.fragmentation * (c.fixed - c.gradients + m.gradients + m.activations)
            + s.overhead.cudaContextGib * kGiB;
    }

    const Scenario& s;
    double chunks = 1; ///< model chunks per stage (chunksPerStage)
};

/// A stage's figures at the scenario's micro-batch size.
void finishStage(const StageFill& fill, const StageActivation& c, int microBatches, StageMemory& st)
{
    const Scenario& s = fill.s;
    const double mbs = s.training.microBatch;
    const bool perStepAtMicroBatch = fill.perStepGradients(microBatches);
    fill(c, s.training.microBatch, microBatches, st.bytes, st.inFlight);
    st.allocatorSlack = st.bytes.overhead - s.overhead.cudaContextGib * kGiB;
    st.activationPerMicroBatch = mbs * c.layers;
    st.activationOnce = mbs * c.once;
    if (c.offloaded > 0) {
        st.onHost.activations = mbs * c.offloaded * st.inFlight;
        st.activationOffloadPerMicroBatch = mbs * c.offloaded;
        st.hostBytes = st.onHost.total();
    }
    if (perStepAtMicroBatch) {
        st.perStepGradients = c.gradients;
        st.firstGradients = c.firstGradients;
        st.backwardEndActivations = mbs * c.endOfBackward;
    }
    st.chunkShares.clear();
    if (!c.chunks.empty() && c.layerCount > 0)
        for (int n : c.chunks)
            st.chunkShares.push_back(double(n) / c.layerCount);
}

/// The largest micro-batch every stage fits at. The peak never falls as the micro-batch grows
/// (b × min(p − i, m) is non-decreasing), so a binary search over 1 … global batch / dp finds it.
/// Gradients freed every step can make the largest, one micro-batch per step, lower than the one below
/// it: it is tried first.
int largestFittingMicroBatch(const StageFill& fill, const std::vector<StageActivation>& coefficients, double capacity)
{
    auto fitsAt = [&](int mbs) {
        const int microBatches = fill.microBatchesAt(mbs);
        for (const auto& c : coefficients) {
            if (c.dominated) continue;
            MemoryBreakdown m;
            m.weights = c.fixed - c.gradients; // states and buffers, already summed; fill() adds gradients
            double inFlight = 0;
            fill(c, mbs, microBatches, m, inFlight);
            if (m.total() > capacity) return false;
        }
        return true;
    };
    int lo = 0, hi = std::max(1, fill.s.training.globalBatch / fill.s.parallel.dp);
    if (fitsAt(hi)) lo = hi;
    while (hi - lo > 1) {
        const int mid = lo + (hi - lo) / 2;
        (fitsAt(mid) ? lo : hi) = mid;
    }
    return lo;
}

} // namespace

MemoryEstimate memoryEstimate(const Scenario& s, const ParameterBreakdown& b)
{
    const Architecture& a = s.model.arch;
    const Parallel& p = s.parallel;
    const Training& tr = s.training;
    const int stages = p.pp;
    const MemoryInputs in(s, b);

    MemoryEstimate out;
    out.capacity = s.hardware.gpu.memoryGib * kGiB;
    out.activationBytesPerLayer = in.perLayerAct;
    // Reserved: a middle stage is copied from the one before it in place (no reallocation).
    out.perStage.reserve(static_cast<std::size_t>(stages));
    std::vector<StageActivation> coefficients;
    coefficients.reserve(static_cast<std::size_t>(stages));
    const ChunkSplit split(a.layers, p);
    const std::vector<int> denseOn = denseLayersOnStages(a, split, stages);
    // Passes a stage runs before its first backward, and that one: what it holds at most.
    auto leadPasses = [&](int stage) {
        return p.schedule == Schedule::gpipe
            ? 1e300
            : double(warmupPasses(p, stage, std::numeric_limits<long long>::max())) + 1;
    };
    for (int i = 0; i < stages; ++i) {
        StageLayers l;
        l.stage = i;
        l.first = i == 0;
        l.last = i == stages - 1;
        std::tie(l.count, l.equalChunks) = split.onStage(i);
        l.denseCount = denseOn.empty() ? 0 : denseOn[static_cast<std::size_t>(i)];
        l.mtp = l.last ? a.mtpLayers : 0; // MTP modules sit after the last layer (as Megatron-Core places them)
        // A middle stage holding what the middle stage before it holds is that stage again, but for
        // its place in the schedule (what it keeps in flight): with 16 or 64 stages most are.
        if (!l.first && !l.last && i >= 2 && out.perStage.back().layers == l.count
            && out.perStage.back().denseLayers == l.denseCount) {
            StageMemory& st = out.perStage.emplace_back(out.perStage.back());
            st.stage = i;
            StageActivation& act = coefficients.emplace_back(coefficients.back());
            act.stage = i;
            act.leadPasses = leadPasses(i);
            act.dominated = act.leadPasses <= coefficients[static_cast<std::size_t>(i - 1)].leadPasses;
            continue;
        }
        StageMemory& st = out.perStage.emplace_back(); // built in place: the struct is large
        stageStates(in, l, st);
        StageActivation& act = coefficients.emplace_back();
        act.leadPasses = leadPasses(i);
        stageActivations(in, l, split, act);
        stageBuffers(in, l, st);
        stageGradients(in, l, st, act);
    }

    const StageFill fill(s);
    const int microBatches = fill.microBatchesAt(tr.microBatch);
    for (std::size_t i = 0; i < out.perStage.size(); ++i)
        finishStage(fill, coefficients[i], microBatches, out.perStage[i]);
    for (std::size_t i = 1; i < out.perStage.size(); ++i)
        if (out.perStage[i].bytes.total() > out.perStage[static_cast<std::size_t>(out.stage)].bytes.total())
            out.stage = static_cast<int>(i);
    out.largestMicroBatch = largestFittingMicroBatch(fill, coefficients, out.capacity);
    return out;
}

} // namespace core
