#pragma once
// What the application remembers between runs, typed: one place owns each key's name, type,
// default and how bad stored values are read (a hand-edited or older settings file never yields
// an out-of-range value). Nothing else touches QSettings.

#include "widgets/text/format.h"

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
    static void clearRecentFiles();
    /// Whether a start without a file opens the last scenario (the newest recent file); on unless turned off.
    [[nodiscard]] static bool reopenLast();
    static void setReopenLast(bool on);
    [[nodiscard]] static QByteArray windowGeometry();
    [[nodiscard]] static QByteArray windowState();
    static void setWindow(const QByteArray& geometry, const QByteArray& state);
    /// A splitter's sizes as QSplitter::saveState() wrote them, by the splitter's object name; empty if none.
    [[nodiscard]] static QByteArray splitterState(const QString& name);
    static void setSplitterState(const QString& name, const QByteArray& state);

    /// The export dialog's last choices. Figures are remembered by what was left out, so that a figure
    /// new in a later version is exported until the user unticks it.
    struct ExportChoices {
        QString folder; ///< "" before the first export
        QStringList skippedFigures;
        bool png = true, svg = true, pdf = true;
        int scale = 2; ///< PNG pixel ratio, 1 to 3
        bool tables = true, bom = false, json = true;
        bool reportMarkdown = true, reportHtml = true, reportPdf = true;
        bool openFolder = false;
        bool subfolder = true; ///< a new folder named after the scenario inside `folder`
        bool prefixNames = true; ///< file names start with the scenario's short name (exportPrefix)
    };
    [[nodiscard]] static ExportChoices exportChoices();
    static void setExportChoices(const ExportChoices& choices);
};

} // namespace ui
