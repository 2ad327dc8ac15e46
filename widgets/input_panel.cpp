#include "input_panel.h"

#include "architecture.h"
#include "format.h"
#include "presets.h"
#include "scenario_document.h"

#include <QComboBox>
#include <QEvent>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>
#include <QVBoxLayout>

#include <cmath>

namespace ui {

namespace {
constexpr double kMinParams = 1e8;
constexpr double kMaxParams = 2e12;
} // namespace

std::int64_t InputPanel::sliderToParams(int position)
{
    const double raw = kMinParams * std::pow(kMaxParams / kMinParams, double(position) / kSliderSteps);
    const double unit = std::pow(10.0, std::floor(std::log10(raw)) - 2);  // three significant digits
    return static_cast<std::int64_t>(std::llround(std::round(raw / unit) * unit));
}

int InputPanel::paramsToSlider(double params)
{
    const double x = std::log(std::clamp(params, kMinParams, kMaxParams) / kMinParams) / std::log(kMaxParams / kMinParams);
    return static_cast<int>(std::lround(x * kSliderSteps));
}

InputPanel::InputPanel(ScenarioDocument* document, QWidget* parent) : QWidget(parent), m_doc(document)
{
    m_modelBox = new QGroupBox(this);
    m_preset = new QComboBox(m_modelBox);
    m_preset->setObjectName(QStringLiteral("modelPreset"));
    m_presetLabel = new QLabel(m_modelBox);
    m_presetLabel->setBuddy(m_preset);
    m_size = new QSlider(Qt::Horizontal, m_modelBox);
    m_size->setObjectName(QStringLiteral("modelSize"));
    m_size->setRange(0, kSliderSteps);
    m_size->setPageStep(kSliderSteps / 20);
    m_sizeLabel = new QLabel(m_modelBox);
    m_sizeLabel->setBuddy(m_size);
    m_sizeValue = new QLabel(m_modelBox);
    m_sizeValue->setObjectName(QStringLiteral("modelSizeValue"));
    m_sizeValue->setMinimumWidth(m_sizeValue->fontMetrics().horizontalAdvance(QStringLiteral("000.00 B")));
    m_shape = new QLabel(m_modelBox);
    m_shape->setWordWrap(true);
    m_shape->setObjectName(QStringLiteral("modelShape"));
    auto* sizeRow = new QHBoxLayout;
    sizeRow->addWidget(m_size, 1);
    sizeRow->addWidget(m_sizeValue);
    auto* modelForm = new QFormLayout(m_modelBox);
    modelForm->addRow(m_presetLabel, m_preset);
    modelForm->addRow(m_sizeLabel, sizeRow);
    modelForm->addRow(m_shape);

    m_parallelBox = new QGroupBox(this);
    m_zero = new QComboBox(m_parallelBox);
    m_zero->setObjectName(QStringLiteral("zeroStage"));
    m_zeroLabel = new QLabel(m_parallelBox);
    m_zeroLabel->setBuddy(m_zero);
    m_dp = new QSpinBox(m_parallelBox);
    m_dp->setObjectName(QStringLiteral("dataParallel"));
    m_dp->setRange(1, 1'000'000);
    m_dp->setAccelerated(true);
    m_dpLabel = new QLabel(m_parallelBox);
    m_dpLabel->setBuddy(m_dp);
    auto* parallelForm = new QFormLayout(m_parallelBox);
    parallelForm->addRow(m_zeroLabel, m_zero);
    parallelForm->addRow(m_dpLabel, m_dp);

    m_hardwareBox = new QGroupBox(this);
    m_gpu = new QComboBox(m_hardwareBox);
    m_gpu->setObjectName(QStringLiteral("gpuPreset"));
    for (const auto& g : core::gpuPresets()) m_gpu->addItem(QString::fromStdString(g.spec.name), QString::fromStdString(g.name));
    m_gpuLabel = new QLabel(m_hardwareBox);
    m_gpuLabel->setBuddy(m_gpu);
    auto* hardwareForm = new QFormLayout(m_hardwareBox);
    hardwareForm->addRow(m_gpuLabel, m_gpu);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_modelBox);
    layout->addWidget(m_parallelBox);
    layout->addWidget(m_hardwareBox);
    layout->addStretch(1);

