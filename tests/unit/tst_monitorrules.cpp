// Keras' EarlyStopping, ReduceLROnPlateau and TerminateOnNaN decisions on scripted metric
// sequences. Expected values are worked out by hand from Keras 2.x's callbacks.py (the
// comments trace the state), including its corner cases.

#include "engine/callbacks/monitorrules.h"

#include <QtTest>

#include <cmath>
#include <limits>

namespace {

const double kNaN = std::numeric_limits<double>::quiet_NaN();

}  // namespace

class TestMonitorRules : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void resolvesAutoMode_data()
    {
        QTest::addColumn<QString>("mode");
        QTest::addColumn<QString>("monitor");
        QTest::addColumn<bool>("maximise");
        QTest::newRow("loss") << "auto"
                              << "val_loss" << false;
        QTest::newRow("mae") << "auto"
                             << "val_mae" << false;
        QTest::newRow("accuracy") << "auto"
                                  << "val_accuracy" << true;
        QTest::newRow("acc") << "auto"
                             << "acc" << true;
        QTest::newRow("auc") << "auto"
                             << "val_auc" << true;
        QTest::newRow("max given") << "max"
                                   << "loss" << true;
        QTest::newRow("min given") << "min"
                                   << "accuracy" << false;
    }

    void resolvesAutoMode()
    {
        QFETCH(QString, mode);
        QFETCH(QString, monitor);
        QFETCH(bool, maximise);
        QCOMPARE(es::resolveMonitorMode(mode.toStdString(), monitor.toStdString()) ==
                     es::MonitorMode::Max,
                 maximise);
    }

    void earlyStopping_data()
    {
        QTest::addColumn<QString>("monitor");
        QTest::addColumn<QString>("mode");
        QTest::addColumn<double>("minDelta");
        QTest::addColumn<int>("patience");
        QTest::addColumn<double>("baseline");  // NaN: none
        QTest::addColumn<int>("startFromEpoch");
        QTest::addColumn<bool>("restore");
        QTest::addColumn<QList<double>>("values");
        QTest::addColumn<int>("stopEpoch");  // 0: runs to the end
        QTest::addColumn<int>("bestEpoch");
        QTest::addColumn<QList<int>>("snapshots");

        // e1 best 1.0; e2 best 0.9; e3 no better, wait 1 >= 0 -> stop.
        QTest::newRow("patience 0 stops at the first miss")
            << "val_loss"
            << "auto" << 0.0 << 0 << kNaN << 0 << false << QList<double>{1.0, 0.9, 0.95, 0.8} << 3
            << 2 << QList<int>{};
        QTest::newRow("keeps going while improving")
            << "val_loss"
            << "auto" << 0.0 << 0 << kNaN << 0 << false << QList<double>{1.0, 0.9, 0.8} << 0 << 3
            << QList<int>{};
        // NaN is never an improvement, but the first epoch never stops a run.
        QTest::newRow("the first epoch never stops")
            << "val_loss"
            << "auto" << 0.0 << 0 << kNaN << 0 << false << QList<double>{kNaN, kNaN, kNaN} << 2 << 0
            << QList<int>{};
        // 0.995 and 0.992 do not beat 1.0 by more than 0.01: waits 1, 2 -> stop at e3.
        QTest::newRow("min_delta")
            << "val_loss"
            << "min" << 0.01 << 2 << kNaN << 0 << false
            << QList<double>{1.0, 0.995, 0.992, 0.98, 0.97} << 3 << 1 << QList<int>{};
        // Accuracy is maximised; 0.6 again is no improvement: waits 1 (e3), 2 (e4).
        QTest::newRow("accuracy is maximised")
            << "val_accuracy"
            << "auto" << 0.0 << 2 << kNaN << 0 << false << QList<double>{0.5, 0.6, 0.6, 0.59, 0.7}
            << 4 << 2 << QList<int>{};
        // e1 and e2 ignored; e3 first counted (best 1.0), e4 better, e5 misses -> stop.
        QTest::newRow("start_from_epoch skips the warm-up")
            << "val_loss"
            << "auto" << 0.0 << 0 << kNaN << 2 << false << QList<double>{0.5, 0.4, 1.0, 0.9, 1.1}
            << 5 << 4 << QList<int>{};
        // Improvements that do not beat the baseline keep the wait growing (1, 2, 3) but
        // return early; the first miss (e4, wait 4 >= 1) stops.
        QTest::newRow("baseline must be beaten")
            << "val_loss"
            << "auto" << 0.0 << 1 << 0.5 << 0 << false << QList<double>{0.8, 0.7, 0.6, 0.6, 0.4}
            << 4 << 3 << QList<int>{};
        // e2 beats the baseline: wait 0; e3 misses (wait 1 < 2); e4 improves again.
        QTest::newRow("beating the baseline resets the wait")
            << "val_loss"
            << "auto" << 0.0 << 2 << 0.5 << 0 << false << QList<double>{0.8, 0.4, 0.45, 0.3} << 0
            << 4 << QList<int>{};
        // Snapshots at e1 (first eligible) and e2 (new best); stop at e4 restores e2's.
        QTest::newRow("restore_best_weights")
            << "val_loss"
            << "auto" << 0.0 << 2 << kNaN << 0 << true << QList<double>{1.0, 0.5, 0.7, 0.8} << 4
            << 2 << QList<int>{1, 2};
    }

    void earlyStopping()
    {
        QFETCH(QString, monitor);
        QFETCH(QString, mode);
        QFETCH(double, minDelta);
        QFETCH(int, patience);
        QFETCH(double, baseline);
        QFETCH(int, startFromEpoch);
        QFETCH(bool, restore);
        QFETCH(QList<double>, values);
        QFETCH(int, stopEpoch);
        QFETCH(int, bestEpoch);
        QFETCH(QList<int>, snapshots);

        es::EarlyStoppingOptions options;
        options.monitor = monitor.toStdString();
        options.mode = mode.toStdString();
        options.minDelta = minDelta;
        options.patience = patience;
        if (!std::isnan(baseline))
            options.baseline = baseline;
        options.startFromEpoch = startFromEpoch;
        options.restoreBestWeights = restore;
        es::EarlyStoppingRule rule(options);
        int stoppedAt = 0;
        QList<int> snapshotEpochs;
        for (int i = 0; i < values.size() && stoppedAt == 0; ++i) {
            const int epoch = i + 1;
            const auto decision =
                rule.onEpochEnd(epoch, {{options.monitor, values[i]}, {"loss", 0.1}});
            QVERIFY(!decision.monitorMissing);
            if (decision.snapshotWeights)
                snapshotEpochs << epoch;
            if (decision.stop) {
                stoppedAt = epoch;
                QCOMPARE(decision.restoreBestWeights, restore);
            }
        }
        QCOMPARE(stoppedAt, stopEpoch);
        QCOMPARE(rule.stoppedEpoch(), stopEpoch);
        QCOMPARE(rule.bestEpoch(), bestEpoch);
        QCOMPARE(snapshotEpochs, snapshots);
    }

    void earlyStoppingWithoutItsMonitor()
    {
        es::EarlyStoppingRule rule(es::EarlyStoppingOptions{});
        for (int epoch = 1; epoch <= 5; ++epoch) {
            const auto decision = rule.onEpochEnd(epoch, {{"loss", 1.0}});
            QVERIFY(decision.monitorMissing);
            QVERIFY(!decision.stop);
        }
    }

    void reduceLrOnPlateau_data()
    {
        QTest::addColumn<QString>("monitor");
        QTest::addColumn<double>("factor");
        QTest::addColumn<int>("patience");
        QTest::addColumn<double>("minDelta");
        QTest::addColumn<int>("cooldown");
        QTest::addColumn<double>("minLr");
        QTest::addColumn<double>("initialLr");
        QTest::addColumn<QList<double>>("values");
        QTest::addColumn<QList<double>>("rates");  // the rate after each epoch

        // e1 best; waits 1, 2 -> halve (e3); waits 1, 2 -> halve (e5).
        QTest::newRow("patience 2")
            << "val_loss" << 0.5 << 2 << 0.0 << 0 << 0.0 << 0.1 << QList<double>{1, 1, 1, 1, 1}
            << QList<double>{0.1, 0.1, 0.05, 0.05, 0.025};
        // After the cut at e2 the counter is 2: e3 (2 -> 1) is skipped, e4 (1 -> 0) counts
        // and cuts again, e5 is skipped.
        QTest::newRow("cooldown") << "val_loss" << 0.5 << 1 << 0.0 << 2 << 0.0 << 0.1
                                  << QList<double>{1, 1, 1, 1, 1}
                                  << QList<double>{0.1, 0.05, 0.05, 0.025, 0.025};
        // A cooldown of 1 is spent before the check in the same epoch: no pause at all.
        QTest::newRow("cooldown 1 pauses nothing")
            << "val_loss" << 0.5 << 1 << 0.0 << 1 << 0.0 << 0.1 << QList<double>{1, 1, 1, 1}
            << QList<double>{0.1, 0.05, 0.025, 0.0125};
        QTest::newRow("min_lr floors the rate")
            << "val_loss" << 0.1 << 1 << 0.0 << 0 << 0.005 << 0.01 << QList<double>{1, 1, 1}
            << QList<double>{0.01, 0.005, 0.005};
        // 0.99995 is not below 1.0 - 1e-4: a plateau.
        QTest::newRow("min_delta")
            << "val_loss" << 0.5 << 1 << 1e-4 << 0 << 0.0 << 0.1 << QList<double>{1.0, 0.99995, 0.5}
            << QList<double>{0.1, 0.05, 0.05};
        QTest::newRow("accuracy is maximised")
            << "val_accuracy" << 0.5 << 1 << 1e-4 << 0 << 0.0 << 0.1 << QList<double>{0.5, 0.6, 0.6}
            << QList<double>{0.1, 0.1, 0.05};
    }

    void reduceLrOnPlateau()
    {
        QFETCH(QString, monitor);
        QFETCH(double, factor);
        QFETCH(int, patience);
        QFETCH(double, minDelta);
        QFETCH(int, cooldown);
        QFETCH(double, minLr);
        QFETCH(double, initialLr);
        QFETCH(QList<double>, values);
        QFETCH(QList<double>, rates);

        es::ReduceLrOptions options;
        options.monitor = monitor.toStdString();
        options.factor = factor;
        options.patience = patience;
        options.minDelta = minDelta;
        options.cooldown = cooldown;
        options.minLr = minLr;
        es::ReduceLrOnPlateauRule rule(options);
        double rate = initialLr;
        QList<double> seen;
        for (const double value : values) {
            const auto decision = rule.onEpochEnd({{options.monitor, value}}, rate);
            if (decision.newLearningRate)
                rate = *decision.newLearningRate;
            seen << rate;
        }
        QCOMPARE(seen.size(), rates.size());
        for (int i = 0; i < rates.size(); ++i)
            QVERIFY2(
                std::fabs(seen[i] - rates[i]) < 1e-12,
                qPrintable(
                    QString("epoch %1: %2, expected %3").arg(i + 1).arg(seen[i]).arg(rates[i])));
    }

    void terminateOnNaN()
    {
        QVERIFY(es::lossIsInvalid(kNaN));
        QVERIFY(es::lossIsInvalid(std::numeric_limits<double>::infinity()));
        QVERIFY(es::lossIsInvalid(-std::numeric_limits<double>::infinity()));
        QVERIFY(!es::lossIsInvalid(1e38));
        QVERIFY(!es::lossIsInvalid(0.0));
    }
};

QTEST_GUILESS_MAIN(TestMonitorRules)
#include "tst_monitorrules.moc"
