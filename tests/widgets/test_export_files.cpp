// The exported files as the programs that open them read them: SVG text as a browser-class renderer
// lays it out, the PDF's text layer as pdftotext extracts it, CSV files as Python's csv module and a
// spreadsheet parse them; and the export of many files as a user waits for it (progress, cancel,
// file names that say which scenario they belong to).

#include "app/main_window.h"
#include "tests/widgets/example_scenario.h"
#include "tests/widgets/settle.h"
#include "widgets/charts/chart_export.h"
#include "widgets/dialogs/export_dialog.h"
#include "widgets/export/folder_export.h"
#include "widgets/export/report_export.h"
#include "widgets/io/picture_export.h"
#include "widgets/main_view.h"
#include "widgets/models/comparison_model.h"
#include "widgets/models/memory_table_model.h"
#include "widgets/pages/comparison_view.h"
#include "widgets/pages/decision_guide_page.h"
#include "widgets/session/scenario_session.h"
#include "widgets/text/language.h"
#include "widgets/text/scenario_name.h"

#include <QAbstractAxis>
#include <QAbstractBarSeries>
#include <QApplication>
#include <QBarSet>
#include <QChart>
#include <QCheckBox>
#include <QDir>
#include <QFile>
#include <QFontInfo>
#include <QLegend>
#include <QMessageBox>
#include <QPaintEngine>
#include <QPainter>
#include <QProcess>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTextDocument>
#include <QTextItem>
#include <QTimer>
#include <QXmlStreamReader>
#include <catch2/catch.hpp>
#include <climits>

#include <cmath>
#include <set>

using namespace ui;

namespace {

/// The chart a view shows as the figure `file` ("memory").
QChart* figureChart(const MainView& view, const QString& file)
{
    for (const auto& f : view.figures())
        if (f.file == file) return f.chart;
    return nullptr;
}

/// The <text> elements of an SVG: their characters and attributes.
struct SvgText {
    QString text;
    double fontSize = 0;
    QString family, fillOpacity;
};

std::vector<SvgText> svgTexts(const QByteArray& svg)
{
    std::vector<SvgText> out;
    QXmlStreamReader xml(svg);
    while (!xml.atEnd())
        if (xml.readNext() == QXmlStreamReader::StartElement && xml.name() == QLatin1String("text")) {
            const auto a = xml.attributes();
            SvgText t;
            t.fontSize = a.value(QLatin1String("font-size")).toDouble();
            t.family = a.value(QLatin1String("font-family")).toString();
            t.fillOpacity = a.value(QLatin1String("fill-opacity")).toString();
            t.text = xml.readElementText(QXmlStreamReader::IncludeChildElements);
            out.push_back(t);
        }
    REQUIRE_FALSE(xml.hasError());
    return out;
}

/// Pixels of a font as Qt draws it into an image (the PNG): its point size at the image's DPI.
double pixelsInPng(const QFont& font)
{
    if (font.pixelSize() > 0) return font.pixelSize();
    const QImage image(8, 8, QImage::Format_ARGB32_Premultiplied);
    return font.pointSizeF() * image.logicalDpiY() / 72.0;
}

/// Every text a chart draws on paper: its title, legend entries, axis labels and titles, bar labels.
std::vector<QFont> chartFonts(const QChart* chart)
{
    std::vector<QFont> fonts { chart->titleFont(), chart->legend()->font() };
    for (const QAbstractAxis* axis : chart->axes()) {
        fonts.push_back(axis->labelsFont());
        fonts.push_back(axis->titleFont());
    }
    for (const QAbstractSeries* series : chart->series())
        if (const auto* bars = qobject_cast<const QAbstractBarSeries*>(series))
            for (const QBarSet* set : bars->barSets())
                fonts.push_back(set->labelFont());
    return fonts;
}

/// Records what a painter draws as text, and how visibly (pen alpha × opacity): the calls an SVG or
/// PDF paint engine would get.
class TextRecorder : public QPaintDevice {
public:
    struct Drawn {
        QString text;
        double visibility;
    };
    explicit TextRecorder(QSize size)
        : m_size(size)
    {
    }
    [[nodiscard]] QPaintEngine* paintEngine() const override { return &m_engine; }
    [[nodiscard]] const std::vector<Drawn>& texts() const { return m_engine.texts; }

protected:
    int metric(PaintDeviceMetric m) const override
    {
        const QImage like(8, 8, QImage::Format_ARGB32_Premultiplied); // the resolution exports lay out at
        switch (m) {
        case PdmDpiX:
        case PdmPhysicalDpiX:
            return like.logicalDpiX();
        case PdmDpiY:
        case PdmPhysicalDpiY:
            return like.logicalDpiY();
        case PdmWidth:
            return m_size.width();
        case PdmHeight:
            return m_size.height();
        case PdmDepth:
            return 32;
        case PdmWidthMM:
            return qRound(m_size.width() * 25.4 / like.logicalDpiX());
        case PdmHeightMM:
            return qRound(m_size.height() * 25.4 / like.logicalDpiY());
        case PdmNumColors:
            return INT_MAX;
        case PdmDevicePixelRatio:
            return 1;
        case PdmDevicePixelRatioScaled:
            return int(devicePixelRatioFScale());
        default:
            return QPaintDevice::metric(m);
        }
    }

private:
    class Engine : public QPaintEngine {
    public:
        Engine()
            : QPaintEngine(QPaintEngine::AllFeatures)
        {
        }
        bool begin(QPaintDevice*) override { return true; }
        bool end() override { return true; }
        void updateState(const QPaintEngineState& changed) override
        {
            if (changed.state() & DirtyPen) m_pen = changed.pen();
            if (changed.state() & DirtyOpacity) m_opacity = changed.opacity();
        }
        void drawTextItem(const QPointF&, const QTextItem& item) override
        {
            texts.push_back({ item.text(), m_pen.color().alphaF() * m_opacity });
        }
        void drawPath(const QPainterPath&) override { }
        void drawPolygon(const QPointF*, int, PolygonDrawMode) override { }
        void drawPixmap(const QRectF&, const QPixmap&, const QRectF&) override { }
        void drawImage(const QRectF&, const QImage&, const QRectF&, Qt::ImageConversionFlags) override { }
        [[nodiscard]] Type type() const override { return QPaintEngine::User; }
        std::vector<Drawn> texts;

