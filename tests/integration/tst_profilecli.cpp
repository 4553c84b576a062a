// `epochscope-cli profile -- python3 train.py`: Python scripts with known costs run under the
// probe (python/epochscope) through the CLI, and the run database holds their steps with each
// cost in its own phase, their epochs, facts and end, and the script's CPU and memory in its
// system samples, as for any run; scripts that fail, stop, never import torch or are not
// Python end as documented (docs/profile.md).
#include "engine/store/runstore.h"
#include "tests/support/clirunner.h"

#include <QtCore/QFile>
#include <QtCore/QFileInfo>
#include <QtCore/QTemporaryDir>
#include <QtCore/QThread>
#include <QtTest>

#include <signal.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

namespace {

constexpr const char* kPython = "/usr/bin/python3";
// Sleep-made costs in a script: generous margins, since a loaded 2-core machine oversleeps and
// the probe's own bookkeeping lands in Other.
constexpr double kCostShare = 0.8;    ///< a phase holds at least this much of its injected cost
constexpr double kOtherShare = 0.25;  ///< Other stays under this share of a step

/// A training loop with `perStep` injected: a Dataset whose __getitem__ sleeps 4 ms a sample
/// (batches of 4: data wait), an optimizer whose step sleeps 20 ms, a forward that sleeps
/// 10 ms, for `epochs` passes of 6 batches with `loss.item()` read.
QByteArray knownCostsScript(int epochs)
{
    return QByteArray(R"(
import time, torch
from torch.utils.data import DataLoader, Dataset

class Slow(Dataset):
    def __len__(self): return 24
    def __getitem__(self, i):
        time.sleep(0.004)
        return torch.randn(8), torch.randn(1)

class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.dense = torch.nn.Linear(8, 1)
    def forward(self, x):
        time.sleep(0.010)
        return self.dense(x)

class SlowSGD(torch.optim.SGD):
    def step(self, closure=None):
        time.sleep(0.020)
        return super().step(closure)

model = Model()
optimizer = SlowSGD(model.parameters(), lr=0.01)
loader = DataLoader(Slow(), batch_size=4)
for epoch in range()") +
           QByteArray::number(epochs) + R"():
    for x, y in loader:
        optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
        print("loss", loss.item())
)";
}

// What the system samples must show of the script below: the memory it holds and the core it
// keeps busy. 300 MB of its 314.6 MB block (300 MiB), half a core of a whole one, so that a
// loaded machine that gives the script only part of a core still passes.
constexpr double kHeldMb = 300.0;
constexpr double kBusyCpuPct = 50.0;

/// Holds a block of 300 MiB, every page written, for 1.5 s, lets it go, then keeps one core
/// busy in Python for 1.5 s. No torch: the samples are the probe's process's, steps or not.
const QByteArray kKnownUseScript = R"(
import time
block = bytearray(b"\x01") * (300 << 20)  # repeated: every page written, so resident
time.sleep(1.5)
del block
end = time.perf_counter() + 1.5
while time.perf_counter() < end:
    pass
)";

// A script whose time the samples can tell apart: an idle step, then a step that keeps a core
// busy, each 1 s, marked by hand. torch is imported first, so the hello comes before them.
const QByteArray kIdleThenBusyScript = R"(
import time
import torch
import epochscope

with epochscope.step():
    time.sleep(1.0)
with epochscope.step():
    end = time.perf_counter() + 1.0
    while time.perf_counter() < end:
        pass
)";

/// An interpreter that starts 1 s late, as a loaded machine's can: the probe inside it starts
/// that much after the script's process, more than a step of kIdleThenBusyScript lasts. Its
/// name starts with "python", as `profile` wants an interpreter's to.
const QByteArray kSlowStartInterpreter = R"(#!/bin/sh
sleep 1
exec /usr/bin/python3 "$@"
)";

