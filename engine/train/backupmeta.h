#pragma once

// LibTorch-free, so that a fuzzer can drive it without the rest of the engine: the metadata of
// a backup (train/trainingstate_torch.h), a JSON string that a backup from someone else may
// fill with anything, checked field by field.

#include "engine/config/trainingconfig.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace es {

/// The metadata's "format" and "version" in the backups this EpochScope writes and reads.
inline constexpr const char* kBackupFormat = "epochscope-backup";
inline constexpr int kBackupFormatVersion = 1;

/// What a backup's metadata is checked against, and the words its errors are made of.
struct BackupMetaContext {
    std::string path;    ///< the backup file: every message starts with it
    std::string field;   ///< the ConfigError's path: the config field that named the backup
    std::string advice;  ///< ends every message ("; move it away to keep it, ...")
    /// This run's, as backupFingerprint makes it: the backup's must hold the same values, and
    /// its "batches_per_epoch" bounds "batches_done".
    nlohmann::json fingerprint;
    int epochs = 1;                 ///< the config's: "epoch" may be 1 to epochs + 1
    std::size_t learningRates = 1;  ///< the optimizer's parameter groups, one rate each
};

/// A backup's metadata, checked: every value within the bounds parseBackupMeta names.
struct BackupMeta {
    /// Where training stands: `batchesDone` steps of `epoch` have run ({epochs + 1, 0} after
    /// the last epoch's end).
    int epoch = 1;
    std::int64_t batchesDone = 0;
    /// The sums of those steps (EpochAccumulator's), each finite; metrics this EpochScope does
    /// not know are left out.
    double lossSum = 0.0;
    std::int64_t samples = 0;
    std::map<Metric, double> metricSums;
    std::vector<double> learningRates;  ///< one per parameter group, finite and positive
    /// The global generators whose states the backup holds: one or two, each "cpu" or
    /// "cuda:N" (N of at most three digits).
    std::vector<std::string> rngNames;
    bool hasShuffleOrder = false;
};

/// Reads a backup's metadata from its JSON `text`. Throws ConfigError(context.field, ...)
/// starting with `context.path` and ending with `context.advice` when the text is not the
/// metadata of an EpochScope backup (not a JSON object, another "format"), has another
/// format version, belongs to another run (its "fingerprint" differs from
/// `context.fingerprint`, saying in what), or when a field is missing or holds a value of the
/// wrong type or range (`backup field "epoch" is -5; expected a whole number from 1 to 3`):
/// "epoch" from 1 to epochs + 1, "batches_done" from 0 to the steps per epoch, "epoch_sums"
/// finite with at least 0 samples, "learning_rates" `context.learningRates` positive
/// numbers, "rng" as BackupMeta::rngNames, "has_shuffle_order" true or false. No other
/// exception comes out of it (but std::bad_alloc), and values nested however deep are no
/// danger (tests/unit/tst_backupmeta.cpp).
BackupMeta parseBackupMeta(std::string_view text, const BackupMetaContext& context);
/// The same for metadata already parsed (a NaN, which JSON text cannot hold, is refused like
/// any number out of range).
BackupMeta readBackupMeta(const nlohmann::json& json, const BackupMetaContext& context);

}  // namespace es
