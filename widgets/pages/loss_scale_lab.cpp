#include "widgets/pages/loss_scale_lab.h"

#include "widgets/charts/loss_scale_chart.h"
#include "widgets/text/format.h"

#include <QDoubleSpinBox>
#include <QEvent>
#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QSlider>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace ui {

namespace {

QString formatName(core::NumberFormat f)
{
    switch (f) {
    case core::NumberFormat::fp8_e4m3:
        return QStringLiteral("fp8 e4m3");
    case core::NumberFormat::fp8_e5m2:
        return QStringLiteral("fp8 e5m2");
    default:
        return QString::fromStdString(core::toString(f));
    }
}

QString percent(double fraction)
{
    // Plain decimals, small fractions with their two significant digits (0.0012 %), the smallest said
    // as a bound rather than in exponent notation.
    const QLocale locale;
    const double p = fraction * 100;
    if (p == 0) return withPercentSign(QStringLiteral("0"));
    if (p < 1e-6) return QStringLiteral("< ") + withPercentSign(locale.toString(1e-6, 'f', 6));
    const int decimals = p >= 0.01 ? 2 : std::min(8, 1 - int(std::floor(std::log10(p))));
    return withPercentSign(locale.toString(p, 'f', decimals));
}

QString power(double scale)
{
    const int e = int(std::lround(std::log2(scale)));
    return std::ldexp(1.0, e) == scale ? QStringLiteral("2^%1").arg(e) : QLocale().toString(scale, 'g', 4);
}

} // namespace

LossScaleLab::LossScaleLab(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("lossScaleLab"));
    m_median = new QDoubleSpinBox(this);
    m_median->setObjectName(QStringLiteral("lossMedian"));
    m_median->setRange(-12, 2);
    m_median->setDecimals(1);
    m_median->setSingleStep(0.5);
    m_median->setValue(-6);
    m_median->setPrefix(QStringLiteral("10^"));
    m_sigma = new QDoubleSpinBox(this);
    m_sigma->setObjectName(QStringLiteral("lossSigma"));
    m_sigma->setRange(0.1, 4);
    m_sigma->setDecimals(2);
    m_sigma->setSingleStep(0.1);
    m_sigma->setValue(1.0);
    for (auto* box : { m_median, m_sigma })
        box->setKeyboardTracking(false);
    m_scale = new QSlider(Qt::Horizontal, this);
    m_scale->setObjectName(QStringLiteral("lossScale"));
    m_scale->setRange(0, 40);
    m_scale->setValue(16);
    m_scale->setTickPosition(QSlider::TicksBelow);
    m_scale->setTickInterval(8);
    m_medianLabel = new QLabel(this);
    m_sigmaLabel = new QLabel(this);
    m_scaleLabel = new QLabel(this);
    m_scaleValue = new QLabel(this);
    m_scaleValue->setMinimumWidth(160);
    m_medianLabel->setBuddy(m_median);
    m_sigmaLabel->setBuddy(m_sigma);
    m_scaleLabel->setBuddy(m_scale);

    m_chart = new LossScaleChart(this);
    m_fractions = new QTableWidget(this);
    m_fractions->setObjectName(QStringLiteral("lossFractions"));
    m_fractions->setColumnCount(5);
    m_fractions->setRowCount(4);
    m_fractions->verticalHeader()->hide();
    m_fractions->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_fractions->setMinimumWidth(520);
    m_fp8 = new QTableWidget(this);
    m_fp8->setObjectName(QStringLiteral("lossFp8"));
    m_fp8->setColumnCount(4);
    m_fp8->verticalHeader()->hide();
    m_fp8->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_scaler = new QLabel(this);
    m_scaler->setObjectName(QStringLiteral("lossScaler"));
    m_scaler->setWordWrap(true);
    m_explanation = new QLabel(this);
    m_explanation->setWordWrap(true);
    m_explanation->setTextFormat(Qt::RichText);

    auto* inputs = new QGridLayout;
    inputs->addWidget(m_medianLabel, 0, 0);
    inputs->addWidget(m_median, 0, 1);
    inputs->addWidget(m_sigmaLabel, 0, 2);
    inputs->addWidget(m_sigma, 0, 3);
    inputs->addWidget(m_scaleLabel, 1, 0);
    inputs->addWidget(m_scale, 1, 1, 1, 3);
    inputs->addWidget(m_scaleValue, 1, 4);
    inputs->setColumnStretch(3, 1);
    auto* tables = new QSplitter(Qt::Horizontal, this);
    tables->addWidget(m_fractions);
    tables->addWidget(m_fp8);
    auto* vertical = new QSplitter(Qt::Vertical, this);
    vertical->addWidget(m_chart);
    vertical->addWidget(tables);
    vertical->setStretchFactor(0, 3);
    vertical->setStretchFactor(1, 2);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(inputs);
    layout->addWidget(vertical, 1);
    layout->addWidget(m_scaler);
    layout->addWidget(m_explanation);

    connect(m_scale, &QSlider::valueChanged, this, &LossScaleLab::update);
    for (auto* box : { m_median, m_sigma })
        connect(box, &QDoubleSpinBox::valueChanged, this, &LossScaleLab::updateGradients);
    retranslate(); // computes the first results
}

