#pragma once
// Every fitting plan of a planner search as a point (memory per GPU against training time), the
// Pareto front drawn over them, and the best plan marked.

#include "core/search/planner.h"

#include <QChartView>

class QLineSeries;
class QScatterSeries;
class QLogValueAxis;
class QValueAxis;

namespace ui {

class PlanScatterChart : public QChartView {
    Q_OBJECT
public:
    explicit PlanScatterChart(QWidget* parent = nullptr);
    void setResult(const core::PlanResult& result);
    [[nodiscard]] int pointCount() const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();

    QScatterSeries* m_points;
    QLineSeries* m_pareto;
    QScatterSeries* m_best;
    QValueAxis* m_axisX;
    QLogValueAxis* m_axisY;
    int m_gpus = 0; ///< searched; 0 before a search
};

} // namespace ui
