#pragma once
// How the current scenario scales with the GPU count (DP over powers of two at fixed TP/PP/CP and
// global batch): memory per GPU, communication share and MFU, with the current point marked.

#include "core/estimate/estimate.h"
#include "core/search/sweep.h"

#include <QChartView>

class QLineSeries;
class QLogValueAxis;
class QScatterSeries;
class QValueAxis;

namespace ui {

class ScalingChart : public QChartView {
    Q_OBJECT
public:
    explicit ScalingChart(QWidget* parent = nullptr);
    /// The sweep's points, the current scenario marked, and the GPU's capacity as a line.
    void setSweep(const core::SweepResult& sweep, const core::Estimate& current);

    [[nodiscard]] QLineSeries* memorySeries() const { return m_memory; }
    [[nodiscard]] QLineSeries* commSeries() const { return m_comm; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();

    QLineSeries* m_memory = nullptr;
    QLineSeries* m_capacity = nullptr;
    QLineSeries* m_comm = nullptr;
    QLineSeries* m_mfu = nullptr;
    QScatterSeries* m_current = nullptr;
    QLogValueAxis* m_axisX = nullptr;
    QValueAxis* m_axisMemory = nullptr;
    QValueAxis* m_axisPercent = nullptr;
};

} // namespace ui
