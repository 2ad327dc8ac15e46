#pragma once
// A scenario's name as the interface shows it: an automatic name (core::automaticName, what the
// scenario describes) and the bundled examples' names in the interface language; a name the user
// gave as written. Titles, slides, exports and the comparison's columns all take it from here, so
// that a Chinese interface does not title its charts in English.

#include "core/scenario/scenario.h"

#include <QCoreApplication>
#include <QString>

namespace ui {

class ScenarioName {
    Q_DECLARE_TR_FUNCTIONS(ui::ScenarioName)
public:
    [[nodiscard]] static QString of(const core::Scenario& scenario);
    /// Whether `name` is a bundled example's own name ("Llama 3 70B on one node of 8 A100: does not
    /// fit"): it describes that example, not the scenario once edited.
    [[nodiscard]] static bool isExample(const std::string& name);
    /// "A: name", the way the comparison names its scenarios (index 0 is A); Chinese takes the
    /// full-width colon.
    [[nodiscard]] static QString lettered(int index, const QString& name);
};

} // namespace ui
