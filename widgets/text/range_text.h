#pragma once
// The words for an estimate's error range: the regimes of published runs it was measured on
// (core's names, fidelity.cpp regimesOf), as the accuracy view, the banner and the planner show them.

#include "core/scenario/estimate_types.h"

#include <QCoreApplication>
#include <QString>

#include <string>

namespace ui {

class RangeText {
    Q_DECLARE_TR_FUNCTIONS(ui::RangeText)
public:
    /// A regime's name ("multi-node") in words ("several nodes"); other names (sources, GPU
    /// presets) as they are.
    [[nodiscard]] static QString regime(const std::string& name);
    /// The runs an error range was measured on: "all published runs" or the list of its regimes.
    [[nodiscard]] static QString basis(const core::EstimateRange& range);

    /// Where a range lies against the estimate it multiplies. The estimate is the model's; the range is
    /// where measured runs of its kind landed against the model (the 10th to 90th percentile of
    /// measured ÷ estimated step time, core::EstimateRange): an error band, not an interval built around
    /// the point. When nine runs in ten of its kind took longer than estimated, it lies wholly above the
    /// estimate, and a view says so rather than show a point outside its range.
    enum class Side { around, above, below };
    [[nodiscard]] static constexpr Side sideOf(double low, double high) ///< multipliers of the estimate
    {
        return low > 1 ? Side::above : high < 1 ? Side::below : Side::around;
    }
    /// "ran 0–18 % slower than the model estimates" (or faster) for a range wholly on one side of the
    /// estimate; empty for one that holds it.
    [[nodiscard]] static QString againstModel(double low, double high);
};

} // namespace ui
