#pragma once
// Everything for a meeting in one folder: every chart as PNG (2×), SVG and PDF, every table as
// CSV ("C" locale, optional UTF-8 BOM for Excel), the estimate and scenario as JSON, and a report
// (Markdown, HTML and A4 PDF) with the inputs, the verdict, the charts, the tables, the assumptions
// and the sources.

#include "core/explain.h"
#include "widgets/session/derived_results.h"

#include <QString>
#include <QStringList>

#include <vector>

class QAbstractItemModel;

namespace ui {

class MainView;
class ScenarioSession;

/// What the report says, as values: it is built from these alone, never from a widget's texts.
struct ReportInputs {
    DerivedResults results; ///< the scenario, its estimate, the decision guide and (when shown) the ranges
    struct Chart {
        QString title; ///< as exported
        QString file; ///< its PNG, relative to the report
    };
    std::vector<Chart> charts;
    /// The Compare tab's figures when it holds two scenarios or more (ComparisonModel), else nullptr.
    const QAbstractItemModel* comparison = nullptr;
    std::vector<core::Explanation> explanations;
};

/// The report as Markdown, in the interface's language and display unit (report.md; report.html and
/// report.pdf are rendered from it).
[[nodiscard]] QString reportMarkdown(const ReportInputs& inputs);

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
