#pragma once

// How a CSV file is read: which columns, the delimiter, the header. Part of a run's config
// (data.csv) and of `inspect`; data/csvtable.h reads a file with them.

#include <string>
#include <utility>
#include <vector>

namespace es {

/// A column chosen by its header name or by its 0-based position. Set exactly one: a
/// non-empty `name` (which needs a header row), or `index` >= 0 with an empty name. A plain
/// struct rather than a std::variant so that it reads naturally in designated-style
/// initialisers and config code: `{"price"}` or `{"", 2}`.
struct ColumnRef {
    std::string name;
    int index = -1;

    static ColumnRef byName(std::string columnName) { return {std::move(columnName), -1}; }
    static ColumnRef byIndex(int columnIndex) { return {std::string(), columnIndex}; }

    bool operator==(const ColumnRef& other) const
    {
        return name == other.name && index == other.index;
    }
};

/// Whether the first row holds column names.
enum class CsvHeader {
    Auto,     ///< detected; see readCsvText()
    Present,  ///< the first row is a header
    Absent,   ///< every row is data
};

struct CsvOptions {
    /// Auto-detects the delimiter (see readCsvText()); otherwise ',', ';' or '\t'.
    static constexpr char kAutoDelimiter = '\0';

    char delimiter = kAutoDelimiter;
    CsvHeader header = CsvHeader::Auto;
    /// Columns to read, in this order (a column may appear twice); empty reads them all.
    std::vector<ColumnRef> columns;
    /// With `columns` empty: leave out the columns whose first data cell is text (dates,
    /// labels) instead of failing on them, and list them in CsvTable::skippedColumns. For
    /// looking at a file (`epochscope-cli inspect`); training names its columns.
    bool skipTextColumns = false;
};

}  // namespace es
