// Every file EpochScope writes for a user (the run summary, the CSV log, a comparison report, a
// model checkpoint) is replaced whole or not at all. Checked by interrupting the write itself,
// not by looking for a temporary file afterwards. The CLI runs with a file-size limit of about
// half the new file, so that its write stops part-way, and then either
// - fails (EFBIG, as on a full disk: the CLI ignores SIGXFSZ), or
// - is killed in the middle of it: a seccomp filter kills the process (SIGSYS, as a crash or
//   `kill -9` would) at the write() call that would carry the rest of the payload, after the
//   first part is in the file.
// The file under its final name must then be the previous version, byte for byte, or absent
// when there was none; never a part of the new one.

#include "tests/support/clirunner.h"
#include "tests/support/testpaths.h"

#include <QtCore/QDir>
#include <QtCore/QFile>
#include <QtCore/QFileInfo>
#include <QtCore/QProcess>
#include <QtCore/QTemporaryDir>
#include <QtTest>

#include <csignal>
#include <cstddef>
#include <cstdint>

#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

namespace {

QByteArray fileBytes(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

bool writeBytes(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Truncate) &&
           file.write(bytes) == bytes.size();
}

QString writeConfig(const QString& dir, const nlohmann::json& config)
{
    const QString path = QDir(dir).filePath("run.json");
    writeBytes(path, QByteArray::fromStdString(config.dump(2)));
    return path;
}

/// A tiny run: quick-demo's shape, cut to a second. `epochs` many epochs.
nlohmann::json tinyConfig(int epochs)
{
    const CliRun preset = runCli({"presets", "quick-demo"});
    nlohmann::json config = nlohmann::json::parse(preset.out.toStdString(), nullptr, false);
    config["name"] = "atomicity";
    config["data"]["source"]["samples"] = 320;
    config["data"]["source"]["timesteps"] = 8;
    config["data"]["source"]["features"] = 3;
    config["model"]["layers"] = nlohmann::json::array(
        {{{"type", "lstm"}, {"units", 16}}, {{"type", "dense"}, {"units", 1}}});
    config["training"]["epochs"] = epochs;
    config["device"]["intra_op_threads"] = 1;
    return config;
}

enum class Interruption {
    Killed,  ///< killed at the write() of the payload's rest
    Failed,  ///< the write returns EFBIG
};

/// The write() calls that kill the process: to a file (not stdin, stdout or stderr), of
/// [from, to) bytes. A writer's whole payload, `to` bytes or more, goes through; once the
/// file-size limit has cut it short, the call with the rest of it does not.
struct KillWindow {
    /// Above the 1- and 8-byte writes threads wake each other with (pipes, eventfds).
    static constexpr std::uint32_t kFrom = 16;
    std::uint32_t from = kFrom;
    std::uint32_t to = 0;
};

#if defined(__x86_64__)
constexpr std::uint32_t kAuditArch = AUDIT_ARCH_X86_64;
#elif defined(__aarch64__)
constexpr std::uint32_t kAuditArch = AUDIT_ARCH_AARCH64;
#else
constexpr std::uint32_t kAuditArch = 0;  // no filter: the killed rows are skipped
#endif

/// Installs the filter in this process (a child after fork, before exec: it stays across
/// exec). Only async-signal-safe calls. False when the kernel refuses it.
bool killAtWrite(KillWindow window)
{
    if (kAuditArch == 0)
        return false;
    constexpr std::uint32_t kArgs = offsetof(seccomp_data, args);
    // Arguments are 64-bit, read as two 32-bit words, the low one first (little-endian).
    // Jumps count the instructions skipped: 12 is ALLOW, 11 KILL.
    sock_filter filter[] = {
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, arch)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, kAuditArch, 0, 10),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, nr)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_write, 0, 8),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, kArgs + 0 * 8),  // fd
        BPF_JUMP(BPF_JMP | BPF_JGT | BPF_K, 2, 0, 6),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, kArgs + 2 * 8 + 4),  // count, high word
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0, 0, 4),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, kArgs + 2 * 8),  // count, low word
        BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, window.from, 0, 2),
        BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, window.to, 1, 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    };
    sock_fprog program{static_cast<unsigned short>(sizeof(filter) / sizeof(filter[0])), filter};
    return ::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0 &&
           ::prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &program) == 0;
}

/// Whether this kernel lets a process filter its own system calls (a container may not).
bool canKillAtWrite()
{
    const pid_t child = ::fork();
    if (child == 0)
        ::_exit(killAtWrite({KillWindow::kFrom, KillWindow::kFrom + 1}) ? 0 : 1);
    int status = 0;
    return child > 0 && ::waitpid(child, &status, 0) == child && WIFEXITED(status) &&
           WEXITSTATUS(status) == 0;
}

