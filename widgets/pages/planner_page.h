#pragma once
// The Planner tab: searches every configuration in the background (progress, cancel), lists the
// best, plots every fitting plan (memory against training time) with the Pareto front, says why
// the best one wins, and applies a plan to the scenario (undoable). A search belongs to the scenario
// it started from: an edit of anything a plan does not set cancels a running search and makes a
// finished one stale, so a plan can never be applied to another model.

#include "core/runs/launch.h"
#include "core/scenario/scenario_edit.h"
#include "core/search/planner.h"
#include "widgets/session/held_search.h"

#include <QWidget>

#include <cstdint>

class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableView;
class QTabWidget;
class QToolButton;

namespace ui {

class CostPlannerPanel;
class PlanConstraintsBar;
class PlanScatterChart;
class PlanTableModel;
class ScenarioSession;

class PlannerPage : public QWidget {
    Q_OBJECT
public:
    /// The memory margin a search starts with, in percent (the command line's starts at 0).
    static constexpr int kDefaultKeepFreePercent = 5;
    explicit PlannerPage(ScenarioSession* session, QWidget* parent = nullptr);

    void start();
    void cancel();
    [[nodiscard]] bool isRunning() const;
    [[nodiscard]] const core::PlanResult& result() const { return m_result; }
    /// Makes plan `row` of the table the current scenario (one undo step). Refused when the scenario
    /// changed since the search beyond what a plan sets (its split and micro-batch).
    void apply(int row);
    /// Copies plan `row`'s launch settings for `framework` to the clipboard, or says what the
    /// framework cannot express (launchNote()). Refused like apply() for a stale search.
    void copyLaunchSettings(int row, core::Framework framework);
    /// What the last copy did: copied, or the settings refused.
    [[nodiscard]] QString launchNote() const;
    /// Planner → GPU types and prices.
    [[nodiscard]] CostPlannerPanel* costPlanner() const { return m_costPlanner; }
    [[nodiscard]] PlanScatterChart* scatter() const { return m_scatter; }
    /// The two searches: layouts (0), GPU types and prices (1).
    [[nodiscard]] QTabWidget* searches() const { return m_searches; }
    /// Whether the shown plans were searched for the current scenario.
    [[nodiscard]] bool isCurrent() const;
    [[nodiscard]] QString whyText() const;
    /// What the search must keep (a pin or a set per knob).
    [[nodiscard]] PlanConstraintsBar* constraints() const { return m_constraints; }

signals:
    void finished();

protected:
    void changeEvent(QEvent* event) override;

private:
    // The constructor's parts, in the order it runs them.
    void createSearchControls();
    void createResultControls();
    [[nodiscard]] QWidget* layOutLayoutSearch();
    void connectSignals();
    void retranslate();
    void showResult();
    void scenarioChanged(const core::Scenario& scenario);

    ScenarioSession* m_session;
    QSpinBox* m_gpus;
    QSpinBox* m_keepFree; ///< percent of each GPU's memory a plan leaves free
    QComboBox* m_objective;
    PlanConstraintsBar* m_constraints;
    QPushButton* m_run;
    QPushButton* m_stop;
    QPushButton* m_apply;
    QToolButton* m_launch;
    QLabel* m_launchNote;
    QTabWidget* m_searches;
    CostPlannerPanel* m_costPlanner;
    QProgressBar* m_progress;
    QLabel* m_summary;
    QLabel* m_why;
    PlanTableModel* m_model;
    QTableView* m_table;
    PlanScatterChart* m_scatter;
    QLabel* m_gpusLabel;
    QLabel* m_objectiveLabel;
    QLabel* m_keepFreeLabel;
    core::PlanResult m_result;
    HeldSearch m_search { core::samePlanInputs };
    std::int64_t m_scenarioGpus = 0; ///< the scenario's GPU count m_gpus last followed
};

} // namespace ui
