#include "widgets/pages/planner_page.h"

#include "core/scenario/dimensions.h"
#include "widgets/charts/plan_scatter_chart.h"
#include "widgets/io/launch_export.h"
#include "widgets/models/copyable_table_view.h"
#include "widgets/models/plan_table_model.h"
#include "widgets/pages/cost_planner_panel.h"
#include "widgets/pages/plan_constraints_bar.h"
#include "widgets/session/scenario_session.h"
#include "widgets/text/format.h"
#include "widgets/text/problem_text.h"
#include "widgets/text/range_text.h"

#include <QComboBox>
#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QToolButton>
#include <QVBoxLayout>

namespace ui {

PlannerPage::PlannerPage(ScenarioSession* session, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
{
    setObjectName(QStringLiteral("plannerPage"));
    createSearchControls();
    createResultControls();
    QWidget* layouts = layOutLayoutSearch();
    // Two searches, a tab each: layouts on a number of GPUs, and GPU types × counts × prices.
    m_costPlanner = new CostPlannerPanel(session, this);
    m_searches = new QTabWidget(this);
    m_searches->setObjectName(QStringLiteral("planSearches"));
    m_searches->addTab(layouts, QString());
    m_searches->addTab(m_costPlanner, QString());
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_searches);

    connectSignals();
    retranslate();
}

/// The search's settings and its state: GPUs, objective, constraints, run and stop, progress, summary.
void PlannerPage::createSearchControls()
{
    m_gpus = new QSpinBox(this);
    m_gpus->setObjectName(QStringLiteral("planGpus"));
    m_gpus->setRange(1, 1'000'000);
    m_scenarioGpus = m_session->scenario().parallel.gpus();
    m_gpus->setValue(static_cast<int>(std::min<std::int64_t>(m_scenarioGpus, m_gpus->maximum())));
    m_gpusLabel = new QLabel(this);
    m_gpusLabel->setBuddy(m_gpus);
    m_objective = new QComboBox(this);
    m_objective->setObjectName(QStringLiteral("planObjective"));
    m_objective->addItems({ QString(), QString(), QString() });
    m_objectiveLabel = new QLabel(this);
    m_objectiveLabel->setBuddy(m_objective);
    m_keepFree = new QSpinBox(this);
    m_keepFree->setObjectName(QStringLiteral("planKeepFree"));
    m_keepFree->setRange(0, int(core::kMaxKeepFree * 100));
    // A margin from the start: without it the first plan may use 99 % of each GPU's memory and win
    // by a fraction of a percent over one with 15 % free (the command line's plan starts at 0).
    m_keepFree->setValue(kDefaultKeepFreePercent);
    m_keepFreeLabel = new QLabel(this);
    m_keepFreeLabel->setBuddy(m_keepFree);
    m_constraints = new PlanConstraintsBar(this);
    m_constraints->setScenario(m_session->scenario(), m_gpus->value());
    connect(m_gpus, &QSpinBox::valueChanged, this,
        [this](int gpus) { m_constraints->setScenario(m_session->scenario(), gpus); });
    m_run = new QPushButton(this);
    m_run->setObjectName(QStringLiteral("planRun"));
    m_stop = new QPushButton(this);
    m_stop->setEnabled(false);
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 1000);
    m_progress->setValue(0);
    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("planSummary"));
    m_summary->setWordWrap(true);
}

/// What the search found: the table of plans, the scatter, why the best won, Apply and the launch settings.
void PlannerPage::createResultControls()
{
    m_why = new QLabel(this);
    m_why->setObjectName(QStringLiteral("planWhy"));
    m_why->setWordWrap(true);
    m_apply = new QPushButton(this);
    m_apply->setObjectName(QStringLiteral("planApply"));
    m_apply->setEnabled(false);
    // Next to Apply: the plan as the settings a framework starts it with.
    m_launch = new QToolButton(this);
    m_launch->setObjectName(QStringLiteral("planLaunch"));
    m_launch->setPopupMode(QToolButton::InstantPopup);
    m_launch->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_launch->setMenu(new QMenu(m_launch));
    m_launch->setEnabled(false);
    m_launchNote = new QLabel(this);
    m_launchNote->setObjectName(QStringLiteral("planLaunchNote"));
    m_launchNote->setWordWrap(true);
    m_launchNote->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // Room for two lines from the start: a note appearing after "Copy launch settings" must not push
    // the buttons up under the pointer.
    m_launchNote->setMinimumHeight(2 * m_launchNote->fontMetrics().lineSpacing());
    m_launchNote->setAlignment(Qt::AlignLeft | Qt::AlignTop);

    m_model = new PlanTableModel(this);
    auto* table = new CopyableTableView(this);
    table->setObjectName(QStringLiteral("planTable"));
    table->setModel(m_model);
    table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table = table;
    m_scatter = new PlanScatterChart(this);
}

