#include "engine/config/presets.h"

#include "engine/config/configerror.h"
#include "engine/config/jsondocument.h"
#include "engine/config/jsonreader.h"
#include "engine/config/presetdata.h"
#include "engine/config/presetdescription.h"
#include "engine/config/runconfig.h"

#include <algorithm>

namespace es {

namespace {

std::string originOf(std::string_view name)
{
    return "<preset " + std::string(name) + ">";
}

}  // namespace

std::vector<PresetInfo> builtinPresets()
{
    std::vector<PresetInfo> presets;
    presets.reserve(detail::kEmbeddedPresets.size());
    for (const detail::EmbeddedPreset& preset : detail::kEmbeddedPresets) {
        // Only the description is needed here; tests make sure every preset parses whole.
        const nlohmann::json document = parseJsonDocument(preset.json, originOf(preset.name));
        PresetInfo info;
        info.name = std::string(preset.name);
        const auto description = document.find("description");
        if (description != document.end() && description->is_string())
            info.description = presetDescriptionText(info.name, description->get<std::string>());
        presets.push_back(std::move(info));
    }
    std::sort(presets.begin(), presets.end(),
              [](const PresetInfo& a, const PresetInfo& b) { return a.name < b.name; });
    return presets;
}

RunConfig loadPreset(const std::string& name)
{
    for (const detail::EmbeddedPreset& preset : detail::kEmbeddedPresets) {
        if (preset.name == name)
            return parseRunConfigText(preset.json, originOf(preset.name));
    }
    const std::vector<PresetInfo> presets = builtinPresets();
    std::vector<std::string_view> known;
    for (const PresetInfo& preset : presets)
        known.push_back(preset.name);
    throw ConfigError("preset", "unknown preset " + JsonReader::describe(nlohmann::json(name)) +
                                    "; expected one of: " + joinNames(known));
}

}  // namespace es
