// Callbacks run by the training loop: early stopping ends a run as finished, ReduceLROnPlateau
// changes the rate, TerminateOnNaN ends the epoch at the bad step, CSVLogger writes Keras'
// rows, and each callback's time is recorded per epoch.

#include "engine/callbacks/backupandrestore.h"
#include "engine/callbacks/metriccallbacks.h"
#include "engine/config/configerror.h"
#include "engine/config/pathtemplate.h"
#include "engine/config/runconfig.h"
#include "engine/train/runobserver.h"
#include "tests/support/runtoend.h"
#include "tests/support/testsuite.h"

#include <QtTest>

#include <torch/torch.h>

#include <nlohmann/json.hpp>

#include <mutex>

#include <sys/stat.h>

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

/// Stands in for the training loop: records what a callback asks of it. A saved "backup" is a
/// small file, so that deleting it can be checked.
class ScriptedContext : public es::CallbackContext {
public:
    static constexpr qint64 kBytes = 100;
    QString position;  ///< "epoch:step", set by the test as it plays the run
    QStringList saves;
    int restores = 0;
    std::string restoredField;
    QString logged;

    void requestStop(const std::string&) override {}
    double learningRate() const override { return 0.1; }
    void setLearningRate(double) override {}
    void snapshotWeights() override {}
    void restoreWeights() override {}
    std::int64_t saveModel(const std::string&, bool) override { return 0; }
    std::int64_t saveTrainingState(const std::string& path) override
    {
        saves << position;
        QFile file(QString::fromStdString(path));
        if (file.open(QIODevice::WriteOnly))
            file.write(QByteArray(kBytes, 'b'));
        return kBytes;
    }
    void restoreTrainingState(const std::string&, const std::string& field) override
    {
        ++restores;
        restoredField = field;
    }
    void log(es::LogLevel, const std::string& message) override
    {
        logged += QString::fromStdString(message) + '\n';
    }
};

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

