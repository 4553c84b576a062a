// Callbacks run by the training loop: early stopping ends a run as finished, ReduceLROnPlateau
// changes the rate, TerminateOnNaN ends the epoch at the bad step, CSVLogger writes Keras'
// rows, and each callback's time is recorded per epoch.

#include "config/runconfig.h"
#include "support/runtoend.h"
#include "train/runobserver.h"

#include <QtTest>

#include <nlohmann/json.hpp>

#include <mutex>

namespace {

using Json = nlohmann::json;

Json smallConfig(const Json& callbacks)
{
    Json config = Json::parse(R"({
      "name": "callbacks", "seed": 3,
      "model": {"layers": [{"type": "lstm", "units": 8}, {"type": "dense", "units": 1}]},
      "data": {"source": {"type": "synthetic_regression", "samples": 384, "timesteps": 6,
                          "features": 3},
               "validation_split": 0.25, "batch_size": 32},
      "training": {"epochs": 60, "optimizer": {"type": "adam", "learning_rate": 0.05},
                   "loss": "mse", "metrics": ["mae"]},
      "device": {"intra_op_threads": 1}
    })");
    config["callbacks"] = callbacks;
    return config;
}

/// Collects the log lines of a run.
class LogCollector : public es::RunObserver {
public:
    void onLog(es::LogLevel, const std::string& message) override
    {
        std::lock_guard lock(m_mutex);
        m_lines.push_back(message);
    }
    bool contains(const std::string& fragment) const
    {
        std::lock_guard lock(m_mutex);
        for (const std::string& line : m_lines) {
            if (line.find(fragment) != std::string::npos)
                return true;
        }
        return false;
    }

private:
    mutable std::mutex m_mutex;
    std::vector<std::string> m_lines;
};

es::RunResult runWithLogs(const Json& config, LogCollector& logs)
{
    es::TrainingSession session(es::parseRunConfig(config));
    session.addObserver(&logs);
    session.start();
    session.wait();
    return session.result();
}

}  // namespace

class TestCallbacks : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void earlyStoppingEndsTheRunAsFinished()
    {
        LogCollector logs;
        const es::RunResult result =
            runWithLogs(smallConfig(Json::parse(R"([{"type": "early_stopping", "patience": 2,
                                         "restore_best_weights": true},
                                        {"type": "reduce_lr_on_plateau", "patience": 1,
                                         "factor": 0.5}])")),
                        logs);
        QCOMPARE(result.state, es::RunState::Finished);
        QVERIFY2(result.stoppedBy.rfind("early_stopping at epoch ", 0) == 0,
                 result.stoppedBy.c_str());
        QVERIFY(result.epochs.size() < 60);
        // The last epochs did not beat the best by any margin: patience 2 means the last
        // two epochs' val_loss are not below the best before them.
        const std::size_t n = result.epochs.size();
        QVERIFY(n >= 3);
        double best = *result.epochs[0].valLoss;
        for (std::size_t i = 1; i + 2 < n; ++i)
            best = std::min(best, *result.epochs[i].valLoss);
        QVERIFY(*result.epochs[n - 2].valLoss >= best);
        QVERIFY(*result.epochs[n - 1].valLoss >= best);
        QVERIFY(logs.contains("Restoring model weights from the end of the best epoch"));
        QVERIFY(logs.contains("ReduceLROnPlateau reducing learning rate to"));
        // Every epoch times each callback under its name.
        for (const es::EpochRecord& epoch : result.epochs) {
            QCOMPARE(epoch.callbackS.size(), std::size_t(2));
            QCOMPARE(epoch.callbackS[0].first, std::string("early_stopping"));
            QCOMPARE(epoch.callbackS[1].first, std::string("reduce_lr_on_plateau"));
            QVERIFY(epoch.callbackS[0].second >= 0.0);
        }
    }

    void terminateOnNanEndsTheEpochAtTheBadStep()
    {
        // An absurd learning rate drives the loss to infinity within a few steps.
        Json config = smallConfig(Json::parse(R"([{"type": "terminate_on_nan"}])"));
        config["training"]["optimizer"] = {{"type", "sgd"}, {"learning_rate", 1e12}};
        LogCollector logs;
        const es::RunResult result = runWithLogs(config, logs);
        QCOMPARE(result.state, es::RunState::Finished);
        QVERIFY2(result.stoppedBy.rfind("terminate_on_nan at batch ", 0) == 0,
                 result.stoppedBy.c_str());
        QVERIFY(!result.batches.empty());
        QVERIFY(!std::isfinite(result.batches.back().loss));
        for (std::size_t i = 0; i + 1 < result.batches.size(); ++i)
            QVERIFY(std::isfinite(result.batches[i].loss));  // it stopped at the first bad one
        QCOMPARE(result.epochs.size(), std::size_t(1));
        QVERIFY(logs.contains("Invalid loss, terminating training"));
    }

    void csvLoggerWritesKerasRows()
    {
        const QString path = m_dir.filePath("log.csv");
        Json callbacks = Json::array(
            {{{"type", "csv_logger"}, {"filename", path.toStdString()}, {"separator", ";"}}});
        Json config = smallConfig(callbacks);
        config["training"]["epochs"] = 3;
        LogCollector logs;
        es::RunResult result = runWithLogs(config, logs);
        QCOMPARE(result.state, es::RunState::Finished);
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QStringList lines = QString::fromUtf8(file.readAll()).trimmed().split('\n');
        file.close();
        QCOMPARE(lines.size(), 4);
        QCOMPARE(lines[0], QString("epoch;loss;mae;val_loss;val_mae"));
        QVERIFY(lines[1].startsWith("0;"));
        QVERIFY(lines[3].startsWith("2;"));
        const QStringList cells = lines[2].split(';');
        QCOMPARE(cells.size(), 5);
        QCOMPARE(cells[1].toDouble(), result.epochs[1].trainLoss);
        QCOMPARE(cells[3].toDouble(), *result.epochs[1].valLoss);
        QVERIFY(!QFile::exists(path + ".tmp"));

        // append: the rows stay and the header is not repeated.
        callbacks[0]["append"] = true;
        config = smallConfig(callbacks);
        config["training"]["epochs"] = 2;
        result = runWithLogs(config, logs);
        QVERIFY(file.open(QIODevice::ReadOnly));
        lines = QString::fromUtf8(file.readAll()).trimmed().split('\n');
        QCOMPARE(lines.size(), 6);
        QCOMPARE(lines.filter("epoch;").size(), 1);
        QVERIFY(lines[4].startsWith("0;"));
    }

    void callbacksNotRunYetAreAnnounced()
    {
        LogCollector logs;
        Json config = smallConfig(Json::parse(R"([{"type": "model_checkpoint",
                                                   "filepath": "never-written.pt"}])"));
        config["training"]["epochs"] = 1;
        const es::RunResult result = runWithLogs(config, logs);
        QCOMPARE(result.state, es::RunState::Finished);
        QVERIFY(logs.contains("callbacks[0] model_checkpoint is checked but not run"));
        QVERIFY(!QFile::exists("never-written.pt"));
    }
};

QTEST_GUILESS_MAIN(TestCallbacks)
#include "tst_callbacks.moc"
