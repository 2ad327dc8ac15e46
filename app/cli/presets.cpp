// presets [models|gpus|all]: the model and GPU catalogs.
#include "core/scenario/presets.h"

#include "app/cli/commands.h"
#include "app/cli/common.h"
#include "core/scenario/architecture.h"

#include <memory>
#include <sstream>

namespace cli {

namespace {

std::string presetsText(bool models, bool gpus)
{
    std::ostringstream os;
    if (models) {
        os << "Models (name, label, parameters, source)\n";
        for (const auto& m : core::modelPresets())
            os << "  " << m.name << "\t" << m.label << "\t" << core::totalParameters(m.arch) << "\t" << m.source
               << "\n";
    }
    if (gpus) {
        os << "GPUs (name, label, memory GiB, bf16 TFLOP/s, NVLink GB/s, network GB/s, TDP W)\n";
        for (const auto& g : core::gpuPresets()) {
            const auto bf16 = g.spec.peakTflops.find(core::DType::bf16);
            os << "  " << g.name << "\t" << g.spec.name << "\t" << g.spec.memoryGib << "\t"
               << (bf16 == g.spec.peakTflops.end() ? std::string("-") : std::to_string(bf16->second)) << "\t"
               << g.spec.intraNodeGBps << "\t" << g.spec.interNodeGBps << "\t" << g.spec.tdpWatts << "\n";
        }
    }
    return os.str();
}

} // namespace

Command addPresetsCommand(CLI::App& app)
{
    auto which = std::make_shared<std::string>("all");
    auto* pre = app.add_subcommand("presets", "List the model and GPU catalogs");
    pre->add_option("WHAT", *which, "models, gpus or all")->check(CLI::IsMember({ "models", "gpus", "all" }));
    return { pre, [which] { return emit(presetsText(*which != "gpus", *which != "models")); } };
}

} // namespace cli
