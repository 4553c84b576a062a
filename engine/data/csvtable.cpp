#include "engine/data/csvtable.h"

#include "engine/config/configerror.h"
#include "engine/core/text.h"
#include "engine/data/csvscanner.h"
#include "engine/data/hostmemory.h"
#include "engine/i18n/translate.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>
#include <map>

namespace es {

namespace {

// Rows examined to detect the delimiter: enough to see past a header and a few odd rows,
// few enough that detection stays instant on a huge file.
constexpr std::int64_t kSniffRows = 32;
// Candidates in the order that breaks the last tie.
constexpr std::array<char, 3> kDelimiters = {',', ';', '\t'};
// Longest excerpt of a cell quoted in a message: enough to recognise it, short enough for a line.
constexpr std::size_t kMaxQuotedBytes = 40;
// Column names listed when a name is not found; a wider file gets "... and N more".
constexpr std::size_t kMaxListedNames = 20;

enum class Cell { Number, Empty, Text, NotFinite, OutOfRange };

/// Strict C-locale parse of one cell into a finite float.
Cell parseCell(std::string_view raw, float& value)
{
    std::string_view text = trimmed(raw);
    if (text.empty())
        return Cell::Empty;
    // from_chars rejects a leading '+'; accept one in front of a digit or a point only.
    if (text.size() > 1 && text[0] == '+' && text[1] != '+' && text[1] != '-')
        text.remove_prefix(1);
    double parsed = 0.0;
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, parsed);
    if (ptr != end || (ec != std::errc() && ec != std::errc::result_out_of_range))
        return Cell::Text;
    if (ec == std::errc::result_out_of_range) {
        // Too small for a double rounds to zero; too large is an error. The exponent's sign
        // tells which (a mantissa alone cannot underflow).
        const auto e = text.find_first_of("eE");
        if (e != std::string_view::npos && e + 1 < text.size() && text[e + 1] == '-') {
            value = text[0] == '-' ? -0.0f : 0.0f;
            return Cell::Number;
        }
        return Cell::OutOfRange;
    }
    if (!std::isfinite(parsed))
        return Cell::NotFinite;
    if (std::fabs(parsed) > static_cast<double>(std::numeric_limits<float>::max()))
        return Cell::OutOfRange;
    value = static_cast<float>(parsed);
    return Cell::Number;
}

bool numberLike(const CsvField& field)
{
    float ignored = 0.0f;
    const Cell cell = parseCell(field.text, ignored);
    return cell == Cell::Number || cell == Cell::NotFinite || cell == Cell::OutOfRange;
}

bool textLike(const CsvField& field)
{
    float ignored = 0.0f;
    return parseCell(field.text, ignored) == Cell::Text;
}

/// `"text"`, cut at kMaxQuotedBytes on a UTF-8 boundary; ConfigError escapes control bytes.
/// In an issue's path (`inPath`) the note on the length stays English, as the path does.
std::string excerpt(std::string_view text, bool inPath = false)
{
    if (text.size() <= kMaxQuotedBytes)
        return "\"" + std::string(text) + "\"";
    std::size_t cut = kMaxQuotedBytes;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80)
        --cut;
    const char* pattern =
        inPath ? "\"%1\"... (%2 bytes)" : engineText("CsvTable", "\"%1\"... (%2 bytes)");
    return fillText(pattern, {text.substr(0, cut), std::to_string(text.size())});
}

std::string rowPath(std::string_view origin, std::int64_t row)
{
    return std::string(origin) + ":row " + std::to_string(row);
}

std::string delimiterName(char delimiter)
{
    return delimiter == '\t' ? std::string("tab") : "'" + std::string(1, delimiter) + "'";
}

std::string listNames(const std::vector<std::string>& names)
{
    std::string list;
    for (std::size_t i = 0; i < names.size() && i < kMaxListedNames; ++i) {
        if (i > 0)
            list += ", ";
        list += excerpt(names[i]);
    }
    if (names.size() > kMaxListedNames)
        return fillText(engineText("CsvTable", "%1 and %2 more"),
                        {list, std::to_string(names.size() - kMaxListedNames)});
    return list;
}

void checkOptions(const CsvOptions& options, std::string_view origin)
{
    const char d = options.delimiter;
    if (d != CsvOptions::kAutoDelimiter && d != ',' && d != ';' && d != '\t') {
        throw ConfigError(std::string(origin),
                          fillText(engineText("CsvTable",
                                              "unsupported delimiter %1; expected ',', "
                                              "';', tab, or automatic detection"),
                                   {excerpt(std::string_view(&d, 1))}));
    }
    for (const ColumnRef& ref : options.columns) {
        if (ref.name.empty() && ref.index < 0) {
            throw ConfigError(
                std::string(origin),
                engineText("CsvTable", "a column needs a name or a 0-based index, got neither"));
        }
        if (!ref.name.empty() && ref.index >= 0) {
            throw ConfigError(std::string(origin),
                              fillText(engineText("CsvTable",
                                                  "column %1 is given both a name and "
                                                  "index %2; give one of them"),
                                       {excerpt(ref.name), std::to_string(ref.index)}));
        }
    }
}

