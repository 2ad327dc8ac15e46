#include "app/run_actions.h"

#include "core/runs/hf_import.h"
#include "widgets/dialogs/actual_dialog.h"
#include "widgets/io/launch_export.h"
#include "widgets/io/safe_save.h"
#include "widgets/session/scenario_document.h"
#include "widgets/session/scenario_session.h"
#include "widgets/text/native_path.h"
#include "widgets/text/problem_text.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QLocale>
#include <QMessageBox>
#include <QProgressDialog>
#include <QWidget>

#include <cmath>

namespace ui {

RunActions::RunActions(ScenarioSession* session, QWidget* parent)
    : QObject(parent)
    , m_session(session)
    , m_doc(session->document())
    , m_parent(parent)
{
    connect(m_session, &ScenarioSession::logProgress, this, [this](double fraction) {
        if (m_logProgress) m_logProgress->setValue(int(std::lround(fraction * 100)));
    });
    connect(m_session, &ScenarioSession::logCompared, this, &RunActions::showLogComparison);
}

bool RunActions::importConfig(const QString& path, bool confirm)
{
    const core::ImportResult r = core::importHfConfigFile(nativePath(path));
    if (!r.ok()) {
        QMessageBox::warning(
            m_parent, tr("Cannot import %1").arg(QFileInfo(path).fileName()), ProblemText::of(r.error));
        return false;
    }
    const core::ImportedModel& m = *r.model;
    QString details
        = tr("%1 (%2): %3 parameters.")
              .arg(QString::fromStdString(m.name.empty() ? m.modelType : m.name), QString::fromStdString(m.modelType),
                  QLocale().toString(std::round(m.counts.total()), 'f', 0));
    if (const core::ParameterBreakdown& counts = m.counts; counts.mtpLayers > 0)
        details += QLatin1Char(' ')
            + tr("%1 in the main model, %2 in %n multi-token prediction module(s).", nullptr, counts.mtpLayers)
                  .arg(QLocale().toString(counts.mainModel(), 'f', 0),
                      QLocale().toString(counts.total() - counts.mainModel(), 'f', 0));
    details += QStringLiteral("\n\n");
    for (const auto& f : m.mapped)
        details
            += QStringLiteral("%1 → %2 = %3\n")
                   .arg(QString::fromStdString(f.from), QString::fromStdString(f.to), QString::fromStdString(f.value));
    for (const auto& n : m.notes)
        details += QStringLiteral("• %1\n").arg(ProblemText::of(n));
    if (confirm
        && QMessageBox::question(
               m_parent, tr("Import model"), details + QStringLiteral("\n") + tr("Use this model in the scenario?"))
            != QMessageBox::Yes)
        return false;
    const core::Architecture arch = m.arch;
    return m_doc->edit(tr("Import model from config.json"), [arch](core::Scenario& s) {
        s.model = core::ModelSpec {};
        s.model.arch = arch;
    });
}

void RunActions::compareWithLog(const QString& path)
{
    // Read on a worker thread with a progress bar and a Cancel button: a log of gigabytes takes
    // seconds, and the window keeps painting while the box answers Cancel. The box is modal to this
    // window: the comparison is of the scenario as it was when the reading started.
    if (m_logProgress) m_logProgress->deleteLater();
    m_logPath = path;
    m_logProgress
        = new QProgressDialog(tr("Reading %1…").arg(QFileInfo(path).fileName()), tr("Cancel"), 0, 100, m_parent);
    m_logProgress->setObjectName(QStringLiteral("logProgress"));
    m_logProgress->setWindowTitle(tr("Compare with a training log"));
    m_logProgress->setWindowModality(Qt::WindowModal);
    m_logProgress->setMinimumDuration(300);
    m_logProgress->setAutoClose(false);
    m_logProgress->setAutoReset(false);
    m_logProgress->setMinimumWidth(420); // the title, not only the bar, readable
    m_logProgress->setValue(0);
    connect(m_logProgress, &QProgressDialog::canceled, m_session, &ScenarioSession::cancelLogComparison);
    m_session->requestLogComparison(nativePath(path));
}

void RunActions::showLogComparison(std::uint64_t revision, const LogComparison& result)
{
    if (m_logProgress) {
        m_logProgress->deleteLater();
        m_logProgress = nullptr;
    }
    if (result.cancelled) return; // the user asked for it
    if (!result.comparison) {
        // A file error is core's English "PATH: reason"; a problem is worded here.
        const std::string& error = result.fileError;
        const QString why = result.problem ? ProblemText::of(*result.problem) : QString::fromStdString(error);
        auto* box = new QMessageBox(QMessageBox::Warning, tr("Cannot compare with the log"),
            tr("%1 was not read.\n\n%2").arg(QFileInfo(m_logPath).fileName(), why), QMessageBox::Close, m_parent);
        box->setObjectName(QStringLiteral("logRefused"));
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
        return;
    }
    auto* dialog = new ActualDialog(m_session, *result.comparison, m_parent, revision);
    // Several may be open: each names its log.
    dialog->setWindowTitle(QStringLiteral("%1 — %2").arg(dialog->windowTitle(), QFileInfo(m_logPath).fileName()));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
}

void RunActions::saveLaunchSettings(core::Framework framework)
{
    const QString path = QFileDialog::getSaveFileName(m_parent, LaunchExport::title(framework),
        QDir(QFileInfo(m_parent->windowFilePath()).absolutePath()).filePath(LaunchExport::fileName(framework)));
    if (path.isEmpty()) return;
    // The save dialog asked about `path`; a file written beside it (DeepSpeed's expectations) is asked
    // about here, unless this run wrote it.
    QStringList others;
    for (const QString& file : LaunchExport::filesFor(framework, path))
        if (file != path && pathExists(file) && !wroteThis(file)) others << QFileInfo(file).fileName();
    if (!others.isEmpty()
        && QMessageBox::question(m_parent, tr("Replace files?"),
               tr("%1 is written beside the settings and exists already. Replace it?")
                   .arg(others.join(QStringLiteral(", "))),
               QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel)
            != QMessageBox::Yes)
        return;
    const QStringList problems = LaunchExport::save(m_session->scenario(), framework, path, true);
    if (!problems.isEmpty()) {
        QMessageBox::warning(m_parent, tr("Launch settings not written"),
            tr("%1 was not written.\n\n%2").arg(QFileInfo(path).fileName(), problems.join(QLatin1Char('\n'))));
        return;
    }
    emit message(tr("Wrote the %1 to %2").arg(LaunchExport::title(framework), path), 5000);
}

} // namespace ui
