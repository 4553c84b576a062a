#include "engine/i18n/recordedtext.h"

#include "engine/i18n/language.h"
#include "engine/i18n/translate.h"
#include "engine/i18n/translationtable.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <optional>
#include <vector>

namespace es {

namespace {

constexpr const char* kContext = "RunRecord";
constexpr std::string_view kPartSeparator = "; ";
constexpr std::size_t kMaxArguments = 9;

using Arguments = std::array<std::string_view, kMaxArguments>;

/// Whether %1 ... %9 starts at `at`.
bool isPlaceholder(std::string_view pattern, std::size_t at)
{
    return at + 1 < pattern.size() && pattern[at] == '%' && pattern[at + 1] >= '1' &&
           pattern[at + 1] <= '9';
}

/// Whether `text` is `pattern` with each %1 ... %9 standing for a non-empty run of characters
/// that does not span a "; " (where a record joins its parts); fills `values` with what each
/// stood for. Backtracks, which is fine for the short texts a run records.
bool matches(std::string_view pattern, std::string_view text, Arguments& values)
{
    if (pattern.empty())
        return text.empty();
    if (!isPlaceholder(pattern, 0))
        return !text.empty() && text[0] == pattern[0] &&
               matches(pattern.substr(1), text.substr(1), values);
    const auto index = static_cast<std::size_t>(pattern[1] - '1');
    const std::size_t longest = std::min(text.size(), text.find(kPartSeparator));
    for (std::size_t length = 1; length <= longest; ++length) {
        values[index] = text.substr(0, length);
        if (matches(pattern.substr(2), text.substr(length), values))
            return true;
    }
    return false;
}

/// Where two templates match, the outer one wins: the one whose words start first (a record
/// nested in the last value, "jemalloc not available: <lib> cannot be loaded (...)", is read
/// as "%1 not available: %2" with the inner record in %2), then the more specific one ("auto:
/// off with the %1 backend" over a bare "auto: %1").
struct MatchRank {
    std::size_t firstWord = 0;  ///< characters before the template's first literal one
    std::size_t literals = 0;   ///< literal characters in the template

    bool betterThan(const MatchRank& other) const
    {
        if (firstWord != other.firstWord)
            return firstWord < other.firstWord;
        return literals > other.literals;
    }
};

MatchRank rankOf(std::string_view pattern, const Arguments& values)
{
    MatchRank rank;
    std::size_t i = 0;
    for (; isPlaceholder(pattern, i); i += 2)
        rank.firstWord += values[static_cast<std::size_t>(pattern[i + 1] - '1')].size();
    for (; i < pattern.size(); ++i) {
        if (isPlaceholder(pattern, i))
            ++i;
        else
            ++rank.literals;
    }
    return rank;
}

/// The translation of the one template `recorded` was made from, if this language has it.
std::optional<std::string> translateWhole(std::string_view recorded, const std::string& language)
{
    const detail::EngineTranslation* best = nullptr;
    Arguments bestValues{};
    MatchRank bestRank;
    for (std::size_t t = 0; t < detail::kEngineTranslationTableCount; ++t) {
        const detail::EngineTranslationTable& table = detail::kEngineTranslationTables[t];
        if (language != table.language)
            continue;
        for (std::size_t i = 0; i < table.count; ++i) {
            const detail::EngineTranslation& entry = table.entries[i];
            Arguments values{};
            if (std::strcmp(entry.context, kContext) != 0 ||
                !matches(entry.source, recorded, values))
                continue;
            const MatchRank rank = rankOf(entry.source, values);
            if (!best || rank.betterThan(bestRank)) {
                best = &entry;
                bestValues = values;
                bestRank = rank;
            }
        }
    }
    if (!best)
        return std::nullopt;
    // A value may itself be a recorded text ("jemalloc not available: <why not>"); it is
    // strictly shorter than `recorded`, so this ends.
    std::array<std::string, kMaxArguments> v;
    for (std::size_t i = 0; i < kMaxArguments; ++i)
        v[i] = translateWhole(bestValues[i], language).value_or(std::string(bestValues[i]));
    return fillText(best->translation, {v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8]});
}

}  // namespace

std::string recordedText(std::string_view recorded)
{
    const std::string& language = engineLanguage();
    if (language == kSourceLanguage || recorded.empty())
        return std::string(recorded);
    if (std::optional<std::string> whole = translateWhole(recorded, language))
        return *whole;
    // A record joined from parts ("auto: on with the onednn backend; applied to 2 of 3
    // threads"): each part is translated on its own and the parts joined the language's way
    // (a context of its own, or "%1; %2" would match every such record whole).
    std::string text;
    std::size_t start = 0;
    while (start <= recorded.size()) {
        std::size_t end = recorded.find(kPartSeparator, start);
        if (end == std::string_view::npos)
            end = recorded.size();
        const std::string_view part = recorded.substr(start, end - start);
        const std::string shown = translateWhole(part, language).value_or(std::string(part));
        text = start == 0 ? shown : fillText(engineText("RunRecordParts", "%1; %2"), {text, shown});
        start = end + kPartSeparator.size();
    }
    return text;
}

}  // namespace es
