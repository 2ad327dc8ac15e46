// What a user reads: the Help (every result page, every key the window has, on a small screen, in
// English and Chinese), words instead of the file's keys and plain money in the banner and its
// tooltips, counts in words, no pointer to a repository document, and the keyboard's reach.
#include "app/main_window.h"
#include "core/estimate/decision.h"
#include "core/estimate/estimate.h"
#include "core/estimate/explain.h"
#include "core/scenario/presets.h"
#include "core/scenario/scenario_fields.h"
#include "core/scenario/scenario_io.h"
#include "tests/widgets/example_scenario.h"
#include "tests/widgets/has_chinese.h"
#include "tests/widgets/settle.h"
#include "widgets/dialogs/help_dialog.h"
#include "widgets/inputs/field_texts.h"
#include "widgets/inputs/input_panel.h"
#include "widgets/main_view.h"
#include "widgets/pages/decision_guide_page.h"
#include "widgets/pages/page_registry.h"
#include "widgets/pages/what_if_page.h"
#include "widgets/painted/heatmap_grid.h"
#include "widgets/session/scenario_document.h"
#include "widgets/session/scenario_session.h"
#include "widgets/text/format.h"
#include "widgets/text/language.h"
#include "widgets/text/scenario_name.h"
#include "widgets/verdict_banner.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QRegularExpression>
#include <QScrollArea>
#include <QScrollBar>
#include <QStatusBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>
#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace ui;
using ui::test::example;
using ui::test::hasChinese;
using ui::test::settle;
using ui::test::waitUntil;

namespace {

/// The bundled examples and the default: small and large, one GPU and thousands, fitting and not.
std::vector<core::Scenario> scenarios()
{
    std::vector<core::Scenario> out { core::defaultScenario() };
    for (const char* name : { "article-small-700m-1gpu.tpscenario.json", "article-large-7b-64gpu.tpscenario.json",
             "deepseek-v3-2048-h800.tpscenario.json", "gpt3-175b-narayanan.tpscenario.json",
             "llama-3-70b-does-not-fit.tpscenario.json", "llama-3.1-405b-16k-h100.tpscenario.json",
             "lora-7b-rtx4090.tpscenario.json" })
        out.push_back(example(name));
    // bf16 weights without an fp32 master copy: a warning whose fix names a precision key.
    core::Scenario pure = core::defaultScenario();
    REQUIRE_FALSE(core::applyOverride(pure, "precision.master_weights=none"));
    out.push_back(pure);
    return out;
}

/// What a reader of the banner and its tooltips sees for the session's current results.
QStringList bannerTexts(MainWindow& window, ScenarioSession& session)
{
    settle();
    VerdictBanner* banner = window.mainView()->banner();
    QStringList texts { banner->headline(), banner->detailsText(), banner->warningsText(), banner->detailsToolTip() };
    for (const core::Explanation& x : session.explanations())
        texts << session.explanation(QString::fromStdString(x.key));
    return texts;
}

/// Every text a widget shows or explains itself with.
QStringList visibleTexts(const QWidget* root)
{
    QStringList out;
    for (const QWidget* w : root->findChildren<QWidget*>()) {
        out << w->toolTip() << w->whatsThis() << w->statusTip();
        if (const auto* label = qobject_cast<const QLabel*>(w)) out << label->text();
        if (const auto* button = qobject_cast<const QAbstractButton*>(w)) out << button->text();
        if (const auto* combo = qobject_cast<const QComboBox*>(w))
            for (int i = 0; i < combo->count(); ++i)
                out << combo->itemText(i) << combo->itemData(i, Qt::ToolTipRole).toString();
    }
    for (const QAction* a : root->findChildren<QAction*>())
        out << a->text() << a->toolTip() << a->statusTip() << a->whatsThis();
    return out;
}

} // namespace

