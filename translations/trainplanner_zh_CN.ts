<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>core::Explain</name>
    <message>
        <source>Adafactor: (rows + columns of every matrix + vectors) × bytes(states) ÷ (dp·cp if ZeRO ≥ 1)</source>
        <translation>Adafactor：(每个矩阵的行 + 列 + 向量) × 字节数(状态) ÷ (ZeRO ≥ 1 时除以 dp·cp)</translation>
    </message>
    <message>
        <source>GPU-hours × price + GPU-hours × server power per GPU (else TDP) × PUE × energy price</source>
        <translation>GPU 小时 × 单价 + GPU 小时 × 每卡服务器功率（否则用 TDP）× PUE × 电价</translation>
    </message>
    <message>
        <source>GPUs + energy + storage + network + team</source>
        <translation>GPU + 电费 + 存储 + 网络 + 团队</translation>
    </message>
    <message>
        <source>PCIe: gradients down and weights up per step; offloaded parameters up per pass, beyond the compute</source>
        <translation>PCIe：每步梯度下行、权重上行；卸载的参数每趟上行，超出计算的部分</translation>
    </message>
    <message>
        <source>ZeRO-3: 2 gathered layers; DDP bucket; NCCL buffers per communicator</source>
        <translation>ZeRO-3：2 个已聚合的层；DDP 桶；每个通信组的 NCCL 缓冲区</translation>
    </message>
    <message>
        <source>at the backward&apos;s end (gradients freed after each step): the first layer&apos;s activations, with its recomputation</source>
        <translation>反向传播结束时（每步释放梯度）：第一层的激活值及其重计算</translation>
    </message>
    <message>
        <source>calls × latency(group, nodes) + calls × message × bus factor ÷ bandwidth</source>
        <translation>调用次数 × 延迟(组, 节点) + 调用次数 × 消息量 × 总线系数 ÷ 带宽</translation>
    </message>
    <message>
        <source>checkpoint size × checkpoints kept × price per TB-month × months</source>
        <translation>检查点大小 × 保留份数 × 每 TB·月单价 × 月数</translation>
    </message>
    <message>
        <source>compute + bubble + exposed communication + optimizer + offload</source>
        <translation>计算 + 气泡 + 暴露的通信 + 优化器 + 卸载</translation>
    </message>
    <message>
        <source>fragmentation × allocated + CUDA context</source>
        <translation>碎片率 × 已分配 + CUDA 上下文</translation>
    </message>
    <message>
        <source>inter-node bytes of all GPUs over the run × price per TB</source>
        <translation>整个训练中所有 GPU 的跨节点字节数 × 每 TB 单价</translation>
    </message>
    <message>
        <source>layers_stage × bytes/layer × in-flight micro-batches + logits (loss bytes per logit)·s·b·V/t</source>
        <translation>层数_阶段 × 字节/层 × 同时在途的微批 + logits（每个 logit 的损失字节数）·s·b·V/t</translation>
    </message>
    <message>
        <source>model FLOPs ÷ (step time × GPUs × peak)</source>
        <translation>模型 FLOPs ÷ (每步时间 × GPU 数 × 峰值)</translation>
    </message>
    <message>
        <source>one micro-batch, gradients freed after each step: max(activations + LM head&apos;s gradient at the backward&apos;s start, all gradients + first layer&apos;s activations at its end); all = Ψ_trainable × bytes(gradients) ÷ (dp·cp if ZeRO ≥ 2)</source>
        <translation>一个微批，每步释放梯度：max(反向开始时的激活值 + LM 头的梯度，反向结束时的全部梯度 + 第一层的激活值)；全部梯度 = Ψ_可训练 × 字节数(梯度) ÷ (ZeRO ≥ 2 时除以 dp·cp)</translation>
    </message>
    <message>
        <source>parameters updated × bytes touched ÷ (host memory bandwidth ÷ GPUs sharing the node)</source>
        <translation>更新的参数 × 访问的字节 ÷ (主机内存带宽 ÷ 共享该节点的 GPU 数)</translation>
    </message>
    <message>
        <source>passes × activation bytes per layer × layers × micro-batches × recompute factor ÷ HBM bandwidth (+ fp8 casts)</source>
        <translation>趟数 × 每层激活字节 × 层数 × 微批数 × 重计算系数 ÷ HBM 带宽（+ FP8 转换）</translation>
    </message>
    <message>
        <source>people × person-month × months of the run</source>
        <translation>人数 × 人月成本 × 训练持续的月数</translation>
    </message>
    <message>
        <source>tokens ÷ (global batch × sequence) × step time</source>
        <translation>token 数 ÷ (全局批 × 序列长度) × 每步时间</translation>
    </message>
    <message>
        <source>Σ FLOPs ÷ rate over Σ time of each GEMM of a micro-batch on one rank (forward, input and weight gradients, by their per-rank shapes): waves of 128 × 256 or 128 × 128 output tiles on the GPU&apos;s SMs, each tile&apos;s fixed cost, HBM traffic, a per-kernel floor</source>
        <translation>Σ FLOPs ÷ 算力，除以一个 rank 上一个微批每个 GEMM 的 Σ 时间（前向、输入梯度和权重梯度，按各 rank 的形状）：GPU 各 SM 上 128 × 256 或 128 × 128 输出块的波次、每块的固定开销、HBM 流量、每个内核的下限</translation>
    </message>
    <message>
        <source>Ψ_base × bytes(weights) (QLoRA: linear layers in NF4, 0.516 B) + Ψ_adapters × bytes(weights), ÷ shard if ZeRO-3</source>
        <translation>Ψ_基座 × 字节数(权重)（QLoRA：线性层为 NF4，0.516 B）+ Ψ_适配器 × 字节数(权重)，ZeRO-3 时除以分片数</translation>
    </message>
    <message>
        <source>Ψ_gpu × bytes(weights) ÷ (dp·cp, experts dp·cp ÷ ep) + Ψ_gpu × bytes(gathered), kept whole from the first forward to the last backward</source>
        <translation>Ψ_gpu × 字节数(权重) ÷ (dp·cp，专家为 dp·cp ÷ ep) + Ψ_gpu × 字节数(聚合)，从第一次前向到最后一次反向一直完整保留</translation>
    </message>
    <message>
        <source>Ψ_gpu × bytes(weights) ÷ (dp·cp, experts dp·cp ÷ ep, if ZeRO-3)</source>
        <translation>Ψ_gpu × 字节数(权重) ÷ (ZeRO-3 时除以 dp·cp，专家为 dp·cp ÷ ep)</translation>
    </message>
    <message>
        <source>Ψ_trainable × bytes(gradients) ÷ (dp·cp, experts dp·cp ÷ ep, if ZeRO ≥ 2)</source>
        <translation>Ψ_可训练 × 字节数(梯度) ÷ (ZeRO ≥ 2 时除以 dp·cp，专家为 dp·cp ÷ ep)</translation>
    </message>
    <message>
        <source>Ψ_trainable × bytes(master) ÷ (dp·cp, experts dp·cp ÷ ep, if ZeRO ≥ 1)</source>
        <translation>Ψ_可训练 × 字节数(主权重) ÷ (ZeRO ≥ 1 时除以 dp·cp，专家为 dp·cp ÷ ep)</translation>
    </message>
    <message>
        <source>Ψ_trainable × bytes/param(optimizer) ÷ (dp·cp, experts dp·cp ÷ ep, if ZeRO ≥ 1)</source>
        <translation>Ψ_可训练 × 每参数字节数(优化器) ÷ (ZeRO ≥ 1 时除以 dp·cp，专家为 dp·cp ÷ ep)</translation>
    </message>
    <message>
        <source>host time − (matmuls + memory-bound + collectives inside the micro-batches); host time = micro-batches × operations × host time per operation</source>
        <translation>主机时间 −（矩阵乘 + 访存受限 + 微批次内部的集合通信）；主机时间 = 微批次数 × 操作数 × 每个操作的主机时间</translation>
    </message>
    <message>
        <source>parameters updated × bytes touched ÷ memory bandwidth + the stack&apos;s host time per step</source>
        <translation>更新的参数数 × 访问字节数 ÷ 显存带宽 + 软件栈每步的主机时间</translation>
    </message>
    <message>
        <source>(fp8 GEMM FLOPs ÷ fp8 achievable + GEMM FLOPs outside the fp8 scope ÷ 16-bit achievable) ÷ (GPUs × efficiency) + attention kernel</source>
        <translation>(FP8 GEMM FLOPs ÷ FP8 可达算力 + FP8 范围之外的 GEMM FLOPs ÷ 16 位可达算力) ÷ (GPU 数 × 效率) + 注意力内核</translation>
    </message>
    <message>
        <source>GEMM FLOPs ÷ (GPUs × achievable matmul rate × efficiency [× the GPU&apos;s sustained fraction] × shape efficiency) + attention kernel</source>
        <translation>GEMM FLOPs ÷ (GPU 数 × 可达矩阵乘算力 × 效率 [× 该 GPU 的持续比例] × 形状效率) + 注意力内核</translation>
    </message>
    <message>
        <source>matmuls + memory-bound kernels + waiting for the CPU</source>
        <translation>矩阵乘 + 访存受限内核 + 等待 CPU</translation>
    </message>
    <message>
        <source>compute time × (p − 1) ÷ (v · m) + (v · m − 1) ÷ (v · m) × (busiest stage&apos;s load − 1) × matmul time</source>
        <translation>计算时间 × (p − 1) ÷ (v · m) + (v · m − 1) ÷ (v · m) × (最忙一级的负载 − 1) × 矩阵乘时间</translation>
    </message>
    <message>
        <source>flash-attention FLOPs per GPU (causal half; backward 2.5 × forward; + a recomputed forward) ÷ (kernel rate × efficiency) × length factor (the kernel&apos;s rate at its reference length ÷ its rate on blocks of ℓ tokens, ℓ/(ℓ + 680); reference 16k tokens, 2.4k for flash1; ℓ = s, or s/(2·cp) with context parallelism)</source>
        <translation>每卡 flash-attention FLOPs（因果一半；反向 2.5 × 前向；+ 一次重计算的前向）÷ (内核算力 × 效率) × 长度系数（内核在其参考长度上的算力 ÷ 它在 ℓ 个 token 的块上的算力，ℓ/(ℓ + 680)；参考长度 16k token，flash1 为 2.4k；ℓ = s，开启上下文并行时为 s/(2·cp)）</translation>
    </message>
</context>
<context>
    <name>ui::AccuracyView</name>
    <message>
        <source>Error (%): above 0 the estimate is higher</source>
        <translation>误差（%）：大于 0 表示估算偏高</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>记录</translation>
    </message>
    <message>
        <source>Metric</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>用途</translation>
    </message>
    <message>
        <source>Published</source>
        <translation>发表值</translation>
    </message>
    <message>
        <source>Predicted</source>
        <translation>估算值</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>误差</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>出处</translation>
    </message>
    <message>
        <source>calibration</source>
        <translation>校准</translation>
    </message>
    <message>
        <source>out of sample</source>
        <translation>样本外</translation>
    </message>
    <message>
        <source>Mean error (%)</source>
        <translation>平均误差（%）</translation>
    </message>
    <message>
        <source>Mean |error| (%)</source>
        <translation>平均绝对误差（%）</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Size</source>
        <extracomment>runs grouped by model size (parameters)</extracomment>
        <translation>规模</translation>
    </message>
    <message>
        <source>Parallelism</source>
        <translation>并行策略</translation>
    </message>
    <message>
        <source>Sequence</source>
        <extracomment>runs grouped by sequence length in tokens</extracomment>
        <translation>序列长度</translation>
    </message>
    <message>
        <source>Format</source>
        <extracomment>runs grouped by the number format of their matmuls (&quot;bf16/fp16&quot;, &quot;fp8&quot;)</extracomment>
        <translation>数值格式</translation>
    </message>
    <message>
        <source>&lt;p&gt;Where the choice matters — two layouts measured at least %1 % apart — it orders %2 of %3 pairs as measured.&lt;/p&gt;</source>
        <translation>&lt;p&gt;在选择真正有影响的地方——两种布局的实测吞吐相差至少 %1%——估算对 %3 对中的 %2 对给出了与实测一致的先后。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Peak memory · %1</source>
        <translation>峰值显存 · %1</translation>
    </message>
    <message>
        <source>Out of sample: error by source and by regime — throughput, then peak memory</source>
        <translation>样本外：按来源和场景划分的误差——先吞吐，后峰值显存</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>Tensor parallelism</source>
        <translation>张量并行</translation>
    </message>
    <message>
        <source>Training</source>
        <extracomment>runs grouped by training method (&quot;pre-training&quot;, &quot;fine-tuning (LoRA, QLoRA)&quot;), not the training itself</extracomment>
        <translation>训练方式</translation>
    </message>
    <message>
        <source>&lt;p&gt;Each source counted once (the mean of each source&apos;s mean |error|), the error is &lt;b&gt;%1 %&lt;/b&gt; on throughput and &lt;b&gt;%2 %&lt;/b&gt; on peak memory: one large table cannot hide the others.&lt;/p&gt;</source>
        <translation>&lt;p&gt;每个来源只计一次（各来源平均绝对误差的平均值）时，吞吐误差为 &lt;b&gt;%1%&lt;/b&gt;，峰值显存误差为 &lt;b&gt;%2%&lt;/b&gt;：一张大表掩盖不了其他来源。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;The estimate against %1 published training runs, with the shipped defaults. Out of sample (runs not used to choose the defaults), the mean error is &lt;b&gt;%2 %&lt;/b&gt; on throughput and &lt;b&gt;%3 %&lt;/b&gt; on peak memory. On the %4 calibration runs, three defaults were calibrated — matmul efficiency %5, the share %6 of it Hopper GPUs sustain, and %7 memory-bound passes — and each software stack&apos;s host costs on its own runs. Where a source measured one model in several layouts on one software stack, the estimate orders them with a mean rank correlation of %8 over %9 sets. Double-click a run to open it as a scenario.&lt;/p&gt;</source>
        <translation>&lt;p&gt;用默认参数估算 %1 个公开发表或实测的训练记录，并与发表值对比。在样本外（未用于确定默认值的记录）上，吞吐的平均误差为 &lt;b&gt;%2%&lt;/b&gt;，峰值显存为 &lt;b&gt;%3%&lt;/b&gt;。在 %4 个校准记录上确定了三个默认值——矩阵乘效率 %5、Hopper GPU 可持续达到其中的比例 %6、访存受限遍数 %7——并在各软件栈自己的记录上拟合了它的主机开销。当同一来源在同一软件栈上以多种并行布局测量同一模型时，估算给出的排序与实测的平均秩相关系数为 %8（共 %9 组）。双击某条记录可将其作为场景打开。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Held out, %1 %&lt;/b&gt;: each of the %2 sources scored by defaults fitted again without its own runs, each source counted once — the error to expect on a setup unlike the suite&apos;s. The weakest source, %3, is off by %4 %.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;留出检验：%1 %&lt;/b&gt;：%2 个来源逐一留出，用不含其自身数据重新拟合的默认值评分，每个来源只计一次——这是在与本套测试不同的配置上应预期的误差。最弱的来源是 %3，误差 %4 %。&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>ui::ActualDialog</name>
    <message>
        <source>Plan versus training log</source>
        <translation>计划与训练日志对比</translation>
    </message>
    <message>
        <source>Use the refitted efficiency</source>
        <translation>采用重新拟合的效率</translation>
    </message>
    <message>
        <source>Sets efficiency.compute (and the fragmentation, where the log gives reserved memory) to the values that reproduce this run; one undo step</source>
        <translation>把 efficiency.compute（日志给出保留显存时还包括碎片率）设为能复现这次运行的数值；可一步撤销</translation>
    </message>
    <message>
        <source>measured</source>
        <translation>实测</translation>
    </message>
    <message>
        <source>planned</source>
        <translation>计划</translation>
    </message>
    <message>
        <source>residual</source>
        <translation>偏差</translation>
    </message>
    <message>
        <source>Step time (s)</source>
        <translation>每步时间（秒）</translation>
    </message>
    <message>
        <source>Tokens/s</source>
        <translation>token/秒</translation>
    </message>
    <message>
        <source>Peak memory (PyTorch allocated)</source>
        <translation>显存峰值（PyTorch 已分配）</translation>
    </message>
    <message>
        <source>Peak memory (PyTorch reserved)</source>
        <translation>显存峰值（PyTorch 已保留）</translation>
    </message>
    <message>
        <source>MFU (%)</source>
        <translation>MFU (%)</translation>
    </message>
    <message>
        <source>TFLOP/s per GPU</source>
        <translation>每卡 TFLOP/s</translation>
    </message>
    <message numerus="yes">
        <source>Planned range: %1–%2 s per step (%n measured runs like this one).</source>
        <translation>
            <numerusform>计划区间：每步 %1–%2 秒（依据 %n 条类似的实测记录）。</numerusform>
        </translation>
    </message>
    <message>
        <source>Planned step time: %1 s (no measured runs to give a range).</source>
        <translation>计划每步时间：%1 秒（没有可给出区间的实测记录）。</translation>
    </message>
    <message>
        <source>The run has left the plan&apos;s range: the forecast below is the one to budget for.</source>
        <translation>这次运行已偏出计划区间：请按下面的预测做预算。</translation>
    </message>
    <message>
        <source>Refitted to this run: compute efficiency %1 (was %2)%3.</source>
        <translation>按这次运行重新拟合：计算效率 %1（原为 %2）%3。</translation>
    </message>
    <message>
        <source>, fragmentation %1</source>
        <translation>，碎片率 %1</translation>
    </message>
    <message>
        <source>Whole run</source>
        <translation>整次运行</translation>
    </message>
    <message>
        <source>at the measured pace</source>
        <translation>按实测速度</translation>
    </message>
    <message>
        <source>Days</source>
        <translation>天数</translation>
    </message>
    <message>
        <source>GPU-hours</source>
        <translation>GPU 小时</translation>
    </message>
    <message>
        <source>Total cost (USD)</source>
        <translation>总成本（美元）</translation>
    </message>
    <message>
        <source>Refit to training log</source>
        <translation>按训练日志重新拟合</translation>
    </message>
    <message>
        <source>Hugging Face Trainer log: the Trainer&apos;s average over the whole run, warm-up included.</source>
        <translation>Hugging Face Trainer 日志：Trainer 给出的整个训练的平均值，包含预热。</translation>
    </message>
    <message>
        <source>Applied: the scenario now uses the refitted values. Compare the log again to see the new plan beside it.</source>
        <translation>已应用：场景现在使用重新拟合的数值。再次与日志对比，即可看到新的计划与日志并列。</translation>
    </message>
    <message>
        <source>The scenario has changed since this log was compared: the plan shown is the one it had then, and its refit is not applied to another scenario.</source>
        <translation>自与这份日志对比以来场景已经改变：这里显示的是当时的计划，其拟合结果不会应用到另一个场景上。</translation>
    </message>
    <message>
        <source>%1 log: median of %2 steady steps (%3 to %4); %5 left out (the first, and any over %6 × the median).</source>
        <extracomment>%6 is the multiple of the median above which a step is left out (1.5)</extracomment>
        <translation>%1 日志：取 %2 个稳定步（第 %3 至 %4 步）的中位数；剔除 %5 步（第一步，以及超过中位数 %6 倍的步）。</translation>
    </message>
    <message>
        <source>The log is of another run than the plan: its refit is not applied to this scenario</source>
        <translation>该日志来自与计划不同的另一次运行：其重新拟合的值不会应用到此场景</translation>
    </message>
    <message>
        <source>This log is of another run than the plan:</source>
        <translation>该日志来自与计划不同的另一次运行：</translation>
    </message>
    <message>
        <source>The residuals, the refitted efficiency and the forecast below compare two different runs. Set the scenario to the run&apos;s settings and compare the log again.</source>
        <translation>下面的残差、重新拟合的效率和预测比较的是两次不同的运行。请把场景设为该运行的设置，再与日志比较一次。</translation>
    </message>
    <message>
        <source>File read: %1</source>
        <translation>已读取的文件：%1</translation>
    </message>
    <message>
        <source>Measured tokens/s count the log&apos;s own %1 tokens per step.</source>
        <translation>实测 tokens/s 按日志自身每步 %1 个 token 计算。</translation>
    </message>
    <message numerus="yes">
        <source>Planned step time: %2 s. Measured runs like this one %1 (%n runs): %3–%4 s per step.</source>
        <extracomment>%1 &quot;ran 0–18 % slower than the model estimates&quot;, %2 the model&apos;s step in seconds, %3–%4 the runs&apos; range</extracomment>
        <translation>
            <numerusform>计划每步时间：%2 秒。类似的实测运行%1（%n 次运行）：每步 %3–%4 秒。</numerusform>
        </translation>
    </message>
    <message>
        <source>Refitted to the log&apos;s run, not the plan&apos;s: compute efficiency %1 (was %2)%3.</source>
        <translation>按日志中的运行（而非计划）重新拟合：计算效率 %1（原为 %2）%3。</translation>
    </message>
    <message>
        <source>at the pace of the log&apos;s run</source>
        <translation>按日志中运行的速度</translation>
    </message>
    <message>
        <source>Plan&apos;s step at the log&apos;s pace (s)</source>
        <translation>按日志的速度，计划中的一步（秒）</translation>
    </message>
    <message>
        <source>The log&apos;s steps took %1 s;</source>
        <translation>日志中每步耗时 %1 秒；</translation>
    </message>
    <message>
        <source>at its tokens per second the plan&apos;s step takes %1 s, and the forecast counts that.</source>
        <translation>按它的每秒 token 数，计划中的一步需要 %1 秒，预测按此计算。</translation>
    </message>
    <message>
        <source>Planned on the log&apos;s software stack, %1 (the scenario says %2):</source>
        <translation>按日志所用的软件栈 %1 计划（场景中为 %2）：</translation>
    </message>
    <message>
        <source>the planned figures differ from the main window&apos;s.</source>
        <translation>因此计划值与主窗口中的不同。</translation>
    </message>
</context>
<context>
    <name>ui::CalibrationDialog</name>
    <message>
        <source>Calibrate to a Measured Run</source>
        <translation>按实测结果校准</translation>
    </message>
    <message>
        <source>Enter what you measured for the configuration on screen (same model, parallelism, batch and GPU). TrainPlanner fits the matmul efficiency to the step time and the allocator fragmentation to the peak memory; everything else keeps its value.</source>
        <translation>输入当前配置（相同的模型、并行方式、批大小和 GPU）的实测结果。TrainPlanner 用每步时间拟合矩阵乘效率，用峰值显存拟合分配器碎片率；其余参数保持不变。</translation>
    </message>
    <message>
        <source>Step time (s):</source>
        <translation>每步时间（秒）：</translation>
    </message>
    <message>
        <source>Peak memory per GPU (GiB):</source>
        <translation>每卡峰值显存（GiB）：</translation>
    </message>
    <message>
        <source>&amp;Apply to Scenario</source>
        <translation>应用到场景(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Save Hardware Profile…</source>
        <translation>保存硬件配置档(&amp;S)…</translation>
    </message>
    <message>
        <source>Save hardware profile</source>
        <translation>保存硬件配置档</translation>
    </message>
    <message>
        <source>TrainPlanner hardware profiles (*.tphardware.json)</source>
        <translation>TrainPlanner 硬件配置档 (*.tphardware.json)</translation>
    </message>
    <message>
        <source>Could not save the profile</source>
        <translation>无法保存配置档</translation>
    </message>
    <message>
        <source>before</source>
        <translation>校准前</translation>
    </message>
    <message>
        <source>fitted</source>
        <translation>拟合值</translation>
    </message>
    <message>
        <source>Matmul efficiency</source>
        <translation>矩阵乘效率</translation>
    </message>
    <message>
        <source>Fragmentation</source>
        <translation>碎片率</translation>
    </message>
    <message>
        <source>Estimated step time</source>
        <translation>估算的每步时间</translation>
    </message>
    <message>
        <source>Estimated peak memory</source>
        <translation>估算的峰值显存</translation>
    </message>
    <message>
        <source>Calibrate to measured run</source>
        <translation>按实测结果校准</translation>
    </message>
    <message>
        <source>Even at efficiency 1.0 the estimate is slower than measured: communication or overlap settings are too pessimistic.</source>
        <translation>即使效率为 1.0，估算仍比实测慢：通信或重叠相关的设置过于悲观。</translation>
    </message>
    <message>
        <source>Even at efficiency 0.01 the estimate is faster than measured.</source>
        <translation>即使效率为 0.01，估算仍比实测快。</translation>
    </message>
    <message>
        <source>The measurement is below the estimate even without fragmentation: activations or buffers are overestimated (check recomputation and the loss bytes per logit).</source>
        <translation>即使不计碎片，实测值仍低于估算：激活值或缓冲区被高估了（请检查重计算设置和每个 logit 的损失字节数）。</translation>
    </message>
    <message>
        <source>The measurement exceeds the estimate by more than fragmentation can explain.</source>
        <translation>实测值超出估算的部分，已超过碎片率所能解释的范围。</translation>
    </message>
    <message>
        <source>Not fitted: %1</source>
        <translation>未拟合：%1</translation>
    </message>
</context>
<context>
    <name>ui::ChartActions</name>
    <message>
        <source>Copy Chart as Image</source>
        <translation>将图表复制为图片</translation>
    </message>
    <message>
        <source>Save Chart As…</source>
        <translation>图表另存为…</translation>
    </message>
    <message>
        <source>Save Chart As</source>
        <translation>图表另存为</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)</source>
        <translation>PNG 图片 (*.png);;SVG 矢量图 (*.svg);;PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <source>Could not save the chart</source>
        <translation>无法保存图表</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>PNG 图片 (*.png)</translation>
    </message>
</context>
<context>
    <name>ui::ChartStyle</name>
    <message>
        <source>Cost (M$)</source>
        <translation>成本（百万美元）</translation>
    </message>
    <message>
        <source>Cost (k$)</source>
        <translation>成本（千美元）</translation>
    </message>
    <message>
        <source>Cost ($)</source>
        <translation>成本（美元）</translation>
    </message>
</context>
<context>
    <name>ui::CollectivesModel</name>
    <message>
        <source>NVLink (in node)</source>
        <translation>NVLink（节点内）</translation>
    </message>
    <message>
        <source>network</source>
        <translation>网络（跨节点）</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>并行组</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>卡数</translation>
    </message>
    <message>
        <source>Link</source>
        <translation>链路</translation>
    </message>
    <message>
        <source>Message (MB)</source>
        <translation>消息大小 (MB)</translation>
    </message>
    <message>
        <source>Calls / step</source>
        <translation>每步调用次数</translation>
    </message>
    <message>
        <source>Time (ms)</source>
        <translation>时间（毫秒）</translation>
    </message>
    <message>
        <source>Exposed (ms)</source>
        <translation>未被掩盖（毫秒）</translation>
    </message>
    <message>
        <source>PCIe (in node)</source>
        <translation>PCIe（节点内）</translation>
    </message>
    <message>
        <source>Sent / GPU (%1)</source>
        <translation>每卡发送量 (%1)</translation>
    </message>
</context>
<context>
    <name>ui::ComparisonChart</name>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>Master weights (FP32)</source>
        <translation>主权重（FP32）</translation>
    </message>
    <message>
        <source>Optimizer states</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>Activations</source>
        <translation>激活值</translation>
    </message>
    <message>
        <source>Buffers</source>
        <translation>缓冲区</translation>
    </message>
    <message>
        <source>Overhead</source>
        <translation>其他开销</translation>
    </message>
    <message>
        <source>Memory per GPU, side by side</source>
        <translation>每卡显存对比</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>Pipeline bubble</source>
        <translation>流水线气泡</translation>
    </message>
    <message>
        <source>Optimizer step</source>
        <translation>优化器更新</translation>
    </message>
    <message>
        <source>Exposed communication</source>
        <translation>未被掩盖的通信</translation>
    </message>
    <message>
        <source>Time per step (s)</source>
        <translation>每步时间（秒）</translation>
    </message>
    <message>
        <source>Anatomy of one step, side by side</source>
        <translation>单步时间构成对比</translation>
    </message>
    <message>
        <source>Memory per GPU (%1)</source>
        <translation>每卡显存（%1）</translation>
    </message>
    <message>
        <source>Memory per GPU: %1</source>
        <extracomment>a chart&apos;s title followed by the compared scenarios: &quot;Memory per GPU: A: 13B · 8×A100 40GB, B: …&quot;</extracomment>
        <translation>每卡显存：%1</translation>
    </message>
    <message>
        <source>Time per step: %1</source>
        <translation>每步时间：%1</translation>
    </message>
    <message>
        <source>, </source>
        <extracomment>between the compared scenarios in a chart&apos;s title</extracomment>
        <translation>、</translation>
    </message>
    <message>
        <source>GPU capacity</source>
        <translation>GPU 显存容量</translation>
    </message>
</context>
<context>
    <name>ui::ComparisonModel</name>
    <message>
        <source>Parameters</source>
        <translation>参数量</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>Memory per GPU</source>
        <translation>每卡显存</translation>
    </message>
    <message>
        <source>Largest memory term</source>
        <translation>占用最大的一项</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>单步时间</translation>
    </message>
    <message>
        <source>Communication share of step</source>
        <translation>通信占每步时间</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>Training time</source>
        <translation>训练时长</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>成本</translation>
    </message>
    <message>
        <source>Expected interruptions</source>
        <translation>预计中断次数</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>%1 days</source>
        <translation>%1 天</translation>
    </message>
    <message>
        <source>%1 s</source>
        <extracomment>a step time in seconds (Chinese: 秒, as the banner says)</extracomment>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>Fits in each GPU&apos;s memory</source>
        <translation>每张 GPU 的显存都放得下</translation>
    </message>
    <message>
        <source>GPU type</source>
        <translation>GPU 型号</translation>
    </message>
    <message>
        <source>Layout</source>
        <translation>并行布局</translation>
    </message>
    <message>
        <source>—</source>
        <extracomment>a table cell with nothing to show</extracomment>
        <translation>—</translation>
    </message>
