// A run remembers its checkpoints, end to end (issue 24, point 2): a real training run through
// the built CLI with two model_checkpoint callbacks (every epoch with {epoch} in the name, and
// save_best_only on one fixed file) and backup_and_restore; `runs show` lists what they wrote
// with the best marked and each file's state; a deleted file reads as missing and a rewritten
// one as changed, there and in resolveRunCheckpoint(), which never takes another file instead.

#include "engine/store/runcheckpoints.h"
#include "engine/store/runstore.h"

// The shared runner's helper for long runs (startUntilOutput) has no use here.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#include "tests/support/clirunner.h"
#include "tests/support/testpaths.h"
#pragma GCC diagnostic pop

#include <QtCore/QDir>
#include <QtCore/QRegularExpression>
#include <QtTest>

#include <fstream>
#include <limits>
#include <optional>

namespace {

using Json = nlohmann::json;
using Problem = es::RunCheckpointError::Problem;

/// Four short epochs of a small regression, the callbacks writing under `dir`.
Json checkpointingConfig(const QString& dir)
{
    const CliRun preset = runCli({"presets", "quick-demo"});
    Json config = Json::parse(preset.out.toStdString(), nullptr, false);
    config["name"] = "checkpointed";
    config["data"]["source"]["samples"] = 640;
    config["data"]["source"]["timesteps"] = 8;
    config["data"]["source"]["features"] = 4;
    config["model"]["layers"][0]["units"] = 8;
    config["training"]["epochs"] = 4;
    // A rate high enough that the validation loss may also rise between epochs.
    config["training"]["optimizer"]["learning_rate"] = 0.05;
    config["device"]["intra_op_threads"] = 1;
    config["callbacks"] =
        Json::array({{{"type", "model_checkpoint"},
                      {"filepath", QDir(dir).filePath("every/m-{epoch:02d}.pt").toStdString()}},
                     {{"type", "model_checkpoint"},
                      {"filepath", QDir(dir).filePath("best.pt").toStdString()},
                      {"save_best_only", true},
                      {"save_weights_only", true}},
                     {{"type", "backup_and_restore"},
                      {"backup_dir", QDir(dir).filePath("backup").toStdString()}}});
    return config;
}

QString writeConfig(const QString& dir, const Json& config)
{
    const QString path = QDir(dir).filePath("config.json");
    QFile file(path);
    if (file.open(QIODevice::WriteOnly))
        file.write(QByteArray::fromStdString(config.dump(2)));
    return path;
}

/// The line of `runs show`'s checkpoint table that lists `path`, state `state` (a row's last
/// two cells); empty when there is none.
QString rowOf(const QString& out, const QString& path, const QString& state)
{
    for (const QString& line : out.split('\n')) {
        if (line.endsWith("  " + path) && line.contains(" " + state + " "))
            return line;
    }
    return {};
}

/// Problem and message of resolving `which`, or nullopt when a checkpoint is given.
std::optional<std::pair<Problem, QString>> resolveProblem(const std::string& database,
                                                          std::int64_t id,
                                                          es::CheckpointChoice which)
{
    const es::RunStore store(database, es::StoreAccess::ReadOnly);
    try {
        es::resolveRunCheckpoint(store, id, which);
    } catch (const es::RunCheckpointError& error) {
        return std::make_pair(error.problem(), QString::fromUtf8(error.what()));
    }
    return std::nullopt;
}

}  // namespace

