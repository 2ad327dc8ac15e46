#pragma once
// Everything for a meeting in one folder: every chart as PNG (2×), SVG and PDF, every table as
// CSV ("C" locale, optional UTF-8 BOM for Excel), the estimate and scenario as JSON, and a report
// (Markdown, HTML and A4 PDF) with the inputs, the verdict, the charts, the tables, the assumptions
// and the sources.

#include <QString>
#include <QStringList>

namespace ui {

class MainView;
class ScenarioSession;

struct ExportOptions {
    double scale = 2.0; ///< PNG device pixel ratio (1, 2 or 3)
    bool csvBom = false; ///< prefix CSV files with a UTF-8 BOM so Excel reads Chinese text
};

struct ExportResult {
    QStringList files; ///< written, relative to the folder
    QString error; ///< empty on success
};

[[nodiscard]] ExportResult exportAll(
    MainView* view, ScenarioSession* session, const QString& folder, const ExportOptions& options = {});

} // namespace ui
