#pragma once
// A training scenario: the model, how it is trained, in which number formats, how it is split
// and on what hardware. Plain aggregates; the file format lives in scenario_io.h.

#include "core/base/checked.h"
#include "core/base/types.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace core {

/// RoPE's base in Su et al. 2021 (RoFormer §3.2.2) and the default of Megatron-LM's --rotary-base and of
/// Hugging Face's rope_theta.
inline constexpr double kDefaultRopeTheta = 10000;

/// A decoder-only transformer. Field meanings follow docs/DESIGN.md ("model").
struct Architecture {
    int layers = 32;
    int hidden = 4096;
    int heads = 32;
    int kvHeads = 32; ///< grouped-query attention: K/V heads (== heads for MHA)
    int headDim = 128; ///< per-head width; a·headDim need not equal hidden
    int ffnHidden = 11008;
    int vocab = 32000;
    Mlp mlp = Mlp::swiglu;
    Norm norm = Norm::rmsnorm;
    Bias bias = Bias::none;
    bool tiedEmbeddings = false;
    Position position = Position::rope;
    int maxPositions = 0; ///< learned position table length (learned only)
    /// RoPE's base θ (Su et al. 2021, RoFormer eq. 15: θ_i = θ^(−2(i−1)/d)); config.json's rope_theta.
    /// No bearing on memory or time, but a launch file must state it: Llama 3 trains with 500,000,
    /// and Megatron-LM's --rotary-base default (10,000, the paper's) would silently make another model.
    double ropeTheta = kDefaultRopeTheta;
    bool dropout = false;
    int experts = 0; ///< routed experts per MoE layer; 0 = dense
    int topK = 0;
    int moeFfnHidden = 0;
    int sharedExperts = 0;
    bool routerBias = false; ///< a per-expert routing bias (DeepSeek-V3's auxiliary-loss-free balancing)
    int denseLayers = 0; ///< MoE only: the first k layers have a dense MLP of ffn_hidden
    /// MoE only: each token's routed experts lie on at most this many nodes and cross the network
    /// once per node (DeepSeek-V3 §2.1.2 node-limited routing, §3.2.2 dispatch); 0 = no limit.
    int routedNodeLimit = 0;
    /// Multi-head latent attention (DeepSeek-V2 §2.1, DeepSeek-V3), on when kv_lora_rank > 0:
    /// K and V come from a kv_lora_rank latent, Q from a q_lora_rank latent (0 = projected
    /// directly); head_dim is the non-RoPE query/key width, rope_head_dim the decoupled RoPE part,
    /// v_head_dim the value width.
    int qLoraRank = 0;
    int kvLoraRank = 0;
    int ropeHeadDim = 0;
    int vHeadDim = 0;
    int mtpLayers = 0; ///< multi-token prediction modules (DeepSeek-V3 §2.2), on the last stage
    bool parallelBlock = false; ///< attention and MLP read the same normed input, one norm per layer (GPT-J, Phi-2)
    bool lmHeadBias = false;

    bool operator==(const Architecture&) const = default;
    [[nodiscard]] bool isMoe() const { return experts > 0; }
    [[nodiscard]] bool isMla() const { return kvLoraRank > 0; }
    /// Layers with routed experts (all but the first dense_layers of a MoE model).
    [[nodiscard]] int moeLayers() const { return isMoe() ? layers - denseLayers : 0; }
    /// Query and key width per head (MLA adds the RoPE part) and value width per head.
    [[nodiscard]] int qkHeadDim() const { return isMla() ? headDim + ropeHeadDim : headDim; }
    [[nodiscard]] int valueHeadDim() const { return isMla() ? vHeadDim : headDim; }
};

/// Where the architecture came from. Exactly one of: a preset (with optional overrides, kept as
/// the difference to the preset), a bare parameter count, or an explicit architecture.
struct ModelSpec {
    std::string preset; ///< non-empty when based on a catalog preset
    std::int64_t params = 0; ///< > 0 for {"params": N}: exact count, derived standard shape
    Architecture arch; ///< always the resolved architecture used by the estimate

