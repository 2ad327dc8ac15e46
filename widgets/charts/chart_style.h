#pragma once
// What every chart of TrainPlanner shares: a plain chart without animation (live updates must not
// lag the slider), line series of one width, and round axis ranges.

#include "widgets/style/axis_ticks.h"

#include <QColor>
#include <QPointer>
#include <QString>
#include <QStringList>

#include <functional>
#include <utility>
#include <vector>

class QChart;
class QFont;
class QLegend;
class QLogValueAxis;
class QValueAxis;
class QChartView;
class QLineSeries;

namespace ui {

/// Antialiased drawing, and a repaint of the bounding rectangle of what changed. Qt's default
/// (the exact dirty region) hands the painter a clip of many rectangles, and the raster engine
/// draws an antialiased line through such a clip about ten times slower (53 µs against 5 µs per
/// grid line, measured on this machine): a third of a scaling-page tick was its grid.
/// The view's chart takes the interface's colours (theme::darkInterface()) before each paint, and again
/// when the palette changes at run time.
void prepareChartView(QChartView* view);
/// Colours `chart` for a light or a dark surface (theme::surface()): its background, title, legend, the
/// axes' labels, titles, lines and grid, and the near-black ink of lines, marker rings and values drawn
/// beside bars (values drawn on a bar keep the colour chosen for that bar). Sets only what differs.
void applyChartColours(QChart* chart, bool dark);
/// Whether applyChartColours() last made `chart` dark.
[[nodiscard]] bool chartIsDark(const QChart* chart);

/// Makes a chart light while it lives, then gives it its colours back: exports, slides and the report
/// are drawn light whatever the screen's palette (paper, projectors).
class LightChart {
public:
    explicit LightChart(QChart* chart);
    ~LightChart();
    LightChart(const LightChart&) = delete;
    LightChart& operator=(const LightChart&) = delete;

private:
    QPointer<QChart> m_chart;
    bool m_wasDark = false;
};
/// A chart with no animation, the legend below, small margins and a title larger than any other text
/// of the chart (bold, 1.3 × the labels' size): the title says what the chart shows, on a slide too.
[[nodiscard]] QChart* newChart();
/// `text` as a legend entry no wider than `width` points in `font`: its words on as many lines as
/// they need (rich text, "Master weights<br>(FP32)"), so that a legend beside a narrow plot, which
/// Qt Charts keeps to 40 % of the chart's width, does not cut "Master weights (FP…". A text without
/// spaces (Chinese) or already narrow enough is returned as it is.
[[nodiscard]] QString wrappedLegendText(const QString& text, const QFont& font, double width);
/// The width one row of `legend`'s visible entries takes: each entry's widest line (a wrapped entry
/// counts by its longest line) and its marker. Wider than the chart, Qt Charts cuts every entry.
[[nodiscard]] double legendRowWidth(const QLegend* legend);
/// Fits a legend that sits below the plot to the chart's width: every entry on one line, the
/// entries of several words on two ("TP" over "communication") where one row of them would be cut
/// ("TP communica…"), or, where not even that fits, a column beside the plot. `texts` are the
/// entries' one-line texts, `visible` which of them are shown (empty: all); `show(i, text)` gives
/// entry i its text and says whether it changed.
void fitBottomLegend(QChart* chart, const QStringList& texts, const std::vector<bool>& visible,
    const std::function<bool(int, const QString&)>& show);
/// The width an entry's text may take in a legend beside the plot: Qt Charts gives that legend at
/// most 40 % of the chart's width, its markers and padding included.
[[nodiscard]] double sideLegendTextWidth(const QChart* chart);
/// Wraps the names of `chart`'s series onto more lines where its legend beside the plot (Qt Charts
/// gives it at most 40 % of the chart's width) would cut them ("bf16 truncated (the article's
/// snippet) (shares i…"). A name set since the last call counts as the entry's one-line text. Call it
/// after setting names; it follows the chart's size from the first call on.
void fitSideLegend(QChart* chart);
/// A 2.5 px line of `color` added to `chart`, with points when `points`.
QLineSeries* addLine(QChart* chart, const QColor& color, bool points = true, Qt::PenStyle style = Qt::SolidLine);
/// Sets the title only when it changes: Qt Charts lays the whole chart out again on every
/// setTitle, a fifth of a slider tick (bench_gui). The title is wrapped onto more lines wherever
/// the chart is drawn narrower than it (wrappedLegendText), never cut.
void setChartTitle(QChart* chart, const QString& title);
/// Ticks a value axis at the multiples of a round step (1, 2, 2.5 or 5 × 10^k, at most `most` steps
/// over the range) and labels them in plain decimals, as many as the step needs: "0, 10 … 50", never
/// "13" for 12.5, two equal labels, or "1.5e+03". Call after setting the range.
void setPlainLabels(QValueAxis* axis, int most = 6);
/// Labels a log axis' decades in plain decimals: "0.001", "1", "1000000", never "1e-05".
void setPlainLabels(QLogValueAxis* axis);
/// The round step of setPlainLabels(): the least of 1, 2, 2.5, 5 × 10^k that divides `range` into at
/// most `most` steps.
[[nodiscard]] double roundStep(double range, int most = 6);
/// Decimals that print every multiple of `step` exactly (2.5: one, 50: none), at most nine.
[[nodiscard]] int decimalsOf(double step);

/// The unit a money axis counts in: dollars for a small budget (a $23 run reads "$22.6", not
/// "0.0226 thousand"), thousands from $10,000 and millions from $10,000,000.
struct MoneyUnit {
    double divisor = 1; ///< USD per axis unit: 1, 1000 or 10^6
    QString axisTitle; ///< "Cost ($)", "Cost (k$)", "Cost (M$)", short enough beside a narrow chart
};
[[nodiscard]] MoneyUnit moneyUnit(double highestUsd);
/// A bar's amount: "$22.6", "$0.61", "< $0.01", "$230k", "$1.2M" — never an exponent.
[[nodiscard]] QString moneyLabel(double usd);

} // namespace ui
