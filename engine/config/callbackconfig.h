#pragma once

// One entry of the `callbacks` list of a run's config (RunConfig in runconfig.h holds every
// section); config/callbackspecs.h lists the types and their parameters.

#include <nlohmann/json.hpp>

#include <string>

namespace es {

/// A callback entry. Parsed and validated against the parameters its type accepts, with
/// defaults filled in; run by the callbacks issue.
struct CallbackConfig {
    /// "model_checkpoint", "backup_and_restore", "early_stopping",
    /// "reduce_lr_on_plateau", "csv_logger", "terminate_on_nan"
    std::string type;
    nlohmann::json params = nlohmann::json::object();  ///< every parameter, defaults filled in

    bool operator==(const CallbackConfig&) const;
};

}  // namespace es
