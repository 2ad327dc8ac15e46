#pragma once
// The current scenario and its undo history: every edit goes through it (undoable). What follows
// from the scenario (the estimate and the rest) is ScenarioSession's, which owns the document.

#include "core/scenario/scenario.h"

#include <QObject>
#include <QString>
#include <QUndoStack>

#include <functional>

namespace ui {

class ScenarioDocument : public QObject {
    Q_OBJECT
public:
    explicit ScenarioDocument(core::Scenario scenario, QObject* parent = nullptr);

    [[nodiscard]] const core::Scenario& scenario() const { return m_scenario; }
    [[nodiscard]] QUndoStack* undoStack() { return &m_undo; }
    [[nodiscard]] const QString& filePath() const { return m_filePath; }
    [[nodiscard]] bool isModified() const { return !m_undo.isClean(); }

    /// Applies `change` to a copy; an edit that changes nothing records nothing. An edit that
    /// breaks a rule of the file format is refused (editRejected) and changes nothing. Edits with
    /// the same non-negative `mergeId` in a row (one slider drag) merge into one undo step.
    /// Returns whether the scenario changed.
    bool edit(const QString& text, const std::function<void(core::Scenario&)>& change, int mergeId = -1);
    /// Replaces the whole scenario (a file was opened): clears the undo history.
    void reset(core::Scenario scenario, QString filePath);
    void markSaved(QString filePath);

    /// Ids for merging drags of the same control.
    enum MergeId { ModelSize = 1, DataParallel, UserMergeBase = 100 };
    /// A merge id per control (spin boxes and sliders): stable for the control's lifetime.
    [[nodiscard]] static int mergeIdFor(const QObject* control);

signals:
    void scenarioChanged(const core::Scenario& scenario);
    void filePathChanged(const QString& filePath);
    /// An edit was refused; `path` is the key path (e.g. "parallel.sequence_parallel").
    void editRejected(const QString& path, const QString& message);

private:
    friend class EditCommand;
    void apply(const core::Scenario& scenario);

    core::Scenario m_scenario;
    QUndoStack m_undo;
    QString m_filePath;
};

} // namespace ui
