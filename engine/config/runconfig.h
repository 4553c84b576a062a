#pragma once

// A run's whole config, one struct per section (each in its own header, so that code which
// reads one section does not rebuild when another changes), and its JSON form: parsing with
// every issue named by its JSON path, and writing. The JSON format is documented in
// docs/config.md; keys there are the snake_case spellings of the fields.

#include "engine/config/callbackconfig.h"
#include "engine/config/dataconfig.h"
#include "engine/config/deviceconfig.h"
#include "engine/config/distributedconfig.h"
#include "engine/config/modelconfig.h"
#include "engine/config/profilingconfig.h"
#include "engine/config/trainingconfig.h"
#include "engine/io/writepermissions.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace es {

struct RunConfig {
    std::string name = "untitled";
    std::string description;  ///< free text, shown by `presets` and in reports
    std::uint64_t seed = 42;
    ModelConfig model;
    DataConfig data;
    TrainingConfig training;
    DeviceConfig device;
    std::vector<CallbackConfig> callbacks;
    Backend backend = Backend::Auto;
    ProfilingConfig profiling;
    DistributedConfig distributed;

    /// Not part of the config file (neither written nor compared): this process's rank in a
    /// distributed run, 0 to distributed.world_size - 1, set by the launcher.
    int rank = 0;
    /// Not part of the config file (neither written nor compared): `train --ignore-backup`,
    /// which makes BackupAndRestore start fresh instead of resuming from its backup.
    bool ignoreBackup = false;
    /// Not part of the config file (neither written nor compared): the run's own folders and
    /// what the user allowed beyond them (`train --allow-outside-writes`, `--allow-overwrite`,
    /// the app's question). A config never widens them: it may come from someone else.
    WritePermissions writes;

    bool operator==(const RunConfig&) const;
};

/// Parses and validates a config document; throws ConfigError listing every issue with its
/// JSON path. Unknown keys are errors. Cross-checks model against data (feature count,
/// vocabulary, target width, layer order).
RunConfig parseRunConfig(const nlohmann::json& document);

/// As parseRunConfig, from JSON text; syntax errors name the byte offset (`<config>@byte 17`)
/// and duplicate keys their JSON path. `origin` (a file name, "<preset quick-demo>")
/// prefixes the messages' paths for syntax errors.
RunConfig parseRunConfigText(std::string_view text, std::string_view origin = "<config>");

/// Reads and parses a file; an unreadable file is a ConfigError naming the file. Relative data
/// file paths in it are resolved against the file's directory, so a config and its data can
/// move together.
RunConfig loadRunConfigFile(const std::string& path);

/// Every field, defaults included; parseRunConfig(toJson(c)) == c.
nlohmann::json toJson(const RunConfig& config);

}  // namespace es
