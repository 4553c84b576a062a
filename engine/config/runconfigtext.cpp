// Run configs from text and from files; the checks themselves are in runconfigparse.cpp.

#include "engine/config/runconfigtext.h"
#include "engine/config/configerror.h"
#include "engine/config/inputfile.h"
#include "engine/config/jsondocument.h"
#include "engine/config/runconfig.h"
#include "engine/i18n/translate.h"

#include <filesystem>
#include <string>

namespace es {

namespace {

// A run config is a few KiB; anything this large is the wrong file (a data set) and is
// refused before it fills memory.
constexpr std::size_t kMaxConfigBytes = 16 * 1024 * 1024;

}  // namespace

RunConfig parseRunConfigText(std::string_view text, std::string_view origin)
{
    return parseRunConfig(parseJsonDocument(text, origin));
}

std::string readRunConfigFile(const std::string& path)
{
    const InputFile file(path, engineText("RunConfigText", "cannot open the file: %1"));
    if (file.size() > kMaxConfigBytes)
        throw ConfigError(path, fillText(engineText("RunConfigText",
                                                    "the file is larger than %1 MiB; a run "
                                                    "config is a few KiB"),
                                         {std::to_string(kMaxConfigBytes / (1024 * 1024))}));
    return file.readAll();
}

RunConfig loadRunConfigFile(const std::string& path)
{
    RunConfig config = parseRunConfigText(readRunConfigFile(path), path);
    resolveDataPaths(config.data, std::filesystem::path(path).parent_path().string());
    return config;
}

}  // namespace es
