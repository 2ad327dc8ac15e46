#include "widgets/inputs/field_texts.h"

#include "core/types.h"

#include <QtGlobal>

#include <array>

namespace ui {

namespace {

using Items = std::vector<std::pair<const char*, int>>;

/// Texts of an enum's values, in its order.
template <std::size_t N> Items inOrder(const std::array<const char*, N>& texts)
{
    Items items;
    for (std::size_t i = 0; i < N; ++i)
        items.emplace_back(texts[i], static_cast<int>(i));
    return items;
}

const std::array<const char*, core::kDTypeNames.size()> kDTypeTexts { QT_TRANSLATE_NOOP("ui::InputPanel", "FP32"),
    QT_TRANSLATE_NOOP("ui::InputPanel", "TF32"), QT_TRANSLATE_NOOP("ui::InputPanel", "BF16"),
    QT_TRANSLATE_NOOP("ui::InputPanel", "FP16"), QT_TRANSLATE_NOOP("ui::InputPanel", "FP8 E4M3"),
    QT_TRANSLATE_NOOP("ui::InputPanel", "FP8 E5M2"), QT_TRANSLATE_NOOP("ui::InputPanel", "INT8"),
    QT_TRANSLATE_NOOP("ui::InputPanel", "NF4") };

Items masterWeightItems()
{
    Items items = inOrder(kDTypeTexts);
    // core: "none", the name after the formats
    items.emplace_back(QT_TRANSLATE_NOOP("ui::InputPanel", "None"), static_cast<int>(core::kDTypeNames.size()));
    return items;
}

const std::vector<FieldText>& texts()
{
    static const std::vector<FieldText> table {
        // Model details: editing a field of a bare size makes the architecture explicit.
        { "model.layers", QT_TRANSLATE_NOOP("ui::InputPanel", "Layers:"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "Change layers") },
        { "model.hidden", QT_TRANSLATE_NOOP("ui::InputPanel", "Hidden size:"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "Change hidden size") },
        { "model.heads", QT_TRANSLATE_NOOP("ui::InputPanel", "Attention heads:"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "Change attention heads") },
        { "model.kv_heads", QT_TRANSLATE_NOOP("ui::InputPanel", "KV heads (GQA):"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "Change KV heads") },
        { "model.ffn_hidden", QT_TRANSLATE_NOOP("ui::InputPanel", "FFN hidden size:"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "Change FFN size") },
        { "model.vocab", QT_TRANSLATE_NOOP("ui::InputPanel", "Vocabulary:"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "Change vocabulary") },
        { "model.experts", QT_TRANSLATE_NOOP("ui::InputPanel", "Experts (0 = dense):"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "Change experts") },
        { .path = "model.top_k",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Experts per token (top-k):"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change top-k"),
            .floor = 0 },
        { .path = "model.moe_ffn_hidden",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Expert FFN size:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change expert FFN size"),
            .floor = 0 },
        { "model.shared_experts", QT_TRANSLATE_NOOP("ui::InputPanel", "Shared experts:"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "Change shared experts") },
        { "model.routed_node_limit", QT_TRANSLATE_NOOP("ui::InputPanel", "Nodes per token (0 = any):"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "Change nodes per token") },
        { "model.dense_layers", QT_TRANSLATE_NOOP("ui::InputPanel", "Dense first layers:"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "Change dense first layers") },
        { "model.kv_lora_rank", QT_TRANSLATE_NOOP("ui::InputPanel", "KV latent rank (0 = no MLA):"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "Change KV latent rank") },
        { "model.q_lora_rank", QT_TRANSLATE_NOOP("ui::InputPanel", "Q latent rank (MLA):"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "Change Q latent rank") },
        { "model.mtp_layers", QT_TRANSLATE_NOOP("ui::InputPanel", "MTP modules:"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "Change MTP modules") },

        // Training.
        { "training.seq_len", QT_TRANSLATE_NOOP("ui::InputPanel", "Sequence length:"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "Change sequence length"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "Tokens per sequence.") },
        { "training.micro_batch", QT_TRANSLATE_NOOP("ui::InputPanel", "Micro-batch:"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "Change micro-batch"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "Sequences per GPU per forward/backward pass.") },
        { "training.global_batch", QT_TRANSLATE_NOOP("ui::InputPanel", "Global batch:"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "Change global batch"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "Sequences per optimizer step, over all replicas.") },
        { .path = "training.tokens",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Tokens (billions):"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change token budget"),
            .decimals = 1,
            .unit = 1e9,
            .suffix = " B" },
        { .path = "training.optimizer",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Optimizer:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change optimizer"),
            .items = inOrder(std::array<const char*, 7> { QT_TRANSLATE_NOOP("ui::InputPanel", "AdamW"),
                QT_TRANSLATE_NOOP("ui::InputPanel", "Adam"), QT_TRANSLATE_NOOP("ui::InputPanel", "SGD"),
                QT_TRANSLATE_NOOP("ui::InputPanel", "SGD with momentum"), QT_TRANSLATE_NOOP("ui::InputPanel", "Lion"),
                QT_TRANSLATE_NOOP("ui::InputPanel", "Adafactor"),
                QT_TRANSLATE_NOOP("ui::InputPanel", "8-bit AdamW") }) },
        { .path = "training.method",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Method:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change training method"),
            .items = inOrder(std::array<const char*, 3> { QT_TRANSLATE_NOOP("ui::InputPanel", "Full training"),
                QT_TRANSLATE_NOOP("ui::InputPanel", "LoRA fine-tuning"),
                QT_TRANSLATE_NOOP("ui::InputPanel", "QLoRA fine-tuning (NF4 base)") }) },
        { "training.lora_rank", QT_TRANSLATE_NOOP("ui::InputPanel", "LoRA rank:"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "Change LoRA rank") },

