#include "app/document_actions.h"

#include "core/base/file_io.h"
#include "core/scenario/scenario_io.h"
#include "widgets/export/folder_export.h"
#include "widgets/io/app_settings.h"
#include "widgets/io/safe_save.h"
#include "widgets/main_view.h"
#include "widgets/pages/comparison_view.h"
#include "widgets/session/scenario_document.h"
#include "widgets/session/scenario_session.h"
#include "widgets/text/native_path.h"
#include "widgets/text/problem_text.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QLocale>
#include <QMenu>
#include <QMessageBox>
#include <QStandardPaths>
#include <QWidget>

namespace ui {

DocumentActions::DocumentActions(ScenarioSession* session, MainView* view, QWidget* parent)
    : QObject(parent)
    , m_session(session)
    , m_doc(session->document())
    , m_view(view)
    , m_parent(parent)
{
}

void DocumentActions::newScenario()
{
    if (maybeSave()) m_doc->reset(core::defaultScenario(), QString());
}

void DocumentActions::openWithDialog()
{
    if (!maybeSave()) return;
    const QString path = QFileDialog::getOpenFileName(
        m_parent, tr("Open scenario"), QString(), tr("TrainPlanner scenarios (*.tpscenario.json *.json)"));
    if (!path.isEmpty()) openFile(path);
}

void DocumentActions::openDropped(const QString& path)
{
    if (!path.isEmpty() && maybeSave()) openFile(path);
}

void DocumentActions::setRecentMenu(QMenu* menu)
{
    m_recentMenu = menu;
    updateRecentMenu();
}

void DocumentActions::updateRecentMenu()
{
    if (!m_recentMenu) return; // no window: nothing to show the list in
    m_recentMenu->clear();
    const QStringList recent = AppSettings::recentFiles();
    for (const QString& path : recent)
        m_recentMenu
            ->addAction(QFileInfo(path).fileName(), this,
                [this, path] {
                    if (maybeSave()) openFile(path);
                })
            ->setToolTip(path);
    m_recentMenu->addSeparator();
    QAction* reopen = m_recentMenu->addAction(tr("Reopen the Last Scenario at Start"));
    reopen->setObjectName(QStringLiteral("reopenLast"));
    reopen->setCheckable(true);
    reopen->setChecked(AppSettings::reopenLast());
    connect(reopen, &QAction::toggled, this, [](bool on) { AppSettings::setReopenLast(on); });
    QAction* clear = m_recentMenu->addAction(tr("&Clear the List"), this, [this] {
        AppSettings::clearRecentFiles();
        updateRecentMenu();
    });
    clear->setEnabled(!recent.isEmpty());
}

QString DocumentActions::lastScenarioToReopen()
{
    // The newest recent file, when the setting is on and it is still there: a file deleted since is
    // simply not reopened (nothing of the user's is lost), one that is there but cannot be read is
    // reported by openStartFiles as any start file.
    const QStringList recent = AppSettings::recentFiles();
    if (!AppSettings::reopenLast() || recent.isEmpty()) return {};
    return recent.front();
}

void DocumentActions::rememberRecent(const QString& path)
{
    AppSettings::addRecentFile(path);
    updateRecentMenu();
}

bool DocumentActions::openFile(const QString& path)
{
    const core::ScenarioResult result = core::loadScenarioFile(nativePath(path));
    if (!result.ok()) {
        QMessageBox::warning(m_parent, tr("Cannot open scenario"),
            tr("%1 was not opened; the current scenario is unchanged.\n\n%2")
                .arg(QFileInfo(path).fileName(), ProblemText::of(result.error)));
        return false;
    }
    m_doc->reset(*result.scenario, path);
    rememberRecent(path);
    emit message(tr("Opened %1").arg(path), 4000);
    return true;
}

QStringList DocumentActions::openStartFiles(const QStringList& paths, const StartOptions& options)
{
    QStringList problems;
    std::vector<core::Scenario> opened;
    // Only the first four are read: the others are named without touching them.
    const std::vector<StartRead> reads = readStartFiles(paths.mid(0, 4), options.limit, options.reader);
    for (qsizetype i = 0; i < paths.size(); ++i) {
        const QString& path = paths[i];
        const QString shown = QDir::toNativeSeparators(absolutePath(path));
        if (i >= qsizetype(reads.size())) {
            problems << tr("%1 was not opened: at most four scenarios can be compared.").arg(shown);
            continue;
        }
        const std::optional<core::ScenarioResult>& read = reads[std::size_t(i)].result;
        if (!read) {
            //: %2 is a number of seconds
            problems << tr("%1 was not opened: it did not answer within %2 seconds (a network folder that is not "
                           "reachable?). Open it with File › Open once it is back.")
                            .arg(shown)
                            .arg(QLocale().toString(double(options.limit.count()) / 1000, 'g', 3));
            continue;
        }
        const core::ScenarioResult& result = *read;
        const bool gone = !result.ok() && result.error.problem.code == core::ProblemCode::file_unreadable
            && core::FileFailure(int(result.error.problem.value("reason"))) == core::FileFailure::no_such_file;
        if (options.reopeningLast && gone) continue; // deleted since: the default, and nothing is lost
        if (!result.ok()) {
            problems << tr("%1 was not opened: %2").arg(shown, ProblemText::of(result.error));
            continue;
        }
        if (opened.empty()) {
            m_doc->reset(*result.scenario, absolutePath(path));
            rememberRecent(absolutePath(path));
        }
        opened.push_back(*result.scenario);
    }
    if (opened.size() > 1) {
        for (const core::Scenario& s : opened)
            m_view->viewOn<ComparisonView>("compare")->add(s);
        m_view->showPage(QStringLiteral("compare")); // where the other files went
    }
    return problems;
}

void DocumentActions::showStartProblems(const QStringList& problems)
{
    if (problems.isEmpty()) return;
    auto* box = new QMessageBox(QMessageBox::Warning, tr("Some files were not opened"),
        problems.join(QStringLiteral("\n\n")), QMessageBox::Close, m_parent);
    box->setObjectName(QStringLiteral("startProblems"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

bool DocumentActions::openExample(const QString& resourcePath)
{
    QFile file(resourcePath);
    if (!file.open(QIODevice::ReadOnly)) return false;
    const core::ScenarioResult result = core::parseScenario(file.readAll().toStdString());
    if (!result.ok()) return false; // examples are tested; this cannot happen in a release
    m_doc->reset(*result.scenario, QString());
    return true;
}

bool DocumentActions::save()
{
    return m_doc->filePath().isEmpty() ? saveAs() : writeTo(m_doc->filePath());
}

bool DocumentActions::saveAs()
{
    // A new scenario is offered a file name after what it describes, in the folder of the last one opened.
    QString suggested = m_doc->filePath();
    if (suggested.isEmpty()) {
        const QStringList recent = AppSettings::recentFiles();
        const QString folder = recent.isEmpty() ? QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation)
                                                : QFileInfo(recent.front()).absolutePath();
        suggested
            = QDir(folder).filePath(exportPrefix(m_doc->scenario(), double(m_session->results().estimate.params.total))
                + QStringLiteral(".tpscenario.json"));
    }
    QString path = QFileDialog::getSaveFileName(
        m_parent, tr("Save scenario"), suggested, tr("TrainPlanner scenarios (*.tpscenario.json)"));
    if (path.isEmpty()) return false;
    if (!path.endsWith(QLatin1String(".json"))) path += QLatin1String(".tpscenario.json");
    return writeTo(path);
}

bool DocumentActions::writeTo(const QString& path)
{
    // A checked, atomic write (safe_save.h): a failed save never damages the old file.
    const QString error = saveBytes(path, QByteArray::fromStdString(core::scenarioToJson(m_doc->scenario())));
    if (!error.isEmpty()) {
        QMessageBox::warning(m_parent, tr("Cannot save scenario"),
            tr("The scenario was not saved; the file on disk is unchanged.\n\n%1").arg(error));
        return false;
    }
    m_doc->markSaved(path);
    rememberRecent(path);
    emit message(tr("Saved %1").arg(path), 4000);
    return true;
}

bool DocumentActions::maybeSave()
{
    if (!m_doc->isModified()) return true;
    const auto answer
        = QMessageBox::question(m_parent, tr("Unsaved changes"), tr("The scenario has unsaved changes. Save them?"),
            QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
    if (answer == QMessageBox::Save) return save();
    return answer == QMessageBox::Discard;
}

} // namespace ui