    connect(m_size, &QSlider::valueChanged, this, [this](int position) {
        const auto params = sliderToParams(position);
        m_doc->edit(tr("Change model size"), [params](core::Scenario& s) { s.model = core::bareSizeModel(params); },
                    ScenarioDocument::ModelSize);
    });
    connect(m_preset, &QComboBox::activated, this, [this](int index) {
        const QString name = m_preset->itemData(index).toString();
        const core::ModelPreset* p = core::findModelPreset(name.toStdString());
        if (!p) return;  // the "custom" entry: the slider sets the size
        m_doc->edit(tr("Choose model %1").arg(m_preset->itemText(index)), [p](core::Scenario& s) { s.model = core::presetModel(*p); });
    });
    connect(m_zero, &QComboBox::activated, this, [this](int stage) {
        m_doc->edit(tr("Change ZeRO stage"), [stage](core::Scenario& s) { s.parallel.zero = stage; });
    });
    connect(m_dp, &QSpinBox::valueChanged, this, [this](int dp) {
        m_doc->edit(tr("Change data parallelism"), [dp](core::Scenario& s) { s.parallel.dp = dp; }, ScenarioDocument::DataParallel);
    });
    connect(m_gpu, &QComboBox::activated, this, [this](int index) {
        const core::GpuPreset* g = core::findGpuPreset(m_gpu->itemData(index).toString().toStdString());
        if (!g) return;
        m_doc->edit(tr("Choose GPU %1").arg(m_gpu->itemText(index)),
                    [g](core::Scenario& s) { s.hardware = core::presetHardware(*g, s.hardware.gpusPerNode); });
    });
    connect(m_doc, &ScenarioDocument::scenarioChanged, this, &InputPanel::showScenario);
    retranslate();
}

void InputPanel::retranslate()
{
    m_modelBox->setTitle(tr("Model"));
    m_presetLabel->setText(tr("&Preset:"));
    m_sizeLabel->setText(tr("&Size:"));
    m_size->setToolTip(tr("Model size, 100 M to 2 T parameters (log scale). A bare size uses the standard "
                          "Llama-style shape: head width 128, about 128 hidden units per layer, SwiGLU."));
    m_parallelBox->setTitle(tr("Parallelism"));
    m_zeroLabel->setText(tr("&ZeRO stage:"));
    m_dpLabel->setText(tr("&Data parallel (DP):"));
    m_dp->setToolTip(tr("Number of model replicas; each GPU of a replica sees a different slice of the batch."));
    m_hardwareBox->setTitle(tr("Hardware"));
    m_gpuLabel->setText(tr("&GPU:"));

    const QSignalBlocker blockZero(m_zero);
    m_zero->clear();
    m_zero->addItem(tr("0 — no sharding"));
    m_zero->addItem(tr("1 — shard optimizer states"));
    m_zero->addItem(tr("2 — also gradients"));
    m_zero->addItem(tr("3 — also weights (FSDP)"));

    const QSignalBlocker blockPreset(m_preset);
    m_preset->clear();
    m_preset->addItem(tr("Custom size (standard shape)"), QString());
    for (const auto& p : core::modelPresets()) m_preset->addItem(QString::fromStdString(p.label), QString::fromStdString(p.name));
    showScenario(m_doc->scenario());
}

void InputPanel::showScenario(const core::Scenario& s)
{
    const QSignalBlocker b1(m_preset), b2(m_size), b3(m_zero), b4(m_dp), b5(m_gpu);
    const double params = double(m_doc->estimate().params.total);
    const int presetIndex = m_preset->findData(QString::fromStdString(s.model.preset));
    m_preset->setCurrentIndex(std::max(0, presetIndex));
    m_size->setValue(paramsToSlider(params));
    m_sizeValue->setText(formatCount(params));
    const auto& a = s.model.arch;
    m_shape->setText(tr("%1 layers, hidden %2, %3 heads (%4 KV), FFN %5, vocabulary %6")
                         .arg(a.layers)
                         .arg(a.hidden)
                         .arg(a.heads)
                         .arg(a.kvHeads)
                         .arg(a.isMoe() ? a.moeFfnHidden : a.ffnHidden)
                         .arg(a.vocab));
    m_zero->setCurrentIndex(s.parallel.zero);
    m_dp->setValue(s.parallel.dp);
    const int gpuIndex = m_gpu->findData(QString::fromStdString(s.hardware.preset));
    if (gpuIndex >= 0) m_gpu->setCurrentIndex(gpuIndex);
}

void InputPanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) retranslate();
    QWidget::changeEvent(event);
}

} // namespace ui