/// Field counts of the first kSniffRows rows split by `delimiter`; a syntax error ends the
/// sample early (the real read reports it).
std::vector<std::size_t> sampleFieldCounts(std::string_view text, char delimiter)
{
    std::vector<std::size_t> counts;
    CsvScanner scanner(text, delimiter);
    try {
        while (static_cast<std::int64_t>(counts.size()) < kSniffRows && scanner.next())
            counts.push_back(scanner.fields().size());
    } catch (const CsvScanError&) {
    }
    return counts;
}

char detectDelimiter(std::string_view text)
{
    char best = ',';
    std::size_t bestRows = 0;
    std::size_t bestFields = 0;
    for (const char candidate : kDelimiters) {
        std::map<std::size_t, std::size_t> rowsWithCount;
        for (const std::size_t count : sampleFieldCounts(text, candidate))
            ++rowsWithCount[count];
        std::size_t modalFields = 0;
        std::size_t modalRows = 0;
        for (const auto& [fields, rows] : rowsWithCount) {
            if (rows > modalRows) {  // ascending field counts: equal rows keep the fewer fields
                modalFields = fields;
                modalRows = rows;
            }
        }
        if (modalFields <= 1)
            continue;
        if (modalRows > bestRows || (modalRows == bestRows && modalFields < bestFields)) {
            best = candidate;
            bestRows = modalRows;
            bestFields = modalFields;
        }
    }
    return best;
}

std::vector<CsvField> copyFields(const std::vector<CsvField>& fields,
                                 std::vector<std::string>& store)
{
    store.clear();
    store.reserve(fields.size());
    std::vector<CsvField> copy;
    copy.reserve(fields.size());
    for (const CsvField& field : fields)
        store.emplace_back(field.text);
    for (std::size_t i = 0; i < fields.size(); ++i)
        copy.push_back({store[i], fields[i].quoted});
    return copy;
}

/// The automatic header rule documented in csvtable.h.
bool looksLikeHeader(const std::vector<CsvField>& first, const std::vector<CsvField>* second)
{
    if (second == nullptr)
        return std::any_of(first.begin(), first.end(), textLike);
    bool textOverNumber = false;
    const std::size_t shared = std::min(first.size(), second->size());
    for (std::size_t i = 0; i < shared; ++i) {
        if (numberLike(first[i]) && textLike((*second)[i]))
            return false;
        if (textLike(first[i]) && numberLike((*second)[i]))
            textOverNumber = true;
    }
    return textOverNumber;
}

/// Resolves the selection to 0-based field positions.
std::vector<std::size_t> selectColumns(const CsvOptions& options,
                                       const std::vector<std::string>& names, bool hadHeader,
                                       std::string_view origin)
{
    std::vector<std::size_t> positions;
    if (options.columns.empty()) {
        for (std::size_t i = 0; i < names.size(); ++i)
            positions.push_back(i);
        return positions;
    }
    for (const ColumnRef& ref : options.columns) {
        if (ref.name.empty()) {
            if (static_cast<std::size_t>(ref.index) >= names.size()) {
                throw ConfigError(std::string(origin),
                                  fillText(engineText("CsvTable",
                                                      "column index %1 is out of range: the file "
                                                      "has %2 columns (indices 0 to %3)"),
                                           {std::to_string(ref.index), std::to_string(names.size()),
                                            std::to_string(names.size() - 1)}));
            }
            positions.push_back(static_cast<std::size_t>(ref.index));
            continue;
        }
        if (!hadHeader) {
            throw ConfigError(std::string(origin),
                              fillText(engineText("CsvTable",
                                                  "column %1 is selected by name but the file has "
                                                  "no header row; select it by index"),
                                       {excerpt(ref.name)}));
        }
        std::vector<std::size_t> matches;
        for (std::size_t i = 0; i < names.size(); ++i) {
            if (names[i] == ref.name)
                matches.push_back(i);
        }
        if (matches.empty()) {
            throw ConfigError(
                std::string(origin),
                fillText(engineText("CsvTable", "no column named %1; the header has %2"),
                         {excerpt(ref.name), listNames(names)}));
        }
        if (matches.size() > 1) {
            throw ConfigError(std::string(origin),
                              fillText(engineText("CsvTable",
                                                  "column name %1 appears in columns "
                                                  "%2 and %3; select it by index"),
                                       {excerpt(ref.name), std::to_string(matches[0] + 1),
                                        std::to_string(matches[1] + 1)}));
        }
        positions.push_back(matches.front());
    }
    return positions;
}

