#include "cli/localranks.h"

#include "cli/exitstatus.h"
#include "cli/interrupt.h"
#include "cli/messages.h"
#include "cli/ranklauncher.h"
#include "engine/i18n/translate.h"

#include <unistd.h>

#include <cerrno>
#include <climits>
#include <fstream>
#include <iterator>
#include <system_error>

namespace es {

namespace {

/// This process's arguments as it was started, argv[0] included: the command line
/// epochscope-cli's launcher gave the real CLI unchanged.
std::vector<std::string> ownArguments()
{
    std::ifstream file("/proc/self/cmdline", std::ios::binary);
    const std::string text{std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
    // At least argv[0] and the subcommand are there; nothing read means the file could not be.
    if (!file.is_open() || file.bad() || text.empty())
        throw std::system_error(errno, std::generic_category(),
                                engineText("LocalRanks", "cannot read /proc/self/cmdline"));
    std::vector<std::string> arguments;
    std::size_t start = 0;
    while (start < text.size()) {
        const std::size_t end = text.find('\0', start);
        arguments.push_back(text.substr(start, end - start));
        start = end == std::string::npos ? text.size() : end + 1;
    }
    return arguments;
}

/// The file this process executes: the real CLI, not the launcher that started it.
std::string ownProgram()
{
    char path[PATH_MAX];
    const ssize_t length = ::readlink("/proc/self/exe", path, sizeof path - 1);
    if (length < 0)
        throw std::system_error(errno, std::generic_category(),
                                engineText("LocalRanks", "cannot read /proc/self/exe"));
    return std::string(path, static_cast<std::size_t>(length));
}

}  // namespace

std::vector<std::string> withoutOption(const std::vector<std::string>& arguments,
                                       const std::string& name)
{
    std::vector<std::string> kept;
    for (std::size_t i = 0; i < arguments.size(); ++i) {
        const std::string& argument = arguments[i];
        if (argument == name) {
            ++i;  // its value
            continue;
        }
        if (argument.compare(0, name.size() + 1, name + "=") == 0)
            continue;
        kept.push_back(argument);
    }
    return kept;
}

int trainOnLocalRanks(int ranks)
{
    if (const int signal = stopSignal(); signal != 0) {
        printWarning(fillText(engineText("LocalRanks", "%1 received: no rank was started"),
                              {stopSignalName(signal)}));
        return exitStatusForSignal(signal);
    }
    RankLaunch launch;
    launch.program = ownProgram();
    launch.arguments = withoutOption(ownArguments(), "--nproc");
    launch.ranks = ranks;
    launch.blockStopSignals = true;
    return launchRanks(launch).exitStatus;
}

}  // namespace es
