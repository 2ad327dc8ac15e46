#include "core/runs/launch.h"

#include "core/base/checked.h"
#include "core/base/json_text.h"
#include "core/base/printable.h"
#include "core/estimate/estimate_io.h"
#include "core/fidelity/fidelity.h"
#include "core/model/compute_model.h"
#include "core/model/number_format.h"
#include "core/model/software_stack.h"
#include "core/scenario/dimensions.h"
#include "core/scenario/presets.h"
#include "core/scenario/scenario_fields.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <sstream>

namespace core {

namespace {

/// Collects the settings a framework cannot express, each under its scenario key.
class Refusals {
public:
    explicit Refusals(Framework f)
        : m_framework(f)
    {
    }
    void add(std::string key, LaunchRefusal why, double value = 0, const Problem::Values& more = {})
    {
        Problem::Values values { { "framework", double(m_framework) }, { "why", double(why) }, { "value", value } };
        values.insert(values.end(), more.begin(), more.end());
        m_problems.emplace_back(ProblemCode::framework_cannot_express, std::move(values), std::move(key));
    }
    [[nodiscard]] std::vector<Problem> take() { return std::move(m_problems); }

private:
    Framework m_framework;
    std::vector<Problem> m_problems;
};

/// Gradient accumulation steps: the global batch in micro-batches of every data-parallel rank. Only
/// called once batchRefusal() has found it whole (1 where it is not: the text is dropped then).
std::int64_t accumulationOf(const Scenario& s)
{
    return exactQuotient(s.training.globalBatch, { s.training.microBatch, s.parallel.dp }).value_or(1);
}

/// All three frameworks stop at start-up unless the global batch is a whole number of micro-batches
/// on every data-parallel rank, and their data-parallel size is the scenario's dp in each case:
/// - Megatron-LM: data_parallel_size = WORLD_SIZE / (TP × PP × CP) (megatron/training/arguments.py;
///   EP is carved out of DP × CP and does not change it), and its micro-batch calculator asserts
///   global_batch_size % (micro_batch_size × data_parallel_size) == 0
///   (megatron/core/num_microbatches_calculator.py);
/// - torchtitan: dp_degree = data_parallel_replicate_degree × data_parallel_shard_degree (CP is a
///   mesh dimension of its own), and torchtitan/train.py asserts global_batch_size %
///   (local_batch_size × dp_degree) == 0; with a pipeline local_batch_size is the rank's share and
///   must be a multiple of pipeline_parallel_microbatch_size (torchtitan's pipeline schedule);
/// - DeepSpeed: train_batch_size must equal train_micro_batch_size_per_gpu ×
///   gradient_accumulation_steps × the data-parallel world size (deepspeed/runtime/config.py,
///   _batch_assertion); the world is dp alone, as TP, PP, CP and EP are refused for it above.
void batchRefusal(const Scenario& s, Refusals& refusals)
{
    const Training& t = s.training;
    if (isMultipleOf(t.globalBatch, { t.microBatch, s.parallel.dp })) return;
    refusals.add("training.global_batch", LaunchRefusal::batch_not_whole, t.globalBatch,
        { { "micro_batch", t.microBatch }, { "dp", s.parallel.dp } });
}

/// The comment lines every file carries: the layout, then what the log should show.
std::string expectationLines(const Scenario& s, const Estimate& e, const LogExpectation& x, Framework f)
{
    std::ostringstream os;
    const auto& p = s.parallel;
    os << "Expected in the run's log (TrainPlanner's estimate for this scenario on the software stack "
       << toString(s.training.framework) << "):\n";
    os << "  step time: " << fixedNumber(x.stepTimeS, 2) << " s";
    if (x.rangeRuns > 0)
        os << ", range " << fixedNumber(x.stepLowS, 2) << "-" << fixedNumber(x.stepHighS, 2) << " s (" << x.rangeRuns
           << " measured runs: " << x.rangeBasis << ")";
    os << "\n";
    if (f == Framework::megatron)
        os << "    Megatron-LM prints it as: elapsed time per iteration (ms): " << fixedNumber(x.stepTimeS * 1000, 1)
           << "\n";
    os << "  peak memory of the most loaded GPU: " << fixedNumber(x.peakMemoryGib, 1) << " GiB of "
       << fixedNumber(x.capacityGib, 1) << " GiB" << (e.memory.fits() ? "" : " (the estimate says it does not fit)")
       << "\n";
    os << "    PyTorch max_memory_reserved: " << fixedNumber(x.maxReservedGib, 1)
       << " GiB, max_memory_allocated: " << fixedNumber(x.maxAllocatedGib, 1) << " GiB";
    if (f == Framework::torchtitan) os << " (torchtitan's \"memory:\" is the reserved figure)";
    os << "\n";
    os << "  MFU: " << fixedNumber(x.mfu * 100, 1) << " %, " << fixedNumber(x.modelTflopsPerGpu, 1)
       << " TFLOP/s of model FLOPs per GPU (attention over the causal half of the s x s square)\n";
    if (f == Framework::torchtitan)
        os << "    torchtitan counts attention over the whole square: its \"mfu\" "
           << fixedNumber(x.mfuWholeSquare * 100, 1) << " %, \"tflops\" "
           << fixedNumber(x.modelTflopsPerGpuWholeSquare, 1) << "\n";
    os << "  tokens/s: " << fixedNumber(x.tokensPerS, 0) << " in all, " << fixedNumber(x.tokensPerSPerGpu, 0)
       << " per GPU";
    if (f == Framework::torchtitan) os << " (torchtitan's \"tps\")";
    os << "\n";
    os << "  " << x.gpus << " GPUs = " << degreesText(p) << ", " << s.hardware.gpusPerNode << " per node; " << x.steps
       << " steps of " << s.training.globalBatch << " sequences of " << s.training.seqLen << " tokens\n";
    return os.str();
}

/// A name on one line: a scenario's name may hold any character, and a line break inside a comment would
/// end it (the rest read as an argument or a TOML key). C0 controls and DEL become spaces (TOML allows
/// none of them in a comment but the tab), and so do the line breaks beyond ASCII that line splitters
/// such as Python's str.splitlines() honour: NEL (U+0085), LINE SEPARATOR and PARAGRAPH SEPARATOR
/// (U+2028, U+2029).
std::string oneLine(const std::string& given)
{
    const std::string text = toUtf8(given); // a launch file is UTF-8 text (TOML requires it)
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c < 0x20 || c == 0x7f) {
            out += ' ';
        } else if (c == 0xc2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) == 0x85) {
            out += ' ';
            i += 1;
        } else if (c == 0xe2 && text.compare(i + 1, 2, "\x80\xa8") == 0) {
            out += ' ';
            i += 2;
        } else if (c == 0xe2 && text.compare(i + 1, 2, "\x80\xa9") == 0) {
            out += ' ';
            i += 2;
        } else {
            out += static_cast<char>(c);
        }
    }
    return out;
}

