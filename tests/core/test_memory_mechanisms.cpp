// Memory, energy and network-traffic mechanisms the estimate once got wrong, each on a scenario that
// showed the error, with the value its source gives (a datasheet, a device's own report, a paper);
// the published runs fit the GPUs they ran on; the GPU catalog's capacities and peaks.
#include "core/estimate/estimate.h"
#include "core/estimate/timeline.h"
#include "core/fidelity/fidelity.h"
#include "core/model/comm_model.h"
#include "core/model/compute_model.h"
#include "core/model/memory_model.h"
#include "core/model/pipeline_schedule.h"
#include "core/scenario/architecture.h"
#include "core/scenario/presets.h"
#include "core/scenario/scenario_io.h"
#include "core/search/suggest.h"
#include "tests/core/parsed_scenario.h"

#include <catch2/catch.hpp>

using namespace core;

TEST_CASE(
    "GPU capacities as the devices report them instead of marketing GB converted to GiB", "[core][memory][presets]")
{
    // nvidia-smi's memory.total (MiB) and rocm-smi's VRAM Total Memory (B), from public device logs;
    // before, H200, B200 and MI300X were 131.3, 167.6 and 178.8 GiB (141, 180, 192 GB ÷ 1.074).
    const std::pair<const char*, double> reported[] = { { "h200-sxm", 143771 / 1024.0 }, { "b200", 183359 / 1024.0 },
        { "mi300x", 205822885888 / 1073741824.0 }, { "h100-sxm", 81559 / 1024.0 }, { "h800-sxm", 81559 / 1024.0 },
        { "h100-pcie", 81559 / 1024.0 }, { "a100-80gb", 81920 / 1024.0 }, { "a100-40gb", 40960 / 1024.0 },
        { "v100-32gb", 32510 / 1024.0 }, { "rtx-4090", 24564 / 1024.0 },
        // The GPUs teams rent that were missing at first.
        { "h100-nvl", 95830 / 1024.0 }, { "h20", 97871 / 1024.0 }, { "a800-80gb", 81920 / 1024.0 },
        { "l40s", 46068 / 1024.0 }, { "gb200-nvl72", 189471 / 1024.0 } };
    for (const auto& [name, gib] : reported) {
        INFO(name);
        REQUIRE(findGpuPreset(name));
        CHECK(findGpuPreset(name)->spec.memoryGib == Approx(gib).margin(0.005));
        CHECK(findGpuPreset(name)->spec.source.find("as the device reports it") != std::string::npos);
    }
    // The MI325X has no public device reading: its datasheet's 8 × 32 GiB less the MI300X's reserve,
    // said so in its source.
    REQUIRE(findGpuPreset("mi325x"));
    CHECK(findGpuPreset("mi325x")->spec.memoryGib
        == Approx((8 * 32.0 * 1073741824 - 335544320) / 1073741824).margin(0.005));
    CHECK(findGpuPreset("mi325x")->spec.source.find("(assumption)") != std::string::npos);
    CHECK(gpuPresets().size() == std::size(reported) + 1);
    // Llama 3 8B unsharded on one H200 needs about 136 GiB: it fits now.
    const Scenario s = scenario(R"({"format":"trainplanner-scenario","version":1,"model":{"preset":"llama-3-8b"},
        "training":{"seq_len":2048},"parallel":{"dp":1,"zero":0},"hardware":{"gpu":"h200-sxm"}})");
    const Estimate e = estimate(s);
    CHECK(e.memory.total() / 1073741824.0 > 131.3);
    CHECK(e.memory.fits());
}

