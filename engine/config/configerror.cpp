#include "engine/config/configerror.h"

#include "engine/i18n/translate.h"

#include <cstddef>
#include <cstdio>
#include <string_view>
#include <utility>

namespace es {

namespace {

// U+FFFD REPLACEMENT CHARACTER, what Unicode prescribes for bytes that are not UTF-8.
constexpr std::string_view kReplacement = "\xEF\xBF\xBD";

/// Length of the well-formed UTF-8 sequence starting at text[i], or 0 when it is not one.
std::size_t utf8SequenceLength(std::string_view text, std::size_t i)
{
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char lead = byte(i);
    if (lead < 0x80)
        return 1;
    std::size_t length = 0;
    unsigned char low = 0x80;
    unsigned char high = 0xBF;
    if (lead >= 0xC2 && lead <= 0xDF) {
        length = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        length = 3;
        // Excludes overlong forms (E0) and UTF-16 surrogates (ED).
        if (lead == 0xE0)
            low = 0xA0;
        if (lead == 0xED)
            high = 0x9F;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        length = 4;
        // Excludes overlong forms (F0) and code points above U+10FFFF (F4).
        if (lead == 0xF0)
            low = 0x90;
        if (lead == 0xF4)
            high = 0x8F;
    } else {
        return 0;
    }
    if (i + length > text.size())
        return 0;
    if (byte(i + 1) < low || byte(i + 1) > high)
        return 0;
    for (std::size_t k = 2; k < length; ++k) {
        if (byte(i + k) < 0x80 || byte(i + k) > 0xBF)
            return 0;
    }
    return length;
}

/// Valid UTF-8 with control characters spelled `\xNN`: issues end up in JSON documents,
/// terminals and labels, and a newline inside one would break the one-line-per-issue format.
std::string printable(std::string_view text)
{
    std::string out;
    out.reserve(text.size());
    std::size_t i = 0;
    while (i < text.size()) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c < 0x20 || c == 0x7F) {
            char escaped[5];
            std::snprintf(escaped, sizeof escaped, "\\x%02X", c);
            out += escaped;
            ++i;
            continue;
        }
        const std::size_t length = utf8SequenceLength(text, i);
        if (length == 0) {
            out += kReplacement;
            ++i;
            continue;
        }
        out.append(text.substr(i, length));
        i += length;
    }
    return out;
}

std::vector<ConfigIssue>& cleanInPlace(std::vector<ConfigIssue>& issues)
{
    for (ConfigIssue& issue : issues) {
        issue.path = printable(issue.path);
        issue.message = printable(issue.message);
    }
    return issues;
}

std::string joinIssues(const std::vector<ConfigIssue>& issues)
{
    std::string text;
    for (const ConfigIssue& issue : issues) {
        if (!text.empty())
            text += '\n';
        text += configIssueText(issue);
    }
    return text;
}

}  // namespace

std::string configIssueText(const ConfigIssue& issue)
{
    return issue.path.empty()
               ? issue.message
               : fillText(engineText("ConfigError", "%1: %2"), {issue.path, issue.message});
}

// The base is initialised before m_issues, so the issues are cleaned before either uses them.
ConfigError::ConfigError(std::vector<ConfigIssue> issues)
    : std::runtime_error(joinIssues(cleanInPlace(issues))), m_issues(std::move(issues))
{
}

ConfigError::ConfigError(std::string path, std::string message)
    : ConfigError(std::vector<ConfigIssue>{{std::move(path), std::move(message)}})
{
}

}  // namespace es