</context>
<context>
    <name>ui::ComparisonView</name>
    <message>
        <source>Add scenario to the comparison</source>
        <translation>添加场景到对比</translation>
    </message>
    <message>
        <source>TrainPlanner scenarios (*.tpscenario.json *.json)</source>
        <translation>TrainPlanner 场景 (*.tpscenario.json *.json)</translation>
    </message>
    <message>
        <source>Cannot open scenario</source>
        <translation>无法打开场景</translation>
    </message>
    <message>
        <source>Add the current scenario</source>
        <translation>添加当前场景</translation>
    </message>
    <message>
        <source>Add a file…</source>
        <translation>添加文件…</translation>
    </message>
    <message>
        <source>The source article&apos;s pair</source>
        <translation>原文中的两个对比场景</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>清空</translation>
    </message>
    <message>
        <source>Clear the comparison</source>
        <translation>清空对比</translation>
    </message>
    <message numerus="yes">
        <source>Remove the %n compared scenario(s)? Scenarios that are not saved cannot be brought back.</source>
        <translation>
            <numerusform>移除对比中的 %n 个场景？未保存的场景将无法找回。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ui::CopyableTableView</name>
    <message>
        <source>Copy as text</source>
        <translation>复制为文本</translation>
    </message>
</context>
<context>
    <name>ui::CostBreakdownChart</name>
    <message>
        <source>Team</source>
        <translation>团队人力</translation>
    </message>
    <message>
        <source>Network</source>
        <extracomment>a cost category: the price of the traffic between nodes (not the network hardware)</extracomment>
        <translation>网络流量</translation>
    </message>
    <message>
        <source>Checkpoint storage</source>
        <translation>检查点存储</translation>
    </message>
    <message>
        <source>Energy</source>
        <translation>电费</translation>
    </message>
    <message>
        <source>GPU rental</source>
        <translation>GPU 租用</translation>
    </message>
    <message>
        <source>Cost of the run: %1 in total</source>
        <translation>本次训练成本：合计 %1</translation>
    </message>
</context>
<context>
    <name>ui::CostChart</name>
    <message>
        <source>Current scenario</source>
        <translation>当前场景</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>Time and cost of the whole run</source>
        <translation>整个训练的时长与成本</translation>
    </message>
    <message>
        <source>Training days</source>
        <translation>训练天数</translation>
    </message>
    <message>
        <source>Total cost</source>
        <translation>总成本</translation>
    </message>
    <message>
        <source>Days (log)</source>
        <translation>天数（对数）</translation>
    </message>
</context>
<context>
    <name>ui::CostPlannerPanel</name>
    <message>
        <source>Open a price table</source>
        <translation>打开价格表</translation>
    </message>
    <message>
        <source>TrainPlanner price tables (*.tpprices.json *.json)</source>
        <translation>TrainPlanner 价格表 (*.tpprices.json *.json)</translation>
    </message>
    <message>
        <source>the example table</source>
        <translation>示例价格表</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>正在搜索…</translation>
    </message>
    <message>
        <source>On demand</source>
        <translation>按需</translation>
    </message>
    <message>
        <source>Reserved</source>
        <translation>预留</translation>
    </message>
    <message>
        <source>Spot</source>
        <translation>竞价（Spot）</translation>
    </message>
    <message>
        <source>The price table was not read: %1</source>
        <translation>未读取价格表：%1</translation>
    </message>
    <message>
        <source>No price table: open one (*.tpprices.json) or use the example.</source>
        <translation>尚无价格表：请打开一个（*.tpprices.json）或使用示例。</translation>
    </message>
    <message>
        <source>Cancelled. </source>
        <extracomment>%1 layout searches, each priced at every offer (%2) of its GPU type</extracomment>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>Not in the price table: %1.</source>
        <translation>价格表中没有：%1。</translation>
    </message>
    <message>
        <source>No plan fits and finishes by the deadline: add GPUs, allow more days or other GPU types.</source>
        <translation>没有既放得下又能按期完成的方案：请增加 GPU、放宽天数或换用其他 GPU 型号。</translation>
    </message>
    <message>
        <source>The scenario has changed since this search: search again to apply a plan.</source>
        <translation>本次搜索之后场景已经改动：请重新搜索后再应用方案。</translation>
    </message>
    <message>
        <source>Use %1 %2 from %3</source>
        <translation>采用 %3 的 %1（%2）</translation>
    </message>
    <message>
        <source>Open price table…</source>
        <translation>打开价格表…</translation>
    </message>
    <message>
        <source>Use the example prices</source>
        <translation>使用示例价格</translation>
    </message>
    <message>
        <source>GPU types:</source>
        <translation>GPU 型号：</translation>
    </message>
    <message>
        <source>GPU presets to compare, separated by commas (those of the price table by default)</source>
        <translation>要比较的 GPU 预设，用逗号分隔（默认取价格表中的全部型号）</translation>
    </message>
    <message>
        <source>Up to GPUs:</source>
        <translation>GPU 数上限：</translation>
    </message>
    <message>
        <source>Counts searched: powers of two up to this, and this</source>
        <translation>搜索的数量：不超过此值的二的幂，以及此值本身</translation>
    </message>
    <message>
        <source>Deadline (days):</source>
        <translation>截止期限（天）：</translation>
    </message>
    <message>
        <source>none</source>
        <extracomment>the deadline box at zero: no deadline</extracomment>
        <translation>无</translation>
    </message>
    <message>
        <source>Search prices</source>
        <translation>按价格搜索</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Apply the selected plan</source>
        <translation>应用所选方案</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>供应商</translation>
    </message>
    <message>
        <source>Pricing</source>
        <translation>计价方式</translation>
    </message>
    <message>
        <source>Per GPU-hour</source>
        <translation>每 GPU 小时</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>Layout</source>
        <translation>并行布局</translation>
    </message>
    <message>
        <source>Days</source>
        <translation>天数</translation>
    </message>
    <message>
        <source>Interruptions</source>
        <translation>中断次数</translation>
    </message>
    <message>
        <source>Total cost</source>
        <translation>总成本</translation>
    </message>
    <message>
        <source>Prices: %1 (%2), dated %3.</source>
        <translation>价格：%1（%2），日期 %3。</translation>
    </message>
    <message>
        <source>%1 layout searches (GPU type × count) priced at %2 offers, %3 layouts fit, %4 of the best finish after the deadline.</source>
        <translation>共 %1 次布局搜索（GPU 型号 × 数量），按 %2 个报价计价，%3 种布局放得下，其中最优者有 %4 个在截止日期之后完成。</translation>
    </message>
    <message>
        <source>%1 layout searches (GPU type × count) priced at %2 offers, %3 layouts fit.</source>
        <translation>共 %1 次布局搜索（GPU 型号 × 数量），按 %2 个报价计价，%3 种布局放得下。</translation>
    </message>
    <message>
        <source>No layout fits in memory: add GPUs, or GPU types with more memory.</source>
        <translation>没有放得下的布局：请增加 GPU，或选择显存更大的 GPU 型号。</translation>
    </message>
    <message>
        <source>Plans that take longer are left out. %1 days (a quarter) by default; 0 searches without a deadline, which often ranks first a cheap spot run of most of a year.</source>
        <translation>耗时更长的方案不予列出。默认 %1 天（一个季度）；设为 0 则不设截止期限，此时排在首位的往往是一次便宜却要跑上大半年的竞价实例训练。</translation>
    </message>
</context>
<context>
    <name>ui::DecisionGuidePage</name>
    <message>
        <source>Decision guide</source>
        <translation>决策指南</translation>
    </message>
    <message>
        <source>&lt;b&gt;Large model&lt;/b&gt; (%1 parameters, the 7B class or more): the source article&apos;s distributed-training territory — parallelism, a fast network, fault tolerance and a team that runs them.</source>
        <translation>&lt;b&gt;大模型&lt;/b&gt;（%1 参数，7B 级及以上）：原文所说的分布式训练范畴——需要并行策略、高速网络、容错机制以及能驾驭它们的团队。</translation>
    </message>
    <message>
        <source>&lt;b&gt;One GPU is enough&lt;/b&gt; for full training: %1 of %2 on one %3 (micro-batch 1, full recomputation).</source>
        <translation>&lt;b&gt;单卡即可&lt;/b&gt;完成全量训练：一块 %3 上占用 %1（容量 %2；微批次 1，完全重计算）。</translation>
    </message>
    <message>
        <source>&lt;b&gt;One GPU is not enough&lt;/b&gt; for full training: it needs %1 on one %2 (capacity %3). At least %4 GPUs are needed (ZeRO-3 data parallelism, full recomputation); this scenario uses %5 (%6).</source>
        <translation>&lt;b&gt;单卡不够&lt;/b&gt;全量训练：一块 %2 需要 %1（容量 %3）。至少需要 %4 块 GPU（ZeRO-3 数据并行，完全重计算）；当前场景使用 %5 块（%6）。</translation>
    </message>
    <message>
        <source>fits</source>
        <translation>放得下</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>放不下</translation>
    </message>
    <message>
        <source>&lt;b&gt;Fine-tuning instead of pre-training&lt;/b&gt; (§5): LoRA rank %1 needs %2 on one GPU (%3), QLoRA %4 (%5) — %6 % and %7 % of full training&apos;s memory, and no distributed training at all when it fits.</source>
        <translation>&lt;b&gt;以微调代替预训练&lt;/b&gt;（§5）：秩为 %1 的 LoRA 单卡需要 %2（%3），QLoRA 需要 %4（%5）——分别为全量训练显存的 %6% 和 %7%，放得下时完全无需分布式训练。</translation>
    </message>
    <message>
        <source>Migration checklist</source>
        <translation>迁移检查清单</translation>
    </message>
    <message>
        <source>From single-GPU to distributed training, as the source article lists it (§6 and §3.4). Each item says how much this scenario needs it; tick it off when your team has it covered.</source>
        <translation>从单卡训练迁移到分布式训练的注意事项，按原文（§6 与 §3.4）列出。每一项都标明当前场景的需要程度；团队准备好后即可勾选。</translation>
    </message>
    <message>
        <source>Distributed training code</source>
        <translation>分布式训练代码改造</translation>
    </message>
    <message>
        <source>%1 GPUs (%2): data loading, gradient synchronisation and checkpoint save/load must be rewritten for a distributed framework.</source>
        <translation>%1 块 GPU（%2）：数据加载、梯度同步和模型保存/加载逻辑都需要按分布式训练框架改造。</translation>
    </message>
    <message>
        <source>One GPU: the single-GPU training loop is enough.</source>
        <translation>单卡：单卡训练循环即可。</translation>
    </message>
    <message>
        <source>Hyperparameters</source>
        <translation>超参数</translation>
    </message>
    <message>
        <source>Data pipeline</source>
        <translation>数据管道</translation>
    </message>
    <message>
        <source>Fault tolerance</source>
        <translation>自动容错</translation>
    </message>
    <message>
        <source>About %1 interruptions expected over %2 days (cluster MTBF %3 h): automatic restart from the latest checkpoint (%4, written in %5 s every %6 min) keeps days of work from being lost.</source>
        <translation>%2 天内预计约 %1 次中断（集群平均无故障时间 %3 小时）：故障后自动从最近的检查点恢复（%4，写入耗时 %5 秒，每 %6 分钟一次），避免数天的训练成果丢失。</translation>
    </message>
    <message>
        <source>Network</source>
        <extracomment>checklist item: the interconnect between nodes</extracomment>
        <translation>网络</translation>
    </message>
    <message>
        <source>Communication takes %1 % of each step and %2 crosses the network over the run: a high-bandwidth, low-latency interconnect and a parallel layout that keeps heavy traffic inside nodes.</source>
        <translation>通信占每步时间的 %1%，整个训练过程中有 %2 的数据跨节点传输：需要高带宽、低延迟的网络，以及让大流量留在节点内的并行布局。</translation>
    </message>
    <message>
        <source>Monitoring</source>
        <translation>持续监控</translation>
    </message>
    <message>
        <source>Identical software stack</source>
        <translation>软件版本一致</translation>
    </message>
    <message>
        <source>%1 nodes must run the same driver, CUDA, NCCL and framework versions, or bugs appear that cannot be reproduced.</source>
        <translation>%1 个节点必须使用完全一致的驱动、CUDA、NCCL 和框架版本，否则会出现难以复现的问题。</translation>
    </message>
    <message>
        <source>Budget</source>
        <translation>成本评估</translation>
    </message>
    <message>
        <source>%1 in total: GPUs %2, energy %3, checkpoint storage %4, network %5, team %6 (settings under Efficiency, cost and reliability).</source>
        <translation>合计 %1：GPU %2、电费 %3、检查点存储 %4、网络 %5、人力 %6（在“效率、成本与可靠性”中设置）。</translation>
    </message>
    <message>
        <source>Required</source>
        <translation>必需</translation>
    </message>
    <message>
        <source>Recommended</source>
        <translation>建议</translation>
    </message>
    <message>
        <source>Not needed</source>
        <translation>不需要</translation>
    </message>
    <message>
        <source>%1 days on %2 × %3: watch memory, GPU utilisation, network bandwidth and the loss curve continuously.</source>
        <translation>在 %2 × %3 上训练 %1 天：需要持续监控显存、GPU 利用率、网络带宽和 loss 曲线。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Small model&lt;/b&gt; (%1 parameters, under %2 B): the source article&apos;s single-GPU territory — iterate quickly on one GPU or a few, at low cost.</source>
        <translation>&lt;b&gt;小模型&lt;/b&gt;（%1 参数，不足 %2B）：原文所说的单卡训练范畴——在单卡或少量卡上快速迭代、低成本试错。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Mid-size model&lt;/b&gt; (%1 parameters, between %2 B and the 7B class): one node is usually enough; whether one GPU is depends on precision and memory-saving settings.</source>
        <translation>&lt;b&gt;中等规模模型&lt;/b&gt;（%1 参数，介于 %2B 与 7B 级之间）：通常单机即可；能否单卡取决于精度和显存优化设置。</translation>
    </message>
    <message>
        <source>&lt;b&gt;One GPU is not enough&lt;/b&gt; for full training (%1 on one %2), and not even %3 GPUs with ZeRO-3 data parallelism are: model or pipeline parallelism is required.</source>
        <translation>&lt;b&gt;单卡不够&lt;/b&gt;全量训练（一块 %2 需要 %1），即使 %3 块 GPU 的 ZeRO-3 数据并行也不够：必须使用张量并行或流水线并行。</translation>
    </message>
    <message>
        <source>Global batch %1 sequences (%2 tokens) = %3 × micro-batch %4 × %5 accumulation steps; learning rate, batch size and warm-up found on one GPU do not carry over and need a new search.</source>
        <extracomment>%3 is &quot;8 replicas&quot; or &quot;one replica&quot;</extracomment>
        <translation>全局批大小 %1 条序列（%2 个 token）= %3 × 微批次 %4 × %5 步梯度累积；单卡上调好的学习率、批大小和 warmup 步数不能直接沿用，需要重新搜索。</translation>
    </message>
    <message>
        <source>one replica</source>
        <translation>一个副本</translation>
    </message>
    <message>
        <source>%1 replicas</source>
        <translation>%1 个副本</translation>
    </message>
    <message>
        <source>%1 of tokenized data (%4 bytes per token), read at %2/s by the whole cluster on %3: multi-node training needs shared or replicated storage that keeps every node fed.</source>
        <extracomment>%3 is &quot;4 nodes&quot; or &quot;one node&quot;</extracomment>
        <translation>分词后的数据共 %1（每 token %4 字节），整个集群以 %2/s 读取，分布在%3上：多机训练需要共享或多副本存储，保证每个节点的数据供给。</translation>
    </message>
    <message>
        <source>one node</source>
        <translation>单个节点</translation>
    </message>
    <message>
        <source>%1 nodes</source>
        <translation> %1 个节点</translation>
    </message>
    <message>
        <source>The node&apos;s GPUs share one driver, CUDA, NCCL and framework installation; a node added later must run the same versions, or bugs appear that cannot be reproduced.</source>
        <translation>该节点的所有 GPU 共用同一套驱动、CUDA、NCCL 和框架；以后加入的节点必须使用完全一致的版本，否则会出现难以复现的问题。</translation>
    </message>
</context>
<context>
    <name>ui::DocumentActions</name>
    <message>
        <source>Open scenario</source>
        <translation>打开场景</translation>
    </message>
    <message>
        <source>TrainPlanner scenarios (*.tpscenario.json *.json)</source>
        <translation>TrainPlanner 场景 (*.tpscenario.json *.json)</translation>
    </message>
    <message>
        <source>Reopen the Last Scenario at Start</source>
        <translation>启动时重新打开上次的场景</translation>
    </message>
    <message>
        <source>&amp;Clear the List</source>
        <translation>清空列表(&amp;C)</translation>
    </message>
    <message>
        <source>Cannot open scenario</source>
        <translation>无法打开场景</translation>
    </message>
    <message>
        <source>%1 was not opened; the current scenario is unchanged.

%2</source>
        <translation>未打开 %1；当前场景保持不变。

%2</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>已打开 %1</translation>
    </message>
    <message>
        <source>%1 was not opened: at most four scenarios can be compared.</source>
        <translation>%1 未打开：最多只能比较四个场景。</translation>
    </message>
    <message>
        <source>%1 was not opened: it did not answer within %2 seconds (a network folder that is not reachable?). Open it with File › Open once it is back.</source>
        <extracomment>%2 is a number of seconds</extracomment>
        <translation>未打开 %1：它在 %2 秒内没有响应（网络文件夹无法访问？）。等它恢复后，请用 文件 › 打开 再次打开。</translation>
    </message>
    <message>
        <source>%1 was not opened: %2</source>
        <translation>%1 未打开：%2</translation>
    </message>
    <message>
        <source>Some files were not opened</source>
        <translation>有些文件未打开</translation>
    </message>
    <message>
        <source>Save scenario</source>
        <translation>保存场景</translation>
    </message>
    <message>
        <source>TrainPlanner scenarios (*.tpscenario.json)</source>
        <translation>TrainPlanner 场景 (*.tpscenario.json)</translation>
    </message>
    <message>
        <source>Cannot save scenario</source>
        <translation>无法保存场景</translation>
    </message>
    <message>
        <source>The scenario was not saved; the file on disk is unchanged.

%1</source>
        <translation>场景未保存；磁盘上的文件保持不变。

%1</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <source>The scenario has unsaved changes. Save them?</source>
        <translation>场景有未保存的更改。是否保存？</translation>
    </message>
</context>
<context>
    <name>ui::ExplainText</name>
    <message>
        <source>(SM count not given: no wave quantization)</source>
        <translation>（未给出 SM 数：不计波次量化）</translation>
    </message>
    <message>
        <source>(offloaded: the layers&apos; saved tensors,</source>
        <translation>（已卸载：各层保存的张量</translation>
    </message>
    <message>
        <source>on the host; two layers&apos; worth on the GPU)</source>
        <translation>在主机内存；GPU 上保留两层）</translation>
    </message>
    <message>
        <source>bytes/layer (average over the stage&apos;s layers) + working set</source>
        <translation>字节/层（按该阶段各层平均）+ 工作集</translation>
    </message>
    <message>
        <source>), the start: LM head&apos;s gradient</source>
        <translation>)，取开始时：LM 头的梯度</translation>
    </message>
    <message>
        <source>), the end:</source>
        <translation>)，取结束时：</translation>
    </message>
    <message>
        <source>on the host (offload):</source>
        <translation>在主机内存（卸载）：</translation>
    </message>
    <message>
        <source>; on the GPU</source>
        <translation>；GPU 上</translation>
    </message>
    <message>
        <source>activations (no recomputation)</source>
        <translation>激活值（不含重计算）</translation>
    </message>
    <message>
        <source>micro-batches …</source>
        <translation>个微批 …</translation>
    </message>
    <message>
        <source>+ fp8 casts</source>
        <translation>+ FP8 转换</translation>
    </message>
    <message>
        <source>− attention</source>
        <translation>− 注意力</translation>
    </message>
    <message>
        <source>+ extras</source>
        <translation>+ 其他项</translation>
    </message>
    <message>
        <source>ranks on</source>
        <translation>个 rank，分布在</translation>
    </message>
    <message>
        <source>nodes)</source>
        <translation>个节点)</translation>
    </message>
    <message>
        <source>(exposed</source>
        <translation>（暴露</translation>
    </message>
    <message>
        <source>GB/s per node</source>
        <translation>GB/s（每节点）</translation>
    </message>
    <message>
        <source>dense ×</source>
        <translation>稠密层 ×</translation>
    </message>
    <message>
        <source>× allocated</source>
        <translation>× 已分配</translation>
    </message>
    <message>
        <source>SMs)</source>
        <translation>个 SM)</translation>
    </message>
    <message>
        <source> days</source>
        <translation> 天</translation>
    </message>
    <message>
        <source> at </source>
        <translation>，带宽 </translation>
    </message>
    <message>
        <source> over </source>
        <translation>，经 </translation>
    </message>
    <message>
        <source> µs per operation; the GPU waits </source>
        <translation> µs/操作；GPU 等待 </translation>
    </message>
    <message>
        <source>(load </source>
        <translation>(负载 </translation>
    </message>
    <message>
        <source>Narayanan et al. 2021 eq. 3 (FLOPs) and the GPU&apos;s datasheet (HBM bandwidth); efficiency calibrated on published runs (Help › How Accurate Is This?)</source>
        <translation>Narayanan 等，2021，式 3（FLOPs）与 GPU 数据手册（HBM 带宽）；效率依据公开训练记录校准（帮助 › 估算有多准？）</translation>
    </message>
    <message>
        <source>; host time per operation fitted to the stack&apos;s published runs</source>
        <translation>；每个算子的主机耗时按该软件栈的公开记录拟合</translation>
    </message>
    <message>
        <source>Narayanan et al. 2021 §2.2 (pipeline bubble) and eq. 3 (FLOPs per step)</source>
        <translation>Narayanan 等，2021，§2.2（流水线气泡）与式 3（每步 FLOPs）</translation>
    </message>
    <message>
        <source>on published runs: Help › How Accurate Is This?</source>
        <translation>依据公开训练记录：帮助 › 估算有多准？</translation>
    </message>
    <message>
        <source> (PyTorch&apos;s CUDA caching allocator)</source>
        <translation>（PyTorch 的 CUDA 缓存分配器）</translation>
    </message>
    <message>
        <source>performance notes</source>
        <translation>性能说明</translation>
    </message>
    <message>
        <source>node)</source>
        <translation>个节点)</translation>
    </message>
</context>
<context>
    <name>ui::ExportDialog</name>
    <message>
        <source>Export Charts, Tables and Report</source>
        <translation>导出图表、表格和报告</translation>
    </message>
    <message>
        <source>Heads the report and every exported chart; a change renames the scenario</source>
        <translation>作为报告和每张导出图表的标题；修改它会重命名场景</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>浏览(&amp;B)…</translation>
    </message>
    <message>
        <source>Export to</source>
        <translation>导出到</translation>
    </message>
    <message>
        <source>Scenario &amp;name:</source>
        <translation>场景名称(&amp;N)：</translation>
    </message>
    <message>
        <source>&amp;Folder:</source>
        <translation>文件夹(&amp;F)：</translation>
    </message>
    <message>
        <source>Charts</source>
        <translation>图表</translation>
    </message>
    <message>
        <source>&amp;All</source>
        <translation>全选(&amp;A)</translation>
    </message>
    <message>
        <source>N&amp;one</source>
        <translation>全不选(&amp;O)</translation>
    </message>
    <message>
        <source>PNG at</source>
        <translation>PNG，分辨率</translation>
    </message>
    <message>
        <source>%1× (%2 × %3 px)</source>
        <translation>%1×（%2 × %3 像素）</translation>
    </message>
    <message>
        <source>SVG</source>
        <translation>SVG</translation>
    </message>
    <message>
        <source>PDF</source>
        <translation>PDF</translation>
    </message>
    <message>
        <source>Tables and data</source>
        <translation>表格与数据</translation>
    </message>
    <message>
        <source>Tables as CSV</source>
        <translation>表格导出为 CSV</translation>
    </message>
    <message>
        <source>with a UTF-8 BOM (Excel reads Chinese text)</source>
        <translation>带 UTF-8 BOM（Excel 可正确读取中文）</translation>
    </message>
    <message>
        <source>Estimate and scenario as JSON</source>
        <translation>估算结果与场景导出为 JSON</translation>
    </message>
    <message>
        <source>Report</source>
        <translation>报告</translation>
    </message>
    <message>
        <source>Markdown</source>
        <translation>Markdown</translation>
    </message>
    <message>
        <source>HTML</source>
        <translation>HTML</translation>
    </message>
    <message>
        <source>PDF (A4 handout)</source>
        <translation>PDF（A4 讲义）</translation>
    </message>
    <message>
        <source>Open the folder when done</source>
        <translation>完成后打开文件夹</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>导出(&amp;E)</translation>
    </message>
    <message>
        <source>Rename scenario</source>
        <translation>重命名场景</translation>
    </message>
    <message>
        <source>In a &amp;new folder named after the scenario</source>
        <translation>放入以场景命名的新文件夹(&amp;N)</translation>
    </message>
    <message>
        <source>Nothing already in the folder is replaced: each export gets its own folder</source>
        <translation>文件夹里已有的文件一个也不会被替换：每次导出都有自己的文件夹</translation>
    </message>
    <message>
        <source>Files go to: %1</source>
        <extracomment>where the exported files will be written; %1 is a folder&apos;s full path</extracomment>
        <translation>文件将写入：%1</translation>
    </message>
    <message>
        <source>Replace files?</source>
        <translation>替换文件？</translation>
    </message>
    <message>
        <source>Choose another folder, or tick “In a new folder”, to keep them.</source>
        <translation>如要保留它们，请另选文件夹，或勾选“放入新文件夹”。</translation>
    </message>
    <message>
        <source>&amp;Replace</source>
        <translation>替换(&amp;R)</translation>
    </message>
    <message>
        <source>The name was not applied, so nothing was exported.</source>
        <translation>名称未能应用，因此没有导出任何文件。</translation>
    </message>
    <message>
        <source>Not a folder</source>
        <translation>不是文件夹</translation>
    </message>
    <message>
        <source>%1 is a file, not a folder: choose another folder.</source>
        <translation>%1 是文件而不是文件夹：请另选文件夹。</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) in %1 would be replaced: this export did not write them.</source>
        <translation>
            <numerusform>%1 中的 %n 个文件将被替换：它们不是这次导出写入的。</numerusform>
        </translation>
    </message>
    <message>
        <source>Choose another folder to keep them.</source>
        <translation>如要保留它们，请另选文件夹。</translation>
    </message>
    <message>
        <source>&amp;Prefix file names with the scenario (%1)</source>
        <extracomment>%1 is an example file name, &quot;llama-2-7b-8xa100-80gb_memory.png&quot;</extracomment>
        <translation>文件名前加场景名(&amp;P)（%1）</translation>
    </message>
    <message numerus="yes">
        <source>Writing %n file(s)…</source>
        <extracomment>while exporting: %1 and %2 count files, %3 is the file being drawn</extracomment>
        <translation>
            <numerusform>正在写入 %n 个文件…</numerusform>
        </translation>
    </message>
    <message>
        <source>File %1 of %2: %3</source>
        <translation>第 %1 个文件，共 %2 个：%3</translation>
    </message>
    <message>
        <source>Export cancelled</source>
        <translation>导出已取消</translation>
    </message>
    <message>
        <source>Export cancelled: no file was written.</source>
        <translation>导出已取消：未写入任何文件。</translation>
    </message>
    <message numerus="yes">
        <source>Export cancelled: %n of %1 files were written to %2.</source>
        <translation>
            <numerusform>导出已取消：%1 个文件中已有 %n 个写入 %2。</numerusform>
        </translation>
    </message>
    <message>
        <source>Export would replace the scenario</source>
        <translation>导出会覆盖场景文件</translation>
    </message>
    <message>
        <source>The export would replace the scenario file open in the window, or its hardware profile, in %1: it never does. Choose another folder, or tick “In a new folder” or “Prefix file names”.</source>
        <translation>导出会覆盖 %1 中窗口里打开的场景文件或其硬件配置档：导出从不覆盖它们。请选择其他文件夹，或勾选“放入以场景命名的新文件夹”或“文件名前加场景名”。</translation>
    </message>