TEST_CASE(
    "Adafactor's factored states count the same in memory and the checkpoint and the optimizer step", "[core][memory]")
{
    // A 1B model trained with Adafactor on one GPU, bf16 weights, fp32 master
    // weights. Before: memory 0.0032 GB of states but a 10 GB checkpoint (4 B of state per parameter).
    const Scenario s = scenario(R"({"format":"trainplanner-scenario","version":1,"model":{"params":1000000000},
        "training":{"optimizer":"adafactor","global_batch":8},"parallel":{"dp":1,"zero":0}})");
    const Estimate e = estimate(s);
    const ParameterBreakdown parts = countParameters(s.model.arch);
    const double params = double(e.params.total);
    // fp32 row and column accumulators, the architecture scaled to exactly 10^9 parameters
    const double states = parts.factoredTotal() * (params / parts.total()) * 4;
    CHECK(states < 0.01 * params);
    CHECK(e.memory.peak().bytes.optimizerStates == Approx(states));
    CHECK(e.reliability.checkpointBytes == Approx(params * (2 + 4) + states));
    CHECK(e.reliability.checkpointBytes < 6.05e9 * params / 1e9);
    // The optimizer step reads and writes those states, not 4 B per parameter: AdamW's step is longer
    // by its two fp32 moments (2 × 8 B per parameter read and written) over the states' bytes.
    Scenario adam = s;
    adam.training.optimizer = Optimizer::adamw;
    const Estimate ea = estimate(adam);
    const double memoryBps = s.hardware.gpu.memoryTBps * 1e12;
    CHECK(ea.compute.optimizerTimeS - e.compute.optimizerTimeS
        == Approx(2 * (8 * params - states) / memoryBps).epsilon(1e-6));
    // Offloaded, the states leave the GPU but the step still moves them (on the host).
    Scenario offloaded = s;
    offloaded.parallel.offloadOptimizer = true;
    const Estimate eo = estimate(offloaded);
    CHECK(eo.memory.peak().bytes.optimizerStates == 0);
    CHECK(eo.memory.peak().optimizerStateBytes == Approx(states));
}

TEST_CASE("gradients summed over many micro-batches in bf16 are warned about with fp32 as the fix", "[core][memory]")
{
    // The default scenario (Llama-2-7B on 8 A100, ZeRO-1) accumulates 128 micro-batches of bf16
    // gradients, the stall the number-format lab shows; Megatron-LM and DeepSpeed accumulate in fp32.
    const Scenario s = defaultScenario();
    REQUIRE(s.precision.gradients == DType::bf16);
    const Estimate e = estimate(s);
    const Problem* found = nullptr;
    for (const auto& w : e.warnings)
        if (w.code == ProblemCode::low_precision_gradient_accumulation) found = &w;
    REQUIRE(found);
    CHECK(found->value("micro_batches") == 128);
    CHECK(found->value("significant_bits") == 8);
    CHECK(found->message().find("fp32") != std::string::npos);
    // The suggested fix: fp32 gradients, 2 B more per parameter.
    bool offered = false;
    for (const auto& fix : nearestValid(s, e))
        if (fix.code == ProblemCode::low_precision_gradient_accumulation && fix.key == "precision.gradients")
            offered = true;
    CHECK(offered);
    Scenario fp32 = s;
    fp32.precision.gradients = DType::fp32;
    for (const auto& w : estimate(fp32).warnings)
        CHECK(w.code != ProblemCode::low_precision_gradient_accumulation);
    // One micro-batch per step accumulates nothing.
    Scenario single = s;
    single.training.globalBatch = single.parallel.dp * single.training.microBatch;
    for (const auto& w : estimate(single).warnings)
        CHECK(w.code != ProblemCode::low_precision_gradient_accumulation);
}

TEST_CASE("network bytes are the bytes that leave a node and not every hop of a ring that spans nodes", "[core][cost]")
{
    // The article's 7B with ZeRO-3 over 64 A100 (8 nodes of 8): each DP ring
    // has 64 hops, of which 8 cross the network, so the fabric carries 1/8 of the ring's bytes —
    // about 2.4 EB over the run, where the report said 19 EB.
    const Scenario s = scenario(R"({"format": "trainplanner-scenario", "version": 1, "model": {"preset": "llama-2-7b"},
        "training": {"global_batch": 256}, "parallel": {"dp": 64, "zero": 3}})");
    const Estimate e = estimate(s);
    double everyHop = 0;
    for (const auto& c : e.communication.collectives) {
        REQUIRE(c.link == Link::inter_node);
        REQUIRE(c.nodes == 8);
        CHECK(networkShare(c) == Approx(8.0 / 64));
        everyHop += c.sentBytesPerGpu;
    }
    CHECK(e.training.interNodeBytes == Approx(everyHop * e.gpus * e.training.steps / 8));
    CHECK(e.training.interNodeBytes / 1e18 == Approx(2.43).margin(0.05));
    // With TP 8 inside each node, a DP group has one rank per node: all of its bytes leave the node.
    Collective ring;
    ring.op = CollectiveOp::reduce_scatter;
    ring.link = Link::inter_node;
    ring.groupSize = 64;
    ring.nodes = 64;
    CHECK(networkShare(ring) == 1);
    // An all-to-all over 2 nodes of 8 sends 8 of its 15 peers' shares off the node; NVLink carries nothing.
    ring.op = CollectiveOp::all_to_all;
    ring.groupSize = 16;
    ring.nodes = 2;
    CHECK(networkShare(ring) == Approx(8.0 / 15));
    ring.link = Link::intra_node;
    CHECK(networkShare(ring) == 0);
}

