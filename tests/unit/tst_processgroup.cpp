// The process group of a distributed run on c10d's Gloo backend: ranks met at a file or TCP
// store average and broadcast tensors, and a rank whose peers never come says where it waited
// and which ranks did not come. Issue 31's defects of the meeting, each a table: the TCP store
// listens on the address given only (3); a stranger's bytes at the store never hold up the
// meeting (4); the file rendezvous refuses whatever already lies at its path, links included,
// within the timeout (5); a stop request ends every wait of the meeting at once (6).
#include "engine/distributed/processgroup_torch.h"
#include "tests/support/testsuite.h"

#include <QtCore/QDir>
#include <QtCore/QFile>
#include <QtCore/QTemporaryDir>
#include <QtTest/QtTest>

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

Q_DECLARE_METATYPE(std::string)

namespace {

using namespace std::chrono_literals;

/// Runs `body(rank)` for every rank of a world of `worldSize`, each on a thread of its own, as
/// the ranks of a job would run in processes of their own. Returns the first error, if any.
std::string runRanks(int worldSize, const std::function<void(int)>& body)
{
    std::vector<std::string> errors(static_cast<std::size_t>(worldSize));
    std::vector<std::thread> ranks;
    for (int rank = 0; rank < worldSize; ++rank)
        ranks.emplace_back([&, rank] {
            try {
                body(rank);
            } catch (const std::exception& error) {
                errors[static_cast<std::size_t>(rank)] = error.what();
            }
        });
    for (std::thread& rank : ranks)
        rank.join();
    for (const std::string& error : errors)
        if (!error.empty())
            return error;
    return {};
}

/// A TCP port no one listens on now: the kernel's choice for a socket bound to port 0.
std::uint16_t freePort()
{
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof(address);
    ::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof(address));
    ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length);
    ::close(fd);
    return ntohs(address.sin_port);
}

/// Ranks on threads of their own that a test can wait for with a limit: a rank that hangs (the
/// defects of issue 31) fails the test instead of hanging it. The threads are detached and
/// share only what they own, so one left hanging touches nothing of a test that has ended.
class DetachedRanks {
public:
    /// Starts ranks 0 to `started` - 1 of a world of `worldSize`, each running `body(rank)`.
    DetachedRanks(int worldSize, int started, std::function<void(int)> body)
        : m_shared(std::make_shared<Shared>())
    {
        m_shared->errors.resize(static_cast<std::size_t>(worldSize));
        m_shared->body = std::move(body);
        for (int rank = 0; rank < started; ++rank)
            start(rank);
    }

    /// Starts rank `rank` (below the world size).
    void start(int rank)
    {
        std::thread([shared = m_shared, rank] {
            std::string error;
            try {
                shared->body(rank);
            } catch (const std::exception& caught) {
                error = caught.what();
                if (dynamic_cast<const es::DistributedStopped*>(&caught))
                    error = "stopped: " + error;
            }
            const std::lock_guard lock(shared->mutex);
            shared->errors[static_cast<std::size_t>(rank)] = error;
            ++shared->ended;
            shared->changed.notify_all();
        }).detach();
    }

    /// Waits until `count` ranks ended; false when `limit` passed first.
    bool awaitEnded(int count, std::chrono::seconds limit)
    {
        std::unique_lock lock(m_shared->mutex);
        return m_shared->changed.wait_for(lock, limit, [&] { return m_shared->ended >= count; });
    }

    std::string error(int rank)
    {
        const std::lock_guard lock(m_shared->mutex);
        return m_shared->errors[static_cast<std::size_t>(rank)];
    }

private:
    struct Shared {
        std::mutex mutex;
        std::condition_variable changed;
        int ended = 0;
        std::vector<std::string> errors;
        std::function<void(int)> body;
    };
    std::shared_ptr<Shared> m_shared;
};

