// The planner against a brute-force search and against published hand-tuned configurations.
#include "core/fidelity/fidelity.h"
#include "core/model/compute_model.h"
#include "core/scenario/presets.h"
#include "core/scenario/scenario_io.h"
#include "core/search/planner.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <string>
#include <string_view>

using namespace core;

TEST_CASE("on a small space the planner's best equals a brute-force search over estimate()", "[core][planner]")
{
    Scenario s = defaultScenario(); // Llama-2-7B, 8 × A100
    PlanOptions o;
    o.gpus = 8;
    o.top = 5;
    o.threads = 2;
    const PlanResult r = plan(s, o);
    REQUIRE_FALSE(r.plans.empty());
    CHECK(r.evaluated > 100);

    // Brute force: every TP × PP × ZeRO × recompute × micro-batch the planner may choose (CP, SP,
    // interleaving also spanned), estimated independently here.
    double best = 1e300;
    for (int tp : { 1, 2, 4, 8 })
        for (int pp : { 1, 2, 4, 8 })
            for (int cp : { 1, 2, 4, 8 })
                for (int zero = 0; zero <= 3; ++zero)
                    for (int mb : { 1, 2, 4, 8 })
                        for (int sp = 0; sp <= 1; ++sp)
                            for (int v : { 1, 2, 4, 8 })
                                for (Recompute rc : { Recompute::none, Recompute::norms_up_proj,
                                         Recompute::selective_op, Recompute::full }) {
                                    if (tp * pp * cp > 8 || 8 % (tp * pp * cp) != 0 || (sp && tp == 1)) continue;
                                    if (v > 1 && (pp < 2 || 32 < pp * v)) continue; // a layer per chunk at least
                                    Scenario c = s;
                                    c.parallel.tp = tp;
                                    c.parallel.pp = pp;
                                    c.parallel.cp = cp;
                                    c.parallel.dp = 8 / (tp * pp * cp);
                                    c.parallel.zero = zero;
                                    c.parallel.sequenceParallel = sp;
                                    c.parallel.recompute = rc;
                                    c.parallel.virtualStages = v;
                                    c.parallel.schedule = v > 1 ? Schedule::interleaved : Schedule::one_f_one_b;
                                    c.training.microBatch = mb;
                                    if (1024 % (c.parallel.dp * mb) != 0) continue;
                                    const Estimate e = estimate(c);
                                    if (e.memory.fits()) best = std::min(best, e.training.timeS);
                                }
    CHECK(r.plans.front().estimate.training.timeS == Approx(best).epsilon(1e-12));
    for (const auto& p : r.plans)
        CHECK(p.estimate.memory.fits());
    for (std::size_t i = 1; i < r.plans.size(); ++i)
        CHECK(r.plans[i - 1].score <= r.plans[i].score);
}

namespace {

/// The published configuration is among the plans that fit, and the planner's best is at least as fast.
void checkPublished(const char* example, int gpus)
{
    Scenario s = *loadScenarioFile(std::string(TP_SOURCE_DIR) + "/resources/examples/" + example + ".tpscenario.json")
                      .scenario;
    const Estimate published = estimate(s);
    REQUIRE(published.memory.fits());
    PlanOptions o;
    o.gpus = gpus;
    o.top = 1'000'000; // every fitting plan, to look the published one up
    o.microBatches = { 1 };
    const PlanResult r = plan(s, o);
    REQUIRE_FALSE(r.plans.empty());
    CHECK(r.plans.front().estimate.training.timeS <= published.training.timeS * (1 + 1e-9));
    bool found = false;
    for (const auto& p : r.plans)
        found |= p.scenario.parallel == s.parallel && p.scenario.training.microBatch == s.training.microBatch;
    CHECK(found);
    for (const auto& p : r.pareto)
        CHECK(p.estimate.memory.fits());
}

} // namespace

