#include "widgets/main_view.h"

#include "widgets/charts/chart_export.h"
#include "widgets/charts/cost_breakdown_chart.h"
#include "widgets/charts/cost_chart.h"
#include "widgets/charts/memory_chart.h"
#include "widgets/charts/memory_step_chart.h"
#include "widgets/charts/reliability_charts.h"
#include "widgets/charts/scaling_chart.h"
#include "widgets/charts/time_chart.h"
#include "widgets/inputs/input_panel.h"
#include "widgets/models/collectives_model.h"
#include "widgets/models/copyable_table_view.h"
#include "widgets/models/memory_table_model.h"
#include "widgets/pages/comparison_view.h"
#include "widgets/pages/decision_guide_page.h"
#include "widgets/pages/planner_page.h"
#include "widgets/pages/sensitivity_page.h"
#include "widgets/pages/what_if_page.h"
#include "widgets/painted/placement_view.h"
#include "widgets/painted/timeline_view.h"
#include "widgets/session/scenario_session.h"
#include "widgets/style/fitted_tabs.h"
#include "widgets/style/focus_ring.h"
#include "widgets/verdict_banner.h"

#include <QAction>
#include <QApplication>
#include <QEvent>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace ui {

namespace {

/// `page` in a frameless scroll area: a page taller or wider than the room left for it scrolls
/// instead of raising the window's minimum size (a laptop's 1366 × 700, or 150 % scaling).
QScrollArea* scrolled(QWidget* page, QWidget* parent)
{
    auto* area = new QScrollArea(parent);
    area->setFrameShape(QFrame::NoFrame);
    area->setWidgetResizable(true);
    area->setWidget(page);
    area->viewport()->setAutoFillBackground(false); // the tab's own background shows through
    return area;
}

/// The form's scroll area: never narrower than the form's own minimum, which grows with a long item
/// in another language or an expanded section, so the form is never cut at its right edge (its
/// spin-box arrows, the size value), and at least 380 px.
class FormScrollArea : public QScrollArea {
public:
    using QScrollArea::QScrollArea;

    [[nodiscard]] QSize minimumSizeHint() const override
    {
        QSize hint = QScrollArea::minimumSizeHint();
        int width = 380;
        if (widget())
            width = std::max(width,
                widget()->minimumSizeHint().width() + verticalScrollBar()->sizeHint().width() + 2 * frameWidth());
        hint.setWidth(std::max(hint.width(), width));
        return hint;
    }

    /// Scrolls the control that takes the focus into view, however it came (Tab scrolls by itself, a
    /// mnemonic such as Alt+G for the GPU did not: the field changed out of sight).
    void followFocus()
    {
        connect(qApp, &QApplication::focusChanged, this, [this](QWidget*, QWidget* now) {
            if (now && widget() && widget()->isAncestorOf(now)) ensureWidgetVisible(now, 16, 24);
        });
    }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        // The form laid out anew (a language, a section opened): the splitter asks for the minimum again.
        if (watched == widget() && event->type() == QEvent::LayoutRequest) updateGeometry();
        return QScrollArea::eventFilter(watched, event);
    }
};

} // namespace

QSize sizeOnScreen(QSize wanted, const QWidget* widget)
{
    const QScreen* screen = widget ? widget->screen() : nullptr;
    if (!screen) screen = QGuiApplication::primaryScreen();
    if (!screen) return wanted;
    // Room for the window's title bar and borders, which the window manager adds around it.
    const QSize room = (screen->availableGeometry().size() - kWindowFrame).expandedTo(QSize(320, 240));
    return wanted.boundedTo(room);
}

