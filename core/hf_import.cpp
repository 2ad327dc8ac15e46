#include "hf_import.h"

#include "json_reader.h"

#include <algorithm>

namespace core {

namespace {

using detail::fail;
using detail::json;

/// Reads config.json fields, recording each mapping.
class Fields {
public:
    explicit Fields(const json& doc) : m_doc(doc) {}

    [[nodiscard]] bool has(const char* key) const { return m_doc.contains(key) && !m_doc.at(key).is_null(); }

    int integer(const char* key, const char* to, std::int64_t min = 1, std::int64_t max = 100'000'000)
    {
        if (!has(key)) fail(key, std::string("missing (needed for ") + to + ")");
        const json& v = m_doc.at(key);
        if (!v.is_number_integer() || v.get<std::int64_t>() < min || v.get<std::int64_t>() > max)
            fail(key, "must be an integer between " + std::to_string(min) + " and " + std::to_string(max) + ", got " +
                          detail::describe(v));
        const int value = static_cast<int>(v.get<std::int64_t>());
        map(key, to, std::to_string(value));
        return value;
    }
    int integerOr(const char* key, const char* to, int fallback)
    {
        return has(key) ? integer(key, to, 0) : fallback;
    }
    bool boolean(const char* key, const char* to, bool fallback)
    {
        if (!has(key)) return fallback;
        const json& v = m_doc.at(key);
        if (!v.is_boolean()) fail(key, "must be true or false, got " + detail::describe(v));
        map(key, to, v.get<bool>() ? "true" : "false");
        return v.get<bool>();
    }
    std::string string(const char* key, const std::string& fallback = {}) const
    {
        if (!has(key)) return fallback;
        const json& v = m_doc.at(key);
        if (!v.is_string()) fail(key, "must be a string, got " + detail::describe(v));
        return v.get<std::string>();
    }
    void map(std::string from, std::string to, std::string value) { mapped.push_back({std::move(from), std::move(to), std::move(value)}); }

