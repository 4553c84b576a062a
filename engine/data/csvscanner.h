#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace es {

/// One field of a CSV record: its text with the surrounding quotes removed and doubled quotes
/// undone, and whether it was quoted (a quoted number still counts as a number).
struct CsvField {
    std::string_view text;
    bool quoted = false;
};

/// A syntax error found by CsvScanner, located by 1-based record (row) and field (column).
/// The table reader turns it into a ConfigError once it knows the column's name.
class CsvScanError : public std::runtime_error {
public:
    CsvScanError(std::int64_t row, std::int64_t column, const std::string& message)
        : std::runtime_error(message), m_row(row), m_column(column)
    {
    }
    std::int64_t row() const { return m_row; }
    std::int64_t column() const { return m_column; }  ///< 0 for an error about the whole row

private:
    std::int64_t m_row;
    std::int64_t m_column;
};

/// Splits delimited text into records following RFC 4180: fields may be quoted, a doubled
/// quote inside a quoted field is one quote, and delimiters and line breaks inside quotes are
/// data. Records end at LF, CRLF or a lone CR. A leading UTF-8 byte order mark and trailing
/// blank lines are dropped, so the last record may or may not end with a line break. A blank
/// line elsewhere is a record with one empty field, which keeps row numbers equal to the rows
/// a spreadsheet shows. The text is not copied; fields view it (or a per-record buffer for
/// fields that held doubled quotes) until the next call to next().
class CsvScanner {
public:
    /// Longest field accepted: numbers and column names are short, and a stray quote would
    /// otherwise swallow the rest of the file into one field.
    static constexpr std::size_t kMaxFieldBytes = std::size_t{1} << 20;
    /// Longest record accepted, so that one runaway line cannot exhaust memory.
    static constexpr std::size_t kMaxRecordBytes = std::size_t{64} << 20;
    /// Most fields in one record: far beyond any time-series table, and it bounds the
    /// per-record bookkeeping for input such as a line of a million commas.
    static constexpr std::size_t kMaxFields = 65536;

    CsvScanner(std::string_view text, char delimiter);

    /// Reads the next record into fields(); false once the text is exhausted.
    /// Throws CsvScanError for an unterminated quote, text after a closing quote, or a
    /// field, record or field count beyond the limits above.
    bool next();

    const std::vector<CsvField>& fields() const { return m_fields; }
    /// 1-based number of the record last read (the row a spreadsheet shows).
    std::int64_t row() const { return m_row; }

    /// `text` without a UTF-8 byte order mark and without trailing line breaks.
    static std::string_view trimmed(std::string_view text);

private:
    struct Span {
        bool inScratch = false;  ///< text lives in m_scratch (it held doubled quotes)
        std::size_t offset = 0;
        std::size_t length = 0;
        bool quoted = false;
    };

    Span readQuoted(std::size_t fieldStart);
    Span readUnquoted();

    std::string_view m_text;
    char m_delimiter;
    std::size_t m_pos = 0;
    std::int64_t m_row = 0;
    std::vector<Span> m_spans;
    std::string m_scratch;
    std::vector<CsvField> m_fields;
};

}  // namespace es
