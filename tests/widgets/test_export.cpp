// Export for meetings: every chart at the chosen size and scale, SVG with paths, CSV that
// round-trips to core's numbers, and the report.
#include "app/main_window.h"
#include "core/estimate/estimate_io.h"
#include "core/scenario/scenario_io.h"
#include "core/search/plan_io.h"
#include "tests/widgets/log_text.h"
#include "tests/widgets/settle.h"
#include "widgets/charts/chart_export.h"
#include "widgets/charts/comparison_chart.h"
#include "widgets/dialogs/actual_dialog.h"
#include "widgets/dialogs/export_dialog.h"
#include "widgets/export/folder_export.h"
#include "widgets/export/report_export.h"
#include "widgets/inputs/input_panel.h"
#include "widgets/io/app_settings.h"
#include "widgets/io/launch_export.h"
#include "widgets/main_view.h"
#include "widgets/models/comparison_model.h"
#include "widgets/pages/comparison_view.h"
#include "widgets/pages/decision_guide_page.h"
#include "widgets/pages/planner_page.h"
#include "widgets/session/scenario_document.h"
#include "widgets/session/scenario_session.h"
#include "widgets/text/format.h"
#include "widgets/text/language.h"
#include "widgets/verdict_banner.h"

#include <QAbstractAxis>
#include <QAbstractTextDocumentLayout>
#include <QAction>
#include <QApplication>
#include <QChart>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QGuiApplication>
#include <QImage>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QProcess>
#include <QRegularExpression>
#include <QScreen>
#include <QSet>
#include <QSettings>
#include <QSlider>
#include <QSpinBox>
#include <QSplitter>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextTable>
#include <QTimer>
#include <QXmlStreamReader>
#include <catch2/catch.hpp>

#include <csignal>
#include <sys/resource.h>

using namespace ui;
using ui::test::settle;
using ui::test::waitUntil;

namespace {

/// An exported CSV less its last column, the scenario's name: the rest is core's table as the CLI writes it.
std::string withoutScenarioColumn(const QByteArray& csv)
{
    std::string out;
    for (const QByteArray& line : csv.split('\n')) {
        if (line.isEmpty()) continue;
        const qsizetype cut = line.endsWith('"') ? line.lastIndexOf(",\"") : line.lastIndexOf(',');
        out += line.left(cut).toStdString() + '\n';
    }
    return out;
}

} // namespace

TEST_CASE("exporting every chart and table of an example scenario", "[widgets][export]")
{
    const auto loaded = core::loadScenarioFile(
        std::string(TP_SOURCE_DIR) + "/resources/examples/gpt3-175b-narayanan.tpscenario.json");
    REQUIRE(loaded.ok());
    ScenarioSession session(*loaded.scenario);
    MainView w(&session);
    w.resize(1280, 800);
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    ExportOptions options;
    options.scale = 3;
    options.csvBom = true;
    const ExportResult r = exportAll(&w, &session, dir.path(), options);
    INFO(r.error.toStdString());
    REQUIRE(r.error.isEmpty());
    CHECK(r.files.size() >= 18);

    for (const char* chart : { "memory", "step_time", "scaling", "time_and_cost", "memory_over_step" }) {
        INFO(chart);
        const QImage png(dir.filePath(QStringLiteral("%1.png").arg(QLatin1String(chart))));
        CHECK(png.width() == 1200 * 3);
        CHECK(png.height() == 750 * 3);
        QFile svg(dir.filePath(QStringLiteral("%1.svg").arg(QLatin1String(chart))));
        REQUIRE(svg.open(QIODevice::ReadOnly));
        QXmlStreamReader xml(&svg);
        // Vector shapes (QSvgGenerator writes bars as rect, lines as polyline, curves as path) and text.
        int shapes = 0, paths = 0, texts = 0;
        while (!xml.atEnd())
            if (xml.readNext() == QXmlStreamReader::StartElement) {
                const auto n = xml.name();
                if (n == QLatin1String("path")) ++paths;
                if (n == QLatin1String("path") || n == QLatin1String("rect") || n == QLatin1String("polyline")
                    || n == QLatin1String("polygon"))
                    ++shapes;
                if (n == QLatin1String("text")) ++texts;
            }
        CHECK_FALSE(xml.hasError());
        CHECK(paths >= 1);
        CHECK(shapes > 10);
        CHECK(texts > 5);
        CHECK(QFile(dir.filePath(QStringLiteral("%1.pdf").arg(QLatin1String(chart)))).size() > 1000);
    }

    // CSV: BOM, then exactly core's table.
    QFile csv(dir.filePath(QStringLiteral("memory_stages.csv")));
    REQUIRE(csv.open(QIODevice::ReadOnly));
    const QByteArray bytes = csv.readAll();
    REQUIRE(bytes.startsWith("\xEF\xBB\xBF"));
    CHECK(withoutScenarioColumn(bytes.mid(3)) == core::memoryStagesCsv(session.results().estimate));
    // The total of stage 0 reads back to the estimate's number.
    const QStringList row = QString::fromUtf8(bytes.mid(3)).split(QLatin1Char('\n')).at(1).split(QLatin1Char(','));
    CHECK(row.at(10).toDouble() == session.results().estimate.memory.perStage[0].bytes.total());

    QFile report(dir.filePath(QStringLiteral("report.md")));
    REQUIRE(report.open(QIODevice::ReadOnly));
    const QString md = QString::fromUtf8(report.readAll());
    CHECK(md.contains(QStringLiteral("![")));
    CHECK(md.contains(QStringLiteral("Narayanan")));
    CHECK(md.contains(QStringLiteral("## Decision guide")));
    CHECK(md.contains(QStringLiteral("- [Required] **Distributed training code**")));
    // The report's tables are the on-screen tables: headers in words, memory in the unit
    // shown; core's snake_case keys and plain bytes stay in the CSV files.
    CHECK(md.contains(QStringLiteral("| Total (GiB) |")));
    CHECK(md.contains(QStringLiteral("Sent / GPU (GiB)")));
    CHECK_FALSE(md.contains(QStringLiteral("weights_bytes")));
    // The scaling chart's sweep in the CLI's sweep format; no plans without a search.
    QFile sweep(dir.filePath(QStringLiteral("scaling_sweep.csv")));
    REQUIRE(sweep.open(QIODevice::ReadOnly));
    CHECK(withoutScenarioColumn(sweep.readAll().mid(3)) == core::sweepToCsv(session.results().gpuSweep, "gpus"));
    CHECK_FALSE(QFile::exists(dir.filePath(QStringLiteral("plans.csv"))));
}