TEST_CASE("the help names every result page and every key of the window and fits a small screen", "[widgets][help]")
{
    ScenarioSession session(core::defaultScenario());
    MainWindow window(&session);
    window.show();
    window.activateWindow();
    REQUIRE(QTest::qWaitForWindowActive(&window));
    QTest::keyClick(&window, Qt::Key_F1);
    auto* help = window.findChild<HelpDialog*>();
    REQUIRE(help);
    CHECK(help->isVisible());

    for (const char* language : { "en", "zh_CN" }) {
        INFO(language);
        REQUIRE(setLanguage(QString::fromLatin1(language)));
        QApplication::processEvents();
        const QString start = help->gettingStartedText();
        // Every page of the registry, with the question it answers.
        for (const PageRow& page : pageRows()) {
            INFO(page.id);
            REQUIRE(page.answers);
            CHECK(start.contains(QCoreApplication::translate("ui::MainView", page.title)));
            CHECK(start.contains(QCoreApplication::translate("ui::HelpDialog", page.answers)));
        }
        // Every action of the window that has keys, by its keys.
        const QString keys = help->shortcutsText();
        int shortcuts = 0;
        for (const QAction* action : window.findChildren<QAction*>())
            for (const QKeySequence& k : action->shortcuts()) {
                if (k.toString().contains(QLatin1String("Backtab"))) continue; // shown as Shift+Tab
                INFO(action->objectName().toStdString() << " " << k.toString().toStdString());
                CHECK(keys.contains(k.toString(QKeySequence::NativeText)));
                ++shortcuts;
            }
        CHECK(shortcuts >= 20);
        // The keys a user asks for, and the form's mnemonics (Alt+G: the GPU).
        for (const char* k : { "F1", "Ctrl+Z", "Ctrl+Y", "Ctrl+Shift+Z", "Ctrl+Tab", "Ctrl+Shift+Tab", "Ctrl+PgDown",
                 "Ctrl+E", "F5", "Shift+F1", "Alt+G", "Alt+S" })
            CHECK(keys.contains(QLatin1String(k)));
        // TP_FIT_SHOTS=DIR saves both pages as PNGs there, to look at (as test_window_fit does).
        if (const QByteArray dir = qgetenv("TP_FIT_SHOTS"); !dir.isEmpty()) {
            help->resize(1280 - kWindowFrame.width(), 720 - kWindowFrame.height());
            for (auto section : { HelpDialog::Section::gettingStarted, HelpDialog::Section::shortcuts }) {
                help->showSection(section);
                QApplication::processEvents();
                help->grab().save(QDir(QString::fromLocal8Bit(dir))
                                      .filePath(QStringLiteral("help-%1-%2.png")
                                                    .arg(QLatin1String(language))
                                                    .arg(section == HelpDialog::Section::shortcuts ? 1 : 0)));
            }
        }
        if (QLatin1String(language) == QLatin1String("zh_CN")) {
            CHECK(hasChinese(help->windowTitle()));
            CHECK(hasChinese(start));
            CHECK(hasChinese(keys));
        }
    }
    setLanguage(QStringLiteral("en"));
    QApplication::processEvents();

    // A 1920 × 1080 screen at 150 %: the dialog fits, its texts scroll.
    help->resize(1280 - kWindowFrame.width(), 720 - kWindowFrame.height());
    CHECK(help->minimumSizeHint().width() <= 1280 - kWindowFrame.width());
    CHECK(help->minimumSizeHint().height() <= 720 - kWindowFrame.height());
    CHECK(help->minimumSize().height() <= 720 - kWindowFrame.height());
    CHECK(help->width() <= 1280);
    CHECK(help->height() <= 720);

    // Keyboard Shortcuts opens the same window on its own page.
    CHECK(window.showHelp(1) == help);
    CHECK(window.findChildren<HelpDialog*>().size() == 1);
    help->close();
}

TEST_CASE("the help names the installed manual only where it is installed", "[widgets][help]")
{
    QTemporaryDir prefix;
    REQUIRE(prefix.isValid());
    const QDir root(prefix.path());
    REQUIRE(root.mkpath(QStringLiteral("bin")));
    CHECK(HelpDialog::installedManual(root.filePath(QStringLiteral("bin"))).docFolder.isEmpty());
    REQUIRE(root.mkpath(QStringLiteral("share/doc/trainplanner")));
    HelpDialog::Manual manual = HelpDialog::installedManual(root.filePath(QStringLiteral("bin")));
    CHECK(QDir(manual.docFolder) == QDir(root.filePath(QStringLiteral("share/doc/trainplanner"))));
    CHECK_FALSE(manual.manPage);
    REQUIRE(root.mkpath(QStringLiteral("share/man/man1")));
    QFile page(root.filePath(QStringLiteral("share/man/man1/trainplanner.1")));
    REQUIRE(page.open(QIODevice::WriteOnly));
    page.close();
    CHECK(HelpDialog::installedManual(root.filePath(QStringLiteral("bin"))).manPage);
    // The test binary runs from the build tree: no manual there, and the Help names none.
    ScenarioSession session(core::defaultScenario());
    MainWindow window(&session);
    HelpDialog help(&window);
    CHECK_FALSE(help.gettingStartedText().contains(QLatin1String("man trainplanner")));
}

