#pragma once
// The main window's central view: inputs on the left; on the right the verdict and the result
// pages in tabs (one list, kPages in main_view.cpp). It hands the session's results to each view.

#include "widgets/text/format.h"

#include <QSizeF>
#include <QStringList>
#include <QWidget>

#include <array>
#include <cstdint>
#include <functional>
#include <vector>

class QChart;
class QPainter;
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
class SensitivityPage;
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
    // The views of the result pages, each brought up to date with the session's results first
    // (a page behind the current one takes new results only when shown or asked for).
    [[nodiscard]] MemoryChart* memoryChart() const;
    [[nodiscard]] TimeChart* timeChart() const;
    [[nodiscard]] TimelineView* timelineView() const;
    [[nodiscard]] MemoryStepChart* memoryStepChart() const;
    [[nodiscard]] PlacementView* placementView() const;
    [[nodiscard]] ScalingChart* scalingChart() const;
    [[nodiscard]] CostChart* costChart() const;
    [[nodiscard]] CostBreakdownChart* costBreakdownChart() const;
    [[nodiscard]] CollectivesModel* collectives() const;
    [[nodiscard]] MemoryTableModel* memoryTable() const;
    [[nodiscard]] PlannerPage* plannerPage() const { return m_planner; }
    [[nodiscard]] ReliabilityCharts* reliabilityCharts() const;
    [[nodiscard]] ComparisonView* comparison() const { return m_comparison; }
    [[nodiscard]] DecisionGuidePage* decisionGuide() const;
    [[nodiscard]] SensitivityPage* sensitivityPage() const { return m_sensitivity; }
    [[nodiscard]] WhatIfPage* whatIfPage() const { return m_heatmap; }
    [[nodiscard]] VerdictBanner* banner() const { return m_banner; }
    [[nodiscard]] QTabWidget* tabs() const { return m_tabs; }
    /// The result pages' ids in tab order ("memory", "time", … "sensitivity").
    [[nodiscard]] static QStringList pageIds();
    /// Brings page `id` to the front; false for an unknown id.
    bool showPage(const QString& id);
    /// Every chart with something to show, in tab order (presentation mode's slides).
    [[nodiscard]] QList<QChart*> presentableCharts() const;
    /// A result figure as the export writes it: a chart, or a painted view.
    struct Figure {
        QString file; ///< base name of its files ("memory", "pipeline"), stable across versions
        QString title; ///< as shown, in the interface language
        QChart* chart = nullptr;
        std::function<void(QPainter&, QSizeF)> paint; ///< a painted view (chart == nullptr)
        QSizeF size { 1200, 750 }; ///< export size in points
    };
    /// Every figure with something to show, in tab order: each chart of presentableCharts() — every
    /// slide is exportable — and the pipeline, the rank placement and the what-if grid (usability
    /// review, problem 7: six kinds were never exported).
    [[nodiscard]] std::vector<Figure> figures() const;
    /// The banner shows the range of step, memory and cost with every assumption ±20 % in turn.
    void setShowRanges(bool on);

protected:
    void changeEvent(QEvent* event) override;

private:
    /// The result pages in tab order (kPages in main_view.cpp).
    enum class Page {
        memory,
        time,
        pipeline,
        scaling,
        reliability,
        planner,
        formats,
        compare,
        guide,
        whatif,
        sensitivity,
        count
    };

    void retranslate();
    /// Takes the session's results: the banner and the current page at once, the other pages
    /// when shown or asked for. The only place views get results.
    void showResults(const DerivedResults& results);
    /// Hands `results` to the views of `page` unless they have the latest already.
    void pushToPage(int page, const DerivedResults& results) const;
    void bringUpToDate(Page page) const;

    std::uint64_t m_generation = 0; ///< counts showResults calls (a new unit re-announces the same results)
    mutable std::array<std::uint64_t, std::size_t(Page::count)> m_pageGeneration {};

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
    SensitivityPage* m_sensitivity;
    WhatIfPage* m_heatmap;
    ScenarioSession* m_session;
};

} // namespace ui
