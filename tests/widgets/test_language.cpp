// Switching the language at run time retranslates menus, panels and charts.
#include "app/main_window.h"
#include "core/estimate/explain.h"
#include "core/fidelity/fidelity.h"
#include "core/scenario/presets.h"
#include "core/scenario/scenario_io.h"
#include "tests/widgets/has_chinese.h"
#include "tests/widgets/settle.h"
#include "widgets/charts/loss_scale_chart.h"
#include "widgets/charts/memory_chart.h"
#include "widgets/inputs/form_section.h"
#include "widgets/main_view.h"
#include "widgets/models/comparison_model.h"
#include "widgets/pages/comparison_view.h"
#include "widgets/pages/loss_scale_lab.h"
#include "widgets/pages/precision_lab.h"
#include "widgets/pages/what_if_page.h"
#include "widgets/painted/heatmap_grid.h"
#include "widgets/session/scenario_document.h"
#include "widgets/session/scenario_session.h"
#include "widgets/text/explain_text.h"
#include "widgets/text/format.h"
#include "widgets/text/language.h"
#include "widgets/text/problem_text.h"
#include "widgets/verdict_banner.h"

#include <QApplication>
#include <QChart>
#include <QLabel>
#include <QMenuBar>
#include <QRegularExpression>
#include <QTabWidget>
#include <QTableWidget>
#include <catch2/catch.hpp>

#include <set>

using ui::test::hasChinese;
using ui::test::settle;
using ui::test::waitUntil;

TEST_CASE("switching to Chinese and back at run time", "[widgets][i18n]")
{
    ui::ScenarioSession session(core::defaultScenario());
    ui::MainWindow window(&session);
    window.resize(1280, 800);
    REQUIRE(ui::setLanguage(QStringLiteral("zh_CN")));
    QApplication::processEvents(); // LanguageChange is posted to the windows
    const auto menus = window.menuBar()->actions();
    REQUIRE_FALSE(menus.isEmpty());
    CHECK(hasChinese(menus.front()->text())); // 文件(&F)
    CHECK(hasChinese(window.mainView()->viewOn<ui::MemoryChart>("memory")->chart()->title()));
    CHECK(hasChinese(window.mainView()->tabs()->tabText(0)));
    // The bundled comparison's headers too ("A：原文：…", the full-width colon of a Chinese text).
    window.mainView()->viewOn<ui::ComparisonView>("compare")->showArticlePair();
    const QString header = window.mainView()
                               ->viewOn<ui::ComparisonView>("compare")
                               ->figures()
                               ->headerData(0, Qt::Horizontal, Qt::DisplayRole)
                               .toString();
    CHECK(header.startsWith(QStringLiteral("A：")));
    CHECK(hasChinese(header));
    // Lists inside Chinese sentences take the enumeration comma (not ";" or "；", "," or "，"),
    // the banner's range basis among them.
    CHECK(ui::listText({ QStringLiteral("a"), QStringLiteral("b") }) == QStringLiteral("a、b"));
    const QString details = window.mainView()->banner()->detailsText();
    CHECK(details.contains(QStringLiteral("NVIDIA A100 SXM 80GB、")));
    CHECK_FALSE(details.contains(QStringLiteral("NVIDIA A100 SXM 80GB, ")));

    ui::setLanguage(QStringLiteral("en"));
    QApplication::processEvents();
    CHECK(ui::listText({ QStringLiteral("a"), QStringLiteral("b") }) == QStringLiteral("a, b"));
    CHECK(window.menuBar()->actions().front()->text() == QStringLiteral("&File"));
    CHECK_FALSE(hasChinese(window.mainView()->viewOn<ui::MemoryChart>("memory")->chart()->title()));
}

