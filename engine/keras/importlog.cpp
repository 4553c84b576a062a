#include "engine/keras/importlog.h"

#include "engine/core/text.h"
#include "engine/i18n/translate.h"

#include <algorithm>
#include <utility>

namespace es {

std::string kerasLayerLabel(std::string_view name, std::string_view className)
{
    return fillText(engineText("KerasImport", "%1 (%2)"),
                    {escapeControls(name), escapeControls(className)});
}

std::string kerasWrappedLabel(std::string_view name, std::string_view className,
                              std::string_view wrapperLabel)
{
    return fillText(engineText("KerasImport", "%1 (%2) in %3"),
                    {escapeControls(name), escapeControls(className), wrapperLabel});
}

void ImportLog::refuse(std::string message)
{
    if (m_issues.size() < kMaxIssues)
        m_issues.push_back({m_origin, std::move(message)});
}

void ImportLog::throwIfRefused() const
{
    if (!m_issues.empty())
        throw ConfigError(m_issues);
}

void ImportLog::note(std::string text)
{
    if (std::find(m_notes.begin(), m_notes.end(), text) == m_notes.end())
        m_notes.push_back(std::move(text));
}

}  // namespace es
