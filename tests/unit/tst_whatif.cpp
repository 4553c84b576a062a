// What-if experiments: --vary parsing (aliases, JSON values, array paths, refusals), variants
// one factor at a time and combined, invalid variants named with their field, the statistics
// from made-up steps, and a real tiny experiment recorded and rebuilt from the run store.

#include "engine/config/configerror.h"
#include "engine/i18n/language.h"
#include "engine/i18n/recordedtext.h"
#include "engine/store/runstore.h"
#include "engine/whatif/effectivesettings.h"
#include "engine/whatif/experiment.h"
#include "engine/whatif/experimentreport.h"
#include "engine/whatif/experimentresults.h"
#include "engine/whatif/jsonpath.h"
#include "engine/whatif/measuredrun.h"
#include "engine/whatif/variantspec.h"
#include "tests/support/smallconfigs.h"

#include <QtTest>

#include <string>
#include <vector>

using Json = nlohmann::json;

namespace {

/// The issues' `path: message` lines, for messages that must name a variant and a field.
QString issuesText(const es::ConfigError& error)
{
    QString text;
    for (const es::ConfigIssue& issue : error.issues())
        text += QString::fromStdString(issue.path + ": " + issue.message + "\n");
    return text;
}

std::vector<es::Variant> variantsFor(const es::RunConfig& baseline,
                                     const std::vector<std::string>& vary,
                                     es::VaryMode mode = es::VaryMode::OneFactorAtATime)
{
    std::vector<es::VaryFactor> factors;
    for (const std::string& argument : vary)
        factors.push_back(es::parseVaryArgument(argument));
    return es::buildVariants(baseline, factors, {}, mode);
}

QStringList labels(const std::vector<es::Variant>& variants)
{
    QStringList list;
    for (const es::Variant& variant : variants)
        list << QString::fromStdString(variant.label);
    return list;
}

/// A step whose phases are `phaseMs` and whose wall time is their sum.
es::BatchRecord step(int batch, double wallMs, double forwardMs = 0.0)
{
    es::BatchRecord record;
    record.epoch = 1;
    record.batch = batch;
    record.wallMs = wallMs;
    record.phaseMs[es::phaseIndex(es::Phase::Forward)] = forwardMs;
    record.phaseMs[es::phaseIndex(es::Phase::Other)] = wallMs - forwardMs;
    return record;
}

es::ExperimentRun measuredRun(int variant, int repeat, double medianMs, double forwardMs,
                              std::int64_t epochSteps)
{
    es::ExperimentRun run;
    run.variantIndex = variant;
    run.repeat = repeat;
    run.status = es::RunStatus::Completed;
    es::WindowStats window;
    window.steps = 5;
    window.medianMs = medianMs;
    window.phaseMedianMs[es::phaseIndex(es::Phase::Forward)] = forwardMs;
    window.phaseMedianMs[es::phaseIndex(es::Phase::Other)] = medianMs - forwardMs;
    run.window = window;
    run.epochSteps = epochSteps;
    return run;
}

/// Counts the calls and can stop the experiment after a number of finished runs.
class RecordingProgress : public es::ExperimentProgress {
public:
    explicit RecordingProgress(int stopAfter = -1) : m_stopAfter(stopAfter) {}

    void onRunStarting(const es::ExperimentRunSlot& slot) override { started.push_back(slot); }
    void onRunFinished(const es::ExperimentRunSlot&, const es::ExperimentRun& run) override
    {
        finished.push_back(run);
    }
    bool stopRequested() override
    {
        return m_stopAfter >= 0 && static_cast<int>(finished.size()) >= m_stopAfter;
    }

    std::vector<es::ExperimentRunSlot> started;
    std::vector<es::ExperimentRun> finished;

private:
    int m_stopAfter;
};

/// Runs of `warmup` unmeasured and `measured` measured steps, `repeats` times.
es::ExperimentSettings windowOf(int warmup, int measured, int repeats)
{
    es::ExperimentSettings settings;
    settings.warmupSteps = warmup;
    settings.measuredSteps = measured;
    settings.repeats = repeats;
    return settings;
}

void compareRows(const std::vector<es::VariantResult>& live,
                 const std::vector<es::VariantResult>& stored)
{
    QCOMPARE(stored.size(), live.size());
    for (std::size_t i = 0; i < live.size(); ++i) {
        QCOMPARE(stored[i].label, live[i].label);
        QCOMPARE(stored[i].patch, live[i].patch);
        QCOMPARE(stored[i].runsPlanned, live[i].runsPlanned);
        QCOMPARE(stored[i].runsMeasured, live[i].runsMeasured);
        QCOMPARE(stored[i].minMs, live[i].minMs);
        QCOMPARE(stored[i].medianMs, live[i].medianMs);
        QCOMPARE(stored[i].maxMs, live[i].maxMs);
        QCOMPARE(stored[i].phaseMedianMs, live[i].phaseMedianMs);
        QCOMPARE(stored[i].epochSteps, live[i].epochSteps);
        QCOMPARE(stored[i].projectedEpochS, live[i].projectedEpochS);
        QCOMPARE(stored[i].speedup, live[i].speedup);
    }
}

}  // namespace

