# Chinese translations of TrainPlanner's interface, keyed by the English source text.
# Terms follow translations/GLOSSARY.md. Used by translations/fill_ts.py to fill the .ts file.
ZH = {
    "Open scenario": "打开场景",
    "TrainPlanner scenarios (*.tpscenario.json *.json)": "TrainPlanner 场景 (*.tpscenario.json *.json)",
    "About TrainPlanner": "关于 TrainPlanner",
    "<h3>TrainPlanner %1</h3><p>Plans the resources of training large language models: memory per GPU, parallelism, communication, time and cost.</p><p>Qt %2 (built with %3).</p>":
        "<h3>TrainPlanner %1</h3><p>规划大语言模型训练所需的资源：每卡显存、并行策略、通信、时间与成本。</p><p>Qt %2（构建于 %3）。</p>",
    "&File": "文件(&F)",
    "&Open…": "打开(&O)…",
    "&Save": "保存(&S)",
    "Save &As…": "另存为(&A)…",
    "&Quit": "退出(&Q)",
    "&Edit": "编辑(&E)",
    "&Help": "帮助(&H)",
    "&About TrainPlanner": "关于 TrainPlanner(&A)",
    "%1[*] — TrainPlanner": "%1[*] — TrainPlanner",
    "Cannot open scenario": "无法打开场景",
    "%1 was not opened; the current scenario is unchanged.\n\n%2": "未打开 %1；当前场景保持不变。\n\n%2",
    "Opened %1": "已打开 %1",
    "Save scenario": "保存场景",
    "TrainPlanner scenarios (*.tpscenario.json)": "TrainPlanner 场景 (*.tpscenario.json)",
    "Cannot save scenario": "无法保存场景",
    "%1 could not be written: %2": "无法写入 %1：%2",
    "Saved %1": "已保存 %1",
    "Unsaved changes": "未保存的更改",
    "The scenario has unsaved changes. Save them?": "场景有未保存的更改。是否保存？",
    "Attention heads (%1) are not divisible by TP (%2).": "注意力头数（%1）不能被张量并行 TP（%2）整除。",
    "KV heads (%1) and TP (%2) do not divide one another.": "KV 头数（%1）与张量并行 TP（%2）互不整除。",
    "Layers (%1) are not divisible by PP × virtual stages (%2 × %3); stages get unequal layer counts.":
        "层数（%1）不能被 PP × 虚拟阶段数（%2 × %3）整除；各流水线阶段的层数不相等。",
    "Global batch (%1) is not divisible by DP × micro-batch (%2 × %3).": "全局批大小（%1）不能被 DP × 微批大小（%2 × %3）整除。",
    "Experts (%1) are not divisible by EP (%2).": "专家数（%1）不能被专家并行 EP（%2）整除。",
    "Sequence length (%1) is not divisible by 2 × CP (CP = %2).": "序列长度（%1）不能被 2 × CP 整除（CP = %2）。",
    "EP is %1 but the model has no experts.": "EP 为 %1，但模型没有专家。",
    "Master weights have the same format as the weights: the extra copy adds memory and no precision.":
        "主权重与权重格式相同：多出的副本只占显存，不提高精度。",
    "Context parallelism is modelled as ring attention with flash attention.": "上下文并行按环形注意力（配合 Flash Attention）建模。",
    "Change model size": "更改模型规模",
    "Choose model %1": "选择模型 %1",
    "Change ZeRO stage": "更改 ZeRO 阶段",
    "Change data parallelism": "更改数据并行",
    "Choose GPU %1": "选择 GPU %1",
    "Model": "模型",
    "&Preset:": "预设(&P)：",
    "&Size:": "规模(&S)：",
    "Model size, 100 M to 2 T parameters (log scale). A bare size uses the standard Llama-style shape: head width 128, about 128 hidden units per layer, SwiGLU.":
        "模型规模，1 亿到 2 万亿参数（对数刻度）。仅给出规模时使用标准的 Llama 式结构：每个注意力头宽 128，每层约 128 个隐藏单元，SwiGLU。",
    "Parallelism": "并行策略",
    "&ZeRO stage:": "ZeRO 阶段(&Z)：",
    "&Data parallel (DP):": "数据并行 DP(&D)：",
    "Number of model replicas; each GPU of a replica sees a different slice of the batch.":
        "模型副本的数量；每个副本处理批次中不同的一部分数据。",
    "Hardware": "硬件",
    "&GPU:": "GPU(&G)：",
    "0 — no sharding": "0 — 不分片",
    "1 — shard optimizer states": "1 — 分片优化器状态",
    "2 — also gradients": "2 — 再分片梯度",
    "3 — also weights (FSDP)": "3 — 再分片权重（FSDP）",
    "Custom size (standard shape)": "自定义规模（标准结构）",
    "%1 layers, hidden %2, %3 heads (%4 KV), FFN %5, vocabulary %6": "%1 层，隐藏维度 %2，%3 个注意力头（%4 个 KV 头），FFN %5，词表 %6",
    "Each GPU": "每张 GPU",
    "Stage %1": "阶段 %1",
    "Memory per GPU — fits": "每卡显存 — 放得下",
    "Memory per GPU — does not fit": "每卡显存 — 放不下",
    "Weights": "权重",
    "Gradients": "梯度",
    "Master weights (FP32)": "主权重（FP32）",
    "Optimizer states": "优化器状态",
    "Activations": "激活值",
    "Buffers": "缓冲区",
    "GPU capacity": "GPU 显存容量",
    "%1: %2 of %3 on this GPU": "%1：本卡 %3 中占 %2",
    "weights": "权重",
    "gradients": "梯度",
    "master weights": "主权重",
    "optimizer states": "优化器状态",
    "activations": "激活值",
    "buffers": "缓冲区",
    "Fits: %1 of %2 per GPU (%3 %)": "放得下：每卡 %2 中使用 %1（%3 %）",
    "Does not fit: %1 needed, %2 per GPU (%3 %)": "放不下：需要 %1，每卡只有 %2（%3 %）",
    "%1 parameters on %2 × %3. Largest term: %4 (%5).": "%1 参数，%2 × %3。占用最大的一项：%4（%5）。",
    "Most loaded pipeline stage: %1.": "负载最重的流水线阶段：%1。",
    "GB": "GB",
    "GiB": "GiB",
    "%1 T": "%1 T",
    "%1 B": "%1 B",
    "%1 M": "%1 M",
}

ZH.update({
    "NVLink (in node)": "NVLink（节点内）",
    "network": "网络（跨节点）",
    "Group": "并行组",
    "Operation": "操作",
    "Ranks": "卡数",
    "Link": "链路",
    "Message (MB)": "消息大小 (MB)",
    "Calls / step": "每步调用次数",
    "Sent / GPU (GB)": "每卡发送量 (GB)",
    "Time (ms)": "时间 (ms)",
    "Exposed (ms)": "未被掩盖 (ms)",
    "Copy as text": "复制为文本",
    "Choose model": "选择模型",
    "— %1 experts, top %2": "— %1 个专家，每个 token 选 %2 个",
    "%1 GPUs = TP %2 × PP %3 × DP %4 × CP %5": "%1 张 GPU = TP %2 × PP %3 × DP %4 × CP %5",
    "%1 GiB, %2 TFLOP/s (BF16 dense), NVLink %3 GB/s, network %4 GB/s per GPU, %5 W":
        "%1 GiB，%2 TFLOP/s（BF16 稠密），NVLink %3 GB/s，每卡网络 %4 GB/s，%5 W",
    "Not applied: %1": "未应用：%1",
    "FP32": "FP32", "TF32": "TF32", "BF16": "BF16", "FP16": "FP16",
    "FP8 E4M3": "FP8 E4M3", "FP8 E5M2": "FP8 E5M2", "INT8": "INT8", "NF4": "NF4",
    "BF16 mixed + FP32 master (16 B/param)": "BF16 混合精度 + FP32 主权重（16 字节/参数）",
    "BF16 mixed, FP32 gradients (Megatron, 18 B/param)": "BF16 混合精度，FP32 梯度（Megatron，18 字节/参数）",
    "FP16 mixed + loss scaling": "FP16 混合精度 + 损失缩放",
    "FP8 mixed (BF16 weights, FP32 master)": "FP8 混合精度（BF16 权重，FP32 主权重）",
    "Pure BF16 (no master weights)": "纯 BF16（无主权重）",
    "FP32 (TF32 matmuls)": "FP32（TF32 矩阵乘）",
    "Training": "训练",
    "Sequence length:": "序列长度：",
    "Change sequence length": "更改序列长度",
    "Tokens per sequence.": "每条序列的 token 数。",
    "Micro-batch:": "微批大小：",
    "Change micro-batch": "更改微批大小",
    "Sequences per GPU per forward/backward pass.": "每张 GPU 每次前向/反向处理的序列数。",
    "Global batch:": "全局批大小：",
    "Change global batch": "更改全局批大小",
    "Sequences per optimizer step, over all replicas.": "所有副本在一次优化器更新中处理的序列总数。",
    "Change token budget": "更改训练 token 总量",
    "Tokens (billions):": "训练 token 数（十亿）：",
    "Change optimizer": "更改优化器",
    "AdamW": "AdamW", "Adam": "Adam", "SGD": "SGD",
    "SGD with momentum": "带动量的 SGD",
    "Lion": "Lion", "Adafactor": "Adafactor",
    "8-bit AdamW": "8 位 AdamW",
    "Optimizer:": "优化器：",
    "Change training method": "更改训练方式",
    "Full training": "全参数训练",
    "LoRA fine-tuning": "LoRA 微调",
    "QLoRA fine-tuning (NF4 base)": "QLoRA 微调（NF4 基座）",
    "Method:": "训练方式：",
    "LoRA rank:": "LoRA 秩：",
    "Change LoRA rank": "更改 LoRA 秩",
    "Precision": "精度",
    "Choose precision recipe": "选择精度方案",
    "Custom": "自定义",
    "Recipe:": "方案：",
    "Mixed precision keeps an FP32 master copy of the weights: updates smaller than half a BF16 step would otherwise be lost.":
        "混合精度保留一份 FP32 主权重：否则小于 BF16 间隔一半的更新会被舍入丢失。",
    "Compute:": "计算：",
    "Change compute format": "更改计算精度",
    "Weights:": "权重：",
    "Change weight format": "更改权重精度",
    "Gradients:": "梯度：",
    "Change gradient format": "更改梯度精度",
    "Master weights:": "主权重：",
    "Change master-weight format": "更改主权重精度",
    "None": "无",
    "Optimizer states:": "优化器状态：",
    "Change optimizer-state format": "更改优化器状态精度",
    "Change tensor parallelism": "更改张量并行",
    "Tensor parallel (TP):": "张量并行（TP）：",
    "Splits every layer's matrices over GPUs; keep it inside a node (NVLink).": "把每层的矩阵切分到多张 GPU 上；应保持在节点内（NVLink）。",
    "Pipeline parallel (PP):": "流水线并行（PP）：",
    "Change pipeline parallelism": "更改流水线并行",
    "Splits the layers into stages on different GPUs.": "把各层分成多个阶段，放在不同的 GPU 上。",
    "Number of model replicas; each sees a different slice of the batch.": "模型副本的数量；每个副本处理批次中不同的一部分数据。",
    "Context parallel (CP):": "上下文并行（CP）：",
    "Change context parallelism": "更改上下文并行",
    "Splits each sequence over GPUs (ring attention).": "把每条序列切分到多张 GPU 上（环形注意力）。",
    "Expert parallel (EP):": "专家并行（EP）：",
    "Change expert parallelism": "更改专家并行",
    "Spreads the experts of MoE layers over GPUs (within DP × CP).": "把 MoE 层的专家分布到多张 GPU 上（在 DP × CP 之内）。",
    "Change recomputation": "更改激活重计算",
    "Selective (attention scores)": "选择性（注意力分数）",
    "Full (every layer)": "完全（每一层）",
    "Activation recompute:": "激活重计算：",
    "Toggle sequence parallelism": "切换序列并行",
    "Sequence parallel:": "序列并行：",
    "Shards norms and dropout over the TP group (needs TP ≥ 2).": "在 TP 组内切分归一化和 dropout（需要 TP ≥ 2）。",
    "Toggle flash attention": "切换 Flash Attention",
    "Flash attention:": "Flash Attention：",
    "Change pipeline schedule": "更改流水线调度",
    "GPipe": "GPipe", "1F1B": "1F1B",
    "Interleaved 1F1B": "交错式 1F1B",
    "Pipeline schedule:": "流水线调度：",
    "Virtual stages:": "虚拟阶段数：",
    "Change virtual stages": "更改虚拟阶段数",
    "Offload optimizer:": "卸载优化器：",
    "Toggle optimizer offload": "切换优化器卸载",
    "Keeps master weights and optimizer states in host memory (ZeRO-Offload).": "把主权重和优化器状态放在主机内存中（ZeRO-Offload）。",
    "Offload parameters:": "卸载参数：",
    "Toggle parameter offload": "切换参数卸载",
    "Choose GPU": "选择 GPU",
    "GPUs per node:": "每节点 GPU 数：",
    "Change GPUs per node": "更改每节点 GPU 数",
    "GPUs joined by NVLink; groups larger than a node use the network.": "通过 NVLink 相连的 GPU 数；超出一个节点的并行组走网络。",
    "Efficiency and cost": "效率与成本",
    "Compute efficiency:": "计算效率：",
    "Change compute efficiency": "更改计算效率",
    "Achieved fraction of the GPU's peak matmul throughput (default 0.68, calibrated on published runs: docs/FIDELITY.md).": "实际达到的 GPU 峰值矩阵乘吞吐比例（默认 0.68，依据公开训练记录校准，见 docs/FIDELITY.md）。",
    "DP/CP overlap:": "DP/CP 重叠比例：",
    "Change communication overlap": "更改通信重叠比例",
    "Fraction of data- and context-parallel traffic hidden under the backward pass (default 0.5).":
        "数据并行和上下文并行通信被反向计算掩盖的比例（默认 0.5）。",
    "Bus bandwidth:": "总线带宽效率：",
    "Change bus bandwidth": "更改总线带宽效率",
    "Achieved fraction of the link bandwidth (nccl-tests bus bandwidth, default 0.8).": "实际达到的链路带宽比例（nccl-tests 总线带宽，默认 0.8）。",
    "Change GPU price": "更改 GPU 价格",
    "Price per GPU-hour:": "每 GPU 小时价格：",
    "Change energy price": "更改电价",
    "Price per kWh:": "每千瓦时电价：",
    "PUE:": "PUE：",
    "Change PUE": "更改 PUE",
    "Power usage effectiveness of the data centre: facility power / IT power.": "数据中心电能使用效率：设施总功率 / IT 设备功率。",
    "Overhead": "其他开销",
    "Memory": "显存",
    "Step time and communication": "步时间与通信",
    "Scaling": "扩展性",
    "Memory per GPU (GiB)": "每卡显存 (GiB)",
    "Communication share of step (%)": "通信占每步时间 (%)",
    "MFU (%)": "MFU (%)",
    "Current scenario": "当前场景",
    "GPUs (data parallel scaled, global batch fixed)": "GPU 数（按数据并行扩展，全局批大小不变）",
    "Percent": "百分比",
    "Scaling out: memory falls, communication rises": "横向扩展：显存下降，通信上升",
    "One step: %1 s — communication exposed %2 % of it": "每步 %1 秒 — 其中未被掩盖的通信占 %2 %",
    "Compute": "计算",
    "Pipeline bubble": "流水线气泡",
    "Optimizer step": "优化器更新",
    "TP communication": "TP 通信",
    "CP communication": "CP 通信",
    "PP communication": "PP 通信",
    "DP communication": "DP 通信",
    "EP communication": "EP 通信",
    "Step (exposed)": "每步（未掩盖部分）",
    "All communication": "全部通信",
    "Time per step (ms)": "每步时间 (ms)",
    "Time per step (s)": "每步时间 (s)",
    "%1: %2 s (%3 % of the step)": "%1：%2 秒（占每步 %3 %）",
    "overhead": "其他开销",
    "Step %1 s · MFU %2 % · communication %3 % of the step · %4 days · %5 GPU-hours · $%6":
        "每步 %1 秒 · MFU %2 % · 通信占每步 %3 % · %4 天 · %5 GPU 小时 · $%6",
    "The GPU's datasheet gives no peak for the compute format; the nearest format's peak is used.":
        "该 GPU 的数据手册没有给出此计算精度的峰值；使用最接近精度的峰值。",
    "The GPU gives no memory bandwidth; the optimizer step assumes 2 TB/s.": "该 GPU 未给出显存带宽；优化器更新按 2 TB/s 估算。",
})

