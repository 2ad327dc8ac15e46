// trainplanner: the desktop planner. `trainplanner [FILE]` opens the GUI;
// `trainplanner --screenshot PNG [--lang zh_CN] [FILE]` saves a picture of the main window
// without showing it (docs/DESIGN.md "Command line").

#include "app/main_window.h"
#include "core/base/file_io.h"
#include "core/base/printable.h"
#include "core/scenario/scenario_io.h"
#include "widgets/export/folder_export.h"
#include "widgets/io/app_settings.h"
#include "widgets/io/safe_save.h"
#include "widgets/main_view.h"
#include "widgets/pages/comparison_view.h"
#include "widgets/pages/planner_page.h"
#include "widgets/presentation_view.h"
#include "widgets/session/scenario_session.h"
#include "widgets/style/theme.h"
#include "widgets/text/language.h"
#include "widgets/text/native_path.h"
#include "widgets/text/scenario_name.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDialog>
#include <QDir>
#include <QImage>
#include <QPalette>
#include <QRegularExpression>
#include <QTabWidget>

#include <clocale>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <vector>

namespace {

/// Screenshots, exports, the help and the version need no display: choose the offscreen platform
/// before QApplication exists (without a display Qt's default platform aborts before any option is read).
void preferOffscreenForScreenshots(int argc, char** argv)
{
    for (int i = 1; i < argc; ++i)
        for (const char* option : { "--screenshot", "--export", "--help", "-h", "-?", "--help-all", "--version", "-v" })
            if (std::strcmp(argv[i], option) == 0 && !std::getenv("QT_QPA_PLATFORM"))
                qputenv("QT_QPA_PLATFORM", "offscreen");
}

/// The command line's options, each defined once: the parser is given them, and the modes ask it
/// about them.
struct Options {
    const QCommandLineOption screenshot { QStringLiteral("screenshot"),
        QStringLiteral("Save a picture of the main window to PNG and exit."), QStringLiteral("PNG") };
    const QCommandLineOption lang { QStringLiteral("lang"), QStringLiteral("Interface language, e.g. en or zh_CN."),
        QStringLiteral("LANG") };
    const QCommandLineOption size { QStringLiteral("size"),
        QStringLiteral("Window size for --screenshot, e.g. 1280x800."), QStringLiteral("WxH"),
        QStringLiteral("1280x800") };
    const QCommandLineOption tab { QStringLiteral("tab"),
        QStringLiteral("Tab shown for --screenshot: %1, or accuracy (the Help dialog).")
            .arg(ui::MainView::pageIds().join(QStringLiteral(", "))),
        QStringLiteral("TAB"), QStringLiteral("memory") };
    const QCommandLineOption exportDir { QStringLiteral("export"),
        QStringLiteral("Write every chart (PNG, SVG, PDF), table (CSV) and a report into a new folder named "
                       "after the scenario inside DIR, and exit."),
        QStringLiteral("DIR") };
    const QCommandLineOption noSubfolder { QStringLiteral("no-subfolder"),
        QStringLiteral("With --export: write into DIR itself; files already there are not replaced unless "
                       "--force is given.") };
    const QCommandLineOption force { QStringLiteral("force"),
        QStringLiteral("With --screenshot: replace an existing PNG. With --export --no-subfolder: replace files of "
                       "the same names in DIR. Never a file the command reads.") };
    const QCommandLineOption bom { QStringLiteral("bom"),
        QStringLiteral("With --export: start CSV files with a UTF-8 BOM (Excel).") };
    const QCommandLineOption plainNames { QStringLiteral("plain-names"),
        QStringLiteral("With --export: name the files memory.png, report.pdf, ... without the scenario's "
                       "short name before them.") };
    const QCommandLineOption slide { QStringLiteral("slide"),
        QStringLiteral("With --screenshot: save presentation slide N (1 = title) instead of the window."),
        QStringLiteral("N") };
    const QCommandLineOption dark { QStringLiteral("dark"),
        QStringLiteral("Dark colours (the Fusion style with a dark palette), for desktops without a dark style; "
                       "exported files stay light.") };
};

/// An exit status to end with at once; nothing to go on.
using EarlyExit = std::optional<int>;

void addOptions(QCommandLineParser& parser, const Options& o)
{
    parser.setApplicationDescription(QStringLiteral("Plan the resources of training large language models."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOptions({ o.screenshot, o.lang, o.size, o.tab, o.exportDir, o.noSubfolder, o.force, o.bom, o.plainNames,
        o.slide, o.dark });
    parser.addPositionalArgument(
        QStringLiteral("FILE"), QStringLiteral("Scenario file to open (*.tpscenario.json)."), QStringLiteral("FILE"));
    parser.addPositionalArgument(QStringLiteral("OTHER"),
        QStringLiteral("Up to three more scenario files, compared with FILE in the Compare tab "
                       "(and in --export's comparison charts, table and report)."),
        QStringLiteral("[OTHER...]"));
}

/// Parses the arguments and answers --help and --version. Bad usage exits 2, like the command-line
/// tool (QCommandLineParser::process() would exit 1); help and version exit 3 when they cannot be
/// written.
EarlyExit parse(QCommandLineParser& parser, int argc, char** argv)
{
    // The arguments as the bytes they are: a file name that is not UTF-8 stays openable (native_path.h).
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments << ui::pathFromNative(QByteArray(argv[i]));
    if (!parser.parse(arguments)) {
        std::fprintf(stderr, "trainplanner: %s\n(run trainplanner --help)\n", qPrintable(parser.errorText()));
        return 2;
    }
    if (parser.isSet(QStringLiteral("help")) || parser.isSet(QStringLiteral("version"))) {
        const QString text = parser.isSet(QStringLiteral("help"))
            ? parser.helpText()
            : QStringLiteral("%1 %2\n").arg(
                QCoreApplication::applicationName(), QCoreApplication::applicationVersion());
        const QByteArray bytes = text.toLocal8Bit();
        if (std::fwrite(bytes.constData(), 1, std::size_t(bytes.size()), stdout) != std::size_t(bytes.size())
            || std::fflush(stdout) != 0) {
            std::fprintf(stderr, "trainplanner: cannot write the output\n");
            return 3;
        }
        return 0;
    }
    return std::nullopt;
}

/// Options that only go together, or not at all: exit 2 with the rule.
EarlyExit checkCombinations(const QCommandLineParser& parser, const Options& o)
{
    // The picture's name first: "--screenshot my.tpscenario.json" (the PNG forgotten) would take the
    // scenario for the picture to write.
    if (parser.isSet(o.screenshot)
        && !parser.value(o.screenshot).endsWith(QLatin1String(".png"), Qt::CaseInsensitive)) {
        std::fprintf(stderr,
            "trainplanner: --screenshot %s: the picture's name must end in .png (to picture a scenario: "
            "trainplanner FILE --screenshot shot.png)\n",
            core::escapeControls(ui::nativePath(parser.value(o.screenshot))).c_str());
        return 2;
    }
    if ((parser.isSet(o.tab) || parser.isSet(o.size) || parser.isSet(o.slide)) && !parser.isSet(o.screenshot)) {
        std::fprintf(stderr, "trainplanner: --tab, --size and --slide go with --screenshot\n");
        return 2;
    }
    if (parser.isSet(o.screenshot) && parser.isSet(o.exportDir)) {
        std::fprintf(
            stderr, "trainplanner: --screenshot and --export cannot be combined; run them one after the other\n");
        return 2;
    }
    if (parser.isSet(o.exportDir) && parser.value(o.exportDir).trimmed().isEmpty()) {
        std::fprintf(stderr, "trainplanner: --export needs a folder\n");
        return 2;
    }
    if ((parser.isSet(o.noSubfolder) || parser.isSet(o.plainNames)) && !parser.isSet(o.exportDir)) {
        std::fprintf(stderr, "trainplanner: --no-subfolder and --plain-names go with --export\n");
        return 2;
    }
    if (parser.isSet(o.force) && !parser.isSet(o.exportDir) && !parser.isSet(o.screenshot)) {
        std::fprintf(stderr, "trainplanner: --force goes with --screenshot, or with --export and --no-subfolder\n");
        return 2;
    }
    if (parser.isSet(o.force) && parser.isSet(o.exportDir) && !parser.isSet(o.noSubfolder)) {
        std::fprintf(stderr,
            "trainplanner: --force replaces files in DIR itself: give --no-subfolder too (by default the export "
            "goes to a new folder and replaces nothing)\n");
        return 2;
    }
    return std::nullopt;
}

/// --lang wins; a screenshot is English unless asked otherwise (reproducible); the GUI remembers.
EarlyExit chooseLanguage(const QCommandLineParser& parser, const Options& o)
{
    QString language = ui::AppSettings::language();
    if (parser.isSet(o.screenshot) || parser.isSet(o.exportDir)) language = QStringLiteral("en");
    if (parser.isSet(o.lang)) {
        // Only the code of a language the tool has a translation for: anything else (a word, a
        // path) is refused, not taken for English without a word.
        language = parser.value(o.lang);
        static const QRegularExpression code(QStringLiteral("^[a-z]{2,3}(_[A-Z]{2})?$"));
        if (!code.match(language).hasMatch() || !ui::setLanguage(language)) {
            std::fprintf(stderr, "trainplanner: --lang: no translation for \"%s\" (available: en, zh_CN)\n",
                core::printable(language.toStdString(), 40).c_str());
            return 2;
        }
    }
    ui::setLanguage(language);
    return std::nullopt;
}

/// The files after FILE, for the Compare tab of a picture or an export: exit 2 on one too many or
/// one that cannot be read. Each is added to `inputs`.
EarlyExit addComparedFiles(ui::MainWindow& window, const core::Scenario& scenario, const QStringList& files,
    std::vector<core::InputFile>& inputs)
{
    if (files.size() <= 1) return std::nullopt;
    if (files.size() > 4) {
        std::fprintf(stderr, "trainplanner: at most four scenarios can be compared\n");
        return 2;
    }
    auto* comparison = window.mainView()->viewOn<ui::ComparisonView>("compare");
    comparison->add(scenario);
    for (qsizetype i = 1; i < files.size(); ++i) {
        const auto other = core::loadScenarioFile(ui::nativePath(files[i]));
        if (!other.ok()) {
            std::fprintf(stderr, "trainplanner: %s\n", core::escapeControls(other.error.toString()).c_str());
            return 2;
        }
        comparison->add(*other.scenario);
        inputs.push_back({ ui::nativePath(files[i]), "a scenario compared" });
        if (const std::string& profile = other.scenario->hardware.profile; !profile.empty())
            inputs.push_back({ profile, "a compared scenario's hardware profile" });
    }
    return std::nullopt;
}

/// --export DIR: every chart, table and the report, into a new folder in DIR (or DIR itself). `compared`:
/// the OTHER files and their profiles (the export adds FILE's itself).
int exportFolder(const QCommandLineParser& parser, const Options& o, ui::MainWindow& window,
    ui::ScenarioSession& session, const std::vector<core::InputFile>& compared)
{
    window.setWindowState(Qt::WindowNoState); // the size below, whatever the screen
    window.resize(1280, 800);
    ui::ExportOptions options;
    options.csvBom = parser.isSet(o.bom);
    options.replaceExisting = parser.isSet(o.force);
    options.inputs = compared;
    // As the export dialog names them by default: after the scenario, so that folders of files can be told apart.
    if (!parser.isSet(o.plainNames))
        options.prefix = ui::exportPrefix(session.scenario(), double(session.results().estimate.params.total));
    // The new folder is claimed by the export before it draws (mkdir: never another export's, never a
    // link planted there); the folder and its reason are checked then too.
    if (!parser.isSet(o.noSubfolder)) options.newFolderName = ui::ScenarioName::of(session.scenario());
    const auto result = ui::exportAll(window.mainView(), &session, parser.value(o.exportDir), options);
    if (!result.error.isEmpty()) {
        // --force helps only where it is allowed: into DIR itself, files of the user's there.
        const bool forceHelps = !result.existing.isEmpty() && parser.isSet(o.noSubfolder);
        std::fprintf(stderr, "trainplanner: %s%s\n", core::escapeControls(ui::nativePath(result.error)).c_str(),
            forceHelps ? " (give --force to replace them)" : "");
        return 3;
    }
    std::printf("wrote %lld files to %s\n", static_cast<long long>(result.files.size()),
        core::escapeControls(ui::nativePath(result.folder)).c_str());
    return 0;
}

/// --screenshot PNG: the window on the page --tab names (the Help dialog's accuracy table, or a
/// presentation slide with --slide), at --size, without showing it on a screen.
int saveScreenshot(const QCommandLineParser& parser, const Options& o, ui::MainWindow& window,
    ui::ScenarioSession& session, const std::vector<core::InputFile>& compared)
{
    std::vector<core::InputFile> inputs = ui::sessionInputs(session);
    inputs.insert(inputs.end(), compared.begin(), compared.end());
    // Refused before drawing: the command's own input (even with --force), a file there without --force.
    const QString out = ui::absolutePath(parser.value(o.screenshot));
    const std::string target = ui::nativePath(out);
    if (const std::string clash = core::clashWithInputs({ target }, inputs); !clash.empty()) {
        std::fprintf(stderr, "trainplanner: cannot write %s\n", core::escapeControls(clash).c_str());
        return 3;
    }
    if (!parser.isSet(o.force) && ui::isRegularFile(out)) { // a folder or a FIFO: the writer says what it is
        std::fprintf(stderr, "trainplanner: cannot write %s: it exists; give --force to replace it\n",
            core::escapeControls(target).c_str());
        return 3;
    }
    const QStringList wh = parser.value(o.size).split(QLatin1Char('x'));
    const int w = wh.value(0).toInt(), h = wh.value(1).toInt();
    if (wh.size() != 2 || w < 640 || h < 480 || w > 8000 || h > 8000) {
        std::fprintf(stderr, "trainplanner: --size must look like 1280x800 (at least 640x480)\n");
        return 2;
    }
    // The result pages, and the Help dialog's accuracy table.
    const QStringList tabs = ui::MainView::pageIds() << QStringLiteral("accuracy");
    if (!tabs.contains(parser.value(o.tab))) {
        std::fprintf(
            stderr, "trainplanner: --tab must be one of %s\n", tabs.join(QStringLiteral(", ")).toUtf8().constData());
        return 2;
    }
    window.mainView()->showPage(parser.value(o.tab));
    // The size asked for, not the maximised first window of a small (offscreen) screen.
    window.setWindowState(Qt::WindowNoState);
    window.resize(w, h);
    // The Compare tab shows the files given after FILE; without any, the source article's pair.
    if (parser.value(o.tab) == QLatin1String("compare")
        && window.mainView()->viewOn<ui::ComparisonView>("compare")->count() == 0)
        window.mainView()->viewOn<ui::ComparisonView>("compare")->showArticlePair();
    if (parser.value(o.tab) == QLatin1String("planner")) {
        // Show a finished search: run it and wait (the search takes milliseconds).
        auto* planner = window.mainView()->viewOn<ui::PlannerPage>("planner");
        planner->start();
        while (planner->isRunning())
            QApplication::processEvents(QEventLoop::AllEvents, 50);
        QApplication::processEvents();
    }
    window.show();
    // A few rounds: wrapped texts take their height once their width is known (InputPanel).
    for (int round = 0; round < 5; ++round)
        QApplication::processEvents();
    QImage picture;
    if (parser.isSet(o.slide)) {
        auto* presentation = window.createPresentation();
        const int n = parser.value(o.slide).toInt();
        if (n < 1 || n > presentation->slideCount()) {
            std::fprintf(stderr, "trainplanner: --slide must be between 1 and %d\n", presentation->slideCount());
            return 2;
        }
        picture = presentation->renderSlide(n - 1, QSize(w, h));
    } else if (parser.value(o.tab) == QLatin1String("accuracy")) {
        QDialog* dialog = window.createAccuracyDialog();
        dialog->resize(w, h);
        dialog->show();
        QApplication::processEvents();
        picture = dialog->grab().toImage();
    } else {
        picture = window.grab().toImage();
    }
    const QByteArray png = ui::encodePng(picture);
    const std::string refused = png.isEmpty()
        ? "cannot write " + target + ": the picture could not be encoded"
        : core::writeOutputFiles({ { target, png.toStdString() } }, inputs, parser.isSet(o.force));
    if (!refused.empty()) {
        std::fprintf(stderr, "trainplanner: %s\n", core::escapeControls(refused).c_str());
        return 3;
    }
    return 0;
}

/// The Fusion style with a dark palette: --dark, for desktops whose style has no dark variant. Charts, the
/// banner and the painted views follow the palette (widgets/style/theme.h).
void useDarkPalette()
{
    QApplication::setStyle(QStringLiteral("Fusion"));
    QApplication::setPalette(ui::theme::darkPalette());
}

} // namespace

int main(int argc, char** argv)
{
    preferOffscreenForScreenshots(argc, argv);
    QApplication app(argc, argv);
    // Numbers in files and messages are written and read in the "C" notation: QApplication has set the
    // user's locale for C's printf and strtod (a decimal comma in de_DE), which Qt's own advice undoes
    // for LC_NUMERIC (QCoreApplication's documentation, "Locale Settings").
    std::setlocale(LC_NUMERIC, "C");
    QApplication::setApplicationName(QStringLiteral("TrainPlanner"));
    QApplication::setOrganizationName(QStringLiteral("TrainPlanner"));
    QApplication::setApplicationVersion(QStringLiteral(TRAINPLANNER_VERSION));

    QCommandLineParser parser;
    const Options o;
    addOptions(parser, o);
    if (const EarlyExit code = parse(parser, argc, argv)) return *code;
    if (const EarlyExit code = checkCombinations(parser, o)) return *code;
    core::ignoreFileSizeSignal(); // a file-size limit is a write error (exit 3), not SIGXFSZ
    if (const EarlyExit code = chooseLanguage(parser, o)) return *code;
    if (parser.isSet(o.dark)) useDarkPalette();

    // Pictures and exports are made for scripts: a file that cannot be read is an error (exit 2). The
    // window opens what it can and says what it could not in a dialog: started from a file manager
    // (the desktop entry's %F) nobody reads stderr.
    const bool batch = parser.isSet(o.screenshot) || parser.isSet(o.exportDir);
    core::Scenario scenario = core::defaultScenario();
    QString path;
    std::vector<core::InputFile> compared; // the OTHER files a picture or an export reads: never replaced
    if (batch && !parser.positionalArguments().isEmpty()) {
        path = parser.positionalArguments().constFirst();
        const auto result = core::loadScenarioFile(ui::nativePath(path));
        if (!result.ok()) {
            std::fprintf(stderr, "trainplanner: %s\n", core::escapeControls(result.error.toString()).c_str());
            return 2;
        }
        scenario = *result.scenario;
    }
    ui::ScenarioSession session(scenario);
    if (!path.isEmpty()) session.document()->reset(scenario, ui::absolutePath(path));
    ui::MainWindow window(&session);
    QStringList startProblems;
    if (!batch) {
        QStringList files = parser.positionalArguments();
        ui::DocumentActions::StartOptions start;
        if (files.isEmpty()) // the last scenario, as it was left
            if (const QString last = ui::DocumentActions::lastScenarioToReopen(); !last.isEmpty()) {
                files << last;
                start.reopeningLast = true;
            }
        // Read on a worker within a time limit: a dead network mount cannot keep the window from opening.
        startProblems = window.documents()->openStartFiles(files, start);
        for (const QString& problem : std::as_const(startProblems))
            std::fprintf(stderr, "trainplanner: %s\n", core::escapeControls(problem.toStdString()).c_str());
    } else if (const EarlyExit code = addComparedFiles(window, scenario, parser.positionalArguments(), compared)) {
        return *code;
    }

    // The batch modes end with an exit status, whatever happens (a writer's exception once aborted them).
    try {
        if (parser.isSet(o.exportDir)) return exportFolder(parser, o, window, session, compared);
        if (parser.isSet(o.screenshot)) return saveScreenshot(parser, o, window, session, compared);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "trainplanner: could not finish: %s\n", core::printable(e.what(), 300).c_str());
        return 3;
    }
    window.show();
    window.documents()->showStartProblems(startProblems);
    return QApplication::exec();
}