TEST_CASE("the input column fits its scroll area at 1280 × 800 in English and Chinese", "[widgets][i18n][layout]")
{
    // Long combo items (recompute modes, precision presets) once made the column wider than its
    // scroll area, which cuts the right edge: spin-box arrows, the size value and the model shape.
    core::Scenario s = core::defaultScenario();
    s.model = core::presetModel(*core::findModelPreset("deepseek-v3")); // the longest shape text
    ui::ScenarioSession session(s);
    ui::MainWindow window(&session);
    window.resize(1280, 800);
    window.show();
    for (const char* language : { "en", "zh_CN" }) {
        INFO(language);
        REQUIRE(ui::setLanguage(QString::fromLatin1(language)));
        QApplication::processEvents();
        auto* panel = window.findChild<QWidget*>(QStringLiteral("inputPanel"));
        REQUIRE(panel);
        for (auto* section : panel->findChildren<ui::FormSection*>())
            section->setExpanded(true); // every row laid out
        QApplication::processEvents();
        auto* viewport = panel->parentWidget(); // the scroll area's viewport
        REQUIRE(viewport);
        CHECK(panel->minimumSizeHint().width() <= viewport->width());
        CHECK(panel->width() <= viewport->width());
        // Wrapped texts get the height of their lines (the GPU facts' last lines were cut off).
        for (int i = 0; i < 3; ++i)
            QApplication::processEvents();
        for (auto* label : panel->findChildren<QLabel*>()) {
            if (!label->wordWrap() || !label->isVisible() || label->text().isEmpty()) continue;
            INFO(label->objectName().toStdString());
            // The lines the text takes at the label's width (QLabel::heightForWidth() would count the
            // minimum height the panel sets).
            const int lines = label->fontMetrics()
                                  .boundingRect(QRect(0, 0, label->contentsRect().width(), 100000),
                                      int(label->alignment()) | Qt::TextWordWrap, label->text())
                                  .height();
            CHECK(label->height() >= lines);
            CHECK(label->height() <= lines + 6); // and no blank lines around it
        }
    }
    ui::setLanguage(QStringLiteral("en"));
    QApplication::processEvents();
}

TEST_CASE("a refused file is worded in Chinese, with no English sentence from core", "[widgets][i18n][problems]")
{
    // The reader's refusals reach the GUI as codes: the dialog and the input panel word them
    // in the interface language; only the key paths, the values' names and numbers are the file's.
    REQUIRE(ui::setLanguage(QStringLiteral("zh_CN")));
    const std::string base = core::scenarioToJson(core::defaultScenario());
    auto with = [&](const std::string& from, const std::string& to) {
        std::string text = base;
        const auto at = text.find(from);
        REQUIRE(at != std::string::npos);
        return text.replace(at, from.size(), to);
    };
    const std::vector<std::string> files { with("\"tp\": 1", "\"tp\": 3"), with("\"dp\": 8", "\"dp\": 0"),
        with("\"compute\": 0.915", "\"compute\": 2.5"), with("\"tp\": 1", "\"tp\": true"),
        with("\"recompute\": \"none\"", "\"recompute\": \"most\""), with("\"tp\": 1", "\"tpp\": 1"),
        with("\"virtual_stages\": 1", "\"virtual_stages\": 2"),
        with("\"sequence_parallel\": false", "\"sequence_parallel\": 1"), "{\"format\": 1",
        "{\"format\": \"trainplanner-scenario\", \"format\": \"x\"}",
        with("\"preset\": \"llama-2-7b\"", "\"preset\": \"llama-2-7b\", \"params\": 7000000000"),
        with("\"method\": \"full\"", "\"method\": \"full\", \"lora_rank\": 8"),
        with("\"preset\": \"llama-2-7b\"", "\"preset\": \"llama-2-7b\", \"heads\": 30"),
        with("\"name\": \"", "\"name\": \"" + std::string(300, 'x')) };
    // What may stay in Latin letters: key paths, the file format's value names and units.
    const QRegularExpression allowed(QStringLiteral(
        R"(([a-z_]+\.)+[a-z_]+|none|selective|full|selective_op|norms_up_proj|true|false|JSON|UTF-8|MiB|TP|KV|FFN|LoRA|QLoRA|params|GPU)"));
    for (const std::string& file : files) {
        const core::ScenarioResult r = core::parseScenario(file);
        REQUIRE_FALSE(r.ok());
        const QString text = ui::ProblemText::of(r.error);
        INFO(text.toStdString());
        CHECK(hasChinese(text));
        QString rest = text;
        rest.remove(QString::fromStdString(r.error.path)); // the key, as the file spells it
        rest.remove(allowed);
        CHECK_FALSE(rest.contains(QRegularExpression(QStringLiteral("[A-Za-z]{3,}"))));
    }
    ui::setLanguage(QStringLiteral("en"));
}