std::string commented(const std::string& lines)
{
    std::ostringstream os;
    std::istringstream in(lines);
    for (std::string line; std::getline(in, line);)
        os << "# " << line << "\n";
    return os.str();
}

/// Megatron-LM's --recompute-* arguments, or a refusal.
void megatronRecompute(const Scenario& s, std::vector<std::string>& args, Refusals& refusals)
{
    switch (s.parallel.recompute) {
    case Recompute::none:
        return;
    case Recompute::selective:
        args.push_back("--recompute-granularity selective");
        return;
    case Recompute::full:
        args.push_back("--recompute-granularity full");
        args.push_back("--recompute-method uniform");
        args.push_back("--recompute-num-layers 1");
        return;
    case Recompute::norms_up_proj: {
        std::string modules = "--recompute-modules layernorm";
        if (s.model.arch.isMla()) modules += " mla_up_proj";
        if (s.model.arch.isMoe()) modules += " moe_act";
        args.push_back("--recompute-granularity selective");
        args.push_back(modules);
        return;
    }
    case Recompute::selective_op:
        refusals.add("parallel.recompute", LaunchRefusal::no_such_setting);
        return;
    }
}

std::string megatronArgs(const Scenario& s, const Estimate& e, const LogExpectation& x, Refusals& refusals)
{
    const Architecture& a = s.model.arch;
    const Parallel& p = s.parallel;
    const Precision& q = s.precision;
    std::vector<std::string> args;
    auto flag = [&](const std::string& name, const std::string& value = {}) {
        args.push_back(value.empty() ? name : name + " " + value);
    };
    auto integer = [&](const std::string& name, std::int64_t value) { flag(name, std::to_string(value)); };

    if (s.training.method != Method::full) refusals.add("training.method", LaunchRefusal::no_such_setting);
    if (p.offloadParams) refusals.add("parallel.offload_params", LaunchRefusal::no_such_setting, 1);
    if (p.pp > 1 && p.schedule == Schedule::gpipe) refusals.add("parallel.schedule", LaunchRefusal::no_such_setting);
    // A split that evens the stages' work out is a placement of the stack's own (DualPipe's), not a flag.
    if (p.pipelineSplit == PipelineSplit::balanced)
        refusals.add("parallel.pipeline_split", LaunchRefusal::no_such_setting);
    if (a.position == Position::alibi) refusals.add("model.position", LaunchRefusal::no_such_setting);
    if (a.parallelBlock) refusals.add("model.parallel_block", LaunchRefusal::no_such_setting, 1);
    if (!q.masterWeights && q.weights != DType::fp32)
        refusals.add("precision.master_weights", LaunchRefusal::no_such_setting);
    if (isFp8(q.compute) && q.fp8Scaling == Fp8Scaling::rowwise)
        refusals.add("precision.fp8_scaling", LaunchRefusal::no_such_setting);
    if (q.activationCache == ActivationCache::fp8)
        refusals.add("precision.activation_cache", LaunchRefusal::no_such_setting);
    if (p.zero >= 2 && p.pp > 1) refusals.add("parallel.zero", LaunchRefusal::no_such_setting, p.zero);
    // Transformer Engine's CPU offloading takes a layer count short of the stage (--cpu-offloading-num-layers),
    // not every layer as parallel.offload_activations estimates.
    if (p.offloadActivations) refusals.add("parallel.offload_activations", LaunchRefusal::no_such_setting, 1);
    // Its fp8 formats are e4m3 throughout or hybrid (e4m3 forward, e5m2 gradients): no e5m2 forward.
    if (q.compute == DType::fp8_e5m2) refusals.add("precision.compute", LaunchRefusal::no_such_setting);

    // The layout. Megatron-LM derives DP from the world size: WORLD_SIZE = tp × pp × cp × dp.
    integer("--tensor-model-parallel-size", p.tp);
    integer("--pipeline-model-parallel-size", p.pp);
    if (p.schedule == Schedule::interleaved && p.virtualStages > 1)
        integer("--num-virtual-stages-per-pipeline-rank", p.virtualStages);
    if (p.pipelineSplit == PipelineSplit::embedding_and_loss) {
        flag("--account-for-embedding-in-pipeline-split");
        flag("--account-for-loss-in-pipeline-split");
    }
    integer("--context-parallel-size", p.cp);
    if (a.isMoe()) integer("--expert-model-parallel-size", p.ep);
    if (p.sequenceParallel) flag("--sequence-parallel");
    if (p.zero == 1) flag("--use-distributed-optimizer");
    // The estimate hides the data-parallel traffic behind the backward (efficiency.comm_overlap) where
    // the stack overlaps it: Megatron-Core does so only when told. The parameters' all-gather of the
    // distributed optimizer overlaps the next forward likewise.
    if (p.dp > 1 && stackProfile(s.training.framework).dpOverlap && s.efficiency.commOverlap > 0) {
        flag("--overlap-grad-reduce");
        if (p.zero == 1) flag("--overlap-param-gather");
    }
    if (p.zero >= 2) {
        // Megatron-FSDP: optim_grads shards the optimizer states and gradients (ZeRO-2),
        // optim_grads_params the parameters too (ZeRO-3).
        flag("--use-megatron-fsdp");
        flag("--data-parallel-sharding-strategy", p.zero == 2 ? "optim_grads" : "optim_grads_params");
    }
    if (p.offloadOptimizer) flag("--optimizer-cpu-offload");
    // The batch.
    integer("--micro-batch-size", s.training.microBatch);
    integer("--global-batch-size", s.training.globalBatch);
    integer("--seq-length", s.training.seqLen);
    integer("--max-position-embeddings",
        a.position == Position::learned && a.maxPositions > 0 ? a.maxPositions : s.training.seqLen);
    integer("--train-iters", x.steps);
    // The model.
    integer("--num-layers", a.layers);
    integer("--hidden-size", a.hidden);
    integer("--num-attention-heads", a.heads);
    integer("--ffn-hidden-size", a.ffnHidden);
    if (a.headDim * a.heads != a.hidden && !a.isMla()) integer("--kv-channels", a.headDim);
    if (a.kvHeads < a.heads && !a.isMla()) {
        flag("--group-query-attention");
        integer("--num-query-groups", a.kvHeads);
    }
    if (a.mlp == Mlp::swiglu) flag("--swiglu");
    flag("--normalization", a.norm == Norm::rmsnorm ? "RMSNorm" : "LayerNorm");
    if (a.position != Position::alibi)
        flag("--position-embedding-type", a.position == Position::rope ? "rope" : "learned_absolute");
    // RoPE's base: Megatron-LM's --rotary-base is an integer (default 10,000); Llama 3's is 500,000.
    if (a.position == Position::rope) {
        if (a.ropeTheta != std::round(a.ropeTheta)) refusals.add("model.rope_theta", LaunchRefusal::no_such_setting);
        integer("--rotary-base", std::llround(a.ropeTheta));
    }
    if (!a.tiedEmbeddings) flag("--untie-embeddings-and-output-weights");
    if (a.bias != Bias::all) flag("--disable-bias-linear");
    if (a.bias == Bias::qkv) flag("--add-qkv-bias");
    if (!a.dropout) {
        flag("--attention-dropout", "0");
        flag("--hidden-dropout", "0");
    }
    if (a.isMoe()) {
        integer("--num-experts", a.experts);
        integer("--moe-router-topk", a.topK);
        integer("--moe-ffn-hidden-size", a.moeFfnHidden);
        if (a.sharedExperts > 0)
            integer("--moe-shared-expert-intermediate-size", std::int64_t { a.sharedExperts } * a.moeFfnHidden);
        if (a.denseLayers > 0)
            flag("--moe-layer-freq",
                "'([0]*" + std::to_string(a.denseLayers) + "+[1]*" + std::to_string(a.layers - a.denseLayers) + ")'");
        if (a.routerBias) flag("--moe-router-enable-expert-bias");
    }
    if (a.isMla()) {
        flag("--multi-latent-attention");
        if (a.qLoraRank > 0) integer("--q-lora-rank", a.qLoraRank);
        integer("--kv-lora-rank", a.kvLoraRank);
        integer("--qk-head-dim", a.headDim);
        integer("--qk-pos-emb-head-dim", a.ropeHeadDim);
        integer("--v-head-dim", a.vHeadDim);
    }
    if (a.mtpLayers > 0) integer("--mtp-num-layers", a.mtpLayers);
    megatronRecompute(s, args, refusals);
    flag("--attention-backend", p.flashAttention ? "flash" : "unfused");
    // Number formats: bf16/fp16 mixed precision keeps fp32 main parameters (Megatron's default).
    const DType half = isFp8(q.compute) ? q.weights : q.compute;
    if (half == DType::bf16) flag("--bf16");
    if (half == DType::fp16) flag("--fp16");
    if (isFp8(q.compute)) {
        flag("--fp8-format", "hybrid");
        flag("--fp8-recipe", "tensorwise");
    }
    if (q.gradients == DType::fp32 && q.weights != DType::fp32) flag("--accumulate-allreduce-grads-in-fp32");
    const bool lowStates = q.optimizerStates != DType::fp32;
    if (lowStates) {
        if (q.optimizerStates != DType::bf16 && q.optimizerStates != DType::fp16 && !isFp8(q.optimizerStates))
            refusals.add("precision.optimizer_states", LaunchRefusal::no_such_setting);
        const std::string dtype = isFp8(q.optimizerStates) ? "fp8" : std::string(toString(q.optimizerStates));
        flag("--use-precision-aware-optimizer");
        flag("--exp-avg-dtype", dtype);
        flag("--exp-avg-sq-dtype", dtype);
    }
    switch (s.training.optimizer) {
    case Optimizer::adamw:
    case Optimizer::adam:
        flag("--optimizer", "adam"); // Megatron-LM's adam has decoupled weight decay (AdamW)
        break;
    case Optimizer::sgd:
    case Optimizer::sgd_momentum:
        flag("--optimizer", "sgd");
        break;
    case Optimizer::lion:
        flag("--optimizer", "lion");
        break;
    case Optimizer::adafactor:
    case Optimizer::adamw_8bit:
        refusals.add("training.optimizer", LaunchRefusal::no_such_setting);
        break;
    }
    flag("--log-throughput");

    std::ostringstream os;
    os << "# Megatron-LM pretrain_gpt.py arguments for \"" << oneLine(s.name) << "\"\n";
    os << "# written by TrainPlanner " TRAINPLANNER_VERSION
          "; one argument and its value per line,\n# quoted for a shell.\n";
    os << "# --attention-backend is Megatron-Core's (2025 on); older Megatron-LM takes --use-flash-attn.\n";
    if (a.position == Position::rope)
        os << "# State the model's RoPE scaling too where it has one (Llama 3.1: --use-rope-scaling).\n";
    os << "# Start with WORLD_SIZE = " << x.gpus << " (torchrun --nproc-per-node " << s.hardware.gpusPerNode
       << " --nnodes " << (x.gpus + s.hardware.gpusPerNode - 1) / s.hardware.gpusPerNode
       << "); add the data, tokenizer (vocabulary " << a.vocab << ") and learning-rate arguments.\n";
    os << commented(expectationLines(s, e, x, Framework::megatron));
    for (const auto& arg : args)
        os << arg << "\n";
    return os.str();
}