TEST_CASE("energy counts the whole server's power per GPU where its datasheet gives it", "[core][cost]")
{
    // DGX A100: 6.5 kW max for 8 × 400 W GPUs; DGX H100/H200: 10.2 kW; DGX B200: 14.3 kW (NVIDIA
    // datasheets and user guides). Before: GPU-hours × TDP × PUE, half a DGX A100's draw.
    const std::pair<const char*, double> servers[]
        = { { "a100-80gb", 6500.0 / 8 }, { "a100-40gb", 6500.0 / 8 }, { "h100-sxm", 10200.0 / 8 },
              { "h200-sxm", 10200.0 / 8 }, { "b200", 14300.0 / 8 }, { "v100-32gb", 3500.0 / 8 } };
    for (const auto& [name, watts] : servers) {
        INFO(name);
        CHECK(findGpuPreset(name)->spec.nodeWattsPerGpu == Approx(watts));
    }
    Scenario s = defaultScenario();
    const Estimate e = estimate(s);
    CHECK(e.training.energyKwh == Approx(e.training.gpuHours * 6.5 / 8 * s.cost.pue));
    // Without a server figure (a custom GPU that gives none) energy counts the GPU's TDP alone.
    s.hardware.gpu.nodeWattsPerGpu = 0;
    CHECK(estimate(s).training.energyKwh == Approx(e.training.gpuHours * 0.4 * s.cost.pue));
    // A server figure below the GPU's own TDP is refused by name; an override keeps the preset.
    const ScenarioResult bad
        = parseScenario(R"({"format": "trainplanner-scenario", "version": 1, "model": {"preset": "llama-3-8b"},
        "hardware": {"gpu": "a100-80gb", "node_watts_per_gpu": 300}})");
    REQUIRE_FALSE(bad.ok());
    CHECK(bad.error.toString().find("hardware.node_watts_per_gpu") != std::string::npos);
    const ScenarioResult lean
        = parseScenario(R"({"format": "trainplanner-scenario", "version": 1, "model": {"preset": "llama-3-8b"},
        "hardware": {"gpu": "a100-80gb", "node_watts_per_gpu": 600}})");
    REQUIRE(lean.ok());
    CHECK(lean.scenario->hardware.preset == "a100-80gb");
    CHECK(lean.scenario->hardware.gpu.nodeWattsPerGpu == 600);
}

// ---- Published runs fit where they ran ----

TEST_CASE("every published run fits in the memory of the GPUs it ran on", "[core][memory][published][fidelity]")
{
    // A run measured on a cluster cannot have needed more memory than its GPUs have: the layout in the
    // suite (and the mechanisms its source names) must fit. Before this was checked, the three Llama
    // 3 405B layouts needed 89–121 GiB of 79.6 and DeepSeek-V3 124 GiB.
    int runs = 0;
    for (const PublishedRun& run : publishedRuns()) {
        const Estimate e = estimate(run.scenario);
        INFO(run.id << ": " << e.memory.total() / 1073741824.0 << " GiB on stage " << e.memory.stage << " of "
                    << e.memory.capacity / 1073741824.0 << " GiB");
        CHECK(e.memory.fits());
        ++runs;
    }
    CHECK(runs >= 28);
}