    bool operator==(const ModelSpec&) const = default;
};

struct Training {
    int seqLen = 4096;
    int microBatch = 1;
    int globalBatch = 1024; ///< sequences per optimizer step
    double tokens = 2e12; ///< token budget of the run
    Optimizer optimizer = Optimizer::adamw;
    Method method = Method::full;
    /// The software stack (file key training.framework; core/model/software_stack.h).
    SoftwareStack framework = SoftwareStack::generic;
    int loraRank = 16;
    std::vector<std::string> loraTargets { "q", "k", "v", "o" };

    bool operator==(const Training&) const = default;
};

struct Precision {
    DType compute = DType::bf16;
    DType weights = DType::bf16;
    DType gradients = DType::bf16;
    std::optional<DType> masterWeights = DType::fp32; ///< nullopt = "none"
    DType optimizerStates = DType::fp32;
    /// Which matmuls run in fp8 when `compute` is an fp8 format (file key precision.fp8_scope).
    Fp8Scope fp8Scope = Fp8Scope::linear;
    /// How fp8 operands are scaled (file key precision.fp8_scaling).
    Fp8Scaling fp8Scaling = Fp8Scaling::tensorwise;
    /// How linear layers' saved inputs are stored (file key precision.activation_cache).
    ActivationCache activationCache = ActivationCache::compute;

    bool operator==(const Precision&) const = default;
};

/// tp × pp × dp × cp (docs/DESIGN.md: total GPUs): far beyond the largest cluster built (~10^5 GPUs in
/// 2025), small enough that every count in the estimate fits in an int.
inline constexpr std::int64_t kMaxGpus = 10'000'000;

struct Parallel {
    int tp = 1;
    int pp = 1;
    int dp = 8;
    int cp = 1;
    int ep = 1;
    int zero = 1;
    /// ZeRO-2 only: reduce every micro-batch or once after accumulation (file key parallel.grad_reduce).
    GradReduce gradReduce = GradReduce::per_micro_batch;
    /// ZeRO 0–2: buckets or one collective per layer (file key parallel.dp_collectives; ZeRO-3 is per layer).
    DpCollectives dpCollectives = DpCollectives::buckets;
    bool sequenceParallel = false;
    Recompute recompute = Recompute::none;
    bool flashAttention = true;
    /// Which flash-attention kernel (file key parallel.attention_kernel; only with flash attention).
    AttentionKernel attentionKernel = AttentionKernel::automatic;
    /// Fused or eager elementwise kernels (file key parallel.elementwise_kernels).
    ElementwiseKernels elementwiseKernels = ElementwiseKernels::fused;
    Schedule schedule = Schedule::one_f_one_b;
    int virtualStages = 1;
    /// Layers per stage: even, or the embedding and the loss counted as layers (file key parallel.pipeline_split).
    PipelineSplit pipelineSplit = PipelineSplit::layers;
    /// Sequence parallelism only: what column-parallel matmuls keep (file key parallel.tp_saved_input).
    TpSavedInput tpSavedInput = TpSavedInput::shard;
    /// Gradients kept in buffers between steps or freed after each step (file key parallel.gradient_buffers).
    GradientBuffers gradientBuffers = GradientBuffers::persistent;
    /// Grouped-query attention's K and V copied to every query head before the attention kernel, which
    /// keeps the copies for its backward (file key parallel.repeat_kv): torchtitan's and Hugging Face's
    /// repeat_kv, torchtune's expand, for PyTorch's SDPA; flash-attn and Transformer Engine take GQA as is.
    bool repeatKv = false;
    bool offloadOptimizer = false;
    bool offloadParams = false;
    /// Tensors saved for the backward kept in host memory between their forward and their backward
    /// (file key parallel.offload_activations): torchtune's OffloadActivations, Transformer Engine's CPU
    /// offloading.
    bool offloadActivations = false;

