#include "core/scenario/problem.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

namespace core {

namespace {

/// One problem code: its name in files, the scenario key it is about (empty: the reader or the search
/// names the key) and its English sentence as a template of the problem's named values:
///   {name}          the value, whole numbers in plain digits ("10000000", not "1e+07");
///   {name:gib}      a byte count in GiB to one decimal;
///   {name:percent}  a fraction as a percentage, two significant digits;
///   {name:plus_one} the value plus one (a mantissa's bits plus the implicit one);
///   {name:dtype}    a DType's name ("bf16");
///   {name|a|b|…}    the choice the value numbers (0: a, 1: b; beyond the last: the last); a choice
///                   is a template itself;
///   {key}           the key the problem names, {key|text} text when it names none.
/// The GUI words each code in the interface language (widgets/text/problem_text.cpp).
struct ProblemRow {
    ProblemCode code;
    std::string_view name;
    std::string_view key;
    std::string_view english;
};

using enum ProblemCode;

constexpr ProblemRow kRows[] = {
    { heads_not_divisible_by_tp, "heads_not_divisible_by_tp", "parallel.tp",
        "attention heads ({heads}) are not divisible by tp ({tp})" },
    { kv_heads_not_divisible_by_tp, "kv_heads_not_divisible_by_tp", "parallel.tp",
        "KV heads ({kv_heads}) and tp ({tp}) do not divide one another" },
    { layers_not_divisible_by_pp, "layers_not_divisible_by_pp", "parallel.pp",
        "layers ({layers}) are not divisible by pp × virtual stages ({pp} × {virtual_stages}); stages get unequal "
        "layer counts" },
    { global_batch_not_divisible, "global_batch_not_divisible", "training.global_batch",
        "global batch ({global_batch}) is not divisible by dp × micro-batch ({dp} × {micro_batch})" },
    { experts_not_divisible_by_ep, "experts_not_divisible_by_ep", "parallel.ep",
        "experts ({experts}) are not divisible by ep ({ep})" },
    { seq_len_not_divisible_by_cp, "seq_len_not_divisible_by_cp", "parallel.cp",
        "sequence length ({seq_len}) is not divisible by 2 × cp (cp = {cp})" },
    { ep_without_experts, "ep_without_experts", "parallel.ep", "ep is {ep} but the model has no experts" },
    { redundant_master_weights, "redundant_master_weights", "precision.master_weights",
        "master weights have the same format as the weights: the extra copy adds memory and no precision" },
    { cp_without_flash_attention, "cp_without_flash_attention", "parallel.flash_attention",
        "context parallelism is modelled as ring attention with flash attention; attention scores are estimated per "
        "chunk" },
    { peak_missing_for_dtype, "peak_missing_for_dtype", "precision.compute",
        "the GPU's datasheet gives no peak for the compute format; the nearest format's peak is used" },
    { memory_bandwidth_assumed, "memory_bandwidth_assumed", "hardware.gpu",
        "the GPU gives no memory bandwidth; the optimizer step and memory-bound kernels assume {assumed_tbps} TB/s" },
    { run_never_finishes, "run_never_finishes", "reliability.checkpoint_write_gbps",
        "writing a checkpoint and restarting take longer than the cluster's mean time between failures "
        "({cluster_mtbf_hours} h): the run never finishes; write checkpoints faster, restart faster or use fewer "
        "GPUs" },
    { zero_with_pipeline, "zero_with_pipeline", "parallel.zero",
        "ZeRO stage {zero} with pipeline parallelism (pp = {pp}): DeepSpeed refuses stages 2 and 3 with pipelines and "
        "Megatron-LM shards only the optimizer (stage 1); only FSDP-based frameworks such as torchtitan combine "
        "them" },
    { tokens_less_than_one_step, "tokens_less_than_one_step", "training.tokens",
        "the token budget ({tokens}) is less than one step's tokens ({tokens_per_step}): the run is counted as one "
        "step" },
    { attention_rate_assumed, "attention_rate_assumed", "parallel.attention_kernel",
        "the GPU catalog has no measured rate for this flash-attention kernel on this GPU; attention is priced at "
        "{fraction_of_matmul_rate} × its matmul rate" },
    { low_precision_gradient_accumulation, "low_precision_gradient_accumulation", "precision.gradients",
        "gradients are summed over {micro_batches} micro-batches in a format of {significant_bits} significant bits: "
        "once the sum has grown, small contributions round away; Megatron-LM and DeepSpeed accumulate in fp32 "
        "(precision.gradients fp32, 2 more bytes per parameter)" },
    { stack_without_flash_attention, "stack_without_flash_attention", "parallel.flash_attention",
        "Megatron-LM's 2021-23 layer code computed attention with the fused softmax (flash attention came in "
        "mid-2023): set parallel.flash_attention to false, or choose megatron-core" },
    { no_master_weights, "no_master_weights", "precision.master_weights",
        "the weights are kept in {format:dtype} with no fp32 master copy: an update smaller than "
        "2^-{mantissa_bits:plus_one} ({threshold:percent} %) of a weight's magnitude rounds away and training "
        "stalls; keep fp32 master weights (precision.master_weights fp32, Micikevicius et al. 2018 §3.1), or use "
        "stochastic rounding or Kahan summation" },
    { too_many_gpus, "too_many_gpus", "parallel",
        "tp × pp × dp × cp must be at most {max_gpus} GPUs, got {tp} × {pp} × {dp} × {cp} = {gpus}" },
    { ep_not_dividing_dp_cp, "ep_not_dividing_dp_cp", "parallel.ep", "must divide dp × cp ({dp_cp}), got {ep}" },
    { virtual_stages_need_interleaved, "virtual_stages_need_interleaved", "parallel.virtual_stages",
        "must be 1 unless schedule is \"interleaved\", got {virtual_stages}" },
    { interleaved_needs_pp, "interleaved_needs_pp", "parallel.schedule", "\"interleaved\" needs pp of at least 2" },
    { sequence_parallel_needs_tp, "sequence_parallel_needs_tp", "parallel.sequence_parallel",
        "needs tp of at least 2" },
    { pipeline_split_needs_pp, "pipeline_split_needs_pp", "parallel.pipeline_split", "needs pp of at least 2" },
    { tp_saved_input_needs_sequence_parallel, "tp_saved_input_needs_sequence_parallel", "parallel.tp_saved_input",
        "applies to sequence parallelism only, and sequence_parallel is false" },
    { grad_reduce_needs_zero, "grad_reduce_needs_zero", "parallel.grad_reduce",
        "applies to zero 2 and 3 only (stages 0 and 1 always reduce after accumulation), and zero is {zero}" },
    { attention_kernel_needs_flash_attention, "attention_kernel_needs_flash_attention", "parallel.attention_kernel",
        "names a flash-attention kernel, and flash_attention is false" },
    { micro_batch_over_global_batch, "micro_batch_over_global_batch", "training.micro_batch",
        "must not exceed global_batch ({global_batch}), got {micro_batch}" },
    { stage_without_layer, "stage_without_layer", "parallel.pp",
        "pp × virtual_stages ({pp} × {virtual_stages}) must not exceed the model's layers "
        "({layers}{counts_ends|| + 2 for the embedding and the loss}): a stage would hold no layer" },
    { layout_exceeds_gpus, "layout_exceeds_gpus", "parallel",
        "tp × pp × cp ({per_replica}) must divide the {gpus} GPUs, so that data parallelism fills them with whole "
        "replicas" },
    { does_not_fit, "does_not_fit", "",
        "does not fit: {total_bytes:gib} GiB per GPU, capacity {capacity_bytes:gib} GiB" },
    { too_few_layers_per_stage, "too_few_layers_per_stage", "parallel.pp", "fewer than two layers per pipeline stage" },
    { over_time_budget, "over_time_budget", "", "slower than the time budget" },
    { search_too_large, "search_too_large", "",
        "the search has {configurations} configurations to estimate, more than the limit of {limit}; narrow the "
        "{values} values of {key|the search}" },
    { pins_leave_nothing, "pins_leave_nothing", "",
        "the pins leave none of the {configurations} configurations of the search ({key|a pin} alone keeps {keeps})" },
    { value_out_of_range, "value_out_of_range", "",
        "must be {power_of_two|{integer|a number|an integer}|a power of two} between {min} and {max}" },
    { value_wrong_type, "value_wrong_type", "",
        "must be {expected|a number|true or false|a string|an object|an array|another kind of value}" },
    { value_not_a_choice, "value_not_a_choice", "", "is not one of the key's values" },
    { key_unknown, "key_unknown", "", "unknown key" },
    { key_required, "key_required", "", "is required" },
    { key_given_twice, "key_given_twice", "", "is given twice (each key may appear once)" },
    { kv_heads_not_dividing_heads, "kv_heads_not_dividing_heads", "model.kv_heads",
        "must divide heads ({heads}), got {kv_heads}" },
    { top_k_out_of_experts, "top_k_out_of_experts", "model.top_k",
        "must be between 1 and experts ({experts}), got {top_k}" },
    { moe_ffn_hidden_required, "moe_ffn_hidden_required", "model.moe_ffn_hidden", "is required when experts > 0" },
    { dense_layers_not_below_layers, "dense_layers_not_below_layers", "model.dense_layers",
        "must be less than layers ({layers}), got {dense_layers}" },
    { moe_key_without_experts, "moe_key_without_experts", "model.experts",
        "top_k, moe_ffn_hidden, shared_experts, router_bias, dense_layers and routed_node_limit apply to a mixture of "
        "experts (experts > 0)" },
    { file_not_json, "file_not_json", "", "is not a valid JSON scenario file" },
    { file_unreadable, "file_unreadable", "", "cannot be read" },
    { model_given_twice, "model_given_twice", "",
        "a model is given by a preset, by a size (params) or by its architecture: one of them" },
    { lora_targets_invalid, "lora_targets_invalid", "", "must be a non-empty array of q, k, v, o, gate, up, down" },
    { lora_key_with_full_training, "lora_key_with_full_training", "", "applies to method \"lora\" or \"qlora\" only" },
    { profile_nested, "profile_nested", "", "a hardware profile cannot reference another profile" },
    { gpu_override_needs_preset, "gpu_override_needs_preset", "",
        "replaces a field of a GPU preset, and hardware.gpu is a GPU object" },
    { gpu_override_empty, "gpu_override_empty", "",
        "names nothing to replace: give the preset's entries that differ, each by its dtype (\"bf16\") or kernel "
        "(\"flash2\")" },
    { model_too_large, "model_too_large", "", "has {params} parameters; at most {max_params} are supported" },
    { text_too_long, "text_too_long", "", "is longer than {max} bytes" },
    { max_positions_mismatch, "max_positions_mismatch", "",
        "{learned|applies to learned positions only|is required with learned positions}" },
    { latent_attention_rule, "latent_attention_rule", "", "breaks a rule of latent attention (kv_lora_rank > 0)" },
    { gpu_peak_required, "gpu_peak_required", "", "must give at least one dtype's peak" },
    { rate_above_peak, "rate_above_peak", "", "must not exceed the peak ({peak_tflops} TFLOP/s)" },
    { rate_without_peak, "rate_without_peak", "", "has no peak to be measured against" },
    { node_watts_below_tdp, "node_watts_below_tdp", "", "cannot be below the GPU's tdp_watts ({tdp_watts})" },
    { hidden_not_divisible_by_heads, "hidden_not_divisible_by_heads", "",
        "hidden ({hidden}) must be divisible by the heads ({heads})" },
    { model_type_unsupported, "model_type_unsupported", "", "is not a supported model family" },
    { config_not_modelled, "config_not_modelled", "", "is a feature TrainPlanner does not model" },
    // framework: Framework (core/runs/launch.h), in its order; why: LaunchRefusal, in its order.
    { framework_cannot_express, "framework_cannot_express", "",
        "cannot be expressed in {framework|Megatron-LM|torchtitan|DeepSpeed}'s settings: "
        "{why|it has no setting for it|it is built by the training script, not by the configuration|it always uses "
        "the other choice|the model is chosen by name there, and this architecture is not one of its models|the "
        "global batch must be a whole multiple of micro-batch × data-parallel size ({micro_batch} × {dp}), or the "
        "run stops at start-up|FSDP2 shards parameters, gradients and optimizer states together or not at all; set "
        "ZeRO to 0, 2 or 3 (in the planner: pin it) for a plan torchtitan runs}" },
    { log_has_no_steps, "log_has_no_steps", "",
        "has no step line of Megatron-LM, torchtitan, DeepSpeed or the Hugging Face Trainer{rejected|| with a figure "
        "that is a measurement ({rejected} step lines have zero, negative, non-finite or out-of-range figures, the "
        "first on line {first_line})}" },
    // kind: MeasurementKind (core/fidelity/calibration.h), in its order.
    { measurement_implausible, "measurement_implausible", "",
        "{line||line {line}: }{kind|a step time of {value} s is below the kernel floor of {bound} s (the model's "
        "FLOPs per step on every GPU at the compute dtype's peak: MFU would exceed 100 %); is the scenario the one "
        "the run used?|a step time of {value} s is beyond the longest plausible step, {bound} s (a day or 1000 × the "
        "planned step time, whichever is longer)|a peak memory of {value} GiB is above the GPU's {bound} GiB (its "
        "memory, with 8 % for gigabytes read as GiB); is the scenario the one the run used?|an MFU of {value} is "
        "above {bound} (100 % of the peak, in the log's own count of attention FLOPs)|{value} TFLOP/s per GPU is "
        "above the GPU's peak of {bound} TFLOP/s; is the scenario the one the run used?|{value} is no measurement "
        "(zero, negative, not finite or out of range)}" },
    { invalid_value, "invalid_value", "", "is refused by the scenario rules" },
};
static_assert(std::size(kRows) == kProblemCodeCount, "one row per problem code");

constexpr bool rowsInCodeOrder()
{
    for (std::size_t i = 0; i < std::size(kRows); ++i)
        if (static_cast<std::size_t>(kRows[i].code) != i) return false;
    return true;
}
static_assert(rowsInCodeOrder(), "kRows lists the codes in the enumeration's order");

const ProblemRow* rowOf(ProblemCode code)
{
    const auto i = static_cast<std::size_t>(code);
    return i < std::size(kRows) ? &kRows[i] : nullptr;
}

/// Whole numbers in plain digits (a GPU limit of 10000000, not 1e+07), others as the stream writes them.
std::string number(double v)
{
    if (!std::isfinite(v)) return std::isnan(v) ? "undefined" : v > 0 ? "infinite" : "-infinite";
    if (std::abs(v) < 1e15 && v == std::trunc(v)) return std::to_string(static_cast<long long>(v));
    std::ostringstream os;
    os << v;
    return os.str();
}

/// Where the placeholder opened at `open` closes (the matching '}'), or npos.
std::size_t closing(std::string_view text, std::size_t open)
{
    int depth = 0;
    for (std::size_t i = open; i < text.size(); ++i) {
        if (text[i] == '{') ++depth;
        if (text[i] == '}' && --depth == 0) return i;
    }
    return std::string_view::npos;
}

/// The choices of "{name|a|b}" after the name, split at the '|' outside nested placeholders.
std::vector<std::string_view> choices(std::string_view text)
{
    std::vector<std::string_view> out;
    int depth = 0;
    std::size_t from = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '{') ++depth;
        if (text[i] == '}') --depth;
        if (text[i] == '|' && depth == 0) {
            out.push_back(text.substr(from, i - from));
            from = i + 1;
        }
    }
    out.push_back(text.substr(from));
    return out;
}

