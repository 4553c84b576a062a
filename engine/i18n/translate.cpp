#include "engine/i18n/translate.h"

#include "engine/i18n/language.h"
#include "engine/i18n/translationtable.h"

#include <string>
#include <string_view>
#include <unordered_map>

namespace es {

namespace {

/// One language's translations by messageKey().
using Catalogue = std::unordered_map<std::string, const char*>;

/// lupdate's key of a message: its context and its source text.
std::string messageKey(std::string_view context, std::string_view source)
{
    std::string key(context);
    key += '\x04';  // the separator gettext uses between context and text; in neither
    key += source;
    return key;
}

const std::unordered_map<std::string, Catalogue>& catalogues()
{
    static const std::unordered_map<std::string, Catalogue> built = [] {
        std::unordered_map<std::string, Catalogue> byLanguage;
        for (std::size_t t = 0; t < detail::kEngineTranslationTableCount; ++t) {
            const detail::EngineTranslationTable& table = detail::kEngineTranslationTables[t];
            Catalogue& catalogue = byLanguage[table.language];
            for (std::size_t i = 0; i < table.count; ++i) {
                const detail::EngineTranslation& entry = table.entries[i];
                catalogue.emplace(messageKey(entry.context, entry.source), entry.translation);
            }
        }
        return byLanguage;
    }();
    return built;
}

}  // namespace

const char* engineText(const char* context, const char* source)
{
    const std::string& language = engineLanguage();
    if (language == kSourceLanguage)
        return source;
    const auto& all = catalogues();
    const auto catalogue = all.find(language);
    if (catalogue == all.end())
        return source;
    const auto entry = catalogue->second.find(messageKey(context, source));
    return entry == catalogue->second.end() ? source : entry->second;
}

std::string countedText(std::int64_t count, const char* one, const char* many)
{
    return countedText(count, one, many, std::to_string(count));
}

std::string countedText(std::int64_t count, const char* one, const char* many,
                        std::string_view shown)
{
    return fillText(count == 1 ? one : many, {shown});
}

std::string fillText(std::string_view pattern, std::initializer_list<std::string_view> args)
{
    std::string text;
    text.reserve(pattern.size());
    for (std::size_t i = 0; i < pattern.size(); ++i) {
        const char next = i + 1 < pattern.size() ? pattern[i + 1] : '\0';
        if (pattern[i] == '%' && next >= '1' && next <= '9') {
            const auto index = static_cast<std::size_t>(next - '1');
            if (index < args.size()) {
                text += *(args.begin() + index);
                ++i;
                continue;
            }
        }
        text += pattern[i];
    }
    return text;
}

std::string listText(const std::vector<std::string>& items)
{
    std::string text;
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (i == 0)
            text = items[i];
        else if (i + 1 == items.size())
            text = fillText(engineText("List", "%1 and %2"), {text, items[i]});
        else
            text = fillText(engineText("List", "%1, %2"), {text, items[i]});
    }
    return text;
}

}  // namespace es
