// The system sampler: /proc parsers on fixtures, live samples in sane ranges, another process
// sampled (its CPU and threads, not this one's) and one that ends mid-way, and NVML absent.

#include "engine/profile/nvml.h"
#include "engine/profile/procstat.h"
#include "engine/profile/systemsampler.h"

#include <QtTest>

#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <mutex>
#include <thread>
#include <vector>

using namespace std::chrono_literals;

extern char** environ;

namespace {

/// A child process of the test's own, killed and reaped at the end of the scope unless the
/// test reaped it first; started with posix_spawn, so that the test decides when it is reaped
/// (a zombie until then).
class Child {
public:
    explicit Child(std::vector<const char*> argv)
    {
        argv.push_back(nullptr);
        if (::posix_spawn(&m_pid, argv.front(), nullptr, nullptr,
                          const_cast<char* const*>(argv.data()), environ) != 0)
            m_pid = -1;
    }
    ~Child()
    {
        if (m_pid > 0 && !m_reaped) {
            ::kill(m_pid, SIGKILL);
            reap();
        }
    }
    Child(const Child&) = delete;
    Child& operator=(const Child&) = delete;

    pid_t pid() const { return m_pid; }
    void reap()
    {
        int status = 0;
        ::waitpid(m_pid, &status, 0);
        m_reaped = true;
    }

private:
    pid_t m_pid = -1;
    bool m_reaped = false;
};

/// /proc/<pid>/stat's state letter, '?' when it cannot be read.
char stateOf(pid_t pid)
{
    const auto stat = es::readSmallFile("/proc/" + std::to_string(pid) + "/stat");
    const auto times = stat ? es::parseTaskStat(*stat) : std::nullopt;
    return times ? times->state : '?';
}

}  // namespace

