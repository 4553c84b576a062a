#pragma once

// The app's language: English (the source texts) or a translation built into the app from
// translations/*.ts (translations/README.md). Chosen in Settings or with `epochscope --lang`,
// applied once at start-up, before the first window is built.

#include <QtCore/QString>
#include <QtCore/QStringList>

namespace es::ui {

/// The languages the app has, as Settings and `--lang` name them: "en" (the source texts) and
/// one code per built-in translation ("zh_CN").
QStringList availableLanguages();

/// A language's name in that language ("English", "简体中文"), so that a user can find their
/// own whatever the app shows at the moment; the code itself for an unknown one.
QString languageNativeName(const QString& code);

/// Installs the translators for `code` into the running application: the app's own
/// (":/i18n/epochscope_<code>.qm") and Qt's for its standard dialogs (qtbase_<code>.qm from
/// Qt's translations folder, when it is there). An empty `code` follows the system locale.
/// Sets the engine's language (engine/i18n/language.h) to the same, so that findings and
/// reports come out in the app's language. Returns the code of the translation installed, or
/// "en" when the texts stay English.
QString installTranslators(const QString& code);

}  // namespace es::ui
