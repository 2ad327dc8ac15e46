#pragma once
// Sensitivity (issue 12): a tornado chart of how step time, memory per GPU or total cost move when
// each assumption moves by ± a user-set fraction, one at a time (core::sensitivity()).

#include "core/sensitivity.h"

#include <QWidget>

#include <cstdint>

class QBarCategoryAxis;
class QBarSet;
class QChartView;
class QComboBox;
class QLabel;
class QSpinBox;
class QValueAxis;

namespace ui {

class ScenarioSession;

class SensitivityView : public QWidget {
    Q_OBJECT
public:
    enum Metric { StepTime, Memory, Cost };
    explicit SensitivityView(ScenarioSession* session, QWidget* parent = nullptr);

    // Asked of the session (in the background) only while visible.
    [[nodiscard]] const core::Sensitivity& result() const { return m_result; }
    [[nodiscard]] QChartView* chartView() const { return m_view; }
    [[nodiscard]] QBarSet* lowBars() const { return m_low; }
    [[nodiscard]] QBarSet* highBars() const { return m_high; }
    /// The assumption shown in each row, top to bottom.
    [[nodiscard]] const std::vector<core::Assumption>& order() const { return m_order; }
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
    [[nodiscard]] static QString assumptionName(core::Assumption a);

    ScenarioSession* m_session;
    core::Sensitivity m_result;
    std::uint64_t m_revision = 0; ///< of the scenario m_result is for; 0 = none yet
    double m_fraction = 0; ///< the fraction m_result is for
    Metric m_metric = StepTime;
    std::vector<core::Assumption> m_order;
    QLabel* m_intro = nullptr;
    QComboBox* m_metricBox = nullptr;
    QSpinBox* m_percent = nullptr;
    QLabel* m_metricLabel = nullptr;
    QLabel* m_percentLabel = nullptr;
    QChartView* m_view = nullptr;
    QBarSet* m_low = nullptr;
    QBarSet* m_high = nullptr;
    QBarCategoryAxis* m_axisY = nullptr;
    QValueAxis* m_axisX = nullptr;
};

} // namespace ui
