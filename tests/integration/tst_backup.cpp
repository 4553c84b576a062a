// BackupAndRestore end to end: the built CLI killed with SIGKILL in the middle of a run,
// restarted, and compared with a run that was never interrupted; backups that cannot be
// used; a write that fails part-way; `evaluate` on what the callbacks saved.
#include "tests/support/clirunner.h"
#include "tests/support/testpaths.h"
#include "tests/support/testsuite.h"
#include "tests/support/ziprecords.h"

#include <QtCore/QDir>
#include <QtCore/QElapsedTimer>
#include <QtCore/QFile>
#include <QtCore/QRegularExpression>
#include <QtCore/QThread>
#include <QtTest/QtTest>

#include <torch/torch.h>
#include <nlohmann/json.hpp>

#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>

#include <cstring>
#include <map>

namespace {

constexpr const char* kBackupName = "epochscope-backup.pt";
/// Enough epochs after the second that a kill made in the third lands before the run ends,
/// however late a loaded machine lets this test see the second's line.
constexpr int kResumableEpochs = 8;

/// Eight short epochs of 32 steps with dropout inside and between the LSTMs (so that the RNG
/// state matters), shuffling and a loader thread (so that the order and the prefetcher's
/// restart matter), a backup every 5 steps (saves fall anywhere in an epoch) and the final
/// weights kept by a checkpoint.
nlohmann::json resumableConfig(const QString& dir, int lstmUnits = 24)
{
    const CliRun preset = runCli({"presets", "quick-demo"});
    nlohmann::json config = nlohmann::json::parse(preset.out.toStdString(), nullptr, false);
    config["name"] = "resume";
    config["data"]["source"]["samples"] = 2560;
    config["data"]["source"]["timesteps"] = 16;
    config["data"]["source"]["features"] = 4;
    config["data"]["prefetch"] = 2;
    config["model"]["layers"] = nlohmann::json::array(
        {{{"type", "lstm"}, {"units", lstmUnits}, {"return_sequences", true}, {"dropout", 0.1}},
         {{"type", "dropout"}, {"rate", 0.2}},
         {{"type", "lstm"}, {"units", 16}},
         {{"type", "dense"}, {"units", 1}}});
    config["training"]["epochs"] = kResumableEpochs;
    config["callbacks"] =
        nlohmann::json::array({{{"type", "backup_and_restore"},
                                {"backup_dir", QDir(dir).filePath("backup").toStdString()},
                                {"save_freq", 5}},
                               {{"type", "model_checkpoint"},
                                {"filepath", QDir(dir).filePath("final.pt").toStdString()}}});
    return config;
}

QString writeConfig(const QString& dir, const nlohmann::json& config)
{
    const QString path = QDir(dir).filePath("config.json");
    QFile file(path);
    if (file.open(QIODevice::WriteOnly))
        file.write(QByteArray::fromStdString(config.dump(2)));
    return path;
}

QByteArray fileBytes(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

/// Identifies one version of a file: the atomic rename gives every save a new inode.
ino_t inodeOf(const QString& path)
{
    struct stat info {};
    return ::stat(path.toLocal8Bit().constData(), &info) == 0 ? info.st_ino : 0;
}

/// Every tensor of a LibTorch archive, sub-archives flattened to "a.b.c".
void collectTensors(torch::serialize::InputArchive& archive, const std::string& prefix,
                    std::map<std::string, torch::Tensor>& out)
{
    for (const std::string& key : archive.keys()) {
        torch::Tensor tensor;
        torch::serialize::InputArchive child;
        if (archive.try_read(key, tensor))
            out[prefix + key] = tensor;
        else if (archive.try_read(key, child))
            collectTensors(child, prefix + key + ".", out);
    }
}

/// The model's tensors in a checkpoint (without the optimizer's state, which LibTorch keys by
/// memory addresses that differ between processes).
std::map<std::string, torch::Tensor> readWeights(const QString& path)
{
    torch::serialize::InputArchive archive;
    archive.load_from(path.toStdString());
    std::map<std::string, torch::Tensor> tensors;
    collectTensors(archive, "", tensors);
    for (auto it = tensors.begin(); it != tensors.end();)
        it = it->first.rfind("optimizer.", 0) == 0 ? tensors.erase(it) : std::next(it);
    return tensors;
}

/// A run of `config` with one epoch and the backup kept: a valid backup to break.
QString makeBackup(const QString& dir, nlohmann::json config)
{
    config["training"]["epochs"] = 1;
    config["callbacks"][0]["delete_checkpoint"] = false;
    const CliRun run =
        runCli({"train", "--config", writeConfig(dir, config), "--no-record"}, kTrainTimeoutMs);
    if (run.exitCode != kExitFinished)
        qWarning("%s", qPrintable(describe(run)));
    return QDir(dir).filePath(QString("backup/") + kBackupName);
}

/// `backup` rewritten with `variant`'s damage: a field of its metadata (the JSON string in
/// data.pkl) changed or removed, or a storage record cut short. Empty when it cannot be made.
QByteArray craftedBackup(const QString& backup, const QString& variant)
{
    std::vector<ZipRecord> records = readZipRecords(backup.toStdString());
    ZipRecord* pickle = findRecord(records, "/data.pkl");
    if (pickle == nullptr)
        return {};
    if (variant == "record cut short") {
        ZipRecord* largest = nullptr;
        for (ZipRecord& record : records) {
            if (record.name.find("/data/") != std::string::npos &&
                (largest == nullptr || record.bytes.size() > largest->bytes.size()))
                largest = &record;
        }
        largest->bytes.resize(largest->bytes.size() / 2);
    } else if (variant != "unchanged") {
        // The metadata is pickled as BINUNICODE: 'X', its length in 4 bytes, the JSON.
        std::string& code = pickle->bytes;
        const std::size_t start = code.find("{\"batches_done\"");
        if (start == std::string::npos || start < 5 || code[start - 5] != 'X')
            return {};
        std::uint32_t length = 0;
        std::memcpy(&length, code.data() + start - 4, sizeof length);
        nlohmann::json meta = nlohmann::json::parse(code.substr(start, length), nullptr, false);
        if (variant == "fingerprint missing")
            meta.erase("fingerprint");
        else if (variant == "learning_rates missing")
            meta.erase("learning_rates");
        else if (variant == "epoch -5")
            meta["epoch"] = -5;
        else if (variant == "batches_done 1e15")
            meta["batches_done"] = 1e15;
        else if (variant == "unknown generator")
            meta["rng"] = nlohmann::json::array({"gpu:7"});
        else if (variant == "loss sum not a number")
            meta["epoch_sums"]["loss_sum"] = "many";
        else if (variant == "version as text")
            meta["version"] = "1";
        else if (variant == "shuffle flag not a boolean")
            meta["has_shuffle_order"] = "yes";
        else if (variant == "learning rate negative")
            meta["learning_rates"][0] = -1.0;
        const std::string text = meta.dump();
        const auto newLength = static_cast<std::uint32_t>(text.size());
        std::string header(5, 'X');
        std::memcpy(header.data() + 1, &newLength, sizeof newLength);
        code.replace(start - 5, 5 + length, header + text);
    }
    const QString path = backup + ".crafted";
    if (!writeZipRecords(path.toStdString(), records))
        return {};
    QByteArray bytes = fileBytes(path);
    QFile::remove(path);
    return bytes;
}

}  // namespace

class TestBackup : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void killedRunResumesToTheSameWeightsAndLosses()
    {
        QTemporaryDir whole;
        QTemporaryDir killed;
        QVERIFY(whole.isValid() && killed.isValid());