ZH.update({
    "Estimate copied as JSON": "已将估算结果复制为 JSON",
    "&New": "新建(&N)",
    "Open &Recent": "最近打开(&R)",
    "&View": "视图(&V)",
    "Memory &units": "显存单位(&U)",
    "GiB (2^30 bytes)": "GiB（2^30 字节）",
    "GB (10^9 bytes)": "GB（10^9 字节）",
    "&Language": "语言(&L)",
    "System": "跟随系统",
    "&Tools": "工具(&T)",
    "Copy estimate as &JSON": "将估算结果复制为 &JSON",
    "Stage": "阶段",
    "Layers": "层数",
    "Micro-batches in flight": "同时在途的微批",
    "Weights (%1)": "权重（%1）",
    "Gradients (%1)": "梯度（%1）",
    "Master (%1)": "主权重（%1）",
    "Optimizer (%1)": "优化器状态（%1）",
    "Activations (%1)": "激活值（%1）",
    "Buffers (%1)": "缓冲区（%1）",
    "Overhead (%1)": "其他开销（%1）",
    "Total (%1)": "合计（%1）",
    "Source:": "来源：",
})

ZH.update({
    "Training time (days)": "训练时长（天）",
    "Cost (thousand USD)": "成本（千美元）",
    "GPUs": "GPU 数",
    "Days (log scale)": "天数（对数刻度）",
    "Thousand USD": "千美元",
    "Time and cost of the whole run": "整个训练的时长与成本",
    "Model details": "模型结构细节",
    "Layers:": "层数：",
    "Change layers": "更改层数",
    "Hidden size:": "隐藏维度：",
    "Change hidden size": "更改隐藏维度",
    "Attention heads:": "注意力头数：",
    "Change attention heads": "更改注意力头数",
    "KV heads (GQA):": "KV 头数（GQA）：",
    "Change KV heads": "更改 KV 头数",
    "FFN hidden size:": "FFN 隐藏维度：",
    "Change FFN size": "更改 FFN 维度",
    "Vocabulary:": "词表大小：",
    "Change vocabulary": "更改词表大小",
    "Experts (0 = dense):": "专家数（0 = 稠密）：",
    "Change experts": "更改专家数",
    "Experts per token (top-k):": "每个 token 的专家数（top-k）：",
    "Change top-k": "更改 top-k",
    "Custom GPU": "自定义 GPU",
    "Memory (GiB):": "显存（GiB）：",
    "Change GPU memory": "更改显存容量",
    "NVLink (GB/s):": "NVLink（GB/s）：",
    "Change NVLink bandwidth": "更改 NVLink 带宽",
    "Per GPU, one direction (half the bidirectional figure of datasheets).": "每卡单向带宽（数据手册双向数值的一半）。",
    "Network (GB/s):": "网络（GB/s）：",
    "Change network bandwidth": "更改网络带宽",
    "Per GPU, one direction: 400 Gb/s InfiniBand is 50 GB/s.": "每卡单向带宽：400 Gb/s InfiniBand 即 50 GB/s。",
    "TDP (W):": "TDP（W）：",
    "Change TDP": "更改 TDP",
})
ZH["Open E&xample"] = "打开示例(&X)"
ZH["Pipeline stage"] = "流水线阶段"

ZH.update({
    "Efficiency, cost and reliability": "效率、成本与可靠性",
    "MTBF per GPU (hours):": "单卡平均故障间隔（小时）：",
    "Change MTBF": "更改平均故障间隔",
    "Mean time between failures of one GPU with its share of the system. Default 50,000 h: the Llama 3 record, 419 interruptions in 54 days on 16,384 GPUs.":
        "单张 GPU（含其分摊的系统部件）的平均故障间隔。默认 50,000 小时：来自 Llama 3 的记录，16,384 张 GPU 在 54 天内发生 419 次意外中断。",
    "Restart (minutes):": "重启时间（分钟）：",
    "Change restart time": "更改重启时间",
    "Checkpoint write (GB/s):": "检查点写入带宽（GB/s）：",
    "Change checkpoint bandwidth": "更改检查点写入带宽",
    "Aggregate write bandwidth of the checkpoint storage.": "检查点存储的总写入带宽。",
    "Goodput %1 % · about %2 interruptions over the run · checkpoint every %3 min (%4)":
        "有效训练时间占比 %1 % · 整个训练约 %2 次故障中断 · 每 %3 分钟保存一次检查点（%4）",
})

ZH.update({
    "Plans that fit": "放得下的方案",
    "Pareto front": "帕累托前沿",
    "Best plan": "最佳方案",
    "Training time (days, log scale)": "训练时长（天，对数刻度）",
    "Every plan that fits: memory against time": "所有放得下的方案：显存与时间",
    "on": "开",
    "#": "#",
    "SP": "SP",
    "Recompute": "重计算",
    "v": "v",
    "Micro-batch": "微批",
    "Memory / GPU": "每卡显存",
    "Step (s)": "每步 (s)",
    "Comm. (%)": "通信 (%)",
    "Days": "天数",
    "Cost (USD)": "成本（美元）",
    "Searching…": "正在搜索…",
    "Cancelled. ": "已取消。",
    "%1 configurations evaluated, %2 fit. Rejected: %3.": "共评估 %1 种配置，%2 种放得下。被排除：%3。",
    "none": "无",
    "No configuration fits: add GPUs, shorten the sequence or offload.": "没有放得下的配置：请增加 GPU、缩短序列或启用卸载。",
    "TP %1 keeps tensor-parallel traffic on NVLink": "TP %1 让张量并行通信留在 NVLink 上",
    "TP %1 sends tensor-parallel traffic over the network": "TP %1 的张量并行通信需要走网络",
    "PP %1 splits the layers; bubble %2 % of compute": "PP %1 切分各层；流水线气泡占计算的 %2 %",
    "ZeRO-%1 shards model states over %2 GPUs": "ZeRO-%1 把模型状态分片到 %2 张 GPU",
    "recomputation costs %1 % more FLOPs to save memory": "激活重计算多花 %1 % 的计算量来节省显存",
    "%1 of %2 per GPU": "每卡 %2 中使用 %1",
    "communication %1 % of the step": "通信占每步 %1 %",
    "Why the best plan wins: %1.": "最佳方案胜出的原因：%1。",
    "Apply plan %1": "应用方案 %1",
    "GPUs:": "GPU 数：",
    "Rank by:": "排序依据：",
    "Training time": "训练时长",
    "Cost": "成本",
    "Memory headroom (within 25 % of the fastest)": "显存余量（时长不超过最快方案的 125 %）",
    "Search": "搜索",
    "Cancel": "取消",
    "Apply the selected plan": "应用所选方案",
    "Planner": "并行规划",
})

