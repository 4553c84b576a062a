#include "engine/script/scriptprocess.h"

#include "engine/i18n/translate.h"
#include "engine/script/proberecord.h"
#include "engine/script/scriptoutput.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <system_error>
#include <utility>

namespace es {

namespace {

/// The descriptor the script's process finds the probe's pipe at (EPOCHSCOPE_PROBE_FD): the
/// first one after stdin, stdout and stderr, as a shell's `3>` would give it.
constexpr int kProbeDescriptor = 3;
/// The pipe's write end is moved at or above this before the spawn, so that dup2() onto
/// kProbeDescriptor never meets itself (which would leave it close-on-exec).
constexpr int kFirstFreeDescriptor = 10;
constexpr std::size_t kReadChunk = 64 * 1024;

/// Whether `program` names a Python interpreter: `python3`, `/usr/bin/python3.11`, `python`.
bool isPython(const std::string& program)
{
    const std::string name = std::filesystem::path(program).filename().string();
    return name.rfind("python", 0) == 0;
}

void closeQuietly(int& descriptor)
{
    if (descriptor >= 0)
        ::close(descriptor);
    descriptor = -1;
}

ScriptExit exitFrom(int status)
{
    ScriptExit exit;
    if (WIFSIGNALED(status)) {
        exit.signaled = true;
        exit.code = WTERMSIG(status);
    } else {
        exit.code = WEXITSTATUS(status);
    }
    return exit;
}

/// A pipe from the script: this process's read end non-blocking, the script's write end moved
/// at or above kFirstFreeDescriptor, both close-on-exec (the spawn's dup2() gives the script
/// its copy). Throws std::system_error with `what` and nothing left open.
void openPipe(int& readEnd, int& writeEnd, const std::string& what)
{
    int ends[2] = {-1, -1};
    if (::pipe2(ends, O_CLOEXEC) != 0)
        throw std::system_error(errno, std::generic_category(), what);
    readEnd = ends[0];
    writeEnd = ::fcntl(ends[1], F_DUPFD_CLOEXEC, kFirstFreeDescriptor);
    ::close(ends[1]);
    if (writeEnd < 0 || ::fcntl(readEnd, F_SETFL, O_NONBLOCK) != 0) {
        const int saved = errno;
        closeQuietly(writeEnd);
        closeQuietly(readEnd);
        throw std::system_error(saved, std::generic_category(), what);
    }
}

}  // namespace

std::vector<std::string> probedCommand(const std::vector<std::string>& command)
{
    if (command.empty())
        throw ScriptCommandError(
            engineText("ScriptProcess",
                       "no command: give the Python interpreter and the script after --, as in "
                       "`epochscope-cli profile -- python3 train.py ARGS`"));
    if (!isPython(command.front()))
        throw ScriptCommandError(fillText(
            engineText("ScriptProcess",
                       "%1 is not a Python interpreter: profile runs one with a script, as in "
                       "`epochscope-cli profile -- python3 train.py ARGS`"),
            {command.front()}));
    std::vector<std::string> probed = {command.front()};
    std::size_t at = 1;
    // The interpreter's own options come before the script; -W and -X take the next word.
    while (at < command.size() && command[at].size() > 1 && command[at][0] == '-') {
        const std::string& option = command[at];
        if (option == "--") {
            ++at;
            break;
        }
        if (option.rfind("-c", 0) == 0 || option.rfind("-m", 0) == 0)
            throw ScriptCommandError(
                fillText(engineText("ScriptProcess",
                                    "%1 runs no script file: profile runs a script, as in "
                                    "`epochscope-cli profile -- python3 train.py ARGS`"),
                         {option}));
        probed.push_back(option);
        if ((option == "-W" || option == "-X") && at + 1 < command.size())
            probed.push_back(command[++at]);
        ++at;
    }
    if (at >= command.size() || command[at] == "-")
        throw ScriptCommandError(
            engineText("ScriptProcess",
                       "no script to run: give it after the interpreter, as in "
                       "`epochscope-cli profile -- python3 train.py ARGS`"));
    probed.insert(probed.end(), {"-m", "epochscope.run"});
    probed.insert(probed.end(), command.begin() + static_cast<std::ptrdiff_t>(at), command.end());
    return probed;
}

std::string probePackageFolder()
{
    if (const char* set = std::getenv("EPOCHSCOPE_PROBE_PATH"); set != nullptr && set[0] != '\0')
        return set;
    std::error_code error;
    const std::filesystem::path executable = std::filesystem::read_symlink("/proc/self/exe", error);
    if (error)
        return {};
    const std::filesystem::path beside = executable.parent_path() / "python";
    return std::filesystem::exists(beside / "epochscope" / "run.py", error) ? beside.string()
                                                                            : std::string();
}

ScriptProcess::ScriptProcess(const std::vector<std::string>& command,
                             const std::string& workingFolder,
                             const std::vector<EnvironmentEntry>& extraEnvironment,
                             ScriptOutput output)
    : m_records{-1, LineSplitter(kMaxProbeLineBytes, LineSplitter::CarriageReturn::Kept)},
      m_output{-1,
               LineSplitter(kMaxScriptOutputLineBytes, LineSplitter::CarriageReturn::Overwrites)}
{
    std::vector<std::string> arguments = probedCommand(command);
    const bool captured = output == ScriptOutput::Captured;
    int recordsWriteEnd = -1;
    int outputWriteEnd = -1;
    const auto closeAll = [&] {
        closeQuietly(recordsWriteEnd);
        closeQuietly(outputWriteEnd);
        closeQuietly(m_records.readEnd);
        closeQuietly(m_output.readEnd);
    };
    try {
        openPipe(m_records.readEnd, recordsWriteEnd,
                 engineText("ScriptProcess", "cannot make the probe's pipe"));
        if (captured)
            openPipe(m_output.readEnd, outputWriteEnd,
                     engineText("ScriptProcess", "cannot make the pipe for the script's output"));
    } catch (const std::system_error&) {
        closeAll();
        throw;
    }

    std::vector<EnvironmentEntry> entries = {
        {"EPOCHSCOPE_PROBE_FD", std::to_string(kProbeDescriptor)}};
    if (const std::string folder = probePackageFolder(); !folder.empty()) {
        const char* existing = std::getenv("PYTHONPATH");
        entries.emplace_back("PYTHONPATH", existing != nullptr && existing[0] != '\0'
                                               ? folder + ":" + existing
                                               : folder);
    }
    // Python buffers a pipe's output in blocks: the lines would reach the log in bursts, the
    // last of them only at the script's end. Before the caller's entries, which may say else.
    if (captured)
        entries.emplace_back("PYTHONUNBUFFERED", "1");
    entries.insert(entries.end(), extraEnvironment.begin(), extraEnvironment.end());
    std::vector<std::string> environment = environmentWith(entries);
    const std::vector<char*> argv = nullTerminatedPointers(arguments);
    const std::vector<char*> envp = nullTerminatedPointers(environment);

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, recordsWriteEnd, kProbeDescriptor);
    if (captured) {
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
        posix_spawn_file_actions_adddup2(&actions, outputWriteEnd, STDOUT_FILENO);
        posix_spawn_file_actions_adddup2(&actions, outputWriteEnd, STDERR_FILENO);
    }
    if (!workingFolder.empty())
        posix_spawn_file_actions_addchdir_np(&actions, workingFolder.c_str());
    // The script gets no signal this thread blocks, and the default actions exec gives.
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    sigset_t none;
    sigemptyset(&none);
    posix_spawnattr_setsigmask(&attributes, &none);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK);
    const int error = ::posix_spawnp(&m_pid, arguments.front().c_str(), &actions, &attributes,
                                     argv.data(), envp.data());
    posix_spawnattr_destroy(&attributes);
    posix_spawn_file_actions_destroy(&actions);
    // The script holds its own copies; end of file comes when it (and whatever it started
    // with them) has ended.
    closeQuietly(recordsWriteEnd);
    closeQuietly(outputWriteEnd);
    if (error != 0) {
        closeAll();
        m_pid = -1;
        throw std::system_error(
            error, std::generic_category(),
            fillText(
                engineText("ScriptProcess", "cannot start %1 in %2"),
                {arguments.front(), workingFolder.empty() ? std::string(".") : workingFolder}));
    }
}

