#pragma once
// The number-format lab's trajectories: w after each update, one line per format and rounding.

#include "core/model/number_format.h"

#include <QChartView>
#include <QColor>
#include <QList>

class QLineSeries;
class QValueAxis;

namespace ui {

class PrecisionChart : public QChartView {
    Q_OBJECT
public:
    explicit PrecisionChart(QWidget* parent = nullptr);
    void setRuns(const std::vector<core::AccumulationRun>& runs);
    [[nodiscard]] const QList<QLineSeries*>& lines() const { return m_lines; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    /// Dashes each run that coincides with others in turns, so all stay visible, and says so.
    void showOverlaps();

    std::vector<core::AccumulationRun> m_runs;
    QList<QLineSeries*> m_lines;
    QList<QColor> m_colors; ///< each line's colour
    QValueAxis* m_axisX;
    QValueAxis* m_axisY;
};

/// "bf16, round to nearest", "bf16, truncated", … (translated).
[[nodiscard]] QString runName(const core::AccumulationRun& run);

} // namespace ui
