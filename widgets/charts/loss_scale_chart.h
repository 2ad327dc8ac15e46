#pragma once
// The loss-scaling lab's picture: the scaled gradients' distribution (density of log10 |g|·S) under
// each format's representable range — a thick bar from the smallest normal to the largest finite value,
// a thin one over the subnormals — so that moving S slides the curve across fp16's narrow window.

#include "core/model/loss_scaling.h"

#include <QChartView>
#include <QList>

class QAreaSeries;
class QGraphicsSimpleTextItem;
class QLineSeries;
class QValueAxis;

namespace ui {

class LossScaleChart : public QChartView {
    Q_OBJECT
public:
    explicit LossScaleChart(QWidget* parent = nullptr);
    /// `ranges`: each format's (lossScaleFractions), in the order fp16, bf16, fp8 e4m3, fp8 e5m2.
    void setDistribution(
        const core::GradientDistribution& gradients, double scale, const std::vector<core::FormatFractions>& ranges);
    [[nodiscard]] QLineSeries* density() const { return m_density; }
    /// Per format (fp16, bf16, fp8 e4m3, fp8 e5m2): its normal range's bar.
    [[nodiscard]] const QList<QLineSeries*>& ranges() const { return m_normal; }
    /// Per format, its name written above the left end of its range (a slide's reader need not
    /// match colours with the legend).
    [[nodiscard]] const QList<QGraphicsSimpleTextItem*>& rangeLabels() const { return m_rangeLabels; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void placeRangeLabels();

    core::GradientDistribution m_gradients;
    double m_scale = 1;
    QLineSeries* m_density;
    QAreaSeries* m_area;
    QList<QLineSeries*> m_normal, m_subnormal;
    QList<QGraphicsSimpleTextItem*> m_rangeLabels;
    QValueAxis* m_axisX;
    QValueAxis* m_axisY;
};

} // namespace ui
