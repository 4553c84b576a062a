// writeFileAtomically: readers see the old file or the whole new one, also when the write
// fails part-way (simulated with a file size limit, as a full disk would fail it).
#include "core/atomicfile.h"

#include <QtCore/QDir>
#include <QtCore/QFile>
#include <QtCore/QTemporaryDir>
#include <QtTest/QtTest>

#include <signal.h>
#include <sys/resource.h>

#include <string>
#include <system_error>

namespace {

QByteArray fileBytes(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
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
                QVERIFY2(message.contains("cannot write " + path + ".tmp"), error.what());
                QCOMPARE(error.code().value(), EFBIG);
            }
        }
        QVERIFY(threw);
        QCOMPARE(fileBytes(path), QByteArray::fromStdString(old));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{"checkpoint.pt"});
    }

    void missingDirectoryNamesTheFile()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("missing/file.txt").toStdString();
        try {
            es::writeFileAtomically(path, "x");
            QFAIL("wrote into a missing directory");
        } catch (const std::system_error& error) {
            QVERIFY2(QString(error.what())
                         .contains("cannot create " + QString::fromStdString(path) + ".tmp"),
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
