#pragma once

// `epochscope-cli predict`: a saved model run on data it may never have seen, and scored when
// the targets are given. LibTorch-free: the CLI and the app see values, never a tensor.

#include "engine/config/csvoptions.h"
#include "engine/config/runconfigfwd.h"
#include "engine/predict/predictiontask.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace es {

struct TextTokenizer;

struct PredictRequest {
    /// A ModelCheckpoint file or a BackupAndRestore backup.
    std::string checkpoint;
    /// The inputs and the optional targets (empty: none), as loadPredictionArrays() reads them.
    /// An empty `x` takes the validation samples of the config's own data instead (its x_val
    /// and y_val, or the validation_split taken from its end, generated again for a synthetic
    /// source), with their targets; `y` must then be empty too.
    std::string x;
    std::string y;
    /// Samples per forward pass; 0 takes data.batch_size.
    std::int64_t batchSize = 0;

    // A model trained on text (data.source text_csv or text_folder) predicts raw texts: those
    // given here, or `x` naming a folder of class folders or a CSV/TSV file.
    std::vector<std::string> texts;
    /// The CSV file's columns, when not the config's text_csv ones: with a text column and no
    /// label column, the file's texts are predicted without targets.
    std::optional<ColumnRef> textColumn;
    std::optional<ColumnRef> labelColumn;
    /// The tokenizer the model was trained with (trainedTokenizer()); null learns it again from
    /// the config's data, as training learned it, with a note saying so.
    std::shared_ptr<const TextTokenizer> tokenizer;
};

/// One raw text predicted, as the model saw it.
struct PredictedText {
    std::string origin;        ///< `--text 2`, `reviews.csv:row 7`, `test/pos/1_10.txt`
    std::int64_t tokens = 0;   ///< before any cut
    std::int64_t unknown = 0;  ///< read as [UNK]
    bool cut = false;          ///< longer than the sequence length the model was trained on
};

/// Where predicting stands, for a progress line.
struct PredictProgress {
    std::int64_t batchesDone = 0;
    std::int64_t batches = 0;
    double elapsedS = 0.0;  ///< since the first batch started
};

/// Called before the first batch and after each one; returning false stops before the next.
using PredictProgressCallback = std::function<bool(const PredictProgress&)>;

struct PredictionResult {
    /// What the file holds besides the weights ("weights only", ...).
    std::string checkpointKind;
    /// `x x_test.npy (2000, 40) int32, y y_test.npy (2000,) uint8` (paths as given).
    std::string data;
    /// What loading converted (`x: int32 converted to int64 once at load`).
    std::vector<std::string> notes;
    /// Thread settings that could not be applied, and why.
    std::vector<std::string> warnings;
    std::string device;   ///< "cpu", "cuda:0"
    std::string backend;  ///< the recurrent backend that ran ("onednn", "libtorch")
    std::string backendReason;
    std::int64_t batchSize = 0;
    std::int64_t batches = 0;     ///< batches run (all of them unless stopped)
    double loadSeconds = 0.0;     ///< data, model and checkpoint, before the first batch
    double predictSeconds = 0.0;  ///< the batches, their copies to the host included
    /// True when the callback stopped it: `values` then holds only the batches run.
    bool stopped = false;

    /// The predictions, float32 in C order, shaped (samples, units) or, for a model that
    /// outputs a sequence, (samples, timesteps, units).
    std::vector<std::int64_t> shape;
    std::vector<float> values;

    /// The targets read with the inputs (empty without): one row of `targetWidth` per sample,
    /// as the loss reads them (a real value, a 0/1 label or a class id per sample, or one-hot
    /// rows for categorical_crossentropy), float32 in C order.
    std::vector<float> targets;
    std::int64_t targetWidth = 0;

    /// What the config trains for, which says the usual metrics.
    PredictionTask task = PredictionTask::Regression;
    /// With targets: the config's loss (with the L2 penalties, as Keras' evaluate
    /// reports it) and metrics, then the task's usual metrics under names the config's do not
    /// already use (taskMetrics()), and for binary classification the confusion counts.
    bool scored = false;
    double loss = 0.0;
    std::vector<NamedValue> metrics;
    std::vector<std::pair<std::string, std::int64_t>> counts;

    /// For raw texts: each text as the model saw it, in order, and the classes the outputs
    /// stand for (empty for numbers as targets).
    std::vector<PredictedText> texts;
    std::vector<std::string> classes;

    std::int64_t samples() const { return shape.empty() ? 0 : shape.front(); }
};

/// Builds `config`'s model for the inputs, loads the checkpoint's weights into it exactly as
/// `evaluate` does and runs every sample through it in order, in batches, in inference mode
/// (no autograd, dropout off), on the config's device with the backend, threads, denormal mode
/// and allocator its training runs use. Throws ConfigError: at "--x"/"--y" for inputs that
/// cannot be read or do not fit the model (loadPredictionArrays(), and a feature count other
/// than the one the model was trained on), at "--checkpoint" for a file that is missing,
/// corrupt, truncated or saved for another model (naming the parameter and both shapes), at
/// "device.name" for a device this machine lacks.
PredictionResult predictCheckpoint(const RunConfig& config, const PredictRequest& request,
                                   const PredictProgressCallback& progress = {});

}  // namespace es
