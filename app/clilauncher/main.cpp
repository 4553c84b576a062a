// epochscope-cli: blocks the stop signals, then runs the real CLI (epochscope-cli-engine, in
// libexec) in its place with the same arguments and environment.
//
// The real CLI defers SIGINT, SIGTERM and SIGHUP from a preinit entry (app/cli/preinit.cpp), but
// that runs only once the dynamic loader has mapped and relocated LibTorch, a tenth to a third
// of a second in which a signal would still end the process at once. This program links the C
// library alone and starts within a millisecond. The signal mask and the pending signals survive
// execve, so a signal in the loader's time waits, blocked, until the real CLI's preinit entry
// has put its handler in place and unblocks it: the handler then takes it as a Ctrl+C at the
// start (docs/cli.md#stopping-with-ctrlc-sigterm-or-sighup).
//
// Nothing here may use the C++ library: the target links without it (app/CMakeLists.txt).
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstring>

namespace {

// The real CLI, relative to this program's directory; the build tree and the installed tree
// have the same layout (app/CMakeLists.txt).
constexpr char kEngineFromHere[] = EPOCHSCOPE_CLI_ENGINE_FROM_LAUNCHER;
// What shells return for a command they cannot find or cannot run.
constexpr int kExitNotFound = 127;
constexpr int kExitCannotRun = 126;

// English only: the engine's translations live in the program that could not be run. Both
// messages mean a broken installation or system, which they name.
int cannotRun(const char* path, int error)
{
    std::fprintf(stderr, "epochscope-cli: cannot run %s: %s (the installation is incomplete)\n",
                 path, std::strerror(error));
    return error == ENOENT || error == ENOTDIR ? kExitNotFound : kExitCannotRun;
}

int cannotFindItself(const char* self, int error)
{
    std::fprintf(stderr,
                 "epochscope-cli: cannot find its own directory through %s: %s (is /proc "
                 "mounted?)\n",
                 self, std::strerror(error));
    return kExitNotFound;
}

}  // namespace

int main(int, char** argv)
{
    sigset_t stopSignals;
    sigemptyset(&stopSignals);
    sigaddset(&stopSignals, SIGINT);
    sigaddset(&stopSignals, SIGTERM);
    sigaddset(&stopSignals, SIGHUP);
    sigprocmask(SIG_BLOCK, &stopSignals, nullptr);

    // The program's own file, with any symbolic link on the way resolved: a link to it in
    // another directory still finds libexec next to the real file.
    constexpr char kSelf[] = "/proc/self/exe";
    char path[PATH_MAX + sizeof kEngineFromHere];
    const ssize_t length = ::readlink(kSelf, path, PATH_MAX);
    if (length < 0)
        return cannotFindItself(kSelf, errno);
    if (length >= PATH_MAX)
        return cannotFindItself(kSelf, ENAMETOOLONG);
    path[length] = '\0';
    char* const slash = std::strrchr(path, '/');
    if (slash == nullptr)
        return cannotFindItself(kSelf, ENOENT);
    std::memcpy(slash + 1, kEngineFromHere, sizeof kEngineFromHere);

    ::execv(path, argv);
    return cannotRun(path, errno);
}