    std::vector<FieldMapping> mapped;

private:
    const json& m_doc;
};

const std::vector<std::string> kTypes{"llama", "mistral", "mixtral", "qwen2", "qwen2_moe", "gemma", "gemma2", "phi3", "gpt2"};

ImportedModel importDocument(const json& doc)
{
    if (!doc.is_object()) fail("", "a config.json must be a JSON object");
    Fields f(doc);
    ImportedModel m;
    m.modelType = f.string("model_type");
    m.name = f.string("_name_or_path");
    if (m.modelType.empty()) fail("model_type", "missing: cannot tell which family's field names to read");
    if (std::find(kTypes.begin(), kTypes.end(), m.modelType) == kTypes.end()) {
        std::string list;
        for (const auto& t : kTypes) list += (list.empty() ? "" : ", ") + t;
        fail("model_type", "\"" + m.modelType + "\" is not supported (supported: " + list + ")");
    }
    Architecture& a = m.arch;
    if (m.modelType == "gpt2") {
        // GPT-2 (Radford et al. 2019): learned positions, LayerNorm, GeLU, biases, tied embeddings.
        a.layers = f.integer("n_layer", "layers");
        a.hidden = f.integer("n_embd", "hidden");
        a.heads = f.integer("n_head", "heads");
        a.kvHeads = a.heads;
        if (a.hidden % a.heads != 0) fail("n_embd", "must be divisible by n_head");
        a.headDim = a.hidden / a.heads;
        a.ffnHidden = f.has("n_inner") ? f.integer("n_inner", "ffn_hidden") : 4 * a.hidden;
        if (!f.has("n_inner")) f.map("n_inner (null)", "ffn_hidden", std::to_string(a.ffnHidden) + " (4 × n_embd)");
        a.vocab = f.integer("vocab_size", "vocab");
        a.maxPositions = f.integer("n_positions", "max_positions");
        a.mlp = Mlp::gelu;
        a.norm = Norm::layernorm;
        a.bias = Bias::all;
        a.position = Position::learned;
        a.tiedEmbeddings = f.boolean("tie_word_embeddings", "tied_embeddings", true);
        a.dropout = true;
        m.notes.push_back("GPT-2 family: learned positions, LayerNorm, GeLU, biases on every linear layer, dropout");
        m.mapped = std::move(f.mapped);
        return m;
    }
    // Llama-style families: RoPE, RMSNorm, gated MLP (SwiGLU; GeGLU for Gemma has the same shapes).
    a.layers = f.integer("num_hidden_layers", "layers");
    a.hidden = f.integer("hidden_size", "hidden");
    a.heads = f.integer("num_attention_heads", "heads");
    a.kvHeads = f.has("num_key_value_heads") ? f.integer("num_key_value_heads", "kv_heads") : a.heads;
    if (a.heads % a.kvHeads != 0) fail("num_key_value_heads", "must divide num_attention_heads");
    if (f.has("head_dim")) {
        a.headDim = f.integer("head_dim", "head_dim");
    } else {
        if (a.hidden % a.heads != 0) fail("hidden_size", "must be divisible by num_attention_heads when head_dim is absent");
        a.headDim = a.hidden / a.heads;
    }
    a.vocab = f.integer("vocab_size", "vocab");
    a.mlp = Mlp::swiglu;
    a.norm = Norm::rmsnorm;
    a.position = Position::rope;
    a.bias = Bias::none;
    a.dropout = false;
    const bool gemma = m.modelType == "gemma" || m.modelType == "gemma2";
    a.tiedEmbeddings = f.boolean("tie_word_embeddings", "tied_embeddings", gemma);
    if (m.modelType == "qwen2" || m.modelType == "qwen2_moe") {
        a.bias = Bias::qkv;  // Qwen2 keeps biases on the Q, K and V projections (Qwen2 technical report §2.1)
        m.notes.push_back("Qwen2: biases on the Q, K and V projections only");
    }
    if (f.has("attention_bias") && f.boolean("attention_bias", "bias", false)) a.bias = Bias::all;
    const std::string act = f.string("hidden_act", f.string("hidden_activation"));
    if (!act.empty()) f.map("hidden_act", "mlp", "gated (" + act + "): three matrices, as SwiGLU");
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
            m.notes.push_back("Qwen2-MoE: the shared expert is counted as " + std::to_string(a.sharedExperts) +
                              " expert(s) of moe_intermediate_size; its sigmoid gate is not counted");
        }
    } else {
        a.ffnHidden = f.integer("intermediate_size", "ffn_hidden");
    }
    if (m.modelType == "phi3") m.notes.push_back("Phi-3: fused qkv_proj and gate_up_proj are counted as their separate matrices");
    if (f.has("sliding_window") && !doc.at("sliding_window").is_null())
        m.notes.push_back("sliding_window is ignored: attention is counted over the whole sequence (an upper bound)");
    if (f.has("rope_scaling") && !doc.at("rope_scaling").is_null()) m.notes.push_back("rope_scaling has no effect on memory or FLOPs");
    m.mapped = std::move(f.mapped);
    return m;
}

} // namespace

const std::vector<std::string>& supportedModelTypes() { return kTypes; }

ImportResult importHfConfig(std::string_view text)
{
    try {
        ImportedModel m = importDocument(detail::parseLimited(text, "the config.json"));
        detail::validateArchitecture(m.arch, "model");
        return {std::move(m), {}};
    } catch (const detail::ReadError& e) {
        return {std::nullopt, e.error};
    }
}

ImportResult importHfConfigFile(const std::string& filePath)
{
    try {
        return importHfConfig(detail::readLimitedFile(filePath));
    } catch (const detail::ReadError& e) {
        return {std::nullopt, e.error};
    }
}

Scenario scenarioFor(const ImportedModel& model)
{
    Scenario s = defaultScenario();
    s.model = ModelSpec{};
    s.model.arch = model.arch;
    s.name = (model.name.empty() ? model.modelType : model.name) + " (imported from config.json)";
    return s;
}

} // namespace core
