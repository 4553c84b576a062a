#pragma once

#include "engine/core/records.h"

#include <optional>
#include <string>

namespace es {

/// Where training stands within one epoch, as the live progress line shows it.
struct EpochProgress {
    int epoch = 0;  ///< 1-based; 0 before the first epoch starts
    int batchesDone = 0;
    int batchesPerEpoch = 0;     ///< 0 when unknown
    double elapsedS = 0.0;       ///< wall time of this epoch's steps so far
    std::optional<double> loss;  ///< this epoch's batch losses so far, mean weighted by samples

    bool operator==(const EpochProgress& other) const;
    bool operator!=(const EpochProgress& other) const { return !(*this == other); }
};

/// Seconds left in the epoch at the mean pace of the steps done so far; nullopt before the
/// first step or when the number of steps is unknown.
std::optional<double> epochEtaS(int batchesDone, int batchesPerEpoch, double elapsedS);

/// Keras' ETA style, rounded to whole seconds: "3s", "1:05", "1:02:03".
std::string formatEta(double seconds);

/// Keras' number style: four decimals, switching to scientific notation at magnitudes of
/// 1e-3 and below so that small losses keep their digits ("0.0123", "4.5600e-04").
std::string formatMetricValue(double value);

/// A short duration: "1.5s", "12ms", "300us".
std::string formatDuration(double seconds);

/// Time per step in the unit that keeps it a whole number: "2s/step", "61ms/step",
/// "850us/step".
std::string formatStepTime(double secondsPerStep);

/// The live in-epoch line, Keras-like:
/// `  37/128 [=======>......................] - ETA: 3s - loss: 0.0123`.
/// Fits in `width - 1` columns (the last column would wrap on many terminals) by narrowing,
/// then dropping, the bar; `width <= 0` means no limit.
std::string formatProgressLine(const EpochProgress& progress, int width);

/// The line printed when an epoch ends:
/// `Epoch 3/20 - 4.2s - 61ms/step - loss: 0.0123 - val_loss: 0.0150 - mae: 0.0800 - val_mae:
/// 0.0900` (wall time of the whole epoch; step time from training time over its steps; training
/// metrics before validation metrics).
std::string formatEpochLine(const EpochRecord& record, int epochs);

}  // namespace es
