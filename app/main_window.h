#pragma once

#include "core/launch.h"
#include "widgets/io/start_files.h"
// The application window: menus, file handling, recent files, drag-and-drop and settings around
// the MainView. Holds no model logic.

#include <QMainWindow>
#include <QPointer>
#include <QProgressDialog>
#include <QRect>

#include <cstdint>

class QActionGroup;
class QDialog;
class QMenu;

namespace ui {

class MainView;
class PresentationView;
class ScenarioDocument;
class ScenarioSession;
struct LogComparison;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(ScenarioSession* session, QWidget* parent = nullptr);

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
    [[nodiscard]] MainView* mainView() const { return m_view; }
    /// Presentation mode: a title slide with the verdict, then every chart with data. The window
    /// deletes itself when closed.
    PresentationView* createPresentation();
    /// File → Export: the dialog, then the files and a "done" box that opens the folder.
    void exportWithDialog();
    /// "How accurate is this?": the published runs against the estimate, in a dialog; a run
    /// double-clicked there opens as a new, unsaved scenario.
    QDialog* createAccuracyDialog();
    /// Where the window goes on a first start (nothing saved): 85 % of `available` (the screen's
    /// free area) and centred, at least `minimum` where that is larger, but never more than
    /// `available` less the window frame (kWindowFrame) — the frame's corner is `geometry`'s
    /// top left, the content's size its size. `maximised` when `minimum` does not fit in 85 %.
    struct FirstPlacement {
        QRect geometry;
        bool maximised = false;
    };
    [[nodiscard]] static FirstPlacement firstPlacement(const QRect& available, const QSize& minimum);
    /// Reads a Hugging Face config.json and, after showing what mapped to what, makes its
    /// architecture the scenario's model (one undoable edit). False on a bad file (a dialog says why).
    bool importConfig(const QString& path, bool confirm = true);
    /// The scenario a start without a file opens: the newest recent file if the user keeps that on
    /// (File › Open Recent); empty for the bundled default. It does not touch the file (a dead network
    /// mount would hang the start): openStartFiles() with `reopeningLast` reads it, or skips it when gone.
    [[nodiscard]] static QString lastScenarioToReopen();

protected:
    void closeEvent(QCloseEvent* event) override;
    void changeEvent(QEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    /// The menus, left to right, and the window's tab shortcuts (part of View's setup).
    void createActions();
    void createFileMenu();
    void createEditMenu();
    void createViewMenu();
    void createTabShortcuts();
    void createLanguageMenu();
    void createToolsMenu();
    void createHelpMenu();
    void retranslate();
    void updateTitle();
    void updateRecentMenu();

    void rememberRecent(const QString& path);
    bool save();
    bool saveAs();
    bool writeTo(const QString& path);
    bool maybeSave();

    ScenarioSession* m_session;
    ScenarioDocument* m_doc;
    MainView* m_view;
    QMenu* m_fileMenu = nullptr;
    QMenu* m_recentMenu = nullptr;
    QMenu* m_examplesMenu = nullptr;
    QMenu* m_editMenu = nullptr;
    QMenu* m_viewMenu = nullptr;
    QMenu* m_unitMenu = nullptr;
    QMenu* m_languageMenu = nullptr;
    QMenu* m_toolsMenu = nullptr;
    QMenu* m_launchMenu = nullptr;
    QMenu* m_helpMenu = nullptr;
    QAction* m_new = nullptr;
    QAction* m_open = nullptr;
    QAction* m_save = nullptr;
    QAction* m_saveAs = nullptr;
    QAction* m_export = nullptr;
    void saveLaunchSettings(core::Framework framework);
    QAction* m_compareLog = nullptr;

public:
    /// Reads the training log at `path` in the background (a progress box with Cancel), then shows it
    /// against the current scenario, or a box that says why it cannot (unreadable, no step line, a
    /// figure no run of this scenario can show).
    void compareWithLog(const QString& path);

private:
    void showLogComparison(std::uint64_t revision, const LogComparison& result);
    QPointer<QProgressDialog> m_logProgress;
    QString m_logPath;
    QAction* m_importConfig = nullptr;
    QAction* m_quit = nullptr;
    QAction* m_undo = nullptr;
    QAction* m_redo = nullptr;
    QAction* m_gb = nullptr;
    QAction* m_gib = nullptr;
    QAction* m_langSystem = nullptr;
    QAction* m_langEnglish = nullptr;
    QAction* m_langChinese = nullptr;
    QAction* m_present = nullptr;
    QAction* m_ranges = nullptr;
    QAction* m_copyJson = nullptr;
    QAction* m_calibrate = nullptr;
    QAction* m_accuracy = nullptr;
    QAction* m_whatsThis = nullptr;
    QAction* m_about = nullptr;

public:
    /// Help → Getting Started (F1) or Keyboard Shortcuts: the one help window, brought to the front
    /// on that section (section 0 getting started, 1 shortcuts; HelpDialog::Section).
    QDialog* showHelp(int section);

private:
    QAction* m_gettingStarted = nullptr;
    QAction* m_shortcuts = nullptr;
    QAction* m_manual = nullptr; ///< only where the documentation is installed
    QPointer<QDialog> m_help;
};

} // namespace ui
