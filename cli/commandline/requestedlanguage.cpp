#include "cli/commandline/requestedlanguage.h"

#include <string_view>

namespace es {

std::string requestedLanguage(int argc, char** argv)
{
    constexpr std::string_view kOption = "--lang";
    for (int i = 1; i < argc; ++i) {
        const std::string_view argument = argv[i];
        if (argument == "--")
            break;
        if (argument == kOption && i + 1 < argc)
            return argv[i + 1];
        if (argument.size() > kOption.size() && argument.substr(0, kOption.size()) == kOption &&
            argument[kOption.size()] == '=')
            return std::string(argument.substr(kOption.size() + 1));
    }
    return {};
}

}  // namespace es
