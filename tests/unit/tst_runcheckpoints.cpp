// A run remembers its checkpoints (issue 24, point 2): what model_checkpoint and
// backup_and_restore report of each file they write (absolute path, epoch, step, monitored
// value, best so far, size and time), where each recorded file stands now (present, missing,
// changed, overwritten, deleted by the run), and the checkpoint `--run ID` takes: the best or
// the last one, or an error naming the run, the file and what happened to it, never another
// file in its place.

#include "engine/callbacks/backupandrestore.h"
#include "engine/callbacks/modelcheckpoint.h"
#include "engine/store/runcheckpoints.h"
#include "engine/store/runstore.h"

#include <QtTest>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <optional>
#include <string>
#include <vector>

using Json = nlohmann::json;
using Problem = es::RunCheckpointError::Problem;

namespace {

/// Stands in for the training loop: saves write a small file (its size grows with each save,
/// so that two saves of one path differ), and the files reported are kept.
class SavingContext : public es::CallbackContext {
public:
    std::vector<es::SavedFileRecord> reported;
    std::vector<const es::Callback*> reporters;
    std::vector<bool> weightsOnlyAsked;

    void requestStop(const std::string&) override {}
    double learningRate() const override { return 0.1; }
    void setLearningRate(double) override {}
    void snapshotWeights() override {}
    void restoreWeights() override {}
    std::int64_t saveModel(const std::string& path, bool weightsOnly) override
    {
        weightsOnlyAsked.push_back(weightsOnly);
        return write(path);
    }
    std::int64_t saveTrainingState(const std::string& path) override { return write(path); }
    void restoreTrainingState(const std::string&, const std::string&) override {}
    void log(es::LogLevel, const std::string&) override {}
    void recordSavedFile(const es::Callback& from, es::SavedFileRecord file) override
    {
        reporters.push_back(&from);
        reported.push_back(std::move(file));
    }

private:
    std::int64_t write(const std::string& path)
    {
        const std::filesystem::path parent = std::filesystem::path(path).parent_path();
        if (!parent.empty())
            std::filesystem::create_directories(parent);
        const std::string content(static_cast<std::size_t>(100 + m_saves++), 'w');
        std::ofstream(path, std::ios::binary) << content;
        return static_cast<std::int64_t>(content.size());
    }

    int m_saves = 0;
};

/// stat(2)'s size and time of `path`, as the callbacks record them.
std::pair<std::int64_t, std::int64_t> sizeAndTime(const std::string& path)
{
    struct stat status {};
    if (::stat(path.c_str(), &status) != 0)
        return {-1, -1};
    return {
        static_cast<std::int64_t>(status.st_size),
        static_cast<std::int64_t>(status.st_mtim.tv_sec) * 1'000'000'000 + status.st_mtim.tv_nsec};
}

/// Sets `path`'s modification time `seconds` later than it is, as a rewrite would.
void touchLater(const std::string& path, int seconds)
{
    struct stat status {};
    QVERIFY(::stat(path.c_str(), &status) == 0);
    timespec times[2] = {status.st_atim, status.st_mtim};
    times[1].tv_sec += seconds;
    QVERIFY(::utimensat(AT_FDCWD, path.c_str(), times, 0) == 0);
}

/// A model_checkpoint save of `path` as recorded, `path` written now.
es::SavedFileRecord savedModel(const std::string& path, int epoch, std::optional<double> value,
                               bool best, int callback = 0)
{
    {
        std::ofstream(path, std::ios::binary) << std::string(200 + epoch, 'm');
    }
    es::SavedFileRecord file;
    file.kind = es::SavedFileKind::Model;
    file.callback = callback;
    file.path = path;
    file.epoch = epoch;
    file.monitor = "val_loss";
    file.value = value;
    file.best = best;
    const auto [bytes, mtime] = sizeAndTime(path);
    file.bytes = bytes;
    file.mtimeNs = mtime;
    return file;
}

std::optional<double> noValue()
{
    return std::nullopt;
}

QList<int> epochsOf(const std::vector<es::SavedFileRecord>& files)
{
    QList<int> epochs;
    for (const es::SavedFileRecord& file : files)
        epochs << file.epoch;
    return epochs;
}

QList<bool> bestsOf(const std::vector<es::SavedFileRecord>& files)
{
    QList<bool> bests;
    for (const es::SavedFileRecord& file : files)
        bests << file.best;
    return bests;
}

/// The problem resolveRunCheckpoint() throws for `which` on run `id`, with its message;
/// nullopt when it gives a checkpoint.
std::optional<std::pair<Problem, std::string>> problemOf(const es::RunStore& store, std::int64_t id,
                                                         es::CheckpointChoice which)
{
    try {
        es::resolveRunCheckpoint(store, id, which);
    } catch (const es::RunCheckpointError& error) {
        return std::make_pair(error.problem(), std::string(error.what()));
    }
    return std::nullopt;
}

}  // namespace

class TestRunCheckpoints : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    int m_files = 0;

