#pragma once
// What the run costs, line by line (the source article §6.5): GPUs, energy, checkpoint storage,
// inter-node network and the team, as horizontal bars with their amounts.

#include "core/estimate/estimate.h"

#include <QChartView>

class QBarCategoryAxis;
class QGraphicsSimpleTextItem;
class QBarSet;
class QHorizontalBarSeries;
class QValueAxis;

namespace ui {

class CostBreakdownChart : public QChartView {
    Q_OBJECT
public:
    explicit CostBreakdownChart(QWidget* parent = nullptr);
    void setEstimate(const core::Estimate& estimate);

    /// Bar values in the unit on the axis (see unitDivisor()), in the order GPUs, energy, storage,
    /// network, team.
    [[nodiscard]] QBarSet* bars() const { return m_set; }
    [[nodiscard]] double unitDivisor() const { return m_divisor; }
    /// The amount written at the end of bar `line` (0 = GPUs … 4 = team): "$22.6", "< $0.01".
    [[nodiscard]] QString amountText(int line) const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void showTotals();
    /// Writes each bar's amount at its end, at the plot's current size (screen, slide, report).
    void placeAmounts();

    QHorizontalBarSeries* m_series = nullptr;
    QBarSet* m_set = nullptr;
    QBarCategoryAxis* m_axisY = nullptr;
    QValueAxis* m_axisX = nullptr;
    QList<QGraphicsSimpleTextItem*> m_amounts; ///< one per line, GPUs first
    double m_lines[5] = {};
    double m_divisor = 1e3;
    double m_total = 0;
};

} // namespace ui
