#pragma once
// The number-format lab (source article §3.2): repeat a small update in every format, see which
// formats stall, compare their ranges and spacing, and read why fp32 master weights fix it.

#include <QWidget>

class QDoubleSpinBox;
class QLabel;
class QSpinBox;
class QTableWidget;
class QTabWidget;

namespace ui {

class LossScaleLab;
class PrecisionChart;

class PrecisionLab : public QWidget {
    Q_OBJECT
public:
    explicit PrecisionLab(QWidget* parent = nullptr);
    void run();
    [[nodiscard]] PrecisionChart* chart() const { return m_chart; }
    [[nodiscard]] QTableWidget* results() const { return m_results; }
    [[nodiscard]] LossScaleLab* lossScale() const { return m_lossScale; }
    /// The two experiments: rounding (0) and loss scaling (1).
    [[nodiscard]] QTabWidget* experiments() const { return m_experiments; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();

    QDoubleSpinBox* m_start;
    QDoubleSpinBox* m_update;
    QSpinBox* m_steps;
    QLabel* m_startLabel;
    QLabel* m_updateLabel;
    QLabel* m_stepsLabel;
    PrecisionChart* m_chart;
    QTableWidget* m_results;
    QTableWidget* m_formats;
    QLabel* m_explanation;
    QTabWidget* m_experiments;
    LossScaleLab* m_lossScale;
};

} // namespace ui
