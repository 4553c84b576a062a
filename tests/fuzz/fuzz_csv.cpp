// libFuzzer target for the CSV reader and the windowing on its result. The first four bytes
// choose the options, so that the fuzzer explores every dialect, header mode, selection and
// windowing shape; the rest is the text. Only es::ConfigError may come out: any other
// exception escapes and libFuzzer reports it, and broken invariants trap.

#include "engine/config/configerror.h"
#include "engine/data/csvtable.h"
#include "engine/data/csvwindows.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace {

// Option bytes taken from the front of each input.
constexpr std::size_t kOptionBytes = 4;

es::CsvOptions csvOptions(const std::uint8_t* bytes)
{
    static constexpr char kDelimiters[] = {es::CsvOptions::kAutoDelimiter, ',', ';', '\t'};
    static constexpr es::CsvHeader kHeaders[] = {es::CsvHeader::Auto, es::CsvHeader::Present,
                                                 es::CsvHeader::Absent, es::CsvHeader::Auto};
    es::CsvOptions options;
    options.delimiter = kDelimiters[bytes[0] & 3];
    options.header = kHeaders[(bytes[0] >> 2) & 3];
    switch ((bytes[0] >> 4) & 3) {
        case 0:  // every column, text columns left out or not (as `inspect` reads)
            options.skipTextColumns = (bytes[0] & 0x40) != 0;
            break;
        case 1: options.columns.push_back(es::ColumnRef::byIndex(bytes[1] % 8)); break;
        case 2: options.columns.push_back(es::ColumnRef::byName(bytes[1] % 2 ? "a" : "b")); break;
        case 3:
            options.columns.push_back(es::ColumnRef::byIndex(bytes[1] % 4));
            options.columns.push_back(es::ColumnRef::byIndex(0));
            break;
    }
    return options;
}

void checkTable(const es::CsvTable& table)
{
    const auto width = static_cast<std::int64_t>(table.columnNames.size());
    if (table.rows < 1 || width < 1 ||
        static_cast<std::int64_t>(table.values.size()) != table.rows * width ||
        table.columnPositions.size() != table.columnNames.size()) {
        __builtin_trap();
    }
    for (const float value : table.values) {
        if (!std::isfinite(value))
            __builtin_trap();
    }
}

void window(const es::CsvTable& table, const std::uint8_t* bytes)
{
    const auto width = static_cast<int>(table.columnNames.size());
    es::CsvWindowOptions options;
    for (int i = 0; i < width && i < 3; ++i)
        options.features.push_back(es::ColumnRef::byIndex(i));
    if (table.hadHeader && (bytes[1] & 0x80) != 0)
        options.target = es::ColumnRef::byName(table.columnNames.back());
    else
        options.target = es::ColumnRef::byIndex(bytes[1] % (width + 1));  // may be out of range
    options.window = 1 + bytes[2] % 8;
    options.horizon = 1 + bytes[3] % 4;
    options.stride = 1 + (bytes[3] >> 2) % 4;
    const es::WindowedSeries series = es::windowTable(table, options, "fuzz");
    const std::int64_t expected =
        (table.rows - options.window - options.horizon) / options.stride + 1;
    if (series.samples != expected ||
        static_cast<std::int64_t>(series.x.size()) !=
            series.samples * series.timesteps * series.features ||
        static_cast<std::int64_t>(series.y.size()) != series.samples) {
        __builtin_trap();
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size < kOptionBytes)
        return 0;
    const std::string_view text(reinterpret_cast<const char*>(data) + kOptionBytes,
                                size - kOptionBytes);
    try {
        const es::CsvTable table = es::readCsvText(text, csvOptions(data), "fuzz");
        checkTable(table);
        window(table, data);
    } catch (const es::ConfigError&) {
        // Rejected input with a message: the expected outcome for most inputs.
    }
    return 0;
}
