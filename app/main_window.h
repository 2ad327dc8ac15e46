#pragma once
// The application window: the menus, the tab shortcuts, retranslation, the window's geometry and
// the dialogs it opens around the MainView. What File does with scenario files is DocumentActions
// (document_actions.h), what it does between a plan and a run RunActions (run_actions.h). Holds no
// model logic.

#include "app/document_actions.h"
#include "app/run_actions.h"

#include <QMainWindow>
#include <QPointer>
#include <QRect>

class QActionGroup;
class QDialog;
class QMenu;

namespace ui {

class MainView;
class PresentationView;
class ScenarioDocument;
class ScenarioSession;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(ScenarioSession* session, QWidget* parent = nullptr);

    /// What File does with scenario files: open, save, the recent list (document_actions.h).
    [[nodiscard]] DocumentActions* documents() const { return m_documents; }
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
    /// A config.json read into the model, launch settings written, a training log compared (run_actions.h).
    [[nodiscard]] RunActions* runs() const { return m_runs; }

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

    ScenarioSession* m_session;
    ScenarioDocument* m_doc;
    MainView* m_view;
    DocumentActions* m_documents = nullptr;
    RunActions* m_runs = nullptr;
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
    QAction* m_compareLog = nullptr;
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
