// The rules one interactive edit carries with it, in core where the form and
// any other editor share them. Expected values follow from the published shapes.
#include "core/scenario/presets.h"
#include "core/scenario/scenario_edit.h"
#include "core/scenario/scenario_io.h"

#include <catch2/catch.hpp>

using namespace core;

TEST_CASE("the head width follows hidden ÷ heads only where it did", "[core][edit]")
{
    // Llama 2 7B: 4096 = 32 heads × 128.
    Architecture llama = presetModel(*findModelPreset("llama-2-7b")).arch;
    REQUIRE(llama.headDim * llama.heads == llama.hidden);
    setArchitectureField(llama, &Architecture::hidden, 5120);
    CHECK(llama.headDim == 160); // 5120 / 32
    setArchitectureField(llama, &Architecture::heads, 40);
    CHECK(llama.headDim == 128); // 5120 / 40, Llama 2 13B's shape
    setArchitectureField(llama, &Architecture::hidden, 5100); // not a multiple of 40: the width stays
    CHECK(llama.headDim == 128);

    // Gemma 7B (config.json): hidden 3072, 16 heads of 256 — a width chosen on its own.
    Architecture gemma = llama;
    gemma.hidden = 3072;
    gemma.heads = 16;
    gemma.kvHeads = 16;
    gemma.headDim = 256;
    setArchitectureField(gemma, &Architecture::hidden, 4096);
    CHECK(gemma.headDim == 256);
    setArchitectureField(gemma, &Architecture::layers, 30);
    CHECK(gemma.layers == 30);
}

TEST_CASE("KV heads never exceed heads, and latent attention keeps one KV head per head", "[core][edit]")
{
    Architecture llama = presetModel(*findModelPreset("llama-2-7b")).arch; // 32 heads, 32 KV heads
    setArchitectureField(llama, &Architecture::heads, 16);
    CHECK(llama.kvHeads == 16);
    setArchitectureField(llama, &Architecture::kvHeads, 4);
    setArchitectureField(llama, &Architecture::heads, 32);
    CHECK(llama.kvHeads == 4); // grouped-query attention stays grouped

    // DeepSeek-V3: 128 heads of latent attention, 7168 wide, head width 128 (not 7168 / 128 = 56).
    Architecture v3 = presetModel(*findModelPreset("deepseek-v3")).arch;
    REQUIRE(v3.isMla());
    const int width = v3.headDim;
    setArchitectureField(v3, &Architecture::heads, 64);
    CHECK(v3.kvHeads == 64);
    CHECK(v3.headDim == width);
    setArchitectureField(v3, &Architecture::kvLoraRank, 0); // latent attention off
    CHECK_FALSE(v3.isMla());
}

TEST_CASE("the interleaved schedule brings two model chunks per stage, the others one", "[core][edit]")
{
    Parallel p;
    p.pp = 4;
    setSchedule(p, Schedule::interleaved);
    CHECK(p.virtualStages == 2);
    p.virtualStages = 4;
    setSchedule(p, Schedule::interleaved);
    CHECK(p.virtualStages == 4); // a chosen count stays
    setSchedule(p, Schedule::one_f_one_b);
    CHECK(p.virtualStages == 1);
    Scenario s = defaultScenario();
    s.parallel = p;
    CHECK_FALSE(validateScenario(s).has_value());
}

TEST_CASE("choosing a GPU keeps the servers' size, except into and out of a rack-scale domain", "[core][edit]")
{
    Hardware h = defaultScenario().hardware;
    h.gpusPerNode = 4; // a cluster of 4-GPU servers
    h = withGpuPreset(h, *findGpuPreset("h100-sxm"));
    CHECK(h.preset == "h100-sxm");
    CHECK(h.gpusPerNode == 4);
    h = withGpuPreset(h, *findGpuPreset("gb200-nvl72"));
    CHECK(h.gpusPerNode == 72); // one NVLink domain of 72 GPUs
    h = withGpuPreset(h, *findGpuPreset("a100-80gb"));
    CHECK(h.gpusPerNode == 8); // back to 8-GPU servers
    CHECK(h.gpu.memoryGib == findGpuPreset("a100-80gb")->spec.memoryGib);
}

