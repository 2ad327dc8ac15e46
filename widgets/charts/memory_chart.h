#pragma once
// Per-GPU memory as a stacked bar per pipeline stage, with the GPU's capacity as a line.
// The only place (with its siblings in widgets/charts/) that includes Qt Charts.

#include "core/estimate/estimate.h"
#include "widgets/text/format.h"

#include <QChartView>
#include <QList>
#include <QStringList>

#include <functional>

class QBarSet;
class QGraphicsSimpleTextItem;
class QBarCategoryAxis;
class QLineSeries;
class QStackedBarSeries;
class QValueAxis;

namespace ui {

class MemoryChart : public QChartView {
    Q_OBJECT
public:
    /// The stacked terms, bottom to top, in the order of the bar sets.
    enum Term { Weights, Gradients, MasterWeights, OptimizerStates, Activations, Buffers, Overhead, TermCount };

    explicit MemoryChart(QWidget* parent = nullptr);

    void setEstimate(const core::Estimate& estimate);

    /// Displayed value (in the current unit) of one term on one stage; for tests and export.
    [[nodiscard]] double value(Term term, int stage) const;
    [[nodiscard]] double capacityValue() const;
    [[nodiscard]] int stageCount() const;
    [[nodiscard]] static double termBytes(const core::MemoryBreakdown& m, Term term);
    /// The values written on the parts at the chart's current size; a part too thin for its value, or
    /// whose value the capacity line would cross, has none (not even an invisible one in an SVG).
    [[nodiscard]] QList<QGraphicsSimpleTextItem*> valueLabels() const;

    /// Supplies the rich-text explanation of an estimate key for tooltips (see ScenarioDocument).
    void setExplainer(std::function<QString(const QString& key)> explainer) { m_explain = std::move(explainer); }

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    /// The legend's entries on one line or two, or beside the plot, as the width allows
    /// (fitBottomLegend): never cut to "Master wei…".
    void fitLegend();
    void refresh();
    void showTooltip(bool hovering, int index, QBarSet* set);
    /// Writes a part's value where the part is tall enough for its label at the plot's current size
    /// (on screen, on a slide, in the report), clear of the capacity line.
    void fitLabels();

    core::Estimate m_estimate;
    std::function<QString(const QString&)> m_explain;
    QStackedBarSeries* m_series = nullptr;
    QList<QBarSet*> m_sets;
    QStringList m_entryNames; ///< the legend's entries on one line each, the capacity line last
    QList<QGraphicsSimpleTextItem*> m_labels; ///< pooled, TermCount per stage
    QLineSeries* m_capacity = nullptr;
    QBarCategoryAxis* m_axisX = nullptr;
    QValueAxis* m_axisY = nullptr;
};

} // namespace ui