</context>
<context>
    <name>ui::HeatmapGrid</name>
    <message>
        <source>Click to use these values.</source>
        <translation>点击以使用这组取值。</translation>
    </message>
    <message>
        <source>%1 per GPU · step %2 s · MFU %3 %</source>
        <translation>每卡 %1 · 每步 %2 秒 · MFU %3%</translation>
    </message>
    <message>
        <source>none</source>
        <extracomment>activation recomputation: none (a short label under a heatmap column)</extracomment>
        <translation>无</translation>
    </message>
    <message>
        <source>selective</source>
        <extracomment>activation recomputation of the attention scores only</extracomment>
        <translation>选择性</translation>
    </message>
    <message>
        <source>full</source>
        <extracomment>activation recomputation of every layer</extracomment>
        <translation>完全</translation>
    </message>
    <message>
        <source>op-level</source>
        <extracomment>PyTorch&apos;s op-level selective recomputation</extracomment>
        <translation>算子级</translation>
    </message>
    <message>
        <source>norms, up-proj.</source>
        <extracomment>DeepSeek-V3&apos;s recomputation of norms and up-projections</extracomment>
        <translation>归一化与上投影</translation>
    </message>
    <message>
        <source>%1 s</source>
        <extracomment>a cell of the what-if grid: seconds per step</extracomment>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 % of GPU</source>
        <translation>GPU 的 %1%</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1%</translation>
    </message>
    <message numerus="yes">
        <source>on %n GPU(s)</source>
        <translation>
            <numerusform>在 %n 块 GPU 上</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ui::HelpDialog</name>
    <message>
        <source>TrainPlanner Help</source>
        <translation>TrainPlanner 帮助</translation>
    </message>
    <message>
        <source>Getting Started</source>
        <translation>入门</translation>
    </message>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Getting started</source>
        <translation>入门</translation>
    </message>
    <message>
        <source>TrainPlanner estimates, before a cluster is rented, whether a language model&apos;s training fits on each GPU, how to split it over the GPUs, how long a step and the whole run take, and what it costs. Change an input in the form on the left: every figure follows at once, and Edit › Undo takes a change back.</source>
        <translation>TrainPlanner 在租用集群之前估算：语言模型的训练能否放进每张 GPU、如何在 GPU 之间切分、单步和整个训练要多久、花费多少。修改左侧表单中的任一输入，所有数字随即更新；编辑 › 撤销可以退回一步修改。</translation>
    </message>
    <message>
        <source>The banner, line by line</source>
        <translation>结论栏逐行说明</translation>
    </message>
    <message>
        <source>Fits / Does not fit:</source>
        <translation>放得下 / 放不下：</translation>
    </message>
    <message>
        <source>the memory of the most loaded GPU against its capacity, green when it fits, red when it does not.</source>
        <translation>占用最多的那张 GPU 的显存与其容量之比；放得下为绿色，放不下为红色。</translation>
    </message>
    <message>
        <source>Parameters on GPUs:</source>
        <translation>参数与 GPU：</translation>
    </message>
    <message>
        <source>the model&apos;s size, the GPU count and type, and the largest memory term: what to reduce first when it does not fit.</source>
        <translation>模型规模、GPU 数量和型号，以及占用最大的一项显存——放不下时应首先削减的部分。</translation>
    </message>
    <message>
        <source>Step:</source>
        <translation>每步：</translation>
    </message>
    <message>
        <source>the time of one optimizer step; the tokens processed per second by all GPUs and by one; the model&apos;s TFLOP/s per GPU; MFU, the share of the GPU&apos;s peak arithmetic the model&apos;s FLOPs use; the share of the step spent waiting for communication; then the days, GPU-hours and GPU cost of the whole run.</source>
        <translation>一次优化器更新的时间；所有 GPU 与单张 GPU 每秒处理的 token 数；每卡的模型 TFLOP/s；MFU，即模型 FLOPs 占 GPU 峰值算力的比例；每步中等待通信的比例；以及整个训练的天数、GPU 小时数和 GPU 成本。</translation>
    </message>
    <message>
        <source>Goodput:</source>
        <translation>有效训练时间占比：</translation>
    </message>
    <message>
        <source>the share of the run spent on useful steps once failures, restarts and checkpoints are counted; the interruptions to expect; how often to save a checkpoint, and its size.</source>
        <translation>计入故障、重启和检查点之后，训练中用于有效计算的时间比例；预计的中断次数；检查点的保存间隔及其大小。</translation>
    </message>
    <message>
        <source>Range:</source>
        <extracomment>%1 is the percentage each assumption moves by (20)</extracomment>
        <translation>区间：</translation>
    </message>
    <message>
        <source>where measured runs like this one landed against the estimate (10th to 90th percentile). With View › Show Ranges, also the step time, memory and cost when each assumption moves by ±%1 %.</source>
        <translation>同类实测运行相对于估算的分布（第 10 到第 90 百分位）。打开视图 › 显示区间后，还会显示各项假设变动 ±%1% 时的每步时间、显存和成本。</translation>
    </message>
    <message>
        <source>⚠ Warnings:</source>
        <translation>⚠ 警告：</translation>
    </message>
    <message>
        <source>inputs that are inconsistent or risky; a link after a warning applies the nearest setting that fixes it.</source>
        <translation>相互矛盾或有风险的输入；警告后的链接会应用能消除该警告的最接近设置。</translation>
    </message>
    <message>
        <source>Rest the mouse on the banner&apos;s figures (or on “Hover for formulas”) to see each formula, the arithmetic with this scenario&apos;s numbers, and the paper or datasheet it comes from.</source>
        <translation>将鼠标停在结论栏的数字上（或“悬停查看公式”上），即可看到每个公式、代入本场景数值的计算过程，以及它所依据的论文或数据手册。</translation>
    </message>
    <message>
        <source>What each tab answers</source>
        <translation>各标签页回答的问题</translation>
    </message>
    <message>
        <source>Main workflows</source>
        <translation>主要用法</translation>
    </message>
    <message>
        <source>Does it fit?</source>
        <translation>放得下吗？</translation>
    </message>
    <message>
        <source>Choose a model (a preset or a size) and a GPU, set the GPU count and the split (tensor, pipeline and data parallel, ZeRO). The banner answers; the Memory tab shows what fills the GPU, and the Decision guide lists ways to make it fit.</source>
        <translation>选择模型（预设或规模）和 GPU，设置 GPU 数量和切分方式（张量并行、流水线并行、数据并行、ZeRO）。结论栏给出答案；“显存”页显示显存被什么占满，“决策指南”列出让它放得下的办法。</translation>
    </message>
    <message>
        <source>Plan the layout:</source>
        <translation>规划并行布局：</translation>
    </message>
    <message>
        <source>on the Planner tab, set the GPUs, pin what must stay (for example tensor parallel 8) and Search. The plans are ranked; “Apply the selected plan” makes one the scenario, as one undo step. File › Export Launch Settings writes the arguments for Megatron-LM, torchtitan or DeepSpeed.</source>
        <translation>在“并行规划”页设置 GPU 数量，固定必须保持的设置（例如张量并行 8），然后点“搜索”。方案按优劣排序；“应用所选方案”把其中一个设为当前场景，可一步撤销。文件 › 导出启动配置可写出 Megatron-LM、torchtitan 或 DeepSpeed 的启动参数。</translation>
    </message>
    <message>
        <source>Compare scenarios:</source>
        <translation>对比场景：</translation>
    </message>
    <message>
        <source>on the Compare tab, “Add the current scenario”, change the inputs and add again, up to four. The table marks what differs; the charts set them side by side.</source>
        <translation>在“场景对比”页点“添加当前场景”，修改输入后再次添加，最多四个。表格标出不同之处，图表将它们并排展示。</translation>
    </message>
    <message>
        <source>Export for a meeting:</source>
        <translation>为会议导出：</translation>
    </message>
    <message>
        <source>File › Export Charts, Tables and Report writes every chart (PNG, SVG, PDF), the tables (CSV), the estimate (JSON) and a report into a new folder named after the scenario. View › Present Full Screen shows the charts as slides.</source>
        <translation>文件 › 导出图表、表格和报告会把所有图表（PNG、SVG、PDF）、表格（CSV）、估算结果（JSON）和一份报告写入以场景命名的新文件夹。视图 › 全屏演示把图表作为幻灯片播放。</translation>
    </message>
    <message>
        <source>Check a real run:</source>
        <translation>核对真实训练：</translation>
    </message>
    <message>
        <source>File › Compare With Training Log reads a Megatron-LM, torchtitan, DeepSpeed or Hugging Face Trainer log and sets its step time, tokens/s and memory against the plan, names the settings in which the log&apos;s run differs from the scenario, and refits the efficiency. Tools › Calibrate to a Measured Run takes figures typed in.</source>
        <translation>文件 › 与训练日志对比读取 Megatron-LM、torchtitan、DeepSpeed 或 Hugging Face Trainer 的日志，将其每步时间、每秒 token 数和显存与计划对比，指出日志中的运行与当前场景不同的设置，并重新拟合效率。工具 › 按实测结果校准可以使用手动输入的实测数字。</translation>
    </message>
    <message>
        <source>Where the numbers come from</source>
        <translation>数字从何而来</translation>
    </message>
    <message>
        <source>Every figure comes from a formula with a published source: a paper and its equation or table, a vendor&apos;s datasheet, or measured runs. Help › What&apos;s This, then a click on an input, says what the input means, its unit, range and default. Help › How Accurate Is This? sets the estimate against published training runs.</source>
        <translation>每个数字都来自有公开出处的公式：论文及其中的公式或表格、厂商数据手册，或实测运行。帮助 › 这是什么，再点击任一输入，即可看到它的含义、单位、范围和默认值。帮助 › 估算有多准？将估算与公开的训练记录对比。</translation>
    </message>
    <message>
        <source>The manual</source>
        <translation>使用手册</translation>
    </message>
    <message>
        <source>The documentation installed with TrainPlanner, with every formula and its source: %1.</source>
        <translation>随 TrainPlanner 安装的文档，包含每个公式及其出处：%1。</translation>
    </message>
    <message>
        <source>In a terminal, %1 and %2 describe the programs&apos; options.</source>
        <translation>在终端中，%1 和 %2 说明两个程序的命令行选项。</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>按键</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Menu</source>
        <translation>菜单</translation>
    </message>
    <message>
        <source>Tab, Shift+Tab</source>
        <translation>Tab、Shift+Tab</translation>
    </message>
    <message>
        <source>Next / previous control</source>
        <translation>下一个 / 上一个控件</translation>
    </message>
    <message>
        <source>anywhere</source>
        <translation>任何位置</translation>
    </message>
    <message>
        <source>→, Space / ←</source>
        <translation>→、空格 / ←</translation>
    </message>
    <message>
        <source>Next / previous slide</source>
        <translation>下一张 / 上一张幻灯片</translation>
    </message>
    <message>
        <source>full-screen presentation</source>
        <translation>全屏演示</translation>
    </message>
    <message>
        <source>Esc</source>
        <translation>Esc</translation>
    </message>
    <message>
        <source>Leave the presentation</source>
        <translation>退出演示</translation>
    </message>
    <message>
        <source>Form fields</source>
        <translation>表单字段</translation>
    </message>
    <message>
        <source>Alt and a field&apos;s underlined letter move to that field and scroll it into view (in a section that is open); pressing it again moves to the next field with the same letter.</source>
        <translation>按 Alt 加字段名中带下划线的字母，即可跳到该字段并将其滚动到可见处（仅限已展开的分组）；再按一次会跳到带同一字母的下一个字段。</translation>
    </message>
    <message>
        <source>where it applies</source>
        <translation>所在位置</translation>
    </message>
    <message>
        <source>Does the model fit on each GPU, and what fills its memory: weights, gradients, master weights, optimizer states, activations, buffers?</source>
        <translation>模型能否放进每张 GPU？显存被什么占用：权重、梯度、主权重、优化器状态、激活值、缓冲区？</translation>
    </message>
    <message>
        <source>How long does one training step take, and how much of it is compute, pipeline bubble, communication and optimizer? Which collectives send how much?</source>
        <translation>一个训练步要多久？其中计算、流水线气泡、通信和优化器各占多少？各集合通信发送多少数据？</translation>
    </message>
    <message>
        <source>How do the micro-batches flow through the pipeline stages, how does memory rise and fall during a step, and which GPUs of which node hold each rank?</source>
        <translation>微批次如何流经各流水线阶段？一步之内显存如何起伏？每个 rank 位于哪个节点的哪张 GPU？</translation>
    </message>
    <message>
        <source>What do more GPUs buy: step time, communication share, days and cost against the GPU count, and where the money goes.</source>
        <translation>增加 GPU 能换来什么：每步时间、通信占比、天数和成本随 GPU 数量的变化，以及钱花在哪里。</translation>
    </message>
    <message>
        <source>How often will the run be interrupted, how much time do failures and checkpoints cost, and how often should it save a checkpoint?</source>
        <translation>训练会多频繁地中断？故障和检查点耗费多少时间？检查点应多久保存一次？</translation>
    </message>
    <message>
        <source>Which layout (TP, PP, DP, ZeRO, recomputation, micro-batch) is fastest, cheapest or lightest on these GPUs, or which GPU type and price meets a deadline?</source>
        <translation>在这些 GPU 上，哪种布局（TP、PP、DP、ZeRO、重计算、微批次）最快、最便宜或最省显存？或者哪种 GPU 型号和价格能赶上截止日期？</translation>
    </message>
    <message>
        <source>What do fp32, bf16, fp16 and fp8 do to small weight updates, and which gradients does loss scaling keep from underflowing?</source>
        <translation>fp32、bf16、fp16 和 fp8 对微小的权重更新有什么影响？损失缩放能让哪些梯度免于下溢？</translation>
    </message>
    <message>
        <source>How do up to four scenarios differ, side by side?</source>
        <translation>最多四个场景并排对比，有何不同？</translation>
    </message>
    <message>
        <source>Is this a small-model or a large-model project, what are the ways to make it fit, and what must be in place before the run?</source>
        <translation>这是小模型还是大模型项目？有哪些办法让它放得下？开训之前必须准备好什么？</translation>
    </message>
    <message>
        <source>What happens when two inputs change at once? A grid of full estimates; a click applies a cell.</source>
        <translation>两个输入同时改变会怎样？一张由完整估算组成的网格，点击格子即可采用。</translation>
    </message>
    <message>
        <source>Which assumption moves the step time, memory or cost the most when it is off by a fraction?</source>
        <translation>哪项假设偏差一定比例时，对每步时间、显存或成本影响最大？</translation>
    </message>
