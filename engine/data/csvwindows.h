#pragma once

#include "engine/data/csvtable.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace es {

/// How a time series becomes samples: each sample is `window` consecutive rows of the
/// feature columns, and its target is the target column `horizon` rows after the window's
/// last row. Windows start every `stride` rows from the first row.
struct CsvWindowOptions {
    std::vector<ColumnRef> features;  ///< at least one; may include the target (autoregressive)
    ColumnRef target;
    std::int64_t window = 1;   ///< T >= 1
    std::int64_t horizon = 1;  ///< >= 1
    std::int64_t stride = 1;   ///< >= 1
};

/// Samples for a sequence model: x is (samples, timesteps, features) in C order, y has one
/// target per sample.
struct WindowedSeries {
    std::int64_t samples = 0;
    std::int64_t timesteps = 0;
    std::int64_t features = 0;
    std::vector<float> x;
    std::vector<float> y;
};

/// Windows the columns of a table already read. Column names resolve against
/// table.columnNames (which needs a header), indices against the table's columns. The number
/// of samples is N = floor((rows - window - horizon) / stride) + 1; fewer than
/// window + horizon rows is an error saying how many are needed. Option errors have the paths
/// `features[i]`, `target`, `window`, `horizon`, `stride`; row-count and memory errors have
/// `origin`. Throws ConfigError.
WindowedSeries windowTable(const CsvTable& table, const CsvWindowOptions& options,
                           std::string_view origin);

/// Reads only the columns `options` names from the CSV file at `path` (indices count the
/// file's columns; csv.columns is ignored) and windows them.
WindowedSeries readCsvWindows(const std::string& path, const CsvOptions& csv,
                              const CsvWindowOptions& options);

}  // namespace es
