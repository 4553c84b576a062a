#include "engine/i18n/language.h"

#include "engine/i18n/translationtable.h"

#include <atomic>
#include <cstdlib>

namespace es {

namespace {

/// "en" and the built-in translations, fixed for the program's life, so that a reference into
/// it stays valid whatever thread reads it.
const std::vector<std::string>& languageList()
{
    static const std::vector<std::string> languages = [] {
        std::vector<std::string> list{std::string(kSourceLanguage)};
        for (std::size_t i = 0; i < detail::kEngineTranslationTableCount; ++i)
            list.emplace_back(detail::kEngineTranslationTables[i].language);
        return list;
    }();
    return languages;
}

/// The process-wide language as an index into languageList(): set at start, read by every
/// thread that makes a text.
std::atomic<std::size_t> gProcessLanguage{0};

thread_local const std::string* tScopedLanguage = nullptr;

bool startsWith(std::string_view text, std::string_view prefix)
{
    return text.substr(0, prefix.size()) == prefix;
}

}  // namespace

std::vector<std::string> engineLanguages()
{
    return languageList();
}

std::string engineLanguageFor(std::string_view locale)
{
    // "zh_CN.UTF-8@variant" -> "zh_CN"; "zh-Hans-CN" (a BCP 47 tag) -> "zh_Hans_CN".
    std::string name(locale.substr(0, locale.find_first_of(".@")));
    for (char& c : name) {
        if (c == '-')
            c = '_';
    }
    const bool chinese = name == "zh" || startsWith(name, "zh_");
    const bool traditional = startsWith(name, "zh_TW") || startsWith(name, "zh_HK") ||
                             startsWith(name, "zh_MO") || startsWith(name, "zh_Hant");
    const std::string wanted = chinese && !traditional ? "zh_CN" : name;
    for (const std::string& language : languageList()) {
        if (language == wanted)
            return language;
    }
    return std::string(kSourceLanguage);
}

std::string engineLanguageFromEnvironment()
{
    for (const char* variable : {"LC_ALL", "LC_MESSAGES", "LANG"}) {
        const char* value = std::getenv(variable);
        if (value != nullptr && *value != '\0')
            return engineLanguageFor(value);
    }
    return std::string(kSourceLanguage);
}

std::string setEngineLanguage(std::string_view code)
{
    const std::string language = engineLanguageFor(code);
    const std::vector<std::string>& languages = languageList();
    for (std::size_t i = 0; i < languages.size(); ++i) {
        if (languages[i] == language)
            gProcessLanguage = i;
    }
    return language;
}

const std::string& engineLanguage()
{
    if (tScopedLanguage != nullptr)
        return *tScopedLanguage;
    return languageList()[gProcessLanguage.load()];
}

LanguageScope::LanguageScope(std::string_view code)
    : m_outer(tScopedLanguage), m_language(engineLanguageFor(code))
{
    tScopedLanguage = &m_language;
}

LanguageScope::~LanguageScope()
{
    tScopedLanguage = m_outer;
}

}  // namespace es
