#pragma once

// A Python training script started under the probe (docs/profile.md): `python3 train.py ARGS`
// becomes `python3 -m epochscope.run train.py ARGS`, with the probe's package on PYTHONPATH
// when it is not installed, and a pipe whose write end the script's process inherits as
// EPOCHSCOPE_PROBE_FD. This process reads the probe's records from the other end, line by
// line. The script's stdin, stdout and stderr stay the caller's (the CLI: the terminal's), or
// its stdout and stderr go to one more pipe, read line by line too (the app's Log).
// LibTorch-free.

#include "engine/io/childprocess.h"
#include "engine/script/linesplitter.h"
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

/// Where the script's stdout and stderr go.
enum class ScriptOutput {
    Inherited,  ///< this process's own: the script prints where the caller prints
    /// One pipe for both, as a terminal interleaves them, read by readLines(); the script's
    /// Python writes them unbuffered (PYTHONUNBUFFERED), so that each line arrives as it is
    /// printed, and its stdin is /dev/null: nobody could type into it.
    Captured,
};

class ScriptProcess {
public:
    /// Starts `probedCommand(command)` in `workingFolder` (empty: this process's) with
    /// `extraEnvironment` on top of this process's. Throws ScriptCommandError for a command
    /// that cannot be run, std::system_error when the process cannot be started.
    ScriptProcess(const std::vector<std::string>& command, const std::string& workingFolder,
                  const std::vector<EnvironmentEntry>& extraEnvironment = {},
                  ScriptOutput output = ScriptOutput::Inherited);
    /// Kills a script still running (SIGKILL) and waits for it.
    ~ScriptProcess();
    ScriptProcess(const ScriptProcess&) = delete;
    ScriptProcess& operator=(const ScriptProcess&) = delete;

    pid_t pid() const { return m_pid; }

    /// Waits at most `timeout` for records and, when captured, the script's output, and gives
    /// each whole line (without its line break) to `onRecord` or `onOutput`. A record longer
    /// than kMaxProbeLineBytes is given cut to one byte more, so that the reader refuses it, an
    /// output line longer than kMaxScriptOutputLineBytes likewise, and the rest of either is
    /// skipped; in the output a carriage return overwrites as on a terminal (LineSplitter). A
    /// pipe whose other end is closed gives its last line and is closed. False once the
    /// probe's end of the records pipe is closed (the script ended) and every record was
    /// given; the output may still have lines to read.
    bool readLines(std::chrono::milliseconds timeout, const LineHandler& onRecord,
                   const LineHandler& onOutput = {});

    /// Sends `signal` to the script's process.
    void signal(int signal);
    /// Whether the process ended; fills `exit` when it did. Never blocks.
    bool ended(ScriptExit& exit);
    /// Waits for the process to end.
    ScriptExit wait();

private:
    /// This process's end of a pipe from the script, and its lines so far.
    struct Pipe {
        int readEnd = -1;
        LineSplitter lines;
    };

    /// Reads what `pipe` holds now into lines for `onLine`; closes it at its end.
    static void drain(Pipe& pipe, const LineHandler& onLine);

    pid_t m_pid = -1;
    Pipe m_records;
    Pipe m_output;  ///< open only when the output is captured
    bool m_reaped = false;
    ScriptExit m_exit;
};

}  // namespace es
