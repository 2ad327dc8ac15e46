// trainplanner: the desktop planner. `trainplanner [FILE]` opens the GUI;
// `trainplanner --screenshot PNG [--lang zh_CN] [FILE]` saves a picture of the main window
// without showing it (docs/DESIGN.md "Command line").

#include "app/main_window.h"
#include "core/file_io.h"
#include "core/printable.h"
#include "core/scenario_io.h"
#include "widgets/app_settings.h"
#include "widgets/export/report_export.h"
#include "widgets/export/safe_save.h"
#include "widgets/language.h"
#include "widgets/main_view.h"
#include "widgets/pages/comparison_view.h"
#include "widgets/pages/planner_page.h"
#include "widgets/presentation_view.h"
#include "widgets/session/scenario_session.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDialog>
#include <QDir>
#include <QFileInfo>
#include <QImage>
#include <QRegularExpression>
#include <QTabWidget>

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace {

/// Screenshots need no display: choose the offscreen platform before QApplication exists.
void preferOffscreenForScreenshots(int argc, char** argv)
{
    for (int i = 1; i < argc; ++i)
        if ((std::strcmp(argv[i], "--screenshot") == 0 || std::strcmp(argv[i], "--export") == 0)
            && !std::getenv("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
}

} // namespace

int main(int argc, char** argv)
{
    preferOffscreenForScreenshots(argc, argv);
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("TrainPlanner"));
    QApplication::setOrganizationName(QStringLiteral("TrainPlanner"));
    QApplication::setApplicationVersion(QStringLiteral(TRAINPLANNER_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Plan the resources of training large language models."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption screenshot(QStringLiteral("screenshot"),
        QStringLiteral("Save a picture of the main window to PNG and exit."), QStringLiteral("PNG"));
    const QCommandLineOption lang(
        QStringLiteral("lang"), QStringLiteral("Interface language, e.g. en or zh_CN."), QStringLiteral("LANG"));
    const QCommandLineOption size(QStringLiteral("size"),
        QStringLiteral("Window size for --screenshot, e.g. 1280x800."), QStringLiteral("WxH"),
        QStringLiteral("1280x800"));
    const QCommandLineOption tab(QStringLiteral("tab"),
        QStringLiteral("Tab shown for --screenshot: %1, or accuracy (the Help dialog).")
            .arg(ui::MainView::pageIds().join(QStringLiteral(", "))),
        QStringLiteral("TAB"), QStringLiteral("memory"));
    const QCommandLineOption exportDir(QStringLiteral("export"),
        QStringLiteral("Write every chart (PNG, SVG, PDF), table (CSV) and a report to DIR and exit."),
        QStringLiteral("DIR"));
    const QCommandLineOption bom(
        QStringLiteral("bom"), QStringLiteral("With --export: start CSV files with a UTF-8 BOM (Excel)."));
    const QCommandLineOption slide(QStringLiteral("slide"),
        QStringLiteral("With --screenshot: save presentation slide N (1 = title) instead of the window."),
        QStringLiteral("N"));
    parser.addOptions({ screenshot, lang, size, tab, exportDir, bom, slide });
    parser.addPositionalArgument(
        QStringLiteral("FILE"), QStringLiteral("Scenario file to open (*.tpscenario.json)."), QStringLiteral("FILE"));
    parser.addPositionalArgument(QStringLiteral("OTHER"),
        QStringLiteral("Up to three more scenario files, compared with FILE in the Compare tab "
                       "(and in --export's comparison charts, table and report)."),
        QStringLiteral("[OTHER...]"));
    // Bad usage exits 2 like the CLI (review DEF-13: process() exits 1); help and version exit 3
    // when they cannot be written.
    if (!parser.parse(QCoreApplication::arguments())) {
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
    if (parser.isSet(screenshot) && parser.isSet(exportDir)) {
        std::fprintf(
            stderr, "trainplanner: --screenshot and --export cannot be combined; run them one after the other\n");
        return 2;
    }
    core::ignoreFileSizeSignal(); // a file-size limit is a write error (exit 3), not SIGXFSZ

    // --lang wins; a screenshot is English unless asked otherwise (reproducible); the GUI remembers.
    QString language = ui::AppSettings::language();
    if (parser.isSet(screenshot) || parser.isSet(exportDir)) language = QStringLiteral("en");
    if (parser.isSet(lang)) {
        // A language the tool has a translation for, by its code (review DEF-14: "garbage" and a
        // path were silently taken for English).
        language = parser.value(lang);
        static const QRegularExpression code(QStringLiteral("^[a-z]{2,3}(_[A-Z]{2})?$"));
        if (!code.match(language).hasMatch() || !ui::setLanguage(language)) {
            std::fprintf(stderr, "trainplanner: --lang: no translation for \"%s\" (available: en, zh_CN)\n",
                core::printable(language.toStdString(), 40).c_str());
            return 2;
        }
    }
    ui::setLanguage(language);

    core::Scenario scenario = core::defaultScenario();
    QString path;
    if (!parser.positionalArguments().isEmpty()) {
        path = parser.positionalArguments().constFirst();
        const auto result = core::loadScenarioFile(path.toStdString());
        if (!result.ok()) {
            std::fprintf(stderr, "trainplanner: %s\n", core::escapeControls(result.error.toString()).c_str());
            return 2;
        }
        scenario = *result.scenario;
    }
    ui::ScenarioSession session(scenario);
    if (!path.isEmpty()) session.document()->reset(scenario, QFileInfo(path).absoluteFilePath());
    ui::MainWindow window(&session);
    if (const QStringList files = parser.positionalArguments(); files.size() > 1) {
        if (files.size() > 4) {
            std::fprintf(stderr, "trainplanner: at most four scenarios can be compared\n");
            return 2;
        }
        auto* comparison = window.mainView()->comparison();
        comparison->add(scenario);
        for (qsizetype i = 1; i < files.size(); ++i) {
            const auto other = core::loadScenarioFile(files[i].toStdString());
            if (!other.ok()) {
                std::fprintf(stderr, "trainplanner: %s\n", core::escapeControls(other.error.toString()).c_str());
                return 2;
            }
            comparison->add(*other.scenario);
        }
    }

    if (parser.isSet(exportDir)) {
        window.resize(1280, 800);
        ui::ExportOptions options;
        options.csvBom = parser.isSet(bom);
        const auto result = ui::exportAll(window.mainView(), &session, parser.value(exportDir), options);
        if (!result.error.isEmpty()) {
            std::fprintf(stderr, "trainplanner: %s\n", core::escapeControls(result.error.toStdString()).c_str());
            return 3;
        }
        std::printf("wrote %lld files to %s\n", static_cast<long long>(result.files.size()),
            qPrintable(parser.value(exportDir)));
        return 0;
    }
    if (parser.isSet(screenshot)) {
        const QStringList wh = parser.value(size).split(QLatin1Char('x'));
        const int w = wh.value(0).toInt(), h = wh.value(1).toInt();
        if (wh.size() != 2 || w < 640 || h < 480 || w > 8000 || h > 8000) {
            std::fprintf(stderr, "trainplanner: --size must look like 1280x800 (at least 640x480)\n");
            return 2;
        }
        // The result pages, and the Help dialog's accuracy table.
        const QStringList tabs = ui::MainView::pageIds() << QStringLiteral("accuracy");
        if (!tabs.contains(parser.value(tab))) {
            std::fprintf(stderr, "trainplanner: --tab must be one of %s\n",
                tabs.join(QStringLiteral(", ")).toUtf8().constData());
            return 2;
        }
        window.mainView()->showPage(parser.value(tab));
        window.resize(w, h);
        if (parser.value(tab) == QLatin1String("compare")) window.mainView()->comparison()->showArticlePair();
        if (parser.value(tab) == QLatin1String("planner")) {
            // Show a finished search: run it and wait (the search takes milliseconds).
            auto* planner = window.mainView()->plannerPage();
            planner->start();
            while (planner->isRunning())
                QApplication::processEvents(QEventLoop::AllEvents, 50);
            QApplication::processEvents();
        }
        window.show();
        // A few rounds: wrapped texts take their height once their width is known (InputPanel).
        for (int round = 0; round < 5; ++round)
            QApplication::processEvents();
        const QString out = parser.value(screenshot);
        QImage picture;
        if (parser.isSet(slide)) {
            auto* presentation = window.createPresentation();
            const int n = parser.value(slide).toInt();
            if (n < 1 || n > presentation->slideCount()) {
                std::fprintf(stderr, "trainplanner: --slide must be between 1 and %d\n", presentation->slideCount());
                return 2;
            }
            picture = presentation->renderSlide(n - 1, QSize(w, h));
        } else if (parser.value(tab) == QLatin1String("accuracy")) {
            QDialog* dialog = window.createAccuracyDialog();
            dialog->resize(w, h);
            dialog->show();
            QApplication::processEvents();
            picture = dialog->grab().toImage();
        } else {
            picture = window.grab().toImage();
        }
        if (const QString error = ui::savePng(picture, out); !error.isEmpty()) {
            std::fprintf(stderr, "trainplanner: cannot write %s\n", core::escapeControls(error.toStdString()).c_str());
            return 3;
        }
        return 0;
    }
    window.show();
    return QApplication::exec();
}