/// An IPv4 address of this machine other than loopback, empty when it has none.
QString machineAddress()
{
    ifaddrs* addresses = nullptr;
    if (::getifaddrs(&addresses) != 0)
        return {};
    QString found;
    for (const ifaddrs* entry = addresses; entry != nullptr && found.isEmpty();
         entry = entry->ifa_next) {
        if (entry->ifa_addr == nullptr || entry->ifa_addr->sa_family != AF_INET ||
            (entry->ifa_flags & IFF_LOOPBACK) != 0 || (entry->ifa_flags & IFF_UP) == 0)
            continue;
        char text[INET_ADDRSTRLEN] = {};
        const auto* ipv4 = reinterpret_cast<const sockaddr_in*>(entry->ifa_addr);
        ::inet_ntop(AF_INET, &ipv4->sin_addr, text, sizeof text);
        found = QString::fromLatin1(text);
    }
    ::freeifaddrs(addresses);
    return found;
}

/// A connected socket to `address`:`port` (IPv4), -1 when no one listens there.
int connectTo(const QString& address, std::uint16_t port)
{
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in target{};
    target.sin_family = AF_INET;
    target.sin_port = htons(port);
    ::inet_pton(AF_INET, address.toLatin1().constData(), &target.sin_addr);
    if (::connect(fd, reinterpret_cast<sockaddr*>(&target), sizeof target) == 0)
        return fd;
    ::close(fd);
    return -1;
}

bool canConnect(const QString& address, std::uint16_t port)
{
    const int fd = connectTo(address, port);
    if (fd >= 0)
        ::close(fd);
    return fd >= 0;
}

/// Waits (at most `limit`) until something listens at `address`:`port`.
bool awaitListening(const QString& address, std::uint16_t port, std::chrono::seconds limit)
{
    const auto deadline = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < deadline) {
        if (canConnect(address, port))
            return true;
        std::this_thread::sleep_for(20ms);
    }
    return false;
}

es::ProcessGroupOptions tcpOptions(const QString& host, std::uint16_t port, int rank, int worldSize,
                                   std::chrono::seconds timeout)
{
    es::ProcessGroupOptions options;
    options.rendezvous.kind = es::Rendezvous::Kind::Tcp;
    options.rendezvous.host = host.toStdString();
    options.rendezvous.port = port;
    options.rank = rank;
    options.worldSize = worldSize;
    options.interface = "127.0.0.1";
    options.timeout = timeout;
    return options;
}

/// Meets, averages rank + 1 over the ranks and throws unless it got the mean.
void meetAndAverage(const es::ProcessGroupOptions& options)
{
    es::ProcessGroup group(options);
    std::vector<torch::Tensor> tensors{torch::full({1}, float(options.rank + 1))};
    group.allReduceMean(tensors);
    const float expected = float(options.worldSize + 1) / 2.0f;
    if (tensors[0].item<float>() != expected)
        throw std::runtime_error("the ranks met but did not average");
}

// The meeting's timeout in the tests of the defects: a rank that has not ended this long after
// it was due hangs.
constexpr std::chrono::seconds kHangSlack{30};

es::ProcessGroupOptions fileOptions(const QTemporaryDir& dir, const char* name, int rank,
                                    int worldSize)
{
    es::ProcessGroupOptions options;
    options.rendezvous.kind = es::Rendezvous::Kind::File;
    options.rendezvous.path = dir.filePath(QString::fromUtf8(name)).toStdString();
    options.rank = rank;
    options.worldSize = worldSize;
    options.timeout = 30s;
    return options;
}

}  // namespace

class TestProcessGroup : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    int m_planted = 0;