/// The layouts search's tab: its controls above, the plans and their scatter side by side.
QWidget* PlannerPage::layOutLayoutSearch()
{
    auto* controls = new QGridLayout;
    controls->addWidget(m_gpusLabel, 0, 0);
    controls->addWidget(m_gpus, 0, 1);
    controls->addWidget(m_objectiveLabel, 0, 2);
    controls->addWidget(m_objective, 0, 3);
    controls->addWidget(m_keepFreeLabel, 0, 4);
    controls->addWidget(m_keepFree, 0, 5);
    controls->addWidget(m_run, 0, 6);
    controls->addWidget(m_stop, 0, 7);
    controls->addWidget(m_constraints, 1, 0, 1, 8);
    controls->addWidget(m_progress, 2, 0, 1, 8);
    controls->addWidget(m_summary, 3, 0, 1, 8);
    controls->setColumnStretch(3, 1);
    auto* splitter = new QSplitter(Qt::Horizontal, this);
    auto* left = new QWidget(splitter);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(m_table, 1);
    leftLayout->addWidget(m_why);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_apply);
    buttons->addWidget(m_launch);
    buttons->addStretch(1);
    leftLayout->addLayout(buttons);
    leftLayout->addWidget(m_launchNote);
    splitter->addWidget(left);
    splitter->addWidget(m_scatter);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    auto* layouts = new QWidget(this);
    auto* layoutsLayout = new QVBoxLayout(layouts);
    layoutsLayout->addLayout(controls);
    layoutsLayout->addWidget(splitter, 1);
    return layouts;
}

void PlannerPage::connectSignals()
{
    connect(m_run, &QPushButton::clicked, this, &PlannerPage::start);
    connect(m_stop, &QPushButton::clicked, this, &PlannerPage::cancel);
    connect(m_apply, &QPushButton::clicked, this, [this] {
        const auto rows = m_table->selectionModel()->selectedRows();
        apply(rows.isEmpty() ? 0 : rows.front().row());
    });
    connect(m_session->document(), &ScenarioDocument::scenarioChanged, this, &PlannerPage::scenarioChanged);
    connect(m_session, &ScenarioSession::planProgress, m_progress,
        [this](double fraction) { m_progress->setValue(int(fraction * 1000)); });
    // Only the latest search is delivered; whether it still fits the scenario is m_search's to say.
    connect(m_session, &ScenarioSession::displayFormatChanged, this, [this] {
        if (m_result.evaluated > 0 && !isRunning()) showResult(); // memory figures in the new unit
    });
    connect(
        m_session, &ScenarioSession::planReady, this, [this](std::uint64_t revision, const core::PlanResult& result) {
            if (!m_search.takes(revision, m_session->scenario(), m_session->revision())) return;
            m_result = result;
            showResult();
            emit finished();
        });
}

bool PlannerPage::isRunning() const
{
    return m_session->isPlanning();
}

void PlannerPage::start()
{
    if (isRunning()) return;
    core::PlanOptions options;
    options.gpus = m_gpus->value();
    options.objective = core::Objective(m_objective->currentIndex());
    options.top = 20;
    options.constraints = m_constraints->constraints();
    options.keepFree = m_keepFree->value() / 100.0;
    const core::Scenario searched = m_session->scenario();
    m_search.start(searched, m_session->requestPlan(options));
    m_run->setEnabled(false);
    m_stop->setEnabled(true);
    m_apply->setEnabled(false);
    m_launch->setEnabled(false);
    m_launchNote->clear();
    m_progress->setValue(0);
    m_summary->setText(tr("Searching…"));
}

void PlannerPage::cancel()
{
    m_session->cancelPlan();
}

bool PlannerPage::isCurrent() const
{
    return !m_search.isStale();
}

