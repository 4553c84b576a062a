#pragma once

// Callbacks as the training loop runs them: Keras' hooks, with what a callback may do to the
// run behind a small interface, so that callbacks need no LibTorch.

#include "engine/callbacks/monitorrules.h"
#include "engine/core/records.h"
#include "engine/core/savedfile.h"

#include <cstdint>
#include <string>

namespace es {

enum class LogLevel;
class Callback;

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
    /// Writes everything a resumed run needs to continue exactly where this one is now
    /// (weights, optimizer state, the position after the last finished step, the epoch's
    /// running sums, RNG states, the shuffle order) to `path` atomically; returns the bytes
    /// written. Throws std::runtime_error naming the file when it cannot be written.
    virtual std::int64_t saveTrainingState(const std::string& path) = 0;
    /// Puts the state saved at `path` back, so that training continues from there. Throws
    /// ConfigError naming `field` when the file is corrupt, is not an EpochScope backup, or
    /// belongs to a different model or data; nothing is changed then.
    virtual void restoreTrainingState(const std::string& path, const std::string& field) = 0;
    virtual void log(LogLevel level, const std::string& message) = 0;
    /// Tells the run about a file callback `from` has just written (or removed): the run
    /// database keeps every checkpoint and backup of a run, so that `runs show` and `--run ID`
    /// find them. The loop fills in `file.callback`. Nothing by default (a context without a
    /// run, as in tests).
    virtual void recordSavedFile(const Callback& from, SavedFileRecord file) {}
};

/// Files a callback has written so far.
struct WriteTally {
    std::int64_t bytes = 0;
    int writes = 0;

    void add(std::int64_t written)
    {
        bytes += written;
        ++writes;
    }
};

class Callback {
public:
    virtual ~Callback() = default;
    /// The config's type ("early_stopping"): the key its time is reported under.
    virtual std::string name() const = 0;
    virtual void onTrainBegin(CallbackContext&) {}
    /// When training ends: `completed` when it ran to its last epoch or a callback ended it,
    /// false when the user stopped it (a crash calls nothing).
    virtual void onTrainEnd(CallbackContext&, bool completed) {}
    virtual void onBatchEnd(CallbackContext&, const BatchRecord&) {}
    /// After the epoch's validation; `logs` holds what Keras logs: loss, the metrics, and
    /// their val_ versions.
    virtual void onEpochEnd(CallbackContext&, int epoch, const EpochLogs& logs) {}

    /// Every file this callback has written, for the per-save bytes in the run store.
    const WriteTally& written() const { return m_written; }

protected:
    WriteTally m_written;
};

}  // namespace es
