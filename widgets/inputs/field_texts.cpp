#include "widgets/inputs/field_texts.h"

#include "core/base/types.h"
#include "core/scenario/scenario_fields.h"
#include "core/scenario/scenario_io.h"
#include "widgets/text/format.h"

#include <QCoreApplication>
#include <QLocale>
#include <QRegularExpression>
#include <QStringList>
#include <QtGlobal>

#include <algorithm>
#include <array>
#include <cmath>

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
        { .path = "model.layers",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Layers:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change layers"),
            .tip = QT_TRANSLATE_NOOP(
                "ui::InputPanel", "Transformer blocks stacked in the model; pipeline stages split them.") },
        { .path = "model.hidden",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Hidden size:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change hidden size"),
            .tip = QT_TRANSLATE_NOOP(
                "ui::InputPanel", "Width of the residual stream: the size of every token's vector between layers.") },
        { .path = "model.heads",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Attention heads:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change attention heads"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel",
                "Query heads of each attention layer; tensor parallelism splits them, so TP must divide them.") },
        { .path = "model.kv_heads",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "KV heads (GQA):"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change KV heads"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel",
                "Key/value heads shared by groups of query heads (grouped-query attention); equal to the heads for "
                "plain multi-head attention, 1 for multi-query.") },
        { .path = "model.ffn_hidden",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "FFN hidden size:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change FFN size"),
            .tip = QT_TRANSLATE_NOOP(
                "ui::InputPanel", "Inner width of each MLP block (SwiGLU: of each of its three matrices).") },
        { .path = "model.vocab",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Vocabulary:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change vocabulary"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel",
                "Entries of the embedding and the output layer; the logits of the loss are sequence × vocabulary per "
                "micro-batch."),
            .unitName = QT_TRANSLATE_NOOP("ui::InputPanel", "tokens") },
        { .path = "model.experts",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Experts (0 = dense):"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change experts"),
            .tip = QT_TRANSLATE_NOOP(
                "ui::InputPanel", "Routed experts of each mixture-of-experts layer; 0 makes the model dense.") },
        { .path = "model.top_k",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Experts per token (top-k):"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change top-k"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel",
                "Experts each token is routed to: the compute per token follows k, the weights follow all experts."),
            .floor = 0 },
        { .path = "model.moe_ffn_hidden",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Expert FFN size:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change expert FFN size"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel", "Inner width of each expert's MLP."),
            .floor = 0 },
        { .path = "model.shared_experts",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Shared experts:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change shared experts"),
            .tip = QT_TRANSLATE_NOOP(
                "ui::InputPanel", "Experts every token passes through besides its routed ones (DeepSeek-V3: 1).") },
        { .path = "model.routed_node_limit",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Nodes per token (0 = any):"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change nodes per token"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel",
                "Node-limited routing: each token's experts lie on at most this many nodes, which bounds the "
                "all-to-all over the network (DeepSeek-V3: 4)."),
            .unitName = QT_TRANSLATE_NOOP("ui::InputPanel", "nodes") },
        { .path = "model.dense_layers",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Dense first layers:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change dense first layers"),
            .tip = QT_TRANSLATE_NOOP(
                "ui::InputPanel", "Layers at the bottom that keep a dense MLP instead of experts (DeepSeek-V3: 3).") },
        { .path = "model.kv_lora_rank",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "KV latent rank (0 = no MLA):"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change KV latent rank"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel",
                "Multi-head latent attention: keys and values are stored as one compressed vector of this width per "
                "token (DeepSeek-V2/V3: 512).") },
        { .path = "model.q_lora_rank",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Q latent rank (MLA):"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change Q latent rank"),
            .tip = QT_TRANSLATE_NOOP(
                "ui::InputPanel", "Multi-head latent attention: width of the compressed query (DeepSeek-V3: 1536).") },
        { .path = "model.mtp_layers",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "MTP modules:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change MTP modules"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel",
                "Multi-token prediction modules after the last layer, each predicting one more token ahead "
                "(DeepSeek-V3: 1).") },

        // Training.
        { .path = "training.seq_len",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Sequence length:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change sequence length"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel", "Tokens per sequence."),
            .unitName = QT_TRANSLATE_NOOP("ui::InputPanel", "tokens"),
            .source = QT_TRANSLATE_NOOP("ui::InputPanel",
                "Llama 2's pre-training (Touvron et al. 2023, §2.2: 4k context, 4M-token batches, 2T tokens)") },
        { .path = "training.micro_batch",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Micro-batch:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change micro-batch"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel", "Sequences per GPU per forward/backward pass."),
            .unitName = QT_TRANSLATE_NOOP("ui::InputPanel", "sequences") },
        { .path = "training.global_batch",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Global batch:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change global batch"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel", "Sequences per optimizer step, over all replicas."),
            .unitName = QT_TRANSLATE_NOOP("ui::InputPanel", "sequences"),
            .source = QT_TRANSLATE_NOOP("ui::InputPanel",
                "Llama 2's pre-training (Touvron et al. 2023, §2.2: 4k context, 4M-token batches, 2T tokens)") },
        { .path = "training.tokens",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Tokens (billions):"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change token budget"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel",
                "Tokens the whole run trains on; with the global batch and sequence length it sets the number of "
                "steps."),
            .unitName = QT_TRANSLATE_NOOP("ui::InputPanel", "billions of tokens"),
            .source = QT_TRANSLATE_NOOP("ui::InputPanel",
                "Llama 2's pre-training (Touvron et al. 2023, §2.2: 4k context, 4M-token batches, 2T tokens)"),
            .decimals = 1,
            .unit = 1e9 },
        { .path = "training.optimizer",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Optimizer:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change optimizer"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel",
                "The optimizer decides the states kept per parameter: AdamW two (momentum and variance), SGD with "
                "momentum one, Adafactor factored ones, 8-bit AdamW two of one byte."),
            .items = inOrder(std::array<const char*, 7> { QT_TRANSLATE_NOOP("ui::InputPanel", "AdamW"),
                QT_TRANSLATE_NOOP("ui::InputPanel", "Adam"), QT_TRANSLATE_NOOP("ui::InputPanel", "SGD"),
                QT_TRANSLATE_NOOP("ui::InputPanel", "SGD with momentum"), QT_TRANSLATE_NOOP("ui::InputPanel", "Lion"),
                QT_TRANSLATE_NOOP("ui::InputPanel", "Adafactor"),
                QT_TRANSLATE_NOOP("ui::InputPanel", "8-bit AdamW") }) },
        { .path = "training.method",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Method:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change training method"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel",
                "Full training updates every weight; LoRA trains small adapters beside frozen weights, QLoRA also "
                "stores the frozen base in 4 bits (NF4)."),
            .items = inOrder(std::array<const char*, 3> { QT_TRANSLATE_NOOP("ui::InputPanel", "Full training"),
                QT_TRANSLATE_NOOP("ui::InputPanel", "LoRA fine-tuning"),
                QT_TRANSLATE_NOOP("ui::InputPanel", "QLoRA fine-tuning (NF4 base)") }) },
        { .path = "training.framework",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Software stack:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change software stack"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel",
                "The training framework, and what it adds to the GPU's own work.\n"
                "Generic: nothing; the efficiency settings say what overlaps. Pick it for any stack not listed.\n"
                "Megatron-LM (2021–23), Megatron-DeepSpeed: Python launches every GPU kernel, about 50 µs of CPU "
                "time each, so a small model waits for its CPU (the host); Megatron's fast softmax only where it "
                "applies; gradients averaged after the backward pass, not during it. Fitted on vTrain's measured "
                "runs (Help → How Accurate Is This?); there Megatron-DeepSpeed's GPU work also runs 2 % slower (its "
                "fitted efficiency, 0.98).\n"
                "LitGPT, Hugging Face Trainer (PEFT): QLoRA through bitsandbytes, which keeps each 4-bit layer's "
                "input for the backward pass.\n"
                "Megatron-Core: Megatron's optimizer (58 bytes moved per parameter each step) and its softmax rule; "
                "gradients averaged during the backward pass.\n"
                "DeepSpeed, GPT-NeoX, torchtitan, llm-foundry: the GPU's work as Generic; whether gradients are "
                "averaged during the backward pass is the overlap setting. Their CPU cost is not measured.\n"
                "The Megatron stacks multiply Q, K and V as one matrix (and SwiGLU's gate and up); GPT-NeoX, LitGPT "
                "and llm-foundry fuse Q, K and V only; the others keep them apart: fewer, wider multiplications "
                "fill the GPU better."),
            .items
            = inOrder(std::array<const char*, 10> { QT_TRANSLATE_NOOP("ui::InputPanel", "Generic (GPU work only)"),
                QT_TRANSLATE_NOOP("ui::InputPanel", "Megatron-LM (2021–23)"),
                QT_TRANSLATE_NOOP("ui::InputPanel", "Megatron-DeepSpeed"),
                QT_TRANSLATE_NOOP("ui::InputPanel", "LitGPT"),
                QT_TRANSLATE_NOOP("ui::InputPanel", "Hugging Face Trainer (PEFT)"),
                QT_TRANSLATE_NOOP("ui::InputPanel", "Megatron-Core (2023 on)"),
                QT_TRANSLATE_NOOP("ui::InputPanel", "DeepSpeed (ZeRO)"),
                QT_TRANSLATE_NOOP("ui::InputPanel", "GPT-NeoX"), QT_TRANSLATE_NOOP("ui::InputPanel", "torchtitan"),
                QT_TRANSLATE_NOOP("ui::InputPanel", "llm-foundry (Composer)") }) },
        { .path = "training.lora_rank",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "LoRA rank:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change LoRA rank"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel",
                "Rank r of the LoRA adapters: each adapted d × k matrix gets r × (d + k) trainable parameters."),
            .source = QT_TRANSLATE_NOOP("ui::InputPanel", "an assumption; Hu et al. 2021 (LoRA) try ranks 1 to 64") },

        // Precision (the recipe combo is the panel's own).
        { .path = "precision.compute",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Compute:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change compute format"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel",
                "Format of the matmuls' inputs; it sets the GPU's peak rate (FP8 doubles BF16's on Hopper)."),
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
            .tip = QT_TRANSLATE_NOOP(
                "ui::InputPanel", "Format of the working copy of the weights used in the forward and backward."),
            .items = inOrder(kDTypeTexts) },
        { .path = "precision.gradients",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Gradients:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change gradient format"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel",
                "Format the gradients are stored and summed in; BF16 sums lose small contributions over many "
                "micro-batches."),
            .items = inOrder(kDTypeTexts) },
        { .path = "precision.master_weights",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Master weights:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change master-weight format"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel",
                "FP32 copy the optimizer updates: an update below half a BF16 step would otherwise be rounded away. "
                "None for pure low-precision training."),
            .items = masterWeightItems() },
        { .path = "precision.optimizer_states",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Optimizer states:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change optimizer-state format"),
            .tip
            = QT_TRANSLATE_NOOP("ui::InputPanel", "Format of the optimizer's states (Adam's momentum and variance)."),
            .items = inOrder(kDTypeTexts) },

        // Parallelism.
        { .path = "parallel.tp",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Tensor parallel (TP):"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change tensor parallelism"),
            .tip = QT_TRANSLATE_NOOP(
                "ui::InputPanel", "Splits every layer's matrices over GPUs; keep it inside a node (NVLink)."),
            //: a unit after "Unit:", a count of GPUs (Chinese: the measure word, "块 GPU")
            .unitName = QT_TRANSLATE_NOOP("ui::InputPanel", "GPUs") },
        { .path = "parallel.pp",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Pipeline parallel (PP):"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change pipeline parallelism"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel", "Splits the layers into stages on different GPUs."),
            .unitName = QT_TRANSLATE_NOOP("ui::InputPanel", "stages") },
        { .path = "parallel.dp",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "&Data parallel (DP):"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change data parallelism"),
            .tip = QT_TRANSLATE_NOOP(
                "ui::InputPanel", "Number of model replicas; each sees a different slice of the batch."),
            .unitName = QT_TRANSLATE_NOOP("ui::InputPanel", "replicas") },
        { .path = "parallel.cp",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Context parallel (CP):"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change context parallelism"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel", "Splits each sequence over GPUs (ring attention)."),
            .unitName = QT_TRANSLATE_NOOP("ui::InputPanel", "GPUs") },
        { .path = "parallel.ep",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Expert parallel (EP):"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change expert parallelism"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel", "Spreads the experts of MoE layers over GPUs (within DP × CP)."),
            .unitName = QT_TRANSLATE_NOOP("ui::InputPanel", "GPUs") },
        { .path = "parallel.zero",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "&ZeRO stage:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change ZeRO stage"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel",
                "ZeRO shards the model states over the data-parallel GPUs: stage 1 the optimizer states, 2 also the "
                "gradients, 3 also the weights (FSDP), each at the cost of more traffic (Rajbhandari et al. 2020)."),
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
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel",
                "Activation recomputation drops what the forward keeps and recomputes it in the backward: less memory "
                "for more compute (full: about a third more; selective: a few percent, Korthikanti et al. 2022)."),
            .items = { { QT_TRANSLATE_NOOP("ui::InputPanel", "None"), 0 },
                { QT_TRANSLATE_NOOP("ui::InputPanel", "Selective (attention scores)"), 1 },
                { QT_TRANSLATE_NOOP("ui::InputPanel", "Selective (every other matmul, PyTorch op-level)"), 3 },
                { QT_TRANSLATE_NOOP("ui::InputPanel", "Norms, up-projections (DeepSeek-V3)"), 4 },
                { QT_TRANSLATE_NOOP("ui::InputPanel", "Full (every layer)"), 2 } } },
        { .path = "parallel.sequence_parallel",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Sequence parallel:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Toggle sequence parallelism"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel", "Shards norms and dropout over the TP group (needs TP ≥ 2).") },
        { .path = "parallel.tp_saved_input",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "TP keeps for backward:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change what TP keeps for backward"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel",
                "With sequence parallelism a column-parallel layer all-gathers its input. Megatron-LM keeps only the "
                "sequence shard and gathers it again in the backward; PyTorch's DTensor (torchtitan) keeps the "
                "gathered input, t times the memory for the inputs of the attention and MLP projections."),
            .items = inOrder(std::array<const char*, 2> { QT_TRANSLATE_NOOP("ui::InputPanel", "Shard (Megatron-LM)"),
                QT_TRANSLATE_NOOP("ui::InputPanel", "Gathered (PyTorch DTensor)") }) },
        { .path = "parallel.flash_attention",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Flash attention:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Toggle flash attention"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel",
                "Fused attention that never stores the score matrix (Dao et al. 2022): memory linear, not quadratic, "
                "in the sequence.") },
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
        { .path = "parallel.repeat_kv",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "K/V copied to every head:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Toggle K/V copies"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel",
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
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel",
                "Order of the micro-batches' forward and backward passes over the pipeline stages: GPipe runs all "
                "forwards first; 1F1B alternates and keeps at most PP micro-batches in flight; interleaved 1F1B gives "
                "each GPU several chunks for a smaller bubble (Narayanan et al. 2021)."),
            .items = inOrder(std::array<const char*, 3> { QT_TRANSLATE_NOOP("ui::InputPanel", "GPipe"),
                QT_TRANSLATE_NOOP("ui::InputPanel", "1F1B"),
                QT_TRANSLATE_NOOP("ui::InputPanel", "Interleaved 1F1B") }) },
        { .path = "parallel.virtual_stages",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Virtual stages:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change virtual stages"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel",
                "Interleaved schedule: model chunks per GPU. v chunks cut the pipeline bubble by v at the cost of v "
                "times the pipeline's messages (Narayanan et al. 2021 §2.2)."),
            .unitName = QT_TRANSLATE_NOOP("ui::InputPanel", "chunks per GPU") },
        { .path = "parallel.pipeline_split",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Layers per stage:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change layers per stage"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel",
                "The first stage also holds the embedding and the most micro-batches, the last the output layer and "
                "the loss; every stage waits for the busiest one.\n"
                "Even: as many layers on every stage; the last also runs the output layer.\n"
                "Embedding, loss as layers: the first and last stages hold one layer fewer (Megatron-Core's "
                "account_for_embedding/loss_in_pipeline_split).\n"
                "Balanced: the stack places the layers so that every stage does the same work (DeepSeek-V3's "
                "DualPipe puts the first and the last layers on one GPU); no launcher has a setting for it."),
            .items = inOrder(std::array<const char*, 3> { QT_TRANSLATE_NOOP("ui::InputPanel", "Even"),
                QT_TRANSLATE_NOOP("ui::InputPanel", "Embedding, loss as layers (Llama 3)"),
                QT_TRANSLATE_NOOP("ui::InputPanel", "Balanced (DeepSeek-V3)") }) },
        { .path = "parallel.offload_optimizer",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Offload optimizer:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Toggle optimizer offload"),
            .tip = QT_TRANSLATE_NOOP(
                "ui::InputPanel", "Keeps master weights and optimizer states in host memory (ZeRO-Offload).") },
        { .path = "parallel.offload_params",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Offload parameters:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Toggle parameter offload"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel",
                "Keeps the weights in host memory and streams each layer's over PCIe when it runs (ZeRO-Infinity, FSDP "
                "CPU offload).") },
        { .path = "parallel.offload_activations",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Offload activations:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Toggle activation offload"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel",
                "Sends what the layers keep for the backward to host memory during the forward and fetches it back "
                "a layer ahead of the backward (torchtune, Transformer Engine). The GPU keeps two layers' worth; "
                "the PCIe traffic hides under the compute while it is shorter.") },

        // Hardware (the GPU preset combo is the panel's own). A preset's figure edited keeps the preset
        // and its other figures: the file writes its name with the changed fields next to it.
        { .path = "hardware.gpu.memory_gib",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Memory (GiB):"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change GPU memory"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel", "Memory of one GPU; what the memory chart compares against."),
            .unitName = QT_TRANSLATE_NOOP("ui::InputPanel", "GiB"),
            .listName = QT_TRANSLATE_NOOP("ui::InputPanel", "memory") },
        { .path = "hardware.gpu.intra_node_gbps",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "NVLink (GB/s):"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change NVLink bandwidth"),
            .tip = QT_TRANSLATE_NOOP(
                "ui::InputPanel", "Per GPU, one direction (half the bidirectional figure of datasheets)."),
            .unitName = QT_TRANSLATE_NOOP("ui::InputPanel", "GB/s"),
            .listName = QT_TRANSLATE_NOOP("ui::InputPanel", "NVLink") },
        { .path = "hardware.gpu.inter_node_gbps",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Network (GB/s):"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change network bandwidth"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel", "Per GPU, one direction: 400 Gb/s InfiniBand is 50 GB/s."),
            .unitName = QT_TRANSLATE_NOOP("ui::InputPanel", "GB/s"),
            .listName = QT_TRANSLATE_NOOP("ui::InputPanel", "network") },
        { .path = "hardware.gpu.pcie_gbps",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "PCIe to host (GB/s):"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change PCIe bandwidth"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel",
                "Per GPU, one direction: what offloaded optimizer states and parameters cross "
                "(PCIe Gen4 x16: 32 GB/s, Gen5: 64 GB/s)."),
            .unitName = QT_TRANSLATE_NOOP("ui::InputPanel", "GB/s"),
            .listName = QT_TRANSLATE_NOOP("ui::InputPanel", "PCIe") },
        { .path = "hardware.gpu.tdp_watts",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "TDP (W):"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change TDP"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel",
                "Thermal design power of one GPU, used for the energy where the system's power per GPU is not known."),
            .unitName = QT_TRANSLATE_NOOP("ui::InputPanel", "W"),
            .listName = QT_TRANSLATE_NOOP("ui::InputPanel", "TDP") },
        { .path = "hardware.gpus_per_node",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "GPUs per node:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change GPUs per node"),
            .tip
            = QT_TRANSLATE_NOOP("ui::InputPanel", "GPUs joined by NVLink; groups larger than a node use the network."),
            .unitName = QT_TRANSLATE_NOOP("ui::InputPanel", "GPUs"),
            .source = QT_TRANSLATE_NOOP("ui::InputPanel", "an 8-GPU server (DGX A100, HGX H100)") },
        { .path = "hardware.host_memory_gbps",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Host memory bandwidth (GB/s):"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change host memory bandwidth"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel",
                "CPU memory bandwidth of a whole node, shared by its GPUs: it bounds an offloaded "
                "optimizer step (default 409.6: two EPYC 7742 with eight DDR4-3200 channels each)."),
            .unitName = QT_TRANSLATE_NOOP("ui::InputPanel", "GB/s per node"),
            .source
            = QT_TRANSLATE_NOOP("ui::InputPanel", "a DGX A100's two EPYC 7742 with eight DDR4-3200 channels each") },

        // Efficiency, cost and reliability.
        { .path = "efficiency.compute",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Compute efficiency:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change compute efficiency"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel",
                "Achieved fraction of the GPU's achievable matmul throughput — its best measured GEMM "
                "rate (MAMF), 80–87 % of the datasheet peak on NVIDIA GPUs. The default is calibrated on "
                "published runs (Help › How Accurate Is This?)."),
            .unitName = QT_TRANSLATE_NOOP("ui::InputPanel", "fraction"),
            .source
            = QT_TRANSLATE_NOOP("ui::InputPanel", "calibrated on published runs (Help › How Accurate Is This?)"),
            .decimals = 2,
            .step = 0.05 },
        { .path = "efficiency.memory_bound_passes",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Memory-bound passes:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change memory-bound passes"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel",
                "How many times norms, softmax, dropout and activation functions move a layer's "
                "activations through GPU memory per step (default 6, calibrated)."),
            .unitName = QT_TRANSLATE_NOOP("ui::InputPanel", "passes per step"),
            .source
            = QT_TRANSLATE_NOOP("ui::InputPanel", "the mechanism's count, kept after calibration on published runs") },
        { .path = "efficiency.comm_overlap",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "DP/CP overlap:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change communication overlap"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel",
                "Fraction of data- and context-parallel traffic hidden under the backward pass (default 0.5)."),
            .unitName = QT_TRANSLATE_NOOP("ui::InputPanel", "fraction"),
            .source = QT_TRANSLATE_NOOP("ui::InputPanel", "an assumption, not fitted to measured runs"),
            .decimals = 2,
            .step = 0.05 },
        { .path = "efficiency.bus_bandwidth",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Bus bandwidth:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change bus bandwidth"),
            .tip = QT_TRANSLATE_NOOP(
                "ui::InputPanel", "Achieved fraction of the link bandwidth (nccl-tests bus bandwidth, default 0.8)."),
            .unitName = QT_TRANSLATE_NOOP("ui::InputPanel", "fraction"),
            .source = QT_TRANSLATE_NOOP("ui::InputPanel",
                "nccl-tests on DGX systems reach about 80 % of NVLink's nominal bandwidth (NVIDIA nccl-tests)"),
            .decimals = 2,
            .step = 0.05 },
        { .path = "cost.gpu_hour_usd",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Price per GPU-hour:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change GPU price"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel",
                "What one GPU costs per hour at the chosen pricing; GPU-hours × this is most of the run's cost."),
            .unitName = QT_TRANSLATE_NOOP("ui::InputPanel", "US$ per GPU-hour"),
            .source = QT_TRANSLATE_NOOP("ui::InputPanel",
                "an assumption near public A100 rates (example price table: AWS Capacity Blocks $1.84, 2024-12): enter "
                "your quote"),
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
            .tip = QT_TRANSLATE_NOOP(
                "ui::InputPanel", "Price of electricity; the energy is the servers' power per GPU × PUE × GPU-hours."),
            .unitName = QT_TRANSLATE_NOOP("ui::InputPanel", "US$ per kWh"),
            .source = QT_TRANSLATE_NOOP("ui::InputPanel", "an assumption: enter your site's price"),
            .decimals = 3,
            .prefix = "$ " },
        { .path = "cost.storage_usd_per_tb_month",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Storage per TB-month:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change storage price"),
            .tip = QT_TRANSLATE_NOOP(
                "ui::InputPanel", "Price of checkpoint storage (default $23: AWS S3 Standard list price)."),
            .unitName = QT_TRANSLATE_NOOP("ui::InputPanel", "US$ per TB-month"),
            .source = QT_TRANSLATE_NOOP("ui::InputPanel", "the AWS S3 Standard list price of $0.023 per GB-month"),
            .decimals = 2,
            .prefix = "$ " },
        { .path = "cost.checkpoints_kept",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Checkpoints kept:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change checkpoints kept"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel",
                "Checkpoints stored at the same time (default 2: the latest and one to fall back on).") },
        { .path = "cost.network_usd_per_tb",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Network per TB:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change network price"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel",
                "Price of inter-node traffic; 0 when the fabric is included in the GPU price (default)."),
            .unitName = QT_TRANSLATE_NOOP("ui::InputPanel", "US$ per TB"),
            .decimals = 2,
            .prefix = "$ " },
        { .path = "cost.team_size",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Team (people):"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change team size"),
            .tip
            = QT_TRANSLATE_NOOP("ui::InputPanel", "People running the training full time while it lasts (default 0)."),
            .unitName = QT_TRANSLATE_NOOP("ui::InputPanel", "people") },
        { .path = "cost.person_month_usd",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Cost per person-month:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change person-month cost"),
            .tip = QT_TRANSLATE_NOOP(
                "ui::InputPanel", "Fully loaded cost of one person for a month (default $20,000, an assumption)."),
            .unitName = QT_TRANSLATE_NOOP("ui::InputPanel", "US$"),
            .decimals = 0,
            .prefix = "$ " },
        { .path = "cost.pue",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "PUE:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change PUE"),
            .tip = QT_TRANSLATE_NOOP(
                "ui::InputPanel", "Power usage effectiveness of the data centre: facility power / IT power."),
            .source = QT_TRANSLATE_NOOP("ui::InputPanel", "an assumption: enter your data centre's"),
            .decimals = 2 },
        { .path = "reliability.gpu_mtbf_hours",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "MTBF per GPU (hours):"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change MTBF"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel",
                "Mean time between failures of one GPU with its share of the system. "
                "Default 50,000 h: the Llama 3 record, 419 interruptions in 54 days on 16,384 GPUs."),
            .unitName = QT_TRANSLATE_NOOP("ui::InputPanel", "hours"),
            .source = QT_TRANSLATE_NOOP("ui::InputPanel", "Llama Team 2024 §3.3.4, Table 5"),
            .decimals = 0 },
        { .path = "reliability.spot_interruptions_per_node_day",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Spot reclaims per node-day:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change spot reclaim rate"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel",
                "Spot pricing only: how often the provider takes a node back, per node and day (its spot advisor's "
                "interruption frequency, or a price table's). Added to the GPUs' failures: more interruptions, a "
                "shorter checkpoint interval, a lower goodput."),
            .unitName = QT_TRANSLATE_NOOP("ui::InputPanel", "reclaims per node per day"),
            .decimals = 3,
            .step = 0.05 },
        { .path = "reliability.restart_minutes",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Restart (minutes):"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change restart time"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel",
                "Time from an interruption to training again: detecting the failure, replacing or restarting the "
                "nodes, loading the last checkpoint."),
            .unitName = QT_TRANSLATE_NOOP("ui::InputPanel", "minutes"),
            .source = QT_TRANSLATE_NOOP("ui::InputPanel", "an assumption: enter your cluster's") },
        { .path = "reliability.checkpoint_write_gbps",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Checkpoint write (GB/s):"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change checkpoint bandwidth"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel", "Aggregate write bandwidth of the checkpoint storage."),
            .unitName = QT_TRANSLATE_NOOP("ui::InputPanel", "GB/s"),
            .source = QT_TRANSLATE_NOOP(
                "ui::InputPanel", "an assumption; Meta's storage sustains 2 TB/s (Llama Team 2024 §3.3.1)") },

        // Memory overheads.
        { .path = "overhead.cuda_context_gib",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "CUDA context (GiB):"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change CUDA context size"),
            .tip = QT_TRANSLATE_NOOP(
                "ui::InputPanel", "CUDA context and library workspaces on every GPU (default 0.6 GiB)."),
            .unitName = QT_TRANSLATE_NOOP("ui::InputPanel", "GiB per GPU"),
            .source
            = QT_TRANSLATE_NOOP("ui::InputPanel", "the gpu_poor memory calculator's fixed 650 MB CUDA overhead"),
            .decimals = 2 },
        { .path = "overhead.comm_buffer_gib_per_group",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "NCCL buffers per group (GiB):"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change communication buffers"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel",
                "Buffers of each communicator (TP, PP, CP, EP, DP) the GPU belongs to (default 0.47 GiB)."),
            .unitName = QT_TRANSLATE_NOOP("ui::InputPanel", "GiB per communicator"),
            .source = QT_TRANSLATE_NOOP("ui::InputPanel", "the okoge-kaz memory estimator's figure per communicator"),
            .decimals = 2 },
        { .path = "overhead.grad_bucket_mib",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Gradient bucket (MiB):"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change gradient bucket"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel",
                "Data-parallel reduction bucket without sharded gradients (PyTorch DDP bucket_cap_mb, default 25)."),
            .unitName = QT_TRANSLATE_NOOP("ui::InputPanel", "MiB"),
            .source = QT_TRANSLATE_NOOP("ui::InputPanel", "PyTorch DistributedDataParallel's bucket_cap_mb default"),
            .decimals = 0 },
        { .path = "overhead.fragmentation",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Fragmentation:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change fragmentation"),
            .tip
            = QT_TRANSLATE_NOOP("ui::InputPanel", "Allocator slack as a fraction of allocated memory (default 0.05)."),
            .unitName = QT_TRANSLATE_NOOP("ui::InputPanel", "fraction of allocated memory"),
            .source = QT_TRANSLATE_NOOP("ui::InputPanel",
                "an assumption (no public source gives a general figure): calibrate it from a measured run"),
            .decimals = 2 },
        // Two decimals: torchtune's chunked loss holds 2.75 bytes per logit.
        { .path = "overhead.loss_bytes_per_logit",
            .label = QT_TRANSLATE_NOOP("ui::InputPanel", "Loss bytes per logit:"),
            .undo = QT_TRANSLATE_NOOP("ui::InputPanel", "Change loss bytes per logit"),
            .tip = QT_TRANSLATE_NOOP("ui::InputPanel",
                "Bytes per token and vocabulary entry held at the loss: 4 for Megatron's fused "
                "cross-entropy (default), 12 for PyTorch's cross_entropy(logits.float())."),
            .unitName = QT_TRANSLATE_NOOP("ui::InputPanel", "bytes per logit"),
            .source = QT_TRANSLATE_NOOP("ui::InputPanel", "Megatron-LM's fused cross-entropy"),
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

namespace {

QString translated(const char* text)
{
    return QCoreApplication::translate("ui::InputPanel", text);
}

/// Where a section's defaults come from, for a key that names no source of its own.
const char* sectionSource(std::string_view path)
{
    if (path.starts_with("model."))
        return QT_TRANSLATE_NOOP("ui::InputPanel",
            "Llama 2 7B's published shape (Touvron et al. 2023, Table 1), the default scenario's model; a preset "
            "brings its own");
    if (path.starts_with("precision."))
        return QT_TRANSLATE_NOOP("ui::InputPanel",
            "BF16 mixed precision with FP32 master weights and states (Micikevicius et al. 2018), the recipe of "
            "Megatron-LM and DeepSpeed");
    if (path.starts_with("parallel."))
        return QT_TRANSLATE_NOOP("ui::InputPanel", "the default scenario: one 8-GPU node, data parallel with ZeRO-1");
    if (path.starts_with("hardware.gpu."))
        return QT_TRANSLATE_NOOP(
            "ui::InputPanel", "the chosen GPU's datasheet (the default scenario's: NVIDIA A100 SXM 80GB)");
    return QT_TRANSLATE_NOOP("ui::InputPanel", "the default scenario (File › New)");
}

/// The label as a name inside a sentence: no mnemonic ("&GPU:", Chinese "GPU(&G)："), no colon.
QString labelName(const FieldText& text)
{
    QString name = translated(text.label);
    return name.remove(QRegularExpression(QStringLiteral("\\(&.\\)|&(?=[^&])")))
        .remove(QRegularExpression(QStringLiteral("[:：]\\s*$")))
        .trimmed();
}

/// A value of the key as the form shows it: the choice's text, on/off, the number in shown units.
QString shownValue(const core::Field& field, const FieldText& text, double value)
{
    for (const auto& [itemText, itemValue] : text.items)
        if (itemValue == static_cast<int>(value)) return translated(itemText);
    if (field.kind == core::FieldKind::boolean)
        //: the value of a switch (sequence parallelism, flash attention…)
        return value != 0 ? translated(QT_TRANSLATE_NOOP("ui::InputPanel", "on"))
                          //: the value of a switch
                          : translated(QT_TRANSLATE_NOOP("ui::InputPanel", "off"));
    const QString number = field.kind == core::FieldKind::number ? formatSignificant(value / text.unit, 6)
                                                                 : QLocale().toString(static_cast<qlonglong>(value));
    return QString::fromUtf8(text.prefix ? text.prefix : "") + number
        + QString::fromUtf8(text.suffix ? text.suffix : "");
}

} // namespace

QString fieldHelp(const core::Field& field, const FieldText& text)
{
    const QString name = labelName(text);
    //: the help's first line: a field's name (%1, bold) and what it is (%2)
    QString html = QStringLiteral("<p>")
        + (text.tip ? translated(QT_TRANSLATE_NOOP("ui::InputPanel", "%1 — %2"))
                          .arg(QStringLiteral("<b>%1</b>").arg(name.toHtmlEscaped()),
                              translated(text.tip).toHtmlEscaped().replace(QLatin1Char('\n'), QStringLiteral("<br>")))
                    : QStringLiteral("<b>%1</b>").arg(name.toHtmlEscaped()));
    QStringList facts;
    if (text.unitName)
        facts << translated(QT_TRANSLATE_NOOP("ui::InputPanel", "Unit: %1"))
                     .arg(translated(text.unitName).toHtmlEscaped());
    if (field.isNumber() && text.items.empty()) {
        const double lowest = field.kind == core::FieldKind::number
            ? std::max(field.min / text.unit, std::pow(10.0, -text.decimals)) * text.unit
            : field.min;
        facts << (field.kind == core::FieldKind::powerOfTwo
                ? translated(QT_TRANSLATE_NOOP("ui::InputPanel", "Range: powers of two from %1 to %2"))
                : translated(QT_TRANSLATE_NOOP("ui::InputPanel", "Range: %1 to %2")))
                     .arg(shownValue(field, text, field.min > 0 ? lowest : field.min),
                         shownValue(field, text, field.max))
                     .toHtmlEscaped();
    }
    if (field.get) {
        static const core::Scenario defaults = core::defaultScenario();
        const char* source = text.source ? text.source : sectionSource(field.path);
        facts << translated(QT_TRANSLATE_NOOP("ui::InputPanel", "Default: %1 — %2"))
                     .arg(shownValue(field, text, field.get(defaults)), translated(source))
                     .toHtmlEscaped();
    }
    facts << translated(QT_TRANSLATE_NOOP("ui::InputPanel", "File key: %1"))
                 .arg(QStringLiteral("<code>%1</code>")
                          .arg(QString::fromLatin1(field.path.data(), qsizetype(field.path.size()))));
    return html + QStringLiteral("</p><p>") + facts.join(QStringLiteral("<br>")) + QStringLiteral("</p>");
}

QString fieldName(std::string_view path)
{
    const FieldText* text = fieldText(path);
    return text ? labelName(*text) : QString();
}

QString fieldValueText(std::string_view path, const core::Scenario& scenario)
{
    const core::Field* field = core::findField(path);
    const FieldText* text = fieldText(path);
    if (!field || !field->get || !text) return {};
    return shownValue(*field, *text, field->get(scenario));
}

} // namespace ui
