#include "widgets/charts/comparison_chart.h"

#include "widgets/charts/chart_export.h"
#include "widgets/charts/chart_style.h"
#include "widgets/charts/memory_chart.h"
#include "widgets/style/palette.h"
#include "widgets/text/format.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QEvent>
#include <QStackedBarSeries>
#include <QValueAxis>

namespace ui {

namespace {

constexpr int kStepParts = 4;

double stepPart(const core::Estimate& e, int part)
{
    switch (part) {
    case 0:
        return e.compute.computeTimeS;
    case 1:
        return e.compute.bubbleTimeS;
    case 2:
        return e.compute.optimizerTimeS;
    default:
        return e.communication.exposedTimeS;
    }
}

} // namespace

ComparisonChart::ComparisonChart(Kind kind, QWidget* parent)
    : QChartView(parent)
    , m_kind(kind)
{
    setObjectName(kind == Memory ? QStringLiteral("compareMemory") : QStringLiteral("compareStep"));
    prepareChartView(this);
    setMinimumSize(360, 260);
    auto* chart = newChart();
    m_series = new QStackedBarSeries(chart);
    const QColor memoryColors[] = { palette::kBlue, palette::kSkyBlue, palette::kOrange, palette::kVermillion,
        palette::kGreen, palette::kPurple, palette::kGrey };
    const QColor stepColors[] = { palette::kBlue, palette::kGrey, palette::kPurple, palette::kVermillion };
    const int parts = kind == Memory ? int(MemoryChart::TermCount) : kStepParts;
    for (int i = 0; i < parts; ++i) {
        auto* set = new QBarSet(QString(), m_series);
        set->setColor(kind == Memory ? memoryColors[i] : stepColors[i]);
        m_sets << set;
        m_series->append(set);
    }
    m_series->setBarWidth(0.5);
    chart->legend()->setAlignment(Qt::AlignRight); // two charts side by side: a column of entries fits
    chart->addSeries(m_series);
    m_axisX = new QBarCategoryAxis(chart);
    m_axisY = new QValueAxis(chart);
    chart->addAxis(m_axisX, Qt::AlignBottom);
    chart->addAxis(m_axisY, Qt::AlignLeft);
    m_series->attachAxis(m_axisX);
    m_series->attachAxis(m_axisY);
    setChart(chart);
    retranslate();
}

void ComparisonChart::setEstimates(
    const QStringList& names, const std::vector<core::Estimate>& estimates, const QStringList& longNames)
{
    double highest = 0;
    for (int p = 0; p < m_sets.size(); ++p) {
        QList<qreal> values;
        for (const auto& e : estimates) {
            const double v = m_kind == Memory
                ? bytesIn(MemoryChart::termBytes(e.memory.peak().bytes, MemoryChart::Term(p)))
                : stepPart(e, p);
            values << v;
        }
        m_sets[p]->remove(0, m_sets[p]->count());
        m_sets[p]->append(values);
    }
    for (const auto& e : estimates)
        highest = std::max(highest, m_kind == Memory ? bytesIn(e.memory.total()) : e.compute.stepTimeS);
    m_axisX->setCategories(names);
    chart()->setProperty(kExportCategories, longNames.size() == names.size() ? longNames : QStringList());
    m_axisY->setRange(0, niceCeiling(highest * 1.08));
    retranslate(); // the display unit may have changed
}

double ComparisonChart::value(int part, int index) const
{
    return m_sets.at(part)->at(index);
}

void ComparisonChart::retranslate()
{
    if (m_kind == Memory) {
        const QString names[] = { tr("Weights"), tr("Gradients"), tr("Master weights (FP32)"), tr("Optimizer states"),
            tr("Activations"), tr("Buffers"), tr("Overhead") };
        for (int i = 0; i < m_sets.size(); ++i)
            m_sets[i]->setLabel(names[i]);
        m_axisY->setTitleText(tr("Memory per GPU (%1)").arg(unitName()));
        setChartTitle(chart(), tr("Memory per GPU, side by side"));
    } else {
        const QString names[]
            = { tr("Compute"), tr("Pipeline bubble"), tr("Optimizer step"), tr("Exposed communication") };
        for (int i = 0; i < m_sets.size(); ++i)
            m_sets[i]->setLabel(names[i]);
        m_axisY->setTitleText(tr("Time per step (s)"));
        setChartTitle(chart(), tr("Anatomy of one step, side by side"));
    }
}

void ComparisonChart::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) retranslate();
    QChartView::changeEvent(event);
}

} // namespace ui