</context>
<context>
    <name>ui::InputPanel</name>
    <message>
        <source>Change model size</source>
        <translation>更改模型规模</translation>
    </message>
    <message>
        <source>Change ZeRO stage</source>
        <translation>更改 ZeRO 阶段</translation>
    </message>
    <message>
        <source>Change data parallelism</source>
        <translation>更改数据并行</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>&amp;Preset:</source>
        <translation>预设(&amp;P)：</translation>
    </message>
    <message>
        <source>&amp;Size:</source>
        <translation>规模(&amp;S)：</translation>
    </message>
    <message>
        <source>Model size, 100 M to 2 T parameters (log scale). A bare size uses the standard Llama-style shape: head width 128, about 128 hidden units per layer, SwiGLU.</source>
        <translation>模型规模，100 M 到 2 T 参数（对数刻度）。仅给出规模时使用标准的 Llama 式结构：每个注意力头宽 128，每层约 128 个隐藏单元，SwiGLU。</translation>
    </message>
    <message>
        <source>Parallelism</source>
        <translation>并行策略</translation>
    </message>
    <message>
        <source>&amp;ZeRO stage:</source>
        <translation>ZeRO 阶段(&amp;Z)：</translation>
    </message>
    <message>
        <source>&amp;Data parallel (DP):</source>
        <translation>数据并行（&amp;DP）：</translation>
    </message>
    <message>
        <source>Hardware</source>
        <translation>硬件</translation>
    </message>
    <message>
        <source>&amp;GPU:</source>
        <translation>GPU(&amp;G)：</translation>
    </message>
    <message>
        <source>0 — no sharding</source>
        <translation>0 — 不分片</translation>
    </message>
    <message>
        <source>1 — shard optimizer states</source>
        <translation>1 — 分片优化器状态</translation>
    </message>
    <message>
        <source>2 — also gradients</source>
        <translation>2 — 另外切分梯度</translation>
    </message>
    <message>
        <source>3 — also weights (FSDP)</source>
        <translation>3 — 同时切分参数（FSDP）</translation>
    </message>
    <message>
        <source>Custom size (standard shape)</source>
        <translation>自定义规模（标准结构）</translation>
    </message>
    <message>
        <source>%1 layers, hidden %2, %3 heads (%4 KV), FFN %5, vocabulary %6</source>
        <translation>%1 层，隐藏维度&#xa0;%2，%3 个注意力头（%4 个 KV 头），FFN&#xa0;%5，词表&#xa0;%6</translation>
    </message>
    <message>
        <source>Choose model</source>
        <translation>选择模型</translation>
    </message>
    <message>
        <source>— %1 experts, top %2</source>
        <translation>— %1 个专家，每个 token 选 %2 个</translation>
    </message>
    <message>
        <source>%1 GiB, %2 TFLOP/s (BF16 dense), NVLink %3 GB/s, network %4 GB/s per GPU, %5 W</source>
        <translation>%1 GiB，%2 TFLOP/s（BF16 稠密），NVLink %3 GB/s，每⁠卡网络&#xa0;%4&#xa0;GB/s，%5 W</translation>
    </message>
    <message>
        <source>FP32</source>
        <translation>FP32</translation>
    </message>
    <message>
        <source>TF32</source>
        <translation>TF32</translation>
    </message>
    <message>
        <source>BF16</source>
        <translation>BF16</translation>
    </message>
    <message>
        <source>FP16</source>
        <translation>FP16</translation>
    </message>
    <message>
        <source>FP8 E4M3</source>
        <translation>FP8 E4M3</translation>
    </message>
    <message>
        <source>FP8 E5M2</source>
        <translation>FP8 E5M2</translation>
    </message>
    <message>
        <source>INT8</source>
        <translation>INT8</translation>
    </message>
    <message>
        <source>NF4</source>
        <translation>NF4</translation>
    </message>
    <message>
        <source>FP16 mixed + loss scaling</source>
        <translation>FP16 混合精度 + 损失缩放</translation>
    </message>
    <message>
        <source>FP8 mixed (BF16 weights, FP32 master)</source>
        <translation>FP8 混合精度（BF16 权重，FP32 主权重）</translation>
    </message>
    <message>
        <source>Pure BF16 (no master weights)</source>
        <translation>纯 BF16（无主权重）</translation>
    </message>
    <message>
        <source>FP32 (TF32 matmuls)</source>
        <translation>FP32（TF32 矩阵乘）</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>Sequence length:</source>
        <translation>序列长度：</translation>
    </message>
    <message>
        <source>Change sequence length</source>
        <translation>更改序列长度</translation>
    </message>
    <message>
        <source>Tokens per sequence.</source>
        <translation>每条序列的 token 数。</translation>
    </message>
    <message>
        <source>Micro-batch:</source>
        <translation>微批大小：</translation>
    </message>
    <message>
        <source>Change micro-batch</source>
        <translation>更改微批大小</translation>
    </message>
    <message>
        <source>Sequences per GPU per forward/backward pass.</source>
        <translation>每张 GPU 每次前向/反向处理的序列数。</translation>
    </message>
    <message>
        <source>Global batch:</source>
        <translation>全局批大小：</translation>
    </message>
    <message>
        <source>Change global batch</source>
        <translation>更改全局批大小</translation>
    </message>
    <message>
        <source>Sequences per optimizer step, over all replicas.</source>
        <translation>所有副本在一次优化器更新中处理的序列总数。</translation>
    </message>
    <message>
        <source>Change token budget</source>
        <translation>更改训练 token 总量</translation>
    </message>
    <message>
        <source>Tokens (billions):</source>
        <translation>训练 token 数（十亿）：</translation>
    </message>
    <message>
        <source>Change optimizer</source>
        <translation>更改优化器</translation>
    </message>
    <message>
        <source>AdamW</source>
        <translation>AdamW</translation>
    </message>
    <message>
        <source>Adam</source>
        <translation>Adam</translation>
    </message>
    <message>
        <source>SGD</source>
        <translation>SGD</translation>
    </message>
    <message>
        <source>SGD with momentum</source>
        <translation>带动量的 SGD</translation>
    </message>
    <message>
        <source>Lion</source>
        <translation>Lion</translation>
    </message>
    <message>
        <source>Adafactor</source>
        <translation>Adafactor</translation>
    </message>
    <message>
        <source>8-bit AdamW</source>
        <translation>8 位 AdamW</translation>
    </message>
    <message>
        <source>Optimizer:</source>
        <translation>优化器：</translation>
    </message>
    <message>
        <source>Change training method</source>
        <translation>更改训练方式</translation>
    </message>
    <message>
        <source>Full training</source>
        <translation>全参数训练</translation>
    </message>
    <message>
        <source>LoRA fine-tuning</source>
        <translation>LoRA 微调</translation>
    </message>
    <message>
        <source>QLoRA fine-tuning (NF4 base)</source>
        <translation>QLoRA 微调（NF4 基座）</translation>
    </message>
    <message>
        <source>Method:</source>
        <translation>训练方式：</translation>
    </message>
    <message>
        <source>LoRA rank:</source>
        <translation>LoRA 秩：</translation>
    </message>
    <message>
        <source>Change LoRA rank</source>
        <translation>更改 LoRA 秩</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>Choose precision recipe</source>
        <translation>选择精度方案</translation>
    </message>
    <message>
        <source>Custom</source>
        <translation>自定义</translation>
    </message>
    <message>
        <source>Recipe:</source>
        <translation>方案：</translation>
    </message>
    <message>
        <source>Mixed precision keeps an FP32 master copy of the weights: updates smaller than half a BF16 step would otherwise be lost.</source>
        <translation>混合精度保留一份 FP32 主权重：否则小于 BF16 间隔一半的更新会被舍入丢失。</translation>
    </message>
    <message>
        <source>Compute:</source>
        <translation>计算：</translation>
    </message>
    <message>
        <source>Change compute format</source>
        <translation>更改计算精度</translation>
    </message>
    <message>
        <source>Weights:</source>
        <translation>权重：</translation>
    </message>
    <message>
        <source>Change weight format</source>
        <translation>更改权重精度</translation>
    </message>
    <message>
        <source>Gradients:</source>
        <translation>梯度：</translation>
    </message>
    <message>
        <source>Change gradient format</source>
        <translation>更改梯度精度</translation>
    </message>
    <message>
        <source>Master weights:</source>
        <translation>主权重：</translation>
    </message>
    <message>
        <source>Change master-weight format</source>
        <translation>更改主权重精度</translation>
    </message>
    <message>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Optimizer states:</source>
        <translation>优化器状态：</translation>
    </message>
    <message>
        <source>Change optimizer-state format</source>
        <translation>更改优化器状态精度</translation>
    </message>
    <message>
        <source>Change tensor parallelism</source>
        <translation>更改张量并行</translation>
    </message>
    <message>
        <source>Tensor parallel (TP):</source>
        <translation>张量并行（TP）：</translation>
    </message>
    <message>
        <source>Splits every layer&apos;s matrices over GPUs; keep it inside a node (NVLink).</source>
        <translation>把每层的矩阵切分到多张 GPU 上；应保持在节点内（NVLink）。</translation>
    </message>
    <message>
        <source>Pipeline parallel (PP):</source>
        <translation>流水线并行（PP）：</translation>
    </message>
    <message>
        <source>Change pipeline parallelism</source>
        <translation>更改流水线并行</translation>
    </message>
    <message>
        <source>Splits the layers into stages on different GPUs.</source>
        <translation>把各层分成多个阶段，放在不同的 GPU 上。</translation>
    </message>
    <message>
        <source>Number of model replicas; each sees a different slice of the batch.</source>
        <translation>模型副本的数量；每个副本处理批次中不同的一部分数据。</translation>
    </message>
    <message>
        <source>Context parallel (CP):</source>
        <translation>上下文并行（CP）：</translation>
    </message>
    <message>
        <source>Change context parallelism</source>
        <translation>更改上下文并行</translation>
    </message>
    <message>
        <source>Splits each sequence over GPUs (ring attention).</source>
        <translation>把每条序列切分到多张 GPU 上（环形注意力）。</translation>
    </message>
    <message>
        <source>Expert parallel (EP):</source>
        <translation>专家并行（EP）：</translation>
    </message>
    <message>
        <source>Change expert parallelism</source>
        <translation>更改专家并行</translation>
    </message>
    <message>
        <source>Spreads the experts of MoE layers over GPUs (within DP × CP).</source>
        <translation>把 MoE 层的专家分布到多张 GPU 上（在 DP × CP 之内）。</translation>
    </message>
    <message>
        <source>Change recomputation</source>
        <translation>更改激活重计算</translation>
    </message>
    <message>
        <source>Selective (attention scores)</source>
        <translation>选择性（注意力分数）</translation>
    </message>
    <message>
        <source>Full (every layer)</source>
        <translation>完全（每一层）</translation>
    </message>
    <message>
        <source>Activation recompute:</source>
        <translation>激活重计算：</translation>
    </message>
    <message>
        <source>Toggle sequence parallelism</source>
        <translation>切换序列并行</translation>
    </message>
    <message>
        <source>Sequence parallel:</source>
        <translation>序列并行：</translation>
    </message>
    <message>
        <source>Shards norms and dropout over the TP group (needs TP ≥ 2).</source>
        <translation>在 TP 组内切分归一化和 dropout（需要 TP ≥ 2）。</translation>
    </message>
    <message>
        <source>Toggle flash attention</source>
        <translation>切换 Flash Attention</translation>
    </message>
    <message>
        <source>Flash attention:</source>
        <translation>Flash Attention：</translation>
    </message>
    <message>
        <source>Change pipeline schedule</source>
        <translation>更改流水线调度</translation>
    </message>
    <message>
        <source>GPipe</source>
        <translation>GPipe</translation>
    </message>
    <message>
        <source>1F1B</source>
        <translation>1F1B</translation>
    </message>
    <message>
        <source>Interleaved 1F1B</source>
        <translation>交错式 1F1B</translation>
    </message>
    <message>
        <source>Pipeline schedule:</source>
        <translation>流水线调度：</translation>
    </message>
    <message>
        <source>Virtual stages:</source>
        <translation>虚拟阶段数：</translation>
    </message>
    <message>
        <source>Change virtual stages</source>
        <translation>更改虚拟阶段数</translation>
    </message>
    <message>
        <source>Offload optimizer:</source>
        <translation>卸载优化器：</translation>
    </message>
    <message>
        <source>Toggle optimizer offload</source>
        <translation>切换优化器卸载</translation>
    </message>
    <message>
        <source>Keeps master weights and optimizer states in host memory (ZeRO-Offload).</source>
        <translation>把主权重和优化器状态放在主机内存中（ZeRO-Offload）。</translation>
    </message>
    <message>
        <source>Offload parameters:</source>
        <translation>卸载参数：</translation>
    </message>
    <message>
        <source>Toggle parameter offload</source>
        <translation>切换参数卸载</translation>
    </message>
    <message>
        <source>Choose GPU</source>
        <translation>选择 GPU</translation>
    </message>
    <message>
        <source>GPUs per node:</source>
        <translation>每节点 GPU 数：</translation>
    </message>
    <message>
        <source>Change GPUs per node</source>
        <translation>更改每节点 GPU 数</translation>
    </message>
    <message>
        <source>GPUs joined by NVLink; groups larger than a node use the network.</source>
        <translation>通过 NVLink 相连的 GPU 数；超出一个节点的并行组走网络。</translation>
    </message>
    <message>
        <source>Compute efficiency:</source>
        <translation>计算效率：</translation>
    </message>
    <message>
        <source>Change compute efficiency</source>
        <translation>更改计算效率</translation>
    </message>
    <message>
        <source>DP/CP overlap:</source>
        <translation>DP/CP 重叠比例：</translation>
    </message>
    <message>
        <source>Change communication overlap</source>
        <translation>更改通信重叠比例</translation>
    </message>
    <message>
        <source>Fraction of data- and context-parallel traffic hidden under the backward pass (default 0.5).</source>
        <translation>数据并行和上下文并行通信被反向计算掩盖的比例（默认 0.5）。</translation>
    </message>
    <message>
        <source>Bus bandwidth:</source>
        <translation>总线带宽效率：</translation>
    </message>
    <message>
        <source>Change bus bandwidth</source>
        <translation>更改总线带宽效率</translation>
    </message>
    <message>
        <source>Achieved fraction of the link bandwidth (nccl-tests bus bandwidth, default 0.8).</source>
        <translation>实际达到的链路带宽比例（nccl-tests 总线带宽，默认 0.8）。</translation>
    </message>
    <message>
        <source>Change GPU price</source>
        <translation>更改 GPU 价格</translation>
    </message>
    <message>
        <source>Price per GPU-hour:</source>
        <translation>每 GPU 小时价格：</translation>
    </message>
    <message>
        <source>Change energy price</source>
        <translation>更改电价</translation>
    </message>
    <message>
        <source>Price per kWh:</source>
        <translation>每千瓦时电价：</translation>
    </message>
    <message>
        <source>PUE:</source>
        <translation>PUE：</translation>
    </message>
    <message>
        <source>Change PUE</source>
        <translation>更改 PUE</translation>
    </message>
    <message>
        <source>Power usage effectiveness of the data centre: facility power / IT power.</source>
        <translation>数据中心电能使用效率：设施总功率 / IT 设备功率。</translation>
    </message>
    <message>
        <source>Model details</source>
        <translation>模型结构细节</translation>
    </message>
    <message>
        <source>Layers:</source>
        <translation>层数：</translation>
    </message>
    <message>
        <source>Change layers</source>
        <translation>更改层数</translation>
    </message>
    <message>
        <source>Hidden size:</source>
        <translation>隐藏维度：</translation>
    </message>
    <message>
        <source>Change hidden size</source>
        <translation>更改隐藏维度</translation>
    </message>
    <message>
        <source>Attention heads:</source>
        <translation>注意力头数：</translation>
    </message>
    <message>
        <source>Change attention heads</source>
        <translation>更改注意力头数</translation>
    </message>
    <message>
        <source>KV heads (GQA):</source>
        <translation>KV 头数（GQA）：</translation>
    </message>
    <message>
        <source>Change KV heads</source>
        <translation>更改 KV 头数</translation>
    </message>
    <message>
        <source>FFN hidden size:</source>
        <translation>FFN 隐藏维度：</translation>
    </message>
    <message>
        <source>Change FFN size</source>
        <translation>更改 FFN 维度</translation>
    </message>
    <message>
        <source>Vocabulary:</source>
        <translation>词表大小：</translation>
    </message>
    <message>
        <source>Change vocabulary</source>
        <translation>更改词表大小</translation>
    </message>
    <message>
        <source>Experts (0 = dense):</source>
        <translation>专家数（0 = 稠密）：</translation>
    </message>
    <message>
        <source>Change experts</source>
        <translation>更改专家数</translation>
    </message>
    <message>
        <source>Experts per token (top-k):</source>
        <translation>每个 token 的专家数（top-k）：</translation>
    </message>
    <message>
        <source>Change top-k</source>
        <translation>更改 top-k</translation>
    </message>
    <message>
        <source>Custom GPU</source>
        <extracomment>the GPU figures were edited by hand</extracomment>
        <translation>自定义 GPU</translation>
    </message>
    <message>
        <source>Memory (GiB):</source>
        <translation>显存（GiB）：</translation>
    </message>
    <message>
        <source>Change GPU memory</source>
        <translation>更改显存容量</translation>
    </message>
    <message>
        <source>NVLink (GB/s):</source>
        <translation>NVLink（GB/s）：</translation>
    </message>
    <message>
        <source>Change NVLink bandwidth</source>
        <translation>更改 NVLink 带宽</translation>
    </message>
    <message>
        <source>Per GPU, one direction (half the bidirectional figure of datasheets).</source>
        <translation>每卡单向带宽（数据手册双向数值的一半）。</translation>
    </message>
    <message>
        <source>Network (GB/s):</source>
        <translation>网络（GB/s）：</translation>
    </message>
    <message>
        <source>Change network bandwidth</source>
        <translation>更改网络带宽</translation>
    </message>
    <message>
        <source>Per GPU, one direction: 400 Gb/s InfiniBand is 50 GB/s.</source>
        <translation>每卡单向带宽：400 Gb/s InfiniBand 即 50 GB/s。</translation>
    </message>
    <message>
        <source>TDP (W):</source>
        <translation>TDP（W）：</translation>
    </message>
    <message>
        <source>Change TDP</source>
        <translation>更改 TDP</translation>
    </message>
    <message>
        <source>Efficiency, cost and reliability</source>
        <translation>效率、成本与可靠性</translation>
    </message>
    <message>
        <source>MTBF per GPU (hours):</source>
        <translation>单卡平均故障间隔（小时）：</translation>
    </message>
    <message>
        <source>Change MTBF</source>
        <translation>更改平均故障间隔</translation>
    </message>
    <message>
        <source>Mean time between failures of one GPU with its share of the system. Default 50,000 h: the Llama 3 record, 419 interruptions in 54 days on 16,384 GPUs.</source>
        <translation>单张 GPU（含其分摊的系统部件）的平均故障间隔。默认 50,000 小时：来自 Llama 3 的记录，16,384 张 GPU 在 54 天内发生 419 次意外中断。</translation>
    </message>
    <message>
        <source>Restart (minutes):</source>
        <translation>重启时间（分钟）：</translation>
    </message>
    <message>
        <source>Change restart time</source>
        <translation>更改重启时间</translation>
    </message>
    <message>
        <source>Checkpoint write (GB/s):</source>
        <translation>检查点写入带宽（GB/s）：</translation>
    </message>
    <message>
        <source>Change checkpoint bandwidth</source>
        <translation>更改检查点写入带宽</translation>
    </message>
    <message>
        <source>Aggregate write bandwidth of the checkpoint storage.</source>
        <translation>检查点存储的总写入带宽。</translation>
    </message>
    <message>
        <source>Selective (every other matmul, PyTorch op-level)</source>
        <translation>选择性（隔一个矩阵乘保存，PyTorch 算子级）</translation>
    </message>
    <message>
        <source>Memory overheads</source>
        <translation>显存额外开销</translation>
    </message>
    <message>
        <source>CUDA context (GiB):</source>
        <translation>CUDA 上下文（GiB）：</translation>
    </message>
    <message>
        <source>Change CUDA context size</source>
        <translation>修改 CUDA 上下文大小</translation>
    </message>
    <message>
        <source>NCCL buffers per group (GiB):</source>
        <translation>每个通信组的 NCCL 缓冲（GiB）：</translation>
    </message>
    <message>
        <source>Change communication buffers</source>
        <translation>修改通信缓冲</translation>
    </message>
    <message>
        <source>Buffers of each communicator (TP, PP, CP, EP, DP) the GPU belongs to (default 0.47 GiB).</source>
        <translation>GPU 所属的每个通信组（TP、PP、CP、EP、DP）的缓冲区（默认 0.47 GiB）。</translation>
    </message>
    <message>
        <source>Gradient bucket (MiB):</source>
        <translation>梯度桶（MiB）：</translation>
    </message>
    <message>
        <source>Change gradient bucket</source>
        <translation>修改梯度桶</translation>
    </message>
    <message>
        <source>Data-parallel reduction bucket without sharded gradients (PyTorch DDP bucket_cap_mb, default 25).</source>
        <translation>梯度未分片时数据并行归约所用的桶（PyTorch DDP 的 bucket_cap_mb，默认 25）。</translation>
    </message>
    <message>
        <source>Fragmentation:</source>
        <translation>碎片率：</translation>
    </message>
    <message>
        <source>Change fragmentation</source>
        <translation>修改碎片率</translation>
    </message>
    <message>
        <source>Allocator slack as a fraction of allocated memory (default 0.05).</source>
        <translation>分配器的冗余空间，占已分配显存的比例（默认 0.05）。</translation>
    </message>
    <message>
        <source>Loss bytes per logit:</source>
        <translation>损失处每个 logit 的字节数：</translation>
    </message>
    <message>
        <source>Change loss bytes per logit</source>
        <translation>修改每个 logit 的字节数</translation>
    </message>
    <message>
        <source>Bytes per token and vocabulary entry held at the loss: 4 for Megatron&apos;s fused cross-entropy (default), 12 for PyTorch&apos;s cross_entropy(logits.float()).</source>
        <translation>计算损失时每个 token、每个词表项占用的字节数：Megatron 融合交叉熵为 4（默认），PyTorch 的 cross_entropy(logits.float()) 为 12。</translation>
    </message>
    <message>
        <source>Change storage price</source>
        <translation>修改存储单价</translation>
    </message>
    <message>
        <source>Storage per TB-month:</source>
        <translation>存储单价（每 TB·月）：</translation>
    </message>
    <message>
        <source>Price of checkpoint storage (default $23: AWS S3 Standard list price).</source>
        <translation>检查点存储的价格（默认 23 美元：AWS S3 标准存储的公开价格）。</translation>
    </message>
    <message>
        <source>Checkpoints kept:</source>
        <translation>保留的检查点数：</translation>
    </message>
    <message>
        <source>Change checkpoints kept</source>
        <translation>修改保留的检查点数</translation>
    </message>
    <message>
        <source>Checkpoints stored at the same time (default 2: the latest and one to fall back on).</source>
        <translation>同时保存的检查点个数（默认 2：最新一个和一个备用）。</translation>
    </message>
    <message>
        <source>Change network price</source>
        <translation>修改网络单价</translation>
    </message>
    <message>
        <source>Network per TB:</source>
        <translation>网络单价（每 TB）：</translation>
    </message>
    <message>
        <source>Price of inter-node traffic; 0 when the fabric is included in the GPU price (default).</source>
        <translation>跨节点流量的价格；若网络已包含在 GPU 价格中则为 0（默认）。</translation>
    </message>
    <message>
        <source>Team (people):</source>
        <translation>团队人数：</translation>
    </message>
    <message>
        <source>Change team size</source>
        <translation>修改团队人数</translation>
    </message>
    <message>
        <source>People running the training full time while it lasts (default 0).</source>
        <translation>训练期间全职投入的人数（默认 0）。</translation>
    </message>
    <message>
        <source>Change person-month cost</source>
        <translation>修改人月成本</translation>
    </message>
    <message>
        <source>Cost per person-month:</source>
        <translation>每人月成本：</translation>
    </message>
    <message>
        <source>Fully loaded cost of one person for a month (default $20,000, an assumption).</source>
        <translation>一个人一个月的全部用人成本（默认 20,000 美元，为假设值）。</translation>
    </message>
    <message>
        <source>Change memory-bound passes</source>
        <translation>修改访存受限遍数</translation>
    </message>
    <message>
        <source>Memory-bound passes:</source>
        <translation>访存受限遍数：</translation>
    </message>
    <message>
        <source>How many times norms, softmax, dropout and activation functions move a layer&apos;s activations through GPU memory per step (default 6, calibrated).</source>
        <translation>每步中归一化、softmax、dropout 和激活函数等算子把一层的激活值在显存中读写的遍数（默认 6，经过校准）。</translation>
    </message>
    <message>
        <source>%1 layers, hidden %2, %3 heads (latent attention, KV rank %4), FFN %5, vocabulary %6</source>
        <translation>%1 层，隐藏维度&#xa0;%2，%3 个注意力头（多头潜在注意力 MLA，KV 压缩维度 %4），FFN&#xa0;%5，词表&#xa0;%6</translation>
    </message>
    <message numerus="yes">
        <source>, %n shared</source>
        <translation>
            <numerusform>，%n 个共享专家</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, first %n layer(s) dense</source>
        <translation>
            <numerusform>，前 %n 层为稠密层</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>; %n multi-token prediction module(s)</source>
        <translation>
            <numerusform>；%n 个多 token 预测（MTP）模块</numerusform>
        </translation>
    </message>
    <message>
        <source>Expert FFN size:</source>
        <translation>专家 FFN 维度：</translation>
    </message>
    <message>
        <source>Change expert FFN size</source>
        <translation>修改专家 FFN 维度</translation>
    </message>
    <message>
        <source>Shared experts:</source>
        <translation>共享专家数：</translation>
    </message>
    <message>
        <source>Change shared experts</source>
        <translation>修改共享专家数</translation>
    </message>
    <message>
        <source>Dense first layers:</source>
        <translation>前置稠密层数：</translation>
    </message>
    <message>
        <source>Change dense first layers</source>
        <translation>修改前置稠密层数</translation>
    </message>
    <message>
        <source>KV latent rank (0 = no MLA):</source>
        <translation>KV 压缩维度（0 = 不用 MLA）：</translation>
    </message>
    <message>
        <source>Change KV latent rank</source>
        <translation>修改 KV 压缩维度</translation>
    </message>
    <message>
        <source>Q latent rank (MLA):</source>
        <translation>Q 压缩维度（MLA）：</translation>
    </message>
    <message>
        <source>Change Q latent rank</source>
        <translation>修改 Q 压缩维度</translation>
    </message>
    <message>
        <source>MTP modules:</source>
        <translation>MTP 模块数：</translation>
    </message>
    <message>
        <source>Change MTP modules</source>
        <translation>修改 MTP 模块数</translation>
    </message>
    <message numerus="yes">
        <source>, each token on at most %n node(s)</source>
        <translation>
            <numerusform>，每个 token 至多路由到 %n 个节点</numerusform>
        </translation>
    </message>
    <message>
        <source>Nodes per token (0 = any):</source>
        <translation>每 token 路由节点上限（0 = 不限）：</translation>
    </message>
    <message>
        <source>Change nodes per token</source>
        <translation>修改每 token 路由节点上限</translation>
    </message>
    <message>
        <source>Change FP8 scope</source>
        <translation>更改 FP8 范围</translation>
    </message>
    <message>
        <source>Linear layers (attention and LM head in BF16)</source>
        <translation>线性层（注意力与输出头为 BF16）</translation>
    </message>
    <message>
        <source>Linear layers and LM head</source>
        <translation>线性层与输出头</translation>
    </message>
    <message>
        <source>All matmuls, FP8 attention too</source>
        <translation>全部矩阵乘法，含 FP8 注意力</translation>
    </message>
    <message>
        <source>FP8 scope:</source>
        <translation>FP8 范围：</translation>
    </message>
    <message>
        <source>With an FP8 compute format: which matmuls run at the FP8 rate. torchao and Transformer Engine convert the linear layers only; the rest runs at the BF16 rate, and every FP8 operand is scaled and cast first.</source>
        <translation>计算格式为 FP8 时，哪些矩阵乘法以 FP8 速率运行。torchao 与 Transformer Engine 只转换线性层；其余以 BF16 速率运行，且每个 FP8 操作数都要先缩放并转换。</translation>
    </message>
    <message>
        <source>PCIe to host (GB/s):</source>
        <translation>到主机的 PCIe (GB/s)：</translation>
    </message>
    <message>
        <source>Change PCIe bandwidth</source>
        <translation>更改 PCIe 带宽</translation>
    </message>
    <message>
        <source>Per GPU, one direction: what offloaded optimizer states and parameters cross (PCIe Gen4 x16: 32 GB/s, Gen5: 64 GB/s).</source>
        <translation>每块 GPU、单方向：卸载的优化器状态和参数经由此链路传输（PCIe Gen4 x16：32 GB/s，Gen5：64 GB/s）。</translation>
    </message>
    <message>
        <source>Change host memory bandwidth</source>
        <translation>更改主机内存带宽</translation>
    </message>
    <message>
        <source>CPU memory bandwidth of a whole node, shared by its GPUs: it bounds an offloaded optimizer step (default 409.6: two EPYC 7742 with eight DDR4-3200 channels each).</source>
        <translation>整个节点的 CPU 内存带宽，由节点内各 GPU 共享：它决定卸载到 CPU 的优化器步骤的耗时（默认 409.6：两颗 EPYC 7742，各有八条 DDR4-3200 通道）。</translation>
    </message>
    <message>
        <source>Change attention kernel</source>
        <translation>修改注意力内核</translation>
    </message>
    <message>
        <source>Newest for the GPU</source>
        <translation>该 GPU 最新的内核</translation>
    </message>
    <message>
        <source>FlashAttention-1</source>
        <translation>FlashAttention-1</translation>
    </message>
    <message>
        <source>FlashAttention-2</source>
        <translation>FlashAttention-2</translation>
    </message>
    <message>
        <source>FlashAttention-3</source>
        <translation>FlashAttention-3</translation>
    </message>
    <message>
        <source>Attention kernel:</source>
        <translation>注意力内核：</translation>
    </message>
    <message>
        <source>The attention core runs at this kernel&apos;s measured rate, on the half of the score square a causal mask leaves; its backward recomputes the scores (2.5 × the forward). FlashAttention-3 runs on Hopper only; PyTorch&apos;s SDPA uses FlashAttention-2.</source>
        <translation>注意力核心按该内核的实测速率计算，只算因果掩码留下的一半得分矩阵；其反向传播会重算得分（前向的 2.5 倍）。FlashAttention-3 仅支持 Hopper；PyTorch 的 SDPA 使用 FlashAttention-2。</translation>
    </message>
    <message>
        <source>Change gradient reduction</source>
        <translation>修改梯度规约方式</translation>
    </message>
    <message>
        <source>Every micro-batch</source>
        <translation>每个微批</translation>
    </message>
    <message>
        <source>After accumulation</source>
        <translation>累积之后</translation>
    </message>
    <message>
        <source>Priced at: matmuls %1 TFLOP/s (best measured GEMM)</source>
        <translation>计价速率：矩阵乘 %1 TFLOP/s（实测最佳 GEMM）</translation>
    </message>
    <message>
        <source>, attention %1 TFLOP/s</source>
        <translation>，注意力 %1 TFLOP/s</translation>
    </message>
    <message>
        <source>, of which this model&apos;s GEMM shapes reach %1 %</source>
        <translation>，本模型的 GEMM 形状可达其中的 %1%</translation>
    </message>
    <message>
        <source>Change elementwise kernels</source>
        <translation>更改逐元素算子内核</translation>
    </message>
    <message>
        <source>Eager PyTorch</source>
        <translation>PyTorch eager 模式</translation>
    </message>
    <message>
        <source>Elementwise kernels:</source>
        <translation>逐元素算子：</translation>
    </message>
    <message>
        <source>Eager PyTorch runs every operation of an RMSNorm, a rotary embedding and SwiGLU as its own kernel, each reading and writing the activations: nine times a fused norm&apos;s memory traffic. torch.compile, Megatron-LM and Transformer Engine fuse them.</source>
        <translation>PyTorch eager 模式下，RMSNorm、旋转位置编码和 SwiGLU 的每个运算都是单独的内核，每个都要读写一遍激活值：归一化的访存量是融合版的九倍。torch.compile、Megatron-LM 和 Transformer Engine 会把它们融合。</translation>
    </message>
    <message>
        <source>Fused (compiled, TE)</source>
        <translation>融合（编译或 TE）</translation>
    </message>
    <message>
        <source>Change FP8 scaling</source>
        <translation>更改 FP8 缩放方式</translation>
    </message>
    <message>
        <source>Per tensor</source>
        <translation>按张量</translation>
    </message>
    <message>
        <source>Per row (torchao rowwise)</source>
        <translation>按行（torchao rowwise）</translation>
    </message>
    <message>
        <source>FP8 scaling:</source>
        <translation>FP8 缩放：</translation>
    </message>
    <message>
        <source>Per-row scales handle outliers better but cost more: each operand is cast twice, once per GEMM axis, and tensor parallelism gathers BF16 instead of FP8. torchao&apos;s 8B benchmark on 8 H100: +25 % per tensor, +10 % per row.</source>
        <translation>按行缩放更能容忍离群值，但开销更大：每个操作数要按 GEMM 的两个轴各转换一次，张量并行的 all-gather 传输 BF16 而不是 FP8。torchao 在 8 张 H100 上的 8B 基准：按张量 +25%，按行 +10%。</translation>
    </message>
    <message>
        <source>Change data-parallel collectives</source>
        <translation>更改数据并行集合通信方式</translation>
    </message>
    <message>
        <source>Buckets (DDP, Megatron)</source>
        <translation>按桶（DDP、Megatron）</translation>
    </message>
    <message>
        <source>Per layer (FSDP)</source>
        <translation>逐层（FSDP）</translation>
    </message>
    <message>
        <source>DP collectives:</source>
        <translation>数据并行通信：</translation>
    </message>
    <message>
        <source>ZeRO stages 0–2 reduce and gather in large buckets in PyTorch DDP, DeepSpeed and Megatron-LM, but one layer at a time in PyTorch FSDP (NO_SHARD, SHARD_GRAD_OP). Every call pays the ring&apos;s latency, which grows with the group: at hundreds of GPUs per-layer calls cost several per cent. ZeRO-3 always works per layer.</source>
        <translation>在 PyTorch DDP、DeepSpeed 和 Megatron-LM 中，ZeRO 0–2 阶段按大桶做规约和收集；PyTorch FSDP（NO_SHARD、SHARD_GRAD_OP）则逐层进行。每次调用都要付出环形算法的延迟，且随组规模增长：在数百张 GPU 上，逐层调用会多花几个百分点。ZeRO-3 始终逐层进行。</translation>
    </message>
    <message>
        <source>memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>NVLink</source>
        <translation>NVLink</translation>
    </message>
    <message>
        <source>network</source>
        <translation>网络（跨节点）</translation>
    </message>
    <message>
        <source>PCIe</source>
        <translation>PCIe</translation>
    </message>
    <message>
        <source>TDP</source>
        <translation>TDP</translation>
    </message>
    <message>
        <source>Changed from the preset: %1; its other figures are kept.</source>
        <translation>相对预设修改了：%1；其余参数沿用预设。</translation>
    </message>
    <message>
        <source>Saved activations:</source>
        <translation>保存的激活：</translation>
    </message>
    <message>
        <source>Change saved activations</source>
        <translation>修改保存的激活</translation>
    </message>
    <message>
        <source>In the compute format</source>
        <translation>按计算格式</translation>
    </message>
    <message>
        <source>FP8 (DeepSeek-V3)</source>
        <translation>FP8（DeepSeek-V3）</translation>
    </message>
    <message>
        <source>DeepSeek-V3 keeps the inputs of its linear layers for the backward pass in FP8 with a scale per 128 values, and the attention output in a 12-bit format: about half the activation memory of BF16.</source>
        <translation>DeepSeek-V3 把线性层留给反向传播的输入以 FP8 保存（每 128 个值一个缩放因子），注意力输出用 12 位格式：激活显存约为 BF16 的一半。</translation>
    </message>
    <message>
        <source>Layers per stage:</source>
        <translation>每级层数：</translation>
    </message>
    <message>
        <source>Change layers per stage</source>
        <translation>修改每级层数</translation>
    </message>
    <message>
        <source>Even</source>
        <translation>均分</translation>
    </message>
    <message>
        <source>Embedding, loss as layers (Llama 3)</source>
        <translation>嵌入层和损失各算一层（Llama 3）</translation>
    </message>
    <message>
        <source>Norms, up-projections (DeepSeek-V3)</source>
        <translation>归一化与上投影（DeepSeek-V3）</translation>
    </message>
    <message>
        <source>ZeRO-2/3 reduction:</source>
        <translation>ZeRO-2/3 规约：</translation>
    </message>
    <message>
        <source>With gradient accumulation, ZeRO-2 and ZeRO-3 either reduce-scatter after every micro-batch and keep only their gradient shard (DeepSpeed, FSDP), or accumulate the whole gradient and reduce once (FSDP&apos;s no_sync): one reduction instead of one per micro-batch, for unsharded gradient memory. ZeRO-3 then also keeps its parameters gathered from the first forward to the last backward (torchtitan with pipeline parallelism).</source>
        <translation>在梯度累积下，ZeRO-2 和 ZeRO-3 要么在每个微批之后做 reduce-scatter、只保留自己的梯度分片（DeepSpeed、FSDP），要么先累积完整梯度、最后只规约一次（FSDP 的 no_sync）：规约次数从每个微批一次减为一次，代价是梯度显存不再分片。ZeRO-3 此时还会从第一次前向到最后一次反向一直保留聚合后的完整参数（torchtitan 搭配流水线并行时的做法）。</translation>
    </message>
    <message>
        <source>TP keeps for backward:</source>
        <translation>TP 为反向保留：</translation>
    </message>
    <message>
        <source>Change what TP keeps for backward</source>
        <translation>修改 TP 为反向保留的内容</translation>
    </message>
    <message>
        <source>With sequence parallelism a column-parallel layer all-gathers its input. Megatron-LM keeps only the sequence shard and gathers it again in the backward; PyTorch&apos;s DTensor (torchtitan) keeps the gathered input, t times the memory for the inputs of the attention and MLP projections.</source>
        <translation>开启序列并行时，列并行层会先 all-gather 自己的输入。Megatron-LM 只保留序列分片，反向时再聚合一次；PyTorch 的 DTensor（torchtitan）保留聚合后的输入，注意力和 MLP 投影的输入因此占用 t 倍显存。</translation>
    </message>
    <message>
        <source>Shard (Megatron-LM)</source>
        <translation>序列分片（Megatron-LM）</translation>
    </message>
    <message>
        <source>Gathered (PyTorch DTensor)</source>
        <translation>聚合后的完整输入（PyTorch DTensor）</translation>
    </message>
    <message>
        <source>Gradients live:</source>
        <translation>梯度的生命周期：</translation>
    </message>
    <message>
        <source>Change how long gradients live</source>
        <translation>修改梯度的生命周期</translation>
    </message>
    <message>
        <source>Megatron-LM, PyTorch DDP and DeepSpeed keep gradients in buffers allocated once. Plain PyTorch and FSDP2 (torchtitan, torchtune) create each gradient in the backward and free it after the optimizer step. With one micro-batch per step the backward then frees activations as it creates gradients, and the peak holds only the larger of the two.</source>
        <translation>Megatron-LM、PyTorch DDP 和 DeepSpeed 把梯度放在一次分配、长期保留的缓冲区里。原生 PyTorch 和 FSDP2（torchtitan、torchtune）在反向中逐个创建梯度，优化器更新后即释放。每步只有一个微批时，反向一边释放激活一边生成梯度，峰值只取两者中较大的一方。</translation>
    </message>
    <message>
        <source>K/V copied to every head:</source>
        <translation>K/V 复制到每个头：</translation>
    </message>
    <message>
        <source>Toggle K/V copies</source>
        <translation>切换 K/V 复制</translation>
    </message>
    <message>
        <source>With grouped-query attention, PyTorch&apos;s SDPA needs K and V at every query head: torchtitan, torchtune and Hugging Face copy them (repeat_kv), and the kernel keeps the copies for its backward. flash-attn and Transformer Engine read the shared heads.</source>
        <translation>使用分组查询注意力（GQA）时，PyTorch 的 SDPA 要求每个查询头都有自己的 K 和 V：torchtitan、torchtune 和 Hugging Face 会把它们复制一份（repeat_kv），注意力内核为反向保留这些副本。flash-attn 和 Transformer Engine 直接读取共享的头。</translation>
    </message>
    <message>
        <source>Kept (Megatron, DDP)</source>
        <translation>常驻（Megatron、DDP）</translation>
    </message>
    <message>
        <source>Freed each step (PyTorch)</source>
        <translation>每步释放（PyTorch）</translation>
    </message>
    <message>
        <source>Offload activations:</source>
        <translation>卸载激活值：</translation>
    </message>
    <message>
        <source>Toggle activation offload</source>
        <translation>切换激活值卸载</translation>
    </message>
    <message>
        <source>Sends what the layers keep for the backward to host memory during the forward and fetches it back a layer ahead of the backward (torchtune, Transformer Engine). The GPU keeps two layers&apos; worth; the PCIe traffic hides under the compute while it is shorter.</source>
        <translation>前向时把各层为反向保存的张量送到主机内存，反向时提前一层取回（torchtune、Transformer Engine）。GPU 上只保留两层的量；只要 PCIe 传输比计算短，就能藏在计算之下。</translation>
    </message>
    <message>
        <source>Not applied: %1</source>
        <extracomment>an edit was refused; %1 is the reason, a sentence (the control it is about is marked)</extracomment>
        <translation>未应用：%1</translation>
    </message>
    <message>
        <source>GPU pricing:</source>
        <translation>GPU 计价方式：</translation>
    </message>
    <message>
        <source>Change GPU pricing</source>
        <translation>更改 GPU 计价方式</translation>
    </message>
    <message>
        <source>How the GPUs are rented; the price per GPU-hour is that pricing&apos;s. Spot capacity is cheaper but the provider takes nodes back: each reclaim costs the work since the last checkpoint and a restart. Planner → GPU types and prices fills both from a price table.</source>
        <translation>GPU 的租用方式；每 GPU 小时的价格即该方式的价格。竞价实例更便宜，但供应商会收回节点：每次收回都会损失自上次检查点以来的工作，并需要重启。“并行规划 → GPU 型号与价格”可从价格表同时填入两者。</translation>
    </message>
    <message>
        <source>On demand</source>
        <translation>按需</translation>
    </message>
    <message>
        <source>Reserved</source>
        <translation>预留</translation>
    </message>
    <message>
        <source>Spot</source>
        <translation>竞价（Spot）</translation>
    </message>
    <message>
        <source>Spot reclaims per node-day:</source>
        <translation>每节点每天的竞价收回次数：</translation>
    </message>
    <message>
        <source>Change spot reclaim rate</source>
        <translation>更改竞价收回频率</translation>
    </message>
    <message>
        <source>Spot pricing only: how often the provider takes a node back, per node and day (its spot advisor&apos;s interruption frequency, or a price table&apos;s). Added to the GPUs&apos; failures: more interruptions, a shorter checkpoint interval, a lower goodput.</source>
        <translation>仅用于竞价计价：供应商每个节点每天收回节点的次数（来自其竞价顾问的中断频率或价格表）。它与 GPU 故障相加：中断更多、检查点间隔更短、有效训练时间占比更低。</translation>
    </message>
    <message>
        <source>Rename scenario</source>
        <translation>重命名场景</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>名称(&amp;N)：</translation>
    </message>
    <message>
        <source>Named after the model and the GPUs, and renamed with them until you type a name</source>
        <translation>按模型和 GPU 自动命名，在你输入名称之前会随它们一起更新</translation>
    </message>
    <message>
        <source>Your name for this scenario; clear it to name it after the model and the GPUs again</source>
        <translation>你为这个场景取的名称；清空后将重新按模型和 GPU 自动命名</translation>
    </message>
    <message>
        <source>Change GPU count</source>
        <translation>更改 GPU 数量</translation>
    </message>
    <message>
        <source>GP&amp;Us (total):</source>
        <translation>GPU 总数(&amp;U)：</translation>
    </message>
    <message>
        <source>GPUs of the whole run, TP × PP × CP × DP. A change sets data parallelism, the degree that does not change how the model is split; the arrows step to the next count whose DP × micro-batch divides the global batch.</source>
        <translation>整个训练任务的 GPU 数，即 TP × PP × CP × DP。修改它会设置数据并行度——唯一不改变模型切分方式的并行维度；箭头会跳到下一个使 DP × 微批次能整除全局批次的数量。</translation>
    </message>
    <message>
        <source>Transformer blocks stacked in the model; pipeline stages split them.</source>
        <translation>模型中堆叠的 Transformer 块数；流水线阶段按层切分它们。</translation>
    </message>
    <message>
        <source>Width of the residual stream: the size of every token&apos;s vector between layers.</source>
        <translation>残差流的宽度：每个词元在层与层之间的向量长度。</translation>
    </message>
    <message>
        <source>Query heads of each attention layer; tensor parallelism splits them, so TP must divide them.</source>
        <translation>每个注意力层的查询头数；张量并行会切分它们，因此 TP 必须能整除头数。</translation>
    </message>
    <message>
        <source>Key/value heads shared by groups of query heads (grouped-query attention); equal to the heads for plain multi-head attention, 1 for multi-query.</source>
        <translation>由若干查询头共享的键/值头（分组查询注意力）；普通多头注意力时等于头数，多查询注意力时为 1。</translation>
    </message>
    <message>
        <source>Inner width of each MLP block (SwiGLU: of each of its three matrices).</source>
        <translation>每个 MLP 块的中间宽度（SwiGLU：其三个矩阵各自的宽度）。</translation>
    </message>
    <message>
        <source>Entries of the embedding and the output layer; the logits of the loss are sequence × vocabulary per micro-batch.</source>
        <translation>嵌入层和输出层的词表条目数；损失处的 logits 为每个微批次 序列长度 × 词表大小。</translation>
    </message>
    <message>
        <source>tokens</source>
        <translation>词元</translation>
    </message>
    <message>
        <source>Routed experts of each mixture-of-experts layer; 0 makes the model dense.</source>
        <translation>每个混合专家层的路由专家数；0 表示稠密模型。</translation>
    </message>
    <message>
        <source>Experts each token is routed to: the compute per token follows k, the weights follow all experts.</source>
        <translation>每个词元被路由到的专家数：每个词元的计算量取决于 k，权重则包含全部专家。</translation>
    </message>
    <message>
        <source>Inner width of each expert&apos;s MLP.</source>
        <translation>每个专家 MLP 的中间宽度。</translation>
    </message>
    <message>
        <source>Experts every token passes through besides its routed ones (DeepSeek-V3: 1).</source>
        <translation>除路由专家外，每个词元都会经过的共享专家数（DeepSeek-V3：1）。</translation>
    </message>
    <message>
        <source>Node-limited routing: each token&apos;s experts lie on at most this many nodes, which bounds the all-to-all over the network (DeepSeek-V3: 4).</source>
        <translation>节点受限路由：每个词元的专家最多分布在这么多个节点上，从而限制跨网络的 all-to-all 流量（DeepSeek-V3：4）。</translation>
    </message>
    <message>
        <source>nodes</source>
        <translation>个节点</translation>
    </message>
    <message>
        <source>Layers at the bottom that keep a dense MLP instead of experts (DeepSeek-V3: 3).</source>
        <translation>最底部保留稠密 MLP 而不使用专家的层数（DeepSeek-V3：3）。</translation>
    </message>
    <message>
        <source>Multi-head latent attention: keys and values are stored as one compressed vector of this width per token (DeepSeek-V2/V3: 512).</source>
        <translation>多头潜在注意力：每个词元的键和值存为一个该宽度的压缩向量（DeepSeek-V2/V3：512）。</translation>
    </message>
    <message>
        <source>Multi-head latent attention: width of the compressed query (DeepSeek-V3: 1536).</source>
        <translation>多头潜在注意力：压缩查询的宽度（DeepSeek-V3：1536）。</translation>
    </message>
    <message>
        <source>Multi-token prediction modules after the last layer, each predicting one more token ahead (DeepSeek-V3: 1).</source>
        <translation>最后一层之后的多词元预测模块数，每个模块多向前预测一个词元（DeepSeek-V3：1）。</translation>
    </message>
    <message>
        <source>Llama 2&apos;s pre-training (Touvron et al. 2023, §2.2: 4k context, 4M-token batches, 2T tokens)</source>
        <translation>Llama 2 的预训练（Touvron 等，2023，§2.2：4k 上下文、每批 4M 词元、共 2T 词元）</translation>
    </message>
    <message>
        <source>sequences</source>
        <translation>条序列</translation>
    </message>
    <message>
        <source>Tokens the whole run trains on; with the global batch and sequence length it sets the number of steps.</source>
        <translation>整个训练任务所用的词元数；与全局批次和序列长度一起决定训练步数。</translation>
    </message>
    <message>
        <source>billions of tokens</source>
        <translation>十亿词元</translation>
    </message>
    <message>
        <source>The optimizer decides the states kept per parameter: AdamW two (momentum and variance), SGD with momentum one, Adafactor factored ones, 8-bit AdamW two of one byte.</source>
        <translation>优化器决定每个参数保存的状态：AdamW 两个（动量和方差），带动量的 SGD 一个，Adafactor 为分解后的状态，8 位 AdamW 两个、各占一字节。</translation>
    </message>
    <message>
        <source>Full training updates every weight; LoRA trains small adapters beside frozen weights, QLoRA also stores the frozen base in 4 bits (NF4).</source>
        <translation>全量训练会更新所有权重；LoRA 在冻结的权重旁训练小型适配器，QLoRA 还会把冻结的基座模型以 4 位（NF4）存储。</translation>
    </message>
    <message>
        <source>Rank r of the LoRA adapters: each adapted d × k matrix gets r × (d + k) trainable parameters.</source>
        <translation>LoRA 适配器的秩 r：每个被适配的 d × k 矩阵获得 r × (d + k) 个可训练参数。</translation>
    </message>
    <message>
        <source>Format of the matmuls&apos; inputs; it sets the GPU&apos;s peak rate (FP8 doubles BF16&apos;s on Hopper).</source>
        <translation>矩阵乘法输入的格式；它决定 GPU 的峰值算力（在 Hopper 上 FP8 是 BF16 的两倍）。</translation>
    </message>
    <message>
        <source>Format of the working copy of the weights used in the forward and backward.</source>
        <translation>前向和反向传播所用权重工作副本的格式。</translation>
    </message>
    <message>
        <source>Format the gradients are stored and summed in; BF16 sums lose small contributions over many micro-batches.</source>
        <translation>梯度存储和累加所用的格式；在多个微批次上用 BF16 累加会丢失较小的贡献。</translation>
    </message>
    <message>
        <source>FP32 copy the optimizer updates: an update below half a BF16 step would otherwise be rounded away. None for pure low-precision training.</source>
        <translation>由优化器更新的 FP32 副本：否则小于 BF16 半个步长的更新会被舍入掉。纯低精度训练时为无。</translation>
    </message>
    <message>
        <source>Format of the optimizer&apos;s states (Adam&apos;s momentum and variance).</source>
        <translation>优化器状态（Adam 的动量和方差）的格式。</translation>
    </message>
    <message>
        <source>GPUs</source>
        <extracomment>a unit after &quot;Unit:&quot;, a count of GPUs (Chinese: the measure word, &quot;块 GPU&quot;)</extracomment>
        <translation>块 GPU</translation>
    </message>
    <message>
        <source>stages</source>
        <translation>个阶段</translation>
    </message>
    <message>
        <source>replicas</source>
        <translation>个副本</translation>
    </message>
    <message>
        <source>ZeRO shards the model states over the data-parallel GPUs: stage 1 the optimizer states, 2 also the gradients, 3 also the weights (FSDP), each at the cost of more traffic (Rajbhandari et al. 2020).</source>
        <translation>ZeRO 把模型状态切分到数据并行的各 GPU 上：阶段 1 切分优化器状态，阶段 2 另外切分梯度，阶段 3 同时切分权重（FSDP），每一级都以更多通信为代价（Rajbhandari 等，2020）。</translation>
    </message>
    <message>
        <source>Activation recomputation drops what the forward keeps and recomputes it in the backward: less memory for more compute (full: about a third more; selective: a few percent, Korthikanti et al. 2022).</source>
        <translation>激活重计算丢弃前向传播保存的内容，在反向传播时重新计算：以更多计算换取更少显存（完全重计算约多三分之一；选择性重计算多几个百分点，Korthikanti 等，2022）。</translation>
    </message>
    <message>
        <source>Fused attention that never stores the score matrix (Dao et al. 2022): memory linear, not quadratic, in the sequence.</source>
        <translation>从不存储注意力分数矩阵的融合注意力（Dao 等，2022）：显存随序列长度线性而非平方增长。</translation>
    </message>
    <message>
        <source>Order of the micro-batches&apos; forward and backward passes over the pipeline stages: GPipe runs all forwards first; 1F1B alternates and keeps at most PP micro-batches in flight; interleaved 1F1B gives each GPU several chunks for a smaller bubble (Narayanan et al. 2021).</source>
        <translation>微批次在各流水线阶段上执行前向和反向的顺序：GPipe 先执行全部前向；1F1B 交替执行，同时在途的微批次最多为 PP 个；交错 1F1B 让每张 GPU 承担多个模型块，以缩小气泡（Narayanan 等，2021）。</translation>
    </message>
    <message>
        <source>Interleaved schedule: model chunks per GPU. v chunks cut the pipeline bubble by v at the cost of v times the pipeline&apos;s messages (Narayanan et al. 2021 §2.2).</source>
        <translation>交错调度：每张 GPU 上的模型块数。v 个块使流水线气泡缩小为原来的 v 分之一，代价是流水线消息增加到 v 倍（Narayanan 等，2021，§2.2）。</translation>
    </message>
    <message>
        <source>chunks per GPU</source>
        <translation>块/每 GPU</translation>
    </message>
    <message>
        <source>Keeps the weights in host memory and streams each layer&apos;s over PCIe when it runs (ZeRO-Infinity, FSDP CPU offload).</source>
        <translation>把权重保存在主机内存中，每层运行时再经 PCIe 传入（ZeRO-Infinity、FSDP CPU 卸载）。</translation>
    </message>
    <message>
        <source>Memory of one GPU; what the memory chart compares against.</source>
        <translation>单张 GPU 的显存；显存图以它作为比较基准。</translation>
    </message>
    <message>
        <source>GiB</source>
        <translation>GiB</translation>
    </message>
    <message>
        <source>GB/s</source>
        <translation>GB/s</translation>
    </message>
    <message>
        <source>Thermal design power of one GPU, used for the energy where the system&apos;s power per GPU is not known.</source>
        <translation>单张 GPU 的热设计功耗；在不知道系统每 GPU 功耗时用于计算能耗。</translation>
    </message>
    <message>
        <source>W</source>
        <translation>W</translation>
    </message>
    <message>
        <source>an 8-GPU server (DGX A100, HGX H100)</source>
        <translation>8 卡服务器（DGX A100、HGX H100）</translation>
    </message>
    <message>
        <source>GB/s per node</source>
        <translation>GB/s（每节点）</translation>
    </message>
    <message>
        <source>a DGX A100&apos;s two EPYC 7742 with eight DDR4-3200 channels each</source>
        <translation>DGX A100 的两颗 EPYC 7742，每颗八个 DDR4-3200 通道</translation>
    </message>
    <message>
        <source>fraction</source>
        <translation>比例</translation>
    </message>
    <message>
        <source>passes per step</source>
        <translation>遍/每步</translation>
    </message>
    <message>
        <source>What one GPU costs per hour at the chosen pricing; GPU-hours × this is most of the run&apos;s cost.</source>
        <translation>按所选计价方式每张 GPU 每小时的费用；GPU 小时数 × 该价格构成训练成本的大部分。</translation>
    </message>
    <message>
        <source>US$ per GPU-hour</source>
        <translation>美元/GPU 小时</translation>
    </message>
    <message>
        <source>an assumption near public A100 rates (example price table: AWS Capacity Blocks $1.84, 2024-12): enter your quote</source>
        <translation>接近公开 A100 价格的假设值（示例价格表：AWS Capacity Blocks 1.84 美元，2024-12）：请填入你的报价</translation>
    </message>
    <message>
        <source>Price of electricity; the energy is the servers&apos; power per GPU × PUE × GPU-hours.</source>
        <translation>电价；能耗为服务器每 GPU 功耗 × PUE × GPU 小时数。</translation>
    </message>
    <message>
        <source>US$ per kWh</source>
        <translation>美元/千瓦时</translation>
    </message>
    <message>
        <source>an assumption: enter your site&apos;s price</source>
        <translation>假设值：请填入你所在机房的电价</translation>
    </message>
    <message>
        <source>US$ per TB-month</source>
        <translation>美元/TB·月</translation>
    </message>
    <message>
        <source>the AWS S3 Standard list price of $0.023 per GB-month</source>
        <translation>AWS S3 标准存储的公开价格：每 GB·月 0.023 美元</translation>
    </message>
    <message>
        <source>US$ per TB</source>
        <translation>美元/TB</translation>
    </message>
    <message>
        <source>people</source>
        <translation>人</translation>
    </message>
    <message>
        <source>US$</source>
        <translation>美元</translation>
    </message>
    <message>
        <source>an assumption: enter your data centre&apos;s</source>
        <translation>假设值：请填入你的数据中心的数值</translation>
    </message>
    <message>
        <source>hours</source>
        <translation>小时</translation>
    </message>
    <message>
        <source>Llama Team 2024 §3.3.4, Table 5</source>
        <translation>Llama Team 2024，§3.3.4，表 5</translation>
    </message>
    <message>
        <source>reclaims per node per day</source>
        <translation>次收回/每节点每天</translation>
    </message>
    <message>
        <source>Time from an interruption to training again: detecting the failure, replacing or restarting the nodes, loading the last checkpoint.</source>
        <translation>从中断到重新开始训练所需的时间：发现故障、替换或重启节点、加载最近的检查点。</translation>
    </message>
    <message>
        <source>minutes</source>
        <translation>分钟</translation>
    </message>
    <message>
        <source>an assumption: enter your cluster&apos;s</source>
        <translation>假设值：请填入你的集群的数值</translation>
    </message>
    <message>
        <source>an assumption; Meta&apos;s storage sustains 2 TB/s (Llama Team 2024 §3.3.1)</source>
        <translation>假设值；Meta 的存储可持续 2 TB/s（Llama Team 2024，§3.3.1）</translation>
    </message>
    <message>
        <source>GiB per GPU</source>
        <translation>GiB/每 GPU</translation>
    </message>
    <message>
        <source>GiB per communicator</source>
        <translation>GiB/每个通信器</translation>
    </message>
    <message>
        <source>MiB</source>
        <translation>MiB</translation>
    </message>
    <message>
        <source>PyTorch DistributedDataParallel&apos;s bucket_cap_mb default</source>
        <translation>PyTorch DistributedDataParallel 的 bucket_cap_mb 默认值</translation>
    </message>
    <message>
        <source>fraction of allocated memory</source>
        <translation>占已分配显存的比例</translation>
    </message>
    <message>
        <source>bytes per logit</source>
        <translation>字节/每个 logit</translation>
    </message>
    <message>
        <source>Llama 2 7B&apos;s published shape (Touvron et al. 2023, Table 1), the default scenario&apos;s model; a preset brings its own</source>
        <translation>Llama 2 7B 公开的结构（Touvron 等，2023，表 1），即默认场景的模型；选择预设时使用该预设自己的结构</translation>
    </message>
    <message>
        <source>BF16 mixed precision with FP32 master weights and states (Micikevicius et al. 2018), the recipe of Megatron-LM and DeepSpeed</source>
        <translation>BF16 混合精度，主权重和优化器状态为 FP32（Micikevicius 等，2018），即 Megatron-LM 和 DeepSpeed 的做法</translation>
    </message>
    <message>
        <source>the chosen GPU&apos;s datasheet (the default scenario&apos;s: NVIDIA A100 SXM 80GB)</source>
        <translation>所选 GPU 的数据手册（默认场景为 NVIDIA A100 SXM 80GB）</translation>
    </message>
    <message>
        <source>on</source>
        <extracomment>the value of a switch (sequence parallelism, flash attention…)</extracomment>
        <translation>开</translation>
    </message>
    <message>
        <source>off</source>
        <extracomment>the value of a switch</extracomment>
        <translation>关</translation>
    </message>
    <message>
        <source>Unit: %1</source>
        <translation>单位：%1</translation>
    </message>
    <message>
        <source>Range: powers of two from %1 to %2</source>
        <translation>范围：%1 到 %2 之间的二的幂</translation>
    </message>
    <message>
        <source>Range: %1 to %2</source>
        <translation>范围：%1 到 %2</translation>
    </message>
    <message>
        <source>Default: %1 — %2</source>
        <translation>默认值：%1——%2</translation>
    </message>
    <message>
        <source>File key: %1</source>
        <translation>文件键：%1</translation>
    </message>
    <message>
        <source>A published model with its shape from its config.json or paper (Model details shows every figure). Custom size takes the size slider&apos;s standard Llama-style shape.</source>
        <translation>已公开的模型，其结构取自其 config.json 或论文（“模型细节”列出全部数值）。“自定义规模”则使用规模滑块对应的标准 Llama 式结构。</translation>
    </message>
    <message>
        <source>A GPU with its datasheet&apos;s figures: memory, peak rate per number format, NVLink, network, PCIe and power. Each can be edited below; an edited figure keeps the GPU&apos;s name and is saved beside it.</source>
        <translation>带有数据手册数值的 GPU：显存、各数值格式的峰值算力、NVLink、网络、PCIe 和功耗。每一项都可在下方修改；修改后的数值保留该 GPU 的名称，并与其一起保存。</translation>
    </message>
    <message>
        <source>an assumption; Hu et al. 2021 (LoRA) try ranks 1 to 64</source>
        <translation>假设值；Hu 等 2021（LoRA）试验了 1 到 64 的秩</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <extracomment>the help&apos;s first line: a field&apos;s name (%1, bold) and what it is (%2)</extracomment>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>.</source>
        <extracomment>ends a sentence built of parts (Chinese: a full-width full stop)</extracomment>
        <translation>。</translation>
    </message>
    <message>
        <source>Rented at $%1 per GPU-hour, the cost section&apos;s price for any GPU.</source>
        <translation>按每 GPU 小时 $%1 租用：成本部分的价格，对任何 GPU 都相同。</translation>
    </message>
    <message>
        <source>Software stack:</source>
        <translation>软件栈：</translation>
    </message>
    <message>
        <source>Change software stack</source>
        <translation>更改软件栈</translation>
    </message>
    <message>
        <source>Generic (GPU work only)</source>
        <translation>通用（仅 GPU 工作）</translation>
    </message>
    <message>
        <source>Megatron-LM (2021–23)</source>
        <translation>Megatron-LM（2021–23）</translation>
    </message>
    <message>
        <source>Megatron-DeepSpeed</source>
        <translation>Megatron-DeepSpeed</translation>
    </message>
    <message>
        <source>LitGPT</source>
        <translation>LitGPT</translation>
    </message>
    <message>
        <source>Hugging Face Trainer (PEFT)</source>
        <translation>Hugging Face Trainer（PEFT）</translation>
    </message>
    <message>
        <source>Megatron-Core (2023 on)</source>
        <translation>Megatron-Core（2023 年起）</translation>
    </message>
    <message>
        <source>DeepSpeed (ZeRO)</source>
        <translation>DeepSpeed（ZeRO）</translation>
    </message>
    <message>
        <source>GPT-NeoX</source>
        <translation>GPT-NeoX</translation>
    </message>
    <message>
        <source>torchtitan</source>
        <translation>torchtitan</translation>
    </message>
    <message>
        <source>llm-foundry (Composer)</source>
        <translation>llm-foundry（Composer）</translation>
    </message>
    <message>
        <source>The first stage also holds the embedding and the most micro-batches, the last the output layer and the loss; every stage waits for the busiest one.
