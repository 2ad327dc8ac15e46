#pragma once
// The tornado chart of a sensitivity result (core::sensitivity()): one bar pair per assumption, the
// outcome's change when it moves down and up, the largest swing at the top.

#include "core/estimate/sensitivity.h"

#include <QChartView>

#include <vector>

class QBarCategoryAxis;
class QBarSet;
class QValueAxis;

namespace ui {

class SensitivityChart : public QChartView {
    Q_OBJECT
public:
    enum Metric { StepTime, Memory, Cost };
    explicit SensitivityChart(QWidget* parent = nullptr);

    /// Draws `result` for `metric`; `metricName` is the outcome's name in the title, `percent` the
    /// fraction each assumption moved by.
    void setResult(const core::Sensitivity& result, Metric metric, const QString& metricName, int percent);

    [[nodiscard]] QBarSet* lowBars() const { return m_low; }
    [[nodiscard]] QBarSet* highBars() const { return m_high; }
    /// A change below this many percent is no effect: the assumption gets no row of its own.
    static constexpr double kNoEffectPercent = 0.05;
    /// The assumption shown in each row, top to bottom (those with no effect, counted in the bottom
    /// row, not among them).
    [[nodiscard]] const std::vector<core::Assumption>& order() const { return m_order; }

private:
    [[nodiscard]] static QString assumptionName(core::Assumption a);

    std::vector<core::Assumption> m_order;
    QBarSet* m_low = nullptr;
    QBarSet* m_high = nullptr;
    QBarCategoryAxis* m_axisY = nullptr;
    QValueAxis* m_axisX = nullptr;
};

} // namespace ui