/// Parses whole records into the table, holding the state the error messages need.
class TableReader {
public:
    TableReader(std::string_view text, const CsvOptions& options, std::string_view origin)
        : m_text(text), m_options(options), m_origin(origin)
    {
    }

    CsvTable read()
    {
        checkOptions(m_options, m_origin);
        m_table.delimiter = m_options.delimiter == CsvOptions::kAutoDelimiter
                                ? detectDelimiter(m_text)
                                : m_options.delimiter;
        CsvScanner scanner(m_text, m_table.delimiter);
        try {
            readRecords(scanner);
        } catch (const CsvScanError& error) {
            throw ConfigError(cellPath(error.row(), error.column()), error.what());
        }
        return std::move(m_table);
    }

private:
    void readRecords(CsvScanner& scanner)
    {
        if (!scanner.next())
            throw ConfigError(
                m_origin, engineText("CsvTable", "the file is empty; expected rows of numbers"));
        std::vector<std::string> firstStore;
        const std::vector<CsvField> first = copyFields(scanner.fields(), firstStore);
        m_fieldCount = first.size();
        bool haveSecond = false;
        try {
            haveSecond = scanner.next();
        } catch (const CsvScanError&) {
            // Name the columns in the error as if the file ended after row 1.
            nameColumns(first, decideHeader(first, nullptr));
            throw;
        }
        nameColumns(first, decideHeader(first, haveSecond ? &scanner.fields() : nullptr));
        m_columns = selectColumns(m_options, m_allNames, m_table.hadHeader, m_origin);
        if (m_options.skipTextColumns && m_options.columns.empty())
            skipTextColumns(m_table.hadHeader ? (haveSecond ? &scanner.fields() : nullptr)
                                              : &first);
        for (const std::size_t column : m_columns)
            m_table.columnNames.push_back(m_allNames[column]);
        m_table.columnPositions = m_columns;
        reserveValues();

        if (!m_table.hadHeader)
            addRow(first, 1);
        if (haveSecond) {
            addRow(scanner.fields(), scanner.row());
            while (scanner.next())
                addRow(scanner.fields(), scanner.row());
        }
        if (m_table.rows == 0) {
            throw ConfigError(m_origin, engineText("CsvTable",
                                                   "the file has a header row but no data rows; "
                                                   "expected rows of numbers after it"));
        }
    }

    /// Drops the columns whose cell in the first data row is text (see
    /// CsvOptions::skipTextColumns).
    void skipTextColumns(const std::vector<CsvField>* firstData)
    {
        if (firstData == nullptr || firstData->size() != m_fieldCount)
            return;  // no data row, or a malformed one that addRow() reports
        std::vector<std::size_t> kept;
        for (const std::size_t column : m_columns) {
            if (textLike((*firstData)[column]))
                m_table.skippedColumns.push_back(m_allNames[column]);
            else
                kept.push_back(column);
        }
        if (kept.empty())
            throw ConfigError(
                m_origin, engineText("CsvTable", "no column holds numbers in the first data row"));
        m_columns = std::move(kept);
    }

    void nameColumns(const std::vector<CsvField>& first, bool hadHeader)
    {
        m_table.hadHeader = hadHeader;
        for (std::size_t i = 0; i < first.size(); ++i) {
            m_allNames.push_back(hadHeader ? std::string(trimmed(first[i].text))
                                           : "column " + std::to_string(i + 1));
        }
    }

    bool decideHeader(const std::vector<CsvField>& first, const std::vector<CsvField>* second)
    {
        if (m_options.header != CsvHeader::Auto)
            return m_options.header == CsvHeader::Present;
        const bool byName = std::any_of(m_options.columns.begin(), m_options.columns.end(),
                                        [](const ColumnRef& ref) { return !ref.name.empty(); });
        if (byName || looksLikeHeader(first, second))
            return true;
        // A number expected in row 1 then says why row 1 is read as data (cellMessage()).
        m_firstRowNotHeader = std::any_of(first.begin(), first.end(), textLike);
        return false;
    }

    /// Reserves for the rows the line breaks promise (an upper bound unless quoted fields hold
    /// line breaks), after checking that the values fit in memory.
    void reserveValues()
    {
        const std::uint64_t lines =
            static_cast<std::uint64_t>(std::count(m_text.begin(), m_text.end(), '\n')) + 1;
        const std::uint64_t bytes = lines * m_columns.size() * sizeof(float);
        if (bytes >= kMemoryCheckBytes)
            requireAvailableMemory(bytes, std::string(m_origin),
                                   engineText("CsvTable", "reading its values"));
        m_table.values.reserve(static_cast<std::size_t>(lines * m_columns.size()));
    }

