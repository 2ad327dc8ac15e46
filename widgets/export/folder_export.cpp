#include "widgets/export/folder_export.h"

#include "core/estimate_io.h"
#include "core/plan_io.h"
#include "core/scenario_io.h"
#include "widgets/charts/chart_export.h"
#include "widgets/export/report_export.h"
#include "widgets/io/safe_save.h"
#include "widgets/main_view.h"
#include "widgets/models/comparison_model.h"
#include "widgets/pages/comparison_view.h"
#include "widgets/pages/planner_page.h"
#include "widgets/session/scenario_session.h"
#include "widgets/text/native_path.h"
#include "widgets/text/text_limit.h"

#include <QBuffer>
#include <QDir>
#include <QFileInfo>
#include <QPageSize>
#include <QPdfWriter>
#include <QTextDocument>

#include <functional>
#include <memory>
#include <unistd.h>
#include <vector>

namespace ui {

namespace {

/// One file of the export: its name and how to draw its bytes (empty error on success).
struct Item {
    QString name;
    std::function<QString(QByteArray&)> render;
};

/// The export as a list of files: the one description both the names and the writing come from.
std::vector<Item> plan(MainView* view, ScenarioSession* session, const ExportOptions& options)
{
    std::vector<Item> items;
    const DerivedResults& results = session->results();
    const QString name = QString::fromStdString(results.scenario.name);

    // The figures chosen (every one with something to show, by default), each in the formats chosen.
    auto figures = std::make_shared<std::vector<MainView::Figure>>();
    for (auto& f : view->figures())
        if (!options.figures || options.figures->contains(f.file)) figures->push_back(std::move(f));
    QStringList formats;
    if (options.png) formats << QStringLiteral("png");
    if (options.svg) formats << QStringLiteral("svg");
    if (options.pdf) formats << QStringLiteral("pdf");
    for (std::size_t i = 0; i < figures->size(); ++i)
        for (const QString& format : formats) {
            items.push_back({ QStringLiteral("%1.%2").arg((*figures)[i].file, format),
                [figures, i, format, name, scale = options.scale](QByteArray& bytes) {
                    const MainView::Figure& f = (*figures)[i];
                    // Exported charts name the scenario they show; comparison charts name theirs themselves.
                    const QString title = f.file.startsWith(QLatin1String("comparison_"))
                        ? QString()
                        : f.title + QStringLiteral(" — ") + name;
                    return f.chart ? renderChartFile(f.chart, format, f.size, scale, title, bytes)
                                   : renderPicture(f.paint, format, f.size, scale, title, bytes);
                } });
        }

    auto fileText = [](std::string text, bool bom) {
        return [text = std::move(text), bom](QByteArray& bytes) {
            bytes = (bom ? QByteArray("\xEF\xBB\xBF") : QByteArray()) + QByteArray::fromStdString(text);
            return QString();
        };
    };
    const core::Estimate& e = results.estimate;
    const ComparisonView* comparison = view->comparison();
    const bool compared = comparison->count() >= 2;
    if (options.tables) {
        const bool bom = options.csvBom;
        items.push_back({ QStringLiteral("estimate.csv"), fileText(core::estimateToCsv(e), bom) });
        items.push_back({ QStringLiteral("memory_stages.csv"), fileText(core::memoryStagesCsv(e), bom) });
        items.push_back({ QStringLiteral("collectives.csv"), fileText(core::collectivesCsv(e), bom) });
        if (compared)
            items.push_back(
                { QStringLiteral("comparison.csv"), fileText(modelCsv(*comparison->figures()).toStdString(), bom) });
        // The scaling chart's sweep, and a plan search done for this scenario, in the command line's
        // formats (plan_io.h): `sweep --gpus … --format csv` and `plan --format csv/json`.
        items.push_back(
            { QStringLiteral("scaling_sweep.csv"), fileText(core::sweepToCsv(results.gpuSweep, "gpus"), bom) });
        const PlannerPage* search = view->plannerPage();
        if (search->isCurrent() && !search->isRunning() && !search->result().plans.empty()) {
            items.push_back({ QStringLiteral("plans.csv"), fileText(core::planToCsv(search->result()), bom) });
            items.push_back({ QStringLiteral("plans.json"), fileText(core::planToJson(search->result()), false) });
        }
    }
    if (options.json) {
        items.push_back({ QStringLiteral("estimate.json"), fileText(core::estimateToJson(e), false) });
        items.push_back(
            { QStringLiteral("scenario.tpscenario.json"), fileText(core::scenarioToJson(results.scenario), false) });
    }

    if (!options.reportMarkdown && !options.reportHtml && !options.reportPdf) return items;
    // The report, from values: what a reader needs to trust the numbers. Its charts are the chosen
    // figures, memory and step time first (page 1); Markdown and HTML point at the PNGs when those are
    // written, the PDF embeds its own drawings at the page width. Drawn once, for whichever formats.
    auto report = [figures, session, comparison, compared,
                      cache = std::make_shared<std::optional<ReportInputs>>()]() -> const ReportInputs& {
        if (!*cache) {
            ReportInputs inputs { session->results(), {}, compared ? comparison->figures() : nullptr,
                session->explanations() };
            for (const auto& f : *figures) {
                const double height = inputs.charts.size() < 2 ? kReportFirstChartHeight : kReportChartHeight;
                inputs.charts.push_back({ f.title, f.file + QStringLiteral(".png"), reportFigureImage(f, height) });
            }
            *cache = std::move(inputs);
        }
        return **cache;
    };
    if (options.reportMarkdown)
        items.push_back({ QStringLiteral("report.md"), [report](QByteArray& bytes) {
                             bytes = reportMarkdown(report()).toUtf8();
                             return QString();
                         } });
    if (options.reportHtml)
        items.push_back({ QStringLiteral("report.html"), [report](QByteArray& bytes) {
                             bytes = reportHtml(report(), true).toUtf8();
                             return QString();
                         } });
    if (options.reportPdf)
        items.push_back({ QStringLiteral("report.pdf"), [report, name](QByteArray& bytes) {
                             const std::unique_ptr<QTextDocument> doc = reportDocument(report());
                             QBuffer buffer(&bytes);
                             buffer.open(QIODevice::WriteOnly);
                             QPdfWriter pdf(&buffer);
                             pdf.setPageSize(QPageSize(QPageSize::A4));
                             pdf.setPageMargins(QMarginsF(15, 15, 15, 15), QPageLayout::Millimeter);
                             pdf.setTitle(name);
                             pdf.setCreator(QStringLiteral("TrainPlanner"));
                             printReport(*doc, pdf, name);
                             return QString();
                         } });
    return items;
}

} // namespace

QStringList exportFileNames(MainView* view, ScenarioSession* session, const ExportOptions& options)
{
    QStringList names;
    for (const Item& item : plan(view, session, options))
        names << item.name;
    return names;
}

ExportResult exportAll(MainView* view, ScenarioSession* session, const QString& typed, const ExportOptions& options)
{
    ExportResult result;
    result.folder = resolveFolder(typed);
    if (result.folder.isEmpty()) {
        result.error = QStringLiteral("no folder given");
        return result;
    }
    if (pathExists(result.folder) && !isFolder(result.folder)) {
        result.error = QStringLiteral("%1: is a file, not a folder").arg(result.folder);
        return result;
    }
    const std::vector<Item> items = plan(view, session, options);
    const QDir dir(result.folder);

    // A file of the same name that this run did not write is a user's: ask first (nothing drawn yet).
    if (!options.replaceExisting) {
        for (const Item& item : items)
            if (pathExists(dir.filePath(item.name)) && !wroteThis(dir.filePath(item.name)))
                result.existing << item.name;
        if (!result.existing.isEmpty()) {
            result.error = QStringLiteral("%1: %2 file(s) exist there and would be replaced (%3); nothing was written")
                               .arg(result.folder)
                               .arg(result.existing.size())
                               .arg(result.existing.join(QStringLiteral(", ")));
            return result;
        }
    }

    std::vector<FileBytes> files;
    files.reserve(items.size());
    for (const Item& item : items) {
        FileBytes f { dir.filePath(item.name), {} };
        if (const QString error = item.render(f.bytes); !error.isEmpty()) {
            result.error = QStringLiteral("%1: %2").arg(f.path, error);
            return result;
        }
        files.push_back(std::move(f));
    }

    // All or none: the folders made for this export go again when its files could not be written.
    std::vector<std::string> made;
    auto removeMade = [&made] {
        for (auto it = made.rbegin(); it != made.rend(); ++it)
            ::rmdir(it->c_str()); // only when empty
    };
    if (!makeFolders(result.folder, &made)) {
        removeMade();
        result.error = QStringLiteral("%1: cannot create the folder").arg(result.folder);
        return result;
    }
    if (!made.empty()) rememberWritten(result.folder);
    const SaveSetResult saved = saveSet(files, options.replaceExisting);
    if (!saved.ok()) {
        removeMade();
        for (const QString& path : saved.existing)
            result.existing << QFileInfo(path).fileName();
        result.error = saved.error.isEmpty()
            ? QStringLiteral("%1: %2 file(s) appeared there meanwhile (%3); nothing was written")
                  .arg(result.folder)
                  .arg(result.existing.size())
                  .arg(result.existing.join(QStringLiteral(", ")))
            : saved.error;
        return result;
    }
    for (const Item& item : items)
        result.files << item.name;
    return result;
}

QString resolveFolder(const QString& typed)
{
    QString path = typed.trimmed();
    if (path.isEmpty()) return {};
    // $HOME as its bytes (QDir::homePath() decodes it lossily), Qt's answer where it is unset.
    const QByteArray homeBytes = qgetenv("HOME");
    const QString home = homeBytes.isEmpty() ? QDir::homePath() : pathFromNative(homeBytes);
    if (path == QLatin1String("~"))
        path = home;
    else if (path.startsWith(QLatin1String("~/")))
        path = home + path.mid(1);
    return absolutePath(path);
}

QString folderNameFor(const QString& scenarioName)
{
    QString out;
    for (const QChar c : scenarioName) {
        const bool bad = c.unicode() < 0x20 || c.unicode() == 0x7F || QStringLiteral("/\\:*?\"<>|").contains(c)
            || c.category() == QChar::Other_Control || c.category() == QChar::Other_Format;
        out += bad ? QLatin1Char('-') : c;
    }
    out = cutToUtf8Bytes(out.simplified(), 100).trimmed();
    // A name of dots would be this folder or its parent; a leading dot would hide the folder.
    while (out.startsWith(QLatin1Char('.')))
        out.remove(0, 1);
    out = out.trimmed();
    return out.isEmpty() ? QStringLiteral("TrainPlanner export") : out;
}

QString freshExportFolder(const QString& parent, const QString& scenarioName)
{
    const QDir dir(resolveFolder(parent));
    const QString base = folderNameFor(scenarioName);
    for (int n = 1;; ++n) {
        const QString candidate = dir.filePath(n == 1 ? base : QStringLiteral("%1 (%2)").arg(base).arg(n));
        if (!pathExists(candidate)) return candidate;
    }
}

} // namespace ui