// A sample's CPU covers the interval before it: within a step, samples this far from its
// edges saw only that step (a sample interval is 100 ms; a loaded machine samples late).
constexpr double kStepEdgeS = 0.2;
// The idle step sleeps: next to nothing. The busy one gets what a loaded machine leaves it:
// half a core was seen under `ctest -j2` with other work on two cores, a quarter is asked for.
// A sample placed in the wrong step sees the other step's figure, or torch's import, which
// keeps a core busy: far from both bounds.
constexpr double kIdleStepCpuPct = 15.0;
constexpr double kBusyStepCpuPct = 25.0;

double medianOf(std::vector<double> values)
{
    if (values.empty())
        return std::nan("");
    std::sort(values.begin(), values.end());
    const std::size_t middle = values.size() / 2;
    return values.size() % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2.0;
}

/// The script's CPU in the samples taken well inside `step`, on the run's clock.
std::vector<double> cpuWithin(const es::BatchRecord& step,
                              const std::vector<es::SystemSample>& samples)
{
    const double startS = step.endS - step.wallMs / 1000.0;
    std::vector<double> cpu;
    for (const es::SystemSample& sample : samples)
        if (sample.tS >= startS + kStepEdgeS && sample.tS <= step.endS - kStepEdgeS)
            cpu.push_back(sample.processCpuPct);
    return cpu;
}

QString listed(const std::vector<double>& values)
{
    QStringList parts;
    for (double value : values)
        parts << QString::number(value, 'f', 1);
    return "[" + parts.join(", ") + "]";
}

}  // namespace

