#pragma once

// The arrays of a file data source (.npy, .npz, .csv), loaded for the engine and checked
// against the model before training starts. LibTorch-free: the engine wraps the buffers in
// tensors without copying them.

#include "engine/config/runconfigfwd.h"
#include "engine/core/records.h"
#include "engine/data/npyfile.h"

#include <memory>
#include <string>
#include <vector>

namespace es {

struct TextTokenizer;

/// How many bytes tell a data file without a telling extension: "\x93NUMPY" (.npy), or a zip
/// record's "PK\3\4" (.npz).
inline constexpr std::size_t kFileKindMagicBytes = 6;

/// One loaded array and where it came from, for messages.
struct SourceArray {
    HostArray array;
    /// The config field that chose it (`data.source.x`; `data.source.path` for an array an
    /// archive supplied by its default name).
    std::string field;
    /// The file, or `archive.npz:member` (what `epochscope-cli inspect` lists).
    std::string origin;

    bool present() const { return !array.shape.empty(); }
    std::int64_t samples() const { return present() ? array.shape.front() : 0; }
};

/// Inputs, targets and an optional explicit validation set. x is (N, T, F) float32 features or
/// (N, T) int64 token ids, as the model's first layer reads; y is float32 with one target per
/// sample; xVal/yVal are both present or both absent.
struct SourceArrays {
    SourceArray x;
    SourceArray y;
    SourceArray xVal;
    SourceArray yVal;
    /// `npy: x_train.npy (1000, 50, 8), y_train.npy (1000,)`, for the run banner and summary.
    std::string description;
    /// What loading changed (`x: float64 converted to float32 once at load`) or decided
    /// (`validation_split ignored: ...`), for the data panel and the run summary.
    std::vector<std::string> notes;
    /// A text source's classes, by their ids (empty for numbers as targets and for arrays).
    std::vector<std::string> classes;
    /// A text source's tokenizer: what made its ids, which a run keeps with its checkpoints.
    std::shared_ptr<const TextTokenizer> tokenizer;
    /// A text source's training texts' lengths in tokens (unknown for other sources).
    TextLengths textLengths;

    bool hasValidation() const { return xVal.present(); }
};

/// Whether the model reads token ids (an Embedding first layer) rather than float features.
bool modelReadsTokens(const ModelConfig& model);

/// `synthetic_regression: 1000 samples of (50, 8)`: a generated source as the run records it
/// (English, shown through recordedText()), where a file source has SourceArrays::description.
std::string syntheticSourceDescription(const DataSourceConfig& source);

/// Loads and checks the arrays of a file source (config.data.source.fromFiles()). Throws
/// ConfigError, at the config field to change, for unreadable, corrupt or oversized files and
/// for every rule of checkSourceArrays(). A text source is tokenized by `trained` when given
/// (loadTextSource()).
SourceArrays loadSourceArrays(const RunConfig& config, const TextTokenizer* trained = nullptr);

/// The checks run before training on loaded arrays; throws ConfigError listing every problem:
/// x and y sample counts differ; x's rank or per-sample shape does not fit the model
/// (model.input_shape, the first layer's input) or x_val; y holds more than one value per
/// sample; NaN or infinity (the first index and the count); token ids outside
/// [0, input_dim) (the first offending index); binary cross-entropy targets outside [0, 1];
/// and the split rules of checkSampleSplit() with the real sample count.
void checkSourceArrays(const SourceArrays& arrays, const RunConfig& config);

/// Loads and checks what a saved model predicts on (`epochscope-cli predict`): inputs from
/// `xPath` and, when `yPath` is not empty, targets from it, with training's loaders and checks
/// (checkPredictionArrays()). Each is a .npy file, an archive member `archive.npz:member` (an
/// archive of one array may go without the member), or, for a config whose source is csv, a
/// CSV file windowed by data.source's settings, whose target column then gives y (a separate
/// `yPath` is refused). The kind of file comes from its extension, else from its first bytes.
/// Issues are at the fields "--x" and "--y" and name the file; throws ConfigError.
SourceArrays loadPredictionArrays(const RunConfig& config, const std::string& xPath,
                                  const std::string& yPath);

/// checkSourceArrays() for arrays that are not trained on: the same rules of shapes, pairing,
/// NaN and infinity, token range and targets for the loss, without the split rules (any number
/// of samples can be predicted). Targets (y) are optional.
void checkPredictionArrays(const SourceArrays& arrays, const RunConfig& config);

/// `[12, 3, 0]`: the C-order position of flat element `index` in an array of `shape`.
std::string elementIndexText(const std::vector<std::int64_t>& shape, std::int64_t index);

}  // namespace es