    private:
        QPen m_pen;
        double m_opacity = 1;
    };
    QSize m_size;
    mutable Engine m_engine;
};

/// pdftotext's text of a PDF (NFKC: its "ﬁ" ligatures as "fi"), or a null string when the program is missing.
QString pdfText(const QString& pdf)
{
    const QString program = QStandardPaths::findExecutable(QStringLiteral("pdftotext"));
    if (program.isEmpty()) return {};
    QProcess p;
    p.start(program, { QStringLiteral("-enc"), QStringLiteral("UTF-8"), pdf, QStringLiteral("-") });
    REQUIRE(p.waitForFinished(60000));
    REQUIRE(p.exitCode() == 0);
    return QString::fromUtf8(p.readAllStandardOutput()).normalized(QString::NormalizationForm_KC);
}

QString withoutSpaces(QString text)
{
    static const QRegularExpression space(QStringLiteral("\\s+"));
    return text.remove(space);
}

/// A CSV file's rows as Python's csv module reads them (RFC 4180: quoted fields, "" for a quote).
std::vector<QStringList> csvRows(QByteArray bytes)
{
    if (bytes.startsWith("\xEF\xBB\xBF")) bytes.remove(0, 3);
    const QString text = QString::fromUtf8(bytes);
    std::vector<QStringList> rows;
    QStringList row;
    QString field;
    bool quoted = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (quoted) {
            if (c == QLatin1Char('"') && i + 1 < text.size() && text[i + 1] == QLatin1Char('"')) {
                field += c;
                ++i;
            } else if (c == QLatin1Char('"')) {
                quoted = false;
            } else {
                field += c;
            }
        } else if (c == QLatin1Char('"')) {
            quoted = true;
        } else if (c == QLatin1Char(',')) {
            row << field;
            field.clear();
        } else if (c == QLatin1Char('\n')) {
            row << field;
            rows.push_back(row);
            row.clear();
            field.clear();
        } else if (c != QLatin1Char('\r')) {
            field += c;
        }
    }
    if (!field.isEmpty() || !row.isEmpty()) rows.push_back(row << field);
    return rows;
}

