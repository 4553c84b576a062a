// Inputs that are not regular files through the CLI (issue 31, point 8): a FIFO without a
// writer, /dev/zero, /dev/null, a UNIX socket, a directory, and symbolic links to a FIFO and to
// /dev/zero, given to `inspect`, `predict --x`, `predict --checkpoint`, `train --config` and
// `keras import`. Each command must exit 2 at once, naming the file and saying what it is;
// before, a FIFO hung `inspect` and `predict` forever. A bounded wait kills a command that
// hangs, failing the row.

#include "tests/support/clirunner.h"
#include "tests/support/npybytes.h"
#include "tests/support/specialfiles.h"

#include <QtCore/QTemporaryDir>
#include <QtTest/QtTest>

namespace {

// Far longer than starting LibTorch and refusing a file take; a command still running then
// waits on the file.
constexpr int kRefusalTimeoutMs = 20'000;

}  // namespace

class TestInputFilesCli : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::vector<es::test::SpecialFile> m_special;
    QString m_x;           ///< inputs quick-demo's model reads: (4, 64, 8) float32
    QString m_checkpoint;  ///< a regular file where a checkpoint is named

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_special = es::test::makeSpecialFiles(QDir(m_dir.path()));
        QVERIFY2(!m_special.empty(), "cannot make the FIFO, the socket or the links");
        m_x = m_dir.filePath("x.npy");
        QVERIFY(es::test::writeFloatNpy(m_x, "(4, 64, 8)", 4 * 64 * 8));
        m_checkpoint = m_dir.filePath("model.pt");
        QFile checkpoint(m_checkpoint);
        QVERIFY(checkpoint.open(QIODevice::WriteOnly) && checkpoint.write("not read") > 0);
    }

    void refusedAtOnce_data()
    {
        QTest::addColumn<QStringList>("arguments");  // FILE stands for the special file
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("kind");
        const QList<QPair<QString, QStringList>> commands = {
            {"inspect", {"inspect", "FILE"}},
            {"predict --x",
             {"predict", "--preset", "quick-demo", "--checkpoint", m_checkpoint, "--x", "FILE"}},
            {"predict --checkpoint",
             {"predict", "--preset", "quick-demo", "--checkpoint", "FILE", "--x", m_x}},
            {"train --config", {"train", "--config", "FILE"}},
            {"keras import", {"keras", "import", "FILE"}},
        };
        for (const auto& [command, arguments] : commands) {
            for (const es::test::SpecialFile& special : m_special) {
                QStringList filled = arguments;
                filled.replaceInStrings(QRegularExpression("^FILE$"), special.path);
                QTest::newRow(qPrintable(command + ": " + special.name))
                    << filled << special.path << special.kind;
            }
        }
    }

    void refusedAtOnce()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, file);
        QFETCH(QString, kind);
        const CliRun run = runCli(arguments, kRefusalTimeoutMs);
        QVERIFY2(run.exitCode == kExitBadInput, qPrintable(describe(run)));
        QVERIFY2(run.err.contains(file) && run.err.contains(kind), qPrintable(describe(run)));
    }
};

QTEST_GUILESS_MAIN(TestInputFilesCli)
#include "tst_inputfilescli.moc"