TEST_CASE("published configurations are feasible and the planner is at least as fast", "[core][planner][published]")
{
    // Narayanan et al. 2021: GPT-3 175B with TP 8, PP 8 (interleaved) on 1024 A100.
    checkPublished("gpt3-175b-narayanan", 1024);
    // Llama Team 2024, Table 4: Llama 3.1 405B with TP 8, PP 16, DP 128 on 16,384 H100.
    checkPublished("llama-3.1-405b-16k-h100", 16'384);
}

TEST_CASE("the search can be cancelled and reports progress", "[core][planner]")
{
    Scenario s = defaultScenario();
    std::atomic<bool> cancel { true };
    PlanOptions o;
    o.gpus = 64;
    o.cancel = &cancel;
    double last = -1;
    o.progress = [&](double f) { last = f; };
    const PlanResult r = plan(s, o);
    CHECK(r.cancelled);
    CHECK(r.evaluated == 0);
    CHECK(last == 1.0);
}

TEST_CASE("the ranking is deterministic across thread counts", "[core][planner]")
{
    Scenario s = defaultScenario();
    PlanOptions o;
    o.gpus = 16;
    o.top = 8;
    o.threads = 1;
    const PlanResult one = plan(s, o);
    o.threads = 3;
    const PlanResult three = plan(s, o);
    REQUIRE(one.plans.size() == three.plans.size());
    for (std::size_t i = 0; i < one.plans.size(); ++i)
        CHECK(one.plans[i].scenario == three.plans[i].scenario);
    CHECK(one.evaluated == three.evaluated);
}

TEST_CASE("the planner marks the plans its own error cannot rank apart from the best", "[core][planner][range]")
{
    // The top plans differ by less than 1 % while the estimate's out-of-sample range is
    // ±10–20 %: those plans are marked, and the best is always within its own range.
    PlanOptions o;
    o.gpus = 64;
    o.top = 50;
    const PlanResult r = plan(defaultScenario(), o);
    REQUIRE(r.plans.size() >= 10);
    CHECK(r.plans.front().withinBestRange);
    const auto& best = r.plans.front().estimate;
    REQUIRE(best.range);
    const double bestHigh = best.training.timeS * best.range->high;
    for (const Plan& p : r.plans) {
        REQUIRE(p.estimate.range);
        CHECK(p.withinBestRange == (p.estimate.training.timeS * p.estimate.range->low <= bestHigh));
    }
}

TEST_CASE("for published large runs the planner ranks the published layout within the best plan's range",
    "[core][planner][published][range]")
{
    // Given a published run's model, GPU count, batch and sequence length, some plan with
    // the published TP, PP, CP and EP must lie within the best plan's range — the estimate cannot claim
    // its own favourite is faster than the layout the run used. All seven since the search takes one layer
    // per model chunk and norms_up_proj (Llama 3's layout) and CP's short chunks pay their attention rate.
    for (const char* id : { "narayanan-529.6b", "narayanan-1008b", "korthikanti-175b", "llama3-405b-8192gpu-8192",
             "llama3-405b-16384gpu-8192", "bloom-176b", "deepseek-v3-gpu-hours" }) {
        const PublishedRun* run = nullptr;
        for (const auto& r : publishedRuns())
            if (r.id == id) run = &r;
        REQUIRE(run);
        INFO(id);
        const Parallel& published = run->scenario.parallel;
        PlanOptions o;
        o.gpus = static_cast<int>(published.gpus());
        o.top = 100'000;
        const PlanResult r = plan(run->scenario, o);
        REQUIRE_FALSE(r.plans.empty());
        bool found = false, within = false;
        for (const Plan& p : r.plans) {
            const Parallel& q = p.scenario.parallel;
            if (q.tp != published.tp || q.pp != published.pp || q.cp != published.cp || q.ep != published.ep) continue;
            found = true;
            within = within || p.withinBestRange;
        }
        CHECK(found);
        CHECK(within);
    }
}

TEST_CASE("the planner keeps the reduction setting only on ZeRO-2 and ZeRO-3 plans, so every plan is a valid scenario",
    "[core][planner]")
{
    const ScenarioResult base
        = parseScenario(R"({"format": "trainplanner-scenario", "version": 1, "model": {"preset": "llama-2-7b"},
        "training": {"seq_len": 4096, "micro_batch": 1, "global_batch": 64}, "parallel": {"dp": 8, "zero": 2, "grad_reduce": "after_accumulation"}})");
    REQUIRE(base.ok());
    PlanOptions o;
    o.gpus = 16;
    o.top = 1000;
    const PlanResult r = plan(*base.scenario, o);
    REQUIRE_FALSE(r.plans.empty());
    bool sawSharded = false, sawOther = false;
    for (const Plan& p : r.plans) {
        INFO(scenarioToJson(p.scenario));
        CHECK(parseScenario(scenarioToJson(p.scenario)).ok());
        if (p.scenario.parallel.zero >= 2) {
            sawSharded = true;
            CHECK(p.scenario.parallel.gradReduce == GradReduce::after_accumulation);
        } else {
            sawOther = true;
            CHECK(p.scenario.parallel.gradReduce == GradReduce::per_micro_batch);
        }
    }
    CHECK(sawSharded);
    CHECK(sawOther);
}

