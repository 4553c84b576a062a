#include "support/runtoend.h"
#include "support/smallconfigs.h"
#include "train/trainingsession.h"

#include <QtTest>

#include <cmath>

namespace {

using es::test::runToEnd;

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
