// Memory defects of the expert review (../shared/reviews/2026-11-30/expert-review.md), issue 19.
#include "architecture.h"
#include "comm_model.h"
#include "estimate.h"
#include "parsed_scenario.h"
#include "presets.h"
#include "scenario_io.h"
#include "suggest.h"

#include <catch2/catch.hpp>

using namespace core;

TEST_CASE("D5: GPU capacities as the devices report them, not marketing GB converted to GiB",
    "[core][review][memory][presets]")
{
    // nvidia-smi's memory.total (MiB) and rocm-smi's VRAM Total Memory (B), from public device logs;
    // before, H200, B200 and MI300X were 131.3, 167.6 and 178.8 GiB (141, 180, 192 GB ÷ 1.074).
    const std::pair<const char*, double> reported[] = { { "h200-sxm", 143771 / 1024.0 }, { "b200", 183359 / 1024.0 },
        { "mi300x", 205822885888 / 1073741824.0 }, { "h100-sxm", 81559 / 1024.0 }, { "h800-sxm", 81559 / 1024.0 },
        { "h100-pcie", 81559 / 1024.0 }, { "a100-80gb", 81920 / 1024.0 }, { "a100-40gb", 40960 / 1024.0 },
        { "v100-32gb", 32510 / 1024.0 }, { "rtx-4090", 24564 / 1024.0 } };
    for (const auto& [name, gib] : reported) {
        INFO(name);
        REQUIRE(findGpuPreset(name));
        CHECK(findGpuPreset(name)->spec.memoryGib == Approx(gib).margin(0.005));
        CHECK(findGpuPreset(name)->spec.source.find("as the device reports it") != std::string::npos);
    }
    CHECK(gpuPresets().size() == std::size(reported));
    // The review's scenario: Llama 3 8B unsharded on one H200 needs about 136 GiB: it fits now.
    const Scenario s = scenario(R"({"format":"trainplanner-scenario","version":1,"model":{"preset":"llama-3-8b"},
        "training":{"seq_len":2048},"parallel":{"dp":1,"zero":0},"hardware":{"gpu":"h200-sxm"}})");
    const Estimate e = estimate(s);
    CHECK(e.memory.total() / 1073741824.0 > 131.3);
    CHECK(e.memory.fits());
}

TEST_CASE("D12: Adafactor's factored states, the same in memory, in the checkpoint and in the optimizer step",
    "[core][review][memory]")
{
    // The review's scenario: a 1B model trained with Adafactor on one GPU, bf16 weights, fp32 master
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

TEST_CASE("D19: gradients summed over many micro-batches in bf16 are warned about, with fp32 as the fix",
    "[core][review][memory]")
{
    // The default scenario (Llama-2-7B on 8 A100, ZeRO-1) accumulates 128 micro-batches of bf16
    // gradients, the stall the number-format lab shows; Megatron-LM and DeepSpeed accumulate in fp32.
    const Scenario s = defaultScenario();
    REQUIRE(s.precision.gradients == DType::bf16);
    const Estimate e = estimate(s);
    const Warning* found = nullptr;
    for (const auto& w : e.warnings)
        if (w.code == WarningCode::low_precision_gradient_accumulation) found = &w;
    REQUIRE(found);
    CHECK(found->value("micro_batches") == 128);
    CHECK(found->value("significant_bits") == 8);
    CHECK(found->message().find("fp32") != std::string::npos);
    // The suggested fix: fp32 gradients, 2 B more per parameter.
    bool offered = false;
    for (const auto& fix : nearestValid(s, e))
        if (fix.code == WarningCode::low_precision_gradient_accumulation && fix.key == "precision.gradients")
            offered = true;
    CHECK(offered);
    Scenario fp32 = s;
    fp32.precision.gradients = DType::fp32;
    for (const auto& w : estimate(fp32).warnings)
        CHECK(w.code != WarningCode::low_precision_gradient_accumulation);
    // One micro-batch per step accumulates nothing.
    Scenario single = s;
    single.training.globalBatch = single.parallel.dp * single.training.microBatch;
    for (const auto& w : estimate(single).warnings)
        CHECK(w.code != WarningCode::low_precision_gradient_accumulation);
}

TEST_CASE("D14: network bytes are the bytes that leave a node, not every hop of a ring that spans nodes",
    "[core][review][cost]")
{
    // The review's scenario: the article's 7B with ZeRO-3 over 64 A100 (8 nodes of 8): each DP ring
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

TEST_CASE("D15: energy counts the whole server's power per GPU where its datasheet gives it", "[core][review][cost]")
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