void PlannerPage::scenarioChanged(const core::Scenario& scenario)
{
    // The search's GPU count follows the scenario's when that changes (a count typed here stays until
    // then): a search straight after setting 64 GPUs searches 64, not the count the page started with.
    if (scenario.parallel.gpus() != m_scenarioGpus) {
        m_scenarioGpus = scenario.parallel.gpus();
        const QSignalBlocker quiet(m_gpus);
        m_gpus->setValue(static_cast<int>(std::min<std::int64_t>(m_scenarioGpus, m_gpus->maximum())));
    }
    m_constraints->setScenario(scenario, m_gpus->value());
    // Applying a plan changes only what plans set. Any other edit: the search belongs to an older
    // scenario and the latest edit wins. A running search stops; its plans, and a finished search's,
    // stay visible as what they were but cannot be applied.
    if (!m_search.becomesStale(scenario)) return;
    cancel();
    if (!isRunning()) showResult();
}

void PlannerPage::showResult()
{
    m_run->setEnabled(true);
    m_stop->setEnabled(false);
    m_progress->setValue(1000);
    m_model->setPlans(m_result.plans);
    m_scatter->setResult(m_result);
    QStringList rejected;
    for (const auto& [code, count] : m_result.rejected)
        rejected << tr("%1 %2", "a count of rejected configurations and why")
                        .arg(QLocale().toString(qlonglong(count)), ProblemText::summary(code));
    const QLocale locale;
    m_summary->setText((m_result.cancelled ? tr("Cancelled. ") : QString())
        + tr("%1 configurations evaluated, %2 fit. Rejected: %3.")
              .arg(locale.toString(qlonglong(m_result.evaluated)), locale.toString(qlonglong(m_result.feasible)),
                  rejected.isEmpty() ? tr("none") : listText(rejected))
        + (m_result.excluded > 0 ? QLatin1Char(' ')
                    + tr("%1 more left out by what you keep.").arg(locale.toString(qlonglong(m_result.excluded)))
                                 : QString()));
    m_why->setText(whyText());
    // Refused before it started (too large), or what was kept left nothing: said instead of the counts.
    if (m_result.problem) {
        m_summary->setText(ProblemText::of(*m_result.problem));
        m_why->clear();
    }
    if (m_search.isStale())
        m_summary->setText(tr("The scenario has changed since this search: search again to apply a plan.")
            + QLatin1Char(' ') + m_summary->text());
    m_apply->setEnabled(!m_result.plans.empty() && !m_search.isStale());
    m_launch->setEnabled(m_apply->isEnabled());
    if (!m_result.plans.empty()) m_table->selectRow(0);
}

QString PlannerPage::whyText() const
{
    if (m_result.plans.empty())
        return m_result.evaluated > 0 ? tr("No configuration fits: add GPUs, shorten the sequence or offload.")
                                      : QString();
    const auto& best = m_result.plans.front();
    const auto& p = best.scenario.parallel;
    const auto& e = best.estimate;
    const QLocale locale;
    QStringList reasons;
    if (p.tp > 1) {
        // The link its collectives were priced on: the network, PCIe inside the node, or NVLink.
        bool network = false, pcie = false;
        for (const auto& c : e.communication.collectives)
            if (c.group == core::Group::tp) {
                network = network || c.link == core::Link::inter_node;
                pcie = pcie || c.overPcie;
            }
        reasons << (network ? tr("TP %1 sends tensor-parallel traffic over the network").arg(p.tp)
                : pcie      ? tr("TP %1 keeps tensor-parallel traffic inside the node, over PCIe").arg(p.tp)
                            : tr("TP %1 keeps tensor-parallel traffic on NVLink").arg(p.tp));
    }
    if (p.pp > 1)
        reasons << tr("PP %1 splits the layers; bubble %2 % of compute")
                       .arg(p.pp)
                       .arg(locale.toString(e.compute.bubbleFraction * 100, 'f', 1));
    if (p.zero > 0)
        reasons << tr("ZeRO-%1 shards model states over %2 GPUs").arg(p.zero).arg(qlonglong(core::dataRanks(p)));
    if (p.recompute != core::Recompute::none)
        reasons << tr("recomputation costs %1 % more FLOPs to save memory")
                       .arg(locale.toString(e.compute.recomputeFraction * 100, 'f', 0));
    reasons << tr("%1 of %2 per GPU").arg(formatBytes(e.memory.total(), 1), formatCapacity(e.memory.capacity));
    reasons << tr("communication %1 % of the step").arg(locale.toString(e.communication.shareOfStep * 100, 'f', 1));
    //: separates the reasons in "Why the best plan wins: …" (Chinese: full-width semicolon)
    QString text = tr("Why the best plan wins: %1.").arg(reasons.join(tr("; ")));
    // Every setting it changes, context parallelism included.
    QStringList changes;
    for (const core::Knob knob : core::differingKnobs(m_search.searched(), best.scenario))
        //: a setting the plan changes: its name (%1), the current value (%2) and the plan's (%3)
        changes << tr("%1 %2 → %3")
                       .arg(PlanConstraintsBar::knobName(knob),
                           PlanConstraintsBar::valueText(knob, core::knobValue(m_search.searched(), knob)),
                           PlanConstraintsBar::valueText(knob, core::knobValue(best.scenario, knob)));
    // A list ending in an abbreviation ("up-proj.") takes no second full stop.
    QString changed = listText(changes);
    if (changed.endsWith(QLatin1Char('.'))) changed.chop(1);
    text += sentenceGap()
        + (changes.isEmpty() ? tr("It is the current scenario's layout.") : tr("It changes %1.").arg(changed));
    int ties = 0;
    for (const auto& plan : m_result.plans)
        ties += plan.withinBestRange ? 1 : 0;
    if (ties > 1 && e.range)
        text += sentenceGap()
            + tr(
                "%n of the plans shown (≈) are within its range: measured runs like these (%1) do not tell them apart.",
                nullptr, ties)
                  .arg(RangeText::basis(*e.range));
    return text;
}

