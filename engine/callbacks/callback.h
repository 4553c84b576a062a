#pragma once

// Callbacks as the training loop runs them: Keras' hooks, with what a callback may do to the
// run behind a small interface, so that callbacks need no LibTorch.

#include "callbacks/monitorrules.h"
#include "core/records.h"

#include <cstdint>
#include <string>

namespace es {

enum class LogLevel;

/// What a callback may do to the run, implemented by the training loop.
class CallbackContext {
public:
    virtual ~CallbackContext() = default;
    /// Ends the run after the current step (and the epoch's validation and epoch-end
    /// callbacks), as Keras' `model.stop_training = True`; `reason` is reported.
    virtual void requestStop(const std::string& reason) = 0;
    virtual double learningRate() const = 0;
    virtual void setLearningRate(double rate) = 0;
    /// Keeps a copy of the model's weights; restoreWeights() puts the last copy back.
    virtual void snapshotWeights() = 0;
    virtual void restoreWeights() = 0;
    /// Writes the model's weights (and, unless `weightsOnly`, the optimizer's state) to
    /// `path` atomically, creating its directory; returns the bytes written. Throws
    /// std::runtime_error naming the file when it cannot be written.
    virtual std::int64_t saveModel(const std::string& path, bool weightsOnly) = 0;
    virtual void log(LogLevel level, const std::string& message) = 0;
};

class Callback {
public:
    virtual ~Callback() = default;
    /// The config's type ("early_stopping"): the key its time is reported under.
    virtual std::string name() const = 0;
    virtual void onTrainBegin(CallbackContext&) {}
    virtual void onBatchEnd(CallbackContext&, const BatchRecord&) {}
    /// After the epoch's validation; `logs` holds what Keras logs: loss, the metrics, and
    /// their val_ versions.
    virtual void onEpochEnd(CallbackContext&, int epoch, const EpochLogs& logs) {}
};

}  // namespace es
