#include "main_window.h"

#include "planner_widget.h"
#include "scenario_document.h"
#include "scenario_io.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenuBar>
#include <QMessageBox>
#include <QSaveFile>
#include <QSettings>
#include <QStatusBar>
#include <QUndoStack>

MainWindow::MainWindow(ui::ScenarioDocument* document, QWidget* parent) : QMainWindow(parent), m_doc(document)
{
    setObjectName(QStringLiteral("mainWindow"));
    m_planner = new ui::PlannerWidget(document, this);
    setCentralWidget(m_planner);
    createActions();
    retranslate();
    connect(m_doc, &ui::ScenarioDocument::filePathChanged, this, &MainWindow::updateTitle);
    connect(m_doc->undoStack(), &QUndoStack::cleanChanged, this, &MainWindow::updateTitle);
    connect(m_doc, &ui::ScenarioDocument::scenarioChanged, this, &MainWindow::updateTitle);
    updateTitle();
    QSettings settings;
    restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
}

void MainWindow::createActions()
{
    m_fileMenu = menuBar()->addMenu(QString());
    m_open = m_fileMenu->addAction(QString(), this, [this] {
        if (!maybeSave()) return;
        const QString path = QFileDialog::getOpenFileName(this, tr("Open scenario"), QString(),
                                                          tr("TrainPlanner scenarios (*.tpscenario.json *.json)"));
        if (!path.isEmpty()) openFile(path);
    });
    m_open->setShortcut(QKeySequence::Open);
    m_save = m_fileMenu->addAction(QString(), this, &MainWindow::save);
    m_save->setShortcut(QKeySequence::Save);
    m_saveAs = m_fileMenu->addAction(QString(), this, &MainWindow::saveAs);
    m_saveAs->setShortcut(QKeySequence::SaveAs);
    m_fileMenu->addSeparator();
    m_quit = m_fileMenu->addAction(QString(), this, &QWidget::close);
    m_quit->setShortcut(QKeySequence::Quit);

    m_editMenu = menuBar()->addMenu(QString());
    m_undo = m_doc->undoStack()->createUndoAction(this);
    m_undo->setShortcut(QKeySequence::Undo);
    m_redo = m_doc->undoStack()->createRedoAction(this);
    m_redo->setShortcut(QKeySequence::Redo);
    m_editMenu->addAction(m_undo);
    m_editMenu->addAction(m_redo);

    m_helpMenu = menuBar()->addMenu(QString());
    m_about = m_helpMenu->addAction(QString(), this, [this] {
        QMessageBox::about(this, tr("About TrainPlanner"),
                           tr("<h3>TrainPlanner %1</h3><p>Plans the resources of training large language models: "
                              "memory per GPU, parallelism, communication, time and cost.</p>"
                              "<p>Qt %2 (built with %3).</p>")
                               .arg(QStringLiteral(TRAINPLANNER_VERSION), QString::fromLatin1(qVersion()),
                                    QStringLiteral(QT_VERSION_STR)));
    });
}

void MainWindow::retranslate()
{
    m_fileMenu->setTitle(tr("&File"));
    m_open->setText(tr("&Open…"));
    m_save->setText(tr("&Save"));
    m_saveAs->setText(tr("Save &As…"));
    m_quit->setText(tr("&Quit"));
    m_editMenu->setTitle(tr("&Edit"));
    m_helpMenu->setTitle(tr("&Help"));
    m_about->setText(tr("&About TrainPlanner"));
    updateTitle();
}

void MainWindow::updateTitle()
{
    const QString name = m_doc->filePath().isEmpty() ? QString::fromStdString(m_doc->scenario().name)
                                                     : QFileInfo(m_doc->filePath()).fileName();
    setWindowTitle(tr("%1[*] — TrainPlanner").arg(name));
    setWindowModified(m_doc->isModified());
}

bool MainWindow::openFile(const QString& path)
{
    const core::ScenarioResult result = core::loadScenarioFile(path.toStdString());
    if (!result.ok()) {
        QMessageBox::warning(this, tr("Cannot open scenario"),
                             tr("%1 was not opened; the current scenario is unchanged.\n\n%2")
                                 .arg(QFileInfo(path).fileName(), QString::fromStdString(result.error.toString())));
        return false;
    }
    m_doc->reset(*result.scenario, path);
    statusBar()->showMessage(tr("Opened %1").arg(path), 4000);
    return true;
}

bool MainWindow::save() { return m_doc->filePath().isEmpty() ? saveAs() : writeTo(m_doc->filePath()); }

bool MainWindow::saveAs()
{
    QString path = QFileDialog::getSaveFileName(this, tr("Save scenario"), m_doc->filePath(),
                                                tr("TrainPlanner scenarios (*.tpscenario.json)"));
    if (path.isEmpty()) return false;
    if (!path.endsWith(QLatin1String(".json"))) path += QLatin1String(".tpscenario.json");
    return writeTo(path);
}

bool MainWindow::writeTo(const QString& path)
{
    // QSaveFile writes a temporary file and renames it: a failed save never damages the old file.
    QSaveFile file(path);
    const std::string text = core::scenarioToJson(m_doc->scenario());
    if (!file.open(QIODevice::WriteOnly) || file.write(text.data(), qint64(text.size())) != qint64(text.size()) || !file.commit()) {
        QMessageBox::warning(this, tr("Cannot save scenario"), tr("%1 could not be written: %2").arg(path, file.errorString()));
        return false;
    }
    m_doc->markSaved(path);
    statusBar()->showMessage(tr("Saved %1").arg(path), 4000);
    return true;
}

bool MainWindow::maybeSave()
{
    if (!m_doc->isModified()) return true;
    const auto answer = QMessageBox::question(this, tr("Unsaved changes"), tr("The scenario has unsaved changes. Save them?"),
                                              QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
    if (answer == QMessageBox::Save) return save();
    return answer == QMessageBox::Discard;
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    QSettings().setValue(QStringLiteral("window/geometry"), saveGeometry());
    event->accept();
}

void MainWindow::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) retranslate();
    QMainWindow::changeEvent(event);
}
