#pragma once
// Scenarios side by side: one stacked bar per scenario, for memory per GPU (by term, with each
// scenario's GPU capacity across its bar) or for the anatomy of a step (compute, bubble, optimizer,
// exposed communication). The title names every scenario ("Memory per GPU: A: 13B · 8×A100 40GB, B: …"),
// and each bar carries its letter and short name wherever they fit, its letter alone where they do not
// (a narrow chart on screen): at every size it is drawn, on screen, on a slide, in an export.

#include "core/estimate/estimate.h"

#include <QChartView>
#include <QList>
#include <QStringList>

class QBarCategoryAxis;
class QBarSet;
class QLineSeries;
class QStackedBarSeries;
class QTimer;
class QValueAxis;

namespace ui {

class ComparisonChart : public QChartView {
    Q_OBJECT
public:
    enum Kind { Memory, StepTime };
    static constexpr int kMaxBars = 4;
    /// Between the parts of a short name ("13B · 8×A100 40GB"); a bar's label puts each on a line.
    [[nodiscard]] static QString nameSeparator() { return QStringLiteral(" · "); }

    explicit ComparisonChart(Kind kind, QWidget* parent = nullptr);
    /// One bar per estimate, named by `names` (short names, "13B · 8×A100 40GB"), lettered A, B, …
    void setEstimates(const QStringList& names, const std::vector<core::Estimate>& estimates);
    /// Displayed value of part `part` for scenario `index` (GiB or seconds).
    [[nodiscard]] double value(int part, int index) const;
    /// Scenario `index`'s GPU memory drawn across its bar, in the display unit (memory chart; else 0).
    [[nodiscard]] double capacity(int index) const;
    /// The label of bar `index` where there is room: its letter and name, a line per part of the name.
    [[nodiscard]] QStringList barLines(int index) const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    [[nodiscard]] QStringList letters() const;
    [[nodiscard]] QStringList barLabels() const;
    /// The title naming every scenario, on as many lines as `width` points need.
    [[nodiscard]] QString titleText(double width) const;
    /// Names on the bars where every one fits the plot's current width, letters otherwise, and the
    /// title wrapped to the chart's width; laid out again at once when `relayoutNow` (the chart is
    /// about to be drawn at a new size).
    void fitNames(bool relayoutNow);

    Kind m_kind;
    QStringList m_names;
    QStringList m_partNames; ///< the legend's entries, before wrapping to the legend's width
    QStackedBarSeries* m_series;
    QList<QBarSet*> m_sets;
    QList<QLineSeries*> m_capacities;
    QBarCategoryAxis* m_axisX;
    QValueAxis* m_axisY;
    QTimer* m_refit;
};

} // namespace ui
