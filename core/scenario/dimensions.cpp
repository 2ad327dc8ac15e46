#include "core/scenario/dimensions.h"

#include "core/base/checked.h"
#include "core/scenario/architecture.h"

#include <algorithm>

namespace core {

namespace {

// What each degree must divide: the conditions of warningsFor (estimate.cpp) and of Megatron-LM's
// argument checks (megatron/training/arguments.py).

bool dpDivides(const Scenario& s, int v)
{
    return isMultipleOf(s.training.globalBatch, { v, s.training.microBatch }); // up to 6.5·10^10, in 64 bits
}
double dpLargest(const Scenario& s)
{
    return double(s.training.globalBatch) / s.training.microBatch;
}

bool ppDivides(const Scenario& s, int v)
{
    const Parallel& p = s.parallel;
    return (s.model.arch.layers + (p.pipelineSplit == PipelineSplit::embedding_and_loss ? 2 : 0))
        % (v * p.virtualStages)
        == 0;
}
double ppLargest(const Scenario& s)
{
    return double(s.model.arch.layers + 2);
}

// Load-balanced context parallelism splits the sequence into 2·c chunks (Megatron-LM CP).
bool cpDivides(const Scenario& s, int v)
{
    return v == 1 || s.training.seqLen % (2 * v) == 0;
}
double cpLargest(const Scenario& s)
{
    return std::max(1.0, s.training.seqLen / 2.0);
}

bool epDivides(const Scenario& s, int v)
{
    const Architecture& a = s.model.arch;
    return a.isMoe() ? a.experts % v == 0 : v == 1;
}
double epLargest(const Scenario& s)
{
    return double(std::max(1, s.model.arch.experts));
}

constexpr std::array<Dimension, kDimensionCount> kDimensions { {
    { Group::tp, Knob::tp, "TP", "the attention heads and the FFN width", &Parallel::tp, true, 16, true, nullptr,
        nullptr },
    { Group::pp, Knob::pp, "PP", "the layers (× virtual stages)", &Parallel::pp, true, 32, false, ppDivides,
        ppLargest },
    { Group::dp, Knob::dp, "DP", "the global batch (× micro-batch)", &Parallel::dp, true, 1024, false, dpDivides,
        dpLargest },
    { Group::cp, Knob::cp, "CP", "the sequence (in 2·CP chunks)", &Parallel::cp, true, 16, true, cpDivides, cpLargest },
    { Group::ep, Knob::ep, "EP", "the experts", &Parallel::ep, false, 0, true, epDivides, epLargest },
} };

/// The rows follow kDimensionOrder, and Degrees indexes its values by knob: every dimension's knob is
/// one of the first kDimensionCount.
constexpr bool rowsInOrder()
{
    for (std::size_t i = 0; i < kDimensionCount; ++i)
        if (kDimensions[i].knob != kDimensionOrder[i] || std::size_t(kDimensions[i].knob) >= kDimensionCount)
            return false;
    return true;
}
static_assert(rowsInOrder());

} // namespace

const std::array<Dimension, kDimensionCount>& dimensions()
{
    return kDimensions;
}

const Dimension& dimensionOf(Group group)
{
    for (const Dimension& d : kDimensions)
        if (d.group == group) return d;
    return kDimensions[2]; // unreachable: tests/core/test_dimensions.cpp checks every group has its row
}

const Dimension* findDimension(std::string_view key)
{
    for (const Dimension& d : kDimensions)
        if (d.key() == key) return &d;
    return nullptr;
}

const Dimension* findDimension(Knob knob)
{
    for (const Dimension& d : kDimensions)
        if (d.knob == knob) return &d;
    return nullptr;
}

Degrees degreesOf(const Parallel& parallel)
{
    Degrees out;
    for (const Dimension& d : kDimensions)
        out[d.knob] = d.of(parallel);
    return out;
}

void setDegrees(Parallel& parallel, const Degrees& degrees)
{
    for (const Dimension& d : kDimensions)
        parallel.*d.degree = degrees[d.knob];
}

Degrees gemmShapingDegrees(const Parallel& parallel)
{
    Degrees out;
    for (const Dimension& d : kDimensions)
        if (d.shapesGemms) out[d.knob] = d.of(parallel);
    return out;
}

std::vector<std::pair<std::string, double>> gpuFactors(const Parallel& parallel)
{
    std::vector<std::pair<std::string, double>> out;
    for (const Dimension& d : kDimensions) {
        if (!d.multipliesGpus) continue;
        const std::string_view key = d.key();
        out.emplace_back(std::string(key.substr(key.find('.') + 1)), d.of(parallel));
    }
    return out;
}

std::string degreesText(const Parallel& p)
{
    return "TP " + std::to_string(p.tp) + " x PP " + std::to_string(p.pp) + " x CP " + std::to_string(p.cp) + " x DP "
        + std::to_string(p.dp) + (p.ep > 1 ? " (EP " + std::to_string(p.ep) + " within DP x CP)" : std::string());
}

double dataRanks(const Parallel& p)
{
    return double(p.dp) * p.cp;
}

double expertDataRanks(const Parallel& p)
{
    return std::max(1.0, dataRanks(p) / p.ep);
}

bool expertsFitDataRanks(const Parallel& p)
{
    return p.ep >= 1 && clampedProduct({ p.dp, p.cp }) % p.ep == 0;
}

std::int64_t gpusPerReplica(const Parallel& parallel)
{
    std::int64_t product = 1;
    for (const Dimension& d : kDimensions)
        if (d.multipliesGpus && d.group != Group::dp) product = clampedProduct({ product, d.of(parallel) });
    return product;
}

} // namespace core
