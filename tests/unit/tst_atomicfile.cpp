// writeFileAtomically: readers see the old file or the whole new one, also when the write
// fails part-way (simulated with a file size limit, as a full disk would fail it), when writers
// meet, and when a writer is killed half-way: the next write removes what it left.
#include "engine/io/atomicfile.h"

#include <QtCore/QDir>
#include <QtCore/QFile>
#include <QtCore/QRegularExpression>
#include <QtCore/QTemporaryDir>
#include <QtTest/QtTest>

#include <signal.h>
#include <sys/file.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fcntl.h>

#include <atomic>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

namespace {

QByteArray fileBytes(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

/// `prefix` followed by the name of a temporary file for `path` ("<path>.<pid>-<8 hex>.tmp").
QRegularExpression temporaryNamePattern(const QString& prefix, const QString& path)
{
    return QRegularExpression(QRegularExpression::escape(prefix + path) +
                              QString(R"(\.%1-[0-9a-f]{8}\.tmp)").arg(::getpid()));
}

/// Limits the size of files this process writes while it lives; writes past it fail with
/// EFBIG (SIGXFSZ is ignored, else it would end the test).
class FileSizeLimit {
public:
    explicit FileSizeLimit(rlim_t bytes)
    {
        ::getrlimit(RLIMIT_FSIZE, &m_saved);
        m_savedHandler = ::signal(SIGXFSZ, SIG_IGN);
        const rlimit limit{bytes, m_saved.rlim_max};
        ::setrlimit(RLIMIT_FSIZE, &limit);
    }
    ~FileSizeLimit()
    {
        ::setrlimit(RLIMIT_FSIZE, &m_saved);
        ::signal(SIGXFSZ, m_savedHandler);
    }

private:
    rlimit m_saved{};
    sighandler_t m_savedHandler = nullptr;
};

// Where a forked writer stops, half-way through its temporary file.
constexpr rlim_t kStopAtBytes = 8192;
constexpr std::size_t kWriterBytes = 256 * 1024;

extern "C" void stopHere(int)
{
    ::raise(SIGSTOP);
}

/// Forks a process that writes `path` with writeFileAtomically() and stops in the middle of the
/// write: a file size limit makes the kernel send SIGXFSZ when the write crosses it, and the
/// handler stops the process there, its temporary file half-written and locked. Returns its
/// pid once it has stopped, -1 when it did not.
pid_t startWriterStoppedHalfWay(const std::string& path)
{
    const pid_t pid = ::fork();
    if (pid == 0) {
        struct sigaction action {};
        action.sa_handler = stopHere;
        ::sigaction(SIGXFSZ, &action, nullptr);
        const rlimit limit{kStopAtBytes, kStopAtBytes};
        ::setrlimit(RLIMIT_FSIZE, &limit);
        try {
            es::writeFileAtomically(path, std::string(kWriterBytes, 'w'));
        } catch (...) {
        }
        ::_exit(0);
    }
    int status = 0;
    if (pid < 0 || ::waitpid(pid, &status, WUNTRACED) != pid || !WIFSTOPPED(status))
        return -1;
    return pid;
}

void killAndReap(pid_t pid)
{
    ::kill(pid, SIGKILL);
    int status = 0;
    ::waitpid(pid, &status, 0);
}

/// Kills and reaps a forked writer on every way out of a test, a failed check included, so
/// that no stopped process outlives it.
class ForkedWriter {
public:
    explicit ForkedWriter(pid_t pid) : m_pid(pid) {}
    ~ForkedWriter() { kill(); }
    ForkedWriter(const ForkedWriter&) = delete;
    ForkedWriter& operator=(const ForkedWriter&) = delete;

    pid_t pid() const { return m_pid; }
    void kill()
    {
        if (m_pid > 0)
            killAndReap(m_pid);
        m_pid = -1;
    }

private:
    pid_t m_pid;
};

/// The temporary files in `dir` whose name says `pid` wrote them.
QStringList temporariesOf(const QString& dir, pid_t pid)
{
    QStringList found;
    for (const QString& name : QDir(dir).entryList(QDir::Files | QDir::Hidden)) {
        if (es::atomicWriteOwner(name.toStdString()) == pid)
            found << name;
    }
    return found;
}

}  // namespace

class TestAtomicFile : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void replacesTheWholeFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("file.txt");
        es::writeFileAtomically(path.toStdString(), "first version, longer than the second\n");
        es::writeFileAtomically(path.toStdString(), "second\n");
        QCOMPARE(fileBytes(path), QByteArray("second\n"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{"file.txt"});
    }

