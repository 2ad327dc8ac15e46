<?xml version='1.0' encoding='utf-8'?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>MainWindow</name>
    <message>
        <source>Open scenario</source>
        <translation>打开场景</translation>
    </message>
    <message>
        <source>TrainPlanner scenarios (*.tpscenario.json *.json)</source>
        <translation>TrainPlanner 场景 (*.tpscenario.json *.json)</translation>
    </message>
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
        <source>&amp;About TrainPlanner</source>
        <translation>关于 TrainPlanner(&amp;A)</translation>
    </message>
    <message>
        <source>%1[*] — TrainPlanner</source>
        <translation>%1[*] — TrainPlanner</translation>
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
        <source>%1 could not be written: %2</source>
        <translation>无法写入 %1：%2</translation>
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
    <name>ui::InputPanel</name>
    <message>
        <source>Change model size</source>
        <translation>更改模型规模</translation>
    </message>
    <message>
        <source>Choose model %1</source>
        <translation>选择模型 %1</translation>
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
        <source>Choose GPU %1</source>
        <translation>选择 GPU %1</translation>
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
        <translation>模型规模，1 亿到 2 万亿参数（对数刻度）。仅给出规模时使用标准的 Llama 式结构：每个注意力头宽 128，每层约 128 个隐藏单元，SwiGLU。</translation>
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
        <translation>数据并行 DP(&amp;D)：</translation>
    </message>
    <message>
        <source>Number of model replicas; each GPU of a replica sees a different slice of the batch.</source>
        <translation>模型副本的数量；每个副本处理批次中不同的一部分数据。</translation>
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
        <translation>2 — 再分片梯度</translation>
    </message>
    <message>
        <source>3 — also weights (FSDP)</source>
        <translation>3 — 再分片权重（FSDP）</translation>
    </message>
    <message>
        <source>Custom size (standard shape)</source>
        <translation>自定义规模（标准结构）</translation>
    </message>
    <message>
        <source>%1 layers, hidden %2, %3 heads (%4 KV), FFN %5, vocabulary %6</source>
        <translation>%1 层，隐藏维度 %2，%3 个注意力头（%4 个 KV 头），FFN %5，词表 %6</translation>
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
        <translation>每卡显存 — 放得下</translation>
    </message>
    <message>
        <source>Memory per GPU — does not fit</source>
        <translation>每卡显存 — 放不下</translation>
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
        <translation>放得下：每卡 %2 中使用 %1（%3 %）</translation>
    </message>
    <message>
        <source>Does not fit: %1 needed, %2 per GPU (%3 %)</source>
        <translation>放不下：需要 %1，每卡只有 %2（%3 %）</translation>
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
</context>
<context>
    <name>ui::WarningText</name>
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
</context>
</TS>