        const QString wholeSummary = whole.filePath("summary.json");
        const CliRun reference =
            runCli({"train", "--config", writeConfig(whole.path(), resumableConfig(whole.path())),
                    "--no-record", "--json-out", wholeSummary},
                   kTrainTimeoutMs);
        QVERIFY2(reference.exitCode == kExitFinished, qPrintable(describe(reference)));

        // The epoch 2 line is printed once epoch 2 is over: from then on, epoch 3 runs. Wait for
        // its first backup (a new file: every save is a rename), then kill without warning.
        const QString config = writeConfig(killed.path(), resumableConfig(killed.path()));
        const QString backup = killed.filePath(QString("backup/") + kBackupName);
        QProcess process;
        const QByteArray epochTwoLine = QString("Epoch 2/%1 -").arg(kResumableEpochs).toUtf8();
        const QByteArray out =
            startUntilOutput(process, {"train", "--config", config, "--no-record"}, epochTwoLine);
        QVERIFY2(out.contains(epochTwoLine), out.constData());
        const ino_t epochTwoBackup = inodeOf(backup);
        QElapsedTimer waited;
        waited.start();
        while (inodeOf(backup) == epochTwoBackup && waited.elapsed() < kQuickTimeoutMs &&
               process.state() == QProcess::Running)
            QThread::msleep(2);
        QCOMPARE(::kill(static_cast<pid_t>(process.processId()), SIGKILL), 0);
        QVERIFY(process.waitForFinished(kQuickTimeoutMs));
        QCOMPARE(process.exitStatus(), QProcess::CrashExit);
        QVERIFY(QFile::exists(backup));
        QVERIFY2(temporaryFilesUnder(killed.path()).isEmpty(),
                 qPrintable(temporaryFilesUnder(killed.path()).join(", ")));

