#include "widgets/text/problem_text.h"

#include "core/base/file_io.h"
#include "core/fidelity/calibration.h"
#include "core/scenario/scenario_fields.h"
#include "core/scenario/scenario_io.h"
#include "widgets/text/format.h"

#include <QLocale>
#include <QStringList>

#include <algorithm>
#include <cmath>

namespace ui {

namespace {
QString n(const core::Problem& w, const char* name)
{
    return QString::number(w.value(name), 'g', 12);
}
/// The key a reader's problem is about ("parallel.tp"), as the file spells it.
QString key(const core::Problem& w)
{
    return w.key.empty() ? ProblemText::tr("The file") : QString::fromStdString(w.key);
}
} // namespace

QString ProblemText::of(const core::Problem& w)
{
    // Each family words its own codes and answers nothing for the others; a code no family words
    // shows its name (the language test checks that every code has a translated sentence).
    for (auto family : { &estimateWarning, &layoutProblem, &fileProblem, &modelProblem, &hardwareProblem,
             &launchProblem, &measurementProblem }) {
        if (std::optional<QString> text = family(w)) return *text;
    }
    return QString::fromStdString(w.codeName());
}

// Inconsistent but computable inputs: the estimate runs and lists them as warnings.
std::optional<QString> ProblemText::estimateWarning(const core::Problem& w)
{
    using core::ProblemCode;
    switch (w.code) {
    case ProblemCode::heads_not_divisible_by_tp:
        return tr("Attention heads (%1) are not divisible by TP (%2).").arg(n(w, "heads"), n(w, "tp"));
    case ProblemCode::kv_heads_not_divisible_by_tp:
        return tr("KV heads (%1) and TP (%2) do not divide one another.").arg(n(w, "kv_heads"), n(w, "tp"));
    case ProblemCode::layers_not_divisible_by_pp:
        return tr("Layers (%1) are not divisible by PP × virtual stages (%2 × %3); stages get unequal layer counts.")
            .arg(n(w, "layers"), n(w, "pp"), n(w, "virtual_stages"));
    case ProblemCode::global_batch_not_divisible:
        return tr("Global batch (%1) is not divisible by DP × micro-batch (%2 × %3).")
            .arg(n(w, "global_batch"), n(w, "dp"), n(w, "micro_batch"));
    case ProblemCode::experts_not_divisible_by_ep:
        return tr("Experts (%1) are not divisible by EP (%2).").arg(n(w, "experts"), n(w, "ep"));
    case ProblemCode::seq_len_not_divisible_by_cp:
        return tr("Sequence length (%1) is not divisible by 2 × CP (CP = %2).").arg(n(w, "seq_len"), n(w, "cp"));
    case ProblemCode::ep_without_experts:
        return tr("EP is %1 but the model has no experts.").arg(n(w, "ep"));
    case ProblemCode::redundant_master_weights:
        return tr("Master weights have the same format as the weights: the extra copy adds memory and no precision.");
    case ProblemCode::cp_without_flash_attention:
        return tr("Context parallelism is modelled as ring attention with flash attention.");
    case ProblemCode::peak_missing_for_dtype:
        return tr("The GPU's datasheet gives no peak for the compute format; the nearest format's peak is used.");
    case ProblemCode::memory_bandwidth_assumed:
        return tr("The GPU gives no memory bandwidth; the optimizer step and memory-bound kernels assume %1 TB/s.")
            .arg(formatSignificant(w.value("assumed_tbps"), 3));
    case ProblemCode::zero_with_pipeline:
        return tr(
            "ZeRO stage %1 with pipeline parallelism (PP = %2): DeepSpeed refuses stages 2 and 3 with pipelines and "
            "Megatron-LM shards only the optimizer (stage 1); only FSDP-based frameworks such as torchtitan combine "
            "them.")
            .arg(n(w, "zero"), n(w, "pp"));
    case ProblemCode::tokens_less_than_one_step:
        return tr("The token budget (%1) is less than one step's tokens (%2): the run is counted as one step.")
            .arg(formatSignificant(w.value("tokens"), 3), formatSignificant(w.value("tokens_per_step"), 3));
    case ProblemCode::attention_rate_assumed:
        return tr("The GPU catalog has no measured rate for this attention kernel on this GPU: attention is priced at "
                  "%1 × its "
                  "matmul rate.")
            .arg(formatSignificant(w.value("fraction_of_matmul_rate"), 3));
    case ProblemCode::stack_without_flash_attention:
        return tr("Megatron-LM's 2021–23 layer code computed attention with the fused softmax (flash attention came "
                  "in mid-2023). Turn flash attention off, or choose Megatron-Core.");
    case ProblemCode::no_master_weights: {
        // Format names and the power of two are notation, not words.
        const auto format = core::DType(std::clamp(int(w.value("format")), 0, int(core::kDTypeNames.size()) - 1));
        const QString name = QString::fromUtf8(core::toString(format).data(), qsizetype(core::toString(format).size()))
                                 .toUpper()
                                 .replace(QLatin1Char('_'), QLatin1Char(' '));
        const QString power = QStringLiteral("2^-%1").arg(qlonglong(w.value("mantissa_bits")) + 1);
        //: %1 the weights' format (BF16), %2 a percentage (0.39), %3 the same as a power of two (2^-8), %4 FP32
        return tr("Weights are kept in %1 with no %4 master copy: an update smaller than %2 % of a weight's "
                  "magnitude (%3) rounds away and training stalls. Keep %4 master weights, or use stochastic "
                  "rounding or Kahan summation.")
            .arg(name, QLocale().toString(w.value("threshold") * 100, 'g', 2), power, QStringLiteral("FP32"));
    }
    case ProblemCode::low_precision_gradient_accumulation:
        return tr(
            "Gradients are summed over %1 micro-batches in a format of %2 significant bits: once the sum has grown, "
            "small "
            "contributions round away. Megatron-LM and DeepSpeed accumulate in FP32 (2 more bytes per parameter).")
            .arg(formatSignificant(w.value("micro_batches"), 4), n(w, "significant_bits"));
    case ProblemCode::run_never_finishes:
        return tr("Writing a checkpoint and restarting take longer than the cluster's mean time between failures (%1 "
                  "h): the run "
                  "never finishes. Write checkpoints faster, restart faster or use fewer GPUs.")
            .arg(formatSignificant(w.value("cluster_mtbf_hours"), 3));
    default:
        return std::nullopt;
    }
}

// Layouts no framework runs, and what the heatmap and the planner find when they price one.
std::optional<QString> ProblemText::layoutProblem(const core::Problem& w)
{
    using core::ProblemCode;
    switch (w.code) {
    case ProblemCode::too_many_gpus:
        return tr("TP × PP × DP × CP = %1 GPUs; at most %2 are supported.")
            .arg(QLocale().toString(w.value("gpus"), 'f', 0), QLocale().toString(w.value("max_gpus"), 'f', 0));
    case ProblemCode::layout_exceeds_gpus:
        return tr("TP × PP × CP = %1 does not divide the %2 GPUs: no whole number of data-parallel replicas fills "
                  "them.")
            .arg(n(w, "per_replica"), n(w, "gpus"));
    case ProblemCode::ep_not_dividing_dp_cp:
        return tr("EP (%1) must divide DP × CP (%2): expert parallelism is carved out of the data-parallel ranks.")
            .arg(n(w, "ep"), n(w, "dp_cp"));
    case ProblemCode::virtual_stages_need_interleaved:
        return tr("Virtual stages (%1) need the interleaved schedule.").arg(n(w, "virtual_stages"));
    case ProblemCode::interleaved_needs_pp:
        return tr("The interleaved schedule needs PP of at least 2.");
    case ProblemCode::sequence_parallel_needs_tp:
        return tr("Sequence parallelism needs TP of at least 2.");
    case ProblemCode::pipeline_split_needs_pp:
        return tr("Counting the embedding and the loss as pipeline layers needs PP of at least 2.");
    case ProblemCode::tp_saved_input_needs_sequence_parallel:
        return tr("What TP keeps for the backward pass applies to sequence parallelism only, which is off.");
    case ProblemCode::grad_reduce_needs_zero:
        return tr("The gradient-reduction setting applies to ZeRO stages 2 and 3 only; ZeRO is %1.").arg(n(w, "zero"));
    case ProblemCode::attention_kernel_needs_flash_attention:
        return tr("A flash-attention kernel is chosen but flash attention is off.");
    case ProblemCode::micro_batch_over_global_batch:
        return tr("The micro-batch (%1) exceeds the global batch (%2).").arg(n(w, "micro_batch"), n(w, "global_batch"));
    case ProblemCode::stage_without_layer:
        return tr("PP × virtual stages (%1 × %2) exceeds the model's %3 layers: a stage would hold no layer.")
            .arg(n(w, "pp"), n(w, "virtual_stages"), n(w, "layers"));
    case ProblemCode::does_not_fit:
        return tr("Does not fit: %1 per GPU, capacity %2.")
            .arg(formatBytes(w.value("total_bytes"), 1), formatBytes(w.value("capacity_bytes"), 1));
    case ProblemCode::too_few_layers_per_stage:
        return tr("Fewer than two layers per pipeline stage.");
    case ProblemCode::over_time_budget:
        return tr("Slower than the time budget.");
    case ProblemCode::search_too_large: {
        // Whole sentences per case: Chinese joins sentences without a space.
        const QLocale locale;
        const QString count = locale.toString(qlonglong(w.value("configurations"))),
                      limit = locale.toString(qlonglong(w.value("limit")));
        if (w.key == "gpus")
            return tr("This search has %1 configurations to estimate, more than its limit of %2. Search fewer GPUs.")
                .arg(count, limit);
        if (w.key == "gpu_types")
            return tr("This search has %1 configurations to estimate, more than its limit of %2. Choose fewer GPU "
                      "types.")
                .arg(count, limit);
        if (w.key == "prices")
            return tr("This search has %1 configurations to estimate, more than its limit of %2. Use a price table "
                      "with fewer offers.")
                .arg(count, limit);
        //: %3 is a setting's key (parallel.pp), %4 how many values the search tries for it
        return tr("This search has %1 configurations to estimate, more than its limit of %2. Keep %3 to fewer of "
                  "its %4 values, or search fewer GPUs.")
            .arg(count, limit, key(w), n(w, "values"));
    }
    case ProblemCode::pins_leave_nothing:
        //: %2 is a setting's key (parallel.tp); what the user keeps of it alone leaves %3 configurations
        return tr("What you keep leaves none of the %1 configurations of this search (%2 alone keeps %3).")
            .arg(QLocale().toString(qlonglong(w.value("configurations"))), key(w),
                QLocale().toString(qlonglong(w.value("keeps"))));
    default:
        return std::nullopt;
    }
}

// What the file reader refuses in a value, a key or the file as a whole.
std::optional<QString> ProblemText::fileProblem(const core::Problem& w)
{
    using core::ProblemCode;
    switch (w.code) {
    case ProblemCode::value_out_of_range: {
        const QLocale locale;
        const bool whole = w.value("integer") > 0;
        const QString min
            = whole ? locale.toString(qlonglong(w.value("min"))) : locale.toString(w.value("min"), 'g', 12);
        const QString max
            = whole ? locale.toString(qlonglong(w.value("max"))) : locale.toString(w.value("max"), 'g', 12);
        if (w.value("power_of_two") > 0)
            return tr("%1 must be a power of two between %2 and %3.").arg(key(w), min, max);
        if (whole) return tr("%1 must be a whole number between %2 and %3.").arg(key(w), min, max);
        return tr("%1 must be a number between %2 and %3.").arg(key(w), min, max);
    }
    case ProblemCode::value_wrong_type:
        switch (core::ExpectedType(int(w.value("expected")))) {
        case core::ExpectedType::number:
            return tr("%1 must be a number.").arg(key(w));
        case core::ExpectedType::boolean:
            return tr("%1 must be true or false.").arg(key(w));
        case core::ExpectedType::string:
            return tr("%1 must be a text in quotes.").arg(key(w));
        case core::ExpectedType::object:
            return tr("%1 must be an object ({ … }).").arg(key(w));
        case core::ExpectedType::array:
            return tr("%1 must be a list ([ … ]).").arg(key(w));
        }
        return tr("%1 has a value of the wrong kind.").arg(key(w));
    case ProblemCode::value_not_a_choice: {
        // The file's names of the key's values, from core's field table, where it lists them.
        const core::Field* field = core::findField(w.key);
        if (!field || field->choices.empty()) return tr("%1 names a value that does not exist.").arg(key(w));
        QStringList names;
        for (std::string_view name : field->choices)
            names << QString::fromUtf8(name.data(), qsizetype(name.size()));
        return tr("%1 must be one of: %2.").arg(key(w), names.join(QStringLiteral(", ")));
    }
    case ProblemCode::key_unknown:
        return tr("%1 is not a key of the scenario format (a typo?).").arg(key(w));
    case ProblemCode::key_required:
        return tr("%1 is missing; the scenario format requires it.").arg(key(w));
    case ProblemCode::key_given_twice:
        return tr("%1 is given twice; each key may appear once.").arg(key(w));
    case ProblemCode::file_not_json:
        //: %1 is the largest scenario file in MiB (1)
        return tr("The file is not a JSON scenario: its text cannot be read as JSON (UTF-8, at most %1 MiB).")
            .arg(QLocale().toString(qulonglong(core::kMaxScenarioBytes >> 20)));
    case ProblemCode::file_unreadable:
        // The reason the system gave (core::FileFailure), not a guess among them.
        switch (core::FileFailure(int(w.value("reason")))) {
        case core::FileFailure::no_such_file:
            return tr("The file cannot be read: it does not exist.");
        case core::FileFailure::permission_denied:
            return tr("The file cannot be read: permission denied (its permissions do not let you read it).");
        case core::FileFailure::folder:
            return tr("The file cannot be read: it is a folder.");
        case core::FileFailure::not_regular:
            return tr("The file cannot be read: it is not a regular file (a pipe, a device or a socket).");
        case core::FileFailure::too_large:
            //: %1 is the largest scenario file in MiB (1)
            return tr("The file cannot be read: it is too large (at most %1 MiB).")
                .arg(QLocale().toString(qulonglong(core::kMaxScenarioBytes >> 20)));
        case core::FileFailure::name_too_long:
            return tr("The file cannot be read: its name is too long.");
        case core::FileFailure::link_loop:
            return tr("The file cannot be read: its symbolic links lead in a loop.");
        case core::FileFailure::no_data:
            return tr("The file cannot be read: it has no data to give (a special file?).");
        case core::FileFailure::none:
        case core::FileFailure::read_error:
            break;
        }
        return tr("The file cannot be read: the system reported an error while reading it.");
    case ProblemCode::text_too_long:
        //: %2 is a count of bytes of UTF-8; a Chinese character takes three
        return tr("%1 is longer than %2 bytes (a Chinese character takes 3).").arg(key(w), n(w, "max"));
    case ProblemCode::invalid_value:
        return tr("%1 has a value the scenario rules refuse.").arg(key(w));
    default:
        return std::nullopt;
    }
}

// The model's rules, in a scenario file or a config.json import.
std::optional<QString> ProblemText::modelProblem(const core::Problem& w)
{
    using core::ProblemCode;
    switch (w.code) {
    case ProblemCode::kv_heads_not_dividing_heads:
        return tr("KV heads (%1) must divide the attention heads (%2).").arg(n(w, "kv_heads"), n(w, "heads"));
    case ProblemCode::top_k_out_of_experts:
        return tr("Experts per token (%1) must be between 1 and the experts (%2).").arg(n(w, "top_k"), n(w, "experts"));
    case ProblemCode::moe_ffn_hidden_required:
        return tr("A mixture of experts needs the expert FFN size.");
    case ProblemCode::dense_layers_not_below_layers:
        return tr("Dense first layers (%1) must be fewer than the layers (%2).")
            .arg(n(w, "dense_layers"), n(w, "layers"));
    case ProblemCode::moe_key_without_experts:
        return tr("Expert settings apply to a mixture of experts only: set the experts above 0.");
    case ProblemCode::model_given_twice:
        return tr("%1: a model is given by a preset, by a size (params) or by its architecture — one of them.")
            .arg(key(w));
    case ProblemCode::lora_targets_invalid:
        return tr("%1 must list LoRA targets among q, k, v, o, gate, up and down.").arg(key(w));
    case ProblemCode::lora_key_with_full_training:
        return tr("%1 applies to LoRA and QLoRA only, and the method is full training.").arg(key(w));
    case ProblemCode::model_too_large:
        return tr("%1 has %2 parameters; at most %3 are supported.")
            .arg(key(w), formatCount(w.value("params")), formatCount(w.value("max_params")));
    case ProblemCode::max_positions_mismatch:
        return w.value("learned") > 0 ? tr("%1 is required with learned positions.").arg(key(w))
                                      : tr("%1 applies to learned positions only.").arg(key(w));
    case ProblemCode::latent_attention_rule:
        switch (int(w.value("rule"))) {
        case 0:
            return tr("%1: with latent attention every head has its own K and V, so the KV heads equal the heads.")
                .arg(key(w));
        case 1:
            return tr("%1: latent attention is modelled without biases.").arg(key(w));
        default:
            return tr("%1: these keys belong to latent attention and need a KV latent rank above 0.").arg(key(w));
        }
    case ProblemCode::hidden_not_divisible_by_heads:
        return tr("%1: the hidden size (%2) must be divisible by the attention heads (%3).")
            .arg(key(w), n(w, "hidden"), n(w, "heads"));
    case ProblemCode::model_type_unsupported:
        return tr("%1 names a model family TrainPlanner cannot import.").arg(key(w));
    case ProblemCode::config_not_modelled:
        return tr("%1 sets a feature of the model TrainPlanner does not model.").arg(key(w));
    default:
        return std::nullopt;
    }
}

// The hardware's rules: profiles, GPU presets and their figures.
std::optional<QString> ProblemText::hardwareProblem(const core::Problem& w)
{
    using core::ProblemCode;
    switch (w.code) {
    case ProblemCode::profile_nested:
        return tr("%1: a hardware profile cannot point to another profile.").arg(key(w));
    case ProblemCode::gpu_override_needs_preset:
        return tr("%1 replaces a figure of a GPU preset, but the GPU is given whole: set it inside the GPU.")
            .arg(key(w));
    case ProblemCode::gpu_override_empty:
        return tr("%1 names nothing to replace: give the preset's figures that differ, each by its number format "
                  "(\"bf16\") or kernel (\"flash2\").")
            .arg(key(w));
    case ProblemCode::gpu_peak_required:
        return tr("%1 must give the peak of at least one number format.").arg(key(w));
    case ProblemCode::rate_above_peak:
        return tr("%1 must not exceed the datasheet peak (%2 TFLOP/s).").arg(key(w), n(w, "peak_tflops"));
    case ProblemCode::rate_without_peak:
        return tr("%1 has no datasheet peak to be measured against.").arg(key(w));
    case ProblemCode::node_watts_below_tdp:
        return tr("%1 is the whole server's power per GPU and cannot be below the GPU's TDP (%2 W).")
            .arg(key(w), n(w, "tdp_watts"));
    default:
        return std::nullopt;
    }
}

// What launch settings cannot express (core/runs/launch.h).
std::optional<QString> ProblemText::launchProblem(const core::Problem& w)
{
    using core::ProblemCode;
    switch (w.code) {
    case ProblemCode::framework_cannot_express: {
        const QString framework = w.value("framework") == 2 ? QStringLiteral("DeepSpeed")
            : w.value("framework") == 1                     ? QStringLiteral("torchtitan")
                                                            : QStringLiteral("Megatron-LM");
        QString why;
        switch (int(w.value("why"))) {
        case 1:
            why = tr("it is built by the training script, not by the configuration");
            break;
        case 2:
            why = tr("it always uses the other choice");
            break;
        case 3:
            why = tr("the model is chosen by name there, and this architecture is not one of its models");
            break;
        case 5:
            why = tr("FSDP2 shards parameters, gradients and optimizer states together or not at all; set ZeRO to "
                     "0, 2 or 3 (in the planner: pin it) for a plan torchtitan runs");
            break;
        case 4:
            //: %1 × %2 are the micro-batch and the data-parallel size
            why = tr("the global batch must be a whole multiple of micro-batch × data-parallel size (%1 × %2), or "
                     "the run stops at start-up")
                      .arg(n(w, "micro_batch"), n(w, "dp"));
            break;
        default:
            why = tr("it has no setting for it");
        }
        return tr("%1 cannot be expressed in %2's settings: %3.").arg(key(w), framework, why);
    }
    default:
        return std::nullopt;
    }
}

// What reading a training log or a measured figure refuses.
std::optional<QString> ProblemText::measurementProblem(const core::Problem& w)
{
    using core::ProblemCode;
    switch (w.code) {
    case ProblemCode::log_has_no_steps: {
        const QString none
            = tr("This log has no step line of Megatron-LM, torchtitan, DeepSpeed or the Hugging Face Trainer.");
        if (w.value("rejected") <= 0) return none;
        return none + QLatin1Char(' ')
            + tr("%n step line(s) have figures that are no measurement (zero, negative, not finite or out of "
                 "range); the first is line %1.",
                nullptr, int(w.value("rejected")))
                  .arg(QLocale().toString(qlonglong(w.value("first_line"))));
    }
    case ProblemCode::measurement_implausible: {
        // The kinds of core::MeasurementKind, in its order. A log names its line; a figure typed in
        // (the calibration dialog) has none.
        const QString line
            = w.value("line") > 0 ? tr("Line %1: ").arg(QLocale().toString(qlonglong(w.value("line")))) : QString();
        const QString value = formatSignificant(w.value("value"), 4), bound = formatSignificant(w.value("bound"), 4);
        switch (int(w.value("kind"))) {
        case 0:
            return line
                + tr("A step of %1 s is faster than this scenario allows: %2 s with every GPU at its peak (MFU "
                     "would exceed 100 %). Is this the scenario the run used?")
                      .arg(value, bound);
        case 1:
            return line
                //: %3 is the multiple of the planned step beyond which a step is implausible (1000)
                + tr("A step of %1 s is longer than any plausible step, %2 s (a day or %3 × the planned step, "
                     "whichever is longer).")
                      // QString::number: "1000", as the English text always read (no group separator)
                      .arg(value, bound, QString::number(core::kLongestStepOverPlan));
        case 2:
            return line
                //: %3 is the margin in percent allowed for gigabytes read as GiB (8)
                + tr("A peak memory of %1 GiB is more than the GPU has, %2 GiB (with %3 % for gigabytes read as "
                     "GiB). Is this the scenario the run used?")
                      .arg(value, bound, QLocale().toString(std::lround((core::kMemoryUnitTolerance - 1) * 100)));
        case 3:
            //: %2 is 100 % of the peak in the log's own count of attention FLOPs (over 1 at long sequences)
            return line
                + tr("An MFU of %1 is above %2, 100 % of the peak in the log's own count of attention FLOPs.")
                      .arg(value, bound);
        case 4:
            return line
                + tr("%1 TFLOP/s per GPU is above the GPU's peak of %2 TFLOP/s. Is this the scenario the run used?")
                      .arg(value, bound);
        default:
            return line + tr("%1 is no measurement (zero, negative, not finite or out of range).").arg(value);
        }
    }
    default:
        return std::nullopt;
    }
}

QString ProblemText::of(const core::ScenarioError& error)
{
    // Coded: worded here, in the interface language. Any other refusal keeps the reader's words
    // (English), after the key.
    if (error.problem.code != core::ProblemCode::invalid_value) return of(error.problem);
    return QString::fromStdString(error.toString());
}

QString ProblemText::of(const core::ImportNote& note)
{
    using core::ImportNoteCode;
    switch (note.code) {
    case ImportNoteCode::routed_node_limit:
        return tr("topk_group = %1: a token's experts lie on at most that many nodes when each expert group has a "
                  "node of its own.")
            .arg(note.count);
    case ImportNoteCode::mtp_modules:
        return tr("%n multi-token prediction module(s), trained on the last pipeline stage; they share the embedding "
                  "and the output head, so the checkpoint's copies of those are not counted again.",
            nullptr, note.count);
    case ImportNoteCode::rope_scaling_ignored:
        return tr("rope_scaling has no effect on memory or FLOPs.");
    case ImportNoteCode::mla_down_projections_whole:
        return tr("Latent attention's down-projections and latent norms are counted whole on every TP rank.");
    case ImportNoteCode::phi_parallel_block:
        return tr("Phi: one LayerNorm per layer feeds attention and the MLP in parallel; biases on every linear layer "
                  "and the LM head; partial_rotary_factor has no effect on memory or FLOPs.");
    case ImportNoteCode::gpt2_family:
        return tr("GPT-2 family: learned positions, LayerNorm, GeLU, biases on every linear layer, dropout.");
    case ImportNoteCode::qwen2_qkv_bias:
        return tr("Qwen2: biases on the Q, K and V projections only.");
    case ImportNoteCode::qwen2_moe_shared_expert:
        return tr("Qwen2-MoE: the shared expert is counted as %n expert(s) of moe_intermediate_size; its sigmoid gate "
                  "is not counted.",
            nullptr, note.count);
    case ImportNoteCode::phi3_fused_projections:
        return tr("Phi-3: the fused qkv_proj and gate_up_proj are counted as their separate matrices.");
    case ImportNoteCode::sliding_window_ignored:
        return tr("sliding_window is ignored: attention is counted over the whole sequence (an upper bound).");
    case ImportNoteCode::queries_projected_directly:
        return tr("q_lora_rank is null: the queries are projected directly.");
    case ImportNoteCode::gated_mlp:
        return tr("hidden_act %1: a gated MLP of three matrices, counted as SwiGLU.")
            .arg(QString::fromStdString(note.name));
    case ImportNoteCode::ffn_four_times_hidden:
        return tr("n_inner is null: ffn_hidden = 4 × n_embd.");
    }
    return {};
}

QString ProblemText::logFormatName(core::LogFormat format)
{
    switch (format) {
    case core::LogFormat::megatron:
        return QStringLiteral("Megatron-LM");
    case core::LogFormat::torchtitan:
        return QStringLiteral("torchtitan");
    case core::LogFormat::deepspeed:
        return QStringLiteral("DeepSpeed");
    case core::LogFormat::hf_trainer:
        return tr("the Hugging Face Trainer");
    }
    return {};
}

QString ProblemText::logSettingName(core::LogSetting setting)
{
    switch (int(setting)) { // the dimensions' settings are numbers, not enumerators
    case int(core::logSettingOf(core::Knob::tp)):
        return tr("tensor parallelism (TP)");
    case int(core::logSettingOf(core::Knob::pp)):
        return tr("pipeline parallelism (PP)");
    case int(core::logSettingOf(core::Knob::dp)):
        return tr("data parallelism (DP)");
    case int(core::logSettingOf(core::Knob::cp)):
        return tr("context parallelism (CP)");
    case int(core::logSettingOf(core::Knob::ep)):
        return tr("expert parallelism (EP)");
    case int(core::LogSetting::global_batch):
        return tr("global batch (sequences)");
    case int(core::LogSetting::seq_len):
        return tr("sequence length");
    }
    return {};
}

QString ProblemText::of(const core::LogNote& note)
{
    const QLocale locale;
    auto count = [&](const char* name) { return locale.toString(qlonglong(note.value(name))); };
    auto format
        = [&](const char* name) { return logFormatName(core::LogFormat(std::clamp(int(note.value(name)), 0, 3))); };
    switch (note.code) {
    case core::LogNoteCode::other_framework:
        return tr("%1 step lines of %2 were left out: the log is read as %3's.")
            .arg(count("lines"), format("framework"), format("chosen"));
    case core::LogNoteCode::framework_tie:
        return tr("%1 and %2 have %3 step lines each: the log is read as %1's, whose first step line comes first.")
            .arg(format("framework"), format("other"), count("lines"));
    case core::LogNoteCode::figures_rejected:
        return tr("%1 step lines were left out: their figure is no measurement (zero, negative, not finite or out "
                  "of range); the first is line %2.")
            .arg(count("lines"), count("first_line"));
    case core::LogNoteCode::restarted:
        return tr("The step numbers go back %n time(s), first on line %1 (from step %2 to %3): a restarted run; "
                  "the steps of every part are taken.",
            nullptr, int(note.value("restarts")))
            .arg(count("line"), count("from"), count("to"));
    case core::LogNoteCode::only_warmup_step:
        return tr("The only step logged is the first (step %1, line %2), which includes the warm-up: the "
                  "measurement is slower than the steady pace.")
            .arg(count("step"), count("line"));
    case core::LogNoteCode::not_steady:
        //: %3 is the multiple of the median above which a step is left out (1.5)
        return tr("%1 of %2 steady steps are over %3 × the median and were left out: the run is not steady, and "
                  "the median is that of its faster part.")
            .arg(count("left_out"), count("steady"), QLocale().toString(kSlowStepOverMedian));
    case core::LogNoteCode::sampled:
        //: %3 is the sample median's precision, in percent of rank (0.4)
        return tr("The median is taken over a uniform sample of %1 of the %2 steady steps (within ±%3 % of rank "
                  "of the exact median).")
            .arg(count("sample"), count("steady"), QLocale().toString(0.4));
    case core::LogNoteCode::stack_replaced: {
        // The stacks by their file names (training.framework), product names in both languages.
        auto stack = [&](const char* name) {
            const double last = double(core::kSoftwareStackNames.size() - 1);
            const std::string_view word
                = core::toString(core::SoftwareStack(int(std::clamp(note.value(name), 0.0, last))));
            return QString::fromUtf8(word.data(), qsizetype(word.size()));
        };
        return tr("The log is %1's: the plan is priced on its software stack, %2, not on the scenario's %3.")
            .arg(format("framework"), stack("priced"), stack("named"));
    }
    case core::LogNoteCode::differs_from_plan: {
        const auto setting = core::LogSetting(std::clamp(int(note.value("setting")), 0, core::kLogSettingCount - 1));
        //: %1 a setting (tensor parallelism (TP), global batch …), %2 the log's value, %3 the plan's, %4 a line
        return tr("The log's %1 is %2 (line %4); the plan's is %3.")
            .arg(logSettingName(setting), count("log"), count("plan"), count("line"));
    }
    case core::LogNoteCode::rampup_steps:
        //: %2 is the run's global batch, in sequences; Megatron-LM's batch ramp-up (--rampup-batch-size)
        return tr("%1 steady steps of the batch ramp-up (a global batch below the run's %2) were left out: the "
                  "median is that of the full-batch steps.")
            .arg(count("steps"), count("batch"));
    case core::LogNoteCode::rampup_only:
        //: %1 is the run's global batch, in sequences; Megatron-LM's batch ramp-up (--rampup-batch-size)
        return tr("Every step compared is of the batch ramp-up (a global batch below the run's %1): each is read at "
                  "its pace per sequence, as a step of %1 sequences.")
            .arg(count("batch"));
    }
    return QString::fromUtf8(core::toString(note.code).data(), qsizetype(core::toString(note.code).size()));
}

QString ProblemText::summary(core::ProblemCode code)
{
    using core::ProblemCode;
    switch (code) {
    case ProblemCode::does_not_fit:
        return tr("do not fit in memory");
    case ProblemCode::heads_not_divisible_by_tp:
        return tr("heads not divisible by TP");
    case ProblemCode::too_few_layers_per_stage:
        return tr("fewer than two layers per stage");
    case ProblemCode::seq_len_not_divisible_by_cp:
        return tr("sequence not divisible by 2 × CP");
    case ProblemCode::cp_without_flash_attention:
        return tr("context parallelism without flash attention");
    case ProblemCode::global_batch_not_divisible:
        return tr("global batch not divisible by DP × micro-batch");
    case ProblemCode::over_time_budget:
        return tr("slower than the time budget");
    default:
        // Kinds the planner does not count: the sentence without numbers would mislead; the code is exact.
        return QString::fromUtf8(core::toString(code).data(), qsizetype(core::toString(code).size()));
    }
}

} // namespace ui
