#include "widgets/pages/sensitivity_page.h"

#include "widgets/session/scenario_session.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QSpinBox>
#include <QVBoxLayout>

#include <cmath>

namespace ui {

SensitivityPage::SensitivityPage(ScenarioSession* session, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
{
    setObjectName(QStringLiteral("sensitivityPage"));
    m_intro = new QLabel(this);
    m_intro->setWordWrap(true);
    m_metricLabel = new QLabel(this);
    m_metricBox = new QComboBox(this);
    m_metricBox->addItems({ QString(), QString(), QString() });
    m_percentLabel = new QLabel(this);
    m_percent = new QSpinBox(this);
    m_percent->setRange(5, 90);
    m_percent->setSingleStep(5);
    m_percent->setValue(20);
    m_percent->setSuffix(QStringLiteral(" %"));
    m_percent->setPrefix(QStringLiteral("± "));
    m_metricBox->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_metricLabel->setBuddy(m_metricBox);
    m_percentLabel->setBuddy(m_percent);

    m_chart = new SensitivityChart(this);

    auto* controls = new QHBoxLayout;
    controls->addWidget(m_metricLabel);
    controls->addWidget(m_metricBox);
    controls->addSpacing(16);
    controls->addWidget(m_percentLabel);
    controls->addWidget(m_percent);
    controls->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_intro);
    layout->addLayout(controls);
    layout->addWidget(m_chart, 1);

    connect(m_metricBox, &QComboBox::currentIndexChanged, this, [this](int i) { setMetric(Metric(i)); });
    connect(m_percent, &QSpinBox::valueChanged, this, [this](int v) { setFraction(v / 100.0); });
    connect(session, &ScenarioSession::resultsChanged, this, [this] {
        if (isVisible()) request();
    });
    connect(session, &ScenarioSession::sensitivityReady, this,
        [this](std::uint64_t revision, const core::Sensitivity& result) {
            // A result for an older scenario is dropped: the newer one is on its way.
            if (revision == m_session->revision()) showResult(revision, result.fraction, result);
        });
    refresh();
}

void SensitivityPage::setMetric(Metric metric)
{
    m_metric = metric;
    if (m_metricBox->currentIndex() != int(metric)) m_metricBox->setCurrentIndex(int(metric));
    refresh();
}

void SensitivityPage::setFraction(double fraction)
{
    if (m_percent->value() != int(std::lround(fraction * 100))) m_percent->setValue(int(std::lround(fraction * 100)));
    if (isVisible()) request();
}

bool SensitivityPage::isCurrent() const
{
    return m_revision == m_session->revision() && m_fraction == m_percent->value() / 100.0;
}

void SensitivityPage::request()
{
    if (!isCurrent()) m_session->requestSensitivity(m_percent->value() / 100.0);
}

void SensitivityPage::ensureCurrent()
{
    if (isCurrent()) return;
    const double fraction = m_percent->value() / 100.0;
    showResult(m_session->revision(), fraction, m_session->sensitivityNow(fraction));
}

void SensitivityPage::showResult(std::uint64_t revision, double fraction, const core::Sensitivity& result)
{
    m_revision = revision;
    m_fraction = fraction;
    m_result = result;
    refresh();
}

void SensitivityPage::showEvent(QShowEvent* event)
{
    request();
    QWidget::showEvent(event);
}

void SensitivityPage::refresh()
{
    m_metricLabel->setText(tr("&Outcome:"));
    m_metricBox->setItemText(0, tr("Step time"));
    m_metricBox->setItemText(1, tr("Memory per GPU"));
    m_metricBox->setItemText(2, tr("Total cost"));
    m_percentLabel->setText(tr("&Moves by:"));
    m_chart->setResult(m_result, m_metric, m_metricBox->currentText(), m_percent->value());
    m_intro->setText(
        tr("Each default that is not a datasheet fact moves down and up by the same fraction, one at a time; the "
           "bars show how far the outcome moves. The longest bars are the assumptions worth measuring on your "
           "own cluster (Help › How Accurate Is This?)."));
}

void SensitivityPage::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) refresh();
    QWidget::changeEvent(event);
}

} // namespace ui
