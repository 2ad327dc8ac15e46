#pragma once
// The anatomy of one training step: compute, pipeline bubble, optimizer and the exposed
// communication of each group — and, on a second bar, all communication including what hides.

#include "core/estimate/estimate.h"
#include "core/scenario/dimensions.h"

#include <QChartView>
#include <QList>

#include <functional>

class QBarCategoryAxis;
class QBarSet;
class QHorizontalStackedBarSeries;
class QValueAxis;

namespace ui {

class TimeChart : public QChartView {
    Q_OBJECT
public:
    /// The step's parts: compute as its GEMMs, the attention kernel and the memory-bound kernels, then
    /// the pipeline bubble, the optimizer step, offload transfers and, from FirstGroup on, each parallel
    /// dimension's communication in core::dimensions()' order.
    enum Part {
        Gemm,
        Attention,
        MemoryBound,
        HostStall,
        Bubble,
        Optimizer,
        Offload,
        FirstGroup,
        PartCount = FirstGroup + int(core::kDimensionCount)
    };
    enum Row { StepRow, CommunicationRow };

    explicit TimeChart(QWidget* parent = nullptr);
    void setEstimate(const core::Estimate& estimate);

    /// Seconds of one part on one row, as core computed them (for tests and export).
    [[nodiscard]] static double seconds(const core::Estimate& e, Part part, Row row);
    /// Displayed value (in the chart's current unit) and the unit's scale (1 = s, 1e-3 = ms).
    [[nodiscard]] double value(Part part, Row row) const;
    [[nodiscard]] double unitSeconds() const { return m_unitSeconds; }

    /// Supplies the rich-text explanation of an estimate key for tooltips (see ScenarioDocument).
    void setExplainer(std::function<QString(const QString& key)> explainer) { m_explain = std::move(explainer); }

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void refresh();
    /// Entries of several words on two lines where one row of the legend would not fit the chart's
    /// width (Qt Charts would cut them all: "TP communica…"), on one line where it does, and the
    /// legend beside the plot where not even two lines fit below it.
    void fitLegend();
    void showTooltip(bool hovering, int index, QBarSet* set);

    core::Estimate m_estimate;
    std::function<QString(const QString&)> m_explain;
    double m_unitSeconds = 1;
    QHorizontalStackedBarSeries* m_series = nullptr;
    QList<QBarSet*> m_sets;
    QStringList m_partNames; ///< the legend's entries on one line each
    QBarCategoryAxis* m_axisY = nullptr;
    QValueAxis* m_axisX = nullptr;
};

} // namespace ui
