// File → Compare With Training Log reads the log on a worker thread as it streams in: the window keeps
// answering, a progress box shows how far it got and Cancel stops it; a log no run of the scenario
// could have written is refused in words, and notes on the log reach the dialog.
#include "app/main_window.h"
#include "core/scenario/scenario_io.h"
#include "tests/widgets/log_text.h"
#include "tests/widgets/settle.h"
#include "widgets/dialogs/actual_dialog.h"
#include "widgets/inputs/field_texts.h"
#include "widgets/session/scenario_document.h"
#include "widgets/session/scenario_session.h"
#include "widgets/text/native_path.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QMessageBox>
#include <QProgressDialog>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTimer>
#include <catch2/catch.hpp>

#include <fstream>
#include <unistd.h>

using namespace ui;
using ui::test::waitUntil;

namespace {

/// Megatron-LM's iteration lines, each step at `seconds`; step numbers from `first` on.
std::string megatronLines(double seconds, int first, int count)
{
    std::string log;
    for (int i = first; i < first + count; ++i)
        log += " iteration " + std::to_string(i)
            + "/ 100000 | elapsed time per iteration (ms): " + std::to_string(seconds * 1000) + " |\n";
    return log;
}

void writeText(const std::string& path, const std::string& text)
{
    std::ofstream out(path, std::ios::binary);
    out << text;
}

} // namespace

TEST_CASE(
    "a training log is read in the background: the window answers and Cancel stops it", "[widgets][log][background]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    // 2 GiB of a log without a line end (sparse: it takes no disk). Its one "line" is longer than any
    // step line and is skipped as it streams; reading it still takes the better part of a second.
    const QString huge = dir.filePath(QStringLiteral("huge.log"));
    {
        QFile f(huge);
        REQUIRE(f.open(QIODevice::WriteOnly));
        REQUIRE(f.resize(qint64(2) << 30));
    }
    ScenarioSession session(core::defaultScenario());
    MainWindow window(&session);
    window.show();

    int ticks = 0;
    QTimer clock;
    QObject::connect(&clock, &QTimer::timeout, [&] { ++ticks; });
    clock.start(10);
    QElapsedTimer started;
    started.start();
    window.runs()->compareWithLog(huge);
    CHECK(session.isComparingLog());
    auto* progress = window.findChild<QProgressDialog*>(QStringLiteral("logProgress"));
    REQUIRE(progress);
    // The event loop turns while the worker reads: the window answers, the bar moves.
    REQUIRE(waitUntil([&] { return progress->value() >= 1 || !session.isComparingLog(); }, 30'000));
    if (session.isComparingLog()) {
        CHECK(ticks >= 1);
        auto* cancel = progress->findChild<QPushButton*>();
        REQUIRE(cancel);
        cancel->click(); // as the user does: the button, not QProgressDialog::cancel(), says canceled()
        REQUIRE(waitUntil([&] { return !session.isComparingLog(); }, 30'000));
        INFO("cancelled after " << started.elapsed() << " ms");
        // Cancelled before the end: read to the end, the file (no step line) would have been refused in a box.
        QApplication::processEvents();
        CHECK(window.findChildren<ActualDialog*>().isEmpty());
        CHECK(window.findChild<QMessageBox*>(QStringLiteral("logRefused")) == nullptr);
    }
    CHECK(window.findChild<QProgressDialog*>(QStringLiteral("logProgress")) == nullptr);
}

TEST_CASE("a log read in the background opens the comparison with its notes, or says why it cannot",
    "[widgets][log][background]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    ScenarioSession session(core::defaultScenario());
    MainWindow window(&session);
    window.show();
    // A Megatron-LM log is priced on Megatron-Core's stack (its fused projections among its differences).
    core::Scenario onStack = session.scenario();
    onStack.training.framework = core::SoftwareStack::megatron_core;
    const double planned = core::estimate(onStack).compute.stepTimeS;

    // A restarted run at 1.25 × the plan, in a file whose name is not UTF-8.
    const std::string path = QFile::encodeName(dir.path()).toStdString() + "/run-\xe9.log";
    writeText(path, megatronLines(1.25 * planned, 10, 8) + megatronLines(1.25 * planned, 5, 8));
    window.runs()->compareWithLog(pathFromNative(QByteArray::fromStdString(path)));
    REQUIRE(waitUntil([&] { return !window.findChildren<ActualDialog*>().isEmpty(); }, 30'000));
    const ActualDialog* dialog = window.findChildren<ActualDialog*>().constFirst();
    CHECK(dialog->comparison().stepTimeS == Approx(1.25 * planned).epsilon(1e-4));
    CHECK(dialog->text().contains(QStringLiteral("+25.0 %")));
    CHECK(dialog->text().contains(QStringLiteral("restarted run"))); // the reader's note, worded
    // Why its planned figures differ from the main window's: the log's stack, named as the form names it.
    CHECK(dialog->text().contains(QStringLiteral("Planned on the log's software stack")));
    CHECK(dialog->text().contains(fieldValueText("training.framework", onStack).toHtmlEscaped()));
    ::unlink(path.c_str());

    // A GPT-3 log on 1,024 GPUs (tests/hostile/round2) against Llama 2 7B on 8: faster than 8 A100 can go.
    window.runs()->compareWithLog(
        QString::fromUtf8(TP_SOURCE_DIR) + QStringLiteral("/tests/hostile/round2/megatron-ok.log"));
    REQUIRE(waitUntil([&] { return window.findChild<QMessageBox*>(QStringLiteral("logRefused")) != nullptr; }, 30'000));
    const auto* refused = window.findChild<QMessageBox*>(QStringLiteral("logRefused"));
    CHECK(refused->text().contains(QStringLiteral("megatron-ok.log")));
    CHECK(refused->text().contains(QStringLiteral("Is this the scenario the run used?")));
}

TEST_CASE("a comparison whose scenario has changed since can no longer apply its refit", "[widgets][log]")
{
    ScenarioSession session(core::defaultScenario());
    const double planned = session.results().estimate.compute.stepTimeS;
    core::Problem problem;
    const auto comparison = ui::test::compareLogText(session, megatronLines(1.25 * planned, 1, 6), &problem);
    REQUIRE(comparison);
    ActualDialog dialog(&session, *comparison);
    auto* apply = dialog.findChild<QPushButton*>(QStringLiteral("actualApply"));
    REQUIRE(apply);
    CHECK(apply->isEnabled());
    // Another scenario: the refit was fitted to the one before.
    session.document()->edit(QStringLiteral("test"), [](core::Scenario& s) { s.training.seqLen = 2048; });
    ui::test::settle();
    CHECK(dialog.isStale());
    CHECK_FALSE(apply->isEnabled());
    const double efficiency = session.scenario().efficiency.compute;
    dialog.applyRefit();
    CHECK(session.scenario().efficiency.compute == efficiency);
}