TEST_CASE(
    "Llama 3's pipeline: the embedding and the loss count as layers, one layer per chunk", "[core][memory][pipeline]")
{
    // Llama 3 §3.3.2: one Transformer layer fewer on the first and the last stage, "the first model
    // chunk on the first stage has only the embedding, and the last model chunk on the last stage
    // has only output projection and loss": 126 layers + 2 on 16 stages × 8 chunks, one each.
    Parallel p;
    p.pp = 16;
    p.schedule = Schedule::interleaved;
    p.virtualStages = 8;
    p.pipelineSplit = PipelineSplit::embedding_and_loss;
    const auto chunks = chunkLayers(126, p);
    REQUIRE(chunks.size() == 16);
    CHECK(chunks[0] == std::vector<int> { 0, 1, 1, 1, 1, 1, 1, 1 });
    CHECK(chunks[1] == std::vector<int>(8, 1));
    CHECK(chunks[15] == std::vector<int> { 1, 1, 1, 1, 1, 1, 1, 0 });
    // Without the split, 126 layers over 128 chunks cannot be placed (scenario_io refuses it); with
    // 2 chunks per stage the even split is the old one: stages 14 and 15 hold 7 layers.
    p.pipelineSplit = PipelineSplit::layers;
    p.virtualStages = 2;
    const auto even = chunkLayers(126, p);
    CHECK(even[13] == std::vector<int> { 4, 4 });
    CHECK(even[14] == std::vector<int> { 4, 3 });

    // In flight on the first stage, 32 micro-batches, groups of 16 (Megatron's order): the warm-up runs
    // 142 passes, and with the 143rd: chunk 0 for micro-batches 0–15, chunks 1–7 for 0–15 (112 passes
    // of one layer), chunk 0 for 16–30. The embedding-only passes hold no layer: 112 layers × micro-
    // batches, and no later moment holds more. Stage 1 holds 2·14 + 7·16 + 1 = 141 passes of a layer.
    p.virtualStages = 8;
    p.pipelineSplit = PipelineSplit::embedding_and_loss;
    const auto split = chunkLayers(126, p);
    CHECK(inFlightLayers(p, 0, 32, split[0]) == 112);
    CHECK(inFlightLayers(p, 1, 32, split[1]) == 141);
    CHECK(inFlightMicroBatches(p, 1, 32) == Approx(141.0 / 8));
    // The estimate's layers per stage are the chunk table's sums, for every split.
    for (int layers : { 30, 61, 80, 126 })
        for (int pp : { 2, 4, 7, 16 })
            for (int v : { 1, 2, 3 })
                for (PipelineSplit ps : { PipelineSplit::layers, PipelineSplit::embedding_and_loss }) {
                    if (pp * v > layers) continue;
                    Scenario s = defaultScenario();
                    s.model = presetModel(*findModelPreset("llama-3-8b"));
                    s.model.arch.layers = layers;
                    s.parallel = Parallel { .pp = pp,
                        .dp = 1,
                        .schedule = v > 1 ? Schedule::interleaved : Schedule::one_f_one_b,
                        .virtualStages = v };
                    s.parallel.pipelineSplit = ps;
                    const auto table = chunkLayers(layers, s.parallel);
                    const auto stages = estimate(s).memory.perStage;
                    int total = 0;
                    for (int i = 0; i < pp; ++i) {
                        int sum = 0;
                        for (int n : table[std::size_t(i)])
                            sum += n;
                        INFO(layers << " layers, pp " << pp << ", v " << v << ", stage " << i);
                        CHECK(stages[std::size_t(i)].layers == sum);
                        total += sum;
                    }
                    CHECK(total == layers);
                }
}

