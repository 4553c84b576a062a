#pragma once

// The `data` section of a run's config: where the samples come from and how they are
// batched (RunConfig in runconfig.h holds every section; docs/config.md documents the keys).

#include "engine/config/csvoptions.h"
#include "engine/config/textconfig.h"

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace es {

enum class DataSourceType {
    SyntheticRegression,  ///< "synthetic_regression": (N, T, F) float -> (N, 1) float
    SyntheticTokens,      ///< "synthetic_tokens": (N, T) int tokens in [0, vocab) -> (N, 1) 0/1
    Npy,                  ///< "npy": x and y in .npy files (np.save)
    Npz,                  ///< "npz": x and y arrays in one .npz archive (np.savez)
    Csv,                  ///< "csv": a time series in a CSV file, windowed into samples
    TextCsv,     ///< "text_csv": texts and labels in two columns of a CSV/TSV file (data.text)
    TextFolder,  ///< "text_folder": a folder with one sub-folder of .txt files per class
};

/// synthetic_tokens' "padding": where a review shorter than the window gets its padding ids 0,
/// with keras.utils.pad_sequences' names and default.
enum class Padding {
    Pre,   ///< "pre": before the review (Keras' default), which keeps masks off fused kernels
    Post,  ///< "post": after it, where a fused kernel's sequence lengths cover it
};

/// Only the fields of its `type` are meaningful (compared, written); see LayerConfig.
/// File paths are taken as written; loadRunConfigFile() makes relative ones relative to the
/// config file's directory.
struct DataSourceConfig {
    DataSourceType type = DataSourceType::SyntheticRegression;
    std::int64_t samples = 0;    ///< synthetic: required
    std::int64_t timesteps = 0;  ///< synthetic: required
    std::int64_t features = 0;   ///< synthetic_regression: required
    double noise = 0.05;         ///< synthetic_regression: std of the target noise, >= 0
    std::int64_t vocabSize = 0;  ///< synthetic_tokens: "vocab_size", required, >= 4
    /// synthetic sources: "classes" >= 2 makes each target a class id in [0, classes) (see
    /// targetClasses()); 0, the default, keeps the source's own targets: real numbers for
    /// synthetic_regression, 0/1 labels (two classes) for synthetic_tokens.
    std::int64_t classes = 0;
    Padding padding = Padding::Pre;  ///< synthetic_tokens

    /// npy: paths of the .npy files, x and y required, "x_val" and "y_val" together or not
    /// at all. npz: array names in the archive; empty picks x_train/y_train and x_val/y_val
    /// (or x_test/y_test) when present (pickDefaultArrays()).
    std::string x;
    std::string y;
    std::string xVal;
    std::string yVal;
    /// npz, csv, text_csv: the file, required; text_folder: the folder, required.
    std::string path;
    /// csv: "delimiter" "auto" (detected), ",", ";" or "\t".
    char delimiter = CsvOptions::kAutoDelimiter;
    /// csv: "header" "auto", "present" or "absent".
    CsvHeader header = CsvHeader::Auto;
    /// csv: "features": columns by name or 0-based index, at least one; "target": one column.
    std::vector<ColumnRef> columns;
    ColumnRef target;
    /// csv: rows per sample, rows from the window's last row to the target, rows between
    /// window starts (see CsvWindowOptions).
    std::int64_t window = 0;  ///< required
    std::int64_t horizon = 1;
    std::int64_t stride = 1;

    /// text_csv: "text_column" and "label_column", each a header name or a 1-based position
    /// (held 0-based here, as ColumnRef counts); "header" and "delimiter" as for csv.
    ColumnRef textColumn;
    ColumnRef labelColumn;
    /// text_folder: "ignore", names of sub-folders and files left out (IMDB's "unsup").
    std::vector<std::string> ignore;
    /// text_csv, text_folder: "validation_path", a file or folder of the same kind whose texts
    /// validate instead of a validation_split; empty for none.
    std::string validationPath;

    /// Whether the data comes from files rather than a generator.
    bool fromFiles() const;
    /// Whether the files hold raw text (text_csv, text_folder), which data.text turns into
    /// token ids.
    bool fromText() const;
    bool operator==(const DataSourceConfig&) const;
};

/// Where the dataset lives while training (docs/config.md#placement).
enum class Placement {
    Host,    ///< "host": pageable host memory; each batch gathered and copied (Keras on NumPy)
    Pinned,  ///< "pinned": pinned host memory, non-blocking copies (CUDA devices only)
    Device,  ///< "device": staged on the training device once; batches gathered there
};

/// How samples of different lengths are batched (docs/config.md#data).
enum class Batching {
    Fixed,     ///< "fixed": every sample as long as the source made it
    ByLength,  ///< "by_length": similar lengths batched together, each batch cut to its longest
};

struct DataConfig {
    DataSourceConfig source;
    /// "text": meaningful (compared, written) only for a text source.
    TextConfig text;
    double validationSplit = 0.0;  ///< "validation_split" in [0, 1): taken from the end (Keras)
    bool shuffle = true;
    std::int64_t batchSize = 32;  ///< "batch_size"
    bool dropLast = false;        ///< "drop_last"
    Placement placement = Placement::Host;
    /// Batches a loader thread prepares ahead of training; 0 prepares each one when needed.
    int prefetch = 0;
    Batching batching = Batching::Fixed;

    bool operator==(const DataConfig&) const;
};

// Every value of each enum, in declaration order: for parsers, pickers in forms, and tests.
inline constexpr std::array<DataSourceType, 7> kAllDataSourceTypes = {
    DataSourceType::SyntheticRegression,
    DataSourceType::SyntheticTokens,
    DataSourceType::Npy,
    DataSourceType::Npz,
    DataSourceType::Csv,
    DataSourceType::TextCsv,
    DataSourceType::TextFolder};
inline constexpr std::array<Padding, 2> kAllPaddings = {Padding::Pre, Padding::Post};
inline constexpr std::array<CsvHeader, 3> kAllCsvHeaders = {CsvHeader::Auto, CsvHeader::Present,
                                                            CsvHeader::Absent};
inline constexpr std::array<Batching, 2> kAllBatchings = {Batching::Fixed, Batching::ByLength};
inline constexpr std::array<Placement, 3> kAllPlacements = {Placement::Host, Placement::Pinned,
                                                            Placement::Device};

/// The number of classes a synthetic source's targets are ids of: 0 for real-valued targets
/// (synthetic_regression without "classes"), 2 for synthetic_tokens without it.
std::int64_t targetClasses(const DataSourceConfig& source);

/// synthetic_tokens' words that say which class a review is: a band of this many ids per
/// class after the padding id 0: 1% of the vocabulary, less when the classes' bands would
/// leave no neutral word, at least one. The ids after the last band are neutral, so the
/// vocabulary needs classes + 2 ids.
std::int64_t syntheticWordBand(std::int64_t vocabSize, std::int64_t classes);

/// How many samples train and how many validate.
struct SampleSplit {
    std::int64_t training = 0;
    std::int64_t validation = 0;
};

/// Keras' split: the first floor(samples * (1 - validation_split)) samples train, the rest
/// (taken from the end, before any shuffling) validate.
SampleSplit splitSamples(std::int64_t samples, double validationSplit);
/// The split of a synthetic source's samples.
SampleSplit splitSamples(const DataConfig& data);

/// Makes the data source's relative file paths relative to `directory` instead of the current
/// directory (an empty `directory` changes nothing).
void resolveDataPaths(DataSourceConfig& source, const std::string& directory);
/// The same for the source and data.text's vocabulary file.
void resolveDataPaths(DataConfig& data, const std::string& directory);

std::string_view dataSourceKey(DataSourceType type);
std::string_view placementKey(Placement placement);
std::string_view batchingKey(Batching batching);
std::string_view paddingKey(Padding padding);
std::string_view csvHeaderKey(CsvHeader header);

}  // namespace es
