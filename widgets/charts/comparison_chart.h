#pragma once
// Scenarios side by side: one stacked bar per scenario, for memory per GPU (by term) or for the
// anatomy of a step (compute, bubble, optimizer, exposed communication).

#include "core/estimate.h"

#include <QChartView>
#include <QList>
#include <QStringList>

class QBarCategoryAxis;
class QBarSet;
class QStackedBarSeries;
class QValueAxis;

namespace ui {

class ComparisonChart : public QChartView {
    Q_OBJECT
public:
    enum Kind { Memory, StepTime };

    explicit ComparisonChart(Kind kind, QWidget* parent = nullptr);
    /// `names` label the bars on screen (A, B, …); `longNames` replace them when the chart is
    /// exported or presented at full size (chart_export.h, kExportCategories).
    void setEstimates(
        const QStringList& names, const std::vector<core::Estimate>& estimates, const QStringList& longNames = {});
    /// Displayed value of part `part` for scenario `index` (GiB or seconds).
    [[nodiscard]] double value(int part, int index) const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();

    Kind m_kind;
    QStackedBarSeries* m_series;
    QList<QBarSet*> m_sets;
    QBarCategoryAxis* m_axisX;
    QValueAxis* m_axisY;
};

} // namespace ui
