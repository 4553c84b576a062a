// RunRecording: a run recorded from its start to its stored status, as the CLI's train, the
// app's run controller and what-if record theirs.
#include "engine/store/runrecording.h"
#include "engine/summary/runsummary.h"
#include "engine/train/trainingsession.h"
#include "tests/support/smallconfigs.h"

#include <QtCore/QTemporaryDir>
#include <QtTest/QtTest>

#include <string>

namespace {

es::RunConfig shortRun()
{
    es::RunConfig config = es::test::smallRegression();
    config.name = "recorded run";
    config.training.epochs = 1;
    return config;
}

}  // namespace

class TestRunRecording : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    std::string databasePath(const char* name) const
    {
        return m_dir.filePath(QString::fromUtf8(name)).toStdString();
    }

private Q_SLOTS:
    void noDatabaseRecordsNothing()
    {
        es::RunRecording recording(std::string(), shortRun());
        QVERIFY(!recording.recording());
        QVERIFY(recording.openError().empty());
        QCOMPARE(recording.runId(), std::int64_t(0));
        QVERIFY(recording.databasePath().empty());
        recording.finishFailedStart("nothing to record");  // harmless without a database
        QVERIFY(recording.error().empty());
    }

    void anUnopenableDatabaseSaysWhyAndTheRunGoesOn()
    {
        // A directory where the database file should be: SQLite cannot open it.
        const std::string path = databasePath("a-directory");
        QVERIFY(QDir().mkpath(QString::fromStdString(path)));
        es::RunRecording recording(path, shortRun());
        QVERIFY(!recording.recording());
        QVERIFY2(recording.openError().find(path) != std::string::npos,
                 recording.openError().c_str());
        QCOMPARE(recording.runId(), std::int64_t(0));
    }

    void aFinishedRunIsStoredWithItsSummary()
    {
        const std::string path = databasePath("finished.sqlite");
        const es::RunConfig config = shortRun();
        es::RunRecording recording(path, config);
        QVERIFY(recording.recording());
        QCOMPARE(recording.databasePath(), path);
        QVERIFY(recording.runId() > 0);
        nlohmann::json summary;
        {
            es::TrainingSession session(config);
            recording.watch(session);
            session.start();
            session.wait();
            summary = es::buildRunSummary(config, session.result());
            recording.finish(session.result(), summary);
        }
        QVERIFY2(recording.error().empty(), recording.error().c_str());
        const es::RunStore store(path, es::StoreAccess::ReadOnly);
        const std::optional<es::StoredRun> run = store.loadRun(recording.runId());
        QVERIFY(run.has_value());
        QCOMPARE(run->header.status, es::RunStatus::Completed);
        QCOMPARE(run->header.name, std::string("recorded run"));
        QCOMPARE(run->epochs.size(), std::size_t(1));
        QVERIFY(!run->batches.empty());
        QCOMPARE(run->summary, summary);
    }

    void aRunThatCouldNotStartIsStoredAsFailed()
    {
        const std::string path = databasePath("failed.sqlite");
        std::int64_t id = 0;
        {
            es::RunRecording recording(path, shortRun());
            id = recording.runId();
            recording.finishFailedStart("no such device: cuda:7");
        }
        const es::RunStore store(path, es::StoreAccess::ReadOnly);
        const es::StoredRun run = *store.loadRun(id);
        QCOMPARE(run.header.status, es::RunStatus::Failed);
        QCOMPARE(run.error, std::string("no such device: cuda:7"));
        QVERIFY(run.summary.is_null());
    }

    void aRecordingLeftUnfinishedIsStoredAsInterrupted()
    {
        const std::string path = databasePath("unfinished.sqlite");
        std::int64_t id = 0;
        {
            es::RunRecording recording(path, shortRun());
            id = recording.runId();
        }
        const es::RunStore store(path, es::StoreAccess::ReadOnly);
        QCOMPARE(store.loadRun(id)->header.status, es::RunStatus::Interrupted);
    }

    void runsShareAStoreTheCallerKeepsOpen()
    {
        es::RunStore store(databasePath("shared.sqlite"));
        es::RunRecording first(store, shortRun());
        es::RunRecording second(store, shortRun());
        QVERIFY(first.recording() && second.recording());
        QVERIFY(first.runId() != second.runId());
        QCOMPARE(first.databasePath(), store.path());
    }
};

QTEST_GUILESS_MAIN(TestRunRecording)
#include "tst_runrecording.moc"