TEST_CASE("a plan search for the current scenario is exported in the CLI's plan formats", "[widgets][export]")
{
    ScenarioSession session(core::defaultScenario());
    MainView w(&session);
    w.viewOn<ui::PlannerPage>("planner")->start();
    REQUIRE(ui::test::waitUntil([&] { return !w.viewOn<ui::PlannerPage>("planner")->isRunning(); }));
    REQUIRE(w.viewOn<ui::PlannerPage>("planner")->isCurrent());
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const ExportResult r = exportAll(&w, &session, dir.path());
    REQUIRE(r.error.isEmpty());
    QFile csv(dir.filePath(QStringLiteral("plans.csv")));
    REQUIRE(csv.open(QIODevice::ReadOnly));
    CHECK(withoutScenarioColumn(csv.readAll()) == core::planToCsv(w.viewOn<ui::PlannerPage>("planner")->result()));
    CHECK(r.files.contains(QStringLiteral("plans.json")));
    // After an edit the search belongs to an older scenario: its plans are not exported with this one.
    session.document()->edit(QStringLiteral("layers"), [](core::Scenario& s) { s.model.arch.layers = 40; });
    QTemporaryDir later;
    REQUIRE(exportAll(&w, &session, later.path()).error.isEmpty());
    CHECK_FALSE(QFile::exists(later.filePath(QStringLiteral("plans.csv"))));
}