    std::string freshDir()
    {
        const std::string path = m_dir.filePath(QString("case%1").arg(++m_files)).toStdString();
        std::filesystem::create_directories(path);
        return path;
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void modelCheckpointReportsEachSave_data()
    {
        QTest::addColumn<bool>("saveBestOnly");
        QTest::addColumn<QString>("monitor");
        QTest::addColumn<QList<double>>("values");
        QTest::addColumn<QList<int>>("savedEpochs");
        QTest::addColumn<QList<bool>>("best");
        const double nan = std::numeric_limits<double>::quiet_NaN();
        // Keras' rule on every save: improved on every earlier save (mode min for a loss).
        QTest::newRow("every epoch, val_loss")
            << false << "val_loss" << QList<double>{0.5, 0.4, 0.45, 0.3} << QList<int>{1, 2, 3, 4}
            << QList<bool>{true, true, false, true};
        QTest::newRow("save_best_only, val_loss")
            << true << "val_loss" << QList<double>{0.5, 0.4, 0.45, 0.3} << QList<int>{1, 2, 4}
            << QList<bool>{true, true, true};
        // "acc" in the name: maximised (ModelCheckpoint's older auto).
        QTest::newRow("every epoch, val_accuracy")
            << false << "val_accuracy" << QList<double>{0.5, 0.6, 0.55, 0.7}
            << QList<int>{1, 2, 3, 4} << QList<bool>{true, true, false, true};
        // A NaN never improves, even first: Keras starts from an infinite best.
        QTest::newRow("NaN first")
            << false << "val_loss" << QList<double>{nan, 0.4, nan, 0.3} << QList<int>{1, 2, 3, 4}
            << QList<bool>{false, true, false, true};
        QTest::newRow("save_best_only, NaN first")
            << true << "val_loss" << QList<double>{nan, 0.4, nan, 0.3} << QList<int>{2, 4}
            << QList<bool>{true, true};
    }

    void modelCheckpointReportsEachSave()
    {
        QFETCH(bool, saveBestOnly);
        QFETCH(QString, monitor);
        QFETCH(QList<double>, values);
        QFETCH(QList<int>, savedEpochs);
        QFETCH(QList<bool>, best);
        const std::string dir = freshDir();
        // A relative filepath, as configs usually have it: recorded absolute.
        const QString previous = QDir::currentPath();
        QVERIFY(QDir::setCurrent(QString::fromStdString(dir)));
        es::ModelCheckpointOptions options;
        options.filepath = "ck/./m-{epoch:02d}.pt";
        options.monitor = monitor.toStdString();
        options.saveBestOnly = saveBestOnly;
        options.saveWeightsOnly = true;
        es::ModelCheckpointCallback callback(options);
        SavingContext context;
        callback.onTrainBegin(context);
        for (int i = 0; i < values.size(); ++i)
            callback.onEpochEnd(context, i + 1,
                                {{"loss", 1.0}, {monitor.toStdString(), values[i]}});
        QVERIFY(QDir::setCurrent(previous));

        QCOMPARE(epochsOf(context.reported), savedEpochs);
        QCOMPARE(bestsOf(context.reported), best);
        for (std::size_t i = 0; i < context.reported.size(); ++i) {
            const es::SavedFileRecord& file = context.reported[i];
            QCOMPARE(context.reporters[i], static_cast<const es::Callback*>(&callback));
            QCOMPARE(file.kind, es::SavedFileKind::Model);
            const std::string expected =
                dir + "/ck/m-" + QString::number(file.epoch).rightJustified(2, '0').toStdString() +
                ".pt";
            QCOMPARE(file.path, expected);
            QVERIFY(!file.batch);
            QCOMPARE(file.monitor, monitor.toStdString());
            QVERIFY(file.value.has_value());
            const double logged = values[file.epoch - 1];
            QVERIFY(std::isnan(logged) ? std::isnan(*file.value) : *file.value == logged);
            QVERIFY(file.weightsOnly);
            QVERIFY(!file.removed);
            // What the file is right after the write.
            const auto [bytes, mtime] = sizeAndTime(file.path);
            QCOMPARE(file.bytes, bytes);
            QCOMPARE(file.mtimeNs, mtime);
            QVERIFY(file.mtimeNs > 0);
        }
        QCOMPARE(context.weightsOnlyAsked.size(), context.reported.size());
    }

    void modelCheckpointReportsStepSavesAndAbsentMonitors()
    {
        // Every 2 steps, the monitor (val_loss) not logged yet in the first epoch: saved all
        // the same (save_best_only is off), without a value and never best.
        const std::string dir = freshDir();
        es::ModelCheckpointOptions options;
        options.filepath = dir + "/s-{epoch}-{batch}.pt";
        options.saveFreq = 2;
        options.writes.folders = {dir};  // an absolute path: the run's folder is the test's
        es::ModelCheckpointCallback callback(options);
        SavingContext context;
        callback.onTrainBegin(context);
        for (int batch = 1; batch <= 4; ++batch) {
            es::BatchRecord record;
            record.epoch = 1;
            record.batch = batch;
            record.loss = 1.0 / batch;
            callback.onBatchEnd(context, record);
        }
        QCOMPARE(context.reported.size(), std::size_t(2));
        QCOMPARE(*context.reported[0].batch, 2);
        QCOMPARE(*context.reported[1].batch, 4);
        QCOMPARE(context.reported[1].path, dir + "/s-1-4.pt");
        for (const es::SavedFileRecord& file : context.reported) {
            QCOMPARE(file.epoch, 1);
            QVERIFY(!file.value);
            QVERIFY(!file.best);
            QVERIFY(!file.weightsOnly);
        }
    }

    void backupReportsItsSavesAndItsDeletion()
    {
        const std::string dir = freshDir();
        es::BackupOptions options;
        options.backupDir = dir + "/backup";
        options.saveFreq = 3;
        es::BackupAndRestoreCallback callback(options);
        SavingContext context;
        callback.onTrainBegin(context);
        for (int batch = 1; batch <= 6; ++batch) {
            es::BatchRecord record;
            record.epoch = 2;
            record.batch = batch;
            callback.onBatchEnd(context, record);
        }
        QCOMPARE(context.reported.size(), std::size_t(2));
        const std::string path = dir + "/backup/" + es::BackupAndRestoreCallback::kFileName;
        for (const es::SavedFileRecord& file : context.reported) {
            QCOMPARE(file.kind, es::SavedFileKind::Backup);
            QCOMPARE(file.path, path);
            QCOMPARE(file.epoch, 2);
            QVERIFY(!file.removed);
        }
        QCOMPARE(*context.reported[1].batch, 6);
        QCOMPARE(context.reported[1].bytes, sizeAndTime(path).first);
        // Training completed: the backup is deleted, and said to be.
        callback.onTrainEnd(context, true);
        QVERIFY(!QFile::exists(QString::fromStdString(path)));
        QCOMPARE(context.reported.size(), std::size_t(3));
        QVERIFY(context.reported[2].removed);
        QCOMPARE(context.reported[2].path, path);
    }

    void statesOfRecordedFiles()
    {
        const std::string dir = freshDir();
        std::vector<es::SavedFileRecord> files;
        files.push_back(savedModel(dir + "/present.pt", 1, 0.5, true));
        files.push_back(savedModel(dir + "/deleted.pt", 2, 0.4, true));
        files.push_back(savedModel(dir + "/appended.pt", 3, 0.3, true));
        files.push_back(savedModel(dir + "/touched.pt", 4, 0.2, true));
        files.push_back(savedModel(dir + "/directory.pt", 5, 0.1, true));
        files.push_back(savedModel(dir + "/fixed.pt", 6, 0.05, true));
        files.push_back(savedModel(dir + "/fixed.pt", 7, 0.06, false));
        es::SavedFileRecord removed = savedModel(dir + "/backup.pt", 7, noValue(), false);
        removed.kind = es::SavedFileKind::Backup;
        removed.removed = true;
        files.push_back(removed);
        QVERIFY(QFile::remove(QString::fromStdString(dir + "/deleted.pt")));
        std::ofstream(dir + "/appended.pt", std::ios::app) << "more";
        // Same size, another time: rewritten with the same number of bytes.
        touchLater(dir + "/touched.pt", 5);
        QVERIFY(QFile::remove(QString::fromStdString(dir + "/directory.pt")));
        std::filesystem::create_directory(dir + "/directory.pt");

        const std::vector<es::CheckpointEntry> entries = es::inspectCheckpoints(files);
        QCOMPARE(entries.size(), files.size());
        const std::vector<es::CheckpointState> expected = {
            es::CheckpointState::Present, es::CheckpointState::Missing,
            es::CheckpointState::Changed, es::CheckpointState::Changed,
            es::CheckpointState::Changed, es::CheckpointState::Overwritten,
            es::CheckpointState::Present, es::CheckpointState::Removed};
        for (std::size_t i = 0; i < entries.size(); ++i) {
            QVERIFY2(entries[i].state == expected[i],
                     qPrintable(QString("entry %1 is %2")
                                    .arg(i)
                                    .arg(QString::fromUtf8(
                                        es::checkpointStateKey(entries[i].state).data()))));
            QCOMPARE(entries[i].file.path, files[i].path);
        }
        QCOMPARE(*entries[5].overwrittenBy, std::size_t(6));
        QVERIFY(es::describeCheckpointState(entries[0], entries).empty());
        const auto says = [&entries](std::size_t i, const char* words) {
            const std::string text = es::describeCheckpointState(entries[i], entries);
            QVERIFY2(text.find(entries[i].file.path) != std::string::npos, text.c_str());
            QVERIFY2(text.find(words) != std::string::npos, text.c_str());
        };
        says(1, "moved or deleted");
        says(2, "rewritten since");
        says(2, std::to_string(files[2].bytes).c_str());
        says(2, std::to_string(files[2].bytes + 4).c_str());
        says(3, "rewritten since");
        says(4, "no longer a file");
        says(5, "overwritten by the run's own later save (epoch 7)");
        says(7, "deleted by the run itself");
    }

    void sizeAloneWhenNoTimeWasRecorded()
    {
        // A save whose time could not be read back (0): the size alone tells a change.
        const std::string dir = freshDir();
        es::SavedFileRecord file = savedModel(dir + "/m.pt", 1, 0.5, true);
        file.mtimeNs = 0;
        QCOMPARE(es::inspectCheckpoints({file})[0].state, es::CheckpointState::Present);
        file.bytes += 1;
        QCOMPARE(es::inspectCheckpoints({file})[0].state, es::CheckpointState::Changed);
    }

    void resolvesTheBestAndTheLast()
    {
        const std::string dir = freshDir();
        es::RunStore store(dir + "/runs.sqlite");
        const Json config = {{"name", "resolved"}, {"training", {{"epochs", 4}}}};
        const std::int64_t id = store.beginRun("resolved", config);
        store.append(
            id, {}, {}, {}, {},
            {savedModel(dir + "/m-1.pt", 1, 0.5, true), savedModel(dir + "/m-2.pt", 2, 0.3, true),
             savedModel(dir + "/m-3.pt", 3, 0.4, false)});
        store.append(id, {}, {}, {}, {}, {savedModel(dir + "/m-4.pt", 4, 0.35, false)});

        const es::RunCheckpoint best =
            es::resolveRunCheckpoint(store, id, es::CheckpointChoice::Best);
        QCOMPARE(best.path(), dir + "/m-2.pt");
        QCOMPARE(best.checkpoint.file.epoch, 2);
        QCOMPARE(best.checkpoint.state, es::CheckpointState::Present);
        QCOMPARE(best.runId, id);
        QCOMPARE(best.runName, std::string("resolved"));
        QCOMPARE(best.config, config);
        const es::RunCheckpoint last =
            es::resolveRunCheckpoint(store, id, es::CheckpointChoice::Last);
        QCOMPARE(last.path(), dir + "/m-4.pt");

        // The best file deleted: an error naming the run, the file and what happened, never
        // the next best (epoch 1's file is still there).
        QVERIFY(QFile::remove(QString::fromStdString(dir + "/m-2.pt")));
        auto problem = problemOf(store, id, es::CheckpointChoice::Best);
        QVERIFY(problem);
        QCOMPARE(problem->first, Problem::FileMissing);
        QVERIFY2(
            problem->second.find("run " + std::to_string(id) + " (resolved)") != std::string::npos,
            problem->second.c_str());
        QVERIFY2(problem->second.find(dir + "/m-2.pt") != std::string::npos,
                 problem->second.c_str());
        QVERIFY2(problem->second.find("best checkpoint (epoch 2)") != std::string::npos,
                 problem->second.c_str());
        QVERIFY2(problem->second.find("moved or deleted") != std::string::npos,
                 problem->second.c_str());

        // The last file rewritten: changed, not taken.
        std::ofstream(dir + "/m-4.pt", std::ios::app) << "x";
        problem = problemOf(store, id, es::CheckpointChoice::Last);
        QVERIFY(problem);
        QCOMPARE(problem->first, Problem::FileChanged);
        QVERIFY2(problem->second.find(dir + "/m-4.pt") != std::string::npos,
                 problem->second.c_str());

        // The same from a store opened read-only, as the reading commands open it.
        const es::RunStore reader(dir + "/runs.sqlite", es::StoreAccess::ReadOnly);
        QCOMPARE(problemOf(reader, id, es::CheckpointChoice::Last)->first, Problem::FileChanged);
    }

    void bestOverwrittenByALaterSave()
    {
        // save_best_only off with a filepath without {epoch}: every save writes one file, so
        // the best (epoch 1) was overwritten by epoch 2's worse save.
        const std::string dir = freshDir();
        es::RunStore store(dir + "/runs.sqlite");
        const std::int64_t id = store.beginRun("fixed path", Json::object());
        store.append(id, {}, {}, {}, {},
                     {savedModel(dir + "/model.pt", 1, 0.3, true),
                      savedModel(dir + "/model.pt", 2, 0.4, false)});
        const auto problem = problemOf(store, id, es::CheckpointChoice::Best);
        QVERIFY(problem);
        QCOMPARE(problem->first, Problem::FileOverwritten);
        QVERIFY2(problem->second.find("later save (epoch 2)") != std::string::npos,
                 problem->second.c_str());
        QCOMPARE(
            es::resolveRunCheckpoint(store, id, es::CheckpointChoice::Last).checkpoint.file.epoch,
            2);
    }

    void whatCannotBeResolved()
    {
        const std::string dir = freshDir();
        es::RunStore store(dir + "/runs.sqlite");
        QCOMPARE(problemOf(store, 42, es::CheckpointChoice::Last)->first, Problem::NoSuchRun);
        QVERIFY(problemOf(store, 42, es::CheckpointChoice::Last)->second.find("no run 42") !=
                std::string::npos);

        // No model_checkpoint save: a backup alone is never taken as the model.
        const std::int64_t none = store.beginRun("no saves", Json::object());
        es::SavedFileRecord backup = savedModel(dir + "/backup.pt", 1, noValue(), false);
        backup.kind = es::SavedFileKind::Backup;
        store.append(none, {}, {}, {}, {}, {backup});
        for (const auto which : {es::CheckpointChoice::Best, es::CheckpointChoice::Last})
            QCOMPARE(problemOf(store, none, which)->first, Problem::NoCheckpoints);

        // Saves, but the monitor was never logged: none is best, the last one is there.
        const std::int64_t unmonitored = store.beginRun("unmonitored", Json::object());
        store.append(unmonitored, {}, {}, {}, {},
                     {savedModel(dir + "/u-1.pt", 1, noValue(), false)});
        const auto noBest = problemOf(store, unmonitored, es::CheckpointChoice::Best);
        QCOMPARE(noBest->first, Problem::NoBest);
        QVERIFY2(noBest->second.find("val_loss") != std::string::npos, noBest->second.c_str());
        QCOMPARE(es::resolveRunCheckpoint(store, unmonitored, es::CheckpointChoice::Last).path(),
                 dir + "/u-1.pt");

        // The run deleted its file (a backup is not a candidate; a removed model save is
        // reported as removed).
        const std::int64_t removedRun = store.beginRun("removed", Json::object());
        es::SavedFileRecord save = savedModel(dir + "/r-1.pt", 1, 0.2, true);
        store.append(removedRun, {}, {}, {}, {}, {save});
        save.removed = true;
        store.append(removedRun, {}, {}, {}, {}, {save});
        QCOMPARE(problemOf(store, removedRun, es::CheckpointChoice::Best)->first,
                 Problem::FileRemoved);
    }

    void bestOfTheFirstModelCheckpoint()
    {
        // Two model_checkpoint callbacks (config indexes 1 and 3) with their own monitors: the
        // best is the first one's newest best, even when the second marked one later.
        const std::string dir = freshDir();
        es::RunStore store(dir + "/runs.sqlite");
        const std::int64_t id = store.beginRun("two callbacks", Json::object());
        store.append(id, {}, {}, {}, {},
                     {savedModel(dir + "/b-1.pt", 1, 0.9, true, 3),
                      savedModel(dir + "/a-1.pt", 1, 0.5, true, 1),
                      savedModel(dir + "/a-2.pt", 2, 0.6, false, 1),
                      savedModel(dir + "/b-2.pt", 2, 0.8, true, 3)});
        QCOMPARE(es::resolveRunCheckpoint(store, id, es::CheckpointChoice::Best).path(),
                 dir + "/a-1.pt");
        QCOMPARE(es::resolveRunCheckpoint(store, id, es::CheckpointChoice::Last).path(),
                 dir + "/b-2.pt");
    }
};

QTEST_GUILESS_MAIN(TestRunCheckpoints)
#include "tst_runcheckpoints.moc"
