// The planner against a brute-force search and against published hand-tuned configurations.
#include "core/compute_model.h"
#include "core/fidelity.h"
#include "core/planner.h"
#include "core/presets.h"
#include "core/scenario_io.h"

#include <catch2/catch.hpp>

#include <atomic>
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
                            for (int v : { 1, 2, 4 })
                                for (Recompute rc : { Recompute::none, Recompute::selective_op, Recompute::full }) {
                                    if (tp * pp * cp > 8 || 8 % (tp * pp * cp) != 0 || (sp && tp == 1)) continue;
                                    if (v > 1 && (pp < 2 || 32 < 2 * pp * v)) continue;
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
    // Issue 18: the top plans differ by less than 1 % while the estimate's out-of-sample range is
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
    // Issue 18: given a published run's model, GPU count, batch and sequence length, some plan with
    // the published TP, PP, CP and EP must lie within the best plan's range (six of the seven runs) — the estimate
    // cannot claim its own favourite is faster than the layout the run used. Where the planner still ranks another
    // layout first, docs/FIDELITY.md says why.
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
        if (std::string_view(id) == "llama3-405b-16384gpu-8192") {
            // The exception, docs/FIDELITY.md: Llama 3 at 8k tokens on 16,384 GPUs. Its layout (v = 8,
            // one layer per chunk, norms and the SwiGLU product recomputed, as its source reads §3.3.2)
            // lies outside the planner's space (v ≤ 4 with two layers per chunk; recomputation none,
            // selective, op-level or full), where the same TP, PP and CP must recompute every other
            // matmul to fit. The estimate must then not rank the planner's favourite above the
            // published layout itself.
            const Plan& best = r.plans.front();
            CHECK(estimate(run->scenario).training.timeS <= best.estimate.training.timeS);
            CHECK_FALSE(within);
            continue;
        }
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
    // Usability review, problem 9: ZeRO-3 and full recomputation could not be kept in a search.
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
