#include "engine/train/trainingsession.h"
#include "tests/support/smallconfigs.h"

#include <QtTest>

#include <c10/util/Exception.h>

#include <atomic>
#include <thread>

namespace {

using namespace std::chrono_literals;

/// Counts batches as the engine reports them; optionally throws at a given batch.
class BatchCounter : public es::RunObserver {
public:
    void onBatch(const es::BatchRecord&) override
    {
        const int count = ++batches;
        if (count == throwAtBatch)
            TORCH_CHECK(false, "injected LibTorch error at batch ", count);
    }
    void onStateChanged(es::RunState state) override { lastState = state; }

    std::atomic<int> batches{0};
    std::atomic<es::RunState> lastState{es::RunState::Idle};
    int throwAtBatch = -1;
};

/// A run long enough that control requests always land mid-run.
es::RunConfig longRun()
{
    auto config = es::test::smallRegression();
    config.training.epochs = 500;
    return config;
}

bool waitUntil(const std::function<bool()>& condition, std::chrono::milliseconds timeout = 30s)
{
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (!condition()) {
        if (std::chrono::steady_clock::now() > deadline)
            return false;
        std::this_thread::sleep_for(1ms);
    }
    return true;
}

}  // namespace

class TestSessionControl : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void pauseResumeStopWithinOneBatch_data()
    {
        QTest::addColumn<int>("delayMs");
        QTest::newRow("at once") << 0;
        // The test thread loses the processor before and after each request (a loaded
        // machine) while the engine goes on training: that must not count against the engine.
        QTest::newRow("test thread preempted") << 200;
    }

    // pause() takes effect after the batch in flight: at most one more batch completes after
    // it returns. The count is read after the request returns: read before, every batch the
    // engine trained while the test thread waited to make the request would count as late.
    void pauseResumeStopWithinOneBatch()
    {
        QFETCH(int, delayMs);
        BatchCounter counter;
        es::TrainingSession session(longRun());
        session.addObserver(&counter);
        session.start();
        QVERIFY(waitUntil([&] { return counter.batches >= 3; }));

        const auto preempted = [delayMs] {
            std::this_thread::sleep_for(std::chrono::milliseconds(delayMs));
        };
        preempted();
        session.pause();
        preempted();
        const int atPause = counter.batches;
        QVERIFY(waitUntil([&] { return session.state() == es::RunState::Paused; }));
        const int whilePaused = counter.batches;
        QVERIFY2(whilePaused <= atPause + 1,
                 qPrintable(QString("%1 -> %2").arg(atPause).arg(whilePaused)));
        std::this_thread::sleep_for(300ms);
        QCOMPARE(int(counter.batches), whilePaused);  // nothing trains while paused
        QCOMPARE(counter.lastState.load(), es::RunState::Paused);

        session.resume();
        QVERIFY(waitUntil([&] { return counter.batches >= whilePaused + 2; }));
        QCOMPARE(session.state(), es::RunState::Running);

        preempted();
        session.requestStop();
        preempted();
        const int atStop = counter.batches;
        QVERIFY(session.waitFor(30s));
        QCOMPARE(session.state(), es::RunState::Stopped);
        QVERIFY(counter.batches <= atStop + 1);
        QCOMPARE(session.result().batches.size(), std::size_t(counter.batches));
    }

    /// Per-thread CPU (dashboard, doctor, top -H) tells the engine's threads apart by name.
    void engineThreadsAreNamed()
    {
        es::RunConfig config = longRun();
        config.data.prefetch = 2;
        es::TrainingSession session(config);
        BatchCounter counter;
        session.addObserver(&counter);
        session.start();
        QVERIFY(waitUntil([&] { return counter.batches >= 2; }));
        QStringList names;
        const QDir tasks("/proc/self/task");
        for (const QString& tid : tasks.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
            QFile comm(tasks.filePath(tid + "/comm"));
            if (comm.open(QIODevice::ReadOnly))
                names << QString::fromUtf8(comm.readAll()).trimmed();
        }
        session.requestStop();
        QVERIFY(session.waitFor(30s));
        for (const char* expected : {"es-train", "es-loader", "es-sampler"})
            QVERIFY2(names.contains(expected), qPrintable(names.join(", ")));
    }

    void stopWhilePaused()
    {
        es::TrainingSession session(longRun());
        BatchCounter counter;
        session.addObserver(&counter);
        session.start();
        QVERIFY(waitUntil([&] { return counter.batches >= 1; }));
        session.pause();
        QVERIFY(waitUntil([&] { return session.state() == es::RunState::Paused; }));
        session.requestStop();
        QVERIFY(session.waitFor(30s));
        QCOMPARE(session.state(), es::RunState::Stopped);
    }

    void destructorStopsARunningSession()
    {
        BatchCounter counter;
        {
            es::TrainingSession session(longRun());
            session.addObserver(&counter);
            session.start();
            QVERIFY(waitUntil([&] { return counter.batches >= 1; }));
        }  // must request a stop and join, not hang or crash
        QVERIFY(counter.batches >= 1);
    }

    void libtorchErrorBecomesFailedRun()
    {
        BatchCounter counter;
        counter.throwAtBatch = 2;
        es::TrainingSession session(longRun());
        session.addObserver(&counter);
        session.start();
        QVERIFY(session.waitFor(30s));
        QCOMPARE(session.state(), es::RunState::Failed);
        const std::string& error = session.result().error;
        QVERIFY2(error.find("injected LibTorch error at batch 2") != std::string::npos,
                 error.c_str());
        // The message is for people: no C++ backtrace.
        QVERIFY2(error.find("frame #") == std::string::npos, error.c_str());
        QCOMPARE(session.result().batches.size(), std::size_t(2));
    }

    void startTwiceIsRejected()
    {
        auto config = es::test::smallRegression();
        config.training.epochs = 1;
        config.training.stepsPerEpoch = 1;
        es::TrainingSession session(config);
        session.start();
        QVERIFY_THROWS_EXCEPTION(std::logic_error, session.start());
        session.wait();
        QCOMPARE(session.state(), es::RunState::Finished);
    }
};

QTEST_APPLESS_MAIN(TestSessionControl)
#include "tst_sessioncontrol.moc"
