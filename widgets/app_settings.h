#pragma once
// What the application remembers between runs, typed: one place owns each key's name, type,
// default and how bad stored values are read (a hand-edited or older settings file never yields
// an out-of-range value). Nothing else touches QSettings.

#include "widgets/format.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace ui {

class AppSettings {
public:
    static constexpr int kMaxRecentFiles = 8;

    [[nodiscard]] static ByteUnit byteUnit(); ///< GiB unless GB was chosen
    static void setByteUnit(ByteUnit unit);
    [[nodiscard]] static bool showRanges();
    static void setShowRanges(bool on);
    /// "" follows the system; else a language code as language.h takes it ("en", "zh_CN").
    [[nodiscard]] static QString language();
    static void setLanguage(const QString& code);
    /// Newest first, absolute paths, at most kMaxRecentFiles.
    [[nodiscard]] static QStringList recentFiles();
    /// Puts `path` (made absolute) first and drops the oldest beyond kMaxRecentFiles.
    static void addRecentFile(const QString& path);
    [[nodiscard]] static QByteArray windowGeometry();
    [[nodiscard]] static QByteArray windowState();
    static void setWindow(const QByteArray& geometry, const QByteArray& state);
    /// A splitter's sizes as QSplitter::saveState() wrote them, by the splitter's object name; empty if none.
    [[nodiscard]] static QByteArray splitterState(const QString& name);
    static void setSplitterState(const QString& name, const QByteArray& state);
};

} // namespace ui
