#include "engine/report/reportmarkdown.h"

#include "engine/i18n/textwidth.h"
#include "engine/report/reporttables.h"
#include "engine/report/reporttext.h"

#include <algorithm>
#include <cmath>

namespace es {

namespace {

// The longest bar in a cell: wide enough to tell 5% from 10%, short enough for a terminal.
constexpr int kBarWidth = 20;

/// `text` with the characters that would format backslash-escaped.
std::string markdownSyntaxEscaped(std::string_view text);

bool isLineBreak(char c)
{
    return c == '\n' || c == '\r';
}

/// Characters shown as typed rather than as code: at least one more backtick than the
/// longest run inside, so that the text cannot end the span.
std::string markdownCode(std::string_view text)
{
    std::size_t longest = 0;
    std::size_t run = 0;
    std::string body;
    for (char c : text) {
        run = c == '`' ? run + 1 : 0;
        longest = std::max(longest, run);
        if (isLineBreak(c))
            body += ' ';
        else if (c == '|')
            body += "\\|";  // GitHub splits table cells before it reads code spans
        else
            body += c;
    }
    const std::string fence(longest + 1, '`');
    const bool pad = !body.empty() && (body.front() == '`' || body.back() == '`');
    return fence + (pad ? " " : "") + body + (pad ? " " : "") + fence;
}

std::string cellText(const ReportCell& cell)
{
    // Markdown has no isolate of its own, and the marks would be invisible characters in a
    // terminal (compare prints this report there): they are dropped, the controls escaped.
    std::string text = cell.code && !cell.text.empty() ? markdownCode(withoutIsolates(cell.text))
                                                       : markdownEscaped(cell.text);
    if (cell.bar && *cell.bar > 0.0) {
        const int length = std::max(1, static_cast<int>(std::lround(*cell.bar * kBarWidth)));
        text += " " + std::string(static_cast<std::size_t>(std::min(length, kBarWidth)), '#');
    }
    return text;
}

std::string tableText(const ReportTable& table)
{
    std::vector<std::vector<std::string>> lines;
    std::vector<std::string> header;
    for (const std::string& title : table.headers)
        header.push_back(markdownEscaped(title));
    lines.push_back(header);
    for (const std::vector<ReportCell>& row : table.rows) {
        std::vector<std::string> cells;
        cells.reserve(row.size());
        for (const ReportCell& cell : row)
            cells.push_back(cellText(cell));
        lines.push_back(std::move(cells));
    }
    const std::size_t columns = table.headers.size();
    std::vector<std::size_t> widths(columns, 3);  // the `---` of the delimiter row
    for (const auto& line : lines)
        for (std::size_t c = 0; c < columns && c < line.size(); ++c)
            widths[c] = std::max(widths[c], displayWidth(line[c]));

    std::string text;
    const auto writeLine = [&](const std::vector<std::string>& cells) {
        text += "|";
        for (std::size_t c = 0; c < columns; ++c) {
            const std::string cell = c < cells.size() ? cells[c] : std::string();
            text += " " + paddedText(cell, widths[c], table.numeric[c]) + " |";
        }
        text += "\n";
    };
    writeLine(lines.front());
    text += "|";
    for (std::size_t c = 0; c < columns; ++c)
        text += " " +
                (table.numeric[c] ? std::string(widths[c] - 1, '-') + ":"
                                  : std::string(widths[c], '-')) +
                " |";
    text += "\n";
    for (std::size_t i = 1; i < lines.size(); ++i)
        writeLine(lines[i]);
    return text;
}

}  // namespace

std::string markdownEscaped(std::string_view text)
{
    return withIsolates(text, markdownSyntaxEscaped, {}, {});
}

namespace {

std::string markdownSyntaxEscaped(std::string_view text)
{
    // Inline syntax only: the text never starts a line, so `#`, `-` and `1.` stay as typed.
    static constexpr std::string_view kSpecial = "\\`*_[]<>|~&";
    std::string escaped;
    escaped.reserve(text.size());
    for (char c : text) {
        if (isLineBreak(c))
            escaped += ' ';
        else if (kSpecial.find(c) != std::string_view::npos)
            escaped += std::string("\\") + c;
        else
            escaped += c;
    }
    return escaped;
}

}  // namespace

std::string writeMarkdown(const RunComparison& comparison)
{
    std::string text = "# " + markdownEscaped(reportTitle(comparison)) + "\n";
    for (const ReportSection& section : reportSections(comparison)) {
        text += "\n## " + markdownEscaped(section.title) + "\n";
        for (const std::string& paragraph : section.paragraphs)
            text += "\n" + markdownEscaped(paragraph) + "\n";
        for (const ReportTable& table : section.tables) {
            if (!table.caption.empty())
                text += "\n### " + markdownEscaped(table.caption) + "\n";
            text += "\n" + tableText(table);
        }
    }
    return text;
}

}  // namespace es