class TestSystemSampler : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void parsesMachineCpu()
    {
        const auto times = es::parseMachineCpu(
            "cpu  100 20 30 400 50 6 7 8 9 10\ncpu0 50 10 15 200 25 3 3 4 4 5\nintr 1 2 3\n");
        QVERIFY(times.has_value());
        QCOMPARE(times->busy, std::uint64_t(100 + 20 + 30 + 6 + 7 + 8));
        QCOMPARE(times->total, std::uint64_t(100 + 20 + 30 + 6 + 7 + 8 + 400 + 50));
        QVERIFY(!es::parseMachineCpu("cpu0 1 2 3 4 5 6 7 8\n").has_value());
        QVERIFY(!es::parseMachineCpu("cpu 1 2 x 4 5 6 7 8\n").has_value());
        QVERIFY(!es::parseMachineCpu("").has_value());
    }

    void parsesTaskStatWithAwkwardNames()
    {
        // The name may hold spaces and parentheses; fields are counted after the last ')'.
        const char* stat =
            "4242 (epoch (scope) cli) S 1 4242 4242 0 -1 4194560 1000 0 5 0 "
            "1234 567 0 0 20 0 9 0 987654 123456789 2000 18446744073709551615";
        const auto times = es::parseTaskStat(stat);
        QVERIFY(times.has_value());
        QCOMPARE(times->userTicks, std::uint64_t(1234));
        QCOMPARE(times->systemTicks, std::uint64_t(567));
        QCOMPARE(times->startTicks, std::uint64_t(987654));
        QCOMPARE(times->cpuTicks(), std::uint64_t(1801));
        QCOMPARE(times->state, 'S');
        QVERIFY(!times->ended());
        QVERIFY(es::parseTaskStat("7 (gone) Z 1 7 7 0 -1 0 0 0 0 0 5 6 0 0 20 0 1 0 99 0 0")
                    .value()
                    .ended());
        QVERIFY(!es::parseTaskStat("4242 (cut short) S 1 2 3").has_value());
        QVERIFY(!es::parseTaskStat("no parenthesis at all").has_value());
    }

    void parsesResidentPages()
    {
        QCOMPARE(es::parseResidentPages("123456 7890 333 1 0 4000 0\n").value(),
                 std::uint64_t(7890));
        QVERIFY(!es::parseResidentPages("123456").has_value());
    }

    void liveSampleIsSane()
    {
        es::SystemSampler sampler(es::RunClock(), 100ms, [](const es::SystemSample&) {});
        // Keep one core busy for a while so that the process share is clearly above zero.
        std::atomic<bool> spin{true};
        std::thread busy([&spin] {
            volatile double sink = 0.0;
            while (spin.load())
                sink = sink + 1.0;
        });
        std::this_thread::sleep_for(300ms);
        const es::SystemSample sample = sampler.sampleNow();
        spin = false;
        busy.join();

        QVERIFY2(sample.processCpuPct > 20.0, qPrintable(QString::number(sample.processCpuPct)));
        QVERIFY(sample.processCpuPct < 100.0 * std::thread::hardware_concurrency() + 10.0);
        QVERIFY(sample.machineCpuPct >= 0.0 && sample.machineCpuPct <= 100.0);
        QVERIFY(sample.rssMb > 1.0 && sample.rssMb < 1e6);
        QVERIFY(sample.tS > 0.0);
        // The spinning thread was seen, and it did the work.
        double busiest = 0.0;
        for (const es::ThreadCpu& thread : sample.threads) {
            QVERIFY(thread.tid > 0);
            QVERIFY(thread.cpuPct >= 0.0);
            busiest = std::max(busiest, thread.cpuPct);
        }
        QVERIFY(sample.threads.size() >= 2);
        QVERIFY2(busiest > 20.0, qPrintable(QString::number(busiest)));
    }

    void threadDeliversMonotonicSamples()
    {
        std::mutex mutex;
        std::vector<double> times;
        es::SystemSampler sampler(es::RunClock(), 20ms, [&](const es::SystemSample& sample) {
            std::lock_guard lock(mutex);
            times.push_back(sample.tS);
        });
        sampler.start();
        std::this_thread::sleep_for(250ms);
        sampler.stop();
        std::lock_guard lock(mutex);
        QVERIFY2(times.size() >= 3, qPrintable(QString::number(times.size())));
        for (std::size_t i = 1; i < times.size(); ++i)
            QVERIFY(times[i] > times[i - 1]);
        const std::size_t delivered = times.size();
        std::this_thread::sleep_for(60ms);
        QCOMPARE(times.size(), delivered);  // nothing after stop()
    }

    void samplesAnotherProcess()
    {
        // A shell that keeps one core busy: its CPU shows, not this (idle) process's, and its
        // one thread is its own.
        Child busy({"/bin/sh", "-c", "while :; do :; done"});
        QVERIFY(busy.pid() > 0);
        es::SystemSampler sampler(
            es::RunClock(), 100ms, [](const es::SystemSample&) {}, busy.pid());
        std::this_thread::sleep_for(400ms);
        const es::SystemSample sample = sampler.sampleNow();

        QVERIFY(es::hasProcessFigures(sample));
        QVERIFY2(sample.processCpuPct > 20.0, qPrintable(QString::number(sample.processCpuPct)));
        QVERIFY(sample.rssMb > 0.0 && sample.rssMb < 100.0);  // a shell's, not a test's
        QCOMPARE(sample.threads.size(), std::size_t(1));
        QCOMPARE(sample.threads.front().tid, static_cast<int>(busy.pid()));
        QCOMPARE(sample.threads.front().name, std::string("sh"));
        QVERIFY(sample.machineCpuPct >= 0.0 && sample.machineCpuPct <= 100.0);
    }

    void aProcessThatEndsLacksItsFigures()
    {
        Child sleeper({"/bin/sleep", "30"});
        QVERIFY(sleeper.pid() > 0);
        std::mutex mutex;
        std::vector<es::SystemSample> delivered;
        es::SystemSampler sampler(
            es::RunClock(), 20ms,
            [&](const es::SystemSample& sample) {
                std::lock_guard lock(mutex);
                delivered.push_back(sample);
            },
            sleeper.pid());
        sampler.start();
        std::this_thread::sleep_for(100ms);
        QVERIFY(es::hasProcessFigures(sampler.sampleNow()));

        // Killed while the thread samples it: a zombie first, then reaped, then nothing.
        QCOMPARE(::kill(sleeper.pid(), SIGKILL), 0);
        QDeadlineTimer deadline(10'000);
        while (stateOf(sleeper.pid()) != 'Z' && !deadline.hasExpired())
            std::this_thread::sleep_for(5ms);
        QCOMPARE(stateOf(sleeper.pid()), 'Z');
        const es::SystemSample zombie = sampler.sampleNow();
        std::this_thread::sleep_for(60ms);
        sleeper.reap();
        std::this_thread::sleep_for(60ms);
        const es::SystemSample gone = sampler.sampleNow();
        sampler.stop();

        for (const es::SystemSample& sample : {zombie, gone}) {
            QVERIFY(!es::hasProcessFigures(sample));
            QVERIFY(std::isnan(sample.processCpuPct) && std::isnan(sample.rssMb));
            QVERIFY(sample.threads.empty());
            QVERIFY(sample.machineCpuPct >= 0.0 && sample.machineCpuPct <= 100.0);
        }
        // The thread went on through the end: samples with the sleeper's figures, then without.
        std::lock_guard lock(mutex);
        QVERIFY(!delivered.empty());
        QVERIFY(es::hasProcessFigures(delivered.front()));
        QVERIFY(!es::hasProcessFigures(delivered.back()));
    }

    void missingNvmlIsReported()
    {
        const es::Nvml nvml("libnvidia-ml-does-not-exist.so.1");
        QVERIFY(!nvml.available());
        QCOMPARE(nvml.deviceCount(), 0);
        QVERIFY(nvml.status().find("libnvidia-ml-does-not-exist.so.1") != std::string::npos);
        QVERIFY(nvml.deviceName(0).empty());
        QVERIFY(std::isnan(nvml.sample(0).smUtilPct));
    }

    void samplerRunsWhereverNvmlIs()
    {
        // Without a driver (CI) there are no GPU samples; with one, each GPU reports a total.
        const es::Nvml nvml;
        es::SystemSampler sampler(es::RunClock(), 100ms, [](const es::SystemSample&) {});
        QVERIFY(!sampler.gpuStatus().empty());
        const es::SystemSample sample = sampler.sampleNow();
        QCOMPARE(static_cast<int>(sample.gpus.size()), nvml.deviceCount());
        for (const es::GpuSample& gpu : sample.gpus)
            QVERIFY(gpu.memTotalMb > 0.0);
    }
};

QTEST_GUILESS_MAIN(TestSystemSampler)
#include "tst_systemsampler.moc"
