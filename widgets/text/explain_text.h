#pragma once
// Core's explanations (core/estimate/explain.h: how each figure was computed) in the interface language.
// Core writes its formulas and arithmetic in English notation for the command line and the files.
// Each formula is marked for translation where core writes it (TP_NOTE, core/estimate/explain.h), so the GUI
// looks it up by its English; the phrases its arithmetic uses are this file's catalog (a test runs
// core over the published runs and checks that nothing is left out).
// The citations (sources) stay as they are written, except what a user of the installed program
// cannot follow: the repository's documents become the paper or the Help they stand for, and the
// scenario's keys become the form's names for them.

#include "core/estimate/explain.h"

#include <QCoreApplication>
#include <QString>

#include <string>
#include <string_view>

namespace ui {

class ExplainText {
    Q_DECLARE_TR_FUNCTIONS(ui::ExplainText)
public:
    /// A formula in the interface language (its notation kept); the English when the catalog lacks it.
    [[nodiscard]] static QString formula(const std::string& english);
    /// The arithmetic with its words in the interface language, its numbers in plain decimals (core's
    /// "4.87e+05" reads "487,000"), the scenario's keys named as the form names them (setKeyNames).
    [[nodiscard]] static QString substituted(const std::string& english);
    /// A citation as a user can follow it: no repository file ("docs/FORMULAS.md §4" becomes the paper
    /// and equation), keys named as the form names them.
    [[nodiscard]] static QString source(const std::string& english);
    /// Names a scenario key ("parallel.tp") as the interface does ("Tensor parallel (TP)"), or an empty
    /// text to keep the key. Set once by the window (the names live with the form, a layer above);
    /// without it keys stay as the file spells them.
    using KeyNamer = QString (*)(std::string_view path);
    static void setKeyNames(KeyNamer namer);
};

} // namespace ui
