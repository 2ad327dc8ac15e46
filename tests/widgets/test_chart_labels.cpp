// What a chart writes on itself, at each size it is drawn: the comparison charts name every scenario
// on its bar and in the title (on screen, on a slide, in an export and in the report), with each
// bar's GPU capacity; the memory chart writes no value on a part too thin for it and none across
// the capacity line; number formats that coincide all stay visible; a slide's title is its largest
// text.
#include "core/estimate/estimate.h"
#include "core/scenario/presets.h"
#include "core/scenario/scenario_edit.h"
#include "core/scenario/scenario_io.h"
#include "tests/widgets/example_scenario.h"
#include "tests/widgets/settle.h"
#include "widgets/charts/chart_export.h"
#include "widgets/charts/comparison_chart.h"
#include "widgets/charts/loss_scale_chart.h"
#include "widgets/charts/memory_chart.h"
#include "widgets/charts/precision_chart.h"
#include "widgets/charts/time_chart.h"
#include "widgets/main_view.h"
#include "widgets/pages/comparison_view.h"
#include "widgets/pages/loss_scale_lab.h"
#include "widgets/pages/precision_lab.h"
#include "widgets/presentation_view.h"
#include "widgets/session/scenario_session.h"
#include "widgets/text/language.h"

#include <QAbstractAxis>
#include <QApplication>
#include <QChart>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QHeaderView>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLocale>
#include <QPen>
#include <QTableView>
#include <QTableWidget>
#include <catch2/catch.hpp>

#include <algorithm>
#include <functional>

using namespace ui;
using ui::test::example;

namespace {

/// Llama 2 13B with ZeRO-3 on 8 × A100 40GB, and Llama 2 7B with ZeRO-3 on 64 × A100 80GB.
core::Scenario llama(const char* model, const char* gpu, int dp)
{
    core::Scenario s = core::defaultScenario();
    s.model = core::presetModel(*core::findModelPreset(model));
    s.hardware = core::withGpuPreset(s.hardware, *core::findGpuPreset(gpu));
    s.parallel.dp = dp;
    s.parallel.zero = 3;
    s.name = core::automaticName(s);
    return s;
}

/// Enlarges every font of a chart as a slide or the report does, while it lives.
class Enlarged {
public:
    Enlarged(QChart* chart, double factor)
        : m_chart(chart)
        , m_title(chart->titleFont())
        , m_legend(chart->legend()->font())
    {
        chart->setTitleFont(scaled(m_title, factor));
        chart->legend()->setFont(scaled(m_legend, factor));
        for (QAbstractAxis* axis : chart->axes()) {
            m_axes.push_back({ axis, axis->labelsFont(), axis->titleFont() });
            axis->setLabelsFont(scaled(axis->labelsFont(), factor));
            axis->setTitleFont(scaled(axis->titleFont(), factor));
        }
    }
    ~Enlarged()
    {
        m_chart->setTitleFont(m_title);
        m_chart->legend()->setFont(m_legend);
        for (const auto& a : m_axes) {
            a.axis->setLabelsFont(a.labels);
            a.axis->setTitleFont(a.title);
        }
    }
    Enlarged(const Enlarged&) = delete;
    Enlarged& operator=(const Enlarged&) = delete;

private:
    static QFont scaled(QFont f, double factor)
    {
        f.setPointSizeF(f.pointSizeF() * factor);
        return f;
    }
    struct Axis {
        QAbstractAxis* axis;
        QFont labels, title;
    };
    QChart* m_chart;
    QFont m_title, m_legend;
    std::vector<Axis> m_axes;
};

/// Lays `chart` out alone in a scene at `size` points with its fonts × `fontScale`, as an export, a
/// slide or the report draws it, and hands the scene to `inspect`; then puts the chart back.
void drawnAt(QChart* chart, QSizeF size, double fontScale, const std::function<void(const QGraphicsScene&)>& inspect)
{
    Enlarged fonts(chart, fontScale);
    QGraphicsScene scene;
    QGraphicsScene* previous = chart->scene();
    const QSizeF previousSize = chart->size();
    if (previous) previous->removeItem(chart);
    scene.addItem(chart);
    chart->resize(size);
    inspect(scene);
    scene.removeItem(chart);
    if (previous) previous->addItem(chart);
    chart->resize(previousSize);
}

/// The texts Qt Charts and the charts draw as visible text items, with where they are.
std::vector<std::pair<QString, QRectF>> visibleTexts(const QGraphicsScene& scene)
{
    std::vector<std::pair<QString, QRectF>> out;
    for (QGraphicsItem* item : scene.items())
        if (auto* text = dynamic_cast<QGraphicsTextItem*>(item); text && text->isVisible())
            out.push_back({ text->toPlainText(), text->sceneBoundingRect() });
    return out;
}

} // namespace