TEST_CASE("the report is also written as HTML with the charts and as a paginated PDF", "[widgets][export]")
{
    const auto loaded = core::loadScenarioFile(
        std::string(TP_SOURCE_DIR) + "/resources/examples/article-large-7b-64gpu.tpscenario.json");
    REQUIRE(loaded.ok());
    ScenarioSession session(*loaded.scenario);
    MainView w(&session);
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const ExportResult r = exportAll(&w, &session, dir.path());
    REQUIRE(r.error.isEmpty());
    CHECK(r.files.contains(QStringLiteral("report.pdf")));
    CHECK(r.files.contains(QStringLiteral("report.html")));

    QFile html(dir.filePath(QStringLiteral("report.html")));
    REQUIRE(html.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(html.readAll());
    // One file to hand on: its charts are in it, drawn at the page width.
    CHECK(text.count(QStringLiteral("<img src=\"data:image/png;base64,")) >= 4);
    CHECK(text.contains(QStringLiteral("alt=\"Memory per GPU")));
    CHECK(text.contains(QString::fromStdString(loaded.scenario->name).toHtmlEscaped()));

    QFile pdf(dir.filePath(QStringLiteral("report.pdf")));
    REQUIRE(pdf.open(QIODevice::ReadOnly));
    const QByteArray bytes = pdf.readAll();
    CHECK(bytes.startsWith("%PDF-"));
    // Several A4 pages (595 × 842 pt), with the four chart images embedded.
    CHECK(bytes.count("/Type /Page\n") >= 3);
    CHECK(bytes.contains("/MediaBox [0 0 595"));
    CHECK(bytes.count("/Subtype /Image") >= 4);
}

TEST_CASE("with two or more scenarios compared, the export adds the comparison charts, table and section",
    "[widgets][export]")
{
    ScenarioSession session(core::defaultScenario());
    MainView w(&session);
    w.viewOn<ui::ComparisonView>("compare")->showArticlePair();
    REQUIRE(w.viewOn<ui::ComparisonView>("compare")->count() == 2);
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const ExportResult r = exportAll(&w, &session, dir.path());
    REQUIRE(r.error.isEmpty());
    for (const char* f :
        { "comparison_memory.png", "comparison_memory.svg", "comparison_step_time.pdf", "comparison.csv" })
        CHECK(r.files.contains(QLatin1String(f)));
    QFile csv(dir.filePath(QStringLiteral("comparison.csv")));
    REQUIRE(csv.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(csv.readAll()).trimmed().split(QLatin1Char('\n'));
    CHECK(lines.size() == w.viewOn<ui::ComparisonView>("compare")->figures()->columnCount() + 1); // a row per scenario
    // The name with a comma is quoted, so every line has the same number of fields as the header.
    CHECK(lines.at(2).startsWith(QStringLiteral("\"")));
    // Exported comparison charts name the scenarios; on screen the bars keep their letters.
    const QImage png(dir.filePath(QStringLiteral("comparison_memory.png")));
    CHECK(png.width() == 2400);
    CHECK(w.viewOn<ui::ComparisonView>("compare")
              ->memoryChart()
              ->chart()
              ->axes(Qt::Horizontal)
              .first()
              ->property("categories")
              .toStringList()
        == QStringList({ QStringLiteral("A"), QStringLiteral("B") }));
    QFile md(dir.filePath(QStringLiteral("report.md")));
    REQUIRE(md.open(QIODevice::ReadOnly));
    CHECK(QString::fromUtf8(md.readAll()).contains(QStringLiteral("| Parameters |")));
}

TEST_CASE("the report is built from values alone, with no view", "[widgets][export][report]")
{
    // The report reads the results, never a widget's text, so it
    // says what the banner and the decision guide say for the same values, in the display unit.
    core::Scenario s = core::defaultScenario();
    s.name = "Report from values";
    ScenarioSession session(s);
    session.setByteUnit(ByteUnit::GiB);
    settle();
    ReportInputs in { session.results(), {}, {}, session.explanations() };
    const QString md = reportMarkdown(in);
    const auto& r = session.results();
    const VerdictBanner::Text verdict
        = VerdictBanner::textOf(r.estimate, QString::fromStdString(r.scenario.hardware.gpu.name), r.ranges);
    CHECK(md.startsWith(QStringLiteral("# Report from values\n\n**") + verdict.headline + QStringLiteral("**")));
    CHECK(verdict.headline.startsWith(QStringLiteral("Fits: ")));
    const DecisionGuidePage::Texts guide = DecisionGuidePage::textsOf(r.scenario, r.estimate, r.guide);
    REQUIRE(guide.checklist.size() == r.guide.checklist.size());
    for (const auto& item : guide.checklist)
        CHECK(md.contains(
            QStringLiteral("- [%1] **%2** — %3\n").arg(DecisionGuidePage::needText(item.need), item.title, item.body)));
    CHECK(md.contains(QStringLiteral("(GiB)")));
    CHECK_FALSE(md.contains(QStringLiteral("## Comparison")));
    // Training tokens in words; the appendix cites papers and the Help, not the repository's documents.
    CHECK(md.contains(QStringLiteral("| Training tokens | %1 |").arg(formatLargeNumber(s.training.tokens))));
    CHECK_FALSE(md.contains(QStringLiteral("docs/")));
    CHECK_FALSE(md.contains(QStringLiteral(".md")));
    // The display unit reaches it, as it reaches every view.
    session.setByteUnit(ByteUnit::GB);
    settle();
    in.results = session.results();
    const QString gb = reportMarkdown(in);
    CHECK(gb.contains(QStringLiteral("(GB)")));
    CHECK_FALSE(gb.contains(QStringLiteral("GiB)")));
    session.setByteUnit(ByteUnit::GiB);
    // A comparison is the model the Compare tab shows.
    ComparisonModel figures;
    figures.setEstimates({ QStringLiteral("A: one"), QStringLiteral("B: two") }, { r.estimate, r.estimate });
    in.tables = { { QStringLiteral("Comparison"), &figures } };
    const QString compared = reportMarkdown(in);
    CHECK(compared.contains(QStringLiteral("## Comparison\n\n|  | A: one | B: two |")));
    CHECK(compared.contains(QStringLiteral("| Parameters | 6.74 B | 6.74 B |")));
    CHECK(modelCsv(figures).startsWith(QStringLiteral(",A: one,B: two\nParameters,6.74 B,6.74 B\n")));
}

TEST_CASE("File > Save onto a full disk keeps the old file byte for byte and says so", "[widgets][export][hostile]")
{
    // Qt 6.4's QSaveFile::commit() renames a temporary file whose buffered flush has failed, leaving a
    // 0-byte scenario. A full disk without root: RLIMIT_FSIZE, lowered
    // for this process only while saving, with SIGXFSZ ignored so that the write fails with EFBIG.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("my.tpscenario.json"));
    const QByteArray original = QByteArray::fromStdString(core::scenarioToJson(core::defaultScenario()));
    {
        QFile f(path);
        REQUIRE(f.open(QIODevice::WriteOnly));
        f.write(original);
    }
    ScenarioSession session(core::defaultScenario());
    ScenarioDocument& doc = *session.document();
    MainWindow window(&session);
    REQUIRE(window.documents()->openFile(path));
    REQUIRE(doc.edit(QStringLiteral("test"), [](core::Scenario& s) { s.parallel.dp = 16; }));
    auto* save = window.findChild<QAction*>(QStringLiteral("saveAction"));
    REQUIRE(save);

    QString warning; // the dialog that says the save failed, closed as soon as it shows
    QTimer closer;
    QObject::connect(&closer, &QTimer::timeout, [&] {
        if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
            warning = box->text();
            box->reject();
        }
    });
    closer.start(10);
    rlimit old {};
    ::getrlimit(RLIMIT_FSIZE, &old);
    const auto oldHandler = std::signal(SIGXFSZ, SIG_IGN);
    const rlimit small { 256, old.rlim_max };
    ::setrlimit(RLIMIT_FSIZE, &small);
    save->trigger();
    ::setrlimit(RLIMIT_FSIZE, &old);
    std::signal(SIGXFSZ, oldHandler);
    closer.stop();

    QFile f(path);
    REQUIRE(f.open(QIODevice::ReadOnly));
    CHECK(f.readAll() == original);
    CHECK(warning.contains(QStringLiteral("unchanged")));
    CHECK(warning.contains(QStringLiteral("File too large")));
    CHECK(doc.isModified()); // still unsaved
    CHECK(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size() == 1); // no temporary file left

    save->trigger(); // with room again the same save succeeds
    f.close();
    REQUIRE(f.open(QIODevice::ReadOnly));
    CHECK(f.readAll().contains("\"dp\": 16"));
    CHECK_FALSE(doc.isModified());
}

TEST_CASE("File menu: launch settings saved beside their expectations, a training log held against the plan",
    "[widgets][launch][log]")
{
    ScenarioSession session(core::defaultScenario());
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    // DeepSpeed's JSON, and what the log should show beside it.
    const QString path = dir.filePath(QStringLiteral("ds_config.json"));
    CHECK(LaunchExport::save(session.scenario(), core::Framework::deepspeed, path).isEmpty());
    QFile json(path);
    REQUIRE(json.open(QIODevice::ReadOnly));
    CHECK(json.readAll().contains("\"train_micro_batch_size_per_gpu\": 1"));
    CHECK(QFile::exists(path + QStringLiteral(".expected.txt")));
    // A setting it cannot express: refused in words, nothing written.
    core::Scenario split = session.scenario();
    split.parallel.tp = 2;
    split.parallel.dp = 4;
    const QString refusedPath = dir.filePath(QStringLiteral("refused.json"));
    const QStringList refused = LaunchExport::save(split, core::Framework::deepspeed, refusedPath);
    REQUIRE(refused.size() == 1);
    CHECK(refused.front().contains(QStringLiteral("DeepSpeed")));
    CHECK_FALSE(QFile::exists(refusedPath));

    // A Megatron-LM log at 1.25 × the estimate on Megatron-Core's stack, which prices it: the dialog
    // says so, and applying the refit is one undo step.
    const auto onStack = [](core::Scenario s) {
        s.training.framework = core::SoftwareStack::megatron_core;
        return s;
    };
    const double planned = core::estimate(onStack(session.scenario())).compute.stepTimeS;
    std::string log;
    for (int i = 1; i <= 6; ++i)
        log += " iteration " + std::to_string(i * 10)
            + "/ 1000 | elapsed time per iteration (ms): " + std::to_string(1.25 * planned * 1000) + " |\n";
    core::Problem problem;
    auto comparison = ui::test::compareLogText(session, log, &problem);
    REQUIRE(comparison);
    CHECK(comparison->stepTimeS == Approx(1.25 * planned).epsilon(1e-5));
    ActualDialog dialog(&session, *comparison);
    CHECK(dialog.text().contains(QStringLiteral("+25.0 %")));
    const int steps = session.document()->undoStack()->count();
    dialog.applyRefit();
    CHECK(session.document()->undoStack()->count() == steps + 1);
    CHECK(session.scenario().efficiency.compute == Approx(comparison->refit.calibrated.efficiency.compute));
    CHECK(core::estimate(onStack(session.scenario())).compute.stepTimeS == Approx(1.25 * planned).epsilon(0.01));
    CHECK_FALSE(ui::test::compareLogText(session, "no steps here", &problem));
    CHECK(problem.code == core::ProblemCode::log_has_no_steps);
}

TEST_CASE("the first start uses most of the screen, and later starts restore the window and its splitters",
    "[widgets][settings][window]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, dir.path());
    QSettings().clear();
    const QRect available = QGuiApplication::primaryScreen()->availableGeometry();
    QList<int> sizes;
    {
        ScenarioSession session(core::defaultScenario());
        MainWindow window(&session);
        // Nothing saved: 85 % of the screen, or the window's own minimum where that is larger.
        CHECK(window.width() >= std::min(int(available.width() * 0.85), window.minimumSizeHint().width()) - 1);
        CHECK(window.width() >= int(available.width() * 0.8));
        // A 1366 × 768 laptop holds the whole window (the pipeline page's three views once made it 949
        // px high, and a 1280 × 800 screenshot came out taller).
        CHECK(window.minimumSizeHint().height() <= 768);
        CHECK(window.minimumSizeHint().width() <= 1366);
        window.show();
        QApplication::processEvents();
        auto* split = window.findChild<QSplitter*>(QStringLiteral("mainSplit"));
        REQUIRE(split);
        split->setSizes({ 420, 860 });
        sizes = split->sizes();
        REQUIRE(window.close()); // saves geometry and splitters
    }
    ScenarioSession session(core::defaultScenario());
    MainWindow again(&session);
    again.show();
    QApplication::processEvents();
    // The geometry was kept (Qt's restoreGeometry() then fits it to the screen it finds).
    CHECK_FALSE(ui::AppSettings::windowGeometry().isEmpty());
    auto* split = again.findChild<QSplitter*>(QStringLiteral("mainSplit"));
    REQUIRE(split);
    CHECK(split->sizes() == sizes);
    QSettings().clear();
}

TEST_CASE(
    "Ctrl+Z undoes while a number field has focus, and one control's quick changes are one step", "[widgets][undo]")
{
    ScenarioSession session(core::defaultScenario());
    ScenarioDocument& doc = *session.document();
    MainWindow window(&session);
    window.show();
    window.activateWindow();
    REQUIRE(QTest::qWaitForWindowActive(&window));
    auto* seq = window.mainView()->inputs()->findChild<QSpinBox*>(QStringLiteral("training.seq_len"));
    REQUIRE(seq);
    seq->setFocus();
    QApplication::processEvents();
    REQUIRE(seq->hasFocus());
    const int before = doc.scenario().training.seqLen;
    // Typed, not yet committed: Ctrl+Z commits it and undoes it (the line edit's own Ctrl+Z would do
    // nothing to the scenario).
    seq->selectAll();
    QTest::keyClicks(seq, QStringLiteral("2048"));
    QTest::keyClick(seq, Qt::Key_Z, Qt::ControlModifier);
    QApplication::processEvents();
    CHECK(doc.scenario().training.seqLen == before);
    CHECK(seq->value() == before);
    QTest::keyClick(seq, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier); // redo
    CHECK(doc.scenario().training.seqLen == 2048);
    // The window's other Ctrl shortcuts win in a number field too (Xvfb re-check: Ctrl+E, Export, was
    // the line edit's end-of-line); the clipboard's stay the field's.
    QKeyEvent exportKey(QEvent::ShortcutOverride, Qt::Key_E, Qt::ControlModifier);
    QApplication::sendEvent(seq, &exportKey);
    CHECK_FALSE(exportKey.isAccepted());
    QKeyEvent copyKey(QEvent::ShortcutOverride, Qt::Key_C, Qt::ControlModifier);
    QApplication::sendEvent(seq, &copyKey);
    CHECK(copyKey.isAccepted());

    // Three quick choices of one control are one step; after a pause, a new one.
    auto* recompute = window.mainView()->inputs()->findChild<QComboBox*>(QStringLiteral("parallel.recompute"));
    REQUIRE(recompute);
    const int steps = doc.undoStack()->count();
    for (int i : { 1, 2, 1 }) {
        recompute->setCurrentIndex(i);
        emit recompute->activated(i);
    }
    CHECK(doc.undoStack()->count() == steps + 1);
    QTest::qWait(1100);
    recompute->setCurrentIndex(2);
    emit recompute->activated(2);
    CHECK(doc.undoStack()->count() == steps + 2);
}

TEST_CASE(
    "keyboard: the result tabs from the inputs, Alt+S to the size slider, distinct mnemonics", "[widgets][keyboard]")
{
    ScenarioSession session(core::defaultScenario());
    MainWindow window(&session);
    window.show();
    window.activateWindow();
    REQUIRE(QTest::qWaitForWindowActive(&window));
    auto* tabs = window.mainView()->tabs();
    auto* gpu = window.mainView()->inputs()->findChild<QComboBox*>(QStringLiteral("hardware.gpu"));
    REQUIRE(gpu);
    gpu->setFocus();
    QApplication::processEvents();
    const QString gpuBefore = gpu->currentText();
    const int tab = tabs->currentIndex();
    // Ctrl+PgDn in the GPU combo turns the tab; the combo's own Ctrl+PgDn would choose "H100 PCIe".
    QTest::keyClick(gpu, Qt::Key_PageDown, Qt::ControlModifier);
    CHECK(tabs->currentIndex() == (tab + 1) % tabs->count());
    CHECK(gpu->currentText() == gpuBefore);
    QTest::keyClick(gpu, Qt::Key_PageUp, Qt::ControlModifier);
    CHECK(tabs->currentIndex() == tab);
    QTest::keyClick(gpu, Qt::Key_3, Qt::ControlModifier);
    CHECK(tabs->currentIndex() == 2);
    // The Size label's mnemonic focuses the slider.
    QTest::keyClick(&window, Qt::Key_S, Qt::AltModifier);
    QApplication::processEvents();
    auto* size = window.mainView()->inputs()->findChild<QSlider*>(QStringLiteral("modelSize"));
    REQUIRE(size);
    CHECK(size->hasFocus());
    // No menu uses one mnemonic twice (Help has "&Accurate" and "A&bout").
    for (QAction* menu : window.menuBar()->actions()) {
        QSet<QChar> letters;
        for (QAction* a : menu->menu()->actions()) {
            const QString text = a->text();
            const int at = text.indexOf(QLatin1Char('&'));
            if (at < 0 || at + 1 >= text.size()) continue;
            INFO(text.toStdString());
            CHECK_FALSE(letters.contains(text.at(at + 1).toLower()));
            letters.insert(text.at(at + 1).toLower());
        }
    }
}

TEST_CASE("every input explains itself: definition, unit, default with its source, file key", "[widgets][help]")
{
    // Every input, "ZeRO stage", "Virtual stages", "Memory-bound passes", "Bus bandwidth" and "DP/CP
    // overlap" among them, has a tooltip and What's This; the banner points to its formulas.
    ScenarioSession session(core::defaultScenario());
    MainWindow window(&session);
    auto* inputs = window.mainView()->inputs();
    QList<QWidget*> controls;
    for (auto* w : inputs->findChildren<QAbstractSpinBox*>())
        controls << w;
    for (auto* w : inputs->findChildren<QComboBox*>())
        controls << w;
    for (auto* w : inputs->findChildren<QCheckBox*>())
        controls << w;
    controls << inputs->findChild<QSlider*>(QStringLiteral("modelSize"))
             << inputs->findChild<QLineEdit*>(QStringLiteral("scenarioName"));
    REQUIRE(controls.size() > 70);
    for (QWidget* w : controls) {
        REQUIRE(w);
        // A spin box's inner line edit is not an input of its own.
        if (qobject_cast<QAbstractSpinBox*>(w->parentWidget()) || qobject_cast<QComboBox*>(w->parentWidget())) continue;
        INFO(w->objectName().toStdString());
        CHECK_FALSE(w->toolTip().isEmpty());
        CHECK_FALSE(w->whatsThis().isEmpty());
    }
    auto help = [&](const char* key) { return inputs->findChild<QWidget*>(QString::fromLatin1(key))->whatsThis(); };
    // The default is the default scenario's value, in the form's words, with where it comes from.
    CHECK(help("parallel.zero").contains(QStringLiteral("Default: 1 — shard optimizer states")));
    CHECK(help("parallel.zero").contains(QStringLiteral("Rajbhandari")));
    CHECK(help("efficiency.memory_bound_passes").contains(QStringLiteral("Default: 6 — the mechanism")));
    CHECK(help("efficiency.bus_bandwidth").contains(QStringLiteral("nccl-tests")));
    CHECK(help("efficiency.bus_bandwidth").contains(QStringLiteral("Range: 0.01 to 1")));
    CHECK(help("efficiency.comm_overlap").contains(QStringLiteral("an assumption, not fitted")));
    CHECK(help("parallel.virtual_stages").contains(QStringLiteral("Narayanan")));
    CHECK(help("parallel.virtual_stages").contains(QStringLiteral("<code>parallel.virtual_stages</code>")));
    // The label says billions; the field does not repeat it as "B" (in Chinese "（十亿）" + "B").
    CHECK(help("training.tokens").contains(QStringLiteral("Default: 2,000 — ")));
    CHECK(inputs->findChild<QDoubleSpinBox*>(QStringLiteral("training.tokens"))->suffix().isEmpty());
    CHECK(help("hardware.gpu.inter_node_gbps").contains(QStringLiteral("Unit: GB/s")));
    CHECK(help("parallel.tp").contains(QStringLiteral("Range: powers of two from 1 to 64")));
    // The label explains its field too.
    auto* zero = inputs->findChild<QWidget*>(QStringLiteral("parallel.zero"));
    bool labelled = false;
    for (auto* label : inputs->findChildren<QLabel*>())
        if (label->buddy() == zero) labelled = label->toolTip() == zero->toolTip();
    CHECK(labelled);
    // In Chinese, in Chinese.
    REQUIRE(ui::setLanguage(QStringLiteral("zh_CN")));
    QApplication::processEvents();
    CHECK(help("parallel.zero").contains(QStringLiteral("默认值")));
    CHECK_FALSE(help("parallel.zero").contains(QStringLiteral("Default")));
    ui::setLanguage(QStringLiteral("en"));
    QApplication::processEvents();
    // Help → What's This (Shift+F1), and the banner's cue to its formula tooltips.
    auto* whatsThis = window.findChild<QAction*>(QStringLiteral("whatsThis"));
    REQUIRE(whatsThis);
    CHECK(whatsThis->shortcut() == QKeySequence(Qt::SHIFT | Qt::Key_F1));
    auto* cue = window.mainView()->banner()->findChild<QLabel*>(QStringLiteral("formulaCue"));
    REQUIRE(cue);
    CHECK(cue->text().contains(QStringLiteral("formulas")));
}

namespace {

/// The report as exportAll builds it, from the view's figures.
ReportInputs reportOf(MainView& view, ScenarioSession& session)
{
    ReportInputs in { session.results(), {}, {}, session.explanations() };
    for (const auto& f : view.figures()) {
        const double height = in.charts.size() < 2 ? kReportFirstChartHeight : kReportChartHeight;
        in.charts.push_back({ f.title, f.file + QStringLiteral(".png"), reportFigureImage(f, height) });
    }
    return in;
}

/// The images of a laid-out document, with their page and rectangle.
struct Placed {
    QString name;
    QRectF rect;
};
std::vector<Placed> imagesOf(QTextDocument& doc)
{
    std::vector<Placed> out;
    for (QTextBlock block = doc.begin(); block.isValid(); block = block.next())
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QTextFragment fragment = it.fragment();
            if (!fragment.charFormat().isImageFormat()) continue;
            const QTextImageFormat image = fragment.charFormat().toImageFormat();
            const QRectF b = doc.documentLayout()->blockBoundingRect(block);
            out.push_back({ image.name(), QRectF(b.left(), b.top(), image.width(), image.height()) });
        }
    return out;
}

} // namespace

