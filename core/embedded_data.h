#pragma once
// Catalog data from resources/, embedded at build time so the core needs no files at run time.

#include <string_view>

namespace core::embedded {

extern const std::string_view kModelsJson; ///< resources/models.json
extern const std::string_view kGpusJson; ///< resources/gpus.json
extern const std::string_view kPublishedJson; ///< resources/fidelity/published.json
extern const std::string_view kDefaultScenarioJson; ///< resources/scenarios/default.tpscenario.json

} // namespace core::embedded
