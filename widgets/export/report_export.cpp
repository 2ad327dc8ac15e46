#include "widgets/export/report_export.h"

#include "core/estimate_io.h"
#include "core/explain.h"
#include "core/plan_io.h"
#include "core/scenario_io.h"
#include "widgets/charts/chart_export.h"
#include "widgets/charts/comparison_chart.h"
#include "widgets/charts/cost_breakdown_chart.h"
#include "widgets/charts/cost_chart.h"
#include "widgets/charts/memory_chart.h"
#include "widgets/charts/memory_step_chart.h"
#include "widgets/charts/scaling_chart.h"
#include "widgets/charts/time_chart.h"
#include "widgets/explain_text.h"
#include "widgets/export/safe_save.h"
#include "widgets/format.h"
#include "widgets/main_view.h"
#include "widgets/models/collectives_model.h"
#include "widgets/models/comparison_model.h"
#include "widgets/models/memory_table_model.h"
#include "widgets/pages/comparison_view.h"
#include "widgets/pages/decision_guide_page.h"
#include "widgets/pages/planner_page.h"
#include "widgets/session/scenario_session.h"
#include "widgets/verdict_banner.h"

#include <QBuffer>
#include <QDir>
#include <QImage>
#include <QLocale>
#include <QPageSize>
#include <QPdfWriter>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include <QUrl>

namespace ui {

namespace {

bool writeText(const QString& path, const QByteArray& text, bool bom, QString& error)
{
    error = saveBytes(path, bom ? QByteArray("\xEF\xBB\xBF") + text : text);
    return error.isEmpty();
}

/// A table model as a Markdown table, as the user reads it: translated headers, the display unit,
/// the locale's numbers (the CSV files keep core's keys and plain bytes). `rowHeaders`: the vertical
/// header is the first column (the comparison's figure names).
QString modelMarkdown(const QAbstractItemModel& model, bool rowHeaders = false)
{
    auto cell = [](QString text) { return text.replace(QLatin1Char('|'), QStringLiteral("\\|")); };
    QStringList header;
    if (rowHeaders) header << QString();
    for (int c = 0; c < model.columnCount(); ++c)
        header << cell(model.headerData(c, Qt::Horizontal).toString());
    QString out = QStringLiteral("| ") + header.join(QStringLiteral(" | ")) + QStringLiteral(" |\n|")
        + QStringLiteral(" --- |").repeated(int(header.size())) + QLatin1Char('\n');
    for (int r = 0; r < model.rowCount(); ++r) {
        QStringList row;
        if (rowHeaders) row << cell(model.headerData(r, Qt::Vertical).toString());
        for (int c = 0; c < model.columnCount(); ++c)
            row << cell(model.data(model.index(r, c)).toString());
        out += QStringLiteral("| ") + row.join(QStringLiteral(" | ")) + QStringLiteral(" |\n");
    }
    return out;
}

/// Scales every image of the document to `width` (document units), keeping its aspect ratio.
void fitImages(QTextDocument& doc, double width)
{
    for (QTextBlock block = doc.begin(); block.isValid(); block = block.next()) {
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QTextFragment fragment = it.fragment();
            if (!fragment.charFormat().isImageFormat()) continue;
            QTextImageFormat image = fragment.charFormat().toImageFormat();
            const QImage source = doc.resource(QTextDocument::ImageResource, QUrl(image.name())).value<QImage>();
            if (source.isNull()) continue;
            image.setWidth(width);
            image.setHeight(width * source.height() / std::max(1, source.width()));
            QTextCursor cursor(&doc);
            cursor.setPosition(fragment.position());
            cursor.setPosition(fragment.position() + fragment.length(), QTextCursor::KeepAnchor);
            cursor.setCharFormat(image);
        }
    }
}

} // namespace