ZH.update({
    "Number formats": "数值格式",
    "%1 with Kahan compensation": "%1（Kahan 补偿求和）",
    "%1 truncated (the article's snippet)": "%1 截断（原文示例代码）",
    "%1 stochastic rounding": "%1 随机舍入",
    "%1 round to nearest": "%1 就近舍入",
    "Updates": "更新次数",
    "Weight w": "权重 w",
    "w ← round(w + u): which formats keep small updates": "w ← round(w + u)：哪些格式能保留微小更新",
    "Start w:": "初始 w：",
    "Update u:": "每次更新 u：",
    "Steps:": "步数：",
    "Format and rounding": "格式与舍入方式",
    "Final w": "最终 w",
    "Error vs exact": "相对精确值的误差",
    "Format": "格式",
    "Exponent / fraction bits": "指数位 / 尾数位",
    "Largest": "最大值",
    "Smallest normal": "最小规格化数",
    "Spacing at 1": "1 附近的间隔",
    "Smallest kept u/w": "能保留的最小 u/w",
    "<b>Why fp32 master weights?</b> Near 1.0, bf16 numbers are 2<sup>-7</sup> = 0.0078 apart, so an update smaller than half of that (0.0039) rounds away and the weight never moves. Mixed precision applies each update to an fp32 copy (spacing 1.2·10<sup>-7</sup>), which keeps it, and re-rounds the bf16 working weights from that copy. Stochastic rounding and Kahan compensation are the alternatives when no fp32 copy fits.":
        "<b>为什么需要 FP32 主权重？</b>在 1.0 附近，相邻的 bf16 数相差 2<sup>-7</sup> = 0.0078，小于其一半（0.0039）的更新会被舍入掉，权重永远不动。混合精度把每次更新加到一份 FP32 副本上（间隔 1.2·10<sup>-7</sup>），更新得以保留，再由这份副本重新舍入出 bf16 工作权重。放不下 FP32 副本时，可以改用随机舍入或 Kahan 补偿求和。",
})

ZH.update({
    "Export charts, tables and report to": "导出图表、表格和报告到",
    "Export failed": "导出失败",
    "Exported %1 files to %2": "已导出 %1 个文件到 %2",
    "&Export Charts, Tables and Report…": "导出图表、表格和报告(&E)…",
    "Charts": "图表",
    "Memory per pipeline stage (bytes)": "各流水线阶段的显存（字节）",
    "Communication per step": "每步通信",
    "No communication: a single GPU.": "无通信：只有一张 GPU。",
    "How each figure was computed": "各项数字的计算方法",
    "Assumptions in force": "当前采用的假设",
    "Compute efficiency %1, bus bandwidth efficiency %2, DP/CP overlap %3, latency %4 µs per call; CUDA context %5 GiB, allocator fragmentation %6, NCCL buffers %7 GiB per group; GPU MTBF %8 h, restart %9 min.":
        "计算效率 %1，总线带宽效率 %2，DP/CP 通信重叠 %3，每次调用延迟 %4 µs；CUDA 上下文 %5 GiB，分配器碎片 %6，每个通信组 NCCL 缓冲区 %7 GiB；单卡平均故障间隔 %8 小时，重启 %9 分钟。",
    "Scenario": "场景",
})

ZH.update({
    "do not fit in memory": "显存放不下",
    "heads not divisible by TP": "注意力头数不能被 TP 整除",
    "fewer than two layers per stage": "每个阶段不足两层",
    "sequence not divisible by 2 × CP": "序列长度不能被 2 × CP 整除",
    "global batch not divisible by DP × micro-batch": "全局批大小不能被 DP × 微批整除",
    "slower than the time budget": "超出时间预算",
})

ZH.update({
    "Goodput (%)": "有效训练时间占比 (%)",
    "Expected interruptions over the run": "整个训练预计的中断次数",
    "Interruptions (log scale)": "中断次数（对数刻度）",
    "More GPUs, more failures: interruptions and goodput": "GPU 越多，故障越多：中断次数与有效训练时间",
    "Goodput at this checkpoint interval": "该检查点间隔下的有效训练时间占比",
    "Optimal interval (Daly 2006)": "最优间隔（Daly 2006）",
    "Checkpoint interval (minutes, log scale)": "检查点间隔（分钟，对数刻度）",
    "Checkpoint too often: writing wastes time; too rarely: failures do": "检查点太频繁，写入浪费时间；太稀疏，故障浪费时间",
    "Reliability": "可靠性",
})

ZH.update({
    "Memory per GPU, side by side": "每卡显存对比",
    "Exposed communication": "未被掩盖的通信",
    "Anatomy of one step, side by side": "单步时间构成对比",
    "Add scenario to the comparison": "添加场景到对比",
    "Parameters": "参数量",
    "Memory per GPU": "每卡显存",
    "Fits on one GPU's memory": "单卡显存放得下",
    "yes": "是",
    "no": "否",
    "Largest memory term": "占用最大的一项",
    "Step time": "每步时间",
    "Communication share of step": "通信占每步时间",
    "MFU": "MFU",
    "%1 days": "%1 天",
    "Expected interruptions": "预计中断次数",
    "Add the current scenario": "添加当前场景",
    "Add a file…": "添加文件…",
    "The source article's pair": "原文中的两个对比场景",
    "Clear": "清空",
    "Compare": "场景对比",
})

ZH.update({
    "Selective (every other matmul, PyTorch op-level)": "选择性（隔一个矩阵乘保存，PyTorch 算子级）",
    "Memory overheads": "显存额外开销",
    "CUDA context (GiB):": "CUDA 上下文（GiB）：",
    "Change CUDA context size": "修改 CUDA 上下文大小",
    "CUDA context and library workspaces on every GPU (default 0.6 GiB, docs/MODEL.md).": "每块 GPU 上的 CUDA 上下文与库工作区（默认 0.6 GiB，见 docs/MODEL.md）。",
    "NCCL buffers per group (GiB):": "每个通信组的 NCCL 缓冲（GiB）：",
    "Change communication buffers": "修改通信缓冲",
    "Buffers of each communicator (TP, PP, CP, EP, DP) the GPU belongs to (default 0.47 GiB).": "GPU 所属的每个通信组（TP、PP、CP、EP、DP）的缓冲区（默认 0.47 GiB）。",
    "Gradient bucket (MiB):": "梯度桶（MiB）：",
    "Change gradient bucket": "修改梯度桶",
    "Data-parallel reduction bucket without sharded gradients (PyTorch DDP bucket_cap_mb, default 25).": "梯度未分片时数据并行归约所用的桶（PyTorch DDP 的 bucket_cap_mb，默认 25）。",
    "Fragmentation:": "碎片率：",
    "Change fragmentation": "修改碎片率",
    "Allocator slack as a fraction of allocated memory (default 0.05).": "分配器的冗余空间，占已分配显存的比例（默认 0.05）。",
    "Loss bytes per logit:": "损失处每个 logit 的字节数：",
    "Change loss bytes per logit": "修改每个 logit 的字节数",
    "Bytes per token and vocabulary entry held at the loss: 4 for Megatron's fused cross-entropy (default), 12 for PyTorch's cross_entropy(logits.float()).": "计算损失时每个 token、每个词表项占用的字节数：Megatron 融合交叉熵为 4（默认），PyTorch 的 cross_entropy(logits.float()) 为 12。",
})

ZH.update({
    "&Present Full Screen": "全屏演示(&P)",
    "Copy Chart as Image": "将图表复制为图片",
    "Save Chart As…": "图表另存为…",
    "Save Chart As": "图表另存为",
    "PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)": "PNG 图片 (*.png);;SVG 矢量图 (*.svg);;PDF 文档 (*.pdf)",
    "Could not save the chart": "无法保存图表",
    "Loss bytes per logit %1.": "损失处每个 logit 占 %1 字节。",
    "Presentation — %1": "演示 — %1",
    "%1 / %2 — arrow keys to move, Esc to leave": "%1 / %2 — 方向键翻页，Esc 退出",
})
ZH["Comparison"] = "场景对比"

ZH.update({
    "Team": "团队人力",
    "Network": "网络流量",
    "Checkpoint storage": "检查点存储",
    "Energy": "电费",
    "GPU rental": "GPU 租用",
    "Million USD": "百万美元",
    "Cost of the run: %1 in total": "本次训练成本：合计 %1",
    "Training days": "训练天数",
    "Total cost": "总成本",
    "Days (log)": "天数（对数）",
    "Change storage price": "修改存储单价",
    "Storage per TB-month:": "存储单价（每 TB·月）：",
    "Price of checkpoint storage (default $23: AWS S3 Standard list price).": "检查点存储的价格（默认 23 美元：AWS S3 标准存储的公开价格）。",
    "Checkpoints kept:": "保留的检查点数：",
    "Change checkpoints kept": "修改保留的检查点数",
    "Checkpoints stored at the same time (default 2: the latest and one to fall back on).": "同时保存的检查点个数（默认 2：最新一个和一个备用）。",
    "Change network price": "修改网络单价",
    "Network per TB:": "网络单价（每 TB）：",
    "Price of inter-node traffic; 0 when the fabric is included in the GPU price (default).": "跨节点流量的价格；若网络已包含在 GPU 价格中则为 0（默认）。",
    "Team (people):": "团队人数：",
    "Change team size": "修改团队人数",
    "People running the training full time while it lasts (default 0).": "训练期间全职投入的人数（默认 0）。",
    "Change person-month cost": "修改人月成本",
    "Cost per person-month:": "每人月成本：",
    "Fully loaded cost of one person for a month (default $20,000, an assumption).": "一个人一个月的全部用人成本（默认 20,000 美元，为假设值）。",
})

