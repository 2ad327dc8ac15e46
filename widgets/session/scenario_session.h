#pragma once
// The results hub between the document and the views. It owns the
// scenario document; every change of the scenario arms a zero-delay timer, so however many edits
// arrive in one event-loop turn, the derived results are computed once and announced once.
// Slow work — sensitivity, the what-if heatmap, the planner search — runs through a latest-job-wins
// tracker and is delivered with the revision it was computed for: a view drops or marks a result
// whose revision is older than revision(), and nothing applies it.
//
// This is the one widget-layer file that runs core's models; the views receive values.

#include "core/estimate/explain.h"
#include "core/fidelity/calibration.h"
#include "core/fidelity/fidelity.h"
#include "core/fidelity/refit.h"
#include "core/runs/training_log.h"
#include "core/search/heatmap.h"
#include "core/search/planner.h"
#include "core/search/prices.h"
#include "widgets/session/derived_results.h"
#include "widgets/session/job_tracker.h"
#include "widgets/session/scenario_document.h"
#include "widgets/text/format.h"

#include <QObject>
#include <QTimer>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

namespace ui {

/// A training log read in the background and held against the scenario (requestLogComparison).
struct LogComparison {
    std::optional<core::ActualComparison> comparison;
    std::string fileError; ///< the file could not be read: "PATH: reason" (English, from core)
    std::optional<core::Problem> problem; ///< read, but no step line, or a figure no run of the scenario can show
    bool cancelled = false;
};

class ScenarioSession : public QObject {
    Q_OBJECT
public:
    explicit ScenarioSession(core::Scenario scenario, QObject* parent = nullptr);
    ~ScenarioSession() override;

    [[nodiscard]] ScenarioDocument* document() { return &m_document; }
    [[nodiscard]] const core::Scenario& scenario() const { return m_document.scenario(); }
    /// Counts the scenario's changes: results and background work carry the revision they are for.
    [[nodiscard]] std::uint64_t revision() const { return m_revision; }
    /// The results for the current scenario. If an edit is still pending they are computed now (and
    /// announced with resultsChanged), so a caller never reads results of an older scenario.
    const DerivedResults& results();
    /// Rich text for a tooltip on how estimate `key` ("memory.weights", …) was computed; empty when
    /// core has no explanation for it. Computed on demand (hover), not per edit.
    [[nodiscard]] QString explanation(const QString& key);
    /// How every figure of the current estimate was computed (the report); worked out once per
    /// revision, when first asked for.
    [[nodiscard]] const std::vector<core::Explanation>& explanations();

    /// Whether the results carry the ±20 % ranges (the banner's "Show ranges").
    void setRangesWanted(bool on);
    /// Shows every memory figure in `unit` (format.h): announced with displayFormatChanged, and the
    /// results are delivered again so that every view redraws in it.
    void setByteUnit(ByteUnit unit);

    /// Background work for the current scenario; each kind keeps only its latest request.
    void requestSensitivity(double fraction);
    void requestHeatmap(core::HeatAxis x, core::HeatAxis y);
    /// `options.cancel` and `options.progress` are the session's; progress arrives as planProgress.
    /// Returns the revision planReady will carry.
    std::uint64_t requestPlan(core::PlanOptions options);
    void cancelPlan();
    [[nodiscard]] bool isPlanning() const { return m_plans.isRunning(); }
    /// The cost planner over a price table's GPU types, counts and prices (prices.h), latest wins.
    /// Returns the revision costPlanReady will carry.
    std::uint64_t requestCostPlan(core::PriceTable table, core::CostPlanOptions options);
    void cancelCostPlan();
    [[nodiscard]] bool isCostPlanning() const { return m_costPlans.isRunning(); }

    /// Work on the current scenario that is quick and asked for explicitly.
    /// The sensitivity of the current scenario, in this thread (export needs it now; milliseconds).
    [[nodiscard]] core::Sensitivity sensitivityNow(double fraction) const;
    [[nodiscard]] core::Calibration calibrate(const core::MeasuredRun& measured) const;
    /// Reads the log at `path` (a file name's bytes) on a worker thread, as it streams in (a log of
    /// gigabytes takes seconds and little memory), and holds it against the current scenario:
    /// progress as logProgress, the result as logCompared. Latest wins; cancellable.
    void requestLogComparison(const std::string& path);
    void cancelLogComparison();
    [[nodiscard]] bool isComparingLog() const { return m_logs.isRunning(); }
    /// The published runs against the model; computed once, on first use.
    [[nodiscard]] const core::FidelitySummary& publishedRuns();
    /// Each source of the suite scored by constants fitted without its runs (computed when the program
    /// was built).
    [[nodiscard]] const core::LeaveOneSourceOut& heldOutSources() const { return core::leaveOneSourceOut(); }

signals:
    void resultsChanged(const ui::DerivedResults& results);
    /// The display unit changed; views that show more than the results (plans, maps) redraw.
    void displayFormatChanged();
    void sensitivityReady(std::uint64_t revision, const core::Sensitivity& result);
    void heatmapReady(std::uint64_t revision, const core::Heatmap& map);
    void planProgress(double fraction);
    void planReady(std::uint64_t revision, const core::PlanResult& result);
    void costPlanProgress(double fraction);
    void costPlanReady(std::uint64_t revision, const core::CostPlanResult& result);
    void logProgress(double fraction);
    void logCompared(std::uint64_t revision, const ui::LogComparison& result);

private:
    void scenarioChanged();
    /// A job's progress callback: re-posted to this thread, emitted as `signal` while `running` holds.
    std::function<void(double)> progressRelay(
        bool (ScenarioSession::*running)() const, void (ScenarioSession::*signal)(double));
    void compute();

    ScenarioDocument m_document;
    std::uint64_t m_revision = 1;
    bool m_pending = false;
    bool m_rangesWanted = false;
    QTimer m_timer;
    DerivedResults m_results;
    std::uint64_t m_explainedRevision = 0;
    std::vector<core::Explanation> m_explanations;
    std::optional<core::FidelitySummary> m_published;
    JobTracker m_sensitivity { this };
    JobTracker m_heatmap { this };
    JobTracker m_plans { this };
    JobTracker m_costPlans { this };
    JobTracker m_logs { this };
};

} // namespace ui