TEST_CASE("the banner and its tooltips name settings as the form does and print plain money", "[widgets][words]")
{
    ScenarioSession session(core::defaultScenario());
    MainWindow window(&session);
    window.resize(1280, 800);
    window.show(); // the what-if page asks for its grid only while shown
    const QRegularExpression scientific(QStringLiteral(R"(\de[+-]\d)"));
    const QRegularExpression key(QStringLiteral(R"(\b(parallel|precision)\.[a-z])"));
    for (const char* language : { "en", "zh_CN" }) {
        REQUIRE(setLanguage(QString::fromLatin1(language)));
        QApplication::processEvents();
        for (const core::Scenario& s : scenarios()) {
            session.document()->reset(s, QString());
            for (const QString& text : bannerTexts(window, session)) {
                INFO(language << " " << s.name << ": " << text.toStdString());
                CHECK_FALSE(text.contains(scientific));
                CHECK_FALSE(text.contains(key));
                // GPUs by their names, not the catalog's keys.
                CHECK_FALSE(text.contains(QRegularExpression(QStringLiteral(R"(\b[ah]100-(sxm|80gb|40gb)\b)"))));
            }
        }
    }
    setLanguage(QStringLiteral("en"));
    QApplication::processEvents();

    // The default's cost, over $100,000, reads with digit groups in its tooltip; its accumulation
    // warning offers the fix in the form's words.
    session.document()->reset(core::defaultScenario(), QString());
    settle();
    VerdictBanner* banner = window.mainView()->banner();
    CHECK(banner->detailsToolTip().contains(QRegularExpression(QStringLiteral(R"(= \$\d{3},\d{3}\b)"))));
    CHECK(banner->warningsText().contains(QStringLiteral("Set Gradients to FP32")));
    CHECK(banner->detailsText().contains(QStringLiteral("NVIDIA A100 SXM 80GB, data parallel")));
    // Throughput as a log shows it: tokens per second in all and per GPU, TFLOP/s per GPU.
    const core::Estimate e = core::estimate(core::defaultScenario());
    const QString details = banner->detailsText();
    CHECK(details.contains(QStringLiteral("%1 tokens/s").arg(formatSignificant(e.compute.tokensPerS, 3))));
    CHECK(details.contains(QStringLiteral("(%1 per GPU)").arg(formatSignificant(e.compute.tokensPerS / 8, 3))));
    CHECK(details.contains(QStringLiteral(" TFLOP/s per GPU")));
    // Llama 2 7B at 4,096 tokens, 8 × A100 (312 TFLOP/s bf16): tokens/s × 6 × 6.74e9 ≈ model FLOP/s
    // (Kaplan et al. 2020's 6N per token, attention aside), within the attention share.
    const double sixN = e.compute.tokensPerS / 8 * 6 * 6.74e9 / 1e12;
    const QRegularExpression tflops(QStringLiteral(R"(· ([\d.,]+) TFLOP/s per GPU)"));
    const auto match = tflops.match(details);
    REQUIRE(match.hasMatch());
    const double shown = QLocale().toDouble(match.captured(1));
    CHECK(shown > sixN);
    CHECK(shown < sixN * 1.25);
    // The command line's figure: one number for one run.
    CHECK(match.captured(1) == formatSignificant(e.compute.tflopsPerGpu, 3));

    // A what-if cell's tooltip names its axes.
    window.mainView()->showPage(QStringLiteral("whatif"));
    auto* grid = window.mainView()->viewOn<ui::WhatIfPage>("whatif")->grid();
    REQUIRE(waitUntil([&] { return !grid->heatmap().cells.empty(); }));
    for (int i = 0; i < int(grid->heatmap().cells.size()); ++i) {
        const QString tip = grid->toolTipOf(i);
        INFO(tip.toStdString());
        CHECK_FALSE(tip.contains(QRegularExpression(QStringLiteral(R"(\b(parallel|precision|training)\.[a-z])"))));
        CHECK_FALSE(tip.contains(scientific));
    }
}

TEST_CASE("the banner gives a GPU's memory as the form does, decimals kept", "[widgets][words]")
{
    // H100 SXM as nvidia-smi reports it, 79.65 GiB: the banner said "80 GiB" beside a form saying 79.65.
    core::Scenario s = core::defaultScenario();
    const core::GpuPreset* h100 = core::findGpuPreset("h100-sxm");
    REQUIRE(h100);
    s.hardware.gpu = h100->spec;
    const core::Estimate e = core::estimate(s);
    setDisplayByteUnit(ByteUnit::GiB);
    const VerdictBanner::Text banner = VerdictBanner::textOf(e, QString::fromStdString(h100->spec.name), std::nullopt);
    CHECK(banner.headline.contains(
        QStringLiteral("of %1 per GPU").arg(formatCapacity(h100->spec.memoryGib * 1073741824.0))));
    CHECK(formatCapacity(79.65 * 1073741824.0) == QStringLiteral("79.65") + QChar(0x202F) + QStringLiteral("GiB"));
    CHECK(formatCapacity(80 * 1073741824.0) == QStringLiteral("80") + QChar(0x202F) + QStringLiteral("GiB"));
}