void PlannerPage::apply(int row)
{
    const auto& plans = m_model->plans();
    if (row < 0 || row >= int(plans.size()) || !m_search.appliesTo(m_session->scenario())) return;
    const core::Scenario chosen = plans[std::size_t(row)].scenario;
    m_session->document()->edit(
        tr("Apply plan %1").arg(row + 1), [&chosen](core::Scenario& s) { core::applyPlan(s, chosen); });
}

void PlannerPage::copyLaunchSettings(int row, core::Framework framework)
{
    const auto& plans = m_model->plans();
    if (row < 0 || row >= int(plans.size()) || !m_search.appliesTo(m_session->scenario())) return;
    const QStringList refused = LaunchExport::copy(plans[std::size_t(row)].scenario, framework);
    m_launchNote->setText(refused.isEmpty()
            ? tr("Copied the %1 for plan %2 to the clipboard.").arg(LaunchExport::title(framework)).arg(row + 1)
            : tr("Not copied: %1").arg(refused.join(QLatin1Char(' '))));
}

QString PlannerPage::launchNote() const
{
    return m_launchNote->text();
}

void PlannerPage::retranslate()
{
    m_searches->setTabText(0, tr("Layouts on these GPUs"));
    m_searches->setTabText(1, tr("GPU types and prices"));
    m_gpusLabel->setText(tr("GPUs:"));
    m_objectiveLabel->setText(tr("Rank by:"));
    m_objective->setItemText(0, tr("Training time"));
    m_objective->setItemText(1, tr("Cost"));
    m_objective->setItemText(2,
        tr("Memory headroom (within %1 % of the fastest)").arg(QLocale().toString(core::kMemoryObjectiveSlack * 100)));
    //: the share of each GPU's memory a plan must leave free
    m_keepFreeLabel->setText(tr("Keep &free:"));
    m_keepFree->setSuffix(tr(" %"));
    m_keepFree->setToolTip(tr("Only plans that leave this share of each GPU's memory free count as fitting: a "
                              "margin for fragmentation, a longer sequence or a library's workspace that the "
                              "estimate does not see. %1 % by default; 0 ranks plans that fill the memory.")
                               .arg(kDefaultKeepFreePercent));
    m_run->setText(tr("Search"));
    m_stop->setText(tr("Cancel"));
    m_apply->setText(tr("Apply the selected plan"));
    m_launch->setText(tr("Copy launch settings"));
    m_launchNote->clear(); // what the last copy said, in the language it was said in
    m_launch->setToolTip(tr("The selected plan as Megatron-LM arguments, a torchtitan job file or a DeepSpeed "
                            "config, with what the run's log should show"));
    LaunchExport::fillMenu(m_launch->menu(), [this](core::Framework framework) {
        const auto rows = m_table->selectionModel()->selectedRows();
        copyLaunchSettings(rows.isEmpty() ? 0 : rows.front().row(), framework);
    });
    if (!m_result.plans.empty() || m_result.evaluated > 0) showResult();
}

void PlannerPage::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) retranslate();
    QWidget::changeEvent(event);
}

} // namespace ui