ZH.update({
    "Decision guide": "决策指南",
    "<b>Small model</b> (%1 parameters, under 1 B): the source article's single-GPU territory — iterate quickly on one GPU or a few, at low cost.":
        "<b>小模型</b>（%1 参数，不足 1B）：原文所说的单卡训练范畴——在单卡或少量卡上快速迭代、低成本试错。",
    "<b>Mid-size model</b> (%1 parameters, between 1 B and the 7B class): one node is usually enough; whether one GPU is depends on precision and memory-saving settings.":
        "<b>中等规模模型</b>（%1 参数，介于 1B 与 7B 级之间）：通常单机即可；能否单卡取决于精度和显存优化设置。",
    "<b>Large model</b> (%1 parameters, the 7B class or more): the source article's distributed-training territory — parallelism, a fast network, fault tolerance and a team that runs them.":
        "<b>大模型</b>（%1 参数，7B 级及以上）：原文所说的分布式训练范畴——需要并行策略、高速网络、容错机制以及能驾驭它们的团队。",
    "<b>One GPU is enough</b> for full training: %1 of %2 on one %3 (micro-batch 1, full recomputation).":
        "<b>单卡即可</b>完成全量训练：一块 %3 上占用 %1（容量 %2；微批次 1，完全重计算）。",
    "<b>One GPU is not enough</b> for full training: it needs %1 on one %2 (capacity %3). At least %4 GPUs are needed (ZeRO-3 data parallelism, full recomputation); this scenario uses %5 (%6).":
        "<b>单卡不够</b>全量训练：一块 %2 需要 %1（容量 %3）。至少需要 %4 块 GPU（ZeRO-3 数据并行，完全重计算）；当前场景使用 %5 块（%6）。",
    "<b>One GPU is not enough</b> for full training (%1 on one %2), and not even 65,536 GPUs with ZeRO-3 data parallelism are: model or pipeline parallelism is required.":
        "<b>单卡不够</b>全量训练（一块 %2 需要 %1），即使 65,536 块 GPU 的 ZeRO-3 数据并行也不够：必须使用张量并行或流水线并行。",
    "fits": "放得下",
    "does not fit": "放不下",
    "<b>Fine-tuning instead of pre-training</b> (§5): LoRA rank %1 needs %2 on one GPU (%3), QLoRA %4 (%5) — %6 % and %7 % of full training's memory, and no distributed training at all when it fits.":
        "<b>以微调代替预训练</b>（§5）：秩为 %1 的 LoRA 单卡需要 %2（%3），QLoRA 需要 %4（%5）——分别为全量训练显存的 %6 % 和 %7 %，放得下时完全无需分布式训练。",
    "Migration checklist": "迁移检查清单",
    "From single-GPU to distributed training, as the source article lists it (§6 and §3.4). Each item says how much this scenario needs it; tick it off when your team has it covered.":
        "从单卡训练迁移到分布式训练的注意事项，按原文（§6 与 §3.4）列出。每一项都标明当前场景的需要程度；团队准备好后即可勾选。",
    "Distributed training code": "分布式训练代码改造",
    "%1 GPUs (%2): data loading, gradient synchronisation and checkpoint save/load must be rewritten for a distributed framework.":
        "%1 块 GPU（%2）：数据加载、梯度同步和模型保存/加载逻辑都需要按分布式训练框架改造。",
    "One GPU: the single-GPU training loop is enough.": "单卡：单卡训练循环即可。",
    "Hyperparameters": "超参数",
    "Global batch %1 sequences (%2 tokens) = %3 replicas × micro-batch %4 × %5 accumulation steps; learning rate, batch size and warm-up found on one GPU do not carry over and need a new search.":
        "全局批大小 %1 条序列（%2 个 token）= %3 个副本 × 微批次 %4 × %5 步梯度累积；单卡上调好的学习率、批大小和 warmup 步数不能直接沿用，需要重新搜索。",
    "Data pipeline": "数据管道",
    "%1 of tokenized data (4 bytes per token), read at %2/s by the whole cluster on %3 nodes: multi-node training needs shared or replicated storage that keeps every node fed.":
        "分词后的数据共 %1（每 token 4 字节），整个集群以 %2/s 读取，分布在 %3 个节点上：多机训练需要共享或多副本存储，保证每个节点的数据供给。",
    "Fault tolerance": "自动容错",
    "About %1 interruptions expected over %2 days (cluster MTBF %3 h): automatic restart from the latest checkpoint (%4, written in %5 s every %6 min) keeps days of work from being lost.":
        "%2 天内预计约 %1 次中断（集群平均无故障时间 %3 小时）：故障后自动从最近的检查点恢复（%4，写入耗时 %5 秒，每 %6 分钟一次），避免数天的训练成果丢失。",
    "Communication takes %1 % of each step and %2 crosses the network over the run: a high-bandwidth, low-latency interconnect and a parallel layout that keeps heavy traffic inside nodes.":
        "通信占每步时间的 %1 %，整个训练过程中有 %2 的数据跨节点传输：需要高带宽、低延迟的网络，以及让大流量留在节点内的并行布局。",
    "Monitoring": "持续监控",
    "%1 days on %2 × %3: watch memory, GPU utilisation, network bandwidth and the loss curve continuously.":
        "在 %2 × %3 上训练 %1 天：需要持续监控显存、GPU 利用率、网络带宽和 loss 曲线。",
    "Identical software stack": "软件版本一致",
    "%1 nodes must run the same driver, CUDA, NCCL and framework versions, or bugs appear that cannot be reproduced.":
        "%1 个节点必须使用完全一致的驱动、CUDA、NCCL 和框架版本，否则会出现难以复现的问题。",
    "Budget": "成本评估",
    "%1 in total: GPUs %2, energy %3, checkpoint storage %4, network %5, team %6 (settings under Efficiency, cost and reliability).":
        "合计 %1：GPU %2、电费 %3、检查点存储 %4、网络 %5、人力 %6（在“效率、成本与可靠性”中设置）。",
    "Required": "必需",
    "Recommended": "建议",
    "Not needed": "不需要",
})

ZH.update({
    "Change memory-bound passes": "修改访存受限遍数",
    "Memory-bound passes:": "访存受限遍数：",
    "How many times norms, softmax, dropout and activation functions move a layer's activations through GPU memory per step (default 6, calibrated).":
        "每步中归一化、softmax、dropout 和激活函数等算子把一层的激活值在显存中读写的遍数（默认 6，经过校准）。",
})

ZH.update({
    "How Accurate Is This?": "估算有多准？",
    "How &Accurate Is This?": "估算有多准？(&A)",
    "<p>The estimate against %1 published training runs, with the shipped defaults. Out of sample (runs not used to choose the defaults), the mean error is <b>%2 %</b> on throughput and <b>%3 %</b> on peak memory. Three defaults were calibrated on the %4 calibration runs: matmul efficiency %5, the share %6 of it Hopper GPUs sustain, and %7 memory-bound passes (docs/FIDELITY.md). Where a source measured one model in several layouts on one software stack, the estimate orders them with a mean rank correlation of %8 over %9 sets. Double-click a run to open it as a scenario.</p>":
        "<p>用默认参数估算 %1 个公开发表的训练记录，并与发表值对比。在样本外（未用于确定默认值的记录）上，吞吐的平均误差为 <b>%2 %</b>，峰值显存为 <b>%3 %</b>。三个默认值由 %4 个校准记录确定：矩阵乘效率 %5、Hopper GPU 可持续达到其中的比例 %6、访存受限遍数 %7（见 docs/FIDELITY.md）。当同一来源在同一软件栈上以多种并行布局测量同一模型时，估算给出的排序与实测的平均秩相关系数为 %8（共 %9 组）。双击某条记录可将其作为场景打开。</p>",
    "Out of sample": "样本外",
    "Calibration": "校准",
    "Predicted vs published: error of each run (%)": "估算值与发表值：每条记录的误差（%）",
    "Error (%): above 0 the estimate is higher": "误差（%）：大于 0 表示估算偏高",
    "Run": "记录",
    "Metric": "指标",
    "Role": "用途",
    "Published": "发表值",
    "Predicted": "估算值",
    "Error": "误差",
    "Source": "出处",
    "calibration": "校准",
    "out of sample": "样本外",
})

ZH.update({
    "Import a Hugging Face config.json": "导入 Hugging Face config.json",
    "Model configuration (config.json *.json)": "模型配置 (config.json *.json)",
    "Cannot import %1": "无法导入 %1",
    "%1 (%2): %3 parameters.": "%1（%2）：%3 个参数。",
    "Import model": "导入模型",
    "Use this model in the scenario?": "在当前场景中使用该模型？",
    "Import model from config.json": "从 config.json 导入模型",
    "&Import Hugging Face config.json…": "导入 Hugging Face config.json(&I)…",
})

ZH.update({
    "Use %1 = %2": "改为 %1 = %2",
    "Apply %1 = %2": "应用 %1 = %2",
})
ZH["(%1 GPUs)"] = "（%1 块 GPU）"

ZH.update({
    "Step time": "单步时间",
    "Pipeline": "流水线",
    "Forward": "前向",
    "Recomputation": "重计算",
    "Backward": "反向",
    "Exposed communication": "未被掩盖的通信",
    "Optimizer step": "优化器更新",
    "One step on the pipeline: %1 stages × %2 micro-batches%3 — idle %4 % of the busy time, step %5 s":
        "流水线上的一步：%1 个阶段 × %2 个微批次%3——空闲时间占计算时间的 %4 %，每步 %5 秒",
    " × %1 chunks": " × %1 个模型块",
    "Stage %1": "阶段 %1",
    "Idle (bubble)": "空闲（气泡）",
    "stage %1": "阶段 %1",
    "micro-batch %1": "微批次 %1",
    "chunk %1": "模型块 %1",
    "%1 – %2 ms": "%1 – %2 毫秒",
    "Idle: waiting for the pipeline": "空闲：等待流水线",
})

ZH.update({
    "inside one node (NVLink)": "在一个节点内（NVLink）",
    "across %1 nodes (network)": "跨 %1 个节点（网络）",
    "%1 groups of %2 GPUs: %3 — %4 s per step, %5 s exposed (%6 % of the step)":
        "%1 组，每组 %2 块 GPU：%3——每步 %4 秒，未被掩盖 %5 秒（占每步 %6 %）",
    "One GPU per replica and no model parallelism: no collectives inside a replica.": "每个副本一块 GPU、没有模型并行：副本内没有集合通信。",
    "Rank placement: %1 GPUs on %2 nodes of %3": "rank 布局：%1 块 GPU，分布在 %2 个节点上（每节点 %3 块）",
    "(first %1 nodes shown)": "（显示前 %1 个节点）",
    "Node %1": "节点 %1",
    "Pipeline and placement": "流水线与布局",
})

ZH.update({
    "Show &Ranges in the Banner (each assumption ±20 %)": "在结论栏显示区间（各项假设 ±20 %）(&R)",
    "Sensitivity": "敏感性",
    "Compute efficiency": "计算效率",
    "Memory-bound passes": "访存受限遍数",
    "Bus bandwidth efficiency": "总线带宽效率",
    "DP/CP overlap": "DP/CP 通信重叠",
    "Latency per collective": "每次集合通信延迟",
    "NVLink bandwidth": "NVLink 带宽",
    "Network bandwidth": "网络带宽",
    "HBM bandwidth": "显存带宽（HBM）",
    "Allocator fragmentation": "分配器碎片",
    "CUDA context": "CUDA 上下文",
    "NCCL buffers": "NCCL 缓冲",
    "GPU MTBF": "GPU 平均无故障时间",
    "Checkpoint bandwidth": "检查点写入带宽",
    "Restart time": "重启时间",
    "&Outcome:": "结果指标(&O)：",
    "&Moves by:": "变动幅度(&M)：",
    "Assumption −%1 %": "假设 −%1 %",
    "Assumption +%1 %": "假设 +%1 %",
    "Change (%)": "变化（%）",
    "%1, each assumption ±%2 %": "%1：各项假设依次 ±%2 %",
    "Each default that is not a datasheet fact moves down and up by the same fraction, one at a time; the bars show how far the outcome moves. The longest bars are the assumptions worth measuring on your own cluster (docs/FIDELITY.md).":
        "每个并非来自数据手册的默认值依次上下变动相同比例，条形显示结果随之变化多少。条形最长的假设，最值得在自己的集群上实测（见 docs/FIDELITY.md）。",
    "Range, each assumption ±%1 % in turn: step %2–%3 s · memory %4–%5 · cost $%6–%7":
        "区间（各项假设依次 ±%1 %）：每步 %2–%3 秒 · 显存 %4–%5 · 成本 $%6–%7",
})

ZH.update({
    "%1 GiB per GPU · step %2 s · MFU %3 %": "每卡 %1 GiB · 每步 %2 秒 · MFU %3 %",
    "Click to use these values.": "点击以使用这组取值。",
    "Use %1 = %2, %3 = %4": "使用 %1 = %2，%3 = %4",
    "Tensor parallel (TP)": "张量并行（TP）",
    "Pipeline parallel (PP)": "流水线并行（PP）",
    "Data parallel (DP)": "数据并行（DP）",
    "Context parallel (CP)": "上下文并行（CP）",
    "ZeRO stage": "ZeRO 阶段",
    "Sequence length": "序列长度",
    "Two inputs at once: every cell is the full estimate with those values (GiB per GPU or seconds per step); ✕ marks combinations that are invalid or do not fit — hover for the reason, click a cell to use it.":
        "同时改变两个输入：每个格子都是对应取值下的完整估算（每卡 GiB 或每步秒数）；✕ 表示组合无效或放不下——悬停查看原因，点击格子即可采用。",
    "&Across:": "横轴(&A)：",
    "&Up:": "纵轴(&U)：",
    "&Colour:": "着色(&C)：",
    "What if": "假设分析",
})