/// torchtitan's model name and flavor for a preset it ships, or none.
std::optional<std::pair<std::string, std::string>> torchtitanFlavor(const Scenario& s)
{
    static const std::pair<const char*, std::pair<const char*, const char*>> kFlavors[] = {
        { "llama-3-8b", { "llama3", "8B" } },
        { "llama-3-70b", { "llama3", "70B" } },
        { "llama-3.1-405b", { "llama3", "405B" } },
        { "deepseek-v3", { "deepseek_v3", "671B" } },
    };
    const ModelPreset* preset = s.model.preset.empty() ? nullptr : findModelPreset(s.model.preset);
    if (!preset || !(preset->arch == s.model.arch)) return std::nullopt; // overridden: not torchtitan's flavor
    for (const auto& [name, flavor] : kFlavors)
        if (s.model.preset == name) return std::make_pair(std::string(flavor.first), std::string(flavor.second));
    return std::nullopt;
}

/// A TOML basic string (TOML 1.0, "String"): the quotation mark and the backslash escaped, and the
/// control characters TOML forbids there (U+0000 to U+001F and U+007F) written as escapes, so that
/// the text reads back unchanged: tab as \t, the others as \uXXXX.
std::string quoted(const std::string& given)
{
    std::string out = "\"";
    for (const char c : toUtf8(given)) {
        const auto u = static_cast<unsigned char>(c);
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (c == '\t') {
            out += "\\t";
        } else if (u < 0x20 || u == 0x7f) {
            char escape[8];
            std::snprintf(escape, sizeof escape, "\\u%04X", static_cast<unsigned>(u));
            out += escape;
        } else {
            out += c;
        }
    }
    return out + "\"";
}

