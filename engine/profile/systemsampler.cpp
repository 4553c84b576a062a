#include "engine/profile/systemsampler.h"

#include "engine/core/siunits.h"
#include "engine/core/threadname.h"
#include "engine/profile/nvml.h"
#include "engine/profile/procstat.h"

#include <dirent.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <condition_variable>
#include <limits>
#include <map>
#include <mutex>
#include <thread>

namespace es {

namespace {

constexpr double kPercent = 100.0;
constexpr double kMissing = std::numeric_limits<double>::quiet_NaN();

/// The sampled process's /proc entries, named once.
class ProcessFiles {
public:
    explicit ProcessFiles(int pid) : m_folder("/proc/" + std::to_string(pid)) {}

    std::string stat() const { return m_folder + "/stat"; }
    std::string statm() const { return m_folder + "/statm"; }
    std::string tasks() const { return m_folder + "/task"; }
    std::string task(int tid, const char* entry) const
    {
        return m_folder + "/task/" + std::to_string(tid) + "/" + entry;
    }

private:
    std::string m_folder;
};

/// Thread ids of the process, from /proc/<pid>/task; none once it is gone.
std::vector<int> threadIds(const ProcessFiles& files)
{
    std::vector<int> ids;
    DIR* directory = ::opendir(files.tasks().c_str());
    if (directory == nullptr)
        return ids;
    while (const dirent* entry = ::readdir(directory)) {
        const int tid = std::atoi(entry->d_name);
        if (tid > 0)
            ids.push_back(tid);
    }
    ::closedir(directory);
    std::sort(ids.begin(), ids.end());
    return ids;
}

std::string threadName(const ProcessFiles& files, int tid)
{
    std::string name = readSmallFile(files.task(tid, "comm")).value_or("");
    while (!name.empty() && (name.back() == '\n' || name.back() == ' '))
        name.pop_back();
    return name;
}

/// The cumulative counters CPU shares are computed from, read together.
struct CpuCounters {
    double atS = 0.0;
    /// Whether the process was there to read: running, not a zombie, and the one the sampler
    /// was made for (its start time), not a later one given the same pid.
    bool processSeen = false;
    std::uint64_t processTicks = 0;
    MachineCpuTimes machine;
    std::map<int, std::uint64_t> threadTicks;

    static CpuCounters read(double now, const ProcessFiles& files, std::uint64_t startTicks)
    {
        CpuCounters counters;
        counters.atS = now;
        if (const auto stat = readSmallFile(files.stat())) {
            const auto times = parseTaskStat(*stat);
            if (times && !times->ended() && times->startTicks == startTicks) {
                counters.processSeen = true;
                counters.processTicks = times->cpuTicks();
            }
        }
        if (const auto stat = readSmallFile("/proc/stat")) {
            if (const auto machine = parseMachineCpu(*stat))
                counters.machine = *machine;
        }
        if (!counters.processSeen)
            return counters;
        for (const int tid : threadIds(files)) {
            const auto stat = readSmallFile(files.task(tid, "stat"));
            // A thread may end between listing and reading; it is then left out.
            if (const auto times = stat ? parseTaskStat(*stat) : std::nullopt)
                counters.threadTicks[tid] = times->cpuTicks();
        }
        return counters;
    }
};

/// The process's resident memory in MB; NaN when it cannot be read or is none at all, which
/// only a process that is ending has (its memory already given back).
double residentMb(const ProcessFiles& files)
{
    const auto statm = readSmallFile(files.statm());
    const auto pages = statm ? parseResidentPages(*statm) : std::nullopt;
    if (!pages || *pages == 0)
        return kMissing;
    return static_cast<double>(*pages) * static_cast<double>(pageSizeBytes()) / kBytesPerMb;
}

}  // namespace

class SystemSampler::Impl {
public:
    /// `pid`: the process, never kThisProcess (one code path for every process).
    Impl(RunClock clock, std::chrono::milliseconds interval, Sink sink, int pid)
        : m_clock(clock),
          m_interval(std::clamp(interval, kMinInterval, kMaxInterval)),
          m_sink(std::move(sink)),
          m_files(pid),
          m_startTicks(processStartTicks(pid)),
          m_previous(CpuCounters::read(m_clock.now(), m_files, m_startTicks))
    {
    }

