#pragma once
// How the current scenario scales with the GPU count (DP over powers of two at fixed TP/PP/CP and
// global batch): memory per GPU, communication share and MFU, with the current point marked.

#include "estimate.h"
#include "scenario.h"
#include "sweep.h"

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
    void setScenario(const core::Scenario& scenario);

    [[nodiscard]] const core::SweepResult& sweep() const { return m_sweep; }
    [[nodiscard]] QLineSeries* memorySeries() const { return m_memory; }
    [[nodiscard]] QLineSeries* commSeries() const { return m_comm; }
    [[nodiscard]] QLineSeries* mfuSeries() const { return m_mfu; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void refresh();

    core::Scenario m_scenario;
    core::SweepResult m_sweep;
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
