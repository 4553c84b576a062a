#pragma once

#include "engine/callbacks/callback.h"
#include "engine/config/pathtemplate.h"
#include "engine/io/writepermissions.h"

#include <cstdint>
#include <optional>
#include <string>

namespace es {

struct ModelCheckpointOptions {
    std::string filepath;  ///< a PathTemplate
    std::string monitor = "val_loss";
    std::string mode = "auto";
    bool saveBestOnly = false;
    bool saveWeightsOnly = false;
    std::int64_t saveFreq = 0;  ///< 0: every epoch; N: every N training steps
    bool verbose = false;
    /// What each save's file is checked against (engine/io/writetarget.h): a template's fields
    /// decide the file only at the save.
    WritePermissions writes;
};

/// Keras' ModelCheckpoint: saves the model (weights and optimizer state, or weights only) to
/// a path filled from the epoch, the batch and the logged values, every epoch or every N
/// steps, or only when the monitored value improves. Files are written atomically, so a
/// crash never leaves a partial checkpoint under its final name. Reports each save's size, and
/// each file (its path, epoch, monitored value, whether it was the best so far) to the run's
/// database through CallbackContext::recordSavedFile.
class ModelCheckpointCallback : public Callback {
public:
    explicit ModelCheckpointCallback(ModelCheckpointOptions options);
    std::string name() const override { return "model_checkpoint"; }
    /// Creates the checkpoint directory (the part of the path before any field) and checks
    /// that it is writable, so that a bad directory fails the run before its first step,
    /// not after an epoch of training. Throws ConfigError.
    void onTrainBegin(CallbackContext& context) override;
    void onBatchEnd(CallbackContext& context, const BatchRecord& record) override;
    void onEpochEnd(CallbackContext& context, int epoch, const EpochLogs& logs) override;

private:
    void save(CallbackContext& context, int epoch, std::optional<int> batch, const EpochLogs& logs);
    /// Tells the run about the file just written at `path`.
    void report(CallbackContext& context, const std::string& path, int epoch,
                std::optional<int> batch, std::optional<double> value, bool best,
                std::int64_t bytes);

    ModelCheckpointOptions m_options;
    PathTemplate m_path;
    MonitorMode m_mode;
    /// The best monitored value of the saves so far (all saves, not only save_best_only's).
    std::optional<double> m_best;
    std::int64_t m_stepsSinceSave = 0;
    EpochLogs m_lastLogs;  ///< the previous epoch's values, for saves in the middle of one
};

}  // namespace es
