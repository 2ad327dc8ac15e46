#pragma once
// The application window: menus, file handling and settings around the PlannerWidget.

#include <QMainWindow>

namespace ui {
class PlannerWidget;
class ScenarioDocument;
} // namespace ui

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(ui::ScenarioDocument* document, QWidget* parent = nullptr);

    /// Opens a scenario file; on a bad file shows the message and leaves the scenario untouched.
    bool openFile(const QString& path);

protected:
    void closeEvent(QCloseEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void createActions();
    void retranslate();
    void updateTitle();
    bool save();
    bool saveAs();
    bool writeTo(const QString& path);
    bool maybeSave();

    ui::ScenarioDocument* m_doc;
    ui::PlannerWidget* m_planner;
    QMenu* m_fileMenu = nullptr;
    QMenu* m_editMenu = nullptr;
    QMenu* m_helpMenu = nullptr;
    QAction* m_open = nullptr;
    QAction* m_save = nullptr;
    QAction* m_saveAs = nullptr;
    QAction* m_quit = nullptr;
    QAction* m_undo = nullptr;
    QAction* m_redo = nullptr;
    QAction* m_about = nullptr;
};
