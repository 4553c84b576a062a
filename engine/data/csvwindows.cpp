#include "data/csvwindows.h"

#include "config/configerror.h"
#include "data/hostmemory.h"

#include <limits>

namespace es {

namespace {

// Below this the memory check is skipped: reading /proc/meminfo would cost more than the
// allocation, and the fuzzer windows thousands of tables a second.
constexpr std::uint64_t kMemoryCheckBytes = std::uint64_t{64} << 20;

void requirePositive(std::int64_t value, const char* name, const char* meaning)
{
    if (value < 1) {
        throw ConfigError(name, std::string("expected an integer >= 1 (") + meaning + "), got " +
                                    std::to_string(value));
    }
}

std::string describe(const ColumnRef& ref)
{
    return ref.name.empty() ? "index " + std::to_string(ref.index) : "\"" + ref.name + "\"";
}

std::size_t resolve(const ColumnRef& ref, const CsvTable& table, const std::string& path)
{
    const std::size_t columns = table.columnNames.size();
    if (ref.name.empty() == (ref.index < 0))
        throw ConfigError(path, "expected a column name or a 0-based index (exactly one)");
    if (ref.name.empty()) {
        if (static_cast<std::size_t>(ref.index) >= columns) {
            throw ConfigError(path, "column index " + std::to_string(ref.index) +
                                        " is out of range: the table has " +
                                        std::to_string(columns) + " columns");
        }
        return static_cast<std::size_t>(ref.index);
    }
    if (!table.hadHeader)
        throw ConfigError(path, "column " + describe(ref) + " is named but the file has no header");
    std::size_t found = columns;
    for (std::size_t i = 0; i < columns; ++i) {
        if (table.columnNames[i] != ref.name)
            continue;
        if (found != columns)
            throw ConfigError(path, "column name " + describe(ref) + " is ambiguous; use an index");
        found = i;
    }
    if (found == columns)
        throw ConfigError(path, "no column named " + describe(ref));
    return found;
}

void checkWindowOptions(const CsvWindowOptions& options)
{
    requirePositive(options.window, "window", "rows per sample");
    requirePositive(options.horizon, "horizon", "rows from the window's last row to the target");
    requirePositive(options.stride, "stride", "rows between window starts");
    if (options.features.empty())
        throw ConfigError("features", "expected at least one feature column, got none");
}

/// Number of windows, or an error naming how many rows are needed.
std::int64_t sampleCount(const CsvWindowOptions& options, std::int64_t rows,
                         std::string_view origin)
{
    // window + horizon may overflow for absurd options; compare without adding.
    const bool enough = options.window <= rows && options.horizon <= rows - options.window;
    if (!enough) {
        const bool overflow =
            options.window > std::numeric_limits<std::int64_t>::max() - options.horizon;
        const std::string needed = overflow ? std::string("more than 2^63")
                                            : std::to_string(options.window + options.horizon);
        throw ConfigError(std::string(origin),
                          "too few rows: window " + std::to_string(options.window) + " + horizon " +
                              std::to_string(options.horizon) + " needs at least " + needed +
                              " data rows, the table has " + std::to_string(rows));
    }
    return (rows - options.window - options.horizon) / options.stride + 1;
}

}  // namespace

WindowedSeries windowTable(const CsvTable& table, const CsvWindowOptions& options,
                           std::string_view origin)
{
    checkWindowOptions(options);

    std::vector<std::size_t> featureColumns;
    for (std::size_t i = 0; i < options.features.size(); ++i) {
        featureColumns.push_back(
            resolve(options.features[i], table, "features[" + std::to_string(i) + "]"));
    }
    const std::size_t targetColumn = resolve(options.target, table, "target");

    const std::int64_t samples = sampleCount(options, table.rows, origin);
    const auto timesteps = static_cast<std::uint64_t>(options.window);
    const std::uint64_t features = featureColumns.size();
    // samples * timesteps <= rows * rows / stride fits easily, but guard the product anyway.
    const std::uint64_t maxElements = std::numeric_limits<std::uint64_t>::max() / sizeof(float);
    const auto n = static_cast<std::uint64_t>(samples);
    if (n > maxElements / timesteps / features)
        throw ConfigError(std::string(origin), "the windows would not fit in memory");
    const std::uint64_t bytes = (n * timesteps * features + n) * sizeof(float);
    if (bytes >= kMemoryCheckBytes)
        requireAvailableMemory(bytes, std::string(origin), "windowing the table");

    WindowedSeries series;
    series.samples = samples;
    series.timesteps = options.window;
    series.features = static_cast<std::int64_t>(features);
    series.x.resize(static_cast<std::size_t>(n * timesteps * features));
    series.y.resize(static_cast<std::size_t>(n));

    const std::size_t width = table.columnNames.size();
    const auto stride = static_cast<std::size_t>(options.stride);
    const auto horizon = static_cast<std::size_t>(options.horizon);
    float* out = series.x.data();
    for (std::size_t s = 0; s < n; ++s) {
        const std::size_t start = s * stride;
        for (std::size_t t = 0; t < timesteps; ++t) {
            const float* row = table.values.data() + (start + t) * width;
            for (const std::size_t column : featureColumns)
                *out++ = row[column];
        }
        series.y[s] = table.values[(start + timesteps - 1 + horizon) * width + targetColumn];
    }
    return series;
}

WindowedSeries readCsvWindows(const std::string& path, const CsvOptions& csv,
                              const CsvWindowOptions& options)
{
    checkWindowOptions(options);  // before reading what may be a large file
    // Read features then the target, so that in the table feature i is column i and the
    // target is the last column, whatever the refs say.
    CsvOptions selection = csv;
    selection.columns = options.features;
    selection.columns.push_back(options.target);
    const CsvTable table = readCsvFile(path, selection);

    CsvWindowOptions positional = options;
    for (std::size_t i = 0; i < positional.features.size(); ++i)
        positional.features[i] = ColumnRef::byIndex(static_cast<int>(i));
    positional.target = ColumnRef::byIndex(static_cast<int>(options.features.size()));
    return windowTable(table, positional, path);
}

}  // namespace es
