// Input files (engine/config/inputfile.h): only regular files are opened, refused at once
// otherwise (never waiting on a FIFO); a file is read to the size it had when opened, however it
// grows; and a file truncated while it is read is a ConfigError naming the file and the byte
// where it ended, for the .npy, CSV, .npz and .keras readers alike (issue 31, points 7 and 8:
// the .npy reader mapped the file, and a truncation during predict ended it with SIGBUS).

#include "engine/config/configerror.h"
#include "engine/config/inputfile.h"
#include "engine/config/inputzip.h"
#include "engine/data/csvtable.h"
#include "engine/data/npyfile.h"
#include "engine/keras/kerasarchive.h"
#include "tests/support/npybytes.h"
#include "tests/support/specialfiles.h"
#include "tests/support/ziprecords.h"

#include <QtCore/QTemporaryDir>
#include <QtTest/QtTest>

#include <atomic>
#include <chrono>
#include <cstring>
#include <functional>
#include <optional>
#include <stdexcept>
#include <thread>

#include <fcntl.h>
#include <unistd.h>

namespace {

using es::test::bytesOf;
using es::test::npyHeader;

// How long a refusal may take before the watchdog calls it a hang: opening a FIFO without a
// writer blocks forever, so anything that returns at all returns far sooner than this.
constexpr auto kHangAfter = std::chrono::seconds(10);

bool writeFile(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

bool appendFile(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    return file.open(QIODevice::Append) && file.write(bytes) == bytes.size();
}

bool truncateFile(const QString& path, qint64 size)
{
    return ::truncate(QFile::encodeName(path).constData(), static_cast<off_t>(size)) == 0;
}

/// The ConfigError `run` throws, or nullopt (the test fails) when it throws none.
template <typename Fn>
std::optional<es::ConfigError> configErrorOf(Fn&& run)
{
    try {
        run();
    } catch (const es::ConfigError& error) {
        return error;
    }
    return std::nullopt;
}

/// Opens the write end of `fifo` when the test has not finished within kHangAfter: a reader
/// blocked opening it then returns, and the test fails instead of hanging.
class FifoWatchdog {
public:
    explicit FifoWatchdog(const QString& fifo) : m_fifo(QFile::encodeName(fifo))
    {
        m_thread = std::thread([this] {
            const auto deadline = std::chrono::steady_clock::now() + kHangAfter;
            while (!m_done && std::chrono::steady_clock::now() < deadline)
                std::this_thread::sleep_for(std::chrono::milliseconds(20));
            if (m_done)
                return;
            m_fired = true;
            // Non-blocking: succeeds only while a reader waits, which is the hang to end.
            const int fd = ::open(m_fifo.constData(), O_WRONLY | O_NONBLOCK | O_CLOEXEC);
            if (fd >= 0)
                ::close(fd);
        });
    }
    ~FifoWatchdog()
    {
        m_done = true;
        m_thread.join();
    }
    FifoWatchdog(const FifoWatchdog&) = delete;
    FifoWatchdog& operator=(const FifoWatchdog&) = delete;

    bool fired() const { return m_fired; }

private:
    QByteArray m_fifo;
    std::atomic<bool> m_done{false};
    std::atomic<bool> m_fired{false};
    std::thread m_thread;
};

}  // namespace

class TestInputFile : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::vector<es::test::SpecialFile> m_special;

