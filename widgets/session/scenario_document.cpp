#include "widgets/session/scenario_document.h"

#include "core/scenario/scenario_edit.h"
#include "core/scenario/scenario_io.h"
#include "widgets/text/problem_text.h"
#include "widgets/text/scenario_name.h"

#include <QDateTime>
#include <QHash>
#include <QUndoCommand>

namespace ui {

/// One edit: the scenario before and after. Redo/undo swap whole values, so undo restores the
/// previous scenario exactly.
class EditCommand : public QUndoCommand {
public:
    EditCommand(ScenarioDocument* doc, core::Scenario before, core::Scenario after, const QString& text, int mergeId)
        : QUndoCommand(text)
        , m_doc(doc)
        , m_before(std::move(before))
        , m_after(std::move(after))
        , m_mergeId(mergeId)
        , m_lastMs(QDateTime::currentMSecsSinceEpoch())
    {
    }

    void redo() override { m_doc->apply(m_after); }
    void undo() override { m_doc->apply(m_before); }
    [[nodiscard]] int id() const override { return m_mergeId; }
    bool mergeWith(const QUndoCommand* other) override
    {
        // One rule for every input: changes of the same control less
        // than a second apart are one step — a drag, a run of arrow keys or wheel notches — and a
        // change after a pause is a step of its own, so that Undo takes back what the user expects.
        if (other->id() != id()) return false;
        const auto* next = static_cast<const EditCommand*>(other);
        if (next->m_lastMs - m_lastMs > kMergeWindowMs) return false;
        m_lastMs = next->m_lastMs;
        m_after = next->m_after;
        // A drag back to where it started changed nothing: QUndoStack drops an obsolete command.
        setObsolete(m_after == m_before);
        return true;
    }

private:
    static constexpr qint64 kMergeWindowMs = 1000;

    ScenarioDocument* m_doc;
    core::Scenario m_before;
    core::Scenario m_after;
    int m_mergeId;
    qint64 m_lastMs; ///< when this step last changed
};

ScenarioDocument::ScenarioDocument(core::Scenario scenario, QObject* parent)
    : QObject(parent)
    , m_scenario(std::move(scenario))
{
}

bool ScenarioDocument::edit(const QString& text, const std::function<void(core::Scenario&)>& change, int mergeId)
{
    core::Scenario after = m_scenario;
    change(after);
    core::nameFollowingEdit(m_scenario, after); // an automatic name follows the model and the GPUs
    // An example edited is no longer the example: its name ("… 8 A100: does not fit") would title
    // the slides and exports of a scenario on 64 H100 that fits. It takes the automatic name.
    if (after.name == m_scenario.name && ScenarioName::isExample(m_scenario.name) && after != m_scenario)
        after.name = core::automaticName(after);
    if (after == m_scenario) return false;
    if (const auto error = core::validateScenario(after)) {
        // Worded from the reader's code in the interface language (a layout rule, an architecture
        // rule, a value out of range — which the form's limits already prevent).
        emit editRejected(QString::fromStdString(error->path), ProblemText::of(*error));
        emit scenarioChanged(m_scenario); // controls snap back to the scenario that holds
        return false;
    }
    m_undo.push(new EditCommand(this, m_scenario, std::move(after), text, mergeId));
    return true;
}

int ScenarioDocument::mergeIdFor(const QObject* control)
{
    // Hash of the object name: controls are named, and names are unique within the panel.
    return UserMergeBase + static_cast<int>(qHash(control->objectName()) % 1'000'000);
}

void ScenarioDocument::reset(core::Scenario scenario, QString filePath)
{
    m_undo.clear();
    m_filePath = std::move(filePath);
    apply(scenario);
    m_undo.setClean();
    emit filePathChanged(m_filePath);
}

void ScenarioDocument::markSaved(QString filePath)
{
    m_filePath = std::move(filePath);
    m_undo.setClean();
    emit filePathChanged(m_filePath);
}

void ScenarioDocument::apply(const core::Scenario& scenario)
{
    m_scenario = scenario;
    emit scenarioChanged(m_scenario);
}

} // namespace ui