std::string torchtitanToml(const Scenario& s, const Estimate& e, const LogExpectation& x, Refusals& refusals)
{
    const Parallel& p = s.parallel;
    const Precision& q = s.precision;
    const auto flavor = torchtitanFlavor(s);
    if (!flavor) refusals.add("model.preset", LaunchRefusal::model_not_expressible);
    if (s.training.method != Method::full) refusals.add("training.method", LaunchRefusal::no_such_setting);
    // FSDP2 shards (ZeRO-3, or ZeRO-2 when parameters stay gathered after the forward) or DDP replicates.
    if (p.zero == 1) refusals.add("parallel.zero", LaunchRefusal::zero_stage_unsupported, 1);
    if (p.tp > 1 && !p.sequenceParallel) refusals.add("parallel.sequence_parallel", LaunchRefusal::layout_always_on);
    if (p.recompute == Recompute::selective || p.recompute == Recompute::norms_up_proj)
        refusals.add("parallel.recompute", LaunchRefusal::no_such_setting);
    if (p.offloadParams != p.offloadOptimizer)
        refusals.add(p.offloadParams ? "parallel.offload_params" : "parallel.offload_optimizer",
            LaunchRefusal::no_such_setting, 1);
    if (p.pipelineSplit == PipelineSplit::balanced)
        refusals.add("parallel.pipeline_split", LaunchRefusal::no_such_setting);
    if (p.offloadActivations) refusals.add("parallel.offload_activations", LaunchRefusal::no_such_setting, 1);
    if (q.compute == DType::fp16 || q.weights == DType::fp16)
        refusals.add("precision.compute", LaunchRefusal::no_such_setting);
    if (q.gradients != DType::fp32 && p.zero >= 2) refusals.add("precision.gradients", LaunchRefusal::no_such_setting);
    if (q.optimizerStates != DType::fp32) refusals.add("precision.optimizer_states", LaunchRefusal::no_such_setting);

    const bool fullBf16 = !q.masterWeights && q.weights == DType::bf16;
    std::ostringstream os;
    os << "# torchtitan job file (--job.config_file) for \"" << oneLine(s.name) << "\"\n";
    os << "# written by TrainPlanner " TRAINPLANNER_VERSION
          "; keys of torchtitan's TOML job files (releases up to early 2026; later ones take the\n"
          "# same keys as --section.option flags). Start with NGPU = "
       << x.gpus << "; add the dataset and tokenizer paths.\n";
    os << commented(expectationLines(s, e, x, Framework::torchtitan));
    os << "\n[job]\ndescription = " << quoted(s.name) << "\n";
    os << "\n[model]\n";
    if (flavor) os << "name = " << quoted(flavor->first) << "\nflavor = " << quoted(flavor->second) << "\n";
    if (isFp8(q.compute)) os << "converters = [\"quantize.linear.float8\"]\n";
    os << "\n[training]\n";
    // Without a pipeline, local_batch_size is one micro-batch and the global batch sets the gradient
    // accumulation; with one, a step takes the rank's whole share and the pipeline cuts it into micro-batches.
    os << "local_batch_size = "
       << (p.pp > 1 ? exactQuotient(s.training.globalBatch, { p.dp }).value_or(0) : s.training.microBatch) << "\n";
    os << "global_batch_size = " << s.training.globalBatch << "\n";
    os << "seq_len = " << s.training.seqLen << "\n";
    os << "steps = " << x.steps << "\n";
    if (fullBf16)
        os << "dtype = \"bfloat16\"\n";
    else
        os << "mixed_precision_param = \"" << (q.compute == DType::fp32 ? "float32" : "bfloat16") << "\"\n";
    if (p.offloadOptimizer && p.offloadParams) os << "enable_cpu_offload = true\n";
    os << "\n[parallelism]\n";
    os << "data_parallel_replicate_degree = " << (p.zero == 0 ? p.dp : 1) << "\n";
    os << "data_parallel_shard_degree = " << (p.zero == 0 ? 1 : p.dp) << "\n";
    if (p.zero == 2) os << "fsdp_reshard_after_forward = \"never\"\n";
    os << "tensor_parallel_degree = " << p.tp << "\n";
    os << "pipeline_parallel_degree = " << p.pp << "\n";
    if (p.pp > 1) {
        const char* schedule = p.schedule == Schedule::gpipe ? "GPipe"
            : p.schedule == Schedule::interleaved            ? "Interleaved1F1B"
                                                             : "1F1B";
        os << "pipeline_parallel_schedule = \"" << schedule << "\"\n";
        os << "pipeline_parallel_microbatch_size = " << s.training.microBatch << "\n";
        // torchtitan counts the embedding and the loss as a layer each unless told not to.
        const int less = p.pipelineSplit == PipelineSplit::embedding_and_loss ? 1 : 0;
        os << "pipeline_parallel_first_stage_less_layers = " << less << "\n";
        os << "pipeline_parallel_last_stage_less_layers = " << less << "\n";
        if (p.schedule == Schedule::interleaved)
            os << "pipeline_parallel_layers_per_stage = "
               << std::max<std::int64_t>(1, s.model.arch.layers / clampedProduct({ p.pp, p.virtualStages })) << "\n";
    }
    os << "context_parallel_degree = " << p.cp << "\n";
    if (s.model.arch.isMoe()) os << "expert_parallel_degree = " << p.ep << "\n";
    os << "\n[activation_checkpoint]\n";
    switch (p.recompute) {
    case Recompute::full:
        os << "mode = \"full\"\n";
        break;
    case Recompute::selective_op:
        os << "mode = \"selective\"\nselective_ac_option = \"op\"\n";
        break;
    default:
        os << "mode = \"none\"\n";
    }
    if (isFp8(q.compute)) {
        os << "\n[quantize.linear.float8]\n";
        os << "recipe_name = \"" << (q.fp8Scaling == Fp8Scaling::rowwise ? "rowwise" : "tensorwise") << "\"\n";
        os << "filter_fqns = [\"output\"]\n";
        if (q.fp8Scaling == Fp8Scaling::tensorwise && p.zero >= 2)
            os << "enable_fsdp_float8_all_gather = true\nprecompute_float8_dynamic_scale_for_fsdp = true\n";
    }
    return os.str();
}

