// The probe's records read back (engine/script/proberecord.h): each type as the probe writes
// it, and a table of lines a broken or hostile probe could send, each refused with the field
// named; then a script run built from records (engine/script/scriptrecorder.h) in a store, with
// the variables it was started with, and the command line shown for such a run.
#include "engine/io/childprocess.h"
#include "engine/script/proberecord.h"
#include "engine/script/scriptrecorder.h"
#include "engine/store/runstore.h"

#include <QtCore/QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <string>
#include <variant>

namespace {

constexpr const char* kConversions =
    R"j({"type":"conversions","sites":[{"function":"torch.tensor","file":"train.py","line":42,)j"
    R"j("code":"xb = torch.tensor(X[i:i + 64])","calls":120,"bytes":1234567,"seconds":0.1234,)j"
    R"j("in_steps":118}]})j";

const std::string kHello =
    R"({"type":"hello","format":"epochscope-probe","version":1,"pid":42,"python":"3.11.2",)"
    R"("torch":"1.13.1","argv":["train.py","--epochs","2"],"cwd":"/tmp","intra_op_threads":2,)"
    R"("inter_op_threads":1,"cuda":false,"hooks":["dataloader","module"]})";

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