TEST_CASE("constraints pin or limit any knob, and what they leave out is counted", "[core][planner][constraints]")
{
    // ZeRO-3 and full recomputation could not be kept in a search: the winner quietly dropped them.
    Scenario s = defaultScenario();
    PlanOptions free;
    free.gpus = 64;
    free.threads = 2;
    free.top = 1000;
    const PlanResult all = plan(s, free);
    PlanOptions pinned = free;
    REQUIRE_FALSE(addConstraint(pinned.constraints, s, "parallel.zero=3"));
    REQUIRE_FALSE(addConstraint(pinned.constraints, s, "parallel.recompute=full"));
    const PlanResult kept = plan(s, pinned);
    REQUIRE_FALSE(kept.plans.empty());
    for (const auto& p : kept.plans) {
        CHECK(p.scenario.parallel.zero == 3);
        CHECK(p.scenario.parallel.recompute == Recompute::full);
    }
    // The constraints filter the same space: estimated plus excluded is what the free search estimated.
    CHECK(kept.excluded > 0);
    CHECK(kept.evaluated + kept.excluded == all.evaluated);
    CHECK(all.excluded == 0);
    // A subset of the same space: no more fit, and its best is no faster than the free search's.
    CHECK(kept.feasible < all.feasible);
    CHECK(kept.plans.front().score >= all.plans.front().score);

    // A limit to a set; a limited knob is searched over its values, also those not tried by default.
    PlanOptions limited = free;
    REQUIRE_FALSE(addConstraint(limited.constraints, s, "parallel.tp=1,2"));
    REQUIRE_FALSE(addConstraint(limited.constraints, s, "training.micro_batch=16"));
    const PlanResult some = plan(s, limited);
    REQUIRE_FALSE(some.plans.empty());
    for (const auto& p : some.plans) {
        CHECK(p.scenario.parallel.tp <= 2);
        CHECK(p.scenario.training.microBatch == 16);
    }
    // Selective recomputation equals none with flash attention and is not searched, unless asked for.
    PlanOptions selective = free;
    REQUIRE_FALSE(addConstraint(selective.constraints, s, "parallel.recompute=selective"));
    const PlanResult sel = plan(s, selective);
    REQUIRE_FALSE(sel.plans.empty());
    CHECK(sel.plans.front().scenario.parallel.recompute == Recompute::selective);

    // Refused with the key and the reason, as a file's value would be.
    PlanConstraints c;
    const auto notKnob = addConstraint(c, s, "training.seq_len=2048");
    REQUIRE(notKnob);
    CHECK(notKnob->path == "training.seq_len");
    CHECK(notKnob->message.find("parallel.zero") != std::string::npos);
    const auto notPower = addConstraint(c, s, "parallel.tp=3");
    REQUIRE(notPower);
    CHECK(notPower->path == "parallel.tp");
    CHECK(addConstraint(c, s, "parallel.recompute=sometimes"));
    CHECK(addConstraint(c, s, "parallel.zero"));
    CHECK_FALSE(c.any());
}

TEST_CASE("the knobs a plan changes are listed, context parallelism included", "[core][planner][constraints]")
{
    Scenario a = defaultScenario();
    Scenario b = a;
    b.parallel.cp = 8;
    b.parallel.dp = 1;
    b.parallel.zero = 3;
    const auto changed = differingKnobs(a, b);
    REQUIRE(changed.size() == 3);
    CHECK(changed[0] == Knob::cp);
    CHECK(changed[1] == Knob::dp);
    CHECK(changed[2] == Knob::zero);
    CHECK(differingKnobs(a, a).empty());
}

