// The app's background jobs (ui/jobs/backgroundjob.h), which the Environment, Findings and
// What-if docks, the Data tab's preview and the report dialog run their work with: results
// arrive on the GUI thread after the work's progress, a stale result (a newer request, a
// cancel) is dropped and a superseded request never runs, the balancing call runs for every
// request, and a receiver destroyed mid-job neither gets its result nor is touched (the job
// waits for its function, which sees the job going as staleness).

#include "tests/support/threadnames.h"
#include "ui/jobs/backgroundjob.h"

#include <QtCore/QObject>
#include <QtCore/QThread>
#include <QtTest/QtTest>

#include <atomic>
#include <chrono>
#include <memory>
#include <thread>

namespace {

constexpr int kWaitMs = 10'000;

using es::ui::BackgroundJob;

/// A gate the test opens for work that waits on the worker thread.
class Latch {
public:
    void open() { m_open = true; }
    /// Waits until opened, or until `ticket` goes stale when given.
    void wait(const BackgroundJob::Ticket* ticket = nullptr) const
    {
        while (!m_open && !(ticket && ticket->isStale()))
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }

private:
    std::atomic<bool> m_open{false};
};

/// A receiver as the panels are: the job is its member and goes first.
class Receiver : public QObject {
public:
    BackgroundJob job{this, "es-test-job"};
};

}  // namespace