    void failedWriteLeavesTheOldFileAndNoTemporary()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("checkpoint.pt");
        const std::string old(1000, 'o');
        es::writeFileAtomically(path.toStdString(), old);

        const std::string larger(64 * 1024, 'n');
        bool threw = false;
        {
            const FileSizeLimit limit(8192);
            try {
                es::writeFileAtomically(path.toStdString(), larger);
            } catch (const std::system_error& error) {
                threw = true;
                const QString message = error.what();
                QVERIFY2(message.contains(temporaryNamePattern("cannot write ", path)),
                         error.what());
                QCOMPARE(error.code().value(), EFBIG);
            }
        }
        QVERIFY(threw);
        QCOMPARE(fileBytes(path), QByteArray::fromStdString(old));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{"checkpoint.pt"});
    }

    /// A writer killed half-way (SIGKILL, power loss) leaves its temporary file; the next write
    /// into the folder, of any file, removes it. A writer that lives (here stopped half-way)
    /// keeps its file, and so does one whose pid is gone but whose lock someone holds (a
    /// writer in another pid namespace sharing the folder).
    void nextWriteRemovesWhatAKilledWriterLeft_data()
    {
        QTest::addColumn<QString>("writer");
        QTest::addColumn<QString>("nextTarget");
        QTest::addColumn<bool>("removed");
        QTest::newRow("killed, then the same file written") << "killed"
                                                            << "model.pt" << true;
        QTest::newRow("killed, then another file in the folder") << "killed"
                                                                 << "other.json" << true;
        QTest::newRow("alive, then the same file written") << "alive"
                                                           << "model.pt" << false;
        QTest::newRow("alive, then another file in the folder") << "alive"
                                                                << "other.json" << false;
        QTest::newRow("pid gone but the file locked") << "locked"
                                                      << "model.pt" << false;
    }

    void nextWriteRemovesWhatAKilledWriterLeft()
    {
        QFETCH(QString, writer);
        QFETCH(QString, nextTarget);
        QFETCH(bool, removed);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString target = dir.filePath("model.pt");
        es::writeFileAtomically(target.toStdString(), "the previous model\n");

        ForkedWriter child(startWriterStoppedHalfWay(target.toStdString()));
        const pid_t pid = child.pid();
        QVERIFY2(pid > 0, "the writer did not stop half-way through its write");
        const QStringList left = temporariesOf(dir.path(), pid);
        QCOMPARE(left.size(), 1);
        const QString temporary = dir.filePath(left.front());
        QCOMPARE(QFileInfo(temporary).size(), static_cast<qint64>(kStopAtBytes));
        if (writer != "alive")
            child.kill();
        int held = -1;
        if (writer == "locked") {
            held = ::open(QFile::encodeName(temporary).constData(), O_RDONLY | O_CLOEXEC);
            QVERIFY(held >= 0);
            QCOMPARE(::flock(held, LOCK_EX | LOCK_NB), 0);
        }

        es::writeFileAtomically(dir.filePath(nextTarget).toStdString(), "next\n");
        const bool stillThere = QFileInfo::exists(temporary);
        if (held >= 0)
            ::close(held);
        child.kill();
        QCOMPARE(!stillThere, removed);
        // Half a file never shows under the final name.
        const QByteArray model = fileBytes(target);
        QVERIFY2(model == "the previous model\n" || model == "next\n", model.left(40).constData());
    }

    /// Only names of the form writeFileAtomically() makes count as its temporary files, so that
    /// the cleanup never takes a user's file.
    void recognisesOnlyItsOwnTemporaryNames_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<long>("owner");
        QTest::newRow("its own") << "run.json.1234-0a1b2c3d.tmp" << 1234L;
        QTest::newRow("dots in the target") << "m.epoch.05.pt.77-ffffffff.tmp" << 77L;
        QTest::newRow("the old fixed name") << "run.json.tmp" << 0L;
        QTest::newRow("a user's .tmp") << "notes.tmp" << 0L;
        QTest::newRow("upper-case hex") << "run.json.1234-0A1B2C3D.tmp" << 0L;
        QTest::newRow("seven hex digits") << "run.json.1234-0a1b2c3.tmp" << 0L;
        QTest::newRow("no pid") << "run.json.-0a1b2c3d.tmp" << 0L;
        QTest::newRow("pid with a leading zero") << "run.json.01234-0a1b2c3d.tmp" << 0L;
        QTest::newRow("no target") << ".1234-0a1b2c3d.tmp" << 0L;
        QTest::newRow("another suffix") << "run.json.1234-0a1b2c3d.bak" << 0L;
    }

    void recognisesOnlyItsOwnTemporaryNames()
    {
        QFETCH(QString, name);
        QFETCH(long, owner);
        QCOMPARE(es::atomicWriteOwner(name.toStdString()), owner);
    }

    /// Files a user keeps beside the target, however they are named, survive its writes; the
    /// temporary file of the fixed name earlier versions used is removed when the file it was
    /// for is written again.
    void cleanupLeavesOtherFilesAlone()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QStringList kept = {"notes.tmp", "run.json.bak", "other.json.tmp",
                                  "run.json.1-0A1B2C3D.tmp"};
        for (const QString& name : kept) {
            QFile file(dir.filePath(name));
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write("keep");
        }
        QFile legacy(dir.filePath("run.json.tmp"));
        QVERIFY(legacy.open(QIODevice::WriteOnly));
        legacy.write("left by an earlier version");
        legacy.close();

        es::writeFileAtomically(dir.filePath("run.json").toStdString(), "{}\n");
        QStringList expected = kept;
        expected << "run.json";
        expected.sort();
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden, QDir::Name), expected);
    }

    /// Writers of one file that meet (two threads, or the app and a CLI run) each write a file of
    /// their own: the result is one of them whole, and neither fails.
    void concurrentWritersOfOneFileNeverMix()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path = dir.filePath("summary.json").toStdString();
        constexpr int kWriters = 4;
        constexpr int kWrites = 25;
        constexpr std::size_t kBytes = 64 * 1024;
        std::vector<std::string> contents;
        for (int i = 0; i < kWriters; ++i)
            contents.emplace_back(kBytes, static_cast<char>('a' + i));
        std::atomic<int> failures{0};
        std::vector<std::thread> writers;
        for (int i = 0; i < kWriters; ++i) {
            writers.emplace_back([&, i] {
                for (int n = 0; n < kWrites; ++n) {
                    try {
                        es::writeFileAtomically(path, contents[static_cast<std::size_t>(i)]);
                    } catch (const std::exception&) {
                        ++failures;
                    }
                }
            });
        }
        for (std::thread& thread : writers)
            thread.join();
        QCOMPARE(failures.load(), 0);
        const QByteArray result = fileBytes(QString::fromStdString(path));
        QCOMPARE(result.size(), static_cast<qsizetype>(kBytes));
        QCOMPARE(result.count(result.front()), static_cast<qsizetype>(kBytes));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden),
                 QStringList{"summary.json"});
    }

    void missingDirectoryNamesTheFile()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("missing/file.txt").toStdString();
        try {
            es::writeFileAtomically(path, "x");
            QFAIL("wrote into a missing directory");
        } catch (const std::system_error& error) {
            QVERIFY2(
                QString(error.what())
                    .contains(temporaryNamePattern("cannot create ", QString::fromStdString(path))),
                error.what());
        }
    }

    void createWritableDirectoryCreatesParentsAndRefusesFiles()
    {
        QTemporaryDir dir;
        QVERIFY(!es::createWritableDirectory(dir.filePath("a/b/c").toStdString()));
        QVERIFY(QDir(dir.filePath("a/b/c")).exists());
        QFile file(dir.filePath("plain"));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.close();
        const auto problem = es::createWritableDirectory(dir.filePath("plain/sub").toStdString());
        QVERIFY(problem.has_value());
        QVERIFY(!problem->empty());
    }
};

QTEST_GUILESS_MAIN(TestAtomicFile)
#include "tst_atomicfile.moc"