std::string filled(std::string_view text, const Problem& problem);

/// One placeholder's text (its braces taken off), as the row's comment describes.
std::string placeholder(std::string_view inside, const Problem& problem)
{
    const std::size_t bar = inside.find('|');
    const std::size_t colon = inside.find(':');
    const std::string_view name = inside.substr(0, std::min(bar, colon));
    if (name == "key") {
        if (!problem.key.empty() || bar == std::string_view::npos) return problem.key;
        return filled(inside.substr(bar + 1), problem);
    }
    const double v = problem.value(name);
    if (bar != std::string_view::npos && bar < colon) {
        const auto options = choices(inside.substr(bar + 1));
        const auto i = static_cast<std::size_t>(std::clamp(v, 0.0, double(options.size() - 1)));
        return filled(options[i], problem);
    }
    const std::string_view format = colon == std::string_view::npos ? std::string_view() : inside.substr(colon + 1);
    if (format == "gib") return number(std::round(v / 1073741824.0 * 10) / 10);
    if (format == "plus_one") return number(v + 1);
    if (format == "dtype") return std::string(toString(DType(int(v))));
    if (format == "percent") {
        std::ostringstream percent;
        percent.precision(2);
        percent << v * 100;
        return percent.str();
    }
    return number(v);
}

/// A row's template with the problem's values in it.
std::string filled(std::string_view text, const Problem& problem)
{
    std::string out;
    for (std::size_t at = 0; at < text.size();) {
        const std::size_t open = text.find('{', at);
        const std::size_t close = open == std::string_view::npos ? open : closing(text, open);
        if (close == std::string_view::npos) {
            out += text.substr(at);
            break;
        }
        out += text.substr(at, open - at);
        out += placeholder(text.substr(open + 1, close - open - 1), problem);
        at = close + 1;
    }
    return out;
}

} // namespace

std::string_view toString(ProblemCode code)
{
    const ProblemRow* row = rowOf(code);
    return row ? row->name : std::string_view("unknown_problem");
}

std::string_view keyOf(ProblemCode code)
{
    const ProblemRow* row = rowOf(code);
    return row ? row->key : std::string_view();
}

double Problem::valueOf(const Values& values, std::string_view name)
{
    for (const auto& [k, v] : values)
        if (k == name) return v;
    return 0;
}

std::string Problem::message() const
{
    const ProblemRow* row = rowOf(code);
    return row ? filled(row->english, *this) : codeName();
}

} // namespace core
