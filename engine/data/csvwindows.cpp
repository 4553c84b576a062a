#include "engine/data/csvwindows.h"

#include "engine/config/configerror.h"
#include "engine/data/hostmemory.h"
#include "engine/i18n/translate.h"

#include <limits>

namespace es {

namespace {

/// `pattern` says what the option means and takes the value as %1.
void requirePositive(std::int64_t value, const char* name, const char* pattern)
{
    if (value < 1)
        throw ConfigError(name, fillText(pattern, {std::to_string(value)}));
}

std::string describe(const ColumnRef& ref)
{
    return ref.name.empty() ? "index " + std::to_string(ref.index) : "\"" + ref.name + "\"";
}

std::size_t resolve(const ColumnRef& ref, const CsvTable& table, const std::string& path)
{
    const std::size_t columns = table.columnNames.size();
    if (ref.name.empty() == (ref.index < 0))
        throw ConfigError(path, engineText("CsvWindows",
                                           "expected a column name or a 0-based "
                                           "index (exactly one)"));
    if (ref.name.empty()) {
        if (static_cast<std::size_t>(ref.index) >= columns) {
            throw ConfigError(path, fillText(engineText("CsvWindows",
                                                        "column index %1 is out of range: the "
                                                        "table has %2 columns"),
                                             {std::to_string(ref.index), std::to_string(columns)}));
        }
        return static_cast<std::size_t>(ref.index);
    }
    if (!table.hadHeader)
        throw ConfigError(
            path,
            fillText(engineText("CsvWindows", "column %1 is named but the file has no header"),
                     {describe(ref)}));
    std::size_t found = columns;
    for (std::size_t i = 0; i < columns; ++i) {
        if (table.columnNames[i] != ref.name)
            continue;
        if (found != columns)
            throw ConfigError(
                path,
                fillText(engineText("CsvWindows", "column name %1 is ambiguous; use an index"),
                         {describe(ref)}));
        found = i;
    }
    if (found == columns)
        throw ConfigError(
            path, fillText(engineText("CsvWindows", "no column named %1"), {describe(ref)}));
    return found;
}

void checkWindowOptions(const CsvWindowOptions& options)
{
    requirePositive(options.window, "window",
                    engineText("CsvWindows", "expected an integer >= 1 (rows per sample), got %1"));
    requirePositive(options.horizon, "horizon",
                    engineText("CsvWindows",
                               "expected an integer >= 1 (rows from the window's "
                               "last row to the target), got %1"));
    requirePositive(
        options.stride, "stride",
        engineText("CsvWindows", "expected an integer >= 1 (rows between window starts), got %1"));
    if (options.features.empty())
        throw ConfigError(
            "features", engineText("CsvWindows", "expected at least one feature column, got none"));
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
        const char* pattern = overflow
                                  ? engineText("CsvWindows",
                                               "too few rows: window %1 + horizon %2 needs at "
                                               "least more than 2^63 data rows, the table has %4")
                                  : engineText("CsvWindows",
                                               "too few rows: window %1 + horizon %2 needs at "
                                               "least %3 data rows, the table has %4");
        throw ConfigError(
            std::string(origin),
            fillText(pattern,
                     {std::to_string(options.window), std::to_string(options.horizon),
                      overflow ? std::string() : std::to_string(options.window + options.horizon),
                      std::to_string(rows)}));
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
        throw ConfigError(std::string(origin),
                          engineText("CsvWindows", "the windows would not fit in memory"));
    const std::uint64_t bytes = (n * timesteps * features + n) * sizeof(float);
    if (bytes >= kMemoryCheckBytes)
        requireAvailableMemory(bytes, std::string(origin),
                               engineText("CsvWindows", "windowing the table"));

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