std::string deepspeedJson(const Scenario& s, Refusals& refusals)
{
    const Parallel& p = s.parallel;
    const Precision& q = s.precision;
    // DeepSpeed's JSON has no key for these: Megatron-DeepSpeed or a PipelineModule build them in code.
    if (p.tp > 1) refusals.add("parallel.tp", LaunchRefusal::set_in_model_code, p.tp);
    if (p.pp > 1) refusals.add("parallel.pp", LaunchRefusal::set_in_model_code, p.pp);
    if (p.cp > 1) refusals.add("parallel.cp", LaunchRefusal::set_in_model_code, p.cp);
    if (p.ep > 1) refusals.add("parallel.ep", LaunchRefusal::set_in_model_code, p.ep);
    if (isFp8(q.compute)) refusals.add("precision.compute", LaunchRefusal::no_such_setting);
    if (p.recompute != Recompute::none && p.recompute != Recompute::full)
        refusals.add("parallel.recompute", LaunchRefusal::set_in_model_code);
    if (p.offloadParams && p.zero != 3) refusals.add("parallel.offload_params", LaunchRefusal::no_such_setting, 1);
    if (p.offloadOptimizer && p.zero == 0)
        refusals.add("parallel.offload_optimizer", LaunchRefusal::no_such_setting, 1);
    if (p.offloadActivations) refusals.add("parallel.offload_activations", LaunchRefusal::set_in_model_code, 1);

    nlohmann::ordered_json doc;
    doc["train_batch_size"] = s.training.globalBatch;
    doc["train_micro_batch_size_per_gpu"] = s.training.microBatch;
    doc["gradient_accumulation_steps"] = accumulationOf(s);
    const DType half = q.compute;
    if (half == DType::bf16) doc["bf16"] = { { "enabled", true } };
    if (half == DType::fp16)
        doc["fp16"] = { { "enabled", true }, { "loss_scale", 0 }, { "initial_scale_power", 16 },
            { "loss_scale_window", 1000 }, { "hysteresis", 2 }, { "min_loss_scale", 1 } };
    if (half != DType::fp32 && q.gradients == DType::fp32) doc["data_types"] = { { "grad_accum_dtype", "fp32" } };
    nlohmann::ordered_json zero;
    zero["stage"] = p.zero;
    if (p.offloadOptimizer) zero["offload_optimizer"] = { { "device", "cpu" }, { "pin_memory", true } };
    if (p.offloadParams) zero["offload_param"] = { { "device", "cpu" }, { "pin_memory", true } };
    zero["overlap_comm"] = true;
    zero["contiguous_gradients"] = true;
    doc["zero_optimization"] = zero;
    if (p.recompute == Recompute::full)
        doc["activation_checkpointing"] = { { "partition_activations", false }, { "cpu_checkpointing", false },
            { "contiguous_memory_optimization", false } };
    doc["steps_per_print"] = 10;
    return core::jsonText(doc);
}

} // namespace

