#pragma once
// The report of an export (folder_export.h): Markdown, HTML and A4 PDF, laid out as a handout:
// page 1 the verdict, the key inputs and two charts; then the other charts at the printable width with fonts of
// at least 8 pt, the decision guide, the tables in GiB and ms with the interface's headers; formulas,
// assumptions and the scenario's JSON in an appendix. What to write is the export dialog's choice.

#include "core/estimate/explain.h"
#include "widgets/main_view.h"
#include "widgets/session/derived_results.h"

#include <QImage>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

class QAbstractItemModel;
class QPdfWriter;
class QTextDocument;

namespace ui {

class ScenarioSession;

/// The report page: A4 (210 × 297 mm, ISO 216) less 15-mm margins, in the document's units (1/96 inch).
inline constexpr double kReportPageWidth = 180 / 25.4 * 96; ///< 680 units: 180 mm
inline constexpr double kReportPageHeight = 267 / 25.4 * 96; ///< 1,009 units: 267 mm
/// Charts are drawn at the page width in the same units, so that a chart's fonts keep their point
/// sizes on paper, enlarged to at least this size.
inline constexpr double kReportMinFontPt = 8;
/// Page 1 holds two charts below the verdict and the inputs; the others are taller.
inline constexpr double kReportFirstChartHeight = 290;
inline constexpr double kReportChartHeight = 400;

/// What the report says, as values: it is built from these alone, never from a widget's texts.
struct ReportInputs {
    DerivedResults results; ///< the scenario, its estimate, the decision guide and (when shown) the ranges
    struct Chart {
        QString title; ///< as exported
        QString file; ///< its PNG, relative to the report
        QImage image; ///< drawn for the printed page (reportChartImage); empty in Markdown-only use
    };
    std::vector<Chart> charts; ///< page 1 takes the first two
    /// The pages' tables (the Compare tab's figures when it holds two scenarios or more), after the charts.
    std::vector<ReportTable> tables;
    std::vector<core::Explanation> explanations;
};

/// The report as Markdown, in the interface's language and display unit (report.md).
[[nodiscard]] QString reportMarkdown(const ReportInputs& inputs);
/// The report as one HTML file (report.html): the same CSS as the printed page, its pictures embedded
/// when `embedImages`, else named by their PNG files (the document's resources).
[[nodiscard]] QString reportHtml(const ReportInputs& inputs, bool embedImages);
/// The same report as a paginated document of A4 pages (report.html and report.pdf), its charts the
/// inputs' images at the page width, in Noto Sans CJK SC when the interface is Chinese.
[[nodiscard]] std::unique_ptr<QTextDocument> reportDocument(const ReportInputs& inputs);
/// Prints a report document on A4 (report.pdf): its pages as laid out, each with `footer` (the
/// scenario's name) and its number, "3 / 11", in the bottom margin.
void printReport(QTextDocument& document, QPdfWriter& pdf, const QString& footer);
/// Page `page` (from 0) of a report document drawn at `dpi`: what the PDF prints there.
[[nodiscard]] QImage renderReportPage(QTextDocument& document, int page, double dpi);

/// How much a chart's fonts are enlarged for the report: its smallest font reaches kReportMinFontPt.
[[nodiscard]] double reportFontScale(const QChart* chart);
/// A figure drawn for the report: `height` units high at the page width, 3× for print.
[[nodiscard]] QImage reportFigureImage(const MainView::Figure& figure, double height);

} // namespace ui