        // Precision (the recipe combo is the panel's own).
        { .path = "precision.compute",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Compute:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change compute format"),
            .items = inOrder(kDTypeTexts) },
        { .path = "precision.fp8_scope",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "FP8 scope:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change FP8 scope"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel",
                "With an FP8 compute format: which matmuls run at the FP8 rate. torchao and Transformer Engine "
                "convert the linear layers only; the rest runs at the BF16 rate, and every FP8 operand is scaled "
                "and cast first."),
            .items = inOrder(std::array<const char*, 3> {
                QT_TRANSLATE_NOOP("ui::InputPanel", "Linear layers (attention and LM head in BF16)"),
                QT_TRANSLATE_NOOP("ui::InputPanel", "Linear layers and LM head"),
                QT_TRANSLATE_NOOP("ui::InputPanel", "All matmuls, FP8 attention too") }) },
        { .path = "precision.fp8_scaling",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "FP8 scaling:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change FP8 scaling"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel",
                "Per-row scales handle outliers better but cost more: each operand is cast twice, once per GEMM "
                "axis, and tensor parallelism gathers BF16 instead of FP8. torchao's 8B benchmark on 8 H100: +25 % "
                "per tensor, +10 % per row."),
            .items = inOrder(std::array<const char*, 2> { QT_TRANSLATE_NOOP("ui::InputPanel", "Per tensor"),
                QT_TRANSLATE_NOOP("ui::InputPanel", "Per row (torchao rowwise)") }) },
        { .path = "precision.activation_cache",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Saved activations:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change saved activations"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel",
                "DeepSeek-V3 keeps the inputs of its linear layers for the backward pass in FP8 with a scale per "
                "128 values, and the attention output in a 12-bit format: about half the activation memory of "
                "BF16."),
            .items = inOrder(std::array<const char*, 2> { QT_TRANSLATE_NOOP("ui::InputPanel", "In the compute format"),
                QT_TRANSLATE_NOOP("ui::InputPanel", "FP8 (DeepSeek-V3)") }) },
        { .path = "precision.weights",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Weights:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change weight format"),
            .items = inOrder(kDTypeTexts) },
        { .path = "precision.gradients",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Gradients:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change gradient format"),
            .items = inOrder(kDTypeTexts) },
        { .path = "precision.master_weights",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Master weights:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change master-weight format"),
            .items = masterWeightItems() },
        { .path = "precision.optimizer_states",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Optimizer states:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change optimizer-state format"),
            .items = inOrder(kDTypeTexts) },

        // Parallelism.
        { "parallel.tp", QT_TRANSLATE_NOOP("ui::InputPanel", "Tensor parallel (TP):"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "Change tensor parallelism"),
            QT_TRANSLATE_NOOP(
                "ui::InputPanel", "Splits every layer's matrices over GPUs; keep it inside a node (NVLink).") },
        { "parallel.pp", QT_TRANSLATE_NOOP("ui::InputPanel", "Pipeline parallel (PP):"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "Change pipeline parallelism"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "Splits the layers into stages on different GPUs.") },
        { "parallel.dp", QT_TRANSLATE_NOOP("ui::InputPanel", "&Data parallel (DP):"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "Change data parallelism"),
            QT_TRANSLATE_NOOP(
                "ui::InputPanel", "Number of model replicas; each sees a different slice of the batch.") },
        { "parallel.cp", QT_TRANSLATE_NOOP("ui::InputPanel", "Context parallel (CP):"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "Change context parallelism"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "Splits each sequence over GPUs (ring attention).") },
        { "parallel.ep", QT_TRANSLATE_NOOP("ui::InputPanel", "Expert parallel (EP):"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "Change expert parallelism"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "Spreads the experts of MoE layers over GPUs (within DP × CP).") },
        { .path = "parallel.zero",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "&ZeRO stage:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change ZeRO stage"),
            .items = { { QT_TRANSLATE_NOOP("ui::InputPanel", "0 — no sharding"), 0 },
                { QT_TRANSLATE_NOOP("ui::InputPanel", "1 — shard optimizer states"), 1 },
                { QT_TRANSLATE_NOOP("ui::InputPanel", "2 — also gradients"), 2 },
                { QT_TRANSLATE_NOOP("ui::InputPanel", "3 — also weights (FSDP)"), 3 } } },
        { .path = "parallel.grad_reduce",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "ZeRO-2/3 reduction:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change gradient reduction"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel",
                "With gradient accumulation, ZeRO-2 and ZeRO-3 either reduce-scatter after "
                "every micro-batch and keep only their gradient shard (DeepSpeed, FSDP), or "
                "accumulate the whole gradient and reduce once (FSDP's no_sync): one reduction "
                "instead of one per micro-batch, for unsharded gradient memory. ZeRO-3 then "
                "also keeps its parameters gathered from the first forward to the last "
                "backward (torchtitan with pipeline parallelism)."),
            .items = inOrder(std::array<const char*, 2> { QT_TRANSLATE_NOOP("ui::InputPanel", "Every micro-batch"),
                QT_TRANSLATE_NOOP("ui::InputPanel", "After accumulation") }) },
        { .path = "parallel.gradient_buffers",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Gradients live:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change how long gradients live"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel",
                "Megatron-LM, PyTorch DDP and DeepSpeed keep gradients in buffers allocated once. Plain PyTorch and "
                "FSDP2 (torchtitan, torchtune) create each gradient in the backward and free it after the optimizer "
                "step. With one micro-batch per step the backward then frees activations as it creates gradients, "
                "and the peak holds only the larger of the two."),
            .items = inOrder(std::array<const char*, 2> { QT_TRANSLATE_NOOP("ui::InputPanel", "Kept (Megatron, DDP)"),
                QT_TRANSLATE_NOOP("ui::InputPanel", "Freed each step (PyTorch)") }) },
        { .path = "parallel.dp_collectives",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "DP collectives:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change data-parallel collectives"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel",
                "ZeRO stages 0–2 reduce and gather in large buckets in PyTorch DDP, DeepSpeed and Megatron-LM, but "
                "one layer at a time in PyTorch FSDP (NO_SHARD, SHARD_GRAD_OP). Every call pays the ring's latency, "
                "which grows with the group: at hundreds of GPUs per-layer calls cost several per cent. ZeRO-3 "
                "always works per layer."),
            .items
            = inOrder(std::array<const char*, 2> { QT_TRANSLATE_NOOP("ui::InputPanel", "Buckets (DDP, Megatron)"),
                QT_TRANSLATE_NOOP("ui::InputPanel", "Per layer (FSDP)") }) },
        { .path = "parallel.recompute",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Activation recompute:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change recomputation"),
            .items = { { QT_TRANSLATE_NOOP("ui::InputPanel", "None"), 0 },
                { QT_TRANSLATE_NOOP("ui::InputPanel", "Selective (attention scores)"), 1 },
                { QT_TRANSLATE_NOOP("ui::InputPanel", "Selective (every other matmul, PyTorch op-level)"), 3 },
                { QT_TRANSLATE_NOOP("ui::InputPanel", "Norms, up-projections (DeepSeek-V3)"), 4 },
                { QT_TRANSLATE_NOOP("ui::InputPanel", "Full (every layer)"), 2 } } },
        { "parallel.sequence_parallel", QT_TRANSLATE_NOOP("ui::InputPanel", "Sequence parallel:"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "Toggle sequence parallelism"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "Shards norms and dropout over the TP group (needs TP ≥ 2).") },
        { .path = "parallel.tp_saved_input",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "TP keeps for backward:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change what TP keeps for backward"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel",
                "With sequence parallelism a column-parallel layer all-gathers its input. Megatron-LM keeps only the "
                "sequence shard and gathers it again in the backward; PyTorch's DTensor (torchtitan) keeps the "
                "gathered input, t times the memory for the inputs of the attention and MLP projections."),
            .items = inOrder(std::array<const char*, 2> { QT_TRANSLATE_NOOP("ui::InputPanel", "Shard (Megatron-LM)"),
                QT_TRANSLATE_NOOP("ui::InputPanel", "Gathered (PyTorch DTensor)") }) },
        { "parallel.flash_attention", QT_TRANSLATE_NOOP("ui::InputPanel", "Flash attention:"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "Toggle flash attention") },
        { .path = "parallel.attention_kernel",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Attention kernel:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change attention kernel"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel",
                "The attention core runs at this kernel's measured rate, on the half of the "
                "score square a causal mask leaves; its backward recomputes the scores "
                "(2.5 × the forward). FlashAttention-3 runs on Hopper only; PyTorch's SDPA "
                "uses FlashAttention-2."),
            .items = inOrder(std::array<const char*, 4> { QT_TRANSLATE_NOOP("ui::InputPanel", "Newest for the GPU"),
                QT_TRANSLATE_NOOP("ui::InputPanel", "FlashAttention-1"),
                QT_TRANSLATE_NOOP("ui::InputPanel", "FlashAttention-2"),
                QT_TRANSLATE_NOOP("ui::InputPanel", "FlashAttention-3") }) },
        { "parallel.repeat_kv", QT_TRANSLATE_NOOP("ui::InputPanel", "K/V copied to every head:"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "Toggle K/V copies"),
            QT_TRANSLATE_NOOP("ui::InputPanel",
                "With grouped-query attention, PyTorch's SDPA needs K and V at every query head: torchtitan, "
                "torchtune and Hugging Face copy them (repeat_kv), and the kernel keeps the copies for its backward. "
                "flash-attn and Transformer Engine read the shared heads.") },
        { .path = "parallel.elementwise_kernels",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Elementwise kernels:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change elementwise kernels"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel",
                "Eager PyTorch runs every operation of an RMSNorm, a rotary embedding and SwiGLU as its own kernel, "
                "each reading and writing the activations: nine times a fused norm's memory traffic. "
                "torch.compile, Megatron-LM and Transformer Engine fuse them."),
            .items = inOrder(std::array<const char*, 2> { QT_TRANSLATE_NOOP("ui::InputPanel", "Fused (compiled, TE)"),
                QT_TRANSLATE_NOOP("ui::InputPanel", "Eager PyTorch") }) },
        { .path = "parallel.schedule",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Pipeline schedule:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change pipeline schedule"),
            .items = inOrder(std::array<const char*, 3> { QT_TRANSLATE_NOOP("ui::InputPanel", "GPipe"),
                QT_TRANSLATE_NOOP("ui::InputPanel", "1F1B"),
                QT_TRANSLATE_NOOP("ui::InputPanel", "Interleaved 1F1B") }) },
        { "parallel.virtual_stages", QT_TRANSLATE_NOOP("ui::InputPanel", "Virtual stages:"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "Change virtual stages") },
        { .path = "parallel.pipeline_split",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Layers per stage:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change layers per stage"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel",
                "The first stage also holds the embedding and the most micro-batches, the last the output layer and "
                "the loss. Counting each as a layer gives those stages one layer fewer (Megatron-Core's "
                "account_for_embedding/loss_in_pipeline_split)."),
            .items = inOrder(std::array<const char*, 2> { QT_TRANSLATE_NOOP("ui::InputPanel", "Even"),
                QT_TRANSLATE_NOOP("ui::InputPanel", "Embedding, loss as layers (Llama 3)") }) },
        { "parallel.offload_optimizer", QT_TRANSLATE_NOOP("ui::InputPanel", "Offload optimizer:"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "Toggle optimizer offload"),
            QT_TRANSLATE_NOOP(
                "ui::InputPanel", "Keeps master weights and optimizer states in host memory (ZeRO-Offload).") },
        { "parallel.offload_params", QT_TRANSLATE_NOOP("ui::InputPanel", "Offload parameters:"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "Toggle parameter offload") },
        { "parallel.offload_activations", QT_TRANSLATE_NOOP("ui::InputPanel", "Offload activations:"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "Toggle activation offload"),
            QT_TRANSLATE_NOOP("ui::InputPanel",
                "Sends what the layers keep for the backward to host memory during the forward and fetches it back "
                "a layer ahead of the backward (torchtune, Transformer Engine). The GPU keeps two layers' worth; "
                "the PCIe traffic hides under the compute while it is shorter.") },

        // Hardware (the GPU preset combo is the panel's own). A preset's figure edited keeps the preset
        // and its other figures: the file writes its name with the changed fields next to it.
        { "hardware.gpu.memory_gib", QT_TRANSLATE_NOOP("ui::InputPanel", "Memory (GiB):"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "Change GPU memory") },
        { "hardware.gpu.intra_node_gbps", QT_TRANSLATE_NOOP("ui::InputPanel", "NVLink (GB/s):"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "Change NVLink bandwidth"),
            QT_TRANSLATE_NOOP(
                "ui::InputPanel", "Per GPU, one direction (half the bidirectional figure of datasheets).") },
        { "hardware.gpu.inter_node_gbps", QT_TRANSLATE_NOOP("ui::InputPanel", "Network (GB/s):"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "Change network bandwidth"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "Per GPU, one direction: 400 Gb/s InfiniBand is 50 GB/s.") },
        { "hardware.gpu.pcie_gbps", QT_TRANSLATE_NOOP("ui::InputPanel", "PCIe to host (GB/s):"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "Change PCIe bandwidth"),
            QT_TRANSLATE_NOOP("ui::InputPanel",
                "Per GPU, one direction: what offloaded optimizer states and parameters cross "
                "(PCIe Gen4 x16: 32 GB/s, Gen5: 64 GB/s).") },
        { "hardware.gpu.tdp_watts", QT_TRANSLATE_NOOP("ui::InputPanel", "TDP (W):"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "Change TDP") },
        { "hardware.gpus_per_node", QT_TRANSLATE_NOOP("ui::InputPanel", "GPUs per node:"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "Change GPUs per node"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "GPUs joined by NVLink; groups larger than a node use the network.") },
        { "hardware.host_memory_gbps", QT_TRANSLATE_NOOP("ui::InputPanel", "Host memory (GB/s):"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "Change host memory bandwidth"),
            QT_TRANSLATE_NOOP("ui::InputPanel",
                "CPU memory bandwidth of a whole node, shared by its GPUs: it bounds an offloaded "
                "optimizer step (default 409.6: two EPYC 7742 with eight DDR4-3200 channels each).") },

        // Efficiency, cost and reliability.
        { .path = "efficiency.compute",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Compute efficiency:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change compute efficiency"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel",
                "Achieved fraction of the GPU's achievable matmul throughput — its best measured GEMM "
                "rate (MAMF), 80–87 % of the datasheet peak on NVIDIA GPUs. The default is calibrated on "
                "published runs (docs/FIDELITY.md)."),
            .decimals = 2,
            .step = 0.05 },
        { .path = "efficiency.memory_bound_passes",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Memory-bound passes:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change memory-bound passes"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel",
                "How many times norms, softmax, dropout and activation functions move a layer's "
                "activations through GPU memory per step (default 6, calibrated).") },
        { .path = "efficiency.comm_overlap",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "DP/CP overlap:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change communication overlap"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel",
                "Fraction of data- and context-parallel traffic hidden under the backward pass (default 0.5)."),
            .decimals = 2,
            .step = 0.05 },
        { .path = "efficiency.bus_bandwidth",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Bus bandwidth:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change bus bandwidth"),
            .tip = QT_TRANSLATE_NOOP(
                "ui::InputPanel", "Achieved fraction of the link bandwidth (nccl-tests bus bandwidth, default 0.8)."),
            .decimals = 2,
            .step = 0.05 },
        { .path = "cost.gpu_hour_usd",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Price per GPU-hour:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change GPU price"),
            .decimals = 2,
            .prefix = "$ " },
        { .path = "cost.pricing",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "GPU pricing:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change GPU pricing"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel",
                "How the GPUs are rented; the price per GPU-hour is that pricing's. Spot capacity is cheaper but the "
                "provider takes nodes back: each reclaim costs the work since the last checkpoint and a restart. "
                "Planner → GPU types and prices fills both from a price table."),
            .items = inOrder(std::array<const char*, 3> { QT_TRANSLATE_NOOP("ui::InputPanel", "On demand"),
                QT_TRANSLATE_NOOP("ui::InputPanel", "Reserved"), QT_TRANSLATE_NOOP("ui::InputPanel", "Spot") }) },
        { .path = "cost.kwh_usd",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Price per kWh:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change energy price"),
            .decimals = 3,
            .prefix = "$ " },
        { .path = "cost.storage_usd_per_tb_month",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Storage per TB-month:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change storage price"),
            .tip = QT_TRANSLATE_NOOP(
                "ui::InputPanel", "Price of checkpoint storage (default $23: AWS S3 Standard list price)."),
            .decimals = 2,
            .prefix = "$ " },
        { "cost.checkpoints_kept", QT_TRANSLATE_NOOP("ui::InputPanel", "Checkpoints kept:"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "Change checkpoints kept"),
            QT_TRANSLATE_NOOP("ui::InputPanel",
                "Checkpoints stored at the same time (default 2: the latest and one to fall back on).") },
        { .path = "cost.network_usd_per_tb",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Network per TB:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change network price"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel",
                "Price of inter-node traffic; 0 when the fabric is included in the GPU price (default)."),
            .decimals = 2,
            .prefix = "$ " },
        { "cost.team_size", QT_TRANSLATE_NOOP("ui::InputPanel", "Team (people):"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "Change team size"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "People running the training full time while it lasts (default 0).") },
        { .path = "cost.person_month_usd",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Cost per person-month:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change person-month cost"),
            .tip = QT_TRANSLATE_NOOP(
                "ui::InputPanel", "Fully loaded cost of one person for a month (default $20,000, an assumption)."),
            .decimals = 0,
            .prefix = "$ " },
        { .path = "cost.pue",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "PUE:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change PUE"),
            .tip = QT_TRANSLATE_NOOP(
                "ui::InputPanel", "Power usage effectiveness of the data centre: facility power / IT power."),
            .decimals = 2 },
        { .path = "reliability.gpu_mtbf_hours",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "MTBF per GPU (hours):"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change MTBF"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel",
                "Mean time between failures of one GPU with its share of the system. "
                "Default 50,000 h: the Llama 3 record, 419 interruptions in 54 days on 16,384 GPUs."),
            .decimals = 0 },
        { .path = "reliability.spot_interruptions_per_node_day",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Spot reclaims per node-day:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change spot reclaim rate"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel",
                "Spot pricing only: how often the provider takes a node back, per node and day (its spot advisor's "
                "interruption frequency, or a price table's). Added to the GPUs' failures: more interruptions, a "
                "shorter checkpoint interval, a lower goodput."),
            .decimals = 3,
            .step = 0.05 },
        { "reliability.restart_minutes", QT_TRANSLATE_NOOP("ui::InputPanel", "Restart (minutes):"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "Change restart time") },
        { "reliability.checkpoint_write_gbps", QT_TRANSLATE_NOOP("ui::InputPanel", "Checkpoint write (GB/s):"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "Change checkpoint bandwidth"),
            QT_TRANSLATE_NOOP("ui::InputPanel", "Aggregate write bandwidth of the checkpoint storage.") },

        // Memory overheads.
        { .path = "overhead.cuda_context_gib",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "CUDA context (GiB):"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change CUDA context size"),
            .tip = QT_TRANSLATE_NOOP(
                "ui::InputPanel", "CUDA context and library workspaces on every GPU (default 0.6 GiB, docs/MODEL.md)."),
            .decimals = 2 },
        { .path = "overhead.comm_buffer_gib_per_group",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "NCCL buffers per group (GiB):"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change communication buffers"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel",
                "Buffers of each communicator (TP, PP, CP, EP, DP) the GPU belongs to (default 0.47 GiB)."),
            .decimals = 2 },
        { .path = "overhead.grad_bucket_mib",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Gradient bucket (MiB):"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change gradient bucket"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel",
                "Data-parallel reduction bucket without sharded gradients (PyTorch DDP bucket_cap_mb, default 25)."),
            .decimals = 0 },
        { .path = "overhead.fragmentation",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Fragmentation:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change fragmentation"),
            .tip
            = QT_TRANSLATE_NOOP("ui::InputPanel", "Allocator slack as a fraction of allocated memory (default 0.05)."),
            .decimals = 2 },
        // Two decimals: torchtune's chunked loss holds 2.75 bytes per logit.
        { .path = "overhead.loss_bytes_per_logit",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Loss bytes per logit:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change loss bytes per logit"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel",
                "Bytes per token and vocabulary entry held at the loss: 4 for Megatron's fused "
                "cross-entropy (default), 12 for PyTorch's cross_entropy(logits.float())."),
            .decimals = 2 },
    };
    return table;
}

} // namespace

const FieldText* fieldText(std::string_view path)
{
    for (const auto& t : texts())
        if (path == t.path) return &t;
    return nullptr;
}

} // namespace ui
