#pragma once
// A model from a local Hugging Face config.json: the field names of the Llama, Mistral,
// Mixtral, Qwen2, GPT-2, Phi, Phi-3, Gemma and DeepSeek-V2/V3 families mapped onto TrainPlanner's
// architecture, with a record of what mapped to what. No network: the file is read as given.

#include "core/scenario/architecture.h"
#include "core/scenario/scenario_io.h"

#include <string>
#include <string_view>
#include <vector>

namespace core {

struct FieldMapping {
    std::string from; ///< config.json field, e.g. "num_key_value_heads"
    std::string to; ///< architecture key, e.g. "kv_heads"
    std::string value; ///< as imported
};

/// What an import assumed or could not represent, as a code (the GUI words it; importNoteText()
/// words it in English for the command line).
enum class ImportNoteCode {
    routed_node_limit, ///< count: topk_group, the nodes a token's experts lie on
    mtp_modules, ///< count: multi-token prediction modules
    rope_scaling_ignored,
    mla_down_projections_whole,
    phi_parallel_block,
    gpt2_family,
    qwen2_qkv_bias,
    qwen2_moe_shared_expert, ///< count: experts of moe_intermediate_size the shared expert counts as
    phi3_fused_projections,
    sliding_window_ignored,
    queries_projected_directly, ///< q_lora_rank null
    gated_mlp, ///< name: the activation (hidden_act), counted as SwiGLU's three matrices
    ffn_four_times_hidden, ///< n_inner null: 4 × n_embd
};

struct ImportNote {
    ImportNoteCode code;
    int count = 0;
    std::string name; ///< an identifier from the file (the activation's name)
};

/// The note in English, for the command line.
[[nodiscard]] std::string importNoteText(const ImportNote& note);

struct ImportedModel {
    std::string modelType; ///< config.json "model_type"
    std::string name; ///< "_name_or_path" when given
    Architecture arch;
    ParameterBreakdown counts; ///< countParameters(arch): what the import dialog reports
    std::vector<FieldMapping> mapped;
    /// Fields read but not representable, and assumptions made (e.g. "no bias").
    std::vector<ImportNote> notes;
};

struct ImportResult {
    std::optional<ImportedModel> model;
    ScenarioError error; ///< the first problem, naming the field
    bool fileError = false; ///< the file itself could not be read (the message names it)

    [[nodiscard]] bool ok() const { return model.has_value(); }
};

[[nodiscard]] ImportResult importHfConfig(std::string_view jsonText);
/// A file that cannot be read gives an error naming the file (path empty, fileError set); a problem
/// inside it names the field.
[[nodiscard]] ImportResult importHfConfigFile(const std::string& filePath);
/// The default scenario with the imported model as an explicit architecture.
[[nodiscard]] Scenario scenarioFor(const ImportedModel& model);

} // namespace core