/// Which columns hold text, not numbers, by header.
bool textColumn(const QString& header)
{
    static const QStringList text { QStringLiteral("scenario"), QStringLiteral("label"), QStringLiteral("section"),
        QStringLiteral("quantity"), QStringLiteral("unit"), QStringLiteral("group"), QStringLiteral("op"),
        QStringLiteral("link"), QStringLiteral("largest_memory_term"), QStringLiteral("recompute"),
        QStringLiteral("objective"), QStringLiteral("gpu"), QStringLiteral("layout") };
    return text.contains(header);
}

/// The export's smallest useful set: one chart in every format and the tables.
ExportOptions chartsAndTables(const QString& prefix = {})
{
    ExportOptions o;
    o.figures = QStringList { QStringLiteral("memory"), QStringLiteral("step_time") };
    o.reportMarkdown = o.reportHtml = o.reportPdf = false;
    o.prefix = prefix;
    return o;
}

} // namespace

TEST_CASE("SVG text has the PNG's sizes and each Chinese label is one text run", "[widgets][export][svg]")
{
    REQUIRE(setLanguage(QStringLiteral("zh_CN")));
    ScenarioSession session(test::example("llama-3-70b-does-not-fit.tpscenario.json"));
    MainView view(&session);
    test::settle();
    QChart* chart = figureChart(view, QStringLiteral("memory"));
    REQUIRE(chart);
    QByteArray svg;
    REQUIRE(renderChartFile(chart, QStringLiteral("svg"), { 1200, 750 }, 2, {}, svg).isEmpty());
    const std::vector<SvgText> texts = svgTexts(svg);
    REQUIRE(texts.size() > 5);

    // Sizes: the pixels each font has in the PNG (renderers read font-size as pixels).
    std::set<long> pngSizes;
    for (const QFont& f : chartFonts(chart))
        pngSizes.insert(std::lround(pixelsInPng(f) * 100));
    for (const SvgText& t : texts) {
        INFO(t.text.toStdString() << " at font-size " << t.fontSize);
        CHECK(pngSizes.count(std::lround(t.fontSize * 100)) == 1);
    }
    CHECK(std::any_of(texts.begin(), texts.end(),
        [&](const SvgText& t) { return std::abs(t.fontSize - pixelsInPng(chart->titleFont())) < 0.01; }));

    // One run per label: every axis title and legend entry is the whole text of one element, among
    // them labels that mix Chinese and Latin script ("每卡显存（GiB）").
    QStringList labels;
    for (const QAbstractAxis* axis : chart->axes())
        if (axis->isTitleVisible() && !axis->titleText().isEmpty()) labels << axis->titleText();
    for (const QAbstractSeries* series : chart->series())
        if (const auto* bars = qobject_cast<const QAbstractBarSeries*>(series))
            for (const QBarSet* set : bars->barSets())
                labels << set->label();
    static const QRegularExpression han(QStringLiteral("\\p{Han}"));
    static const QRegularExpression latin(QStringLiteral("[A-Za-z]"));
    int mixed = 0;
    for (const QString& label : labels) {
        INFO(label.toStdString());
        CHECK(std::count_if(texts.begin(), texts.end(), [&](const SvgText& t) { return t.text == label; }) == 1);
        if (label.contains(han) && label.contains(latin)) ++mixed;
    }
    CHECK(mixed >= 2);

    // No invisible text, and a family list a renderer without Qt's "Sans Serif" alias can follow.
    for (const SvgText& t : texts) {
        INFO(t.text.toStdString());
        CHECK(t.fillOpacity != QLatin1String("0"));
        CHECK(t.family.contains(QLatin1String("'Noto Sans CJK SC'")));
        CHECK(t.family.endsWith(QLatin1String("sans-serif")));
        CHECK_FALSE(t.family.contains(QLatin1String("Sans Serif")));
    }
    setLanguage(QStringLiteral("en"));
}

