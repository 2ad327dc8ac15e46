#include "core/runs/hf_import.h"

#include "core/base/printable.h"
#include "core/estimate/estimate_io.h"
#include "core/scenario/json_reader.h"
#include "core/scenario/scenario_fields.h"

#include <algorithm>

namespace core {

namespace {

using detail::fail;
using detail::json;

Problem typeProblem(ExpectedType expected)
{
    return Problem(ProblemCode::value_wrong_type, { { "expected", double(expected) } });
}

/// A config.json feature TrainPlanner does not model: refused, naming the field.
Problem notModelled()
{
    return Problem(ProblemCode::config_not_modelled);
}

/// Reads config.json fields, recording each mapping.
class Fields {
public:
    explicit Fields(const json& doc)
        : m_doc(doc)
    {
    }

    [[nodiscard]] bool has(const char* key) const { return m_doc.contains(key) && !m_doc.at(key).is_null(); }

    /// A field that becomes the architecture key `to`: within that key's limits (scenario_fields.h),
    /// so that the scenario written is one TrainPlanner reads back.
    int integer(const char* key, const char* to, std::int64_t min = 1, std::int64_t max = 100'000'000)
    {
        if (!has(key)) fail(key, std::string("missing (needed for ") + to + ")", Problem(ProblemCode::key_required));
        const json& v = m_doc.at(key);
        std::string scenarioKey;
        if (const Field* limit = findField(std::string("model.") + to)) {
            max = std::min(max, static_cast<std::int64_t>(limit->max));
            scenarioKey = std::string(" (TrainPlanner's model.") + to + ")";
        }
        if (!v.is_number_integer() || (v.is_number_unsigned() && v.get<std::uint64_t>() > std::uint64_t(max))
            || v.get<std::int64_t>() < min || v.get<std::int64_t>() > max)
            fail(key,
                "must be an integer between " + std::to_string(min) + " and " + std::to_string(max) + scenarioKey
                    + ", got " + detail::describe(v),
                Problem(ProblemCode::value_out_of_range,
                    { { "min", double(min) }, { "max", double(max) }, { "integer", 1 }, { "power_of_two", 0 } }));
        const int value = static_cast<int>(v.get<std::int64_t>());
        map(key, to, std::to_string(value));
        return value;
    }
    int integerOr(const char* key, const char* to, int fallback) { return has(key) ? integer(key, to, 0) : fallback; }
    bool boolean(const char* key, const char* to, bool fallback)
    {
        if (!has(key)) return fallback;
        const json& v = m_doc.at(key);
        if (!v.is_boolean())
            fail(key, "must be true or false, got " + detail::describe(v), typeProblem(ExpectedType::boolean));
        map(key, to, v.get<bool>() ? "true" : "false");
        return v.get<bool>();
    }
    double number(const char* key, double fallback) const
    {
        if (!has(key)) return fallback;
        const json& v = m_doc.at(key);
        if (!v.is_number())
            fail(key, "must be a number, got " + detail::describe(v), typeProblem(ExpectedType::number));
        return v.get<double>();
    }
    std::string string(const char* key, const std::string& fallback = {}) const
    {
        if (!has(key)) return fallback;
        const json& v = m_doc.at(key);
        if (!v.is_string())
            fail(key, "must be a string, got " + detail::describe(v), typeProblem(ExpectedType::string));
        return v.get<std::string>();
    }
    void map(std::string from, std::string to, std::string value)
    {
        mapped.push_back({ std::move(from), std::move(to), std::move(value) });
    }

