#pragma once

// The callbacks that watch logged values or write them: EarlyStopping, ReduceLROnPlateau,
// TerminateOnNaN and CSVLogger, with Keras' semantics and messages.

#include "engine/callbacks/callback.h"

#include <memory>
#include <string>
#include <vector>

namespace es {

class EarlyStoppingCallback : public Callback {
public:
    explicit EarlyStoppingCallback(const EarlyStoppingOptions& options);
    std::string name() const override { return "early_stopping"; }
    void onEpochEnd(CallbackContext& context, int epoch, const EpochLogs& logs) override;

private:
    EarlyStoppingOptions m_options;
    EarlyStoppingRule m_rule;
    bool m_warned = false;
};

class ReduceLrOnPlateauCallback : public Callback {
public:
    explicit ReduceLrOnPlateauCallback(const ReduceLrOptions& options);
    std::string name() const override { return "reduce_lr_on_plateau"; }
    void onEpochEnd(CallbackContext& context, int epoch, const EpochLogs& logs) override;

private:
    std::string m_monitor;
    ReduceLrOnPlateauRule m_rule;
    bool m_warned = false;
};

class TerminateOnNaNCallback : public Callback {
public:
    std::string name() const override { return "terminate_on_nan"; }
    void onBatchEnd(CallbackContext& context, const BatchRecord& record) override;
};

/// One CSV row per epoch: "epoch" (counted from 0, as Keras writes it), then the logged
/// values in name order. Each epoch rewrites the file atomically (temporary file, fsync,
/// rename), so a crash leaves the previous epoch's file, never half a row. With `append`, an
/// existing file's rows are kept and its header is not repeated.
///
/// A log that cannot be written fails the run, as a checkpoint that cannot be saved does: a
/// file that cannot be created (a directory, a missing or read-only directory) is a
/// ConfigError at `field` before the first step, and a write that fails later ends the run
/// with the reason, rather than a run that reports success with its log missing.
class CsvLoggerCallback : public Callback {
public:
    /// `field`: the config path of `filename` ("callbacks[2].filename"), for errors.
    CsvLoggerCallback(std::string filename, std::string separator, bool append,
                      std::string field = "csv_logger.filename");
    std::string name() const override { return "csv_logger"; }
    void onTrainBegin(CallbackContext& context) override;
    void onEpochEnd(CallbackContext& context, int epoch, const EpochLogs& logs) override;

private:
    std::string m_filename;
    std::string m_separator;
    bool m_append;
    std::string m_field;
    std::string m_content;  ///< the whole file as written so far
    bool m_haveHeader = false;
};

}  // namespace es
