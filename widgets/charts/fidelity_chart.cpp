#include "widgets/charts/fidelity_chart.h"

#include "widgets/charts/chart_export.h"
#include "widgets/charts/chart_style.h"
#include "widgets/style/palette.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QHorizontalBarSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace ui {

FidelityChart::FidelityChart(const std::vector<Slice>& slices, QWidget* parent)
    : QChartView(parent)
{
    // With hundreds of runs a bar per run would be unreadable: a slice per source and per regime.
    auto* chart = newChart();
    m_meanError = new QBarSet(QString(), chart);
    m_meanError->setColor(palette::kBlue);
    m_meanAbsError = new QBarSet(QString(), chart);
    m_meanAbsError->setColor(palette::kOrange);
    double extent = 5;
    for (auto it = slices.rbegin(); it != slices.rend(); ++it) { // horizontal bars run bottom-up
        m_meanError->append(it->meanError * 100);
        m_meanAbsError->append(it->meanAbsError * 100);
        extent = std::max({ extent, std::abs(it->meanError) * 100, it->meanAbsError * 100 });
    }
    auto* series = new QHorizontalBarSeries(chart);
    series->append(m_meanError);
    series->append(m_meanAbsError);
    series->setBarWidth(0.8);
    chart->addSeries(series);
    m_categories = new QBarCategoryAxis(chart);
    m_categories->setTruncateLabels(false);
    QFont small = m_categories->labelsFont();
    small.setPointSizeF(std::max(6.5, small.pointSizeF() * 0.8));
    m_categories->setLabelsFont(small);
    auto* axisX = new QValueAxis(chart);
    // Ticks every 5, 10, 20 or 50 %: at most about a dozen labels whatever the largest error.
    double step = 5;
    while (extent / step > 6)
        step *= step == 5 || step == 20 ? 2 : 2.5;
    const double limit = std::ceil(extent / step) * step;
    axisX->setRange(-limit, limit);
    axisX->setTickCount(int(2 * limit / step) + 1);
    axisX->setLabelFormat(QStringLiteral("%+.0f"));
    chart->addAxis(m_categories, Qt::AlignLeft);
    chart->addAxis(axisX, Qt::AlignBottom);
    series->attachAxis(m_categories);
    series->attachAxis(axisX);
    setChart(chart);
    prepareChartView(this);
    setMinimumHeight(std::max(420, 20 * int(slices.size()) + 120)); // room for every slice's label
    installChartActions(this);
}

void FidelityChart::setTexts(const QString& title, const QString& axisTitle, const QString& meanErrorLabel,
    const QString& meanAbsErrorLabel, const QStringList& categories)
{
    m_meanError->setLabel(meanErrorLabel);
    m_meanAbsError->setLabel(meanAbsErrorLabel);
    QStringList bottomUp;
    for (auto it = categories.rbegin(); it != categories.rend(); ++it)
        bottomUp << *it;
    m_categories->setCategories(bottomUp);
    setChartTitle(chart(), title);
    if (auto* axis = chart()->axes(Qt::Horizontal).value(0)) axis->setTitleText(axisTitle);
}

} // namespace ui
