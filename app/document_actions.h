#pragma once
// What the window does with scenario files: open one (by name, at start, from the examples, dropped),
// save and save as, the recent list and reopening the last scenario, and asking before unsaved
// changes are lost. Apart from MainWindow, which composes menus and pages, so that tests drive it
// without a window; its dialogs open over `parent`.

#include "widgets/io/start_files.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <chrono>

class QMenu;
class QWidget;

namespace ui {

class ScenarioDocument;
class ScenarioSession;
class MainView;

class DocumentActions : public QObject {
    Q_OBJECT
public:
    DocumentActions(ScenarioSession* session, MainView* view, QWidget* parent);

    /// Opens a scenario file; on a bad file shows the message and leaves the scenario untouched.
    bool openFile(const QString& path);
    /// How openStartFiles() reads.
    struct StartOptions {
        /// The one path is the last scenario, reopened: gone since, it is skipped without a word.
        bool reopeningLast = false;
        std::chrono::milliseconds limit = kStartReadLimit; ///< for all the files together
        ScenarioReader reader = core::loadScenarioFile;
    };
    /// The files given at start (a file manager passes every file selected): the first becomes the
    /// scenario, up to three more go to the Compare tab. They are read on a worker thread within
    /// `options.limit` (start_files.h). A file that cannot be read, does not answer in time, or
    /// comes past the fourth is left out and named in the returned lines (translated), one per
    /// file; the rest opens.
    QStringList openStartFiles(const QStringList& paths, const StartOptions& options);
    QStringList openStartFiles(const QStringList& paths) { return openStartFiles(paths, StartOptions {}); }
    /// Shows openStartFiles()'s lines in a warning box over the window (not modal: the window is
    /// usable at once). Started from a desktop entry there is no terminal to read stderr.
    void showStartProblems(const QStringList& problems);
    /// Opens a bundled example (":/examples/NAME.tpscenario.json") as a new, unsaved scenario.
    bool openExample(const QString& resourcePath);
    /// File › New, File › Open (a file dialog), a file dropped on the window: each asks first when
    /// the scenario has unsaved changes.
    void newScenario();
    void openWithDialog();
    void openDropped(const QString& path);
    bool save();
    bool saveAs();
    bool writeTo(const QString& path);
    /// Asks to save unsaved changes: true when the caller may go on (saved or discarded).
    bool maybeSave();
    /// The scenario a start without a file opens: the newest recent file if the user keeps that on
    /// (File › Open Recent); empty for the bundled default. It does not touch the file (a dead network
    /// mount would hang the start): openStartFiles() with `reopeningLast` reads it, or skips it when gone.
    [[nodiscard]] static QString lastScenarioToReopen();
    /// The menu File › Open Recent fills, kept up to date from here.
    void setRecentMenu(QMenu* menu);
    void updateRecentMenu();

signals:
    /// A line for the status bar, shown for `milliseconds`.
    void message(const QString& text, int milliseconds);

private:
    void rememberRecent(const QString& path);

    ScenarioSession* m_session;
    ScenarioDocument* m_doc;
    MainView* m_view;
    QWidget* m_parent;
    QMenu* m_recentMenu = nullptr;
};

} // namespace ui