ZH.update({
    "&Calibrate to a Measured Run…": "按实测结果校准(&C)…",
    "Calibrate to a Measured Run": "按实测结果校准",
    "Enter what you measured for the configuration on screen (same model, parallelism, batch and GPU). TrainPlanner fits the matmul efficiency to the step time and the allocator fragmentation to the peak memory; everything else keeps its value.":
        "输入当前配置（相同的模型、并行方式、批大小和 GPU）的实测结果。TrainPlanner 用每步时间拟合矩阵乘效率，用峰值显存拟合分配器碎片率；其余参数保持不变。",
    "Step time (s):": "每步时间（秒）：",
    "Peak memory per GPU (GiB):": "每卡峰值显存（GiB）：",
    "&Apply to Scenario": "应用到场景(&A)",
    "&Save Hardware Profile…": "保存硬件配置档(&S)…",
    "Save hardware profile": "保存硬件配置档",
    "TrainPlanner hardware profiles (*.tphardware.json)": "TrainPlanner 硬件配置档 (*.tphardware.json)",
    "Could not save the profile": "无法保存配置档",
    "before": "校准前",
    "fitted": "拟合值",
    "Matmul efficiency": "矩阵乘效率",
    "Fragmentation": "碎片率",
    "Estimated step time": "估算的每步时间",
    "Estimated peak memory": "估算的峰值显存",
    "Even at efficiency 1.0 the estimate is slower than measured: communication or overlap settings are too pessimistic.":
        "即使效率为 1.0，估算仍比实测慢：通信或重叠相关的设置过于悲观。",
    "Even at efficiency 0.01 the estimate is faster than measured.": "即使效率为 0.01，估算仍比实测快。",
    "The measurement is below the estimate even without fragmentation: activations or buffers are overestimated (check recomputation and the loss bytes per logit).":
        "即使不计碎片，实测值仍低于估算：激活值或缓冲区被高估了（请检查重计算设置和每个 logit 的损失字节数）。",
    "The measurement exceeds the estimate by more than fragmentation can explain.": "实测值超出估算的部分，已超过碎片率所能解释的范围。",
    "Calibrate to measured run": "按实测结果校准",
})
ZH["PNG image (*.png)"] = "PNG 图片 (*.png)"
ZH["cannot write %1"] = "无法写入 %1"
ZH.update({
    "%1 in the main model, %2 in %n multi-token prediction module(s).": "其中主模型 %1，%n 个多 token 预测（MTP）模块 %2。",
    "%1 layers, hidden %2, %3 heads (latent attention, KV rank %4), FFN %5, vocabulary %6":
        "%1 层，隐藏维度 %2，%3 个注意力头（多头潜在注意力 MLA，KV 压缩维度 %4），FFN %5，词表 %6",
    ", %n shared": "，%n 个共享专家",
    ", first %n layer(s) dense": "，前 %n 层为稠密层",
    "; %n multi-token prediction module(s)": "；%n 个多 token 预测（MTP）模块",
})
ZH["Writing a checkpoint and restarting take longer than the cluster's mean time between failures (%1 h): the run never finishes. Write checkpoints faster, restart faster or use fewer GPUs."] = (
    "写一次检查点加上重启所需的时间，超过了集群的平均故障间隔（%1 小时）：训练永远跑不完。"
    "请加快检查点写入、缩短重启时间，或减少 GPU 数量。")
ZH.update({
    "Expert FFN size:": "专家 FFN 维度：",
    "Change expert FFN size": "修改专家 FFN 维度",
    "Shared experts:": "共享专家数：",
    "Change shared experts": "修改共享专家数",
    "Dense first layers:": "前置稠密层数：",
    "Change dense first layers": "修改前置稠密层数",
    "KV latent rank (0 = no MLA):": "KV 压缩维度（0 = 不用 MLA）：",
    "Change KV latent rank": "修改 KV 压缩维度",
    "Q latent rank (MLA):": "Q 压缩维度（MLA）：",
    "Change Q latent rank": "修改 Q 压缩维度",
    "MTP modules:": "MTP 模块数：",
    "Change MTP modules": "修改 MTP 模块数",
})
ZH.update({
    ", each token on at most %n node(s)": "，每个 token 至多路由到 %n 个节点",
    "Nodes per token (0 = any):": "每 token 路由节点上限（0 = 不限）：",
    "Change nodes per token": "修改每 token 路由节点上限",
})

# Issue 18: attention as its own kernel.
ZH.update({
    "Change attention kernel": "修改注意力内核",
    "Newest for the GPU": "该 GPU 最新的内核",
    "FlashAttention-1": "FlashAttention-1",
    "FlashAttention-2": "FlashAttention-2",
    "FlashAttention-3": "FlashAttention-3",
    "Attention kernel:": "注意力内核：",
    "The attention core runs at this kernel's measured rate, on the half of the score square a causal mask leaves; its backward recomputes the scores (2.5 × the forward). FlashAttention-3 runs on Hopper only; PyTorch's SDPA uses FlashAttention-2.":
        "注意力核心按该内核的实测速率计算，只算因果掩码留下的一半得分矩阵；其反向传播会重算得分（前向的 2.5 倍）。FlashAttention-3 仅支持 Hopper；PyTorch 的 SDPA 使用 FlashAttention-2。",
    "The GPU catalog has no measured rate for this attention kernel on this GPU: attention is priced at %1 × its matmul rate.":
        "GPU 目录中没有该注意力内核在此 GPU 上的实测速率：注意力按其矩阵乘速率的 %1 倍估算。",
})

# Issue 18: the step-time chart splits compute into its kernels.
ZH.update({
    "Matmuls": "矩阵乘",
    "Attention": "注意力",
    "Memory-bound": "访存受限算子",
    "Offload": "卸载传输",
})

# Issue 18: ZeRO-2's gradient reduction under accumulation.
ZH.update({
    "Change gradient reduction": "修改梯度规约方式",
    "Every micro-batch": "每个微批",
    "After accumulation": "累积之后",
    "ZeRO-2/3 reduction:": "ZeRO-2/3 规约：",
    "With gradient accumulation, ZeRO-2 and ZeRO-3 either reduce-scatter after every micro-batch and keep only their gradient shard (DeepSpeed, FSDP), or accumulate the whole gradient and reduce once (FSDP's no_sync): one reduction instead of one per micro-batch, for unsharded gradient memory. ZeRO-3 then also keeps its parameters gathered from the first forward to the last backward (torchtitan with pipeline parallelism).":
        "在梯度累积下，ZeRO-2 和 ZeRO-3 要么在每个微批之后做 reduce-scatter、只保留自己的梯度分片（DeepSpeed、FSDP），要么先累积完整梯度、最后只规约一次（FSDP 的 no_sync）：规约次数从每个微批一次减为一次，代价是梯度显存不再分片。ZeRO-3 此时还会从第一次前向到最后一次反向一直保留聚合后的完整参数（torchtitan 搭配流水线并行时的做法）。",
})

# Issue 18: the rates the estimate prices work at, under the GPU facts.
ZH.update({
    "Priced at: matmuls %1 TFLOP/s (best measured GEMM)": "计价速率：矩阵乘 %1 TFLOP/s（实测最佳 GEMM）",
    ", attention %1 TFLOP/s": "，注意力 %1 TFLOP/s",
    ", of which this model's GEMM shapes reach %1 %": "，本模型的 GEMM 形状可达其中的 %1 %",
    "; this GPU sustains %1 % of these rates in training (calibrated, docs/FIDELITY.md)": "；该 GPU 在训练中可持续达到这些速率的 %1 %（经校准，见 docs/FIDELITY.md）",
})

# Issue 18: eager or fused elementwise kernels.
ZH.update({
    "Change elementwise kernels": "更改逐元素算子内核",
    "Fused (compiled, TE)": "融合（编译或 TE）",
    "Eager PyTorch": "PyTorch eager 模式",
    "Elementwise kernels:": "逐元素算子：",
    "Eager PyTorch runs every operation of an RMSNorm, a rotary embedding and SwiGLU as its own kernel, each reading and writing the activations: nine times a fused norm's memory traffic. torch.compile, Megatron-LM and Transformer Engine fuse them.":
        "PyTorch eager 模式下，RMSNorm、旋转位置编码和 SwiGLU 的每个运算都是单独的内核，每个都要读写一遍激活值：归一化的访存量是融合版的 9 倍。torch.compile、Megatron-LM 和 Transformer Engine 会把它们融合。",
})

# Issue 18: fp8 scaling per tensor or per row.
ZH.update({
    "Change FP8 scaling": "更改 FP8 缩放方式",
    "Per tensor": "按张量",
    "Per row (torchao rowwise)": "按行（torchao rowwise）",
    "FP8 scaling:": "FP8 缩放：",
    "Per-row scales handle outliers better but cost more: each operand is cast twice, once per GEMM axis, and tensor parallelism gathers BF16 instead of FP8. torchao's 8B benchmark on 8 H100: +25 % per tensor, +10 % per row.":
        "按行缩放更能容忍离群值，但开销更大：每个操作数要按 GEMM 的两个轴各转换一次，张量并行的 all-gather 传输 BF16 而不是 FP8。torchao 在 8 张 H100 上的 8B 基准：按张量 +25 %，按行 +10 %。",
})

# Issue 18: data-parallel collectives in buckets or per layer.
ZH.update({
    "Change data-parallel collectives": "更改数据并行集合通信方式",
    "Buckets (DDP, Megatron)": "按桶（DDP、Megatron）",
    "Per layer (FSDP)": "逐层（FSDP）",
    "DP collectives:": "数据并行通信：",
    "ZeRO stages 0–2 reduce and gather in large buckets in PyTorch DDP, DeepSpeed and Megatron-LM, but one layer at a time in PyTorch FSDP (NO_SHARD, SHARD_GRAD_OP). Every call pays the ring's latency, which grows with the group: at hundreds of GPUs per-layer calls cost several per cent. ZeRO-3 always works per layer.":
        "在 PyTorch DDP、DeepSpeed 和 Megatron-LM 中，ZeRO 0–2 阶段按大桶做规约和收集；PyTorch FSDP（NO_SHARD、SHARD_GRAD_OP）则逐层进行。每次调用都要付出环形算法的延迟，且随组规模增长：在数百张 GPU 上，逐层调用会多花几个百分点。ZeRO-3 始终逐层进行。",
})

# Issue 18: decisive pairs in the accuracy view.
ZH.update({
    "<p>Where the choice matters — two layouts measured at least %1 % apart — it orders %2 of %3 pairs as measured.</p>":
        "<p>在选择真正有影响的地方——两种布局的实测吞吐相差至少 %1 %——估算对 %3 对中的 %2 对给出了与实测一致的先后。</p>",
})

# Issue 18: the banner's range basis when no regime narrows it.
ZH.update({
    "all published runs": "全部公开记录",
})

# Issue 19: a preset GPU with single figures changed.
ZH.update({
    "memory": "显存",
    "NVLink": "NVLink",
    "PCIe": "PCIe",
    "TDP": "TDP",
    "Changed from the preset: %1; its other figures are kept.": "相对预设修改了：%1；其余参数沿用预设。",
})

# Issue 19 (review D19): gradients accumulated in a 16-bit format.
ZH.update({
    "Gradients are summed over %1 micro-batches in a format of %2 significant bits: once the sum has grown, small contributions round away. Megatron-LM and DeepSpeed accumulate in FP32 (2 more bytes per parameter).":
        "梯度在只有 %2 位有效位的格式中累加 %1 个微批：累加和变大之后，较小的贡献会被舍入掉。Megatron-LM 和 DeepSpeed 用 FP32 累加（每个参数多 2 字节）。",
})

