#include "widgets/export/report_export.h"

#include "core/estimate/estimate_io.h"
#include "core/estimate/explain.h"
#include "core/scenario/presets.h"
#include "core/scenario/scenario_io.h"
#include "widgets/charts/chart_export.h"
#include "widgets/inputs/field_texts.h"
#include "widgets/models/collectives_model.h"
#include "widgets/models/comparison_model.h"
#include "widgets/models/memory_table_model.h"
#include "widgets/pages/decision_guide_page.h"
#include "widgets/session/scenario_session.h"
#include "widgets/text/explain_text.h"
#include "widgets/text/format.h"
#include "widgets/text/scenario_name.h"
#include "widgets/verdict_banner.h"

#include <QAbstractTextDocumentLayout>
#include <QBuffer>
#include <QCoreApplication>
#include <QFont>
#include <QFontMetricsF>
#include <QImage>
#include <QLocale>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QRegularExpression>
#include <QTextBlock>
#include <QTextBoundaryFinder>
#include <QTextDocument>
#include <QUrl>

#include <algorithm>
#include <memory>
#include <numeric>

namespace ui {

namespace {

/// The report's own texts (context "ui::Report").
struct ReportText {
    Q_DECLARE_TR_FUNCTIONS(ui::Report)
};

/// One piece of the report; Markdown and the printed page are both written from these.
struct Block {
    enum Kind { title, verdict, heading, paragraph, list, table, figure, code, pageBreak };
    Kind kind;
    QString text; ///< title, heading, paragraph, code; the verdict's headline
    QString detail; ///< the verdict's details, one line each
    bool good = true; ///< the verdict fits
    /// A list: each item a lead, a bold part and the rest ("[Required] ", "Distributed training code",
    /// " — …").
    struct Item {
        QString lead, strong, rest;
    };
    std::vector<Item> items;
    QStringList header; ///< a table
    std::vector<QStringList> rows;
    bool keyValue = false; ///< a table of names and values (the key inputs): no header row
    int chart = -1; ///< a figure: its index in ReportInputs::charts
    bool first = false; ///< a figure on page 1 (shorter)
};

/// A table model as rows of text, as the user reads it: translated headers, the display unit, the
/// locale's numbers (the CSV files keep core's keys and plain bytes). `rowHeaders`: the vertical
/// header is the first column (the comparison's figure names).
Block modelTable(const QAbstractItemModel& model, bool rowHeaders = false)
{
    Block b { Block::table };
    if (rowHeaders) b.header << QString();
    for (int c = 0; c < model.columnCount(); ++c)
        b.header << model.headerData(c, Qt::Horizontal).toString();
    for (int r = 0; r < model.rowCount(); ++r) {
        QStringList row;
        if (rowHeaders) row << model.headerData(r, Qt::Vertical).toString();
        for (int c = 0; c < model.columnCount(); ++c)
            row << model.data(model.index(r, c)).toString();
        b.rows.push_back(row);
    }
    return b;
}

/// What a reader needs to know of the scenario on page 1.
Block keyInputs(const core::Scenario& s, const core::Estimate& e)
{
    const QLocale locale;
    const auto& p = s.parallel;
    Block b { Block::table };
    b.keyValue = true;
    const core::ModelPreset* preset = core::findModelPreset(s.model.preset);
    const QString model = preset ? QString::fromStdString(preset->label) : ReportText::tr("Custom model");
    b.rows.push_back({ ReportText::tr("Model"),
        ReportText::tr("%1, %2 parameters").arg(model, formatCount(double(e.params.total))) });
    b.rows.push_back({ ReportText::tr("GPUs"),
        ReportText::tr("%1 × %2, %3 per node")
            .arg(locale.toString(qlonglong(p.gpus())), QString::fromStdString(s.hardware.gpu.name))
            .arg(s.hardware.gpusPerNode) });
    b.rows.push_back({ ReportText::tr("Layout"),
        layoutDegrees(p, Degrees::all, QStringLiteral(" · ")) + QStringLiteral(" · ZeRO-%1").arg(p.zero) });
    // The form's own words for its choices (field_texts.cpp).
    b.rows.push_back({ ReportText::tr("Activation recomputation"), fieldValueText("parallel.recompute", s) });
    b.rows.push_back({ ReportText::tr("Number formats"),
        ReportText::tr("compute %1, weights %2, gradients %3, master weights %4, optimizer states %5")
            .arg(fieldValueText("precision.compute", s), fieldValueText("precision.weights", s),
                fieldValueText("precision.gradients", s), fieldValueText("precision.master_weights", s),
                fieldValueText("precision.optimizer_states", s)) });
    b.rows.push_back({ ReportText::tr("Batch"),
        ReportText::tr("%1 tokens per sequence, micro-batch %2, global batch %3 sequences")
            .arg(locale.toString(s.training.seqLen))
            .arg(s.training.microBatch)
            .arg(locale.toString(s.training.globalBatch)) });
    b.rows.push_back({ ReportText::tr("Training tokens"), formatLargeNumber(s.training.tokens) });
    b.rows.push_back({ ReportText::tr("Price"),
        ReportText::tr("$%1 per GPU-hour, $%2 per kWh")
            .arg(locale.toString(s.cost.gpuHourUsd, 'f', 2), locale.toString(s.cost.kwhUsd, 'f', 3)) });
    return b;
}

/// Said under the reliability chart when no GPU count of its sweep expects a whole interruption:
/// its log-scale interruptions axis then shows one decade below 1 and a line along its bottom.
QString interruptionsNote(const core::SweepResult& sweep)
{
    double most = 0;
    for (const auto& p : sweep.points)
        most = std::max(most, p.estimate.reliability.expectedInterruptions);
    if (sweep.points.empty() || !(most < 1)) return {};
    return ReportText::tr("Fewer than one interruption is expected over the run at every GPU count shown (at most "
                          "%1): the interruptions line lies along the bottom of its axis.")
        .arg(QLocale().toString(most, 'g', 2));
}

std::vector<Block> reportBlocks(const ReportInputs& in)
{
    const core::Scenario& s = in.results.scenario;
    const core::Estimate& e = in.results.estimate;
    std::vector<Block> out;
    out.push_back({ Block::title, ScenarioName::of(s) });
    const VerdictBanner::Text verdict
        = VerdictBanner::textOf(e, QString::fromStdString(s.hardware.gpu.name), in.results.ranges);
    Block v { Block::verdict, verdict.headline, verdict.details };
    v.good = e.memory.fits();
    out.push_back(v);
    out.push_back({ Block::heading, ReportText::tr("Key inputs") });
    out.push_back(keyInputs(s, e));
    // Page 1: the first two charts (memory and step time) under the heading of them all; then the
    // others at full height.
    if (!in.charts.empty()) out.push_back({ Block::heading, MainView::tr("Charts") });
    for (int i = 0; i < int(in.charts.size()); ++i) {
        if (i == 2) out.push_back({ Block::pageBreak });
        Block f { Block::figure, in.charts[std::size_t(i)].title };
        f.chart = i;
        f.first = i < 2;
        out.push_back(f);
        if (in.charts[std::size_t(i)].file.endsWith(QLatin1String("reliability_goodput.png"))) {
            if (const QString note = interruptionsNote(in.results.gpuSweep); !note.isEmpty())
                out.push_back({ Block::paragraph, note });
        }
    }
    out.push_back({ Block::pageBreak });
    for (const ReportTable& t : in.tables) {
        out.push_back({ Block::heading, t.title });
        out.push_back(modelTable(*t.model, true));
    }
    // The decision guide: the verdict in words and the migration checklist with its urgencies.
    const DecisionGuidePage::Texts guide = DecisionGuidePage::textsOf(s, e, in.results.guide);
    out.push_back({ Block::heading, DecisionGuidePage::tr("Decision guide") });
    QString guideVerdict = guide.verdict;
    guideVerdict.replace(QStringLiteral("<b>"), QString()).replace(QStringLiteral("</b>"), QString());
    for (const QString& paragraph : guideVerdict.split(QStringLiteral("</p>"), Qt::SkipEmptyParts)) {
        const QString text = QString(paragraph).remove(QStringLiteral("<p>")).trimmed();
        if (!text.isEmpty()) out.push_back({ Block::paragraph, text });
    }
    Block checklist { Block::list };
    for (const auto& item : guide.checklist)
        checklist.items.push_back({ QStringLiteral("[%1] ").arg(DecisionGuidePage::needText(item.need)), item.title,
            QStringLiteral(" — ") + item.body });
    if (!checklist.items.empty()) out.push_back(checklist);
    // The tables as the views show them: translated headers, GiB and ms.
    MemoryTableModel memory;
    memory.setEstimate(e);
    out.push_back({ Block::heading, MainView::tr("Memory per pipeline stage") });
    out.push_back(modelTable(memory));
    out.push_back({ Block::heading, MainView::tr("Communication per step") });
    if (e.communication.collectives.empty()) {
        out.push_back({ Block::paragraph, MainView::tr("No communication: a single GPU.") });
    } else {
        CollectivesModel collectives;
        collectives.setEstimate(e);
        out.push_back(modelTable(collectives));
    }
    // The appendix: what the figures rest on.
    out.push_back({ Block::pageBreak });
    out.push_back({ Block::heading, ReportText::tr("Appendix: assumptions, formulas and the scenario file") });
    const auto& ef = s.efficiency;
    out.push_back({ Block::heading, MainView::tr("Assumptions in force") });
    out.push_back({ Block::paragraph,
        MainView::tr("Compute efficiency %1, bus bandwidth efficiency %2, DP/CP overlap %3, latency %4 µs per call; "
                     "CUDA context %5 GiB, allocator fragmentation %6, NCCL buffers %7 GiB per group; "
                     "GPU MTBF %8 h, restart %9 min.")
                .arg(ef.compute)
                .arg(ef.busBandwidth)
                .arg(ef.commOverlap)
                .arg(ef.commLatencyUs)
                .arg(s.overhead.cudaContextGib)
                .arg(s.overhead.fragmentation)
                .arg(s.overhead.commBufferGibPerGroup)
                .arg(s.reliability.gpuMtbfHours)
                .arg(s.reliability.restartMinutes)
            + QLatin1Char(' ') + MainView::tr("Loss bytes per logit %1.").arg(s.overhead.lossBytesPerLogit) });
    out.push_back({ Block::heading, MainView::tr("How each figure was computed") });
    Block formulas { Block::list };
    for (const auto& x : in.explanations)
        formulas.items.push_back({ {}, QString::fromStdString(x.key),
            QStringLiteral(": %1 — %2 (%3)")
                .arg(ExplainText::formula(x.formula), ExplainText::substituted(x.substituted),
                    ExplainText::source(x.source)) });
    out.push_back(formulas);
    out.push_back({ Block::heading, MainView::tr("Scenario") });
    out.push_back({ Block::code, QString::fromStdString(core::scenarioToJson(s)) });
    return out;
}

/// Text as Markdown shows it and nothing more: a scenario's or a GPU's name may hold any character,
/// and a shared scenario file must not put blocks of its choice into the report (raw HTML, an image
/// that calls a server, a link). On one line (line breaks and other control characters as spaces,
/// as the launch files write a name, runs of them as one); "&", "<" and ">" as entities, so that no HTML is passed
/// through; the punctuation that starts emphasis, code, links, images and headings escaped with a
/// backslash (CommonMark 0.30, §2.4) — parentheses stay: without "]" they open no link.
/// `lineStart`: the text starts a line, where "- ", "+ " or "1. " would start a list: the marker is
/// escaped too.
QString markdownText(const QString& text, bool lineStart = false)
{
    QString out;
    out.reserve(text.size() + 8);
    for (const QChar c : text) {
        const char16_t u = c.unicode();
        if (u < 0x20 || u == 0x7F || u == 0x85 || u == 0x2028 || u == 0x2029) {
            if (!out.endsWith(QLatin1Char(' '))) out += QLatin1Char(' '); // a run of line breaks: one space
        } else if (u == u'&')
            out += QStringLiteral("&amp;");
        else if (u == u'<')
            out += QStringLiteral("&lt;");
        else if (u == u'>')
            out += QStringLiteral("&gt;");
        else if (QStringView(u"\\`*_[]#!~|").contains(c))
            out += QLatin1Char('\\') + c;
        else
            out += c;
    }
    static const QRegularExpression marker(QStringLiteral("^\\s*(-|\\+|\\d{1,9}[.)])(\\s|$)"));
    if (const auto m = marker.match(out); lineStart && m.hasMatch())
        out.insert(m.capturedEnd(1) - 1, QLatin1Char('\\'));
    return out;
}

QString html(const QString& text)
{
    return text.toHtmlEscaped();
}

/// Whether a table cell is a figure (right-aligned, never wrapped: "12.55" must not break mid-digit):
/// a number, with a currency sign before it or one short unit after it ("561.0 GiB", "1,075 s",
/// "$18,036,550", "44,621.4 天", "0.1 %"), so that a column of figures lines up whatever its units.
bool isFigure(const QString& text)
{
    static const QRegularExpression number(QStringLiteral("^[-+−]?[$€¥]?[-+−]?\\d[\\d.,  ]*(\\s?[^\\s\\d.,]{1,8})?$"));
    return number.match(text.trimmed()).hasMatch();
}

/// The report's text faces: DejaVu Sans for Latin letters and digits, Noto Sans CJK SC for Chinese
/// (the Simplified Chinese face; without it the PDF embedded the Japanese glyph variants). Digits set
/// in the CJK face lost their text in Qt's PDF (pdftotext read "MFU . %" for "MFU 70.2 %"): the face
/// takes other glyphs for digits beside Latin letters than its character map names, so the PDF's
/// ToUnicode map has no entry for them.
const QStringList& reportFamilies()
{
    static const QStringList families { QStringLiteral("DejaVu Sans"), QStringLiteral("Noto Sans CJK SC") };
    return families;
}

/// The font of a table's header (bold) or cells at `pt` points, in the document's units.
QFont tableFont(double pt, bool bold)
{
    QFont font;
    font.setFamilies(reportFamilies());
    font.setPixelSize(qMax(1, qRound(pt * 96 / 72)));
    font.setBold(bold);
    return font;
}

/// The widest piece of `text` that cannot be broken across lines (a word; one Chinese character).
double widestPiece(const QString& text, const QFontMetricsF& metrics, bool whole)
{
    if (whole) return metrics.horizontalAdvance(text);
    double widest = 0;
    QTextBoundaryFinder lines(QTextBoundaryFinder::Line, text);
    qsizetype start = 0;
    while (lines.toNextBoundary() != -1) {
        const qsizetype end = lines.position();
        widest = std::max(widest, metrics.horizontalAdvance(text.mid(start, end - start).trimmed()));
        start = end;
    }
    return widest;
}

/// How a table of the report is set: its cells' point size and each column's share of its width.
struct TableFit {
    double pt = 8; ///< the cells' size; the header's is half a point less
    QStringList widths; ///< per column, "12.5%"
};

/// Every column at least as wide as its widest word (header) or figure (cells): Qt's table layout
/// gives columns their widths by their text's length, and wraps a word that does not fit its column
/// anywhere (QTextDocument's default wrap mode), so the memory table's header read "Activation / s
/// (GiB)". The page's remaining width is shared in proportion; a table whose words do not fit side by
/// side at 8 pt is set smaller, down to 6 pt.
TableFit tableFit(const Block& b)
{
    constexpr double kCellPt = 8, kMinPt = 6;
    constexpr double kPadding = 2 * 3 + 2; // cellpadding on both sides and the borders, document units
    const QFontMetricsF header(tableFont(kCellPt - 0.5, true));
    const QFontMetricsF cells(tableFont(kCellPt, false));
    std::vector<double> widest;
    for (qsizetype c = 0; c < b.header.size(); ++c) {
        double w = widestPiece(b.header[c], header, false);
        for (const QStringList& row : b.rows)
            if (c < row.size()) w = std::max(w, widestPiece(row[c], cells, isFigure(row[c])));
        widest.push_back(w);
    }
    TableFit fit;
    const double text = std::accumulate(widest.begin(), widest.end(), 0.0);
    const double room = kReportPageWidth - kPadding * double(widest.size());
    if (text <= 0 || room <= 0) return fit;
    if (text > room) fit.pt = std::max(kMinPt, std::floor(kCellPt * room / text * 4) / 4); // in quarter points
    std::vector<double> need;
    for (double w : widest)
        need.push_back(w * fit.pt / kCellPt + kPadding);
    const double needed = std::accumulate(need.begin(), need.end(), 0.0);
    const double share = std::max(kReportPageWidth, needed);
    for (double n : need)
        fit.widths << QString::number(std::floor(n / needed * share / kReportPageWidth * 1000) / 10) + QLatin1Char('%');
    return fit;
}

/// `firstHeight`: the height page 1's charts are shown at (their width in proportion).
QString reportHtml(
    const ReportInputs& in, const std::vector<Block>& blocks, bool embed, double firstHeight = kReportFirstChartHeight)
{
    QString body;
    for (const Block& b : blocks) {
        switch (b.kind) {
        case Block::title:
            body += QStringLiteral("<h1>%1</h1>\n").arg(html(b.text));
            break;
        case Block::verdict:
            // The banner's colours, darkened to read as text on white.
            body += QStringLiteral("<p class=\"%1\">%2</p>\n<p>%3</p>\n")
                        .arg(b.good ? QStringLiteral("fits") : QStringLiteral("nofit"), html(b.text),
                            html(b.detail).replace(QLatin1Char('\n'), QStringLiteral("<br>")));
            break;
        case Block::heading:
            body += QStringLiteral("<h2>%1</h2>\n").arg(html(b.text));
            break;
        case Block::paragraph:
            body += QStringLiteral("<p>%1</p>\n").arg(html(b.text));
            break;
        case Block::list:
            body += QStringLiteral("<ul>\n");
            for (const auto& item : b.items)
                body += QStringLiteral("<li>%1<b>%2</b>%3</li>\n")
                            .arg(html(item.lead), html(item.strong), html(item.rest));
            body += QStringLiteral("</ul>\n");
            break;
        case Block::table: {
            body += QStringLiteral("<table cellspacing=\"0\" cellpadding=\"3\" width=\"100%\">\n");
            // A table too wide for its words at 8 pt is set smaller (its header 0.5 pt below its cells).
            const TableFit fit = b.keyValue ? TableFit {} : tableFit(b);
            const double pt = fit.pt;
            const QString cellSize = pt < 8 ? QStringLiteral(" style=\"font-size: %1pt\"").arg(pt) : QString();
            const QString headerSize = pt < 8 ? QStringLiteral(" style=\"font-size: %1pt\"").arg(pt - 0.5) : QString();
            if (!b.keyValue) {
                // A header row repeats on every page the table spans (QTextTableFormat::headerRowCount).
                body += QStringLiteral("<thead><tr>");
                for (qsizetype c = 0; c < b.header.size(); ++c)
                    body += QStringLiteral("<th width=\"%1\"%2>%3</th>")
                                .arg(c < fit.widths.size() ? fit.widths[c] : QString(), headerSize, html(b.header[c]));
                body += QStringLiteral("</tr></thead>\n");
            }
            for (const QStringList& row : b.rows) {
                body += QStringLiteral("<tr>");
                for (int c = 0; c < row.size(); ++c) {
                    const QString& cell = row[c];
                    const QString cls = b.keyValue ? (c == 0 ? QStringLiteral("key") : QStringLiteral("value"))
                        : isFigure(cell)           ? QStringLiteral("num")
                                                   : QStringLiteral("text");
                    body += QStringLiteral("<td class=\"%1\"%2>%3</td>").arg(cls, cellSize, html(cell));
                }
                body += QStringLiteral("</tr>\n");
            }
            body += QStringLiteral("</table>\n");
            break;
        }
        case Block::figure: {
            const auto& chart = in.charts[std::size_t(b.chart)];
            const double height = b.first ? firstHeight : kReportChartHeight;
            const double width = b.first ? kReportPageWidth * firstHeight / kReportFirstChartHeight : kReportPageWidth;
            // A file of its own carries its pictures: the page-width drawings as PNG data.
            QString source = chart.file;
            if (embed && !chart.image.isNull()) {
                QByteArray png;
                QBuffer buffer(&png);
                buffer.open(QIODevice::WriteOnly);
                chart.image.save(&buffer, "PNG");
                source = QStringLiteral("data:image/png;base64,") + QString::fromLatin1(png.toBase64());
            }
            body += QStringLiteral("<p class=\"figure\"><img src=\"%1\" alt=\"%2\" width=\"%3\" height=\"%4\"></p>\n")
                        .arg(source, html(chart.title))
                        .arg(int(width))
                        .arg(int(height));
            break;
        }
        case Block::code:
            body += QStringLiteral("<pre>%1</pre>\n").arg(html(b.text));
            break;
        case Block::pageBreak:
            body += QStringLiteral("<p class=\"break\"></p>\n");
            break;
        }
    }
    // reportFamilies(), then the faces of other systems for report.html in a browser.
    QStringList faces;
    for (const QString& f : reportFamilies()
            + QStringList { QStringLiteral("Source Han Sans SC"), QStringLiteral("PingFang SC"),
                QStringLiteral("Microsoft YaHei") })
        faces << QLatin1Char('\'') + f + QLatin1Char('\'');
    const QString family = faces.join(QStringLiteral(", ")) + QStringLiteral(", sans-serif");
    return QStringLiteral(
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>%1</title><style>\n"
        "body { font-family: %2; font-size: 9pt; color: #202020; }\n"
        "h1 { font-size: 16pt; margin-bottom: 4px; }\n"
        "h2 { font-size: 11.5pt; margin-top: 10px; margin-bottom: 4px; }\n"
        "p { margin-top: 2px; margin-bottom: 4px; }\n"
        "p.fits { font-size: 12pt; font-weight: bold; color: #1B6E3F; }\n"
        "p.nofit { font-size: 12pt; font-weight: bold; color: #B02A1E; }\n"
        "p.break { page-break-before: always; margin: 0; }\n"
        "p.figure { margin-top: 4px; margin-bottom: 8px; text-align: center; }\n"
        "table { border-collapse: collapse; margin-bottom: 6px; }\n"
        "th { font-size: 7.5pt; font-weight: bold; background-color: #EEF2F6; border: 1px solid #B8C0C8; }\n"
        "td { font-size: 8pt; border: 1px solid #B8C0C8; }\n"
        "td.num { text-align: right; white-space: nowrap; }\n"
        "td.key { font-weight: bold; white-space: nowrap; width: 25%; }\n"
        "li { margin-bottom: 2px; }\n"
        "pre { font-family: 'DejaVu Sans Mono', 'Noto Sans Mono CJK SC', monospace; font-size: 7pt; white-space: "
        "pre-wrap; }\n"
        "</style></head><body>\n%3</body></html>\n")
        .arg(html(ScenarioName::of(in.results.scenario)), family, body);
}

} // namespace

QString reportHtml(const ReportInputs& in, bool embedImages)
{
    return reportHtml(in, reportBlocks(in), embedImages);
}

QString reportMarkdown(const ReportInputs& in)
{
    QString md;
    for (const Block& b : reportBlocks(in)) {
        switch (b.kind) {
        case Block::title:
            md += QStringLiteral("# %1\n\n").arg(markdownText(b.text));
            break;
        case Block::verdict: {
            QStringList details;
            for (const QString& line : b.detail.split(QLatin1Char('\n')))
                details << markdownText(line, true);
            md += QStringLiteral("**%1**\n\n%2\n\n").arg(markdownText(b.text), details.join(QStringLiteral("  \n")));
            break;
        }
        case Block::heading:
            md += QStringLiteral("## %1\n\n").arg(markdownText(b.text));
            break;
        case Block::paragraph:
            md += markdownText(b.text, true) + QStringLiteral("\n\n");
            break;
        case Block::list:
            // The lead is the report's own ("[Required] "): a checkbox-like label, written as it is.
            for (const auto& item : b.items)
                md += QStringLiteral("- %1**%2**%3\n")
                          .arg(item.lead, markdownText(item.strong), markdownText(item.rest));
            md += QLatin1Char('\n');
            break;
        case Block::table: {
            const int columns = b.keyValue ? 2 : int(b.header.size());
            QStringList header = b.keyValue ? QStringList { QString(), QString() } : b.header;
            for (QString& h : header)
                h = markdownText(h);
            md += QStringLiteral("| ") + header.join(QStringLiteral(" | ")) + QStringLiteral(" |\n|")
                + QStringLiteral(" --- |").repeated(columns) + QLatin1Char('\n');
            for (QStringList row : b.rows) {
                for (QString& cell : row)
                    cell = markdownText(cell);
                md += QStringLiteral("| ") + row.join(QStringLiteral(" | ")) + QStringLiteral(" |\n");
            }
            md += QLatin1Char('\n');
            break;
        }
        case Block::figure: {
            const auto& chart = in.charts[std::size_t(b.chart)];
            md += QStringLiteral("![%1](%2)\n\n")
                      .arg(markdownText(chart.title),
                          QString(chart.file).replace(QLatin1Char(' '), QStringLiteral("%20")));
            break;
        }
        case Block::code:
            md += QStringLiteral("```json\n%1```\n\n").arg(b.text);
            break;
        case Block::pageBreak:
            break;
        }
    }
    return md;
}

namespace {

/// Where the document's first picture starts (document units), or -1 when it has none.
double firstImageTop(QTextDocument& doc)
{
    for (QTextBlock block = doc.begin(); block.isValid(); block = block.next())
        for (auto it = block.begin(); !it.atEnd(); ++it)
            if (it.fragment().charFormat().isImageFormat()) return doc.documentLayout()->blockBoundingRect(block).top();
    return -1;
}

} // namespace

std::unique_ptr<QTextDocument> reportDocument(const ReportInputs& in)
{
    const std::vector<Block> blocks = reportBlocks(in);
    auto build = [&](double firstHeight) {
        auto doc = std::make_unique<QTextDocument>();
        doc->setDocumentMargin(0);
        // Laid out on the A4 page itself: what the page shows is what the PDF prints, at 1:1.
        doc->setPageSize(QSizeF(kReportPageWidth, kReportPageHeight));
        for (const auto& c : in.charts)
            if (!c.image.isNull()) doc->addResource(QTextDocument::ImageResource, QUrl(c.file), c.image);
        doc->setHtml(reportHtml(in, blocks, false, firstHeight));
        return doc;
    };
    auto doc = build(kReportFirstChartHeight);
    // Page 1's two charts share what the verdict and the key inputs leave of it: a longer verdict
    // (a range line, Chinese text's taller lines) pushed the second one alone onto page 2. They are
    // shown smaller then, down to half their height; below that the second one goes on.
    constexpr double kFigureMargins = 20; // p.figure's margins and the picture's line, per chart
    if (const double top = firstImageTop(*doc); top >= 0 && top < kReportPageHeight) {
        const double room = std::floor((kReportPageHeight - top) / 2 - kFigureMargins);
        if (room < kReportFirstChartHeight && room >= kReportFirstChartHeight / 2) doc = build(room);
    }
    return doc;
}

void printReport(QTextDocument& doc, QPdfWriter& pdf, const QString& footer)
{
    // The pages as laid out (as renderReportPage draws them), each with the scenario's name and its
    // number in the bottom margin: a handout's pages get shuffled.
    QPainter painter(&pdf);
    const double scale = pdf.resolution() / 96.0; // the document's units are 1/96 inch
    const int pages = doc.pageCount();
    QFont small = doc.defaultFont();
    small.setFamilies(reportFamilies()); // the name's digits in DejaVu Sans, as in the text
    small.setPixelSize(10); // 7.5 pt in the document's units
    for (int page = 0; page < pages; ++page) {
        if (page > 0) pdf.newPage();
        painter.save();
        painter.scale(scale, scale);
        const QRectF pageRect(0, page * kReportPageHeight, kReportPageWidth, kReportPageHeight);
        painter.save();
        painter.translate(0, -pageRect.top());
        painter.setClipRect(pageRect);
        QAbstractTextDocumentLayout::PaintContext context;
        context.clip = pageRect;
        doc.documentLayout()->draw(&painter, context);
        painter.restore();
        painter.setFont(small);
        painter.setPen(QColor(0x70, 0x70, 0x70));
        const QRectF bar(0, kReportPageHeight + 12, kReportPageWidth, 16);
        painter.drawText(bar, Qt::AlignLeft | Qt::AlignVCenter, footer);
        painter.drawText(bar, Qt::AlignRight | Qt::AlignVCenter, QStringLiteral("%1 / %2").arg(page + 1).arg(pages));
        painter.restore();
    }
}

QImage renderReportPage(QTextDocument& doc, int page, double dpi)
{
    const double scale = dpi / 96.0;
    QImage image(QSize(int(std::ceil(kReportPageWidth * scale)), int(std::ceil(kReportPageHeight * scale))),
        QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.scale(scale, scale);
    const QRectF pageRect(0, page * kReportPageHeight, kReportPageWidth, kReportPageHeight);
    painter.translate(0, -pageRect.top());
    QAbstractTextDocumentLayout::PaintContext context;
    context.clip = pageRect;
    painter.setClipRect(pageRect);
    doc.documentLayout()->draw(&painter, context);
    return image;
}

double reportFontScale(const QChart* chart)
{
    const double smallest = smallestFontPt(chart);
    return smallest > 0 && smallest < kReportMinFontPt ? kReportMinFontPt / smallest : 1.0;
}

QImage reportFigureImage(const MainView::Figure& figure, double height)
{
    const QSizeF size(kReportPageWidth, height);
    constexpr double kPrintScale = 3.0; // 288 dpi on paper
    if (figure.chart) return renderChart(figure.chart, size, kPrintScale, {}, reportFontScale(figure.chart));
    QImage image((size * kPrintScale).toSize(), QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(kPrintScale);
    image.fill(Qt::white);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    figure.paint(painter, size);
    return image;
}

} // namespace ui