std::string_view frameworkLabel(Framework f)
{
    switch (f) {
    case Framework::megatron:
        return "Megatron-LM";
    case Framework::torchtitan:
        return "torchtitan";
    case Framework::deepspeed:
        return "DeepSpeed";
    }
    return "";
}

std::string refusalText(const Scenario& scenario, const Problem& refusal)
{
    std::string text = refusal.key;
    if (const Field* field = findField(refusal.key); field && field->get) {
        const double v = field->get(scenario);
        text += " = ";
        if (field->kind == FieldKind::choice && v >= 0 && v < double(field->choices.size()))
            text += std::string(field->choices[std::size_t(v)]);
        else if (field->kind == FieldKind::boolean)
            text += v != 0 ? "true" : "false";
        else
            text += csvNumber(v);
    } else if (refusal.key == "model.preset") {
        text += " = \"" + (scenario.model.preset.empty() ? std::string("(custom)") : scenario.model.preset) + "\"";
    }
    return text + " " + refusal.message();
}

LaunchSettings launchSettings(const Scenario& scenario, const Estimate& estimate, Framework framework)
{
    LaunchSettings out;
    out.framework = framework;
    out.expectation = expectationOf(scenario, estimate);
    out.expectationText = expectationLines(scenario, estimate, out.expectation, framework);
    Refusals refusals(framework);
    batchRefusal(scenario, refusals);
    switch (framework) {
    case Framework::megatron:
        out.text = megatronArgs(scenario, estimate, out.expectation, refusals);
        break;
    case Framework::torchtitan:
        out.text = torchtitanToml(scenario, estimate, out.expectation, refusals);
        break;
    case Framework::deepspeed:
        out.text = deepspeedJson(scenario, refusals);
        break;
    }
    out.refused = refusals.take();
    if (!out.refused.empty()) out.text.clear();
    return out;
}

Scenario launchedScenario(const Scenario& scenario, Framework framework)
{
    Scenario s = scenario;
    const StackFamily family = framework == Framework::megatron ? StackFamily::megatron
        : framework == Framework::torchtitan                    ? StackFamily::torchtitan
                                                                : StackFamily::deepspeed;
    s.training.framework = stackOfFamily(s.training.framework, family);
    return s;
}

LaunchSettings launchSettings(const Scenario& scenario, Framework framework)
{
    const Scenario launched = launchedScenario(scenario, framework);
    return launchSettings(launched, estimateWithRange(launched), framework);
}

} // namespace core
