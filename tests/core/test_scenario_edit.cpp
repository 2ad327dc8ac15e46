// The rules one interactive edit carries with it (issue 20, §4.2), in core where the form and
// any other editor share them. Expected values follow from the published shapes.
#include "core/presets.h"
#include "core/scenario_edit.h"
#include "core/scenario_io.h"

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