TEST_CASE("how each figure was computed is worded in Chinese: every formula and phrase of core's is in the catalog",
    "[widgets][i18n][explain]")
{
    // Core writes its explanations in English notation (the command line, the files); the GUI words
    // them: the formulas from the translations core marks where it writes them (TP_NOTE), the phrases
    // from widgets/text/explain_text.cpp. Over every published run, and each as LoRA,
    // QLoRA, offloaded, with Adafactor, activation offload, gradients freed per step, ZeRO-3 and fp8:
    // every formula has a translation, and in Chinese nothing but notation is left in Latin letters.
    REQUIRE(ui::setLanguage(QStringLiteral("zh_CN")));
    const std::vector<std::vector<const char*>> variants { {}, { "training.method=\"lora\"" },
        { "training.method=\"qlora\"" }, { "parallel.offload_optimizer=true", "parallel.offload_params=true" },
        { "training.optimizer=\"adafactor\"" }, { "parallel.offload_activations=true", "parallel.recompute=\"full\"" },
        { "parallel.gradient_buffers=\"per_step\"", "training.global_batch=8" }, { "parallel.zero=3" },
        { "precision.compute=\"fp8_e4m3\"" } };
    // What may stay in Latin letters: key paths, units, symbols, acronyms and the value names of keys.
    const QRegularExpression notation(QStringLiteral(
        R"(([a-z_0-9]+\.)+[a-z_0-9]+|Ψ_\w+|\b(GB|GiB|TB|kWh|GPU-h|GPUs?|CPU|SMs?|FLOPs|GEMM|FP8|fp8|HBM|PCIe|ZeRO(-3)?|DDP|)"
        R"(NCCL|CUDA|TDP|PUE|LM|LoRA|QLoRA|NF4|Adafactor|flash-attention|token|rank|logits?|auto|flash[123]?|max|dp|cp|)"
        R"(ep|TB-month)\b)"));
    std::set<std::string> formulas;
    int explanations = 0;
    for (const core::PublishedRun& run : core::publishedRuns())
        for (const auto& v : variants) {
            core::Scenario s = run.scenario;
            bool applied = true;
            for (const char* o : v)
                applied = applied && !core::applyOverride(s, o);
            if (!applied) continue;
            for (const core::Explanation& x : core::explain(s, core::estimate(s))) {
                ++explanations;
                formulas.insert(x.formula);
                for (const QString& text :
                    { ui::ExplainText::formula(x.formula), ui::ExplainText::substituted(x.substituted) }) {
                    QString rest = text;
                    rest.remove(notation);
                    INFO(x.key << ": " << text.toStdString());
                    CHECK_FALSE(rest.contains(QRegularExpression(QStringLiteral("[A-Za-z]{3,}"))));
                }
            }
        }
    CHECK(explanations > 10000);
    CHECK(formulas.size() >= 31);
    for (const std::string& f : formulas) {
        INFO(f);
        CHECK(hasChinese(ui::ExplainText::formula(f)));
    }
    ui::setLanguage(QStringLiteral("en"));
}