TEST_CASE("a constraint is offered the values the search can give a knob", "[core][planner][constraints]")
{
    Scenario s = defaultScenario(); // Llama 2 7B: 32 layers, dense; 8 GPUs per node; DP 8
    s.parallel.cp = 3; // a value the search would not try is still offered: it is the scenario's
    const auto c = knobChoices(s, 64);
    CHECK(c[std::size_t(Knob::tp)] == std::vector<int> { 1, 2, 4, 8 }); // powers of two within a node
    CHECK(c[std::size_t(Knob::pp)] == std::vector<int> { 1, 2, 4, 8, 16, 32 }); // divide 64, at most 32 layers
    CHECK(c[std::size_t(Knob::cp)] == std::vector<int> { 1, 2, 3, 4, 8, 16 });
    CHECK(c[std::size_t(Knob::dp)] == std::vector<int> { 1, 2, 4, 8, 16, 32, 64 });
    CHECK(c[std::size_t(Knob::ep)] == std::vector<int> { 1 }); // a dense model
    CHECK(c[std::size_t(Knob::zero)] == std::vector<int> { 0, 1, 2, 3 });
    CHECK(c[std::size_t(Knob::micro_batch)].back() == 32);
    // Mixtral-style 8 experts: EP 1, 2, 4, 8.
    s.model.arch.experts = 8;
    s.model.arch.topK = 2;
    CHECK(knobChoices(s, 64)[std::size_t(Knob::ep)] == std::vector<int> { 1, 2, 4, 8 });
}

namespace {

/// Two dense layers on 8 GPUs of a node, a global batch of 16: a space small enough to count by hand.
Scenario twoLayers()
{
    Scenario s = defaultScenario(); // Llama-2-7B's layer shape: 32 heads, 32 KV heads
    s.model.arch.layers = 2;
    s.training.globalBatch = 16;
    s.training.seqLen = 2048;
    s.training.microBatch = 1;
    s.parallel.flashAttention = true;
    s.hardware.gpusPerNode = 8;
    return s;
}

/// A model at the top of the documented ranges: 4,096 layers, 1,024 experts, 64 GPUs per node.
Scenario heavyModel()
{
    const ScenarioResult r = parseScenario(R"({"format": "trainplanner-scenario", "version": 1,
        "model": {"layers": 4096, "hidden": 1024, "heads": 64, "kv_heads": 64, "ffn_hidden": 4096, "vocab": 32000,
                  "experts": 1024, "top_k": 2, "moe_ffn_hidden": 512},
        "training": {"global_batch": 536870912, "seq_len": 4096},
        "hardware": {"gpu": "h100-sxm", "gpus_per_node": 64},
        "parallel": {"pp": 2, "schedule": "interleaved", "virtual_stages": 2}})");
    INFO(r.error.toString());
    REQUIRE(r.ok());
    return *r.scenario;
}

/// Every fitting configuration of a search, as the unbounded planner kept them.
struct Everything {
    double score, time, memory;
    Layout layout;
};

std::vector<Everything> everyFitting(const Scenario& s, const PlanOptions& o)
{
    std::vector<Everything> all;
    PlanOptions one = o;
    one.threads = 1; // the visitor is called from one thread: no lock needed
    (void)walkSearch(s, one, [&](int, Scenario&, Estimate& e, const Layout& layout) {
        const double score = o.objective == Objective::time ? e.training.timeS
            : o.objective == Objective::cost                ? e.training.totalCostUsd
                                                            : -e.memory.headroom();
        all.push_back({ score, e.training.timeS, e.memory.total(), layout });
    });
    return all;
}

Layout layoutOf(const Scenario& s)
{
    const Parallel& p = s.parallel;
    Layout layout(degreesOf(p));
    layout[Knob::zero] = p.zero;
    layout[Knob::micro_batch] = s.training.microBatch;
    layout[Knob::virtual_stages] = p.virtualStages;
    layout[Knob::sequence_parallel] = p.sequenceParallel ? 1 : 0;
    layout[Knob::recompute] = int(p.recompute);
    return layout;
}

} // namespace

