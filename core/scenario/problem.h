#pragma once
// One type for everything the tool reports as wrong or assumed about a scenario:
// an estimate's warnings, the rules that make a layout impossible (the heatmap's crossed-out
// cells, the file reader's cross-field errors) and the planner's rejections. Each is a code, the
// scenario key a user would change to resolve it, and named numbers. Core words them in English
// for the command line and files; the GUI words them from the code, in the interface language
// (widgets/text/problem_text.cpp), so core holds no sentence the GUI shows.

#include "core/base/printable.h"
#include "core/scenario/scenario.h"

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace core {

enum class ProblemCode {
    // Inconsistent but computable inputs: the estimate still runs and lists them as warnings.
    heads_not_divisible_by_tp,
    kv_heads_not_divisible_by_tp,
    layers_not_divisible_by_pp,
    global_batch_not_divisible,
    experts_not_divisible_by_ep,
    seq_len_not_divisible_by_cp,
    ep_without_experts,
    redundant_master_weights,
    cp_without_flash_attention,
    peak_missing_for_dtype,
    memory_bandwidth_assumed,
    run_never_finishes,
    zero_with_pipeline, ///< ZeRO-2/3 with PP > 1: DeepSpeed refuses it
    tokens_less_than_one_step, ///< the token budget is smaller than one step: counted as one step
    attention_rate_assumed, ///< the chosen flash-attention kernel has no measured rate on this GPU
    low_precision_gradient_accumulation, ///< micro-batch gradients summed in bf16/fp16
    /// flash attention on a stack whose layer code had none (Megatron-LM 2021–23)
    stack_without_flash_attention,
    /// full training keeps its weights in a float narrower than fp32 with no fp32 master copy: format
    /// (DType of the weights), mantissa_bits, threshold (2^-(mantissa_bits + 1): an update below this
    /// fraction of a weight rounds away)
    no_master_weights,
    // Layouts no framework runs: the reader refuses them, the heatmap crosses them out.
    too_many_gpus, ///< tp × pp × dp × cp beyond kMaxGpus (computed in 64 bits)
    ep_not_dividing_dp_cp, ///< EP is carved out of dp × cp (Megatron-LM)
    virtual_stages_need_interleaved,
    interleaved_needs_pp,
    sequence_parallel_needs_tp,
    pipeline_split_needs_pp,
    tp_saved_input_needs_sequence_parallel,
    grad_reduce_needs_zero,
    attention_kernel_needs_flash_attention,
    micro_batch_over_global_batch,
    stage_without_layer, ///< pp × virtual stages beyond the layers (Megatron-LM and DeepSpeed refuse it)
    /// gpus, per_replica: a layout of a fixed GPU count (the what-if grid) whose TP × PP × CP does not
    /// divide the GPUs, so no whole number of data-parallel replicas fills them
    layout_exceeds_gpus,
    // What the heatmap and the planner find when they price a layout.
    does_not_fit, ///< memory per GPU beyond the GPU's capacity
    too_few_layers_per_stage, ///< the planner's rule: at least two layers per stage
    over_time_budget, ///< the planner's time budget
    /// A search counted past its limit before it started (planner.h kMaxPlanConfigurations):
    /// configurations, limit, values (of the knob or option to narrow, the key), pinned (1: --pin set them)
    search_too_large,
    pins_leave_nothing, ///< the pins excluded every configuration: configurations (the space), keeps (the key's pin)
    // What the file reader refuses (ScenarioError::problem, beside the reader's own English words).
    value_out_of_range, ///< min, max; integer 1 where the value must be whole, power_of_two 1 for a power of two
    value_wrong_type, ///< expected: 0 a number, 1 true or false, 2 a string, 3 an object, 4 an array
    value_not_a_choice, ///< the key's choices are core's field table's (scenario_fields.h)
    key_unknown,
    key_required,
    key_given_twice,
    kv_heads_not_dividing_heads, ///< heads, kv_heads
    top_k_out_of_experts, ///< experts, top_k
    moe_ffn_hidden_required,
    dense_layers_not_below_layers, ///< layers, dense_layers
    moe_key_without_experts,
    file_not_json, ///< not UTF-8, not JSON, too deep, a number out of range, empty
    file_unreadable, ///< no such file, not a regular file, too large, cannot be read
    model_given_twice, ///< a preset, a size (params) and an architecture are three ways: one at a time
    lora_targets_invalid, ///< not a non-empty list of q, k, v, o, gate, up, down
    lora_key_with_full_training,
    profile_nested, ///< a hardware profile names another profile
    gpu_override_needs_preset, ///< a single GPU field next to a GPU object, not a preset name
    gpu_override_empty, ///< a per-dtype or per-kernel override of a GPU preset that names no entry ({})
    model_too_large, ///< params, max_params
    text_too_long, ///< max: characters or bytes
    max_positions_mismatch, ///< learned: 1 when learned positions need it, 0 when they are not learned
    latent_attention_rule, ///< rule: 0 kv_heads = heads, 1 no biases, 2 its keys need kv_lora_rank
    gpu_peak_required,
    rate_above_peak, ///< peak_tflops: a measured rate above its datasheet peak
    rate_without_peak, ///< a measured rate with no datasheet peak to compare it with
    node_watts_below_tdp, ///< tdp_watts
    // What a config.json import refuses (the key is the config's field).
    hidden_not_divisible_by_heads, ///< hidden, heads (the head width cannot be derived)
    model_type_unsupported,
    config_not_modelled, ///< a feature of the model TrainPlanner does not model
    // What launch settings refuse (core/runs/launch.h): the key is the setting.
    framework_cannot_express, ///< framework (Framework), why (LaunchRefusal)
    // What reading a training log refuses (core/runs/training_log.h).
    /// No step line of any format the reader knows; rejected, first_line: the step lines whose figure is
    /// no measurement, and the first of them.
    log_has_no_steps,
    /// A measured figure that cannot be true of the scenario (core/fidelity/calibration.h measurementBounds()):
    /// kind (MeasurementKind), value and bound (seconds, GiB, a fraction or TFLOP/s), line (of a log; 0: none).
    measurement_implausible,
    invalid_value, ///< any other value the reader refuses; the key names it
};
inline constexpr int kProblemCodeCount = int(ProblemCode::invalid_value) + 1;

/// The scenario key a problem of this kind is about — the one the reader names, the control the
/// GUI points to ("parallel.tp"; empty when no single key is).
[[nodiscard]] std::string_view keyOf(ProblemCode code);
[[nodiscard]] std::string_view toString(ProblemCode code); ///< "heads_not_divisible_by_tp", …

struct Problem {
    using Values = std::vector<std::pair<std::string, double>>;

    ProblemCode code = ProblemCode::invalid_value;
    Values values; ///< named numbers for the message, in the file's units (bytes for memory)
    std::string key; ///< the scenario key to change (keyOf(code) unless a problem names another)

    Problem() = default;
    Problem(ProblemCode c, Values v = {}, std::string k = {})
        : code(c)
        , values(std::move(v))
        , key(k.empty() ? std::string(keyOf(c)) : std::move(k))
    {
    }

    [[nodiscard]] std::string codeName() const { return std::string(toString(code)); }
    /// English, for the command line and files (the reader puts the key in front).
    [[nodiscard]] std::string message() const;
    [[nodiscard]] double value(std::string_view name) const { return valueOf(values, name); } ///< 0 when absent

    /// The number named `name` in `values`, 0 when absent (also for a log's notes, which carry the same).
    [[nodiscard]] static double valueOf(const Values& values, std::string_view name);
};

/// Which kind of value a key wanted (Problem value "expected" of value_wrong_type).
enum class ExpectedType { number, boolean, string, object, array };

/// A problem with an input file or override. `path` is the key path ("parallel.tp"), or empty
/// when the problem is the file as a whole (syntax, size, encoding).
struct ScenarioError {
    std::string path;
    std::string message; ///< English, for the command line and files
    /// The same as a code with numbers (invalid_value where the reader has no code for it), for the
    /// GUI to word in the interface language (widgets/text/problem_text.cpp).
    Problem problem;

    /// "path: message", printable: the parts taken from input are escaped where they are put in;
    /// this escapes again whatever control character may remain (escaping is idempotent).
    [[nodiscard]] std::string toString() const
    {
        return escapeControls(path.empty() ? message : path + ": " + message);
    }
};

} // namespace core
