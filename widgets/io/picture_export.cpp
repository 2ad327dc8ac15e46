#include "widgets/io/picture_export.h"

#include "widgets/io/safe_save.h"
#include "widgets/text/retranslate.h"

#include <QAction>
#include <QApplication>
#include <QBuffer>
#include <QClipboard>
#include <QFileDialog>
#include <QFileInfo>
#include <QFont>
#include <QFontInfo>
#include <QFontMetricsF>
#include <QHash>
#include <QImage>
#include <QMessageBox>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QRawFont>
#include <QSvgGenerator>
#include <QTextDocumentFragment>
#include <QXmlStreamReader>
#include <QXmlStreamWriter>

#include <cmath>
#include <vector>

namespace ui {

namespace {

/// One <text> element of Qt's SVG: its attributes and its characters.
struct TextRun {
    QXmlStreamAttributes attributes;
    QString text;
};

double number(const QXmlStreamAttributes& a, QLatin1String name)
{
    bool ok = false;
    const double v = a.value(name).toDouble(&ok);
    return ok ? v : std::nan("");
}

/// The font a run was laid out in, from its attributes (font-size in pixels at layoutDpi()).
QFont fontOf(const QXmlStreamAttributes& a)
{
    QFont font(a.value(QLatin1String("font-family")).toString());
    const double px = number(a, QLatin1String("font-size"));
    if (px > 0) font.setPointSizeF(px * 72 / layoutDpi());
    const int weight = a.value(QLatin1String("font-weight")).toInt();
    if (weight >= 1 && weight <= 1000) font.setWeight(QFont::Weight(weight));
    font.setItalic(a.value(QLatin1String("font-style")) == QLatin1String("italic"));
    return font;
}

/// Whether `next` continues `run` on its line: the same attributes but x, and starting where
/// `run`'s text ends in its font (Qt placed it there; half a pixel and 2 % for rounding).
bool continues(const TextRun& run, const TextRun& next)
{
    const QXmlStreamAttributes& a = run.attributes;
    const QXmlStreamAttributes& b = next.attributes;
    if (a.size() != b.size()) return false;
    for (const QXmlStreamAttribute& attribute : a)
        if (attribute.qualifiedName() != QLatin1String("x")
            && b.value(attribute.qualifiedName().toString()) != attribute.value())
            return false;
    const double x = number(a, QLatin1String("x"));
    const double nextX = number(b, QLatin1String("x"));
    const double advance = QFontMetricsF(fontOf(a)).horizontalAdvance(run.text);
    return std::abs(x + advance - nextX) <= 0.5 + 0.02 * advance;
}

bool invisible(const TextRun& run)
{
    const auto opacity = run.attributes.value(QLatin1String("fill-opacity"));
    return (!opacity.isEmpty() && opacity.toDouble() <= 0)
        || run.attributes.value(QLatin1String("fill")) == QLatin1String("none") || run.text.isEmpty();
}

/// Qt's family name as a CSS fallback list: what it resolves to here first, then faces that hold
/// Simplified Chinese on Linux, macOS and Windows, then the generic family.
QString familyList(const QString& family)
{
    const QFontInfo info { QFont(family) };
    const bool mono = info.fixedPitch();
    QStringList names { info.family() };
    const QStringList fallbacks = mono
        ? QStringList { QStringLiteral("DejaVu Sans Mono"), QStringLiteral("Noto Sans Mono CJK SC") }
        : QStringList { QStringLiteral("DejaVu Sans"), QStringLiteral("Noto Sans CJK SC"),
              QStringLiteral("Source Han Sans SC"), QStringLiteral("PingFang SC"), QStringLiteral("Microsoft YaHei") };
    for (const QString& name : fallbacks)
        if (!names.contains(name)) names << name;
    QStringList quoted;
    for (const QString& name : names)
        if (!name.isEmpty()) quoted << QLatin1Char('\'') + QString(name).remove(QLatin1Char('\'')) + QLatin1Char('\'');
    quoted << (mono ? QStringLiteral("monospace") : QStringLiteral("sans-serif"));
    return quoted.join(QStringLiteral(", "));
}

/// The CJK Radicals Supplement and the Kangxi Radicals (U+2E80–U+2FDF).
constexpr int kRadicalsFrom = 0x2E80, kRadicalsTo = 0x2FDF;

/// The ideograph drawn with the same glyph as radical `radical` by the Simplified Chinese face (⻓ and
/// 长, ⽤ and 用), else its compatibility mapping (Kangxi radicals have one, the supplement's mostly
/// not); 0 when there is neither.
char16_t ideographFor(char16_t radical)
{
    static const QHash<char16_t, char16_t> byRadical = [] {
        QHash<char16_t, char16_t> map;
        const QRawFont face = QRawFont::fromFont(QFont(QStringLiteral("Noto Sans CJK SC")));
        if (face.isValid()) {
            // The CJK Unified Ideographs block, glyph by glyph: the lowest character of a glyph.
            QString ideographs;
            for (char16_t c = 0x4E00; c <= 0x9FFF; ++c)
                ideographs += QChar(c);
            const QList<quint32> glyphs = face.glyphIndexesForString(ideographs);
            QHash<quint32, char16_t> byGlyph;
            for (qsizetype i = glyphs.size() - 1; i >= 0; --i)
                if (glyphs[i] != 0) byGlyph.insert(glyphs[i], char16_t(0x4E00 + i));
            QString radicals;
            for (int r = kRadicalsFrom; r <= kRadicalsTo; ++r)
                radicals += QChar(char16_t(r));
            const QList<quint32> radicalGlyphs = face.glyphIndexesForString(radicals);
            for (qsizetype i = 0; i < radicalGlyphs.size(); ++i)
                if (radicalGlyphs[i] != 0 && byGlyph.contains(radicalGlyphs[i]))
                    map.insert(char16_t(kRadicalsFrom + i), byGlyph.value(radicalGlyphs[i]));
        }
        for (int r = kRadicalsFrom; r <= kRadicalsTo; ++r) {
            const QString kc = QString(QChar(char16_t(r))).normalized(QString::NormalizationForm_KC);
            if (!map.contains(char16_t(r)) && kc.size() == 1 && kc[0].unicode() != r)
                map.insert(char16_t(r), kc[0].unicode());
        }
        return map;
    }();
    return byRadical.value(radical, 0);
}

/// A chart title as plain text for a file's title: a rich one ("每卡显存：A …<br>B …", a comparison's)
/// has its tags dropped and its line breaks as spaces.
QString plainTitle(const QString& title)
{
    if (!Qt::mightBeRichText(title)) return title;
    return QTextDocumentFragment::fromHtml(title).toPlainText().simplified();
}

} // namespace

double layoutDpi()
{
    // A new image carries Qt's default resolution, the one text is laid out at without a device.
    return QImage(1, 1, QImage::Format_ARGB32_Premultiplied).logicalDpiY();
}

QByteArray withIdeographsForRadicals(QByteArray pdf)
{
    auto hex = [](char c) {
        return c >= '0' && c <= '9' ? c - '0'
            : c >= 'A' && c <= 'F'  ? c - 'A' + 10
            : c >= 'a' && c <= 'f'  ? c - 'a' + 10
                                    : -1;
    };
    // Only inside CMaps (begincmap … endcmap), only the Unicode side of each mapping: a bfrange line
    // starts with two glyph codes, a bfchar line with one.
    for (qsizetype from = pdf.indexOf("begincmap"); from >= 0; from = pdf.indexOf("begincmap", from)) {
        const qsizetype end = pdf.indexOf("endcmap", from);
        if (end < 0) break;
        int glyphCodes = -1; // at the start of a mapping line: 2 in a bfrange, 1 in a bfchar; -1 elsewhere
        for (qsizetype line = from; line < end;) {
            qsizetype eol = pdf.indexOf('\n', line);
            if (eol < 0 || eol > end) eol = end;
            const QByteArrayView text(pdf.constData() + line, eol - line);
            if (text.endsWith("beginbfrange")) {
                glyphCodes = 2;
            } else if (text.endsWith("beginbfchar")) {
                glyphCodes = 1;
            } else if (text.startsWith("end")) {
                glyphCodes = -1;
            } else if (glyphCodes > 0) {
                // "<first> <last> <u>" maps a run of glyphs to consecutive code points from u: changed
                // only for one glyph. "<first> <last> [<u1> <u2> …]" and bfchar lines name each.
                const bool sequence = glyphCodes == 2 && !text.contains('[');
                if (sequence && text.size() >= 13 && text.sliced(0, 6) != text.sliced(7, 6)) {
                    line = eol + 1;
                    continue;
                }
                int passed = 0;
                for (qsizetype i = line; i + 5 < eol; ++i) {
                    if (pdf[i] != '<' || passed++ < glyphCodes) continue;
                    int value = 0;
                    bool four = pdf[i + 5] == '>';
                    for (int d = 1; d <= 4 && four; ++d) {
                        const int v = hex(pdf[i + d]);
                        four = v >= 0;
                        value = value * 16 + v;
                    }
                    if (!four || value < kRadicalsFrom || value > kRadicalsTo) continue;
                    const char16_t ideograph = ideographFor(char16_t(value));
                    if (!ideograph) continue;
                    const QByteArray digits = QByteArray::number(ideograph, 16).toUpper().rightJustified(4, '0');
                    for (int d = 0; d < 4; ++d)
                        pdf[i + 1 + d] = digits[d];
                }
            }
            line = eol + 1;
        }
        from = end;
    }
    return pdf;
}

QByteArray tidySvg(const QByteArray& svg)
{
    QXmlStreamReader in(svg);
    in.setNamespaceProcessing(false); // copied as written, xmlns attributes included
    QByteArray out;
    QXmlStreamWriter w(&out);
    QHash<QString, QString> families;
    auto withFamilies = [&families](QXmlStreamAttributes attributes) {
        for (QXmlStreamAttribute& a : attributes)
            if (a.qualifiedName() == QLatin1String("font-family")) {
                const QString family = a.value().toString();
                if (!families.contains(family)) families.insert(family, familyList(family));
                a = QXmlStreamAttribute(a.qualifiedName().toString(), families.value(family));
            }
        return attributes;
    };
    std::vector<TextRun> runs; // consecutive <text> siblings not yet written
    auto flush = [&] {
        for (std::size_t i = 0; i < runs.size();) {
            TextRun label = runs[i];
            std::size_t next = i + 1;
            // Each piece must start where the one before it ends; the joined run keeps the first x.
            for (; next < runs.size() && continues(runs[next - 1], runs[next]); ++next)
                label.text += runs[next].text;
            i = next;
            if (invisible(label)) continue;
            w.writeStartElement(QStringLiteral("text"));
            w.writeAttributes(withFamilies(label.attributes));
            w.writeCharacters(label.text);
            w.writeEndElement();
            w.writeCharacters(QStringLiteral("\n"));
        }
        runs.clear();
    };
    while (!in.atEnd()) {
        switch (in.readNext()) {
        case QXmlStreamReader::StartDocument:
            w.writeStartDocument(in.documentVersion().toString(), in.isStandaloneDocument());
            break;
        case QXmlStreamReader::StartElement:
            if (in.qualifiedName() == QLatin1String("text")) {
                TextRun run { in.attributes(), {} };
                run.text = in.readElementText(QXmlStreamReader::IncludeChildElements);
                runs.push_back(std::move(run));
                break;
            }
            flush();
            w.writeStartElement(in.qualifiedName().toString());
            w.writeAttributes(withFamilies(in.attributes()));
            break;
        case QXmlStreamReader::Characters:
            if (in.isWhitespace() && !runs.empty()) break; // between runs: the runs are written with their own
            flush();
            w.writeCurrentToken(in);
            break;
        case QXmlStreamReader::Invalid:
            break; // not Qt's SVG: given back as it came, below
        default:
            flush();
            w.writeCurrentToken(in);
            break;
        }
    }
    // Qt's own output always parses; should it not, the file stays as Qt wrote it.
    return in.hasError() ? svg : out;
}

QString renderPicture(const PicturePainter& paint, const QString& format, QSizeF size, double scale,
    const QString& title, QByteArray& bytes)
{
    const QString suffix = format.toLower();
    // Rendered into memory; the caller writes the bytes in one checked, atomic step (safe_save.h): a
    // full disk leaves the previous export intact instead of a truncated PNG or an empty SVG.
    QString error;
    bytes.clear();
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    auto draw = [&](QPaintDevice& device) {
        QPainter painter;
        if (!painter.begin(&device)) {
            error = QStringLiteral("cannot draw the %1 picture").arg(suffix);
            return;
        }
        painter.setRenderHint(QPainter::Antialiasing);
        paint(painter, size);
        painter.end();
    };
    if (suffix == QLatin1String("png")) {
        QImage image((size * scale).toSize(), QImage::Format_ARGB32_Premultiplied);
        image.setDevicePixelRatio(scale);
        image.fill(Qt::white);
        draw(image);
        if (!error.isEmpty()) return error;
        if (!image.save(&buffer, "PNG")) return QStringLiteral("the picture could not be encoded");
    } else if (suffix == QLatin1String("svg")) {
        QSvgGenerator svg;
        svg.setOutputDevice(&buffer);
        svg.setSize(size.toSize());
        svg.setViewBox(QRectF(QPointF(0, 0), size));
        // Font sizes in pixels as the layout has them (font-size carries no unit: renderers read px).
        svg.setResolution(qRound(layoutDpi()));
        svg.setTitle(plainTitle(title).toHtmlEscaped()); // Qt writes it into <title> as it is given
        svg.setDescription(QStringLiteral("TrainPlanner"));
        draw(svg);
        buffer.close();
        if (error.isEmpty()) bytes = tidySvg(bytes);
    } else if (suffix == QLatin1String("pdf")) {
        QPdfWriter pdf(&buffer);
        pdf.setPageSize(QPageSize(size, QPageSize::Point));
        pdf.setPageMargins({ 0, 0, 0, 0 });
        pdf.setResolution(72);
        pdf.setTitle(plainTitle(title));
        draw(pdf);
        buffer.close();
        if (error.isEmpty()) bytes = withIdeographsForRadicals(bytes);
    } else {
        error = QStringLiteral("unknown format \"%1\" (use .png, .svg or .pdf)").arg(suffix);
    }
    return error;
}

void installImageActions(QWidget* view, std::function<QImage()> image, std::function<QString()> suggestedName,
    std::function<QString(const QString& path)> save, bool vectorFormats)
{
    view->setContextMenuPolicy(Qt::ActionsContextMenu);
    auto* copy = new QAction(view);
    copy->setObjectName(QStringLiteral("copyChartAction"));
    QObject::connect(copy, &QAction::triggered, view, [image] { QApplication::clipboard()->setImage(image()); });
    auto* saveAs = new QAction(view);
    QObject::connect(saveAs, &QAction::triggered, view, [view, suggestedName, save, vectorFormats] {
        const QString filter = vectorFormats ? QApplication::translate(
                                   "ui::ChartActions", "PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)")
                                             : QApplication::translate("ui::ChartActions", "PNG image (*.png)");
        const QString path
            = QFileDialog::getSaveFileName(view, QApplication::translate("ui::ChartActions", "Save Chart As"),
                suggestedName() + QStringLiteral(".png"), filter);
        if (path.isEmpty()) return;
        const QString error = save(path);
        if (!error.isEmpty())
            QMessageBox::warning(view, QApplication::translate("ui::ChartActions", "Could not save the chart"), error);
    });
    view->addAction(copy);
    view->addAction(saveAs);
    onLanguageChange(view, [copy, saveAs] {
        copy->setText(QApplication::translate("ui::ChartActions", "Copy Chart as Image"));
        saveAs->setText(QApplication::translate("ui::ChartActions", "Save Chart As…"));
    });
}

} // namespace ui
