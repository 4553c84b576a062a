#include "engine/model/backendchoice.h"
#include "engine/train/trainingsession.h"
#include "tests/support/runtoend.h"
#include "tests/support/smallconfigs.h"

#include <QtCore/QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <iterator>

namespace {

using es::test::runToEnd;

// Warm-up steps change no weight and no random number: the losses match to float rounding.
constexpr double kSameLoss = 1e-6;

/// The small regression with dropout between its LSTMs (it draws from the global generator)
/// and shuffled batches: what warm-up steps must leave alone.
nlohmann::json regressionWithDropout()
{
    nlohmann::json document = es::test::smallRegressionJson();
    auto& layers = document["model"]["layers"];
    const nlohmann::json dropout = {{"type", "dropout"}, {"rate", 0.3}};
    layers.insert(layers.begin() + 1, dropout);
    document["data"]["shuffle"] = true;
    document["training"]["epochs"] = 2;
    return document;
}

/// Fails the test unless `a` and `b` trained the same steps to the same losses.
void compareLosses(const std::vector<es::BatchRecord>& a, const std::vector<es::BatchRecord>& b)
{
    QCOMPARE(a.size(), b.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
        QCOMPARE(a[i].epoch, b[i].epoch);
        QCOMPARE(a[i].batch, b[i].batch);
        QVERIFY2(std::abs(a[i].loss - b[i].loss) <= kSameLoss,
                 qPrintable(QString("step %1.%2: %3 vs %4")
                                .arg(a[i].epoch)
                                .arg(a[i].batch)
                                .arg(a[i].loss, 0, 'g', 17)
                                .arg(b[i].loss, 0, 'g', 17)));
    }
}

double warmUpMs(const es::BatchRecord& batch)
{
    return batch.phaseMs[es::phaseIndex(es::Phase::WarmUp)];
}

}  // namespace

