#include "widgets/session/scenario_session.h"

#include "core/model/reliability_model.h"
#include "widgets/text/explain_text.h"

#include <QPointer>

#include <algorithm>

namespace ui {

ScenarioSession::ScenarioSession(core::Scenario scenario, QObject* parent)
    : QObject(parent)
    , m_document(std::move(scenario))
{
    m_timer.setSingleShot(true);
    m_timer.setInterval(0);
    connect(&m_timer, &QTimer::timeout, this, [this] {
        if (m_pending) compute();
    });
    connect(&m_document, &ScenarioDocument::scenarioChanged, this, &ScenarioSession::scenarioChanged);
    compute();
}

ScenarioSession::~ScenarioSession()
{
    m_plans.cancel();
}

void ScenarioSession::scenarioChanged()
{
    // A refused edit re-announces the scenario that holds (controls snap back): nothing to redo.
    if (!m_pending && m_document.scenario() == m_results.scenario) return;
    if (!m_pending) ++m_revision;
    m_pending = true;
    m_timer.start();
}

const DerivedResults& ScenarioSession::results()
{
    if (m_pending) compute();
    return m_results;
}

void ScenarioSession::compute()
{
    m_pending = false;
    m_timer.stop();
    DerivedResults r;
    r.revision = m_revision;
    r.scenario = m_document.scenario();
    const core::Scenario& s = r.scenario;
    r.estimate = core::estimateWithRange(s);
    const core::Estimate& e = r.estimate;
    r.suggestions = core::nearestValid(s, e);
    // A scenario that does not fit: the single changes that make it fit (a dozen estimates, microseconds).
    for (auto& fix : core::fitFixes(s, e))
        r.suggestions.push_back(std::move(fix));
    // A dozen estimates of a few microseconds each: cheap enough for every slider tick.
    constexpr int kMaxSweepGpus = 65536;
    const auto fewest = static_cast<int>(std::min<std::int64_t>(core::gpusPerReplica(s.parallel), kMaxSweepGpus + 1));
    r.gpuSweep = core::sweepGpus(s, fewest, kMaxSweepGpus);
    r.timeline = core::pipelineTimeline(s, e);
    r.memoryStep = core::memoryOverStep(s, e, r.timeline);
    r.placement = core::placement(s, e);
    const auto& rel = e.reliability;
    const double best = rel.checkpointIntervalS;
    r.goodputByInterval = core::goodputCurve(
        rel.checkpointWriteS, rel.clusterMtbfHours * 3600.0, rel.restartS, best / 10, best * 10, 80);
    r.guide = core::decide(s, e);
    if (m_rangesWanted) r.ranges = core::sensitivity(s, core::kRangeFraction);
    m_results = std::move(r);
    emit resultsChanged(m_results);
}

void ScenarioSession::setRangesWanted(bool on)
{
    if (on == m_rangesWanted) return;
    m_rangesWanted = on;
    if (on && !m_pending) m_results.ranges = core::sensitivity(m_results.scenario, core::kRangeFraction);
    if (!on) m_results.ranges.reset();
    if (!m_pending) emit resultsChanged(m_results);
}

void ScenarioSession::setByteUnit(ByteUnit unit)
{
    if (unit == displayByteUnit()) return;
    setDisplayByteUnit(unit);
    emit displayFormatChanged();
    if (!m_pending) emit resultsChanged(m_results);
}

const std::vector<core::Explanation>& ScenarioSession::explanations()
{
    const DerivedResults& r = results();
    if (m_explainedRevision != r.revision) {
        m_explanations = core::explain(r.scenario, r.estimate);
        m_explainedRevision = r.revision;
    }
    return m_explanations;
}

QString ScenarioSession::explanation(const QString& key)
{
    const core::Explanation* x = core::findExplanation(explanations(), key.toStdString());
    if (!x) return {};
    return QStringLiteral("<p style='white-space:pre'><i>%1</i><br>%2</p><p><small>%3 %4</small></p>")
        .arg(ExplainText::formula(x->formula).toHtmlEscaped(), ExplainText::substituted(x->substituted).toHtmlEscaped(),
            tr("Source:"), ExplainText::source(x->source).toHtmlEscaped());
}

void ScenarioSession::requestSensitivity(double fraction)
{
    const core::Scenario s = scenario();
    const std::uint64_t revision = m_revision;
    m_sensitivity.start<core::Sensitivity>(
        [s, fraction](const std::atomic<bool>&) { return core::sensitivity(s, fraction); },
        [this, revision](const core::Sensitivity& result) { emit sensitivityReady(revision, result); });
}

void ScenarioSession::requestHeatmap(core::HeatAxis x, core::HeatAxis y)
{
    const core::Scenario s = scenario();
    const std::uint64_t revision = m_revision;
    m_heatmap.start<core::Heatmap>(
        [s, x, y](const std::atomic<bool>&) { return core::heatmap(s, x, y, core::HeatGpus::keep); },
        [this, revision](const core::Heatmap& map) { emit heatmapReady(revision, map); });
}

std::function<void(double)> ScenarioSession::progressRelay(
    bool (ScenarioSession::*running)() const, void (ScenarioSession::*signal)(double))
{
    // Progress arrives on a worker thread: hand it to this object's thread, while the job still runs.
    QPointer<ScenarioSession> self(this);
    return [self, running, signal](double fraction) {
        QMetaObject::invokeMethod(
            self,
            [self, running, signal, fraction] {
                if (self && ((*self).*running)()) emit((*self).*signal)(fraction);
            },
            Qt::QueuedConnection);
    };
}

std::uint64_t ScenarioSession::requestPlan(core::PlanOptions options)
{
    const core::Scenario s = scenario();
    const std::uint64_t revision = m_revision;
    options.progress = progressRelay(&ScenarioSession::isPlanning, &ScenarioSession::planProgress);
    m_plans.start<core::PlanResult>(
        [s, options](const std::atomic<bool>& stop) mutable {
            options.cancel = &stop;
            return core::plan(s, options);
        },
        [this, revision](const core::PlanResult& result) { emit planReady(revision, result); });
    return revision;
}

void ScenarioSession::cancelPlan()
{
    m_plans.cancel();
}

std::uint64_t ScenarioSession::requestCostPlan(core::PriceTable table, core::CostPlanOptions options)
{
    const core::Scenario s = scenario();
    const std::uint64_t revision = m_revision;
    options.progress = progressRelay(&ScenarioSession::isCostPlanning, &ScenarioSession::costPlanProgress);
    m_costPlans.start<core::CostPlanResult>(
        [s, table = std::move(table), options](const std::atomic<bool>& stop) mutable {
            options.cancel = &stop;
            return core::planCost(s, table, options);
        },
        [this, revision](const core::CostPlanResult& result) { emit costPlanReady(revision, result); });
    return revision;
}

void ScenarioSession::cancelCostPlan()
{
    m_costPlans.cancel();
}

void ScenarioSession::requestLogComparison(const std::string& path)
{
    const core::Scenario s = scenario();
    const std::uint64_t revision = m_revision;
    auto progress = progressRelay(&ScenarioSession::isComparingLog, &ScenarioSession::logProgress);
    m_logs.start<LogComparison>(
        [s, path, progress](const std::atomic<bool>& stop) {
            LogComparison out;
            core::LogReadOptions options;
            options.progress = progress;
            options.cancel = &stop;
            core::LogReadResult read = core::readTrainingLog(path, options);
            out.cancelled = read.cancelled;
            if (!read.ok()) {
                out.problem = read.problem;
                if (!read.problem) out.fileError = read.error;
                return out;
            }
            core::Problem problem;
            out.comparison = core::compareWithLog(s, *read.log, &problem);
            if (!out.comparison) out.problem = problem;
            return out;
        },
        [this, revision](const LogComparison& result) { emit logCompared(revision, result); });
}

void ScenarioSession::cancelLogComparison()
{
    m_logs.cancel();
}

core::Sensitivity ScenarioSession::sensitivityNow(double fraction) const
{
    return core::sensitivity(scenario(), fraction);
}

core::Calibration ScenarioSession::calibrate(const core::MeasuredRun& measured) const
{
    return core::calibrate(scenario(), measured);
}

const core::FidelitySummary& ScenarioSession::publishedRuns()
{
    if (!m_published) m_published = core::validatePublished();
    return *m_published;
}

} // namespace ui
