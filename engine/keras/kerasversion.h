#pragma once

// Which Keras wrote a model file, and the defaults that differ between its versions
// (docs/keras.md#differences-between-keras-versions).

#include "engine/config/modelconfig.h"

#include <optional>
#include <string>
#include <string_view>

namespace es {

/// Which Keras wrote a model file, as far as the file says.
struct KerasVersion {
    int major = 0;   ///< 2 or 3; 0 when the file says nothing
    int minor = -1;  ///< -1 when only the format told the major version
    int patch = -1;
    /// "2.2.4-tf": the Keras inside TensorFlow 1.x and 2.0-2.3 (tf.keras), whose recurrent
    /// layers' defaults depend on whether TensorFlow ran with its 2.x behaviour.
    bool tfKeras = false;
    std::string text;  ///< as the file writes it ("2.2.4", "3.3.3"); empty when absent

    bool known() const { return major > 0; }
    /// Whether the exact version (not only the major one) is known.
    bool exact() const { return minor >= 0; }
    /// Whether this is at least major.minor; false when the minor version is not known.
    bool atLeast(int wantedMajor, int wantedMinor) const;
};

/// Reads a keras_version string: "2.2.4", "2.3.0-tf", "3.3.3", "3.4.0.dev2024061803".
/// nullopt for anything that does not start with MAJOR.MINOR of Keras 1 to 3 (Keras 1 files
/// are not Sequential configs this importer reads; they are refused by their format).
std::optional<KerasVersion> parseKerasVersion(std::string_view text);

/// A GRU's reset_after when its config leaves it out: false in multi-backend Keras (up to
/// 2.3.1), true from Keras 2.4 (tf.keras) and in Keras 3. nullopt when the file does not say
/// enough (no version, or a "-tf" version, whose default followed TensorFlow's behaviour).
std::optional<bool> defaultResetAfter(const KerasVersion& version);

/// An LSTM's or GRU's recurrent_activation when its config leaves it out: Keras 2's
/// hard_sigmoid before 2.3.0, sigmoid from 2.3.0 and in Keras 3. nullopt as above.
std::optional<Activation> defaultRecurrentActivation(const KerasVersion& version);

/// "hard_sigmoid" as the version means it: Keras 2's clip(0.2 x + 0.5, 0, 1)
/// (hard_sigmoid_keras2) or Keras 3's relu6(x + 3) / 6 (hard_sigmoid). nullopt when the
/// major version is not known.
std::optional<Activation> hardSigmoidOf(const KerasVersion& version);

/// For people: "Keras 2.2.4", "Keras 3 (version not recorded)", "Keras (version not
/// recorded)".
std::string kerasVersionText(const KerasVersion& version);

}  // namespace es