void LossScaleLab::setGradients(double median, double sigmaDecades)
{
    const QSignalBlocker blockMedian(m_median), blockSigma(m_sigma);
    m_median->setValue(std::log10(median));
    m_sigma->setValue(sigmaDecades);
    updateGradients();
}

void LossScaleLab::updateGradients()
{
    const core::GradientDistribution g { std::pow(10.0, m_median->value()), m_sigma->value() };
    m_run = core::simulateScaler(g, m_options);
    m_fp8Errors = core::fp8ScalingErrors(g);
    m_fp8->setRowCount(int(m_fp8Errors.size()));
    for (int i = 0; i < int(m_fp8Errors.size()); ++i) {
        const auto& e = m_fp8Errors[std::size_t(i)];
        QString scheme;
        if (e.scheme == "per_tensor_delayed")
            scheme = tr("Per tensor, delayed");
        else if (e.scheme == "block_1x128")
            scheme = tr("1 × 128 blocks");
        else
            scheme = tr("MX, 32-value blocks");
        const QStringList cells { scheme, formatName(e.format), percent(e.relativeRmsError), percent(e.zeroFraction) };
        for (int c = 0; c < cells.size(); ++c)
            m_fp8->setItem(i, c, new QTableWidgetItem(cells[c]));
    }
    m_scaler->setText(scalerText());
    update();
}

QString LossScaleLab::scalerText() const
{
    const QLocale locale;
    return tr("Dynamic loss scaler (PyTorch GradScaler's rule: start 2^16, halve on overflow, double after %1 clean "
              "steps), %2 steps with %3 gradient values each. Steps skipped: %4; final scale %5, at which %6 of the "
              "gradients are flushed to zero.")
        .arg(locale.toString(m_options.growthInterval), locale.toString(qlonglong(m_options.steps)),
            locale.toString(qlonglong(std::llround(m_options.elements))),
            locale.toString(qlonglong(m_run.skippedSteps)), power(m_run.finalScale), percent(m_run.underflowFraction));
}

void LossScaleLab::update()
{
    const double scale = std::ldexp(1.0, m_scale->value());
    m_scaleValue->setText(QStringLiteral("S = 2^%1 = %2").arg(m_scale->value()).arg(QLocale().toString(scale, 'g', 6)));
    const core::GradientDistribution g { std::pow(10.0, m_median->value()), m_sigma->value() };
    const auto fractions = core::lossScaleFractions(g, scale);
    m_chart->setDistribution(g, scale, fractions);
    for (int i = 0; i < int(fractions.size()); ++i) {
        const auto& f = fractions[std::size_t(i)];
        const QStringList cells { formatName(f.format), percent(f.underflowFraction), percent(f.subnormalFraction),
            percent(f.overflowFraction), power(std::exp2(std::round(std::log2(f.centringScale)))) };
        for (int c = 0; c < cells.size(); ++c)
            m_fractions->setItem(i, c, new QTableWidgetItem(cells[c]));
    }
}

void LossScaleLab::retranslate()
{
    m_medianLabel->setText(tr("Median |gradient|:"));
    m_sigmaLabel->setText(tr("Spread (decades):"));
    m_scaleLabel->setText(tr("Loss scale:"));
    m_median->setToolTip(tr("The median magnitude of the gradients, as a power of ten"));
    m_sigma->setToolTip(tr("The standard deviation of log10 |gradient|: gradients are modelled as log-normal"));
    m_scale->setToolTip(tr("The loss is multiplied by S before the backward pass, and the gradients divided by S "
                           "before the optimizer step"));
    m_fractions->setHorizontalHeaderLabels(
        { tr("Format"), tr("Flushed to zero"), tr("Subnormal (fewer bits)"), tr("Overflow"), tr("Centring scale") });
    m_fp8->setHorizontalHeaderLabels({ tr("fp8 scaling"), tr("Format"), tr("Relative RMS error"),
        //: column: the share of values that become zero in the format
        tr("Zero") });
    m_explanation->setText(
        tr("<b>Why loss scaling?</b> fp16 keeps 5 exponent bits: nothing below 2<sup>-24</sup> survives, and "
           "gradients are often smaller. Multiplying the loss by S shifts every gradient up by S, into the range; "
           "too large an S overflows past 65,504 and the step is skipped. bf16 has fp32's 8 exponent bits and needs no "
           "scaling; fp8's range is narrower still, which is why it is scaled per tensor or per block (Micikevicius "
           "et al. 2018; DeepSeek-V3 §3.3)."));
    m_scaler->setText(scalerText());
    updateGradients();
}

void LossScaleLab::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) retranslate();
    QWidget::changeEvent(event);
}

} // namespace ui
