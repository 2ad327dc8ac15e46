#include "widgets/charts/chart_style.h"

#include "widgets/style/palette.h"
#include "widgets/style/theme.h"

#include <QAbstractAxis>
#include <QAbstractBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QCoreApplication>
#include <QEvent>
#include <QFontMetricsF>
#include <QGraphicsLayout>
#include <QGraphicsSimpleTextItem>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLocale>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace ui {

namespace {

constexpr char kDarkProperty[] = "tpDarkColours";

/// Gives a chart view's chart the interface's colours just before the view paints it (the charts add
/// their axes and values after prepareChartView(), and a few set the light ink again on each update),
/// and repaints when the palette changes at run time.
class ChartColourFollower : public QObject {
public:
    explicit ChartColourFollower(QChartView* view)
        : QObject(view)
        , m_view(view)
    {
        view->installEventFilter(this);
        view->viewport()->installEventFilter(this);
    }

    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (watched == m_view->viewport() && event->type() == QEvent::Paint && m_view->chart())
            applyChartColours(m_view->chart(), theme::darkInterface());
        else if (watched == m_view
            && (event->type() == QEvent::PaletteChange || event->type() == QEvent::ApplicationPaletteChange))
            m_view->viewport()->update();
        return false;
    }

private:
    QChartView* m_view;
};

/// Whether the point `at` (chart coordinates) lies on a bar of a bar series of `chart`.
bool onBar(const QChart* chart, QPointF at)
{
    for (QAbstractSeries* series : chart->series()) {
        auto* bars = qobject_cast<QAbstractBarSeries*>(series);
        if (!bars || !bars->isVisible()) continue;
        const QAbstractSeries::SeriesType type = bars->type();
        const bool horizontal = type == QAbstractSeries::SeriesTypeHorizontalBar
            || type == QAbstractSeries::SeriesTypeHorizontalStackedBar
            || type == QAbstractSeries::SeriesTypeHorizontalPercentBar;
        const bool stacked
            = type == QAbstractSeries::SeriesTypeStackedBar || type == QAbstractSeries::SeriesTypeHorizontalStackedBar;
        const bool percent
            = type == QAbstractSeries::SeriesTypePercentBar || type == QAbstractSeries::SeriesTypeHorizontalPercentBar;
        const QPointF value = const_cast<QChart*>(chart)->mapToValue(at, bars);
        const double category = horizontal ? value.y() : value.x();
        const double along = horizontal ? value.x() : value.y();
        const int index = int(std::lround(category));
        if (std::abs(category - index) > bars->barWidth() / 2 || index < 0) continue;
        double end = 0;
        for (const QBarSet* set : bars->barSets())
            if (index < set->count())
                end = stacked ? end + std::max(0.0, set->at(index)) : std::max(end, set->at(index));
        if (percent && end > 0) end = 100;
        if (along >= 0 && along <= end) return true;
    }
    return false;
}

} // namespace

void prepareChartView(QChartView* view)
{
    view->setRenderHint(QPainter::Antialiasing);
    view->setViewportUpdateMode(QGraphicsView::BoundingRectViewportUpdate);
    new ChartColourFollower(view);
}

