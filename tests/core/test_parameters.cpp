// Exact parameter counts (docs/FORMULAS.md §1) against the published figures.
#include "core/scenario/architecture.h"
#include "core/scenario/presets.h"

#include <catch2/catch.hpp>

using namespace core;

TEST_CASE("preset parameter counts equal the published counts to the unit", "[core][params]")
{
    // Published totals: docs/PUBLISHED.md (GPT-2, Llama-2); the model cards'
    // safetensors totals on Hugging Face for the others (source in resources/models.json).
    auto [name, published] = GENERATE(table<const char*, std::int64_t>({
        { "gpt2-124m", 124'439'808 },
        { "gpt2-1.5b", 1'557'611'200 },
        { "llama-2-7b", 6'738'415'616 },
        { "llama-2-13b", 13'015'864'320 },
        { "llama-2-70b", 68'976'648'192 },
        { "llama-3-8b", 8'030'261'248 },
        { "llama-3-70b", 70'553'706'496 },
        { "llama-3.1-405b", 405'853'388'800 },
        // Llama 3.2: the safetensors totals of meta-llama/Llama-3.2-1B and -3B (tied embeddings).
        { "llama-3.2-1b", 1'235'814'400 },
        { "llama-3.2-3b", 3'212'749'824 },
        { "mistral-7b", 7'241'732'096 },
        { "mixtral-8x7b", 46'702'792'704 },
        { "qwen2.5-7b", 7'615'616'512 },
        { "qwen2.5-72b", 72'706'203'648 },
        // Phi-2: the safetensors total of microsoft/phi-2 (model card: 2.7B).
        { "phi-2", 2'779'683'840 },
        // DeepSeek-V3: the main model's checkpoint tensors (671B in the report, §1), MTP excluded;
        // recounted from the released safetensors by several independent tools.
        { "deepseek-v3", 671'026'419'200 },
    }));
    INFO(name);
    const ModelPreset* p = findModelPreset(name);
    REQUIRE(p);
    CHECK(std::llround(countParameters(p->arch).mainModel()) == published);
    CHECK(p->officialParams == published);
}

TEST_CASE("DeepSeek-V3's layers counted tensor by tensor", "[core][params][moe][mla]")
{
    // Hand count from the report's shapes (DeepSeek-V3 §2.1, §4.2; config.json), h = 7168:
    //  MLA: wq_a 7168·1536 + q norm 1536 + wq_b 1536·128·192 + wkv_a 7168·576 + kv norm 512
    //       + wkv_b 512·128·256 + wo 128·128·7168 = 187,107,328
    //  norms 2·7168; dense MLP 3·7168·18432 = 396,361,728
    //  MoE: 257 experts (256 routed + 1 shared) × 3·7168·2048 + router 256·7168 + bias 256
    //       = 11,320,164,608
    const auto b = countParameters(findModelPreset("deepseek-v3")->arch);
    CHECK(b.perDenseLayer() == 187'107'328.0 + 14'336 + 396'361'728);
    CHECK(b.perLayer() == 187'107'328.0 + 14'336 + 11'320'164'608);
    // One MTP module (§2.2): two norms, the 2h×h projection, one MoE layer and the head's norm;
    // the embedding and output head are shared (the checkpoint stores copies of both, 2 ×
    // 129280·7168 more, which with the FP8 block scales make the model card's "685B").
    CHECK(b.total() - b.mainModel() == 3 * 7168.0 + 2 * 7168.0 * 7168 + 11'507'286'272);
    // Activated per token, without the MTP module: 37,552,282,624 counted without the routing
    // biases in the recount; the report's "37B".
    Architecture main = findModelPreset("deepseek-v3")->arch;
    main.mtpLayers = 0;
    CHECK(countParameters(main).active() == 37'552'282'624.0 + 58 * 256);
}

TEST_CASE("GPT-3 175B's shape gives the paper's nominal 175.0 B", "[core][params]")
{
    // Brown et al. 2020, Table 2.1 gives nominal sizes ("175.0B"; its 6.7B row computes to 6.66 B
    // the same way). The shape of the table with the GPT-2 vocabulary gives 174.6 B: within 0.5 %.
    const ModelPreset* p = findModelPreset("gpt3-175b");
    REQUIRE(p);
    CHECK(double(totalParameters(p->arch)) == Approx(175.0e9).epsilon(0.005));
}

TEST_CASE("Mixtral counts 12.9 B active parameters per token", "[core][params][moe]")
{
    // Jiang et al. 2024 (Mixtral of Experts), §2: 47B total, 13B active; the model card: 12.9B active.
    const auto b = countParameters(findModelPreset("mixtral-8x7b")->arch);
    CHECK(b.active() == Approx(12.9e9).margin(0.05e9));
}

TEST_CASE("a bare size keeps its exact count and derives the documented shape", "[core][params]")
{
    const ModelSpec m = bareSizeModel(7'000'000'000);
    CHECK(m.params == 7'000'000'000);
    // Rule (architecture.h): h = 4096 for 7 B, heads = h/128, FFN = 8h/3 rounded up to 256.
    CHECK(m.arch.hidden == 4096);
    CHECK(m.arch.heads == 32);
    CHECK(m.arch.ffnHidden == 11008);
    CHECK(std::abs(double(totalParameters(m.arch)) - 7e9) / 7e9 < 0.05);
    for (std::int64_t n : { 100'000'000LL, 700'000'000LL, 70'000'000'000LL, 2'000'000'000'000LL }) {
        const auto a = standardShape(n);
        INFO(n);
        CHECK(a.hidden % 128 == 0);
        CHECK(a.layers >= 1);
        CHECK(std::abs(double(totalParameters(a)) - double(n)) / double(n) < 0.15);
    }
}

TEST_CASE("LoRA adapters are r·(in + out) per targeted matrix", "[core][params][lora]")
{
    // Hu et al. 2021, §4.1. Llama-2-7B, r = 8, q and v: 2 × 8 × (4096 + 4096) per layer = 131,072;
    // 32 layers → 4,194,304 (the figure PEFT prints for this setting).
    const auto& a = findModelPreset("llama-2-7b")->arch;
    CHECK(loraParamsPerLayer(a, 8, { "q", "v" }) * a.layers == 4'194'304);
}