TEST_CASE("every problem core reports has a Chinese sentence, and the heatmap shows it", "[widgets][i18n][problems]")
{
    REQUIRE(ui::setLanguage(QStringLiteral("zh_CN")));
    for (int i = 0; i < core::kProblemCodeCount; ++i) {
        const auto code = static_cast<core::ProblemCode>(i);
        INFO(core::toString(code));
        CHECK(hasChinese(ui::ProblemText::of(core::Problem(code))));
    }
    // What a config.json import assumed: each note in Chinese.
    for (int i = 0; i <= int(core::ImportNoteCode::ffn_four_times_hidden); ++i) {
        INFO("import note " << i);
        CHECK(hasChinese(ui::ProblemText::of(core::ImportNote { core::ImportNoteCode(i), 2, "silu" })));
    }
    for (auto code : { core::ProblemCode::does_not_fit, core::ProblemCode::heads_not_divisible_by_tp,
             core::ProblemCode::too_few_layers_per_stage, core::ProblemCode::seq_len_not_divisible_by_cp,
             core::ProblemCode::global_batch_not_divisible, core::ProblemCode::over_time_budget })
        CHECK(hasChinese(ui::ProblemText::summary(code)));
    // A crossed-out heatmap cell: the reason in Chinese with core's numbers, not core's English.
    core::Scenario moe = core::defaultScenario();
    moe.model = core::presetModel(*core::findModelPreset("mixtral-8x7b"));
    moe.parallel.ep = 8;
    moe.parallel.dp = 8;
    ui::HeatmapGrid grid;
    grid.setHeatmap(
        core::heatmap(moe, core::heatAxis(core::Knob::dp), core::heatAxis(core::Knob::tp)), ui::HeatmapGrid::Memory);
    const auto& cells = grid.heatmap().cells;
    const auto refused = std::find_if(cells.begin(), cells.end(), [](const core::HeatCell& c) {
        return c.problem && c.problem->code == core::ProblemCode::ep_not_dividing_dp_cp;
    });
    REQUIRE(refused != cells.end());
    const QString tip = grid.toolTipOf(int(refused - cells.begin()));
    CHECK(tip.contains(ui::ProblemText::of(*refused->problem)));
    CHECK(hasChinese(tip));
    CHECK_FALSE(tip.contains(QStringLiteral("must divide")));
    ui::setLanguage(QStringLiteral("en"));
    QApplication::processEvents();
}

TEST_CASE("the loss-scaling lab and the plan-to-run features speak Chinese", "[widgets][i18n][loss-scale]")
{
    ui::PrecisionLab lab;
    REQUIRE(ui::setLanguage(QStringLiteral("zh_CN")));
    QApplication::processEvents();
    CHECK(hasChinese(lab.experiments()->tabText(1))); // 损失缩放
    CHECK(hasChinese(lab.lossScale()->fractions()->horizontalHeaderItem(1)->text()));
    CHECK(hasChinese(lab.lossScale()->chart()->chart()->title()));
    CHECK(hasChinese(lab.lossScale()->scalerText()));
    // The fractions themselves are numbers either way, the sign against them as Chinese writes it.
    CHECK(lab.lossScale()->fractions()->item(0, 1)->text().endsWith(QStringLiteral("%")));
    CHECK_FALSE(lab.lossScale()->fractions()->item(0, 1)->text().endsWith(QStringLiteral(" %")));
    CHECK(ui::formatPercent(8.04, 1) == QStringLiteral("8.0%"));
    // A framework's refusal and a log without steps, worded in Chinese.
    core::Problem refusal(
        core::ProblemCode::framework_cannot_express, { { "framework", 2 }, { "why", 1 } }, std::string("parallel.tp"));
    CHECK(hasChinese(ui::ProblemText::of(refusal)));
    CHECK(hasChinese(ui::ProblemText::of(core::Problem(core::ProblemCode::log_has_no_steps))));
    ui::setLanguage(QStringLiteral("en"));
    QApplication::processEvents();
    CHECK(lab.experiments()->tabText(1) == QStringLiteral("Loss scaling"));
}