        // A plain restart resumes: no flag is needed.
        const QString resumedSummary = killed.filePath("summary.json");
        const CliRun resumed =
            runCli({"train", "--config", config, "--no-record", "--json-out", resumedSummary},
                   kTrainTimeoutMs);
        QVERIFY2(resumed.exitCode == kExitFinished, qPrintable(describe(resumed)));
        // The line is read through a pipe, so the run may be further on than epoch 3 when this
        // test sees it and kills: any epoch from the third on is a resume to check.
        const QRegularExpressionMatch resumedAt =
            QRegularExpression("Resuming from the backup: epoch (\\d+), step ").match(resumed.out);
        QVERIFY2(resumedAt.hasMatch(), qPrintable(describe(resumed)));
        const int resumedEpoch = resumedAt.captured(1).toInt();
        QVERIFY2(resumedEpoch >= 3 && resumedEpoch <= kResumableEpochs,
                 qPrintable(describe(resumed)));

        const nlohmann::json expected = readJson(wholeSummary);
        const nlohmann::json actual = readJson(resumedSummary);
        QVERIFY(actual["resumed_from"].is_string());
        QCOMPARE(actual["epochs"].size(),
                 static_cast<std::size_t>(kResumableEpochs - resumedEpoch + 1));
        for (const nlohmann::json& epoch : actual["epochs"]) {
            const nlohmann::json& same = expected["epochs"][epoch["epoch"].get<int>() - 1];
            QCOMPARE(epoch["epoch"], same["epoch"]);
            // Bit for bit: the summary prints doubles with every digit.
            QCOMPARE(epoch["loss"].get<double>(), same["loss"].get<double>());
            QCOMPARE(epoch["val_loss"].get<double>(), same["val_loss"].get<double>());
            QCOMPARE(epoch["metrics"], same["metrics"]);
        }

        const auto wholeWeights = readWeights(whole.filePath("final.pt"));
        const auto resumedWeights = readWeights(killed.filePath("final.pt"));
        QVERIFY(wholeWeights.size() > 4);
        QCOMPARE(resumedWeights.size(), wholeWeights.size());
        for (const auto& [name, tensor] : wholeWeights) {
            QVERIFY2(resumedWeights.count(name) == 1, name.c_str());
            QVERIFY2(torch::equal(resumedWeights.at(name), tensor), name.c_str());
        }
        // delete_checkpoint (on by default): a completed run leaves no backup behind.
        QVERIFY(!QFile::exists(backup));
    }

