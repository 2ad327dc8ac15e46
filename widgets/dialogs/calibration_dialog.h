#pragma once
// Tools → Calibrate to a Measured Run: enter the step time and/or peak memory measured
// for the current configuration; TrainPlanner fits the matmul efficiency and the fragmentation,
// shows the estimate before and after, applies them (undoable) and saves a hardware profile.

#include "core/fidelity/calibration.h"

#include <QDialog>

class QCheckBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;

namespace ui {

class ScenarioSession;

class CalibrationDialog : public QDialog {
    Q_OBJECT
public:
    explicit CalibrationDialog(ScenarioSession* session, QWidget* parent = nullptr);

    void setMeasured(std::optional<double> stepTimeS, std::optional<double> peakMemoryGib);
    [[nodiscard]] const core::Calibration& result() const { return m_result; }
    [[nodiscard]] QString resultText() const;
    /// Applies the fitted values to the scenario as one undoable edit.
    void apply();
    /// Writes the hardware profile; empty string on success, else the reason.
    [[nodiscard]] QString saveProfile(const QString& path, const QString& name);

private:
    void fit();

    ScenarioSession* m_session;
    core::Calibration m_result;
    core::MeasuredRun m_measured;
    QCheckBox* m_useStep = nullptr;
    QCheckBox* m_useMemory = nullptr;
    QDoubleSpinBox* m_step = nullptr;
    QDoubleSpinBox* m_memory = nullptr;
    QLabel* m_result_label = nullptr;
    QPushButton* m_apply = nullptr;
    QPushButton* m_save = nullptr;
};

} // namespace ui