MainView::MainView(ScenarioSession* session, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
{
    m_inputs = new InputPanel(session, this);
    FocusRing::attach(this); // a 2-px ring around the focused control: Qt's styles barely show focus
    auto* scroll = new FormScrollArea(this);
    scroll->setWidget(m_inputs);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->followFocus();

    auto* right = new QWidget(this);
    m_banner = new VerdictBanner(right);
    m_tabs = new FittedTabWidget(right);
    m_tabs->setObjectName(QStringLiteral("chartTabs"));
    // Every tab stays in sight on a laptop: where the titles do not all fit, the longest lose their
    // ends (the whole title is the tab's tooltip) rather than some tabs hiding behind scroll arrows.
    m_tabs->tabBar()->setStyleSheet(QStringLiteral("QTabBar::tab { padding: 4px 7px; }")); // more titles whole
    for (const PageRow& row : pageRows()) {
        m_pages.push_back({ row.make(session, m_tabs) });
        // A page of one view (the what-if grid, the sensitivity chart) shrinks with the window; a
        // page of several views scrolls.
        QWidget* page = m_pages.back().built.widget;
        const bool single = qstrcmp(row.id, "whatif") == 0 || qstrcmp(row.id, "sensitivity") == 0;
        m_tabs->addTab(single ? page : scrolled(page, m_tabs), QString());
    }
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->addWidget(m_banner);
    rightLayout->addWidget(m_tabs, 1);

    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->setObjectName(QStringLiteral("mainSplit")); // its sizes are kept between starts
    splitter->addWidget(scroll);
    splitter->addWidget(right);
    splitter->setStretchFactor(0, 0);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({ 400, 900 });
    auto* layout = new QHBoxLayout(this);
    layout->addWidget(splitter);
    installChartActionsUnder(this);
    for (QTableView* view : findChildren<QTableView*>())
        if (!view->findChild<QAction*>(QStringLiteral("copyTableAction"))) installTableCopy(view);

    connect(m_banner, &VerdictBanner::suggestionChosen, this, [session](const core::Suggestion& fix) {
        const core::Scenario changed = fix.scenario;
        session->document()->edit(VerdictBanner::fixText(fix), [changed](core::Scenario& s) { s = changed; });
    });
    auto explainer = [session](const QString& key) { return session->explanation(key); };
    findChild<MemoryChart*>()->setExplainer(explainer);
    findChild<TimeChart*>()->setExplainer(explainer);
    m_banner->setExplainer(explainer);
    connect(session, &ScenarioSession::resultsChanged, this, &MainView::showResults);
    connect(m_tabs, &QTabWidget::currentChanged, this, [this](int page) { pushToPage(page, m_session->results()); });
    showResults(session->results());
    retranslate();
}

void MainView::showResults(const DerivedResults& r)
{
    const core::Estimate& e = r.estimate;
    m_banner->setGpuName(QString::fromStdString(r.scenario.hardware.gpu.name));
    m_banner->setEstimate(e);
    m_banner->setSuggestions(r.suggestions);
    m_banner->setRanges(r.ranges);
    // The pages behind the current one wait: a hidden chart that takes every slider tick still
    // lays out its axes and labels, which is most of a tick's time. showPage, a tab change and
    // each accessor bring a page up to date.
    ++m_generation;
    pushToPage(m_tabs->currentIndex(), r);
}

void MainView::pushToPage(int index, const DerivedResults& r) const
{
    if (index < 0 || index >= int(m_pages.size())) return;
    const Page& page = m_pages[std::size_t(index)];
    if (page.generation == m_generation) return;
    page.generation = m_generation;
    if (page.built.show) page.built.show(r);
}

void MainView::bringUpToDate(int index) const
{
    // results() first: a pending edit is computed (and announced) before the page takes it.
    const DerivedResults& r = m_session->results();
    pushToPage(index, r);
}

QWidget* MainView::page(const QString& id) const
{
    const auto i = pageIds().indexOf(id);
    if (i < 0) return nullptr;
    bringUpToDate(int(i));
    return m_pages[std::size_t(i)].built.widget;
}

void MainView::retranslate()
{
    int i = 0;
    for (const PageRow& row : pageRows()) {
        m_tabs->setTabText(i, tr(row.title));
        m_tabs->setTabToolTip(i++, tr(row.title));
    }
}

void MainView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) retranslate();
    QWidget::changeEvent(event);
}

QStringList MainView::pageIds()
{
    QStringList ids;
    for (const PageRow& row : pageRows())
        ids << QLatin1String(row.id);
    return ids;
}

bool MainView::showPage(const QString& id)
{
    const auto i = pageIds().indexOf(id);
    if (i < 0) return false;
    m_tabs->setCurrentIndex(int(i));
    return true;
}

QList<QChart*> MainView::presentableCharts() const
{
    QList<QChart*> out;
    for (const Figure& f : figures())
        if (f.chart) out << f.chart;
    return out;
}

std::vector<MainView::Figure> MainView::figures() const
{
    std::vector<Figure> out;
    for (int i = 0; i < int(m_pages.size()); ++i) {
        bringUpToDate(i);
        for (Figure& f : m_pages[std::size_t(i)].built.figures())
            out.push_back(std::move(f));
    }
    return out;
}

std::vector<PageTable> MainView::tables() const
{
    const DerivedResults& r = m_session->results();
    std::vector<PageTable> out;
    for (const Page& page : m_pages)
        if (page.built.tables)
            for (PageTable& t : page.built.tables(r))
                out.push_back(std::move(t));
    return out;
}

std::vector<ReportTable> MainView::reportTables() const
{
    std::vector<ReportTable> out;
    for (const Page& page : m_pages)
        if (page.built.report)
            if (ReportTable t = page.built.report(); t.model) out.push_back(std::move(t));
    return out;
}

void MainView::setShowRanges(bool on)
{
    m_session->setRangesWanted(on);
}

} // namespace ui
