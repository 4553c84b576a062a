#pragma once

// How one configuration of an experiment is measured: the shortened config a measured run
// trains, and the epoch length its numbers are projected onto (docs/whatif.md).

#include "engine/config/runconfig.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>

namespace es {

/// The windows and repeats of an experiment (`--warmup-steps`, `--measured-steps`,
/// `--repeats`).
struct ExperimentSettings {
    /// Steps run first and not measured: lazy initialisation, allocator growth and primitive
    /// creation make the first steps of a run slower than the rest.
    int warmupSteps = 5;
    /// Steps whose times are measured, after the warm-up.
    int measuredSteps = 30;
    /// Runs per configuration, interleaved so that machine noise spreads over all of them.
    int repeats = 3;
};

/// Throws ConfigError naming the flag (`--repeats`) for a setting out of range.
void checkExperimentSettings(const ExperimentSettings& settings);

/// The config a measured run of `full` trains.
struct MeasuredConfig {
    RunConfig config;
    /// Whether the run leaves out the validation the full config has: a validation pass costs
    /// time after the last step and is no part of any step time, so it is left out whenever
    /// the config still parses without it (no callback monitors a val_ metric).
    bool validationSkipped = false;
};

/// `full` trained for one epoch of warm-up + measured steps (training.epochs = 1,
/// training.steps_per_epoch = warm-up + measured), without validation when possible.
MeasuredConfig measuredConfig(const RunConfig& full, const ExperimentSettings& settings);

/// `config` with every callback file (model_checkpoint filepath, backup_and_restore
/// backup_dir, csv_logger filename) moved under `directory`, keeping its relative layout, and
/// BackupAndRestore told to start fresh: a measured run never resumes from, replaces or
/// appends to the user's checkpoints, backups or logs.
RunConfig withCallbackFilesUnder(const RunConfig& config, const std::string& directory);

/// Training samples a measured run of `measured` has, when known before it runs (synthetic
/// data); nullopt for data files.
std::optional<std::int64_t> knownTrainSamples(const RunConfig& measured);

/// Steps per epoch of the full config: its batch size, drop_last and steps_per_epoch over its
/// training split. The split is worked out from what the measured run reported: when the
/// measured run left validation out, its training samples are all the samples and the full
/// config's validation_split is applied to them. Both configs are documents as toJson writes
/// them, so that stored experiments are projected the same way.
std::int64_t fullEpochSteps(const nlohmann::json& fullConfig, const nlohmann::json& measuredConfig,
                            std::int64_t measuredTrainSamples,
                            std::int64_t measuredValidationSamples);

/// Batches in an epoch over `samples` training samples.
std::int64_t batchesPerEpoch(std::int64_t samples, std::int64_t batchSize, bool dropLast,
                             std::int64_t stepsPerEpoch);

}  // namespace es
