#include "ui/settings/language.h"

#include "engine/i18n/language.h"

#include <QtCore/QCoreApplication>
#include <QtCore/QLibraryInfo>
#include <QtCore/QLocale>
#include <QtCore/QTranslator>

namespace es::ui {

namespace {

constexpr const char* kSourceLanguage = "en";
/// Where qt_add_translations puts the compiled .qm files (ui/CMakeLists.txt).
constexpr const char* kTranslationsResource = ":/i18n";

}  // namespace

QStringList availableLanguages()
{
    return {QString::fromLatin1(kSourceLanguage), QStringLiteral("zh_CN")};
}

QString languageNativeName(const QString& code)
{
    // Deliberately not tr(): each language is listed in its own words.
    if (code == QLatin1String(kSourceLanguage))
        return QStringLiteral("English");
    if (code == QLatin1String("zh_CN"))
        return QStringLiteral("简体中文");
    return code;
}

namespace {

/// installTranslators() for Qt's side: the app's .qm and Qt's own.
QString installQtTranslators(const QString& code)
{
    if (code == QLatin1String(kSourceLanguage))
        return code;
    QCoreApplication* app = QCoreApplication::instance();
    QLocale locale = code.isEmpty() ? QLocale::system() : QLocale(code);
    // Every Simplified Chinese locale (zh_SG, zh_Hans) reads zh_CN: QTranslator::load() below
    // only shortens the locale's names (zh_Hans_SG, zh_SG, zh), it never tries a sibling.
    if (locale.language() == QLocale::Chinese && locale.script() != QLocale::TraditionalHanScript)
        locale = QLocale(QLocale::Chinese, QLocale::SimplifiedHanScript, QLocale::China);
    auto* own = new QTranslator(app);
    if (!own->load(locale, QStringLiteral("epochscope"), QStringLiteral("_"),
                   QString::fromLatin1(kTranslationsResource))) {
        delete own;
        return QString::fromLatin1(kSourceLanguage);
    }
    QCoreApplication::installTranslator(own);
    // The standard dialogs' buttons (OK, Cancel, Yes, ...) and the file dialogs: Qt's own
    // catalogue, which distributions ship apart (Debian: qt6-translations-l10n).
    auto* qt = new QTranslator(app);
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
    else
        delete qt;
    return own->language().isEmpty() ? locale.name() : own->language();
}

}  // namespace

QString installTranslators(const QString& code)
{
    const QString installed = installQtTranslators(code);
    // The engine's texts (findings, reports) follow the app's, so the two never mix languages.
    es::setEngineLanguage(installed.toStdString());
    return installed;
}

}  // namespace es::ui
