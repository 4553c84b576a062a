#pragma once

// A Python training script started under the probe (docs/profile.md): `python3 train.py ARGS`
// becomes `python3 -m epochscope.run train.py ARGS`, with the probe's package on PYTHONPATH
// when it is not installed, and a pipe whose write end the script's process inherits as
// EPOCHSCOPE_PROBE_FD. This process reads the probe's records from the other end, line by
// line; the script's stdin, stdout and stderr stay the caller's. LibTorch-free.

#include "engine/io/childprocess.h"
#include "engine/script/scriptrecorder.h"

#include <sys/types.h>

#include <chrono>
#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace es {

/// A command `profile` cannot run, with what to change.
class ScriptCommandError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// `command` (a Python interpreter, its options, a script and the script's arguments) with
/// `-m epochscope.run` put in before the script. Throws ScriptCommandError for a command with
/// no script (`python3`, `python3 -c CODE`, `python3 -m MODULE`).
std::vector<std::string> probedCommand(const std::vector<std::string>& command);

/// The folder that holds the probe's package `epochscope` for the script's PYTHONPATH:
/// EPOCHSCOPE_PROBE_PATH when set, else `python/` beside this executable (the build tree
/// copies it there), else empty: an installed EpochScope has it in Python's dist-packages.
std::string probePackageFolder();

class ScriptProcess {
public:
    /// Starts `probedCommand(command)` in `workingFolder` (empty: this process's) with
    /// `extraEnvironment` on top of this process's. Throws ScriptCommandError for a command
    /// that cannot be run, std::system_error when the process cannot be started.
    ScriptProcess(const std::vector<std::string>& command, const std::string& workingFolder,
                  const std::vector<EnvironmentEntry>& extraEnvironment = {});
    /// Kills a script still running (SIGKILL) and waits for it.
    ~ScriptProcess();
    ScriptProcess(const ScriptProcess&) = delete;
    ScriptProcess& operator=(const ScriptProcess&) = delete;

    pid_t pid() const { return m_pid; }

    /// Waits at most `timeout` for records and gives each whole line (without its line break)
    /// to `onLine`; a line longer than kMaxProbeLineBytes is given cut to one byte more, so
    /// that the reader refuses it, and the rest of it is skipped. False once the probe's end
    /// of the pipe is closed (the script ended) and every line was given.
    bool readLines(std::chrono::milliseconds timeout,
                   const std::function<void(std::string_view)>& onLine);

    /// Sends `signal` to the script's process.
    void signal(int signal);
    /// Whether the process ended; fills `exit` when it did. Never blocks.
    bool ended(ScriptExit& exit);
    /// Waits for the process to end.
    ScriptExit wait();

private:
    void deliver(const std::function<void(std::string_view)>& onLine);

    pid_t m_pid = -1;
    int m_readEnd = -1;
    bool m_reaped = false;
    ScriptExit m_exit;
    std::string m_buffer;
    bool m_skippingLongLine = false;
};

}  // namespace es