/// Runs the CLI with files limited to `limitBytes`; with Killed, killed at a write() in
/// `window`. `killed` says whether a signal ended it.
CliRun runLimited(const QStringList& arguments, qint64 limitBytes, Interruption interruption,
                  KillWindow window, bool& killed)
{
    QProcess process;
    process.setProcessEnvironment(isolatedEnvironment());
    process.setChildProcessModifier([limitBytes, interruption, window] {
        ::signal(SIGXFSZ, SIG_IGN);
        const rlimit limit{static_cast<rlim_t>(limitBytes), static_cast<rlim_t>(limitBytes)};
        ::setrlimit(RLIMIT_FSIZE, &limit);
        if (interruption == Interruption::Killed && !killAtWrite(window))
            ::_exit(99);
    });
    process.start(es::test::cliPath(), arguments);
    CliRun run;
    killed = false;
    if (!process.waitForStarted() || !process.waitForFinished(kTrainTimeoutMs)) {
        process.kill();
        process.waitForFinished();
        run.err = "did not finish: " + process.errorString();
        return run;
    }
    killed = process.exitStatus() == QProcess::CrashExit;
    run.exitCode = killed ? -1 : process.exitCode();
    run.out = QString::fromUtf8(process.readAllStandardOutput());
    run.err = QString::fromUtf8(process.readAllStandardError());
    return run;
}

/// The first `lines` lines of `text`, each with its newline.
QByteArray firstLines(const QByteArray& text, int lines)
{
    qsizetype end = 0;
    for (int i = 0; i < lines; ++i) {
        end = text.indexOf('\n', end);
        if (end < 0)
            return text;
        ++end;
    }
    return text.left(end);
}

/// Half of a file of about `size` bytes goes in; the killing window sits between the rest
/// (about half) and the whole (which differs from `size` by a few digits of timings at most).
std::uint32_t threeQuarters(qint64 size)
{
    return static_cast<std::uint32_t>(size * 3 / 4);
}

}  // namespace

Q_DECLARE_METATYPE(Interruption)

class TestWriterAtomicity : public QObject {
    Q_OBJECT

    /// One interrupted write: what the test expects under the final name afterwards.
    struct Outcome {
        QString path;
        QByteArray expected;  ///< empty: the file must not exist
        qint64 limit = 0;     ///< the file-size limit the write ran into
    };

    QTemporaryDir m_dir;
    bool m_canKill = false;

    static void addInterruptionColumn()
    {
        QTest::addColumn<Interruption>("interruption");
        QTest::newRow("killed mid-write") << Interruption::Killed;
        QTest::newRow("write fails") << Interruption::Failed;
    }

    QString directoryFor(const char* writer) const
    {
        const QString dir =
            QDir(m_dir.path()).filePath(QString("%1-%2").arg(writer, QTest::currentDataTag()));
        QDir().mkpath(dir);
        return dir;
    }

    /// Checks what is left after an interrupted write: the run did stop in this file's write,
    /// and `outcome.path` holds the previous version or nothing.
    static void checkInterrupted(const CliRun& run, bool killed, Interruption interruption,
                                 const Outcome& outcome)
    {
        const QFileInfo target(outcome.path);
        if (interruption == Interruption::Killed) {
            QVERIFY2(killed, qPrintable(describe(run)));
            // Killed in this file's write, not elsewhere: its temporary file, which nothing
            // removes before the next write there, holds the part the limit let in.
            const QFileInfoList partial = target.dir().entryInfoList({target.fileName() + ".*.tmp"},
                                                                     QDir::Files | QDir::Hidden);
            QVERIFY2(partial.size() == 1 && partial.front().size() == outcome.limit,
                     qPrintable(QString("%1 temporary files next to %2, of %3 bytes")
                                    .arg(partial.size())
                                    .arg(outcome.path)
                                    .arg(partial.isEmpty() ? -1 : partial.front().size())));
        } else {
            // Failed in this file's write: the error names it and says why.
            QVERIFY2(!killed && run.exitCode != kExitFinished &&
                         run.err.contains("File too large") && run.err.contains(target.fileName()),
                     qPrintable(describe(run)));
        }
        if (outcome.expected.isEmpty()) {
            QVERIFY2(!QFile::exists(outcome.path), qPrintable(outcome.path));
            return;
        }
        const QByteArray left = fileBytes(outcome.path);
        QVERIFY2(left == outcome.expected,
                 qPrintable(QString("%1: %2 bytes, expected the previous %3")
                                .arg(outcome.path)
                                .arg(left.size())
                                .arg(outcome.expected.size())));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_canKill = canKillAtWrite();
    }

    void init()
    {
        if (QString(QTest::currentDataTag()).startsWith("killed") && !m_canKill)
            QSKIP("this kernel or container refuses seccomp filters: no kill at a write()");
    }

    void summary_data()
    {
        QTest::addColumn<Interruption>("interruption");
        QTest::addColumn<bool>("previous");
        for (bool previous : {true, false})
            for (Interruption interruption : {Interruption::Killed, Interruption::Failed})
                QTest::addRow(
                    "%s, %s",
                    interruption == Interruption::Killed ? "killed mid-write" : "write fails",
                    previous ? "over the previous summary" : "first summary")
                    << interruption << previous;
    }