ScriptProcess::~ScriptProcess()
{
    if (m_pid > 0 && !m_reaped) {
        ::kill(m_pid, SIGKILL);
        int status = 0;
        while (::waitpid(m_pid, &status, 0) < 0 && errno == EINTR) {
        }
    }
    closeQuietly(m_records.readEnd);
    closeQuietly(m_output.readEnd);
}

bool ScriptProcess::readLines(std::chrono::milliseconds timeout, const LineHandler& onRecord,
                              const LineHandler& onOutput)
{
    // Both pipes in one poll(), so that neither waits on the other: a script that prints a lot
    // between two records would otherwise block on its full output pipe.
    static const LineHandler kIgnored = [](std::string_view) {};
    pollfd ready[2];
    Pipe* pipes[2];
    const LineHandler* handlers[2];
    nfds_t count = 0;
    for (auto [pipe, handler] : {std::pair<Pipe*, const LineHandler*>{&m_records, &onRecord},
                                 std::pair<Pipe*, const LineHandler*>{&m_output, &onOutput}}) {
        if (pipe->readEnd < 0)
            continue;
        ready[count] = pollfd{pipe->readEnd, POLLIN, 0};
        pipes[count] = pipe;
        handlers[count] = *handler ? handler : &kIgnored;
        ++count;
    }
    // With no pipe open poll() only waits, as the caller's loop wants.
    const int polled =
        ::poll(count > 0 ? ready : nullptr, count, static_cast<int>(timeout.count()));
    if (polled > 0) {
        for (nfds_t i = 0; i < count; ++i)
            if (ready[i].revents != 0)
                drain(*pipes[i], *handlers[i]);
    }
    // Nothing yet, or a signal came: the caller looks and asks again.
    return m_records.readEnd >= 0;
}

