#include "engine/io/childprocess.h"

#include <string.h>
#include <unistd.h>

#include <algorithm>
#include <string_view>

namespace es {

std::vector<std::string> environmentWith(const std::vector<EnvironmentEntry>& entries)
{
    std::vector<EnvironmentEntry> own;
    for (const EnvironmentEntry& entry : entries) {
        own.erase(std::remove_if(own.begin(), own.end(),
                                 [&](const EnvironmentEntry& e) { return e.first == entry.first; }),
                  own.end());
        own.push_back(entry);
    }
    std::vector<std::string> result;
    for (char** variable = environ; variable != nullptr && *variable != nullptr; ++variable) {
        const std::string_view text(*variable);
        const std::string_view name = text.substr(0, text.find('='));
        const bool replaced = std::any_of(
            own.begin(), own.end(), [&](const EnvironmentEntry& e) { return e.first == name; });
        if (!replaced)
            result.emplace_back(text);
    }
    for (const auto& [name, value] : own)
        result.push_back(name + "=" + value);
    return result;
}

std::vector<char*> nullTerminatedPointers(std::vector<std::string>& strings)
{
    std::vector<char*> pointers;
    for (std::string& text : strings)
        pointers.push_back(text.data());
    pointers.push_back(nullptr);
    return pointers;
}

std::string signalName(int signal)
{
    const char* abbreviation = ::sigabbrev_np(signal);
    return abbreviation != nullptr ? std::string("SIG") + abbreviation : std::to_string(signal);
}

}  // namespace es
