#pragma once

// The values Keras' layer options hold, read into EpochScope's: activations (hard_sigmoid by the
// Keras version that wrote it), initializers (Keras' classes and strings, with their default
// arguments only) and regularizers (L2 factors). Refusals name the layer and the option.

#include "engine/config/modelconfig.h"
#include "engine/keras/kerasoptions.h"
#include "engine/keras/kerasversion.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string_view>

namespace es {

/// The options of a {"class_name", "config", "module", "registered_name"} object around an
/// initializer, regularizer or layer: registered_name must be null (a custom class otherwise).
/// Returns the config (an empty object when absent).
const nlohmann::json& readKerasWrapper(KerasOptions& wrapper);

/// Reads "seed" and notes it when set: EpochScope draws every random number from the run's seed.
void noteKerasSeed(KerasOptions& options);

/// The initializer at `key`; nullopt when absent (the caller keeps its default) or refused.
std::optional<Initializer> readKerasInitializer(KerasOptions& options, std::string_view key);

/// The L2 factor of the regularizer at `key`: 0 for none (null), l2 for L2 and for L1L2 with
/// l1 0. nullopt when refused.
std::optional<double> readKerasL2(KerasOptions& options, std::string_view key);

/// The activation at `key`; nullopt when absent (the caller keeps its default) or refused.
/// `recurrent`: a recurrent layer's, which cannot be softmax.
std::optional<Activation> readKerasActivation(KerasOptions& options, std::string_view key,
                                              bool recurrent, const KerasVersion& version);

}  // namespace es
