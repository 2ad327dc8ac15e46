#include "core/problem.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <sstream>

namespace core {

namespace {

constexpr std::array<std::string_view, kProblemCodeCount> kNames { "heads_not_divisible_by_tp",
    "kv_heads_not_divisible_by_tp", "layers_not_divisible_by_pp", "global_batch_not_divisible",
    "experts_not_divisible_by_ep", "seq_len_not_divisible_by_cp", "ep_without_experts", "redundant_master_weights",
    "cp_without_flash_attention", "peak_missing_for_dtype", "memory_bandwidth_assumed", "run_never_finishes",
    "zero_with_pipeline", "tokens_less_than_one_step", "attention_rate_assumed", "low_precision_gradient_accumulation",
    "stack_without_flash_attention", "no_master_weights", "too_many_gpus", "ep_not_dividing_dp_cp",
    "virtual_stages_need_interleaved", "interleaved_needs_pp", "sequence_parallel_needs_tp", "pipeline_split_needs_pp",
    "tp_saved_input_needs_sequence_parallel", "grad_reduce_needs_zero", "attention_kernel_needs_flash_attention",
    "micro_batch_over_global_batch", "stage_without_layer", "layout_exceeds_gpus", "does_not_fit",
    "too_few_layers_per_stage", "over_time_budget", "search_too_large", "pins_leave_nothing", "value_out_of_range",
    "value_wrong_type", "value_not_a_choice", "key_unknown", "key_required", "key_given_twice",
    "kv_heads_not_dividing_heads", "top_k_out_of_experts", "moe_ffn_hidden_required", "dense_layers_not_below_layers",
    "moe_key_without_experts", "file_not_json", "file_unreadable", "model_given_twice", "lora_targets_invalid",
    "lora_key_with_full_training", "profile_nested", "gpu_override_needs_preset", "gpu_override_empty",
    "model_too_large", "text_too_long", "max_positions_mismatch", "latent_attention_rule", "gpu_peak_required",
    "rate_above_peak", "rate_without_peak", "node_watts_below_tdp", "hidden_not_divisible_by_heads",
    "model_type_unsupported", "config_not_modelled", "framework_cannot_express", "log_has_no_steps",
    "measurement_implausible", "invalid_value" };

/// Whole numbers in plain digits (a GPU limit of 10000000, not 1e+07), others as the stream writes them.
std::string number(double v)
{
    if (!std::isfinite(v)) return std::isnan(v) ? "undefined" : v > 0 ? "infinite" : "-infinite";
    if (std::abs(v) < 1e15 && v == std::trunc(v)) return std::to_string(static_cast<long long>(v));
    std::ostringstream os;
    os << v;
    return os.str();
}

} // namespace

std::string_view toString(ProblemCode code)
{
    const auto i = static_cast<std::size_t>(code);
    return i < kNames.size() ? kNames[i] : std::string_view("unknown_problem");
}

std::string_view keyOf(ProblemCode code)
{
    using enum ProblemCode;
    switch (code) {
    case heads_not_divisible_by_tp:
    case kv_heads_not_divisible_by_tp:
        return "parallel.tp";
    case sequence_parallel_needs_tp:
        return "parallel.sequence_parallel";
    case interleaved_needs_pp:
        return "parallel.schedule";
    case layers_not_divisible_by_pp:
    case stage_without_layer:
    case too_few_layers_per_stage:
        return "parallel.pp";
    case global_batch_not_divisible:
        return "training.global_batch";
    case experts_not_divisible_by_ep:
    case ep_without_experts:
    case ep_not_dividing_dp_cp:
        return "parallel.ep";
    case seq_len_not_divisible_by_cp:
        return "parallel.cp";
    case redundant_master_weights:
    case no_master_weights:
        return "precision.master_weights";
    case cp_without_flash_attention:
        return "parallel.flash_attention";
    case attention_kernel_needs_flash_attention:
        return "parallel.attention_kernel";
    case peak_missing_for_dtype:
        return "precision.compute";
    case memory_bandwidth_assumed:
        return "hardware.gpu";
    case run_never_finishes:
        return "reliability.checkpoint_write_gbps";
    case zero_with_pipeline:
        return "parallel.zero";
    case grad_reduce_needs_zero:
        return "parallel.grad_reduce";
    case tokens_less_than_one_step:
        return "training.tokens";
    case attention_rate_assumed:
        return "parallel.attention_kernel";
    case low_precision_gradient_accumulation:
        return "precision.gradients";
    case stack_without_flash_attention:
        return "parallel.flash_attention";
    case too_many_gpus:
    case layout_exceeds_gpus:
        return "parallel";
    case virtual_stages_need_interleaved:
        return "parallel.virtual_stages";
    case pipeline_split_needs_pp:
        return "parallel.pipeline_split";
    case tp_saved_input_needs_sequence_parallel:
        return "parallel.tp_saved_input";
    case micro_batch_over_global_batch:
        return "training.micro_batch";
    case kv_heads_not_dividing_heads:
        return "model.kv_heads";
    case top_k_out_of_experts:
        return "model.top_k";
    case moe_ffn_hidden_required:
        return "model.moe_ffn_hidden";
    case dense_layers_not_below_layers:
        return "model.dense_layers";
    case moe_key_without_experts:
        return "model.experts";
    case does_not_fit:
    case over_time_budget:
    case search_too_large: // the search names the knob or option to narrow
    case pins_leave_nothing: // the search names the pin
    case value_out_of_range:
    case value_wrong_type:
    case value_not_a_choice:
    case key_unknown:
    case key_required:
    case key_given_twice:
    case file_not_json:
    case file_unreadable:
    case model_given_twice:
    case lora_targets_invalid:
    case lora_key_with_full_training:
    case profile_nested:
    case gpu_override_needs_preset:
    case gpu_override_empty:
    case model_too_large:
    case text_too_long:
    case max_positions_mismatch:
    case latent_attention_rule:
    case gpu_peak_required:
    case rate_above_peak:
    case rate_without_peak:
    case node_watts_below_tdp:
    case hidden_not_divisible_by_heads:
    case model_type_unsupported:
    case config_not_modelled:
    case framework_cannot_express:
    case log_has_no_steps:
    case measurement_implausible:
    case invalid_value:
        return ""; // the reader names the key
    }
    return "";
}

double Problem::valueOf(const Values& values, std::string_view name)
{
    for (const auto& [k, v] : values)
        if (k == name) return v;
    return 0;
}

std::string Problem::message() const
{
    auto v = [&](const char* name) { return number(value(name)); };
    using enum ProblemCode;
    switch (code) {
    case heads_not_divisible_by_tp:
        return "attention heads (" + v("heads") + ") are not divisible by tp (" + v("tp") + ")";
    case kv_heads_not_divisible_by_tp:
        return "KV heads (" + v("kv_heads") + ") and tp (" + v("tp") + ") do not divide one another";
    case layers_not_divisible_by_pp:
        return "layers (" + v("layers") + ") are not divisible by pp × virtual stages (" + v("pp") + " × "
            + v("virtual_stages") + "); stages get unequal layer counts";
    case global_batch_not_divisible:
        return "global batch (" + v("global_batch") + ") is not divisible by dp × micro-batch (" + v("dp") + " × "
            + v("micro_batch") + ")";
    case experts_not_divisible_by_ep:
        return "experts (" + v("experts") + ") are not divisible by ep (" + v("ep") + ")";
    case seq_len_not_divisible_by_cp:
        return "sequence length (" + v("seq_len") + ") is not divisible by 2 × cp (cp = " + v("cp") + ")";
    case ep_without_experts:
        return "ep is " + v("ep") + " but the model has no experts";
    case redundant_master_weights:
        return "master weights have the same format as the weights: the extra copy adds memory and no precision";
    case cp_without_flash_attention:
        return "context parallelism is modelled as ring attention with flash attention; attention scores are estimated "
               "per chunk";
    case peak_missing_for_dtype:
        return "the GPU's datasheet gives no peak for the compute format; the nearest format's peak is used";
    case memory_bandwidth_assumed:
        return "the GPU gives no memory bandwidth; the optimizer step and memory-bound kernels assume "
            + v("assumed_tbps") + " TB/s";
    case zero_with_pipeline:
        return "ZeRO stage " + v("zero") + " with pipeline parallelism (pp = " + v("pp")
            + "): DeepSpeed refuses stages 2 and 3 with pipelines and Megatron-LM shards only the optimizer (stage 1); "
              "only FSDP-based frameworks such as torchtitan combine them";
    case tokens_less_than_one_step:
        return "the token budget (" + v("tokens") + ") is less than one step's tokens (" + v("tokens_per_step")
            + "): the run is counted as one step";
    case attention_rate_assumed:
        return "the GPU catalog has no measured rate for this flash-attention kernel on this GPU; attention is priced "
               "at "
            + v("fraction_of_matmul_rate") + " × its matmul rate";
    case stack_without_flash_attention:
        return "Megatron-LM's 2021-23 layer code computed attention with the fused softmax (flash attention came in "
               "mid-2023): set parallel.flash_attention to false, or choose megatron-core";
    case no_master_weights: {
        std::ostringstream percent;
        percent.precision(2);
        percent << value("threshold") * 100;
        return "the weights are kept in " + std::string(toString(DType(int(value("format")))))
            + " with no fp32 master copy: an update smaller than 2^-" + number(value("mantissa_bits") + 1) + " ("
            + percent.str()
            + " %) of a weight's magnitude rounds away and training stalls; keep fp32 master weights "
              "(precision.master_weights fp32, Micikevicius et al. 2018 §3.1), or use stochastic rounding or Kahan "
              "summation";
    }
    case low_precision_gradient_accumulation:
        return "gradients are summed over " + v("micro_batches") + " micro-batches in a format of "
            + v("significant_bits")
            + " significant bits: once the sum has grown, small contributions round away; Megatron-LM and DeepSpeed "
              "accumulate in fp32 (precision.gradients fp32, 2 more bytes per parameter)";
    case run_never_finishes:
        return "writing a checkpoint and restarting take longer than the cluster's mean time between failures ("
            + v("cluster_mtbf_hours")
            + " h): the run never finishes; write checkpoints faster, restart faster or use fewer GPUs";
    case too_many_gpus:
        return "tp × pp × dp × cp must be at most " + v("max_gpus") + " GPUs, got " + v("tp") + " × " + v("pp") + " × "
            + v("dp") + " × " + v("cp") + " = " + v("gpus");
    case layout_exceeds_gpus:
        return "tp × pp × cp (" + v("per_replica") + ") must divide the " + v("gpus")
            + " GPUs, so that data parallelism fills them with whole replicas";
    case ep_not_dividing_dp_cp:
        return "must divide dp × cp (" + v("dp_cp") + "), got " + v("ep");
    case virtual_stages_need_interleaved:
        return "must be 1 unless schedule is \"interleaved\", got " + v("virtual_stages");
    case interleaved_needs_pp:
        return "\"interleaved\" needs pp of at least 2";
    case sequence_parallel_needs_tp:
        return "needs tp of at least 2";
    case pipeline_split_needs_pp:
        return "needs pp of at least 2";
    case tp_saved_input_needs_sequence_parallel:
        return "applies to sequence parallelism only, and sequence_parallel is false";
    case grad_reduce_needs_zero:
        return "applies to zero 2 and 3 only (stages 0 and 1 always reduce after accumulation), and zero is "
            + v("zero");
    case attention_kernel_needs_flash_attention:
        return "names a flash-attention kernel, and flash_attention is false";
    case micro_batch_over_global_batch:
        return "must not exceed global_batch (" + v("global_batch") + "), got " + v("micro_batch");
    case stage_without_layer:
        return "pp × virtual_stages (" + v("pp") + " × " + v("virtual_stages")
            + ") must not exceed the model's layers (" + v("layers")
            + (value("counts_ends") > 0 ? " + 2 for the embedding and the loss" : "")
            + "): a stage would hold no layer";
    case does_not_fit:
        return "does not fit: " + number(std::round(value("total_bytes") / 1073741824.0 * 10) / 10)
            + " GiB per GPU, capacity " + number(std::round(value("capacity_bytes") / 1073741824.0 * 10) / 10) + " GiB";
    case too_few_layers_per_stage:
        return "fewer than two layers per pipeline stage";
    case over_time_budget:
        return "slower than the time budget";
    case search_too_large:
        return "the search has " + v("configurations") + " configurations to estimate, more than the limit of "
            + v("limit") + "; narrow the " + v("values") + " values of "
            + (key.empty() ? std::string("the search") : key);
    case pins_leave_nothing:
        return "the pins leave none of the " + v("configurations") + " configurations of the search ("
            + (key.empty() ? std::string("a pin") : key) + " alone keeps " + v("keeps") + ")";
    case value_out_of_range:
        return std::string("must be ")
            + (value("power_of_two") > 0   ? "a power of two"
                    : value("integer") > 0 ? "an integer"
                                           : "a number")
            + " between " + v("min") + " and " + v("max");
    case value_wrong_type: {
        static constexpr std::array<const char*, 5> kinds { "a number", "true or false", "a string", "an object",
            "an array" };
        const auto i = static_cast<std::size_t>(value("expected"));
        return std::string("must be ") + (i < kinds.size() ? kinds[i] : "another kind of value");
    }
    case value_not_a_choice:
        return "is not one of the key's values";
    case key_unknown:
        return "unknown key";
    case key_required:
        return "is required";
    case key_given_twice:
        return "is given twice (each key may appear once)";
    case kv_heads_not_dividing_heads:
        return "must divide heads (" + v("heads") + "), got " + v("kv_heads");
    case top_k_out_of_experts:
        return "must be between 1 and experts (" + v("experts") + "), got " + v("top_k");
    case moe_ffn_hidden_required:
        return "is required when experts > 0";
    case dense_layers_not_below_layers:
        return "must be less than layers (" + v("layers") + "), got " + v("dense_layers");
    case moe_key_without_experts:
        return "top_k, moe_ffn_hidden, shared_experts, router_bias, dense_layers and routed_node_limit apply to a "
               "mixture of experts (experts > 0)";
    case file_not_json:
        return "is not a valid JSON scenario file";
    case file_unreadable:
        return "cannot be read";
    case model_given_twice:
        return "a model is given by a preset, by a size (params) or by its architecture: one of them";
    case lora_targets_invalid:
        return "must be a non-empty array of q, k, v, o, gate, up, down";
    case lora_key_with_full_training:
        return "applies to method \"lora\" or \"qlora\" only";
    case profile_nested:
        return "a hardware profile cannot reference another profile";
    case gpu_override_needs_preset:
        return "replaces a field of a GPU preset, and hardware.gpu is a GPU object";
    case gpu_override_empty:
        return "names nothing to replace: give the preset's entries that differ, each by its dtype (\"bf16\") or "
               "kernel (\"flash2\")";
    case model_too_large:
        return "has " + v("params") + " parameters; at most " + v("max_params") + " are supported";
    case text_too_long:
        return "is longer than " + v("max") + " bytes";
    case max_positions_mismatch:
        return value("learned") > 0 ? "is required with learned positions" : "applies to learned positions only";
    case latent_attention_rule:
        return "breaks a rule of latent attention (kv_lora_rank > 0)";
    case gpu_peak_required:
        return "must give at least one dtype's peak";
    case rate_above_peak:
        return "must not exceed the peak (" + v("peak_tflops") + " TFLOP/s)";
    case rate_without_peak:
        return "has no peak to be measured against";
    case node_watts_below_tdp:
        return "cannot be below the GPU's tdp_watts (" + v("tdp_watts") + ")";
    case hidden_not_divisible_by_heads:
        return "hidden (" + v("hidden") + ") must be divisible by the heads (" + v("heads") + ")";
    case model_type_unsupported:
        return "is not a supported model family";
    case config_not_modelled:
        return "is a feature TrainPlanner does not model";
    case framework_cannot_express: {
        static constexpr const char* kFrameworks[] = { "Megatron-LM", "torchtitan", "DeepSpeed" };
        static constexpr const char* kWhy[] = { "it has no setting for it",
            "it is built by the training script, not by the configuration", "it always uses the other choice",
            "the model is chosen by name there, and this architecture is not one of its models" };
        const auto f = static_cast<std::size_t>(std::clamp(value("framework"), 0.0, 2.0));
        const std::string head = std::string("cannot be expressed in ") + kFrameworks[f] + "'s settings: ";
        if (value("why") == 5) // LaunchRefusal::zero_stage_unsupported
            return head
                + "FSDP2 shards parameters, gradients and optimizer states together or not at all; set "
                  "ZeRO to 0, 2 or 3 (in the planner: pin it) for a plan torchtitan runs";
        if (value("why") == 4) // LaunchRefusal::batch_not_whole
            return head + "the global batch must be a whole multiple of micro-batch × data-parallel size ("
                + v("micro_batch") + " × " + v("dp") + "), or the run stops at start-up";
        const auto why = static_cast<std::size_t>(std::clamp(value("why"), 0.0, 3.0));
        return head + kWhy[why];
    }
    case log_has_no_steps: {
        std::string text = "has no step line of Megatron-LM, torchtitan, DeepSpeed or the Hugging Face Trainer";
        if (value("rejected") > 0)
            text += " with a figure that is a measurement (" + v("rejected")
                + " step lines have zero, negative, non-finite or out-of-range figures, the first on line "
                + v("first_line") + ")";
        return text;
    }
    case measurement_implausible: {
        // The kinds of MeasurementKind (core/calibration.h), in its order.
        const std::string line = value("line") > 0 ? "line " + v("line") + ": " : std::string();
        const std::string mismatch = "; is the scenario the one the run used?";
        switch (static_cast<int>(value("kind"))) {
        case 0:
            return line + "a step time of " + v("value") + " s is below the kernel floor of " + v("bound")
                + " s (the model's FLOPs per step on every GPU at the compute dtype's peak: MFU would exceed 100 %)"
                + mismatch;
        case 1:
            return line + "a step time of " + v("value") + " s is beyond the longest plausible step, " + v("bound")
                + " s (a day or 1000 × the planned step time, whichever is longer)";
        case 2:
            return line + "a peak memory of " + v("value") + " GiB is above the GPU's " + v("bound")
                + " GiB (its memory, with 8 % for gigabytes read as GiB)" + mismatch;
        case 3:
            return line + "an MFU of " + v("value") + " is above " + v("bound")
                + " (100 % of the peak, in the log's own count of attention FLOPs)";
        case 4:
            return line + v("value") + " TFLOP/s per GPU is above the GPU's peak of " + v("bound") + " TFLOP/s"
                + mismatch;
        default:
            return line + v("value") + " is no measurement (zero, negative, not finite or out of range)";
        }
    }
    case invalid_value:
        return "is refused by the scenario rules";
    }
    return codeName();
}

std::optional<Problem> parallelRuleProblem(const Parallel& p)
{
    using enum ProblemCode;
    // Computed in 64 bits and refused before anything divides by it (an int product wrapped to 0,
    // SIGFPE, or to a negative GPU count).
    if (p.gpus() > kMaxGpus)
        return Problem(too_many_gpus,
            { { "tp", p.tp }, { "pp", p.pp }, { "dp", p.dp }, { "cp", p.cp }, { "gpus", double(p.gpus()) },
                { "max_gpus", double(kMaxGpus) } });
    // docs/DESIGN.md: EP is carved out of dp × cp, as in Megatron.
    const std::int64_t dpCp = clampedProduct({ p.dp, p.cp });
    if (p.ep < 1 || dpCp % p.ep != 0)
        return Problem(ep_not_dividing_dp_cp, { { "ep", p.ep }, { "dp_cp", double(dpCp) } });
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