TEST_CASE("a search is counted before it runs: two dense layers on 8 GPUs, counted by hand", "[core][planner][size]")
{
    // TP 1, 2, 4, 8 (all divide 32 heads); PP 2 needs four layers: refused for TP 1, 2 and 4 (PP 1 only for TP 8);
    // CP a power of two dividing 8 ÷ TP: (TP, CP) = (1; 1, 2, 4, 8), (2; 1, 2, 4), (4; 1, 2), (8; 1), DP the rest.
    // dp × mb must divide 16: DP 8 takes mb 1, 2; DP 4 takes 1, 2, 4; DP 2 and 1 take 1, 2, 4, 8
    // → micro-batch rows 2+3+4+4 (TP 1), 3+4+4 (TP 2), 4+4 (TP 4), 4 (TP 8); refused: 2 + 1 (TP 1) + 1 (TP 2).
    // Per row, with one stage: v = 1, ZeRO 0–3, SP off (TP 1) or both, recomputation none, norms_up_proj,
    // selective_op, full: 16 configurations for TP 1, 32 otherwise; but TP 8 leaves one data-parallel rank
    // (DP × CP = 1), where ZeRO has nothing to shard and only ZeRO-0 is searched: 8 per row
    // → 13 × 16 + 11 × 32 + 8 × 32 + 4 × 8 = 848.
    const Scenario s = twoLayers();
    PlanOptions o;
    o.gpus = 8;
    const SearchSize size = searchSize(s, o);
    CHECK(size.configurations == 848);
    CHECK(size.excluded == 0);
    CHECK(size.rejected.at(ProblemCode::too_few_layers_per_stage) == 3);
    CHECK(size.rejected.at(ProblemCode::global_batch_not_divisible) == 4);
    CHECK(size.rejected.size() == 2);
    CHECK(size.byValue[std::size_t(Knob::tp)].at(1) == 208);
    CHECK(size.byValue[std::size_t(Knob::tp)].at(8) == 32);
    CHECK(size.valuesOf(Knob::micro_batch) == 4);
    // The search estimates exactly what it counted.
    o.threads = 2;
    const PlanResult r = plan(s, o);
    CHECK(r.configurations == 848);
    CHECK(r.evaluated == 848);
    CHECK(r.rejected.at(ProblemCode::too_few_layers_per_stage) == 3);
    CHECK(r.rejected.at(ProblemCode::global_batch_not_divisible) == 4);

    // Pinned to TP 2 and micro-batch 16: the enumeration takes mb 16 too, which only DP 1 allows (TP 2 with CP 4):
    // one row of 32. The space gains a row on each DP-1 cell (16 + 2 × 32 + 8 = 88, TP 8's of ZeRO-0 only): 936,
    // of which 904 are excluded; mb 16 is refused on the other six cells, and mb 1–8 as before: 10 refusals.
    REQUIRE_FALSE(addConstraint(o.constraints, s, "parallel.tp=2"));
    REQUIRE_FALSE(addConstraint(o.constraints, s, "training.micro_batch=16"));
    const SearchSize pinned = searchSize(s, o);
    CHECK(pinned.configurations == 32);
    CHECK(pinned.excluded == 904);
    CHECK(pinned.rejected.at(ProblemCode::global_batch_not_divisible) == 10);
    const PlanResult kept = plan(s, o);
    CHECK(kept.evaluated == 32);
    CHECK(kept.excluded == 904);
    // What each pin keeps of the 936 alone: TP 2 has (3 + 4 + 5) rows of 32, mb 16 the four DP-1 cells' rows.
    REQUIRE(kept.pins.size() == 2);
    CHECK(kept.pins[0] == PinEffect { Knob::tp, { 2 }, 384 });
    CHECK(kept.pins[1] == PinEffect { Knob::micro_batch, { 16 }, 88 });
    CHECK_FALSE(kept.problem);
}