TEST_CASE("separate labels on one line stay separate SVG text", "[widgets][export][svg]")
{
    // Two labels side by side with a gap, and one label that Qt splits by script.
    QByteArray svg;
    REQUIRE(renderPicture(
        [](QPainter& p, QSizeF) {
            p.setFont(QFont(QStringLiteral("Sans Serif"), 9));
            p.drawText(QPointF(10, 20), QStringLiteral("TP=1"));
            p.drawText(QPointF(60, 20), QStringLiteral("TP=2"));
            p.drawText(QPointF(10, 60), QString::fromUtf8("每张 GPU"));
            p.setPen(Qt::transparent);
            p.drawText(QPointF(10, 90), QStringLiteral("hidden"));
        },
        QStringLiteral("svg"), { 200, 100 }, 1, {}, svg)
                .isEmpty());
    QStringList runs;
    for (const SvgText& t : svgTexts(svg))
        runs << t.text;
    CHECK(runs == QStringList({ QStringLiteral("TP=1"), QStringLiteral("TP=2"), QString::fromUtf8("每张 GPU") }));
}

TEST_CASE("charts draw no invisible text into SVG or PDF", "[widgets][export][svg]")
{
    // Labels hidden on thin slices were drawn transparent: invisible, but there in copy-paste and
    // for renderers that ignore opacity. What the vector formats get is what the painter is given.
    for (const char* file : { "llama-3-70b-does-not-fit.tpscenario.json", "article-large-7b-64gpu.tpscenario.json" }) {
        ScenarioSession session(test::example(file));
        MainView view(&session);
        test::settle();
        for (const auto& f : view.figures()) {
            if (!f.chart) continue;
            TextRecorder recorder(f.size.toSize());
            {
                QPainter painter(&recorder);
                drawChart(f.chart, painter, f.size);
            }
            INFO(file << ": " << f.file.toStdString());
            CHECK_FALSE(recorder.texts().empty());
            for (const auto& drawn : recorder.texts()) {
                INFO(drawn.text.toStdString());
                CHECK(drawn.visibility > 0);
            }
        }
    }
}

TEST_CASE("the Chinese report's PDF text gives back every digit of its key figures", "[widgets][export][pdf]")
{
    if (QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty()) {
        WARN("pdftotext is not installed (Debian: poppler-utils, scripts/test.sh installs it): skipped");
        return;
    }
    REQUIRE(setLanguage(QStringLiteral("zh_CN")));
    ScenarioSession session(test::example("llama-3-70b-does-not-fit.tpscenario.json"));
    MainView view(&session);
    test::settle();
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    ExportOptions o;
    o.figures = QStringList { QStringLiteral("memory") };
    o.png = o.svg = o.pdf = o.tables = o.json = o.reportMarkdown = o.reportHtml = false;
    const ExportResult r = exportAll(&view, &session, dir.path(), o);
    REQUIRE(r.error.isEmpty());
    const QString extracted = pdfText(dir.filePath(QStringLiteral("report.pdf")));
    const QString flat = withoutSpaces(extracted);

    // The figures as the estimate has them, in the forms the report prints them.
    const core::Estimate& e = session.results().estimate;
    const QLocale zh(QLocale::Chinese, QLocale::China);
    CHECK(flat.contains(QStringLiteral("Llama370B"))); // model size, in the title and the inputs
    CHECK(flat.contains(QStringLiteral("70.55B")));
    CHECK(flat.contains(QStringLiteral("8×NVIDIAA100SXM80GB"))); // GPU count and type
    CHECK(flat.contains(zh.toString(e.memory.total() / (1024.0 * 1024 * 1024), 'f', 1) + QStringLiteral("GiB")));
    CHECK(flat.contains(zh.toString(qlonglong(std::llround(e.compute.stepTimeS)))));
    CHECK(flat.contains(QStringLiteral("MFU") + zh.toString(e.compute.mfu * 100, 'f', 1) + QStringLiteral("%")));

    // Every token with a digit on page 1 of the document (title, verdict, key inputs) comes back.
    ReportInputs inputs { session.results(), {}, {}, session.explanations() };
    const std::unique_ptr<QTextDocument> doc = reportDocument(inputs);
    const QString text = doc->toPlainText();
    const QString page = text.left(text.indexOf(DecisionGuidePage::tr("Decision guide")));
    REQUIRE(page.size() < text.size() / 4);
    static const QRegularExpression digit(QStringLiteral("\\d"));
    int tokens = 0;
    for (const QString& token : page.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts))
        if (token.contains(digit)) {
            INFO(token.toStdString());
            CHECK(flat.contains(token.normalized(QString::NormalizationForm_KC)));
            ++tokens;
        }
    CHECK(tokens > 20);
    // Chinese characters as themselves: no radical stands in for its ideograph (⽤ for 用, ⻓ for 长).
    static const QRegularExpression radical(QStringLiteral("[\\x{2E80}-\\x{2FDF}]"));
    CHECK_FALSE(extracted.contains(radical));
    CHECK(flat.contains(QString::fromUtf8("占用最大的一项")));
    CHECK(flat.contains(QString::fromUtf8("长度")));
    setLanguage(QStringLiteral("en"));
}