    ~Impl() { stop(); }

    void start()
    {
        std::lock_guard lock(m_mutex);
        if (m_thread.joinable())
            return;
        m_stopping = false;
        m_thread = std::thread([this] {
            nameThisThread("es-sampler");
            loop();
        });
    }

    void stop()
    {
        {
            std::lock_guard lock(m_mutex);
            m_stopping = true;
        }
        m_wake.notify_all();
        if (m_thread.joinable())
            m_thread.join();
    }

    SystemSample sampleNow()
    {
        std::lock_guard lock(m_sampling);
        const CpuCounters now = CpuCounters::read(m_clock.now(), m_files, m_startTicks);
        const double elapsedS = std::max(now.atS - m_previous.atS, 1e-9);
        const double ticksPerS = static_cast<double>(clockTicksPerSecond());
        const auto share = [&](std::uint64_t ticks, std::uint64_t before) {
            return ticks < before
                       ? 0.0
                       : kPercent * static_cast<double>(ticks - before) / ticksPerS / elapsedS;
        };

        SystemSample sample;
        sample.tS = now.atS;
        // Both ends of the interval are needed for a share of it.
        const bool processKnown = now.processSeen && m_previous.processSeen;
        sample.processCpuPct =
            processKnown ? share(now.processTicks, m_previous.processTicks) : kMissing;
        if (now.machine.total > m_previous.machine.total) {
            sample.machineCpuPct =
                kPercent * static_cast<double>(now.machine.busy - m_previous.machine.busy) /
                static_cast<double>(now.machine.total - m_previous.machine.total);
        }
        sample.rssMb = now.processSeen ? residentMb(m_files) : kMissing;
        for (const auto& [tid, ticks] : now.threadTicks) {
            const auto before = m_previous.threadTicks.find(tid);
            ThreadCpu thread;
            thread.tid = tid;
            thread.name = nameOf(tid);
            thread.cpuPct =
                share(ticks, before == m_previous.threadTicks.end() ? 0 : before->second);
            sample.threads.push_back(std::move(thread));
        }
        for (int index = 0; index < m_nvml.deviceCount(); ++index)
            sample.gpus.push_back(m_nvml.sample(index));
        m_previous = now;
        return sample;
    }

    const std::string& gpuStatus() const { return m_nvml.status(); }

private:
    const std::string& nameOf(int tid)
    {
        auto it = m_threadNames.find(tid);
        if (it == m_threadNames.end())
            it = m_threadNames.emplace(tid, threadName(m_files, tid)).first;
        return it->second;
    }

    void loop()
    {
        std::unique_lock lock(m_mutex);
        while (!m_wake.wait_for(lock, m_interval, [this] { return m_stopping; })) {
            lock.unlock();
            const SystemSample sample = sampleNow();
            m_sink(sample);
            lock.lock();
        }
    }

    RunClock m_clock;
    std::chrono::milliseconds m_interval;
    Sink m_sink;
    Nvml m_nvml;
    ProcessFiles m_files;
    std::uint64_t m_startTicks;  ///< the process's start time, which tells it from a later one

    std::mutex m_sampling;  // sampleNow() from a test while the thread runs
    CpuCounters m_previous;
    std::map<int, std::string> m_threadNames;

    std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_stopping = false;
    std::thread m_thread;
};

SystemSampler::SystemSampler(RunClock clock, std::chrono::milliseconds interval, Sink sink, int pid)
    : m_impl(std::make_unique<Impl>(clock, interval, std::move(sink),
                                    pid == kThisProcess ? static_cast<int>(::getpid()) : pid))
{
}

SystemSampler::~SystemSampler() = default;

void SystemSampler::start()
{
    m_impl->start();
}

void SystemSampler::stop()
{
    m_impl->stop();
}

SystemSample SystemSampler::sampleNow()
{
    return m_impl->sampleNow();
}

const std::string& SystemSampler::gpuStatus() const
{
    return m_impl->gpuStatus();
}

bool hasProcessFigures(const SystemSample& sample)
{
    return !std::isnan(sample.processCpuPct) && !std::isnan(sample.rssMb);
}

}  // namespace es
