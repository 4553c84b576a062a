#pragma once

// The `training` section of a run's config: epochs, the optimizer, the loss and the metrics
// (RunConfig in runconfig.h holds every section; docs/config.md documents the keys).

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

namespace es {

enum class OptimizerType { Adam, Sgd, RmsProp };

/// Keras defaults (Adam epsilon 1e-7, RMSprop rho 0.9), not PyTorch's. Only the fields of its
/// `type` are meaningful (compared, written); see LayerConfig.
struct OptimizerConfig {
    OptimizerType type = OptimizerType::Adam;
    double learningRate = 0.001;  ///< "learning_rate" > 0
    double beta1 = 0.9;           ///< adam "beta_1" in [0, 1)
    double beta2 = 0.999;         ///< adam "beta_2" in [0, 1)
    double epsilon = 1e-7;        ///< adam, rmsprop; > 0
    double momentum = 0.0;        ///< sgd, rmsprop; >= 0
    bool nesterov = false;        ///< sgd
    double rho = 0.9;             ///< rmsprop; in [0, 1)

    bool operator==(const OptimizerConfig&) const;
};

/// The cross-entropies read probabilities (Keras' from_logits=False): binary_crossentropy a
/// sigmoid unit's, the categorical ones a softmax over `units` classes. Categorical targets are
/// one-hot rows, sparse categorical targets class ids.
enum class LossType {
    Mse,
    Mae,
    BinaryCrossentropy,
    CategoricalCrossentropy,
    SparseCategoricalCrossentropy
};
enum class Metric { Mae, Accuracy };

struct TrainingConfig {
    int epochs = 1;  ///< >= 1
    /// "steps_per_epoch": 0 runs every batch; N > 0 stops each epoch after N batches (Keras).
    std::int64_t stepsPerEpoch = 0;
    /// "warmup_steps": forward and backward passes run on the first batches before the first
    /// step a run trains, without updating the weights, so that one-time costs (primitive
    /// creation, allocator growth) show as the Warm-up phase instead of inside step 1.
    int warmupSteps = 0;
    OptimizerConfig optimizer;
    LossType loss = LossType::Mse;
    std::vector<Metric> metrics;

    bool operator==(const TrainingConfig&) const;
};

// Every value of each enum, in declaration order: for parsers, pickers in forms, and tests.
inline constexpr std::array<OptimizerType, 3> kAllOptimizerTypes = {
    OptimizerType::Adam, OptimizerType::Sgd, OptimizerType::RmsProp};
inline constexpr std::array<LossType, 5> kAllLossTypes = {
    LossType::Mse, LossType::Mae, LossType::BinaryCrossentropy, LossType::CategoricalCrossentropy,
    LossType::SparseCategoricalCrossentropy};
inline constexpr std::array<Metric, 2> kAllMetrics = {Metric::Mae, Metric::Accuracy};

/// Whether the loss compares a softmax over several classes with class targets.
bool isCategoricalLoss(LossType loss);

std::string_view lossKey(LossType loss);
std::string_view metricKey(Metric metric);
std::string_view optimizerKey(OptimizerType type);

}  // namespace es
