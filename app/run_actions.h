#pragma once
// What the window does between the plan and a run: a Hugging Face config.json read into the
// scenario's model, the launch settings a stack starts the plan with, and a training log of the run
// held against the plan (read in the background, with a progress box). Apart from MainWindow, which
// composes menus and pages; its dialogs open over `parent`.

#include "core/runs/launch.h"

#include <QObject>
#include <QPointer>
#include <QString>

#include <cstdint>

class QProgressDialog;
class QWidget;

namespace ui {

class ScenarioDocument;
class ScenarioSession;
struct LogComparison;

class RunActions : public QObject {
    Q_OBJECT
public:
    RunActions(ScenarioSession* session, QWidget* parent);

    /// Reads a Hugging Face config.json and, after showing what mapped to what, makes its
    /// architecture the scenario's model (one undoable edit). False on a bad file (a dialog says why).
    bool importConfig(const QString& path, bool confirm = true);
    /// Reads the training log at `path` in the background (a progress box with Cancel), then shows it
    /// against the current scenario, or a box that says why it cannot (unreadable, no step line, a
    /// figure no run of this scenario can show).
    void compareWithLog(const QString& path);
    /// File › Export Launch Settings: the file `framework` starts the plan with, where the user says.
    void saveLaunchSettings(core::Framework framework);

signals:
    /// A line for the status bar, shown for `milliseconds`.
    void message(const QString& text, int milliseconds);

private:
    void showLogComparison(std::uint64_t revision, const LogComparison& result);

    ScenarioSession* m_session;
    ScenarioDocument* m_doc;
    QWidget* m_parent;
    QPointer<QProgressDialog> m_logProgress;
    QString m_logPath;
};

} // namespace ui
