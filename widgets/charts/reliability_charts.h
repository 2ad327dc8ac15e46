#pragma once
// Failures and checkpoints (source article §3.4): goodput and interruptions against the GPU count,
// and goodput against the checkpoint interval with Young's and Daly's optimum marked.

#include "core/estimate/estimate.h"
#include "core/search/sweep.h"

#include <QWidget>

#include <utility>
#include <vector>

class QChartView;
class QLineSeries;
class QLogValueAxis;
class QScatterSeries;
class QValueAxis;

namespace ui {

class ReliabilityCharts : public QWidget {
    Q_OBJECT
public:
    explicit ReliabilityCharts(QWidget* parent = nullptr);
    /// Goodput and interruptions over the sweep; `byInterval` is goodput against the checkpoint
    /// interval (seconds, fraction) around the current scenario's optimum, marked.
    void setData(const core::SweepResult& sweep, const core::Estimate& current,
        const std::vector<std::pair<double, double>>& byInterval);
    [[nodiscard]] QLineSeries* goodputByGpus() const { return m_goodputGpus; }
    [[nodiscard]] QLineSeries* goodputByInterval() const { return m_goodputInterval; }
    /// Goodput and interruptions against the GPU count; goodput against the checkpoint interval.
    [[nodiscard]] QChartView* scaleView() const { return m_scaleView; }
    [[nodiscard]] QChartView* intervalView() const { return m_intervalView; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();

    QChartView* m_scaleView;
    QChartView* m_intervalView;
    QLineSeries* m_goodputGpus;
    QLineSeries* m_interruptions;
    QLineSeries* m_goodputInterval;
    QScatterSeries* m_optimum;
    QLogValueAxis* m_gpusAxis;
    QValueAxis* m_goodputAxis;
    QLogValueAxis* m_interruptionsAxis;
    QLogValueAxis* m_intervalAxis;
    QValueAxis* m_intervalGoodputAxis;
};

} // namespace ui