class TestBackgroundJob : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void resultArrivesOnTheGuiThread()
    {
        Receiver receiver;
        QThread* workedOn = nullptr;
        QThread* deliveredOn = nullptr;
        int result = 0;
        receiver.job.run(
            [&workedOn] {
                workedOn = QThread::currentThread();
                return 42;
            },
            [&](int value) {
                deliveredOn = QThread::currentThread();
                result = value;
            });
        QVERIFY(receiver.job.isRunning());
        QCOMPARE(result, 0);  // never within run(): the GUI thread goes on
        QTRY_COMPARE_WITH_TIMEOUT(result, 42, kWaitMs);
        QVERIFY(!receiver.job.isRunning());
        QVERIFY(workedOn != nullptr && workedOn != QCoreApplication::instance()->thread());
        QCOMPARE(deliveredOn, QCoreApplication::instance()->thread());
    }

    void progressArrivesInOrderBeforeTheResult()
    {
        Receiver receiver;
        QList<int> seen;
        receiver.job.run(
            [&seen](const BackgroundJob::Ticket& ticket) {
                for (int step = 1; step <= 3; ++step)
                    ticket.post([&seen, step] { seen << step; });
                return 4;
            },
            [&seen](int last) { seen << last; });
        QTRY_COMPARE_WITH_TIMEOUT(seen.size(), 4, kWaitMs);
        QCOMPARE(seen, (QList<int>{1, 2, 3, 4}));
    }

    void theThreadIsNamedAndEndsWhenIdle()
    {
#ifndef Q_OS_LINUX
        QSKIP("thread names are read from /proc");
#endif
        Receiver receiver;
        QVERIFY(!es::test::threadNames().contains("es-test-job"));  // started on the first request
        Latch latch;
        bool done = false;
        receiver.job.run(
            [&latch] {
                latch.wait();
                return 0;
            },
            [&done](int) { done = true; });
        QTRY_VERIFY_WITH_TIMEOUT(es::test::threadNames().contains("es-test-job"), kWaitMs);
        latch.open();
        QTRY_VERIFY_WITH_TIMEOUT(done, kWaitMs);
        QTRY_VERIFY_WITH_TIMEOUT(!es::test::threadNames().contains("es-test-job"), kWaitMs);
    }

    void aNewerRequestMakesTheOldResultStale()
    {
        Receiver receiver;
        Latch first;
        std::atomic<bool> firstStarted{false};
        std::atomic<bool> firstSawStale{false};
        std::atomic<bool> secondRan{false};
        QStringList delivered;
        int settled = 0;
        receiver.job.run(
            [&](const BackgroundJob::Ticket& ticket) {
                firstStarted = true;
                first.wait();
                firstSawStale = ticket.isStale();
                ticket.post([&delivered] { delivered << "first's progress"; });
                return QString("first");
            },
            [&delivered](const QString& text) { delivered << text; }, [&settled] { ++settled; });
        QTRY_VERIFY_WITH_TIMEOUT(firstStarted, kWaitMs);
        // Superseded while it waits to start: it never runs, but it is settled.
        receiver.job.run(
            [&secondRan] {
                secondRan = true;
                return QString("second");
            },
            [&delivered](const QString& text) { delivered << text; }, [&settled] { ++settled; });
        receiver.job.run([] { return QString("third"); },
                         [&delivered](const QString& text) { delivered << text; },
                         [&settled] { ++settled; });
        first.open();
        QTRY_COMPARE_WITH_TIMEOUT(settled, 3, kWaitMs);
        QTRY_VERIFY_WITH_TIMEOUT(!receiver.job.isRunning(), kWaitMs);
        QVERIFY(firstSawStale);
        QVERIFY(!secondRan);
        QCOMPARE(delivered, QStringList{"third"});
    }

    void cancelDropsTheResult()
    {
        Receiver receiver;
        Latch latch;
        bool delivered = false;
        int settled = 0;
        receiver.job.run(
            [&latch] {
                latch.wait();
                return 1;
            },
            [&delivered](int) { delivered = true; }, [&settled] { ++settled; });
        receiver.job.cancel();
        QVERIFY(!receiver.job.isRunning());
        latch.open();
        QTRY_COMPARE_WITH_TIMEOUT(settled, 1, kWaitMs);
        QCoreApplication::processEvents();
        QVERIFY(!delivered);
    }

    /// A window closed mid-job: the receiver's destructor waits for the work, which sees the
    /// job going as staleness and stops early; nothing reaches the dead receiver, and what the
    /// request started is still settled.
    void destroyingTheReceiverMidJobIsSafe()
    {
        auto receiver = std::make_unique<Receiver>();
        Receiver* gone = receiver.get();
        std::atomic<bool> started{false};
        std::atomic<bool> stoppedEarly{false};
        bool reached = false;
        int settled = 0;
        receiver->job.run(
            [&](const BackgroundJob::Ticket& ticket) {
                started = true;
                Latch never;
                never.wait(&ticket);
                stoppedEarly = ticket.isStale();
                ticket.post([&reached] { reached = true; });
                return 0;
            },
            [&reached, gone](int) {
                reached = true;
                gone->setObjectName("touched after its end");
            },
            [&settled] { ++settled; });
        QTRY_VERIFY_WITH_TIMEOUT(started, kWaitMs);
        receiver.reset();  // returns once the work has
        QVERIFY(stoppedEarly);
        QTRY_COMPARE_WITH_TIMEOUT(settled, 1, kWaitMs);
        QCoreApplication::processEvents();
        QVERIFY(!reached);
    }

    /// A job that outlives its receiver (not its member) drops the result all the same.
    void aResultForADestroyedReceiverIsDropped()
    {
        auto receiver = std::make_unique<QObject>();
        BackgroundJob job(receiver.get(), "es-test-job");
        Latch latch;
        bool reached = false;
        int settled = 0;
        job.run(
            [&latch] {
                latch.wait();
                return 0;
            },
            [&reached](int) { reached = true; }, [&settled] { ++settled; });
        receiver.reset();
        latch.open();
        QTRY_COMPARE_WITH_TIMEOUT(settled, 1, kWaitMs);
        QCoreApplication::processEvents();
        QVERIFY(!reached);
    }

    /// The report dialog starts the next comparison from the result of the last one.
    void doneMayStartTheNextRequest()
    {
        Receiver receiver;
        QList<int> delivered;
        std::function<void(int)> done = [&](int value) {
            delivered << value;
            if (value < 3)
                receiver.job.run([value] { return value + 1; }, done);
        };
        receiver.job.run([] { return 1; }, done);
        QTRY_COMPARE_WITH_TIMEOUT(delivered.size(), 3, kWaitMs);
        QCOMPARE(delivered, (QList<int>{1, 2, 3}));
        QVERIFY(!receiver.job.isRunning());
    }
};

QTEST_GUILESS_MAIN(TestBackgroundJob)
#include "tst_backgroundjob.moc"