# Issue 19: the mechanisms that let published runs fit (Llama 3 pipeline, DeepSeek-V3 activations).
ZH.update({
    "Saved activations:": "保存的激活：",
    "Change saved activations": "修改保存的激活",
    "In the compute format": "按计算格式",
    "FP8 (DeepSeek-V3)": "FP8（DeepSeek-V3）",
    "DeepSeek-V3 keeps the inputs of its linear layers for the backward pass in FP8 with a scale per 128 values, and the attention output in a 12-bit format: about half the activation memory of BF16.":
        "DeepSeek-V3 把线性层留给反向传播的输入以 FP8 保存（每 128 个值一个缩放因子），注意力输出用 12 位格式：激活显存约为 BF16 的一半。",
    "Norms, up-projections (DeepSeek-V3)": "归一化与上投影（DeepSeek-V3）",
    "Layers per stage:": "每级层数：",
    "Change layers per stage": "修改每级层数",
    "Even": "均分",
    "Embedding, loss as layers (Llama 3)": "嵌入层和损失各算一层（Llama 3）",
    "The first stage also holds the embedding and the most micro-batches, the last the output layer and the loss. Counting each as a layer gives those stages one layer fewer (Megatron-Core's account_for_embedding/loss_in_pipeline_split).":
        "第一级还要放嵌入层并驻留最多的微批，最后一级要放输出层和损失。把它们各算作一层，这两级就各少放一层（Megatron-Core 的 account_for_embedding/loss_in_pipeline_split）。",
})

# Issue 19: memory over one step.
ZH.update({
    "GPU capacity": "GPU 显存容量",
    "Time in the step (s)": "步内时间（秒）",
    "Memory per GPU (%1)": "每卡显存（%1）",
    "Peak": "峰值",
    "Memory over one step — the step is too long to draw": "一步内的显存变化——这一步太长，无法绘制",
    "Memory over one step, per pipeline stage — peak %1 at %2 s on stage %3": "一步内各流水线阶段的显存——阶段 %3 在 %2 秒达到峰值 %1",
})

# Issue 19: what tensor parallelism keeps for the backward under sequence parallelism.
ZH.update({
    "TP keeps for backward:": "TP 为反向保留：",
    "Change what TP keeps for backward": "修改 TP 为反向保留的内容",
    "Shard (Megatron-LM)": "序列分片（Megatron-LM）",
    "Gathered (PyTorch DTensor)": "聚合后的完整输入（PyTorch DTensor）",
    "With sequence parallelism a column-parallel layer all-gathers its input. Megatron-LM keeps only the sequence shard and gathers it again in the backward; PyTorch's DTensor (torchtitan) keeps the gathered input, t times the memory for the inputs of the attention and MLP projections.":
        "开启序列并行时，列并行层会先 all-gather 自己的输入。Megatron-LM 只保留序列分片，反向时再聚合一次；PyTorch 的 DTensor（torchtitan）保留聚合后的输入，注意力和 MLP 投影的输入因此占用 t 倍显存。",
})

# Issue 19: the accuracy chart shows the measured-memory suite by source and by regime.
ZH.update({
    "Peak memory · %1": "峰值显存 · %1",
    "Out of sample: error by source and by regime — throughput, then peak memory": "样本外：按来源和场景划分的误差——先吞吐，后峰值显存",
})

# Issue 19: how long gradients live, and K/V copied to every head before PyTorch's attention kernel.
ZH.update({
    "Gradients live:": "梯度的生命周期：",
    "Change how long gradients live": "修改梯度的生命周期",
    "Kept (Megatron, DDP)": "常驻（Megatron、DDP）",
    "Freed each step (PyTorch)": "每步释放（PyTorch）",
    "Megatron-LM, PyTorch DDP and DeepSpeed keep gradients in buffers allocated once. Plain PyTorch and FSDP2 (torchtitan, torchtune) create each gradient in the backward and free it after the optimizer step. With one micro-batch per step the backward then frees activations as it creates gradients, and the peak holds only the larger of the two.":
        "Megatron-LM、PyTorch DDP 和 DeepSpeed 把梯度放在一次分配、长期保留的缓冲区里。原生 PyTorch 和 FSDP2（torchtitan、torchtune）在反向中逐个创建梯度，优化器更新后即释放。每步只有一个微批时，反向一边释放激活一边生成梯度，峰值只取两者中较大的一方。",
    "K/V copied to every head:": "K/V 复制到每个头：",
    "Toggle K/V copies": "切换 K/V 复制",
    "With grouped-query attention, PyTorch's SDPA needs K and V at every query head: torchtitan, torchtune and Hugging Face copy them (repeat_kv), and the kernel keeps the copies for its backward. flash-attn and Transformer Engine read the shared heads.":
        "使用分组查询注意力（GQA）时，PyTorch 的 SDPA 要求每个查询头都有自己的 K 和 V：torchtitan、torchtune 和 Hugging Face 会把它们复制一份（repeat_kv），注意力内核为反向保留这些副本。flash-attn 和 Transformer Engine 直接读取共享的头。",
})

# Issue 19: activation offload (torchtune's OffloadActivations, Transformer Engine's CPU offloading).
ZH.update({
    "Offload activations:": "卸载激活值：",
    "Toggle activation offload": "切换激活值卸载",
    "Sends what the layers keep for the backward to host memory during the forward and fetches it back a layer ahead of the backward (torchtune, Transformer Engine). The GPU keeps two layers' worth; the PCIe traffic hides under the compute while it is shorter.":
        "前向时把各层为反向保存的张量送到主机内存，反向时提前一层取回（torchtune、Transformer Engine）。GPU 上只保留两层的量；只要 PCIe 传输比计算短，就能藏在计算之下。",
})

# Issue 20: a search belongs to the scenario it started from.
ZH.update({
    "The scenario has changed since this search: search again to apply a plan.": "本次搜索之后场景已经改动：请重新搜索后再应用方案。",
})

# Strings whose translations were kept only in the .ts file (charts moved to widgets/charts/
# changed their context, and lupdate cleared them): kept here so that fill_ts.py restores them.
ZH.update({
    "The scenario was not saved; the file on disk is unchanged.\n\n%1": "场景未保存；磁盘上的文件保持不变。\n\n%1",
    "Mean error (%)": "平均误差（%）",
    "Mean |error| (%)": "平均绝对误差（%）",
    "GPU": "GPU",
    "Size": "规模",
    "Sequence": "序列长度",
    "under 1B parameters": "1B 参数以下",
    "1B–10B parameters": "1B–10B 参数",
    "10B–100B parameters": "10B–100B 参数",
    "100B parameters and more": "100B 参数及以上",
    "mixture of experts": "混合专家",
    "tensor/pipeline (3D)": "张量/流水线并行（3D）",
    "FSDP / ZeRO-2/3": "FSDP / ZeRO-2/3",
    "data parallel": "数据并行",
    "up to 2k tokens": "2k token 以内",
    "4k–8k tokens": "4k–8k token",
    "16k–32k tokens": "16k–32k token",
    "64k tokens and more": "64k token 及以上",
    "PCIe (in node)": "PCIe（节点内）",
    "Change FP8 scope": "更改 FP8 范围",
    "Linear layers (attention and LM head in BF16)": "线性层（注意力与输出头为 BF16）",
    "Linear layers and LM head": "线性层与输出头",
    "All matmuls, FP8 attention too": "全部矩阵乘法，含 FP8 注意力",
    "FP8 scope:": "FP8 范围：",
    "With an FP8 compute format: which matmuls run at the FP8 rate. torchao and Transformer Engine convert the linear layers only; the rest runs at the BF16 rate, and every FP8 operand is scaled and cast first.": "计算格式为 FP8 时，哪些矩阵乘法以 FP8 速率运行。torchao 与 Transformer Engine 只转换线性层；其余以 BF16 速率运行，且每个 FP8 操作数都要先缩放并转换。",
    "PCIe to host (GB/s):": "到主机的 PCIe (GB/s)：",
    "Change PCIe bandwidth": "更改 PCIe 带宽",
    "Per GPU, one direction: what offloaded optimizer states and parameters cross (PCIe Gen4 x16: 32 GB/s, Gen5: 64 GB/s).": "每块 GPU、单方向：卸载的优化器状态和参数经由此链路传输（PCIe Gen4 x16：32 GB/s，Gen5：64 GB/s）。",
    "Change host memory bandwidth": "更改主机内存带宽",
    "Host memory (GB/s):": "主机内存 (GB/s)：",
    "CPU memory bandwidth of a whole node, shared by its GPUs: it bounds an offloaded optimizer step (default 409.6: two EPYC 7742 with eight DDR4-3200 channels each).": "整个节点的 CPU 内存带宽，由节点内各 GPU 共享：它决定卸载到 CPU 的优化器步骤的耗时（默认 409.6：两颗 EPYC 7742，各有八条 DDR4-3200 通道）。",
    "Achieved fraction of the GPU's achievable matmul throughput — its best measured GEMM rate (MAMF), 80–87 % of the datasheet peak on NVIDIA GPUs. The default is calibrated on published runs (docs/FIDELITY.md).": "训练达到的 GPU 可达矩阵乘法吞吐的比例——可达吞吐即实测最佳 GEMM 速率（MAMF），在 NVIDIA GPU 上为规格峰值的 80–87 %。默认值依据公开训练记录校准（docs/FIDELITY.md）。",
    "Within the best plan's range: measured runs like these do not tell the two apart (docs/FIDELITY.md).": "在最优方案的误差区间内：按同类实测记录，两者无法区分优劣（见 docs/FIDELITY.md）。",
    "≈ best": "≈ 最优",
    "%n of the plans shown (≈) are within its range: measured runs like these (%1) do not tell them apart.": "所示方案中有 %n 个（≈）处在它的区间内：类似的实测运行（%1）分不出它们的高下。",
    "undefined (NaN)": "未定义（NaN）",
    "overflow (+∞)": "溢出（+∞）",
    "overflow (−∞)": "溢出（−∞）",
    "unbounded": "无界",
    "ZeRO stage %1 with pipeline parallelism (PP = %2): DeepSpeed refuses stages 2 and 3 with pipelines and Megatron-LM shards only the optimizer (stage 1); only FSDP-based frameworks such as torchtitan combine them.": "ZeRO 阶段 %1 与流水线并行（PP = %2）同时使用：DeepSpeed 不允许流水线与阶段 2、3 组合，Megatron-LM 只切分优化器状态（阶段 1）；只有基于 FSDP 的框架（如 torchtitan）支持这种组合。",
    "The token budget (%1) is less than one step's tokens (%2): the run is counted as one step.": "token 预算（%1）少于一个训练步的 token 数（%2）：按一个训练步计算。",
    "%1 stages × %2 chunks × %3 micro-batches are too many blocks to draw; the figures above are the whole step's.": "%1 个阶段 × %2 个分块 × %3 个微批次，块太多无法绘制；上方数字为整个训练步的结果。",
    "Drawn with %1 of the %2 micro-batches: the steady state between warm-up and cool-down repeats. The axis shows the drawn %3 s.": "仅绘制 %2 个微批次中的 %1 个：预热与冷却之间的稳定阶段是重复的。坐标轴为所绘部分的 %3 秒。",
    "Range from %5 measured runs like this one (%6), 80 % of them: step %1–%2 s · %3–%4 days": "依据 %5 条同类实测记录（%6）的区间，其中 80 % 落在：每步 %1–%2 秒 · %3–%4 天",
})