/// Trains `config`; its callbacks write into the test's temporary folders, which stand for the
/// run's own folders here, unless `folders` says otherwise.
es::RunResult runWithLogs(const Json& config, LogCollector& logs,
                          std::vector<std::string> folders = {QDir::tempPath().toStdString()})
{
    es::RunConfig parsed = es::parseRunConfig(config);
    parsed.writes.folders = std::move(folders);
    es::TrainingSession session(parsed);
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
            QCOMPARE(epoch.callbacks.size(), std::size_t(2));
            QCOMPARE(epoch.callbacks[0].name, std::string("early_stopping"));
            QCOMPARE(epoch.callbacks[1].name, std::string("reduce_lr_on_plateau"));
            QVERIFY(epoch.callbacks[0].seconds >= 0.0);
            QCOMPARE(epoch.callbacks[0].writes, 0);
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

    void backupSaves_data()
    {
        QTest::addColumn<int>("saveFreq");  // 0: "epoch"
        QTest::addColumn<bool>("completed");
        QTest::addColumn<bool>("deleteCheckpoint");
        QTest::addColumn<QString>("saves");  // epoch:step of each save
        QTest::addColumn<bool>("keptAtTheEnd");
        // Three epochs of four steps.
        QTest::newRow("every epoch") << 0 << true << true << "1:4 2:4 3:4" << false;
        QTest::newRow("every 3 steps, across epochs")
            << 3 << true << true << "1:3 2:2 3:1 3:4" << false;
        QTest::newRow("every step")
            << 1 << true << true << "1:1 1:2 1:3 1:4 2:1 2:2 2:3 2:4 3:1 3:2 3:3 3:4" << false;
        QTest::newRow("kept when told") << 0 << true << false << "1:4 2:4 3:4" << true;
        QTest::newRow("kept when stopped") << 5 << false << true << "2:1 3:2" << true;
    }

    void backupSaves()
    {
        QFETCH(int, saveFreq);
        QFETCH(bool, completed);
        QFETCH(bool, deleteCheckpoint);
        QFETCH(QString, saves);
        QFETCH(bool, keptAtTheEnd);
        QTemporaryDir dir;
        es::BackupOptions options;
        options.backupDir = dir.filePath("backup").toStdString();
        options.saveFreq = saveFreq;
        options.deleteCheckpoint = deleteCheckpoint;
        es::BackupAndRestoreCallback backup(options);
        ScriptedContext context;
        backup.onTrainBegin(context);
        QVERIFY(QDir(dir.filePath("backup")).exists());
        QCOMPARE(context.restores, 0);  // nothing to resume from
        for (int epoch = 1; epoch <= 3; ++epoch) {
            for (int step = 1; step <= 4; ++step) {
                context.position = QString("%1:%2").arg(epoch).arg(step);
                es::BatchRecord record;
                record.epoch = epoch;
                record.batch = step;
                backup.onBatchEnd(context, record);
            }
            backup.onEpochEnd(context, epoch, {{"loss", 1.0}});
        }
        backup.onTrainEnd(context, completed);
        QCOMPARE(context.saves.join(' '), saves);
        QCOMPARE(backup.written().writes, int(context.saves.size()));
        QCOMPARE(backup.written().bytes, qint64(context.saves.size()) * ScriptedContext::kBytes);
        QCOMPARE(QFile::exists(QString::fromStdString(backup.backupPath())), keptAtTheEnd);
    }

    void backupIsResumedUnlessIgnored()
    {
        QTemporaryDir dir;
        es::BackupOptions options;
        options.backupDir = dir.path().toStdString();
        options.field = "callbacks[1].backup_dir";
        QFile existing(QDir(dir.path()).filePath(es::BackupAndRestoreCallback::kFileName));
        QVERIFY(existing.open(QIODevice::WriteOnly));
        existing.close();

        ScriptedContext resuming;
        es::BackupAndRestoreCallback(options).onTrainBegin(resuming);
        QCOMPARE(resuming.restores, 1);
        QCOMPARE(resuming.restoredField, std::string("callbacks[1].backup_dir"));

        options.ignoreExisting = true;
        ScriptedContext fresh;
        es::BackupAndRestoreCallback(options).onTrainBegin(fresh);
        QCOMPARE(fresh.restores, 0);
        QVERIFY(fresh.logged.contains("--ignore-backup"));
    }

    // A csv_logger that could not write its file used to print an error and let the run
    // report success; now it fails the run, before the first step when it can tell.
    void csvLoggerThatCannotWriteFailsTheRun_data()
    {
        QTest::addColumn<QString>("filename");  // under the test's directory
        QTest::addColumn<QString>("phrase");
        QTest::newRow("a directory") << ""
                                     << "is a directory";
        QTest::newRow("under a file") << "plain-file/log.csv"
                                      << "cannot create or write the log's directory";
    }

    void csvLoggerThatCannotWriteFailsTheRun()
    {
        QFETCH(QString, filename);
        QFETCH(QString, phrase);
        QTemporaryDir dir;
        QFile plain(dir.filePath("plain-file"));
        QVERIFY(plain.open(QIODevice::WriteOnly));
        plain.close();
        const QString path = filename.isEmpty() ? dir.path() : dir.filePath(filename);
        Json config =
            smallConfig(Json::array({{{"type", "terminate_on_nan"}},
                                     {{"type", "csv_logger"}, {"filename", path.toStdString()}}}));
        config["training"]["epochs"] = 2;
        LogCollector logs;
        const es::RunResult result = runWithLogs(config, logs);
        QCOMPARE(result.state, es::RunState::Failed);
        QVERIFY(result.badInput);
        QVERIFY2(result.error.find("callbacks[1].filename: ") != std::string::npos &&
                     result.error.find(phrase.toStdString()) != std::string::npos,
                 result.error.c_str());
        QVERIFY(result.batches.empty());  // found before training, not after it
    }

    void csvLoggerWriteFailureEndsTheRun()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("logs/log.csv");
        es::CsvLoggerCallback logger(path.toStdString(), ",", false, "callbacks[3].filename");
        ScriptedContext context;
        logger.onTrainBegin(context);  // creates logs/, as model_checkpoint creates its own
        QVERIFY(QDir(dir.filePath("logs")).exists());
        logger.onEpochEnd(context, 1, {{"loss", 0.5}});
        QCOMPARE(logger.written().writes, 1);
        // The directory goes away under the run: the next epoch's write fails the run.
        QVERIFY(QDir(dir.filePath("logs")).removeRecursively());
        try {
            logger.onEpochEnd(context, 2, {{"loss", 0.4}});
            QFAIL("the failed write was not reported");
        } catch (const std::runtime_error& error) {
            const QString what = QString::fromUtf8(error.what());
            QVERIFY2(what.contains("csv_logger cannot write its log") && what.contains(path),
                     error.what());
        }
        QCOMPARE(logger.written().writes, 1);
        QVERIFY(context.logged.isEmpty());  // not a log line the run goes on after
    }

    /// What an appending log meets at its filename when the run starts. It was checked to be
    /// ours before the run (callbackwrites), but may have been swapped since: it is read only
    /// when it is a regular file of an epoch log's size, never streamed from a device or a FIFO.
    void csvLoggerAppendsOnlyToALogItCanRead_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("phrase");  // empty: appended to
        QTest::newRow("own log") << "log"
                                 << "";
        QTest::newRow("nothing yet") << "none"
                                     << "";
        QTest::newRow("fifo") << "fifo"
                              << "FIFO";
        QTest::newRow("link to a fifo") << "link-fifo"
                                        << "FIFO";
        QTest::newRow("dangling link") << "dangling"
                                       << "cannot open the log to append to";
        QTest::newRow("over 64 MiB") << "huge"
                                     << "more than the 67108864 an epoch log may hold";
    }

    void csvLoggerAppendsOnlyToALogItCanRead()
    {
        QFETCH(QString, kind);
        QFETCH(QString, phrase);
        QTemporaryDir dir;
        const QString path = dir.filePath("log.csv");
        const QByteArray fifo = QFile::encodeName(dir.filePath("fifo"));
        if (kind == "log") {
            QFile log(path);
            QVERIFY(log.open(QIODevice::WriteOnly));
            log.write("epoch,loss\n0,0.9\n");
        } else if (kind == "fifo") {
            QCOMPARE(::mkfifo(QFile::encodeName(path).constData(), 0600), 0);
        } else if (kind == "link-fifo") {
            QCOMPARE(::mkfifo(fifo.constData(), 0600), 0);
            QVERIFY(QFile::link(QString::fromLocal8Bit(fifo), path));
        } else if (kind == "dangling") {
            QVERIFY(QFile::link(dir.filePath("gone.csv"), path));
        } else if (kind == "huge") {
            QFile log(path);
            QVERIFY(log.open(QIODevice::WriteOnly));
            QVERIFY(log.resize((qint64(64) << 20) + 1));  // sparse: no 64 MiB written
        }
        es::CsvLoggerCallback logger(path.toStdString(), ",", true, "callbacks[0].filename");
        ScriptedContext context;
        if (!phrase.isEmpty()) {
            try {
                logger.onTrainBegin(context);
                QFAIL("the log was read");
            } catch (const es::ConfigError& error) {
                QVERIFY2(QString::fromUtf8(error.what()).contains(phrase), error.what());
            }
            return;
        }
        logger.onTrainBegin(context);
        logger.onEpochEnd(context, 2, {{"loss", 0.5}});
        QFile log(path);
        QVERIFY(log.open(QIODevice::ReadOnly));
        QCOMPARE(log.readAll(),
                 QByteArray(kind == "log" ? "epoch,loss\n0,0.9\n1,0.5\n" : "epoch,loss\n1,0.5\n"));
    }

    void pathTemplates_data()
    {
        QTest::addColumn<QString>("pattern");
        QTest::addColumn<QString>("expected");
        QTest::newRow("epoch") << "m-{epoch}.pt"
                               << "m-3.pt";
        QTest::newRow("padded epoch") << "m-{epoch:02d}.pt"
                                      << "m-03.pt";
        QTest::newRow("fixed") << "m-{val_loss:.2f}.pt"
                               << "m-0.12.pt";
        QTest::newRow("repr") << "{loss}"
                              << "0.5";
        QTest::newRow("whole float") << "{acc}"
                                     << "1.0";
        QTest::newRow("exponent") << "{loss:.1e}"
                                  << "5.0e-01";
        QTest::newRow("several") << "ckpt/{epoch:03d}-{batch}-{val_loss:.3f}"
                                 << "ckpt/003-40-0.123";
        QTest::newRow("braces") << "{{literal}}-{epoch}"
                                << "{literal}-3";
        // Wider than the 63 characters a fixed buffer once cut every name to, so that each
        // epoch overwrote the same file.
        QTest::newRow("width 70") << "m{epoch:070d}.pt"
                                  << "m" + QString(69, '0') + "3.pt";
        QTest::newRow("width at the file name limit") << "{epoch:0255d}" << QString(254, '0') + "3";
        QTest::newRow("wide float") << "{loss:080.3f}" << QString(75, '0') + "0.500";
        QTest::newRow("precision at the limit") << "{val_loss:.20f}"
                                                << "0.12339999999999999580";  // as Python prints it
        QTest::newRow("fill and align") << "{epoch:_>4}-{batch:<4}|"
                                        << "___3-40  |";
        QTest::newRow("centred") << "{epoch:*^5}"
                                 << "**3**";
        QTest::newRow("sign") << "{loss:+.2f}"
                              << "+0.50";
        QTest::newRow("float type on a counter") << "{epoch:.2f}"
                                                 << "3.00";
        QTest::newRow("integer types") << "{batch:x}-{batch:#X}-{batch:o}-{batch:#b}"
                                       << "28-0X28-50-0b101000";
        QTest::newRow("spec without a type") << "{loss:8}|{val_loss:.2}|{epoch:3}|{acc:}"
                                             << "     0.5|0.12|  3|1.0";
        QTest::newRow("general with precision") << "{val_loss:.3g}"
                                                << "0.123";
        QTest::newRow("upper exponent") << "{loss:.2E}"
                                        << "5.00E-01";
    }

    void pathTemplates()
    {
        QFETCH(QString, pattern);
        QFETCH(QString, expected);
        const es::PathTemplate path(pattern.toStdString());
        const std::map<std::string, double> values = {
            {"epoch", 3}, {"batch", 40}, {"loss", 0.5}, {"val_loss", 0.1234}, {"acc", 1.0}};
        QCOMPARE(QString::fromStdString(path.format(values)), expected);
    }

    void badPathTemplates_data()
    {
        QTest::addColumn<QString>("pattern");
        QTest::addColumn<QString>("phrase");
        QTest::newRow("unclosed") << "m-{epoch.pt"
                                  << "an unclosed '{' at character 3";
        QTest::newRow("single close") << "m}"
                                      << "a single '}'";
        QTest::newRow("empty name") << "m-{}.pt"
                                    << "a field without a name";
        QTest::newRow("bad spec") << "{loss:>8s}"
                                  << "unsupported format spec \">8s\"";
        QTest::newRow("precision on int") << "{epoch:.2d}"
                                          << "an integer ('d') has no precision";
        // A precision like this took 25 s and 5 GB of digits for every save.
        QTest::newRow("absurd precision") << "{loss:.999999999f}"
                                          << "precision 999999999 is above the maximum of 20";
        QTest::newRow("precision past the limit") << "{loss:.21f}"
                                                  << "precision 21 is above the maximum of 20";
        QTest::newRow("precision beyond any integer")
            << "{loss:.99999999999999999999999e}"
            << "precision 99999999999999999999999 is above the maximum";
        QTest::newRow("width past a file name") << "m{epoch:0256d}.pt"
                                                << "width 256 is wider than a file name can be";
        QTest::newRow("width beyond any integer")
            << "{epoch:99999999999999999999}"
            << "width 99999999999999999999 is wider than a file name can be";
        QTest::newRow("grouping") << "{loss:,.2f}"
                                  << "unsupported format spec \",.2f\"";
        QTest::newRow("percent") << "{loss:.1%}"
                                 << "unsupported format spec \".1%\"";
        QTest::newRow("sign-aware padding") << "{loss:=+8.2f}"
                                            << "unsupported format spec \"=+8.2f\"";
        QTest::newRow("locale") << "{loss:Lf}"
                                << "unsupported format spec \"Lf\"";
        QTest::newRow("character") << "{epoch:c}"
                                   << "unsupported format spec \"c\"";
        QTest::newRow("nested field") << "{loss:.{p}f}"
                                      << "has a '.' without a precision";
        QTest::newRow("precision on hex") << "{batch:.2x}"
                                          << "an integer ('x') has no precision";
        // Python writes "0o50", {fmt} "050": refused rather than named differently.
        QTest::newRow("alternate octal") << "{batch:#o}"
                                         << "unsupported format spec \"#o\"";
    }

    void badPathTemplates()
    {
        QFETCH(QString, pattern);
        QFETCH(QString, phrase);
        try {
            es::PathTemplate path(pattern.toStdString());
            QFAIL("the template was accepted");
        } catch (const std::invalid_argument& error) {
            QVERIFY2(QString(error.what()).contains(phrase), error.what());
        }
    }

    void checkpointsEveryEpochAndLoadBack()
    {
        const QString pattern = m_dir.filePath("each/m-{epoch:02d}-{val_loss:.4f}.pt");
        Json config = smallConfig(Json::array(
            {{{"type", "model_checkpoint"}, {"filepath", pattern.toStdString()}, {"verbose", 1}}}));
        config["training"]["epochs"] = 3;
        LogCollector logs;
        const es::RunResult result = runWithLogs(config, logs);
        QCOMPARE(result.state, es::RunState::Finished);
        const QStringList files = QDir(m_dir.filePath("each")).entryList(QDir::Files);
        QCOMPARE(files.size(), 3);  // no temporary file left behind either
        QVERIFY2(files[0].startsWith("m-01-") && files[2].startsWith("m-03-"),
                 qPrintable(files.join(", ")));
        QVERIFY(logs.contains("Epoch 00002: saving model to "));
        QVERIFY(logs.contains(" kB)"));
        // The file holds the model's tensors and the optimizer's state.
        torch::serialize::InputArchive archive;
        archive.load_from(m_dir.filePath("each/" + files[2]).toStdString());
        const std::vector<std::string> keys = archive.keys();
        QVERIFY(std::find(keys.begin(), keys.end(), "optimizer") != keys.end());
        QVERIFY(keys.size() > 2);
    }

    void unwritableCheckpointDirectoryFailsBeforeTraining()
    {
        Json config = smallConfig(Json::array(
            {{{"type", "model_checkpoint"}, {"filepath", "/proc/epochscope/m-{epoch}.pt"}}}));
        LogCollector logs;
        // A run folder of its own, but one nobody can create a directory in.
        const es::RunResult result = runWithLogs(config, logs, {"/proc"});
        QCOMPARE(result.state, es::RunState::Failed);
        QVERIFY(result.badInput);
        QVERIFY(result.batches.empty());
        QVERIFY2(result.error.find("/proc/epochscope: cannot create or write the checkpoint "
                                   "directory") != std::string::npos,
                 result.error.c_str());
    }

    void checkpointsOnlyImprovementsOrEveryNSteps()
    {
        const QString best = m_dir.filePath("best/m-{epoch}.pt");
        Json config = smallConfig(Json::array({{{"type", "model_checkpoint"},
                                                {"filepath", best.toStdString()},
                                                {"save_best_only", true},
                                                {"save_weights_only", true}}}));
        config["training"]["epochs"] = 8;
        LogCollector logs;
        es::RunResult result = runWithLogs(config, logs);
        int improvements = 0;
        double bestLoss = std::numeric_limits<double>::infinity();
        for (const es::EpochRecord& epoch : result.epochs) {
            if (*epoch.valLoss < bestLoss) {
                bestLoss = *epoch.valLoss;
                ++improvements;
                QVERIFY(QFile::exists(m_dir.filePath("best/m-%1.pt").arg(epoch.epoch)));
            }
        }
        QCOMPARE(QDir(m_dir.filePath("best")).entryList(QDir::Files).size(), improvements);

        // Every 5 steps: 288 training samples / 32 = 9 steps per epoch, 18 in 2 epochs.
        const QString steps = m_dir.filePath("steps/m-{epoch}-{batch}.pt");
        config = smallConfig(Json::array(
            {{{"type", "model_checkpoint"}, {"filepath", steps.toStdString()}, {"save_freq", 5}}}));
        config["training"]["epochs"] = 2;
        result = runWithLogs(config, logs);
        QCOMPARE(result.state, es::RunState::Finished);
        QStringList files = QDir(m_dir.filePath("steps")).entryList(QDir::Files);
        files.sort();
        // Steps are counted across epochs, as Keras does: saves after steps 5, 10 and 15.
        QCOMPARE(files, (QStringList{"m-1-5.pt", "m-2-1.pt", "m-2-6.pt"}));
    }
};

EPOCHSCOPE_TEST_GUILESS_MAIN(TestCallbacks)
#include "tst_callbacks.moc"
