#pragma once

#include "engine/config/csvoptions.h"
#include "engine/config/inputfile.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace es {

/// Numeric columns read from a CSV file.
struct CsvTable {
    /// Names of the selected columns: the header's (spaces around them trimmed), or
    /// `column 1`, `column 2`, ... (1-based, as errors count columns) without a header.
    std::vector<std::string> columnNames;
    std::int64_t rows = 0;      ///< data rows, the header not counted
    std::vector<float> values;  ///< row-major, rows x columnNames.size()
    char delimiter = ',';       ///< the one used (',' for a file of a single column)
    bool hadHeader = false;
    /// 0-based positions in the file of the selected columns (what a config's index selects).
    std::vector<std::size_t> columnPositions;
    /// Names of the columns CsvOptions::skipTextColumns left out, in file order.
    std::vector<std::string> skippedColumns;
};

/// Parses delimited text held in memory. `origin` names it in errors (usually the file path).
///
/// Delimiter detection, when options.delimiter is kAutoDelimiter: each candidate (',', ';',
/// tab) splits the first 32 rows (quote-aware); its modal field count must exceed 1, and the
/// candidate with the most rows at its modal count wins. Ties go to the candidate with fewer
/// fields per row (a delimiter that also occurs inside values, like a decimal comma, splits
/// more), then to the order ',', ';', tab. No qualifying candidate means a single column.
///
/// Header detection, when options.header is Auto: selecting any column by name means a
/// header. Otherwise the first row is a header when some column holds text in row 1 and a
/// number in row 2, and no column holds a number in row 1 and text in row 2. Quoted numbers,
/// NaN and Inf count as numbers; empty cells count as neither. A file of one row with text in
/// it is a header without data.
///
/// Cells of the selected columns must be finite numbers as std::from_chars reads them in the
/// C locale (spaces around them and a leading '+' allowed); other columns may hold anything.
/// Throws ConfigError with path `<origin>:row R, column C ("name")` (R and C 1-based, the
/// header being row 1; the name only when there is a header), `<origin>:row R` for a row with
/// the wrong number of fields, and `<origin>` for problems of the whole file or selection.
CsvTable readCsvText(std::string_view text, const CsvOptions& options, std::string_view origin);

/// The delimiter readCsvText() detects in `text` (without a byte order mark): the rule above.
/// The text readers use it too.
char detectCsvDelimiter(std::string_view text);

/// Reads the file at `path` once and parses it with readCsvText(). A missing or unreadable
/// file, one that is not a regular file (a directory, a FIFO, /dev/zero), or a file larger
/// than the available memory is a ConfigError naming it.
CsvTable readCsvFile(const std::string& path, const CsvOptions& options);
/// As above from a file already open: exactly the bytes it held when it was opened, however
/// it grows meanwhile; cut meanwhile, it is a ConfigError naming the byte where it ended.
CsvTable readCsvFile(const InputFile& file, const CsvOptions& options);

}  // namespace es
