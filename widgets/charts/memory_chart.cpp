#include "widgets/charts/memory_chart.h"

#include "widgets/charts/chart_style.h"
#include "widgets/style/palette.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QCursor>
#include <QEvent>
#include <QFontMetricsF>
#include <QGraphicsLayout>
#include <QGraphicsSimpleTextItem>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QStackedBarSeries>
#include <QToolTip>
#include <QValueAxis>

#include <cmath>

namespace ui {

namespace {

const QColor kTermColors[MemoryChart::TermCount] = { palette::kBlue, palette::kSkyBlue, palette::kOrange,
    palette::kVermillion, palette::kGreen, palette::kPurple, palette::kGrey };

} // namespace

MemoryChart::MemoryChart(QWidget* parent)
    : QChartView(parent)
{
    setObjectName(QStringLiteral("memoryChart"));
    prepareChartView(this);
    setMinimumSize(480, 320);

    auto* chart = newChart();

    m_series = new QStackedBarSeries(chart);
    for (int t = 0; t < TermCount; ++t) {
        auto* set = new QBarSet(QString(), m_series);
        set->setColor(kTermColors[t]);
        set->setBorderColor(kTermColors[t].darker(130));
        m_sets.append(set);
        m_series->append(set);
    }
    m_series->setBarWidth(0.6);
    // Each part carries its value, written by fitLabels() rather than by Qt Charts, which can only
    // make a label transparent (still text in an SVG) and draws it under the capacity line.
    chart->addSeries(m_series);

    m_capacity = new QLineSeries(chart);
    QPen pen(QColor(0x20, 0x20, 0x20));
    pen.setWidthF(2.0);
    pen.setStyle(Qt::DashLine);
    m_capacity->setPen(pen);
    chart->addSeries(m_capacity);

    m_axisX = new QBarCategoryAxis(chart);
    m_axisY = new QValueAxis(chart);
    chart->addAxis(m_axisX, Qt::AlignBottom);
    chart->addAxis(m_axisY, Qt::AlignLeft);
    for (QAbstractSeries* s : { static_cast<QAbstractSeries*>(m_series), static_cast<QAbstractSeries*>(m_capacity) }) {
        s->attachAxis(m_axisX);
        s->attachAxis(m_axisY);
    }
    connect(m_series, &QStackedBarSeries::hovered, this, &MemoryChart::showTooltip);
    // Drawn at another size (a slide, the report), the labels that fit are others.
    connect(chart, &QChart::plotAreaChanged, this, &MemoryChart::fitLabels);
    // On screen, on a slide and in an export alike: the legend follows the chart's width.
    connect(chart, &QChart::geometryChanged, this, &MemoryChart::fitLegend);
    setChart(chart);
    retranslate();
}

double MemoryChart::termBytes(const core::MemoryBreakdown& m, Term term)
{
    return term == TermCount ? 0 : m.term(core::MemoryTerm(term)); // same order as core::MemoryTerm
}

void MemoryChart::setEstimate(const core::Estimate& estimate)
{
    m_estimate = estimate;
    refresh();
}

double MemoryChart::value(Term term, int stage) const
{
    return m_sets.at(term)->at(stage);
}

double MemoryChart::capacityValue() const
{
    return m_capacity->count() ? m_capacity->at(0).y() : 0;
}

int MemoryChart::stageCount() const
{
    return m_sets.isEmpty() ? 0 : static_cast<int>(m_sets.first()->count());
}

void MemoryChart::refresh()
{
    const auto& stages = m_estimate.memory.perStage;
    const int n = static_cast<int>(stages.size());
    if (n == 0) return;
    // Update values in place; only a change in the number of stages changes the bar count.
    for (int t = 0; t < TermCount; ++t) {
        QBarSet* set = m_sets[t];
        while (set->count() > n)
            set->remove(set->count() - 1);
        for (int i = 0; i < n; ++i) {
            const double v = bytesIn(termBytes(stages[static_cast<std::size_t>(i)].bytes, static_cast<Term>(t)));
            if (i < set->count())
                set->replace(i, v);
            else
                set->append(v);
        }
    }
    m_series->setBarWidth(n == 1 ? 0.35 : 0.6);
    if (m_axisX->count() != n) {
        QStringList categories;
        if (n == 1)
            categories << tr("Each GPU");
        else
            for (int i = 0; i < n; ++i)
                //: a pipeline-parallel stage (a group of layers), numbered from 0
                categories << (n <= 8 ? tr("Stage %1").arg(i) : QString::number(i));
        m_axisX->setCategories(categories);
        //: axis title when the bars are pipeline stages numbered from 0
        m_axisX->setTitleText(n > 8 ? tr("Pipeline stage") : QString());
    }
    const double capacity = bytesIn(m_estimate.memory.capacity);
    // The line spans the whole category range (bars sit at 0 … n−1).
    m_capacity->replace(QList<QPointF> { { -0.5, capacity }, { n - 0.5, capacity } });
    double highest = capacity;
    for (const auto& st : stages)
        highest = std::max(highest, bytesIn(st.bytes.total()));
    const double top = niceCeiling(highest * 1.08);
    m_axisY->setRange(0, top);
    setPlainLabels(m_axisY); // 0, 10 … 50, not 13 and 38 for 12.5 and 37.5
    fitLabels();
    m_axisY->setTitleText(tr("Memory per GPU (%1)").arg(unitName())); // the display unit may have changed
    setChartTitle(
        chart(), m_estimate.memory.fits() ? tr("Memory per GPU — fits") : tr("Memory per GPU — does not fit"));
}

QList<QGraphicsSimpleTextItem*> MemoryChart::valueLabels() const
{
    QList<QGraphicsSimpleTextItem*> shown;
    for (QGraphicsSimpleTextItem* label : m_labels)
        if (label->isVisible()) shown << label;
    return shown;
}

void MemoryChart::fitLabels()
{
    // Crowded pipelines show values in the tooltip and the table only.
    const int n = stageCount() <= 8 ? stageCount() : 0;
    while (m_labels.size() < n * TermCount) {
        auto* label = new QGraphicsSimpleTextItem(chart());
        label->setZValue(10); // above the bars and the line
        m_labels << label;
    }
    const QRectF plot = chart()->plotArea();
    const QFont font = m_axisY->labelsFont(); // enlarged with the other fonts on a slide
    const QFontMetricsF metrics(font);
    const double lineY = chart()->mapToPosition(QPointF(0, capacityValue()), m_capacity).y();
    // The line's own width and a little air each side of it.
    const double lineClear = m_capacity->pen().widthF() / 2 + 2;
    int used = 0;
    for (int i = 0; i < n && !plot.isEmpty(); ++i) {
        double base = 0;
        for (int t = 0; t < TermCount; ++t) {
            const double v = m_sets[t]->at(i);
            const double bottom = chart()->mapToPosition(QPointF(i, base), m_series).y();
            const double top = chart()->mapToPosition(QPointF(i, base + v), m_series).y();
            base += v;
            const QString text = formatSignificant(v, 3);
            const QSizeF size(metrics.horizontalAdvance(text), metrics.height());
            // A value needs its line of text and a little room inside its part.
            const double half = m_series->barWidth() / 2;
            const double left = chart()->mapToPosition(QPointF(i - half, 0), m_series).x();
            const double right = chart()->mapToPosition(QPointF(i + half, 0), m_series).x();
            if (bottom - top < size.height() * 1.15 || right - left < size.width() + 4) continue;
            const double x = (left + right) / 2 - size.width() / 2;
            double y = (top + bottom) / 2 - size.height() / 2;
            // Clear of the capacity line: above or below it inside the part, else no value.
            if (y < lineY + lineClear && y + size.height() > lineY - lineClear) {
                if (lineY - lineClear - size.height() >= top)
                    y = lineY - lineClear - size.height();
                else if (lineY + lineClear + size.height() <= bottom)
                    y = lineY + lineClear;
                else
                    continue;
            }
            QGraphicsSimpleTextItem* label = m_labels[used++];
            label->setFont(font);
            label->setText(text);
            // Dark text on the light colours, white on the dark ones.
            label->setBrush(kTermColors[t].lightnessF() > 0.55 ? QColor(0x20, 0x20, 0x20) : QColor(Qt::white));
            label->setPos(x, y);
            label->setVisible(true);
        }
    }
    for (int k = used; k < m_labels.size(); ++k)
        m_labels[k]->setVisible(false);
}

void MemoryChart::retranslate()
{
    const QString names[TermCount] = { tr("Weights"), tr("Gradients"), tr("Master weights (FP32)"),
        tr("Optimizer states"), tr("Activations"), tr("Buffers"), tr("Overhead") };
    m_entryNames = QStringList(std::begin(names), std::end(names)) << tr("GPU capacity");
    fitLegend();
    m_axisX->setCategories({});
    refresh();
}

void MemoryChart::fitLegend()
{
    if (m_entryNames.size() != m_sets.size() + 1) return;
    fitBottomLegend(chart(), m_entryNames, {}, [this](int i, const QString& text) {
        if (i < m_sets.size()) {
            if (m_sets[i]->label() == text) return false;
            m_sets[i]->setLabel(text);
        } else { // the capacity line, last
            if (m_capacity->name() == text) return false;
            m_capacity->setName(text);
        }
        return true;
    });
}

void MemoryChart::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) retranslate();
    QChartView::changeEvent(event);
}

void MemoryChart::showTooltip(bool hovering, int index, QBarSet* set)
{
    if (!hovering) {
        QToolTip::hideText();
        return;
    }
    const auto& stages = m_estimate.memory.perStage;
    if (index < 0 || index >= static_cast<int>(stages.size())) return;
    const auto& bytes = stages[static_cast<std::size_t>(index)].bytes;
    const auto term = static_cast<Term>(m_sets.indexOf(set));
    static const char* const keys[TermCount] = { "memory.weights", "memory.gradients", "memory.master_weights",
        "memory.optimizer_states", "memory.activations", "memory.buffers", "memory.overhead" };
    QString text = QStringLiteral("<b>%1</b>")
                       .arg(tr("%1: %2 of %3 on this GPU")
                                .arg(m_entryNames.value(int(m_sets.indexOf(set)), set->label()),
                                    formatBytes(termBytes(bytes, term)), formatBytes(bytes.total()))
                                .toHtmlEscaped());
    // The explanation's numbers are those of the most loaded stage.
    if (m_explain && index == m_estimate.memory.stage) text += m_explain(QString::fromLatin1(keys[term]));
    QToolTip::showText(QCursor::pos(), text, this);
}

} // namespace ui
