#pragma once
// Core's explanations (core/explain.h: how each figure was computed) in the interface language.
// Core writes its formulas and arithmetic in English notation for the command line and the files;
// the GUI words them from this catalog — every formula core writes, and every phrase its
// arithmetic uses (a test runs core over the published runs and checks that nothing is left out).
// The citations (sources) stay as they are written.

#include "core/explain.h"

#include <QCoreApplication>
#include <QString>

#include <string>

namespace ui {

class ExplainText {
    Q_DECLARE_TR_FUNCTIONS(ui::ExplainText)
public:
    /// A formula in the interface language (its notation kept); the English when the catalog lacks it.
    [[nodiscard]] static QString formula(const std::string& english);
    /// The arithmetic with its words in the interface language (numbers, units and keys kept).
    [[nodiscard]] static QString substituted(const std::string& english);
    /// Whether the catalog holds this formula (tests).
    [[nodiscard]] static bool knows(const std::string& formula);
};

} // namespace ui
