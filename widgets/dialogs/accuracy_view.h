#pragma once
// "How accurate is this?" (docs/FIDELITY.md): every published run against the estimate
// with the current code and defaults — the out-of-sample error by source and by regime as bars, every
// run in the table with its source. Double-clicking a run opens its scenario.

#include "core/fidelity/fidelity.h"
#include "core/fidelity/refit.h"

#include <QWidget>

#include <functional>

class QBarSet;
class QChartView;
class QLabel;
class QTableWidget;

namespace ui {

class FidelityChart;

class AccuracyView : public QWidget {
    Q_OBJECT
public:
    using OpenScenario = std::function<void(const core::Scenario&)>;
    /// `summary`: core's fidelity table (ScenarioSession::publishedRuns() computes it once); `heldOut`:
    /// each source scored without its runs in the fit (ScenarioSession::heldOutSources()), the figure
    /// the view leads with.
    explicit AccuracyView(core::FidelitySummary summary, core::LeaveOneSourceOut heldOut = {}, OpenScenario open = {},
        QWidget* parent = nullptr);

    [[nodiscard]] const core::FidelitySummary& summary() const { return m_summary; }
    [[nodiscard]] QTableWidget* table() const { return m_table; }
    /// Out-of-sample error by source and regime (core's summary.groups, then summary.memoryGroups,
    /// bottom-up): the signed mean error in the first set, the mean |error| in the second, in percent.
    [[nodiscard]] QBarSet* meanErrorBars() const;
    [[nodiscard]] QBarSet* meanAbsErrorBars() const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    static QString kindText(const std::string& kind);
    /// The chart's slices top to bottom: throughput by source and regime, then peak memory.
    [[nodiscard]] std::vector<core::FidelityGroup> slices() const;

    core::FidelitySummary m_summary;
    core::LeaveOneSourceOut m_heldOut;
    OpenScenario m_open;
    QLabel* m_intro = nullptr;
    FidelityChart* m_chart = nullptr;
    QTableWidget* m_table = nullptr;
};

} // namespace ui
