#pragma once

// The language of the engine's own texts (diagnosis findings, reports): English, the source
// texts, or a translation compiled into the engine from translations/epochscope_engine_*.ts
// (translations/README.md). Qt-free, so that the CLI and the desktop app share it.
//
// A process chooses it once at start (the app from its language setting, the CLI from --lang
// or the environment). Work that must come out in another language, a report exported in a
// language the user picked, wraps itself in a LanguageScope on its own thread.

#include <string>
#include <string_view>
#include <vector>

namespace es {

/// The source language: texts exactly as written in the engine's code.
inline constexpr std::string_view kSourceLanguage = "en";

/// "en" and the code of every built-in translation ("zh_CN").
std::vector<std::string> engineLanguages();

/// The built-in language a locale or language name reads: "zh_CN.UTF-8", "zh_SG" and "zh"
/// read "zh_CN" (Simplified Chinese); "en_GB", "C", "POSIX", "" and anything without a
/// translation read "en". Traditional Chinese ("zh_TW", "zh_HK") reads "en": it has no
/// translation yet, and Simplified text is not a substitute its readers expect.
std::string engineLanguageFor(std::string_view locale);

/// The language the environment asks for, as gettext reads it: LC_ALL, then LC_MESSAGES, then
/// LANG (the first that is set and not empty), through engineLanguageFor().
std::string engineLanguageFromEnvironment();

/// Sets the process-wide language; returns the one set (engineLanguageFor(code)).
std::string setEngineLanguage(std::string_view code);

/// The language texts come out in on this thread: the innermost LanguageScope's, otherwise
/// the process-wide one ("en" until set).
const std::string& engineLanguage();

/// Texts made on this thread while it lives come out in `code` (engineLanguageFor(code)),
/// whatever the process-wide language; scopes nest.
class LanguageScope {
public:
    explicit LanguageScope(std::string_view code);
    ~LanguageScope();
    LanguageScope(const LanguageScope&) = delete;
    LanguageScope& operator=(const LanguageScope&) = delete;

private:
    const std::string* m_outer;
    std::string m_language;
};

}  // namespace es
