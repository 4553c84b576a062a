#pragma once

// What model.compile() said, as a Keras file keeps it: Keras 3's compile_config (in
// model.to_json() of a compiled model and in a .keras archive's config.json) or Keras 2's
// training_config (the attribute model.save() writes into an HDF5 file). Optimizer, loss and
// metrics are mapped to the run config's; what would train differently is refused, metrics
// EpochScope does not compute are left out with a note (they only measure).

#include "engine/config/trainingconfig.h"
#include "engine/keras/importlog.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace es {

/// A Keras loss, by the name Keras' functions have.
enum class KerasLoss {
    Mse,
    Mae,
    BinaryCrossentropy,
    CategoricalCrossentropy,
    /// Integer class labels against a softmax: categorical_crossentropy without one-hot targets.
    SparseCategoricalCrossentropy,
};

/// Keras' metrics as the import maps them.
enum class KerasMetric {
    Mae,
    Accuracy,             ///< binary accuracy, or Keras' "accuracy" on one output
    CategoricalAccuracy,  ///< argmax agreement (categorical and sparse categorical)
};

struct KerasCompile {
    std::optional<OptimizerConfig> optimizer;
    std::optional<KerasLoss> loss;
    std::vector<KerasMetric> metrics;  ///< in order, each once
};

/// Reads a compile_config (Keras 3, Keras 2.13+) or a training_config (Keras 2: the optimizer
/// under "optimizer_config"). Refusals and notes go to `log`.
KerasCompile readKerasCompile(const nlohmann::json& config, bool trainingConfig, ImportLog& log);

/// The loss's key as Keras spells it ("sparse_categorical_crossentropy").
std::string_view kerasLossKey(KerasLoss loss);

}  // namespace es