# Issue 20: problems as data — layout rules, heatmap cells and planner rejections worded in one place.
ZH.update({
    "The GPU gives no memory bandwidth; the optimizer step and memory-bound kernels assume %1 TB/s.": "该 GPU 未给出显存带宽；优化器更新和访存受限的算子按 %1 TB/s 估算。",
    "TP × PP × DP × CP = %1 GPUs; at most %2 are supported.": "TP × PP × DP × CP = %1 张 GPU；最多支持 %2 张。",
    "EP (%1) must divide DP × CP (%2): expert parallelism is carved out of the data-parallel ranks.": "EP（%1）必须整除 DP × CP（%2）：专家并行从数据并行的进程中划分。",
    "Virtual stages (%1) need the interleaved schedule.": "虚拟阶段数（%1）需要交错调度。",
    "The interleaved schedule needs PP of at least 2.": "交错调度要求 PP 至少为 2。",
    "Sequence parallelism needs TP of at least 2.": "序列并行要求 TP 至少为 2。",
    "Counting the embedding and the loss as pipeline layers needs PP of at least 2.": "把嵌入层和损失计为流水线层要求 PP 至少为 2。",
    "What TP keeps for the backward pass applies to sequence parallelism only, which is off.": "张量并行为反向保留的输入只适用于序列并行，而序列并行已关闭。",
    "The gradient-reduction setting applies to ZeRO stages 2 and 3 only; ZeRO is %1.": "梯度归约方式只适用于 ZeRO 阶段 2 和 3；当前 ZeRO 为 %1。",
    "A flash-attention kernel is chosen but flash attention is off.": "选择了 Flash Attention 内核，但 Flash Attention 已关闭。",
    "The micro-batch (%1) exceeds the global batch (%2).": "微批（%1）超过了全局批（%2）。",
    "PP × virtual stages (%1 × %2) exceeds the model's %3 layers: a stage would hold no layer.": "PP × 虚拟阶段数（%1 × %2）超过模型的 %3 层：有的阶段将没有任何层。",
    "Does not fit: %1 GiB per GPU, capacity %2 GiB.": "放不下：每卡 %1 GiB，容量 %2 GiB。",
    "Fewer than two layers per pipeline stage.": "每个流水线阶段不足两层。",
    "Slower than the time budget.": "慢于时间预算。",
    "%1 has a value the scenario rules refuse.": "%1 的取值不符合场景规则。",
})