TEST_CASE("a comparison names each scenario briefly by what tells it apart", "[widgets][charts][compare]")
{
    const std::vector<core::Scenario> three { llama("llama-2-13b", "a100-40gb", 8),
        llama("llama-2-7b", "a100-80gb", 64), example("lora-7b-rtx4090.tpscenario.json") };
    CHECK(ComparisonView::shortNames(three)
        == QStringList({ QStringLiteral("13B · 8×A100 40GB"), QStringLiteral("7B · 64×A100 80GB"),
            QStringLiteral("7B LoRA · 1×RTX 4090 24GB") }));
    // H100 SXM and H100 PCIe keep their form factor, which is then all that differs.
    const std::vector<core::Scenario> h100 { llama("llama-2-7b", "h100-sxm", 8), llama("llama-2-7b", "h100-pcie", 8) };
    CHECK(ComparisonView::shortNames(h100)
        == QStringList({ QStringLiteral("7B · 8×H100 SXM 80GB"), QStringLiteral("7B · 8×H100 PCIe 80GB") }));
    // Alike in size and GPUs: the model's name, then the ZeRO stage, tells them apart.
    const std::vector<core::Scenario> sevens { llama("llama-2-7b", "a100-80gb", 8),
        llama("mistral-7b", "a100-80gb", 8) };
    CHECK(ComparisonView::shortNames(sevens)
        == QStringList(
            { QStringLiteral("7B · 8×A100 80GB · Llama 2 7B"), QStringLiteral("7B · 8×A100 80GB · Mistral 7B") }));
    core::Scenario zero1 = llama("llama-2-7b", "a100-80gb", 8);
    zero1.parallel.zero = 1;
    const std::vector<core::Scenario> stages { llama("llama-2-7b", "a100-80gb", 8), zero1 };
    CHECK(ComparisonView::shortNames(stages)
        == QStringList({ QStringLiteral("7B · 8×A100 80GB · ZeRO-3"), QStringLiteral("7B · 8×A100 80GB · ZeRO-1") }));
}

