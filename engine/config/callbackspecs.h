#pragma once

#include "engine/config/callbackconfig.h"
#include "engine/config/jsonreader.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace es {

/// What values one callback parameter accepts.
enum class CallbackParamKind {
    Path,               ///< non-empty string naming a file or directory
    Text,               ///< non-empty string
    Separator,          ///< one character that cannot be mistaken for a value or end a row
    Boolean,            ///< true or false
    NonNegativeInt,     ///< integer >= 0
    NonNegativeNumber,  ///< number >= 0
    OpenFraction,       ///< number in (0, 1)
    Mode,               ///< "auto", "min" or "max"
    SaveFrequency,      ///< "epoch" or a positive integer number of batches
    Verbosity,          ///< 0 or 1
    NumberOrNull,       ///< a number, or null for "not set"
};

/// One parameter with its Keras name and default.
struct CallbackParamSpec {
    std::string_view name;
    CallbackParamKind kind = CallbackParamKind::Text;
    bool required = false;
    nlohmann::json defaultValue;  ///< what an absent optional parameter becomes
};

/// A callback type: its config key, the Keras class it mirrors and the parameters it accepts.
struct CallbackSpec {
    std::string_view type;       ///< "early_stopping"
    std::string_view kerasName;  ///< "EarlyStopping"
    std::vector<CallbackParamSpec> params;
};

/// Most entries `callbacks` may hold (docs/config.md). Each one runs at every step and epoch
/// end and is accounted for per epoch; a list in the thousands is a generated config gone
/// wrong, not a run anyone wants.
constexpr std::size_t kMaxCallbacks = 100;

/// Every callback type, in the order docs/config.md lists them.
const std::vector<CallbackSpec>& callbackSpecs();

/// The spec for `type`, or nullptr.
const CallbackSpec* findCallbackSpec(std::string_view type);

/// Reads one `callbacks[i]` object: its "type" and the parameters of that type, with every
/// absent optional parameter filled with its default. Issues go to the reader; nullopt when
/// the entry is unusable.
std::optional<CallbackConfig> readCallback(JsonReader& reader);

}  // namespace es
