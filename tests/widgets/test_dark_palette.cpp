// On a dark palette the charts, the verdict banner and the painted views are dark with light text, at
// least 4.5:1 (WCAG 2.1, 1.4.3) against their background, from the moment the palette changes; what is
// exported (chart files, slides' pictures, painted views' pictures) stays light for paper and projectors.
#include "core/scenario/presets.h"
#include "core/scenario/scenario_edit.h"
#include "core/scenario/scenario_io.h"
#include "tests/widgets/settle.h"
#include "widgets/charts/chart_export.h"
#include "widgets/charts/chart_style.h"
#include "widgets/charts/memory_chart.h"
#include "widgets/main_view.h"
#include "widgets/painted/timeline_view.h"
#include "widgets/session/scenario_session.h"
#include "widgets/style/palette.h"
#include "widgets/style/theme.h"
#include "widgets/verdict_banner.h"

#include <QAbstractAxis>
#include <QAbstractBarSeries>
#include <QApplication>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QGraphicsSimpleTextItem>
#include <QImage>
#include <QLabel>
#include <QLegend>
#include <QPalette>
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

using namespace ui;

namespace {

/// WCAG 2.1 relative luminance of an sRGB colour, 0 (black) to 1 (white).
double luminance(const QColor& c)
{
    auto linear = [](double channel) {
        return channel <= 0.04045 ? channel / 12.92 : std::pow((channel + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * linear(c.redF()) + 0.7152 * linear(c.greenF()) + 0.0722 * linear(c.blueF());
}

/// WCAG 2.1 contrast ratio, 1 to 21.
double contrast(const QColor& a, const QColor& b)
{
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

/// The median luminance of a picture: the colour of most of its surface.
double surfaceLuminance(const QImage& image)
{
    std::vector<double> values;
    for (int y = 0; y < image.height(); y += 7)
        for (int x = 0; x < image.width(); x += 7)
            values.push_back(luminance(image.pixelColor(x, y)));
    REQUIRE_FALSE(values.empty());
    std::nth_element(values.begin(), values.begin() + std::ptrdiff_t(values.size() / 2), values.end());
    return values[values.size() / 2];
}

/// Sets the application's palette while it lives, then puts back the one before.
class AppPalette {
public:
    explicit AppPalette(const QPalette& palette)
        : m_before(QApplication::palette())
    {
        QApplication::setPalette(palette);
        test::settle();
    }
    ~AppPalette()
    {
        QApplication::setPalette(m_before);
        test::settle();
    }
    AppPalette(const AppPalette&) = delete;
    AppPalette& operator=(const AppPalette&) = delete;

private:
    QPalette m_before;
};

/// Every text colour a chart draws itself with: title, legend, axes' labels and titles.
std::vector<QColor> chartTextColours(const QChart* chart)
{
    std::vector<QColor> out { chart->titleBrush().color(), chart->legend()->labelColor() };
    for (const QAbstractAxis* axis : chart->axes()) {
        if (axis->labelsVisible()) out.push_back(axis->labelsColor());
        if (axis->isTitleVisible() && !axis->titleText().isEmpty()) out.push_back(axis->titleBrush().color());
    }
    return out;
}

std::vector<QColor> valueLabelColours(const MemoryChart* chart)
{
    std::vector<QColor> out;
    for (const QGraphicsSimpleTextItem* label : chart->valueLabels())
        out.push_back(label->brush().color());
    return out;
}

} // namespace

TEST_CASE("on a dark palette the charts are dark with light text while their exports stay light",
    "[widgets][charts][palette]")
{
    ScenarioSession session(core::defaultScenario());
    MainView w(&session);
    w.resize(1366, 768);
    test::settle();
    MemoryChart* memory = w.viewOn<ui::MemoryChart>("memory");
    REQUIRE(memory);
    // Light to begin with: the test's own start, not a palette left by another test.
    CHECK(surfaceLuminance(memory->grab().toImage()) > 0.8);
    const std::vector<QColor> lightLabels = valueLabelColours(memory);
    CHECK_FALSE(lightLabels.empty());

    {
        const AppPalette dark(ui::theme::darkPalette());
        const QList<QChartView*> views = w.findChildren<QChartView*>();
        REQUIRE(views.size() >= 8);
        for (QChartView* view : views) {
            INFO(view->objectName().toStdString());
            const QImage shown = view->grab().toImage(); // paints the view as the screen would
            CHECK(surfaceLuminance(shown) < 0.1);
            const QColor background = view->chart()->backgroundBrush().color();
            CHECK(luminance(background) < 0.1);
            for (const QColor& text : chartTextColours(view->chart())) {
                INFO(text.name().toStdString() << " on " << background.name().toStdString());
                CHECK(contrast(text, background) >= 4.5);
            }
        }
        // A value drawn on a bar keeps the colour chosen against its bar's colour.
        CHECK(valueLabelColours(memory) == lightLabels);
        // Bars and lines have 3:1 against the dark surface (WCAG 2.1, 1.4.11): Okabe & Ito's blue
        // (2.85:1) gives way to a lighter one on screen, and comes back in exports.
        const auto barColours = [](QChart* chart) {
            std::vector<QColor> out;
            for (QAbstractSeries* series : chart->series())
                if (auto* bars = qobject_cast<QAbstractBarSeries*>(series))
                    for (QBarSet* set : bars->barSets())
                        out.push_back(set->color());
            return out;
        };
        const QColor surface = memory->chart()->backgroundBrush().color();
        CHECK(contrast(palette::kBlueOnDark, surface) >= 3.0);
        CHECK(contrast(palette::kBlue, surface) < 3.0);
        const std::vector<QColor> darkBars = barColours(memory->chart());
        CHECK(std::count(darkBars.begin(), darkBars.end(), palette::kBlueOnDark) == 1); // the weights
        CHECK(std::count(darkBars.begin(), darkBars.end(), palette::kBlue) == 0);
        {
            const LightChart light(memory->chart());
            const std::vector<QColor> lightBars = barColours(memory->chart());
            CHECK(std::count(lightBars.begin(), lightBars.end(), palette::kBlue) == 1);
        }

        // Exported: light, and the screen's chart dark again afterwards.
        const QImage picture = renderChart(memory->chart(), { 1200, 750 }, 1.0);
        CHECK(surfaceLuminance(picture) > 0.8);
        QByteArray png;
        REQUIRE(renderChartFile(memory->chart(), QStringLiteral("png"), { 600, 400 }, 1.0, {}, png).isEmpty());
        CHECK(surfaceLuminance(QImage::fromData(png, "PNG")) > 0.8);
        CHECK(surfaceLuminance(memory->grab().toImage()) < 0.1);

        // A painted view: dark on screen, light in its picture (its top-left corner is background; its
        // rows and blocks cover most of it).
        TimelineView* timeline = w.viewOn<ui::TimelineView>("pipeline");
        REQUIRE(timeline);
        timeline->resize(800, 300);
        CHECK(luminance(timeline->grab().toImage().pixelColor(2, 2)) < 0.1);
        CHECK(luminance(timeline->render({ 800, 300 }, 1.0).pixelColor(2, 2)) > 0.8);
    }
    // The default palette back: light again.
    CHECK(surfaceLuminance(memory->grab().toImage()) > 0.8);
    CHECK(luminance(memory->chart()->backgroundBrush().color()) > 0.8);
}

TEST_CASE("on a dark palette the banner is dark green or red with light text and readable links",
    "[widgets][banner][palette]")
{
    core::Scenario s = core::defaultScenario();
    s.model = core::presetModel(*core::findModelPreset("llama-2-13b"));
    s.hardware = core::withGpuPreset(s.hardware, *core::findGpuPreset("a100-40gb"));
    s.parallel.zero = 3;
    s.parallel.recompute = core::Recompute::none;
    for (const bool fits : { false, true }) {
        INFO((fits ? "fits" : "does not fit"));
        core::Scenario scenario = s;
        if (fits) scenario = core::defaultScenario();
        ScenarioSession session(scenario);
        REQUIRE(session.results().estimate.memory.fits() == fits);
        MainView w(&session);
        test::settle();
        VerdictBanner* banner = w.banner();
        const QColor lightBackground = banner->palette().color(QPalette::Window);
        CHECK(luminance(lightBackground) > 0.7);
        const AppPalette dark(ui::theme::darkPalette());
        const QPalette p = banner->palette();
        const QColor background = p.color(QPalette::Window);
        CHECK(luminance(background) < 0.1);
        // Still green or red: the hue says fits or not before the words do.
        if (fits)
            CHECK(background.green() > background.red());
        else
            CHECK(background.red() > background.green());
        CHECK(contrast(p.color(QPalette::WindowText), background) >= 4.5);
        CHECK(contrast(p.color(QPalette::Link), background) >= 4.5);
        const auto* warnings = banner->findChild<QLabel*>(QStringLiteral("verdictWarnings"));
        REQUIRE(warnings);
        if (!fits) CHECK(warnings->text().contains(QStringLiteral("<a ")));
        CHECK(contrast(warnings->palette().color(QPalette::Link), background) >= 4.5);
        banner->resize(1000, banner->sizeHint().height());
        CHECK(surfaceLuminance(banner->grab().toImage()) < 0.1);
    }
}
