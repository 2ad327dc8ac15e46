// The window and every dialog fit a laptop screen: 1366 × 768 with a top bar and a title bar leaves
// about 700 logical pixels, and 150 % scaling of 1920 × 1080 leaves 1280 × 720. Tall or wide content
// scrolls instead of raising a minimum size, and a first window never runs off the screen.
// TP_FIT_SHOTS=DIR saves each window and dialog as a PNG there, to look at.

#include "app/main_window.h"
#include "core/scenario/scenario.h"
#include "tests/widgets/example_scenario.h"
#include "tests/widgets/log_text.h"
#include "tests/widgets/settle.h"
#include "widgets/dialogs/actual_dialog.h"
#include "widgets/dialogs/calibration_dialog.h"
#include "widgets/dialogs/export_dialog.h"
#include "widgets/main_view.h"
#include "widgets/session/scenario_session.h"
#include "widgets/style/fitted_tabs.h"
#include "widgets/text/language.h"

#include <QApplication>
#include <QDialog>
#include <QDir>
#include <QGuiApplication>
#include <QHeaderView>
#include <QScreen>
#include <QScrollBar>
#include <QSettings>
#include <QTableView>
#include <QTemporaryDir>
#include <catch2/catch.hpp>
#include <climits>

#include <memory>
#include <string>

using namespace ui;
using ui::test::example;
using ui::test::settle;

namespace {

constexpr QSize kLaptop { 1366, 700 }; // 1366 × 768 less a top bar and a title bar
constexpr QSize kScaled { 1280, 720 }; // 1920 × 1080 at 150 %

/// Settings in a fresh folder: no saved geometry or splitter sizes reach the window.
struct FreshSettings {
    QTemporaryDir dir;
    FreshSettings()
    {
        REQUIRE(dir.isValid());
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, dir.path());
        QSettings().clear();
    }
    ~FreshSettings() { QSettings().clear(); }
};

void saveShot(QWidget* widget, const QString& name)
{
    const QByteArray dir = qgetenv("TP_FIT_SHOTS");
    if (dir.isEmpty()) return;
    widget->grab().save(QDir(QString::fromLocal8Bit(dir)).filePath(name + QStringLiteral(".png")));
}

bool within(QSize size, QSize bound)
{
    return size.width() <= bound.width() && size.height() <= bound.height();
}

/// The window's minimum, shown and laid out, on every page (a page's own minimum counts only
/// while it is the current one).
void checkWindowMinimum(const core::Scenario& scenario, const char* name)
{
    FreshSettings settings;
    ScenarioSession session(scenario);
    MainWindow window(&session);
    window.setWindowState(Qt::WindowNoState); // not maximised on the test's small offscreen screen
    window.resize(kScaled);
    window.show();
    settle();
    for (const QString& id : MainView::pageIds()) {
        REQUIRE(window.mainView()->showPage(id));
        for (int round = 0; round < 3; ++round)
            settle(); // wrapped texts take their height once their width is known
        INFO(name << " on page " << id.toStdString() << ": minimum " << window.minimumSizeHint().width() << " x "
                  << window.minimumSizeHint().height() << ", size " << window.width() << " x " << window.height());
        CHECK(within(window.minimumSizeHint(), kLaptop));
        CHECK(within(window.minimumSizeHint(), kScaled));
        CHECK(within(window.minimumSize(), kScaled));
        // Resized to a scaled laptop's screen, it stays there: nothing pushes it larger.
        CHECK(within(window.size(), kScaled));
        saveShot(&window, QStringLiteral("window-%1-%2").arg(QLatin1String(name), id));
    }
}

/// A dialog shown, then the size it takes when asked for the smallest: it fits the scaled laptop
/// screen, and its first size fits the screen it opens on.
void checkDialog(QDialog* dialog, const char* name)
{
    dialog->show();
    for (int round = 0; round < 3; ++round)
        settle();
    const QRect available = dialog->screen()->availableGeometry();
    INFO(name << ": minimum " << dialog->minimumSizeHint().width() << " x " << dialog->minimumSizeHint().height()
              << ", first size " << dialog->width() << " x " << dialog->height() << " on a screen of "
              << available.width() << " x " << available.height());
    CHECK(within(dialog->minimumSizeHint(), kScaled));
    CHECK(within(dialog->minimumSize(), kScaled));
    CHECK(within(dialog->size(), available.size()));
    saveShot(dialog, QStringLiteral("dialog-%1").arg(QLatin1String(name)));
    dialog->resize(kScaled);
    settle();
    CHECK(within(dialog->size(), kScaled));
    dialog->resize(640, 480);
    settle();
    saveShot(dialog, QStringLiteral("dialog-%1-small").arg(QLatin1String(name)));
}

} // namespace

TEST_CASE(
    "the main window's minimum fits a laptop and 150 % scaling with the default scenario", "[widgets][window][fit]")
{
    checkWindowMinimum(core::defaultScenario(), "default");
}

TEST_CASE("the main window's minimum fits a laptop with the largest bundled examples", "[widgets][window][fit]")
{
    checkWindowMinimum(example("deepseek-v3-2048-h800.tpscenario.json"), "deepseek-v3");
    checkWindowMinimum(example("llama-3.1-405b-16k-h100.tpscenario.json"), "llama-405b");
}

