#pragma once

#include "engine/callbacks/callback.h"

#include <cstdint>
#include <optional>
#include <string>

namespace es {

struct BackupOptions {
    std::string backupDir;
    std::int64_t saveFreq = 0;  ///< 0: at the end of every epoch; N: every N training steps
    bool deleteCheckpoint = true;
    bool ignoreExisting = false;  ///< `train --ignore-backup`: start fresh, replace it later
    /// False on the ranks other than 0 of a distributed run: they resume from the backup rank
    /// 0 wrote (backup_dir on a file system every rank sees) and never save or delete it.
    bool writes = true;
    std::string field;  ///< "callbacks[2].backup_dir", for messages
};

/// Keras' BackupAndRestore: keeps one backup of the whole training state in `backup_dir`
/// and, when a run starts and finds one, continues from it: the same weights, optimizer
/// state, epoch and step, RNG states and shuffle order, so that a run killed at any point
/// ends with the weights and losses it would have had without the interruption (on CPU,
/// with a fixed seed). The backup is one file, written atomically: a crash during a save
/// leaves the previous backup. It is deleted when training completes, unless told not to.
/// Each save, and that deletion, is reported to the run's database (recordSavedFile).
class BackupAndRestoreCallback : public Callback {
public:
    /// The backup's file name inside `backup_dir`.
    static constexpr const char* kFileName = "epochscope-backup.pt";

    explicit BackupAndRestoreCallback(BackupOptions options);
    std::string name() const override { return "backup_and_restore"; }
    /// Creates the directory (a ConfigError when it cannot be written) and resumes from the
    /// backup it holds, if any (a ConfigError when that backup cannot be used).
    void onTrainBegin(CallbackContext& context) override;
    void onBatchEnd(CallbackContext& context, const BatchRecord& record) override;
    void onEpochEnd(CallbackContext& context, int epoch, const EpochLogs& logs) override;
    void onTrainEnd(CallbackContext& context, bool completed) override;

    std::string backupPath() const;

private:
    /// Resumes from the backup in backup_dir when there is one (and --ignore-backup is off).
    void restoreIfPresent(CallbackContext& context);
    /// Saves the backup, made after step `batch` of `epoch` (nullopt: at the epoch's end).
    void save(CallbackContext& context, int epoch, std::optional<int> batch);

    BackupOptions m_options;
    std::int64_t m_stepsSinceSave = 0;
};

}  // namespace es
