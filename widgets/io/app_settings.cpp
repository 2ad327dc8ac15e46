#include "widgets/io/app_settings.h"

#include "core/base/printable.h"
#include "widgets/text/native_path.h"

#include <QFileInfo>
#include <QSettings>

#include <algorithm>

namespace ui {

namespace {
// The keys, once. Renaming one loses what users have stored under it.
const QString kUnit = QStringLiteral("view/unit");
const QString kRanges = QStringLiteral("view/ranges");
const QString kLanguage = QStringLiteral("view/language");
const QString kRecent = QStringLiteral("files/recent");
const QString kReopenLast = QStringLiteral("files/reopen_last");
const QString kGeometry = QStringLiteral("window/geometry");
const QString kState = QStringLiteral("window/state");

/// A path as a setting: its text where it is UTF-8, its bytes where it is not. QSettings keeps text as
/// UTF-8, so a Latin-1 name's byte became U+FFFD and the file could never be reopened; a QByteArray
/// is kept byte for byte (@ByteArray(…) in the file). Earlier settings hold text, which reads as before.
QVariant pathSetting(const QString& path)
{
    const std::string native = nativePath(path);
    if (core::isUtf8(native)) return path; // stays readable text
    return QByteArray(native.data(), qsizetype(native.size()));
}

QString pathFromSetting(const QVariant& value)
{
    if (value.typeId() == QMetaType::QByteArray) return pathFromNative(value.toByteArray());
    return value.toString();
}

/// A list setting's entries, whatever form the settings file gave it (a list of one entry may read
/// back as the entry itself).
QVariantList entriesOf(const QVariant& value)
{
    switch (value.typeId()) {
    case QMetaType::QVariantList:
        return value.toList();
    case QMetaType::QStringList: {
        QVariantList out;
        for (const QString& text : value.toStringList())
            out << text;
        return out;
    }
    case QMetaType::QString:
    case QMetaType::QByteArray:
        return { value };
    default:
        return {};
    }
}
} // namespace

ByteUnit AppSettings::byteUnit()
{
    return QSettings().value(kUnit).toString() == QLatin1String("GB") ? ByteUnit::GB : ByteUnit::GiB;
}

void AppSettings::setByteUnit(ByteUnit unit)
{
    QSettings().setValue(kUnit, unit == ByteUnit::GB ? QStringLiteral("GB") : QStringLiteral("GiB"));
}

bool AppSettings::showRanges()
{
    return QSettings().value(kRanges, false).toBool();
}

void AppSettings::setShowRanges(bool on)
{
    QSettings().setValue(kRanges, on);
}

QString AppSettings::language()
{
    return QSettings().value(kLanguage).toString();
}

void AppSettings::setLanguage(const QString& code)
{
    QSettings().setValue(kLanguage, code);
}

QStringList AppSettings::recentFiles()
{
    QStringList recent;
    for (const QVariant& entry : entriesOf(QSettings().value(kRecent)))
        recent << pathFromSetting(entry);
    recent.removeAll(QString());
    while (recent.size() > kMaxRecentFiles)
        recent.removeLast();
    return recent;
}

void AppSettings::clearRecentFiles()
{
    QSettings().remove(kRecent);
}

bool AppSettings::reopenLast()
{
    return QSettings().value(kReopenLast, true).toBool();
}

void AppSettings::setReopenLast(bool on)
{
    QSettings().setValue(kReopenLast, on);
}

void AppSettings::addRecentFile(const QString& path)
{
    QStringList recent = recentFiles();
    const QString absolute = absolutePath(path); // QFileInfo's would turn a Latin-1 byte into U+FFFD
    recent.removeAll(absolute);
    recent.prepend(absolute);
    while (recent.size() > kMaxRecentFiles)
        recent.removeLast();
    QVariantList stored;
    for (const QString& file : std::as_const(recent))
        stored << pathSetting(file);
    QSettings().setValue(kRecent, stored);
}

QByteArray AppSettings::windowGeometry()
{
    return QSettings().value(kGeometry).toByteArray();
}

QByteArray AppSettings::windowState()
{
    return QSettings().value(kState).toByteArray();
}

QByteArray AppSettings::splitterState(const QString& name)
{
    return QSettings().value(QStringLiteral("window/splitters/") + name).toByteArray();
}

void AppSettings::setSplitterState(const QString& name, const QByteArray& state)
{
    QSettings().setValue(QStringLiteral("window/splitters/") + name, state);
}

AppSettings::ExportChoices AppSettings::exportChoices()
{
    QSettings settings;
    settings.beginGroup(QStringLiteral("export"));
    ExportChoices c;
    auto flag = [&](const char* key, bool fallback) {
        const QVariant v = settings.value(QLatin1String(key));
        return v.isValid() && v.canConvert<bool>() ? v.toBool() : fallback;
    };
    c.folder = pathFromSetting(settings.value(QStringLiteral("folder")));
    c.skippedFigures = settings.value(QStringLiteral("skippedFigures")).toStringList();
    c.png = flag("png", c.png);
    c.svg = flag("svg", c.svg);
    c.pdf = flag("pdf", c.pdf);
    bool ok = false;
    const int scale = settings.value(QStringLiteral("scale")).toInt(&ok);
    c.scale = ok && scale >= 1 && scale <= 3 ? scale : 2; // a hand-edited 0 or 40 is not taken
    c.tables = flag("tables", c.tables);
    c.bom = flag("bom", c.bom);
    c.json = flag("json", c.json);
    c.reportMarkdown = flag("reportMarkdown", c.reportMarkdown);
    c.reportHtml = flag("reportHtml", c.reportHtml);
    c.reportPdf = flag("reportPdf", c.reportPdf);
    c.openFolder = flag("openFolder", c.openFolder);
    c.subfolder = flag("subfolder", c.subfolder);
    c.prefixNames = flag("prefixNames", c.prefixNames);
    return c;
}

void AppSettings::setExportChoices(const ExportChoices& c)
{
    QSettings settings;
    settings.beginGroup(QStringLiteral("export"));
    settings.setValue(QStringLiteral("folder"), pathSetting(c.folder));
    settings.setValue(QStringLiteral("skippedFigures"), c.skippedFigures);
    settings.setValue(QStringLiteral("png"), c.png);
    settings.setValue(QStringLiteral("svg"), c.svg);
    settings.setValue(QStringLiteral("pdf"), c.pdf);
    settings.setValue(QStringLiteral("scale"), std::clamp(c.scale, 1, 3));
    settings.setValue(QStringLiteral("tables"), c.tables);
    settings.setValue(QStringLiteral("bom"), c.bom);
    settings.setValue(QStringLiteral("json"), c.json);
    settings.setValue(QStringLiteral("reportMarkdown"), c.reportMarkdown);
    settings.setValue(QStringLiteral("reportHtml"), c.reportHtml);
    settings.setValue(QStringLiteral("reportPdf"), c.reportPdf);
    settings.setValue(QStringLiteral("openFolder"), c.openFolder);
    settings.setValue(QStringLiteral("subfolder"), c.subfolder);
    settings.setValue(QStringLiteral("prefixNames"), c.prefixNames);
}

void AppSettings::setWindow(const QByteArray& geometry, const QByteArray& state)
{
    QSettings settings;
    settings.setValue(kGeometry, geometry);
    settings.setValue(kState, state);
}

} // namespace ui
