#pragma once
// The inputs on the left: model (preset or size slider), parallelism and hardware. Every control
// edits the scenario through the document and follows it back (undo, file open).

#include "scenario.h"

#include <QWidget>

#include <cstdint>

class QComboBox;
class QLabel;
class QSlider;
class QSpinBox;
class QGroupBox;

namespace ui {

class ScenarioDocument;

class InputPanel : public QWidget {
    Q_OBJECT
public:
    explicit InputPanel(ScenarioDocument* document, QWidget* parent = nullptr);

    /// The model-size slider's scale: log-uniform from 100 M to 2 T parameters, rounded to three
    /// significant digits so the values read well.
    static constexpr int kSliderSteps = 1000;
    [[nodiscard]] static std::int64_t sliderToParams(int position);
    [[nodiscard]] static int paramsToSlider(double params);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void showScenario(const core::Scenario& s);

    ScenarioDocument* m_doc;
    QGroupBox* m_modelBox;
    QGroupBox* m_parallelBox;
    QGroupBox* m_hardwareBox;
    QLabel* m_presetLabel;
    QComboBox* m_preset;
    QLabel* m_sizeLabel;
    QSlider* m_size;
    QLabel* m_sizeValue;
    QLabel* m_shape;
    QLabel* m_zeroLabel;
    QComboBox* m_zero;
    QLabel* m_dpLabel;
    QSpinBox* m_dp;
    QLabel* m_gpuLabel;
    QComboBox* m_gpu;
};

} // namespace ui
