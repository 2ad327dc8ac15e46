#pragma once
// Memory over one step: for every pipeline stage, the GPU memory it holds along the step
// drawn above it — model states and buffers throughout, activations rising with each forward and
// falling with each backward — with the GPU's capacity and where the peak happens. Drawn from
// core::memoryOverStep(); the peak of each line is the stage's total in the memory chart.

#include "core/estimate/memory_timeline.h"
#include "widgets/text/format.h"

#include <QChartView>

class QChart;
class QLineSeries;
class QScatterSeries;
class QShowEvent;
class QValueAxis;

namespace ui {

class MemoryStepChart : public QChartView {
    Q_OBJECT
public:
    explicit MemoryStepChart(QWidget* parent = nullptr);

    /// Drawn at once when visible, else when next shown or asked for (it sits on a tab that is mostly
    /// hidden, and redrawing it costs 2 ms of every slider tick).
    void setTrace(core::MemoryOverStep trace);

    [[nodiscard]] const core::MemoryOverStep& trace() const { return m_trace; }
    /// The chart with the latest trace drawn (export and presentation use it).
    [[nodiscard]] QChart* freshChart();
    /// The line of one stage (nullptr beyond the drawn stages); for tests.
    [[nodiscard]] QLineSeries* stageSeries(int stage);
    [[nodiscard]] QScatterSeries* peakSeries();

protected:
    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void retranslate();
    void refresh();
    /// The time axis over the step (0 … end, round ticks), the memory axis up to just above `top`.
    void setAxisRanges(double end, double top);

    core::MemoryOverStep m_trace;
    bool m_stale = false;
    std::vector<QLineSeries*> m_stages;
    QLineSeries* m_capacity = nullptr;
    QScatterSeries* m_peak = nullptr;
    QValueAxis* m_axisX = nullptr;
    QValueAxis* m_axisY = nullptr;
};

} // namespace ui
