// The run summary's statistics and the --json-out document, on hand-made records.
#include "engine/config/runconfig.h"
#include "engine/summary/runsummary.h"
#include "engine/summary/statistics.h"

#include <QtTest/QtTest>

#include <algorithm>
#include <random>

using Values = std::vector<double>;
Q_DECLARE_METATYPE(Values)
Q_DECLARE_METATYPE(std::optional<double>)
Q_DECLARE_METATYPE(std::vector<es::BatchRecord>)

namespace {

es::BatchRecord batch(int epoch, int index, double wallMs, std::int64_t samples = 32)
{
    es::BatchRecord record;
    record.epoch = epoch;
    record.batch = index;
    record.wallMs = wallMs;
    record.samples = samples;
    record.loss = 0.5;
    return record;
}

/// Epoch `epoch` of `count` batches, all of `wallMs`.
std::vector<es::BatchRecord> epochOfBatches(int epoch, int count, double wallMs)
{
    std::vector<es::BatchRecord> batches;
    for (int i = 1; i <= count; ++i)
        batches.push_back(batch(epoch, i, wallMs));
    return batches;
}

es::EpochRecord epochRecord(int epoch, double trainS)
{
    es::EpochRecord record;
    record.epoch = epoch;
    record.batches = 4;
    record.trainS = trainS;
    record.wallS = trainS;
    return record;
}

Values oneTo(int n)
{
    Values values;
    for (int i = 1; i <= n; ++i)
        values.push_back(i);
    return values;
}

/// A run as the engine would report it: two epochs of three batches, callbacks, metrics.
es::RunResult handMadeResult()
{
    es::RunResult result;
    result.state = es::RunState::Finished;
    result.info.epochs = 2;
    result.info.batchesPerEpoch = 3;
    result.info.trainSamples = 80;
    result.info.validationSamples = 20;
    result.info.batchSize = 32;
    result.info.device = "cpu";
    result.info.backend = "libtorch";
    result.info.backendReason = "the only backend in this build";
    result.info.intraOpThreads = 2;
    result.info.interOpThreads = 1;
    result.info.model.totalParams = 17217;
    result.info.model.trainingFlopsPerSample = 1e6;
    for (int epoch = 1; epoch <= 2; ++epoch) {
        es::EpochRecord record;
        record.epoch = epoch;
        record.batches = 3;
        record.phaseS = {0.001, 0.002, 0.010, 0.020, 0.003, 0.0, 0.004};
        record.trainS = 0.04;
        record.validationS = 0.005;
        record.wallS = 0.05;
        record.callbacks = {{"model_checkpoint", 0.003, 41000, 2},
                            {"model_checkpoint", 0.002, 0, 0}};
        record.samples = 80;
        record.trainLoss = 0.25;
        if (epoch == 2)
            record.valLoss = 0.3;
        record.metrics = {{"mae", 0.4}, {"val_mae", 0.45}};
        result.epochs.push_back(record);
        for (int i = 1; i <= 3; ++i)
            result.batches.push_back(batch(epoch, i, 10.0 + i, i == 3 ? 16 : 32));
    }
    result.totalS = 0.2;
    return result;
}

es::EnvironmentInfo handMadeEnvironment()
{
    es::EnvironmentInfo environment;
    environment.libtorchVersion = "1.13.1";
    environment.intraOpThreads = 2;
    environment.interOpThreads = 1;
    environment.cpuModel = "Test CPU";
    environment.physicalCores = 2;
    environment.logicalCores = 4;
    return environment;
}

}  // namespace

