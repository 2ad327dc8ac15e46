// Every figure explains itself: core's explanations cover the shown quantities and agree with them.
#include "core/estimate/estimate.h"
#include "core/estimate/explain.h"
#include "core/scenario/scenario_io.h"
#include "tests/core/parsed_scenario.h"

#include <catch2/catch.hpp>

#include <cctype>
#include <cmath>
#include <string>

using namespace core;

TEST_CASE("explanations cover memory, time, communication and cost", "[core][explain]")
{
    Scenario s = defaultScenario();
    s.parallel.tp = 2;
    s.parallel.pp = 2;
    s.parallel.dp = 4;
    const Estimate e = estimate(s);
    const auto all = explain(s, e);
    for (const char* key : { "memory.weights", "memory.gradients", "memory.master_weights", "memory.optimizer_states",
             "memory.activations", "memory.buffers", "memory.overhead", "compute.compute_time_s",
             "compute.bubble_time_s", "compute.optimizer_time_s", "compute.step_time_s", "compute.mfu",
             "communication.tp.all_reduce", "communication.pp.send_recv", "communication.dp.reduce_scatter",
             "training.time_s", "training.cost_usd" }) {
        INFO(key);
        const Explanation* x = findExplanation(all, key);
        REQUIRE(x);
        CHECK_FALSE(x->formula.empty());
        CHECK_FALSE(x->source.empty());
        CHECK(x->substituted.find('=') != std::string::npos);
    }
    // The substituted weights end in the value the chart shows (3 significant digits, GB).
    const auto* w = findExplanation(all, "memory.weights");
    char expected[32];
    std::snprintf(expected, sizeof expected, "%.4g GB", e.memory.peak().bytes.weights / 1e9);
    CHECK_THAT(w->substituted, Catch::EndsWith(expected));
    // One node is "1 node", not "1 nodes".
    const auto* tp = findExplanation(all, "communication.tp.all_reduce");
    CHECK_THAT(tp->substituted, Catch::Contains("(2 ranks on 1 node)"));
}

namespace {

/// Evaluates "a × b B ÷ c + (d × e B + f × g B) ÷ h": numbers (also 1.6e+09), ×, ÷, +, brackets; the
/// unit "B" is skipped. Enough for the model-state texts, and strict: anything else fails.
struct Arithmetic {
    std::string text;
    std::size_t at = 0;
    bool ok = true;

    void space()
    {
        while (at < text.size() && (text[at] == ' ' || text[at] == 'B'))
            ++at;
    }
    bool eat(const char* token)
    {
        space();
        const std::string t(token);
        if (text.compare(at, t.size(), t) != 0) return false;
        at += t.size();
        return true;
    }
    double factor()
    {
        space();
        if (eat("(")) {
            const double v = sum();
            ok = ok && eat(")");
            return v;
        }
        std::size_t used = 0;
        double v = 0;
        try {
            v = std::stod(text.substr(at), &used);
        } catch (...) {
            ok = false;
        }
        at += used;
        return v;
    }
    double product()
    {
        double v = factor();
        for (;;) {
            if (eat("×"))
                v *= factor();
            else if (eat("÷"))
                v /= factor();
            else
                return v;
        }
    }
    double sum()
    {
        double v = product();
        while (eat("+"))
            v += product();
        return v;
    }
};

/// The arithmetic of a model-state explanation ("… = X GB", or "on the host (offload): … = X GB;
/// on the GPU 0 GB"), evaluated, and the X it claims.
std::pair<double, double> evaluated(const std::string& substituted)
{
    std::string text = substituted;
    const std::string host = "on the host (offload): ";
    if (text.starts_with(host)) text = text.substr(host.size(), text.find(';') - host.size());
    const auto equals = text.rfind(" = ");
    Arithmetic a { text.substr(0, equals) };
    const double bytes = a.sum();
    a.space();
    INFO(substituted);
    CHECK(a.ok);
    CHECK(a.at == a.text.size());
    return { bytes / 1e9, std::stod(text.substr(equals + 3)) };
}

} // namespace

