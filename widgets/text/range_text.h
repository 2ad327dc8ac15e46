#pragma once
// The words for an estimate's error range: the regimes of published runs it was measured on
// (core's names, fidelity.cpp regimesOf), as the accuracy view, the banner and the planner show them.

#include "core/estimate_types.h"

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
};

} // namespace ui
