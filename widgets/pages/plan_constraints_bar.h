#pragma once
// What a planner search must keep: one button per knob the planner
// turns, each with a menu of the values it could take on these GPUs. Checking values limits the
// knob to them; "Only the current" pins it to the scenario's; "Any" frees it again.

#include "core/search/planner.h"

#include <QWidget>

#include <array>
#include <vector>

class QLabel;
class QToolButton;

namespace ui {

class PlanConstraintsBar : public QWidget {
    Q_OBJECT
public:
    explicit PlanConstraintsBar(QWidget* parent = nullptr);

    /// The values offered follow the model and the GPU count; a chosen value still offered stays.
    void setScenario(const core::Scenario& scenario, int gpus);
    [[nodiscard]] core::PlanConstraints constraints() const;
    /// Limits `knob` to `values` (empty: any), as the menu does.
    void setAllowed(core::Knob knob, std::vector<int> values);
    /// The knob's button ("planPin.parallel.zero").
    [[nodiscard]] QToolButton* button(core::Knob knob) const { return m_buttons[std::size_t(knob)]; }
    /// "ZeRO 3", "recompute full", "TP 1, 2" — a knob's value as the planner's texts show it.
    [[nodiscard]] static QString valueText(core::Knob knob, int value);
    [[nodiscard]] static QString knobName(core::Knob knob);

signals:
    void changed();

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void showKnob(core::Knob knob);

    QLabel* m_label;
    std::array<QToolButton*, core::kKnobCount> m_buttons {};
    std::array<std::vector<int>, core::kKnobCount> m_offered {};
    core::PlanConstraints m_constraints;
    core::Scenario m_scenario;
};

} // namespace ui
