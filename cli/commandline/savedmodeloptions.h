#pragma once

// The options `evaluate`, `predict` and `export` share to name a saved model: a checkpoint
// file with the config it was trained with (--checkpoint FILE with --config FILE or --preset
// NAME), or a recorded run (--run ID: its config, and the best or last checkpoint it wrote;
// docs/runs.md#checkpoints).

#include "engine/config/runconfig.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace CLI {
class App;
class Option;
}  // namespace CLI

namespace es {

/// A checkpoint and the config of the model it holds.
struct SavedModel {
    RunConfig config;
    std::string checkpointPath;
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
    /// changed). Throws ConfigError for a config that cannot be read or parsed.
    std::optional<SavedModel> resolve(std::string_view commandName) const;

private:
    std::optional<SavedModel> fromRun() const;
};

}  // namespace es