    std::vector<FieldMapping> mapped;

private:
    const json& m_doc;
};

const std::vector<std::string> kTypes { "llama", "mistral", "mixtral", "qwen2", "qwen2_moe", "gemma", "gemma2", "phi",
    "phi3", "deepseek_v2", "deepseek_v3", "gpt2" };

/// DeepSeek-V2/V3 (DeepSeek-AI 2024, 2025): latent attention, dense first layers, fine-grained
/// experts with shared ones, V3's routing bias and multi-token prediction.
void readDeepSeek(Fields& f, const json& doc, ImportedModel& m)
{
    Architecture& a = m.arch;
    a.heads = f.integer("num_attention_heads", "heads");
    a.kvHeads = a.heads;
    if (f.has("num_key_value_heads") && f.integer("num_key_value_heads", "kv_heads") != a.heads)
        fail("num_key_value_heads", "must equal num_attention_heads: latent attention gives every head its own K and V",
            notModelled());
    a.kvLoraRank = f.integer("kv_lora_rank", "kv_lora_rank");
    a.qLoraRank = f.has("q_lora_rank") ? f.integer("q_lora_rank", "q_lora_rank") : 0;
    if (!f.has("q_lora_rank")) {
        f.map("q_lora_rank", "q_lora_rank", "0");
        m.notes.push_back({ ImportNoteCode::queries_projected_directly });
    }
    a.headDim = f.integer("qk_nope_head_dim", "head_dim");
    a.ropeHeadDim = f.integer("qk_rope_head_dim", "rope_head_dim", 0);
    a.vHeadDim = f.integer("v_head_dim", "v_head_dim");
    a.ffnHidden = f.integer("intermediate_size", "ffn_hidden");
    if (f.has("n_routed_experts")) {
        a.experts = f.integer("n_routed_experts", "experts");
        a.topK = f.integer("num_experts_per_tok", "top_k");
        a.moeFfnHidden = f.integer("moe_intermediate_size", "moe_ffn_hidden");
        a.sharedExperts = f.integerOr("n_shared_experts", "shared_experts", 0);
        a.denseLayers = f.integerOr("first_k_dense_replace", "dense_layers", 0);
        if (f.has("moe_layer_freq") && f.number("moe_layer_freq", 1) != 1)
            fail("moe_layer_freq",
                "only 1 is supported: every layer after the first_k_dense_replace dense ones has experts",
                notModelled());
        // V3's auxiliary-loss-free balancing adds a bias per routed expert (DeepSeek-V3 §2.1.2;
        // e_score_correction_bias in the checkpoint).
        const std::string method = f.string("topk_method");
        if (method == "noaux_tc") {
            a.routerBias = true;
            f.map("topk_method", "router_bias", "true (noaux_tc: e_score_correction_bias per expert)");
        }
        // Group-limited routing: a token's experts come from topk_group of n_group groups, and
        // DeepSeek places each group on its own node (V3 §2.1.2, §3.2.2: at most 4 nodes; V2's
        // device limit M = 3 bounds the nodes too).
        if ((method == "noaux_tc" || method == "group_limited_greedy") && f.has("n_group") && f.has("topk_group")
            && f.number("n_group", 1) > 1) {
            a.routedNodeLimit = f.integer("topk_group", "routed_node_limit");
            m.notes.push_back({ ImportNoteCode::routed_node_limit, a.routedNodeLimit });
        }
    }
    a.mtpLayers = f.integerOr("num_nextn_predict_layers", "mtp_layers", 0);
    if (a.mtpLayers > 0) m.notes.push_back({ ImportNoteCode::mtp_modules, a.mtpLayers });
    if (f.has("attention_bias") && f.boolean("attention_bias", "bias", false))
        fail("attention_bias", "latent attention is modelled without biases", notModelled());
    if (f.has("rope_scaling") && !doc.at("rope_scaling").is_null())
        m.notes.push_back({ ImportNoteCode::rope_scaling_ignored });
    m.notes.push_back({ ImportNoteCode::mla_down_projections_whole });
}

/// Phi-1, Phi-1.5 and Phi-2 (Microsoft; transformers' PhiForCausalLM): attention and MLP in
/// parallel after one LayerNorm, GeLU MLP, biases everywhere including the LM head, partial RoPE.
void readPhi(Fields& f, const json& doc, ImportedModel& m)
{
    Architecture& a = m.arch;
    a.heads = f.integer("num_attention_heads", "heads");
    a.kvHeads = f.has("num_key_value_heads") ? f.integer("num_key_value_heads", "kv_heads") : a.heads;
    if (a.heads % a.kvHeads != 0)
        fail("num_key_value_heads", "must divide num_attention_heads",
            Problem(ProblemCode::kv_heads_not_dividing_heads, { { "heads", a.heads }, { "kv_heads", a.kvHeads } }));
    if (a.hidden % a.heads != 0)
        fail("hidden_size", "must be divisible by num_attention_heads",
            Problem(ProblemCode::hidden_not_divisible_by_heads, { { "hidden", a.hidden }, { "heads", a.heads } }));
    a.headDim = a.hidden / a.heads;
    a.ffnHidden = f.integer("intermediate_size", "ffn_hidden");
    a.mlp = Mlp::gelu;
    a.norm = Norm::layernorm;
    a.bias = Bias::all;
    a.parallelBlock = true;
    a.lmHeadBias = true;
    a.tiedEmbeddings = f.boolean("tie_word_embeddings", "tied_embeddings", false);
    if (f.has("qk_layernorm") && doc.at("qk_layernorm") != json(false))
        fail("qk_layernorm", "Q/K LayerNorms are not modelled", notModelled());
    if (f.has("resid_pdrop") && f.number("resid_pdrop", 0) > 0) {
        a.dropout = true;
        f.map("resid_pdrop", "dropout", "true");
    }
    m.notes.push_back({ ImportNoteCode::phi_parallel_block });
}

} // namespace

std::string importNoteText(const ImportNote& n)
{
    const std::string count = std::to_string(n.count);
    switch (n.code) {
    case ImportNoteCode::routed_node_limit:
        return "topk_group = " + count
            + ": a token's experts lie on at most that many nodes when each expert group has a node of its own";
    case ImportNoteCode::mtp_modules:
        return "multi-token prediction: " + count
            + " module(s) trained on the last pipeline stage; they share the embedding and the output head, so the "
              "checkpoint's copies of those are not counted again";
    case ImportNoteCode::rope_scaling_ignored:
        return "rope_scaling has no effect on memory or FLOPs";
    case ImportNoteCode::mla_down_projections_whole:
        return "DeepSeek: latent attention's down-projections and latent norms are counted whole on every TP rank";
    case ImportNoteCode::phi_parallel_block:
        return "Phi: one LayerNorm per layer feeding attention and MLP in parallel, biases on every linear layer and "
               "the LM head; partial_rotary_factor has no effect on memory or FLOPs";
    case ImportNoteCode::gpt2_family:
        return "GPT-2 family: learned positions, LayerNorm, GeLU, biases on every linear layer, dropout";
    case ImportNoteCode::qwen2_qkv_bias:
        return "Qwen2: biases on the Q, K and V projections only";
    case ImportNoteCode::qwen2_moe_shared_expert:
        return "Qwen2-MoE: the shared expert is counted as " + count
            + " expert(s) of moe_intermediate_size; its sigmoid gate is not counted";
    case ImportNoteCode::phi3_fused_projections:
        return "Phi-3: fused qkv_proj and gate_up_proj are counted as their separate matrices";
    case ImportNoteCode::sliding_window_ignored:
        return "sliding_window is ignored: attention is counted over the whole sequence (an upper bound)";
    case ImportNoteCode::queries_projected_directly:
        return "q_lora_rank is null: queries are projected directly";
    case ImportNoteCode::gated_mlp:
        return "hidden_act " + n.name + ": a gated MLP, three matrices, counted as SwiGLU";
    case ImportNoteCode::ffn_four_times_hidden:
        return "n_inner is null: ffn_hidden = 4 × n_embd";
    }
    return {};
}

namespace {

ImportedModel importDocument(const json& doc)
{
    if (!doc.is_object()) fail("", "a config.json must be a JSON object", typeProblem(ExpectedType::object));
    Fields f(doc);
    ImportedModel m;
    m.modelType = f.string("model_type");
    m.name = f.string("_name_or_path");
    if (m.modelType.empty())
        fail("model_type", "missing: cannot tell which family's field names to read",
            Problem(ProblemCode::key_required));
    if (std::find(kTypes.begin(), kTypes.end(), m.modelType) == kTypes.end()) {
        std::string list;
        for (const auto& t : kTypes)
            list += (list.empty() ? "" : ", ") + t;
        fail("model_type", detail::quoted(m.modelType) + " is not supported (supported: " + list + ")",
            Problem(ProblemCode::model_type_unsupported));
    }
    Architecture& a = m.arch;
    if (m.modelType == "gpt2") {
        // GPT-2 (Radford et al. 2019): learned positions, LayerNorm, GeLU, biases, tied embeddings.
        a.layers = f.integer("n_layer", "layers");
        a.hidden = f.integer("n_embd", "hidden");
        a.heads = f.integer("n_head", "heads");
        a.kvHeads = a.heads;
        if (a.hidden % a.heads != 0)
            fail("n_embd", "must be divisible by n_head",
                Problem(ProblemCode::hidden_not_divisible_by_heads, { { "hidden", a.hidden }, { "heads", a.heads } }));
        a.headDim = a.hidden / a.heads;
        a.ffnHidden = f.has("n_inner") ? f.integer("n_inner", "ffn_hidden") : 4 * a.hidden;
        if (!f.has("n_inner")) {
            f.map("n_inner", "ffn_hidden", std::to_string(a.ffnHidden));
            m.notes.push_back({ ImportNoteCode::ffn_four_times_hidden });
        }
        a.vocab = f.integer("vocab_size", "vocab");
        a.maxPositions = f.integer("n_positions", "max_positions");
        a.mlp = Mlp::gelu;
        a.norm = Norm::layernorm;
        a.bias = Bias::all;
        a.position = Position::learned;
        a.tiedEmbeddings = f.boolean("tie_word_embeddings", "tied_embeddings", true);
        a.dropout = true;
        m.notes.push_back({ ImportNoteCode::gpt2_family });
        m.mapped = std::move(f.mapped);
        return m;
    }
    a.layers = f.integer("num_hidden_layers", "layers");
    a.hidden = f.integer("hidden_size", "hidden");
    a.vocab = f.integer("vocab_size", "vocab");
    a.position = Position::rope;
    if (f.has("rope_theta")) {
        const Field& limit = *findField("model.rope_theta");
        a.ropeTheta = f.number("rope_theta", kDefaultRopeTheta);
        if (!(a.ropeTheta >= limit.min && a.ropeTheta <= limit.max))
            fail("rope_theta",
                rangeText(limit) + " (TrainPlanner's model.rope_theta), got " + messageNumber(a.ropeTheta),
                Problem(ProblemCode::value_out_of_range,
                    { { "min", limit.min }, { "max", limit.max }, { "integer", 0 }, { "power_of_two", 0 } }));
        f.map("rope_theta", "rope_theta", csvNumber(a.ropeTheta));
    }
    if (m.modelType == "phi") {
        readPhi(f, doc, m);
        m.mapped = std::move(f.mapped);
        return m;
    }
    // Llama-style families and DeepSeek: RMSNorm, gated MLP (SwiGLU; Gemma's GeGLU has the same shapes).
    a.mlp = Mlp::swiglu;
    a.norm = Norm::rmsnorm;
    a.bias = Bias::none;
    a.dropout = false;
    if (m.modelType == "deepseek_v2" || m.modelType == "deepseek_v3") {
        a.tiedEmbeddings = f.boolean("tie_word_embeddings", "tied_embeddings", false);
        readDeepSeek(f, doc, m);
        m.mapped = std::move(f.mapped);
        return m;
    }
    a.heads = f.integer("num_attention_heads", "heads");
    a.kvHeads = f.has("num_key_value_heads") ? f.integer("num_key_value_heads", "kv_heads") : a.heads;
    if (a.heads % a.kvHeads != 0)
        fail("num_key_value_heads", "must divide num_attention_heads",
            Problem(ProblemCode::kv_heads_not_dividing_heads, { { "heads", a.heads }, { "kv_heads", a.kvHeads } }));
    if (f.has("head_dim")) {
        a.headDim = f.integer("head_dim", "head_dim");
    } else {
        if (a.hidden % a.heads != 0)
            fail("hidden_size", "must be divisible by num_attention_heads when head_dim is absent",
                Problem(ProblemCode::hidden_not_divisible_by_heads, { { "hidden", a.hidden }, { "heads", a.heads } }));
        a.headDim = a.hidden / a.heads;
    }
    const bool gemma = m.modelType == "gemma" || m.modelType == "gemma2";
    a.tiedEmbeddings = f.boolean("tie_word_embeddings", "tied_embeddings", gemma);
    if (m.modelType == "qwen2" || m.modelType == "qwen2_moe") {
        a.bias = Bias::qkv; // Qwen2 keeps biases on the Q, K and V projections (Qwen2 technical report §2.1)
        m.notes.push_back({ ImportNoteCode::qwen2_qkv_bias });
    }
    if (f.has("attention_bias") && f.boolean("attention_bias", "bias", false)) a.bias = Bias::all;
    const std::string act = f.string("hidden_act", f.string("hidden_activation"));
    if (!act.empty()) {
        f.map("hidden_act", "mlp", "swiglu");
        m.notes.push_back({ ImportNoteCode::gated_mlp, 0, printable(act, 40) });
    }
    if (m.modelType == "mixtral") {
        a.experts = f.integer("num_local_experts", "experts");
        a.topK = f.integer("num_experts_per_tok", "top_k");
        a.moeFfnHidden = f.integer("intermediate_size", "moe_ffn_hidden");
        a.ffnHidden = a.moeFfnHidden;
    } else if (m.modelType == "qwen2_moe") {
        a.experts = f.integer("num_experts", "experts");
        a.topK = f.integer("num_experts_per_tok", "top_k");
        a.moeFfnHidden = f.integer("moe_intermediate_size", "moe_ffn_hidden");
        a.ffnHidden = f.integer("intermediate_size", "ffn_hidden");
        if (f.has("shared_expert_intermediate_size")) {
            const int shared = f.integer("shared_expert_intermediate_size", "shared experts");
            a.sharedExperts = std::max(1, shared / a.moeFfnHidden);
            m.notes.push_back({ ImportNoteCode::qwen2_moe_shared_expert, a.sharedExperts });
        }
    } else {
        a.ffnHidden = f.integer("intermediate_size", "ffn_hidden");
    }
    if (m.modelType == "phi3") m.notes.push_back({ ImportNoteCode::phi3_fused_projections });
    if (f.has("sliding_window") && !doc.at("sliding_window").is_null())
        m.notes.push_back({ ImportNoteCode::sliding_window_ignored });
    if (f.has("rope_scaling") && !doc.at("rope_scaling").is_null())
        m.notes.push_back({ ImportNoteCode::rope_scaling_ignored });
    m.mapped = std::move(f.mapped);
    return m;
}

} // namespace

ImportResult importHfConfig(std::string_view text)
{
    try {
        ImportedModel m = importDocument(detail::parseLimited(text, "the config.json"));
        detail::validateArchitecture(m.arch, "model");
        m.counts = countParameters(m.arch);
        // What is written must read back: the same rules as a scenario file (parameter count, …).
        if (auto error = validateScenario(scenarioFor(m))) return { std::nullopt, *error };
        return { std::move(m), {} };
    } catch (const detail::ReadError& e) {
        return { std::nullopt, e.error };
    }
}

ImportResult importHfConfigFile(const std::string& filePath)
{
    try {
        return importHfConfig(detail::readLimitedFile(filePath));
    } catch (const detail::ReadError& e) {
        return { std::nullopt, e.error, true };
    }
}

Scenario scenarioFor(const ImportedModel& model)
{
    Scenario s = defaultScenario();
    s.model = ModelSpec {};
    s.model.arch = model.arch;
    // A name is at most 200 bytes (docs/DESIGN.md); control characters of a hostile _name_or_path are
    // escaped, so that the name can be shown on a terminal.
    s.name = printable(model.name.empty() ? model.modelType : model.name, 150) + " (imported from config.json)";
    return s;
}

} // namespace core
