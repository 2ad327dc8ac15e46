#pragma once
// The sensitivity page: how step time, memory per GPU or total cost move when each assumption moves
// by ± a user-set fraction, one at a time (core::sensitivity(), computed in the background while the
// page is visible), drawn as a tornado chart (widgets/charts/sensitivity_chart.h).

#include "core/estimate/sensitivity.h"
#include "widgets/charts/sensitivity_chart.h"

#include <QWidget>

#include <cstdint>

class QComboBox;
class QLabel;
class QSpinBox;

namespace ui {

class ScenarioSession;

class SensitivityPage : public QWidget {
    Q_OBJECT
public:
    using Metric = SensitivityChart::Metric;
    explicit SensitivityPage(ScenarioSession* session, QWidget* parent = nullptr);

    // Asked of the session (in the background) only while visible.
    [[nodiscard]] const core::Sensitivity& result() const { return m_result; }
    [[nodiscard]] SensitivityChart* chart() const { return m_chart; }
    /// The chart shows the current scenario at the current fraction.
    [[nodiscard]] bool isCurrent() const;
    /// Brings a hidden or waiting view up to date now, in this thread (export and slides).
    void ensureCurrent();
    void setMetric(Metric metric);
    void setFraction(double fraction);

protected:
    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void request();
    void showResult(std::uint64_t revision, double fraction, const core::Sensitivity& result);
    void refresh();

    ScenarioSession* m_session;
    core::Sensitivity m_result;
    std::uint64_t m_revision = 0; ///< of the scenario m_result is for; 0 = none yet
    double m_fraction = 0; ///< the fraction m_result is for
    Metric m_metric = SensitivityChart::StepTime;
    QLabel* m_intro = nullptr;
    QComboBox* m_metricBox = nullptr;
    QSpinBox* m_percent = nullptr;
    QLabel* m_metricLabel = nullptr;
    QLabel* m_percentLabel = nullptr;
    SensitivityChart* m_chart = nullptr;
};

} // namespace ui
