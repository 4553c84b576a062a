#pragma once

// The options `evaluate`, `predict` and `export` share to name a saved model: a checkpoint
// file with the config it was trained with (--checkpoint FILE with --config FILE or --preset
// NAME), or a recorded run (--run ID: its config, and the best or last checkpoint it wrote;
// docs/runs.md#checkpoints).

#include "engine/config/runconfig.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace CLI {
class App;
class Option;
}  // namespace CLI

namespace es {

struct TextTokenizer;

/// A checkpoint and the config of the model it holds.
struct SavedModel {
    RunConfig config;
    std::string checkpointPath;
    /// For a model trained on text, the tokenizer its run kept (the run database's for --run,
    /// else the file beside the checkpoint: trainedTokenizer()); null when none was kept.
    std::shared_ptr<const TextTokenizer> tokenizer;
};

struct SavedModelOptions {
    std::string checkpointPath;
    std::string configPath;
    std::string preset;
    std::int64_t runId = 0;
    std::string use = "best";
    std::string database;
    CLI::Option* checkpointOption = nullptr;
    CLI::Option* configOption = nullptr;
    CLI::Option* presetOption = nullptr;
    CLI::Option* runOption = nullptr;
    CLI::Option* useOption = nullptr;

    /// Adds --checkpoint, --config, --preset, --run, --use and --db to `command`.
    void addTo(CLI::App& command);
    /// The chosen checkpoint and config; nullopt, after saying why, when the options do not
    /// name one (or --run's checkpoint is not there as the run wrote it: moved, deleted,
    /// changed). Throws ConfigError for a config that cannot be read or parsed, or a kept
    /// tokenizer that is malformed.
    std::optional<SavedModel> resolve(std::string_view commandName) const;

private:
    std::optional<SavedModel> fromRun() const;
    /// "run 12": where a tokenizer read from the run database came from, for its errors.
    std::string runOrigin() const;
};

}  // namespace es