TEST_CASE("every exported CSV is numeric where it holds numbers and names its scenario", "[widgets][export][csv]")
{
    for (const char* language : { "en", "zh_CN" }) {
        REQUIRE(setLanguage(QString::fromLatin1(language)));
        ScenarioSession session(test::example("llama-3-70b-does-not-fit.tpscenario.json"));
        MainView view(&session);
        view.viewOn<ui::ComparisonView>("compare")->add(session.scenario());
        view.viewOn<ui::ComparisonView>("compare")->add(test::example("article-small-700m-1gpu.tpscenario.json"));
        REQUIRE(view.viewOn<ui::ComparisonView>("compare")->count() == 2);
        test::settle();
        QTemporaryDir dir;
        REQUIRE(dir.isValid());
        ExportOptions o = chartsAndTables();
        o.csvBom = true;
        const ExportResult r = exportAll(&view, &session, dir.path(), o);
        REQUIRE(r.error.isEmpty());
        const QString name = ScenarioName::of(session.scenario());
        int files = 0;
        for (const QString& file : r.files) {
            if (!file.endsWith(QLatin1String(".csv"))) continue;
            ++files;
            QFile f(dir.filePath(file));
            REQUIRE(f.open(QIODevice::ReadOnly));
            const std::vector<QStringList> rows = csvRows(f.readAll());
            INFO(language << " " << file.toStdString());
            REQUIRE(rows.size() >= 2);
            const QStringList& header = rows[0];
            REQUIRE(header.contains(QStringLiteral("scenario")));
            const int scenario = int(header.indexOf(QStringLiteral("scenario")));
            for (std::size_t i = 1; i < rows.size(); ++i) {
                REQUIRE(rows[i].size() == header.size());
                for (int c = 0; c < header.size(); ++c) {
                    if (textColumn(header[c])) continue;
                    INFO(header[c].toStdString() << " = " << rows[i][c].toStdString());
                    bool ok = false;
                    rows[i][c].toDouble(&ok); // the "C" locale: no thousands separators, no units
                    CHECK(ok);
                    // No float noise: at most 12 significant digits.
                    static const QRegularExpression digits(QStringLiteral("\\d"));
                    if (file.endsWith(QLatin1String("comparison.csv")))
                        CHECK(QString(rows[i][c]).remove(QRegularExpression(QStringLiteral("^[-0.]+"))).count(digits)
                            <= 12);
                }
            }
            if (file.endsWith(QLatin1String("comparison.csv"))) {
                CHECK(rows.size() == 3); // a row per scenario
                CHECK(rows[1][scenario] == name);
                const QString b = view.viewOn<ui::ComparisonView>("compare")
                                      ->figures()
                                      ->headerData(1, Qt::Horizontal, Qt::DisplayRole)
                                      .toString();
                CHECK(rows[2][scenario] == b.mid(ScenarioName::lettered(1, QString()).size()));
                CHECK(rows[2][int(header.indexOf(QStringLiteral("label")))] == QLatin1String("B"));
                const int fits = int(header.indexOf(QStringLiteral("fits")));
                CHECK(rows[1][fits] == QLatin1String("0")); // 70B on 8 A100 does not fit
                CHECK(rows[2][fits] == QLatin1String("1"));
                // Which GPUs and which layout each scenario ran on, as the table shows them.
                const int gpu = int(header.indexOf(QStringLiteral("gpu")));
                CHECK(rows[1][gpu] == QString::fromStdString(session.scenario().hardware.gpu.name));
                CHECK(rows[1][int(header.indexOf(QStringLiteral("layout")))].startsWith(QStringLiteral("TP ")));
                const int memory = int(header.indexOf(QStringLiteral("memory_per_gpu_bytes")));
                CHECK(rows[1][memory].toDouble() == Approx(session.results().estimate.memory.total()).epsilon(1e-11));
            } else {
                for (std::size_t i = 1; i < rows.size(); ++i)
                    CHECK(rows[i][scenario] == name);
            }
        }
        CHECK(files >= 5); // estimate, memory_stages, collectives, comparison, scaling_sweep
    }
    setLanguage(QStringLiteral("en"));
}

