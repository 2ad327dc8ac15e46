#pragma once
// A model from a local Hugging Face config.json (issue 12): the field names of the Llama, Mistral,
// Mixtral, Qwen2, GPT-2, Phi, Phi-3, Gemma and DeepSeek-V2/V3 families mapped onto TrainPlanner's
// architecture, with a record of what mapped to what. No network: the file is read as given.

#include "core/architecture.h"
#include "core/scenario_io.h"

#include <string>
#include <string_view>
#include <vector>

namespace core {

struct FieldMapping {
    std::string from; ///< config.json field, e.g. "num_key_value_heads"
    std::string to; ///< architecture key, e.g. "kv_heads"
    std::string value; ///< as imported
};

struct ImportedModel {
    std::string modelType; ///< config.json "model_type"
    std::string name; ///< "_name_or_path" when given
    Architecture arch;
    ParameterBreakdown counts; ///< countParameters(arch): what the import dialog reports
    std::vector<FieldMapping> mapped;
    /// Fields read but not representable, and assumptions made (e.g. "no bias").
    std::vector<std::string> notes;
};

struct ImportResult {
    std::optional<ImportedModel> model;
    ScenarioError error; ///< the first problem, naming the field
    bool fileError = false; ///< the file itself could not be read (the message names it)

    [[nodiscard]] bool ok() const { return model.has_value(); }
};

/// model_type values understood.
[[nodiscard]] const std::vector<std::string>& supportedModelTypes();
[[nodiscard]] ImportResult importHfConfig(std::string_view jsonText);
/// A file that cannot be read gives an error naming the file (path empty, fileError set); a problem
/// inside it names the field.
[[nodiscard]] ImportResult importHfConfigFile(const std::string& filePath);
/// The default scenario with the imported model as an explicit architecture.
[[nodiscard]] Scenario scenarioFor(const ImportedModel& model);

} // namespace core
