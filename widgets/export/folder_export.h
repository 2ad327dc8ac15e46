#pragma once
// Everything for a meeting in one folder: the figures as PNG (1×–3×), SVG and PDF, every table as
// CSV ("C" locale, optional UTF-8 BOM for Excel), the estimate and scenario as JSON, and the report
// (report_export.h). What to write is the export dialog's choice (or --export's defaults).
//
// Nothing a user owns is overwritten: an export goes to a new folder named after the scenario by
// default (freshExportFolder); into a chosen folder it replaces only the files this run exported
// there itself and left unchanged, unless the user agreed to replace the others
// (ExportOptions::replaceExisting). Every file is rendered in memory first and the whole set is
// written at once — all of it or none; an export cancelled half-way writes the files drawn until
// then, as one set.
//
// ExportJob draws one file per event-loop turn, so that the window stays responsive and shows the
// progress of the ~10 s an export of every figure takes; exportAll() runs the same job at once.

#include "core/base/file_io.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>
#include <vector>

namespace core {
struct Scenario;
}

namespace ui {

class MainView;
class ScenarioSession;

struct ExportOptions {
    double scale = 2.0; ///< PNG device pixel ratio (1, 2 or 3)
    bool csvBom = false; ///< prefix CSV files with a UTF-8 BOM so Excel reads Chinese text
    /// The figures to write, by file name ("memory", "pipeline"); nullopt: every one.
    std::optional<QStringList> figures;
    bool png = true, svg = true, pdf = true; ///< the figures' formats
    bool tables = true; ///< the CSV files
    bool json = true; ///< estimate.json and the scenario
    bool reportMarkdown = true, reportHtml = true, reportPdf = true;
    /// Replace files of the same names that this run did not write (the user agreed). When false
    /// and there are any, nothing is written and ExportResult::existing lists them.
    bool replaceExisting = false;
    /// Put before every file name with "_" (exportPrefix(): "llama-2-13b-8xa100-40gb_memory.png"); empty:
    /// the plain names ("memory.png").
    QString prefix;
    /// Non-empty: the files go to a new folder inside the export's folder, named after this (folderNameFor())
    /// or "NAME (2)", … — claimed with mkdir() before anything is drawn, so that two exports started
    /// at once, or a link planted at the name meanwhile, never share or redirect it.
    QString newFolderName;
    /// Files the export reads, which no file of it may replace, even with replaceExisting (the scenario
    /// file open, its hardware profile, the files compared; the session's own are added by the export).
    std::vector<core::InputFile> inputs;
};

struct ExportResult {
    QString folder; ///< where the files went (absolute): the new folder made, with newFolderName
    QStringList files; ///< written, relative to the folder
    QStringList existing; ///< files of the folder the export would replace (relative); nothing was written
    QString error; ///< empty on success
    int planned = 0; ///< the files the export set out to write
    bool cancelled = false; ///< stopped by ExportJob::cancel(): `files` are those drawn before it
};

/// The short name that prefixes a scenario's exported files: the model's catalog name, the GPU
/// count and the GPU's catalog name, "llama-2-13b-8xa100-40gb" — lower-case ASCII letters, digits,
/// "-" and "." only, whatever the scenario's name or the interface language (a Chinese name would
/// not survive every zip tool, mail client and shell; the folder keeps the full name). A custom
/// model is "custom-" and its size ("custom-6.7b"), a custom GPU its name's ASCII letters and digits.
/// `parameters`: the model's parameter count, for a custom model's name (the estimate's).
[[nodiscard]] QString exportPrefix(const core::Scenario& scenario, double parameters);

/// An export drawn one file per event-loop turn (chart rendering must stay on the GUI thread).
/// Everything the export needs is taken when it is made: later edits do not reach it.
class ExportJob : public QObject {
    Q_OBJECT
public:
    ExportJob(MainView* view, ScenarioSession* session, const QString& folder, const ExportOptions& options,
        QObject* parent = nullptr);
    ~ExportJob() override;
    ExportJob(const ExportJob&) = delete;
    ExportJob& operator=(const ExportJob&) = delete;

    /// The files it will write, relative to its folder, in order.
    [[nodiscard]] QStringList fileNames() const;
    /// Starts on the next event-loop turn: progress after each file, finished once at the end.
    void start();
    /// Stops after the file being drawn; the files drawn so far are written, as one set, and
    /// finished says so (ExportResult::cancelled).
    void cancel();
    /// Runs to the end within this call (exportAll) and returns what finished carries.
    ExportResult run();
    [[nodiscard]] bool isRunning() const;

signals:
    /// `done` of `total` files drawn; `file` is the one drawn next ("" when all are).
    void progress(int done, int total, const QString& file);
    void finished(const ui::ExportResult& result);

private:
    /// Draws the next file, or writes the set when all are drawn or it was cancelled. False when done.
    bool step();
    struct State;
    std::unique_ptr<State> m_state;
};

/// The files of a session an export reads and never replaces: the scenario file open, its hardware profile.
[[nodiscard]] std::vector<core::InputFile> sessionInputs(ScenarioSession& session);

/// The files an export with `options` writes, relative to its folder, in the order written.
[[nodiscard]] QStringList exportFileNames(MainView* view, ScenarioSession* session, const ExportOptions& options);

/// Renders the chosen files and writes them into `folder` (created with its parents when missing)
/// as one set, within this call. `folder` is read as resolveFolder() reads it.
[[nodiscard]] ExportResult exportAll(
    MainView* view, ScenarioSession* session, const QString& folder, const ExportOptions& options = {});

/// A folder as a user types it, as an absolute, clean path: "~" and "~/…" are in the home folder,
/// a relative path is in the working folder. Empty stays empty.
[[nodiscard]] QString resolveFolder(const QString& typed);

/// A folder name for a scenario: its name with the characters file systems or shells trip on
/// (/ \ : * ? " < > | and control characters) as "-", spaces kept, at most 100 bytes of UTF-8,
/// "TrainPlanner export" when nothing is left.
[[nodiscard]] QString folderNameFor(const QString& scenarioName);

/// Where a new export of `scenarioName` would go under `parent` (resolved), as the export dialog
/// shows it: parent/NAME, or "NAME (2)", "NAME (3)", … when that exists. Every export gets its own
/// folder (one reused would mix the files of two exports); the export claims it when it starts
/// (ExportOptions::newFolderName), which may then be a later number.
[[nodiscard]] QString freshExportFolder(const QString& parent, const QString& scenarioName);

} // namespace ui
