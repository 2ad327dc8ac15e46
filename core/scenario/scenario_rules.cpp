#include "core/scenario/scenario_rules.h"

#include "core/base/checked.h"
#include "core/scenario/architecture.h"
#include "core/scenario/dimensions.h"

namespace core {

void setArchitectureField(Architecture& a, int Architecture::*field, int value)
{
    if (field == &Architecture::kvLoraRank) {
        setKvLoraRank(a, value);
        return;
    }
    const bool geometry = field == &Architecture::hidden || field == &Architecture::heads;
    // Derived when the heads tile the hidden size exactly (Llama, GPT); Gemma's and latent
    // attention's widths were chosen independently and stay.
    const bool derived = !a.isMla() && a.headDim * a.heads == a.hidden;
    a.*field = value;
    if (geometry && derived && a.heads > 0 && a.hidden % a.heads == 0) a.headDim = a.hidden / a.heads;
    if (field == &Architecture::heads && (a.kvHeads > a.heads || a.isMla())) a.kvHeads = a.heads;
}

void setSchedule(Parallel& p, Schedule schedule)
{
    p.schedule = schedule;
    if (schedule != Schedule::interleaved)
        p.virtualStages = 1;
    else if (p.virtualStages < 2)
        p.virtualStages = 2;
}

std::optional<Problem> parallelRuleProblem(const Parallel& p)
{
    using enum ProblemCode;
    // Computed in 64 bits and refused before anything divides by it (an int product wrapped to 0,
    // SIGFPE, or to a negative GPU count).
    if (p.gpus() > kMaxGpus) {
        Problem::Values values = gpuFactors(p);
        values.insert(values.end(), { { "gpus", double(p.gpus()) }, { "max_gpus", double(kMaxGpus) } });
        return Problem(too_many_gpus, std::move(values));
    }
    // docs/DESIGN.md: EP is carved out of dp × cp, as in Megatron.
    if (!expertsFitDataRanks(p)) return Problem(ep_not_dividing_dp_cp, { { "ep", p.ep }, { "dp_cp", dataRanks(p) } });
    if (p.virtualStages > 1 && p.schedule != Schedule::interleaved)
        return Problem(virtual_stages_need_interleaved, { { "virtual_stages", p.virtualStages } });
    if (p.schedule == Schedule::interleaved && p.pp < 2) return Problem(interleaved_needs_pp, { { "pp", p.pp } });
    if (p.sequenceParallel && p.tp < 2) return Problem(sequence_parallel_needs_tp, { { "tp", p.tp } });
    if (p.pipelineSplit != PipelineSplit::layers && p.pp < 2)
        return Problem(pipeline_split_needs_pp, { { "pp", p.pp } });
    if (p.tpSavedInput != TpSavedInput::shard && !p.sequenceParallel)
        return Problem(tp_saved_input_needs_sequence_parallel);
    if (p.gradReduce != GradReduce::per_micro_batch && p.zero < 2)
        return Problem(grad_reduce_needs_zero, { { "zero", p.zero } });
    if (p.attentionKernel != AttentionKernel::automatic && !p.flashAttention)
        return Problem(attention_kernel_needs_flash_attention);
    return std::nullopt;
}

std::optional<Problem> layoutProblem(const Scenario& s)
{
    using enum ProblemCode;
    if (auto problem = parallelRuleProblem(s.parallel)) return problem;
    const Training& t = s.training;
    if (t.microBatch > t.globalBatch)
        return Problem(micro_batch_over_global_batch,
            { { "micro_batch", double(t.microBatch) }, { "global_batch", double(t.globalBatch) } });
    // Every pipeline stage (every model chunk with interleaving) holds at least one layer: Megatron-LM
    // and DeepSpeed refuse more stages than layers (pp 512 with 32 layers).
    // With the embedding and the loss counted as layers, a chunk may hold only one of them.
    const std::int64_t chunks = clampedProduct({ s.parallel.pp, s.parallel.virtualStages });
    const bool countsEnds = s.parallel.pipelineSplit == PipelineSplit::embedding_and_loss;
    const std::int64_t units = std::int64_t { s.model.arch.layers } + (countsEnds ? 2 : 0);
    if (chunks > units)
        return Problem(stage_without_layer,
            { { "pp", s.parallel.pp }, { "virtual_stages", s.parallel.virtualStages },
                { "layers", s.model.arch.layers }, { "counts_ends", countsEnds ? 1.0 : 0.0 } });
    return std::nullopt;
}

} // namespace core