TEST_CASE("a search past the limit is refused before anything is estimated, naming the knob to narrow",
    "[core][planner][size]")
{
    // Wide pins on the heavy model: 26,714,480 configurations (25,086,900 when a chunk needed two layers, as
    // many as the unbounded planner once estimated in 4½ minutes and 1.3 GB).
    const Scenario s = heavyModel();
    PlanOptions o;
    o.gpus = 4096;
    o.top = 3;
    REQUIRE_FALSE(addConstraint(
        o.constraints, s, "training.micro_batch=1,2,4,8,16,32,64,128,256,512,1024,2048,4096,8192,16384,32768,65536"));
    std::string chunks = "parallel.virtual_stages=1";
    for (int v = 2; v <= 64; ++v) {
        chunks += ','; // appended apart: GCC 12 misreads "," + string as an overlapping copy (GCC bug 105329)
        chunks += std::to_string(v);
    }
    REQUIRE_FALSE(addConstraint(o.constraints, s, chunks));
    REQUIRE_FALSE(addConstraint(o.constraints, s, "parallel.recompute=none,selective,selective_op,norms_up_proj,full"));
    // 25,086,900 while a model chunk needed two layers; one layer per
    // chunk, as Llama 3 ran, adds the deepest interleavings. The six layouts of one data-parallel rank
    // (TP 2–64 × PP 2048–64, DP × CP = 1) search ZeRO-0 only: their 2 + 4 + … + 64 = 126 chunk counts ×
    // 17 micro-batches × 2 SP × 5 recomputations lose ZeRO-1's 21,420 duplicates: 26,714,480.
    const SearchSize size = searchSize(s, o);
    CHECK(size.configurations == 26'714'480);
    double last = -1;
    o.progress = [&](double f) { last = f; };
    const PlanResult r = plan(s, o);
    CHECK(r.evaluated == 0);
    CHECK(r.plans.empty());
    CHECK(r.refused());
    REQUIRE(r.problem);
    CHECK(r.problem->code == ProblemCode::search_too_large);
    CHECK(r.problem->value("configurations") == 26'714'480);
    CHECK(r.problem->value("limit") == double(kMaxPlanConfigurations));
    // 64 model chunks multiply the count most (each pipeline of two or more stages takes them all).
    CHECK(r.problem->key == "parallel.virtual_stages");
    CHECK(r.problem->value("values") == 64);
    CHECK(r.problem->value("pinned") == 1);
    CHECK(last == 1.0);
    // Narrowed as it says, the search is within the limit.
    o.constraints.allowed[std::size_t(Knob::virtual_stages)] = { 1, 2 };
    CHECK_FALSE(searchTooLarge(searchSize(s, o), o.constraints));
}

