#pragma once
// Memory over one step (issue 19): for every pipeline stage, the GPU memory it holds along the step
// drawn above it — model states and buffers throughout, activations rising with each forward and
// falling with each backward — with the GPU's capacity and where the peak happens. Drawn from
// core::memoryOverStep(); the peak of each line is the stage's total in the memory chart.

#include "format.h"
#include "memory_timeline.h"

#include <QChartView>

class QLineSeries;
class QScatterSeries;
class QValueAxis;

namespace ui {

class MemoryStepChart : public QChartView {
    Q_OBJECT
public:
    explicit MemoryStepChart(QWidget* parent = nullptr);

    void setTrace(core::MemoryOverStep trace);
    void setUnit(ByteUnit unit);

    [[nodiscard]] const core::MemoryOverStep& trace() const { return m_trace; }
    /// The line of one stage (nullptr beyond the drawn stages); for tests.
    [[nodiscard]] QLineSeries* stageSeries(int stage) const;
    [[nodiscard]] QScatterSeries* peakSeries() const { return m_peak; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void refresh();

    core::MemoryOverStep m_trace;
    ByteUnit m_unit = ByteUnit::GiB;
    std::vector<QLineSeries*> m_stages;
    QLineSeries* m_capacity = nullptr;
    QScatterSeries* m_peak = nullptr;
    QValueAxis* m_axisX = nullptr;
    QValueAxis* m_axisY = nullptr;
};

} // namespace ui