Even: as many layers on every stage; the last also runs the output layer.
Embedding, loss as layers: the first and last stages hold one layer fewer (Megatron-Core&apos;s account_for_embedding/loss_in_pipeline_split).
Balanced: the stack places the layers so that every stage does the same work (DeepSeek-V3&apos;s DualPipe puts the first and the last layers on one GPU); no launcher has a setting for it.</source>
        <translation>第一级还要放嵌入层并驻留最多的微批，最后一级要放输出层和损失；每一级都要等最忙的那一级。
均分：每级层数相同，最后一级还要算输出层。
嵌入层、损失各算一层：第一级和最后一级各少放一层（Megatron-Core 的 account_for_embedding/loss_in_pipeline_split）。
均衡：由训练框架安排各层，使每一级的计算量相同（DeepSeek-V3 的 DualPipe 把最前和最后的层放在同一块 GPU 上）；没有启动器提供这一设置。</translation>
    </message>
    <message>
        <source>The training framework, and what it adds to the GPU&apos;s own work.
Generic: nothing; the efficiency settings say what overlaps. Pick it for any stack not listed.
Megatron-LM (2021–23), Megatron-DeepSpeed: Python launches every GPU kernel, about 50 µs of CPU time each, so a small model waits for its CPU (the host); Megatron&apos;s fast softmax only where it applies; gradients averaged after the backward pass, not during it. Fitted on vTrain&apos;s measured runs (Help → How Accurate Is This?); there Megatron-DeepSpeed&apos;s GPU work also runs 2 % slower (its fitted efficiency, 0.98).
LitGPT, Hugging Face Trainer (PEFT): QLoRA through bitsandbytes, which keeps each 4-bit layer&apos;s input for the backward pass.
Megatron-Core: Megatron&apos;s optimizer (58 bytes moved per parameter each step) and its softmax rule; gradients averaged during the backward pass.
DeepSpeed, GPT-NeoX, torchtitan, llm-foundry: the GPU&apos;s work as Generic; whether gradients are averaged during the backward pass is the overlap setting. Their CPU cost is not measured.
The Megatron stacks multiply Q, K and V as one matrix (and SwiGLU&apos;s gate and up); GPT-NeoX, LitGPT and llm-foundry fuse Q, K and V only; the others keep them apart: fewer, wider multiplications fill the GPU better.</source>
        <translation>训练框架，以及它在 GPU 自身工作之外增加的开销。
通用：不增加；哪些部分相互重叠由效率设置决定。未列出的软件栈请选它。
Megatron-LM（2021–23）、Megatron-DeepSpeed：每个 GPU 内核都由 Python 发射，每个约需 50 µs 的 CPU 时间，因此小模型会等待它的 CPU（主机）；Megatron 的快速 softmax 只在适用时使用；梯度在反向传播之后才求平均，而不是在其间。这些常数在 vTrain 的实测记录上拟合（帮助 → 估算有多准？）；在这些记录上，Megatron-DeepSpeed 的 GPU 工作还要慢 2%（其拟合效率为 0.98）。
LitGPT、Hugging Face Trainer（PEFT）：QLoRA 通过 bitsandbytes 实现，它为反向传播保留每个 4 位层的输入。
Megatron-Core：使用 Megatron 的优化器（每步每个参数搬运 58 字节）和 softmax 规则；梯度在反向传播期间求平均。
DeepSpeed、GPT-NeoX、torchtitan、llm-foundry：GPU 的工作与“通用”相同；梯度是否在反向传播期间求平均由重叠设置决定。它们的 CPU 开销尚未实测。
Megatron 系列把 Q、K、V 合成一次矩阵乘（SwiGLU 的 gate 和 up 也合并）；GPT-NeoX、LitGPT 和 llm-foundry 只合并 Q、K、V；其余框架分开计算：更少、更宽的矩阵乘更能填满 GPU。</translation>
    </message>
    <message>
        <source>Balanced (DeepSeek-V3)</source>
        <translation>均衡（DeepSeek-V3）</translation>
    </message>
    <message>
        <source>BF16 mixed + FP32 master (%1 B/param)</source>
        <extracomment>%1 is the bytes of model states per parameter (16)</extracomment>
        <translation>BF16 混合精度 + FP32 主权重（%1 字节/参数）</translation>
    </message>
    <message>
        <source>BF16 mixed, FP32 gradients (Megatron, %1 B/param)</source>
        <extracomment>%1 is the bytes of model states per parameter (18)</extracomment>
        <translation>BF16 混合精度，FP32 梯度（Megatron，%1 字节/参数）</translation>
    </message>
    <message>
        <source>Achieved fraction of the GPU&apos;s achievable matmul throughput — its best measured GEMM rate (MAMF), 80–87 % of the datasheet peak on NVIDIA GPUs. The default is calibrated on published runs (Help › How Accurate Is This?).</source>
        <translation>训练达到的 GPU 可达矩阵乘法吞吐的比例——可达吞吐即实测最佳 GEMM 速率（MAMF），在 NVIDIA GPU 上为规格峰值的 80–87%。默认值依据公开训练记录校准（帮助 › 估算有多准？）。</translation>
    </message>
    <message>
        <source>calibrated on published runs (Help › How Accurate Is This?)</source>
        <translation>依据公开训练记录校准（帮助 › 估算有多准？）</translation>
    </message>
    <message>
        <source>the mechanism&apos;s count, kept after calibration on published runs</source>
        <translation>该机制的计数，依据公开训练记录校准后保留</translation>
    </message>
    <message>
        <source>an assumption, not fitted to measured runs</source>
        <translation>假设值，未按实测运行拟合</translation>
    </message>
    <message>
        <source>nccl-tests on DGX systems reach about 80 % of NVLink&apos;s nominal bandwidth (NVIDIA nccl-tests)</source>
        <translation>在 DGX 系统上，nccl-tests 可达到 NVLink 标称带宽的约 80%（NVIDIA nccl-tests）</translation>
    </message>
    <message>
        <source>CUDA context and library workspaces on every GPU (default 0.6 GiB).</source>
        <translation>每张 GPU 上的 CUDA 上下文和库工作区（默认 0.6 GiB）。</translation>
    </message>
    <message>
        <source>the gpu_poor memory calculator&apos;s fixed 650 MB CUDA overhead</source>
        <translation>gpu_poor 显存计算器固定的 650 MB CUDA 开销</translation>
    </message>
    <message>
        <source>the okoge-kaz memory estimator&apos;s figure per communicator</source>
        <translation>okoge-kaz 显存估算器给出的每个通信器的数值</translation>
    </message>
    <message>
        <source>an assumption (no public source gives a general figure): calibrate it from a measured run</source>
        <translation>假设值（没有公开来源给出通用数值）：请用实测运行校准</translation>
    </message>
    <message>
        <source>Megatron-LM&apos;s fused cross-entropy</source>
        <translation>Megatron-LM 的融合交叉熵</translation>
    </message>
    <message>
        <source>the default scenario: one 8-GPU node, data parallel with ZeRO-1</source>
        <translation>默认场景：一个 8 卡节点，数据并行，ZeRO-1</translation>
    </message>
    <message>
        <source>the default scenario (File › New)</source>
        <translation>默认场景（文件 › 新建）</translation>
    </message>
    <message>
        <source>; this GPU sustains %1 % of these rates in training (calibrated on published runs)</source>
        <translation>；该 GPU 在训练中可持续达到这些速率的 %1%（依据公开训练记录校准）</translation>
    </message>
    <message>
        <source>%1 GiB, %2 TFLOP/s (BF16 dense), no NVLink: PCIe %3 GB/s, network %4 GB/s per GPU, %5 W</source>
        <translation>%1 GiB，%2 TFLOP/s（BF16 稠密），无 NVLink：PCIe %3 GB/s，每卡网络 %4 GB/s，%5 W</translation>
    </message>
    <message>
        <source>Host memory bandwidth (GB/s):</source>
        <translation>主机内存带宽（GB/s）：</translation>
    </message>
    <message>
        <source>Not applied: type a size between %1 and %2 parameters, as 700M or 7B.</source>
        <translation>未应用：请输入 %1 到 %2 之间的参数量，例如 700M 或 7B。</translation>
    </message>
</context>
<context>
    <name>ui::LaunchExport</name>
    <message>
        <source>Megatron-LM arguments</source>
        <translation>Megatron-LM 启动参数</translation>
    </message>
    <message>
        <source>torchtitan job file (TOML)</source>
        <translation>torchtitan 任务配置文件（TOML）</translation>
    </message>
    <message>
        <source>DeepSpeed config (JSON)</source>
        <translation>DeepSpeed 配置文件（JSON）</translation>
    </message>
    <message>
        <source>%1 exists and was not replaced.</source>
        <translation>%1 已存在，未被替换。</translation>
    </message>
</context>
<context>
    <name>ui::LossScaleChart</name>
    <message>
        <source>Scaled gradients against each format&apos;s range</source>
        <translation>缩放后的梯度与各数值格式的表示范围</translation>
    </message>
    <message>
        <source>log10 of |gradient| × loss scale</source>
        <translation>log10（|梯度| × 损失缩放系数）</translation>
    </message>
    <message>
        <source>Gradients × S</source>
        <translation>梯度 × S</translation>
    </message>
</context>
<context>
    <name>ui::LossScaleLab</name>
    <message>
        <source>Per tensor, delayed</source>
        <translation>按张量（延迟缩放）</translation>
    </message>
    <message>
        <source>1 × 128 blocks</source>
        <translation>1 × 128 分块</translation>
    </message>
    <message>
        <source>MX, 32-value blocks</source>
        <translation>MX，32 个值一块</translation>
    </message>
    <message>
        <source>Dynamic loss scaler (PyTorch GradScaler&apos;s rule: start 2^16, halve on overflow, double after %1 clean steps), %2 steps with %3 gradient values each. Steps skipped: %4; final scale %5, at which %6 of the gradients are flushed to zero.</source>
        <translation>动态损失缩放（PyTorch GradScaler 的规则：初值 2^16，溢出时减半，连续 %1 步无溢出后加倍），模拟 %2 步、每步 %3 个梯度值。跳过的步数：%4；最终缩放系数 %5，此时有 %6 的梯度被清零。</translation>
    </message>
    <message>
        <source>Median |gradient|:</source>
        <translation>|梯度| 中位数：</translation>
    </message>
    <message>
        <source>Spread (decades):</source>
        <translation>离散度（数量级）：</translation>
    </message>
    <message>
        <source>Loss scale:</source>
        <translation>损失缩放系数：</translation>
    </message>
    <message>
        <source>The median magnitude of the gradients, as a power of ten</source>
        <translation>梯度幅值的中位数，以十的幂表示</translation>
    </message>
    <message>
        <source>The standard deviation of log10 |gradient|: gradients are modelled as log-normal</source>
        <translation>log10 |梯度| 的标准差：梯度按对数正态分布建模</translation>
    </message>
    <message>
        <source>The loss is multiplied by S before the backward pass, and the gradients divided by S before the optimizer step</source>
        <translation>反向传播前把损失乘以 S，优化器更新前再把梯度除以 S</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>Flushed to zero</source>
        <translation>被清零</translation>
    </message>
    <message>
        <source>Subnormal (fewer bits)</source>
        <translation>次正规数（有效位更少）</translation>
    </message>
    <message>
        <source>Overflow</source>
        <translation>溢出</translation>
    </message>
    <message>
        <source>Centring scale</source>
        <translation>居中缩放系数</translation>
    </message>
    <message>
        <source>fp8 scaling</source>
        <translation>fp8 缩放方式</translation>
    </message>
    <message>
        <source>Relative RMS error</source>
        <translation>相对均方根误差</translation>
    </message>
    <message>
        <source>Zero</source>
        <extracomment>column: the share of values that become zero in the format</extracomment>
        <translation>变为零</translation>
    </message>
    <message>
        <source>&lt;b&gt;Why loss scaling?&lt;/b&gt; fp16 keeps 5 exponent bits: nothing below 2&lt;sup&gt;-24&lt;/sup&gt; survives, and gradients are often smaller. Multiplying the loss by S shifts every gradient up by S, into the range; too large an S overflows past 65,504 and the step is skipped. bf16 has fp32&apos;s 8 exponent bits and needs no scaling; fp8&apos;s range is narrower still, which is why it is scaled per tensor or per block (Micikevicius et al. 2018; DeepSeek-V3 §3.3).</source>
        <translation>&lt;b&gt;为什么需要损失缩放？&lt;/b&gt;fp16 只有 5 位指数：小于 2&lt;sup&gt;-24&lt;/sup&gt; 的数无法保留，而梯度常常比这还小。把损失乘以 S，所有梯度随之放大 S 倍，进入可表示范围；S 过大则超过 65,504 而溢出，该步被跳过。bf16 与 fp32 一样有 8 位指数，无需缩放；fp8 的范围更窄，因此要按张量或按分块缩放（Micikevicius 等，2018；DeepSeek-V3 §3.3）。</translation>
    </message>