TEST_CASE("comparison charts label every bar and name every scenario in the title at every size",
    "[widgets][charts][compare]")
{
    ScenarioSession session(example("lora-7b-rtx4090.tpscenario.json"));
    MainView w(&session);
    const std::vector<core::Scenario> three { llama("llama-2-13b", "a100-40gb", 8),
        llama("llama-2-7b", "a100-80gb", 64), example("lora-7b-rtx4090.tpscenario.json") };
    for (const core::Scenario& s : three)
        REQUIRE(w.viewOn<ui::ComparisonView>("compare")->add(s));
    const QStringList names = ComparisonView::shortNames(three);
    w.resize(1366, 768);
    w.show();
    w.showPage(QStringLiteral("compare"));
    test::settle();

    for (ComparisonChart* view : { w.viewOn<ui::ComparisonView>("compare")->memoryChart(),
             w.viewOn<ui::ComparisonView>("compare")->stepChart() }) {
        QChart* chart = view->chart();
        // Every bar's label is drawn whole; `names` says whether it must carry the name (there is room
        // for it everywhere but on a narrow screen, where the letter and the title's key do).
        auto check = [&](const QGraphicsScene& scene, bool withNames, const std::string& where) {
            const auto texts = visibleTexts(scene);
            for (int i = 0; i < 3; ++i) {
                const QString full = view->barLines(i).join(QLatin1Char('\n'));
                const QString letter(QChar(u'A' + i));
                bool drawn = false;
                for (const auto& [text, rect] : texts)
                    if (text == full || (!withNames && text == letter))
                        drawn = drawn || scene.sceneRect().contains(rect) || chart->rect().contains(rect);
                INFO(where << ": bar " << full.toStdString());
                CHECK(drawn);
            }
            // The title names all three, whole ("…" where Qt cut it off).
            bool titled = false;
            for (const auto& [text, rect] : texts)
                if (text.startsWith(view == w.viewOn<ui::ComparisonView>("compare")->memoryChart()
                            ? QStringLiteral("Memory per GPU: ")
                            : QStringLiteral("Time per step: "))) {
                    INFO(where << ": title " << text.toStdString());
                    CHECK_FALSE(text.contains(QStringLiteral("...")));
                    for (const QString& name : names)
                        CHECK(text.contains(name));
                    titled = true;
                }
            INFO(where);
            CHECK(titled);
        };
        // On screen, at a 1366 × 768 laptop's size.
        REQUIRE(view->isVisible());
        check(*view->scene(), false, "screen");
        // A slide of 1280 × 690 and one of 1920 × 1035 (fonts 1.6 × and 2.4 ×), an exported file of
        // 1200 × 750, the report's 680-wide figure.
        drawnAt(chart, { 1280, 690 }, 1.6, [&](const QGraphicsScene& s) { check(s, true, "slide 1280"); });
        drawnAt(chart, { 1920, 1035 }, 2.4, [&](const QGraphicsScene& s) { check(s, true, "slide 1920"); });
        drawnAt(chart, { 1200, 750 }, 1.0, [&](const QGraphicsScene& s) { check(s, true, "export"); });
        drawnAt(chart, { 680, 400 }, 1.0, [&](const QGraphicsScene& s) { check(s, true, "report"); });
        // Back on screen as before.
        test::settle();
        check(*view->scene(), false, "screen again");
    }

    // Each memory bar shows its own GPU's memory: 40, 80 and 24 GB cards (GiB shown).
    const ComparisonChart* memory = w.viewOn<ui::ComparisonView>("compare")->memoryChart();
    CHECK(memory->capacity(0) == Approx(40.0));
    CHECK(memory->capacity(1) == Approx(80.0));
    CHECK(memory->capacity(2) == Approx(23.99).margin(0.01));
    CHECK(memory->value(0, 0) > 0);
}

TEST_CASE("the comparison legends keep every entry whole beside the plot on a laptop", "[widgets][charts][compare]")
{
    // Qt Charts gives a legend beside the plot at most 40 % of the chart and cuts longer entries
    // ("Master weights (FP..."): a long entry takes two lines instead. And the charts are tall
    // enough for all their entries (a short chart hides the last ones): the page scrolls instead.
    for (const char* language : { "en", "zh_CN" }) {
        REQUIRE(setLanguage(QString::fromLatin1(language)));
        for (const QSize size : { QSize(1280, 800), QSize(1366, 768) }) {
            ScenarioSession session(core::defaultScenario());
            MainView w(&session);
            w.viewOn<ui::ComparisonView>("compare")->showArticlePair();
            REQUIRE(w.viewOn<ui::ComparisonView>("compare")->add(example("llama-3-70b-does-not-fit.tpscenario.json")));
            w.resize(size.width() - 420, size.height() - 60); // beside the input form, under the menu
            w.show();
            w.showPage(QStringLiteral("compare"));
            test::settle();
            for (ComparisonChart* view : { w.viewOn<ui::ComparisonView>("compare")->memoryChart(),
                     w.viewOn<ui::ComparisonView>("compare")->stepChart() }) {
                int entries = 0, shown = 0;
                for (const QLegendMarker* marker : view->chart()->legend()->markers())
                    entries += marker->isVisible() ? 1 : 0;
                for (QGraphicsItem* item : view->scene()->items())
                    if (auto* text = dynamic_cast<QGraphicsTextItem*>(item);
                        text && text->isVisible() && view->chart()->legend()->isAncestorOf(text)) {
                        INFO(language << " " << size.width() << ": " << text->toPlainText().toStdString());
                        CHECK_FALSE(text->toPlainText().contains(QStringLiteral("...")));
                        CHECK(view->chart()->rect().contains(text->mapRectToItem(view->chart(), text->boundingRect())));
                        ++shown;
                    }
                INFO(language << " " << size.width());
                CHECK(entries >= 4);
                CHECK(shown == entries);
            }
            // Every figure's row is in sight: the table is not squeezed below its rows.
            const QTableView* table = w.findChild<QTableView*>(QStringLiteral("compareTable"));
            REQUIRE(table);
            CHECK(table->verticalHeader()->length() <= table->viewport()->height());
        }
    }
    setLanguage(QStringLiteral("en"));
}