TEST_CASE("export file names start with the scenario's short ASCII name", "[widgets][export][names]")
{
    const core::Scenario llama = test::example("llama-3-70b-does-not-fit.tpscenario.json");
    CHECK(exportPrefix(llama, 70.6e9) == QStringLiteral("llama-3-70b-8xa100-80gb"));
    core::Scenario chinese = llama;
    chinese.name = "训练计划：第一版";
    CHECK(exportPrefix(chinese, 70.6e9) == QStringLiteral("llama-3-70b-8xa100-80gb")); // the name plays no part
    core::Scenario custom = llama;
    custom.model.preset.clear();
    custom.hardware.preset.clear();
    custom.hardware.gpu.name = "加速卡 X-9000 (96 GB)";
    const QString name = exportPrefix(custom, 6.74e9);
    CHECK(name.startsWith(QStringLiteral("custom-6.74b-")));
    CHECK(name.endsWith(QStringLiteral("-8xx-9000-96-gb")));
    static const QRegularExpression safe(QStringLiteral("^[a-z0-9.-]+$"));
    CHECK(safe.match(name).hasMatch());

    ScenarioSession session(llama);
    MainView view(&session);
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const ExportResult r = exportAll(&view, &session, dir.path(), chartsAndTables(exportPrefix(llama, 70.6e9)));
    REQUIRE(r.error.isEmpty());
    CHECK(r.files.contains(QStringLiteral("llama-3-70b-8xa100-80gb_memory.png")));
    CHECK(r.files.contains(QStringLiteral("llama-3-70b-8xa100-80gb_estimate.csv")));
    for (const QString& file : r.files) {
        INFO(file.toStdString());
        CHECK(file.startsWith(QStringLiteral("llama-3-70b-8xa100-80gb_")));
        CHECK(QFile::exists(dir.filePath(file)));
    }
}

TEST_CASE("an export reports its progress file by file and a cancel keeps what was drawn", "[widgets][export][job]")
{
    ScenarioSession session(test::example("llama-3-70b-does-not-fit.tpscenario.json"));
    MainView view(&session);
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    ExportOptions o;
    o.reportMarkdown = o.reportHtml = false;

    // To the end: a progress report per file, in order, the window's event loop turning in between.
    {
        ExportJob job(&view, &session, dir.filePath(QStringLiteral("all")), o);
        const int total = int(job.fileNames().size());
        REQUIRE(total > 40);
        std::vector<int> done;
        QStringList files;
        QObject::connect(&job, &ExportJob::progress, [&](int d, int t, const QString& file) {
            CHECK(t == total);
            done.push_back(d);
            if (!file.isEmpty() && !files.contains(file)) files << file;
        });
        std::optional<ExportResult> finished;
        QObject::connect(&job, &ExportJob::finished, [&](const ExportResult& r) { finished = r; });
        int turns = 0;
        QTimer ticker;
        QObject::connect(&ticker, &QTimer::timeout, [&] { ++turns; });
        ticker.start(0);
        job.start();
        CHECK(job.isRunning());
        REQUIRE(test::waitUntil([&] { return finished.has_value(); }, 120000));
        REQUIRE(finished->error.isEmpty());
        CHECK_FALSE(finished->cancelled);
        CHECK(finished->files.size() == total);
        CHECK(files == job.fileNames());
        CHECK(done.front() == 0);
        CHECK(done.back() == total);
        CHECK(std::is_sorted(done.begin(), done.end()));
        CHECK(turns >= total); // the loop turned between files: the window was not frozen
    }
    // Cancelled after a few files: those are written, the rest not, and the result says so.
    {
        const QString folder = dir.filePath(QStringLiteral("cancelled"));
        ExportJob job(&view, &session, folder, o);
        const int total = int(job.fileNames().size());
        int reports = 0;
        QObject::connect(&job, &ExportJob::progress, [&](int, int, const QString&) {
            if (++reports == 5) job.cancel();
        });
        std::optional<ExportResult> finished;
        QObject::connect(&job, &ExportJob::finished, [&](const ExportResult& r) { finished = r; });
        job.start();
        REQUIRE(test::waitUntil([&] { return finished.has_value(); }, 120000));
        CHECK(finished->cancelled);
        CHECK(finished->error.isEmpty());
        CHECK(finished->planned == total);
        CHECK(finished->files.size() >= 4);
        CHECK(finished->files.size() <= 5);
        CHECK(finished->files == job.fileNames().mid(0, finished->files.size()));
        for (const QString& file : finished->files)
            CHECK(QFile::exists(QDir(folder).filePath(file)));
        CHECK(QDir(folder).entryList(QDir::Files).size() == finished->files.size());
    }
}

