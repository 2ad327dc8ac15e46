// A start without a file reopens the last scenario, as the user left it, unless turned off.
#include "app/main_window.h"
#include "core/scenario_io.h"
#include "widgets/io/app_settings.h"
#include "widgets/session/scenario_session.h"

#include <QAction>
#include <QFile>
#include <QMenu>
#include <QSettings>
#include <QTemporaryDir>
#include <catch2/catch.hpp>

TEST_CASE("a start without a file reopens the last scenario unless that is turned off", "[widgets][settings]")
{
    static QTemporaryDir dir; // the settings of this run, not the user's
    REQUIRE(dir.isValid());
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, dir.path());
    ui::AppSettings::clearRecentFiles();
    CHECK(ui::MainWindow::lastScenarioToReopen().isEmpty()); // nothing opened yet: the bundled default

    const QString path = dir.filePath(QStringLiteral("last.tpscenario.json"));
    QFile file(path);
    REQUIRE(file.open(QIODevice::WriteOnly));
    file.write(QByteArray::fromStdString(core::scenarioToJson(core::defaultScenario())));
    file.close();
    ui::AppSettings::addRecentFile(path);
    CHECK(ui::AppSettings::reopenLast()); // on unless turned off
    CHECK(ui::MainWindow::lastScenarioToReopen() == path);

    // The menu says so and turns it off.
    ui::ScenarioSession session(core::defaultScenario());
    ui::MainWindow window(&session);
    auto* reopen = window.findChild<QAction*>(QStringLiteral("reopenLast"));
    REQUIRE(reopen);
    CHECK(reopen->isChecked());
    reopen->setChecked(false);
    CHECK_FALSE(ui::AppSettings::reopenLast());
    CHECK(ui::MainWindow::lastScenarioToReopen().isEmpty());
    ui::AppSettings::setReopenLast(true);

    // A last file deleted since is not reopened: the start takes the default, and nothing is lost.
    QFile::remove(path);
    CHECK(ui::MainWindow::lastScenarioToReopen().isEmpty());
    ui::AppSettings::clearRecentFiles();
    CHECK(ui::AppSettings::recentFiles().isEmpty());
}
