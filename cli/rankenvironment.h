#pragma once

// Which rank of a distributed run this process is, and where the ranks meet, as the launchers
// that start such runs say it: explicit flags, torchrun's variables, Slurm's, or `train --nproc`
// (cli/ranklauncher.h). Without LibTorch and without reading the environment itself: the
// variables come through a lookup, so that tests can feed a table.

#include <functional>
#include <optional>
#include <string>

namespace es {

/// The variables torchrun sets for each process it starts.
inline constexpr char kRankVariable[] = "RANK";
inline constexpr char kWorldSizeVariable[] = "WORLD_SIZE";
inline constexpr char kLocalRankVariable[] = "LOCAL_RANK";
inline constexpr char kLocalWorldSizeVariable[] = "LOCAL_WORLD_SIZE";
inline constexpr char kMasterAddrVariable[] = "MASTER_ADDR";
inline constexpr char kMasterPortVariable[] = "MASTER_PORT";
/// Slurm's, set by srun for each task.
inline constexpr char kSlurmProcIdVariable[] = "SLURM_PROCID";
inline constexpr char kSlurmNtasksVariable[] = "SLURM_NTASKS";
inline constexpr char kSlurmLocalIdVariable[] = "SLURM_LOCALID";
/// Ours: a whole rendezvous (`tcp://HOST:PORT` or `file:PATH`, engine/config/rendezvous.h)
/// in the place of MASTER_ADDR and MASTER_PORT. `train --nproc` gives its ranks a file this
/// way; a user can give one on a shared file system (a Slurm job without MASTER_ADDR).
inline constexpr char kRendezvousVariable[] = "EPOCHSCOPE_RENDEZVOUS";
/// Ours: set by `train --nproc` to its own process id in each rank it starts. A stop signal
/// from that process is one it forwarded (cli/interrupt.h), and the rank says "--nproc" as
/// where its rank came from.
inline constexpr char kLauncherPidVariable[] = "EPOCHSCOPE_LAUNCHER_PID";

/// The most processes one run may have: distributed.world_size's upper bound (docs/config.md).
inline constexpr int kMaxWorldSize = 4096;

/// Where a rank assignment came from, in the order of precedence.
enum class RankSource {
    CommandLine,  ///< --rank, --world-size and --master
    Launcher,     ///< `train --nproc` started this process (cli/ranklauncher.h)
    Torchrun,     ///< RANK, WORLD_SIZE, LOCAL_RANK, MASTER_ADDR, MASTER_PORT
    Slurm,        ///< SLURM_PROCID, SLURM_NTASKS, SLURM_LOCALID (MASTER_* when exported)
};

/// The words a message uses for `source`: "--rank/--world-size/--master", "--nproc",
/// "torchrun variables", "Slurm".
std::string rankSourceText(RankSource source);

/// This process's place in a distributed run, and where its ranks meet.
struct RankAssignment {
    int rank = 0;
    int worldSize = 1;
    /// The rank among those of this machine, which picks its GPU (cuda:LOCAL_RANK); nullopt
    /// when the launcher does not say (--rank flags, a hand-made environment).
    std::optional<int> localRank;
    /// How many ranks run on this machine (LOCAL_WORLD_SIZE), which share its cores; nullopt
    /// when the launcher does not say.
    std::optional<int> localWorldSize;
    /// `tcp://HOST:PORT` (an IPv6 host in brackets) or `file:PATH`; empty when the launcher
    /// does not say, and distributed.init of the config applies.
    std::string init;
    RankSource source = RankSource::CommandLine;
};

/// --rank, --world-size and --master as given (CLI11 makes sure they come together).
struct RankFlags {
    std::optional<int> rank;
    std::optional<int> worldSize;
    /// `HOST:PORT` (`[::1]:29500` for IPv6), or a whole `tcp://...` or `file:...` rendezvous.
    std::optional<std::string> master;
};

/// A variable of the environment: nullopt when it is not set.
using EnvironmentLookup = std::function<std::optional<std::string>(const std::string& name)>;

/// This process's environment (getenv).
EnvironmentLookup processEnvironment();

/// The rank assignment with the precedence the launchers expect: explicit flags, then the
/// variables of `train --nproc` or torchrun (RANK, WORLD_SIZE, ...), then Slurm's; nullopt
/// when none is there, and the config file decides. A variable set to the empty string counts
/// as not set. A partial or inconsistent set (RANK without WORLD_SIZE, a rank that is not a
/// number or not below the world size, MASTER_ADDR without MASTER_PORT, a port outside 1 to
/// 65535) throws a ConfigError whose path is the flag or the variable, with its value.
std::optional<RankAssignment> assignRank(const RankFlags& flags,
                                         const EnvironmentLookup& environment);

}  // namespace es
