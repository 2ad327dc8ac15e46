#pragma once
// The model and GPU catalogs (resources/models.json, resources/gpus.json), parsed once.

#include "core/scenario/scenario.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace core {

struct ModelPreset {
    std::string name; ///< file-format name, e.g. "llama-2-7b"
    std::string label; ///< display name, e.g. "Llama 2 7B"
    std::int64_t officialParams = 0; ///< published exact count, 0 when none was published
    std::string source;
    Architecture arch;
};

struct GpuPreset {
    std::string name; ///< file-format name, e.g. "a100-80gb"
    GpuSpec spec; ///< spec.name is the display label
    int gpusPerNode = 0; ///< the system's NVLink domain when it is not 8 (GB200 NVL72: 72); 0 = keep
};

[[nodiscard]] const std::vector<ModelPreset>& modelPresets();
[[nodiscard]] const ModelPreset* findModelPreset(std::string_view name);
[[nodiscard]] const std::vector<GpuPreset>& gpuPresets();
[[nodiscard]] const GpuPreset* findGpuPreset(std::string_view name);

/// A model taken unchanged from a preset.
[[nodiscard]] ModelSpec presetModel(const ModelPreset& preset);
/// Hardware from a GPU preset, keeping the GPUs per node unless the preset is built as a larger
/// NVLink domain (GpuPreset::gpusPerNode).
[[nodiscard]] Hardware presetHardware(const GpuPreset& preset, int gpusPerNode);

} // namespace core
