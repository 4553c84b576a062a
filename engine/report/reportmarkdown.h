#pragma once

#include <string>
#include <string_view>

namespace es {

struct RunComparison;

/// The comparison as Markdown (GitHub flavour): a heading per section and pipe tables whose
/// columns are padded, so that the file reads in a terminal as well as rendered.
std::string writeMarkdown(const RunComparison& comparison);

/// `text` as literal Markdown text: characters that would format (`*`, `_`, `<`, `|`, ...)
/// backslash-escaped, line breaks as spaces, so a table row stays one row.
std::string markdownEscaped(std::string_view text);

}  // namespace es
