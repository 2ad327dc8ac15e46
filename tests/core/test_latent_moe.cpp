// DeepSeek-style models (latent attention, dense first layers, multi-token prediction) and
// Phi-2's parallel block through FLOPs, per-stage memory, traffic and the scenario format.
// Expected values are hand counts from the published shapes (DeepSeek-V3 report §2, §4.2 and
// config.json; Phi-2 config.json), written out below.
#include "core/estimate/estimate.h"
#include "core/model/comm_model.h"
#include "core/model/compute_model.h"
#include "core/model/memory_model.h"
#include "core/scenario/architecture.h"
#include "core/scenario/presets.h"
#include "core/scenario/scenario_io.h"

#include <catch2/catch.hpp>

#include <string>

using namespace core;

namespace {

Scenario deepSeek(int pp, int dp)
{
    Scenario s = defaultScenario();
    s.model = ModelSpec { .preset = "deepseek-v3", .params = 0, .arch = findModelPreset("deepseek-v3")->arch };
    s.training.seqLen = 4096;
    s.training.microBatch = 1;
    s.training.globalBatch = 64 * dp;
    s.parallel = Parallel {};
    s.parallel.tp = 1;
    s.parallel.pp = pp;
    s.parallel.dp = dp;
    s.parallel.flashAttention = true;
    return s;
}

// Matrices of one layer, per token (DeepSeek-V3, h = 7168): MLA wq_a 7168·1536, wq_b
// 1536·(128·192), wkv_a 7168·576, wkv_b 512·(128·256), wo (128·128)·7168 = 187,105,280; an
// expert 3·7168·2048 = 44,040,192, nine of them run per token (8 routed + 1 shared); router
// 7168·256; the dense MLP 3·7168·18432 = 396,361,728.
constexpr double kMlaMatrices = 187'105'280;
constexpr double kMoeLayerActive = kMlaMatrices + 9 * 44'040'192.0 + 7168.0 * 256;
constexpr double kDenseLayer = kMlaMatrices + 396'361'728;

} // namespace

