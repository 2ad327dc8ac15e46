// Every numeric axis of every chart, on screen, on the slides and in an export, reads right: its tick
// labels are printed as Qt Charts places them (value axes at fixed or dynamic ticks, log axes at the
// powers of their base); each says exactly the value it stands at (not "13" for 12.5), no two are
// alike ("0 0 0 0" on a cost axis in thousands), and none is an exponent ("1.2e-07").
#include "app/main_window.h"
#include "core/scenario/scenario_io.h"
#include "tests/widgets/example_scenario.h"
#include "tests/widgets/settle.h"
#include "widgets/charts/chart_export.h"
#include "widgets/charts/cost_breakdown_chart.h"
#include "widgets/charts/cost_chart.h"
#include "widgets/main_view.h"
#include "widgets/pages/comparison_view.h"
#include "widgets/presentation_view.h"
#include "widgets/session/scenario_session.h"

#include <QChart>
#include <QChartView>
#include <QLogValueAxis>
#include <QPointer>
#include <QRegularExpression>
#include <QValueAxis>
#include <catch2/catch.hpp>

#include <cmath>

using namespace ui;
using ui::test::example;

namespace {

/// A tick label as Qt Charts prints it: the axis' printf format applied to the value. The label must
/// also say the value it stands at: "13" for 12.5 is no label of 12.5.
QString printed(const QString& format, double value)
{
    QString label;
    if (format.isEmpty())
        label = QString::number(value);
    else if (format.contains(QLatin1Char('d')) || format.contains(QLatin1Char('i')))
        label = QString::asprintf(format.toLatin1().constData(), int(value));
    else
        label = QString::asprintf(format.toLatin1().constData(), value);
    bool number = false;
    const double read = label.toDouble(&number);
    INFO("tick at " << value << " printed " << label.toStdString());
    CHECK(number);
    CHECK(std::abs(read - value) <= 1e-9 * std::max(1.0, std::abs(value)));
    return label;
}

/// The labels of a value axis: at min + i × range / (count − 1) for fixed ticks, at the multiples of the
/// interval from the anchor for dynamic ones (Qt's ChartValueAxisX/Y layouts).
QStringList valueTicks(const QValueAxis* axis)
{
    QStringList out;
    const double lo = axis->min(), hi = axis->max();
    if (axis->tickType() == QValueAxis::TicksDynamic) {
        const double step = axis->tickInterval(), anchor = axis->tickAnchor();
        REQUIRE(step > 0);
        double v = anchor + std::ceil((lo - anchor) / step - 1e-9) * step;
        for (int n = 0; v <= hi + step * 1e-9 && n < 1000; ++n, v += step)
            out << printed(axis->labelFormat(), v);
    } else {
        const int count = axis->tickCount();
        for (int i = 0; i < count; ++i)
            out << printed(axis->labelFormat(), lo + i * (hi - lo) / (count - 1));
    }
    return out;
}

/// The labels of a log axis: at each power of its base within the range.
QStringList logTicks(const QLogValueAxis* axis)
{
    QStringList out;
    const double base = axis->base();
    const double first = std::ceil(std::log(axis->min()) / std::log(base) - 1e-9);
    const double last = std::floor(std::log(axis->max()) / std::log(base) + 1e-9);
    for (double k = first; k <= last; ++k)
        out << printed(axis->labelFormat(), std::pow(base, k));
    return out;
}

/// Checks every value and log axis of `chart` (`where` names it in a failure).
void checkAxes(QChart* chart, const std::string& where)
{
    static const QRegularExpression exponent(QStringLiteral("\\d[eE][-+]?\\d"));
    for (QAbstractAxis* axis : chart->axes()) {
        if (!axis->isVisible() || !axis->labelsVisible()) continue; // a density's unitless height
        INFO(where << " — " << chart->title().toStdString() << " — axis " << axis->titleText().toStdString());
        QStringList labels;
        if (auto* v = qobject_cast<QValueAxis*>(axis))
            labels = valueTicks(v);
        else if (auto* l = qobject_cast<QLogValueAxis*>(axis))
            labels = logTicks(l);
        else
            continue;
        INFO("labels: " << labels.join(QStringLiteral(" | ")).toStdString());
        CHECK(labels.size() >= 2);
        CHECK(labels.removeDuplicates() == 0);
        for (const QString& label : labels)
            CHECK_FALSE(label.contains(exponent));
    }
}

} // namespace

