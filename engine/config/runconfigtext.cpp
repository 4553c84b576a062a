// Run configs from text and from files; the checks themselves are in runconfigparse.cpp.

#include "engine/config/configerror.h"
#include "engine/config/jsondocument.h"
#include "engine/config/runconfig.h"
#include "engine/i18n/translate.h"

#include <cerrno>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>
#include <system_error>
#include <vector>

namespace es {

namespace {

// A run config is a few KiB; anything this large is the wrong file (a data set, /dev/zero)
// and is refused before it fills memory.
constexpr std::size_t kMaxConfigBytes = 16 * 1024 * 1024;
constexpr std::size_t kReadChunk = 64 * 1024;

struct FileCloser {
    void operator()(std::FILE* file) const { std::fclose(file); }
};

std::string errnoText(int error)
{
    return std::generic_category().message(error);
}

std::string readConfigFile(const std::string& path)
{
    const std::unique_ptr<std::FILE, FileCloser> file(std::fopen(path.c_str(), "rb"));
    if (!file) {
        const std::string cause = errnoText(errno);  // before anything else can change errno
        throw ConfigError(
            path, fillText(engineText("RunConfigText", "cannot open the file: %1"), {cause}));
    }
    std::string text;
    std::vector<char> chunk(kReadChunk);
    while (true) {
        const std::size_t read = std::fread(chunk.data(), 1, chunk.size(), file.get());
        // A directory opens fine on Linux and fails on the first read (EISDIR).
        if (read < chunk.size() && std::ferror(file.get())) {
            const std::string cause = errnoText(errno);
            throw ConfigError(
                path, fillText(engineText("RunConfigText", "cannot read the file: %1"), {cause}));
        }
        text.append(chunk.data(), read);
        if (text.size() > kMaxConfigBytes) {
            throw ConfigError(path, fillText(engineText("RunConfigText",
                                                        "the file is larger than %1 MiB; a run "
                                                        "config is a few KiB"),
                                             {std::to_string(kMaxConfigBytes / (1024 * 1024))}));
        }
        if (read < chunk.size())
            break;
    }
    return text;
}

}  // namespace

RunConfig parseRunConfigText(std::string_view text, std::string_view origin)
{
    return parseRunConfig(parseJsonDocument(text, origin));
}

RunConfig loadRunConfigFile(const std::string& path)
{
    RunConfig config = parseRunConfigText(readConfigFile(path), path);
    resolveDataPaths(config.data.source, std::filesystem::path(path).parent_path().string());
    return config;
}

}  // namespace es
