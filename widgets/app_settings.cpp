#include "widgets/app_settings.h"

#include <QFileInfo>
#include <QSettings>

namespace ui {

namespace {
// The keys, once. Renaming one loses what users have stored under it.
const QString kUnit = QStringLiteral("view/unit");
const QString kRanges = QStringLiteral("view/ranges");
const QString kLanguage = QStringLiteral("view/language");
const QString kRecent = QStringLiteral("files/recent");
const QString kGeometry = QStringLiteral("window/geometry");
const QString kState = QStringLiteral("window/state");
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
    QStringList recent = QSettings().value(kRecent).toStringList();
    recent.removeAll(QString());
    while (recent.size() > kMaxRecentFiles)
        recent.removeLast();
    return recent;
}

void AppSettings::addRecentFile(const QString& path)
{
    QStringList recent = recentFiles();
    const QString absolute = QFileInfo(path).absoluteFilePath();
    recent.removeAll(absolute);
    recent.prepend(absolute);
    while (recent.size() > kMaxRecentFiles)
        recent.removeLast();
    QSettings().setValue(kRecent, recent);
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

void AppSettings::setWindow(const QByteArray& geometry, const QByteArray& state)
{
    QSettings settings;
    settings.setValue(kGeometry, geometry);
    settings.setValue(kState, state);
}

} // namespace ui