TEST_CASE("the export dialog shows progress, Cancel stops it, and the prefix setting is remembered",
    "[widgets][export][dialog]")
{
    QTemporaryDir settingsDir;
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, settingsDir.path());
    QSettings().clear();
    ScenarioSession session(test::example("llama-3-70b-does-not-fit.tpscenario.json"));
    MainWindow window(&session);
    window.resize(1280, 800);
    QTemporaryDir out;
    REQUIRE(out.isValid());
    const QString prefix = exportPrefix(session.scenario(), double(session.results().estimate.params.total));
    {
        ExportDialog dialog(window.mainView(), &session, &window);
        CHECK(dialog.prefixNames()); // on by default
        auto* tick = dialog.findChild<QCheckBox*>(QStringLiteral("exportPrefix"));
        REQUIRE(tick);
        CHECK(tick->text().contains(prefix + QStringLiteral("_memory.png")));
        dialog.setFolder(out.path());
        dialog.setSubfolder(false);
        dialog.show();
        auto* exportButton = [&] {
            for (QPushButton* b : dialog.findChildren<QPushButton*>())
                if (b->text().contains(QLatin1String("Export"))) return b;
            return static_cast<QPushButton*>(nullptr);
        }();
        REQUIRE(exportButton);
        auto* bar = dialog.findChild<QProgressBar*>(QStringLiteral("exportProgress"));
        REQUIRE(bar);
        CHECK_FALSE(bar->isVisible());
        dialog.accept();
        CHECK(dialog.isExporting());
        CHECK(bar->isVisible());
        CHECK_FALSE(exportButton->isEnabled());
        REQUIRE(test::waitUntil([&] { return bar->value() >= 3; }));
        CHECK(bar->maximum() > 40);
        // Cancel: the export stops, a box says how many files were written, the dialog stays.
        QString said;
        QTimer::singleShot(0, [&] {
            std::function<void()> answer = [&] {
                auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
                if (!box || box->objectName() != QLatin1String("exportCancelled")) {
                    QTimer::singleShot(10, answer);
                    return;
                }
                said = box->text();
                box->accept();
            };
            answer();
        });
        dialog.reject();
        REQUIRE(test::waitUntil([&] { return !dialog.isExporting() && !said.isEmpty(); }, 60000));
        CHECK(dialog.isVisible());
        CHECK(dialog.result() != QDialog::Accepted);
        CHECK(exportButton->isEnabled());
        const QStringList written = QDir(out.path()).entryList(QDir::Files);
        CHECK_FALSE(written.isEmpty());
        CHECK(written.size() < bar->maximum());
        CHECK(said.contains(QString::number(written.size())));
        for (const QString& file : written)
            CHECK(file.startsWith(prefix + QLatin1Char('_')));

        // Off: the plain names, remembered for the next time.
        dialog.setPrefixNames(false);
        CHECK(dialog.options().prefix.isEmpty());
        QTemporaryDir plain;
        dialog.setFolder(plain.path());
        const ExportResult r = dialog.run();
        REQUIRE(r.error.isEmpty());
        CHECK(r.files.contains(QStringLiteral("memory.png")));
        CHECK(r.files.contains(QStringLiteral("report.pdf")));
    }
    ExportDialog again(window.mainView(), &session, &window);
    CHECK_FALSE(again.prefixNames());
    QSettings().clear();
}

