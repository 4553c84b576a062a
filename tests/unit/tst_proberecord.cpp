// The probe's records read back (engine/script/proberecord.h): each type as the probe writes
// it, and a table of lines a broken or hostile probe could send, each refused with the field
// named; then a script run built from records (engine/script/scriptrecorder.h) in a store, with
// the variables it was started with, its steps and epochs put on the run's clock by the
// hello's clock_s (or left as sent where it cannot be), and the command line shown for such a
// run.
#include "engine/core/runclock.h"
#include "engine/i18n/evidencetext.h"
#include "engine/io/childprocess.h"
#include "engine/script/proberecord.h"
#include "engine/script/scriptrecorder.h"
#include "engine/store/runstore.h"

#include <QtCore/QTemporaryDir>
#include <QtTest>

#include <time.h>

#include <chrono>
#include <cmath>
#include <string>
#include <variant>
#include <vector>

namespace {

constexpr const char* kConversions =
    R"j({"type":"conversions","sites":[{"function":"torch.tensor","file":"train.py","line":42,)j"
    R"j("code":"xb = torch.tensor(X[i:i + 64])","calls":120,"bytes":1234567,"seconds":0.1234,)j"
    R"j("in_steps":118}]})j";

const std::string kClockS = R"(,"clock_s":49229.951846063)";

const std::string kHello =
    R"({"type":"hello","format":"epochscope-probe","version":1,"pid":42,"python":"3.11.2",)"
    R"("torch":"1.13.1","argv":["train.py","--epochs","2"],"cwd":"/tmp","intra_op_threads":2,)"
    R"("inter_op_threads":1,"cuda":false,"hooks":["dataloader","module"])" +
    kClockS + "}";

/// The hello of a probe that started at `clockS` on the monotonic clock.
std::string helloAt(double clockS)
{
    return kHello.substr(0, kHello.find(kClockS)) + es::formatText(R"(,"clock_s":%.9f})", clockS);
}

/// The hello of a probe older than clock_s.
std::string helloWithoutClock()
{
    return kHello.substr(0, kHello.find(kClockS)) + "}";
}

double secondsOf(const timespec& time)
{
    return static_cast<double>(time.tv_sec) + static_cast<double>(time.tv_nsec) * 1e-9;
}

std::string step(int epoch, int batch, double endS, const std::string& loss = "0.5")
{
    return R"({"type":"step","epoch":)" + std::to_string(epoch) + R"(,"batch":)" +
           std::to_string(batch) + R"(,"end_s":)" + std::to_string(endS) +
           R"(,"wall_ms":40.0,"phase_ms":{"data_wait":10.0,"host_to_device":0.0,)"
           R"("forward":12.0,"backward":8.0,"optimizer":5.0,"callbacks":0.0,"other":5.0},)"
           R"("loss":)" +
           loss + R"(,"samples":64,"h2d_bytes":0,"minor_faults":3,"major_faults":0})";
}

/// `base` with the first occurrence of `from` replaced by `to`.
std::string with(std::string base, const std::string& from, const std::string& to)
{
    const std::size_t at = base.find(from);
    if (at == std::string::npos)
        throw std::logic_error("no " + from + " in the base line");
    return base.replace(at, from.size(), to);
}

}  // namespace

