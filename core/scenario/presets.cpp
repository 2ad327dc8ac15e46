#include "core/scenario/presets.h"

#include "core/base/embedded_data.h"
#include "core/scenario/json_reader.h"

#include <stdexcept>

namespace core {

using detail::ObjectReader;

namespace {

/// The catalogs ship with the program; a broken one is a build defect, caught by the tests.
[[noreturn]] void brokenCatalog(const char* what, const detail::ReadError& e)
{
    throw std::logic_error(std::string(what) + ": " + e.error.toString());
}

std::vector<ModelPreset> loadModels()
{
    std::vector<ModelPreset> out;
    try {
        const auto doc = detail::parseLimited(embedded::kModelsJson, "models.json");
        ObjectReader top(doc, "");
        (void)top.string("format");
        (void)top.integer("version", 1, 1);
        const auto& list = top.raw("models");
        for (std::size_t i = 0; i < list.size(); ++i) {
            ObjectReader r(list[i], "models[" + std::to_string(i) + "]");
            ModelPreset p;
            p.name = r.string("name");
            p.label = r.string("label");
            if (r.has("params")) p.officialParams = r.integer("params", 1, std::int64_t(1) << 50);
            p.source = r.string("source");
            ObjectReader a = r.object("architecture");
            detail::readArchitectureFields(a, p.arch);
            a.rejectUnknownKeys();
            detail::validateArchitecture(p.arch, a.path());
            r.rejectUnknownKeys();
            out.push_back(std::move(p));
        }
    } catch (const detail::ReadError& e) {
        brokenCatalog("models.json", e);
    }
    return out;
}

std::vector<GpuPreset> loadGpus()
{
    std::vector<GpuPreset> out;
    try {
        const auto doc = detail::parseLimited(embedded::kGpusJson, "gpus.json");
        ObjectReader top(doc, "");
        (void)top.string("format");
        (void)top.integer("version", 1, 1);
        const auto& list = top.raw("gpus");
        for (std::size_t i = 0; i < list.size(); ++i) {
            ObjectReader r(list[i], "gpus[" + std::to_string(i) + "]");
            GpuPreset p;
            p.name = r.string("name");
            // The object has the same fields as a custom GPU in a scenario, with "label" as its name.
            nlohmann::json spec = list[i];
            spec["name"] = spec.value("label", p.name);
            spec.erase("label");
            // The catalog's own key: the GPUs one NVLink domain joins, for systems built as one.
            if (r.has("gpus_per_node")) p.gpusPerNode = static_cast<int>(r.integer("gpus_per_node", 1, 1024));
            spec.erase("gpus_per_node");
            ObjectReader s(spec, r.path());
            p.spec = detail::readGpu(s);
            s.rejectUnknownKeys();
            out.push_back(std::move(p));
        }
    } catch (const detail::ReadError& e) {
        brokenCatalog("gpus.json", e);
    }
    return out;
}

template <typename T> const T* findByName(const std::vector<T>& list, std::string_view name)
{
    for (const auto& item : list)
        if (item.name == name) return &item;
    return nullptr;
}

} // namespace

const std::vector<ModelPreset>& modelPresets()
{
    static const std::vector<ModelPreset> presets = loadModels();
    return presets;
}

const ModelPreset* findModelPreset(std::string_view name)
{
    return findByName(modelPresets(), name);
}

const std::vector<GpuPreset>& gpuPresets()
{
    static const std::vector<GpuPreset> presets = loadGpus();
    return presets;
}

const GpuPreset* findGpuPreset(std::string_view name)
{
    return findByName(gpuPresets(), name);
}

ModelSpec presetModel(const ModelPreset& preset)
{
    return ModelSpec { .preset = preset.name, .params = 0, .arch = preset.arch };
}

Hardware presetHardware(const GpuPreset& preset, int gpusPerNode)
{
    return Hardware { .preset = preset.name,
        .gpu = preset.spec,
        .gpusPerNode = preset.gpusPerNode > 0 ? preset.gpusPerNode : gpusPerNode };
}

} // namespace core