# Issue 20: the report's tables are the on-screen tables, in the display unit.
ZH.update({
    "Memory per pipeline stage": "各流水线阶段的显存",
    "%1 per GPU · step %2 s · MFU %3 %": "每卡 %1 · 每步 %2 秒 · MFU %3 %",
    "Does not fit: %1 per GPU, capacity %2.": "放不下：每卡 %1，容量 %2。",
    "Sent / GPU (%1)": "每卡发送量 (%1)",
    "Two inputs at once: every cell is the full estimate with those values (memory per GPU or seconds per step); ✕ marks combinations that are invalid or do not fit — hover for the reason, click a cell to use it.": "同时改变两个输入：每个格子都是对应取值下的完整估算（每卡显存或每步秒数）；✕ 表示组合无效或放不下——悬停查看原因，点击格子即可采用。",
    # Short recomputation names under the What-if grid's columns (ui::HeatmapGrid).
    "selective": "选择性",
    "full": "完全",
    "op-level": "算子级",
    "norms, up-proj.": "归一化、上投影",
    # The reader's refusals, worded from their codes (ui::ProblemText).
    "%1 must be a power of two between %2 and %3.": "%1 必须是 %2 到 %3 之间的 2 的幂。",
    "%1 must be a whole number between %2 and %3.": "%1 必须是 %2 到 %3 之间的整数。",
    "%1 must be a number between %2 and %3.": "%1 必须是 %2 到 %3 之间的数值。",
    "%1 must be a number.": "%1 必须是数值。",
    "%1 must be true or false.": "%1 必须是 true 或 false。",
    "%1 must be a text in quotes.": "%1 必须是带引号的文本。",
    "%1 must be an object ({ … }).": "%1 必须是对象（{ … }）。",
    "%1 must be a list ([ … ]).": "%1 必须是列表（[ … ]）。",
    "%1 has a value of the wrong kind.": "%1 的取值类型不对。",
    "%1 names a value that does not exist.": "%1 指定的取值不存在。",
    "%1 must be one of: %2.": "%1 必须是以下之一：%2。",
    "%1 is not a key of the scenario format (a typo?).": "%1 不是场景格式中的键（拼写错误？）。",
    "%1 is missing; the scenario format requires it.": "缺少 %1；场景格式要求提供它。",
    "%1 is given twice; each key may appear once.": "%1 出现了两次；每个键只能出现一次。",
    "KV heads (%1) must divide the attention heads (%2).": "KV 头数（%1）必须能整除注意力头数（%2）。",
    "Experts per token (%1) must be between 1 and the experts (%2).": "每个 token 的专家数（%1）必须在 1 到专家数（%2）之间。",
    "A mixture of experts needs the expert FFN size.": "混合专家模型需要设定专家 FFN 维度。",
    "Dense first layers (%1) must be fewer than the layers (%2).": "前置稠密层数（%1）必须少于总层数（%2）。",
    "Expert settings apply to a mixture of experts only: set the experts above 0.": "专家相关设置只适用于混合专家模型：请把专家数设为大于 0。",
    "The file is not a JSON scenario: its text cannot be read as JSON (UTF-8, at most 1 MiB).": "该文件不是 JSON 场景：其内容无法按 JSON 读取（需为 UTF-8，最大 1 MiB）。",
    "The file cannot be read: it does not exist, is not a regular file, or is too large.": "无法读取该文件：文件不存在、不是普通文件或过大。",
    "The file": "该文件",
    # core's explanations (ui::ExplainText): its formulas and the words of its arithmetic.
    "(fp8 GEMM FLOPs ÷ fp8 achievable + GEMM FLOPs outside the fp8 scope ÷ 16-bit achievable) ÷ (GPUs × efficiency) + attention kernel": "(FP8 GEMM FLOPs ÷ FP8 可达算力 + FP8 范围之外的 GEMM FLOPs ÷ 16 位可达算力) ÷ (GPU 数 × 效率) + 注意力内核",
    "Adafactor: (rows + columns of every matrix + vectors) × bytes(states) ÷ (dp·cp if ZeRO ≥ 1)": "Adafactor：(每个矩阵的行 + 列 + 向量) × 字节数(状态) ÷ (ZeRO ≥ 1 时除以 dp·cp)",
    "GEMM FLOPs ÷ (GPUs × achievable matmul rate × efficiency [× the GPU's sustained fraction] × shape efficiency) + attention kernel": "GEMM FLOPs ÷ (GPU 数 × 可达矩阵乘算力 × 效率 [× 该 GPU 的持续比例] × 形状效率) + 注意力内核",
    "GPU-hours × price + GPU-hours × server power per GPU (else TDP) × PUE × energy price": "GPU 小时 × 单价 + GPU 小时 × 每卡服务器功率（否则用 TDP）× PUE × 电价",
    "GPUs + energy + storage + network + team": "GPU + 电费 + 存储 + 网络 + 团队",
    "PCIe: gradients down and weights up per step; offloaded parameters up per pass, beyond the compute": "PCIe：每步梯度下行、权重上行；卸载的参数每趟上行，超出计算的部分",
    "ZeRO-3: 2 gathered layers; DDP bucket; NCCL buffers per communicator": "ZeRO-3：2 个已聚合的层；DDP 桶；每个通信组的 NCCL 缓冲区",
    "at the backward's end (gradients freed after each step): the first layer's activations, with its recomputation": "反向传播结束时（每步释放梯度）：第一层的激活值及其重计算",
    "calls × latency(group, nodes) + calls × message × bus factor ÷ bandwidth": "调用次数 × 延迟(组, 节点) + 调用次数 × 消息量 × 总线系数 ÷ 带宽",
    "checkpoint size × checkpoints kept × price per TB-month × months": "检查点大小 × 保留份数 × 每 TB·月单价 × 月数",
    "compute + bubble + exposed communication + optimizer + offload": "计算 + 气泡 + 暴露的通信 + 优化器 + 卸载",
    "compute time × (p − 1) ÷ (v · m)": "计算时间 × (p − 1) ÷ (v · m)",
    "flash-attention FLOPs per GPU (causal half; backward 2.5 × forward; + a recomputed forward) ÷ (kernel rate × efficiency)": "每卡 flash-attention FLOPs（因果一半；反向 2.5 × 前向；+ 一次重计算的前向）÷ (内核算力 × 效率)",
    "fragmentation × allocated + CUDA context": "碎片率 × 已分配 + CUDA 上下文",
    "inter-node bytes of all GPUs over the run × price per TB": "整个训练中所有 GPU 的跨节点字节数 × 每 TB 单价",
    "layers_stage × bytes/layer × in-flight micro-batches + logits (loss bytes per logit)·s·b·V/t": "层数_阶段 × 字节/层 × 同时在途的微批 + logits（每个 logit 的损失字节数）·s·b·V/t",
    "matmuls + memory-bound kernels": "矩阵乘 + 访存受限内核",
    "model FLOPs ÷ (step time × GPUs × peak)": "模型 FLOPs ÷ (每步时间 × GPU 数 × 峰值)",
    "one micro-batch, gradients freed after each step: max(activations + LM head's gradient at the backward's start, all gradients + first layer's activations at its end); all = Ψ_trainable × bytes(gradients) ÷ (dp·cp if ZeRO ≥ 2)": "一个微批，每步释放梯度：max(反向开始时的激活值 + LM 头的梯度，反向结束时的全部梯度 + 第一层的激活值)；全部梯度 = Ψ_可训练 × 字节数(梯度) ÷ (ZeRO ≥ 2 时除以 dp·cp)",
    "parameters updated × bytes touched ÷ (host memory bandwidth ÷ GPUs sharing the node)": "更新的参数 × 访问的字节 ÷ (主机内存带宽 ÷ 共享该节点的 GPU 数)",
    "parameters updated × bytes touched ÷ memory bandwidth": "更新的参数 × 访问的字节 ÷ 显存带宽",
    "passes × activation bytes per layer × layers × micro-batches × recompute factor ÷ HBM bandwidth (+ fp8 casts)": "趟数 × 每层激活字节 × 层数 × 微批数 × 重计算系数 ÷ HBM 带宽（+ FP8 转换）",
    "people × person-month × months of the run": "人数 × 人月成本 × 训练持续的月数",
    "tokens ÷ (global batch × sequence) × step time": "token 数 ÷ (全局批 × 序列长度) × 每步时间",
    "Σ FLOPs ÷ rate over Σ time of each GEMM of a micro-batch on one rank (forward, input and weight gradients, by their per-rank shapes): waves of 128 × 256 or 128 × 128 output tiles on the GPU's SMs, each tile's fixed cost, HBM traffic, a per-kernel floor": "Σ FLOPs ÷ 算力，除以一个 rank 上一个微批每个 GEMM 的 Σ 时间（前向、输入梯度和权重梯度，按各 rank 的形状）：GPU 各 SM 上 128 × 256 或 128 × 128 输出块的波次、每块的固定开销、HBM 流量、每个内核的下限",
    "Ψ_base × bytes(weights) (QLoRA: linear layers in NF4, 0.516 B) + Ψ_adapters × bytes(weights), ÷ shard if ZeRO-3": "Ψ_基座 × 字节数(权重)（QLoRA：线性层为 NF4，0.516 B）+ Ψ_适配器 × 字节数(权重)，ZeRO-3 时除以分片数",
    "Ψ_gpu × bytes(weights) ÷ (dp·cp, experts dp·cp ÷ ep) + Ψ_gpu × bytes(gathered), kept whole from the first forward to the last backward": "Ψ_gpu × 字节数(权重) ÷ (dp·cp，专家为 dp·cp ÷ ep) + Ψ_gpu × 字节数(聚合)，从第一次前向到最后一次反向一直完整保留",
    "Ψ_gpu × bytes(weights) ÷ (dp·cp, experts dp·cp ÷ ep, if ZeRO-3)": "Ψ_gpu × 字节数(权重) ÷ (ZeRO-3 时除以 dp·cp，专家为 dp·cp ÷ ep)",
    "Ψ_trainable × bytes(gradients) ÷ (dp·cp, experts dp·cp ÷ ep, if ZeRO ≥ 2)": "Ψ_可训练 × 字节数(梯度) ÷ (ZeRO ≥ 2 时除以 dp·cp，专家为 dp·cp ÷ ep)",
    "Ψ_trainable × bytes(master) ÷ (dp·cp, experts dp·cp ÷ ep, if ZeRO ≥ 1)": "Ψ_可训练 × 字节数(主权重) ÷ (ZeRO ≥ 1 时除以 dp·cp，专家为 dp·cp ÷ ep)",
    "Ψ_trainable × bytes/param(optimizer) ÷ (dp·cp, experts dp·cp ÷ ep, if ZeRO ≥ 1)": "Ψ_可训练 × 每参数字节数(优化器) ÷ (ZeRO ≥ 1 时除以 dp·cp，专家为 dp·cp ÷ ep)",
    "(SM count not given: no wave quantization)": "（未给出 SM 数：不计波次量化）",
    "(offloaded: the layers' saved tensors,": "（已卸载：各层保存的张量",
    "on the host; two layers' worth on the GPU)": "在主机内存；GPU 上保留两层）",
    "bytes/layer (average over the stage's layers) + working set": "字节/层（按该阶段各层平均）+ 工作集",
    "), the start: LM head's gradient": ")，取开始时：LM 头的梯度",
    "), the end:": ")，取结束时：",
    "on the host (offload):": "在主机内存（卸载）：",
    "; on the GPU": "；GPU 上",
    "activations (no recomputation)": "激活值（不含重计算）",
    "micro-batches …": "个微批 …",
    "+ fp8 casts": "+ FP8 转换",
    "− attention": "− 注意力",
    "+ extras": "+ 其他项",
    "ranks on": "个 rank，分布在",
    "nodes)": "个节点)",
    "(exposed": "（暴露",
    "GB/s per node": "GB/s（每节点）",
    "dense ×": "稠密层 ×",
    "× allocated": "× 已分配",
    "SMs)": "个 SM)",
    " days": " 天",
    " at ": "，带宽 ",
    " over ": "，经 ",
    # config.json import: refusals and notes (ui::ProblemText).
    "%1: the hidden size (%2) must be divisible by the attention heads (%3).": "%1：隐藏维度（%2）必须能被注意力头数（%3）整除。",
    "%1 names a model family TrainPlanner cannot import.": "%1 指定的模型系列 TrainPlanner 无法导入。",
    "%1 sets a feature of the model TrainPlanner does not model.": "%1 设置了 TrainPlanner 尚未建模的模型特性。",
    "topk_group = %1: a token's experts lie on at most that many nodes when each expert group has a node of its own.": "topk_group = %1：当每个专家组各占一个节点时，一个 token 的专家最多分布在这么多个节点上。",
    "%n multi-token prediction module(s), trained on the last pipeline stage; they share the embedding and the output head, so the checkpoint's copies of those are not counted again.": "%n 个多 token 预测模块，在最后一个流水线阶段上训练；它们与主模型共享词嵌入和输出头，因此检查点中的那两份副本不再重复计数。",
    "rope_scaling has no effect on memory or FLOPs.": "rope_scaling 不影响显存和 FLOPs。",
    "Latent attention's down-projections and latent norms are counted whole on every TP rank.": "潜在注意力的下投影和潜变量归一化在每个 TP rank 上都按完整大小计数。",
    "Phi: one LayerNorm per layer feeds attention and the MLP in parallel; biases on every linear layer and the LM head; partial_rotary_factor has no effect on memory or FLOPs.": "Phi：每层一个 LayerNorm，并行送入注意力和 MLP；每个线性层和 LM 头都有偏置；partial_rotary_factor 不影响显存和 FLOPs。",
    "GPT-2 family: learned positions, LayerNorm, GeLU, biases on every linear layer, dropout.": "GPT-2 系列：可学习位置编码、LayerNorm、GeLU、每个线性层都有偏置、dropout。",
    "Qwen2: biases on the Q, K and V projections only.": "Qwen2：只有 Q、K、V 投影有偏置。",
    "Qwen2-MoE: the shared expert is counted as %n expert(s) of moe_intermediate_size; its sigmoid gate is not counted.": "Qwen2-MoE：共享专家按 %n 个 moe_intermediate_size 大小的专家计数；其 sigmoid 门控不计入。",
    "Phi-3: the fused qkv_proj and gate_up_proj are counted as their separate matrices.": "Phi-3：融合的 qkv_proj 和 gate_up_proj 按拆开后的各个矩阵计数。",
    "sliding_window is ignored: attention is counted over the whole sequence (an upper bound).": "忽略 sliding_window：注意力按整条序列计算（上界）。",
    "q_lora_rank is null: the queries are projected directly.": "q_lora_rank 为 null：查询直接投影。",
    "hidden_act %1: a gated MLP of three matrices, counted as SwiGLU.": "hidden_act %1：三个矩阵的门控 MLP，按 SwiGLU 计数。",
    "n_inner is null: ffn_hidden = 4 × n_embd.": "n_inner 为 null：ffn_hidden = 4 × n_embd。",
    # More of the reader's refusals (ui::ProblemText).
    "%1: a model is given by a preset, by a size (params) or by its architecture — one of them.": "%1：模型可以用预设、规模（params）或结构之一来给出——只能选一种。",
    "%1 must list LoRA targets among q, k, v, o, gate, up and down.": "%1 必须从 q、k、v、o、gate、up、down 中列出 LoRA 目标。",
    "%1 applies to LoRA and QLoRA only, and the method is full training.": "%1 只适用于 LoRA 和 QLoRA，而训练方式是全参数训练。",
    "%1: a hardware profile cannot point to another profile.": "%1：硬件配置文件不能再引用另一个配置文件。",
    "%1 replaces a figure of a GPU preset, but the GPU is given whole: set it inside the GPU.": "%1 用于替换 GPU 预设的某项参数，但 GPU 是整体给出的：请在 GPU 对象内设置。",
    "%1 has %2 parameters; at most %3 are supported.": "%1 有 %2 个参数；最多支持 %3 个。",
    "%1 is longer than %2 characters.": "%1 超过了 %2 个字符。",
    "%1 is required with learned positions.": "使用可学习位置编码时必须给出 %1。",
    "%1 applies to learned positions only.": "%1 只适用于可学习位置编码。",
    "%1: with latent attention every head has its own K and V, so the KV heads equal the heads.": "%1：使用潜在注意力时每个头都有自己的 K 和 V，因此 KV 头数等于注意力头数。",
    "%1: latent attention is modelled without biases.": "%1：潜在注意力按无偏置建模。",
    "%1: these keys belong to latent attention and need a KV latent rank above 0.": "%1：这些键属于潜在注意力，需要 KV 潜变量秩大于 0。",
    "%1 must give the peak of at least one number format.": "%1 必须至少给出一种数值格式的峰值算力。",
    "%1 must not exceed the datasheet peak (%2 TFLOP/s).": "%1 不能超过规格书峰值（%2 TFLOP/s）。",
    "%1 has no datasheet peak to be measured against.": "%1 没有可供对照的规格书峰值。",
    "%1 is the whole server's power per GPU and cannot be below the GPU's TDP (%2 W).": "%1 是整台服务器折算到每张 GPU 的功率，不能低于 GPU 的 TDP（%2 W）。",
    'Megatron-LM arguments': 'Megatron-LM 启动参数',
    'torchtitan job file (TOML)': 'torchtitan 任务配置文件（TOML）',
    'DeepSpeed config (JSON)': 'DeepSpeed 配置文件（JSON）',
    'Launch settings not written': '未写入启动配置',
    '%1 was not written.\n\n%2': '未写入 %1。\n\n%2',
    'Wrote the %1 to %2': '已将%1写入 %2',
    'Export &Launch Settings': '导出启动配置(&L)',
    'Copied the %1 for plan %2 to the clipboard.': '已将方案 %2 的%1复制到剪贴板。',
    'Not copied: %1': '未复制：%1',
    'Copy launch settings': '复制启动配置',
    "The selected plan as Megatron-LM arguments, a torchtitan job file or a DeepSpeed config, with what the run's log should show": '把选中的方案写成 Megatron-LM 启动参数、torchtitan 任务配置或 DeepSpeed 配置，并附上训练日志中应看到的数值',
    'it is built by the training script, not by the configuration': '它由训练脚本构建，而不是由配置文件设定',
    'it always uses the other choice': '它总是采用另一种做法',
    'the model is chosen by name there, and this architecture is not one of its models': '该框架按名称选择模型，而此架构不在其模型之列',
    'it has no setting for it': '它没有对应的设置',
    "%1 cannot be expressed in %2's settings: %3.": '%1 无法用 %2 的配置表达：%3。',
    'Plan versus training log': '计划与训练日志对比',
    'Use the refitted efficiency': '采用重新拟合的效率',
    'Sets efficiency.compute (and the fragmentation, where the log gives reserved memory) to the values that reproduce this run; one undo step': '把 efficiency.compute（日志给出保留显存时还包括碎片率）设为能复现这次运行的数值；可一步撤销',
    "%1 log: the Trainer's average over the whole run, warm-up included.": '%1 日志：Trainer 对整次运行的平均值，含预热阶段。',
    '%1 log: median of %2 steady steps (%3 to %4); %5 left out (the first, and any over 1.5 × the median).': '%1 日志：取 %2 个稳定步（第 %3 至 %4 步）的中位数；剔除 %5 步（第一步，以及超过中位数 1.5 倍的步）。',
    'measured': '实测',
    'planned': '计划',
    'residual': '偏差',
    'Step time (s)': '每步时间（秒）',
    'Tokens/s': 'token/秒',
    'Peak memory (PyTorch allocated)': '显存峰值（PyTorch 已分配）',
    'Peak memory (PyTorch reserved)': '显存峰值（PyTorch 已保留）',
    'TFLOP/s per GPU': '每卡 TFLOP/s',
    'Planned range: %1–%2 s per step (%n measured runs like this one).': '计划区间：每步 %1–%2 秒（依据 %n 条类似的实测记录）。',
    'Planned step time: %1 s (no measured runs to give a range).': '计划每步时间：%1 秒（没有可给出区间的实测记录）。',
    "The run has left the plan's range: the forecast below is the one to budget for.": '这次运行已偏出计划区间：请按下面的预测做预算。',
    'Refitted to this run: compute efficiency %1 (was %2)%3.': '按这次运行重新拟合：计算效率 %1（原为 %2）%3。',
    ', fragmentation %1': '，碎片率 %1',
    'Whole run': '整次运行',
    'at the measured pace': '按实测速度',
    'GPU-hours': 'GPU 小时',
    'Total cost (USD)': '总成本（美元）',
    'Refit to training log': '按训练日志重新拟合',
    'Compare with a training log': '与训练日志对比',
    'Training logs (*.log *.txt *.out);;All files (*)': '训练日志 (*.log *.txt *.out);;所有文件 (*)',
    'Cannot compare with the log': '无法与日志对比',
    '%1 was not read.\n\n%2': '未读取 %1。\n\n%2',
    'Compare With &Training Log…': '与训练日志对比(&T)…',
    'This log has no step line of Megatron-LM, torchtitan, DeepSpeed or the Hugging Face Trainer.': '这个日志里没有 Megatron-LM、torchtitan、DeepSpeed 或 Hugging Face Trainer 的训练步记录。',
})
