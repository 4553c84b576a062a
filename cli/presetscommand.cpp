#include "cli/presetscommand.h"

#include "cli/exitstatus.h"
#include "engine/config/jsondocument.h"
#include "engine/config/presets.h"
#include "engine/config/runconfig.h"

#include <algorithm>
#include <cstdio>
#include <vector>

namespace es {

namespace {

int listPresets()
{
    const std::vector<PresetInfo> presets = builtinPresets();
    std::size_t width = 0;
    for (const PresetInfo& preset : presets)
        width = std::max(width, preset.name.size());
    for (const PresetInfo& preset : presets)
        std::printf("%-*s  %s\n", static_cast<int>(width), preset.name.c_str(),
                    preset.description.c_str());
    return kExitFinished;
}

int showPreset(const std::string& name)
{
    std::printf("%s\n", toJson(loadPreset(name)).dump(kJsonIndent).c_str());
    return kExitFinished;
}

}  // namespace

int runPresetsCommand(const std::string& name)
{
    return name.empty() ? listPresets() : showPreset(name);
}

}  // namespace es