TEST_CASE("parallel degrees step through the values that divide what they split", "[core][edit]")
{
    // DP's arrows once walked 9, 10, … 14 into divisibility warnings.
    Scenario s = defaultScenario(); // global batch 1,024 sequences, micro-batch 1, DP 8, 32 layers
    REQUIRE(s.training.globalBatch == 1024);
    REQUIRE(s.training.microBatch == 1);
    REQUIRE(s.parallel.dp == 8);
    CHECK(steppedDegree(s, "parallel.dp", 1) == 16);
    CHECK(steppedDegree(s, "parallel.dp", -1) == 4);
    CHECK(steppedDegree(s, "parallel.dp", 2) == 32);
    s.parallel.dp = 14; // typed: the arrows return to the dividing values around it
    CHECK(steppedDegree(s, "parallel.dp", 1) == 16);
    CHECK(steppedDegree(s, "parallel.dp", -1) == 8);
    s.training.globalBatch = 96; // 96 = 2^5 × 3: 6 and 12 divide it too
    s.parallel.dp = 4;
    CHECK(steppedDegree(s, "parallel.dp", 1) == 6);
    CHECK(steppedDegree(s, "parallel.dp", 2) == 8);
    s.training.microBatch = 2; // DP × 2 must divide 96: DP up to 48
    s.parallel.dp = 48;
    CHECK_FALSE(steppedDegree(s, "parallel.dp", 1).has_value());
    s.parallel.dp = 1;
    CHECK_FALSE(steppedDegree(s, "parallel.dp", -1).has_value());

    // PP divides the 32 layers; with the embedding and the loss as stages of their own, 34.
    REQUIRE(s.model.arch.layers == 32);
    CHECK(steppedDegree(s, "parallel.pp", 1) == 2);
    s.parallel.pp = 16;
    CHECK(steppedDegree(s, "parallel.pp", 1) == 32);
    s.parallel.pp = 32;
    CHECK_FALSE(steppedDegree(s, "parallel.pp", 1).has_value());
    s.parallel.pp = 2;
    s.parallel.pipelineSplit = PipelineSplit::embedding_and_loss;
    CHECK(steppedDegree(s, "parallel.pp", 1) == 17);

    // CP: 2·CP chunks of the sequence; 6,144 = 2 × 3 × 1,024 admits CP 3.
    s.training.seqLen = 6144;
    CHECK(steppedDegree(s, "parallel.cp", 1) == 2);
    s.parallel.cp = 2;
    CHECK(steppedDegree(s, "parallel.cp", 1) == 3);
    // EP: a dense model has none; Mixtral's 8 experts take 1, 2, 4, 8.
    CHECK_FALSE(steppedDegree(s, "parallel.ep", 1).has_value());
    s.model.arch.experts = 8;
    s.model.arch.topK = 2;
    CHECK(steppedDegree(s, "parallel.ep", 3) == 8);
}

TEST_CASE("the GPU count is set and stepped through data parallelism", "[core][edit]")
{
    Scenario s = defaultScenario();
    s.parallel.tp = 2;
    s.parallel.pp = 2;
    setGpuCount(s, 64);
    CHECK(s.parallel.dp == 16);
    CHECK(s.parallel.gpus() == 64);
    CHECK(steppedGpuCount(s, 1) == 128); // DP 32
    CHECK(steppedGpuCount(s, -1) == 32); // DP 8
    s.parallel.tp = 8;
    s.parallel.pp = 1;
    setGpuCount(s, 12); // 1.5 replicas of 8: the nearest whole count, 2
    CHECK(s.parallel.dp == 2);
    setGpuCount(s, 3);
    CHECK(s.parallel.dp == 1); // never below one replica
}