    void unusableBackupIsRefusedAndKept_data()
    {
        QTest::addColumn<QString>("damage");
        QTest::addColumn<QString>("expected");
        QTest::newRow("not an archive") << "garbage"
                                        << "cannot be read as a backup";
        QTest::newRow("truncated") << "truncate"
                                   << "cannot be read as a backup";
        QTest::newRow("a checkpoint, not a backup")
            << "checkpoint"
            << "is a LibTorch archive but not an EpochScope backup";
        QTest::newRow("another model") << "other model"
                                       << "belongs to another run: model is ";
    }

    void unusableBackupIsRefusedAndKept()
    {
        QFETCH(QString, damage);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const nlohmann::json config = resumableConfig(dir.path());
        const QString backup = makeBackup(
            dir.path(), damage == "other model" ? resumableConfig(dir.path(), 8) : config);
        QVERIFY(QFile::exists(backup));
        QFile file(backup);
        if (damage == "garbage") {
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write("this is not a backup\n");
        } else if (damage == "truncate") {
            const QByteArray whole = fileBytes(backup);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(whole.left(whole.size() / 2));
        } else if (damage == "checkpoint") {
            QVERIFY(QFile::remove(backup));
            QVERIFY(QFile::copy(dir.filePath("final.pt"), backup));
        }
        file.close();
        const QByteArray before = fileBytes(backup);

        const QString path = writeConfig(dir.path(), config);
        const CliRun refused = runCli({"train", "--config", path, "--no-record"}, kTrainTimeoutMs);
        QVERIFY2(refused.exitCode == kExitBadInput, qPrintable(describe(refused)));
        QVERIFY2(refused.err.contains("callbacks[0].backup_dir: " + backup),
                 qPrintable(refused.err));
        QVERIFY2(refused.err.contains(expected), qPrintable(refused.err));
        QVERIFY2(refused.err.contains("--ignore-backup"), qPrintable(refused.err));
        QCOMPARE(fileBytes(backup), before);  // nothing the user saved is touched

        // --ignore-backup starts fresh (and the finished run deletes the old backup).
        const CliRun fresh =
            runCli({"train", "--config", path, "--no-record", "--epochs", "1", "--ignore-backup"},
                   kTrainTimeoutMs);
        QVERIFY2(fresh.exitCode == kExitFinished, qPrintable(describe(fresh)));
        QVERIFY2((fresh.out + fresh.err).contains("ignoring the backup"),
                 qPrintable(describe(fresh)));
        QVERIFY(!fresh.out.contains("Resuming"));
        QVERIFY(!QFile::exists(backup));
    }

    /// A backup from someone else is hostile: every field of its metadata and every record
    /// is checked, and each problem is exit 2 naming the field, never a library's exception.
    void craftedBackupIsRefused_data()
    {
        QTest::addColumn<QString>("expected");
        QTest::newRow("unchanged") << QString();
        QTest::newRow("fingerprint missing") << R"(backup field "fingerprint" is missing)";
        QTest::newRow("learning_rates missing") << R"(backup field "learning_rates" is missing)";
        QTest::newRow("epoch -5")
            << R"(backup field "epoch" is -5; expected a whole number from 1 to 3)";
        QTest::newRow("batches_done 1e15") << R"(backup field "batches_done" is 1e+15)";
        QTest::newRow("unknown generator") << R"(backup field "rng" names the generator "gpu:7")";
        QTest::newRow("loss sum not a number") << R"(backup field "epoch_sums" is)";
        QTest::newRow("version as text") << R"(has backup format version "1")";
        QTest::newRow("shuffle flag not a boolean")
            << R"(backup field "has_shuffle_order" is "yes")";
        QTest::newRow("learning rate negative") << R"(backup field "learning_rates" holds -1.0)";
        QTest::newRow("record cut short") << "cannot be read as a backup";
    }