class TestProfileCli : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    QString path(const QString& name) const { return m_dir.filePath(name); }
    QString database() const { return path("runs.db"); }

    QString writeScript(const QString& name, const QByteArray& text) const
    {
        QFile file(path(name));
        if (!file.open(QIODevice::WriteOnly) || file.write(text) != text.size())
            return {};
        return file.fileName();
    }

    CliRun profile(const QStringList& command, const QStringList& options = {}) const
    {
        return runCli(
            QStringList{"profile", "--db", database()} + options + QStringList{"--"} + command,
            kTrainTimeoutMs);
    }

    /// The newest run as the database holds it now, read while a writer may be recording.
    std::optional<es::StoredRun> newestRun() const
    {
        try {
            return lastRun();
        } catch (const std::exception&) {
            return std::nullopt;  // no database or no run yet
        }
    }

    /// Waits until the newest run is `name` with `steps` steps committed; the run then, or
    /// nothing.
    std::optional<es::StoredRun> waitForSteps(const std::string& name, std::size_t steps) const
    {
        QDeadlineTimer deadline(kTrainTimeoutMs);
        while (!deadline.hasExpired()) {
            const std::optional<es::StoredRun> run = newestRun();
            if (run && run->header.name == name && run->batches.size() >= steps)
                return run;
            QThread::msleep(100);
        }
        return std::nullopt;
    }

    /// Starts `profile` on `script` in the background.
    void startProfile(QProcess& cli, const QString& script, const QString& name) const
    {
        cli.setProcessEnvironment(isolatedEnvironment());
        cli.start(es::test::cliPath(),
                  {"profile", "--db", database(), "--name", name, "--", kPython, script});
    }

    /// What the kill tests start from: `profile` in the background as run `name` on a script
    /// (written to `file`) that trains until it is stopped, once its first epoch, 6 steps, is
    /// in the database. The run as stored then, or nothing when it never got that far.
    std::optional<es::StoredRun> startLongProfile(QProcess& cli, const QString& file,
                                                  const std::string& name) const
    {
        startProfile(cli, writeScript(file, knownCostsScript(1000)), QString::fromStdString(name));
        if (!cli.waitForStarted())
            return std::nullopt;
        return waitForSteps(name, 6);
    }

    /// The script's process, as its probe said in its hello.
    static pid_t scriptPid(const es::StoredRun& run)
    {
        return run.info["script"]["pid"].get<pid_t>();
    }

    es::StoredRun lastRun() const
    {
        es::RunStore store(database().toStdString(), es::StoreAccess::ReadOnly);
        const std::vector<es::StoredRunHeader> runs = store.listRuns();
        if (runs.empty())
            throw std::runtime_error("no run recorded");
        std::int64_t newest = 0;
        for (const es::StoredRunHeader& run : runs)
            newest = std::max(newest, run.id);
        return *store.loadRun(newest);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY2(QFile::exists(kPython),
                 "/usr/bin/python3 is missing: run scripts/bootstrap-debian.sh");
    }

    void knownCostsLandInTheirPhases()
    {
        const QString script = writeScript("costs.py", knownCostsScript(3));
        const CliRun run = profile({kPython, script}, {"--name", "known costs"});
        QVERIFY2(run.exitCode == kExitFinished, qPrintable(run.err));
        QVERIFY2(run.out.count("loss ") == 18, qPrintable(run.out));  // the script's own output
        QVERIFY2(run.err.contains("epoch 3: 6 steps"), qPrintable(run.err));
        QVERIFY2(run.err.contains("completed: 18 steps in 3 epochs"), qPrintable(run.err));

        const es::StoredRun stored = lastRun();
        QCOMPARE(stored.header.name, std::string("known costs"));
        QCOMPARE(stored.header.status, es::RunStatus::Completed);
        QCOMPARE(stored.batches.size(), std::size_t(18));
        QCOMPARE(stored.epochs.size(), std::size_t(3));
        QCOMPARE(stored.header.backend, std::string("pytorch"));
        QVERIFY(stored.config.contains("script"));
        QCOMPARE(stored.info["script"]["torch"].get<std::string>().empty(), false);
        const auto ms = [](const es::BatchRecord& step, es::Phase phase) {
            return step.phaseMs[es::phaseIndex(phase)];
        };
        for (const es::BatchRecord& step : stored.batches) {
            const QString where = QString("epoch %1 step %2").arg(step.epoch).arg(step.batch);
            QCOMPARE(step.samples, std::int64_t(4));
            QVERIFY2(ms(step, es::Phase::DataWait) >= kCostShare * 16.0, qPrintable(where));
            QVERIFY2(ms(step, es::Phase::Forward) >= kCostShare * 10.0, qPrintable(where));
            QVERIFY2(ms(step, es::Phase::Optimizer) >= kCostShare * 20.0, qPrintable(where));
            QVERIFY2(ms(step, es::Phase::Other) <= kOtherShare * step.wallMs, qPrintable(where));
            QVERIFY2(std::isfinite(step.loss), qPrintable(where));  // loss.item() was read
        }
        QVERIFY(stored.summary["steady_state_step_ms"].is_number());
        // Sampled on the run's clock from the script's start: before its first step ended
        // (torch's import alone takes longer than a sample interval), to within the run.
        QVERIFY(!stored.samples.empty());
        QVERIFY(stored.samples.front().tS < stored.batches.front().endS);
        QVERIFY(stored.samples.back().tS <= stored.summary["total_s"].get<double>());

        // diagnose reads it as it reads any run.
        const CliRun diagnose = runCli({"diagnose", QString::number(stored.header.id), "--db",
                                        database(), "--no-doctor", "--json"});
        QVERIFY2(diagnose.exitCode == kExitFinished, qPrintable(diagnose.err));
        QVERIFY(nlohmann::json::parse(diagnose.out.toStdString()).is_object());
    }

    void aScriptThatRaisesIsFailed()
    {
        const QString script = writeScript("raises.py", "import torch\nraise ValueError('bad')\n");
        const CliRun run = profile({kPython, script});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains("ValueError: bad"), qPrintable(run.err));
        const es::StoredRun stored = lastRun();
        QCOMPARE(stored.header.status, es::RunStatus::Failed);
        QCOMPARE(stored.error, std::string("ValueError: bad"));
    }

    void aScriptWithoutTorchSaysSo()
    {
        const QString script = writeScript("plain.py", "print('no torch here')\n");
        const CliRun run = profile({kPython, script});
        QCOMPARE(run.exitCode, kExitFinished);
        const es::StoredRun stored = lastRun();
        QCOMPARE(stored.header.status, es::RunStatus::Completed);
        QVERIFY2(stored.notes.find("never imported torch") != std::string::npos,
                 stored.notes.c_str());
    }

    void theScriptsCpuAndMemoryAreSampled()
    {
        const CliRun run =
            profile({kPython, writeScript("use.py", kKnownUseScript)}, {"--name", "known use"});
        QVERIFY2(run.exitCode == kExitFinished, qPrintable(run.err));
        const es::StoredRun stored = lastRun();
        QCOMPARE(stored.header.name, std::string("known use"));
        QVERIFY2(stored.samples.size() >= 10, qPrintable(QString::number(stored.samples.size())));

        const double totalS = stored.summary["total_s"].get<double>();
        // A process's threads are named after the program it runs: /usr/bin/python3's are
        // "python3", the CLI's "epochscope-cli" and its own.
        const std::string interpreter = QFileInfo(kPython).fileName().toStdString();
        double peakRssMb = 0.0;
        double peakCpuPct = 0.0;
        bool sawScriptThread = false;
        double previousS = 0.0;
        for (const es::SystemSample& sample : stored.samples) {
            const QString at = QString("sample at %1 s of %2 s").arg(sample.tS).arg(totalS);
            // On the run's clock, within the run, in order.
            QVERIFY2(sample.tS > previousS && sample.tS <= totalS, qPrintable(at));
            previousS = sample.tS;
            QVERIFY2(std::isfinite(sample.processCpuPct) && std::isfinite(sample.rssMb),
                     qPrintable(at));
            peakRssMb = std::max(peakRssMb, sample.rssMb);
            peakCpuPct = std::max(peakCpuPct, sample.processCpuPct);
            for (const es::ThreadCpu& thread : sample.threads)
                sawScriptThread = sawScriptThread || thread.name == interpreter;
        }
        // The script's process, not the CLI's: its memory, its busy core, its main thread.
        QVERIFY2(peakRssMb >= kHeldMb, qPrintable(QString::number(peakRssMb)));
        QVERIFY2(peakCpuPct >= kBusyCpuPct, qPrintable(QString::number(peakCpuPct)));
        QVERIFY(sawScriptThread);
    }

    /// The steps and the samples share one time axis, the run's: the samples inside the busy
    /// step show a busy core, those inside the idle step an idle one, although the probe's own
    /// clock started more than a step's length after the run's.
    void stepsAndSamplesShareOneTimeAxis()
    {
        const QString interpreter = writeScript("python3-slow-start", kSlowStartInterpreter);
        QVERIFY(QFile::setPermissions(interpreter,
                                      QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
        const CliRun run = profile({interpreter, writeScript("idle-busy.py", kIdleThenBusyScript)},
                                   {"--name", "idle then busy"});
        QVERIFY2(run.exitCode == kExitFinished, qPrintable(run.err));
        const es::StoredRun stored = lastRun();
        QCOMPARE(stored.header.name, std::string("idle then busy"));
        QCOMPARE(stored.batches.size(), std::size_t(2));

        // Where the probe started on the run's clock: after the interpreter's late start.
        const double probeStartS = stored.info["script"]["probe_start_s"].get<double>();
        QVERIFY2(probeStartS >= 1.0 && probeStartS < stored.batches.front().endS,
                 qPrintable(QString::number(probeStartS)));
        const std::vector<double> idle = cpuWithin(stored.batches[0], stored.samples);
        const std::vector<double> busy = cpuWithin(stored.batches[1], stored.samples);
        const QString seen = QString("idle step %1, busy step %2, probe started at %3 s")
                                 .arg(listed(idle), listed(busy))
                                 .arg(probeStartS);
        QVERIFY2(idle.size() >= 3 && busy.size() >= 3, qPrintable(seen));
        QVERIFY2(medianOf(idle) <= kIdleStepCpuPct, qPrintable(seen));
        QVERIFY2(medianOf(busy) >= kBusyStepCpuPct, qPrintable(seen));
    }

    void commandsThatAreNotAScriptAreRefused_data()
    {
        QTest::addColumn<QStringList>("command");
        QTest::addColumn<QString>("says");
        QTest::newRow("not python") << QStringList{"/bin/echo", "hi"} << "not a Python interpreter";
        QTest::newRow("no script") << QStringList{kPython} << "no script to run";
        QTest::newRow("-c") << QStringList{kPython, "-c", "print(1)"} << "runs no script file";
        QTest::newRow("-m") << QStringList{kPython, "-m", "json.tool"} << "runs no script file";
    }

    void commandsThatAreNotAScriptAreRefused()
    {
        QFETCH(QStringList, command);
        QFETCH(QString, says);
        const CliRun run = profile(command);
        QCOMPARE(run.exitCode, kExitBadInput);
        QVERIFY2(run.err.contains(says), qPrintable(run.err));
    }

    void aStopSignalStopsTheScript()
    {
        const QString script = writeScript("long.py", knownCostsScript(1000));
        QProcess cli;
        cli.setProcessEnvironment(isolatedEnvironment());
        cli.start(es::test::cliPath(),
                  {"profile", "--db", database(), "--name", "stopped", "--", kPython, script});
        QVERIFY(cli.waitForStarted());
        // Once a few steps ran, SIGINT to the CLI alone, as the app's Stop or `kill -INT` sends.
        QDeadlineTimer deadline(kTrainTimeoutMs);
        QByteArray out;
        while (out.count("loss ") < 8 && !deadline.hasExpired() && cli.state() == QProcess::Running)
            if (cli.waitForReadyRead(1000))
                out += cli.readAllStandardOutput();
        QVERIFY2(out.count("loss ") >= 8, out.constData());
        ::kill(static_cast<pid_t>(cli.processId()), SIGINT);
        QVERIFY(cli.waitForFinished(kQuickTimeoutMs));
        QCOMPARE(cli.exitCode(), kExitInterrupted);
        const es::StoredRun stored = lastRun();
        QCOMPARE(stored.header.name, std::string("stopped"));
        QCOMPARE(stored.header.status, es::RunStatus::Stopped);
        QVERIFY(stored.batches.size() >= 8);
    }

    void aKilledScriptLeavesItsCommittedSteps()
    {
        QProcess cli;
        const std::optional<es::StoredRun> running = startLongProfile(cli, "killed.py", "killed");
        QVERIFY(running);
        const pid_t pid = scriptPid(*running);
        QVERIFY(pid > 1);
        QCOMPARE(::kill(pid, SIGKILL), 0);
        QVERIFY(cli.waitForFinished(kQuickTimeoutMs));
        QCOMPARE(cli.exitCode(), 128 + SIGKILL);  // the script's end, as a shell reports it

        const es::StoredRun stored = lastRun();
        QCOMPARE(stored.header.name, std::string("killed"));
        QCOMPARE(stored.header.status, es::RunStatus::Failed);
        const nlohmann::json& recorded = stored.summary["error"];
        const std::string error = recorded.is_string() ? recorded.get<std::string>() : "";
        QVERIFY2(error.find("SIGKILL") != std::string::npos, error.c_str());
        QVERIFY(stored.batches.size() >= running->batches.size());
        for (std::size_t i = 0; i < stored.batches.size(); ++i)
            QCOMPARE(stored.batches[i].batch, int(i % 6) + 1);  // whole steps, in order
        // Sampled from its start: samples came with the steps, and none was lost at its end.
        QVERIFY(!running->samples.empty());
        QVERIFY(stored.samples.size() >= running->samples.size());
    }

    void aKilledRecorderLeavesAReadableDatabase()
    {
        QProcess cli;
        const std::optional<es::StoredRun> running =
            startLongProfile(cli, "orphan.py", "recorder killed");
        QVERIFY(running);
        const pid_t pid = scriptPid(*running);
        cli.kill();  // SIGKILL to epochscope-cli itself, mid-write perhaps
        QVERIFY(cli.waitForFinished(kQuickTimeoutMs));
        // The script loses its reader; whatever it does then, this test ends it.
        ::kill(pid, SIGKILL);

        const es::StoredRun stored = lastRun();
        QCOMPARE(stored.header.name, std::string("recorder killed"));
        QVERIFY(stored.batches.size() >= running->batches.size());
        // The samples written before the kill stay, as the steps do.
        QVERIFY(!running->samples.empty());
        QVERIFY(stored.samples.size() >= running->samples.size());
        QVERIFY(stored.header.status == es::RunStatus::Running ||
                stored.header.status == es::RunStatus::Interrupted);
        // The database takes the next run as before.
        const CliRun next =
            profile({kPython, writeScript("after.py", knownCostsScript(1))}, {"--name", "after"});
        QVERIFY2(next.exitCode == kExitFinished, qPrintable(next.err));
        QCOMPARE(lastRun().batches.size(), std::size_t(6));
    }

    void twoProfilesRecordIntoOneDatabaseAtOnce()
    {
        const QString script = writeScript("twice.py", knownCostsScript(2));
        QProcess first;
        QProcess second;
        startProfile(first, script, "first of two");
        startProfile(second, script, "second of two");
        QVERIFY(first.waitForFinished(kTrainTimeoutMs));
        QVERIFY(second.waitForFinished(kTrainTimeoutMs));
        QVERIFY2(first.exitCode() == kExitFinished, first.readAllStandardError().constData());
        QVERIFY2(second.exitCode() == kExitFinished, second.readAllStandardError().constData());
        es::RunStore store(database().toStdString(), es::StoreAccess::ReadOnly);
        int found = 0;
        for (const es::StoredRunHeader& header : store.listRuns()) {
            if (header.name != "first of two" && header.name != "second of two")
                continue;
            ++found;
            const es::StoredRun run = *store.loadRun(header.id);
            QCOMPARE(run.header.status, es::RunStatus::Completed);
            QCOMPARE(run.batches.size(), std::size_t(12));
            QCOMPARE(run.epochs.size(), std::size_t(2));
        }
        QCOMPARE(found, 2);
    }

    void aScriptRunComparesWithAnEngineRun()
    {
        const CliRun script = profile({kPython, writeScript("compared.py", knownCostsScript(2))},
                                      {"--name", "script"});
        QVERIFY2(script.exitCode == kExitFinished, qPrintable(script.err));
        const std::int64_t scriptId = lastRun().header.id;
        const CliRun engine = runCli({"train", "--preset", "keras-lstm-regression", "--epochs", "1",
                                      "--max-batches", "4", "--db", database()},
                                     kTrainTimeoutMs);
        QVERIFY2(engine.exitCode == kExitFinished, qPrintable(engine.err));
        const std::int64_t engineId = lastRun().header.id;
        const QString report = path("compared.json");
        const CliRun compare =
            runCli({"compare", QString::number(scriptId), QString::number(engineId), "--db",
                    database(), "--out", report});
        QVERIFY2(compare.exitCode == kExitFinished, qPrintable(compare.err));
        QFile file(report);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const std::string text = file.readAll().toStdString();
        QVERIFY(text.find("\"script\"") != std::string::npos);
        QVERIFY(text.find("pytorch") != std::string::npos);
        QVERIFY(text.find("keras-lstm-regression") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestProfileCli)
#include "tst_profilecli.moc"