TEST_CASE("DeepSeek-V3's activation savings: recomputed norms and up-projections, fp8-cached linear inputs",
    "[core][memory][activations]")
{
    // DeepSeek-V3 §3.4 (RMSNorm and MLA up-projections recomputed), §3.3.3 (linear inputs cached in fp8
    // with 1 × 128 scales, the attention output in E5M6, the MoE SwiGLU's inputs in fp8 and its output
    // recomputed). One MoE layer, s 4096, b 1, no TP, flash attention, by hand:
    //  layer input and the MLP norm's input, bf16:        4096 · 7168 · 2 · 2         = 117,440,512
    //  Q latent, KV latent and the RoPE key, bf16:         4096 · (1536 + 512 + 64) · 2 =  17,301,504
    //  router logits, fp32:                                4096 · 256 · 4              =   4,194,304
    //  attention output, E5M6:                             4096 · 128 · 128 · 1.5      = 100,663,296
    //  log-sum-exp, fp32:                                  4096 · 128 · 4              =   2,097,152
    //  8 routed copies: input 7168 and SwiGLU inputs 2 · 2048 in fp8 + scales (1 + 4/128 B):
    //                                                      8 · 4096 · 11264 · 1.03125   = 380,633,088
    //  the shared expert's SwiGLU inputs:                  4096 · 4096 · 1.03125        =  17,301,504
    Scenario s = defaultScenario();
    s.model = presetModel(*findModelPreset("deepseek-v3"));
    s.training.seqLen = 4096;
    s.training.microBatch = 1;
    s.precision.compute = DType::fp8_e4m3;
    s.parallel = Parallel { .tp = 1, .pp = 16, .dp = 128, .ep = 64 };
    const double before = activationBytesPerLayer(s, true);
    s.parallel.recompute = Recompute::norms_up_proj;
    s.precision.activationCache = ActivationCache::fp8;
    CHECK(activationBytesPerLayer(s, true) == Approx(639'631'360.0));
    CHECK(activationBytesPerLayer(s, true) < 0.35 * before);
    // What the forward writes (the memory-bound kernels' traffic) does not shrink.
    CHECK(activationBytesWrittenPerLayer(s, true) == Approx(before));
    // The up-projections run again: more hardware FLOPs than without.
    Scenario none = s;
    none.parallel.recompute = Recompute::none;
    CHECK(hardwareFlopsPerStep(s) > hardwareFlopsPerStep(none));
}

TEST_CASE("pipeline and activation settings: read, written back, refused with the key named", "[core][scenario_io]")
{
    Scenario s = defaultScenario();
    s.parallel.pp = 4;
    s.parallel.dp = 2;
    s.parallel.schedule = Schedule::interleaved;
    s.parallel.virtualStages = 2;
    s.parallel.pipelineSplit = PipelineSplit::embedding_and_loss;
    s.parallel.recompute = Recompute::norms_up_proj;
    s.precision.activationCache = ActivationCache::fp8;
    const auto back = parseScenario(scenarioToJson(s));
    REQUIRE(back.ok());
    CHECK(back.scenario->parallel == s.parallel);
    CHECK(back.scenario->precision == s.precision);
    CHECK(scenarioToJson(defaultScenario()).find("pipeline_split") == std::string::npos);
    auto error = [](const char* text) { return parseScenario(text).error.toString(); };
    CHECK(
        error(
            R"({"format":"trainplanner-scenario","version":1,"model":{"preset":"llama-3-8b"},"parallel":{"pipeline_split":"embedding_and_loss"}})")
            .find("parallel.pipeline_split")
        != std::string::npos);
    CHECK(
        error(
            R"({"format":"trainplanner-scenario","version":1,"model":{"preset":"llama-3-8b"},"precision":{"activation_cache":"fp4"}})")
            .find("precision.activation_cache")
        != std::string::npos);
}

TEST_CASE(
    "GPUs teams rent today, from their datasheets, and GB200 NVL72 as one 72-GPU NVLink domain", "[core][presets]")
{
    // Dense peaks as the datasheets print them (or half their sparse figures where only those are printed).
    const std::tuple<const char*, DType, double> peaks[] = { { "h100-nvl", DType::bf16, 835.5 },
        { "h20", DType::bf16, 148 }, { "h20", DType::fp8_e4m3, 296 }, { "a800-80gb", DType::bf16, 312 },
        { "l40s", DType::bf16, 362.05 }, { "l40s", DType::fp8_e4m3, 733 }, { "mi325x", DType::bf16, 1307.4 },
        { "gb200-nvl72", DType::bf16, 2500 }, { "gb200-nvl72", DType::fp8_e4m3, 5000 } };
    for (const auto& [name, dtype, tflops] : peaks) {
        INFO(name);
        REQUIRE(findGpuPreset(name));
        CHECK(findGpuPreset(name)->spec.peakTflops.at(dtype) == tflops);
    }
    // The A800 is the A100 with NVLink cut from 600 to 400 GB/s both ways; the H100 NVL bridges pairs.
    CHECK(findGpuPreset("a800-80gb")->spec.intraNodeGBps == 200);
    CHECK(findGpuPreset("h100-nvl")->spec.nvlinkGpus == 2);
    // GB200 NVL72: choosing it makes the rack one node, in files and from presetHardware.
    const GpuPreset& gb = *findGpuPreset("gb200-nvl72");
    CHECK(gb.gpusPerNode == 72);
    CHECK(presetHardware(gb, 8).gpusPerNode == 72);
    CHECK(presetHardware(*findGpuPreset("h100-sxm"), 8).gpusPerNode == 8);
    const Scenario s = scenario(R"({"format":"trainplanner-scenario","version":1,"model":{"preset":"llama-3-70b"},
        "parallel":{"tp":8,"pp":1,"dp":9},"hardware":{"gpu":"gb200-nvl72"}})");
    CHECK(s.hardware.gpusPerNode == 72);
    // TP 8 × DP 9 = 72 GPUs: every collective stays on NVLink.
    for (const auto& c : estimate(s).communication.collectives)
        CHECK(c.link == Link::intra_node);
    const Scenario given = scenario(R"({"format":"trainplanner-scenario","version":1,"model":{"preset":"llama-3-70b"},
        "hardware":{"gpu":"gb200-nvl72","gpus_per_node":4}})");
    CHECK(given.hardware.gpusPerNode == 4);
}

