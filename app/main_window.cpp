#include "app/main_window.h"

#include "core/base/file_io.h"
#include "core/estimate/estimate_io.h"
#include "core/estimate/sensitivity.h"
#include "core/runs/hf_import.h"
#include "core/scenario/architecture.h"
#include "core/scenario/scenario_io.h"
#include "widgets/dialogs/accuracy_view.h"
#include "widgets/dialogs/actual_dialog.h"
#include "widgets/dialogs/calibration_dialog.h"
#include "widgets/dialogs/export_dialog.h"
#include "widgets/dialogs/help_dialog.h"
#include "widgets/export/folder_export.h"
#include "widgets/inputs/field_texts.h"
#include "widgets/io/app_settings.h"
#include "widgets/io/launch_export.h"
#include "widgets/io/safe_save.h"
#include "widgets/main_view.h"
#include "widgets/pages/comparison_view.h"
#include "widgets/pages/page_registry.h"
#include "widgets/presentation_view.h"
#include "widgets/session/scenario_document.h"
#include "widgets/session/scenario_session.h"
#include "widgets/text/explain_text.h"
#include "widgets/text/language.h"
#include "widgets/text/native_path.h"
#include "widgets/text/problem_text.h"
#include "widgets/text/scenario_name.h"
#include "widgets/verdict_banner.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QDesktopServices>
#include <QDialog>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QGuiApplication>
#include <QLabel>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressDialog>
#include <QPushButton>
#include <QScreen>
#include <QSplitter>
#include <QStandardPaths>
#include <QStatusBar>
#include <QUndoStack>
#include <QUrl>
#include <QVBoxLayout>
#include <QWhatsThis>

#include <algorithm>
#include <cmath>

