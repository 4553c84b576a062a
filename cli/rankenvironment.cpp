#include "cli/rankenvironment.h"

#include "engine/config/configerror.h"
#include "engine/config/rendezvous.h"
#include "engine/i18n/translate.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <string_view>

namespace es {

namespace {

// More digits than any rank, world size or port has; fewer than could overflow an int.
constexpr std::size_t kMaxDigits = 7;
constexpr int kMaxPort = 65535;
constexpr std::string_view kTcpScheme = "tcp://";
constexpr std::string_view kFileScheme = "file:";

/// The variable's value; nullopt when it is not set or empty (`export RANK=` clears it in a
/// shell).
std::optional<std::string> valueOf(const EnvironmentLookup& environment, const char* name)
{
    std::optional<std::string> value = environment(name);
    if (value && value->empty())
        return std::nullopt;
    return value;
}

/// `text` as a whole number from `low` to `high`, or a ConfigError at `name` quoting it.
int numberIn(const std::string& name, const std::string& text, int low, int high)
{
    const bool digits = !text.empty() && text.size() <= kMaxDigits &&
                        std::all_of(text.begin(), text.end(), [](char c) {
                            return std::isdigit(static_cast<unsigned char>(c)) != 0;
                        });
    const int value = digits ? std::atoi(text.c_str()) : -1;
    if (!digits || value < low || value > high)
        throw ConfigError(name,
                          fillText(engineText("RankEnvironment",
                                              "expected a whole number from %1 to %2, got \"%3\""),
                                   {std::to_string(low), std::to_string(high), text}));
    return value;
}

/// `text` as a rank of a world of `worldSize`, which `sizeName` gave.
int rankIn(const std::string& name, const std::string& text, int worldSize,
           const std::string& sizeName)
{
    try {
        return numberIn(name, text, 0, worldSize - 1);
    } catch (const ConfigError&) {
        throw ConfigError(name, fillText(engineText("RankEnvironment",
                                                    "expected a rank from 0 to %1 (%2 is %3), "
                                                    "got \"%4\""),
                                         {std::to_string(worldSize - 1), sizeName,
                                          std::to_string(worldSize), text}));
    }
}

/// A ConfigError at `missing`, which has to come with `present`; `why` says who sets them.
[[noreturn]] void refuseMissing(const char* missing, const char* present, const std::string& why)
{
    throw ConfigError(missing, fillText(engineText("RankEnvironment", "not set, though %1 is (%2)"),
                                        {present, why}));
}

/// Where the ranks meet according to the environment: EPOCHSCOPE_RENDEZVOUS, else
/// tcp://MASTER_ADDR:MASTER_PORT; empty when neither is set.
std::string initFromEnvironment(const EnvironmentLookup& environment)
{
    if (const auto rendezvous = valueOf(environment, kRendezvousVariable))
        return rendezvousText(parseRendezvous(*rendezvous, kRendezvousVariable));
    const auto address = valueOf(environment, kMasterAddrVariable);
    const auto port = valueOf(environment, kMasterPortVariable);
    if (!address && !port)
        return {};
    const std::string together =
        engineText("RankEnvironment", "the ranks meet at MASTER_ADDR:MASTER_PORT");
    if (!address)
        refuseMissing(kMasterAddrVariable, kMasterPortVariable, together);
    if (!port)
        refuseMissing(kMasterPortVariable, kMasterAddrVariable, together);
    Rendezvous master;
    master.kind = Rendezvous::Kind::Tcp;
    // An IPv6 address comes bare (::1) or in brackets ([::1]); the text puts it in brackets.
    master.host = *address;
    if (master.host.size() > 2 && master.host.front() == '[' && master.host.back() == ']')
        master.host = master.host.substr(1, master.host.size() - 2);
    master.port = static_cast<std::uint16_t>(numberIn(kMasterPortVariable, *port, 1, kMaxPort));
    const std::string text = rendezvousText(master);
    // Checks the host (a name or an address); the port is known good.
    parseRendezvous(text, kMasterAddrVariable);
    return text;
}

RankAssignment fromFlags(const RankFlags& flags)
{
    const std::string together =
        engineText("RankEnvironment", "--rank, --world-size and --master go together");
    const char* present = flags.rank ? "--rank" : flags.worldSize ? "--world-size" : "--master";
    if (!flags.rank)
        refuseMissing("--rank", present, together);
    if (!flags.worldSize)
        refuseMissing("--world-size", present, together);
    if (!flags.master)
        refuseMissing("--master", present, together);
    RankAssignment assignment;
    assignment.source = RankSource::CommandLine;
    assignment.worldSize =
        numberIn("--world-size", std::to_string(*flags.worldSize), 1, kMaxWorldSize);
    assignment.rank =
        rankIn("--rank", std::to_string(*flags.rank), assignment.worldSize, "--world-size");
    // HOST:PORT like torchrun's --master-addr and --master-port together; a whole rendezvous
    // also, for ranks that meet at a file on a shared file system.
    const std::string& master = *flags.master;
    const bool whole = master.compare(0, kTcpScheme.size(), kTcpScheme) == 0 ||
                       master.compare(0, kFileScheme.size(), kFileScheme) == 0;
    assignment.init = rendezvousText(
        parseRendezvous(whole ? master : std::string(kTcpScheme) + master, "--master"));
    return assignment;
}

RankAssignment fromTorchrun(const EnvironmentLookup& environment)
{
    const std::string together =
        engineText("RankEnvironment", "torchrun sets RANK, WORLD_SIZE and LOCAL_RANK together");
    const auto rank = valueOf(environment, kRankVariable);
    const auto worldSize = valueOf(environment, kWorldSizeVariable);
    const auto localRank = valueOf(environment, kLocalRankVariable);
    const auto localWorldSize = valueOf(environment, kLocalWorldSizeVariable);
    const char* present = rank        ? kRankVariable
                          : worldSize ? kWorldSizeVariable
                          : localRank ? kLocalRankVariable
                                      : kLocalWorldSizeVariable;
    if (!rank)
        refuseMissing(kRankVariable, present, together);
    if (!worldSize)
        refuseMissing(kWorldSizeVariable, present, together);

    RankAssignment assignment;
    assignment.source =
        valueOf(environment, kLauncherPidVariable) ? RankSource::Launcher : RankSource::Torchrun;
    assignment.worldSize = numberIn(kWorldSizeVariable, *worldSize, 1, kMaxWorldSize);
    assignment.rank = rankIn(kRankVariable, *rank, assignment.worldSize, kWorldSizeVariable);
    // A machine runs at most all the ranks.
    int localSize = assignment.worldSize;
    std::string localSizeName = kWorldSizeVariable;
    if (localWorldSize) {
        localSize = numberIn(kLocalWorldSizeVariable, *localWorldSize, 1, assignment.worldSize);
        localSizeName = kLocalWorldSizeVariable;
        assignment.localWorldSize = localSize;
    }
    if (localRank)
        assignment.localRank = rankIn(kLocalRankVariable, *localRank, localSize, localSizeName);
    assignment.init = initFromEnvironment(environment);
    return assignment;
}

RankAssignment fromSlurm(const EnvironmentLookup& environment)
{
    const auto procId = valueOf(environment, kSlurmProcIdVariable);
    const auto ntasks = valueOf(environment, kSlurmNtasksVariable);
    if (!ntasks)
        refuseMissing(kSlurmNtasksVariable, kSlurmProcIdVariable,
                      engineText("RankEnvironment", "srun sets both for each task"));
    RankAssignment assignment;
    assignment.source = RankSource::Slurm;
    assignment.worldSize = numberIn(kSlurmNtasksVariable, *ntasks, 1, kMaxWorldSize);
    assignment.rank =
        rankIn(kSlurmProcIdVariable, *procId, assignment.worldSize, kSlurmNtasksVariable);
    if (const auto localId = valueOf(environment, kSlurmLocalIdVariable))
        assignment.localRank =
            rankIn(kSlurmLocalIdVariable, *localId, assignment.worldSize, kSlurmNtasksVariable);
    // Slurm names the job's hosts in a compressed list (node[01-04]); sbatch scripts export
    // MASTER_ADDR and MASTER_PORT from it, and the caller says so when they did not.
    assignment.init = initFromEnvironment(environment);
    return assignment;
}

}  // namespace

std::string rankSourceText(RankSource source)
{
    switch (source) {
        case RankSource::CommandLine: return "--rank/--world-size/--master";
        case RankSource::Launcher: return "--nproc";
        case RankSource::Torchrun: return engineText("RankEnvironment", "torchrun variables");
        case RankSource::Slurm: return "Slurm";
    }
    return {};
}

EnvironmentLookup processEnvironment()
{
    return [](const std::string& name) -> std::optional<std::string> {
        const char* value = std::getenv(name.c_str());
        if (value == nullptr)
            return std::nullopt;
        return std::string(value);
    };
}

std::optional<RankAssignment> assignRank(const RankFlags& flags,
                                         const EnvironmentLookup& environment)
{
    if (flags.rank || flags.worldSize || flags.master)
        return fromFlags(flags);
    const bool torchrun =
        valueOf(environment, kRankVariable) || valueOf(environment, kWorldSizeVariable) ||
        valueOf(environment, kLocalRankVariable) || valueOf(environment, kLocalWorldSizeVariable);
    if (torchrun)
        return fromTorchrun(environment);
    if (valueOf(environment, kSlurmProcIdVariable))
        return fromSlurm(environment);
    return std::nullopt;
}

}  // namespace es