TEST_CASE("the step-time legend takes two lines per entry where one row would be cut", "[widgets][charts][time]")
{
    // GPT-3 on 1,024 GPUs: seven entries (TP, PP and DP communication among them).
    TimeChart chart;
    chart.setEstimate(core::estimate(example("gpt3-175b-narayanan.tpscenario.json")));
    chart.resize(830, 420); // the page at 150 % scaling on a 1920-px screen
    chart.show();
    test::settle();
    auto legendTexts = [&chart] {
        QStringList out;
        for (QGraphicsItem* item : chart.scene()->items())
            if (auto* text = dynamic_cast<QGraphicsTextItem*>(item);
                text && text->isVisible() && chart.chart()->legend()->isAncestorOf(text))
                out << text->toPlainText();
        return out;
    };
    QStringList texts = legendTexts();
    CHECK(texts.size() >= 6);
    for (const QString& text : texts) {
        INFO(text.toStdString());
        CHECK_FALSE(text.contains(QStringLiteral("...")));
    }
    CHECK(texts.contains(QStringLiteral("TP\ncommunication")));
    CHECK(chart.chart()->legend()->alignment() == Qt::AlignBottom);
    // Narrower, a column beside the plot, nothing cut either.
    chart.resize(560, 420);
    test::settle();
    CHECK(chart.chart()->legend()->alignment() == Qt::AlignRight);
    for (const QString& text : legendTexts()) {
        INFO(text.toStdString());
        CHECK_FALSE(text.contains(QStringLiteral("...")));
    }
    // Wide, every entry on one line.
    chart.resize(1600, 600);
    test::settle();
    texts = legendTexts();
    CHECK(chart.chart()->legend()->alignment() == Qt::AlignBottom);
    CHECK(texts.contains(QStringLiteral("TP communication")));
    for (const QString& text : texts)
        CHECK_FALSE(text.contains(u'\n'));
}

TEST_CASE("the memory legend is never cut: two lines an entry, or beside the plot", "[widgets][charts][memory]")
{
    MemoryChart chart;
    chart.setEstimate(core::estimate(core::defaultScenario()));
    chart.show();
    for (const int width : { 1400, 760, 560, 420 }) {
        chart.resize(width, 420);
        test::settle();
        int shown = 0;
        for (QGraphicsItem* item : chart.scene()->items())
            if (auto* text = dynamic_cast<QGraphicsTextItem*>(item);
                text && text->isVisible() && chart.chart()->legend()->isAncestorOf(text)) {
                INFO(width << ": " << text->toPlainText().toStdString());
                CHECK_FALSE(text->toPlainText().contains(QStringLiteral("...")));
                ++shown;
            }
        INFO(width);
        CHECK(shown == 8); // seven terms and the capacity line
    }
}

