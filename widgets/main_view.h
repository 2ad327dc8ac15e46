#pragma once
// The main window's central view: inputs on the left; on the right the verdict and the result
// pages in tabs (one list, kPages in main_view.cpp). It hands the session's results to each view.

#include "widgets/format.h"

#include <QStringList>
#include <QWidget>

class QChart;
class QTabWidget;

namespace ui {

class CollectivesModel;
class ComparisonView;
class CostBreakdownChart;
class CostChart;
class CopyableTableView;
class DecisionGuidePage;
class InputPanel;
class MemoryChart;
class MemoryTableModel;
class PlannerPage;
class ReliabilityCharts;
class ScalingChart;
class SensitivityView;
class WhatIfPage;
class ScenarioSession;
struct DerivedResults;
class TimeChart;
class TimelineView;
class MemoryStepChart;
class PlacementView;
class VerdictBanner;

class MainView : public QWidget {
    Q_OBJECT
public:
    explicit MainView(ScenarioSession* session, QWidget* parent = nullptr);

    [[nodiscard]] InputPanel* inputs() const { return m_inputs; }
    [[nodiscard]] MemoryChart* memoryChart() const { return m_memory; }
    [[nodiscard]] TimeChart* timeChart() const { return m_time; }
    [[nodiscard]] TimelineView* timelineView() const { return m_timeline; }
    [[nodiscard]] MemoryStepChart* memoryStepChart() const { return m_memoryStep; }
    [[nodiscard]] PlacementView* placementView() const { return m_placement; }
    [[nodiscard]] ScalingChart* scalingChart() const { return m_scaling; }
    [[nodiscard]] CostChart* costChart() const { return m_cost; }
    [[nodiscard]] CostBreakdownChart* costBreakdownChart() const { return m_costBreakdown; }
    [[nodiscard]] CollectivesModel* collectives() const { return m_collectives; }
    [[nodiscard]] MemoryTableModel* memoryTable() const { return m_memoryTable; }
    [[nodiscard]] PlannerPage* plannerPage() const { return m_planner; }
    [[nodiscard]] ReliabilityCharts* reliabilityCharts() const { return m_reliability; }
    [[nodiscard]] ComparisonView* comparison() const { return m_comparison; }
    [[nodiscard]] DecisionGuidePage* decisionGuide() const { return m_guide; }
    [[nodiscard]] SensitivityView* sensitivityView() const { return m_sensitivity; }
    [[nodiscard]] WhatIfPage* whatIfPage() const { return m_heatmap; }
    [[nodiscard]] VerdictBanner* banner() const { return m_banner; }
    [[nodiscard]] QTabWidget* tabs() const { return m_tabs; }
    /// The result pages' ids in tab order ("memory", "time", … "sensitivity").
    [[nodiscard]] static QStringList pageIds();
    /// Brings page `id` to the front; false for an unknown id.
    bool showPage(const QString& id);
    /// Every chart with something to show, in tab order (presentation mode's slides).
    [[nodiscard]] QList<QChart*> presentableCharts() const;
    /// The banner shows the range of step, memory and cost with every assumption ±20 % in turn.
    void setShowRanges(bool on);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    /// Hands the session's results to every view: the only place views get them.
    void showResults(const DerivedResults& results);

    InputPanel* m_inputs;
    VerdictBanner* m_banner;
    QTabWidget* m_tabs;
    MemoryChart* m_memory;
    MemoryTableModel* m_memoryTable;
    TimeChart* m_time;
    TimelineView* m_timeline;
    MemoryStepChart* m_memoryStep;
    PlacementView* m_placement;
    CollectivesModel* m_collectives;
    CopyableTableView* m_collectivesView;
    ScalingChart* m_scaling;
    CostChart* m_cost;
    CostBreakdownChart* m_costBreakdown;
    PlannerPage* m_planner;
    ReliabilityCharts* m_reliability;
    ComparisonView* m_comparison;
    DecisionGuidePage* m_guide;
    SensitivityView* m_sensitivity;
    WhatIfPage* m_heatmap;
    ScenarioSession* m_session;
};

} // namespace ui