TEST_CASE("the model-state explanations print the arithmetic that produces the shown value", "[core][explain]")
{
    // Mixtral with EP 8 (the experts are not sharded: their data-parallel group is dp·cp ÷ ep = 1),
    // the same with TP 2, QLoRA and LoRA on a 7B, Adafactor on 1B, everything offloaded. Before, the
    // texts held false arithmetic, e.g. "7.24e+09 × 4 B ÷ 8 = 23.35 GB".
    const char* scenarios[] = {
        R"({"format":"trainplanner-scenario","version":1,"model":{"preset":"mixtral-8x7b"},"training":{"seq_len":4096,"global_batch":64},"parallel":{"dp":8,"ep":8,"recompute":"full"},"hardware":{"gpu":"h100-sxm"}})",
        R"({"format":"trainplanner-scenario","version":1,"model":{"preset":"mixtral-8x7b"},"training":{"seq_len":4096,"global_batch":64},"parallel":{"tp":2,"dp":8,"ep":8,"sequence_parallel":true,"recompute":"full","zero":3},"hardware":{"gpu":"h100-sxm"}})",
        R"({"format":"trainplanner-scenario","version":1,"model":{"preset":"llama-2-7b"},"training":{"seq_len":2048,"global_batch":8,"method":"qlora"},"parallel":{"dp":1,"zero":0}})",
        R"({"format":"trainplanner-scenario","version":1,"model":{"preset":"llama-2-7b"},"training":{"seq_len":2048,"global_batch":8,"method":"lora"},"parallel":{"dp":1,"zero":0}})",
        R"({"format":"trainplanner-scenario","version":1,"model":{"params":1000000000},"training":{"optimizer":"adafactor","global_batch":8},"parallel":{"dp":1,"zero":0}})",
        R"({"format":"trainplanner-scenario","version":1,"model":{"preset":"llama-2-7b"},"training":{"global_batch":64},"parallel":{"dp":1,"zero":0,"recompute":"full","offload_optimizer":true,"offload_params":true}})",
        // ZeRO-3 kept gathered for the step (torchtitan's FSDP with PP): the shard plus the whole bf16 copy.
        R"({"format":"trainplanner-scenario","version":1,"model":{"preset":"llama-2-7b"},"training":{"global_batch":64},"precision":{"weights":"fp32","gradients":"fp32","master_weights":"none"},"parallel":{"pp":2,"dp":8,"zero":3,"grad_reduce":"after_accumulation","recompute":"full"}})",
    };
    for (const char* text : scenarios) {
        const Scenario s = scenario(text);
        const Estimate e = estimate(s);
        const auto all = explain(s, e);
        const StageMemory& st = e.memory.peak();
        const std::pair<const char*, double> shown[] = {
            { "memory.weights", st.bytes.weights + st.onHost.weights },
            { "memory.gradients", st.bytes.gradients },
            { "memory.master_weights", st.bytes.masterWeights + st.onHost.masterWeights },
            { "memory.optimizer_states", st.bytes.optimizerStates + st.onHost.optimizerStates },
        };
        for (const auto& [key, bytes] : shown) {
            INFO(text << "\n" << key);
            const Explanation* x = findExplanation(all, key);
            REQUIRE(x);
            INFO(x->substituted);
            const auto [arithmetic, claimed] = evaluated(x->substituted);
            CHECK(arithmetic == Approx(claimed).epsilon(0.01).margin(1e-4)); // inputs print 3 digits
            CHECK(claimed == Approx(bytes / 1e9).epsilon(0.001).margin(1e-4));
        }
    }
    // Offload says where the bytes went; Adafactor says it counts factored elements; QLoRA names NF4.
    const Scenario off = scenario(scenarios[5]);
    CHECK(findExplanation(explain(off, estimate(off)), "memory.optimizer_states")
              ->substituted.starts_with("on the host"));
    const Scenario ada = scenario(scenarios[4]);
    CHECK(findExplanation(explain(ada, estimate(ada)), "memory.optimizer_states")->formula.find("Adafactor")
        != std::string::npos);
    const Scenario q = scenario(scenarios[2]);
    CHECK(
        findExplanation(explain(q, estimate(q)), "memory.weights")->substituted.find("0.5159 B") != std::string::npos);
}
