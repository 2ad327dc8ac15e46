#pragma once
// Everything for a meeting in one folder: the figures as PNG (1×–3×), SVG and PDF, every table as
// CSV ("C" locale, optional UTF-8 BOM for Excel), the estimate and scenario as JSON, and the report
// (report_export.h). What to write is the export dialog's choice (or --export's defaults).
//
// Nothing a user owns is overwritten: an export goes to a new folder named after the scenario by
// default (freshExportFolder); into a chosen folder it replaces only the files this run exported
// there itself and left unchanged, unless the user agreed to replace the others
// (ExportOptions::replaceExisting). Every file is rendered in memory first and the whole set is
// written at once — all of it or none.

#include <QString>
#include <QStringList>

#include <optional>

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
};

struct ExportResult {
    QString folder; ///< where the files went (absolute)
    QStringList files; ///< written, relative to the folder
    QStringList existing; ///< files of the folder the export would replace (relative); nothing was written
    QString error; ///< empty on success
};

/// The files an export with `options` writes, relative to its folder, in the order written.
[[nodiscard]] QStringList exportFileNames(MainView* view, ScenarioSession* session, const ExportOptions& options);

/// Renders the chosen files and writes them into `folder` (created with its parents when missing)
/// as one set. `folder` is read as resolveFolder() reads it.
[[nodiscard]] ExportResult exportAll(
    MainView* view, ScenarioSession* session, const QString& folder, const ExportOptions& options = {});

/// A folder as a user types it, as an absolute, clean path: "~" and "~/…" are in the home folder,
/// a relative path is in the working folder. Empty stays empty.
[[nodiscard]] QString resolveFolder(const QString& typed);

/// A folder name for a scenario: its name with the characters file systems or shells trip on
/// (/ \ : * ? " < > | and control characters) as "-", spaces kept, at most 100 bytes of UTF-8,
/// "TrainPlanner export" when nothing is left.
[[nodiscard]] QString folderNameFor(const QString& scenarioName);

/// Where a new export of `scenarioName` goes under `parent` (resolved): parent/NAME, or "NAME (2)",
/// "NAME (3)", … when that exists. Every export gets its own folder: one reused would mix the files
/// of two exports (a plans.csv of an earlier search beside a report that has none).
[[nodiscard]] QString freshExportFolder(const QString& parent, const QString& scenarioName);

} // namespace ui
