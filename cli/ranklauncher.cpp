#include "cli/ranklauncher.h"

#include "cli/exitstatus.h"
#include "cli/interrupt.h"
#include "cli/messages.h"
#include "cli/rankenvironment.h"
#include "engine/core/records.h"
#include "engine/i18n/translate.h"
#include "engine/io/childprocess.h"

#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iterator>
#include <optional>
#include <string_view>
#include <system_error>
#include <thread>

namespace es {

namespace {

// How often the ranks and the signals are looked at. A blocking wait would need a self-pipe to
// wake up for a signal; a look every 20 ms answers one as fast as a person can tell, and costs
// nothing next to the ranks' training.
constexpr std::chrono::milliseconds kRankPollInterval{20};

// The stop signals this process got while the ranks run, written by its handler only.
std::atomic<int> g_firstSignal{0};
std::atomic<int> g_terminalSignals{0};  // sent by the terminal to its whole foreground group
std::atomic<int> g_sentSignals{0};      // sent with kill(2): perhaps to this process alone
std::atomic<int> g_lastSentSignal{0};
static_assert(std::atomic<int>::is_always_lock_free);

extern "C" void onLauncherSignal(int signal, siginfo_t* info, void*)
{
    int none = 0;
    g_firstSignal.compare_exchange_strong(none, signal);
    // Ctrl+C and a hang-up come from the kernel, to the terminal's foreground process group,
    // of which every rank is part.
    if (info != nullptr && info->si_code == SI_KERNEL) {
        ++g_terminalSignals;
    } else {
        g_lastSentSignal = signal;
        ++g_sentSignals;
    }
}

/// The launcher's handler of the stop signals in place of the previous one (the CLI's own,
/// which would end the process at the second signal and leave the ranks running) for as long
/// as this lives.
class LauncherSignals {
public:
    LauncherSignals()
    {
        g_firstSignal = 0;
        g_terminalSignals = 0;
        g_sentSignals = 0;
        g_lastSentSignal = 0;
        for (std::size_t i = 0; i < kStopSignalCount; ++i) {
            ::sigaction(kStopSignals[i], nullptr, &m_previous[i]);
            // Ignored by whoever started us (nohup, a script's `cmd &`): it stays ignored, and
            // the ranks inherit that.
            if (m_previous[i].sa_handler == SIG_IGN)
                continue;
            struct sigaction action {};
            action.sa_sigaction = onLauncherSignal;
            sigemptyset(&action.sa_mask);
            action.sa_flags = SA_RESTART | SA_SIGINFO;
            m_installed[i] = ::sigaction(kStopSignals[i], &action, nullptr) == 0;
        }
    }

    ~LauncherSignals()
    {
        for (std::size_t i = 0; i < kStopSignalCount; ++i) {
            if (m_installed[i])
                ::sigaction(kStopSignals[i], &m_previous[i], nullptr);
        }
    }

    LauncherSignals(const LauncherSignals&) = delete;
    LauncherSignals& operator=(const LauncherSignals&) = delete;

private:
    struct sigaction m_previous[kStopSignalCount] = {};
    bool m_installed[kStopSignalCount] = {};
};

/// A private directory (mode 0700) for the rendezvous file, removed with what the ranks left
/// in it when this goes.
class RendezvousDirectory {
public:
    RendezvousDirectory()
    {
        const char* temporary = std::getenv("TMPDIR");
        const std::string base =
            temporary != nullptr && temporary[0] == '/' ? std::string(temporary) : "/tmp";
        std::string pattern = base + "/epochscope-ranks-XXXXXX";
        if (::mkdtemp(pattern.data()) == nullptr)
            throw std::system_error(
                errno, std::generic_category(),
                fillText(engineText("RankLauncher",
                                    "cannot make a directory for the ranks' rendezvous in %1"),
                         {base}));
        m_path = pattern;
    }

    ~RendezvousDirectory()
    {
        std::error_code ignored;
        std::filesystem::remove_all(m_path, ignored);
    }

    RendezvousDirectory(const RendezvousDirectory&) = delete;
    RendezvousDirectory& operator=(const RendezvousDirectory&) = delete;