</context>
<context>
    <name>ui::MainView</name>
    <message>
        <source>Memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>单步时间</translation>
    </message>
    <message>
        <source>Pipeline and placement</source>
        <translation>流水线与布局</translation>
    </message>
    <message>
        <source>Scaling</source>
        <translation>扩展性</translation>
    </message>
    <message>
        <source>Reliability</source>
        <translation>可靠性</translation>
    </message>
    <message>
        <source>Planner</source>
        <translation>并行规划</translation>
    </message>
    <message>
        <source>Number formats</source>
        <translation>数值格式</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>场景对比</translation>
    </message>
    <message>
        <source>Decision guide</source>
        <translation>决策指南</translation>
    </message>
    <message>
        <source>What if</source>
        <translation>假设分析</translation>
    </message>
    <message>
        <source>Sensitivity</source>
        <translation>敏感性</translation>
    </message>
    <message>
        <source>Charts</source>
        <translation>图表</translation>
    </message>
    <message>
        <source>Comparison</source>
        <translation>场景对比</translation>
    </message>
    <message>
        <source>Memory per pipeline stage</source>
        <translation>各流水线阶段的显存</translation>
    </message>
    <message>
        <source>Communication per step</source>
        <translation>每步通信</translation>
    </message>
    <message>
        <source>No communication: a single GPU.</source>
        <translation>无通信：只有一张 GPU。</translation>
    </message>
    <message>
        <source>How each figure was computed</source>
        <translation>各项数字的计算方法</translation>
    </message>
    <message>
        <source>Assumptions in force</source>
        <translation>当前采用的假设</translation>
    </message>
    <message>
        <source>Compute efficiency %1, bus bandwidth efficiency %2, DP/CP overlap %3, latency %4 µs per call; CUDA context %5 GiB, allocator fragmentation %6, NCCL buffers %7 GiB per group; GPU MTBF %8 h, restart %9 min.</source>
        <translation>计算效率 %1，总线带宽效率 %2，DP/CP 通信重叠 %3，每次调用延迟 %4 µs；CUDA 上下文 %5 GiB，分配器碎片 %6，每个通信组 NCCL 缓冲区 %7 GiB；单卡平均故障间隔 %8 小时，重启 %9 分钟。</translation>
    </message>
    <message>
        <source>Loss bytes per logit %1.</source>
        <translation>损失处每个 logit 占 %1 字节。</translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation>场景</translation>
    </message>
    <message>
        <source>Rank placement</source>
        <translation>进程布局</translation>
    </message>
