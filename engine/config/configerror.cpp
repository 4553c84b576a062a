#include "engine/config/configerror.h"

#include "engine/core/utf8.h"
#include "engine/i18n/translate.h"

#include <cstddef>
#include <cstdio>
#include <string_view>
#include <utility>

namespace es {

namespace {

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
            out += kReplacementCharacter;
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
