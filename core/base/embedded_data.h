#pragma once
// Catalog data from resources/, embedded at build time so the core needs no files at run time.

#include <string_view>

namespace core::embedded {

extern const std::string_view kModelsJson; ///< resources/models.json
extern const std::string_view kGpusJson; ///< resources/gpus.json
extern const std::string_view kPublishedJson; ///< resources/fidelity/published.json
/// resources/fidelity/vtrain/: vTrain's measured iterations (MIT licence), single-node and multi-node.
extern const std::string_view kVtrainSingleNodeCsv;
extern const std::string_view kVtrainMultiNodeCsv;
extern const std::string_view kDefaultScenarioJson; ///< resources/scenarios/default.tpscenario.json

} // namespace core::embedded
