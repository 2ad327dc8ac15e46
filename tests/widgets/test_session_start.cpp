// A start without a file reopens the last scenario, as the user left it, unless turned off.
#include "app/main_window.h"
#include "core/scenario/scenario_io.h"
#include "tests/widgets/settle.h"
#include "widgets/inputs/input_panel.h"
#include "widgets/io/app_settings.h"
#include "widgets/main_view.h"
#include "widgets/pages/comparison_view.h"
#include "widgets/session/scenario_document.h"
#include "widgets/session/scenario_session.h"
#include "widgets/text/language.h"

#include <QAction>
#include <QApplication>
#include <QFile>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QSettings>
#include <QSplitter>
#include <QTemporaryDir>
#include <QTimer>
#include <catch2/catch.hpp>

TEST_CASE("a start without a file reopens the last scenario unless that is turned off", "[widgets][settings]")
{
    static QTemporaryDir dir; // the settings of this run, not the user's
    REQUIRE(dir.isValid());
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, dir.path());
    ui::AppSettings::clearRecentFiles();
    CHECK(ui::DocumentActions::lastScenarioToReopen().isEmpty()); // nothing opened yet: the bundled default

    const QString path = dir.filePath(QStringLiteral("last.tpscenario.json"));
    QFile file(path);
    REQUIRE(file.open(QIODevice::WriteOnly));
    file.write(QByteArray::fromStdString(core::scenarioToJson(core::defaultScenario())));
    file.close();
    ui::AppSettings::addRecentFile(path);
    CHECK(ui::AppSettings::reopenLast()); // on unless turned off
    CHECK(ui::DocumentActions::lastScenarioToReopen() == path);

    // The menu says so and turns it off.
    ui::ScenarioSession session(core::defaultScenario());
    ui::MainWindow window(&session);
    auto* reopen = window.findChild<QAction*>(QStringLiteral("reopenLast"));
    REQUIRE(reopen);
    CHECK(reopen->isChecked());
    reopen->setChecked(false);
    CHECK_FALSE(ui::AppSettings::reopenLast());
    CHECK(ui::DocumentActions::lastScenarioToReopen().isEmpty());
    ui::AppSettings::setReopenLast(true);

    // A last file deleted since is not reopened: the start takes the default without a word, and
    // nothing is lost. The file is not touched until the start reads it, on a worker (start_files.h).
    QFile::remove(path);
    CHECK(ui::DocumentActions::lastScenarioToReopen() == path);
    ui::DocumentActions::StartOptions start;
    start.reopeningLast = true;
    CHECK(window.documents()->openStartFiles({ path }, start).isEmpty());
    CHECK(session.document()->filePath().isEmpty());
    ui::AppSettings::clearRecentFiles();
    CHECK(ui::AppSettings::recentFiles().isEmpty());
}

TEST_CASE("the form is never narrower than its minimum on a laptop in either language", "[widgets][window]")
{
    ui::ScenarioSession session(core::defaultScenario());
    ui::MainWindow window(&session);
    window.show();
    // After the first placement, which maximises the window on the offscreen screen of 800 × 600.
    window.showNormal();
    window.setGeometry(0, 0, 1280, 800);
    ui::test::settle();
    auto* inputs = window.findChild<ui::InputPanel*>();
    REQUIRE(inputs);
    QScrollArea* scroll = nullptr;
    for (QWidget* w = inputs->parentWidget(); w && !scroll; w = w->parentWidget())
        scroll = qobject_cast<QScrollArea*>(w);
    REQUIRE(scroll);
    // Sizes kept from an earlier start, when the labels were shorter: the splitter gives the form its minimum.
    auto* splitter = qobject_cast<QSplitter*>(scroll->parentWidget());
    REQUIRE(splitter);
    splitter->setSizes({ 300, 980 });
    for (const char* language : { "zh_CN", "en" }) {
        INFO(language << ": the form " << scroll->width() << " px wide, its minimum "
                      << scroll->minimumSizeHint().width());
        REQUIRE(ui::setLanguage(QString::fromLatin1(language)));
        ui::test::settle();
        // The labels' new widths reach the splitter: the form keeps every field whole.
        CHECK(scroll->viewport()->width() >= inputs->minimumSizeHint().width());
    }
}

TEST_CASE("clearing the comparison asks first and keeps the scenarios on Cancel", "[widgets][compare]")
{
    ui::ScenarioSession session(core::defaultScenario());
    ui::MainWindow window(&session);
    ui::ComparisonView* compare = window.mainView()->viewOn<ui::ComparisonView>("compare");
    compare->showArticlePair();
    REQUIRE(compare->count() == 2);
    QPushButton* clear = nullptr;
    for (auto* b : compare->findChildren<QPushButton*>())
        if (b->text() == QStringLiteral("Clear")) clear = b;
    REQUIRE(clear);
    for (const auto answer : { QMessageBox::Cancel, QMessageBox::Yes }) {
        QTimer::singleShot(0, [answer] {
            auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
            REQUIRE(box);
            box->button(answer)->click();
        });
        clear->click();
        CHECK(compare->count() == (answer == QMessageBox::Cancel ? 2 : 0));
    }
}