TEST_CASE("a title wraps in a narrow chart and takes one line on a slide", "[widgets][charts]")
{
    TimeChart chart;
    chart.setEstimate(core::estimate(core::defaultScenario()));
    chart.resize(240, 300);
    chart.show();
    test::settle();
    auto titleText = [](const QGraphicsScene& scene) {
        for (const auto& [text, rect] : visibleTexts(scene))
            if (text.startsWith(QStringLiteral("One step"))) return text;
        return QString();
    };
    CHECK(titleText(*chart.scene()).contains(u'\n')); // wrapped, not cut
    // As text (a figure's caption, the export list, a file's title) it is one plain line.
    CHECK(chartTitle(chart.chart()).startsWith(QStringLiteral("One step: ")));
    CHECK_FALSE(chartTitle(chart.chart()).contains(u'<'));
    CHECK_FALSE(chartTitle(chart.chart()).contains(u'\n'));
    CHECK_FALSE(titleText(*chart.scene()).contains(QStringLiteral("...")));
    // Drawn straight away at a slide's size: laid out again for it, on one line.
    drawnAt(chart.chart(), { 1280, 690 }, 1.6, [&](const QGraphicsScene& scene) {
        const QString title = titleText(scene);
        INFO(title.toStdString());
        CHECK_FALSE(title.isEmpty());
        CHECK_FALSE(title.contains(u'\n'));
    });
}

TEST_CASE("memory values are written only where their part has room, never across the capacity line",
    "[widgets][charts][memory]")
{
    // 13B with ZeRO-3 on 40 GB A100s: the 40-GiB line crosses the activations' part.
    ScenarioSession session(llama("llama-2-13b", "a100-40gb", 8));
    MainView w(&session);
    test::settle();
    MemoryChart* memory = w.viewOn<ui::MemoryChart>("memory");
    QLineSeries* capacity = nullptr;
    for (QAbstractSeries* s : memory->chart()->series())
        if (auto* line = qobject_cast<QLineSeries*>(s)) capacity = line;
    REQUIRE(capacity);
    for (const QSizeF size : { QSizeF(900, 420), QSizeF(1200, 750), QSizeF(680, 300) }) {
        drawnAt(memory->chart(), size, 1.0, [&](const QGraphicsScene&) {
            const double lineY = memory->chart()->mapToPosition(QPointF(0, memory->capacityValue()), capacity).y();
            const auto labels = memory->valueLabels();
            INFO("at " << size.width() << " × " << size.height());
            CHECK(labels.size() >= 2);
            for (const QGraphicsSimpleTextItem* label : labels) {
                const QRectF rect = label->sceneBoundingRect();
                INFO(label->text().toStdString());
                CHECK_FALSE((rect.top() <= lineY + 1 && rect.bottom() >= lineY - 1));
                for (const QGraphicsSimpleTextItem* other : labels)
                    if (other != label) CHECK_FALSE(rect.intersects(other->sceneBoundingRect()));
            }
            // Buffers (3.75 GiB of a 100-GiB axis) are too thin for a value on a chart this low.
            const double buffers = memory->value(MemoryChart::Buffers, 0);
            if (size.height() <= 420)
                for (const QGraphicsSimpleTextItem* label : labels)
                    CHECK(std::abs(QLocale().toDouble(label->text()) - buffers) > 0.01 * buffers);
        });
    }
}

TEST_CASE(
    "number formats that stall on one line all stay visible, and fp32 reads rounded", "[widgets][charts][formats]")
{
    PrecisionLab lab;
    lab.run();
    const PrecisionChart* chart = lab.chart();
    // w = 1, u = 10^-4: bf16, fp16, the fp8 formats and truncated bf16 round every update away.
    const auto runs = core::precisionLab(1.0, 1e-4, 10000);
    int stalled = 0;
    std::vector<double> offsets;
    for (std::size_t i = 0; i < runs.size(); ++i) {
        if (runs[i].final != 1.0) continue;
        ++stalled;
        const QPen pen = chart->lines()[int(i)]->pen();
        INFO(chart->lines()[int(i)]->name().toStdString());
        CHECK(pen.style() == Qt::CustomDashLine);
        // Each draws its own dashes: one in `stalled` of the shared line's length is its colour.
        REQUIRE(pen.dashPattern().size() == 2);
        offsets.push_back(pen.dashOffset());
    }
    CHECK(stalled >= 4);
    std::sort(offsets.begin(), offsets.end());
    CHECK(std::adjacent_find(offsets.begin(), offsets.end()) == offsets.end());
    // The run that moves (fp32) is drawn whole.
    CHECK(chart->lines()[0]->pen().style() == Qt::SolidLine);
    // fp32's result to the seven digits fp32 holds, not "2.0001657009124756".
    const QString fp32 = lab.results()->item(0, 1)->text();
    CHECK(fp32.size() <= 8);
    CHECK(fp32.toDouble() == Approx(runs[0].final).epsilon(1e-6));
}

