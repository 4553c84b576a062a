// An input truncated while the CLI reads it (issue 31, point 7): `predict --x` and `inspect` of
// a .npy that another program cuts after its header was checked, before its data is read. The
// cut is made at that moment every time by a preloaded library (tests/support/
// truncateonread.cpp: the first read of the file past the size, or the first mapping of it).
// The command must exit 2 naming the file and the byte where it ended; before, the reader
// mapped the file and touching the lost pages ended the command with SIGBUS (exit 135).

#include "tests/support/clirunner.h"
#include "tests/support/npybytes.h"
#include "tests/support/testpaths.h"

#include <QtCore/QTemporaryDir>
#include <QtTest/QtTest>

namespace {

constexpr int kSamples = 64;
constexpr int kValues = kSamples * 64 * 8;  // quick-demo's (64, 8) samples
// Past the header (128 bytes) and inside the first page of data: the rest of the file goes.
constexpr qint64 kCutAt = 1000;

}  // namespace

class TestTruncatedInputCli : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    /// Runs the CLI with the file cut at kCutAt when it is first read past that.
    CliRun runCutting(const QStringList& arguments, const QString& file)
    {
        QProcessEnvironment environment = isolatedEnvironment();
        environment.insert("LD_PRELOAD", es::test::pathFromCtest("EPOCHSCOPE_TRUNCATE_ON_READ"));
        environment.insert("ES_TRUNCATE_PATH", file);
        environment.insert("ES_TRUNCATE_TO", QString::number(kCutAt));
        // A sanitizer build wants its runtime first; the preloaded library must not stop it.
        environment.insert("ASAN_OPTIONS", "verify_asan_link_order=0");
        return runCli(arguments, kQuickTimeoutMs, {}, environment);
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void cutAfterTheHeaderCheck_data()
    {
        QTest::addColumn<QString>("command");
        QTest::newRow("predict --x") << "predict";
        QTest::newRow("inspect") << "inspect";
    }

    void cutAfterTheHeaderCheck()
    {
        QFETCH(QString, command);
        const QString x = m_dir.filePath(command + "_x.npy");
        QVERIFY(es::test::writeFloatNpy(x, "(64, 64, 8)", kValues));
        const qint64 whole = QFileInfo(x).size();
        const QString checkpoint = m_dir.filePath("model.pt");
        QFile file(checkpoint);
        QVERIFY(file.open(QIODevice::WriteOnly) && file.write("never read") > 0);
        file.close();
        const QStringList arguments =
            command == "predict"
                ? QStringList{"predict", "--preset", "quick-demo", "--checkpoint", checkpoint,
                              "--x",     x}
                : QStringList{"inspect", x};
        const CliRun run = runCutting(arguments, x);
        QCOMPARE(QFileInfo(x).size(), kCutAt);  // the cut happened, while the command ran
        QVERIFY2(run.exitCode == kExitBadInput, qPrintable(describe(run)));
        const QString where = QString("%1@byte %2").arg(x).arg(kCutAt);
        const QString what = QString("the file was truncated while it was read: got %1 of %2 bytes")
                                 .arg(kCutAt)
                                 .arg(whole);
        QVERIFY2(run.err.contains(where) && run.err.contains(what), qPrintable(describe(run)));
    }
};

QTEST_GUILESS_MAIN(TestTruncatedInputCli)
#include "tst_truncatedinputcli.moc"