TEST_CASE("the report is a handout: page 1 verdict, inputs and two charts, readable fonts, no axis cut off",
    "[widgets][export][report]")
{
    // No right-hand axis clipped, no chart text under the minimum size on A4, tables in words.
    ScenarioSession session(core::defaultScenario());
    MainView view(&session);
    view.resize(1280, 800);
    const ReportInputs in = reportOf(view, session);
    REQUIRE(in.charts.size() >= 8);
    CHECK(in.charts[0].file == QStringLiteral("memory.png"));
    CHECK(in.charts[1].file == QStringLiteral("step_time.png"));
    const std::unique_ptr<QTextDocument> doc = reportDocument(in);
    CHECK(doc->pageCount() >= 4);
    const auto images = imagesOf(*doc);
    REQUIRE(images.size() == in.charts.size());
    // Page 1: both first charts end on it, below the verdict and the key inputs; the third does not.
    CHECK(images[1].rect.bottom() <= kReportPageHeight);
    CHECK(images[2].rect.top() >= kReportPageHeight);
    const QString text = doc->toPlainText();
    const int inputs = text.indexOf(QStringLiteral("Key inputs"));
    CHECK(text.indexOf(QStringLiteral("Fits: 54.8")) < inputs);
    CHECK(inputs > 0);
    CHECK(text.contains(QStringLiteral("TP 1 · PP 1 · DP 8 · CP 1 · EP 1 · ZeRO-1")));
    // Every chart at the printable width, drawn in the page's own units: a font keeps its point size
    // on paper, and none is below 8 pt.
    for (std::size_t i = 0; i < images.size(); ++i) {
        INFO(in.charts[i].file.toStdString());
        CHECK(images[i].rect.width() == Approx(int(kReportPageWidth)).margin(1));
        CHECK(
            in.charts[i].image.deviceIndependentSize().width() == Approx(kReportPageWidth).margin(0.5)); // whole pixels
    }
    for (const auto& f : view.figures()) {
        if (!f.chart) continue;
        INFO(f.file.toStdString());
        CHECK(smallestFontPt(f.chart) * reportFontScale(f.chart) >= kReportMinFontPt - 1e-9);
    }
    // The right-hand axis titles lie inside the chart, hence inside the page, not cut off.
    int rightAxes = 0;
    for (const auto& f : view.figures()) {
        if (!f.chart) continue;
        const QRectF title = axisTitleRect(
            f.chart, { kReportPageWidth, kReportChartHeight }, Qt::AlignRight, reportFontScale(f.chart));
        if (title.isNull()) continue;
        ++rightAxes;
        INFO(f.file.toStdString() << ": " << title.left() << " … " << title.right());
        CHECK(title.right() <= kReportPageWidth);
        CHECK(title.left() > kReportPageWidth * 0.8);
    }
    CHECK(rightAxes >= 2); // scaling, and time and cost
    // The page as printed: something on it, nothing past its width.
    const QImage page1 = renderReportPage(*doc, 0, 96);
    CHECK(page1.width() == int(std::ceil(kReportPageWidth)));
    int ink = 0;
    for (int y = 0; y < page1.height(); y += 4)
        for (int x = 0; x < page1.width(); x += 4)
            ink += page1.pixelColor(x, y) != Qt::white;
    CHECK(ink > 1000);
    // Tables: the header row repeats on every page, figures never wrap mid-number.
    const QString html = reportHtml(in, false);
    CHECK(html.contains(QRegularExpression(QStringLiteral("<thead><tr><th[^>]*>Stage</th>"))));
    CHECK(html.contains(QStringLiteral("Total (GiB)")));
    int figures = 0;
    for (QTextBlock block = doc->begin(); block.isValid(); block = block.next())
        if (block.text() == QLocale().toString(12.55, 'f', 2) && QTextCursor(block).currentTable()) {
            CHECK(block.blockFormat().nonBreakableLines()); // no number wrapped mid-digit
            ++figures;
        }
    CHECK(figures >= 2); // weights and gradients of Llama 2 7B, 12.55 GiB each
    // The formulas and the JSON in an appendix, after the tables.
    CHECK(text.indexOf(QStringLiteral("Appendix")) > text.indexOf(QStringLiteral("Communication per step")));
    CHECK(text.indexOf(QStringLiteral("\"format\": \"trainplanner-scenario\""))
        > text.indexOf(QStringLiteral("Appendix")));
}