QString reportMarkdown(const ReportInputs& in)
{
    const core::Scenario& s = in.results.scenario;
    const core::Estimate& e = in.results.estimate;
    QString md;
    md += QStringLiteral("# %1\n\n").arg(QString::fromStdString(s.name));
    const VerdictBanner::Text verdict
        = VerdictBanner::textOf(e, QString::fromStdString(s.hardware.gpu.name), in.results.ranges);
    md += QStringLiteral("**%1**\n\n").arg(verdict.headline);
    md += QString(verdict.details).replace(QLatin1Char('\n'), QStringLiteral("  \n")) + QStringLiteral("\n\n");
    md += QStringLiteral("## %1\n\n").arg(MainView::tr("Charts"));
    for (const auto& c : in.charts)
        md += QStringLiteral("![%1](%2)\n\n").arg(c.title, c.file);
    if (in.comparison) {
        md += QStringLiteral("## %1\n\n").arg(MainView::tr("Comparison"));
        md += modelMarkdown(*in.comparison, true) + QLatin1Char('\n');
    }
    // The decision guide: the verdict in words and the migration checklist with its urgencies.
    const DecisionGuidePage::Texts guide = DecisionGuidePage::textsOf(s, e, in.results.guide);
    QString guideVerdict = guide.verdict;
    guideVerdict.replace(QStringLiteral("<p>"), QString())
        .replace(QStringLiteral("</p>"), QStringLiteral("\n\n"))
        .replace(QStringLiteral("<b>"), QStringLiteral("**"))
        .replace(QStringLiteral("</b>"), QStringLiteral("**"));
    md += QStringLiteral("## %1\n\n%2").arg(DecisionGuidePage::tr("Decision guide"), guideVerdict);
    for (const auto& item : guide.checklist)
        md += QStringLiteral("- [%1] **%2** — %3\n").arg(DecisionGuidePage::needText(item.need), item.title, item.body);
    md += QLatin1Char('\n');
    // The tables as the views show them: translated headers, the display unit.
    MemoryTableModel memory;
    memory.setEstimate(e);
    md += QStringLiteral("## %1\n\n").arg(MainView::tr("Memory per pipeline stage"));
    md += modelMarkdown(memory) + QLatin1Char('\n');
    md += QStringLiteral("## %1\n\n").arg(MainView::tr("Communication per step"));
    if (e.communication.collectives.empty()) {
        md += MainView::tr("No communication: a single GPU.") + QStringLiteral("\n\n");
    } else {
        CollectivesModel collectives;
        collectives.setEstimate(e);
        md += modelMarkdown(collectives) + QStringLiteral("\n");
    }
    md += QStringLiteral("## %1\n\n").arg(MainView::tr("How each figure was computed"));
    for (const auto& x : in.explanations)
        md += QStringLiteral("- `%1`: %2 — %3 (%4)\n")
                  .arg(QString::fromStdString(x.key), ExplainText::formula(x.formula),
                      ExplainText::substituted(x.substituted), QString::fromStdString(x.source));
    md += QStringLiteral("\n## %1\n\n").arg(MainView::tr("Assumptions in force"));
    const auto& ef = s.efficiency;
    md += MainView::tr("Compute efficiency %1, bus bandwidth efficiency %2, DP/CP overlap %3, latency %4 µs per call; "
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
        + QLatin1Char(' ') + MainView::tr("Loss bytes per logit %1.").arg(s.overhead.lossBytesPerLogit)
        + QStringLiteral("\n\n");
    md += QStringLiteral("## %1\n\n```json\n%2```\n")
              .arg(MainView::tr("Scenario"), QString::fromStdString(core::scenarioToJson(s)));
    return md;
}

ExportResult exportAll(MainView* view, ScenarioSession* session, const QString& folder, const ExportOptions& options)
{
    ExportResult result;
    if (!QDir().mkpath(folder)) {
        result.error = QStringLiteral("cannot create %1").arg(folder);
        return result;
    }
    const QDir dir(folder);
    const DerivedResults& results = session->results();
    const core::Scenario& s = results.scenario;
    const core::Estimate& e = results.estimate;
    const QString name = QString::fromStdString(s.name);

    struct Chart {
        const char* file;
        QChart* chart;
    };
    std::vector<Chart> charts { { "memory", view->memoryChart()->chart() }, { "step_time", view->timeChart()->chart() },
        { "scaling", view->scalingChart()->chart() }, { "time_and_cost", view->costChart()->chart() },
        { "cost_breakdown", view->costBreakdownChart()->chart() },
        { "memory_over_step", view->memoryStepChart()->freshChart() } };
    // The comparison, when the Compare tab holds two or more scenarios.
    const ComparisonView* comparison = view->comparison();
    const bool compared = comparison->count() >= 2;
    if (compared) {
        charts.push_back({ "comparison_memory", comparison->memoryChart()->chart() });
        charts.push_back({ "comparison_step_time", comparison->stepChart()->chart() });
    }
    for (const auto& c : charts) {
        const QString title = chartTitle(c.chart) + QStringLiteral(" — ") + name;
        for (const char* ext : { "png", "svg", "pdf" }) {
            const QString file = QStringLiteral("%1.%2").arg(QLatin1String(c.file), QLatin1String(ext));
            const QString error = exportChart(c.chart, dir.filePath(file), { 1200, 750 }, options.scale, title);
            if (!error.isEmpty()) {
                result.error = error;
                return result;
            }
            result.files << file;
        }
    }

    std::vector<std::pair<const char*, std::string>> tables { { "estimate.csv", core::estimateToCsv(e) },
        { "memory_stages.csv", core::memoryStagesCsv(e) }, { "collectives.csv", core::collectivesCsv(e) } };
    if (compared) tables.emplace_back("comparison.csv", modelCsv(*comparison->figures()).toStdString());
    // The scaling chart's sweep, and a plan search done for this scenario, in the command line's
    // formats (plan_io.h): `sweep --gpus … --format csv` and `plan --format csv/json`.
    tables.emplace_back("scaling_sweep.csv", core::sweepToCsv(results.gpuSweep, "gpus"));
    const PlannerPage* search = view->plannerPage();
    if (search->isCurrent() && !search->isRunning() && !search->result().plans.empty()) {
        tables.emplace_back("plans.csv", core::planToCsv(search->result()));
        tables.emplace_back("plans.json", core::planToJson(search->result()));
    }
    for (const auto& [file, text] : tables) {
        if (!writeText(
                dir.filePath(QLatin1String(file)), QByteArray::fromStdString(text), options.csvBom, result.error))
            return result;
        result.files << QLatin1String(file);
    }
    if (!writeText(dir.filePath(QStringLiteral("estimate.json")), QByteArray::fromStdString(core::estimateToJson(e)),
            false, result.error)
        || !writeText(dir.filePath(QStringLiteral("scenario.tpscenario.json")),
            QByteArray::fromStdString(core::scenarioToJson(s)), false, result.error))
        return result;
    result.files << QStringLiteral("estimate.json") << QStringLiteral("scenario.tpscenario.json");

    // The report, from values: what a reader needs to trust the numbers.
    ReportInputs inputs { results, {}, compared ? comparison->figures() : nullptr, session->explanations() };
    for (const auto& c : charts)
        inputs.charts.push_back({ chartTitle(c.chart), QLatin1String(c.file) + QStringLiteral(".png") });
    const QString md = reportMarkdown(inputs);
    if (!writeText(dir.filePath(QStringLiteral("report.md")), md.toUtf8(), false, result.error)) return result;
    result.files << QStringLiteral("report.md");

    // The same report as HTML and as a paginated A4 PDF, the charts embedded at the page width.
    QTextDocument doc;
    doc.setMarkdown(md);
    for (const auto& c : charts) {
        const QString png = QStringLiteral("%1.png").arg(QLatin1String(c.file));
        doc.addResource(QTextDocument::ImageResource, QUrl(png), QImage(dir.filePath(png)));
    }
    fitImages(doc, 640);
    if (!writeText(dir.filePath(QStringLiteral("report.html")), doc.toHtml().toUtf8(), false, result.error))
        return result;
    result.files << QStringLiteral("report.html");
    QByteArray pdfBytes;
    {
        QBuffer pdfBuffer(&pdfBytes);
        pdfBuffer.open(QIODevice::WriteOnly);
        QPdfWriter pdf(&pdfBuffer);
        pdf.setPageSize(QPageSize(QPageSize::A4));
        pdf.setPageMargins(QMarginsF(15, 15, 15, 15), QPageLayout::Millimeter);
        pdf.setTitle(name);
        pdf.setCreator(QStringLiteral("TrainPlanner"));
        doc.print(&pdf);
    }
    if (!writeText(dir.filePath(QStringLiteral("report.pdf")), pdfBytes, false, result.error)) return result;
    result.files << QStringLiteral("report.pdf");
    return result;
}

} // namespace ui
