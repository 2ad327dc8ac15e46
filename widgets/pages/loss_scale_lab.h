#pragma once
// Loss scaling in the number-format lab (source article §3.2: gradient scaling and dynamic
// precision). Set the gradients' median and spread and the loss scale S: the chart slides the scaled
// distribution across each format's range, the table gives the exact fractions flushed to zero and
// overflowing, a dynamic loss scaler runs on the same gradients, and fp8's per-tensor and block
// scaling are compared on them (core/model/loss_scaling.h).

#include "core/model/loss_scaling.h"

#include <QWidget>

class QDoubleSpinBox;
class QLabel;
class QSlider;
class QTableWidget;

namespace ui {

class LossScaleChart;

class LossScaleLab : public QWidget {
    Q_OBJECT
public:
    explicit LossScaleLab(QWidget* parent = nullptr);

    void setGradients(double median, double sigmaDecades);
    [[nodiscard]] LossScaleChart* chart() const { return m_chart; }
    [[nodiscard]] QTableWidget* fractions() const { return m_fractions; }
    [[nodiscard]] QTableWidget* fp8() const { return m_fp8; }
    [[nodiscard]] QString scalerText() const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    /// The fractions and the chart: on every move of S.
    void update();
    /// The scaler run and the fp8 comparison: when the gradients change.
    void updateGradients();

    QDoubleSpinBox* m_median;
    QDoubleSpinBox* m_sigma;
    QSlider* m_scale;
    QLabel* m_medianLabel;
    QLabel* m_sigmaLabel;
    QLabel* m_scaleLabel;
    QLabel* m_scaleValue;
    LossScaleChart* m_chart;
    QTableWidget* m_fractions;
    QTableWidget* m_fp8;
    QLabel* m_scaler;
    QLabel* m_explanation;
    core::ScalerRun m_run;
    core::ScalerOptions m_options;
    std::vector<core::Fp8SchemeError> m_fp8Errors;
};

} // namespace ui