TEST_CASE("every dialog fits a laptop at 150 % scaling and can be made smaller", "[widgets][dialogs][fit]")
{
    FreshSettings settings;
    ScenarioSession session(example("deepseek-v3-2048-h800.tpscenario.json"));
    MainWindow window(&session);
    window.show();
    settle();
    {
        QDialog* accuracy = window.createAccuracyDialog(); // deletes itself when closed
        checkDialog(accuracy, "accuracy");
        accuracy->close();
    }
    {
        CalibrationDialog calibration(&session, &window);
        checkDialog(&calibration, "calibration");
    }
    {
        ExportDialog exporting(window.mainView(), &session, &window);
        checkDialog(&exporting, "export");
    }
    {
        const double planned = session.results().estimate.compute.stepTimeS;
        std::string log;
        for (int i = 1; i <= 8; ++i)
            log += " iteration " + std::to_string(i)
                + "/ 100000 | elapsed time per iteration (ms): " + std::to_string(1.25 * planned * 1000) + " |\n";
        core::Problem problem;
        const auto comparison = ui::test::compareLogText(session, log, &problem);
        REQUIRE(comparison);
        ActualDialog actual(&session, *comparison, &window);
        checkDialog(&actual, "actual");
    }
    settle();
}

TEST_CASE(
    "a first window lies inside the screen's free area and starts maximised where it must", "[widgets][window][fit]")
{
    FreshSettings settings;
    ScenarioSession session(core::defaultScenario());
    MainWindow window(&session);
    window.show();
    settle();
    const QSize minimum = window.minimumSizeHint();
    // Screens as a laptop's desktop leaves them: a top bar, a dock or a task bar taken off.
    const QRect screens[] = { QRect(0, 0, 1280, 800), QRect(0, 27, 1280, 773), QRect(0, 0, 1366, 728),
        QRect(0, 32, 1366, 704), QRect(0, 0, 1280, 680), QRect(1920, 0, 1280, 720), QRect(0, 0, 1920, 1040) };
    for (const QRect& available : screens) {
        for (const QSize wanted : { minimum, QSize(1250, 756), QSize(300, 200) }) {
            const MainWindow::FirstPlacement place = MainWindow::firstPlacement(available, wanted);
            const QRect framed(place.geometry.topLeft(), place.geometry.size() + kWindowFrame);
            INFO("screen " << available.x() << "," << available.y() << " " << available.width() << " x "
                           << available.height() << ", minimum " << wanted.width() << " x " << wanted.height()
                           << ": window at " << framed.x() << "," << framed.y() << " " << framed.width() << " x "
                           << framed.height());
            CHECK(available.contains(framed));
            // Most of the screen, unless it cannot hold the window's minimum and the window
            // starts maximised.
            if (!place.maximised) {
                CHECK(place.geometry.width() >= int(available.width() * 0.85) - 1);
                CHECK(place.geometry.width() >= wanted.width());
                CHECK(place.geometry.height() >= wanted.height());
            }
        }
    }
    // The minimum the window once had does not fit a 1280 × 800 laptop: it starts maximised.
    CHECK(MainWindow::firstPlacement(QRect(0, 27, 1280, 773), QSize(1250, 756)).maximised);
    // A large screen keeps a window of 85 %, centred.
    const auto large = MainWindow::firstPlacement(QRect(0, 0, 1920, 1040), minimum);
    CHECK_FALSE(large.maximised);
    CHECK(large.geometry.size() == QSize(1632, 884));
}

TEST_CASE(
    "at 1280 × 800 the short tab titles stay whole and the memory table needs no scrolling", "[widgets][window][fit]")
{
    // The cap: the narrowest titles keep their widths, the others share the rest alike.
    CHECK(FittedTabBar::capFor({ 50, 60, 200, 300 }, 1000) == INT_MAX);
    CHECK(FittedTabBar::capFor({ 50, 60, 200, 300 }, 410) == 150);
    CHECK(FittedTabBar::capFor({ 100, 100 }, 100) == 50);

    FreshSettings settings;
    for (const char* language : { "en", "zh_CN" }) {
        REQUIRE(setLanguage(QString::fromLatin1(language)));
        for (const QSize size : { QSize(1280, 800), QSize(1366, 768) }) {
            ScenarioSession session(example("gpt3-175b-narayanan.tpscenario.json"));
            MainWindow window(&session);
            window.setWindowState(Qt::WindowNoState);
            window.resize(size);
            window.show();
            REQUIRE(window.mainView()->showPage(QStringLiteral("memory")));
            for (int round = 0; round < 3; ++round)
                settle();
            INFO(language << " at " << size.width() << " x " << size.height());
            // Every tab is in sight; titles no longer than the cut keep every letter.
            const QTabBar* bar = window.mainView()->tabs()->tabBar();
            CHECK(bar->tabRect(bar->count() - 1).right() <= window.mainView()->tabs()->width());
            // The tab's padding is 7 px a side (MainView's style sheet).
            const auto whole = [bar](int index) {
                return bar->tabRect(index).width() >= bar->fontMetrics().horizontalAdvance(bar->tabText(index)) + 14;
            };
            if (QLatin1String(language) == QLatin1String("en")) {
                for (const char* id : { "memory", "time", "scaling", "reliability", "planner", "compare", "whatif" }) {
                    INFO(id);
                    CHECK(whole(int(MainView::pageIds().indexOf(QLatin1String(id)))));
                }
            } else {
                for (int index = 0; index < bar->count(); ++index) { // Chinese titles are short: all whole
                    INFO(bar->tabText(index).toStdString());
                    CHECK(whole(index));
                }
            }
            // The memory table's columns, Total the last, share the page's width: no scroll bar.
            const auto* table = window.findChild<QTableView*>(QStringLiteral("memoryTable"));
            REQUIRE(table);
            CHECK(table->horizontalHeader()->length() <= table->viewport()->width());
            CHECK_FALSE(table->horizontalScrollBar()->isVisible());
        }
    }
    setLanguage(QStringLiteral("en"));
}
