#pragma once
// Sensitivity (issue 12): a tornado chart of how step time, memory per GPU or total cost move when
// each assumption moves by ± a user-set fraction, one at a time (core::sensitivity()).

#include "sensitivity.h"

#include <QWidget>

class QBarCategoryAxis;
class QBarSet;
class QChartView;
class QComboBox;
class QLabel;
class QSpinBox;
class QValueAxis;

namespace ui {

class ScenarioDocument;

class SensitivityView : public QWidget {
    Q_OBJECT
public:
    enum Metric { StepTime, Memory, Cost };
    explicit SensitivityView(ScenarioDocument* document, QWidget* parent = nullptr);

    // Recomputed only while visible; the accessors bring it up to date first.
    [[nodiscard]] const core::Sensitivity& result() const { return fresh().m_result; }
    [[nodiscard]] QChartView* chartView() const { return fresh().m_view; }
    [[nodiscard]] QBarSet* lowBars() const { return fresh().m_low; }
    [[nodiscard]] QBarSet* highBars() const { return fresh().m_high; }
    /// The assumption shown in each row, top to bottom.
    [[nodiscard]] const std::vector<core::Assumption>& order() const { return fresh().m_order; }
    void setMetric(Metric metric);
    void setFraction(double fraction);

protected:
    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    [[nodiscard]] const SensitivityView& fresh() const;
    void recompute();
    void refresh();
    [[nodiscard]] static QString assumptionName(core::Assumption a);

    ScenarioDocument* m_doc;
    bool m_stale = true;
    core::Sensitivity m_result;
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
