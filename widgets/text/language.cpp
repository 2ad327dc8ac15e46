#include "widgets/text/language.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

namespace ui {

namespace {
QString g_language;
QTranslator* g_qt = nullptr;
QTranslator* g_own = nullptr;
} // namespace

bool setLanguage(const QString& code)
{
    auto* app = QCoreApplication::instance();
    if (!g_qt) {
        g_qt = new QTranslator(app);
        g_own = new QTranslator(app);
    }
    QCoreApplication::removeTranslator(g_qt);
    QCoreApplication::removeTranslator(g_own);
    g_language = code;
    const QLocale locale = code.isEmpty() ? QLocale::system() : QLocale(code);
    QLocale::setDefault(locale);
    bool found = locale.language() == QLocale::English || locale.language() == QLocale::C;
    if (!found) {
        if (g_qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
            QCoreApplication::installTranslator(g_qt);
        found = g_own->load(locale, QStringLiteral("trainplanner"), QStringLiteral("_"), QStringLiteral(":/i18n"));
        if (found) QCoreApplication::installTranslator(g_own);
    }
    // Removing translators alone sends no LanguageChange; make sure every widget hears about it.
    QEvent change(QEvent::LanguageChange);
    QCoreApplication::sendEvent(app, &change);
    return found;
}

QString language()
{
    return g_language;
}

} // namespace ui