class TestRunSummary : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void percentile_data()
    {
        QTest::addColumn<Values>("values");
        QTest::addColumn<double>("p");
        QTest::addColumn<double>("expected");
        QTest::newRow("single value") << Values{7.0} << 99.0 << 7.0;
        QTest::newRow("p50 of 1..10 is 5 (nearest rank, not 5.5)") << oneTo(10) << 50.0 << 5.0;
        QTest::newRow("p95 of 1..20 is 19 (rank exact despite 0.95 in binary)")
            << oneTo(20) << 95.0 << 19.0;
        QTest::newRow("p99 of 1..100") << oneTo(100) << 99.0 << 99.0;
        QTest::newRow("p99 of 1..10 rounds the rank up to the maximum")
            << oneTo(10) << 99.0 << 10.0;
        QTest::newRow("p0 is the minimum") << Values{3, 1, 2} << 0.0 << 1.0;
        QTest::newRow("p100 is the maximum") << Values{3, 1, 2} << 100.0 << 3.0;
        QTest::newRow("unsorted input") << Values{9, 2, 7, 4, 5} << 50.0 << 5.0;
    }

    void percentile()
    {
        QFETCH(Values, values);
        QFETCH(double, p);
        QFETCH(double, expected);
        QCOMPARE(es::percentile(values, p), expected);
    }

    void percentileRejectsBadInput()
    {
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, es::percentile({}, 50.0));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, es::percentile({1.0}, 101.0));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, es::percentile({1.0}, -1.0));
    }

    void median_data()
    {
        QTest::addColumn<Values>("values");
        QTest::addColumn<double>("expected");
        QTest::newRow("one") << Values{4.0} << 4.0;
        QTest::newRow("odd count") << Values{5, 1, 3} << 3.0;
        QTest::newRow("even count averages the middle two") << Values{4, 1, 3, 2} << 2.5;
        QTest::newRow("repeated values") << Values{2, 2, 2, 9} << 2.0;
    }

    void median()
    {
        QFETCH(Values, values);
        QFETCH(double, expected);
        QCOMPARE(es::median(values), expected);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, es::median({}));
    }

    void batchLatency()
    {
        // 1..100 ms in a shuffled order: the percentiles are the ranks themselves.
        std::vector<es::BatchRecord> batches;
        for (int i = 1; i <= 100; ++i)
            batches.push_back(batch(1, i, i));
        std::shuffle(batches.begin(), batches.end(), std::mt19937(7));
        const es::LatencyStats stats = es::batchLatency(batches);
        QCOMPARE(stats.p50Ms, 50.0);
        QCOMPARE(stats.p95Ms, 95.0);
        QCOMPARE(stats.p99Ms, 99.0);

        const es::LatencyStats empty = es::batchLatency({});
        QCOMPARE(empty.p50Ms, 0.0);
        QCOMPARE(empty.p99Ms, 0.0);
    }

    void steadyState_data()
    {
        QTest::addColumn<std::vector<es::BatchRecord>>("batches");
        QTest::addColumn<std::optional<double>>("expected");

        std::vector<es::BatchRecord> twoEpochs = epochOfBatches(1, 4, 100.0);
        twoEpochs.push_back(batch(2, 1, 10.0));
        twoEpochs.push_back(batch(2, 2, 14.0));
        twoEpochs.push_back(batch(2, 3, 12.0));
        QTest::newRow("later epochs only, epoch 1 ignored")
            << twoEpochs << std::optional<double>(12.0);

        std::vector<es::BatchRecord> oneEpoch = {batch(1, 1, 500.0)};
        for (int i = 2; i <= 10; ++i)
            oneEpoch.push_back(batch(1, i, i % 2 ? 20.0 : 10.0));  // five of 10, four of 20
        QTest::newRow("one epoch of 10 skips its first batch")
            << oneEpoch << std::optional<double>(10.0);

        std::vector<es::BatchRecord> eleven = {batch(1, 1, 500.0), batch(1, 2, 400.0)};
        for (int i = 3; i <= 11; ++i)
            eleven.push_back(batch(1, i, 10.0));
        QTest::newRow("one epoch of 11 skips two batches (10% rounded up)")
            << eleven << std::optional<double>(10.0);

        std::vector<es::BatchRecord> resumed = epochOfBatches(3, 2, 90.0);
        for (const auto& record : epochOfBatches(4, 2, 8.0))
            resumed.push_back(record);
        QTest::newRow("resumed at epoch 3: the first epoch run is the warm one")
            << resumed << std::optional<double>(8.0);

        QTest::newRow("a single batch is all warm-up")
            << epochOfBatches(1, 1, 50.0) << std::optional<double>();
        QTest::newRow("no batches") << std::vector<es::BatchRecord>() << std::optional<double>();
    }

    void steadyState()
    {
        QFETCH(std::vector<es::BatchRecord>, batches);
        QFETCH(std::optional<double>, expected);
        QCOMPARE(es::steadyStateStepMs(batches), expected);
    }

    void firstEpochRatio_data()
    {
        QTest::addColumn<Values>("trainS");
        QTest::addColumn<std::optional<double>>("expected");
        QTest::newRow("no epochs") << Values{} << std::optional<double>();
        QTest::newRow("one epoch has nothing to compare with")
            << Values{3.0} << std::optional<double>();
        QTest::newRow("two epochs") << Values{3.0, 1.5} << std::optional<double>(2.0);
        QTest::newRow("median of the later epochs, not their mean")
            << Values{2.0, 1.0, 1.0, 7.0} << std::optional<double>(2.0);
        QTest::newRow("later epochs took no time") << Values{1.0, 0.0} << std::optional<double>();
    }

    void firstEpochRatio()
    {
        QFETCH(Values, trainS);
        QFETCH(std::optional<double>, expected);
        std::vector<es::EpochRecord> epochs;
        for (std::size_t i = 0; i < trainS.size(); ++i)
            epochs.push_back(epochRecord(static_cast<int>(i) + 1, trainS[i]));
        QCOMPARE(es::firstEpochRatio(epochs), expected);
    }

    void throughputArithmetic()
    {
        es::RunResult result;
        result.info.model.trainingFlopsPerSample = 1e6;
        // 80 samples in 25 ms: the last, partial batch counts its own 16 samples.
        result.batches = {batch(1, 1, 10.0, 32), batch(1, 2, 10.0, 32), batch(1, 3, 5.0, 16)};
        const es::Throughput throughput = es::trainingThroughput(result);
        QCOMPARE(throughput.samples, std::int64_t{80});
        QCOMPARE(throughput.trainS, 0.025);
        QCOMPARE(throughput.trainingFlops, 8e7);
        QVERIFY(throughput.samplesPerS);
        QVERIFY(qFuzzyCompare(*throughput.samplesPerS, 3200.0));
        QVERIFY(throughput.achievedGflops);
        QVERIFY(qFuzzyCompare(*throughput.achievedGflops, 3.2));

        const nlohmann::json summary =
            es::buildRunSummary(es::RunConfig{}, result, handMadeEnvironment());
        QVERIFY(qFuzzyCompare(summary["achieved_gflops"].get<double>(), 3.2));
        QVERIFY(qFuzzyCompare(summary["samples_per_s"].get<double>(), 3200.0));
    }

    void throughputWithoutBatchesIsUnknown()
    {
        const es::Throughput throughput = es::trainingThroughput(es::RunResult{});
        QVERIFY(!throughput.samplesPerS);
        QVERIFY(!throughput.achievedGflops);
    }

    void summaryHasEveryDocumentedField()
    {
        const es::RunConfig config;
        const es::RunResult result = handMadeResult();
        const nlohmann::json summary = es::buildRunSummary(config, result, handMadeEnvironment());

        for (const char* key :
             {"format", "format_version", "epochscope_version", "status", "error", "config",
              "environment", "run", "epochs", "batch_latency_ms", "steady_state_step_ms",
              "first_epoch_ratio", "samples_per_s", "achieved_gflops", "total_s"})
            QVERIFY2(summary.contains(key), key);
        QCOMPARE(summary["format"].get<std::string>(), std::string(es::kRunSummaryFormat));
        QCOMPARE(summary["format_version"].get<int>(), es::kRunSummaryFormatVersion);
        QCOMPARE(summary["status"].get<std::string>(), std::string("finished"));
        QVERIFY(summary["error"].is_null());
        QCOMPARE(summary["config"], es::toJson(config));
        QCOMPARE(summary["total_s"].get<double>(), 0.2);

        const nlohmann::json& environment = summary["environment"];
        for (const char* key :
             {"libtorch_version", "intra_op_threads", "inter_op_threads", "cpu_model",
              "physical_cores", "logical_cores", "cuda_available", "cuda_device_count"})
            QVERIFY2(environment.contains(key), key);
        QCOMPARE(environment["cpu_model"].get<std::string>(), std::string("Test CPU"));
        QCOMPARE(environment["logical_cores"].get<int>(), 4);

        const nlohmann::json& run = summary["run"];
        for (const char* key :
             {"device", "backend", "backend_reason", "intra_op_threads", "inter_op_threads",
              "batch_size", "batches_per_epoch", "placement", "prefetch", "epochs_planned",
              "train_samples", "validation_samples", "total_params", "training_flops_per_batch"})
            QVERIFY2(run.contains(key), key);
        QCOMPARE(run["backend_reason"].get<std::string>(),
                 std::string("the only backend in this build"));
        QCOMPARE(run["total_params"].get<std::int64_t>(), std::int64_t{17217});
        QCOMPARE(run["training_flops_per_batch"].get<double>(), 32e6);

        QCOMPARE(summary["epochs"].size(), std::size_t{2});
        const nlohmann::json& first = summary["epochs"][0];
        for (const char* key :
             {"epoch", "batches", "wall_s", "train_s", "validation_s", "phase_s", "callback_s",
              "callback_writes", "samples", "loss", "val_loss", "metrics"})
            QVERIFY2(first.contains(key), key);
        for (const char* phase : {"data_wait", "host_to_device", "forward", "backward", "optimizer",
                                  "callbacks", "warm_up", "communication", "other"})
            QVERIFY2(first["phase_s"].contains(phase), phase);
        QCOMPARE(first["phase_s"].size(), std::size_t{9});  // every phase, none more
        QCOMPARE(first["phase_s"]["backward"].get<double>(), 0.020);
        QVERIFY2(first["val_loss"].is_null(), "an epoch without validation has val_loss null");
        QCOMPARE(summary["epochs"][1]["val_loss"].get<double>(), 0.3);
        QCOMPARE(first["metrics"]["val_mae"].get<double>(), 0.45);
        // Two callbacks of one name keep both times.
        QCOMPARE(first["callback_s"]["model_checkpoint"].get<double>(), 0.003);
        QCOMPARE(first["callback_s"]["model_checkpoint#2"].get<double>(), 0.002);
        // Only callbacks that wrote files appear, with the bytes and the number of files.
        QCOMPARE(first["callback_writes"].size(), std::size_t(1));
        QCOMPARE(first["callback_writes"]["model_checkpoint"]["bytes"].get<std::int64_t>(), 41000);
        QCOMPARE(first["callback_writes"]["model_checkpoint"]["files"].get<int>(), 2);

        const nlohmann::json& latency = summary["batch_latency_ms"];
        QCOMPARE(latency["p50"].get<double>(), 12.0);
        QCOMPARE(latency["p95"].get<double>(), 13.0);
        QCOMPARE(latency["p99"].get<double>(), 13.0);
        QCOMPARE(summary["steady_state_step_ms"].get<double>(), 12.0);
        QCOMPARE(summary["first_epoch_ratio"].get<double>(), 1.0);
    }

    void callbackKeysNumberEachCopy_data()
    {
        QTest::addColumn<QStringList>("names");
        QTest::addColumn<QStringList>("keys");
        QTest::newRow("distinct") << QStringList{"early_stopping", "csv_logger"}
                                  << QStringList{"early_stopping", "csv_logger"};
        QTest::newRow("interleaved copies")
            << QStringList{"model_checkpoint", "csv_logger", "model_checkpoint", "model_checkpoint",
                           "csv_logger"}
            << QStringList{"model_checkpoint", "csv_logger", "model_checkpoint#2",
                           "model_checkpoint#3", "csv_logger#2"};
        // A name that already looks like a copy's key does not take another's place.
        QTest::newRow("name like a key")
            << QStringList{"a#2", "a", "a", "a"} << QStringList{"a#2", "a", "a#3", "a#4"};
    }

    void callbackKeysNumberEachCopy()
    {
        QFETCH(QStringList, names);
        QFETCH(QStringList, keys);
        es::EpochRecord record;
        for (int i = 0; i < names.size(); ++i)
            record.callbacks.push_back({names[i].toStdString(), 0.001 * (i + 1), 0, 0});
        const nlohmann::json seconds = es::epochJson(record)["callback_s"];
        QCOMPARE(int(seconds.size()), keys.size());
        for (int i = 0; i < keys.size(); ++i)
            QCOMPARE(seconds.at(keys[i].toStdString()).get<double>(), 0.001 * (i + 1));
    }

    void tenThousandCallbacksOfOneName()
    {
        // The keys were found by searching all keys so far for each copy number: cubic, so an
        // epoch of 10,000 callbacks never finished writing its summary (the config now allows
        // at most es::kMaxCallbacks, but a summary is written from whatever a run recorded).
        constexpr int kCallbacks = 10'000;
        es::EpochRecord record;
        record.callbacks.assign(kCallbacks, {"model_checkpoint", 0.0, 10, 1});
        const nlohmann::json epoch = es::epochJson(record);
        QCOMPARE(int(epoch["callback_s"].size()), kCallbacks);
        QCOMPARE(int(epoch["callback_writes"].size()), kCallbacks);
        QVERIFY(epoch["callback_s"].contains("model_checkpoint"));
        QVERIFY(epoch["callback_s"].contains("model_checkpoint#10000"));
        QVERIFY(!epoch["callback_s"].contains("model_checkpoint#10001"));
    }

    void summaryOfStoppedOneEpochRun()
    {
        es::RunResult result;
        result.state = es::RunState::Stopped;
        result.info.epochs = 1000;
        result.epochs = {epochRecord(1, 0.5)};
        result.batches = {batch(1, 1, 20.0)};
        const nlohmann::json summary =
            es::buildRunSummary(es::RunConfig{}, result, handMadeEnvironment());
        QCOMPARE(summary["status"].get<std::string>(), std::string("stopped"));
        QCOMPARE(summary["run"]["epochs_planned"].get<int>(), 1000);
        QVERIFY(summary["first_epoch_ratio"].is_null());
        QVERIFY(summary["steady_state_step_ms"].is_null());
    }

    void summaryOfRunFailedBeforeAnyBatch()
    {
        es::RunResult result;
        result.state = es::RunState::Failed;
        result.error = "CUDA is not available";
        const nlohmann::json summary =
            es::buildRunSummary(es::RunConfig{}, result, handMadeEnvironment());
        QCOMPARE(summary["status"].get<std::string>(), std::string("failed"));
        QCOMPARE(summary["error"].get<std::string>(), std::string("CUDA is not available"));
        QVERIFY2(summary["run"].is_null(), "no run facts for a run that never started");
        QVERIFY(summary["epochs"].is_array());
        QVERIFY(summary["epochs"].empty());
        QVERIFY(summary["batch_latency_ms"]["p50"].is_null());
        QVERIFY(summary["samples_per_s"].is_null());
        QVERIFY(summary["achieved_gflops"].is_null());
    }

    void summaryKeepsFullPrecision()
    {
        es::RunResult result = handMadeResult();
        result.totalS = 0.1 + 0.2;  // 0.30000000000000004: rounding would lose the last digit
        result.epochs[0].trainLoss = 1.0 / 3.0;
        const nlohmann::json summary =
            es::buildRunSummary(es::RunConfig{}, result, handMadeEnvironment());
        const nlohmann::json reparsed = nlohmann::json::parse(summary.dump(2));
        QCOMPARE(reparsed["total_s"].get<double>(), 0.1 + 0.2);
        QCOMPARE(reparsed["epochs"][0]["loss"].get<double>(), 1.0 / 3.0);
    }
};

QTEST_APPLESS_MAIN(TestRunSummary)
#include "tst_runsummary.moc"
