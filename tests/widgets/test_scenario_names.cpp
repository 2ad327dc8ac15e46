// Generated scenario names follow the interface language in every place that shows them; names a
// user gave stay as written.
#include "app/main_window.h"
#include "core/scenario/architecture.h"
#include "core/scenario/scenario_edit.h"
#include "core/scenario/scenario_io.h"
#include "tests/widgets/example_scenario.h"
#include "tests/widgets/has_chinese.h"
#include "widgets/inputs/input_panel.h"
#include "widgets/presentation_view.h"
#include "widgets/session/scenario_document.h"
#include "widgets/session/scenario_session.h"
#include "widgets/text/language.h"
#include "widgets/text/scenario_name.h"

#include <QApplication>
#include <QLabel>
#include <QLineEdit>
#include <catch2/catch.hpp>

#include <filesystem>
#include <memory>

namespace {

using ui::test::hasChinese;

/// Scenarios whose automatic names take every branch: a preset, a bare size under and over 1 B, LoRA.
std::vector<core::Scenario> namedScenarios()
{
    std::vector<core::Scenario> out { core::defaultScenario(), ui::test::example("lora-7b-rtx4090.tpscenario.json") };
    for (std::int64_t params : { 136'000'000LL, 13'000'000'000LL }) {
        core::Scenario s = core::defaultScenario();
        s.model = core::bareSizeModel(params);
        out.push_back(s);
    }
    for (auto& s : out)
        s.name = core::automaticName(s);
    return out;
}

} // namespace

TEST_CASE("generated scenario names read as core writes them in English", "[widgets][i18n][names]")
{
    REQUIRE(ui::setLanguage(QStringLiteral("en")));
    for (const auto& s : namedScenarios())
        CHECK(ui::ScenarioName::of(s).toStdString() == core::automaticName(s));
    // A bare size is named by its own count, the count the estimate reports (136 M, not its shape's).
    core::Scenario small = core::defaultScenario();
    small.model = core::bareSizeModel(136'000'000);
    CHECK(core::automaticName(small).starts_with("136 M-parameter model"));
}

TEST_CASE("generated scenario names follow the interface language", "[widgets][i18n][names]")
{
    REQUIRE(ui::setLanguage(QStringLiteral("zh_CN")));
    for (const auto& s : namedScenarios()) {
        const QString name = ui::ScenarioName::of(s);
        INFO(name.toStdString());
        CHECK(hasChinese(name));
        CHECK_FALSE(name.contains(QStringLiteral("pre-training")));
        CHECK_FALSE(name.contains(QStringLiteral(" on ")));
        CHECK(name.contains(QString::number(s.parallel.gpus()) + QStringLiteral(" × ")));
    }
    // Every bundled example is named in English in its file and shown translated.
    for (const auto& entry : std::filesystem::directory_iterator(TP_SOURCE_DIR "/resources/examples")) {
        if (!entry.path().string().ends_with(".tpscenario.json")) continue;
        const core::Scenario example = ui::test::example(entry.path().filename().string().c_str());
        INFO(example.name);
        CHECK(hasChinese(ui::ScenarioName::of(example)));
    }
    // A name the user gave is theirs, in any language.
    core::Scenario mine = core::defaultScenario();
    mine.name = "Budget run B";
    CHECK(ui::ScenarioName::of(mine) == QStringLiteral("Budget run B"));
    REQUIRE(ui::setLanguage(QStringLiteral("en")));
}

TEST_CASE("the window title slides and name field show the generated name in Chinese", "[widgets][i18n][names]")
{
    core::Scenario s = core::defaultScenario();
    s.name = core::automaticName(s);
    ui::ScenarioSession session(s);
    ui::MainWindow window(&session);
    REQUIRE(ui::setLanguage(QStringLiteral("zh_CN")));
    QApplication::processEvents(); // LanguageChange is posted
    const QString zhName = ui::ScenarioName::of(s);
    CHECK(window.windowTitle().contains(zhName));
    const std::unique_ptr<ui::PresentationView> slides(window.createPresentation());
    CHECK(slides->windowTitle().contains(zhName));
    auto* field = window.findChild<QLineEdit*>(QStringLiteral("scenarioName"));
    REQUIRE(field);
    CHECK(field->text() == zhName);
    // Leaving the field as shown keeps the name automatic: a later edit still renames the scenario.
    emit field->editingFinished();
    CHECK(core::hasAutomaticName(session.document()->scenario()));
    session.document()->edit(QStringLiteral("GPUs"), [](core::Scenario& x) { core::setGpuCount(x, 16); });
    CHECK(session.document()->scenario().name == core::automaticName(session.document()->scenario()));
    CHECK(window.windowTitle().contains(QStringLiteral("16 × ")));
    REQUIRE(ui::setLanguage(QStringLiteral("en")));
}

TEST_CASE("a model size can be typed as 700M or 7B", "[widgets][names]")
{
    CHECK(ui::InputPanel::typedSize(QStringLiteral("700M")) == 700'000'000);
    CHECK(ui::InputPanel::typedSize(QStringLiteral(" 7 b ")) == 7'000'000'000);
    CHECK(ui::InputPanel::typedSize(QStringLiteral("1.3B")) == 1'300'000'000);
    CHECK(ui::InputPanel::typedSize(QStringLiteral("7e9")) == 7'000'000'000);
    CHECK(ui::InputPanel::typedSize(QStringLiteral("1T")) == 1'000'000'000'000);
    CHECK_FALSE(ui::InputPanel::typedSize(QStringLiteral("7 parsecs")));
    CHECK_FALSE(ui::InputPanel::typedSize(QStringLiteral("10M"))); // below the 100 M the slider starts at
    CHECK_FALSE(ui::InputPanel::typedSize(QStringLiteral("3T")));
    CHECK_FALSE(ui::InputPanel::typedSize(QString()));

    REQUIRE(ui::setLanguage(QStringLiteral("en")));
    ui::ScenarioSession session(core::defaultScenario());
    ui::MainWindow window(&session);
    auto* box = window.findChild<QLineEdit*>(QStringLiteral("modelSizeValue"));
    REQUIRE(box);
    box->setText(QStringLiteral("700M"));
    box->setModified(true);
    emit box->editingFinished();
    CHECK(session.results().estimate.params.total == 700'000'000);
    CHECK(session.document()->scenario().name.starts_with("700 M-parameter model"));
    // A size that cannot be read changes nothing and says why.
    box->setText(QStringLiteral("huge"));
    box->setModified(true);
    emit box->editingFinished();
    CHECK(session.results().estimate.params.total == 700'000'000);
    auto* problem = window.findChild<QLabel*>(QStringLiteral("inputProblem"));
    REQUIRE(problem);
    CHECK(problem->text().contains(QStringLiteral("700M or 7B")));
}

TEST_CASE("an edited example takes the automatic name and a name the user gave stays", "[widgets][names]")
{
    // "Llama 3 70B on one node of 8 A100: does not fit", moved to 64 GPUs, would title the slides
    // and exports of a run that fits.
    const core::Scenario example = ui::test::example("llama-3-70b-does-not-fit.tpscenario.json");
    REQUIRE(ui::ScenarioName::isExample(example.name));
    ui::ScenarioDocument doc(example);
    REQUIRE(doc.edit(QStringLiteral("GPUs"), [](core::Scenario& s) { s.parallel.dp *= 8; }));
    CHECK(doc.scenario().name == core::automaticName(doc.scenario()));
    CHECK(doc.scenario().name.find("64") != std::string::npos);
    doc.undoStack()->undo(); // the example, with its name, is back
    CHECK(doc.scenario().name == example.name);
    // A name the user typed is the user's: an edit keeps it.
    core::Scenario mine = example;
    mine.name = "Budget option for Q3";
    ui::ScenarioDocument own(mine);
    REQUIRE(own.edit(QStringLiteral("GPUs"), [](core::Scenario& s) { s.parallel.dp *= 8; }));
    CHECK(own.scenario().name == "Budget option for Q3");
}
