#include "report/reportmarkdown.h"

#include "report/reporttables.h"
#include "report/reporttext.h"

#include <algorithm>
#include <cmath>

namespace es {

namespace {

// The longest bar in a cell: wide enough to tell 5% from 10%, short enough for a terminal.
constexpr int kBarWidth = 20;

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
    std::string text =
        cell.code && !cell.text.empty() ? markdownCode(cell.text) : markdownEscaped(cell.text);
    if (cell.bar && *cell.bar > 0.0) {
        const int length = std::max(1, static_cast<int>(std::lround(*cell.bar * kBarWidth)));
        text += " " + std::string(static_cast<std::size_t>(std::min(length, kBarWidth)), '#');
    }
    return text;
}

/// Whether a code point takes two columns in a monospaced font: the East Asian wide and
/// full-width blocks (Unicode's East_Asian_Width W and F, the ranges a Chinese report uses).
bool isWide(char32_t c)
{
    return (c >= 0x1100 && c <= 0x115F) || (c >= 0x2E80 && c <= 0x303E) ||
           (c >= 0x3041 && c <= 0x33FF) || (c >= 0x3400 && c <= 0x4DBF) ||
           (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0xA000 && c <= 0xA4CF) ||
           (c >= 0xAC00 && c <= 0xD7A3) || (c >= 0xF900 && c <= 0xFAFF) ||
           (c >= 0xFE30 && c <= 0xFE4F) || (c >= 0xFF00 && c <= 0xFF60) ||
           (c >= 0xFFE0 && c <= 0xFFE6) || (c >= 0x20000 && c <= 0x3FFFD);
}

/// Columns on screen, so that a Chinese table lines up in a terminal too: UTF-8 continuation
/// bytes take none, wide characters two.
std::size_t displayWidth(const std::string& text)
{
    std::size_t width = 0;
    for (std::size_t i = 0; i < text.size();) {
        const auto lead = static_cast<unsigned char>(text[i]);
        const std::size_t length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2;
        char32_t code = length == 1 ? lead : lead & (0xFF >> (length + 1));
        for (std::size_t k = 1; k < length && i + k < text.size(); ++k)
            code = (code << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3F);
        width += isWide(code) ? 2 : 1;
        i += length;
    }
    return width;
}

std::string padded(const std::string& text, std::size_t width, bool right)
{
    const std::string fill(width - std::min(width, displayWidth(text)), ' ');
    return right ? fill + text : text + fill;
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
            text += " " + padded(cell, widths[c], table.numeric[c]) + " |";
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
