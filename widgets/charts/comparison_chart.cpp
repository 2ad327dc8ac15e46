#include "widgets/charts/comparison_chart.h"

#include "widgets/charts/chart_style.h"
#include "widgets/charts/memory_chart.h"
#include "widgets/style/palette.h"
#include "widgets/text/format.h"
#include "widgets/text/scenario_name.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QEvent>
#include <QFontMetricsF>
#include <QGraphicsLayout>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QStackedBarSeries>
#include <QTimer>
#include <QValueAxis>

namespace ui {

namespace {

constexpr int kStepParts = 4;
/// Bars take half their category; a capacity mark reaches a little beyond the bar on each side.
constexpr double kBarWidth = 0.5, kCapacityHalfWidth = 0.32;
/// Room between two neighbouring bar labels, and Qt Charts' margin around a label (ChartPresenter).
constexpr double kLabelGap = 8, kTextMargin = 1;

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
    m_series->setBarWidth(kBarWidth);
    chart->legend()->setAlignment(Qt::AlignRight); // two charts side by side: a column of entries fits
    chart->addSeries(m_series);
    m_axisX = new QBarCategoryAxis(chart);
    // A label is shown whole or not at all: fitNames() chooses names only where they fit.
    m_axisX->setTruncateLabels(false);
    m_axisY = new QValueAxis(chart);
    chart->addAxis(m_axisX, Qt::AlignBottom);
    chart->addAxis(m_axisY, Qt::AlignLeft);
    m_series->attachAxis(m_axisX);
    m_series->attachAxis(m_axisY);
    // Each bar's GPU memory, a short dark line across it (memory only): "A does not fit on 40 GB".
    if (kind == Memory)
        for (int i = 0; i < kMaxBars; ++i) {
            auto* line = new QLineSeries(chart);
            QPen pen(QColor(0x20, 0x20, 0x20));
            pen.setWidthF(2.5);
            line->setPen(pen);
            chart->addSeries(line);
            line->attachAxis(m_axisX);
            line->attachAxis(m_axisY);
            m_capacities << line;
            if (i > 0)
                for (QLegendMarker* marker : chart->legend()->markers(line))
                    marker->setVisible(false); // one legend entry for all of them
        }
    // Names where they fit, at whatever size the chart is drawn: at once when it is resized (an export
    // or a slide draws it at another size and straight away), and after any other new layout.
    m_refit = new QTimer(this);
    m_refit->setSingleShot(true);
    m_refit->setInterval(0);
    connect(m_refit, &QTimer::timeout, this, [this] { fitNames(false); });
    connect(chart, &QChart::geometryChanged, this, [this] { fitNames(true); });
    connect(chart, &QChart::plotAreaChanged, m_refit, qOverload<>(&QTimer::start));
    setChart(chart);
    retranslate();
}

void ComparisonChart::setEstimates(const QStringList& names, const std::vector<core::Estimate>& estimates)
{
    m_names = names.mid(0, kMaxBars);
    const int n = int(std::min(estimates.size(), std::size_t(kMaxBars)));
    double highest = 0;
    for (int p = 0; p < m_sets.size(); ++p) {
        QList<qreal> values;
        for (int i = 0; i < n; ++i) {
            const core::Estimate& e = estimates[std::size_t(i)];
            values << (m_kind == Memory ? bytesIn(MemoryChart::termBytes(e.memory.peak().bytes, MemoryChart::Term(p)))
                                        : stepPart(e, p));
        }
        m_sets[p]->remove(0, m_sets[p]->count());
        m_sets[p]->append(values);
    }
    for (int i = 0; i < n; ++i) {
        const core::Estimate& e = estimates[std::size_t(i)];
        highest = std::max(highest, m_kind == Memory ? bytesIn(e.memory.total()) : e.compute.stepTimeS);
    }
    for (int i = 0; i < m_capacities.size(); ++i) {
        if (i < n) {
            const double capacity = bytesIn(estimates[std::size_t(i)].memory.capacity);
            highest = std::max(highest, capacity);
            m_capacities[i]->replace(
                QList<QPointF> { { i - kCapacityHalfWidth, capacity }, { i + kCapacityHalfWidth, capacity } });
        } else {
            m_capacities[i]->clear();
        }
    }
    m_axisY->setRange(0, niceCeiling(highest * 1.08));
    setPlainLabels(m_axisY);
    m_axisX->setCategories(letters());
    retranslate(); // the display unit may have changed; the title names the scenarios
}

QStringList ComparisonChart::letters() const
{
    QStringList out;
    for (int i = 0; i < m_names.size(); ++i)
        out << QString(QChar(u'A' + i));
    return out;
}

QStringList ComparisonChart::barLines(int index) const
{
    // The letter and the name, a line per part of the name ("A: 13B" over "8×A100 40GB"): narrow
    // enough for four bars on a slide.
    QStringList lines = m_names[index].split(nameSeparator());
    lines.front() = ScenarioName::lettered(index, lines.front());
    return lines;
}

QStringList ComparisonChart::barLabels() const
{
    QStringList out;
    for (int i = 0; i < m_names.size(); ++i) {
        QStringList lines = barLines(i);
        for (QString& line : lines)
            line = line.toHtmlEscaped();
        out << lines.join(QStringLiteral("<br>"));
    }
    return out;
}

double ComparisonChart::value(int part, int index) const
{
    return m_sets.at(part)->at(index);
}

double ComparisonChart::capacity(int index) const
{
    return index < m_capacities.size() && m_capacities[index]->count() ? m_capacities[index]->at(0).y() : 0;
}

QString ComparisonChart::titleText(double width) const
{
    //: a chart's title followed by the compared scenarios: "Memory per GPU: A: 13B · 8×A100 40GB, B: …"
    const QString lead = m_kind == Memory ? tr("Memory per GPU: %1") : tr("Time per step: %1");
    if (m_names.isEmpty())
        return m_kind == Memory ? tr("Memory per GPU, side by side") : tr("Anatomy of one step, side by side");
    QStringList items;
    for (int i = 0; i < m_names.size(); ++i)
        items << ScenarioName::lettered(i, m_names[i]);
    //: between the compared scenarios in a chart's title
    const QString separator = tr(", ");
    // One line where it fits, else a new line where the next scenario would not fit; each line is
    // escaped, as the title is rich text.
    const QFontMetricsF metrics(chart()->titleFont());
    QStringList lines { lead.arg(items.first()) };
    for (int i = 1; i < items.size(); ++i) {
        const QString longer = lines.back() + separator + items[i];
        if (width <= 0 || metrics.horizontalAdvance(longer) <= width)
            lines.back() = longer;
        else {
            lines.back() += separator.trimmed();
            lines << items[i];
        }
    }
    for (QString& line : lines)
        line = line.toHtmlEscaped();
    return lines.join(QStringLiteral("<br>"));
}

void ComparisonChart::fitNames(bool relayoutNow)
{
    QChart* c = chart();
    const QRectF plot = c->plotArea();
    const int n = int(m_names.size());
    bool full = false;
    if (n > 0 && plot.width() > 0) {
        // Qt Charts hides a label wider than its category at either end of the axis: names only when
        // every line of every label fits its bar's share of the plot.
        const QFontMetricsF metrics(m_axisX->labelsFont());
        double widest = 0;
        for (int i = 0; i < n; ++i)
            for (const QString& line : barLines(i))
                widest = std::max(widest, metrics.horizontalAdvance(line));
        full = widest + 2 * kTextMargin + kLabelGap <= plot.width() / n;
    }
    const QStringList categories = full ? barLabels() : letters();
    const QString title = titleText(c->size().width() - c->margins().left() - c->margins().right() - 16);
    bool changed = false;
    if (m_axisX->categories() != categories) {
        m_axisX->setCategories(categories);
        changed = true;
    }
    if (c->title() != title) {
        c->setTitle(title);
        changed = true;
    }
    // The legend beside the plot gets at most 40 % of the chart's width (Qt Charts' layout), less
    // its marker: a longer entry takes a second line rather than losing its end.
    const QFont legendFont = c->legend()->font();
    const double legendText = sideLegendTextWidth(c);
    for (int i = 0; i < m_sets.size() && i < m_partNames.size(); ++i) {
        const QString label = wrappedLegendText(m_partNames[i], legendFont, legendText);
        if (m_sets[i]->label() != label) {
            m_sets[i]->setLabel(label);
            changed = true;
        }
    }
    if (changed && relayoutNow && c->layout()) {
        // Drawn straight after this resize (an export, a slide): lay out again now, not on the next turn
        // of the event loop.
        c->layout()->invalidate();
        c->layout()->activate();
    }
}

void ComparisonChart::retranslate()
{
    if (m_kind == Memory) {
        const QString names[] = { tr("Weights"), tr("Gradients"), tr("Master weights (FP32)"), tr("Optimizer states"),
            tr("Activations"), tr("Buffers"), tr("Overhead") };
        m_partNames = QStringList(std::begin(names), std::end(names));
        m_axisY->setTitleText(tr("Memory per GPU (%1)").arg(unitName()));
        for (QLineSeries* line : m_capacities)
            line->setName(tr("GPU capacity"));
    } else {
        const QString names[]
            = { tr("Compute"), tr("Pipeline bubble"), tr("Optimizer step"), tr("Exposed communication") };
        m_partNames = QStringList(std::begin(names), std::end(names));
        m_axisY->setTitleText(tr("Time per step (s)"));
    }
    fitNames(false);
}

void ComparisonChart::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) retranslate();
    QChartView::changeEvent(event);
}

} // namespace ui