    bool operator==(const Parallel&) const = default;
    /// Total GPUs (docs/DESIGN.md). In 64 bits, saturated (checked.h): each factor is in range but their
    /// product can reach 8.4·10^12; the reader refuses more than kMaxGpus before anything uses it.
    [[nodiscard]] std::int64_t gpus() const { return clampedProduct({ tp, pp, dp, cp }); }
};

/// One accelerator. Peaks are dense (no sparsity) per the vendor datasheet, in TFLOP/s.
struct GpuSpec {
    std::string name;
    double memoryGib = 80;
    std::map<DType, double> peakTflops;
    /// Measured maximum achievable matmul TFLOP/s per dtype (MAMF: the best of a sweep of GEMM shapes,
    /// Bekman, ml-engineering, compute/accelerator), empty where nobody measured it.
    std::map<DType, double> achievableTflops;
    /// Measured forward + backward rate of a causal flash-attention kernel, TFLOP/s in 16-bit on the
    /// FLOPs it does (half the score square; the backward 2.5 × the forward), per generation; 0 where
    /// nobody published one (file key attention_tflops.flash1 / .flash2 / .flash3).
    double flash1Tflops = 0;
    double flash2Tflops = 0;
    double flash3Tflops = 0;
    double intraNodeGBps = 300; ///< GB/s per GPU, one direction (NVLink)
    /// GPUs one NVLink fabric joins, 0 = every GPU of the node (NVSwitch); H100 PCIe: 2 (bridges).
    int nvlinkGpus = 0;
    /// Streaming multiprocessors (0: not given; GEMMs are then timed without wave quantization).
    int smCount = 0;
    /// The fraction of its measured rates (achievable_tflops, attention_tflops) this GPU sustains in a
    /// long training run, relative to the A100 that efficiency.compute is fitted on: 1 unless
    /// calibrated for the GPU's generation (Hopper: fitted on its three calibration runs, docs/FIDELITY.md).
    double sustainedFraction = 1;
    double pcieGBps
        = 0; ///< GB/s per GPU, one direction: the PCIe link to the host and between NVLink domains (0: not given)
    double interNodeGBps = 25; ///< GB/s per GPU, one direction (network)
    double tdpWatts = 400;
    /// The server's maximum power per GPU — its datasheet maximum ÷ its GPUs, CPUs, memory, NICs,
    /// switches and fans included (DGX A100: 6.5 kW ÷ 8); 0 = not given, energy counts the GPU's TDP only.
    double nodeWattsPerGpu = 0;
    double memoryTBps = 0; ///< HBM bandwidth, TB/s (0 = not given: optimizer step time assumed 2 TB/s)
    std::string source; ///< datasheet the figures come from

    bool operator==(const GpuSpec&) const = default;
    /// Whether its GPUs reach one another in a node over PCIe, not NVLink: its in-node rate is no more
    /// than its host link's (RTX 4090, L40S: no NVLink, the catalog's in-node figure is PCIe's).
    [[nodiscard]] bool linksOverPcie() const { return pcieGBps > 0 && intraNodeGBps <= pcieGBps; }
};

struct Hardware {
    std::string preset; ///< catalog name, empty for a custom GPU
    GpuSpec gpu;
    int gpusPerNode = 8;
    /// Host (CPU) memory bandwidth of one node, GB/s: what a CPU optimizer step (ZeRO-Offload) is bound
    /// by. Default: a DGX A100's two AMD EPYC 7742, eight DDR4-3200 channels each (2 × 204.8 GB/s).
    double hostMemoryGBps = 409.6;
    /// A hardware profile file (`*.tphardware.json`, e.g. from a calibration) this scenario takes its
    /// GPU, efficiency and overheads from; empty if none. The scenario's own keys win.
    std::string profile;

    bool operator==(const Hardware&) const = default;
};