    QString path(const QString& name) const { return m_dir.filePath(name); }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_special = es::test::makeSpecialFiles(QDir(m_dir.path()));
        QVERIFY2(!m_special.empty(), "cannot make the FIFO, the socket or the links");
    }

    void refusesWhatIsNotARegularFile_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("kind");
        for (const es::test::SpecialFile& special : m_special)
            QTest::newRow(qPrintable(special.name)) << special.path << special.kind;
    }

    // Refused at once, naming the file and what it is; a FIFO without a writer is not waited on.
    void refusesWhatIsNotARegularFile()
    {
        QFETCH(QString, file);
        QFETCH(QString, kind);
        const FifoWatchdog watchdog(path("fifo"));
        const auto error = configErrorOf([&] { es::InputFile opened(file.toStdString()); });
        QVERIFY2(!watchdog.fired(), "opening blocked until the watchdog wrote to the FIFO");
        QVERIFY(error.has_value());
        QCOMPARE(QString::fromStdString(error->issues().front().path), file);
        const QString message = QString::fromStdString(error->issues().front().message);
        QVERIFY2(message.contains("is " + kind) && message.contains("not a regular file"),
                 qPrintable(message));
    }

    void missingFileSaysWhy()
    {
        const std::string missing = path("absent.json").toStdString();
        const auto plain = configErrorOf([&] { es::InputFile opened(missing); });
        QVERIFY(plain.has_value());
        QCOMPARE(QString::fromStdString(plain->issues().front().message),
                 QString("cannot open the file: No such file or directory"));
        // A reader's own words for it, with the system's reason filled in.
        const auto worded =
            configErrorOf([&] { es::InputFile opened(missing, "cannot open the CSV file: %1"); });
        QVERIFY(worded.has_value());
        QCOMPARE(QString::fromStdString(worded->issues().front().message),
                 QString("cannot open the CSV file: No such file or directory"));
    }

    void readsRegularFilesAndLinksToThem()
    {
        QVERIFY(writeFile(path("plain.txt"), "0123456789"));
        QVERIFY(QFile::link(path("plain.txt"), path("link-to-plain.txt")));
        for (const QString& name : {QString("plain.txt"), QString("link-to-plain.txt")}) {
            const es::InputFile file(path(name).toStdString());
            QCOMPARE(file.size(), std::uint64_t(10));
            QCOMPARE(QString::fromStdString(file.readAll()), QString("0123456789"));
            QCOMPARE(QString::fromStdString(file.readStart(4)), QString("0123"));
            QCOMPARE(QString::fromStdString(file.readStart(100)), QString("0123456789"));
            char middle[3] = {};
            file.readAt(4, middle, 3);
            QCOMPARE(QByteArray(middle, 3), QByteArray("456"));
            // Only the validated bytes exist for a reader: asking past them is a program's bug.
            QVERIFY_THROWS_EXCEPTION(std::logic_error, file.readAt(8, middle, 3));
        }
        // The descriptor is not inherited by programs the engine starts (O_CLOEXEC).
        const es::InputFile file(path("plain.txt").toStdString());
        QVERIFY((::fcntl(file.descriptor(), F_GETFD) & FD_CLOEXEC) != 0);
        QVERIFY((::fcntl(file.descriptor(), F_GETFL) & O_NONBLOCK) == 0);
    }

    // Guards point 7's cause: a read past where the file now ends is an error naming the
    // file and the byte, never a signal.
    void truncationWhileReadingNamesTheByte()
    {
        QVERIFY(writeFile(path("cut.bin"), QByteArray(1000, 'x')));
        const es::InputFile file(path("cut.bin").toStdString());
        std::vector<char> bytes(1000);
        file.readAt(0, bytes.data(), 100);
        QVERIFY(truncateFile(path("cut.bin"), 600));
        const auto error = configErrorOf([&] { file.readAt(100, bytes.data(), 900); });
        QVERIFY(error.has_value());
        QCOMPARE(QString::fromStdString(error->issues().front().path),
                 path("cut.bin") + "@byte 600");
        QCOMPARE(QString::fromStdString(error->issues().front().message),
                 QString("the file was truncated while it was read: got 600 of 1000 bytes"));
    }

    // Point 8's other half: a file that grows while it is read is read to its validated size.
    void growthWhileReadingIsNotRead()
    {
        QVERIFY(writeFile(path("growing.bin"), "first"));
        const es::InputFile file(path("growing.bin").toStdString());
        QVERIFY(appendFile(path("growing.bin"), QByteArray(4096, 'y')));
        QCOMPARE(file.size(), std::uint64_t(5));
        QCOMPARE(QString::fromStdString(file.readAll()), QString("first"));
    }

    void npyTruncatedAfterItsHeaderWasChecked_data()
    {
        QTest::addColumn<QByteArray>("descr");
        QTest::addColumn<int>("elementBytes");
        // float32 is read straight into the result, float64 converted chunk by chunk.
        QTest::newRow("float32, read as stored") << QByteArray("<f4") << 4;
        QTest::newRow("float64, converted") << QByteArray("<f8") << 8;
    }

    void npyTruncatedAfterItsHeaderWasChecked()
    {
        QFETCH(QByteArray, descr);
        QFETCH(int, elementBytes);
        const qint64 elements = 3 * 1000;
        const QByteArray header = npyHeader(descr, "(1000, 3)");
        const QString file = path("cut_" + QString::number(elementBytes) + ".npy");
        QVERIFY(writeFile(file, header + QByteArray(elements * elementBytes, '\0')));
        const es::NpyFileReader reader(file.toStdString());
        QCOMPARE(reader.info().elementCount, elements);
        const qint64 cut = header.size() + 100;
        QVERIFY(truncateFile(file, cut));
        const QString where = QString("%1@byte %2").arg(file).arg(cut);
        const QString what = QString("the file was truncated while it was read: got %1 of %2 bytes")
                                 .arg(cut)
                                 .arg(header.size() + elements * elementBytes);
        for (const auto& read : std::vector<std::function<void()>>{
                 [&] { reader.load(es::ElementKind::Float32); }, [&] { reader.scan(); }}) {
            const auto error = configErrorOf(read);
            QVERIFY(error.has_value());
            QCOMPARE(QString::fromStdString(error->issues().front().path), where);
            QCOMPARE(QString::fromStdString(error->issues().front().message), what);
        }
    }

    void npyLoadsWhatItsHeaderSays()
    {
        const std::vector<float> values = {1.5f, -2.0f, 3.25f, 0.0f, 7.0f, -8.5f};
        const QString file = path("small.npy");
        QVERIFY(writeFile(file, npyHeader("<f4", "(3, 2)") + bytesOf(values)));
        const es::NpyFileReader reader(file.toStdString());
        // What is appended after the header was checked is not part of the array.
        QVERIFY(appendFile(file, QByteArray(64, '\x7f')));
        const es::HostArray array = reader.load(es::ElementKind::Float32);
        QCOMPARE(array.shape, (std::vector<std::int64_t>{3, 2}));
        QCOMPARE(array.floats, values);
        const es::ArrayStats stats = reader.scan();
        QCOMPARE(stats.min, -8.5);
        QCOMPARE(stats.max, 7.0);
        QCOMPARE(stats.firstNonFiniteIndex, std::int64_t(-1));
    }

    void csvReadToTheSizeItHadWhenOpened()
    {
        const QString file = path("series.csv");
        QVERIFY(writeFile(file, "a,b\n1,2\n3,4\n"));
        const es::InputFile opened(file.toStdString());
        QVERIFY(appendFile(file, "5,6\n7,8\n"));
        const es::CsvTable table = es::readCsvFile(opened, {});
        QCOMPARE(table.rows, std::int64_t(2));
        QCOMPARE(table.values, (std::vector<float>{1, 2, 3, 4}));
    }

    void csvTruncatedWhileRead()
    {
        const QString file = path("cut.csv");
        QVERIFY(writeFile(file, "a,b\n1,2\n3,4\n"));
        const es::InputFile opened(file.toStdString());
        QVERIFY(truncateFile(file, 5));
        const auto error = configErrorOf([&] { es::readCsvFile(opened, {}); });
        QVERIFY(error.has_value());
        QCOMPARE(QString::fromStdString(error->issues().front().path), file + "@byte 5");
        QVERIFY(QString::fromStdString(error->issues().front().message)
                    .contains("truncated while it was read: got 5 of 12 bytes"));
    }

    // libzip reads archives out of the opened file, so a truncation there is the same error.
    void zipMemberTruncatedWhileRead()
    {
        const QString file = path("arrays.npz");
        const std::string data(200000, 'd');
        QVERIFY(writeZipRecords(file.toStdString(), {{"x.npy", data}, {"y.npy", "tail"}}));
        const es::InputFile opened(file.toStdString());
        const es::InputZip zip(opened, "cannot read as a zip archive: %1");
        QVERIFY(truncateFile(file, 1000));
        zip_file_t* member = zip_fopen(zip.get(), "x.npy", 0);
        QVERIFY(member != nullptr);
        std::string bytes(data.size(), '\0');
        const zip_int64_t got = zip_fread(member, bytes.data(), bytes.size());
        zip_fclose(member);
        QVERIFY(got < 0);
        const auto error = configErrorOf([&] { zip.rethrowReadError(); });
        QVERIFY(error.has_value());
        QCOMPARE(QString::fromStdString(error->issues().front().path), file + "@byte 1000");
        QVERIFY(QString::fromStdString(error->issues().front().message)
                    .contains("the file was truncated while it was read: got 1000 of"));
    }

    void kerasArchiveTruncatedAfterOpening()
    {
        const QString file = path("model.keras");
        QVERIFY(
            writeZipRecords(file.toStdString(), {{"config.json", std::string(50000, ' ') + "{}"},
                                                 {"model.weights.h5", std::string(100000, 'w')}}));
        const es::InputFile opened(file.toStdString());
        QVERIFY(truncateFile(file, 2000));
        const auto error = configErrorOf([&] { es::readKerasArchiveFile(opened); });
        QVERIFY(error.has_value());
        QVERIFY2(QString::fromStdString(error->issues().front().path).startsWith(file + "@byte "),
                 error->what());
        QVERIFY2(QString::fromStdString(error->issues().front().message)
                     .startsWith("the file was truncated while it was read: got "),
                 error->what());
    }
};

QTEST_GUILESS_MAIN(TestInputFile)
#include "tst_inputfile.moc"
