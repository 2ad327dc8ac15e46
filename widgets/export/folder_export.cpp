#include "widgets/export/folder_export.h"

#include "core/estimate/estimate_io.h"
#include "core/scenario/scenario_io.h"
#include "widgets/charts/chart_export.h"
#include "widgets/export/report_export.h"
#include "widgets/io/picture_export.h"
#include "widgets/io/safe_save.h"
#include "widgets/main_view.h"
#include "widgets/models/comparison_model.h"
#include "widgets/session/scenario_document.h"
#include "widgets/session/scenario_session.h"
#include "widgets/text/native_path.h"
#include "widgets/text/scenario_name.h"
#include "widgets/text/text_limit.h"

#include <QBuffer>
#include <QDir>
#include <QFileInfo>
#include <QPageSize>
#include <QPdfWriter>
#include <QTextDocument>
#include <QTimer>

#include <algorithm>
#include <functional>
#include <memory>
#include <pwd.h>
#include <unistd.h>
#include <vector>

namespace ui {

namespace {

/// One step of the export: a file, or a drawing a later file needs (the report's charts, `prepares`),
/// and how to make its bytes (empty error on success).
struct Item {
    QString name;
    std::function<QString(QByteArray&)> render;
    bool prepares = false; ///< no file of its own: `name` is the file it prepares
};

/// A CSV table of core's with the scenario's name in a last column, "scenario": a folder of CSV
/// files from several exports can be told apart, and every existing column keeps its place.
std::string withScenarioColumn(const std::string& csv, const QString& scenario)
{
    const std::string name = csvField(scenario).toStdString();
    std::string out;
    out.reserve(csv.size() + 16 * std::size_t(std::count(csv.begin(), csv.end(), '\n')));
    bool header = true;
    std::size_t start = 0;
    while (start < csv.size()) {
        std::size_t end = csv.find('\n', start);
        if (end == std::string::npos) end = csv.size();
        out.append(csv, start, end - start);
        out += header ? ",scenario" : ",";
        if (!header) out += name;
        out += '\n';
        header = false;
        start = end + 1;
    }
    return out;
}

/// The export as a list of files: the one description both the names and the writing come from.
std::vector<Item> plan(MainView* view, ScenarioSession* session, const ExportOptions& options)
{
    std::vector<Item> items;
    const DerivedResults& results = session->results();
    const QString name = ScenarioName::of(results.scenario); // as every view shows it
    const QString prefix = options.prefix.isEmpty() ? QString() : options.prefix + QLatin1Char('_');
    auto file = [&prefix](const QString& base) -> QString { return prefix + base; };

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
            items.push_back({ file(QStringLiteral("%1.%2").arg((*figures)[i].file, format)),
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
    if (options.tables) {
        const bool bom = options.csvBom;
        items.push_back(
            { file(QStringLiteral("estimate.csv")), fileText(withScenarioColumn(core::estimateToCsv(e), name), bom) });
        // Then each page's tables, in tab order (their rows in page_registry.cpp say which).
        for (PageTable& t : view->tables()) {
            const bool csv = t.file.endsWith(QLatin1String(".csv"));
            std::string text = csv && t.oneScenario ? withScenarioColumn(t.text, name) : std::move(t.text);
            items.push_back({ file(t.file), fileText(std::move(text), csv && bom) });
        }
    }
    if (options.json) {
        items.push_back({ file(QStringLiteral("estimate.json")), fileText(core::estimateToJson(e), false) });
        items.push_back({ file(QStringLiteral("scenario.tpscenario.json")),
            fileText(core::scenarioToJson(results.scenario), false) });
    }

    if (!options.reportMarkdown && !options.reportHtml && !options.reportPdf) return items;
    // The report, from values: what a reader needs to trust the numbers. Its charts are the chosen
    // figures, memory and step time first (page 1); Markdown and HTML point at the PNGs when those are
    // written, the PDF embeds its own drawings at the page width. Drawn once, for whichever formats,
    // one chart per step before the first report file.
    auto inputs = std::make_shared<ReportInputs>(
        ReportInputs { session->results(), {}, view->reportTables(), session->explanations() });
    const QString firstReport = file(options.reportMarkdown ? QStringLiteral("report.md")
            : options.reportHtml                            ? QStringLiteral("report.html")
                                                            : QStringLiteral("report.pdf"));
    for (std::size_t i = 0; i < figures->size(); ++i)
        items.push_back({ firstReport,
            [figures, inputs, i, png = file((*figures)[i].file + QStringLiteral(".png"))](QByteArray&) {
                const MainView::Figure& f = (*figures)[i];
                const double height = inputs->charts.size() < 2 ? kReportFirstChartHeight : kReportChartHeight;
                inputs->charts.push_back({ f.title, png, reportFigureImage(f, height) });
                return QString();
            },
            true });
    if (options.reportMarkdown)
        items.push_back({ file(QStringLiteral("report.md")), [inputs](QByteArray& bytes) {
                             bytes = reportMarkdown(*inputs).toUtf8();
                             return QString();
                         } });
    if (options.reportHtml)
        items.push_back({ file(QStringLiteral("report.html")), [inputs](QByteArray& bytes) {
                             bytes = reportHtml(*inputs, true).toUtf8();
                             return QString();
                         } });
    if (options.reportPdf)
        items.push_back({ file(QStringLiteral("report.pdf")), [inputs, name](QByteArray& bytes) {
                             const std::unique_ptr<QTextDocument> doc = reportDocument(*inputs);
                             QBuffer buffer(&bytes);
                             buffer.open(QIODevice::WriteOnly);
                             QPdfWriter pdf(&buffer);
                             pdf.setPageSize(QPageSize(QPageSize::A4));
                             pdf.setPageMargins(QMarginsF(15, 15, 15, 15), QPageLayout::Millimeter);
                             pdf.setTitle(name);
                             pdf.setCreator(QStringLiteral("TrainPlanner"));
                             printReport(*doc, pdf, name);
                             buffer.close();
                             bytes = withIdeographsForRadicals(bytes);
                             return QString();
                         } });
    return items;
}

/// ASCII letters and digits of `text`, lower-case, other runs as one "-" (dots kept between digits).
QString slug(const QString& text)
{
    QString out;
    for (const QChar c : text) {
        const char16_t u = c.toLower().unicode();
        const bool keep = (u >= u'a' && u <= u'z') || (u >= u'0' && u <= u'9')
            || (u == u'.' && !out.isEmpty() && out.back().isDigit());
        if (keep)
            out += QChar(u);
        else if (!out.isEmpty() && out.back() != QLatin1Char('-'))
            out += QLatin1Char('-');
    }
    while (out.endsWith(QLatin1Char('-')) || out.endsWith(QLatin1Char('.')))
        out.chop(1);
    return out;
}

} // namespace

QString exportPrefix(const core::Scenario& s, double params)
{
    QString model = slug(QString::fromStdString(s.model.preset));
    if (model.isEmpty()) {
        // A custom model by its size: 6.7b, 700m.
        model = QStringLiteral("custom-")
            + (params >= 1e9 ? QString::number(params / 1e9, 'g', 3) + QLatin1Char('b')
                             : QString::number(params / 1e6, 'g', 3) + QLatin1Char('m'));
    }
    QString gpu = slug(QString::fromStdString(s.hardware.preset));
    if (gpu.isEmpty()) gpu = slug(QString::fromStdString(s.hardware.gpu.name)).left(24);
    while (gpu.endsWith(QLatin1Char('-')))
        gpu.chop(1);
    if (gpu.isEmpty()) gpu = QStringLiteral("gpu");
    return QStringLiteral("%1-%2x%3").arg(model).arg(s.parallel.gpus()).arg(gpu);
}

struct ExportJob::State {
    QString folder;
    ExportOptions options;
    /// Folders this export made (outermost first): removed again, when empty, if it writes nothing.
    std::vector<std::string> made;
    std::vector<Item> items;
    std::size_t next = 0; ///< the item drawn next
    std::vector<FileBytes> drawn;
    int total = 0; ///< files (items that are not preparations)
    bool started = false, running = false, cancelled = false, done = false;
    bool prepared = false; ///< the folder made and checked (before the first file is drawn)
    ExportResult result;
};

ExportJob::ExportJob(
    MainView* view, ScenarioSession* session, const QString& typed, const ExportOptions& options, QObject* parent)
    : QObject(parent)
    , m_state(std::make_unique<State>())
{
    State& st = *m_state;
    st.options = options;
    st.result.folder = resolveFolder(typed);
    st.items = plan(view, session, options);
    // The session's own files are inputs too: an export never replaces the scenario file it shows.
    for (core::InputFile& input : sessionInputs(*session))
        st.options.inputs.push_back(std::move(input));
    for (const Item& item : st.items)
        if (!item.prepares) ++st.total;
    st.result.planned = st.total;
}

ExportJob::~ExportJob() = default;

QStringList ExportJob::fileNames() const
{
    QStringList names;
    for (const Item& item : m_state->items)
        if (!item.prepares) names << item.name;
    return names;
}

bool ExportJob::isRunning() const
{
    return m_state->running;
}

void ExportJob::start()
{
    if (m_state->started) return;
    m_state->started = m_state->running = true;
    // One file per event-loop turn: input, painting and the Cancel button are served in between.
    auto* timer = new QTimer(this);
    timer->setInterval(0);
    connect(timer, &QTimer::timeout, this, [this, timer] {
        if (!step()) {
            timer->stop();
            timer->deleteLater();
            m_state->running = false;
            emit finished(m_state->result);
        }
    });
    timer->start();
}

void ExportJob::cancel()
{
    m_state->cancelled = true;
}

ExportResult ExportJob::run()
{
    if (m_state->started) return m_state->result;
    m_state->started = m_state->running = true;
    while (step()) { }
    m_state->running = false;
    emit finished(m_state->result);
    return m_state->result;
}

bool ExportJob::step()
{
    State& st = *m_state;
    ExportResult& result = st.result;
    if (st.done) return false;
    // The folders made for this export go again when none of its files is written.
    auto removeMade = [&st] {
        for (auto it = st.made.rbegin(); it != st.made.rend(); ++it)
            ::rmdir(it->c_str()); // only when empty
        st.made.clear();
    };
    auto stop = [&st, &removeMade] {
        removeMade();
        st.done = true;
        return false;
    };
    if (!st.prepared && !st.cancelled) {
        st.prepared = true;
        // Before anything is drawn: somewhere to write (a folder, made with its parents where missing,
        // or the reason), and no file of a user's in the way.
        if (result.folder.isEmpty()) {
            result.error = QStringLiteral("no folder given");
            return stop();
        }
        if (const QString error = makeFolders(result.folder, &st.made); !error.isEmpty()) {
            result.error = error;
            return stop();
        }
        if (!st.options.newFolderName.isEmpty()) {
            // Claimed now, by mkdir: NAME, or NAME (2), … whichever nobody has taken.
            const core::NewFolder fresh
                = core::makeNewFolder(nativePath(result.folder), nativePath(folderNameFor(st.options.newFolderName)));
            if (const std::string& error = fresh.error; fresh.path.empty()) {
                result.error = pathFromNative(QByteArray::fromStdString(error)); // the system's reason, English
                return stop();
            }
            st.made.push_back(fresh.path);
            result.folder = pathFromNative(QByteArray::fromStdString(fresh.path));
        }
        const QDir dir(result.folder);
        // Never one of the files the export reads, whatever the user agreed to replace.
        std::vector<std::string> targets;
        for (const Item& item : st.items)
            if (!item.prepares) targets.push_back(nativePath(dir.filePath(item.name)));
        if (const std::string error = core::clashWithInputs(targets, st.options.inputs); !error.empty()) {
            result.error = pathFromNative(QByteArray::fromStdString(error)); // the dialog says it first, translated
            return stop();
        }
        // A file of the same name that this run did not write is a user's: ask first (nothing drawn yet).
        if (!st.options.replaceExisting) {
            for (const Item& item : st.items)
                if (!item.prepares && pathExists(dir.filePath(item.name)) && !wroteThis(dir.filePath(item.name)))
                    result.existing << item.name;
            if (!result.existing.isEmpty()) {
                result.error
                    = QStringLiteral("%1: %2 file(s) exist there and would be replaced (%3); nothing was written")
                          .arg(result.folder)
                          .arg(result.existing.size())
                          .arg(result.existing.join(QStringLiteral(", ")));
                return stop();
            }
        }
    }
    const QDir dir(result.folder);
    if (!st.cancelled && st.next < st.items.size()) {
        const Item& item = st.items[st.next];
        emit progress(int(st.drawn.size()), st.total, item.name);
        QByteArray bytes;
        if (const QString error = item.render(bytes); !error.isEmpty()) {
            result.error = QStringLiteral("%1: %2").arg(dir.filePath(item.name), error);
            return stop();
        }
        if (!item.prepares) st.drawn.push_back({ dir.filePath(item.name), std::move(bytes) });
        ++st.next;
        if (st.next < st.items.size() || st.cancelled) return true;
    }
    // All drawn (or cancelled): written as one set, all or none.
    result.cancelled = st.cancelled && st.next < st.items.size();
    emit progress(int(st.drawn.size()), st.total, QString());
    if (st.drawn.empty()) return stop();
    st.done = true;
    if (!st.made.empty()) rememberWritten(result.folder);
    // An export's files are the names in its folder: a link there is replaced, not followed elsewhere.
    const SaveSetResult saved = saveSet(st.drawn, st.options.replaceExisting, core::Links::replace);
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
        return false;
    }
    for (const FileBytes& f : st.drawn)
        result.files << QFileInfo(f.path).fileName();
    st.drawn.clear();
    return false;
}

std::vector<core::InputFile> sessionInputs(ScenarioSession& session)
{
    std::vector<core::InputFile> inputs;
    if (const QString& path = session.document()->filePath(); !path.isEmpty())
        inputs.push_back({ nativePath(path), "the scenario" });
    if (const std::string& profile = session.scenario().hardware.profile; !profile.empty())
        inputs.push_back({ profile, "the hardware profile" });
    return inputs;
}

QStringList exportFileNames(MainView* view, ScenarioSession* session, const ExportOptions& options)
{
    QStringList names;
    for (const Item& item : plan(view, session, options))
        if (!item.prepares) names << item.name;
    return names;
}

ExportResult exportAll(MainView* view, ScenarioSession* session, const QString& typed, const ExportOptions& options)
{
    return ExportJob(view, session, typed, options).run();
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
    else if (path.startsWith(QLatin1Char('~'))) {
        // "~user" and "~user/…", as a shell reads them: that user's home; an unknown user stays literal,
        // as in the shell.
        const qsizetype slash = path.indexOf(QLatin1Char('/'));
        const std::string user = nativePath(path.mid(1, slash < 0 ? -1 : slash - 1));
        std::vector<char> buffer(16384);
        passwd entry {};
        passwd* found = nullptr;
        if (::getpwnam_r(user.c_str(), &entry, buffer.data(), buffer.size(), &found) == 0 && found && found->pw_dir)
            path = pathFromNative(QByteArray(found->pw_dir)) + (slash < 0 ? QString() : path.mid(slash));
    }
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
