#include "planner_widget.h"

#include "charts/memory_chart.h"
#include "input_panel.h"
#include "scenario_document.h"
#include "verdict_banner.h"

#include <QHBoxLayout>
#include <QScrollArea>
#include <QSplitter>
#include <QVBoxLayout>

namespace ui {

PlannerWidget::PlannerWidget(ScenarioDocument* document, QWidget* parent) : QWidget(parent)
{
    m_inputs = new InputPanel(document, this);
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(m_inputs);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setMinimumWidth(340);

    auto* right = new QWidget(this);
    m_banner = new VerdictBanner(right);
    m_memory = new MemoryChart(right);
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->addWidget(m_banner);
    rightLayout->addWidget(m_memory, 1);

    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(scroll);
    splitter->addWidget(right);
    splitter->setStretchFactor(0, 0);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({380, 900});
    auto* layout = new QHBoxLayout(this);
    layout->addWidget(splitter);

    connect(document, &ScenarioDocument::estimateChanged, m_banner, &VerdictBanner::setEstimate);
    connect(document, &ScenarioDocument::estimateChanged, m_memory, &MemoryChart::setEstimate);
    auto showGpu = [this](const core::Scenario& s) { m_banner->setGpuName(QString::fromStdString(s.hardware.gpu.name)); };
    connect(document, &ScenarioDocument::scenarioChanged, this, showGpu);
    showGpu(document->scenario());
    m_banner->setEstimate(document->estimate());
    m_memory->setEstimate(document->estimate());
}

} // namespace ui
