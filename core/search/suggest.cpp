#include "core/search/suggest.h"

#include "core/scenario/dimensions.h"
#include "core/scenario/scenario_edit.h"
#include "core/scenario/scenario_fields.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>

namespace core {

namespace {

/// Among `candidates` accepted by `ok`, the one nearest to `current` on a log scale (the smaller
/// on a tie); 0 when none.
template <typename Ok> int nearest(int current, const std::vector<int>& candidates, Ok ok)
{
    int best = 0;
    double bestDistance = std::numeric_limits<double>::infinity();
    for (int c : candidates) {
        if (!ok(c)) continue;
        const double d = std::abs(std::log(double(c)) - std::log(double(current)));
        if (d < bestDistance - 1e-12 || (std::abs(d - bestDistance) <= 1e-12 && c < best)) {
            best = c;
            bestDistance = d;
        }
    }
    return best;
}

std::vector<int> range(int lo, int hi)
{
    std::vector<int> out;
    for (int i = lo; i <= hi; ++i)
        out.push_back(i);
    return out;
}

/// The multiple of `unit` nearest `value` (the lower one on a tie), at least `unit`.
/// In 64 bits: dp × micro-batch reaches 6.5·10^10 within the limits.
std::int64_t nearestMultiple(std::int64_t value, std::int64_t unit)
{
    const std::int64_t down = value / unit * unit, up = down + unit;
    return down >= unit && value - down <= up - value ? down : up;
}

/// Changes a parallel degree and gives the difference to DP, so the GPU count stays; false if
/// the GPUs do not divide.
bool keepGpus(Scenario& s, int gpus)
{
    const std::int64_t other = gpusPerReplica(s.parallel);
    if (gpus % other != 0) return false;
    s.parallel.dp = int(gpus / other);
    return s.parallel.dp >= 1 && expertsFitDataRanks(s.parallel);
}

bool stillWarns(const Scenario& s, ProblemCode code)
{
    for (const Problem& w : estimate(s).warnings)
        if (w.code == code) return true;
    return false;
}

} // namespace

std::vector<Suggestion> nearestValid(const Scenario& s, const Estimate& e)
{
    std::vector<Suggestion> out;
    const Architecture& a = s.model.arch;
    const Parallel& p = s.parallel;
    const auto gpus = p.gpus();
    auto offer = [&](ProblemCode code, const std::string& key, const std::string& value, const Scenario& changed) {
        if (!validateScenario(changed) && !stillWarns(changed, code)) out.push_back({ code, key, value, changed });
    };
    for (const Problem& w : e.warnings) {
        switch (w.code) {
        case ProblemCode::heads_not_divisible_by_tp:
        case ProblemCode::kv_heads_not_divisible_by_tp: {
            const int tp = nearest(p.tp, { 1, 2, 4, 8, 16, 32, 64 }, [&](int t) {
                Scenario c = s;
                c.parallel.tp = t;
                return a.heads % t == 0 && (a.kvHeads % t == 0 || t % a.kvHeads == 0) && keepGpus(c, gpus);
            });
            if (tp == 0) break;
            Scenario c = s;
            c.parallel.tp = tp;
            if (c.parallel.tp == 1) {
                c.parallel.sequenceParallel = false;
                c.parallel.tpSavedInput = TpSavedInput::shard; // a sequence-parallel setting
            }
            keepGpus(c, gpus);
            offer(w.code, "parallel.tp", std::to_string(tp), c);
            break;
        }
        case ProblemCode::layers_not_divisible_by_pp: {
            auto divides = [&](int q) { return a.layers % (q * (q < 2 ? 1 : p.virtualStages)) == 0; };
            // Keep the GPU count if a divisor within a factor of two allows it; otherwise keep DP
            // (the GPU count changes) rather than collapse the pipeline.
            const int sameGpus = nearest(p.pp, range(1, std::min(a.layers, 512)), [&](int q) {
                Scenario c = s;
                c.parallel.pp = q;
                return divides(q) && keepGpus(c, gpus);
            });
            const bool close = sameGpus > 0 && std::abs(std::log2(double(sameGpus) / p.pp)) <= 1.0;
            const int pp = close ? sameGpus : nearest(p.pp, range(1, std::min(a.layers, 512)), divides);
            // A divisor more than twice as far (61 layers: PP 1 or 61 for 16) changes the layout
            // more than unequal stages cost, which large runs accept (Llama 3: 126 layers on 16
            // stages; DeepSeek-V3: 61 on 16): no suggestion then.
            if (pp == 0 || std::abs(std::log2(double(pp) / p.pp)) > 1.0) break;
            Scenario c = s;
            c.parallel.pp = pp;
            if (pp < 2) {
                c.parallel.virtualStages = 1;
                c.parallel.schedule = Schedule::one_f_one_b;
            }
            if (close) keepGpus(c, gpus);
            offer(w.code, "parallel.pp", std::to_string(pp), c);
            break;
        }
        case ProblemCode::global_batch_not_divisible: {
            // The nearest multiple of dp × micro-batch (the batch is a training choice; the
            // parallel layout stays).
            const std::int64_t batch
                = nearestMultiple(s.training.globalBatch, clampedProduct({ p.dp, s.training.microBatch }));
            if (batch > static_cast<std::int64_t>(findField("training.global_batch")->max)) break;
            Scenario c = s;
            c.training.globalBatch = static_cast<int>(batch);
            offer(w.code, "training.global_batch", std::to_string(batch), c);
            break;
        }
        case ProblemCode::experts_not_divisible_by_ep: {
            const int ep = nearest(p.ep, range(1, 1024), [&](int x) {
                return a.experts % x == 0 && clampedProduct({ p.dp, p.cp }) % x == 0;
            });
            if (ep == 0) break;
            Scenario c = s;
            c.parallel.ep = ep;
            offer(w.code, "parallel.ep", std::to_string(ep), c);
            break;
        }
        case ProblemCode::seq_len_not_divisible_by_cp: {
            const int seq = static_cast<int>(nearestMultiple(s.training.seqLen, 2 * p.cp)); // at most 10^7 + 512
            Scenario c = s;
            c.training.seqLen = seq;
            offer(w.code, "training.seq_len", std::to_string(seq), c);
            break;
        }
        case ProblemCode::ep_without_experts: {
            Scenario c = s;
            c.parallel.ep = 1;
            offer(w.code, "parallel.ep", "1", c);
            break;
        }
        case ProblemCode::cp_without_flash_attention: {
            Scenario c = s;
            c.parallel.flashAttention = true;
            offer(w.code, "parallel.flash_attention", "true", c);
            break;
        }
        case ProblemCode::stack_without_flash_attention: {
            Scenario c = s;
            if (s.parallel.cp > 1) {
                // Context parallelism needs flash attention: the stack that has both.
                c.training.framework = SoftwareStack::megatron_core;
                offer(w.code, "training.framework", "megatron-core", c);
            } else {
                c.parallel.flashAttention = false;
                c.parallel.attentionKernel = AttentionKernel::automatic; // a kernel needs flash attention
                offer(w.code, "parallel.flash_attention", "false", c);
            }
            break;
        }
        case ProblemCode::low_precision_gradient_accumulation: {
            Scenario c = s;
            c.precision.gradients = DType::fp32;
            offer(w.code, "precision.gradients", "fp32", c);
            break;
        }
        case ProblemCode::no_master_weights: {
            // The fp32 copy the optimizer updates (Micikevicius et al. 2018 §3.1): 4 more bytes per parameter.
            Scenario c = s;
            c.precision.masterWeights = DType::fp32;
            offer(w.code, "precision.master_weights", "fp32", c);
            break;
        }
        case ProblemCode::attention_rate_assumed: {
            Scenario c = s;
            c.parallel.attentionKernel = AttentionKernel::automatic;
            offer(w.code, "parallel.attention_kernel", "auto", c);
            break;
        }
        default:
            break;
        }
    }
    return out;
}

std::vector<Suggestion> fitFixes(const Scenario& s, const Estimate& e)
{
    std::vector<Suggestion> out;
    if (e.memory.fits()) return out;
    // Offers `c` when it is valid and fits; true when it did.
    auto offer = [&](std::string key, std::string value, const Scenario& c) {
        if (validateScenario(c)) return false;
        const Estimate after = estimate(c);
        if (!after.memory.fits()) return false;
        out.push_back({ ProblemCode::does_not_fit, std::move(key), std::move(value), c, after.memory.total(),
            after.compute.stepTimeS, after.training.gpuHours });
        return true;
    };
    const Parallel& p = s.parallel;
    // Recomputation, the cheapest that fits: the norms and activation function (Llama 3's), the ops
    // whose outputs are cheap to redo, then whole layers (Korthikanti et al. 2022).
    for (const Recompute r : { Recompute::norms_up_proj, Recompute::selective_op, Recompute::full }) {
        if (r == p.recompute || (p.recompute == Recompute::full)) break;
        Scenario c = s;
        c.parallel.recompute = r;
        if (offer("parallel.recompute", std::string(toString(r)), c)) break;
    }
    // ZeRO, the lowest stage that fits: it shards over DP × CP; stages 2 and 3 only without a pipeline.
    if (clampedProduct({ p.dp, p.cp }) > 1)
        for (int zero = p.zero + 1; zero <= (p.pp > 1 ? 1 : 3); ++zero) {
            Scenario c = s;
            c.parallel.zero = zero;
            if (offer("parallel.zero", std::to_string(zero), c)) break;
        }
    // The largest smaller micro-batch that fits and whose DP × micro-batch divides the global batch.
    for (int mb = std::min(s.training.microBatch - 1, e.memory.largestMicroBatch); mb >= 1; --mb) {
        if (!isMultipleOf(s.training.globalBatch, { p.dp, mb })) continue;
        Scenario c = s;
        c.training.microBatch = mb;
        if (offer("training.micro_batch", std::to_string(mb), c)) break;
    }
    // The optimizer's states in host memory (ZeRO-Offload, Ren et al. 2021).
    if (!p.offloadOptimizer) {
        Scenario c = s;
        c.parallel.offloadOptimizer = true;
        offer("parallel.offload_optimizer", "true", c);
    }
    // A wider TP within the node, DP giving up the GPUs it takes.
    for (int tp = p.tp * 2; tp <= s.hardware.gpusPerNode; tp *= 2) {
        Scenario c = s;
        c.parallel.tp = tp;
        if (!keepGpus(c, int(std::min<std::int64_t>(p.gpus(), std::numeric_limits<int>::max())))) continue;
        if (offer("parallel.tp", std::to_string(tp), c)) break;
    }
    // More GPUs, where ZeRO shards what more data-parallel ranks divide: the fewest that fit.
    if (p.zero > 0)
        for (int steps = 1; steps <= 10; ++steps) {
            const auto gpus = steppedGpuCount(s, steps);
            if (!gpus) break;
            Scenario c = s;
            setGpuCount(c, *gpus);
            if (offer("parallel.gpus", std::to_string(*gpus), c)) break;
        }
    std::stable_sort(
        out.begin(), out.end(), [](const Suggestion& a, const Suggestion& b) { return a.gpuHours < b.gpuHours; });
    if (out.size() > kMaxFitFixes) out.resize(kMaxFitFixes);
    return out;
}

} // namespace core