struct Efficiency {
    /// Achieved fraction of the GPU's achievable matmul throughput (its measured MAMF,
    /// core::achievableFlops), GEMM shapes apart, and of the flash-attention kernel's measured rate;
    /// a GPU's sustainedFraction scales it. Default calibrated on published runs (docs/FIDELITY.md):
    /// 0.915 with Hopper's sustained fraction 0.84, fitted together on the nine calibration runs
    /// (0.91 and 0.83 before the attention kernel's rate followed the sequence length; 0.96 and 0.86
    /// before the stacks' fused projections; 0.76 before GEMMs were timed by their shapes; against
    /// the datasheet peak 0.665 on A100 and 0.55 on H100).
    double compute = 0.915;
    /// Memory-bound kernels (norms, softmax, dropout, activation functions, residual adds) move
    /// the layer's stored activations through HBM this many times per step (calibrated, 6).
    double memoryBoundPasses = 6;
    double commOverlap = 0.5; ///< fraction of DP/CP traffic hidden under compute
    double busBandwidth = 0.8; ///< achieved fraction of link bandwidth (nccl-tests bus bandwidth)
    double commLatencyUs = 10; ///< fixed cost per collective call, microseconds
    double tpOverlap = 0; ///< fraction of TP traffic hidden (e.g. async TP)
    double ppOverlap = 0; ///< fraction of PP send/recv hidden
    double epOverlap = 0; ///< fraction of EP all-to-all hidden

    bool operator==(const Efficiency&) const = default;
};

/// Prices of a run (docs/MODEL.md "Cost"; the source article §6.5: GPUs, network, storage,
/// power and people).
struct Cost {
    double gpuHourUsd = 2.0;
    double kwhUsd = 0.10;
    double pue = 1.2;
    double storageUsdPerTbMonth = 23; ///< object storage (AWS S3 Standard list price, $0.023/GB-month)
    int checkpointsKept = 2; ///< checkpoints stored at once (the latest and one to fall back on)
    double networkUsdPerTb = 0; ///< inter-node traffic; 0 when the fabric is part of the GPU price
    double teamSize = 0; ///< people running the training, full time for its duration
    double personMonthUsd = 20000; ///< fully loaded cost of one person-month (an assumption)
    /// How the GPUs are rented; gpu_hour_usd is that pricing's price (a price table fills both, prices.h).
    Pricing pricing = Pricing::on_demand;

    bool operator==(const Cost&) const = default;
};

struct Reliability {
    double gpuMtbfHours = 50000;
    double restartMinutes = 15;
    double checkpointWriteGBps = 10;
    /// Spot capacity only: how often the provider takes a node back, per node and day (its spot
    /// advisor's interruption frequency, or a price table's). Each is an interruption like a failure:
    /// lost work since the last checkpoint and a restart (docs/FORMULAS.md §6).
    double spotInterruptionsPerNodeDay = 0;

    bool operator==(const Reliability&) const = default;
};

/// Memory beyond model states and activations (docs/MODEL.md "Overheads"). Each default
/// is documented with its source; users with measurements should set their own.
struct Overhead {
    double cudaContextGib = 0.6; ///< CUDA context + library workspaces per GPU
    double commBufferGibPerGroup = 0.47; ///< NCCL buffers per communicator the GPU belongs to
    double gradBucketMib = 25; ///< DDP gradient bucket (ZeRO 0–2 without a full grad buffer)
    double fragmentation = 0.05; ///< allocator slack as a fraction of allocated memory
    /// Bytes per logit held at the loss (per token, per vocabulary entry on this TP rank): 4 for
    /// Megatron's fused vocabulary-parallel cross-entropy (the fp32 softmax, Korthikanti et al.
    /// 2022 §4.1); 12 for PyTorch's cross_entropy(logits.float()) (fp32 log-softmax output, its
    /// incoming and its outgoing gradient, alive together when the backward pass starts).
    double lossBytesPerLogit = 4;

    bool operator==(const Overhead&) const = default;
};

struct Scenario {
    std::string name = "Untitled";
    ModelSpec model;
    Training training;
    Precision precision;
    Parallel parallel;
    Hardware hardware;
    Efficiency efficiency;
    Cost cost;
    Reliability reliability;
    Overhead overhead;

    bool operator==(const Scenario&) const = default;
};

} // namespace core
