#include "engine/io/childprocess.h"

#include <string.h>
#include <unistd.h>

#include <algorithm>
#include <string_view>
#include <utility>

namespace es {

void putEnvironmentEntry(std::vector<EnvironmentEntry>& entries, EnvironmentEntry entry)
{
    entries.erase(std::remove_if(entries.begin(), entries.end(),
                                 [&](const EnvironmentEntry& e) { return e.first == entry.first; }),
                  entries.end());
    entries.push_back(std::move(entry));
}

std::vector<std::string> environmentWith(const std::vector<EnvironmentEntry>& entries)
{
    std::vector<EnvironmentEntry> own;
    for (const EnvironmentEntry& entry : entries)
        putEnvironmentEntry(own, entry);
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

std::string shellCommandLine(const std::vector<EnvironmentEntry>& environment,
                             const std::vector<std::string>& command)
{
    const auto shellWord = [](const std::string& word) {
        const bool plain = !word.empty() && word.find_first_not_of(
                                                "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUV"
                                                "WXYZ0123456789_-+=/.,:@%") == std::string::npos;
        if (plain)
            return word;
        std::string quoted = "'";
        for (char c : word)
            quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
        return quoted + "'";
    };
    std::string line;
    const auto add = [&line](const std::string& word) { line += (line.empty() ? "" : " ") + word; };
    // The value quoted, not the assignment, which a shell would take for the command's name.
    for (const auto& [name, value] : environment)
        add(name + "=" + shellWord(value));
    for (const std::string& word : command)
        add(shellWord(word));
    return line;
}

std::string signalName(int signal)
{
    const char* abbreviation = ::sigabbrev_np(signal);
    return abbreviation != nullptr ? std::string("SIG") + abbreviation : std::to_string(signal);
}

}  // namespace es
