#pragma once

#include <string>
#include <string_view>

namespace es {

struct RunComparison;

/// The comparison as Markdown (GitHub flavour): a heading per section and pipe tables whose
/// columns are padded, so that the file reads in a terminal as well as rendered.
std::string writeMarkdown(const RunComparison& comparison);

/// `text` as literal Markdown text: characters that would format (`*`, `_`, `<`, `|`, ...)
/// backslash-escaped, and line breaks and other controls shown escaped (escapeControls(), so
/// a table row stays one row and the report is safe to print on a terminal); the isolates that
/// mark user text in the report's model are dropped.
std::string markdownEscaped(std::string_view text);

}  // namespace es