void applyChartColours(QChart* chart, bool dark)
{
    const theme::Surface& c = theme::surface(dark);
    const QColor& oldInk = theme::surface(!dark).ink;
    if (chartIsDark(chart) != dark) chart->setProperty(kDarkProperty, dark);
    if (chart->backgroundBrush() != QBrush(c.background)) chart->setBackgroundBrush(c.background);
    if (chart->titleBrush() != QBrush(c.text)) chart->setTitleBrush(c.text);
    if (chart->legend()->labelColor() != c.text) chart->legend()->setLabelColor(c.text);
    for (QAbstractAxis* axis : chart->axes()) {
        if (axis->labelsColor() != c.text) axis->setLabelsColor(c.text);
        if (axis->titleBrush() != QBrush(c.text)) axis->setTitleBrush(c.text);
        if (axis->gridLineColor() != c.grid) axis->setGridLineColor(c.grid);
        if (axis->minorGridLineColor() != c.grid) axis->setMinorGridLineColor(c.grid);
        if (axis->linePenColor() != c.axisLine) axis->setLinePenColor(c.axisLine);
    }
    // Okabe & Ito's blue is too dark on the dark surface (palette::kBlueOnDark): bars and lines swap it.
    const QColor& blue = dark ? palette::kBlueOnDark : palette::kBlue;
    const QColor& otherBlue = dark ? palette::kBlue : palette::kBlueOnDark;
    for (QAbstractSeries* series : chart->series()) {
        if (auto* bars = qobject_cast<QAbstractBarSeries*>(series)) {
            for (QBarSet* set : bars->barSets())
                if (set->color() == otherBlue) set->setColor(blue);
        } else if (auto* line = qobject_cast<QLineSeries*>(series); line && line->pen().color() == otherBlue) {
            QPen pen = line->pen();
            pen.setColor(blue);
            line->setPen(pen);
        }
    }
    // The charts' own near-black: capacity lines, rings round the current point, values beside a bar.
    for (QAbstractSeries* series : chart->series()) {
        if (auto* scatter = qobject_cast<QScatterSeries*>(series)) {
            if (scatter->borderColor() == oldInk) scatter->setBorderColor(c.ink);
        } else if (auto* line = qobject_cast<QLineSeries*>(series); line && line->pen().color() == oldInk) {
            QPen pen = line->pen();
            pen.setColor(c.ink);
            line->setPen(pen);
        }
    }
    for (QGraphicsItem* item : chart->childItems()) {
        auto* text = qgraphicsitem_cast<QGraphicsSimpleTextItem*>(item);
        if (!text || text->brush().color() != oldInk) continue;
        // A value on a bar keeps the colour its chart chose against the bar's.
        if (dark && onBar(chart, text->mapToParent(text->boundingRect().center()))) continue;
        text->setBrush(c.ink);
    }
}

bool chartIsDark(const QChart* chart)
{
    return chart->property(kDarkProperty).toBool();
}

LightChart::LightChart(QChart* chart)
    : m_chart(chart)
    , m_wasDark(chart && chartIsDark(chart))
{
    if (m_wasDark) applyChartColours(chart, false);
}

LightChart::~LightChart()
{
    if (m_wasDark && m_chart) applyChartColours(m_chart, true);
}

QChart* newChart()
{
    auto* chart = new QChart;
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setMargins(QMargins(8, 8, 8, 8));
    // The title is the chart's largest text, whatever the other fonts are scaled to (slides, export).
    QFont title = chart->titleFont();
    const QFont labels = chart->legend()->font();
    const double base = labels.pointSizeF() > 0 ? labels.pointSizeF() : 9.0;
    title.setPointSizeF(std::max(title.pointSizeF(), base) * 1.3);
    title.setBold(true);
    chart->setTitleFont(title);
    return chart;
}

QString wrappedLegendText(const QString& text, const QFont& font, double width)
{
    const QFontMetricsF metrics(font);
    if (metrics.horizontalAdvance(text) <= width || !text.contains(QLatin1Char(' '))) return text;
    QStringList lines;
    for (const QString& word : text.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        if (!lines.isEmpty() && metrics.horizontalAdvance(lines.back() + QLatin1Char(' ') + word) <= width)
            lines.back() += QLatin1Char(' ') + word;
        else
            lines << word;
    }
    for (QString& line : lines)
        line = line.toHtmlEscaped();
    return lines.join(QStringLiteral("<br>"));
}

double legendRowWidth(const QLegend* legend)
{
    const QFontMetricsF metrics(legend->font());
    double needed = 0;
    for (const QLegendMarker* marker : legend->markers()) {
        if (!marker->isVisible()) continue;
        double widest = 0;
        for (const QString& line : marker->label().split(QStringLiteral("<br>")))
            widest = std::max(widest, metrics.horizontalAdvance(line));
        needed += widest + 1.9 * metrics.height();
    }
    return needed;
}