    void craftedBackupIsRefused()
    {
        QFETCH(QString, expected);
        // One real backup, made once, rewritten for every row.
        static QTemporaryDir source;
        static const nlohmann::json config = resumableConfig(source.path());
        static const QString original = makeBackup(source.path(), config);
        QVERIFY(QFile::exists(original));
        const QByteArray crafted =
            craftedBackup(original, QString::fromUtf8(QTest::currentDataTag()));
        QVERIFY2(!crafted.isEmpty(), "the variant could not be made from a real backup");

        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        nlohmann::json mine = config;
        mine["callbacks"][0]["backup_dir"] = dir.filePath("backup").toStdString();
        mine["callbacks"].erase(1);
        QVERIFY(QDir(dir.path()).mkdir("backup"));
        const QString backup = dir.filePath(QString("backup/") + kBackupName);
        QFile file(backup);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(crafted);
        file.close();

        const CliRun run = runCli(
            {"train", "--config", writeConfig(dir.path(), mine), "--no-record", "--epochs", "2"},
            kTrainTimeoutMs);
        if (expected.isEmpty()) {
            // The rewriting itself keeps a backup usable: the damage is what is refused.
            QVERIFY2(run.exitCode == kExitFinished, qPrintable(describe(run)));
            QVERIFY2(run.out.contains("Resuming from the backup"), qPrintable(describe(run)));
            return;
        }
        QVERIFY2(run.exitCode == kExitBadInput, qPrintable(describe(run)));
        QVERIFY2(run.err.contains(expected), qPrintable(run.err));
        for (const char* libraryText : {"json.exception", "Exception raised from", "terminate"})
            QVERIFY2(!run.err.contains(libraryText), qPrintable(run.err));
        QCOMPARE(fileBytes(backup), crafted);  // nothing the user has is touched
        if (QByteArray(QTest::currentDataTag()) == "record cut short") {
            // evaluate reads checkpoints and backups through the same check.
            const CliRun evaluation = runCli(
                {"evaluate", "--checkpoint", backup, "--config", writeConfig(dir.path(), mine)},
                kTrainTimeoutMs);
            QVERIFY2(evaluation.exitCode == kExitBadInput, qPrintable(describe(evaluation)));
            QVERIFY2(evaluation.err.contains("--checkpoint: ") &&
                         evaluation.err.contains("bytes, but the pickle makes it a"),
                     qPrintable(evaluation.err));
        }
    }

    void failedSaveKeepsThePreviousBackup()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        nlohmann::json config = resumableConfig(dir.path());
        config["callbacks"].erase(1);  // the backup alone writes files
        const QString backup = makeBackup(dir.path(), config);
        const QByteArray before = fileBytes(backup);
        QVERIFY(before.size() > 10'000);

        // Files may not grow past 8 kB: the next backup fails part-way through its write, as
        // on a full disk. SIGXFSZ is ignored so that the write returns an error instead.
        QProcess process;
        process.setProcessEnvironment(isolatedEnvironment());
        process.setChildProcessModifier([] {
            ::signal(SIGXFSZ, SIG_IGN);
            const rlimit limit{8192, 8192};
            ::setrlimit(RLIMIT_FSIZE, &limit);
        });
        process.start(es::test::cliPath(),
                      {"train", "--config", writeConfig(dir.path(), config), "--no-record"});
        QVERIFY(process.waitForFinished(kTrainTimeoutMs));
        const QString err = QString::fromUtf8(process.readAllStandardError());
        const QString out = QString::fromUtf8(process.readAllStandardOutput());
        QCOMPARE(process.exitStatus(), QProcess::NormalExit);
        QVERIFY2(process.exitCode() == kExitRunFailed, qPrintable(err));
        // It read the backup (saved at step 30 of 32: every 5 steps), trained, and failed at its
        // first save.
        QVERIFY2((out + err).contains("Resuming from the backup: epoch 1, step 30 of 32"),
                 qPrintable(out + err));
        QVERIFY2(err.contains("backup_and_restore: cannot write the backup"), qPrintable(err));
        QVERIFY2(err.contains("File too large"), qPrintable(err));
        QVERIFY2(err.contains("is intact, and a restart resumes from it"), qPrintable(err));
        QCOMPARE(fileBytes(backup), before);
        QVERIFY2(temporaryFilesUnder(dir.path()).isEmpty(),
                 qPrintable(temporaryFilesUnder(dir.path()).join(", ")));
    }