</context>
<context>
    <name>ui::MainWindow</name>
    <message>
        <source>About TrainPlanner</source>
        <translation>关于 TrainPlanner</translation>
    </message>
    <message>
        <source>&lt;h3&gt;TrainPlanner %1&lt;/h3&gt;&lt;p&gt;Plans the resources of training large language models: memory per GPU, parallelism, communication, time and cost.&lt;/p&gt;&lt;p&gt;Qt %2 (built with %3).&lt;/p&gt;</source>
        <translation>&lt;h3&gt;TrainPlanner %1&lt;/h3&gt;&lt;p&gt;规划大语言模型训练所需的资源：每卡显存、并行策略、通信、时间与成本。&lt;/p&gt;&lt;p&gt;Qt %2（构建于 %3）。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>%1[*] — TrainPlanner</source>
        <translation>%1[*] — TrainPlanner</translation>
    </message>
    <message>
        <source>Estimate copied as JSON</source>
        <translation>已将估算结果复制为 JSON</translation>
    </message>
    <message>
        <source>&amp;New</source>
        <translation>新建(&amp;N)</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>Memory &amp;units</source>
        <translation>显存单位(&amp;U)</translation>
    </message>
    <message>
        <source>GiB (2^30 bytes)</source>
        <translation>GiB（2^30 字节）</translation>
    </message>
    <message>
        <source>GB (10^9 bytes)</source>
        <translation>GB（10^9 字节）</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>System</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>工具(&amp;T)</translation>
    </message>
    <message>
        <source>Copy estimate as &amp;JSON</source>
        <translation>将估算结果复制为 &amp;JSON</translation>
    </message>
    <message>
        <source>Open E&amp;xample</source>
        <translation>打开示例(&amp;X)</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
    <message>
        <source>&amp;Export Charts, Tables and Report…</source>
        <translation>导出图表、表格和报告(&amp;E)…</translation>
    </message>
    <message>
        <source>Exported %1 files to %2</source>
        <translation>已导出 %1 个文件到 %2</translation>
    </message>
    <message>
        <source>&amp;Present Full Screen</source>
        <translation>全屏演示(&amp;P)</translation>
    </message>
    <message>
        <source>How Accurate Is This?</source>
        <translation>估算有多准？</translation>
    </message>
    <message>
        <source>How &amp;Accurate Is This?</source>
        <translation>估算有多准？(&amp;A)</translation>
    </message>
    <message>
        <source>Import a Hugging Face config.json</source>
        <translation>导入 Hugging Face config.json</translation>
    </message>
    <message>
        <source>Model configuration (config.json *.json)</source>
        <translation>模型配置 (config.json *.json)</translation>
    </message>
    <message>
        <source>&amp;Import Hugging Face config.json…</source>
        <translation>导入 Hugging Face config.json(&amp;I)…</translation>
    </message>
    <message>
        <source>&amp;Calibrate to a Measured Run…</source>
        <translation>按实测结果校准(&amp;C)…</translation>
    </message>
    <message>
        <source>Export &amp;Launch Settings</source>
        <translation>导出启动配置(&amp;L)</translation>
    </message>
    <message>
        <source>Compare with a training log</source>
        <translation>与训练日志对比</translation>
    </message>
    <message>
        <source>Training logs (*.log *.txt *.out);;All files (*)</source>
        <translation>训练日志 (*.log *.txt *.out);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Compare With &amp;Training Log…</source>
        <translation>与训练日志对比(&amp;T)…</translation>
    </message>
    <message>
        <source>A&amp;bout TrainPlanner</source>
        <translation>关于 TrainPlanner(&amp;B)</translation>
    </message>
    <message>
        <source>&amp;What&apos;s This?</source>
        <translation>这是什么(&amp;W)？</translation>
    </message>
    <message>
        <source>Export done</source>
        <translation>导出完成</translation>
    </message>
    <message>
        <source>Exported %1 files to %2.</source>
        <translation>已导出 %1 个文件到 %2。</translation>
    </message>
    <message>
        <source>&amp;Open Folder</source>
        <translation>打开文件夹(&amp;O)</translation>
    </message>
    <message>
        <source>Show &amp;Ranges in the Banner (each assumption ±%1 %)</source>
        <extracomment>%1 is the percentage each assumption moves by (20)</extracomment>
        <translation>在结论栏显示区间（各项假设 ±%1%）(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Getting Started</source>
        <translation>入门(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;Manual (Installed Documentation)</source>
        <translation>使用手册（已安装的文档）(&amp;M)</translation>
    </message>
    <message>
        <source>Undo the last change</source>
        <translation>撤销上一次修改</translation>
    </message>
    <message>
        <source>Redo the change undone last</source>
        <translation>重做上一次撤销的修改</translation>
    </message>
    <message>
        <source>Next result tab</source>
        <translation>下一个结果标签页</translation>
    </message>
    <message>
        <source>Previous result tab</source>
        <translation>上一个结果标签页</translation>
    </message>
    <message>
        <source>Result tab: %1</source>
        <extracomment>%1 is the tab&apos;s title (&quot;Memory&quot;)</extracomment>
        <translation>结果标签页：%1</translation>
    </message>
</context>
<context>
    <name>ui::MemoryChart</name>
    <message>
        <source>Each GPU</source>
        <translation>每张 GPU</translation>
    </message>
    <message>
        <source>Stage %1</source>
        <extracomment>a pipeline-parallel stage (a group of layers), numbered from 0</extracomment>
        <translation>阶段 %1</translation>
    </message>
    <message>
        <source>Memory per GPU — fits</source>
        <translation>每卡显存——放得下</translation>
    </message>
    <message>
        <source>Memory per GPU — does not fit</source>
        <translation>每卡显存——放不下</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>Master weights (FP32)</source>
        <translation>主权重（FP32）</translation>
    </message>
    <message>
        <source>Optimizer states</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>Activations</source>
        <translation>激活值</translation>
    </message>
    <message>
        <source>Buffers</source>
        <translation>缓冲区</translation>
    </message>
    <message>
        <source>GPU capacity</source>
        <translation>GPU 显存容量</translation>
    </message>
    <message>
        <source>Memory per GPU (%1)</source>
        <translation>每卡显存（%1）</translation>
    </message>
    <message>
        <source>%1: %2 of %3 on this GPU</source>
        <translation>%1：本卡 %3 中占 %2</translation>
    </message>
    <message>
        <source>Overhead</source>
        <translation>其他开销</translation>
    </message>
    <message>
        <source>Pipeline stage</source>
        <extracomment>axis title when the bars are pipeline stages numbered from 0</extracomment>
        <translation>流水线阶段</translation>
    </message>
</context>
<context>
    <name>ui::MemoryStepChart</name>
    <message>
        <source>Stage %1</source>
        <translation>阶段 %1</translation>
    </message>
    <message>
        <source>GPU capacity</source>
        <translation>GPU 显存容量</translation>
    </message>
    <message>
        <source>Time in the step (s)</source>
        <translation>步内时间（秒）</translation>
    </message>
    <message>
        <source>Peak</source>
        <translation>峰值</translation>
    </message>
    <message>
        <source>Memory over one step — the step is too long to draw</source>
        <translation>一步内的显存变化——这一步太长，无法绘制</translation>
    </message>
    <message>
        <source>Memory over one step, per pipeline stage — peak %1 at %2 s on stage %3</source>
        <translation>一步内各流水线阶段的显存——阶段 %3 在 %2 秒达到峰值 %1</translation>
    </message>
</context>
<context>
    <name>ui::MemoryTableModel</name>
    <message>
        <source>Stage</source>
        <extracomment>a pipeline-parallel stage (a group of layers)</extracomment>
        <translation>阶段</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <source>Micro-batches in flight</source>
        <translation>同时在途的微批</translation>
    </message>
    <message>
        <source>Weights (%1)</source>
        <translation>权重（%1）</translation>
    </message>
    <message>
        <source>Gradients (%1)</source>
        <translation>梯度（%1）</translation>
    </message>
    <message>
        <source>Master (%1)</source>
        <translation>主权重（%1）</translation>
    </message>
    <message>
        <source>Optimizer (%1)</source>
        <translation>优化器状态（%1）</translation>
    </message>
    <message>
        <source>Activations (%1)</source>
        <translation>激活值（%1）</translation>
    </message>
    <message>
        <source>Buffers (%1)</source>
        <translation>缓冲区（%1）</translation>
    </message>
    <message>
        <source>Overhead (%1)</source>
        <translation>其他开销（%1）</translation>
    </message>
    <message>
        <source>Total (%1)</source>
        <translation>合计（%1）</translation>
    </message>
    <message>
        <source>Weights, gradients, master weights and optimizer states together: the model states that ZeRO shards over the data-parallel GPUs (Rajbhandari et al. 2020)</source>
        <translation>权重、梯度、主权重与优化器状态之和：即 ZeRO 在数据并行各 GPU 间切分的模型状态（Rajbhandari 等，2020）</translation>
    </message>
    <message>
        <source>Model states (%1)</source>
        <extracomment>weights + gradients + master weights + optimizer states (ZeRO&apos;s &quot;model states&quot;)</extracomment>
        <translation>模型状态（%1）</translation>
    </message>
</context>
<context>
    <name>ui::PlacementView</name>
    <message>
        <source>inside one node (NVLink)</source>
        <translation>在一个节点内（NVLink）</translation>
    </message>
    <message>
        <source>across %1 nodes (network)</source>
        <translation>跨 %1 个节点（网络）</translation>
    </message>
    <message>
        <source>%1 groups of %2 GPUs: %3 — %4 s per step, %5 s exposed (%6 % of the step)</source>
        <translation>%1 组，每组 %2 块 GPU：%3——每步 %4 秒，未被掩盖 %5 秒（占每步 %6%）</translation>
    </message>
    <message>
        <source>One GPU per replica and no model parallelism: no collectives inside a replica.</source>
        <translation>每个副本一块 GPU、没有模型并行：副本内没有集合通信。</translation>
    </message>
    <message>
        <source>Rank placement: %1 GPUs on %2 nodes of %3</source>
        <translation>进程布局：%1 块 GPU，分布在 %2 个节点上（每节点 %3 块）</translation>
    </message>
    <message>
        <source>(first %1 nodes shown)</source>
        <translation>（显示前 %1 个节点）</translation>
    </message>
    <message>
        <source>Node %1</source>
        <translation>节点 %1</translation>
    </message>
    <message>
        <source>Rank placement: %1 GPUs on one node of %2</source>
        <translation>进程布局：%1 张 GPU，位于一个 %2 卡节点上</translation>
    </message>
    <message>
        <source>inside one node (PCIe)</source>
        <translation>在一个节点内（PCIe）</translation>
    </message>
</context>
<context>
    <name>ui::PlanConstraintsBar</name>
    <message>
        <source>Any</source>
        <translation>任意</translation>
    </message>
    <message>
        <source>Only the current: %1</source>
        <translation>仅当前值：%1</translation>
    </message>
    <message>
        <source>micro-batch</source>
        <translation>微批次</translation>
    </message>
    <message>
        <source>virtual stages</source>
        <translation>虚拟阶段</translation>
    </message>
    <message>
        <source>sequence parallel</source>
        <translation>序列并行</translation>
    </message>
    <message>
        <source>recompute</source>
        <translation>重计算</translation>
    </message>
    <message>
        <source>on</source>
        <extracomment>a switch setting&apos;s value in a planner constraint (sequence parallelism on or off)</extracomment>
        <translation>开</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <extracomment>a planner constraint: a setting&apos;s name (%1) and the values it may take (%2), or &quot;any&quot;</extracomment>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>any</source>
        <translation>任意</translation>
    </message>
    <message>
        <source>The search tries every value of %1</source>
        <translation>搜索会尝试 %1 的所有取值</translation>
    </message>
    <message>
        <source>The search keeps %1 at %2</source>
        <translation>搜索将 %1 限定为 %2</translation>
    </message>
    <message>
        <source>Keep:</source>
        <translation>保持：</translation>
    </message>
    <message>
        <source>Limit the settings the search may change; the rest it chooses</source>
        <translation>限定搜索可以改变的设置；其余设置由搜索自行选择</translation>
    </message>
</context>
<context>
    <name>ui::PlanScatterChart</name>
    <message>
        <source>Plans that fit</source>
        <translation>放得下的方案</translation>
    </message>
    <message>
        <source>Pareto front</source>
        <translation>帕累托前沿</translation>
    </message>
    <message>
        <source>Best plan</source>
        <translation>最佳方案</translation>
    </message>
    <message>
        <source>Training time (days, log scale)</source>
        <translation>训练时长（天，对数刻度）</translation>
    </message>
    <message>
        <source>Every plan that fits: memory against time</source>
        <translation>所有放得下的方案：显存与时间</translation>
    </message>
    <message>
        <source>Memory per GPU (%1)</source>
        <translation>每卡显存（%1）</translation>
    </message>
    <message>
        <source>Every plan that fits on %1 GPUs: memory against time</source>
        <translation>在 %1 张 GPU 上所有放得下的方案：显存与时间</translation>
    </message>
    <message>
        <source>No plan fits on %1 GPUs</source>
        <translation>在 %1 张 GPU 上没有放得下的方案</translation>
    </message>
    <message>
        <source>Search to plot every plan that fits: memory against time</source>
        <translation>点击“搜索”后，这里画出每个放得下的方案：显存与训练时长</translation>
    </message>
</context>
<context>
    <name>ui::PlanTableModel</name>
    <message>
        <source>on</source>
        <extracomment>a plan table cell: sequence parallelism is switched on</extracomment>
        <translation>开</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>SP</source>
        <translation>SP</translation>
    </message>
    <message>
        <source>Recompute</source>
        <translation>重计算</translation>
    </message>
    <message>
        <source>v</source>
        <translation>v</translation>
    </message>
    <message>
        <source>Micro-batch</source>
        <translation>微批</translation>
    </message>
    <message>
        <source>Memory / GPU</source>
        <translation>每卡显存</translation>
    </message>
    <message>
        <source>Step (s)</source>
        <translation>每步（秒）</translation>
    </message>
    <message>
        <source>MFU (%)</source>
        <translation>MFU (%)</translation>
    </message>
    <message>
        <source>Comm. (%)</source>
        <translation>通信 (%)</translation>
    </message>
    <message>
        <source>Days</source>
        <translation>天数</translation>
    </message>
    <message>
        <source>Cost (USD)</source>
        <translation>成本（美元）</translation>
    </message>
    <message>
        <source>≈ best</source>
        <translation>≈ 最优</translation>
    </message>
    <message>
        <source>Within the best plan&apos;s range: measured runs like these do not tell the two apart (Help › How Accurate Is This?).</source>
        <translation>在最优方案的误差区间内：按同类实测记录，两者无法区分优劣（帮助 › 估算有多准？）。</translation>
    </message>
    <message>
        <source>%1 · ZeRO-%2 · micro-batch %3 · recompute %4</source>
        <extracomment>a plan&apos;s layout in its row&apos;s tooltip: degrees · ZeRO · micro-batch · recomputation</extracomment>
        <translation>%1 · ZeRO-%2 · 微批大小 %3 · 重计算：%4</translation>
    </message>
    <message>
        <source> · %1 virtual stages</source>
        <translation> · %1 个虚拟流水线阶段</translation>
    </message>
    <message>
        <source> · sequence parallel</source>
        <translation> · 序列并行</translation>
    </message>
</context>
<context>
    <name>ui::PlannerPage</name>
    <message>
        <source>Searching…</source>
        <translation>正在搜索…</translation>
    </message>
    <message>
        <source>Cancelled. </source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>%1 configurations evaluated, %2 fit. Rejected: %3.</source>
        <translation>共评估 %1 种配置，%2 种放得下。排除：%3。</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>No configuration fits: add GPUs, shorten the sequence or offload.</source>
        <translation>没有放得下的配置：请增加 GPU、缩短序列或启用卸载。</translation>
    </message>
    <message>
        <source>TP %1 keeps tensor-parallel traffic on NVLink</source>
        <translation>TP %1 让张量并行通信留在 NVLink 上</translation>
    </message>
    <message>
        <source>TP %1 sends tensor-parallel traffic over the network</source>
        <translation>TP %1 的张量并行通信需要走网络</translation>
    </message>
    <message>
        <source>PP %1 splits the layers; bubble %2 % of compute</source>
        <translation>PP %1 切分各层；流水线气泡占计算的 %2%</translation>
    </message>
    <message>
        <source>ZeRO-%1 shards model states over %2 GPUs</source>
        <translation>ZeRO-%1 把模型状态分片到 %2 张 GPU</translation>
    </message>
    <message>
        <source>recomputation costs %1 % more FLOPs to save memory</source>
        <translation>激活重计算多花 %1% 的计算量来节省显存</translation>
    </message>
    <message>
        <source>%1 of %2 per GPU</source>
        <translation>每卡 %2 中使用 %1</translation>
    </message>
    <message>
        <source>communication %1 % of the step</source>
        <translation>通信占每步 %1%</translation>
    </message>
    <message>
        <source>Why the best plan wins: %1.</source>
        <extracomment>separates the reasons in &quot;Why the best plan wins: …&quot; (Chinese: full-width semicolon)</extracomment>
        <translation>最佳方案胜出的原因：%1。</translation>
    </message>
    <message>
        <source>Apply plan %1</source>
        <translation>应用方案 %1</translation>
    </message>
    <message>
        <source>GPUs:</source>
        <translation>GPU 数：</translation>
    </message>
    <message>
        <source>Rank by:</source>
        <translation>排序依据：</translation>
    </message>
    <message>
        <source>Training time</source>
        <translation>训练时长</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>成本</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>搜索</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Apply the selected plan</source>
        <translation>应用所选方案</translation>
    </message>
    <message numerus="yes">
        <source>%n of the plans shown (≈) are within its range: measured runs like these (%1) do not tell them apart.</source>
        <translation>
            <numerusform>所示方案中有 %n 个（≈）处在它的区间内：类似的实测运行（%1）分不出它们的高下。</numerusform>
        </translation>
    </message>
    <message>
        <source>The scenario has changed since this search: search again to apply a plan.</source>
        <translation>本次搜索之后场景已经改动：请重新搜索后再应用方案。</translation>
    </message>
    <message>
        <source>Copied the %1 for plan %2 to the clipboard.</source>
        <translation>已将方案 %2 的%1复制到剪贴板。</translation>
    </message>
    <message>
        <source>Not copied: %1</source>
        <translation>未复制：%1</translation>
    </message>
    <message>
        <source>Copy launch settings</source>
        <translation>复制启动配置</translation>
    </message>
    <message>
        <source>The selected plan as Megatron-LM arguments, a torchtitan job file or a DeepSpeed config, with what the run&apos;s log should show</source>
        <translation>把选中的方案写成 Megatron-LM 启动参数、torchtitan 任务配置或 DeepSpeed 配置，并附上训练日志中应看到的数值</translation>
    </message>
    <message>
        <source>Layouts on these GPUs</source>
        <translation>在这些 GPU 上的布局</translation>
    </message>
    <message>
        <source>GPU types and prices</source>
        <translation>GPU 型号与价格</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <comment>a count of rejected configurations and why</comment>
        <translation>%1 种%2</translation>
    </message>
    <message>
        <source>%1 more left out by what you keep.</source>
        <translation>另有 %1 种因你保持的设置而被排除。</translation>
    </message>
    <message>
        <source>%1 %2 → %3</source>
        <extracomment>a setting the plan changes: its name (%1), the current value (%2) and the plan&apos;s (%3)</extracomment>
        <translation>%1 %2 → %3</translation>
    </message>
    <message>
        <source>It is the current scenario&apos;s layout.</source>
        <translation>它就是当前场景的布局。</translation>
    </message>
    <message>
        <source>It changes %1.</source>
        <translation>它改变了：%1。</translation>
    </message>
    <message>
        <source>; </source>
        <translation>；</translation>
    </message>
    <message>
        <source>Memory headroom (within %1 % of the fastest)</source>
        <translation>显存余量（时长比最快方案多不超过 %1%）</translation>
    </message>
    <message>
        <source>Keep &amp;free:</source>
        <extracomment>the share of each GPU&apos;s memory a plan must leave free</extracomment>
        <translation>预留空闲(&amp;F)：</translation>
    </message>
    <message>
        <source> %</source>
        <translation> %</translation>
    </message>
    <message>
        <source>Only plans that leave this share of each GPU&apos;s memory free count as fitting: a margin for fragmentation, a longer sequence or a library&apos;s workspace that the estimate does not see. %1 % by default; 0 ranks plans that fill the memory.</source>
        <translation>只有在每张 GPU 上至少留出这一比例空闲显存的方案才算放得下：为碎片、更长的序列或估算看不到的库工作区留出余量。默认 %1%；设为 0 则也会排出占满显存的方案。</translation>
    </message>
    <message>
        <source>TP %1 keeps tensor-parallel traffic inside the node, over PCIe</source>
        <translation>TP %1 让张量并行通信留在节点内，经由 PCIe</translation>
    </message>
</context>
<context>
    <name>ui::PrecisionChart</name>
    <message>
        <source>%1 with Kahan compensation</source>
        <translation>%1（Kahan 补偿求和）</translation>
    </message>
    <message>
        <source>%1 truncated (the article&apos;s snippet)</source>
        <translation>%1 截断（原文示例代码）</translation>
    </message>
    <message>
        <source>%1 stochastic rounding</source>
        <translation>%1 随机舍入</translation>
    </message>
    <message>
        <source>%1 round to nearest</source>
        <translation>%1 就近舍入</translation>
    </message>
    <message>
        <source>Updates</source>
        <translation>更新次数</translation>
    </message>
    <message>
        <source>Weight w</source>
        <translation>权重 w</translation>
    </message>
    <message>
        <source>w ← round(w + u): which formats keep small updates</source>
        <translation>w ← round(w + u)：哪些格式能保留微小更新</translation>
    </message>
    <message>
        <source>%1 (shares its line)</source>
        <translation>%1（与其他格式重合）</translation>
    </message>
</context>
<context>
    <name>ui::PrecisionLab</name>
    <message>
        <source>Start w:</source>
        <translation>初始 w：</translation>
    </message>
    <message>
        <source>Update u:</source>
        <translation>每次更新 u：</translation>
    </message>
    <message>
        <source>Steps:</source>
        <translation>步数：</translation>
    </message>
    <message>
        <source>Format and rounding</source>
        <translation>格式与舍入方式</translation>
    </message>
    <message>
        <source>Final w</source>
        <translation>最终 w</translation>
    </message>
    <message>
        <source>Error vs exact</source>
        <translation>相对精确值的误差</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>Exponent / fraction bits</source>
        <translation>指数位 / 尾数位</translation>
    </message>
    <message>
        <source>Largest</source>
        <translation>最大值</translation>
    </message>
    <message>
        <source>Smallest normal</source>
        <translation>最小规格化数</translation>
    </message>
    <message>
        <source>Spacing at 1</source>
        <translation>1 附近的间隔</translation>
    </message>
    <message>
        <source>Smallest kept u/w</source>
        <translation>能保留的最小 u/w</translation>
    </message>
    <message>
        <source>&lt;b&gt;Why fp32 master weights?&lt;/b&gt; Near 1.0, bf16 numbers are 2&lt;sup&gt;-7&lt;/sup&gt; = 0.0078 apart, so an update smaller than half of that (0.0039) rounds away and the weight never moves. Mixed precision applies each update to an fp32 copy (spacing 1.2·10&lt;sup&gt;-7&lt;/sup&gt;), which keeps it, and re-rounds the bf16 working weights from that copy. Stochastic rounding and Kahan compensation are the alternatives when no fp32 copy fits.</source>
        <translation>&lt;b&gt;为什么需要 FP32 主权重？&lt;/b&gt;在 1.0 附近，相邻的 bf16 数相差 2&lt;sup&gt;-7&lt;/sup&gt; = 0.0078，小于其一半（0.0039）的更新会被舍入掉，权重永远不动。混合精度把每次更新加到一份 FP32 副本上（间隔 1.2·10&lt;sup&gt;-7&lt;/sup&gt;），更新得以保留，再由这份副本重新舍入出 bf16 工作权重。放不下 FP32 副本时，可以改用随机舍入或 Kahan 补偿求和。</translation>
    </message>
    <message>
        <source>undefined (NaN)</source>
        <translation>未定义（NaN）</translation>
    </message>
    <message>
        <source>overflow (+∞)</source>
        <translation>溢出（+∞）</translation>
    </message>
    <message>
        <source>overflow (−∞)</source>
        <translation>溢出（−∞）</translation>
    </message>
    <message>
        <source>none</source>
        <extracomment>no error: the result is exact</extracomment>
        <translation>无</translation>
    </message>
    <message>
        <source>unbounded</source>
        <translation>无界</translation>
    </message>
    <message>
        <source>Rounding and master weights</source>
        <translation>舍入与主权重</translation>
    </message>
    <message>
        <source>Loss scaling</source>
        <translation>损失缩放</translation>
    </message>
</context>
<context>
    <name>ui::PresentationView</name>
    <message>
        <source>Presentation — %1</source>
        <translation>演示 — %1</translation>
    </message>
    <message>
        <source>%1 / %2 — arrow keys to move, Esc to leave</source>
        <translation>%1 / %2 — 方向键翻页，Esc 退出</translation>
    </message>
</context>
<context>
    <name>ui::ProblemText</name>
    <message>
        <source>Attention heads (%1) are not divisible by TP (%2).</source>
        <translation>注意力头数（%1）不能被张量并行 TP（%2）整除。</translation>
    </message>
    <message>
        <source>KV heads (%1) and TP (%2) do not divide one another.</source>
        <translation>KV 头数（%1）与张量并行 TP（%2）互不整除。</translation>
    </message>
    <message>
        <source>Layers (%1) are not divisible by PP × virtual stages (%2 × %3); stages get unequal layer counts.</source>
        <translation>层数（%1）不能被 PP × 虚拟阶段数（%2 × %3）整除；各流水线阶段的层数不相等。</translation>
    </message>
    <message>
        <source>Global batch (%1) is not divisible by DP × micro-batch (%2 × %3).</source>
        <translation>全局批大小（%1）不能被 DP × 微批大小（%2 × %3）整除。</translation>
    </message>
    <message>
        <source>Experts (%1) are not divisible by EP (%2).</source>
        <translation>专家数（%1）不能被专家并行 EP（%2）整除。</translation>
    </message>
    <message>
        <source>Sequence length (%1) is not divisible by 2 × CP (CP = %2).</source>
        <translation>序列长度（%1）不能被 2 × CP 整除（CP = %2）。</translation>
    </message>
    <message>
        <source>EP is %1 but the model has no experts.</source>
        <translation>EP 为 %1，但模型没有专家。</translation>
    </message>
    <message>
        <source>Master weights have the same format as the weights: the extra copy adds memory and no precision.</source>
        <translation>主权重与权重格式相同：多出的副本只占显存，不提高精度。</translation>
    </message>
    <message>
        <source>Context parallelism is modelled as ring attention with flash attention.</source>
        <translation>上下文并行按环形注意力（配合 Flash Attention）建模。</translation>
    </message>
    <message>
        <source>The GPU&apos;s datasheet gives no peak for the compute format; the nearest format&apos;s peak is used.</source>
        <translation>该 GPU 的数据手册没有给出此计算精度的峰值；使用最接近精度的峰值。</translation>
    </message>
    <message>
        <source>The GPU gives no memory bandwidth; the optimizer step and memory-bound kernels assume %1 TB/s.</source>
        <translation>该 GPU 未给出显存带宽；优化器更新和访存受限的算子按 %1 TB/s 估算。</translation>
    </message>
    <message>
        <source>ZeRO stage %1 with pipeline parallelism (PP = %2): DeepSpeed refuses stages 2 and 3 with pipelines and Megatron-LM shards only the optimizer (stage 1); only FSDP-based frameworks such as torchtitan combine them.</source>
        <translation>ZeRO 阶段 %1 与流水线并行（PP = %2）同时使用：DeepSpeed 不允许流水线与阶段 2、3 组合，Megatron-LM 只切分优化器状态（阶段 1）；只有基于 FSDP 的框架（如 torchtitan）支持这种组合。</translation>
    </message>
    <message>
        <source>The token budget (%1) is less than one step&apos;s tokens (%2): the run is counted as one step.</source>
        <translation>token 预算（%1）少于一个训练步的 token 数（%2）：按一个训练步计算。</translation>
    </message>
    <message>
        <source>The GPU catalog has no measured rate for this attention kernel on this GPU: attention is priced at %1 × its matmul rate.</source>
        <translation>GPU 目录中没有该注意力内核在此 GPU 上的实测速率：注意力按其矩阵乘速率的 %1 倍估算。</translation>
    </message>
    <message>
        <source>Gradients are summed over %1 micro-batches in a format of %2 significant bits: once the sum has grown, small contributions round away. Megatron-LM and DeepSpeed accumulate in FP32 (2 more bytes per parameter).</source>
        <translation>梯度在只有 %2 位有效位的格式中累加 %1 个微批：累加和变大之后，较小的贡献会被舍入掉。Megatron-LM 和 DeepSpeed 用 FP32 累加（每个参数多 2 字节）。</translation>
    </message>
    <message>
        <source>Writing a checkpoint and restarting take longer than the cluster&apos;s mean time between failures (%1 h): the run never finishes. Write checkpoints faster, restart faster or use fewer GPUs.</source>
        <translation>写一次检查点加上重启所需的时间，超过了集群的平均故障间隔（%1 小时）：训练永远跑不完。请加快检查点写入、缩短重启时间，或减少 GPU 数量。</translation>
    </message>
    <message>
        <source>TP × PP × DP × CP = %1 GPUs; at most %2 are supported.</source>
        <translation>TP × PP × DP × CP = %1 张 GPU；最多支持 %2 张。</translation>
    </message>
    <message>
        <source>EP (%1) must divide DP × CP (%2): expert parallelism is carved out of the data-parallel ranks.</source>
        <translation>EP（%1）必须整除 DP × CP（%2）：专家并行从数据并行的进程中划分。</translation>
    </message>
    <message>
        <source>Virtual stages (%1) need the interleaved schedule.</source>
        <translation>虚拟阶段数（%1）需要交错调度。</translation>
    </message>
    <message>
        <source>The interleaved schedule needs PP of at least 2.</source>
        <translation>交错调度要求 PP 至少为 2。</translation>
    </message>
    <message>
        <source>Sequence parallelism needs TP of at least 2.</source>
        <translation>序列并行要求 TP 至少为 2。</translation>
    </message>
    <message>
        <source>Counting the embedding and the loss as pipeline layers needs PP of at least 2.</source>
        <translation>把嵌入层和损失计为流水线层要求 PP 至少为 2。</translation>
    </message>
    <message>
        <source>What TP keeps for the backward pass applies to sequence parallelism only, which is off.</source>
        <translation>张量并行为反向保留的输入只适用于序列并行，而序列并行已关闭。</translation>
    </message>
    <message>
        <source>The gradient-reduction setting applies to ZeRO stages 2 and 3 only; ZeRO is %1.</source>
        <translation>梯度归约方式只适用于 ZeRO 阶段 2 和 3；当前 ZeRO 为 %1。</translation>
    </message>
    <message>
        <source>A flash-attention kernel is chosen but flash attention is off.</source>
        <translation>选择了 Flash Attention 内核，但 Flash Attention 已关闭。</translation>
    </message>
    <message>
        <source>The micro-batch (%1) exceeds the global batch (%2).</source>
        <translation>微批（%1）超过了全局批（%2）。</translation>
    </message>
    <message>
        <source>PP × virtual stages (%1 × %2) exceeds the model&apos;s %3 layers: a stage would hold no layer.</source>
        <translation>PP × 虚拟阶段数（%1 × %2）超过模型的 %3 层：有的阶段将没有任何层。</translation>
    </message>
    <message>
        <source>Fewer than two layers per pipeline stage.</source>
        <translation>每个流水线阶段不足两层。</translation>
    </message>
    <message>
        <source>Slower than the time budget.</source>
        <translation>慢于时间预算。</translation>
    </message>
    <message>
        <source>%1 has a value the scenario rules refuse.</source>
        <translation>%1 的取值不符合场景规则。</translation>
    </message>
    <message>
        <source>do not fit in memory</source>
        <translation>显存放不下</translation>
    </message>
    <message>
        <source>heads not divisible by TP</source>
        <translation>注意力头数不能被 TP 整除</translation>
    </message>
    <message>
        <source>fewer than two layers per stage</source>
        <translation>每个阶段不足两层</translation>
    </message>
    <message>
        <source>sequence not divisible by 2 × CP</source>
        <translation>序列长度不能被 2 × CP 整除</translation>
    </message>
    <message>
        <source>global batch not divisible by DP × micro-batch</source>
        <translation>全局批大小不能被 DP × 微批整除</translation>
    </message>
    <message>
        <source>slower than the time budget</source>
        <translation>超出时间预算</translation>
    </message>
    <message>
        <source>Does not fit: %1 per GPU, capacity %2.</source>
        <translation>放不下：每卡 %1，容量 %2。</translation>
    </message>
    <message>
        <source>The file</source>
        <translation>该文件</translation>
    </message>
    <message>
        <source>%1 must be a power of two between %2 and %3.</source>
        <translation>%1 必须是 %2 到 %3 之间的二的幂。</translation>
    </message>
    <message>
        <source>%1 must be a whole number between %2 and %3.</source>
        <translation>%1 必须是 %2 到 %3 之间的整数。</translation>
    </message>
    <message>
        <source>%1 must be a number between %2 and %3.</source>
        <translation>%1 必须是 %2 到 %3 之间的数值。</translation>
    </message>
    <message>
        <source>%1 must be a number.</source>
        <translation>%1 必须是数值。</translation>
    </message>
    <message>
        <source>%1 must be true or false.</source>
        <translation>%1 必须是 true 或 false。</translation>
    </message>
    <message>
        <source>%1 must be a text in quotes.</source>
        <translation>%1 必须是带引号的文本。</translation>
    </message>
    <message>
        <source>%1 must be an object ({ … }).</source>
        <translation>%1 必须是对象（{ … }）。</translation>
    </message>
    <message>
        <source>%1 must be a list ([ … ]).</source>
        <translation>%1 必须是列表（[ … ]）。</translation>
    </message>
    <message>
        <source>%1 has a value of the wrong kind.</source>
        <translation>%1 的取值类型不对。</translation>
    </message>
    <message>
        <source>%1 names a value that does not exist.</source>
        <translation>%1 指定的取值不存在。</translation>
    </message>
    <message>
        <source>%1 must be one of: %2.</source>
        <translation>%1 必须是以下之一：%2。</translation>
    </message>
    <message>
        <source>%1 is not a key of the scenario format (a typo?).</source>
        <translation>%1 不是场景格式中的键（拼写错误？）。</translation>
    </message>
    <message>
        <source>%1 is missing; the scenario format requires it.</source>
        <translation>缺少 %1；场景格式要求提供它。</translation>
    </message>
    <message>
        <source>%1 is given twice; each key may appear once.</source>
        <translation>%1 出现了两次；每个键只能出现一次。</translation>
    </message>
    <message>
        <source>KV heads (%1) must divide the attention heads (%2).</source>
        <translation>KV 头数（%1）必须能整除注意力头数（%2）。</translation>
    </message>
    <message>
        <source>Experts per token (%1) must be between 1 and the experts (%2).</source>
        <translation>每个 token 的专家数（%1）必须在 1 到专家数（%2）之间。</translation>
    </message>
    <message>
        <source>A mixture of experts needs the expert FFN size.</source>
        <translation>混合专家模型需要设定专家 FFN 维度。</translation>
    </message>
    <message>
        <source>Dense first layers (%1) must be fewer than the layers (%2).</source>
        <translation>前置稠密层数（%1）必须少于总层数（%2）。</translation>
    </message>
    <message>
        <source>Expert settings apply to a mixture of experts only: set the experts above 0.</source>
        <translation>专家相关设置只适用于混合专家模型：请把专家数设为大于 0。</translation>
    </message>
    <message>
        <source>%1: the hidden size (%2) must be divisible by the attention heads (%3).</source>
        <translation>%1：隐藏维度（%2）必须能被注意力头数（%3）整除。</translation>
    </message>
    <message>
        <source>%1 names a model family TrainPlanner cannot import.</source>
        <translation>%1 指定的模型系列 TrainPlanner 无法导入。</translation>
    </message>
    <message>
        <source>%1 sets a feature of the model TrainPlanner does not model.</source>
        <translation>%1 设置了 TrainPlanner 尚未建模的模型特性。</translation>
    </message>
    <message>
        <source>topk_group = %1: a token&apos;s experts lie on at most that many nodes when each expert group has a node of its own.</source>
        <translation>topk_group = %1：当每个专家组各占一个节点时，一个 token 的专家最多分布在这么多个节点上。</translation>
    </message>
    <message numerus="yes">
        <source>%n multi-token prediction module(s), trained on the last pipeline stage; they share the embedding and the output head, so the checkpoint&apos;s copies of those are not counted again.</source>
        <translation>
            <numerusform>%n 个多 token 预测模块，在最后一个流水线阶段上训练；它们与主模型共享词嵌入和输出头，因此检查点中的那两份副本不再重复计数。</numerusform>
        </translation>
    </message>
    <message>
        <source>rope_scaling has no effect on memory or FLOPs.</source>
        <translation>rope_scaling 不影响显存和 FLOPs。</translation>
    </message>
    <message>
        <source>Latent attention&apos;s down-projections and latent norms are counted whole on every TP rank.</source>
        <translation>潜在注意力的下投影和潜变量归一化在每个 TP rank 上都按完整大小计数。</translation>
    </message>
    <message>
        <source>Phi: one LayerNorm per layer feeds attention and the MLP in parallel; biases on every linear layer and the LM head; partial_rotary_factor has no effect on memory or FLOPs.</source>
        <translation>Phi：每层一个 LayerNorm，并行送入注意力和 MLP；每个线性层和 LM 头都有偏置；partial_rotary_factor 不影响显存和 FLOPs。</translation>
    </message>
    <message>
        <source>GPT-2 family: learned positions, LayerNorm, GeLU, biases on every linear layer, dropout.</source>
        <translation>GPT-2 系列：可学习位置编码、LayerNorm、GeLU、每个线性层都有偏置、dropout。</translation>
    </message>
    <message>
        <source>Qwen2: biases on the Q, K and V projections only.</source>
        <translation>Qwen2：只有 Q、K、V 投影有偏置。</translation>
    </message>
    <message numerus="yes">
        <source>Qwen2-MoE: the shared expert is counted as %n expert(s) of moe_intermediate_size; its sigmoid gate is not counted.</source>
        <translation>
            <numerusform>Qwen2-MoE：共享专家按 %n 个 moe_intermediate_size 大小的专家计数；其 sigmoid 门控不计入。</numerusform>
        </translation>
    </message>
    <message>
        <source>Phi-3: the fused qkv_proj and gate_up_proj are counted as their separate matrices.</source>
        <translation>Phi-3：融合的 qkv_proj 和 gate_up_proj 按拆开后的各个矩阵计数。</translation>
    </message>
    <message>
        <source>sliding_window is ignored: attention is counted over the whole sequence (an upper bound).</source>
        <translation>忽略 sliding_window：注意力按整条序列计算（上界）。</translation>
    </message>
    <message>
        <source>q_lora_rank is null: the queries are projected directly.</source>
        <translation>q_lora_rank 为 null：查询直接投影。</translation>
    </message>
    <message>
        <source>hidden_act %1: a gated MLP of three matrices, counted as SwiGLU.</source>
        <translation>hidden_act %1：三个矩阵的门控 MLP，按 SwiGLU 计数。</translation>
    </message>
    <message>
        <source>n_inner is null: ffn_hidden = 4 × n_embd.</source>
        <translation>n_inner 为 null：ffn_hidden = 4 × n_embd。</translation>
    </message>
    <message>
        <source>%1: a model is given by a preset, by a size (params) or by its architecture — one of them.</source>
        <translation>%1：模型可以用预设、规模（params）或结构之一来给出——只能选一种。</translation>
    </message>
    <message>
        <source>%1 must list LoRA targets among q, k, v, o, gate, up and down.</source>
        <translation>%1 必须从 q、k、v、o、gate、up、down 中列出 LoRA 目标。</translation>
    </message>
    <message>
        <source>%1 applies to LoRA and QLoRA only, and the method is full training.</source>
        <translation>%1 只适用于 LoRA 和 QLoRA，而训练方式是全参数训练。</translation>
    </message>
    <message>
        <source>%1: a hardware profile cannot point to another profile.</source>
        <translation>%1：硬件配置文件不能再引用另一个配置文件。</translation>
    </message>
    <message>
        <source>%1 replaces a figure of a GPU preset, but the GPU is given whole: set it inside the GPU.</source>
        <translation>%1 用于替换 GPU 预设的某项参数，但 GPU 是整体给出的：请在 GPU 对象内设置。</translation>
    </message>
    <message>
        <source>%1 has %2 parameters; at most %3 are supported.</source>
        <translation>%1 有 %2 个参数；最多支持 %3 个。</translation>
    </message>
    <message>
        <source>%1 is required with learned positions.</source>
        <translation>使用可学习位置编码时必须给出 %1。</translation>
    </message>
    <message>
        <source>%1 applies to learned positions only.</source>
        <translation>%1 只适用于可学习位置编码。</translation>
    </message>
    <message>
        <source>%1: with latent attention every head has its own K and V, so the KV heads equal the heads.</source>
        <translation>%1：使用潜在注意力时每个头都有自己的 K 和 V，因此 KV 头数等于注意力头数。</translation>
    </message>
    <message>
        <source>%1: latent attention is modelled without biases.</source>
        <translation>%1：潜在注意力按无偏置建模。</translation>
    </message>
    <message>
        <source>%1: these keys belong to latent attention and need a KV latent rank above 0.</source>
        <translation>%1：这些键属于潜在注意力，需要 KV 潜变量秩大于 0。</translation>
    </message>
    <message>
        <source>%1 must give the peak of at least one number format.</source>
        <translation>%1 必须至少给出一种数值格式的峰值算力。</translation>
    </message>
    <message>
        <source>%1 must not exceed the datasheet peak (%2 TFLOP/s).</source>
        <translation>%1 不能超过规格书峰值（%2 TFLOP/s）。</translation>
    </message>
    <message>
        <source>%1 has no datasheet peak to be measured against.</source>
        <translation>%1 没有可供对照的规格书峰值。</translation>
    </message>
    <message>
        <source>%1 is the whole server&apos;s power per GPU and cannot be below the GPU&apos;s TDP (%2 W).</source>
        <translation>%1 是整台服务器折算到每张 GPU 的功率，不能低于 GPU 的 TDP（%2 W）。</translation>
    </message>
    <message>
        <source>it is built by the training script, not by the configuration</source>
        <translation>它由训练脚本构建，而不是由配置文件设定</translation>
    </message>
    <message>
        <source>it always uses the other choice</source>
        <translation>它总是采用另一种做法</translation>
    </message>
    <message>
        <source>the model is chosen by name there, and this architecture is not one of its models</source>
        <translation>该框架按名称选择模型，而此架构不在其模型之列</translation>
    </message>
    <message>
        <source>it has no setting for it</source>
        <translation>它没有对应的设置</translation>
    </message>
    <message>
        <source>%1 cannot be expressed in %2&apos;s settings: %3.</source>
        <translation>%1 无法用 %2 的配置表达：%3。</translation>
    </message>
    <message>
        <source>This log has no step line of Megatron-LM, torchtitan, DeepSpeed or the Hugging Face Trainer.</source>
        <translation>这个日志里没有 Megatron-LM、torchtitan、DeepSpeed 或 Hugging Face Trainer 的训练步记录。</translation>
    </message>
    <message>
        <source>%1 is longer than %2 bytes (a Chinese character takes 3).</source>
        <extracomment>%2 is a count of bytes of UTF-8; a Chinese character takes three</extracomment>
        <translation>%1 超过了 %2 字节（一个汉字占 3 字节）。</translation>
    </message>
    <message>
        <source>%1 names nothing to replace: give the preset&apos;s figures that differ, each by its number format (&quot;bf16&quot;) or kernel (&quot;flash2&quot;).</source>
        <translation>%1 没有给出要替换的内容：请写出与预设不同的数值，每项以数值格式（&quot;bf16&quot;）或内核（&quot;flash2&quot;）为键。</translation>
    </message>
    <message>
        <source>the global batch must be a whole multiple of micro-batch × data-parallel size (%1 × %2), or the run stops at start-up</source>
        <extracomment>%1 × %2 are the micro-batch and the data-parallel size</extracomment>
        <translation>全局批大小必须是微批大小 × 数据并行规模（%1 × %2）的整数倍，否则训练在启动时就会停止</translation>
    </message>
    <message>
        <source>What you keep leaves none of the %1 configurations of this search (%2 alone keeps %3).</source>
        <extracomment>%2 is a setting&apos;s key (parallel.tp); what the user keeps of it alone leaves %3 configurations</extracomment>
        <translation>所保留的设置排除了这次搜索的全部 %1 种配置（仅 %2 一项就只留下 %3 种）。</translation>
    </message>
    <message numerus="yes">
        <source>%n step line(s) have figures that are no measurement (zero, negative, not finite or out of range); the first is line %1.</source>
        <translation>
            <numerusform>有 %n 行步骤记录中的数值不是测量值（为零、为负、非有限值或超出范围）；第一处在第 %1 行。</numerusform>
        </translation>
    </message>
    <message>
        <source>Line %1: </source>
        <translation>第 %1 行：</translation>
    </message>
    <message>
        <source>%1 is no measurement (zero, negative, not finite or out of range).</source>
        <translation>%1 不是测量值（为零、为负、非有限值或超出范围）。</translation>
    </message>
    <message>
        <source>the Hugging Face Trainer</source>
        <translation>Hugging Face Trainer</translation>
    </message>
    <message>
        <source>%1 step lines of %2 were left out: the log is read as %3&apos;s.</source>
        <translation>%2 的 %1 行步骤记录被略去：该日志按 %3 的格式读取。</translation>
    </message>
    <message>
        <source>%1 and %2 have %3 step lines each: the log is read as %1&apos;s, whose first step line comes first.</source>
        <translation>%1 和 %2 各有 %3 行步骤记录：该日志按 %1 的格式读取，因为它的第一行步骤记录出现得更早。</translation>
    </message>
    <message>
        <source>%1 step lines were left out: their figure is no measurement (zero, negative, not finite or out of range); the first is line %2.</source>
        <translation>有 %1 行步骤记录被略去：其中的数值不是测量值（为零、为负、非有限值或超出范围）；第一处在第 %2 行。</translation>
    </message>
    <message numerus="yes">
        <source>The step numbers go back %n time(s), first on line %1 (from step %2 to %3): a restarted run; the steps of every part are taken.</source>
        <translation>
            <numerusform>步数回退了 %n 次，第一次在第 %1 行（从第 %2 步回到第 %3 步）：这是一次重启过的训练；各段的步骤都被采用。</numerusform>
        </translation>
    </message>
    <message>
        <source>The only step logged is the first (step %1, line %2), which includes the warm-up: the measurement is slower than the steady pace.</source>
        <translation>日志中唯一的一步是第一步（第 %1 步，第 %2 行），其中包含预热：这个测量值比稳定速度慢。</translation>
    </message>
    <message>
        <source>This search has %1 configurations to estimate, more than its limit of %2. Search fewer GPUs.</source>
        <translation>这次搜索要估算 %1 种配置，超过了上限 %2。请减少搜索的 GPU 数量。</translation>
    </message>
    <message>
        <source>This search has %1 configurations to estimate, more than its limit of %2. Choose fewer GPU types.</source>
        <translation>这次搜索要估算 %1 种配置，超过了上限 %2。请少选几种 GPU 型号。</translation>
    </message>
    <message>
        <source>This search has %1 configurations to estimate, more than its limit of %2. Use a price table with fewer offers.</source>
        <translation>这次搜索要估算 %1 种配置，超过了上限 %2。请使用报价更少的价格表。</translation>
    </message>
    <message>
        <source>This search has %1 configurations to estimate, more than its limit of %2. Keep %3 to fewer of its %4 values, or search fewer GPUs.</source>
        <extracomment>%3 is a setting&apos;s key (parallel.pp), %4 how many values the search tries for it</extracomment>
        <translation>这次搜索要估算 %1 种配置，超过了上限 %2。请把 %3 限定在它的 %4 个取值中的少数几个，或减少搜索的 GPU 数量。</translation>
    </message>
    <message>
        <source>%1 TFLOP/s per GPU is above the GPU&apos;s peak of %2 TFLOP/s. Is this the scenario the run used?</source>
        <translation>每卡 %1 TFLOP/s 超过了 GPU 的峰值 %2 TFLOP/s。这是该次训练所用的场景吗？</translation>
    </message>
    <message>
        <source>A step of %1 s is faster than this scenario allows: %2 s with every GPU at its peak (MFU would exceed 100 %). Is this the scenario the run used?</source>
        <translation>每步 %1 秒比这个场景所能达到的还快：即使每张 GPU 都以峰值运行也要 %2 秒（MFU 会超过 100%）。这是该次训练所用的场景吗？</translation>
    </message>
    <message>
        <source>An MFU of %1 is above %2, 100 % of the peak in the log&apos;s own count of attention FLOPs.</source>
        <extracomment>%2 is 100 % of the peak in the log&apos;s own count of attention FLOPs (over 1 at long sequences)</extracomment>
        <translation>MFU 为 %1，超过了 %2，即按日志自己的注意力 FLOPs 计法达到峰值的 100%。</translation>
    </message>
    <message>
        <source>context parallelism without flash attention</source>
        <translation>未启用 flash attention 的上下文并行</translation>
    </message>
    <message>
        <source>The log is %1&apos;s: the plan is priced on its software stack, %2, not on the scenario&apos;s %3.</source>
        <translation>该日志来自 %1：计划按它的软件栈 %2 估算，而不是场景中的 %3。</translation>
    </message>
    <message>
        <source>Megatron-LM&apos;s 2021–23 layer code computed attention with the fused softmax (flash attention came in mid-2023). Turn flash attention off, or choose Megatron-Core.</source>
        <translation>Megatron-LM 2021–23 年的层代码用融合 softmax 计算注意力（flash attention 于 2023 年年中才加入）。请关闭 flash attention，或改选 Megatron-Core。</translation>
    </message>
    <message>
        <source>The file is not a JSON scenario: its text cannot be read as JSON (UTF-8, at most %1 MiB).</source>
        <extracomment>%1 is the largest scenario file in MiB (1)</extracomment>
        <translation>该文件不是 JSON 场景：其内容无法按 JSON 读取（需为 UTF-8，最大 %1 MiB）。</translation>
    </message>
    <message>
        <source>A step of %1 s is longer than any plausible step, %2 s (a day or %3 × the planned step, whichever is longer).</source>
        <extracomment>%3 is the multiple of the planned step beyond which a step is implausible (1000)</extracomment>
        <translation>每步 %1 秒超过了任何合理的步长 %2 秒（一天或计划步长的 %3 倍，取较长者）。</translation>
    </message>
    <message>
        <source>A peak memory of %1 GiB is more than the GPU has, %2 GiB (with %3 % for gigabytes read as GiB). Is this the scenario the run used?</source>
        <extracomment>%3 is the margin in percent allowed for gigabytes read as GiB (8)</extracomment>
        <translation>峰值显存 %1 GiB 超过了 GPU 的 %2 GiB（已为把 GB 当作 GiB 的读数留出 %3% 余量）。这是该次训练所用的场景吗？</translation>
    </message>
    <message>
        <source>%1 of %2 steady steps are over %3 × the median and were left out: the run is not steady, and the median is that of its faster part.</source>
        <extracomment>%3 is the multiple of the median above which a step is left out (1.5)</extracomment>
        <translation>%2 个稳定步骤中有 %1 个超过中位数的 %3 倍而被略去：训练并不稳定，中位数只代表其中较快的部分。</translation>
    </message>
    <message>
        <source>The median is taken over a uniform sample of %1 of the %2 steady steps (within ±%3 % of rank of the exact median).</source>
        <extracomment>%3 is the sample median&apos;s precision, in percent of rank (0.4)</extracomment>
        <translation>中位数取自 %2 个稳定步骤中均匀抽取的 %1 个（与精确中位数的秩相差不超过 ±%3%）。</translation>
    </message>
    <message>
        <source>Weights are kept in %1 with no %4 master copy: an update smaller than %2 % of a weight&apos;s magnitude (%3) rounds away and training stalls. Keep %4 master weights, or use stochastic rounding or Kahan summation.</source>
        <extracomment>%1 the weights&apos; format (BF16), %2 a percentage (0.39), %3 the same as a power of two (2^-8), %4 FP32</extracomment>
        <translation>权重以 %1 保存且没有 %4 主权重副本：小于权重大小 %2%（%3）的更新会被舍入丢失，训练停滞。请保留 %4 主权重，或使用随机舍入或 Kahan 求和。</translation>
    </message>
    <message>
        <source>tensor parallelism (TP)</source>
        <translation>张量并行（TP）</translation>
    </message>
    <message>
        <source>pipeline parallelism (PP)</source>
        <translation>流水线并行（PP）</translation>
    </message>
    <message>
        <source>data parallelism (DP)</source>
        <translation>数据并行（DP）</translation>
    </message>
    <message>
        <source>context parallelism (CP)</source>
        <translation>上下文并行（CP）</translation>
    </message>
    <message>
        <source>expert parallelism (EP)</source>
        <translation>专家并行（EP）</translation>
    </message>
    <message>
        <source>global batch (sequences)</source>
        <translation>全局批（序列数）</translation>
    </message>
    <message>
        <source>sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <source>The log&apos;s %1 is %2 (line %4); the plan&apos;s is %3.</source>
        <extracomment>%1 a setting (tensor parallelism (TP), global batch …), %2 the log&apos;s value, %3 the plan&apos;s, %4 a line</extracomment>
        <translation>日志中的%1为 %2（第 %4 行）；计划中为 %3。</translation>
    </message>
    <message>
        <source>TP × PP × CP = %1 does not divide the %2 GPUs: no whole number of data-parallel replicas fills them.</source>
        <translation>TP × PP × CP = %1，不能整除 %2 块 GPU：无法用整数个数据并行副本占满这些 GPU。</translation>
    </message>
    <message>
        <source>FSDP2 shards parameters, gradients and optimizer states together or not at all; set ZeRO to 0, 2 or 3 (in the planner: pin it) for a plan torchtitan runs</source>
        <translation>FSDP2 要么把参数、梯度和优化器状态一起切分，要么都不切分；把 ZeRO 设为 0、2 或 3（在规划器中固定它），才能得到 torchtitan 可运行的方案</translation>
    </message>
    <message>
        <source>The file cannot be read: it does not exist.</source>
        <translation>无法读取该文件：文件不存在。</translation>
    </message>
    <message>
        <source>The file cannot be read: permission denied (its permissions do not let you read it).</source>
        <translation>无法读取该文件：权限不足（文件的权限不允许你读取）。</translation>
    </message>
    <message>
        <source>The file cannot be read: it is a folder.</source>
        <translation>无法读取该文件：它是一个文件夹。</translation>
    </message>
    <message>
        <source>The file cannot be read: it is not a regular file (a pipe, a device or a socket).</source>
        <translation>无法读取该文件：它不是普通文件（而是管道、设备或套接字）。</translation>
    </message>
    <message>
        <source>The file cannot be read: it is too large (at most %1 MiB).</source>
        <extracomment>%1 is the largest scenario file in MiB (1)</extracomment>
        <translation>无法读取该文件：文件过大（最多 %1 MiB）。</translation>
    </message>
    <message>
        <source>The file cannot be read: its name is too long.</source>
        <translation>无法读取该文件：文件名过长。</translation>
    </message>
    <message>
        <source>The file cannot be read: its symbolic links lead in a loop.</source>
        <translation>无法读取该文件：其符号链接形成了循环。</translation>
    </message>
    <message>
        <source>The file cannot be read: it has no data to give (a special file?).</source>
        <translation>无法读取该文件：它没有可读的数据（特殊文件？）。</translation>
    </message>
    <message>
        <source>The file cannot be read: the system reported an error while reading it.</source>
        <translation>无法读取该文件：读取时系统报告了错误。</translation>
    </message>
    <message>
        <source>%1 steady steps of the batch ramp-up (a global batch below the run&apos;s %2) were left out: the median is that of the full-batch steps.</source>
        <extracomment>%2 is the run&apos;s global batch, in sequences; Megatron-LM&apos;s batch ramp-up (--rampup-batch-size)</extracomment>
        <translation>剔除了 %1 个批大小爬升阶段的稳定步（全局批大小低于该运行的 %2）：中位数取自全批大小的步。</translation>
    </message>
    <message>
        <source>Every step compared is of the batch ramp-up (a global batch below the run&apos;s %1): each is read at its pace per sequence, as a step of %1 sequences.</source>
        <extracomment>%1 is the run&apos;s global batch, in sequences; Megatron-LM&apos;s batch ramp-up (--rampup-batch-size)</extracomment>
        <translation>参与对比的每一步都处于批大小爬升阶段（全局批大小低于该运行的 %1）：每一步按其每条序列的速度折算为 %1 条序列的一步。</translation>
    </message>
</context>
<context>
    <name>ui::RangeText</name>
    <message>
        <source>under 1B parameters</source>
        <translation>1B 参数以下</translation>
    </message>
    <message>
        <source>1B–10B parameters</source>
        <translation>1B–10B 参数</translation>
    </message>
    <message>
        <source>10B–100B parameters</source>
        <translation>10B–100B 参数</translation>
    </message>
    <message>
        <source>100B parameters and more</source>
        <translation>100B 参数及以上</translation>
    </message>
    <message>
        <source>mixture of experts</source>
        <translation>混合专家</translation>
    </message>
    <message>
        <source>tensor/pipeline (3D)</source>
        <translation>张量/流水线并行（3D）</translation>
    </message>
    <message>
        <source>FSDP / ZeRO-2/3</source>
        <translation>FSDP / ZeRO-2/3</translation>
    </message>
    <message>
        <source>data parallel</source>
        <translation>数据并行</translation>
    </message>
    <message>
        <source>up to 2k tokens</source>
        <translation>2k token 以内</translation>
    </message>
    <message>
        <source>4k–8k tokens</source>
        <translation>4k–8k token</translation>
    </message>
    <message>
        <source>16k–32k tokens</source>
        <translation>16k–32k token</translation>
    </message>
    <message>
        <source>64k tokens and more</source>
        <translation>64k token 及以上</translation>
    </message>
    <message>
        <source>one node</source>
        <translation>单节点</translation>
    </message>
    <message>
        <source>several nodes</source>
        <translation>多节点</translation>
    </message>
    <message>
        <source>TP &gt; 1 at a width of 4096 or less</source>
        <translation>隐藏维度不超过 4096 且 TP &gt; 1</translation>
    </message>
    <message>
        <source>pre-training</source>
        <translation>预训练</translation>
    </message>
    <message>
        <source>fine-tuning (LoRA, QLoRA)</source>
        <translation>微调（LoRA、QLoRA）</translation>
    </message>
    <message>
        <source>all published runs</source>
        <translation>全部公开记录</translation>
    </message>
    <message>
        <source>ran %1–%2 % slower than the model estimates</source>
        <extracomment>%1–%2 percentages: measured runs like the scenario took longer than the model&apos;s estimate</extracomment>
        <translation>比模型估计慢 %1–%2%</translation>
    </message>
    <message>
        <source>ran %1–%2 % faster than the model estimates</source>
        <translation>比模型估计快 %1–%2%</translation>
    </message>
</context>
<context>
    <name>ui::ReliabilityCharts</name>
    <message>
        <source>Goodput (%)</source>
        <translation>有效训练时间占比 (%)</translation>
    </message>
    <message>
        <source>Expected interruptions over the run</source>
        <translation>整个训练预计的中断次数</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>Interruptions (log scale)</source>
        <translation>中断次数（对数刻度）</translation>
    </message>
    <message>
        <source>More GPUs, more failures: interruptions and goodput</source>
        <translation>GPU 越多，故障越多：中断次数与有效训练时间</translation>
    </message>
    <message>
        <source>Goodput at this checkpoint interval</source>
        <translation>该检查点间隔下的有效训练时间占比</translation>
    </message>
    <message>
        <source>Optimal interval (Daly 2006)</source>
        <translation>最优间隔（Daly 2006）</translation>
    </message>
    <message>
        <source>Checkpoint interval (minutes, log scale)</source>
        <translation>检查点间隔（分钟，对数刻度）</translation>
    </message>
    <message>
        <source>Checkpoint too often: writing wastes time; too rarely: failures do</source>
        <translation>检查点太频繁，写入浪费时间；太稀疏，故障浪费时间</translation>
    </message>
</context>
<context>
    <name>ui::Report</name>
    <message>
        <source>Custom model</source>
        <translation>自定义模型</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>%1, %2 parameters</source>
        <translation>%1，%2 参数</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>%1 × %2, %3 per node</source>
        <translation>%1 × %2，每节点 %3 张</translation>
    </message>
    <message>
        <source>Layout</source>
        <translation>并行布局</translation>
    </message>
    <message>
        <source>Activation recomputation</source>
        <translation>激活重计算</translation>
    </message>
    <message>
        <source>Number formats</source>
        <translation>数值格式</translation>
    </message>
    <message>
        <source>compute %1, weights %2, gradients %3, master weights %4, optimizer states %5</source>
        <translation>计算 %1，权重 %2，梯度 %3，主权重 %4，优化器状态 %5</translation>
    </message>
    <message>
        <source>Batch</source>
        <translation>批次</translation>
    </message>
    <message>
        <source>%1 tokens per sequence, micro-batch %2, global batch %3 sequences</source>
        <translation>每条序列 %1 个词元，微批次 %2，全局批次 %3 条序列</translation>
    </message>
    <message>
        <source>Training tokens</source>
        <translation>训练词元数</translation>
    </message>
    <message>
        <source>Price</source>
        <translation>价格</translation>
    </message>
    <message>
        <source>$%1 per GPU-hour, $%2 per kWh</source>
        <translation>每 GPU 小时 $%1，每千瓦时 $%2</translation>
    </message>
    <message>
        <source>Key inputs</source>
        <translation>关键输入</translation>
    </message>
    <message>
        <source>Appendix: assumptions, formulas and the scenario file</source>
        <translation>附录：假设、公式与场景文件</translation>
    </message>
    <message>
        <source>Fewer than one interruption is expected over the run at every GPU count shown (at most %1): the interruptions line lies along the bottom of its axis.</source>
        <translation>在图中的每个 GPU 数量下，整个训练预计的中断都不到一次（最多 %1 次）：中断次数曲线贴着坐标轴底部。</translation>
    </message>
</context>
<context>
    <name>ui::RunActions</name>
    <message>
        <source>Cannot import %1</source>
        <translation>无法导入 %1</translation>
    </message>
    <message>
        <source>%1 (%2): %3 parameters.</source>
        <translation>%1（%2）：%3 个参数。</translation>
    </message>
    <message numerus="yes">
        <source>%1 in the main model, %2 in %n multi-token prediction module(s).</source>
        <translation>
            <numerusform>其中主模型 %1，%n 个多 token 预测（MTP）模块 %2。</numerusform>
        </translation>
    </message>
    <message>
        <source>Import model</source>
        <translation>导入模型</translation>
    </message>
    <message>
        <source>Use this model in the scenario?</source>
        <translation>在当前场景中使用该模型？</translation>
    </message>
    <message>
        <source>Import model from config.json</source>
        <translation>从 config.json 导入模型</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>正在读取 %1…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Compare with a training log</source>
        <translation>与训练日志对比</translation>
    </message>
    <message>
        <source>Cannot compare with the log</source>
        <translation>无法与日志对比</translation>
    </message>
    <message>
        <source>%1 was not read.

%2</source>
        <translation>未读取 %1。

%2</translation>
    </message>
    <message>
        <source>Replace files?</source>
        <translation>替换文件？</translation>
    </message>
    <message>
        <source>%1 is written beside the settings and exists already. Replace it?</source>
        <translation>%1 与设置文件写在一起，且已存在。要替换它吗？</translation>
    </message>
    <message>
        <source>Launch settings not written</source>
        <translation>未写入启动配置</translation>
    </message>
    <message>
        <source>%1 was not written.

%2</source>
        <translation>未写入 %1。

%2</translation>
    </message>
    <message>
        <source>Wrote the %1 to %2</source>
        <translation>已将%1写入 %2</translation>
    </message>
</context>
<context>
    <name>ui::ScalingChart</name>
    <message>
        <source>GPU capacity</source>
        <translation>GPU 显存容量</translation>
    </message>
    <message>
        <source>MFU (%)</source>
        <translation>MFU (%)</translation>
    </message>
    <message>
        <source>Current scenario</source>
        <translation>当前场景</translation>
    </message>
    <message>
        <source>GPUs (data parallel scaled, global batch fixed)</source>
        <translation>GPU 数（按数据并行扩展，全局批大小不变）</translation>
    </message>
    <message>
        <source>Percent</source>
        <translation>百分比</translation>
    </message>
    <message>
        <source>Scaling out: memory falls, communication rises</source>
        <translation>横向扩展：显存下降，通信上升</translation>
    </message>
    <message>
        <source>Memory per GPU (%1)</source>
        <translation>每卡显存（%1）</translation>
    </message>
    <message>
        <source>Communication (% of step)</source>
        <translation>通信（占每步 %）</translation>
    </message>
</context>
<context>
    <name>ui::ScenarioName</name>
    <message>
        <source>Source article: 700M model on one GPU (FP32)</source>
        <translation>原文：单卡上的 700M 模型（FP32）</translation>
    </message>
    <message>
        <source>Source article: 7B model on 64 rented A100 (ZeRO-3, BF16 mixed, 400 Gb/s per node)</source>
        <translation>原文：在 64 张租用 A100 上训练的 7B 模型（ZeRO-3、BF16 混合精度、每节点 400 Gb/s）</translation>
    </message>
    <message>
        <source>%1 B-parameter model</source>
        <translation>%1B 参数模型</translation>
    </message>
    <message>
        <source>%1 M-parameter model</source>
        <translation>%1M 参数模型</translation>
    </message>
    <message>
        <source>%1 LoRA fine-tuning on %2 × %3</source>
        <extracomment>%1 the model, %2 × %3 the GPU count and type</extracomment>
        <translation>%1 LoRA 微调，%2 × %3</translation>
    </message>
    <message>
        <source>%1 QLoRA fine-tuning on %2 × %3</source>
        <extracomment>%1 the model, %2 × %3 the GPU count and type</extracomment>
        <translation>%1 QLoRA 微调，%2 × %3</translation>
    </message>
    <message>
        <source>%1 pre-training on %2 × %3</source>
        <extracomment>%1 the model, %2 × %3 the GPU count and type</extracomment>
        <translation>%1 预训练，%2 × %3</translation>
    </message>
    <message>
        <source>DeepSeek-V3 671B MoE on 2,048 H800 (DeepSeek-V3 report §3.2; op-level selective recomputation assumed)</source>
        <translation>DeepSeek-V3 671B MoE，2,048 张 H800（DeepSeek-V3 报告 §3.2；假定算子级选择性重计算）</translation>
    </message>
    <message>
        <source>GPT-3 175B on 1024 A100 (Narayanan et al. 2021)</source>
        <translation>GPT-3 175B，1024 张 A100（Narayanan 等，2021）</translation>
    </message>
    <message>
        <source>Llama 3 70B on one node of 8 A100: does not fit</source>
        <translation>Llama 3 70B，单节点 8 张 A100：放不下</translation>
    </message>
    <message>
        <source>Llama 3.1 405B on 16,384 H100 (Llama 3 paper, Table 4 and §3.3.2)</source>
        <translation>Llama 3.1 405B，16,384 张 H100（Llama 3 论文表 4 与 §3.3.2）</translation>
    </message>
    <message>
        <source>LoRA fine-tune of Llama 2 7B on one 24 GB GPU</source>
        <translation>Llama 2 7B 的 LoRA 微调，单张 24 GB GPU</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <extracomment>a compared scenario&apos;s letter (A, B, …) and its name; Chinese uses the full-width colon &quot;%1：%2&quot;</extracomment>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>ui::ScenarioSession</name>
    <message>
        <source>Source:</source>
        <translation>来源：</translation>
    </message>
</context>
<context>
    <name>ui::SensitivityChart</name>
    <message>
        <source>Assumption −%1 %</source>
        <translation>假设 −%1%</translation>
    </message>
    <message>
        <source>Assumption +%1 %</source>
        <translation>假设 +%1%</translation>
    </message>
    <message>
        <source>Change (%)</source>
        <translation>变化（%）</translation>
    </message>
    <message>
        <source>%1, each assumption ±%2 %</source>
        <translation>%1：各项假设依次 ±%2%</translation>
    </message>
    <message>
        <source>Compute efficiency</source>
        <translation>计算效率</translation>
    </message>
    <message>
        <source>Memory-bound passes</source>
        <translation>访存受限遍数</translation>
    </message>
    <message>
        <source>Bus bandwidth efficiency</source>
        <translation>总线带宽效率</translation>
    </message>
    <message>
        <source>DP/CP overlap</source>
        <translation>DP/CP 通信重叠</translation>
    </message>
    <message>
        <source>Latency per collective</source>
        <translation>每次集合通信延迟</translation>
    </message>
    <message>
        <source>NVLink bandwidth</source>
        <translation>NVLink 带宽</translation>
    </message>
    <message>
        <source>Network bandwidth</source>
        <translation>网络带宽</translation>
    </message>
    <message>
        <source>HBM bandwidth</source>
        <translation>显存带宽（HBM）</translation>
    </message>
    <message>
        <source>Allocator fragmentation</source>
        <translation>分配器碎片</translation>
    </message>
    <message>
        <source>CUDA context</source>
        <translation>CUDA 上下文</translation>
    </message>
    <message>
        <source>NCCL buffers</source>
        <translation>NCCL 缓冲</translation>
    </message>
    <message>
        <source>GPU MTBF</source>
        <translation>GPU 平均无故障时间</translation>
    </message>
    <message>
        <source>Checkpoint bandwidth</source>
        <translation>检查点写入带宽</translation>
    </message>
    <message>
        <source>Restart time</source>
        <translation>重启时间</translation>
    </message>
    <message numerus="yes">
        <source>%n other assumption(s): no effect</source>
        <extracomment>the sensitivity chart&apos;s last row: assumptions whose change does not move the outcome</extracomment>
        <translation>
            <numerusform>另外 %n 项假设：无影响</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ui::SensitivityPage</name>
    <message>
        <source>&amp;Outcome:</source>
        <translation>结果指标(&amp;O)：</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>单步时间</translation>
    </message>
    <message>
        <source>Memory per GPU</source>
        <translation>每卡显存</translation>
    </message>
    <message>
        <source>Total cost</source>
        <translation>总成本</translation>
    </message>
    <message>
        <source>&amp;Moves by:</source>
        <translation>变动幅度(&amp;M)：</translation>
    </message>
    <message>
        <source>Each default that is not a datasheet fact moves down and up by the same fraction, one at a time; the bars show how far the outcome moves. The longest bars are the assumptions worth measuring on your own cluster (Help › How Accurate Is This?).</source>
        <translation>每个并非来自数据手册的默认值依次上下变动相同比例，条形显示结果随之变化多少。条形最长的假设，最值得在自己的集群上实测（帮助 › 估算有多准？）。</translation>
    </message>
</context>
<context>
    <name>ui::TimeChart</name>
    <message>
        <source>One step: %1 s — communication exposed %2 % of it</source>
        <translation>每步 %1 秒——其中未被掩盖的通信占 %2%</translation>
    </message>
    <message>
        <source>Pipeline bubble</source>
        <translation>流水线气泡</translation>
    </message>
    <message>
        <source>Optimizer step</source>
        <translation>优化器更新</translation>
    </message>
    <message>
        <source>Step (exposed)</source>
        <translation>每步（未掩盖部分）</translation>
    </message>
    <message>
        <source>All communication</source>
        <translation>全部通信</translation>
    </message>
    <message>
        <source>Time per step (ms)</source>
        <translation>每步时间（毫秒）</translation>
    </message>
    <message>
        <source>Time per step (s)</source>
        <translation>每步时间（秒）</translation>
    </message>
    <message>
        <source>%1: %2 s (%3 % of the step)</source>
        <translation>%1：%2 秒（占每步 %3%）</translation>
    </message>
    <message>
        <source>Matmuls</source>
        <translation>矩阵乘</translation>
    </message>
    <message>
        <source>Attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <source>Memory-bound</source>
        <translation>访存受限算子</translation>
    </message>
    <message>
        <source>Offload</source>
        <translation>卸载传输</translation>
    </message>
    <message>
        <source>Waiting for the CPU (host)</source>
        <translation>等待 CPU（主机）</translation>
    </message>
    <message>
        <source>One step: %1 s — %2 % of it waiting for the CPU, %3 % exposed communication</source>
        <translation>每步 %1 秒——其中等待 CPU 占 %2%，未被掩盖的通信占 %3%</translation>
    </message>
    <message>
        <source>%1 communication</source>
        <translation>%1 通信</translation>
    </message>
</context>
<context>
    <name>ui::TimelineView</name>
    <message>
        <source>Forward</source>
        <translation>前向</translation>
    </message>
    <message>
        <source>Recomputation</source>
        <translation>重计算</translation>
    </message>
    <message>
        <source>Backward</source>
        <translation>反向</translation>
    </message>
    <message>
        <source>Exposed communication</source>
        <translation>未被掩盖的通信</translation>
    </message>
    <message>
        <source>Optimizer step</source>
        <translation>优化器更新</translation>
    </message>
    <message>
        <source> × %1 chunks</source>
        <translation> × %1 个模型块</translation>
    </message>
    <message>
        <source>Stage %1</source>
        <translation>阶段 %1</translation>
    </message>
    <message>
        <source>Idle (bubble)</source>
        <translation>空闲（气泡）</translation>
    </message>
    <message>
        <source>stage %1</source>
        <translation>阶段 %1</translation>
    </message>
    <message>
        <source>micro-batch %1</source>
        <translation>微批次 %1</translation>
    </message>
    <message>
        <source>chunk %1</source>
        <translation>模型块 %1</translation>
    </message>
    <message>
        <source>%1 – %2 ms</source>
        <translation>%1 – %2 毫秒</translation>
    </message>
    <message>
        <source>Idle: waiting for the pipeline</source>
        <translation>空闲：等待流水线</translation>
    </message>
    <message>
        <source>%1 stages × %2 chunks × %3 micro-batches are too many blocks to draw; the figures above are the whole step&apos;s.</source>
        <translation>%1 个阶段 × %2 个分块 × %3 个微批次，块太多无法绘制；上方数字为整个训练步的结果。</translation>
    </message>
    <message>
        <source>Drawn with %1 of the %2 micro-batches: the steady state between warm-up and cool-down repeats. The axis shows the drawn %3 s.</source>
        <translation>仅绘制 %2 个微批次中的 %1 个：预热与冷却之间的稳定阶段是重复的。坐标轴为所绘部分的 %3 秒。</translation>
    </message>
    <message>
        <source>1 stage</source>
        <translation>1 个阶段</translation>
    </message>
    <message>
        <source>%1 stages</source>
        <translation>%1 个阶段</translation>
    </message>
    <message>
        <source>One step on the pipeline: %1 × %2 micro-batches%3 — idle %4 % of the busy time, step %5 s</source>
        <translation>流水线上的一步：%1 × %2 个微批次%3——空闲占忙碌时间的 %4%，每步 %5 秒</translation>
    </message>
</context>
<context>
    <name>ui::VerdictBanner</name>
    <message>
        <source>weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>master weights</source>
        <translation>主权重</translation>
    </message>
    <message>
        <source>optimizer states</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>activations</source>
        <translation>激活值</translation>
    </message>
    <message>
        <source>buffers</source>
        <translation>缓冲区</translation>
    </message>
    <message>
        <source>Fits: %1 of %2 per GPU (%3 %)</source>
        <translation>放得下：每卡 %2 中使用 %1（%3%）</translation>
    </message>
    <message>
        <source>Does not fit: %1 needed, %2 per GPU (%3 %)</source>
        <translation>放不下：需要 %1，每卡只有 %2（%3%）</translation>
    </message>
    <message>
        <source>Most loaded pipeline stage: %1.</source>
        <extracomment>a pipeline-parallel stage (a group of layers)</extracomment>
        <translation>负载最重的流水线阶段：%1。</translation>
    </message>
    <message>
        <source>%1 parameters on %2 × %3. Largest term: %4 (%5).</source>
        <translation>%1 参数，%2 × %3。占用最大的一项：%4（%5）。</translation>
    </message>
    <message>
        <source>overhead</source>
        <translation>其他开销</translation>
    </message>
    <message>
        <source>(%1 GPUs)</source>
        <translation>（%1 块 GPU）</translation>
    </message>
    <message>
        <source>Range, each assumption ±%1 % in turn: step %2–%3 s · memory %4–%5 · cost $%6–%7</source>
        <translation>区间（各项假设依次 ±%1%）：每步 %2–%3 秒 · 显存 %4–%5 · 成本 $%6–%7</translation>
    </message>
    <message>
        <source>ⓘ Hover for formulas</source>
        <extracomment>a hint at the banner&apos;s top right: resting the mouse on the figures shows their formulas</extracomment>
        <translation>ⓘ 悬停查看公式</translation>
    </message>
    <message>
        <source> · the GPUs wait for their CPU %1 % of it</source>
        <translation> · GPU 等待 CPU 的时间占每步 %1%</translation>
    </message>
    <message>
        <source>Range from %5 measured runs like this one (%6), %7 % of them: step %1–%2 s · %3–%4 days</source>
        <extracomment>%1–%2 step time range in seconds, %3–%4 days, %5 number of runs, %6 the kind of runs (GPU, parallelism, format), %7 the percentage of the runs the range holds (80)</extracomment>
        <translation>依据 %5 条同类实测记录（%6）的区间，其中 %7% 落在：每步 %1–%2 秒 · %3–%4 天</translation>
    </message>
    <message>
        <source>Measured runs like this one %1 (%2 runs: %3; %4 % of them): step %5–%6 s · %7–%8 days</source>
        <extracomment>%1 &quot;ran 0–18 % slower than the model estimates&quot;, %2 number of runs, %3 the kind of runs, %4 the percentage of the runs the range holds (80), %5–%6 step time range in seconds, %7–%8 days</extracomment>
        <translation>类似的实测运行%1（%2 次运行：%3；其中 %4%）：每步 %5–%6 秒 · %7–%8 天</translation>
    </message>
    <message>
        <source>Set %1 to %2</source>
        <extracomment>a one-click fix after a warning: %1 a setting&apos;s name, %2 its new value</extracomment>
        <translation>将%1改为 %2</translation>
    </message>
    <message>
        <source>interruptions without end</source>
        <translation>中断无休止</translation>
    </message>
    <message>
        <source>fewer than one interruption over the run</source>
        <translation>整个训练预计中断不到一次</translation>
    </message>
    <message>
        <source>about one interruption over the run</source>
        <translation>整个训练约中断一次</translation>
    </message>
    <message>
        <source>about %1 interruptions over the run</source>
        <translation>整个训练约 %1 次故障中断</translation>
    </message>
    <message>
        <source>Step %1 s · %2 tokens/s (%3 per GPU) · %4 TFLOP/s per GPU · MFU %5 % · communication %6 % of the step</source>
        <extracomment>%1 step time in seconds, %2 tokens per second of all GPUs, %3 of one GPU, %4 the model&apos;s TFLOP/s per GPU, %5 MFU percent, %6 communication percent</extracomment>
        <translation>每步 %1 秒 · 每秒 %2 个 token（每卡 %3 个）· 每卡 %4 TFLOP/s · MFU %5% · 通信占每步 %6%</translation>
    </message>
    <message>
        <source>%1 days · %2 GPU-hours · $%3 · goodput %4 % · %5 · checkpoint every %6 min (%7)</source>
        <extracomment>%1 days, %2 GPU-hours, %3 cost in US dollars, %4 goodput percent, %5 &quot;about 5 interruptions over the run&quot;, %6 checkpoint interval in minutes, %7 checkpoint size</extracomment>
        <translation>%1 天 · %2 GPU 小时 · $%3 · 有效训练时间占比 %4% · %5 · 每 %6 分钟保存一次检查点（%7）</translation>
    </message>
    <message>
        <source>as now</source>
        <translation>与当前相同</translation>
    </message>
    <message>
        <source>+%1 %</source>
        <translation>+%1%</translation>
    </message>
    <message>
        <source>−%1 %</source>
        <translation>−%1%</translation>
    </message>
    <message>
        <source>%1, GPU-hours %2</source>
        <extracomment>a way to fit after its link: %1 the memory per GPU after the change, %2 the GPU-hours&apos; change</extracomment>
        <translation>%1，GPU 小时 %2</translation>
    </message>
    <message>
        <source>%1, step %2</source>
        <extracomment>a way to fit after its link: %1 the memory per GPU after the change, %2 the step time&apos;s change</extracomment>
        <translation>%1，每步 %2</translation>
    </message>
    <message>
        <source>Make it fit: %1</source>
        <extracomment>before the list of one-click changes that make a scenario fit, separated by &quot; · &quot;</extracomment>
        <translation>放得下的改法：%1</translation>
    </message>
    <message>
        <source>Use %1 GPUs</source>
        <extracomment>a one-click fix: the GPU count it sets</extracomment>
        <translation>改用 %1 张 GPU</translation>
    </message>
    <message>
        <source>%1 = %2 %</source>
        <extracomment>memory per GPU after a fix (%1) and its share of the GPU&apos;s capacity in percent (%2)</extracomment>
        <translation>%1，占 %2%</translation>
    </message>
    <message>
        <source>Fits with %1 % to spare: %2 of %3 per GPU, within the estimate&apos;s %4 % error; the largest part is %5</source>
        <extracomment>%1 the margin in percent, %2 used, %3 capacity, %4 the estimate&apos;s memory error in percent, %5 the largest memory term</extracomment>
        <translation>放得下，余量 %1%：每卡 %3 中使用 %2，在估算 %4% 的误差之内；占用最多的是%5</translation>
    </message>
    <message>
        <source>Over by %1 %: %2 needed, %3 per GPU — it may fail at the peak, within the estimate&apos;s %4 % error; the largest part is %5</source>
        <extracomment>%1 the excess in percent, %2 needed, %3 capacity, %4 the estimate&apos;s memory error in percent, %5 the largest memory term</extracomment>
        <translation>超出 %1%：需要 %2，每卡只有 %3——峰值时可能失败，在估算 %4% 的误差之内；占用最多的是%5</translation>
    </message>
</context>
<context>
    <name>ui::WhatIfPage</name>
    <message>
        <source>Use %1 = %2, %3 = %4</source>
        <translation>使用 %1 = %2，%3 = %4</translation>
    </message>
    <message>
        <source>Tensor parallel (TP)</source>
        <translation>张量并行（TP）</translation>
    </message>
    <message>
        <source>Pipeline parallel (PP)</source>
        <translation>流水线并行（PP）</translation>
    </message>
    <message>
        <source>Data parallel (DP)</source>
        <translation>数据并行（DP）</translation>
    </message>
    <message>
        <source>Context parallel (CP)</source>
        <translation>上下文并行（CP）</translation>
    </message>
    <message>
        <source>Micro-batch</source>
        <translation>微批</translation>
    </message>
    <message>
        <source>ZeRO stage</source>
        <translation>ZeRO 阶段</translation>
    </message>
    <message>
        <source>Recomputation</source>
        <translation>重计算</translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <source>&amp;Across:</source>
        <translation>横轴(&amp;A)：</translation>
    </message>
    <message>
        <source>&amp;Up:</source>
        <translation>纵轴(&amp;U)：</translation>
    </message>
    <message>
        <source>&amp;Colour:</source>
        <translation>着色(&amp;C)：</translation>
    </message>
    <message>
        <source>Memory per GPU</source>
        <translation>每卡显存</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>单步时间</translation>
    </message>
    <message>
        <source>Two inputs at once: every cell is the full estimate with those values (memory per GPU or seconds per step); ✕ marks combinations that are invalid or do not fit — hover for the reason, click a cell to use it.</source>
        <translation>同时改变两个输入：每个格子都是对应取值下的完整估算（每卡显存或每步秒数）；✕ 表示组合无效或放不下——悬停查看原因，点击格子即可采用。</translation>
    </message>
    <message>
        <source>The GPU count stays: data parallelism takes the GPUs the other degrees leave, unless Data parallel is an axis.</source>
        <translation>GPU 总数保持不变：其余并行度之外的 GPU 都归数据并行；若某个坐标轴本身就是数据并行则除外。</translation>
    </message>
</context>
<context>
    <name>ui::format</name>
    <message>
        <source>GB</source>
        <translation>GB</translation>
    </message>
    <message>
        <source>GiB</source>
        <translation>GiB</translation>
    </message>
    <message>
        <source>%1 T</source>
        <translation>%1 T</translation>
    </message>
    <message>
        <source>%1 B</source>
        <translation>%1 B</translation>
    </message>
    <message>
        <source>%1 M</source>
        <translation>%1 M</translation>
    </message>
    <message>
        <source>, </source>
        <extracomment>separates the items of a list in a sentence (Chinese: the enumeration comma 、)</extracomment>
        <translation>、</translation>
    </message>
    <message>
        <source>%1 trillion</source>
        <translation>%1 万亿</translation>
    </message>
    <message>
        <source>%1 billion</source>
        <translation>%1 十亿</translation>
    </message>
    <message>
        <source>%1 million</source>
        <translation>%1 百万</translation>
    </message>
    <message>
        <source>%1 %</source>
        <extracomment>a percentage; Chinese writes the sign against the number, &quot;%1%&quot;</extracomment>
        <translation>%1%</translation>
    </message>
</context>
</TS>