    // train --json-out: the summary comes last, after the run.
    void summary()
    {
        QFETCH(Interruption, interruption);
        QFETCH(bool, previous);
        const QString dir = directoryFor("summary");
        const QString summary = QDir(dir).filePath("summary.json");
        const QStringList arguments{"train",       "--config",   writeConfig(dir, tinyConfig(1)),
                                    "--no-record", "--json-out", summary};
        const CliRun first = runCli(arguments, kTrainTimeoutMs);
        QVERIFY2(first.exitCode == kExitFinished, qPrintable(describe(first)));
        QVERIFY(readJson(summary).is_object());
        QByteArray before = fileBytes(summary);
        const qint64 size = before.size();
        QVERIFY(size > 2048);  // config, machine, epochs: several kB
        if (!previous) {
            QVERIFY(QFile::remove(summary));
            before.clear();
        }
        const qint64 limit = size / 2;
        bool killed = false;
        const CliRun run = runLimited(arguments, limit, interruption,
                                      {KillWindow::kFrom, threeQuarters(size)}, killed);
        checkInterrupted(run, killed, interruption, {summary, before, limit});
    }

    void csvLog_data() { addInterruptionColumn(); }

    // csv_logger rewrites its whole file every epoch: the write that outgrows the limit leaves
    // the file of the epochs before it, row for row as an uninterrupted run wrote them.
    void csvLog()
    {
        QFETCH(Interruption, interruption);
        const QString dir = directoryFor("csv");
        const QString log = QDir(dir).filePath("log.csv");
        nlohmann::json config = tinyConfig(6);
        config["callbacks"] =
            nlohmann::json::array({{{"type", "csv_logger"}, {"filename", log.toStdString()}}});
        const QStringList arguments{"train", "--config", writeConfig(dir, config), "--no-record"};
        const CliRun whole = runCli(arguments, kTrainTimeoutMs);
        QVERIFY2(whole.exitCode == kExitFinished, qPrintable(describe(whole)));
        const QByteArray reference = fileBytes(log);
        QCOMPARE(reference.count('\n'), 7);  // the header and 6 epochs
        QVERIFY(QFile::remove(log));

        // Room for the header and two epochs, not three: the third epoch's write stops after
        // them, and its rest (a row less one byte) is shorter than the first epoch's file.
        const QByteArray twoEpochs = firstLines(reference, 3);
        const qint64 limit = twoEpochs.size() + 1;
        const auto firstEpoch = static_cast<std::uint32_t>(firstLines(reference, 2).size());
        bool killed = false;
        const CliRun run =
            runLimited(arguments, limit, interruption, {KillWindow::kFrom, firstEpoch}, killed);
        checkInterrupted(run, killed, interruption, {log, twoEpochs, limit});
    }

    void checkpoint_data() { addInterruptionColumn(); }

    // model_checkpoint saves over the previous run's file: a save that cannot finish leaves
    // that one.
    void checkpoint()
    {
        QFETCH(Interruption, interruption);
        const QString dir = directoryFor("checkpoint");
        const QString model = QDir(dir).filePath("model.pt");
        nlohmann::json config = tinyConfig(1);
        config["callbacks"] = nlohmann::json::array(
            {{{"type", "model_checkpoint"}, {"filepath", model.toStdString()}}});
        const QStringList arguments{"train", "--config", writeConfig(dir, config), "--no-record"};
        const CliRun first = runCli(arguments, kTrainTimeoutMs);
        QVERIFY2(first.exitCode == kExitFinished, qPrintable(describe(first)));
        const QByteArray before = fileBytes(model);
        QVERIFY(before.size() > 4096);

        const qint64 limit = before.size() / 2;
        bool killed = false;
        const CliRun run = runLimited(arguments, limit, interruption,
                                      {KillWindow::kFrom, threeQuarters(before.size())}, killed);
        checkInterrupted(run, killed, interruption, {model, before, limit});
    }

    void report_data() { addInterruptionColumn(); }

    // compare --out: a report written over the previous one.
    void report()
    {
        QFETCH(Interruption, interruption);
        const QString dir = directoryFor("report");
        const QString database = QDir(dir).filePath("runs.sqlite");
        const QString config = writeConfig(dir, tinyConfig(1));
        for (int run = 0; run < 2; ++run) {
            const CliRun recorded =
                runCli({"train", "--config", config, "--db", database}, kTrainTimeoutMs);
            QVERIFY2(recorded.exitCode == kExitFinished, qPrintable(describe(recorded)));
        }
        const QString report = QDir(dir).filePath("report.html");
        const QStringList arguments{"compare", "1", "2", "--db", database, "--out", report};
        const CliRun first = runCli(arguments);
        QVERIFY2(first.exitCode == kExitFinished, qPrintable(describe(first)));
        const QByteArray before = fileBytes(report);
        // The database's own files (its shared-memory index is 32 kB) stay under the limit.
        QVERIFY2(before.size() > 2 * 65536, qPrintable(QString::number(before.size())));

        const qint64 limit = before.size() / 2;
        bool killed = false;
        const CliRun run = runLimited(arguments, limit, interruption,
                                      {KillWindow::kFrom, threeQuarters(before.size())}, killed);
        checkInterrupted(run, killed, interruption, {report, before, limit});
    }
};

QTEST_APPLESS_MAIN(TestWriterAtomicity)
#include "tst_writeratomicity.moc"
