#include "warning_text.h"

#include <QLocale>

namespace ui {

namespace {
QString n(const core::Warning& w, const char* name)
{
    return QString::number(w.value(name), 'g', 12);
}
} // namespace

QString WarningText::of(const core::Warning& w)
{
    using core::WarningCode;
    switch (w.code) {
    case WarningCode::heads_not_divisible_by_tp:
        return tr("Attention heads (%1) are not divisible by TP (%2).").arg(n(w, "heads"), n(w, "tp"));
    case WarningCode::kv_heads_not_divisible_by_tp:
        return tr("KV heads (%1) and TP (%2) do not divide one another.").arg(n(w, "kv_heads"), n(w, "tp"));
    case WarningCode::layers_not_divisible_by_pp:
        return tr("Layers (%1) are not divisible by PP × virtual stages (%2 × %3); stages get unequal layer counts.")
            .arg(n(w, "layers"), n(w, "pp"), n(w, "virtual_stages"));
    case WarningCode::global_batch_not_divisible:
        return tr("Global batch (%1) is not divisible by DP × micro-batch (%2 × %3).")
            .arg(n(w, "global_batch"), n(w, "dp"), n(w, "micro_batch"));
    case WarningCode::experts_not_divisible_by_ep:
        return tr("Experts (%1) are not divisible by EP (%2).").arg(n(w, "experts"), n(w, "ep"));
    case WarningCode::seq_len_not_divisible_by_cp:
        return tr("Sequence length (%1) is not divisible by 2 × CP (CP = %2).").arg(n(w, "seq_len"), n(w, "cp"));
    case WarningCode::ep_without_experts:
        return tr("EP is %1 but the model has no experts.").arg(n(w, "ep"));
    case WarningCode::redundant_master_weights:
        return tr("Master weights have the same format as the weights: the extra copy adds memory and no precision.");
    case WarningCode::cp_without_flash_attention:
        return tr("Context parallelism is modelled as ring attention with flash attention.");
    case WarningCode::peak_missing_for_dtype:
        return tr("The GPU's datasheet gives no peak for the compute format; the nearest format's peak is used.");
    case WarningCode::memory_bandwidth_assumed:
        return tr("The GPU gives no memory bandwidth; the optimizer step assumes 2 TB/s.");
    case WarningCode::zero_with_pipeline:
        return tr(
            "ZeRO stage %1 with pipeline parallelism (PP = %2): DeepSpeed refuses stages 2 and 3 with pipelines and "
            "Megatron-LM shards only the optimizer (stage 1); only FSDP-based frameworks such as torchtitan combine "
            "them.")
            .arg(n(w, "zero"), n(w, "pp"));
    case WarningCode::tokens_less_than_one_step:
        return tr("The token budget (%1) is less than one step's tokens (%2): the run is counted as one step.")
            .arg(QLocale().toString(w.value("tokens"), 'g', 3), QLocale().toString(w.value("tokens_per_step"), 'g', 3));
    case WarningCode::attention_rate_assumed:
        return tr("The GPU catalog has no measured rate for this attention kernel on this GPU: attention is priced at "
                  "%1 × its "
                  "matmul rate.")
            .arg(QLocale().toString(w.value("fraction_of_matmul_rate"), 'g', 3));
    case WarningCode::low_precision_gradient_accumulation:
        return tr(
            "Gradients are summed over %1 micro-batches in a format of %2 significant bits: once the sum has grown, "
            "small "
            "contributions round away. Megatron-LM and DeepSpeed accumulate in FP32 (2 more bytes per parameter).")
            .arg(QLocale().toString(w.value("micro_batches"), 'g', 4), n(w, "significant_bits"));
    case WarningCode::run_never_finishes:
        return tr("Writing a checkpoint and restarting take longer than the cluster's mean time between failures (%1 "
                  "h): the run "
                  "never finishes. Write checkpoints faster, restart faster or use fewer GPUs.")
            .arg(QLocale().toString(w.value("cluster_mtbf_hours"), 'g', 3));
    }
    return QString::fromStdString(w.codeName());
}

} // namespace ui