private Q_SLOTS:
    void allReduceAveragesOverTheRanks_data()
    {
        QTest::addColumn<int>("worldSize");
        QTest::newRow("2 ranks") << 2;
        QTest::newRow("3 ranks") << 3;
    }

    void allReduceAveragesOverTheRanks()
    {
        QFETCH(int, worldSize);
        const std::string name = "average-" + std::to_string(worldSize);
        std::vector<std::vector<float>> seen(static_cast<std::size_t>(worldSize));
        const std::string error = runRanks(worldSize, [&](int rank) {
            es::ProcessGroup group(fileOptions(m_dir, name.c_str(), rank, worldSize));
            if (group.rank() != rank || group.worldSize() != worldSize)
                throw std::runtime_error("the group does not know its rank or world");
            // Rank r holds r+1 everywhere, and a second tensor of another shape: 10(r+1).
            std::vector<torch::Tensor> tensors{torch::full({3}, float(rank + 1)),
                                               torch::full({2, 2}, 10.0f * float(rank + 1))};
            group.allReduceMean(tensors);
            seen[static_cast<std::size_t>(rank)] = {tensors[0][0].item<float>(),
                                                    tensors[0][2].item<float>(),
                                                    tensors[1][1][1].item<float>()};
        });
        QVERIFY2(error.empty(), error.c_str());
        const float mean = float(worldSize + 1) / 2.0f;  // of 1 .. worldSize
        for (const std::vector<float>& values : seen) {
            QCOMPARE(values[0], mean);
            QCOMPARE(values[1], mean);
            QCOMPARE(values[2], 10.0f * mean);
        }
    }

    void broadcastGivesEveryRankRankZerosValues()
    {
        std::vector<float> seen(2);
        const std::string error = runRanks(2, [&](int rank) {
            es::ProcessGroup group(fileOptions(m_dir, "broadcast", rank, 2));
            std::vector<torch::Tensor> weights{torch::full({4}, rank == 0 ? 7.0f : -1.0f)};
            group.broadcastFromRankZero(weights);
            group.barrier();
            seen[static_cast<std::size_t>(rank)] = weights[0].sum().item<float>();
        });
        QVERIFY2(error.empty(), error.c_str());
        QCOMPARE(seen[0], 28.0f);
        QCOMPARE(seen[1], 28.0f);
    }

    void ranksMeetAtATcpStore()
    {
        const std::uint16_t port = freePort();
        std::vector<float> seen(2);
        const std::string error = runRanks(2, [&](int rank) {
            es::ProcessGroupOptions options;
            options.rendezvous.kind = es::Rendezvous::Kind::Tcp;
            options.rendezvous.host = "127.0.0.1";
            options.rendezvous.port = port;
            options.rank = rank;
            options.worldSize = 2;
            options.interface = "127.0.0.1";
            options.timeout = 30s;
            es::ProcessGroup group(options);
            std::vector<torch::Tensor> tensors{torch::full({1}, rank == 0 ? 1.0f : 3.0f)};
            group.allReduceMean(tensors);
            seen[static_cast<std::size_t>(rank)] = tensors[0].item<float>();
        });
        QVERIFY2(error.empty(), error.c_str());
        QCOMPARE(seen[0], 2.0f);
        QCOMPARE(seen[1], 2.0f);
    }

    void aRankWhosePeersNeverComeSaysWhereItWaited_data()
    {
        QTest::addColumn<bool>("tcp");
        QTest::addColumn<int>("rank");
        QTest::addColumn<QString>("says");
        QTest::newRow("file, rank 0 waits for rank 1") << false << 0 << "rank 1 did not arrive";
        QTest::newRow("file, rank 1 waits for the file") << false << 1 << "did not appear";
        QTest::newRow("tcp, rank 0 waits for rank 1") << true << 0 << "rank 1 did not arrive";
        QTest::newRow("tcp, rank 1 waits for rank 0's store") << true << 1 << "nothing answered";
    }

    void aRankWhosePeersNeverComeSaysWhereItWaited()
    {
        QFETCH(bool, tcp);
        QFETCH(int, rank);
        QFETCH(QString, says);
        const std::string name = "alone-" + std::to_string(rank);
        es::ProcessGroupOptions options = tcp ? tcpOptions("127.0.0.1", freePort(), rank, 2, 1s)
                                              : fileOptions(m_dir, name.c_str(), rank, 2);
        options.timeout = 1s;
        const QString where = tcp ? "127.0.0.1:" + QString::number(options.rendezvous.port)
                                  : QString::fromStdString(options.rendezvous.path);
        const auto started = std::chrono::steady_clock::now();
        try {
            es::ProcessGroup group(options);
            QFAIL("met a rank that does not exist");
        } catch (const es::DistributedError& error) {
            const QString message = QString::fromUtf8(error.what());
            QVERIFY2(message.contains(QString("rank %1 of 2").arg(rank)), qPrintable(message));
            QVERIFY2(message.contains(where), qPrintable(message));
            QVERIFY2(message.contains(says), qPrintable(message));
            QVERIFY2(message.contains("within 1 s"), qPrintable(message));
            QVERIFY2(message.contains("distributed.timeout_s"), qPrintable(message));
        }
        // It gave up at its timeout, not at c10d's default of 30 minutes.
        QVERIFY(std::chrono::steady_clock::now() - started < 60s);
    }

    /// Issue 31, defect 3: c10d's TCPStore listened on every interface whatever --master
    /// said. The store listens on the address given only: the other address of this machine
    /// refuses a connection while rank 0 waits at the meeting.
    void aTcpMeetingListensOnTheAddressGivenOnly_data()
    {
        QTest::addColumn<QString>("given");
        QTest::addColumn<QString>("other");
        const QString machine = machineAddress();
        QTest::newRow("loopback given, the machine's address refused") << "127.0.0.1" << machine;
        QTest::newRow("the machine's address given, loopback refused") << machine << "127.0.0.1";
    }

    void aTcpMeetingListensOnTheAddressGivenOnly()
    {
        QFETCH(QString, given);
        QFETCH(QString, other);
        if (given.isEmpty() || other.isEmpty())
            QSKIP("this machine has no IPv4 address but loopback");
        const std::uint16_t port = freePort();
        const es::ProcessGroupOptions options = tcpOptions(given, port, 0, 2, 5s);
        DetachedRanks ranks(2, 1, [options](int) { es::ProcessGroup group(options); });
        QVERIFY2(awaitListening(given, port, 30s), "rank 0 never listened at the address given");
        QVERIFY2(!canConnect(other, port),
                 qPrintable("the store also listens at " + other + ":" + QString::number(port)));
        QVERIFY(ranks.awaitEnded(1, 5s + kHangSlack));
        QVERIFY2(ranks.error(0).find("rank 1 did not arrive") != std::string::npos,
                 ranks.error(0).c_str());
    }

    /// Issue 31, defect 4: a client that connected to c10d's TCPStore and sent part of a
    /// message hung every rank. Each stranger, connected before rank 1 comes and kept open,
    /// changes nothing: the two ranks meet and average within the timeout.
    void aStrangerAtTheStoreNeverHoldsUpTheMeeting_data()
    {
        QTest::addColumn<QByteArray>("sent");
        // The store's hello, as the wire format fixes it: its magic and version 1.0.
        const QByteArray hello("ESRDZV\x01\x00", 8);
        QTest::newRow("connected, sends nothing") << QByteArray();
        QTest::newRow("one byte") << QByteArray("E");
        QTest::newRow("an HTTP request") << QByteArray("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
        QTest::newRow("a garbage header") << QByteArray("\xff\x00\x13\x37garbage", 11);
        QTest::newRow("another version's hello") << QByteArray("ESRDZV\x02\x00", 8);
        QTest::newRow("the hello, then a truncated frame") << hello + QByteArray(
                                                                          "\x01\x00\x00\x00\x40"
                                                                          "abc",
                                                                          8);
        QTest::newRow("the hello, then a length beyond any frame")
            << hello + QByteArray("\x01\xff\xff\xff\xff", 5);
        QTest::newRow("the hello, then an unknown request")
            << hello + QByteArray("\x63\x00\x00\x00\x00", 5);
        QTest::newRow("the hello, then a key longer than any")
            << hello + QByteArray("\x02\x00\x00\x10\x05\x00\x00\x10\x01", 9) +
                   QByteArray(4097, 'k');
    }

    void aStrangerAtTheStoreNeverHoldsUpTheMeeting()
    {
        QFETCH(QByteArray, sent);
        const std::uint16_t port = freePort();
        constexpr auto kTimeout = 10s;
        DetachedRanks ranks(2, 1, [port, kTimeout](int rank) {
            meetAndAverage(tcpOptions("127.0.0.1", port, rank, 2, kTimeout));
        });
        QVERIFY2(awaitListening("127.0.0.1", port, 30s), "rank 0 never listened");
        const int stranger = connectTo("127.0.0.1", port);
        QVERIFY(stranger >= 0);
        QCOMPARE(::send(stranger, sent.constData(), std::size_t(sent.size()), MSG_NOSIGNAL),
                 ssize_t(sent.size()));
        ranks.start(1);
        const bool ended = ranks.awaitEnded(2, kTimeout + kHangSlack);
        ::close(stranger);
        QVERIFY2(ended, "the ranks hang behind the stranger");
        QVERIFY2(ranks.error(0).empty(), ranks.error(0).c_str());
        QVERIFY2(ranks.error(1).empty(), ranks.error(1).c_str());
    }

    /// Issue 31, defect 5: c10d's FileStore used whatever lay at its path, hanging on garbage
    /// and appending to a link's target. Whatever lies there before the run, in a folder every
    /// user may write to, is refused by both ranks within the timeout, rank 0 naming the path
    /// and saying to remove it; a link's target is left as it was.
    void aFileMeetingRefusesWhatAlreadyLiesAtItsPath_data()
    {
        QTest::addColumn<QString>("planted");
        for (const char* kind : {"an empty file", "garbage", "a symlink to a file",
                                 "a symlink to nothing", "a directory", "a named pipe"})
            QTest::newRow(kind) << QString::fromLatin1(kind);
    }

    void aFileMeetingRefusesWhatAlreadyLiesAtItsPath()
    {
        QFETCH(QString, planted);
        QDir shared(m_dir.filePath("shared-" + QString::number(++m_planted)));
        QVERIFY(shared.mkpath("."));
        QVERIFY(::chmod(shared.path().toLocal8Bit().constData(), 0777) == 0);
        const QString path = shared.filePath("rdzv");
        const QString target = shared.filePath("target");
        const QByteArray precious = "a file the meeting must not touch\n";
        const QByteArray local = path.toLocal8Bit();
        if (planted == "an empty file" || planted == "garbage") {
            QFile file(path);
            QVERIFY(file.open(QIODevice::WriteOnly));
            if (planted == "garbage")
                file.write("\x13garbage that no store wrote\xff");
            file.close();
            QVERIFY(::chmod(local.constData(), 0600) == 0);
        } else if (planted == "a symlink to a file") {
            QFile file(target);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(precious);
            file.close();
            QVERIFY(QFile::link(target, path));
        } else if (planted == "a symlink to nothing") {
            QVERIFY(QFile::link(target, path));
        } else if (planted == "a directory") {
            QVERIFY(shared.mkdir("rdzv"));
        } else {
            QVERIFY(::mkfifo(local.constData(), 0600) == 0);
        }

        constexpr auto kTimeout = 3s;
        const std::string file = path.toStdString();
        DetachedRanks ranks(2, 2, [file, kTimeout](int rank) {
            es::ProcessGroupOptions options;
            options.rendezvous.kind = es::Rendezvous::Kind::File;
            options.rendezvous.path = file;
            options.rank = rank;
            options.worldSize = 2;
            options.timeout = kTimeout;
            meetAndAverage(options);
        });
        QVERIFY2(ranks.awaitEnded(2, kTimeout + kHangSlack), "the ranks hang at the file");
        const QString refusal = QString::fromStdString(ranks.error(0));
        QVERIFY2(refusal.contains(path) && refusal.contains("remove"), qPrintable(refusal));
        QVERIFY2(!ranks.error(1).empty(), "rank 1 met at what was planted");
        if (planted == "a symlink to a file") {
            QFile file(target);
            QVERIFY(file.open(QIODevice::ReadOnly));
            QCOMPARE(file.readAll(), precious);
        }
        if (planted == "a symlink to nothing")
            QVERIFY2(!QFileInfo::exists(target), "the meeting created the link's target");
        // What was planted is the user's to remove: still there.
        QVERIFY(QFileInfo(path).isSymLink() || QFileInfo::exists(path));
    }

    /// Ranks start in any order: the one that comes before rank 0 created the file waits for
    /// it. Once they met, rank 0 removes the file, so that the next run can meet there.
    void aFileMeetingWorksWhicheverRankComesFirst_data()
    {
        QTest::addColumn<int>("first");
        QTest::newRow("rank 0 first") << 0;
        QTest::newRow("rank 1 first") << 1;
    }

    void aFileMeetingWorksWhicheverRankComesFirst()
    {
        QFETCH(int, first);
        const std::string path = m_dir.filePath(QString("order-%1").arg(first)).toStdString();
        const auto body = [path](int rank) {
            es::ProcessGroupOptions options;
            options.rendezvous.kind = es::Rendezvous::Kind::File;
            options.rendezvous.path = path;
            options.rank = rank;
            options.worldSize = 2;
            options.timeout = 20s;
            meetAndAverage(options);
        };
        DetachedRanks ranks(2, 0, body);
        // The rank that comes first is started first; the other, a moment later.
        ranks.start(first);
        std::this_thread::sleep_for(300ms);
        ranks.start(1 - first);
        QVERIFY2(ranks.awaitEnded(2, 20s + kHangSlack), "the ranks hang");
        QVERIFY2(ranks.error(0).empty(), ranks.error(0).c_str());
        QVERIFY2(ranks.error(1).empty(), ranks.error(1).c_str());
        QVERIFY2(!QFileInfo::exists(QString::fromStdString(path)), "the file was left behind");
    }

    /// Issue 31, defect 6 (the engine's side; tst_distributedcli checks the exit status): a
    /// stop request ends every wait of the meeting at once, long before its timeout.
    void aStopRequestEndsTheMeetingAtOnce_data()
    {
        QTest::addColumn<bool>("tcp");
        QTest::addColumn<int>("rank");
        QTest::newRow("tcp, rank 0 waits for rank 1") << true << 0;
        QTest::newRow("tcp, rank 1 waits for rank 0's store") << true << 1;
        QTest::newRow("file, rank 0 waits for rank 1") << false << 0;
        QTest::newRow("file, rank 1 waits for the file") << false << 1;
    }

    void aStopRequestEndsTheMeetingAtOnce()
    {
        QFETCH(bool, tcp);
        QFETCH(int, rank);
        // Far longer than the test waits: an ending at the timeout fails it.
        constexpr auto kTimeout = 300s;
        es::ProcessGroupOptions options =
            tcp ? tcpOptions("127.0.0.1", freePort(), rank, 2, kTimeout)
                : fileOptions(m_dir, rank == 0 ? "stopped-0" : "stopped-1", rank, 2);
        options.timeout = kTimeout;
        const auto stop = std::make_shared<std::atomic<bool>>(false);
        options.stopRequested = [stop] { return stop->load(); };
        DetachedRanks ranks(1, 0, [options](int) { es::ProcessGroup group(options); });
        ranks.start(0);
        std::this_thread::sleep_for(500ms);
        *stop = true;
        QVERIFY2(ranks.awaitEnded(1, kHangSlack), "the stop request did not end the meeting");
        QVERIFY2(
            ranks.error(0).find("stopped: rank " + std::to_string(rank) + " of 2 stopped") == 0,
            ranks.error(0).c_str());
    }

    void aRankOutsideTheWorldIsRefused()
    {
        QVERIFY_THROWS_EXCEPTION(es::DistributedError,
                                 es::ProcessGroup(fileOptions(m_dir, "outside", 2, 2)));
        QVERIFY_THROWS_EXCEPTION(es::DistributedError,
                                 es::ProcessGroup(fileOptions(m_dir, "outside", -1, 2)));
    }
};

EPOCHSCOPE_TEST_GUILESS_MAIN(TestProcessGroup)
#include "tst_processgroup.moc"