namespace {

/// An entry of several words broken near its middle: no line longer than 60 % of the whole.
QString twoLineText(const QString& text, const QFont& font)
{
    return wrappedLegendText(text, font, 0.6 * QFontMetricsF(font).horizontalAdvance(text));
}

enum class LegendFit { oneLine, twoLines, beside };

/// How the shown `texts` fit one row of `width` points, on one line each or on two.
LegendFit bottomLegendFit(const QStringList& texts, const std::vector<bool>& visible, const QFont& font, double width)
{
    const QFontMetricsF metrics(font);
    const double marker = 1.9 * metrics.height(); // as legendRowWidth counts it
    double oneLine = 0, twoLines = 0;
    for (qsizetype i = 0; i < texts.size(); ++i) {
        if (std::size_t(i) < visible.size() && !visible[std::size_t(i)]) continue;
        oneLine += metrics.horizontalAdvance(texts[i]) + marker;
        double widest = 0;
        for (const QString& line : twoLineText(texts[i], font).split(QStringLiteral("<br>")))
            widest = std::max(widest, metrics.horizontalAdvance(line));
        twoLines += widest + marker;
    }
    if (oneLine <= 0.97 * width) return LegendFit::oneLine;
    return twoLines <= 0.97 * width ? LegendFit::twoLines : LegendFit::beside;
}

} // namespace

void fitBottomLegend(QChart* chart, const QStringList& texts, const std::vector<bool>& visible,
    const std::function<bool(int, const QString&)>& show)
{
    QLegend* legend = chart->legend();
    const QFont font = legend->font();
    const QMarginsF margins = chart->margins();
    const LegendFit fit
        = bottomLegendFit(texts, visible, font, chart->size().width() - margins.left() - margins.right());
    const Qt::Alignment where = fit == LegendFit::beside ? Qt::AlignRight : Qt::AlignBottom;
    bool changed = legend->alignment() != where;
    if (changed) legend->setAlignment(where);
    for (qsizetype i = 0; i < texts.size(); ++i)
        changed |= show(int(i), fit == LegendFit::twoLines ? twoLineText(texts[i], font) : texts[i]);
    if (changed && legend->layout()) legend->layout()->invalidate();
}

double sideLegendTextWidth(const QChart* chart)
{
    return 0.4 * chart->size().width() - 3 * QFontMetricsF(chart->legend()->font()).height() - 20;
}

namespace {

constexpr const char* kPlainName = "tpPlainName"; ///< a series' name on one line
constexpr const char* kShownName = "tpShownName"; ///< the name fitSideLegend gave it

void wrapSeriesNames(QChart* chart)
{
    const QFont font = chart->legend()->font();
    const double width = sideLegendTextWidth(chart);
    for (QAbstractSeries* series : chart->series()) {
        const QString name = series->name();
        if (name != series->property(kShownName).toString()) series->setProperty(kPlainName, name); // set anew
        const QString plain = series->property(kPlainName).toString();
        const QString shown = width > 0 ? wrappedLegendText(plain, font, width) : plain;
        series->setProperty(kShownName, shown);
        if (name != shown) series->setName(shown);
    }
}

} // namespace

void fitSideLegend(QChart* chart)
{
    if (!chart->property(kShownName).toBool()) {
        chart->setProperty(kShownName, true);
        QObject::connect(chart, &QGraphicsWidget::geometryChanged, chart, [chart] { wrapSeriesNames(chart); });
    }
    wrapSeriesNames(chart);
}

QLineSeries* addLine(QChart* chart, const QColor& color, bool points, Qt::PenStyle style)
{
    auto* s = new QLineSeries(chart);
    QPen pen(color);
    pen.setWidthF(2.5);
    pen.setStyle(style);
    s->setPen(pen);
    s->setPointsVisible(points);
    chart->addSeries(s);
    return s;
}

namespace {

/// The title as given, on one line; the chart shows it wrapped to its width.
constexpr const char* kPlainTitle = "tpPlainTitle";

void showTitle(QChart* chart)
{
    const QString plain = chart->property(kPlainTitle).toString();
    const QMarginsF margins = chart->margins();
    const double width = chart->size().width() - margins.left() - margins.right() - 16;
    const QString title = width > 0 ? wrappedLegendText(plain, chart->titleFont(), width) : plain;
    if (chart->title() == title) return;
    chart->setTitle(title);
    // Laid out again at once: a chart drawn straight after a resize (a slide, an export) would
    // otherwise show the title as the last layout placed it, wrapped for the old width.
    if (QGraphicsLayout* layout = chart->layout()) {
        layout->invalidate();
        layout->activate();
    }
}

} // namespace