namespace ui {

MainWindow::MainWindow(ScenarioSession* session, QWidget* parent)
    : QMainWindow(parent)
    , m_session(session)
    , m_doc(session->document())
{
    setObjectName(QStringLiteral("mainWindow"));
    setAcceptDrops(true);
    // Explanations name the scenario's keys as the form does ("Attention kernel", not
    // parallel.attention_kernel): the names live with the form, which the text layer cannot reach.
    ExplainText::setKeyNames(&fieldName);
    m_view = new MainView(session, this);
    setCentralWidget(m_view);
    // The status bar is made at the first message, as it always was: made here, before the first
    // layout, it left the input column 27 px narrower than its content at 1280 × 800 (test_language).
    auto showMessage = [this](const QString& text, int milliseconds) { statusBar()->showMessage(text, milliseconds); };
    m_documents = new DocumentActions(session, m_view, this);
    connect(m_documents, &DocumentActions::message, this, showMessage);
    m_runs = new RunActions(session, this);
    connect(m_runs, &RunActions::message, this, showMessage);
    createActions();
    retranslate();
    connect(m_doc, &ScenarioDocument::filePathChanged, this, &MainWindow::updateTitle);
    connect(m_doc->undoStack(), &QUndoStack::cleanChanged, this, &MainWindow::updateTitle);
    connect(m_doc, &ScenarioDocument::scenarioChanged, this, &MainWindow::updateTitle);
    updateTitle();
    // Later starts: the last geometry and splitter sizes. The first: most of the screen (Qt's
    // default, about half of a 1920 × 1080 desktop, cuts the tab bar), never more than its free area.
    if (!restoreGeometry(AppSettings::windowGeometry())) {
        if (const QScreen* screen = QGuiApplication::primaryScreen()) {
            const FirstPlacement place = firstPlacement(screen->availableGeometry(), minimumSizeHint());
            resize(place.geometry.size());
            move(place.geometry.topLeft());
            if (place.maximised) setWindowState(windowState() | Qt::WindowMaximized);
        }
    }
    restoreState(AppSettings::windowState());
    for (auto* splitter : findChildren<QSplitter*>())
        if (!splitter->objectName().isEmpty())
            if (const QByteArray state = AppSettings::splitterState(splitter->objectName()); !state.isEmpty())
                splitter->restoreState(state);
    const ByteUnit unit = AppSettings::byteUnit();
    (unit == ByteUnit::GB ? m_gb : m_gib)->setChecked(true);
    m_session->setByteUnit(unit);
}

MainWindow::FirstPlacement MainWindow::firstPlacement(const QRect& available, const QSize& minimum)
{
    // The content's room: the free area less the title bar and borders the window manager adds.
    const QSize room = (available.size() - kWindowFrame).expandedTo(QSize(1, 1));
    const QSize preferred = available.size() * 0.85;
    FirstPlacement place;
    // A minimum larger than 85 % of the screen leaves no margin worth keeping: a laptop starts
    // maximised rather than with a window that nearly, but not quite, fills it.
    place.maximised = minimum.width() > preferred.width() || minimum.height() > preferred.height();
    const QSize size = preferred.expandedTo(minimum).boundedTo(room);
    const QSize frame = size + kWindowFrame;
    const QPoint corner = available.topLeft()
        + QPoint(std::max(0, (available.width() - frame.width()) / 2),
            std::max(0, (available.height() - frame.height()) / 2));
    place.geometry = QRect(corner, size);
    return place;
}

void MainWindow::createActions()
{
    createFileMenu();
    createEditMenu();
    createViewMenu();
    createToolsMenu();
    createHelpMenu();
    m_documents->setRecentMenu(m_recentMenu);
}

void MainWindow::createFileMenu()
{
    m_fileMenu = menuBar()->addMenu(QString());
    m_new = m_fileMenu->addAction(QString(), m_documents, &DocumentActions::newScenario);
    m_new->setShortcut(QKeySequence::New);
    m_open = m_fileMenu->addAction(QString(), m_documents, &DocumentActions::openWithDialog);
    m_open->setShortcut(QKeySequence::Open);
    m_recentMenu = m_fileMenu->addMenu(QString());
    m_examplesMenu = m_fileMenu->addMenu(QString());
    const QStringList examples = QDir(QStringLiteral(":/examples"))
                                     .entryList({ QStringLiteral("*.tpscenario.json") }, QDir::Files, QDir::Name);
    for (const QString& name : examples) {
        const QString resource = QStringLiteral(":/examples/") + name;
        QFile file(resource);
        file.open(QIODevice::ReadOnly);
        const auto parsed = core::parseScenario(file.readAll().toStdString());
        const QString title = parsed.ok() ? QString::fromStdString(parsed.scenario->name) : name;
        m_examplesMenu->addAction(title, this, [this, resource] {
            if (m_documents->maybeSave()) m_documents->openExample(resource);
        });
    }
    m_fileMenu->addSeparator();
    m_save = m_fileMenu->addAction(QString(), m_documents, &DocumentActions::save);
    m_save->setObjectName(QStringLiteral("saveAction"));
    m_save->setShortcut(QKeySequence::Save);
    m_saveAs = m_fileMenu->addAction(QString(), m_documents, &DocumentActions::saveAs);
    m_saveAs->setShortcut(QKeySequence::SaveAs);
    m_importConfig = m_fileMenu->addAction(QString(), this, [this] {
        const QString path = QFileDialog::getOpenFileName(
            this, tr("Import a Hugging Face config.json"), QString(), tr("Model configuration (config.json *.json)"));
        if (!path.isEmpty()) m_runs->importConfig(path);
    });
    m_export = m_fileMenu->addAction(QString(), this, [this] { exportWithDialog(); });
    m_export->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    m_launchMenu = m_fileMenu->addMenu(QString());
    m_launchMenu->setObjectName(QStringLiteral("launchMenu"));
    m_compareLog = m_fileMenu->addAction(QString(), this, [this] {
        const QString path = QFileDialog::getOpenFileName(
            this, tr("Compare with a training log"), QString(), tr("Training logs (*.log *.txt *.out);;All files (*)"));
        if (!path.isEmpty()) m_runs->compareWithLog(path);
    });
    m_fileMenu->addSeparator();
    m_quit = m_fileMenu->addAction(QString(), this, &QWidget::close);
    m_quit->setShortcut(QKeySequence::Quit);
}

void MainWindow::createEditMenu()
{
    m_editMenu = menuBar()->addMenu(QString());
    m_undo = m_doc->undoStack()->createUndoAction(this);
    m_undo->setShortcuts(QKeySequence::Undo);
    m_redo = m_doc->undoStack()->createRedoAction(this);
    // The platform's bindings (Ctrl+Shift+Z on Linux) and Ctrl+Y, which Windows users try first.
    QList<QKeySequence> redoKeys = QKeySequence::keyBindings(QKeySequence::Redo);
    if (const QKeySequence ctrlY(Qt::CTRL | Qt::Key_Y); !redoKeys.contains(ctrlY)) redoKeys << ctrlY;
    m_redo->setShortcuts(redoKeys);
    m_editMenu->addAction(m_undo);
    m_editMenu->addAction(m_redo);
}

void MainWindow::createViewMenu()
{
    m_viewMenu = menuBar()->addMenu(QString());
    m_unitMenu = m_viewMenu->addMenu(QString());
    auto* units = new QActionGroup(this);
    m_gib = m_unitMenu->addAction(QString());
    m_gb = m_unitMenu->addAction(QString());
    for (QAction* a : { m_gib, m_gb }) {
        a->setCheckable(true);
        units->addAction(a);
    }
    connect(units, &QActionGroup::triggered, this, [this](QAction* a) {
        const ByteUnit unit = a == m_gb ? ByteUnit::GB : ByteUnit::GiB;
        m_session->setByteUnit(unit);
        AppSettings::setByteUnit(unit);
    });
    m_present = m_viewMenu->addAction(QString(), this, [this] { createPresentation()->showFullScreen(); });
    m_present->setShortcut(QKeySequence(Qt::Key_F5));
    createTabShortcuts();
    m_ranges = m_viewMenu->addAction(QString(), this, [this](bool on) {
        m_view->setShowRanges(on);
        AppSettings::setShowRanges(on);
    });
    m_ranges->setCheckable(true);
    m_ranges->setChecked(AppSettings::showRanges());
    m_view->setShowRanges(m_ranges->isChecked());
    m_viewMenu->addSeparator();
    createLanguageMenu();
}

void MainWindow::createTabShortcuts()
{
    // The result tabs from anywhere, inputs included (window shortcuts: Ctrl+PgDn in the GPU list turns
    // the tab, not the GPU): Ctrl+PgDn / Ctrl+PgUp the next and previous tab, Ctrl+1 … Ctrl+9 a tab by
    // its place.
    // Ctrl+Tab and Ctrl+Shift+Tab too, which a QTabWidget takes only with the focus inside its pages.
    auto* tabs = m_view->tabs();
    auto* nextTab = new QAction(this);
    nextTab->setObjectName(QStringLiteral("nextTab"));
    nextTab->setShortcuts({ QKeySequence(Qt::CTRL | Qt::Key_PageDown), QKeySequence(Qt::CTRL | Qt::Key_Tab) });
    connect(nextTab, &QAction::triggered, this,
        [tabs] { tabs->setCurrentIndex((tabs->currentIndex() + 1) % tabs->count()); });
    auto* previousTab = new QAction(this);
    previousTab->setObjectName(QStringLiteral("previousTab"));
    // X11 reports Shift+Tab as Backtab: both spellings.
    previousTab->setShortcuts({ QKeySequence(Qt::CTRL | Qt::Key_PageUp),
        QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Tab), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Backtab) });
    connect(previousTab, &QAction::triggered, this,
        [tabs] { tabs->setCurrentIndex((tabs->currentIndex() + tabs->count() - 1) % tabs->count()); });
    addAction(nextTab);
    addAction(previousTab);
    for (int i = 0; i < 9 && i < tabs->count(); ++i) {
        auto* tab = new QAction(this);
        tab->setObjectName(QStringLiteral("tab%1").arg(i + 1)); // worded in retranslate()
        tab->setShortcut(QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_1 + i)));
        connect(tab, &QAction::triggered, this, [tabs, i] { tabs->setCurrentIndex(i); });
        addAction(tab);
    }
}

