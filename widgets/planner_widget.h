#pragma once
// The central view: inputs on the left, the verdict and the live charts on the right.

#include <QWidget>

namespace ui {

class InputPanel;
class MemoryChart;
class ScenarioDocument;
class VerdictBanner;

class PlannerWidget : public QWidget {
    Q_OBJECT
public:
    explicit PlannerWidget(ScenarioDocument* document, QWidget* parent = nullptr);

    [[nodiscard]] InputPanel* inputs() const { return m_inputs; }
    [[nodiscard]] MemoryChart* memoryChart() const { return m_memory; }
    [[nodiscard]] VerdictBanner* banner() const { return m_banner; }

private:
    InputPanel* m_inputs;
    VerdictBanner* m_banner;
    MemoryChart* m_memory;
};

} // namespace ui