    void addRow(const std::vector<CsvField>& fields, std::int64_t row)
    {
        if (fields.size() != m_fieldCount) {
            const bool blank = fields.size() == 1 && fields[0].text.empty() && !fields[0].quoted;
            const char* pattern =
                blank                ? engineText("CsvTable",
                                                  "the row is blank, expected %2 as in row 1 (fields "
                                                                 "separated by %3)")
                : fields.size() == 1 ? engineText("CsvTable",
                                                  "the row has %1 field, expected %2 as in row 1 "
                                                  "(fields separated by %3)")
                                     : engineText("CsvTable",
                                                  "the row has %1 fields, expected %2 as in row 1 "
                                                  "(fields separated by %3)");
            throw ConfigError(
                rowPath(m_origin, row),
                fillText(pattern, {std::to_string(fields.size()), std::to_string(m_fieldCount),
                                   delimiterName(m_table.delimiter)}));
        }
        for (const std::size_t column : m_columns) {
            float value = 0.0f;
            const Cell cell = parseCell(fields[column].text, value);
            if (cell != Cell::Number)
                throw ConfigError(cellPath(row, column + 1),
                                  cellMessage(cell, fields[column], row));
            m_table.values.push_back(value);
        }
        ++m_table.rows;
    }

    std::string cellMessage(Cell cell, const CsvField& field, std::int64_t row) const
    {
        const std::string text = excerpt(field.text);
        switch (cell) {
            case Cell::Empty:
                return engineText("CsvTable", "missing value (empty cell); expected a number");
            case Cell::NotFinite:
                return fillText(engineText("CsvTable",
                                           "expected a finite number, got %1; NaN and Inf are not "
                                           "allowed in training data"),
                                {text});
            case Cell::OutOfRange:
                return fillText(engineText("CsvTable",
                                           "expected a number within the 32-bit float range "
                                           "(magnitude up to 3.4e38), got %1"),
                                {text});
            case Cell::Text:
            case Cell::Number: break;
        }
        std::string dotted(trimmed(field.text));
        std::replace(dotted.begin(), dotted.end(), ',', '.');
        float ignored = 0.0f;
        const bool decimalComma = field.text.find(',') != std::string_view::npos &&
                                  parseCell(dotted, ignored) == Cell::Number;
        const bool hint = row == 1 && m_firstRowNotHeader;
        const char* pattern = nullptr;
        if (decimalComma && hint)
            pattern = engineText("CsvTable",
                                 "expected a number, got %1 (decimal commas are not supported; "
                                 "write %2); row 1 was not taken as a header because row 2 has "
                                 "text where row 1 has numbers, or no number under its text (set "
                                 "the header option to say)");
        else if (decimalComma)
            pattern = engineText("CsvTable",
                                 "expected a number, got %1 (decimal commas are not "
                                 "supported; write %2)");
        else if (hint)
            pattern = engineText("CsvTable",
                                 "expected a number, got %1; row 1 was not taken as a header "
                                 "because row 2 has text where row 1 has numbers, or no number "
                                 "under its text (set the header option to say)");
        else
            pattern = engineText("CsvTable", "expected a number, got %1");
        return fillText(pattern, {text, decimalComma ? excerpt(dotted) : std::string()});
    }

    /// `<origin>:row R, column C ("name")`; column 0 means the whole row.
    std::string cellPath(std::int64_t row, std::int64_t column) const
    {
        std::string path = rowPath(m_origin, row);
        if (column <= 0)
            return path;
        path += ", column " + std::to_string(column);
        const auto index = static_cast<std::size_t>(column - 1);
        if (m_table.hadHeader && index < m_allNames.size())
            path += " (" + excerpt(m_allNames[index], true) + ")";
        return path;
    }

    std::string_view m_text;
    const CsvOptions& m_options;
    std::string m_origin;
    CsvTable m_table;
    std::size_t m_fieldCount = 0;
    std::vector<std::string> m_allNames;
    std::vector<std::size_t> m_columns;
    bool m_firstRowNotHeader = false;
};

}  // namespace

CsvTable readCsvText(std::string_view text, const CsvOptions& options, std::string_view origin)
{
    return TableReader(CsvScanner::trimmed(text), options, origin).read();
}

char detectCsvDelimiter(std::string_view text)
{
    return detectDelimiter(text);
}

CsvTable readCsvFile(const InputFile& file, const CsvOptions& options)
{
    requireAvailableMemory(file.size(), file.path(), engineText("CsvTable", "reading the file"));
    return readCsvText(file.readAll(), options, file.path());
}

CsvTable readCsvFile(const std::string& path, const CsvOptions& options)
{
    return readCsvFile(InputFile(path, engineText("CsvTable", "cannot open the CSV file: %1")),
                       options);
}

}  // namespace es