TEST_CASE("DeepSeek-V3's forward FLOPs follow its matrices", "[core][compute][mla]")
{
    const Architecture a = findModelPreset("deepseek-v3")->arch;
    const double s = 4096;
    const ForwardFlops f = forwardFlops(a, s, 1);
    // 2 FLOPs per multiply-accumulate: 58 MoE layers, 3 dense ones, and the MTP module's MoE
    // layer after its 2h×h projection.
    const double perToken = 2 * (58 * kMoeLayerActive + 3 * kDenseLayer + kMoeLayerActive + 2 * 7168.0 * 7168);
    CHECK((f.layers - f.attentionCore) / s == Approx(perToken).epsilon(1e-12));
    // Scores with 192-wide queries and keys, values 128 wide, over the full s × s square, in
    // 62 layers (61 + MTP).
    CHECK(f.attentionCore == Approx(62 * 2 * s * s * 128 * (192 + 128)).epsilon(1e-12));
    // The output head runs for the main model and once more for the MTP module.
    CHECK(f.logits == Approx(2 * 2 * s * 7168.0 * 129'280).epsilon(1e-12));
}

TEST_CASE("DeepSeek-V3's stages hold the dense layers first and the MTP module last", "[core][memory][mla]")
{
    // 61 layers on 16 stages: 13 stages of 4, then 3 of 3 (memory_model.h, chunkLayers).
    const Scenario s = deepSeek(16, 8);
    const Estimate e = estimate(s);
    REQUIRE(e.memory.perStage.size() == 16);
    const StageMemory& first = e.memory.perStage.front();
    const StageMemory& last = e.memory.perStage.back();
    CHECK(first.layers == 4);
    CHECK(first.denseLayers == 3);
    CHECK(last.layers == 3);
    CHECK(last.mtpLayers == 1);
    // Parameters (TP 1, EP 1): embedding 129280·7168 + 3 dense layers (583,483,392 each with
    // norms) + 1 MoE layer (11,507,286,272); last: 3 MoE layers + MTP (11,610,068,224) + final
    // norm + output head.
    CHECK(first.params == Approx(926'679'040.0 + 3 * 583'483'392.0 + 11'507'286'272.0).epsilon(1e-12));
    CHECK(last.params == Approx(3 * 11'507'286'272.0 + 11'610'068'224.0 + 7168 + 926'679'040.0).epsilon(1e-12));
    CHECK(e.memory.perStage[1].denseLayers == 0);
}

TEST_CASE("a dense DeepSeek-V3 layer stores the tensors of MLA and its MLP", "[core][memory][mla]")
{
    // s = 4096, b = 1, bf16, TP 1, flash attention, no dropout, no recomputation:
    //  whole: norm inputs, attention and MLP inputs 4·2·sh = 234,881,024; Q latent before and
    //         after its norm 2·2·s·1536, KV latent with the RoPE key 2·s·576 and normed 2·s·512
    //         = 34,078,720
    //  split: Q and K 2·s·(128·192) each, V and the attention output 2·s·(128·128) each
    //         = 671,088,640; SwiGLU internals 3·2·s·18432 = 452,984,832; log-sum-exp 4·128·s
    //         = 2,097,152
    const Scenario s = deepSeek(1, 8);
    CHECK(activationBytesPerLayer(s, false)
        == Approx(234'881'024.0 + 34'078'720 + 671'088'640 + 452'984'832 + 2'097'152).epsilon(1e-12));
    CHECK(activationBytesPerLayer(s, true) > activationBytesPerLayer(s, false));
    CHECK(activationBytesPerLayer(s) == activationBytesPerLayer(s, true));
}

TEST_CASE("expert all-to-alls run in MoE layers only, tensor-parallel traffic in every layer", "[core][comm][mla]")
{
    Scenario s = deepSeek(1, 8);
    s.parallel.tp = 2;
    s.parallel.dp = 4;
    s.parallel.ep = 4;
    const Estimate e = estimate(s);
    const double m = e.compute.microBatches;
    bool sawEp = false, sawTp = false;
    for (const auto& c : e.communication.collectives) {
        if (c.group == Group::ep) {
            sawEp = true;
            CHECK(c.callsPerStep == Approx((58 + 1) * m * 4)); // 58 MoE layers + the MTP module's
        }
        if (c.group == Group::tp && c.op == CollectiveOp::all_reduce) {
            sawTp = true;
            // 61 layers and the MTP module, 4 each, and the vocabulary-parallel embedding and loss: 5.
            CHECK(c.callsPerStep == Approx(((61 + 1) * 4 + 5) * m));
        }
    }
    CHECK(sawEp);
    CHECK(sawTp);
}

TEST_CASE("LoRA on latent attention adapts the projections that exist", "[core][params][mla]")
{
    // q: wq_a (7168 + 1536) and wq_b (1536 + 128·192); v: wkv_b (512 + 128·256); rank 8, in 61
    // layers and the MTP module's.
    const Architecture a = findModelPreset("deepseek-v3")->arch;
    const double perLayer = 8 * ((7168 + 1536) + (1536 + 128 * 192) + (512 + 128 * 256));
    CHECK(loraParams(a, 8, { "q", "v" }) == Approx(62 * perLayer).epsilon(1e-12));
}

TEST_CASE("a parallel block keeps one norm input and one shared layer input", "[core][memory]")
{
    Scenario s = defaultScenario();
    s.model = ModelSpec { .preset = "phi-2", .params = 0, .arch = findModelPreset("phi-2")->arch };
    s.parallel = Parallel {};
    s.parallel.dp = 8;
    const double parallel = activationBytesPerLayer(s);
    s.model.arch.parallelBlock = false;
    // Sequential: a second norm input and a separate MLP input, 2·2·s·b·h more (bf16).
    CHECK(activationBytesPerLayer(s) - parallel == Approx(2 * 2.0 * s.training.seqLen * s.training.microBatch * 2560));
}

TEST_CASE("latent attention, dense layers and MTP in scenario files", "[core][io][mla]")
{
    auto withModel = [](const std::string& model) {
        return parseScenario(R"({"format": "trainplanner-scenario", "version": 1, "model": )" + model + "}");
    };
    const ScenarioResult ok = withModel(R"({"preset": "deepseek-v3", "mtp_layers": 0, "dense_layers": 1})");
    REQUIRE(ok.ok());
    CHECK(ok.scenario->model.arch.mtpLayers == 0);
    CHECK(ok.scenario->model.arch.denseLayers == 1);
    // Written as the difference to the preset, switched-off keys included, and read back.
    const ScenarioResult back = parseScenario(scenarioToJson(*ok.scenario));
    REQUIRE(back.ok());
    CHECK(back.scenario->model == ok.scenario->model);
    // Latent attention switched off against the preset: every one of its keys is written as 0.
    Scenario plain = *ok.scenario;
    plain.model.arch.kvLoraRank = plain.model.arch.qLoraRank = plain.model.arch.ropeHeadDim = plain.model.arch.vHeadDim
        = 0;
    REQUIRE_FALSE(validateScenario(plain));
    const ScenarioResult plainBack = parseScenario(scenarioToJson(plain));
    REQUIRE(plainBack.ok());
    CHECK(plainBack.scenario->model == plain.model);
    CHECK_FALSE(plainBack.scenario->model.arch.isMla());

    auto errorKey = [&](const std::string& model) {
        const ScenarioResult r = withModel(model);
        return r.ok() ? std::string("(accepted)") : r.error.path;
    };
    CHECK(errorKey(R"({"preset": "deepseek-v3", "kv_heads": 8})") == "model.kv_heads");
    CHECK(errorKey(R"({"preset": "deepseek-v3", "dense_layers": 61})") == "model.dense_layers");
    CHECK(errorKey(R"({"preset": "deepseek-v3", "bias": true})") == "model.bias");
    CHECK(errorKey(R"({"preset": "llama-2-7b", "q_lora_rank": 512})") == "model.kv_lora_rank");
    CHECK(errorKey(R"({"preset": "llama-2-7b", "dense_layers": 2})") == "model.experts");
    CHECK(errorKey(R"({"preset": "llama-2-7b", "mtp_layers": "one"})") == "model.mtp_layers");
    CHECK(errorKey(R"({"preset": "deepseek-v3", "routed_node_limit": -1})") == "model.routed_node_limit");
    CHECK(errorKey(R"({"preset": "llama-2-7b", "routed_node_limit": 4})") == "model.experts");
    CHECK(errorKey(R"({"preset": "deepseek-v3", "kv_lora_rank": 0, "rope_head_dim": 64})") == "model.kv_lora_rank");
    CHECK(errorKey(R"({"preset": "deepseek-v3", "v_head_dim": 1.5})") == "model.v_head_dim");
    CHECK(errorKey(R"({"preset": "phi-2", "parallel_block": "yes"})") == "model.parallel_block");
}

TEST_CASE("per-layer traffic follows the stage with the most layers of each kind", "[core][comm][mla]")
{
    // 61 layers on 16 stages: stage 0 holds 3 dense + 1 MoE layer, stages 1–12 four MoE layers,
    // the last stage 3 MoE layers + the MTP module's. The pipeline runs at the pace of the busiest
    // stage, so the expert all-to-alls are those of 4 MoE layers whichever stage has the peak memory.
    Scenario s = deepSeek(16, 256);
    s.parallel.ep = 64;
    // The published run's formats (DeepSeek-V3 §3.3): FP8 matmuls, FP32 master weights and
    // gradients, BF16 optimizer states; full recomputation keeps activations small, so stage 0,
    // whose dense layers are not split over EP, has the peak memory.
    s.precision.compute = DType::fp8_e4m3;
    s.precision.gradients = DType::fp32;
    s.precision.optimizerStates = DType::bf16;
    s.parallel.recompute = Recompute::full;
    const Estimate e = estimate(s);
    REQUIRE(e.memory.stage == 0);
    const double m = e.compute.microBatches;
    bool sawEp = false;
    for (const auto& c : e.communication.collectives)
        if (c.group == Group::ep) {
            sawEp = true;
            CHECK(c.callsPerStep == Approx(4 * m * 6)); // 2 forward, 2 backward, 2 recomputed
        }
    CHECK(sawEp);
}

TEST_CASE("node-limited routing sends a token across the network once per target node", "[core][comm][mla]")
{
    // DeepSeek-V3 §2.1.2 and §3.2.2: each token's 8 routed experts lie on at most 4 nodes; it
    // crosses InfiniBand once per node and fans out over NVLink. EP 64 spans 8 nodes of 8 GPUs:
    // each all-to-all moves 4 copies of s·b·h (bf16) instead of 8.
    auto epMessage = [](const Scenario& s) {
        for (const auto& c : estimate(s).communication.collectives)
            if (c.group == Group::ep) return c.messageBytes;
        return 0.0;
    };
    Scenario s = deepSeek(16, 128);
    s.parallel.ep = 64;
    const double sbh = 4096.0 * 7168 * 2;
    CHECK(s.model.arch.routedNodeLimit == 4);
    CHECK(epMessage(s) == Approx(4 * sbh));
    Scenario unlimited = s;
    unlimited.model.arch.routedNodeLimit = 0;
    CHECK(epMessage(unlimited) == Approx(8 * sbh));
    // Inside one node every copy goes to its expert's GPU over NVLink: the limit changes nothing.
    Scenario inNode = s;
    inNode.parallel.ep = 8;
    CHECK(epMessage(inNode) == Approx(8 * sbh));
    // Across 2 nodes a token can reach at most those 2.
    Scenario twoNodes = s;
    twoNodes.parallel.ep = 16;
    CHECK(epMessage(twoNodes) == Approx(2 * sbh));
}

TEST_CASE("every TP rank repeats latent attention's down-projections", "[core][compute][mla]")
{
    // wq_a (7168·1536) and wkv_a (7168·576) are whole on every TP rank (DeepSeek-V3
    // inference/model.py): with TP 4, three more ranks run them forward and backward (3 passes)
    // in 61 layers and the MTP module's; model FLOPs do not change.
    Scenario s = deepSeek(1, 8);
    const Estimate one = estimate(s);
    s.parallel.tp = 4;
    s.parallel.dp = 2;
    s.parallel.ep = 2;
    const Estimate four = estimate(s);
    const double tokens = double(s.training.seqLen) * s.training.globalBatch;
    CHECK(four.compute.modelFlopsPerStep == Approx(one.compute.modelFlopsPerStep));
    CHECK(four.compute.hardwareFlopsPerStep - one.compute.hardwareFlopsPerStep
        == Approx(3 * 3 * 62 * 2 * tokens * (7168.0 * 1536 + 7168.0 * 576)).epsilon(1e-9));
    CHECK(four.compute.recomputeFraction == Approx(0).margin(1e-12));
}