void setChartTitle(QChart* chart, const QString& title)
{
    // Wrapped to the chart's width wherever it is drawn (a narrow pane, a slide, an export): Qt
    // Charts would cut it ("Every plan that fits on 1,024 GPU...").
    if (!chart->property(kPlainTitle).isValid())
        QObject::connect(chart, &QGraphicsWidget::geometryChanged, chart, [chart] { showTitle(chart); });
    if (chart->property(kPlainTitle).toString() == title && chart->property(kPlainTitle).isValid()) return;
    chart->setProperty(kPlainTitle, title);
    showTitle(chart);
}

double roundStep(double range, int most)
{
    if (!(range > 0) || !std::isfinite(range)) return 1;
    most = std::max(1, most);
    double p = std::pow(10.0, std::floor(std::log10(range / most)));
    for (;; p *= 10)
        for (const double m : { 1.0, 2.0, 2.5, 5.0 })
            if (range / (m * p) <= most * (1 + 1e-9)) return m * p;
}

int decimalsOf(double step)
{
    int decimals = 0;
    while (step > 0 && decimals < 9) {
        const double scaled = step * std::pow(10.0, decimals);
        if (std::abs(scaled - std::round(scaled)) < 1e-6 * std::max(1.0, scaled)) break;
        ++decimals;
    }
    return decimals;
}

void setPlainLabels(QValueAxis* axis, int most)
{
    const double range = axis->max() - axis->min();
    if (!(range > 0) || !std::isfinite(range)) return;
    // Ticks at the step's multiples, wherever the range starts (0.95 to 2.1 ticks at 1.0, 1.2 … 2.0,
    // not at 0.95, 1.24, 1.52): each label is exact, so no two print alike.
    const double step = roundStep(range, most);
    if (axis->tickType() != QValueAxis::TicksDynamic) axis->setTickType(QValueAxis::TicksDynamic);
    if (axis->tickAnchor() != 0) axis->setTickAnchor(0);
    if (axis->tickInterval() != step) axis->setTickInterval(step);
    const QString format = QStringLiteral("%.%1f").arg(decimalsOf(step));
    if (axis->labelFormat() != format) axis->setLabelFormat(format);
}

void setPlainLabels(QLogValueAxis* axis)
{
    // "%.10g" prints decades from 10^-4 up to 10^10 in plain digits; below, fixed decimals down to the
    // lowest decade shown (0.00001, not 1e-05).
    const double lowest = axis->min();
    const int decimals = lowest > 0 && lowest < 1e-4 ? int(std::ceil(-std::log10(lowest) - 1e-9)) : -1;
    const QString format = decimals < 0 ? QStringLiteral("%.10g") : QStringLiteral("%.%1f").arg(decimals);
    if (axis->labelFormat() != format) axis->setLabelFormat(format);
}

MoneyUnit moneyUnit(double highestUsd)
{
    if (highestUsd >= 1e7) return { 1e6, QCoreApplication::translate("ui::ChartStyle", "Cost (M$)") };
    if (highestUsd >= 1e4) return { 1e3, QCoreApplication::translate("ui::ChartStyle", "Cost (k$)") };
    return { 1, QCoreApplication::translate("ui::ChartStyle", "Cost ($)") };
}

QString moneyLabel(double usd)
{
    const QLocale locale;
    const QString dollar = QStringLiteral("$");
    if (!(usd > 0)) return dollar + locale.toString(0);
    if (usd < 0.005) return QStringLiteral("< ") + dollar + locale.toString(0.01, 'f', 2);
    auto significant = [&](double v) {
        // Three significant digits, as fixed decimals: 0.611 → "0.61" (cents), 22.64 → "22.6", 230.4 → "230".
        const int decimals = v < 10 ? 2 : v < 100 ? 1 : 0;
        return locale.toString(v, 'f', decimals);
    };
    if (usd < 1e4) return dollar + (usd < 1000 ? significant(usd) : locale.toString(usd, 'f', 0));
    // The SI prefixes of the axis title (k$, M$), the same in every language.
    if (usd < 1e7) return dollar + significant(usd / 1e3) + QLatin1Char('k');
    return dollar + significant(usd / 1e6) + QLatin1Char('M');
}

} // namespace ui
