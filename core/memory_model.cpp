#include "core/memory_model.h"

#include "core/architecture.h"
#include "core/compute_model.h"
#include "core/software_stack.h"

#include <algorithm>
#include <cmath>
#include <limits>

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
    const double q = heads * a.qkHeadDim(), o = heads * a.valueHeadDim();
    // K and V repeated to every query head before the attention kernel are kept at that width.
    const bool repeated = p.repeatKv && !a.isMla();
    const double k = a.isMla() || repeated ? q : double(a.kvHeads) * a.headDim;
    const double v = a.isMla() || repeated ? o : double(a.kvHeads) * a.headDim;
    t.split = sb * (ab * (dropped && a.isMla() ? 0 : q + k + v) + ao * o + (eager ? ab * o : 0));
    // Eager RMSNorm: + the fp32 input copy (4 B) + the normalized tensor (ab) − the input (ab).
    if (eager && a.norm == Norm::rmsnorm) t.replicated += sb * h * norms * 4.0;
    if (a.isMla())
        t.replicated += sb
            * (ab * (a.qLoraRank + a.kvLoraRank + a.ropeHeadDim) + (dropped ? 0 : li * (a.qLoraRank + a.kvLoraRank)));
    if (moeLayer && a.isMoe()) {
        t.replicated += 4.0 * sb * a.experts;
        t.split += a.topK * sb * (li * h + mlpInternals(a.moeFfnHidden));
        t.split += a.sharedExperts * sb * mlpInternals(a.moeFfnHidden);
    } else {
        t.split += sb * mlpInternals(a.ffnHidden);
    }
    // QLoRA with bitsandbytes: MatMul4Bit.forward saves its input whenever it needs a gradient
    // (bitsandbytes/autograd/_functions.py: ctx.tensors = (A, B)), which frozen PyTorch linears do not —
    // each 4-bit layer's input once more: the QKV and MLP inputs (shared by the fused or gate/up
    // projections), the output projection's and the down projection's.
    if (stored && s.training.method == Method::qlora && stackProfile(s.training.framework).bitsandbytesQlora
        && !(moeLayer && a.isMoe())) {
        t.replicated += sb * 2 * h * ab;
        t.split += sb * (o + a.ffnHidden) * ab;
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
        kept.split = ab * sb * double(a.heads) * a.valueHeadDim() + (p.flashAttention ? 4.0 * a.heads * sb : 0);
        const bool moe = moeLayer && a.isMoe();
        if (moe) kept.replicated += 4.0 * sb * a.experts; // router logits (fp32)
        const LayerMatmuls mm = layerMatmuls(a, moe);
        for (int i = 0; i < mm.count; i += 2) {
            const LayerMatmul& m = mm.items[static_cast<std::size_t>(i)];
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
        , v(p.schedule == Schedule::interleaved && stages > 1 ? std::max(1, p.virtualStages) : 1)
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

/// Forward passes a stage runs before its first backward (Megatron-LM's schedules; timeline.cpp).
long long warmupPasses(const Parallel& p, int stage, long long passes)
{
    switch (p.schedule) {
    case Schedule::gpipe:
        return passes;
    case Schedule::one_f_one_b:
        return std::min<long long>(passes, p.pp - stage - 1);
    case Schedule::interleaved:
        return std::min<long long>(
            passes, 2LL * (p.pp - stage - 1) + (static_cast<long long>(p.virtualStages) - 1) * p.pp);
    }
    return 0;
}

/// The chunk of the k-th forward (or backward) pass of a stage: Megatron's interleaved order, groups of
/// g micro-batches through chunk 0, 1, … (backward: v − 1, v − 2, …); the last group may be shorter.
int chunkOfPass(long long k, long long m, int g, int v, bool backward)
{
    const long long group = k / (static_cast<long long>(g) * v);
    const long long first = group * g;
    const long long size = std::min<long long>(g, m - first);
    const int c = static_cast<int>((k - first * v) / size);
    return backward ? v - 1 - c : c;
}

/// Layers of the first k forward (or backward) passes of a stage whose chunks hold `chunks` layers, in
/// groups of g micro-batches.
double layersOfPasses(long long k, long long m, int g, const std::vector<int>& chunks, bool backward)
{
    const long long v = static_cast<long long>(chunks.size());
    auto layersOf = [&](long long c) { return double(chunks[static_cast<std::size_t>(backward ? v - 1 - c : c)]); };
    double all = 0;
    for (int n : chunks)
        all += n;
    const long long period = g * v, full = m / g;
    double sum = 0;
    auto partOfGroup = [&](long long r, long long size) { // the first r passes of a group of `size`
        for (long long c = 0; c < r / size; ++c)
            sum += size * layersOf(c);
        if (r % size != 0) sum += (r % size) * layersOf(r / size);
    };
    const long long groups = std::min(k / period, full);
    sum += double(groups) * g * all;
    const long long rest = k - groups * period;
    if (rest > 0) partOfGroup(rest, groups < full ? g : m - full * g);
    return sum;
}

} // namespace

double inFlightMicroBatches(const Parallel& p, int stage, int microBatches)
{
    const double m = microBatches;
    const double v = p.schedule == Schedule::interleaved ? p.virtualStages : 1;
    if (p.schedule == Schedule::gpipe) return m;
    // The warm-up forwards and the forward that precedes the first backward.
    return std::min(double(warmupPasses(p, stage, static_cast<long long>(m * v))) + 1, m * v) / v;
}

double inFlightLayers(const Parallel& p, int stage, int microBatches, const std::vector<int>& chunks)
{
    const int v = static_cast<int>(chunks.size());
    const bool equal = std::all_of(chunks.begin(), chunks.end(), [&](int n) { return n == chunks.front(); });
    if (equal) return inFlightMicroBatches(p, stage, microBatches) * v * (chunks.empty() ? 0 : chunks.front());
    // Unequal chunks: walk the order. Held = forwards run − backwards run, weighted by the chunks'
    // layers, at its largest. Full groups repeat every p·v passes, so two periods from the start and
    // one before the end (where a shorter group may sit) cover every distinct moment.
    const int g = v > 1 ? p.pp : 1;
    const long long m = microBatches, n = m * v, period = static_cast<long long>(g) * v;
    const long long w = warmupPasses(p, stage, n);
    auto weight = [&](long long k, bool backward) {
        return double(chunks[static_cast<std::size_t>(chunkOfPass(k, m, g, v, backward))]);
    };
    double held = 0;
    for (long long k = 0; k < w; ++k)
        held += weight(k, false);
    double peak = held;
    // Step j: forward w + j runs, then backward j. held before the step is forwards(w + j) − backwards(j).
    auto walk = [&](long long from, long long to, double start) {
        double h = start;
        for (long long j = from; j < to; ++j) {
            h += weight(w + j, false);
            peak = std::max(peak, h);
            h -= weight(j, true);
        }
        return h;
    };
    const long long steps = n - w;
    if (steps <= 3 * period) {
        walk(0, steps, held);
    } else {
        walk(0, 2 * period, held);
        // The last period before the end, from what is held when it starts.
        const long long tail = steps - period;
        walk(tail, steps, layersOfPasses(w + tail, m, g, chunks, false) - layersOfPasses(tail, m, g, chunks, true));
    }
    return peak;
}

MemoryEstimate memoryEstimate(const Scenario& s, const ParameterBreakdown& b)
{
    const Architecture& a = s.model.arch;
    const Parallel& p = s.parallel;
    const Precision& pr = s.precision;
    const Training& tr = s.training;
    const int stages = p.pp;
    const double t = p.tp, e = p.ep;
    // A bare size keeps its exact count: scale the derived shape's parts to it.
    const double scale = parameterScale(s, b);

    // ZeRO shards over the data-parallel ranks that hold the same parameters: DP × CP for dense
    // parameters (Megatron's distributed optimizer), the expert-data-parallel group for experts.
    const double denseShard = double(p.dp) * p.cp;
    const double expertShard = std::max(1.0, denseShard / e);
    auto shard = [&](double bytes, double group, int fromStage) { return p.zero >= fromStage ? bytes / group : bytes; };

    const bool lora = tr.method != Method::full;
    const bool moe = a.isMoe();
    const double adaptersPerLayer = lora ? loraParamsPerLayer(a, tr.loraRank, tr.loraTargets, moe) : 0;
    const double adaptersPerDenseLayer = lora && moe ? loraParamsPerLayer(a, tr.loraRank, tr.loraTargets, false) : 0;
    const double perLayerAct = activationBytesPerLayer(s, moe);
    const double perDenseLayerAct = moe && a.denseLayers > 0 ? activationBytesPerLayer(s, false) : 0;
    const double ab = activationElementBytes(pr.compute);
    const double mb = tr.microBatch;
    const double seqTokens = double(tr.seqLen) / p.cp; // tokens of one sequence on one GPU (CP: s/c)
    const double spDiv = p.sequenceParallel ? t : 1;
    const int communicators = (p.tp > 1) + (p.pp > 1) + (p.cp > 1) + (p.ep > 1) + (p.dp * p.cp > 1);
    std::vector<StageActivation> coefficients;
    coefficients.reserve(static_cast<std::size_t>(stages));
    // Full recompute brings one layer's whole working set back, for one micro-batch at a time. Op-level
    // selective checkpointing run eagerly (no torch.compile) brings back what it did not keep: each
    // recomputed op writes its output again (torch.utils.checkpoint reruns the layer's forward), where
    // compiled recomputation fuses the elementwise chains into their consumers.
    const double recomputeWorkingSet = p.recompute == Recompute::full ? onGpu(layerTerms(s, moe), p)
        : p.recompute == Recompute::selective_op && p.elementwiseKernels == ElementwiseKernels::eager
        ? std::max(0.0, onGpu(layerTerms(s, moe), p) - perLayerAct)
        : 0;

    MemoryEstimate out;
    out.capacity = s.hardware.gpu.memoryGib * kGiB;
    out.perStage.reserve(static_cast<std::size_t>(stages));
    out.activationBytesPerLayer = perLayerAct;
    const ChunkSplit split(a.layers, p);
    // Model chunk c·p + i sits on stage i; the dense layers of a MoE model come first in model order
    // (DeepSeek-V3: layers 0–2).
    std::vector<int> denseOn;
    if (moe && a.denseLayers > 0) {
        denseOn.assign(static_cast<std::size_t>(stages), 0);
        int next = 0;
        for (long long j = 0; j < split.chunks && next < a.denseLayers; ++j) {
            const int n = split.modelChunk(j);
            denseOn[static_cast<std::size_t>(j % stages)] += std::clamp(a.denseLayers - next, 0, n);
            next += n;
        }
    }
    // Passes a stage runs before its first backward, and that one: what it holds at most.
    auto leadPasses = [&](int stage) {
        return p.schedule == Schedule::gpipe
            ? 1e300
            : double(warmupPasses(p, stage, std::numeric_limits<long long>::max())) + 1;
    };
    // Reserved: a middle stage is copied from the one before it in place (no reallocation).
    for (int i = 0; i < stages; ++i) {
        const bool first = i == 0, last = i == stages - 1;
        const auto [count, equalChunks] = split.onStage(i);
        // MTP modules sit after the last layer, on the last stage (as Megatron-Core places them).
        const int denseCount = denseOn.empty() ? 0 : denseOn[static_cast<std::size_t>(i)];
        const int mtp = last ? a.mtpLayers : 0;
        const double n = count - denseCount + mtp; // layers of the main kind
        const double nd = denseCount;
        // A middle stage holding what the middle stage before it holds is that stage again, but for
        // its place in the schedule (what it keeps in flight): with 16 or 64 stages most are.
        if (!first && !last && i >= 2 && out.perStage.back().layers == count
            && out.perStage.back().denseLayers == denseCount) {
            StageMemory& st = out.perStage.emplace_back(out.perStage.back());
            st.stage = i;
            StageActivation& act = coefficients.emplace_back(coefficients.back());
            act.stage = i;
            act.leadPasses = leadPasses(i);
            act.dominated = act.leadPasses <= coefficients[static_cast<std::size_t>(i - 1)].leadPasses;
            continue;
        }
        // Parameters on one GPU of this stage (Shoeybi et al. 2019 §3; Narayanan et al. 2021 §2.2).
        // With tied embeddings and pp > 1 the last stage keeps its own copy for the LM head (Megatron).
        ParamPart layerSplit = b.layerSplit * n;
        layerSplit += b.denseSplit * nd;
        ParamPart denseSplit = layerSplit;
        if (first) denseSplit += b.wordEmbedding;
        if (last) denseSplit += a.tiedEmbeddings && stages > 1 ? b.wordEmbedding : b.lmHead;
        denseSplit += b.mtpSplit * mtp;
        ParamPart replicated = b.layerReplicated * n;
        replicated += b.denseReplicated * nd;
        replicated += b.mtpReplicated * mtp;
        if (first) replicated += b.positions;
        if (last) replicated += b.finalNorm;
        const double dense = scale * (denseSplit.params / t + replicated.params);
        const double experts = scale * n * b.layerExperts.params / (e * t);

        StageMemory& st = out.perStage.emplace_back(); // built in place: the struct is large
        st.stage = i;
        st.layers = count;
        st.denseLayers = denseCount;
        st.mtpLayers = mtp;
        st.params = dense + experts;
        MemoryBreakdown& m = st.bytes;

        // Weights: frozen base for LoRA (QLoRA: its linear layers' matrices and the experts in NF4),
        // otherwise the trainable copy; LoRA adds its adapters to the dense part. The dense part and
        // the experts are sharded over different groups.
        const double wb = bytesOf(pr.weights);
        const double nf4Dense = tr.method == Method::qlora ? scale * layerSplit.params / t : 0;
        const double nf4Experts = tr.method == Method::qlora ? experts : 0;
        // Trainable parameters and their states (LoRA: the adapters only, split over TP).
        const double trainDense = lora ? (n * adaptersPerLayer + nd * adaptersPerDenseLayer) / t : dense;
        const double trainExperts = lora ? 0 : experts;
        const double denseWeightBytes
            = (dense - nf4Dense) * wb + nf4Dense * kNf4BytesPerParam + (lora ? trainDense * wb : 0);
        const double expertWeightBytes = (experts - nf4Experts) * wb + nf4Experts * kNf4BytesPerParam;
        st.nf4Params = nf4Dense + nf4Experts;
        st.trainableDense = trainDense;
        st.trainableExpert = trainExperts;
        st.expertParams = experts;

        // ZeRO (Rajbhandari et al. 2020, §5 and Table 1): stage 1 shards master weights and
        // optimizer states, stage 2 also gradients, stage 3 also weights.
        m.weights = shard(denseWeightBytes, denseShard, 3) + shard(expertWeightBytes, expertShard, 3);
        // ZeRO-3 that reduces after accumulation gathers once per step and keeps the stage's parameters
        // whole, in the gathered dtype, from the first forward to the last backward (FSDP2's
        // reshard_after_forward=False with set_requires_gradient_sync(False); torchtitan's default
        // with pipeline parallelism, torchtitan/parallelisms/parallelize_llama.py apply_fsdp).
        if (keptGathered(s)) {
            const double g = std::min(wb, ab);
            m.weights += (dense - nf4Dense + experts - nf4Experts) * g + st.nf4Params * kNf4BytesPerParam
                + (lora ? trainDense * g : 0);
        }
        auto states = [&](double bytesPerParam, int fromStage) {
            return shard(trainDense * bytesPerParam, denseShard, fromStage)
                + shard(trainExperts * bytesPerParam, expertShard, fromStage);
        };
        // ZeRO-2/3 that accumulate before they reduce (FSDP's no_sync) hold the whole gradient of the
        // stage until the last micro-batch; reducing every micro-batch keeps only the shard.
        const bool unshardedGradients = wholeGradients(s);
        m.gradients = states(bytesOf(pr.gradients), unshardedGradients ? 4 : 2);
        m.masterWeights = pr.masterWeights ? states(bytesOf(*pr.masterWeights), 1) : 0;
        // Optimizer states are per parameter, except Adafactor's factored second moment: one row and
        // one column accumulator per matrix (LoRA adapters are counted whole, an upper bound).
        const double optBytes = optimizerBytesPerParam(tr.optimizer, pr.optimizerStates);
        st.optimizerElementsDense = trainDense;
        st.optimizerElementsExpert = trainExperts;
        if (tr.optimizer == Optimizer::adafactor && !lora) {
            st.optimizerElementsDense = scale * (denseSplit.factored / t + replicated.factored);
            st.optimizerElementsExpert = scale * n * b.layerExperts.factored / (e * t);
        }
        m.optimizerStates = shard(st.optimizerElementsDense * optBytes, denseShard, 1)
            + shard(st.optimizerElementsExpert * optBytes, expertShard, 1);

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

        // Activations are linear in the micro-batch size: coefficients per sequence, so the
        // largest micro-batch that fits can be found without re-running the whole model.
        StageActivation& act = coefficients.emplace_back();
        act.stage = i;
        act.layerCount = count;
        act.leadPasses = leadPasses(i);
        // The first and last stages' emptier chunks (pipeline_split) are walked through the schedule:
        // they change which passes hold layers. Chunks that differ by the remainder's one layer keep
        // the closed form over their total (a walk per stage would cost O(p²·v) per estimate).
        const bool endStage = split.ends && (first || last);
        if (!equalChunks && endStage && static_cast<long long>(p.pp) * split.v <= kMaxWalkedPeriod)
            for (int c = 0; c < split.v; ++c)
                act.chunks.push_back(split.at(i, c));
        act.layers = (n * perLayerAct + nd * perDenseLayerAct) / mb;
        // An MTP module also keeps its two norm inputs and the 2h-wide projection input.
        act.layers += mtp * 4.0 * ab * seqTokens * a.hidden / spDiv;
        if (first) {
            // Token ids (int64) and, with dropout, the embedding dropout mask (Megatron's
            // theoretical memory: 8·s·b and s·b·h per in-flight micro-batch).
            act.layers += 8.0 * seqTokens + (a.dropout ? seqTokens * a.hidden / spDiv : 0);
        }
        if (last) {
            // Final norm and LM-head inputs, and the logits held at the loss, by default the fp32
            // softmax of the cross-entropy backward, 4·s·b·V/t (vocabulary-parallel; the bytes per
            // logit are a setting); one micro-batch at a time.
            // Under DTensor the LM head keeps its gathered input (torchtitan's ColwiseParallel output layer).
            const bool gatheredHead = p.sequenceParallel && p.tpSavedInput == TpSavedInput::gathered;
            act.once = ab * seqTokens * a.hidden / spDiv + ab * seqTokens * a.hidden / (gatheredHead ? 1 : spDiv)
                + s.overhead.lossBytesPerLogit * seqTokens * a.vocab / t;
            act.once
                += a.mtpLayers * s.overhead.lossBytesPerLogit * seqTokens * a.vocab / t; // each MTP module's logits
        }
        // Counted together with the logits, though autograd frees the loss's tensors before the last
        // layer's recomputation: the runs measured as PyTorch's reserved memory hold that much more than
        // the rest of the model accounts for (docs/FIDELITY.md, "Peak memory, measured").
        if (recomputeWorkingSet > 0 && n + nd > 0) act.once += recomputeWorkingSet / mb;
        // Activation offload (torchtune's OffloadActivations, Transformer Engine's CPU offloading): what
        // the layers save goes to host memory as the forward makes it and comes back a layer ahead of
        // the backward. The GPU holds the layer computing and the one in transfer; the logits stay.
        if (p.offloadActivations && n + nd > 0) {
            act.offloaded = act.layers;
            act.once += std::min(2.0, n + nd) * act.layers / (n + nd);
            act.layers = 0;
        }

        // Buffers. ZeRO-3 gathers each layer before use: the layer computing and the next one
        // prefetched (Zhao et al. 2023, "PyTorch FSDP", §3.3 backward prefetch). Parameters
        // offloaded to the host come back the same way, a layer at a time (review D4).
        const bool perLayerGathers = p.zero >= 3 && denseShard > 1 && !keptGathered(s);
        // Gathered in the compute dtype when the stored copy is wider (FSDP's
        // MixedPrecisionPolicy.param_dtype: fp32 shards, bf16 gathered layers and their gradients).
        const double gathered = std::min(wb, ab);
        if ((perLayerGathers || p.offloadParams) && n + nd > 0) {
            const double mainLayer
                = b.layerSplit.params / t + b.layerReplicated.params + b.layerExperts.params / (e * t);
            const double denseLayer = b.denseSplit.params / t + b.denseReplicated.params;
            const double layerParams = scale * (n > 0 ? std::max(mainLayer, nd > 0 ? denseLayer : 0.0) : denseLayer);
            m.buffers += 2 * layerParams * gathered;
            // The layer whose backward runs: its whole gradient in the gathered dtype, and the
            // reduce-scatter's input in the gradient dtype (FSDP2 foreach_reduce copies the
            // gradients into one reduce_dtype buffer before reducing them).
            if (perLayerGathers && !lora) m.buffers += layerParams * (gathered + bytesOf(pr.gradients));
        }
        if (perLayerGathers) {
            // FSDP's root unit: what no wrapped layer owns — the embedding, the final norm and the
            // LM head — is gathered when the root's forward starts and freed only after it (torchtitan's
            // fully_shard(model) around the wrapped layers, parallelize_llama.py apply_fsdp), gathered again
            // for the whole backward, and the LM head's gradient, its first, waits for the root's
            // reduction at the end of the backward.
            const double headParams = last ? (a.tiedEmbeddings ? b.wordEmbedding.params : b.lmHead.params) / t : 0;
            double rootParams = first ? b.wordEmbedding.params / t + b.positions.params : 0;
            if (last) rootParams += b.finalNorm.params + (a.tiedEmbeddings && first ? 0 : headParams);
            m.buffers += scale * (rootParams + (lora ? 0 : headParams)) * gathered;
        }
        // Without sharded gradients the data-parallel reduction runs through a bucket (PyTorch DDP's
        // bucket_cap_mb, default 25 MiB); every communicator holds NCCL buffers.
        if (p.zero <= 2 && denseShard > 1) m.buffers += s.overhead.gradBucketMib * kMiB;
        m.buffers += communicators * s.overhead.commBufferGibPerGroup * kGiB;
        // NCCL allocates its buffers itself (cudaMalloc), outside the framework's caching allocator.
        st.outsideAllocator
            = communicators * s.overhead.commBufferGibPerGroup * kGiB + s.overhead.cudaContextGib * kGiB;
        act.fixed = m.modelStates() + m.buffers;
        act.gradients = m.gradients;
        // Gradients freed after every step appear as the backward runs: the LM head's first, while the
        // logits are still held, the first layer's last, when only that layer's activations (and its
        // recomputation) are left. (Only then: estimate() runs per planner candidate.)
        if (p.gradientBuffers == GradientBuffers::per_step) {
            if (!lora && st.params > 0 && last)
                act.firstGradients = m.gradients
                    * (scale * (a.tiedEmbeddings ? b.wordEmbedding.params : b.lmHead.params) / t) / st.params;
            if (n + nd > 0) act.endOfBackward = (n * perLayerAct + nd * perDenseLayerAct) / (n + nd) / mb;
            if (recomputeWorkingSet > 0 && n + nd > 0) act.endOfBackward += recomputeWorkingSet / mb;
        }
    }

    // Total of stage i at micro-batch size mbs: allocated bytes, allocator slack, CUDA context.
    const double chunksPerStage = p.schedule == Schedule::interleaved ? p.virtualStages : 1;
    const double gb = tr.globalBatch;
    auto microBatchesAt = [&](int mbs) {
        // A partial last micro-batch is still in flight: round up.
        return std::max(1, static_cast<int>(std::ceil(gb / (double(p.dp) * mbs))));
    };
    // Gradients freed after every step and one micro-batch per step: nothing accumulates, so the
    // backward frees activations while it creates gradients (zero_grad(set_to_none=True)).
    auto perStepGradients
        = [&](int microBatches) { return p.gradientBuffers == GradientBuffers::per_step && microBatches == 1; };
    auto fill = [&](const StageActivation& c, int mbs, MemoryBreakdown& m, double& inFlight) {
        const int microBatches = microBatchesAt(mbs);
        // Layer-weighted when the chunks differ (pipeline_split): what the stage's layers hold, per layer.
        inFlight = c.chunks.empty() || c.layerCount == 0
            ? std::min(c.leadPasses, microBatches * chunksPerStage) / chunksPerStage
            : inFlightLayers(p, c.stage, microBatches, c.chunks) / c.layerCount;
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
    };
    const bool perStepAtMicroBatch = perStepGradients(microBatchesAt(tr.microBatch));
    for (std::size_t i = 0; i < out.perStage.size(); ++i) {
        fill(coefficients[i], tr.microBatch, out.perStage[i].bytes, out.perStage[i].inFlight);
        out.perStage[i].allocatorSlack = out.perStage[i].bytes.overhead - s.overhead.cudaContextGib * kGiB;
        out.perStage[i].activationPerMicroBatch = tr.microBatch * coefficients[i].layers;
        out.perStage[i].activationOnce = tr.microBatch * coefficients[i].once;
        if (coefficients[i].offloaded > 0) {
            StageMemory& st = out.perStage[i];
            st.onHost.activations = tr.microBatch * coefficients[i].offloaded * st.inFlight;
            st.activationOffloadPerMicroBatch = tr.microBatch * coefficients[i].offloaded;
            st.hostBytes = st.onHost.total();
        }
        if (perStepAtMicroBatch) {
            out.perStage[i].perStepGradients = coefficients[i].gradients;
            out.perStage[i].firstGradients = coefficients[i].firstGradients;
            out.perStage[i].backwardEndActivations = tr.microBatch * coefficients[i].endOfBackward;
        }
        out.perStage[i].chunkShares.clear();
        if (!coefficients[i].chunks.empty() && coefficients[i].layerCount > 0)
            for (int n : coefficients[i].chunks)
                out.perStage[i].chunkShares.push_back(double(n) / coefficients[i].layerCount);
    }
    for (std::size_t i = 1; i < out.perStage.size(); ++i)
        if (out.perStage[i].bytes.total() > out.perStage[static_cast<std::size_t>(out.stage)].bytes.total())
            out.stage = static_cast<int>(i);

    // The peak never falls as the micro-batch grows (b × min(p − i, m) is non-decreasing), so a
    // binary search over 1 … global batch / dp finds the largest that fits. Gradients freed every step
    // can make the largest, one micro-batch per step, lower than the one below it: it is tried first.
    auto fitsAt = [&](int mbs) {
        for (const auto& c : coefficients) {
            if (c.dominated) continue;
            MemoryBreakdown m;
            m.weights = c.fixed - c.gradients; // states and buffers, already summed; fill() adds gradients
            double inFlight = 0;
            fill(c, mbs, m, inFlight);
            if (m.total() > out.capacity) return false;
        }
        return true;
    };
    int lo = 0, hi = std::max(1, tr.globalBatch / p.dp);
    if (fitsAt(hi)) lo = hi;
    while (hi - lo > 1) {
        const int mid = lo + (hi - lo) / 2;
        (fitsAt(mid) ? lo : hi) = mid;
    }
    out.largestMicroBatch = lo;
    return out;
}

} // namespace core