TEST_CASE("the formats' legends are never cut and each range names its format", "[widgets][charts][formats]")
{
    PrecisionLab lab;
    lab.resize(900, 700);
    lab.show();
    lab.run();
    test::settle();
    // The accumulation chart's legend beside its plot: long names on two lines, none cut.
    QChartView* precision = lab.chart();
    for (const int width : { 560, 900, 1400 }) {
        precision->resize(width, 420);
        test::settle();
        int entries = 0;
        for (QGraphicsItem* item : precision->scene()->items())
            if (auto* text = dynamic_cast<QGraphicsTextItem*>(item);
                text && text->isVisible() && precision->chart()->legend()->isAncestorOf(text)) {
                INFO(width << ": " << text->toPlainText().toStdString());
                CHECK_FALSE(text->toPlainText().contains(QStringLiteral("...")));
                ++entries;
            }
        CHECK(entries == 8);
    }
    // The loss-scaling chart writes each format's name above its range, on a slide too.
    LossScaleChart* ranges = lab.lossScale()->chart();
    const auto named = [ranges](const QGraphicsScene& scene) {
        QStringList out;
        for (QGraphicsItem* item : scene.items())
            if (auto* text = qgraphicsitem_cast<QGraphicsSimpleTextItem*>(item); text && text->isVisible())
                out << text->text();
        return out;
    };
    drawnAt(ranges->chart(), { 1280, 690 }, 1.6, [&](const QGraphicsScene& scene) {
        const QStringList texts = named(scene);
        for (const char* format : { "fp16", "bf16", "fp8 e4m3", "fp8 e5m2" })
            CHECK(texts.contains(QLatin1String(format)));
        // Each above its own bar: the label's bottom within a row's spacing of its line.
        for (int i = 0; i < ranges->rangeLabels().size(); ++i) {
            const QGraphicsSimpleTextItem* label = ranges->rangeLabels()[i];
            const double line = ranges->chart()->mapToPosition(ranges->ranges()[i]->at(0), ranges->ranges()[i]).y();
            const double bottom = label->pos().y() + label->boundingRect().height();
            CHECK(bottom <= line);
            CHECK(bottom >= line - 10);
            CHECK(ranges->chart()->plotArea().adjusted(-1, -40, 1, 1).contains(label->pos()));
        }
    });
}

TEST_CASE("a slide's chart title is its largest text, and numbers keep their units", "[widgets][present]")
{
    ScenarioSession session(example("lora-7b-rtx4090.tpscenario.json"));
    MainView w(&session);
    test::settle();
    for (QChart* chart : w.presentableCharts()) {
        INFO(chart->title().toStdString());
        const double title = chart->titleFont().pointSizeF();
        CHECK(title > chart->legend()->font().pointSizeF());
        for (const QAbstractAxis* axis : chart->axes()) {
            CHECK(title > axis->labelsFont().pointSizeF());
            CHECK(title > axis->titleFont().pointSizeF());
        }
    }
    const QString nbsp(QChar(0x00A0)), joiner(QChar(0x2060));
    CHECK(PresentationView::keepNumbersWithUnits(QStringLiteral("step 275–306 s · 82 %"))
        == QStringLiteral("step 275–") + joiner + QStringLiteral("306") + nbsp + QStringLiteral("s · 82") + nbsp
            + QStringLiteral("%"));
    CHECK(PresentationView::keepNumbersWithUnits(QStringLiteral("每步 284 秒"))
        == QStringLiteral("每步 284") + nbsp + QStringLiteral("秒"));
}