class TestTraining : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void regressionLossFalls()
    {
        const auto result = runToEnd(es::test::smallRegression());
        QCOMPARE(result.state, es::RunState::Finished);
        QCOMPARE(result.epochs.size(), std::size_t(4));
        const auto& first = result.epochs.front();
        const auto& last = result.epochs.back();
        qInfo("regression loss %.4f -> %.4f, val_loss %.4f -> %.4f", first.trainLoss,
              last.trainLoss, *first.valLoss, *last.valLoss);
        QVERIFY(last.trainLoss < 0.5 * first.trainLoss);
        QVERIFY(*last.valLoss < 0.5 * *first.valLoss);
        QVERIFY(last.metrics.count("mae") == 1 && last.metrics.count("val_mae") == 1);
    }

    void sentimentLossFalls()
    {
        const auto result = runToEnd(es::test::smallSentiment());
        QCOMPARE(result.state, es::RunState::Finished);
        const auto& first = result.epochs.front();
        const auto& last = result.epochs.back();
        qInfo("sentiment loss %.4f -> %.4f, val_accuracy %.3f -> %.3f", first.trainLoss,
              last.trainLoss, first.metrics.at("val_accuracy"), last.metrics.at("val_accuracy"));
        QVERIFY(last.trainLoss < 0.75 * first.trainLoss);
        // Chance is 0.5 on balanced labels.
        QVERIFY(last.metrics.at("val_accuracy") > 0.8);
    }

    void sameSeedSameLosses()
    {
        auto config = es::test::smallRegression();
        config.training.epochs = 2;
        const auto a = runToEnd(config);
        const auto b = runToEnd(config);
        QCOMPARE(a.batches.size(), b.batches.size());
        for (std::size_t i = 0; i < a.batches.size(); ++i)
            QCOMPARE(a.batches[i].loss, b.batches[i].loss);  // bit-identical, not approximate
        QCOMPARE(*a.epochs.back().valLoss, *b.epochs.back().valLoss);

        config.seed += 1;
        const auto c = runToEnd(config);
        QVERIFY(c.batches.front().loss != a.batches.front().loss);
    }

    void phasesAddUpToWallTime()
    {
        const auto result = runToEnd(es::test::smallRegression());
        QVERIFY(!result.batches.empty());
        for (const auto& batch : result.batches) {
            double sum = 0.0;
            for (double ms : batch.phaseMs)
                sum += ms;
            QVERIFY2(std::abs(sum - batch.wallMs) <= 0.01 * batch.wallMs,
                     qPrintable(QString("batch %1/%2: phases %3 ms, wall %4 ms")
                                    .arg(batch.epoch)
                                    .arg(batch.batch)
                                    .arg(sum)
                                    .arg(batch.wallMs)));
            QVERIFY(batch.phaseMs[es::phaseIndex(es::Phase::Other)] >= -1e-9);
            QVERIFY(batch.phaseMs[es::phaseIndex(es::Phase::Forward)] > 0.0);
            QVERIFY(batch.phaseMs[es::phaseIndex(es::Phase::Backward)] > 0.0);
            QCOMPARE(batch.h2dBytes, std::int64_t(0));  // CPU: nothing crosses a bus
        }
        for (const auto& epoch : result.epochs) {
            double sum = 0.0;
            for (double s : epoch.phaseS)
                sum += s;
            QVERIFY(std::abs(sum - epoch.trainS) <= 0.01 * epoch.trainS);
            QVERIFY(epoch.trainS + epoch.validationS <= epoch.wallS * 1.0001);
            QVERIFY(epoch.validationS > 0.0);
        }
    }

    void warmUpLeavesTrainingUnchanged_data()
    {
        QTest::addColumn<QString>("backend");
        QTest::addColumn<int>("prefetch");
        QTest::newRow("libtorch") << "libtorch" << 0;
        // The loader thread prepares the epoch's first batches while the warm-up runs.
        QTest::newRow("libtorch, prefetch") << "libtorch" << 2;
        QTest::newRow("onednn") << "onednn" << 0;
    }

    void warmUpLeavesTrainingUnchanged()
    {
        QFETCH(QString, backend);
        QFETCH(int, prefetch);
        if (backend == "onednn" && !es::oneDnnBuilt())
            QSKIP("this build has no oneDNN backend");
        nlohmann::json document = regressionWithDropout();
        document["backend"] = backend.toStdString();
        document["data"]["prefetch"] = prefetch;
        const auto plain = runToEnd(es::parseRunConfig(document));
        document["training"]["warmup_steps"] = 2;
        const auto warmed = runToEnd(es::parseRunConfig(document));
        QCOMPARE(plain.state, es::RunState::Finished);
        QCOMPARE(warmed.state, es::RunState::Finished);
        compareLosses(plain.batches, warmed.batches);
        QVERIFY(std::abs(*plain.epochs.back().valLoss - *warmed.epochs.back().valLoss) <=
                kSameLoss);

        // The warm-up is the first step's own phase, inside its wall time; no other step has
        // one, and every step's phases still add up to its wall time.
        QVERIFY(warmUpMs(warmed.batches.front()) > 0.0);
        QVERIFY(warmed.batches.front().wallMs >= warmUpMs(warmed.batches.front()));
        for (std::size_t i = 0; i < warmed.batches.size(); ++i) {
            const es::BatchRecord& batch = warmed.batches[i];
            if (i > 0)
                QCOMPARE(warmUpMs(batch), 0.0);
            QCOMPARE(warmUpMs(plain.batches[i]), 0.0);
            double sum = 0.0;
            for (double ms : batch.phaseMs)
                sum += ms;
            QVERIFY(std::abs(sum - batch.wallMs) <= 1e-9 * std::max(1.0, batch.wallMs));
            QVERIFY(batch.phaseMs[es::phaseIndex(es::Phase::Other)] >= -1e-9);
        }
        const es::EpochRecord& first = warmed.epochs.front();
        QCOMPARE(first.phaseS[es::phaseIndex(es::Phase::WarmUp)],
                 warmUpMs(warmed.batches.front()) / 1000.0);
        QCOMPARE(warmed.epochs.back().phaseS[es::phaseIndex(es::Phase::WarmUp)], 0.0);
    }

    void warmUpRunsAgainAfterAResume()
    {
        // A run that keeps its backup, then a longer one that resumes from it with warm-up
        // steps: the resumed steps train as a straight run's do, and the first of them (the
        // first this new run trains, with its one-time costs) carries the warm-up.
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        nlohmann::json document = regressionWithDropout();
        document["backend"] = "libtorch";
        document["callbacks"] =
            nlohmann::json::array({{{"type", "backup_and_restore"},
                                    {"backup_dir", dir.filePath("backup").toStdString()},
                                    {"delete_checkpoint", false}}});
        // The backup goes to the test's folder, which stands for the run's own here.
        const auto inTestFolder = [&dir](const nlohmann::json& config) {
            es::RunConfig parsed = es::parseRunConfig(config);
            parsed.writes.folders = {dir.path().toStdString()};
            return parsed;
        };
        const auto before = runToEnd(inTestFolder(document));
        QCOMPARE(before.state, es::RunState::Finished);

        document["training"]["epochs"] = 4;
        document["training"]["warmup_steps"] = 1;
        const auto resumed = runToEnd(inTestFolder(document));
        QCOMPARE(resumed.state, es::RunState::Finished);
        QVERIFY2(!resumed.resumedFrom.empty(), "the second run did not resume");
        QCOMPARE(resumed.batches.front().epoch, 3);
        QVERIFY(warmUpMs(resumed.batches.front()) > 0.0);

        nlohmann::json straight = regressionWithDropout();
        straight["backend"] = "libtorch";
        straight["training"]["epochs"] = 4;
        const auto whole = runToEnd(es::parseRunConfig(straight));
        std::vector<es::BatchRecord> laterSteps;
        std::copy_if(whole.batches.begin(), whole.batches.end(), std::back_inserter(laterSteps),
                     [](const es::BatchRecord& batch) { return batch.epoch >= 3; });
        compareLosses(laterSteps, resumed.batches);
    }

    void batchAccounting()
    {
        auto config = es::test::smallRegression();  // 512 training samples, batch 32
        config.training.epochs = 1;
        config.data.batchSize = 100;
        auto result = runToEnd(config);
        QCOMPARE(result.info.trainSamples, std::int64_t(512));
        QCOMPARE(result.info.validationSamples, std::int64_t(128));
        QCOMPARE(result.info.batchesPerEpoch, 6);  // 5 full + one of 12
        QCOMPARE(result.batches.back().samples, std::int64_t(12));
        QCOMPARE(result.epochs.front().samples, std::int64_t(512));

        config.data.dropLast = true;
        result = runToEnd(config);
        QCOMPARE(result.info.batchesPerEpoch, 5);

        config.training.stepsPerEpoch = 2;
        result = runToEnd(config);
        QCOMPARE(result.batches.size(), std::size_t(2));
    }

    void threadsApplied()
    {
        auto config = es::test::smallRegression();
        config.training.epochs = 1;
        config.training.stepsPerEpoch = 1;
        config.device.intraOpThreads = 0;  // one per physical core
        const auto result = runToEnd(config);
        QCOMPARE(result.info.intraOpThreads, result.info.environment.physicalCores);
    }

    void unavailableDeviceFailsCleanly()
    {
        auto config = es::test::smallRegression();
        config.device.type = es::DeviceType::Cuda;
        config.device.index = 99;
        const auto result = runToEnd(config);
        QCOMPARE(result.state, es::RunState::Failed);
        QVERIFY2(result.error.find("cuda:99") != std::string::npos, result.error.c_str());
    }
};

QTEST_APPLESS_MAIN(TestTraining)
#include "tst_training.moc"