TEST_CASE("ordinary searches stay within the limit", "[core][planner][size]")
{
    // The bundled default on 8 … 4,096 GPUs, Llama 3.1 405B on 16,384, the MoE examples: far below it.
    PlanOptions o;
    for (int gpus = 8; gpus <= 4096; gpus *= 2) {
        o.gpus = gpus;
        CHECK(searchSize(defaultScenario(), o).configurations < kMaxPlanConfigurations / 20);
    }
    for (const auto& [example, gpus] : { std::pair { "llama-3.1-405b-16k-h100", 16'384 },
             std::pair { "deepseek-v3-2048-h800", 2048 }, std::pair { "gpt3-175b-narayanan", 1024 } }) {
        const auto loaded
            = loadScenarioFile(std::string(TP_SOURCE_DIR) + "/resources/examples/" + example + ".tpscenario.json");
        REQUIRE(loaded.ok());
        o.gpus = gpus;
        INFO(example);
        // A tenth of the limit: DeepSeek-V3's 124,232 since one layer per chunk and norms_up_proj joined.
        CHECK(searchSize(*loaded.scenario, o).configurations < kMaxPlanConfigurations / 10);
    }
}

TEST_CASE("dp x micro-batch beyond an int is rejected as global_batch_not_divisible", "[core][planner]")
{
    // 65,537 × 65,536 wrapped an int to 65,536, which divides 2^29: an impossible plan was ranked first.
    Scenario s = defaultScenario();
    REQUIRE_FALSE(applyOverride(s, R"(model={"params":1e6})"));
    REQUIRE_FALSE(applyOverride(s, "training.seq_len=1"));
    REQUIRE_FALSE(applyOverride(s, "training.global_batch=536870912"));
    PlanOptions o;
    o.gpus = 65'537; // a prime: TP, PP and CP 1, DP 65,537, which no micro-batch makes a divisor of 2^29
    REQUIRE_FALSE(addConstraint(o.constraints, s, "training.micro_batch=65536"));
    const PlanResult r = plan(s, o);
    CHECK(r.plans.empty());
    CHECK(r.evaluated == 0);
    // mb 1, 2, 4, 8 searched and 65,536 pinned: five refusals.
    CHECK(r.rejected.at(ProblemCode::global_batch_not_divisible) == 5);
}

TEST_CASE("a knob pinned twice is refused, naming it, and the first list stays", "[core][planner][constraints]")
{
    const Scenario s = defaultScenario();
    PlanConstraints c;
    REQUIRE_FALSE(addConstraint(c, s, "parallel.tp=1"));
    const auto twice = addConstraint(c, s, "parallel.tp=8");
    REQUIRE(twice);
    CHECK(twice->path == "parallel.tp");
    CHECK(twice->problem.code == ProblemCode::key_given_twice);
    CHECK(twice->message.find("one list") != std::string::npos);
    CHECK(c.allowed[std::size_t(Knob::tp)] == std::vector<int> { 1 });
    // Values repeated within one list are one value.
    REQUIRE_FALSE(addConstraint(c, s, "parallel.zero=3,1,3"));
    CHECK(c.allowed[std::size_t(Knob::zero)] == std::vector<int> { 1, 3 });
}

TEST_CASE("when the pins exclude every configuration the result says which pin leaves nothing",
    "[core][planner][constraints]")
{
    const Scenario s = defaultScenario();
    PlanOptions o;
    o.gpus = 64;
    REQUIRE_FALSE(addConstraint(o.constraints, s, "parallel.dp=1000000"));
    REQUIRE_FALSE(addConstraint(o.constraints, s, "parallel.tp=8"));
    const PlanResult r = plan(s, o);
    CHECK(r.plans.empty());
    CHECK(r.evaluated == 0);
    CHECK(r.excluded > 0);
    REQUIRE(r.problem);
    CHECK(r.problem->code == ProblemCode::pins_leave_nothing);
    CHECK(r.problem->key == "parallel.dp"); // DP 1,000,000 is no DP of 64 GPUs
    CHECK(r.problem->value("keeps") == 0);
    REQUIRE(r.pins.size() == 2);
    CHECK(r.pins[0].knob == Knob::tp);
    CHECK(r.pins[0].keeps > 0);
    CHECK(r.pins[1].knob == Knob::dp);
    CHECK(r.pins[1].keeps == 0);
}

TEST_CASE("what the search keeps while it runs equals what keeping every fitting plan gave", "[core][planner][bounded]")
{
    // Mixtral 8×7B on 1,024 GPUs with micro-batches up to 16: ~40,000 fitting configurations, more than each
    // list holds before it is pruned (4,096), for each objective.
    Scenario s = defaultScenario();
    REQUIRE_FALSE(applyOverride(s, "model.preset=mixtral-8x7b"));
    for (const auto& [objective, days] : { std::pair { Objective::time, 0.0 }, std::pair { Objective::cost, 0.0 },
             std::pair { Objective::memory, 0.0 }, std::pair { Objective::memory, 400.0 } }) {
        PlanOptions o;
        o.gpus = 1024;
        o.top = 25;
        o.objective = objective;
        o.maxDays = days;
        o.threads = 3;
        REQUIRE_FALSE(addConstraint(o.constraints, s, "training.micro_batch=1,2,4,8,16"));
        INFO("objective " << toString(objective) << ", days " << days);
        const PlanResult r = plan(s, o);
        std::vector<Everything> all = everyFitting(s, o);
        REQUIRE(r.feasible == std::int64_t(all.size()));
        REQUIRE(all.size() > 8192);
        // The unbounded rule: every fitting plan kept, the memory objective's budget applied at the end.
        std::int64_t over = 0;
        if (objective == Objective::memory) {
            double fastest = 1e300;
            for (const auto& x : all)
                fastest = std::min(fastest, x.time);
            const double budget = days > 0 ? days * 86400.0 : fastest * 1.25;
            over = std::erase_if(all, [&](const Everything& x) { return x.time > budget; });
            CHECK(r.rejected.at(ProblemCode::over_time_budget) == over);
        }
        std::vector<Everything> ranked = all;
        std::sort(ranked.begin(), ranked.end(), [](const Everything& x, const Everything& y) {
            return x.score != y.score ? x.score < y.score : x.layout.key() < y.layout.key();
        });
        REQUIRE(r.plans.size() == std::min<std::size_t>(25, ranked.size()));
        for (std::size_t i = 0; i < r.plans.size(); ++i) {
            CHECK(layoutOf(r.plans[i].scenario) == ranked[i].layout);
            CHECK(r.plans[i].score == ranked[i].score);
        }
        std::sort(all.begin(), all.end(), [](const Everything& x, const Everything& y) {
            return x.memory != y.memory ? x.memory < y.memory
                                        : (x.time != y.time ? x.time < y.time : x.layout.key() < y.layout.key());
        });
        std::vector<Layout> front;
        double bestTime = 1e300;
        for (const auto& x : all)
            if (x.time < bestTime) {
                bestTime = x.time;
                front.push_back(x.layout);
            }
        REQUIRE(r.pareto.size() == front.size());
        for (std::size_t i = 0; i < front.size(); ++i)
            CHECK(layoutOf(r.pareto[i].scenario) == front[i]);
        // The scatter: every fitting plan up to the limit, else exactly the limit, each a fitting plan's point.
        CHECK(r.points.size() == std::min<std::size_t>(kMaxPlanPoints, std::size_t(r.feasible)));
    }
}

TEST_CASE("a bounded search's plans, front and points do not depend on the threads", "[core][planner][bounded]")
{
    Scenario s = defaultScenario();
    REQUIRE_FALSE(applyOverride(s, "model.preset=mixtral-8x7b"));
    PlanOptions o;
    o.gpus = 1024;
    o.top = 10;
    REQUIRE_FALSE(addConstraint(o.constraints, s, "training.micro_batch=1,2,4,8,16,32"));
    o.threads = 1;
    const PlanResult one = plan(s, o);
    o.threads = 4;
    const PlanResult four = plan(s, o);
    REQUIRE(one.feasible > std::int64_t(kMaxPlanPoints)); // the scatter is a sample
    REQUIRE(one.points.size() == kMaxPlanPoints);
    REQUIRE(one.points.size() == four.points.size());
    for (std::size_t i = 0; i < one.points.size(); ++i) {
        CHECK(one.points[i].memoryBytes == four.points[i].memoryBytes);
        CHECK(one.points[i].trainingTimeS == four.points[i].trainingTimeS);
    }
    CHECK(std::is_sorted(one.points.begin(), one.points.end(),
        [](const PlanPoint& a, const PlanPoint& b) { return a.memoryBytes < b.memoryBytes; }));
    REQUIRE(one.plans.size() == four.plans.size());
    for (std::size_t i = 0; i < one.plans.size(); ++i)
        CHECK(one.plans[i].scenario == four.plans[i].scenario);
    REQUIRE(one.pareto.size() == four.pareto.size());
    for (std::size_t i = 0; i < one.pareto.size(); ++i)
        CHECK(one.pareto[i].scenario == four.pareto[i].scenario);
}

TEST_CASE("a search keeps the share of memory asked for free", "[core][planner]")
{
    // The bundled default (Llama 2 7B) on 8 A100 80GB: the fastest plans fill the GPUs close to their
    // capacity; with 20 % kept free, every plan stays below 80 % and the fastest of them is no faster.
    PlanOptions o;
    o.gpus = 8;
    o.top = 20;
    const PlanResult full = plan(defaultScenario(), o);
    REQUIRE_FALSE(full.plans.empty());
    double fullest = 0;
    for (const auto& p : full.plans)
        fullest = std::max(fullest, p.estimate.memory.total() / p.estimate.memory.capacity);
    REQUIRE(fullest > 0.8); // the margin has something to exclude
    o.keepFree = 0.2;
    const PlanResult kept = plan(defaultScenario(), o);
    REQUIRE_FALSE(kept.plans.empty());
    for (const auto& p : kept.plans)
        CHECK(p.estimate.memory.total() <= 0.8 * p.estimate.memory.capacity);
    CHECK(kept.feasible < full.feasible);
    CHECK(kept.plans.front().estimate.compute.stepTimeS >= full.plans.front().estimate.compute.stepTimeS);
}

TEST_CASE("a layout of one data-parallel rank is ranked once and not again under each ZeRO stage", "[core][planner]")
{
    // On 8 GPUs at TP 8 nothing is left for ZeRO to shard (DP × CP = 1): ZeRO-1 would list the same plan twice.
    PlanOptions o;
    o.gpus = 8;
    o.top = 1000;
    REQUIRE_FALSE(addConstraint(o.constraints, defaultScenario(), "parallel.tp=8"));
    const PlanResult r = plan(defaultScenario(), o);
    REQUIRE_FALSE(r.plans.empty());
    for (const auto& p : r.plans) {
        REQUIRE(p.scenario.parallel.dp * p.scenario.parallel.cp == 1);
        CHECK(p.scenario.parallel.zero == 0);
    }
    // Pinned to ZeRO-1 alone, the same layouts stay searchable: the pin is the user's.
    REQUIRE_FALSE(addConstraint(o.constraints, defaultScenario(), "parallel.zero=1"));
    const PlanResult pinned = plan(defaultScenario(), o);
    REQUIRE_FALSE(pinned.plans.empty());
    CHECK(pinned.plans.front().scenario.parallel.zero == 1);
}