    /// Where the ranks meet: a c10d file store in the directory.
    std::string rendezvous() const { return "file:" + m_path + "/rendezvous"; }

private:
    std::string m_path;
};

/// Starts rank `rank`, in this process's process group.
pid_t startRank(const RankLaunch& launch, int rank, const std::string& rendezvous)
{
    const std::string ranks = std::to_string(launch.ranks);
    std::vector<EnvironmentEntry> entries = {
        {kRankVariable, std::to_string(rank)},
        {kWorldSizeVariable, ranks},
        {kLocalRankVariable, std::to_string(rank)},
        {kLocalWorldSizeVariable, ranks},
        {kRendezvousVariable, rendezvous},
        {kLauncherPidVariable, std::to_string(::getpid())},
    };
    if (static_cast<std::size_t>(rank) < launch.extraEnvironment.size()) {
        const auto& extra = launch.extraEnvironment[static_cast<std::size_t>(rank)];
        entries.insert(entries.end(), extra.begin(), extra.end());
    }
    std::vector<std::string> environment = environmentWith(entries);
    std::vector<std::string> arguments = launch.arguments;
    const std::vector<char*> argv = nullTerminatedPointers(arguments);
    const std::vector<char*> envp = nullTerminatedPointers(environment);

    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    sigset_t mask;
    sigemptyset(&mask);
    if (launch.blockStopSignals) {
        for (int signal : kStopSignals)
            sigaddset(&mask, signal);
    }
    // The mask is set either way: the rank gets none of this thread's blocked signals.
    posix_spawnattr_setsigmask(&attributes, &mask);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK);
    pid_t pid = 0;
    // The caught signals go back to their default action in the rank, the ignored ones stay
    // ignored (exec does both); the process group stays this one's.
    const int error =
        ::posix_spawn(&pid, launch.program.c_str(), nullptr, &attributes, argv.data(), envp.data());
    posix_spawnattr_destroy(&attributes);
    if (error != 0)
        throw std::system_error(error, std::generic_category(),
                                fillText(engineText("RankLauncher", "cannot start rank %1 (%2)"),
                                         {std::to_string(rank), launch.program}));
    return pid;
}

std::string secondsText(std::chrono::milliseconds duration)
{
    char text[32];
    std::snprintf(text, sizeof text, "%g", static_cast<double>(duration.count()) / kMsPerS);
    return text;
}

/// Whether `end` is a rank that stopped because of the stop signal this process got too.
bool stoppedAsAsked(const RankEnd& end)
{
    if (g_firstSignal.load() == 0)
        return false;
    return std::any_of(std::begin(kStopSignals), std::end(kStopSignals),
                       [&](int signal) { return end.status() == exitStatusForSignal(signal); });
}

/// Watches the started ranks until every one has ended.
class RankSupervisor {
public:
    RankSupervisor(const RankLaunch& launch, std::vector<pid_t> pids)
        : m_launch(launch),
          m_pids(std::move(pids)),
          m_running(m_pids.size(), true),
          m_live(static_cast<int>(m_pids.size()))
    {
        m_result.ends.resize(m_pids.size());
    }