TEST_CASE("the Chinese report: translated headers, the Simplified Chinese face in the PDF", "[widgets][export][report]")
{
    REQUIRE(ui::setLanguage(QStringLiteral("zh_CN")));
    QApplication::processEvents();
    ScenarioSession session(core::defaultScenario());
    MainView view(&session);
    view.resize(1280, 800);
    QTemporaryDir dir;
    ExportOptions options;
    options.figures = QStringList { QStringLiteral("memory"), QStringLiteral("step_time") };
    options.png = options.svg = options.pdf = false;
    const ExportResult r = exportAll(&view, &session, dir.path(), options);
    ui::setLanguage(QStringLiteral("en"));
    QApplication::processEvents();
    REQUIRE(r.error.isEmpty());
    QFile md(dir.filePath(QStringLiteral("report.md")));
    REQUIRE(md.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(md.readAll());
    CHECK(text.contains(QStringLiteral("关键输入")));
    CHECK(text.contains(QStringLiteral("合计")));
    CHECK_FALSE(text.contains(QStringLiteral("Total (GiB)")));
    CHECK_FALSE(text.contains(QStringLiteral("Key inputs")));
    // Tokens counted as Chinese counts them (万亿, 亿), never "2,000 十亿".
    CHECK_FALSE(text.contains(QStringLiteral("十亿")));
    CHECK(text.contains(QRegularExpression(QStringLiteral("训练词元数 \\| [0-9,.]+ (万亿|亿) \\|"))));
    // The Simplified Chinese font, not Noto Sans CJK JP (which draws some characters the Japanese way):
    // pdffonts (poppler-utils, installed by scripts/test.sh).
    const QString pdffonts = QStandardPaths::findExecutable(QStringLiteral("pdffonts"));
    REQUIRE_FALSE(pdffonts.isEmpty());
    QProcess fonts;
    fonts.start(pdffonts, { dir.filePath(QStringLiteral("report.pdf")) });
    REQUIRE(fonts.waitForFinished(30000));
    const QString list = QString::fromUtf8(fonts.readAllStandardOutput());
    INFO(list.toStdString());
    CHECK(list.contains(QStringLiteral("CJKsc"), Qt::CaseInsensitive));
    CHECK_FALSE(list.contains(QStringLiteral("CJKjp"), Qt::CaseInsensitive));
    // Every page is numbered, "n / N", as a handout's pages get shuffled (pdftotext, poppler-utils).
    const QString pdftotext = QStandardPaths::findExecutable(QStringLiteral("pdftotext"));
    REQUIRE_FALSE(pdftotext.isEmpty());
    QProcess text2;
    text2.start(pdftotext, { dir.filePath(QStringLiteral("report.pdf")), QStringLiteral("-") });
    REQUIRE(text2.waitForFinished(30000));
    const QString printed = QString::fromUtf8(text2.readAllStandardOutput());
    int pages = 0;
    // pdftotext keeps or drops the spaces around the slash as the glyphs' positions suggest.
    const QRegularExpression numbered(QStringLiteral("(\\d+)\\s*/\\s*(\\d+)"));
    for (auto it = numbered.globalMatch(printed); it.hasNext();)
        pages = std::max(pages, it.next().captured(2).toInt());
    CHECK(pages >= 3);
    for (int page = 1; page <= pages; ++page)
        CHECK(printed.contains(QRegularExpression(QStringLiteral("\\b%1\\s*/\\s*%2\\b").arg(page).arg(pages))));
}

TEST_CASE(
    "the export dialog writes what is ticked, every slide can be ticked, and it remembers", "[widgets][export][dialog]")
{
    // Not all-or-nothing: each figure is ticked or not, every chart kind among them, and the choices are
    // remembered.
    QTemporaryDir settingsDir;
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, settingsDir.path());
    QSettings().clear();
    ScenarioSession session(core::defaultScenario());
    MainWindow window(&session);
    window.resize(1280, 800);
    QTemporaryDir out;
    {
        ExportDialog dialog(window.mainView(), &session, &window);
        QListWidget* list = dialog.figureList();
        QStringList files;
        for (int i = 0; i < list->count(); ++i)
            files << list->item(i)->data(Qt::UserRole).toString();
        // Every chart with a slide is in the list, and the painted ones besides.
        const auto figures = window.mainView()->figures();
        for (QChart* chart : window.mainView()->presentableCharts()) {
            const bool listed = std::any_of(
                figures.begin(), figures.end(), [chart](const MainView::Figure& f) { return f.chart == chart; });
            INFO(chart->title().toStdString());
            CHECK(listed);
        }
        for (const char* f : { "memory", "step_time", "pipeline", "placement", "scaling", "reliability_goodput",
                 "reliability_checkpoints", "number_formats", "loss_scaling", "sensitivity" }) {
            INFO(f);
            CHECK(files.contains(QLatin1String(f)));
        }
        for (int i = 0; i < list->count(); ++i) {
            const QString file = list->item(i)->data(Qt::UserRole).toString();
            list->item(i)->setCheckState(
                file == QLatin1String("memory") || file == QLatin1String("pipeline") ? Qt::Checked : Qt::Unchecked);
        }
        dialog.findChild<QCheckBox*>(QStringLiteral("exportSvg"))->setChecked(false);
        dialog.findChild<QCheckBox*>(QStringLiteral("exportBom"))->setChecked(true);
        dialog.findChild<QCheckBox*>(QStringLiteral("exportMarkdown"))->setChecked(false);
        auto* scale = dialog.findChild<QComboBox*>(QStringLiteral("exportScale"));
        scale->setCurrentIndex(scale->findData(1));
        dialog.findChild<QLineEdit*>(QStringLiteral("exportName"))->setText(QStringLiteral("Board meeting, option A"));
        dialog.setFolder(out.path());
        dialog.setSubfolder(false); // straight into the (empty) folder: nothing to replace
        dialog.setPrefixNames(false); // the plain names
        const ExportResult r = dialog.run();
        INFO(r.error.toStdString());
        REQUIRE(r.error.isEmpty());
    }
    const QDir dir(out.path());
    CHECK(QImage(dir.filePath(QStringLiteral("memory.png"))).width() == 1200);
    CHECK(QImage(dir.filePath(QStringLiteral("pipeline.png"))).width() == 1200);
    CHECK(QFile::exists(dir.filePath(QStringLiteral("pipeline.pdf"))));
    CHECK_FALSE(QFile::exists(dir.filePath(QStringLiteral("memory.svg"))));
    CHECK_FALSE(QFile::exists(dir.filePath(QStringLiteral("scaling.png"))));
    CHECK_FALSE(QFile::exists(dir.filePath(QStringLiteral("report.md"))));
    CHECK(QFile::exists(dir.filePath(QStringLiteral("report.pdf"))));
    QFile csv(dir.filePath(QStringLiteral("estimate.csv")));
    REQUIRE(csv.open(QIODevice::ReadOnly));
    CHECK(csv.readAll().startsWith("\xEF\xBB\xBF"));
    QFile json(dir.filePath(QStringLiteral("estimate.json")));
    REQUIRE(json.open(QIODevice::ReadOnly));
    CHECK_FALSE(json.readAll().startsWith("\xEF\xBB\xBF")); // JSON never takes the BOM
    // The name corrected in the dialog is the scenario's, one undo step, and heads the report.
    CHECK(session.scenario().name == "Board meeting, option A");
    QFile html(dir.filePath(QStringLiteral("report.html")));
    REQUIRE(html.open(QIODevice::ReadOnly));
    CHECK(QString::fromUtf8(html.readAll()).contains(QStringLiteral("Board meeting, option A")));
    // Remembered: the next dialog opens with the same choices.
    ExportDialog again(window.mainView(), &session, &window);
    CHECK(again.folder() == out.path());
    CHECK_FALSE(again.subfolder());
    CHECK_FALSE(again.prefixNames());
    CHECK_FALSE(again.findChild<QCheckBox*>(QStringLiteral("exportSvg"))->isChecked());
    CHECK(again.findChild<QCheckBox*>(QStringLiteral("exportBom"))->isChecked());
    CHECK(again.findChild<QComboBox*>(QStringLiteral("exportScale"))->currentData().toInt() == 1);
    const ExportOptions o = again.options();
    REQUIRE(o.figures);
    CHECK(o.figures->contains(QStringLiteral("memory")));
    CHECK_FALSE(o.figures->contains(QStringLiteral("scaling")));
    QSettings().clear();
}