TEST_CASE("the report heads its charts, keeps header words whole and aligns figures", "[widgets][export][report]")
{
    ScenarioSession session(test::example("article-small-700m-1gpu.tpscenario.json"));
    MainView view(&session);
    view.viewOn<ui::ComparisonView>("compare")->add(session.scenario());
    view.viewOn<ui::ComparisonView>("compare")->add(test::example("llama-3-70b-does-not-fit.tpscenario.json"));
    test::settle();
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    ExportOptions o;
    o.png = o.svg = o.pdf = o.tables = o.json = false;
    const ExportResult r = exportAll(&view, &session, dir.path(), o);
    REQUIRE(r.error.isEmpty());
    QFile md(dir.filePath(QStringLiteral("report.md")));
    REQUIRE(md.open(QIODevice::ReadOnly));
    const QString markdown = QString::fromUtf8(md.readAll());
    // "Charts" comes before the first chart, once.
    REQUIRE(markdown.contains(QStringLiteral("## Charts\n")));
    CHECK(markdown.indexOf(QStringLiteral("## Charts\n")) < markdown.indexOf(QStringLiteral("![")));
    CHECK(markdown.count(QStringLiteral("## Charts\n")) == 1);
    // One GPU: the interruptions axis has nothing to show, and the report says why.
    CHECK(markdown.contains(QStringLiteral("Fewer than one interruption is expected")));

    // Figures right-aligned, whatever their unit ("561.0 GiB", "$376", "7.5 days").
    QFile html(dir.filePath(QStringLiteral("report.html")));
    REQUIRE(html.open(QIODevice::ReadOnly));
    const QString page = QString::fromUtf8(html.readAll());
    static const QRegularExpression textCell(QStringLiteral("<td class=\"text\"[^>]*>([^<]*)</td>"));
    static const QRegularExpression figure(QStringLiteral("^[$]?\\d"));
    int cells = 0;
    for (auto it = textCell.globalMatch(page); it.hasNext(); ++cells) {
        const QString cell = it.next().captured(1);
        INFO(cell.toStdString());
        CHECK_FALSE(figure.match(cell).hasMatch());
    }
    CHECK(cells > 0);
    CHECK(page.contains(QRegularExpression(QStringLiteral("<td class=\"num\"[^>]*>41\\.7.GiB</td>"))));

    // The memory table's header words come out of the PDF whole (Qt broke "Activation / s").
    const QString extracted = pdfText(dir.filePath(QStringLiteral("report.pdf")));
    if (extracted.isNull()) {
        WARN("pdftotext is not installed (Debian: poppler-utils): the PDF's header words are not checked");
        return;
    }
    const QStringList words = extracted.split(QRegularExpression(QStringLiteral("[\\s]+")), Qt::SkipEmptyParts);
    MemoryTableModel memory;
    memory.setEstimate(session.results().estimate);
    for (int c = 0; c < memory.columnCount(); ++c)
        for (const QString& word : memory.headerData(c, Qt::Horizontal, Qt::DisplayRole)
                                       .toString()
                                       .split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts)) {
            // Whole, or broken after its hyphen as a line may be ("Micro-" "batches", which pdftotext
            // joins to "Microbatches").
            const QStringList pieces = word.split(QRegularExpression(QStringLiteral("(?<=-)")), Qt::SkipEmptyParts);
            INFO(word.toStdString());
            CHECK((words.contains(word) || words.contains(QString(word).remove(QLatin1Char('-')))
                || std::all_of(pieces.begin(), pieces.end(), [&](const QString& p) { return words.contains(p); })));
        }
}
