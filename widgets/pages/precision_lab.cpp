#include "widgets/pages/precision_lab.h"

#include "core/model/number_format.h"
#include "widgets/charts/precision_chart.h"
#include "widgets/pages/loss_scale_lab.h"
#include "widgets/text/format.h"

#include <QDoubleSpinBox>
#include <QEvent>
#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>

namespace ui {

PrecisionLab::PrecisionLab(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("precisionLab"));
    m_start = new QDoubleSpinBox(this);
    m_start->setObjectName(QStringLiteral("labStart"));
    m_start->setRange(-1e6, 1e6);
    m_start->setDecimals(4);
    m_start->setValue(1.0);
    m_update = new QDoubleSpinBox(this);
    m_update->setObjectName(QStringLiteral("labUpdate"));
    m_update->setRange(-1e3, 1e3);
    m_update->setDecimals(7);
    m_update->setSingleStep(1e-4);
    m_update->setValue(1e-4);
    m_steps = new QSpinBox(this);
    m_steps->setObjectName(QStringLiteral("labSteps"));
    m_steps->setRange(1, 1'000'000);
    m_steps->setValue(10'000);
    m_startLabel = new QLabel(this);
    m_updateLabel = new QLabel(this);
    m_stepsLabel = new QLabel(this);
    for (auto* box : { static_cast<QAbstractSpinBox*>(m_start), static_cast<QAbstractSpinBox*>(m_update),
             static_cast<QAbstractSpinBox*>(m_steps) })
        box->setKeyboardTracking(false);

    m_chart = new PrecisionChart(this);
    m_results = new QTableWidget(this);
    m_results->setObjectName(QStringLiteral("labResults"));
    m_results->setColumnCount(3);
    m_results->verticalHeader()->hide();
    m_results->horizontalHeader()->setStretchLastSection(true);
    m_formats = new QTableWidget(this);
    m_formats->setObjectName(QStringLiteral("labFormats"));
    m_formats->setColumnCount(6);
    m_formats->verticalHeader()->hide();
    m_formats->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_explanation = new QLabel(this);
    m_explanation->setWordWrap(true);
    m_explanation->setTextFormat(Qt::RichText);

    auto* inputs = new QGridLayout;
    inputs->addWidget(m_startLabel, 0, 0);
    inputs->addWidget(m_start, 0, 1);
    inputs->addWidget(m_updateLabel, 0, 2);
    inputs->addWidget(m_update, 0, 3);
    inputs->addWidget(m_stepsLabel, 0, 4);
    inputs->addWidget(m_steps, 0, 5);
    auto* bottom = new QSplitter(Qt::Horizontal, this);
    bottom->addWidget(m_results);
    bottom->addWidget(m_formats);
    auto* vertical = new QSplitter(Qt::Vertical, this);
    vertical->addWidget(m_chart);
    vertical->addWidget(bottom);
    vertical->setStretchFactor(0, 3);
    vertical->setStretchFactor(1, 2);
    // Two experiments: rounding (why fp32 master weights) and loss scaling (why fp16 needs it).
    auto* rounding = new QWidget(this);
    auto* roundingLayout = new QVBoxLayout(rounding);
    roundingLayout->addLayout(inputs);
    roundingLayout->addWidget(vertical, 1);
    roundingLayout->addWidget(m_explanation);
    m_lossScale = new LossScaleLab(this);
    m_experiments = new QTabWidget(this);
    m_experiments->setObjectName(QStringLiteral("labExperiments"));
    m_experiments->addTab(rounding, QString());
    m_experiments->addTab(m_lossScale, QString());
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_experiments);

    for (auto* box : { m_start, m_update })
        connect(box, &QDoubleSpinBox::valueChanged, this, &PrecisionLab::run);
    connect(m_steps, &QSpinBox::valueChanged, this, &PrecisionLab::run);
    retranslate();
}

void PrecisionLab::run()
{
    const auto runs = core::precisionLab(m_start->value(), m_update->value(), m_steps->value());
    m_chart->setRuns(runs);
    const double exact = m_start->value() + m_steps->value() * m_update->value();
    const QLocale locale;
    m_results->setRowCount(int(runs.size()));
    for (int i = 0; i < int(runs.size()); ++i) {
        const auto& r = runs[std::size_t(i)];
        m_results->setItem(i, 0, new QTableWidgetItem(runName(r)));
        // fp16 overflows past 65,504 and inf − inf is NaN: said in words, not as "-nan%".
        // Seven significant digits, what fp32 holds: 2.000166, not 2.0001657009124756.
        QString final = QString::number(r.final, 'g', 7), error;
        if (std::isnan(r.final))
            final = tr("undefined (NaN)");
        else if (std::isinf(r.final))
            final = r.final > 0 ? tr("overflow (+∞)") : tr("overflow (−∞)");
        const double relative = (r.final - exact) / exact * 100;
        if (exact == 0 && r.final == 0)
            //: no error: the result is exact
            error = tr("none");
        else if (!std::isfinite(relative))
            error = tr("unbounded");
        else
            error = withPercentSign(locale.toString(relative, 'f', 2));
        m_results->setItem(i, 1, new QTableWidgetItem(final));
        m_results->setItem(i, 2, new QTableWidgetItem(error));
    }
    m_results->resizeColumnsToContents();
}

void PrecisionLab::retranslate()
{
    m_experiments->setTabText(0, tr("Rounding and master weights"));
    m_experiments->setTabText(1, tr("Loss scaling"));
    m_startLabel->setText(tr("Start w:"));
    m_updateLabel->setText(tr("Update u:"));
    m_stepsLabel->setText(tr("Steps:"));
    m_results->setHorizontalHeaderLabels({ tr("Format and rounding"), tr("Final w"), tr("Error vs exact") });
    m_formats->setHorizontalHeaderLabels({ tr("Format"), tr("Exponent / fraction bits"), tr("Largest"),
        tr("Smallest normal"), tr("Spacing at 1"), tr("Smallest kept u/w") });
    const auto& infos = core::formatInfos();
    m_formats->setRowCount(int(infos.size()));
    for (int i = 0; i < int(infos.size()); ++i) {
        const auto& f = infos[std::size_t(i)];
        const QStringList cells { QString::fromStdString(f.name),
            QStringLiteral("%1 / %2").arg(f.exponentBits).arg(f.mantissaBits), QString::number(f.maxFinite, 'g', 6),
            QString::number(f.minNormal, 'g', 4), QString::number(f.spacingAtOne, 'g', 4),
            QString::number(f.smallestKeptRatio, 'g', 4) };
        for (int c = 0; c < cells.size(); ++c)
            m_formats->setItem(i, c, new QTableWidgetItem(cells[c]));
    }
    m_explanation->setText(
        tr("<b>Why fp32 master weights?</b> Near 1.0, bf16 numbers are 2<sup>-7</sup> = 0.0078 apart, so an update "
           "smaller "
           "than half of that (0.0039) rounds away and the weight never moves. Mixed precision applies each update to "
           "an fp32 "
           "copy (spacing 1.2·10<sup>-7</sup>), which keeps it, and re-rounds the bf16 working weights from that copy. "
           "Stochastic rounding and Kahan compensation are the alternatives when no fp32 copy fits."));
    run();
}

void PrecisionLab::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) retranslate();
    QWidget::changeEvent(event);
}

} // namespace ui
