#pragma once
// "How accurate is this?" (issue 11; docs/FIDELITY.md): every published run against the estimate
// with the current code and defaults — the error of each as a bar, the table with sources, and the
// out-of-sample mean errors. Double-clicking a run opens its scenario.

#include "fidelity.h"

#include <QWidget>

#include <functional>

class QBarSet;
class QChartView;
class QLabel;
class QTableWidget;

namespace ui {

class AccuracyView : public QWidget {
    Q_OBJECT
public:
    using OpenScenario = std::function<void(const core::Scenario&)>;
    explicit AccuracyView(OpenScenario open = {}, QWidget* parent = nullptr);

    [[nodiscard]] const core::FidelitySummary& summary() const { return m_summary; }
    [[nodiscard]] QTableWidget* table() const { return m_table; }
    [[nodiscard]] QChartView* chartView() const { return m_view; }
    /// Error bars in percent, one per run in table order: validation runs in the first set,
    /// calibration runs in the second (the other set holds 0 for that run).
    [[nodiscard]] QBarSet* validationBars() const { return m_validation; }
    [[nodiscard]] QBarSet* calibrationBars() const { return m_calibration; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();

    core::FidelitySummary m_summary;
    OpenScenario m_open;
    QLabel* m_intro = nullptr;
    QChartView* m_view = nullptr;
    QBarSet* m_validation = nullptr;
    QBarSet* m_calibration = nullptr;
    QTableWidget* m_table = nullptr;
};

} // namespace ui
