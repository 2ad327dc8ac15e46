// The comparison dialog with a log of another run than the plan: what differs is said first and in
// colour (setting, the log's value, the plan's), the refit and the forecast say they are of that run
// and the refit cannot be applied; a matching log shows none of it. The dialog names the file read.
// TP_ACTUAL_SHOTS=folder saves the dialog in English and Chinese to look at.
#include "core/estimate/estimate.h"
#include "core/runs/training_log.h"
#include "core/scenario/scenario_io.h"
#include "tests/support/megatron_log.h"
#include "tests/widgets/log_text.h"
#include "widgets/dialogs/actual_dialog.h"
#include "widgets/session/scenario_session.h"
#include "widgets/text/language.h"

#include <QApplication>
#include <QDir>
#include <QLocale>
#include <QPushButton>
#include <QTemporaryDir>
#include <catch2/catch.hpp>

#include <cmath>
#include <fstream>

using namespace ui;

namespace {

using tp_test::megatronRun;

void saveShot(QWidget* widget, const QString& name)
{
    const QByteArray dir = qgetenv("TP_ACTUAL_SHOTS");
    if (dir.isEmpty()) return;
    widget->adjustSize();
    widget->grab().save(QDir(QString::fromLocal8Bit(dir)).filePath(name + QStringLiteral(".png")));
}

} // namespace

TEST_CASE("the log dialog says first that a log of TP 4 is of another run than a plan of TP 8", "[widgets][log]")
{
    core::Scenario s = core::defaultScenario();
    REQUIRE_FALSE(core::applyOverride(s, "parallel.tp=8"));
    REQUIRE_FALSE(core::applyOverride(s, "parallel.dp=1"));
    ScenarioSession session(s);
    const double ms = std::round(core::estimate(s).compute.stepTimeS * 1000);

    core::Problem problem;
    const auto other = ui::test::compareLogText(session, megatronRun(4, 2, 1024, ms), &problem);
    REQUIRE(other);
    REQUIRE(other->otherRun);
    ActualDialog dialog(&session, *other);
    const QString text = dialog.text();
    CHECK(text.contains(QStringLiteral("This log is of another run than the plan")));
    CHECK(text.contains(QStringLiteral("The log's tensor parallelism (TP) is 4 (line 1); the plan's is 8.")));
    CHECK(text.contains(QStringLiteral("The log's data parallelism (DP) is 2 (line 1); the plan's is 1.")));
    // Said before the figures, in the warning colour.
    CHECK(text.indexOf(QStringLiteral("another run")) < text.indexOf(QStringLiteral("Step time")));
    CHECK(text.contains(QStringLiteral("#D55E00")));
    CHECK(text.contains(QStringLiteral("Refitted to the log's run, not the plan's")));
    CHECK(text.contains(QStringLiteral("at the pace of the log's run")));
    auto* apply = dialog.findChild<QPushButton*>(QStringLiteral("actualApply"));
    REQUIRE(apply);
    CHECK_FALSE(apply->isEnabled());
    saveShot(&dialog, QStringLiteral("actual-other-run-en"));
    REQUIRE(setLanguage(QStringLiteral("zh_CN")));
    {
        ActualDialog translated(&session, *other);
        CHECK_FALSE(translated.text().contains(QStringLiteral("another run")));
        saveShot(&translated, QStringLiteral("actual-other-run-zh"));
    }
    setLanguage(QStringLiteral("en"));

    const auto same = ui::test::compareLogText(session, megatronRun(8, 1, 1024, ms), &problem);
    REQUIRE(same);
    CHECK_FALSE(same->otherRun);
    ActualDialog matching(&session, *same);
    CHECK_FALSE(matching.text().contains(QStringLiteral("another run")));
    CHECK(matching.findChild<QPushButton*>(QStringLiteral("actualApply"))->isEnabled());
}

TEST_CASE("the log dialog shows a batch of 512 against 1024 and the tokens the log's steps held", "[widgets][log]")
{
    const core::Scenario s = core::defaultScenario(); // TP 1, DP 8, batch 1024
    ScenarioSession session(s);
    const double ms = std::round(core::estimate(s).compute.stepTimeS * 1000 * 0.55);
    core::Problem problem;
    const auto c = ui::test::compareLogText(session, megatronRun(1, 8, 512, ms), &problem);
    REQUIRE(c);
    ActualDialog dialog(&session, *c);
    const QString text = dialog.text();
    CHECK(text.contains(QStringLiteral("The log's global batch (sequences) is 512")));
    CHECK(text.contains(QStringLiteral("the plan's is %1").arg(QLocale().toString(1024))));
    CHECK(text.contains(QStringLiteral("count the log's own %1 tokens per step")
                            .arg(QLocale().toString(512.0 * 4096, 'f', 0)))); // 512 sequences of 4096 tokens
}

TEST_CASE("the log dialog names the file it read", "[widgets][log]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const core::Scenario s = core::defaultScenario();
    const std::string path = dir.filePath(QStringLiteral("run-17.log")).toStdString();
    std::ofstream(path) << megatronRun(1, 8, 1024, std::round(core::estimate(s).compute.stepTimeS * 1000));
    const core::LogReadResult read = core::readTrainingLog(path);
    REQUIRE(read.ok());
    const auto c = core::compareWithLog(s, *read.log);
    REQUIRE(c);
    ScenarioSession session(s);
    ActualDialog dialog(&session, *c);
    CHECK(dialog.text().contains(QStringLiteral("File read: ") + QString::fromStdString(path)));
    saveShot(&dialog, QStringLiteral("actual-matching-en"));
}
