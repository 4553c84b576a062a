#include "engine/io/datahome.h"

#include <cstdlib>
#include <filesystem>

namespace es {

std::string userDataDirectory()
{
    // The specification ignores a relative XDG_DATA_HOME: it would move with the working folder.
    const char* dataHome = std::getenv("XDG_DATA_HOME");
    std::filesystem::path base;
    if (dataHome != nullptr && dataHome[0] == '/') {
        base = dataHome;
    } else {
        const char* home = std::getenv("HOME");
        base = std::filesystem::path(home != nullptr ? home : ".") / ".local" / "share";
    }
    return (base / "epochscope").string();
}

}  // namespace es
