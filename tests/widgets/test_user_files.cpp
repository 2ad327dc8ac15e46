// Nothing a user owns is overwritten, and files are taken as the user has them: an export never
// replaces a file it did not write without asking, names are limited in bytes as the file format
// limits them, file names that are not UTF-8 open, and files that cannot be opened at start say so
// in a dialog (a desktop entry has no terminal).
#include "app/main_window.h"
#include "core/scenario/scenario_io.h"
#include "tests/widgets/settle.h"
#include "widgets/dialogs/export_dialog.h"
#include "widgets/export/folder_export.h"
#include "widgets/inputs/input_panel.h"
#include "widgets/io/app_settings.h"
#include "widgets/io/launch_export.h"
#include "widgets/io/safe_save.h"
#include "widgets/main_view.h"
#include "widgets/pages/comparison_view.h"
#include "widgets/session/scenario_document.h"
#include "widgets/session/scenario_session.h"
#include "widgets/text/native_path.h"
#include "widgets/text/text_limit.h"

#include <QAbstractButton>
#include <QApplication>
#include <QCheckBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <catch2/catch.hpp>

#include <csignal>
#include <cstdlib>
#include <fstream>
#include <sys/resource.h>
#include <unistd.h>

using namespace ui;

namespace {

QByteArray contentOf(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void writeFile(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    REQUIRE(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}

/// The smallest export: one figure as PNG and the JSON (fast, and it names report-free files).
ExportOptions smallExport()
{
    ExportOptions o;
    o.figures = QStringList { QStringLiteral("memory") };
    o.svg = o.pdf = false;
    o.tables = false;
    o.reportMarkdown = o.reportHtml = false;
    o.reportPdf = true;
    return o;
}

/// Clicks `button` of the next message box named `name` when it appears (a modal box blocks the test).
void answerNextBox(const QString& name, QMessageBox::ButtonRole role, bool* seen)
{
    QTimer::singleShot(0, [=] {
        auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
        if (!box) {
            answerNextBox(name, role, seen); // not up yet
            return;
        }
        *seen = box->objectName() == name;
        for (QAbstractButton* b : box->buttons())
            if (box->buttonRole(b) == role) {
                b->click();
                return;
            }
        box->reject();
    });
}

} // namespace

TEST_CASE("an export into a folder with a user's files of the same names replaces none of them", "[widgets][files]")
{
    ScenarioSession session(core::defaultScenario());
    MainView view(&session);
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const QString thesis = dir.filePath(QStringLiteral("report.pdf"));
    const QString other = dir.filePath(QStringLiteral("scenario.tpscenario.json"));
    writeFile(thesis, "MY THESIS");
    writeFile(other, "another scenario");

    const ExportResult refused = exportAll(&view, &session, dir.path(), smallExport());
    CHECK_FALSE(refused.error.isEmpty());
    CHECK(
        refused.existing == QStringList({ QStringLiteral("scenario.tpscenario.json"), QStringLiteral("report.pdf") }));
    CHECK(refused.files.isEmpty());
    CHECK(contentOf(thesis) == "MY THESIS");
    CHECK(contentOf(other) == "another scenario");
    CHECK_FALSE(QFile::exists(dir.filePath(QStringLiteral("memory.png")))); // all or none

    // Agreed: replaced, all of them.
    ExportOptions agreed = smallExport();
    agreed.replaceExisting = true;
    const ExportResult replaced = exportAll(&view, &session, dir.path(), agreed);
    REQUIRE(replaced.error.isEmpty());
    CHECK(contentOf(thesis).startsWith("%PDF-"));
    CHECK(QFile::exists(dir.filePath(QStringLiteral("memory.png"))));

    // Its own files of this run are the export's to update, without asking…
    const ExportResult again = exportAll(&view, &session, dir.path(), smallExport());
    CHECK(again.error.isEmpty());
    // …unless the user changed one since.
    writeFile(dir.filePath(QStringLiteral("estimate.json")), "edited by hand");
    const ExportResult edited = exportAll(&view, &session, dir.path(), smallExport());
    CHECK(edited.existing == QStringList { QStringLiteral("estimate.json") });
    CHECK(contentOf(dir.filePath(QStringLiteral("estimate.json"))) == "edited by hand");
}

TEST_CASE("exports go to a new folder named after the scenario, ~ is the home folder", "[widgets][files]")
{
    QTemporaryDir home;
    REQUIRE(home.isValid());
    const QByteArray oldHome = qgetenv("HOME");
    qputenv("HOME", QFile::encodeName(home.path()));
    CHECK(resolveFolder(QStringLiteral("~/exports")) == home.filePath(QStringLiteral("exports")));
    CHECK(resolveFolder(QStringLiteral("~")) == QDir::cleanPath(home.path()));
    CHECK(resolveFolder(QStringLiteral("rel/x")) == QDir::current().absoluteFilePath(QStringLiteral("rel/x")));
    CHECK(resolveFolder(QStringLiteral("  ")).isEmpty());

    CHECK(folderNameFor(QStringLiteral("Llama 2 7B on 64 × A100")) == QStringLiteral("Llama 2 7B on 64 × A100"));
    CHECK(folderNameFor(QStringLiteral("a/b\\c:d*e?f\"g<h>i|j\nk")) == QStringLiteral("a-b-c-d-e-f-g-h-i-j-k"));
    CHECK(folderNameFor(QStringLiteral("..")) == QStringLiteral("TrainPlanner export"));
    CHECK(folderNameFor(QString(300, QChar(0x8BAD))).toUtf8().size() <= 100); // 训 × 300: cut whole

    ScenarioSession session(core::defaultScenario());
    MainView view(&session);
    const QString name = QString::fromStdString(session.scenario().name);
    const QString first = freshExportFolder(QStringLiteral("~/exports"), name);
    CHECK(first == home.filePath(QStringLiteral("exports/") + folderNameFor(name)));
    // A folder of that name that this run did not make is not used: the next name is.
    REQUIRE(QDir().mkpath(first));
    const QString second = freshExportFolder(QStringLiteral("~/exports"), name);
    CHECK(second == first + QStringLiteral(" (2)"));
    const ExportResult r = exportAll(&view, &session, second, smallExport());
    REQUIRE(r.error.isEmpty());
    CHECK(r.folder == second);
    // Each export its own folder, also after one of this run: two exports' files never mix.
    CHECK(freshExportFolder(QStringLiteral("~/exports"), name) == first + QStringLiteral(" (3)"));
    qputenv("HOME", oldHome);
}

TEST_CASE(
    "the export dialog shows where the files go and asks before replacing a user's file", "[widgets][files][dialog]")
{
    QTemporaryDir settingsDir;
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, settingsDir.path());
    QSettings().clear();
    ScenarioSession session(core::defaultScenario());
    MainWindow window(&session);
    window.resize(1280, 800);
    QTemporaryDir out;
    REQUIRE(out.isValid());
    const QString name = QString::fromStdString(session.scenario().name);

    // By default: a new folder named after the scenario, shown in full before anything is written.
    {
        ExportDialog dialog(window.mainView(), &session, &window);
        CHECK(dialog.subfolder());
        dialog.setFolder(out.path());
        dialog.setPrefixNames(false); // the plain names, "report.pdf"
        const QString expected = QDir(out.path()).filePath(folderNameFor(name));
        CHECK(dialog.targetFolder() == expected);
        const auto* target = dialog.findChild<QLabel*>(QStringLiteral("exportTarget"));
        CHECK(target->toolTip().contains(expected));
        // Shown, the label says as much of the path as its width holds, the whole path where it fits.
        dialog.resize(1100, 700);
        dialog.show();
        ui::test::settle();
        INFO(target->text().toStdString() << " in " << target->width() << " px");
        if (target->fontMetrics().horizontalAdvance(target->toolTip()) <= target->width())
            CHECK(target->text() == target->toolTip());
        else
            CHECK(target->fontMetrics().horizontalAdvance(target->text()) >= target->width() * 0.8);
        dialog.accept(); // nothing there to replace: no question; the export runs, then the dialog closes
        REQUIRE(ui::test::waitUntil([&] { return !dialog.isExporting(); }, 120000));
        CHECK(dialog.result() == QDialog::Accepted);
        const ExportResult r = dialog.run();
        REQUIRE(r.error.isEmpty());
        CHECK(r.folder == expected);
        CHECK(QFile::exists(QDir(expected).filePath(QStringLiteral("report.pdf"))));
    }
    // Straight into a folder that holds the user's report.pdf: asked; "Cancel" keeps the dialog open
    // and the file; "Replace" replaces it.
    const QString mine = out.filePath(QStringLiteral("report.pdf"));
    writeFile(mine, "MY THESIS");
    {
        ExportDialog dialog(window.mainView(), &session, &window);
        dialog.setFolder(out.path());
        dialog.setSubfolder(false);
        dialog.setPrefixNames(false);
        CHECK(dialog.targetFolder() == QDir::cleanPath(out.path()));
        bool asked = false;
        answerNextBox(QStringLiteral("exportReplace"), QMessageBox::RejectRole, &asked);
        dialog.accept();
        CHECK(asked);
        CHECK(dialog.result() != QDialog::Accepted);
        CHECK(contentOf(mine) == "MY THESIS");
        asked = false;
        answerNextBox(QStringLiteral("exportReplace"), QMessageBox::DestructiveRole, &asked);
        dialog.accept();
        CHECK(asked);
        REQUIRE(ui::test::waitUntil([&] { return !dialog.isExporting(); }, 120000));
        CHECK(dialog.result() == QDialog::Accepted);
        const ExportResult r = dialog.run();
        REQUIRE(r.error.isEmpty());
        CHECK(contentOf(mine).startsWith("%PDF-"));
    }
    QSettings().clear();
}

TEST_CASE("the name field holds at most the 200 bytes a file may hold, and a refused name is put back",
    "[widgets][files][name]")
{
    // 200 Chinese characters are 600 bytes: the field's old 200-character limit let them in, the
    // file refused them, and the field kept showing a name that was never applied.
    CHECK(cutToUtf8Bytes(QString(100, QChar(0x8BAD)), 200).size() == 66); // 66 × 3 bytes
    CHECK(cutToUtf8Bytes(QStringLiteral("ab") + QString::fromUcs4(U"\U0001F600"), 5) == QStringLiteral("ab"));
    CHECK(cutToUtf8Bytes(QStringLiteral("ab") + QString::fromUcs4(U"\U0001F600"), 6).size() == 4);

    ScenarioSession session(core::defaultScenario());
    InputPanel panel(&session);
    panel.show();
    auto* field = panel.findChild<QLineEdit*>(QStringLiteral("scenarioName"));
    REQUIRE(field);
    field->setFocus();
    field->selectAll();
    for (int i = 0; i < 100; ++i) { // typed one by one, as an input method delivers them
        QKeyEvent press(QEvent::KeyPress, 0, Qt::NoModifier, QString(QChar(0x8BAD)));
        QApplication::sendEvent(field, &press);
    }
    CHECK(field->text().toUtf8().size() <= int(core::kMaxNameBytes));
    CHECK(field->text().size() == 66);
    QTest::keyClick(field, Qt::Key_Return);
    ui::test::settle();
    CHECK(session.scenario().name == field->text().toStdString()); // applied: the name the field shows

    // A paste is cut at a whole character.
    field->selectAll();
    field->insert(QString(100, QChar(0x4E2D)));
    CHECK(field->text().toUtf8().size() <= int(core::kMaxNameBytes));

    // Typed at the start of a full name: the keystroke goes nowhere, the name's end stays.
    field->setText(QString(66, QChar(0x8BAD)) + QStringLiteral("ab"));
    REQUIRE(field->text().toUtf8().size() == 200);
    const QString full = field->text();
    field->setCursorPosition(0);
    QKeyEvent x(QEvent::KeyPress, Qt::Key_X, Qt::NoModifier, QStringLiteral("x"));
    QApplication::sendEvent(field, &x);
    CHECK(field->text() == full);

    // The export dialog's name field keeps the same limit.
    MainView view(&session);
    ExportDialog dialog(&view, &session);
    auto* exportName = dialog.findChild<QLineEdit*>(QStringLiteral("exportName"));
    exportName->setText(QString(250, QLatin1Char('x')));
    CHECK(exportName->text().size() == 200);

    // A refusal of another kind is shown at the field, and the field shows the scenario's name.
    const std::string before = session.scenario().name;
    field->setFocus();
    field->setText(QStringLiteral("x"));
    field->setModified(true);
    session.document()->edit(QStringLiteral("bad"), [](core::Scenario& s) { s.name = std::string(201, 'y'); });
    CHECK(session.scenario().name == before);
    CHECK(field->styleSheet().contains(QStringLiteral("border")));
}

TEST_CASE("a file name that is not UTF-8 opens, compares and saves under its own bytes", "[widgets][files]")
{
    // "lat\xe9" is Latin-1 for "laté": not UTF-8. Qt would read it as "lat\uFFFD", a file that does not exist.
    const QByteArray raw("lat\xe9.tpscenario.json");
    const QString asText = pathFromNative(raw);
    CHECK(nativePath(asText) == raw.toStdString());
    CHECK(pathFromNative("plain/名前.json") == QStringLiteral("plain/名前.json"));
    CHECK(nativePath(QStringLiteral("plain/名前.json")) == std::string("plain/名前.json"));
    CHECK(nativePath(pathFromNative("\xff\xfe\xc0\xaf"))
        == std::string("\xff\xfe\xc0\xaf")); // overlong '/' kept as bytes

    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const std::string path = QFile::encodeName(dir.path()).toStdString() + "/" + raw.toStdString();
    {
        std::ofstream out(path, std::ios::binary);
        out << core::scenarioToJson(core::defaultScenario());
    }
    const QString name = pathFromNative(QFile::encodeName(dir.path()) + "/" + raw);
    ScenarioSession session(core::defaultScenario());
    MainWindow window(&session);
    CHECK(window.documents()->openFile(name));
    CHECK(session.document()->filePath() == name);
    CHECK(window.documents()->openStartFiles({ name, name }).isEmpty());
    CHECK(window.mainView()->viewOn<ui::ComparisonView>("compare")->count() == 2);
    // Given relative, as a shell in its folder passes it: made absolute without losing the byte.
    char previous[4096];
    REQUIRE(::getcwd(previous, sizeof previous));
    REQUIRE(::chdir(QFile::encodeName(dir.path()).constData()) == 0);
    CHECK(window.documents()->openStartFiles({ pathFromNative(raw) }).isEmpty());
    REQUIRE(::chdir(previous) == 0);
    CHECK(nativePath(session.document()->filePath()) == path);
    // Saved back under the same bytes.
    REQUIRE(saveBytes(name, "{}").isEmpty());
    std::ifstream in(path, std::ios::binary);
    std::string text((std::istreambuf_iterator<char>(in)), {});
    CHECK(text == "{}");
    ::unlink(path.c_str()); // QTemporaryDir cannot name it to remove it
}

TEST_CASE("files that cannot be opened at start are named in a dialog, and the rest opens", "[widgets][files]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const QString good
        = QString::fromUtf8(TP_SOURCE_DIR) + QStringLiteral("/resources/scenarios/default.tpscenario.json");
    const QString bad = dir.filePath(QStringLiteral("broken.tpscenario.json"));
    writeFile(bad, R"({"format": "trainplanner-scenario", "version": 1, "model": {"preset": "no-such-model"}})");
    ScenarioSession session(core::defaultScenario());
    MainWindow window(&session);

    const QStringList problems = window.documents()->openStartFiles({ bad, good });
    REQUIRE(problems.size() == 1);
    CHECK(problems[0].contains(QStringLiteral("broken.tpscenario.json")));
    CHECK(problems[0].contains(QStringLiteral("model.preset")));
    CHECK(session.document()->filePath() == QFileInfo(good).absoluteFilePath()); // the good one opened

    // Five files from a file manager: four are compared, the fifth is named.
    const QStringList five = window.documents()->openStartFiles({ good, good, good, good, good });
    REQUIRE(five.size() == 1);
    CHECK(five[0].contains(QStringLiteral("four")));

    window.show();
    window.documents()->showStartProblems(problems);
    auto* box = window.findChild<QMessageBox*>(QStringLiteral("startProblems"));
    REQUIRE(box);
    CHECK(box->isVisible());
    CHECK(box->text().contains(QStringLiteral("broken.tpscenario.json")));
    CHECK(box->windowModality() != Qt::ApplicationModal); // the window stays usable
    box->close();
}

TEST_CASE("DeepSpeed's config and its expectations are saved as one set, and neither replaces a user's file",
    "[widgets][files][launch]")
{
    ScenarioSession session(core::defaultScenario());
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("ds.json"));
    writeFile(path, "ORIGINAL");
    // A folder where the expectations go: nothing is written, the config keeps its old bytes.
    REQUIRE(QDir().mkpath(path + QStringLiteral(".expected.txt")));
    CHECK_FALSE(LaunchExport::save(session.scenario(), core::Framework::deepspeed, path, true).isEmpty());
    CHECK(contentOf(path) == "ORIGINAL");
    REQUIRE(QDir().rmdir(path + QStringLiteral(".expected.txt")));
    // The user's config, not agreed to be replaced: named, kept.
    const QStringList kept = LaunchExport::save(session.scenario(), core::Framework::deepspeed, path);
    REQUIRE(kept.size() == 1);
    CHECK(kept[0].contains(QStringLiteral("ds.json")));
    CHECK(contentOf(path) == "ORIGINAL");
    CHECK_FALSE(QFile::exists(path + QStringLiteral(".expected.txt")));
    // Agreed: both written.
    CHECK(LaunchExport::save(session.scenario(), core::Framework::deepspeed, path, true).isEmpty());
    CHECK(contentOf(path).contains("train_micro_batch_size_per_gpu"));
    CHECK(QFile::exists(path + QStringLiteral(".expected.txt")));
}

TEST_CASE("an export that cannot be written leaves nothing, not even the folders it made", "[widgets][files]")
{
    ScenarioSession session(core::defaultScenario());
    MainView view(&session);
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const QString nested = dir.filePath(QStringLiteral("new/deeper/export"));
    // A full disk without root: RLIMIT_FSIZE for this process while it writes, SIGXFSZ ignored.
    rlimit old {};
    ::getrlimit(RLIMIT_FSIZE, &old);
    const auto oldHandler = std::signal(SIGXFSZ, SIG_IGN);
    const rlimit small { 4096, old.rlim_max };
    ::setrlimit(RLIMIT_FSIZE, &small);
    const ExportResult r = exportAll(&view, &session, nested, smallExport());
    ::setrlimit(RLIMIT_FSIZE, &old);
    std::signal(SIGXFSZ, oldHandler);
    CHECK(r.error.contains(QStringLiteral("File too large")));
    CHECK(r.files.isEmpty());
    CHECK_FALSE(QFileInfo::exists(dir.filePath(QStringLiteral("new"))));
    CHECK(QDir(dir.path()).isEmpty(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot));
}