void ScriptProcess::drain(Pipe& pipe, const LineHandler& onLine)
{
    char chunk[kReadChunk];
    while (true) {
        const ssize_t got = ::read(pipe.readEnd, chunk, sizeof chunk);
        if (got > 0) {
            pipe.lines.append(std::string_view(chunk, static_cast<std::size_t>(got)), onLine);
            continue;
        }
        if (got < 0 && (errno == EAGAIN || errno == EINTR))
            return;
        // End of the pipe (or an error reading it): what is left is a line cut short.
        pipe.lines.finish(onLine);
        closeQuietly(pipe.readEnd);
        return;
    }
}

void ScriptProcess::signal(int signal)
{
    if (m_pid > 0 && !m_reaped)
        ::kill(m_pid, signal);
}

bool ScriptProcess::ended(ScriptExit& exit)
{
    if (m_reaped) {
        exit = m_exit;
        return true;
    }
    int status = 0;
    const pid_t done = ::waitpid(m_pid, &status, WNOHANG);
    if (done != m_pid)
        return false;
    m_reaped = true;
    m_exit = exitFrom(status);
    exit = m_exit;
    return true;
}

ScriptExit ScriptProcess::wait()
{
    if (!m_reaped) {
        int status = 0;
        while (::waitpid(m_pid, &status, 0) < 0 && errno == EINTR) {
        }
        m_reaped = true;
        m_exit = exitFrom(status);
    }
    return m_exit;
}

}  // namespace es