    LaunchResult run()
    {
        while (m_live > 0) {
            for (std::size_t rank = 0; rank < m_pids.size(); ++rank)
                collect(static_cast<int>(rank));
            answerSignals();
            killAfterGrace();
            if (m_live > 0)
                std::this_thread::sleep_for(kRankPollInterval);
        }
        return m_result;
    }

private:
    /// Takes note of rank `rank`'s end, if it has ended.
    void collect(int rank)
    {
        const auto index = static_cast<std::size_t>(rank);
        if (!m_running[index])
            return;
        int status = 0;
        const pid_t ended = ::waitpid(m_pids[index], &status, WNOHANG);
        if (ended == 0 || (ended < 0 && errno == EINTR))
            return;
        m_running[index] = false;
        --m_live;
        RankEnd end;
        end.rank = rank;
        if (ended < 0) {
            // Someone else reaped it (ECHILD): how it ended is lost, so it counts as failed.
            printError(fillText(engineText("RankLauncher", "cannot wait for rank %1: %2"),
                                {std::to_string(rank), std::strerror(errno)}));
            end.code = kExitRunFailed;
        } else if (WIFSIGNALED(status)) {
            end.signaled = true;
            end.code = WTERMSIG(status);
        } else {
            end.code = WEXITSTATUS(status);
        }
        m_result.ends[index] = end;
        if (end.status() == 0)
            return;
        if (m_result.exitStatus == 0)
            m_result.exitStatus = end.status();
        if (!m_graceEnds)
            m_graceEnds = std::chrono::steady_clock::now() + m_launch.stopGrace;
        if (m_stoppingOthers || stoppedAsAsked(end))
            return;
        m_stoppingOthers = true;
        if (end.signaled)
            printError(fillText(engineText("RankLauncher", "rank %1 was killed by %2"),
                                {std::to_string(rank), signalName(end.code)}));
        else
            printError(fillText(engineText("RankLauncher", "rank %1 failed with exit status %2"),
                                {std::to_string(rank), std::to_string(end.code)}));
        if (m_live > 0) {
            printWarning(fillText(engineText("RankLauncher",
                                             "stopping the other ranks: SIGTERM now, SIGKILL to "
                                             "those still running %1 s later"),
                                  {secondsText(m_launch.stopGrace)}));
            signalRunning(SIGTERM);
        }
    }

    /// Forwards a stop signal sent to this process alone; kills the ranks at a second one.
    void answerSignals()
    {
        if (m_killed)
            return;
        const int sent = g_sentSignals.load();
        // Two from the terminal reached the ranks too, which quit at once on their own.
        if (sent > 0 && sent + g_terminalSignals.load() >= 2) {
            printWarning(engineText("RankLauncher", "a second stop signal: killing the ranks"));
            killRunning();
            return;
        }
        if (sent != m_sentAnswered) {
            m_sentAnswered = sent;
            signalRunning(g_lastSentSignal.load());
        }
    }

    void killAfterGrace()
    {
        if (!m_graceEnds || m_killed || m_live == 0 ||
            std::chrono::steady_clock::now() < *m_graceEnds)
            return;
        for (std::size_t rank = 0; rank < m_pids.size(); ++rank) {
            if (m_running[rank])
                printWarning(
                    fillText(engineText("RankLauncher", "rank %1 still running %2 s later: killed"),
                             {std::to_string(rank), secondsText(m_launch.stopGrace)}));
        }
        killRunning();
    }

    void killRunning()
    {
        m_killed = true;
        // Their ends are this process's doing, not failures to report.
        m_stoppingOthers = true;
        signalRunning(SIGKILL);
    }

    void signalRunning(int signal)
    {
        for (std::size_t rank = 0; rank < m_pids.size(); ++rank) {
            if (m_running[rank])
                ::kill(m_pids[rank], signal);
        }
    }

    const RankLaunch& m_launch;
    const std::vector<pid_t> m_pids;
    std::vector<bool> m_running;
    int m_live = 0;
    LaunchResult m_result;
    std::optional<std::chrono::steady_clock::time_point> m_graceEnds;
    bool m_stoppingOthers = false;
    bool m_killed = false;
    int m_sentAnswered = 0;
};

/// Kills and reaps ranks that were started before another could not be: they have not
/// trained yet, so nothing of theirs is lost.
void killStarted(const std::vector<pid_t>& pids)
{
    for (pid_t pid : pids)
        ::kill(pid, SIGKILL);
    for (pid_t pid : pids) {
        int status = 0;
        while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
        }
    }
}

}  // namespace

int RankEnd::status() const
{
    return signaled ? exitStatusForSignal(code) : code;
}

LaunchResult launchRanks(const RankLaunch& launch)
{
    const RendezvousDirectory directory;
    const LauncherSignals signals;
    // What this process printed so far goes out before the ranks print theirs.
    std::fflush(nullptr);
    std::vector<pid_t> pids;
    try {
        for (int rank = 0; rank < launch.ranks; ++rank)
            pids.push_back(startRank(launch, rank, directory.rendezvous()));
    } catch (...) {
        killStarted(pids);
        throw;
    }
    return RankSupervisor(launch, std::move(pids)).run();
}

}  // namespace es
