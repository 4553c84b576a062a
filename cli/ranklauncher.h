#pragma once

// `train --nproc N`: starts the N ranks of a distributed run on this machine as child
// processes and watches them, as torchrun does, without anything of training in it: the
// program, its arguments and what each rank gets in its environment are the caller's, so that
// tests can start shell commands instead.

#include "engine/io/childprocess.h"

#include <chrono>
#include <string>
#include <utility>
#include <vector>

namespace es {

struct RankLaunch {
    /// The file each rank executes (an absolute path), and its arguments, argv[0] included.
    std::string program;
    std::vector<std::string> arguments;
    /// How many ranks to start: ranks 0 to ranks - 1, all on this machine.
    int ranks = 1;
    /// Variables for one rank, by rank, on top of this process's environment and the ones the
    /// launcher sets itself (launchRanks()); missing entries add none.
    std::vector<std::vector<EnvironmentEntry>> extraEnvironment;
    /// Starts each rank with SIGINT, SIGTERM and SIGHUP blocked, as epochscope-cli's own
    /// launcher (app/clilauncher/) starts the real CLI: a signal while the loader maps LibTorch
    /// then waits for the rank's handler instead of ending it. Only for a program that unblocks
    /// them itself (epochscope-cli-engine does): any other would never see them.
    bool blockStopSignals = false;
    /// How long the other ranks have to end once one has failed (or stopped) before they are
    /// killed: a rank that waits for a collective with the one that failed only ends at its
    /// timeout. torchrun gives its workers 30 s.
    std::chrono::milliseconds stopGrace{std::chrono::seconds(30)};
};

/// How a rank ended.
struct RankEnd {
    int rank = 0;
    bool signaled = false;  ///< killed by a signal rather than exited
    int code = 0;           ///< the exit status, or the signal's number
    /// As a shell reports it: the exit status, or 128 + the signal.
    int status() const;
};

struct LaunchResult {
    /// 0 when every rank succeeded, else the status of the first that did not (128 + N for
    /// one killed by signal N).
    int exitStatus = 0;
    /// How each rank ended, by rank.
    std::vector<RankEnd> ends;
};

/// Starts the ranks and waits for all of them. Each runs `program` with `arguments`, in this
/// process's process group (so that Ctrl+C on the terminal reaches every rank, which stops
/// after its current step on its own) and with this process's environment plus RANK,
/// WORLD_SIZE, LOCAL_RANK, LOCAL_WORLD_SIZE, EPOCHSCOPE_RENDEZVOUS (`file:` a file in a
/// private directory that mkdtemp(3) makes, so that no port is raced for, removed at the end
/// whatever happens) and EPOCHSCOPE_LAUNCHER_PID (cli/rankenvironment.h), then its extra
/// variables.
///
/// While they run, this process does not die of SIGINT, SIGTERM or SIGHUP: one that the
/// terminal sent (Ctrl+C, a hang-up) reached the ranks too; one sent with kill(2) is forwarded
/// to them (a rank counts a forwarded copy once, cli/interrupt.h); a second one sent with
/// kill(2) kills them. When a rank fails (a non-zero exit, or killed by a signal) it says
/// which and how on stderr, sends SIGTERM to the others and kills those still running after
/// stopGrace. A rank that ends with 128 + the stop signal this process got stopped as asked:
/// it is not reported, and the others, which got the signal too, are waited for. A signal
/// ignored when this is called stays ignored, here and in the ranks.
///
/// Throws std::system_error when the directory cannot be made or a rank cannot be started
/// (the ranks started by then are stopped and waited for first).
LaunchResult launchRanks(const RankLaunch& launch);

}  // namespace es
