#include "engine/data/csvscanner.h"

#include "engine/i18n/translate.h"

#include <string>

namespace es {

namespace {

// What a UTF-8 byte order mark looks like: spreadsheet programs write one before the text.
constexpr std::string_view kUtf8Bom = "\xEF\xBB\xBF";

std::string describeByte(char c)
{
    if (c == '"')
        return "'\"'";
    return "'" + std::string(1, c) + "'";
}

}  // namespace

CsvScanner::CsvScanner(std::string_view text, char delimiter)
    : m_text(trimmed(text)), m_delimiter(delimiter)
{
}

std::string_view CsvScanner::trimmed(std::string_view text)
{
    if (text.substr(0, kUtf8Bom.size()) == kUtf8Bom)
        text.remove_prefix(kUtf8Bom.size());
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r'))
        text.remove_suffix(1);
    return text;
}

CsvScanner::Span CsvScanner::readQuoted(std::size_t fieldStart)
{
    const std::int64_t column = static_cast<std::int64_t>(m_spans.size()) + 1;
    Span span;
    span.quoted = true;
    ++m_pos;  // the opening quote
    std::size_t segment = m_pos;
    bool escaped = false;
    const std::size_t scratchStart = m_scratch.size();
    for (;;) {
        const std::size_t quote = m_text.find('"', m_pos);
        if (quote == std::string_view::npos) {
            throw CsvScanError(m_row, column,
                               engineText("CsvScanner",
                                          "unterminated quoted field: the quote that opens it is "
                                          "never closed before the end of the file"));
        }
        if (quote - fieldStart > kMaxFieldBytes) {
            throw CsvScanError(m_row, column,
                               fillText(engineText("CsvScanner",
                                                   "quoted field longer than %1 bytes; is the "
                                                   "quote that opens it unbalanced?"),
                                        {std::to_string(kMaxFieldBytes)}));
        }
        if (quote + 1 < m_text.size() && m_text[quote + 1] == '"') {
            m_scratch.append(m_text.substr(segment, quote + 1 - segment));  // keeps one quote
            escaped = true;
            m_pos = quote + 2;
            segment = m_pos;
            continue;
        }
        if (escaped) {
            m_scratch.append(m_text.substr(segment, quote - segment));
            span.inScratch = true;
            span.offset = scratchStart;
            span.length = m_scratch.size() - scratchStart;
        } else {
            span.offset = segment;
            span.length = quote - segment;
        }
        m_pos = quote + 1;
        break;
    }
    if (m_pos < m_text.size()) {
        const char after = m_text[m_pos];
        if (after != m_delimiter && after != '\n' && after != '\r') {
            throw CsvScanError(m_row, column,
                               fillText(engineText("CsvScanner",
                                                   "expected a delimiter or the end of the line "
                                                   "after the closing quote, got %1"),
                                        {describeByte(after)}));
        }
    }
    return span;
}

CsvScanner::Span CsvScanner::readUnquoted()
{
    const std::size_t start = m_pos;
    const std::size_t size = m_text.size();
    std::size_t end = start;
    while (end < size) {
        const char c = m_text[end];
        if (c == m_delimiter || c == '\n' || c == '\r')
            break;
        ++end;
        if (end - start > kMaxFieldBytes) {
            throw CsvScanError(m_row, static_cast<std::int64_t>(m_spans.size()) + 1,
                               fillText(engineText("CsvScanner", "field longer than %1 bytes"),
                                        {std::to_string(kMaxFieldBytes)}));
        }
    }
    m_pos = end;
    Span span;
    span.offset = start;
    span.length = end - start;
    return span;
}

bool CsvScanner::next()
{
    m_spans.clear();
    m_scratch.clear();
    m_fields.clear();
    if (m_pos >= m_text.size())
        return false;
    ++m_row;
    const std::size_t recordStart = m_pos;
    for (;;) {
        if (m_spans.size() == kMaxFields) {
            throw CsvScanError(m_row, 0,
                               fillText(engineText("CsvScanner", "more than %1 fields in one row"),
                                        {std::to_string(kMaxFields)}));
        }
        const std::size_t fieldStart = m_pos;
        const bool quoted = m_pos < m_text.size() && m_text[m_pos] == '"';
        m_spans.push_back(quoted ? readQuoted(fieldStart) : readUnquoted());
        if (m_pos - recordStart > kMaxRecordBytes) {
            throw CsvScanError(m_row, 0,
                               fillText(engineText("CsvScanner", "row longer than %1 bytes"),
                                        {std::to_string(kMaxRecordBytes)}));
        }
        if (m_pos >= m_text.size())
            break;
        const char c = m_text[m_pos++];
        if (c == m_delimiter)
            continue;
        if (c == '\r' && m_pos < m_text.size() && m_text[m_pos] == '\n')
            ++m_pos;
        break;  // '\n' or '\r': the record ends
    }
    m_fields.reserve(m_spans.size());
    for (const Span& span : m_spans) {
        const std::string_view source = span.inScratch ? std::string_view(m_scratch) : m_text;
        m_fields.push_back({source.substr(span.offset, span.length), span.quoted});
    }
    return true;
}

}  // namespace es