    void unwritableBackupDirectoryFailsBeforeTraining()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QFile blocker(dir.filePath("not-a-directory"));
        QVERIFY(blocker.open(QIODevice::WriteOnly));
        blocker.close();
        nlohmann::json config = resumableConfig(dir.path());
        config["callbacks"][0]["backup_dir"] = dir.filePath("not-a-directory/backup").toStdString();
        const CliRun run = runCli(
            {"train", "--config", writeConfig(dir.path(), config), "--no-record"}, kTrainTimeoutMs);
        QVERIFY2(run.exitCode == kExitBadInput, qPrintable(describe(run)));
        QVERIFY2(run.err.contains("callbacks[0].backup_dir: ") &&
                     run.err.contains("cannot create or write the backup directory"),
                 qPrintable(run.err));
        QVERIFY(!run.out.contains("Epoch 1/"));
    }

    void evaluateReadsCheckpointsAndBackups()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        nlohmann::json config = resumableConfig(dir.path());
        config["training"]["epochs"] = 2;
        config["callbacks"][0]["delete_checkpoint"] = false;
        config["callbacks"][0]["save_freq"] = "epoch";
        const QString path = writeConfig(dir.path(), config);
        const QString summaryPath = dir.filePath("summary.json");
        const CliRun train = runCli(
            {"train", "--config", path, "--no-record", "--json-out", summaryPath}, kTrainTimeoutMs);
        QVERIFY2(train.exitCode == kExitFinished, qPrintable(describe(train)));
        const double lastValLoss = readJson(summaryPath)["epochs"][1]["val_loss"].get<double>();

        // The checkpoint and the backup both hold the weights after the last epoch: evaluating
        // either gives the val_loss the run logged for it.
        const QString backup = dir.filePath(QString("backup/") + kBackupName);
        for (const QString& checkpoint : {dir.filePath("final.pt"), backup}) {
            const CliRun evaluation =
                runCli({"evaluate", "--checkpoint", checkpoint, "--config", path, "--json"},
                       kTrainTimeoutMs);
            QVERIFY2(evaluation.exitCode == kExitFinished, qPrintable(describe(evaluation)));
            const nlohmann::json result =
                nlohmann::json::parse(evaluation.out.toStdString(), nullptr, false);
            QVERIFY2(result.is_object(), qPrintable(evaluation.out));
            QCOMPARE(result["samples"].get<int>(), 512);
            QCOMPARE(result["val_loss"].get<double>(), lastValLoss);
            QVERIFY(result.contains("val_mae"));
        }
        const CliRun text = runCli({"evaluate", "--checkpoint", backup, "--config", path});
        QVERIFY2(text.out.contains("(BackupAndRestore backup)") && text.out.contains("val_loss: "),
                 qPrintable(describe(text)));

        // A checkpoint of another model is refused with the layer that does not fit.
        const CliRun mismatch =
            runCli({"evaluate", "--checkpoint", dir.filePath("final.pt"), "--preset", "quick-demo"},
                   kTrainTimeoutMs);
        QVERIFY2(mismatch.exitCode == kExitBadInput, qPrintable(describe(mismatch)));
        QVERIFY2(mismatch.err.contains("--checkpoint: ") &&
                     mismatch.err.contains("does not fit the config's model") &&
                     mismatch.err.contains("in the file"),
                 qPrintable(mismatch.err));
        const CliRun missing =
            runCli({"evaluate", "--checkpoint", dir.filePath("missing.pt"), "--config", path});
        QVERIFY2(missing.exitCode == kExitBadInput && missing.err.contains("no such file"),
                 qPrintable(describe(missing)));
    }
};

EPOCHSCOPE_TEST_GUILESS_MAIN(TestBackup)
#include "tst_backup.moc"