TEST_CASE("counts read as words: one node, one replica, fewer than one interruption", "[widgets][words]")
{
    CHECK(VerdictBanner::interruptionsText(0.04) == QStringLiteral("fewer than one interruption over the run"));
    CHECK(VerdictBanner::interruptionsText(1.2) == QStringLiteral("about one interruption over the run"));
    CHECK(VerdictBanner::interruptionsText(5.4) == QStringLiteral("about 5 interruptions over the run"));
    setDisplayByteUnit(ByteUnit::GiB);
    CHECK(formatBytesRounded(5e6) == QStringLiteral("< 0.01") + QChar(0x202F) + QStringLiteral("GiB"));
    CHECK(formatBytesRounded(0.25 * 1073741824.0) == QStringLiteral("0.25") + QChar(0x202F) + QStringLiteral("GiB"));
    CHECK(formatBytesRounded(3.44 * 1073741824.0) == QStringLiteral("3.4") + QChar(0x202F) + QStringLiteral("GiB"));
    CHECK(formatBytesRounded(170.2 * 1073741824.0) == QStringLiteral("170") + QChar(0x202F) + QStringLiteral("GiB"));

    // A 700M model on one GPU: one node, one replica, no interruption to speak of.
    const core::Scenario s = example("article-small-700m-1gpu.tpscenario.json");
    const core::Estimate e = core::estimate(s);
    const VerdictBanner::Text banner = VerdictBanner::textOf(e, QStringLiteral("A100"), std::nullopt);
    QStringList texts { banner.details };
    const auto guide = DecisionGuidePage::textsOf(s, e, core::decide(s, e));
    for (const auto& item : guide.checklist)
        texts << item.body;
    for (const QString& text : texts) {
        INFO(text.toStdString());
        CHECK_FALSE(text.contains(QRegularExpression(QStringLiteral(R"(\b1 (nodes|replicas|interruptions|GPUs)\b)"))));
        CHECK_FALSE(text.contains(QStringLiteral("about 0 ")));
        CHECK_FALSE(text.contains(QRegularExpression(QStringLiteral(R"(\(0 Gi?B\))"))));
    }
    CHECK(texts.join(QLatin1Char('\n')).contains(QStringLiteral("one node")));
    CHECK(texts.join(QLatin1Char('\n')).contains(QStringLiteral("one replica")));
}

TEST_CASE("large counts read in the steps of the interface language", "[widgets][words][i18n]")
{
    // English counts by thousands; Chinese by ten-thousands: 2 x 10^12 tokens is 2 万亿, never
    // "2,000 十亿".
    REQUIRE(setLanguage(QStringLiteral("en")));
    CHECK(formatLargeNumber(2e12) == QStringLiteral("2 trillion"));
    CHECK(formatLargeNumber(3e11) == QStringLiteral("300 billion"));
    CHECK(formatLargeNumber(1.5e7) == QStringLiteral("15 million"));
    CHECK(formatLargeNumber(12345) == QStringLiteral("12,345"));
    REQUIRE(setLanguage(QStringLiteral("zh_CN")));
    CHECK(formatLargeNumber(2e12) == QStringLiteral("2 万亿"));
    CHECK(formatLargeNumber(3e11) == QStringLiteral("3,000 亿"));
    CHECK(formatLargeNumber(1.5e7) == QStringLiteral("1,500 万"));
    CHECK(formatLargeNumber(15e12) == QStringLiteral("15 万亿"));
    // Sentences follow on after "。", with no space.
    CHECK(sentenceGap().isEmpty());
    // A compared scenario's letter takes the full-width colon in a Chinese sentence.
    CHECK(ScenarioName::lettered(1, QStringLiteral("甲")) == QStringLiteral("B：甲"));
    setLanguage(QStringLiteral("en"));
    CHECK(ScenarioName::lettered(1, QStringLiteral("x")) == QStringLiteral("B: x"));
    CHECK(sentenceGap() == QStringLiteral(" "));
}

