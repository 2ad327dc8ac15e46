#include "widgets/session/scenario_document.h"

#include "core/scenario_edit.h"
#include "core/scenario_io.h"
#include "widgets/problem_text.h"

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
    {
    }

    void redo() override { m_doc->apply(m_after); }
    void undo() override { m_doc->apply(m_before); }
    [[nodiscard]] int id() const override { return m_mergeId; }
    bool mergeWith(const QUndoCommand* other) override
    {
        if (other->id() != id()) return false;
        m_after = static_cast<const EditCommand*>(other)->m_after;
        // A drag back to where it started changed nothing: QUndoStack drops an obsolete command.
        setObsolete(m_after == m_before);
        return true;
    }

private:
    ScenarioDocument* m_doc;
    core::Scenario m_before;
    core::Scenario m_after;
    int m_mergeId;
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