class TestCheckpointsCli : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void runRemembersItsCheckpoints()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString database = dir.filePath("runs.sqlite");
        const Json config = checkpointingConfig(dir.path());
        const QString configPath = writeConfig(dir.path(), config);
        const CliRun train =
            runCli({"train", "--config", configPath, "--db", database}, kTrainTimeoutMs);
        QVERIFY2(train.exitCode == kExitFinished, qPrintable(describe(train)));
        const QRegularExpressionMatch recorded =
            QRegularExpression("Recorded as run (\\d+) in").match(train.out + train.err);
        QVERIFY2(recorded.hasMatch(), qPrintable(describe(train)));
        const std::int64_t id = recorded.captured(1).toLongLong();

        // What the store holds, against the validation losses the run recorded.
        std::vector<double> valLoss;
        std::vector<es::SavedFileRecord> files;
        {
            const es::RunStore store(database.toStdString(), es::StoreAccess::ReadOnly);
            const std::optional<es::StoredRun> run = store.loadRun(id);
            QVERIFY(run.has_value());
            QCOMPARE(run->epochs.size(), std::size_t(4));
            for (const es::EpochRecord& epoch : run->epochs)
                valLoss.push_back(*epoch.valLoss);
            files = run->checkpoints;
        }
        std::vector<es::SavedFileRecord> every;
        std::vector<es::SavedFileRecord> bestOnly;
        std::vector<es::SavedFileRecord> backups;
        for (const es::SavedFileRecord& file : files) {
            if (file.kind == es::SavedFileKind::Backup)
                backups.push_back(file);
            else
                (file.callback == 0 ? every : bestOnly).push_back(file);
        }
        // Every epoch's save, each marked best when its val_loss beat every earlier one.
        QCOMPARE(every.size(), std::size_t(4));
        double lowest = std::numeric_limits<double>::infinity();
        int bestEpoch = 0;
        std::vector<int> improved;
        for (std::size_t i = 0; i < every.size(); ++i) {
            const int epoch = static_cast<int>(i) + 1;
            const es::SavedFileRecord& file = every[i];
            QCOMPARE(file.epoch, epoch);
            QCOMPARE(file.path,
                     QDir(dir.path())
                         .filePath(QString("every/m-%1.pt").arg(epoch, 2, 10, QChar('0')))
                         .toStdString());
            QCOMPARE(file.monitor, std::string("val_loss"));
            QCOMPARE(*file.value, valLoss[i]);
            QVERIFY(!file.weightsOnly);
            QVERIFY(!file.batch);
            const bool better = valLoss[i] < lowest;
            QCOMPARE(file.best, better);
            if (better) {
                lowest = valLoss[i];
                bestEpoch = epoch;
                improved.push_back(epoch);
            }
            QCOMPARE(file.bytes, static_cast<std::int64_t>(
                                     QFileInfo(QString::fromStdString(file.path)).size()));
        }
        // save_best_only: a save exactly at each improvement, all to one file.
        QCOMPARE(bestOnly.size(), improved.size());
        for (std::size_t i = 0; i < bestOnly.size(); ++i) {
            QCOMPARE(bestOnly[i].epoch, improved[i]);
            QVERIFY(bestOnly[i].best);
            QVERIFY(bestOnly[i].weightsOnly);
            QCOMPARE(bestOnly[i].callback, 1);
            QCOMPARE(bestOnly[i].path, dir.filePath("best.pt").toStdString());
        }
        // The backup: its last save (the last epoch's), deleted when training completed.
        QCOMPARE(backups.size(), std::size_t(1));
        QCOMPARE(backups[0].epoch, 4);
        QVERIFY(backups[0].removed);
        QCOMPARE(backups[0].callback, 2);

        // `runs show`: every file with its state, the best marked.
        const QString bestPath = QString::fromStdString(every[bestEpoch - 1].path);
        const QString bestOnlyPath = dir.filePath("best.pt");
        const QString backupPath = dir.filePath("backup/epochscope-backup.pt");
        CliRun show = runCli({"runs", "show", QString::number(id), "--db", database});
        QVERIFY2(show.exitCode == kExitFinished, qPrintable(describe(show)));
        QVERIFY2(show.out.contains("checkpoints (oldest first; * the best):"),
                 qPrintable(show.out));
        for (const es::SavedFileRecord& file : every)
            QVERIFY2(!rowOf(show.out, QString::fromStdString(file.path), "present").isEmpty(),
                     qPrintable(show.out));
        QVERIFY2(rowOf(show.out, bestPath, "present").contains(" * "), qPrintable(show.out));
        // One row marked (the heading explains the mark).
        QCOMPARE(show.out.count(QRegularExpression("^ +\\d+ +\\S+ +.* \\* ",
                                                   QRegularExpression::MultilineOption)),
                 1);
        QVERIFY2(rowOf(show.out, bestPath, "present")
                     .contains(QString("val_loss %1").arg(valLoss[bestEpoch - 1], 0, 'g', 6)),
                 qPrintable(show.out));
        // The fixed file: its newest save present, the earlier ones overwritten by it.
        QVERIFY2(!rowOf(show.out, bestOnlyPath, "present").isEmpty(), qPrintable(show.out));
        QCOMPARE(show.out.count(QRegularExpression(" overwritten +" +
                                                   QRegularExpression::escape(bestOnlyPath))),
                 static_cast<qsizetype>(improved.size() - 1));
        QVERIFY2(!rowOf(show.out, backupPath, "deleted by the run").isEmpty(),
                 qPrintable(show.out));

        // `--run ID`: the best and the last, and the config the run trained.
        {
            const es::RunStore store(database.toStdString(), es::StoreAccess::ReadOnly);
            const es::RunCheckpoint best =
                es::resolveRunCheckpoint(store, id, es::CheckpointChoice::Best);
            QCOMPARE(QString::fromStdString(best.path()), bestPath);
            QCOMPARE(best.config["name"], Json("checkpointed"));
            QCOMPARE(best.config["callbacks"].size(), std::size_t(3));
            const es::RunCheckpoint last =
                es::resolveRunCheckpoint(store, id, es::CheckpointChoice::Last);
            // The best-only callback runs after the every-epoch one: its save of epoch 4, if
            // epoch 4 improved, is the newest file.
            const bool lastImproved = improved.back() == 4;
            QCOMPARE(QString::fromStdString(last.path()),
                     lastImproved ? bestOnlyPath : QString::fromStdString(every[3].path));
        }

        // The commands that load a saved model take `--run ID`: the run's config with its best
        // (or, with --use last, its last) checkpoint, as if both were named.
        const QString db = database;
        const QString run = QString::number(id);
        const CliRun byRun = runCli({"evaluate", "--run", run, "--db", db, "--json"});
        const CliRun byFile =
            runCli({"evaluate", "--checkpoint", bestPath, "--config", configPath, "--json"});
        QVERIFY2(byRun.exitCode == kExitFinished, qPrintable(describe(byRun)));
        QVERIFY2(byFile.exitCode == kExitFinished, qPrintable(describe(byFile)));
        QCOMPARE(Json::parse(byRun.out.toStdString())["val_loss"].get<double>(),
                 Json::parse(byFile.out.toStdString())["val_loss"].get<double>());
        const QString lastSaved =
            improved.back() == 4 ? bestOnlyPath : QString::fromStdString(every[3].path);
        const CliRun lastByRun =
            runCli({"evaluate", "--run", run, "--db", db, "--use", "last", "--json"});
        const CliRun lastByFile =
            runCli({"evaluate", "--checkpoint", lastSaved, "--config", configPath, "--json"});
        QVERIFY2(lastByRun.exitCode == kExitFinished, qPrintable(describe(lastByRun)));
        QCOMPARE(Json::parse(lastByRun.out.toStdString())["val_loss"].get<double>(),
                 Json::parse(lastByFile.out.toStdString())["val_loss"].get<double>());
        const QString exportDir = dir.filePath("exported");
        const CliRun exportedModel =
            runCli({"export", "--run", run, "--db", db, "--format", "pytorch", "--out", exportDir});
        QVERIFY2(exportedModel.exitCode == kExitFinished, qPrintable(describe(exportedModel)));
        QVERIFY(QFileInfo::exists(QDir(exportDir).filePath("weights.pt")));
        // Options that name no model, or two, are refused before anything is read.
        const CliRun noRun = runCli({"evaluate", "--run", "999", "--db", db});
        QCOMPARE(noRun.exitCode, kExitBadInput);
        QVERIFY2(noRun.err.contains("no run 999"), qPrintable(describe(noRun)));
        const CliRun noCheckpoint = runCli({"evaluate", "--config", configPath});
        QCOMPARE(noCheckpoint.exitCode, kExitBadInput);
        QVERIFY2(noCheckpoint.err.contains("evaluate needs --checkpoint FILE"),
                 qPrintable(describe(noCheckpoint)));
        const CliRun useWithoutRun =
            runCli({"evaluate", "--checkpoint", bestPath, "--config", configPath, "--use", "last"});
        QCOMPARE(useWithoutRun.exitCode, kExitBadInput);
        QVERIFY2(useWithoutRun.err.contains("--use picks a checkpoint of --run ID"),
                 qPrintable(describe(useWithoutRun)));

        // The best file deleted: `runs show` and `--run` say so, and name it.
        QVERIFY(QFile::remove(bestPath));
        show = runCli({"runs", "show", QString::number(id), "--db", database});
        QVERIFY2(rowOf(show.out, bestPath, "missing").contains(" * "), qPrintable(show.out));
        QVERIFY2(show.out.contains(bestPath + " is no longer there: moved or deleted"),
                 qPrintable(show.out));
        auto problem = resolveProblem(database.toStdString(), id, es::CheckpointChoice::Best);
        QVERIFY(problem.has_value());
        QCOMPARE(problem->first, Problem::FileMissing);
        QVERIFY2(problem->second.contains(QString("run %1 (checkpointed)").arg(id)) &&
                     problem->second.contains(bestPath),
                 qPrintable(problem->second));
        const CliRun deleted = runCli({"evaluate", "--run", run, "--db", db});
        QCOMPARE(deleted.exitCode, kExitBadInput);
        QVERIFY2(deleted.err.contains(bestPath), qPrintable(describe(deleted)));

        // The last file rewritten (a byte more): changed, not taken.
        const QString lastPath =
            improved.back() == 4 ? bestOnlyPath : QString::fromStdString(every[3].path);
        {
            std::ofstream(lastPath.toStdString(), std::ios::app) << "x";
        }
        show = runCli({"runs", "show", QString::number(id), "--db", database});
        QVERIFY2(!rowOf(show.out, lastPath, "changed").isEmpty(), qPrintable(show.out));
        QVERIFY2(show.out.contains(lastPath + " is not the file the run wrote"),
                 qPrintable(show.out));
        problem = resolveProblem(database.toStdString(), id, es::CheckpointChoice::Last);
        QVERIFY(problem.has_value());
        QCOMPARE(problem->first, Problem::FileChanged);
        QVERIFY2(problem->second.contains(lastPath), qPrintable(problem->second));

        // The JSON export keeps the records as written.
        const QString exported = dir.filePath("run.json");
        const CliRun exportRun = runCli({"runs", "export", QString::number(id), "--db", database,
                                         "--format", "json", "--out", exported});
        QVERIFY2(exportRun.exitCode == kExitFinished, qPrintable(describe(exportRun)));
        QCOMPARE(readJson(exported)["checkpoints"].size(), files.size());
    }
};

QTEST_GUILESS_MAIN(TestCheckpointsCli)
#include "tst_checkpointscli.moc"
