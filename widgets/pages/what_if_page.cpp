#include "widgets/pages/what_if_page.h"

#include "widgets/painted/heatmap_grid.h"
#include "widgets/session/scenario_session.h"
#include "widgets/text/format.h"
#include "widgets/text/problem_text.h"

#include <QComboBox>
#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHelpEvent>
#include <QLabel>
#include <QLocale>
#include <QMouseEvent>
#include <QPainter>
#include <QSignalBlocker>
#include <QToolTip>
#include <QVBoxLayout>

#include <cmath>

namespace ui {

WhatIfPage::WhatIfPage(ScenarioSession* session, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
{
    setObjectName(QStringLiteral("whatIfPage"));
    m_title = new QLabel(this);
    m_title->setWordWrap(true);
    m_xLabel = new QLabel(this);
    m_yLabel = new QLabel(this);
    m_metricLabel = new QLabel(this);
    m_x = new QComboBox(this);
    m_y = new QComboBox(this);
    m_metric = new QComboBox(this);
    for (const core::HeatAxis axis : core::heatAxes()) {
        m_x->addItem(QString(), int(axis));
        m_y->addItem(QString(), int(axis));
    }
    m_metric->addItems({ QString(), QString() });
    m_x->setCurrentIndex(m_x->findData(int(core::heatAxis(core::Knob::tp))));
    m_y->setCurrentIndex(m_y->findData(int(core::heatAxis(core::Knob::pp))));
    // The view has a tab of its own: the boxes show their items in full ("流水线并行（PP）" was cut).
    for (QComboBox* box : { m_x, m_y, m_metric })
        box->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_xLabel->setBuddy(m_x);
    m_yLabel->setBuddy(m_y);
    m_metricLabel->setBuddy(m_metric);
    m_grid = new HeatmapGrid(this);
    auto* controls = new QHBoxLayout;
    controls->addWidget(m_xLabel);
    controls->addWidget(m_x);
    controls->addWidget(m_yLabel);
    controls->addWidget(m_y);
    controls->addWidget(m_metricLabel);
    controls->addWidget(m_metric);
    controls->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    layout->addLayout(controls);
    layout->addWidget(m_grid, 1);
    for (QComboBox* box : { m_x, m_y })
        connect(box, &QComboBox::currentIndexChanged, this, [this] {
            m_grid->setAxisTitles(axisName(core::HeatAxis(m_x->currentData().toInt())),
                axisName(core::HeatAxis(m_y->currentData().toInt())));
            if (isVisible()) request();
        });
    connect(m_metric, &QComboBox::currentIndexChanged, this,
        [this](int metric) { m_grid->setHeatmap(m_grid->heatmap(), HeatmapGrid::Metric(metric)); });
    connect(m_grid, &HeatmapGrid::cellClicked, this, &WhatIfPage::apply);
    // Each cell is a full validation and estimate: asked for only while the view is visible.
    connect(session, &ScenarioSession::resultsChanged, this, [this] {
        if (isVisible()) request();
    });
    connect(session, &ScenarioSession::displayFormatChanged, m_grid, qOverload<>(&QWidget::update));
    connect(session, &ScenarioSession::heatmapReady, this, [this](std::uint64_t revision, const core::Heatmap& map) {
        // A map for an older scenario or other axes is dropped: the one asked for last is on its way.
        if (revision != m_session->revision() || int(map.xAxis) != m_x->currentData().toInt()
            || int(map.yAxis) != m_y->currentData().toInt())
            return;
        m_revision = revision;
        m_grid->setHeatmap(map, HeatmapGrid::Metric(m_metric->currentIndex()));
    });
    retranslate();
}

void WhatIfPage::setAxes(core::HeatAxis x, core::HeatAxis y)
{
    const QSignalBlocker blockX(m_x), blockY(m_y);
    m_x->setCurrentIndex(m_x->findData(int(x)));
    m_y->setCurrentIndex(m_y->findData(int(y)));
    m_grid->setAxisTitles(axisName(x), axisName(y));
    if (isVisible()) request();
}

QString WhatIfPage::title() const
{
    return m_title->text();
}

bool WhatIfPage::isCurrent() const
{
    const core::Heatmap& map = m_grid->heatmap();
    return m_revision == m_session->revision() && int(map.xAxis) == m_x->currentData().toInt()
        && int(map.yAxis) == m_y->currentData().toInt();
}

void WhatIfPage::request()
{
    if (!isCurrent())
        m_session->requestHeatmap(
            core::HeatAxis(m_x->currentData().toInt()), core::HeatAxis(m_y->currentData().toInt()));
}

bool WhatIfPage::apply(int index)
{
    if (!isCurrent()) return false;
    const auto& map = m_grid->heatmap();
    if (index < 0 || index >= int(map.cells.size())) return false;
    const core::HeatCell& c = map.cells[std::size_t(index)];
    if (!c.estimate) return false; // an invalid combination cannot be applied
    const core::Scenario target = c.scenario;
    return m_session->document()->edit(tr("Use %1 = %2, %3 = %4")
                                           .arg(axisName(map.xAxis), HeatmapGrid::valueText(map.xAxis, c.x),
                                               axisName(map.yAxis), HeatmapGrid::valueText(map.yAxis, c.y)),
        [target](core::Scenario& s) { s = target; });
}

QString WhatIfPage::axisName(core::HeatAxis axis)
{
    using core::Knob;
    const std::optional<Knob> knob = core::knobOf(axis);
    if (!knob) return tr("Sequence length");
    switch (*knob) {
    case Knob::tp:
        return tr("Tensor parallel (TP)");
    case Knob::pp:
        return tr("Pipeline parallel (PP)");
    case Knob::dp:
        return tr("Data parallel (DP)");
    case Knob::cp:
        return tr("Context parallel (CP)");
    case Knob::micro_batch:
        return tr("Micro-batch");
    case Knob::zero:
        return tr("ZeRO stage");
    case Knob::recompute:
        return tr("Recomputation");
    default:
        return {};
    }
}

void WhatIfPage::retranslate()
{
    m_title->setText(
        tr("Two inputs at once: every cell is the full estimate with those values (memory per GPU or seconds per "
           "step); ✕ marks combinations that are invalid or do not fit — hover for the reason, click a cell to use it.")
        + QLatin1Char(' ')
        + tr("The GPU count stays: data parallelism takes the GPUs the other degrees leave, unless Data parallel "
             "is an axis."));
    m_xLabel->setText(tr("&Across:"));
    m_yLabel->setText(tr("&Up:"));
    m_metricLabel->setText(tr("&Colour:"));
    for (int i = 0; i < m_x->count(); ++i) {
        m_x->setItemText(i, axisName(core::HeatAxis(m_x->itemData(i).toInt())));
        m_y->setItemText(i, axisName(core::HeatAxis(m_y->itemData(i).toInt())));
    }
    m_metric->setItemText(0, tr("Memory per GPU"));
    m_metric->setItemText(1, tr("Step time"));
    m_grid->setAxisTitles(
        axisName(core::HeatAxis(m_x->currentData().toInt())), axisName(core::HeatAxis(m_y->currentData().toInt())));
}

void WhatIfPage::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        m_grid->update();
    }
    QWidget::changeEvent(event);
}

void WhatIfPage::showEvent(QShowEvent* event)
{
    request();
    QWidget::showEvent(event);
}

} // namespace ui
