#pragma once

// The decisions of Keras' metric-watching callbacks, as pure state machines over the values
// an epoch logs: EarlyStopping, ReduceLROnPlateau and TerminateOnNaN. They follow Keras 2.x's
// documented behaviour and source, including its corner cases (the first epoch never stops a
// run; a baseline must be beaten before patience resets; cooldown suspends the wait). The
// training loop applies what they decide: stopping, restoring weights, setting the learning
// rate.

#include <map>
#include <optional>
#include <string>

namespace es {

/// The logged values of one epoch: "loss", "val_loss", "mae", ...
using EpochLogs = std::map<std::string, double>;

enum class MonitorMode { Min, Max };

/// Keras' "auto" for EarlyStopping: maximise names ending in "acc", "accuracy" or "auc",
/// minimise everything else. "min" and "max" are taken as they are.
MonitorMode resolveMonitorMode(const std::string& mode, const std::string& monitor);

/// The older "auto" that Keras' ReduceLROnPlateau and ModelCheckpoint keep: maximise names
/// that contain "acc".
MonitorMode resolveMonitorModeByAcc(const std::string& mode, const std::string& monitor);

struct EarlyStoppingOptions {
    std::string monitor = "val_loss";
    double minDelta = 0.0;  ///< an improvement must beat the best by more than this
    int patience = 0;       ///< epochs without improvement before stopping
    std::string mode = "auto";
    std::optional<double> baseline;  ///< the value to beat before patience resets
    bool restoreBestWeights = false;
    int startFromEpoch = 0;  ///< epochs (counted from 0) to ignore, as a warm-up
};

class EarlyStoppingRule {
public:
    explicit EarlyStoppingRule(EarlyStoppingOptions options);

    struct Decision {
        bool monitorMissing = false;  ///< the monitor is not in the logs (Keras warns)
        bool improved = false;        ///< a new best value
        /// Keep a copy of the weights now (restore_best_weights): at each new best, and at
        /// the first eligible epoch even without one, as Keras does.
        bool snapshotWeights = false;
        bool stop = false;
        bool restoreBestWeights = false;  ///< put the best epoch's weights back now
    };

    /// After epoch `epoch` (1-based) with its logs.
    Decision onEpochEnd(int epoch, const EpochLogs& logs);

    std::optional<double> best() const { return m_best; }
    int bestEpoch() const { return m_bestEpoch; }  ///< 1-based; 0 before any
    int stoppedEpoch() const { return m_stoppedEpoch; }

private:
    bool isImprovement(double value, double reference) const;

    EarlyStoppingOptions m_options;
    MonitorMode m_mode;
    int m_wait = 0;
    std::optional<double> m_best;
    int m_bestEpoch = 0;
    int m_stoppedEpoch = 0;
    bool m_haveSnapshot = false;
};

struct ReduceLrOptions {
    std::string monitor = "val_loss";
    double factor = 0.1;  ///< new rate = old rate x factor, in (0, 1)
    int patience = 10;
    double minDelta = 1e-4;
    int cooldown = 0;  ///< epochs after a reduction during which the wait does not count
    double minLr = 0.0;
    std::string mode = "auto";
};

class ReduceLrOnPlateauRule {
public:
    explicit ReduceLrOnPlateauRule(ReduceLrOptions options);

    struct Decision {
        bool monitorMissing = false;
        std::optional<double> newLearningRate;  ///< set when the rate is reduced
    };

    /// After an epoch with its logs, trained at `learningRate`.
    Decision onEpochEnd(const EpochLogs& logs, double learningRate);

private:
    ReduceLrOptions m_options;
    MonitorMode m_mode;
    double m_best;
    int m_wait = 0;
    int m_cooldownCounter = 0;
};

/// TerminateOnNaN: true when a step's loss is NaN or infinite, which ends the run.
bool lossIsInvalid(double loss);

}  // namespace es