TEST_CASE("no text a user sees points to a repository document", "[widgets][words][help]")
{
    ScenarioSession session(core::defaultScenario());
    MainWindow window(&session);
    window.resize(1280, 800);
    window.show();
    HelpDialog help(&window);
    const QRegularExpression document(QStringLiteral(R"(\.md\b|\bdocs/)"));
    for (const char* language : { "en", "zh_CN" }) {
        REQUIRE(setLanguage(QString::fromLatin1(language)));
        QApplication::processEvents();
        QStringList texts = visibleTexts(&window);
        texts << help.gettingStartedText() << help.shortcutsText();
        for (const core::Field& field : core::scenarioFields())
            if (const FieldText* text = fieldText(field.path)) texts << fieldHelp(field, *text);
        for (const core::Scenario& s : scenarios()) {
            session.document()->reset(s, QString());
            texts << bannerTexts(window, session);
        }
        for (const QString& text : texts) {
            INFO(language << ": " << text.toStdString());
            CHECK_FALSE(text.contains(document));
        }
    }
    setLanguage(QStringLiteral("en"));
    QApplication::processEvents();
}

TEST_CASE(
    "keyboard: a mnemonic scrolls its field into view, Ctrl+Tab turns the tabs, Ctrl+Y redoes", "[widgets][keyboard]")
{
    ScenarioSession session(core::defaultScenario());
    MainWindow window(&session);
    window.setWindowState(Qt::WindowNoState);
    window.resize(1280, 600); // the GPU field lies below the form's visible part
    window.show();
    window.activateWindow();
    REQUIRE(QTest::qWaitForWindowActive(&window));
    auto* inputs = window.mainView()->inputs();
    auto* area = qobject_cast<QScrollArea*>(inputs->parentWidget()->parentWidget());
    REQUIRE(area);
    auto* gpu = inputs->findChild<QComboBox*>(QStringLiteral("hardware.gpu"));
    REQUIRE(gpu);
    area->verticalScrollBar()->setValue(0);
    settle();
    auto inSight = [&](QWidget* w) {
        const QRect shown(w->mapTo(area->viewport(), QPoint(0, 0)), w->size());
        return area->viewport()->rect().contains(shown);
    };
    REQUIRE_FALSE(inSight(gpu));
    QTest::keyClick(&window, Qt::Key_G, Qt::AltModifier);
    settle();
    CHECK(gpu->hasFocus());
    CHECK(inSight(gpu));

    // Ctrl+Tab and Ctrl+Shift+Tab from the form turn the result tabs.
    auto* tabs = window.mainView()->tabs();
    const int tab = tabs->currentIndex();
    QTest::keyClick(gpu, Qt::Key_Tab, Qt::ControlModifier);
    CHECK(tabs->currentIndex() == (tab + 1) % tabs->count());
    QTest::keyClick(gpu, Qt::Key_Backtab, Qt::ControlModifier | Qt::ShiftModifier);
    CHECK(tabs->currentIndex() == tab);
    QTest::keyClick(gpu, Qt::Key_Tab, Qt::ControlModifier | Qt::ShiftModifier);
    CHECK(tabs->currentIndex() == (tab + tabs->count() - 1) % tabs->count());
    CHECK(gpu->hasFocus());

    // Ctrl+Y redoes what Ctrl+Z undid.
    const core::Scenario before = session.document()->scenario();
    REQUIRE(session.document()->edit(QStringLiteral("more GPUs"), [](core::Scenario& s) { s.parallel.dp = 16; }));
    const core::Scenario after = session.document()->scenario();
    QTest::keyClick(&window, Qt::Key_Z, Qt::ControlModifier);
    CHECK(session.document()->scenario() == before);
    QTest::keyClick(&window, Qt::Key_Y, Qt::ControlModifier);
    CHECK(session.document()->scenario() == after);
}

TEST_CASE("a status message of the other language is cleared when the language changes", "[widgets][i18n]")
{
    ScenarioSession session(core::defaultScenario());
    MainWindow window(&session);
    window.statusBar()->showMessage(QStringLiteral("Estimate copied as JSON"), 60000);
    auto* note = window.findChild<QLabel*>(QStringLiteral("planLaunchNote"));
    REQUIRE(note);
    note->setText(QStringLiteral("Not copied: …"));
    REQUIRE(setLanguage(QStringLiteral("zh_CN")));
    QApplication::processEvents();
    CHECK(window.statusBar()->currentMessage().isEmpty());
    CHECK(note->text().isEmpty());
    setLanguage(QStringLiteral("en"));
    QApplication::processEvents();
}
