#pragma once

// The callbacks that watch logged values or write them: EarlyStopping, ReduceLROnPlateau,
// TerminateOnNaN and CSVLogger, with Keras' semantics and messages.

#include "callbacks/callback.h"
#include "config/runconfig.h"

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
class CsvLoggerCallback : public Callback {
public:
    CsvLoggerCallback(std::string filename, std::string separator, bool append);
    std::string name() const override { return "csv_logger"; }
    void onTrainBegin(CallbackContext& context) override;
    void onEpochEnd(CallbackContext& context, int epoch, const EpochLogs& logs) override;

private:
    std::string m_filename;
    std::string m_separator;
    bool m_append;
    std::string m_content;  ///< the whole file as written so far
    bool m_haveHeader = false;
};

}  // namespace es