void MainWindow::createLanguageMenu()
{
    m_languageMenu = m_viewMenu->addMenu(QString());
    auto* languages = new QActionGroup(this);
    m_langSystem = m_languageMenu->addAction(QString());
    m_langSystem->setData(QString());
    m_langEnglish = m_languageMenu->addAction(QStringLiteral("English"));
    m_langEnglish->setData(QStringLiteral("en"));
    m_langChinese = m_languageMenu->addAction(QStringLiteral("简体中文"));
    m_langChinese->setData(QStringLiteral("zh_CN"));
    for (QAction* a : { m_langSystem, m_langEnglish, m_langChinese }) {
        a->setCheckable(true);
        a->setChecked(a->data().toString() == language());
        languages->addAction(a);
    }
    connect(languages, &QActionGroup::triggered, this, [](QAction* a) {
        setLanguage(a->data().toString());
        AppSettings::setLanguage(a->data().toString());
    });
}

void MainWindow::createToolsMenu()
{
    m_toolsMenu = menuBar()->addMenu(QString());
    m_calibrate = m_toolsMenu->addAction(QString(), this, [this] {
        auto* dialog = new CalibrationDialog(m_session, this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->show();
    });
    m_copyJson = m_toolsMenu->addAction(QString(), this, [this] {
        QApplication::clipboard()->setText(QString::fromStdString(core::estimateToJson(m_session->results().estimate)));
        statusBar()->showMessage(tr("Estimate copied as JSON"), 3000);
    });
}

void MainWindow::createHelpMenu()
{
    m_helpMenu = menuBar()->addMenu(QString());
    m_gettingStarted = m_helpMenu->addAction(QString(), this, [this] { showHelp(0); });
    m_gettingStarted->setObjectName(QStringLiteral("gettingStarted"));
    m_gettingStarted->setShortcut(QKeySequence::HelpContents); // F1
    m_shortcuts = m_helpMenu->addAction(QString(), this, [this] { showHelp(1); });
    m_shortcuts->setObjectName(QStringLiteral("keyboardShortcuts"));
    // The installed documentation, only where it is installed (not in a build tree).
    if (const QString folder = HelpDialog::installedManual(QCoreApplication::applicationDirPath()).docFolder;
        !folder.isEmpty())
        m_manual = m_helpMenu->addAction(
            QString(), this, [folder] { QDesktopServices::openUrl(QUrl::fromLocalFile(folder)); });
    m_helpMenu->addSeparator();
    m_accuracy = m_helpMenu->addAction(QString(), this, [this] { createAccuracyDialog()->show(); });
    // Shift+F1, then a click on any input: its definition, unit, default and source.
    m_whatsThis = QWhatsThis::createAction(this);
    m_whatsThis->setObjectName(QStringLiteral("whatsThis"));
    m_helpMenu->addAction(m_whatsThis);
    m_about = m_helpMenu->addAction(QString(), this, [this] {
        QMessageBox::about(this, tr("About TrainPlanner"),
            tr("<h3>TrainPlanner %1</h3><p>Plans the resources of training large language models: "
               "memory per GPU, parallelism, communication, time and cost.</p>"
               "<p>Qt %2 (built with %3).</p>")
                .arg(QStringLiteral(TRAINPLANNER_VERSION), QString::fromLatin1(qVersion()),
                    QStringLiteral(QT_VERSION_STR)));
    });
}

QDialog* MainWindow::showHelp(int section)
{
    const auto which = section == 1 ? HelpDialog::Section::shortcuts : HelpDialog::Section::gettingStarted;
    if (!m_help) {
        auto* help = new HelpDialog(this, which, this);
        help->setAttribute(Qt::WA_DeleteOnClose);
        m_help = help;
    }
    static_cast<HelpDialog*>(m_help.data())->showSection(which);
    m_help->show();
    m_help->raise();
    m_help->activateWindow();
    return m_help;
}

void MainWindow::exportWithDialog()
{
    ExportDialog dialog(m_view, m_session, this);
    if (dialog.exec() != QDialog::Accepted) return;
    QApplication::setOverrideCursor(Qt::WaitCursor);
    const ExportResult result = dialog.run();
    QApplication::restoreOverrideCursor();
    if (!result.error.isEmpty()) {
        QMessageBox::warning(this, tr("Export failed"), result.error);
        return;
    }
    const QString folder = result.folder;
    const QUrl url = QUrl::fromLocalFile(folder);
    statusBar()->showMessage(tr("Exported %1 files to %2").arg(result.files.size()).arg(folder), 5000);
    if (dialog.openFolderWhenDone()) {
        QDesktopServices::openUrl(url);
        return;
    }
    // Done, with the way to the files (a status-bar line alone is easily missed).
    QMessageBox done(QMessageBox::Information, tr("Export done"),
        tr("Exported %1 files to %2.").arg(result.files.size()).arg(QDir::toNativeSeparators(folder)),
        QMessageBox::Close, this);
    QPushButton* open = done.addButton(tr("&Open Folder"), QMessageBox::ActionRole);
    done.setDefaultButton(open);
    done.exec();
    if (done.clickedButton() == open) QDesktopServices::openUrl(url);
}

PresentationView* MainWindow::createPresentation()
{
    const auto* banner = m_view->banner();
    PresentationView::TitleSlide title;
    title.title = ScenarioName::of(m_doc->scenario());
    title.headline = banner->headline();
    title.fits = m_session->results().estimate.memory.fits();
    if (auto* details = banner->findChild<QLabel*>(QStringLiteral("verdictDetails"))) title.details = details->text();
    return new PresentationView(title, m_view->presentableCharts(), this);
}

QDialog* MainWindow::createAccuracyDialog()
{
    auto* dialog = new QDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(tr("How Accurate Is This?"));
    auto* view = new AccuracyView(
        m_session->publishedRuns(), m_session->heldOutSources(),
        [this, dialog](const core::Scenario& s) {
            if (!m_documents->maybeSave()) return;
            m_doc->reset(s, QString());
            dialog->close();
        },
        dialog);
    auto* layout = new QVBoxLayout(dialog);
    layout->addWidget(view);
    dialog->resize(sizeOnScreen(QSize(1100, 1000), this));
    return dialog;
}

void MainWindow::retranslate()
{
    m_fileMenu->setTitle(tr("&File"));
    m_new->setText(tr("&New"));
    m_open->setText(tr("&Open…"));
    m_recentMenu->setTitle(tr("Open &Recent"));
    m_examplesMenu->setTitle(tr("Open E&xample"));
    m_save->setText(tr("&Save"));
    m_saveAs->setText(tr("Save &As…"));
    m_export->setText(tr("&Export Charts, Tables and Report…"));
    m_launchMenu->setTitle(tr("Export &Launch Settings"));
    m_compareLog->setText(tr("Compare With &Training Log…"));
    LaunchExport::fillMenu(m_launchMenu, [this](core::Framework framework) { m_runs->saveLaunchSettings(framework); });
    m_importConfig->setText(tr("&Import Hugging Face config.json…"));
    m_quit->setText(tr("&Quit"));
    m_editMenu->setTitle(tr("&Edit"));
    m_viewMenu->setTitle(tr("&View"));
    m_unitMenu->setTitle(tr("Memory &units"));
    m_gib->setText(tr("GiB (2^30 bytes)"));
    m_gb->setText(tr("GB (10^9 bytes)"));
    m_present->setText(tr("&Present Full Screen"));
    // The session's ranges move each assumption by core::kRangeFraction.
    //: %1 is the percentage each assumption moves by (20)
    m_ranges->setText(
        tr("Show &Ranges in the Banner (each assumption ±%1 %)").arg(QLocale().toString(core::kRangeFraction * 100)));
    m_accuracy->setText(tr("How &Accurate Is This?"));
    m_whatsThis->setText(tr("&What's This?"));
    m_languageMenu->setTitle(tr("&Language"));
    m_langSystem->setText(tr("System"));
    m_toolsMenu->setTitle(tr("&Tools"));
    m_copyJson->setText(tr("Copy estimate as &JSON"));
    m_calibrate->setText(tr("&Calibrate to a Measured Run…"));
    m_helpMenu->setTitle(tr("&Help"));
    m_gettingStarted->setText(tr("&Getting Started"));
    m_shortcuts->setText(tr("&Keyboard Shortcuts"));
    if (m_manual) m_manual->setText(tr("&Manual (Installed Documentation)"));
    // The window's own keys have words too: the shortcut list in the Help names them.
    m_undo->setStatusTip(tr("Undo the last change"));
    m_redo->setStatusTip(tr("Redo the change undone last"));
    const auto pages = pageRows();
    for (QAction* a : actions()) {
        if (a->objectName() == QLatin1String("nextTab")) a->setText(tr("Next result tab"));
        if (a->objectName() == QLatin1String("previousTab")) a->setText(tr("Previous result tab"));
        bool isTab = false;
        const int i = a->objectName().startsWith(QLatin1String("tab")) ? a->objectName().mid(3).toInt(&isTab) : 0;
        if (isTab && i >= 1 && i <= int(pages.size()))
            //: %1 is the tab's title ("Memory")
            a->setText(
                tr("Result tab: %1").arg(QCoreApplication::translate("ui::MainView", pages[std::size_t(i - 1)].title)));
    }
    m_about->setText(tr("A&bout TrainPlanner")); // "&Accurate" has A: no menu uses a mnemonic twice
    m_documents->updateRecentMenu();
    updateTitle();
}

void MainWindow::updateTitle()
{
    const QString name
        = m_doc->filePath().isEmpty() ? ScenarioName::of(m_doc->scenario()) : QFileInfo(m_doc->filePath()).fileName();
    setWindowTitle(tr("%1[*] — TrainPlanner").arg(name));
    setWindowModified(m_doc->isModified());
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!m_documents->maybeSave()) {
        event->ignore();
        return;
    }
    AppSettings::setWindow(saveGeometry(), saveState());
    for (auto* splitter : findChildren<QSplitter*>())
        if (!splitter->objectName().isEmpty())
            AppSettings::setSplitterState(splitter->objectName(), splitter->saveState());
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    const auto urls = event->mimeData()->urls();
    if (urls.size() == 1 && urls.front().isLocalFile() && urls.front().toLocalFile().endsWith(QLatin1String(".json")))
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    // The URL's percent-encoded bytes, not toLocalFile(): a file name that is not UTF-8 stays itself.
    const QString path = pathFromNative(
        QByteArray::fromPercentEncoding(event->mimeData()->urls().value(0).path(QUrl::FullyEncoded).toLatin1()));
    m_documents->openDropped(path);
    event->acceptProposedAction();
}

void MainWindow::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        statusBar()->clearMessage(); // written in the other language; its moment has passed
    }
    QMainWindow::changeEvent(event);
}

} // namespace ui