TEST_CASE("sequence parallelism under PyTorch's DTensor keeps the gathered projection inputs", "[core][memory][tp]")
{
    // Korthikanti et al. 2022 §4.2.2: Megatron-LM keeps the sequence shard of a column-parallel
    // layer's input and gathers it again in the backward. torchtitan's plan redistributes the norm
    // output to Replicate before wq/wk/wv and w1/w3 (PrepareModuleInput), and the matmul keeps what it
    // received. Llama 3 70B on TP 8 with sequence parallelism, no recomputation, bf16: per layer the
    // two norm outputs go from 2 B × sbh ÷ 8 to 2 B × sbh each.
    Scenario s = defaultScenario();
    s.model = presetModel(*findModelPreset("llama-3-70b"));
    s.parallel = Parallel {};
    s.parallel.tp = 8;
    s.parallel.dp = 1;
    s.parallel.sequenceParallel = true;
    s.parallel.recompute = Recompute::none;
    s.training.seqLen = 8192;
    s.training.microBatch = 1;
    s.training.globalBatch = 1;
    const double sbh = 8192.0 * 8192;
    const double shard = activationBytesPerLayer(s);
    const Estimate a = estimate(s);
    s.parallel.tpSavedInput = TpSavedInput::gathered;
    CHECK(activationBytesPerLayer(s) - shard == Approx(2 * 2.0 * sbh * (1 - 1.0 / 8)).epsilon(1e-12));
    // The LM head keeps its gathered input too (the last stage's once-held bytes).
    const Estimate b = estimate(s);
    CHECK(b.memory.peak().bytes.activations - a.memory.peak().bytes.activations
        == Approx(80 * 2 * 2.0 * sbh * (1 - 1.0 / 8) + 2.0 * sbh * (1 - 1.0 / 8)).epsilon(1e-9));
    // What the forward writes is the same either way (the traffic of the memory-bound kernels).
    s.parallel.tpSavedInput = TpSavedInput::shard;
    const double written = activationBytesWrittenPerLayer(s, false);
    s.parallel.tpSavedInput = TpSavedInput::gathered;
    CHECK(activationBytesWrittenPerLayer(s, false) == written);
    // Tensor-wise fp8 gathers (and so keeps) them in fp8 (torchao's Float8ColwiseParallel).
    s.precision.compute = DType::fp8_e4m3;
    Scenario shardFp8 = s;
    shardFp8.parallel.tpSavedInput = TpSavedInput::shard;
    CHECK(activationBytesPerLayer(s) - activationBytesPerLayer(shardFp8)
        == Approx(2 * sbh * (1.0 - 2.0 / 8)).epsilon(1e-12));

    // The file: written only when chosen; refused without sequence parallelism, naming the key.
    REQUIRE(parseScenario(scenarioToJson(s)).ok());
    CHECK(parseScenario(scenarioToJson(s)).scenario->parallel.tpSavedInput == TpSavedInput::gathered);
    CHECK(scenarioToJson(defaultScenario()).find("tp_saved_input") == std::string::npos);
    const ScenarioResult bad = parseScenario(
        R"({"format":"trainplanner-scenario","version":1,"model":{"preset":"llama-3-8b"},"parallel":{"tp":2,"dp":4,"tp_saved_input":"gathered"}})");
    REQUIRE_FALSE(bad.ok());
    CHECK(bad.error.toString().find("parallel.tp_saved_input") != std::string::npos);
}
