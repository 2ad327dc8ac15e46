#include "widgets/dialogs/calibration_dialog.h"

#include "widgets/io/safe_save.h"
#include "widgets/main_view.h"
#include "widgets/session/scenario_session.h"
#include "widgets/text/format.h"
#include "widgets/text/problem_text.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QVBoxLayout>

namespace ui {

namespace {
constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;
}

CalibrationDialog::CalibrationDialog(ScenarioSession* session, QWidget* parent)
    : QDialog(parent)
    , m_session(session)
{
    setWindowTitle(tr("Calibrate to a Measured Run"));
    auto* intro = new QLabel(
        tr("Enter what you measured for the configuration on screen (same model, parallelism, batch and "
           "GPU). TrainPlanner fits the matmul efficiency to the step time and the allocator fragmentation "
           "to the peak memory; everything else keeps its value."),
        this);
    intro->setWordWrap(true);
    const core::Estimate& e = session->results().estimate;
    m_useStep = new QCheckBox(tr("Step time (s):"), this);
    m_step = new QDoubleSpinBox(this);
    m_step->setRange(0.0001, 1e6);
    m_step->setDecimals(4);
    m_step->setValue(e.compute.stepTimeS);
    m_useMemory = new QCheckBox(tr("Peak memory per GPU (GiB):"), this);
    m_memory = new QDoubleSpinBox(this);
    m_memory->setRange(0.01, 1e5);
    m_memory->setDecimals(2);
    m_memory->setValue(e.memory.total() / kGiB);
    m_useStep->setChecked(true);
    m_useMemory->setChecked(true);
    auto* form = new QFormLayout;
    form->addRow(m_useStep, m_step);
    form->addRow(m_useMemory, m_memory);
    m_result_label = new QLabel(this);
    m_result_label->setObjectName(QStringLiteral("calibrationResult"));
    m_result_label->setWordWrap(true);
    m_result_label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    m_apply = buttons->addButton(tr("&Apply to Scenario"), QDialogButtonBox::ActionRole);
    m_save = buttons->addButton(tr("&Save Hardware Profile…"), QDialogButtonBox::ActionRole);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_apply, &QPushButton::clicked, this, &CalibrationDialog::apply);
    connect(m_save, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Save hardware profile"),
            QStringLiteral("my-cluster.tphardware.json"), tr("TrainPlanner hardware profiles (*.tphardware.json)"));
        if (path.isEmpty()) return;
        const QString error = saveProfile(path, QFileInfo(path).completeBaseName());
        if (!error.isEmpty()) QMessageBox::warning(this, tr("Could not save the profile"), error);
    });
    for (QCheckBox* box : { m_useStep, m_useMemory })
        connect(box, &QCheckBox::toggled, this, &CalibrationDialog::fit);
    for (QDoubleSpinBox* box : { m_step, m_memory })
        connect(box, &QDoubleSpinBox::valueChanged, this, &CalibrationDialog::fit);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(m_result_label, 1);
    layout->addWidget(buttons);
    resize(sizeOnScreen(QSize(620, 420), parentWidget()));
    fit();
}

void CalibrationDialog::setMeasured(std::optional<double> stepTimeS, std::optional<double> peakMemoryGib)
{
    m_useStep->setChecked(stepTimeS.has_value());
    if (stepTimeS) m_step->setValue(*stepTimeS);
    m_useMemory->setChecked(peakMemoryGib.has_value());
    if (peakMemoryGib) m_memory->setValue(*peakMemoryGib);
    fit();
}

void CalibrationDialog::fit()
{
    m_step->setEnabled(m_useStep->isChecked());
    m_memory->setEnabled(m_useMemory->isChecked());
    m_measured = {};
    if (m_useStep->isChecked()) m_measured.stepTimeS = m_step->value();
    if (m_useMemory->isChecked()) m_measured.peakMemoryBytes = m_memory->value() * kGiB;
    m_result = m_session->calibrate(m_measured);
    m_result_label->setText(resultText());
    m_apply->setEnabled(m_measured.stepTimeS || m_measured.peakMemoryBytes);
}

QString CalibrationDialog::resultText() const
{
    const QLocale locale;
    const auto& s = m_session->scenario();
    const auto& r = m_result;
    QString text = QStringLiteral("<table cellspacing=6><tr><th></th><th>%1</th><th>%2</th></tr>")
                       .arg(tr("before"), tr("fitted"));
    text += QStringLiteral("<tr><td>%1</td><td>%2</td><td><b>%3</b></td></tr>")
                .arg(tr("Matmul efficiency"), locale.toString(s.efficiency.compute, 'f', 3),
                    locale.toString(r.calibrated.efficiency.compute, 'f', 3));
    text += QStringLiteral("<tr><td>%1</td><td>%2</td><td><b>%3</b></td></tr>")
                .arg(tr("Fragmentation"), locale.toString(s.overhead.fragmentation, 'f', 3),
                    locale.toString(r.calibrated.overhead.fragmentation, 'f', 3));
    text
        += QStringLiteral("<tr><td>%1</td><td>%2 s</td><td>%3 s</td></tr>")
               .arg(tr("Estimated step time"), formatSignificant(r.stepBeforeS, 4), formatSignificant(r.stepAfterS, 4));
    text += QStringLiteral("<tr><td>%1</td><td>%2</td><td>%3</td></tr></table>")
                .arg(tr("Estimated peak memory"), formatBytes(r.memoryBefore), formatBytes(r.memoryAfter));
    // A figure no run of this scenario can show is not fitted: said first.
    if (r.refused)
        text += QStringLiteral("<p style='color:#D55E00'>⚠ %1</p>")
                    .arg(tr("Not fitted: %1").arg(ProblemText::of(*r.refused).toHtmlEscaped()));
    // The reasons a fit stopped at a bound, in the interface language (core gives them in English).
    if (!r.stepNote.empty())
        text += QStringLiteral("<p>⚠ %1</p>")
                    .arg(r.calibrated.efficiency.compute >= 1.0
                            ? tr("Even at efficiency 1.0 the estimate is slower than measured: communication or "
                                 "overlap settings are "
                                 "too pessimistic.")
                            : tr("Even at efficiency 0.01 the estimate is faster than measured."));
    if (!r.memoryNote.empty())
        text += QStringLiteral("<p>⚠ %1</p>")
                    .arg(r.calibrated.overhead.fragmentation <= 0.0
                            ? tr("The measurement is below the estimate even without fragmentation: activations or "
                                 "buffers are "
                                 "overestimated (check recomputation and the loss bytes per logit).")
                            : tr("The measurement exceeds the estimate by more than fragmentation can explain."));
    return text;
}

void CalibrationDialog::apply()
{
    const double compute = m_result.calibrated.efficiency.compute,
                 fragmentation = m_result.calibrated.overhead.fragmentation;
    const bool step = m_measured.stepTimeS.has_value(), memory = m_measured.peakMemoryBytes.has_value();
    m_session->document()->edit(tr("Calibrate to measured run"), [=](core::Scenario& s) {
        if (step) s.efficiency.compute = compute;
        if (memory) s.overhead.fragmentation = fragmentation;
    });
    fit();
}

QString CalibrationDialog::saveProfile(const QString& path, const QString& name)
{
    return saveBytes(path,
        QByteArray::fromStdString(core::hardwareProfileJson(m_result.calibrated, name.toStdString(), m_measured)));
}

} // namespace ui