class TestProbeRecord : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void readsEachRecord()
    {
        const auto hello = std::get<es::ProbeHello>(es::parseProbeRecord(kHello));
        QCOMPARE(hello.pid, std::int64_t(42));
        QCOMPARE(hello.torch, std::string("1.13.1"));
        QCOMPARE(hello.argv.size(), std::size_t(3));
        QCOMPARE(hello.intraOpThreads, 2);
        QCOMPARE(hello.hooks.back(), std::string("module"));
        QVERIFY(hello.clockS);
        QCOMPARE(*hello.clockS, 49229.951846063);
        // A probe older than clock_s, and one on a Python without CLOCK_MONOTONIC.
        QVERIFY(!std::get<es::ProbeHello>(es::parseProbeRecord(helloWithoutClock())).clockS);
        QVERIFY(!std::get<es::ProbeHello>(
                     es::parseProbeRecord(with(kHello, kClockS, R"(,"clock_s":null)")))
                     .clockS);

        // A script that never imported torch: no version, no thread counts (docs/profile.md).
        const auto torchless = std::get<es::ProbeHello>(
            es::parseProbeRecord(with(with(with(kHello, "\"torch\":\"1.13.1\"", "\"torch\":null"),
                                           "\"intra_op_threads\":2", "\"intra_op_threads\":null"),
                                      "\"inter_op_threads\":1", "\"inter_op_threads\":null")));
        QVERIFY(torchless.torch.empty());
        QCOMPARE(torchless.intraOpThreads, 0);
        QCOMPARE(torchless.interOpThreads, 0);

        const auto taken = std::get<es::ProbeStep>(es::parseProbeRecord(step(2, 7, 3.5)));
        QCOMPARE(taken.step.epoch, 2);
        QCOMPARE(taken.step.batch, 7);
        QCOMPARE(taken.step.phaseMs[es::phaseIndex(es::Phase::Forward)], 12.0);
        QCOMPARE(taken.step.phaseMs[es::phaseIndex(es::Phase::Other)], 5.0);
        QCOMPARE(taken.step.samples, std::int64_t(64));
        QVERIFY(taken.hasLoss);
        QVERIFY(!std::get<es::ProbeStep>(es::parseProbeRecord(step(1, 1, 1.0, "null"))).hasLoss);

        const auto end = std::get<es::ProbeEnd>(es::parseProbeRecord(
            R"({"type":"end","status":"failed","error":"ValueError: bad","exit_code":1,)"
            R"("steps":3,"torch_imported":true})"));
        QCOMPARE(end.error, std::string("ValueError: bad"));
        const auto modules = std::get<es::ProbeModules>(
            es::parseProbeRecord(R"({"type":"modules","recurrent":[{"class":"GRU","device":"cpu",)"
                                 R"("packed_input":true,"bidirectional":false,"calls":4}]})"));
        QCOMPARE(modules.recurrent.front().className, std::string("GRU"));
        QVERIFY(modules.recurrent.front().packedInput);
        const auto conversions = std::get<es::ProbeConversions>(es::parseProbeRecord(kConversions));
        QCOMPARE(conversions.sites.size(), std::size_t(1));
        const es::ProbeConversionSite& site = conversions.sites.front();
        QCOMPARE(site.function, std::string("torch.tensor"));
        QCOMPARE(site.file, std::string("train.py"));
        QCOMPARE(site.line, std::int64_t(42));
        QCOMPARE(site.code, std::string("xb = torch.tensor(X[i:i + 64])"));
        QCOMPARE(site.calls, std::int64_t(120));
        QCOMPARE(site.bytes, std::int64_t(1234567));
        QCOMPARE(site.seconds, 0.1234);
        QCOMPARE(site.inSteps, std::int64_t(118));
    }

    void refusesBadLines_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<QString>("field");
        const std::string good = step(1, 1, 1.0);
        const auto row = [](const char* name, const std::string& line, const char* field) {
            QTest::newRow(name) << QByteArray::fromStdString(line) << QString(field);
        };
        row("not json", "{\"type\":", "");
        row("not an object", "[1, 2]", "");
        row("number beyond a double", R"({"type":"note","text":"x","t":2e999})", "");
        row("nested deeper than any record", std::string(100000, '['), "");
        row("duplicate key", R"({"type":"note","text":"a","text":"b"})", "");
        row("invalid UTF-8", "{\"type\":\"note\",\"text\":\"\xC3\x28\"}", "");
        row("too long", std::string(es::kMaxProbeLineBytes + 1, ' '), "");
        row("no type", "{}", "type");
        row("unknown type", R"({"type":"party"})", "type");
        row("other format", with(kHello, "epochscope-probe", "something-else"), "format");
        row("newer version", with(kHello, "\"version\":1", "\"version\":2"), "version");
        row("pid zero", with(kHello, "\"pid\":42", "\"pid\":0"), "pid");
        row("argv not strings", with(kHello, "\"--epochs\"", "3"), "argv[1]");
        row("threads negative", with(kHello, "\"intra_op_threads\":2", "\"intra_op_threads\":-1"),
            "intra_op_threads");
        row("threads a string",
            with(kHello, "\"inter_op_threads\":1", "\"inter_op_threads\":\"1\""),
            "inter_op_threads");
        row("cuda not a bool", with(kHello, "\"cuda\":false", "\"cuda\":0"), "cuda");
        row("clock negative", with(kHello, kClockS, R"(,"clock_s":-0.5)"), "clock_s");
        row("clock a string", with(kHello, kClockS, R"(,"clock_s":"49229.95")"), "clock_s");
        row("clock a bool", with(kHello, kClockS, R"(,"clock_s":true)"), "clock_s");
        row("clock an object", with(kHello, kClockS, R"(,"clock_s":{"s":1})"), "clock_s");
        row("clock past a century of uptime", with(kHello, kClockS, R"(,"clock_s":4e9)"),
            "clock_s");
        row("clock infinite", with(kHello, kClockS, R"(,"clock_s":1e999)"), "");
        row("epoch zero", with(good, "\"epoch\":1", "\"epoch\":0"), "epoch");
        row("epoch fractional", with(good, "\"epoch\":1", "\"epoch\":1.5"), "epoch");
        row("epoch huge", with(good, "\"epoch\":1", "\"epoch\":99999999999999999999"), "epoch");
        row("wall negative", with(good, "\"wall_ms\":40.0", "\"wall_ms\":-1"), "wall_ms");
        row("wall a string", with(good, "\"wall_ms\":40.0", "\"wall_ms\":\"40\""), "wall_ms");
        row("phase unknown", with(good, "\"forward\"", "\"thinking\""), "phase_ms.thinking");
        row("phase negative", with(good, "\"forward\":12.0", "\"forward\":-12"),
            "phase_ms.forward");
        row("phases over wall", with(good, "\"forward\":12.0", "\"forward\":30.0"), "phase_ms");
        row("phases missing", with(good, "\"phase_ms\":{", "\"phases\":{"), "phase_ms");
        row("loss a string", with(good, "\"loss\":0.5", "\"loss\":\"low\""), "loss");
        row("samples negative", with(good, "\"samples\":64", "\"samples\":-64"), "samples");
        row("end status",
            R"({"type":"end","status":"exploded","error":null,"exit_code":0,)"
            R"("steps":0,"torch_imported":true})",
            "status");
        row("module entry not an object", R"({"type":"modules","recurrent":[3]})", "recurrent[0]");
        row("module calls negative",
            R"({"type":"modules","recurrent":[{"class":"GRU","device":"cpu",)"
            R"("packed_input":false,"bidirectional":false,"calls":-1}]})",
            "recurrent[0].calls");
        const std::string conversions = kConversions;
        row("sites not a list", with(conversions, "\"sites\":[", "\"sites\":7,\"x\":["), "sites");
        row("site line zero", with(conversions, "\"line\":42", "\"line\":0"), "sites[0].line");
        row("site calls zero", with(conversions, "\"calls\":120", "\"calls\":0"), "sites[0].calls");
        row("site seconds infinite", with(conversions, "\"seconds\":0.1234", "\"seconds\":1e999"),
            "");
        row("site seconds negative", with(conversions, "\"seconds\":0.1234", "\"seconds\":-1"),
            "sites[0].seconds");
        row("site in steps beyond calls", with(conversions, "\"in_steps\":118", "\"in_steps\":121"),
            "sites[0].in_steps");
        row("site code not a string",
            with(conversions, "\"code\":\"xb = torch.tensor(X[i:i + 64])\"", "\"code\":17"),
            "sites[0].code");
        row("site without a file", with(conversions, "\"file\":\"train.py\",", ""),
            "sites[0].file");
        std::string many = R"({"type":"conversions","sites":[)";
        for (std::size_t i = 0; i <= es::kMaxConversionSites; ++i)
            many += std::string(i == 0 ? "" : ",") +
                    R"({"function":"torch.tensor","file":"a.py","line":1,"code":"","calls":1,)"
                    R"("bytes":0,"seconds":0,"in_steps":0})";
        row("too many sites", many + "]}", "sites");
        row("note too long",
            "{\"type\":\"note\",\"text\":\"" + std::string(64 * 1024 + 1, 'x') + "\"}", "text");
    }

    void refusesBadLines()
    {
        QFETCH(QByteArray, line);
        QFETCH(QString, field);
        try {
            es::parseProbeRecord(line.toStdString());
            QFAIL("refused nothing");
        } catch (const es::ProbeRecordError& error) {
            QCOMPARE(QString::fromStdString(error.field()), field);
            if (!field.isEmpty())
                QVERIFY2(QString(error.what()).startsWith(field + ": "), error.what());
        }
    }

    void recordsARunFromRecords()
    {
        QTemporaryDir dir;
        es::RunStore store(dir.filePath("runs.db").toStdString());
        es::ScriptRunRecorder recorder(store, "train.py", {"python3", "train.py"}, "/tmp");
        recorder.take(es::parseProbeRecord(kHello));
        recorder.take(es::parseProbeRecord(R"({"type":"epoch_begin","epoch":1,"t_s":0.5})"));
        for (int batch = 1; batch <= 3; ++batch)
            recorder.take(es::parseProbeRecord(step(1, batch, 0.5 + 0.04 * batch)));
        recorder.take(
            es::parseProbeRecord(R"({"type":"epoch_end","epoch":1,"t_s":0.8,"batches":3})"));
        // A second epoch with no epoch records of its own and a loss never read.
        recorder.take(es::parseProbeRecord(step(2, 1, 0.9, "null")));
        recorder.flush();
        recorder.take(es::parseProbeRecord(
            R"({"type":"end","status":"finished","error":null,"exit_code":0,"steps":4,)"
            R"("torch_imported":true})"));
        recorder.finish({}, 1.0);

        const es::StoredRun run = *store.loadRun(recorder.runId());
        QCOMPARE(run.header.status, es::RunStatus::Completed);
        QVERIFY(es::isScriptRunConfig(run.config));
        QCOMPARE(run.config["script"]["command"], nlohmann::json({"python3", "train.py"}));
        QCOMPARE(run.header.backend, std::string("pytorch"));
        QCOMPARE(run.info["script"]["torch"], nlohmann::json("1.13.1"));
        QCOMPARE(run.batches.size(), std::size_t(4));
        QVERIFY(std::isnan(run.batches.back().loss));  // read back as unknown, not as 0
        QCOMPARE(run.epochs.size(), std::size_t(2));
        const es::EpochRecord& first = run.epochs.front();
        QCOMPARE(first.batches, 3);
        QCOMPARE(first.startS, 0.5);
        QCOMPARE(first.wallS, 0.8 - 0.5);
        QCOMPARE(first.trainS, 0.12);
        QCOMPARE(first.trainLoss, 0.5);
        QCOMPARE(first.phaseS[es::phaseIndex(es::Phase::DataWait)], 0.03);
        QVERIFY(std::isnan(run.epochs.back().trainLoss));
        QCOMPARE(run.summary["status"], nlohmann::json("finished"));
        // Started with no variables of its own (as `profile` starts a script): none recorded.
        QVERIFY(!run.config["script"].contains("env"));
    }

    /// The variables a run was started with on top of the inherited environment (a what-if
    /// variant's) are in its config, the last of a name winning as when the script started,
    /// and in the summary's copy of the config.
    void recordsTheVariablesItWasStartedWith()
    {
        QTemporaryDir dir;
        es::RunStore store(dir.filePath("runs.db").toStdString());
        es::ScriptRunRecorder recorder(store, "train.py", {"python3", "train.py"}, "/tmp",
                                       {{"OMP_NUM_THREADS", "1"}, {"A", "x"}, {"A", "y z"}});
        recorder.finish({false, 0, false}, 0.5);
        const es::StoredRun run = *store.loadRun(recorder.runId());
        const nlohmann::json expected = {{"A", "y z"}, {"OMP_NUM_THREADS", "1"}};
        QCOMPARE(run.config["script"]["env"], expected);
        QCOMPARE(run.summary["config"]["script"]["env"], expected);
        QCOMPARE(es::scriptRunConfig("s", {"python3", "s.py"}, "/w", {}),
                 es::scriptRunConfig("s", {"python3", "s.py"}, "/w"));
    }

    /// The premise of clock_s: the run's clock is CLOCK_MONOTONIC, the clock the probe's
    /// time.perf_counter reads on Linux, counted from the same epoch.
    void theRunClockIsTheMonotonicClock()
    {
        timespec before{};
        timespec after{};
        clock_gettime(CLOCK_MONOTONIC, &before);
        const es::RunClock clock;
        clock_gettime(CLOCK_MONOTONIC, &after);
        QVERIFY2(secondsOf(before) <= clock.originMonotonicS() &&
                     clock.originMonotonicS() <= secondsOf(after),
                 qPrintable(QString("%1 not in [%2, %3]")
                                .arg(clock.originMonotonicS(), 0, 'f', 9)
                                .arg(secondsOf(before), 0, 'f', 9)
                                .arg(secondsOf(after), 0, 'f', 9)));
    }

    /// A probe that started 0.25 s after the script (Python's start-up): its steps and epochs
    /// are moved onto the run's clock, where the samples are, whether the hello came before
    /// them (a script that imports torch) or after (one that never does, with its steps marked
    /// by hand).
    void putsTheProbesTimesOnTheRunsClock_data()
    {
        QTest::addColumn<bool>("helloFirst");
        QTest::newRow("hello first") << true;
        QTest::newRow("hello last") << false;
    }

    void putsTheProbesTimesOnTheRunsClock()
    {
        QFETCH(bool, helloFirst);
        QTemporaryDir dir;
        es::RunStore store(dir.filePath("runs.db").toStdString());
        es::ScriptRunRecorder recorder(store, "train.py", {"python3", "train.py"}, "/tmp");
        const es::RunClock clock(std::chrono::steady_clock::now() - std::chrono::seconds(10));
        recorder.startClock(clock);
        const std::string hello = helloAt(clock.originMonotonicS() + 0.25);
        if (helloFirst)
            recorder.take(es::parseProbeRecord(hello));
        recorder.take(es::parseProbeRecord(R"({"type":"epoch_begin","epoch":1,"t_s":0.5})"));
        recorder.take(es::parseProbeRecord(step(1, 1, 0.54)));
        recorder.take(es::parseProbeRecord(step(1, 2, 0.58)));
        recorder.take(
            es::parseProbeRecord(R"({"type":"epoch_end","epoch":1,"t_s":0.7,"batches":2})"));
        if (!helloFirst)
            recorder.take(es::parseProbeRecord(hello));
        es::SystemSample sample;
        sample.tS = 0.8;
        recorder.takeSamples({sample});
        recorder.finish({}, 1.0);

        const es::StoredRun run = *store.loadRun(recorder.runId());
        QCOMPARE(run.batches.size(), std::size_t(2));
        QVERIFY(std::abs(run.batches[0].endS - 0.79) < 1e-6);
        QVERIFY(std::abs(run.batches[1].endS - 0.83) < 1e-6);
        QCOMPARE(run.epochs.size(), std::size_t(1));
        QVERIFY(std::abs(run.epochs[0].startS - 0.75) < 1e-6);
        QVERIFY(std::abs(run.epochs[0].wallS - 0.2) < 1e-6);
        QCOMPARE(run.samples.size(), std::size_t(1));
        QCOMPARE(run.samples[0].tS, 0.8);  // the samples are on the run's clock already
        QVERIFY(std::abs(run.info["script"]["probe_start_s"].get<double>() - 0.25) < 1e-6);
        QVERIFY2(run.notes.empty(), run.notes.c_str());
    }

    /// Where the probe's start cannot be placed on the run's clock, its times are left as sent,
    /// with a note that says why; a second hello moves nothing.
    void leavesTheProbesTimesWhereItsStartIsUnknown_data()
    {
        QTest::addColumn<QString>("hello");
        QTest::addColumn<QString>("note");
        const es::RunClock clock(std::chrono::steady_clock::now() - std::chrono::seconds(10));
        const double originS = clock.originMonotonicS();
        const auto row = [](const char* name, const std::string& hello, const char* note) {
            QTest::newRow(name) << QString::fromStdString(hello) << QString(note);
        };
        row("an older probe", helloWithoutClock(), "did not say when it started");
        row("no monotonic clock", with(kHello, kClockS, R"(,"clock_s":null)"),
            "did not say when it started");
        row("before the script started", helloAt(originS - 1.0), "is not between");
        row("after now", helloAt(originS + 3600.0), "is not between");
    }

    void leavesTheProbesTimesWhereItsStartIsUnknown()
    {
        QFETCH(QString, hello);
        QFETCH(QString, note);
        QTemporaryDir dir;
        es::RunStore store(dir.filePath("runs.db").toStdString());
        es::ScriptRunRecorder recorder(store, "train.py", {"python3", "train.py"}, "/tmp");
        // Started 10 s ago, as the rows' clock was, a moment before: their clock_s lie a second
        // before it, or an hour after now.
        const es::RunClock clock(std::chrono::steady_clock::now() - std::chrono::seconds(10));
        recorder.startClock(clock);
        recorder.take(es::parseProbeRecord(hello.toStdString()));
        recorder.take(es::parseProbeRecord(step(1, 1, 0.54)));
        // A later hello that could be placed does not move the axis the first one set.
        recorder.take(es::parseProbeRecord(helloAt(clock.originMonotonicS() + 0.25)));
        recorder.take(es::parseProbeRecord(step(1, 2, 0.58)));
        recorder.finish({}, 1.0);

        const es::StoredRun run = *store.loadRun(recorder.runId());
        QCOMPARE(run.batches.size(), std::size_t(2));
        QCOMPARE(run.batches[0].endS, 0.54);
        QCOMPARE(run.batches[1].endS, 0.58);
        QVERIFY(run.info["script"]["probe_start_s"].is_null());
        QVERIFY2(QString::fromStdString(run.notes).contains(note), run.notes.c_str());
    }

    /// How `whatif` and `runs show` print what a script was started with: the variables, then
    /// the command, each word a shell would split or expand in single quotes (the value of a
    /// variable, not the assignment).
    void showsACommandLineAsAShellTakesIt()
    {
        QCOMPARE(es::shellCommandLine({}, {"python3", "train.py", "--lr=0.1"}),
                 std::string("python3 train.py --lr=0.1"));
        QCOMPARE(es::shellCommandLine({{"OMP_NUM_THREADS", "1"}, {"NOTE", "it's $HOME"}, {"E", ""}},
                                      {"/usr/bin/python3", "my script.py", ""}),
                 std::string("OMP_NUM_THREADS=1 NOTE='it'\\''s $HOME' E='' /usr/bin/python3 "
                             "'my script.py' ''"));
    }
};

QTEST_GUILESS_MAIN(TestProbeRecord)
#include "tst_proberecord.moc"
