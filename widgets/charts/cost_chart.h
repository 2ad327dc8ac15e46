#pragma once
// Time and money against the GPU count: training days and total cost for the points of a sweep
// (the same sweep as the scaling chart), with the current scenario marked.

#include "core/search/sweep.h"

#include <QChartView>

class QLineSeries;
class QLogValueAxis;
class QScatterSeries;
class QValueAxis;

namespace ui {

class CostChart : public QChartView {
    Q_OBJECT
public:
    explicit CostChart(QWidget* parent = nullptr);
    /// `current` is the GPU count of the scenario on screen.
    void setSweep(const core::SweepResult& sweep, int current);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();

    QLineSeries* m_days = nullptr;
    QLineSeries* m_cost = nullptr;
    QScatterSeries* m_current = nullptr;
    QLogValueAxis* m_axisX = nullptr;
    QLogValueAxis* m_axisDays = nullptr;
    QValueAxis* m_axisCost = nullptr;
    double m_highestCostUsd = 0; ///< the sweep's dearest run, which sets the cost axis' unit
};

} // namespace ui