TEST_CASE("every axis of every page and slide has distinct tick labels and no exponent", "[widgets][charts][axes]")
{
    // A $25 LoRA run on one GPU, the default 7B pre-training and a 70B model that does not fit.
    const std::vector<core::Scenario> scenarios = { example("lora-7b-rtx4090.tpscenario.json"), core::defaultScenario(),
        example("llama-3-70b-does-not-fit.tpscenario.json") };
    for (const core::Scenario& scenario : scenarios) {
        ScenarioSession session(scenario);
        MainWindow window(&session);
        window.resize(1366, 768);
        MainView* view = window.mainView();
        // The comparison charts too: this scenario beside the others.
        for (const core::Scenario& other : scenarios)
            view->viewOn<ui::ComparisonView>("compare")->add(other);
        test::settle();
        const std::string name = scenario.name;
        // On screen: every page shown in turn at a laptop's size.
        window.show();
        for (const QString& page : MainView::pageIds()) {
            view->showPage(page);
            test::settle();
        }
        for (QChartView* chart : view->findChildren<QChartView*>())
            if (chartHasData(chart->chart()))
                checkAxes(chart->chart(), name + " on screen, " + chart->objectName().toStdString());
        // Exported at the file size, and on each slide.
        for (const auto& figure : view->figures())
            if (figure.chart) {
                const QImage image = renderChart(figure.chart, figure.size, 1.0);
                CHECK_FALSE(image.isNull());
                checkAxes(figure.chart, name + " exported, " + figure.file.toStdString());
            }
        QPointer<PresentationView> slides = window.createPresentation();
        REQUIRE(slides);
        const QList<QChart*> charts = view->presentableCharts();
        for (int i = 1; i < slides->slideCount(); ++i) {
            CHECK_FALSE(slides->renderSlide(i, QSize(1280, 720)).isNull());
            checkAxes(charts[i - 1], name + " on slide " + std::to_string(i + 1));
        }
        slides->close();
        window.hide();
    }
}

TEST_CASE("a small budget is counted in dollars, to the cent, and a large one in thousands", "[widgets][charts][cost]")
{
    // The LoRA example costs about $25: its amounts are dollars, never "0.0226" thousand or 1.2e-07.
    ScenarioSession small(example("lora-7b-rtx4090.tpscenario.json"));
    MainView w(&small);
    test::settle();
    const auto& t = small.results().estimate.training;
    REQUIRE(t.totalCostUsd < 1000);
    const CostBreakdownChart* breakdown = w.viewOn<ui::CostBreakdownChart>("scaling");
    CHECK(breakdown->unitDivisor() == 1);
    CHECK(breakdown->chart()->axes(Qt::Horizontal).first()->titleText() == QStringLiteral("Cost ($)"));
    REQUIRE(t.gpuCostUsd >= 10);
    REQUIRE(t.gpuCostUsd < 100);
    CHECK(breakdown->amountText(0) == QStringLiteral("$") + QString::number(t.gpuCostUsd, 'f', 1));
    REQUIRE(t.energyCostUsd < 1);
    REQUIRE(t.energyCostUsd >= 0.01);
    CHECK(breakdown->amountText(1) == QStringLiteral("$") + QString::number(t.energyCostUsd, 'f', 2));
    REQUIRE(t.storageCostUsd < 0.005);
    CHECK(breakdown->amountText(2) == QStringLiteral("< $0.01"));
    const QAbstractAxis* costAxis = w.viewOn<ui::CostChart>("scaling")->chart()->axes(Qt::Vertical).last();
    CHECK(costAxis->alignment() == Qt::AlignRight);
    CHECK(costAxis->titleText() == QStringLiteral("Cost ($)"));

    // The default 7B pre-training costs about $250,000: thousands, "$230k" at the bar.
    ScenarioSession large(core::defaultScenario());
    MainView big(&large);
    test::settle();
    const auto& l = large.results().estimate.training;
    REQUIRE(l.gpuCostUsd > 1e5);
    REQUIRE(l.gpuCostUsd < 1e6);
    CHECK(big.viewOn<ui::CostBreakdownChart>("scaling")->unitDivisor() == 1000);
    CHECK(big.viewOn<ui::CostBreakdownChart>("scaling")->amountText(0)
        == QStringLiteral("$%1k").arg(std::round(l.gpuCostUsd / 1e3)));
    CHECK(big.viewOn<ui::CostChart>("scaling")->chart()->axes(Qt::Vertical).last()->titleText()
        == QStringLiteral("Cost (k$)"));
}