class TestWhatif : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void parsesVary_data()
    {
        QTest::addColumn<QString>("argument");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("values");  // the values as one JSON array

        QTest::newRow("threads alias, numbers") << "threads=1,2"
                                                << "device.intra_op_threads"
                                                << "[1,2]";
        QTest::newRow("placement alias, bare strings") << "placement=host,device"
                                                       << "data.placement"
                                                       << R"(["host","device"])";
        QTest::newRow("batch_size alias") << "batch_size=32,64"
                                          << "data.batch_size"
                                          << "[32,64]";
        QTest::newRow("prefetch alias") << "prefetch=0,2"
                                        << "data.prefetch"
                                        << "[0,2]";
        QTest::newRow("backend alias") << "backend=libtorch"
                                       << "backend"
                                       << R"(["libtorch"])";
        QTest::newRow("warmup alias: off or on") << "warmup=0,2"
                                                 << "training.warmup_steps"
                                                 << "[0,2]";
        QTest::newRow("ranks alias") << "ranks=1,2"
                                     << "distributed.world_size"
                                     << "[1,2]";
        QTest::newRow("a distributed path") << "distributed.bucket_mb=1,50"
                                            << "distributed.bucket_mb"
                                            << "[1,50]";
        QTest::newRow("device alias") << "device=cpu,cuda"
                                      << "device.name"
                                      << R"(["cpu","cuda"])";
        QTest::newRow("dotted path") << "data.shuffle=true,false"
                                     << "data.shuffle"
                                     << "[true,false]";
        QTest::newRow("array path, string and number") << "callbacks[0].save_freq=epoch,10"
                                                       << "callbacks[0].save_freq"
                                                       << R"(["epoch",10])";
        QTest::newRow("quoted JSON string") << R"(device.name="cpu")"
                                            << "device.name"
                                            << R"(["cpu"])";
        QTest::newRow("commas inside JSON values") << "model.input_shape=[12,4],null"
                                                   << "model.input_shape"
                                                   << "[[12,4],null]";
        QTest::newRow("spaces around values") << "threads= 1 , 2"
                                              << "device.intra_op_threads"
                                              << "[1,2]";
    }

    void parsesVary()
    {
        QFETCH(QString, argument);
        QFETCH(QString, path);
        QFETCH(QString, values);
        const es::VaryFactor factor = es::parseVaryArgument(argument.toStdString());
        QCOMPARE(QString::fromStdString(es::jsonPathText(factor.path)), path);
        QCOMPARE(Json(factor.values), Json::parse(values.toStdString()));
    }

    void refusesVary_data()
    {
        QTest::addColumn<QString>("argument");
        QTest::addColumn<QString>("expected");  // part of the message

        QTest::newRow("epochs") << "epochs=1,2"
                                << "epochs cannot be varied";
        QTest::newRow("training.epochs") << "training.epochs=2"
                                         << "cannot be varied";
        QTest::newRow("steps_per_epoch") << "training.steps_per_epoch=3"
                                         << "cannot be varied";
        QTest::newRow("unknown alias") << "thread=1,2"
                                       << "unknown key 'thread'";
        QTest::newRow("no equals sign") << "threads"
                                        << "expected KEY=V1,V2";
        QTest::newRow("empty value") << "threads=1,,2"
                                     << "empty value";
        QTest::newRow("empty key part") << "data..shuffle=true"
                                        << "expected a key";
        QTest::newRow("bad index") << "callbacks[x].save_freq=2"
                                   << "array index";
    }

    void refusesVary()
    {
        QFETCH(QString, argument);
        QFETCH(QString, expected);
        try {
            es::parseVaryArgument(argument.toStdString());
            QFAIL("accepted");
        } catch (const es::ConfigError& error) {
            QCOMPARE(QString::fromStdString(error.issues().front().path), QString("--vary"));
            QVERIFY2(issuesText(error).contains(expected), qPrintable(issuesText(error)));
        }
    }

    void countsVariants_data()
    {
        QTest::addColumn<QStringList>("vary");
        QTest::addColumn<bool>("combine");
        QTest::addColumn<QStringList>("expected");  // labels of the variants left to measure
        QTest::addColumn<int>("skipped");

        // The baseline (smallRegression) has 2 threads, host placement and batches of 32.
        QTest::newRow("one factor, baseline value left out")
            << QStringList{"threads=1,2,4"} << false << QStringList{"threads=1", "threads=4"} << 0;
        QTest::newRow("two factors one at a time")
            << QStringList{"threads=1,2", "placement=host,device"} << false
            << QStringList{"threads=1", "placement=device"} << 0;
        QTest::newRow("combined: product less the baseline itself")
            << QStringList{"threads=1,2", "placement=host,device"} << true
            << QStringList{"threads=1, placement=host", "threads=1, placement=device",
                           "threads=2, placement=device"}
            << 1;
        QTest::newRow("same value twice is measured once")
            << QStringList{"prefetch=2,2"} << false << QStringList{"prefetch=2"} << 1;
    }

    void countsVariants()
    {
        QFETCH(QStringList, vary);
        QFETCH(bool, combine);
        QFETCH(QStringList, expected);
        QFETCH(int, skipped);
        std::vector<std::string> arguments;
        for (const QString& argument : vary)
            arguments.push_back(argument.toStdString());
        const es::RunConfig baseline = es::test::smallRegression();
        const es::CheckedVariants checked = es::checkVariants(
            baseline,
            variantsFor(baseline, arguments,
                        combine ? es::VaryMode::Combine : es::VaryMode::OneFactorAtATime));
        QStringList got;
        for (const es::CheckedVariant& variant : checked.variants)
            got << QString::fromStdString(variant.variant.label);
        QCOMPARE(got, expected);
        QCOMPARE(static_cast<int>(checked.skipped.size()), skipped);
    }

    void patchesThroughArraysKeepTheOtherEntries()
    {
        Json document = es::test::smallRegressionJson();
        document["callbacks"] = Json::parse(R"([
            {"type": "model_checkpoint", "filepath": "ckpt/model.pt"},
            {"type": "csv_logger", "filename": "log.csv"}])");
        const es::RunConfig baseline = es::parseRunConfig(document);
        const std::vector<es::Variant> variants =
            variantsFor(baseline, {"callbacks[0].save_freq=epoch,5"});
        QCOMPARE(labels(variants), QStringList{"callbacks[0].save_freq=5"});
        QVERIFY(variants[0].patch["callbacks"].is_array());
        QCOMPARE(variants[0].patch["callbacks"].size(), std::size_t(2));
        const es::RunConfig config = es::applyVariantPatch(baseline, variants[0].patch);
        QCOMPARE(config.callbacks[0].params["save_freq"], Json(5));
        QCOMPARE(config.callbacks[1], baseline.callbacks[1]);

        try {
            variantsFor(baseline, {"callbacks[2].save_freq=5"});
            QFAIL("a path past the callbacks was accepted");
        } catch (const es::ConfigError& error) {
            QVERIFY2(issuesText(error).contains("callbacks[2]"), qPrintable(issuesText(error)));
        }
    }

    void invalidVariantNamesVariantAndField_data()
    {
        QTest::addColumn<QString>("vary");
        QTest::addColumn<QString>("patch");
        QTest::addColumn<QString>("variant");
        QTest::addColumn<QString>("field");

        QTest::newRow("unknown placement") << "placement=host,gpu"
                                           << ""
                                           << "variant 'placement=gpu'"
                                           << "data.placement";
        QTest::newRow("negative threads") << "threads=-1"
                                          << ""
                                          << "variant 'threads=-1'"
                                          << "device.intra_op_threads";
        QTest::newRow("string batch size") << "batch_size=big"
                                           << ""
                                           << "variant 'batch_size=big'"
                                           << "data.batch_size";
        QTest::newRow("misspelt key in a patch") << ""
                                                 << R"({"data":{"prefech":2}})"
                                                 << "variant 'data.prefech=2'"
                                                 << "data.prefech";
    }

    void invalidVariantNamesVariantAndField()
    {
        QFETCH(QString, vary);
        QFETCH(QString, patch);
        QFETCH(QString, variant);
        QFETCH(QString, field);
        const es::RunConfig baseline = es::test::smallRegression();
        std::vector<es::VaryFactor> factors;
        if (!vary.isEmpty())
            factors.push_back(es::parseVaryArgument(vary.toStdString()));
        std::vector<Json> patches;
        if (!patch.isEmpty())
            patches.push_back(es::parsePatchArgument(patch.toStdString()));
        const std::vector<es::Variant> variants =
            es::buildVariants(baseline, factors, patches, es::VaryMode::OneFactorAtATime);
        try {
            es::planExperiment(baseline, variants, {});
            QFAIL("an invalid variant was accepted");
        } catch (const es::ConfigError& error) {
            const QString text = issuesText(error);
            QVERIFY2(text.contains(variant + ": " + field), qPrintable(text));
        }
    }

    void refusesBadPatchesAndSettings()
    {
        QVERIFY_THROWS_EXCEPTION(es::ConfigError, es::parsePatchArgument("{data"));
        QVERIFY_THROWS_EXCEPTION(es::ConfigError, es::parsePatchArgument("[1]"));
        QVERIFY_THROWS_EXCEPTION(es::ConfigError, es::parsePatchArgument("{}"));
        const es::RunConfig baseline = es::test::smallRegression();
        const auto variants = variantsFor(baseline, {"threads=1"});
        es::ExperimentSettings settings;
        settings.repeats = 0;
        QVERIFY_THROWS_EXCEPTION(es::ConfigError, es::planExperiment(baseline, variants, settings));
        settings = {};
        settings.measuredSteps = 0;
        QVERIFY_THROWS_EXCEPTION(es::ConfigError, es::planExperiment(baseline, variants, settings));
        // Nothing left once the baseline's own value is taken out.
        QVERIFY_THROWS_EXCEPTION(
            es::ConfigError,
            es::planExperiment(baseline, variantsFor(baseline, {"threads=2"}), {}));
        // 640 samples in batches of 32 give 20 steps; a warm-up of 20 leaves none to measure.
        settings = {};
        settings.warmupSteps = 20;
        try {
            es::planExperiment(baseline, variants, settings);
            QFAIL("a warm-up longer than the epoch was accepted");
        } catch (const es::ConfigError& error) {
            QVERIFY2(issuesText(error).contains("20 steps per epoch"),
                     qPrintable(issuesText(error)));
        }
    }

    void measuredConfigShortensAndLeavesValidationOut()
    {
        es::ExperimentSettings settings;
        settings.warmupSteps = 3;
        settings.measuredSteps = 7;
        const es::MeasuredConfig measured =
            es::measuredConfig(es::test::smallRegression(), settings);
        QCOMPARE(measured.config.training.epochs, 1);
        QCOMPARE(measured.config.training.stepsPerEpoch, std::int64_t(10));
        QVERIFY(measured.validationSkipped);
        QCOMPARE(measured.config.data.validationSplit, 0.0);

        // A callback that watches val_loss needs the validation: it stays.
        Json document = es::test::smallRegressionJson();
        document["callbacks"] = Json::parse(R"([{"type": "early_stopping"}])");
        const es::MeasuredConfig watched =
            es::measuredConfig(es::parseRunConfig(document), settings);
        QVERIFY(!watched.validationSkipped);
        QCOMPARE(watched.config.data.validationSplit, 0.2);
    }

    void callbackFilesGoToTheScratchDirectory()
    {
        Json document = es::test::smallRegressionJson();
        document["callbacks"] = Json::parse(R"([
            {"type": "model_checkpoint", "filepath": "/home/u/ckpt-{epoch:02d}.pt"},
            {"type": "backup_and_restore", "backup_dir": "backup"},
            {"type": "csv_logger", "filename": "log.csv", "append": true}])");
        const es::RunConfig moved =
            es::withCallbackFilesUnder(es::parseRunConfig(document), "/tmp/scratch");
        QCOMPARE(moved.callbacks[0].params["filepath"],
                 Json("/tmp/scratch/home/u/ckpt-{epoch:02d}.pt"));
        QCOMPARE(moved.callbacks[1].params["backup_dir"], Json("/tmp/scratch/backup"));
        QCOMPARE(moved.callbacks[2].params["filename"], Json("/tmp/scratch/log.csv"));
        QVERIFY(moved.ignoreBackup);  // never resume from a backup of an earlier measured run
    }

    void epochStepsOfTheFullConfig_data()
    {
        QTest::addColumn<double>("fullSplit");
        QTest::addColumn<double>("measuredSplit");
        QTest::addColumn<qint64>("trainSamples");
        QTest::addColumn<qint64>("validationSamples");
        QTest::addColumn<bool>("dropLast");
        QTest::addColumn<qint64>("stepsPerEpoch");
        QTest::addColumn<qint64>("expected");

        // 640 samples, 20% validation: 512 train in batches of 32.
        QTest::newRow("validation left out")
            << 0.2 << 0.0 << qint64(640) << qint64(0) << false << qint64(0) << qint64(16);
        QTest::newRow("validation kept")
            << 0.2 << 0.2 << qint64(512) << qint64(128) << false << qint64(0) << qint64(16);
        QTest::newRow("separate validation arrays")
            << 0.2 << 0.0 << qint64(500) << qint64(100) << false << qint64(0) << qint64(16);
        QTest::newRow("last partial batch dropped")
            << 0.0 << 0.0 << qint64(500) << qint64(0) << true << qint64(0) << qint64(15);
        QTest::newRow("steps_per_epoch caps it")
            << 0.0 << 0.0 << qint64(640) << qint64(0) << false << qint64(5) << qint64(5);
        QTest::newRow("two ranks")
            << 0.2 << 0.2 << qint64(512) << qint64(128) << false << qint64(0) << qint64(8);
    }

    void epochStepsOfTheFullConfig()
    {
        QFETCH(double, fullSplit);
        QFETCH(double, measuredSplit);
        QFETCH(qint64, trainSamples);
        QFETCH(qint64, validationSamples);
        QFETCH(bool, dropLast);
        QFETCH(qint64, stepsPerEpoch);
        QFETCH(qint64, expected);
        Json full = {
            {"data",
             {{"batch_size", 32}, {"drop_last", dropLast}, {"validation_split", fullSplit}}},
            {"training", {{"steps_per_epoch", stepsPerEpoch}}}};
        // A step of two ranks trains two batches of 32.
        if (QString(QTest::currentDataTag()) == "two ranks")
            full["distributed"] = {{"world_size", 2}};
        const Json measured = {{"data", {{"validation_split", measuredSplit}}}};
        QCOMPARE(es::fullEpochSteps(full, measured, trainSamples, validationSamples), expected);
    }

    void measuresTheWindowAfterWarmup()
    {
        const std::vector<es::BatchRecord> batches = {step(1, 100, 90), step(2, 50, 40),
                                                      step(3, 10, 6),   step(4, 12, 8),
                                                      step(5, 11, 7),   step(6, 30, 9)};
        const auto window = es::measureWindow(batches, 2);
        QVERIFY(window.has_value());
        QCOMPARE(window->steps, 4);
        QCOMPARE(window->medianMs, 11.5);
        QCOMPARE(window->phaseMedianMs[es::phaseIndex(es::Phase::Forward)], 7.5);
        QVERIFY(!es::measureWindow(batches, 6).has_value());
        QCOMPARE(es::measureWindow(batches, 0)->steps, 6);
        // The first step is outside the window, and reported on its own.
        QCOMPARE(window->firstStepMs, 100.0);
        QCOMPARE(window->firstStepWarmUpMs, 0.0);
    }

    /// The window's tensor peak is its highest step's (the first step, outside it, not
    /// counted); 0 when a step of it has no memory counted. The row takes the median over the
    /// runs that have one.
    void theWindowHasItsHighestTensorPeak()
    {
        std::vector<es::BatchRecord> batches = {step(1, 100, 90), step(2, 50, 40), step(3, 10, 6),
                                                step(4, 12, 8)};
        const std::int64_t peaks[] = {900, 300, 500, 400};
        for (std::size_t i = 0; i < batches.size(); ++i)
            batches[i].memory.peakBytes[es::phaseIndex(es::Phase::Backward)] = peaks[i];
        QCOMPARE(es::measureWindow(batches, 1)->tensorPeakBytes, std::int64_t(500));
        std::vector<es::BatchRecord> uncounted = batches;
        uncounted[2].memory = es::StepMemory{};
        QCOMPARE(es::measureWindow(uncounted, 1)->tensorPeakBytes, std::int64_t(0));

        const std::vector<es::Variant> configurations = {{"baseline", Json::object()}};
        std::vector<es::ExperimentRun> runs;
        for (std::int64_t peak : {1000, 3000, 0, 2000}) {
            es::ExperimentRun run;
            run.repeat = static_cast<int>(runs.size()) + 1;
            run.window = es::measureWindow(batches, 1);
            run.window->tensorPeakBytes = peak;
            runs.push_back(run);
        }
        const std::vector<es::VariantResult> rows =
            es::summariseExperiment(configurations, 4, runs);
        QCOMPARE(rows.front().tensorPeakBytes, std::int64_t(2000));
        runs.resize(3);
        runs[0].window->tensorPeakBytes = 0;
        runs[1].window->tensorPeakBytes = 0;
        QCOMPARE(es::summariseExperiment(configurations, 3, runs).front().tensorPeakBytes,
                 std::int64_t(0));
    }

    /// Warm-up steps (training.warmup_steps) land in step 1's Warm-up phase: the first step
    /// is reported without them, and they next to it.
    void firstStepLeavesItsWarmUpApart()
    {
        std::vector<es::BatchRecord> batches = {step(1, 150, 20), step(2, 12, 8), step(3, 11, 7)};
        batches[0].phaseMs[es::phaseIndex(es::Phase::WarmUp)] = 120.0;
        batches[0].phaseMs[es::phaseIndex(es::Phase::Other)] = 10.0;
        const auto window = es::measureWindow(batches, 1);
        QVERIFY(window.has_value());
        QCOMPARE(window->firstStepMs, 30.0);
        QCOMPARE(window->firstStepWarmUpMs, 120.0);
        QCOMPARE(window->medianMs, 11.5);

        const std::vector<es::Variant> configurations = {
            {"baseline", Json::object()}, {"warmup=1", {{"training", {{"warmup_steps", 1}}}}}};
        std::vector<es::ExperimentRun> runs;
        for (int repeat = 1; repeat <= 3; ++repeat) {
            runs.push_back(measuredRun(0, repeat, 11.0, 7.0, 100));
            runs.back().window->firstStepMs = 140.0 + repeat;  // 141, 142, 143
            runs.push_back(measuredRun(1, repeat, 11.0, 7.0, 100));
            runs.back().window->firstStepMs = 12.0 * repeat;  // 12, 24, 36
            runs.back().window->firstStepWarmUpMs = 130.0;
        }
        const std::vector<es::VariantResult> rows =
            es::summariseExperiment(configurations, 3, runs);
        QCOMPARE(rows[0].firstStepMs, 142.0);
        QCOMPARE(rows[0].firstStepWarmUpMs, 0.0);
        QCOMPARE(rows[1].firstStepMs, 24.0);
        QCOMPARE(rows[1].firstStepWarmUpMs, 130.0);

        es::ExperimentReport report;
        report.name = "warm-up";
        report.settings.repeats = 3;
        report.rows = rows;
        const std::string table = es::formatReportTable(report);
        QVERIFY2(table.find("first step ms") != std::string::npos, table.c_str());
        QVERIFY2(table.find("24.0 + 130.0 warm-up") != std::string::npos, table.c_str());
        const Json json = es::reportJson(report);
        QCOMPARE(json["variants"][1]["measured"]["first_step_warm_up_ms"], Json(130.0));
    }

    void summarisesRepeats()
    {
        const std::vector<es::Variant> configurations = {
            {"baseline", Json::object()},
            {"threads=1", {{"device", {{"intra_op_threads", 1}}}}},
            {"batch_size=64", {{"data", {{"batch_size", 64}}}}},
            {"device=cuda", {{"device", {{"name", "cuda"}}}}},
        };
        std::vector<es::ExperimentRun> runs;
        for (int repeat = 1; repeat <= 3; ++repeat) {
            runs.push_back(measuredRun(0, repeat, 9.0 + repeat, 6.0, 100));  // 10, 11, 12
            runs.push_back(measuredRun(1, repeat, 19.0 + repeat, 14.0, 100));
            runs.push_back(measuredRun(2, repeat, 20.0, 12.0, 50));
        }
        // A run stopped by Ctrl+C is kept but not counted.
        runs.push_back(measuredRun(1, 4, 1.0, 1.0, 100));
        runs.back().status = es::RunStatus::Stopped;
        es::ExperimentRun failed;
        failed.variantIndex = 3;
        failed.status = es::RunStatus::Failed;
        failed.error = "CUDA is not available";
        runs.push_back(failed);

        const std::vector<es::VariantResult> rows =
            es::summariseExperiment(configurations, 3, runs);
        QCOMPARE(rows.size(), std::size_t(4));
        const es::VariantResult& baseline = rows[0];
        QCOMPARE(baseline.runsMeasured, 3);
        QCOMPARE(baseline.minMs, 10.0);
        QCOMPARE(baseline.medianMs, 11.0);
        QCOMPARE(baseline.maxMs, 12.0);
        QCOMPARE(baseline.projectedEpochS, std::optional<double>(1.1));
        QCOMPARE(baseline.speedup, std::optional<double>(1.0));
        QVERIFY(baseline.largestChanges.empty());

        const es::VariantResult& slower = rows[1];
        QCOMPARE(slower.runsMeasured, 3);
        QCOMPARE(slower.medianMs, 21.0);
        QCOMPARE(slower.projectedEpochS, std::optional<double>(2.1));
        QVERIFY(slower.speedup.has_value());
        QCOMPARE(*slower.speedup, 11.0 / 21.0);
        QCOMPARE(slower.largestChanges.size(), std::size_t(2));
        QCOMPARE(slower.largestChanges[0].phase, es::Phase::Forward);
        QCOMPARE(slower.largestChanges[0].deltaMs, 8.0);
        QCOMPARE(slower.largestChanges[1].phase, es::Phase::Other);
        QCOMPARE(slower.largestChanges[1].deltaMs, 2.0);

        // Twice the step time for half the steps: the epoch, not the step, decides.
        const es::VariantResult& bigger = rows[2];
        QCOMPARE(bigger.projectedEpochS, std::optional<double>(1.0));
        QVERIFY(bigger.speedup.has_value());
        QCOMPARE(*bigger.speedup, 1.1 / 1.0);

        const es::VariantResult& broken = rows[3];
        QVERIFY(!broken.measured());
        QCOMPARE(broken.error, std::string("CUDA is not available"));
        QVERIFY(!broken.speedup.has_value());
        QVERIFY(!broken.projectedEpochS.has_value());
    }

    void phaseChangesText()
    {
        QCOMPARE(es::phaseChangesText({{es::Phase::Forward, -12.14}, {es::Phase::DataWait, -3.0}}),
                 std::string("Forward -12.1 ms, Data wait -3.00 ms"));
    }

    void storesExperimentsAndDropsDeletedRuns()
    {
        es::RunStore store(m_dir.filePath("tables.sqlite").toStdString());
        const es::RunConfig config = es::test::smallRegression();
        const std::int64_t experiment =
            store.createExperiment("tables", {{"repeats", 1}}, es::toJson(config));
        const std::int64_t a = store.beginRun("a", es::toJson(config));
        const std::int64_t b = store.beginRun("b", es::toJson(config));
        store.addExperimentRun(experiment, a, 0, "baseline", Json::object(), 1);
        store.addExperimentRun(experiment, b, 1, "threads=1",
                               {{"device", {{"intra_op_threads", 1}}}}, 1);
        QCOMPARE(store.listExperiments().size(), std::size_t(1));
        QCOMPARE(store.listExperiments()[0].runs, 2);
        QVERIFY(store.deleteRun(a));
        const auto loaded = store.loadExperiment(experiment);
        QVERIFY(loaded.has_value());
        QCOMPARE(loaded->runs.size(), std::size_t(1));
        QCOMPARE(loaded->runs[0].variantLabel, std::string("threads=1"));
        QCOMPARE(loaded->runs[0].patch["device"]["intra_op_threads"], Json(1));
        QVERIFY(!store.loadExperiment(experiment + 1).has_value());
    }

    void notesConfigurationsThatTrainAlike()
    {
        es::RunConfig automatic = es::test::smallRegression();
        automatic.device.intraOpThreads = 0;
        es::RunConfig two = automatic;
        two.device.intraOpThreads = 2;
        two.name = "another name";
        es::RunConfig one = automatic;
        one.device.intraOpThreads = 1;
        const std::vector<std::string> labels = {"baseline", "threads=1", "threads=2"};
        const std::vector<es::RunConfig> configs = {automatic, one, two};

        // Two cores: 0 resolves to 2, and the name does not change how a run trains.
        const std::vector<std::string> onTwo = es::sameSettingsNotes(labels, configs, {2});
        QCOMPARE(onTwo.size(), std::size_t(1));
        QVERIFY2(onTwo[0].find("threads=2 trains like baseline") == 0, onTwo[0].c_str());
        QVERIFY2(onTwo[0].find("one per physical core: 2") != std::string::npos, onTwo[0].c_str());
        // One core: 0 is threads=1.
        const std::vector<std::string> onOne = es::sameSettingsNotes(labels, configs, {1});
        QCOMPARE(onOne.size(), std::size_t(1));
        QVERIFY2(onOne[0].find("threads=1 trains like baseline") == 0, onOne[0].c_str());
        // Four cores: all three differ.
        QVERIFY(es::sameSettingsNotes(labels, configs, {4}).empty());
        // A real difference elsewhere is never called the same.
        es::RunConfig bigger = two;
        bigger.data.batchSize *= 2;
        QVERIFY(es::sameSettingsNotes({"baseline", "b"}, {automatic, bigger}, {2}).empty());
        // device.allocator "auto" is the allocator it picks on this machine.
        es::RunConfig tcmalloc = automatic;
        tcmalloc.device.allocator = es::HostAllocator::Tcmalloc;
        const std::vector<std::string> sameAllocator =
            es::sameSettingsNotes({"baseline", "allocator=tcmalloc"}, {automatic, tcmalloc},
                                  {2, es::HostAllocator::Tcmalloc});
        QCOMPARE(sameAllocator.size(), std::size_t(1));
        QVERIFY2(sameAllocator[0].find("device.allocator \"auto\" means \"tcmalloc\" here") !=
                     std::string::npos,
                 sameAllocator[0].c_str());
        QVERIFY(es::sameSettingsNotes({"baseline", "allocator=tcmalloc"}, {automatic, tcmalloc},
                                      {2, es::HostAllocator::GlibcTuned})
                    .empty());
    }

    // glibc-tuned cannot be undone within the process the experiment runs in: said up front.
    void glibcTunedIsNotedAsLastingForTheProcess()
    {
        es::RunConfig baseline = es::test::smallRegression();
        baseline.device.allocator = es::HostAllocator::System;
        const es::ExperimentPlan plan = es::planExperiment(
            baseline, variantsFor(baseline, {"device.allocator=glibc-tuned", "threads=1"}), {});
        const auto note = std::find_if(plan.notes.begin(), plan.notes.end(), [](const auto& text) {
            return text.find("tunes glibc with mallopt") != std::string::npos;
        });
        QVERIFY(note != plan.notes.end());
        QVERIFY2(note->rfind("device.allocator=glibc-tuned tunes glibc", 0) == 0, note->c_str());
        // Nothing to say when no configuration tunes glibc.
        const es::ExperimentPlan untuned =
            es::planExperiment(baseline, variantsFor(baseline, {"threads=1"}), {});
        for (const std::string& text : untuned.notes)
            QVERIFY2(text.find("mallopt") == std::string::npos, text.c_str());
    }

    void runsATinyExperimentAndRebuildsItFromTheStore()
    {
        const es::RunConfig baseline = es::test::smallRegression();  // 2 threads
        const es::ExperimentSettings settings = windowOf(2, 5, 2);
        const es::ExperimentPlan plan =
            es::planExperiment(baseline, variantsFor(baseline, {"threads=1,2"}), settings, "tiny");
        QCOMPARE(plan.configurations.size(), std::size_t(2));
        QCOMPARE(plan.runCount(), 4);

        es::RunStore store(m_dir.filePath("experiment.sqlite").toStdString());
        RecordingProgress progress;
        const es::ExperimentOutcome outcome = es::runExperiment(plan, &store, &progress);
        QVERIFY2(outcome.storeError.empty(), outcome.storeError.c_str());
        QVERIFY(!outcome.stopped);
        QVERIFY(outcome.experimentId > 0);
        QCOMPARE(outcome.runs.size(), std::size_t(4));
        QCOMPARE(progress.finished.size(), std::size_t(4));
        // Interleaved: baseline, variant, baseline, variant.
        std::vector<int> order;
        for (const es::ExperimentRun& run : outcome.runs) {
            order.push_back(run.variantIndex);
            QCOMPARE(run.status, es::RunStatus::Completed);
            QVERIFY(run.window.has_value());
            QCOMPARE(run.window->steps, 5);
            QVERIFY(run.runId > 0);
        }
        QCOMPARE(order, (std::vector<int>{0, 1, 0, 1}));

        const es::ExperimentReport live = es::makeReport(plan, outcome);
        QVERIFY(live.complete());
        for (const es::VariantResult& row : live.rows) {
            QCOMPARE(row.runsMeasured, 2);
            QVERIFY(row.medianMs > 0.0);
            QVERIFY(row.minMs <= row.medianMs && row.medianMs <= row.maxMs);
            // 640 samples, 20% validation: 512 train in batches of 32.
            QCOMPARE(row.epochSteps, std::int64_t(16));
            QVERIFY(row.projectedEpochS.has_value());
            QVERIFY(row.speedup.has_value());
        }
        QCOMPARE(*live.rows[0].speedup, 1.0);

        // One experiment with its four runs, which rebuild the same table.
        const std::vector<es::StoredExperimentHeader> experiments = store.listExperiments();
        QCOMPARE(experiments.size(), std::size_t(1));
        QCOMPARE(experiments[0].runs, 4);
        const auto stored = store.loadExperiment(outcome.experimentId);
        QVERIFY(stored.has_value());
        QCOMPARE(stored->header.name, std::string("tiny"));
        const es::ExperimentReport rebuilt = es::makeReport(*stored);
        compareRows(live.rows, rebuilt.rows);
        QCOMPARE(es::reportJson(rebuilt)["variants"], es::reportJson(live)["variants"]);
        QVERIFY(es::formatReportTable(rebuilt).find("threads=1") != std::string::npos);
    }

    // `--vary ranks=2`: the variant's two ranks train as sessions of this process; rank 0's
    // run is recorded with the other rank's steps, and its epoch has half the steps.
    void measuresRanksOnThisMachine()
    {
        const es::RunConfig baseline = es::test::smallRegression();
        const es::ExperimentSettings settings = windowOf(2, 4, 1);
        const es::ExperimentPlan plan =
            es::planExperiment(baseline, variantsFor(baseline, {"ranks=2"}), settings, "ranks");
        QCOMPARE(plan.configurations.size(), std::size_t(2));
        es::RunStore store(m_dir.filePath("ranks.sqlite").toStdString());
        RecordingProgress progress;
        const es::ExperimentOutcome outcome = es::runExperiment(plan, &store, &progress);
        QVERIFY2(outcome.storeError.empty(), outcome.storeError.c_str());
        QCOMPARE(outcome.runs.size(), std::size_t(2));
        for (const es::ExperimentRun& run : outcome.runs) {
            QVERIFY2(run.status == es::RunStatus::Completed, run.error.c_str());
            QVERIFY(run.window.has_value());
            QCOMPARE(run.window->steps, 4);
        }
        const es::ExperimentReport report = es::makeReport(plan, outcome);
        QCOMPARE(report.rows[0].epochSteps, std::int64_t(16));
        QCOMPARE(report.rows[1].epochSteps, std::int64_t(8));  // the global batch is 64
        const std::optional<es::StoredRun> ranked = store.loadRun(outcome.runs[1].runId);
        QVERIFY(ranked.has_value());
        QCOMPARE(ranked->header.worldSize, 2);
        QCOMPARE(ranked->rankBatches.size(), std::size_t(1));
        QCOMPARE(ranked->rankBatches.at(1).size(), ranked->batches.size());
        QVERIFY(store.loadRun(outcome.runs[0].runId)->rankBatches.empty());
    }

    void stoppingKeepsWhatWasMeasured()
    {
        const es::RunConfig baseline = es::test::smallRegression();
        const es::ExperimentSettings settings = windowOf(1, 2, 2);
        const es::ExperimentPlan plan =
            es::planExperiment(baseline, variantsFor(baseline, {"threads=1"}), settings);
        RecordingProgress progress(1);  // stop once the first run has finished
        const es::ExperimentOutcome outcome = es::runExperiment(plan, nullptr, &progress);
        QVERIFY(outcome.stopped);
        QCOMPARE(outcome.runs.size(), std::size_t(1));
        QCOMPARE(outcome.experimentId, std::int64_t(0));
        const es::ExperimentReport report = es::makeReport(plan, outcome);
        QVERIFY(!report.complete());
        QCOMPARE(report.rows[0].runsMeasured, 1);
        QVERIFY(!report.rows[1].measured());
        QVERIFY(es::reportJson(report)["stopped"].get<bool>());
    }

    // Needs the VariantSpec and RunRecord texts in translations/epochscope_engine_zh_CN.ts.
    void speaksChineseAndRecordsEnglish()
    {
        const es::RunConfig baseline = es::test::smallRegression();
        const es::LanguageScope chinese("zh_CN");
        try {
            es::parseVaryArgument("epochs=1,2");
            QFAIL("accepted");
        } catch (const es::ConfigError& error) {
            QCOMPARE(error.issues().front().path, std::string("--vary"));
            QCOMPARE(error.issues().front().message,
                     std::string("epochs 不能变化：每次实测运行只训练一轮，共 --warmup-steps + "
                                 "--measured-steps 步，推算使用配置自身的每轮长度"));
        }
        // A skipped variant is recorded with the experiment in English and shown in Chinese.
        const es::ExperimentPlan plan = es::planExperiment(
            baseline, variantsFor(baseline, {"threads=1,2"}, es::VaryMode::Combine), {});
        QVERIFY(!plan.skipped.empty());
        QCOMPARE(plan.skipped.front(), std::string("threads=2: same config as the baseline"));
        QCOMPARE(es::recordedText(plan.skipped.front()), std::string("threads=2：配置与基线相同"));
    }
};

QTEST_GUILESS_MAIN(TestWhatif)
#include "tst_whatif.moc"
