// The ranks' meeting point without LibTorch (engine/distributed/): the TCP store's server and
// client (every operation c10d's Store needs; a stranger's bytes refused at the first byte that
// cannot be ours, or dropped at the connection's deadline, while other clients are served; the
// bounds on keys and frames; the address it listens on; a peer that is not our store refused;
// a stop request ending a wait), and the rendezvous file (the same operations across two
// ranks; what a joining rank refuses at the path; the creator's file removed when it leaves).
#include "engine/distributed/keyvaluestore.h"
#include "engine/distributed/rendezvousfile.h"
#include "engine/distributed/storeclient.h"
#include "engine/distributed/storeprotocol.h"
#include "engine/distributed/storeserver.h"

#include <QtCore/QDir>
#include <QtCore/QFile>
#include <QtCore/QTemporaryDir>
#include <QtTest/QtTest>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <future>
#include <string>
#include <thread>

Q_DECLARE_METATYPE(std::string)

namespace {

using namespace std::chrono_literals;

// A wait that has not ended this long after it was due hangs.
constexpr auto kSlack = 20s;

es::StoreServerOptions serverOptions(std::chrono::milliseconds incompleteTimeout = 2s)
{
    es::StoreServerOptions options;
    options.host = "127.0.0.1";
    options.port = 0;
    options.incompleteTimeout = incompleteTimeout;
    return options;
}

es::StoreClientOptions clientOptions(std::uint16_t port, std::chrono::milliseconds timeout = 5s)
{
    es::StoreClientOptions options;
    options.host = "127.0.0.1";
    options.port = port;
    options.timeout = timeout;
    return options;
}

/// A plain socket connected to the loopback port, -1 when none listens there.
int connectLoopback(std::uint16_t port)
{
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in target{};
    target.sin_family = AF_INET;
    target.sin_port = htons(port);
    target.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd, reinterpret_cast<sockaddr*>(&target), sizeof target) == 0)
        return fd;
    ::close(fd);
    return -1;
}

/// Whether the peer closed `fd` within `limit` (it read end of file or a reset), reading and
/// dropping what the peer sent first.
bool closedByPeer(int fd, std::chrono::seconds limit)
{
    timeval wait{};
    wait.tv_sec = static_cast<time_t>(limit.count());
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, sizeof wait);
    char buffer[256];
    for (;;) {
        const ssize_t got = ::recv(fd, buffer, sizeof buffer, 0);
        if (got == 0 || (got < 0 && errno == ECONNRESET))
            return true;
        if (got < 0)
            return false;  // the time ran out
    }
}

QByteArray hello()
{
    return QByteArray(es::kStoreHello.data(), int(es::kStoreHello.size()));
}

void writeFile(const QString& path, const QByteArray& bytes, QFile::Permissions permissions)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(bytes);
    file.close();
    QVERIFY(file.setPermissions(permissions));
}

}  // namespace

class TestRendezvousStore : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    int m_paths = 0;

    QString freshPath() { return m_dir.filePath("rdzv-" + QString::number(++m_paths)); }

private Q_SLOTS:
    void tcpStoreServesEveryOperation()
    {
        es::StoreServer server(serverOptions());
        es::StoreClient first(clientOptions(server.port()));
        es::StoreClient second(clientOptions(server.port()));
        first.set("key", std::string("a\0b", 3));
        QCOMPARE(second.get("key"), std::optional<std::string>(std::string("a\0b", 3)));
        QCOMPARE(second.get("absent"), std::optional<std::string>());
        QCOMPARE(first.add("counter", 3), std::int64_t(3));
        QCOMPARE(second.add("counter", -5), std::int64_t(-2));
        QCOMPARE(first.compareSet("swap", "", "one"), std::string("one"));
        QCOMPARE(first.compareSet("swap", "wrong", "two"), std::string("one"));
        QCOMPARE(second.compareSet("swap", "one", "two"), std::string("two"));
        QCOMPARE(first.compareSet("never", "expected", "x"), std::string("expected"));
        QCOMPARE(first.check({"key", "absent", "swap"}), (std::vector<bool>{true, false, true}));
        QCOMPARE(first.keyCount(), std::int64_t(3));
        QVERIFY(second.remove("key"));
        QVERIFY(!second.remove("key"));
        QCOMPARE(first.keyCount(), std::int64_t(2));
        QVERIFY_THROWS_EXCEPTION(es::RendezvousError, first.add("swap", 1));
        QCOMPARE(QString::fromStdString(first.where()),
                 "tcp://127.0.0.1:" + QString::number(server.port()));
    }

    void theServerListensOnTheAddressGiven()
    {
        es::StoreServer server(serverOptions());
        QCOMPARE(QString::fromStdString(server.address()),
                 "127.0.0.1:" + QString::number(server.port()));
    }

    void theServerRefusesAPortTakenOrAnAddressNotOurs_data()
    {
        QTest::addColumn<QString>("host");
        QTest::addColumn<bool>("taken");
        QTest::addColumn<QString>("says");
        QTest::newRow("port taken") << "127.0.0.1" << true << "another program holds the port";
        // TEST-NET-1 (RFC 5737): never an address of this machine.
        QTest::newRow("not this machine's")
            << "192.0.2.254" << false << "is not an address of this machine";
    }

    void theServerRefusesAPortTakenOrAnAddressNotOurs()
    {
        QFETCH(QString, host);
        QFETCH(bool, taken);
        QFETCH(QString, says);
        es::StoreServer holder(serverOptions());
        es::StoreServerOptions options = serverOptions();
        options.host = host.toStdString();
        options.port = taken ? holder.port() : 0;
        try {
            es::StoreServer server(options);
            QFAIL("listened");
        } catch (const es::RendezvousError& error) {
            const QString message = QString::fromUtf8(error.what());
            QVERIFY2(message.contains(host) && message.contains(says), qPrintable(message));
        }
    }

    /// Bytes no client of ours sends are refused at once; a connection that stops half-way is
    /// dropped at its deadline; meanwhile another client is served all along.
    void aStrangerIsDroppedWithoutHoldingUpTheOthers_data()
    {
        QTest::addColumn<QByteArray>("sent");
        QTest::addColumn<bool>("refusedAtOnce");
        QTest::newRow("connected, sends nothing") << QByteArray() << false;
        QTest::newRow("one byte of the hello") << QByteArray("E") << false;
        QTest::newRow("a garbage header") << QByteArray("\xff\x00garbage", 9) << true;
        QTest::newRow("an HTTP request") << QByteArray("GET / HTTP/1.1\r\n\r\n") << true;
        QTest::newRow("another major version") << QByteArray("ESRDZV\x02\x00", 8) << true;
        QTest::newRow("the hello, then half a frame")
            << hello() + QByteArray("\x01\x00\x00\x00\x40half", 9) << false;
        QTest::newRow("the hello, then a length beyond any frame")
            << hello() + QByteArray("\x01\xff\xff\xff\xff", 5) << true;
        QTest::newRow("the hello, then an unknown request")
            << hello() + QByteArray("\x63\x00\x00\x00\x00", 5) << true;
        QTest::newRow("the hello, then a body too short for its fields")
            << hello() + QByteArray("\x02\x00\x00\x00\x03\x00\x00\x00", 8) << true;
        QTest::newRow("the hello, then a key beyond the bound")
            << hello() + QByteArray("\x02\x00\x00\x10\x05\x00\x00\x10\x01", 9) +
                   QByteArray(4097, 'k')
            << true;
    }

    void aStrangerIsDroppedWithoutHoldingUpTheOthers()
    {
        QFETCH(QByteArray, sent);
        QFETCH(bool, refusedAtOnce);
        // Dropped at once means before the connection's deadline, which is far away here.
        const auto deadline = refusedAtOnce ? 60s : 2s;
        es::StoreServer server(serverOptions(deadline));
        const int stranger = connectLoopback(server.port());
        QVERIFY(stranger >= 0);
        QCOMPARE(::send(stranger, sent.constData(), std::size_t(sent.size()), MSG_NOSIGNAL),
                 ssize_t(sent.size()));
        es::StoreClient client(clientOptions(server.port()));
        client.set("served", "yes");
        QCOMPARE(client.get("served"), std::optional<std::string>("yes"));
        const bool closed = closedByPeer(stranger, refusedAtOnce ? 10s : 2s + kSlack);
        ::close(stranger);
        QVERIFY2(closed, "the server kept the stranger's connection");
        // Still served after the stranger went.
        QCOMPARE(client.add("after", 1), std::int64_t(1));
    }

    void theClientRefusesWhatIsBeyondTheBounds()
    {
        es::StoreServer server(serverOptions());
        es::StoreClient client(clientOptions(server.port()));
        QVERIFY_THROWS_EXCEPTION(es::RendezvousError,
                                 client.set(std::string(es::kMaxStoreKeyBytes + 1, 'k'), "v"));
        QVERIFY_THROWS_EXCEPTION(es::RendezvousError,
                                 client.set("k", std::string(es::kMaxStoreValueBytes + 1, 'v')));
        client.set(std::string(es::kMaxStoreKeyBytes, 'k'), "fits");
        QCOMPARE(client.keyCount(), std::int64_t(1));
    }

    /// A peer that is not our store (another program on the port, or a silent one) is refused
    /// within the timeout, naming the address.
    void theClientRefusesAPeerThatIsNotOurStore_data()
    {
        QTest::addColumn<QByteArray>("answer");
        QTest::addColumn<QString>("says");
        QTest::newRow("another program answers")
            << QByteArray("HTTP/1.0 400 Bad\r\n\r\n") << "not the rendezvous store";
        QTest::newRow("it accepts and says nothing") << QByteArray() << "did not answer within";
    }

    void theClientRefusesAPeerThatIsNotOurStore()
    {
        QFETCH(QByteArray, answer);
        QFETCH(QString, says);
        const int listener = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t length = sizeof address;
        QVERIFY(::bind(listener, reinterpret_cast<sockaddr*>(&address), length) == 0);
        QVERIFY(::listen(listener, 4) == 0);
        QVERIFY(::getsockname(listener, reinterpret_cast<sockaddr*>(&address), &length) == 0);
        const std::uint16_t port = ntohs(address.sin_port);
        auto peer = std::async(std::launch::async, [listener, answer] {
            const int fd = ::accept(listener, nullptr, nullptr);
            if (!answer.isEmpty())
                ::send(fd, answer.constData(), std::size_t(answer.size()), MSG_NOSIGNAL);
            return fd;
        });
        const auto started = std::chrono::steady_clock::now();
        try {
            es::StoreClient client(clientOptions(port, 1s));
            QFAIL("took another program for the store");
        } catch (const es::RendezvousError& error) {
            const QString message = QString::fromUtf8(error.what());
            QVERIFY2(
                message.contains("127.0.0.1:" + QString::number(port)) && message.contains(says),
                qPrintable(message));
        }
        QVERIFY(std::chrono::steady_clock::now() - started < 1s + kSlack);
        ::close(peer.get());
        ::close(listener);
    }

    /// A stop request ends a wait at once: connecting to a store that is not there yet, and
    /// awaiting a key no one sets, both with a timeout far beyond the test.
    void aStopRequestEndsAWait_data()
    {
        QTest::addColumn<bool>("connecting");
        QTest::newRow("connecting to a store not there yet") << true;
        QTest::newRow("awaiting a key") << false;
    }

    void aStopRequestEndsAWait()
    {
        QFETCH(bool, connecting);
        es::StoreServer server(serverOptions());
        std::atomic<bool> stop{false};
        const es::StopRequest stopRequest = [&stop] { return stop.load(); };
        // A port where nothing listens: the server's, once another server has given it up.
        std::uint16_t unused = 0;
        {
            es::StoreServer gone(serverOptions());
            unused = gone.port();
        }
        auto waiting = std::async(std::launch::async, [&] {
            try {
                es::StoreClientOptions options =
                    clientOptions(connecting ? unused : server.port(), 300s);
                options.stop = stopRequest;
                es::StoreClient client(options);
                es::awaitKeys(client, {"never"}, std::chrono::steady_clock::now() + 300s,
                              stopRequest);
                return std::string("the wait ended without a stop");
            } catch (const es::StopRequested&) {
                return std::string();
            } catch (const std::exception& error) {
                return std::string(error.what());
            }
        });
        std::this_thread::sleep_for(300ms);
        stop = true;
        QVERIFY2(waiting.wait_for(kSlack) == std::future_status::ready, "the stop was not heard");
        QCOMPARE(waiting.get(), std::string());
    }

    void fileStoreServesEveryOperationAcrossRanks()
    {
        const QString path = freshPath();
        es::RendezvousFileOptions options;
        options.path = path.toStdString();
        options.create = true;
        options.timeout = 5s;
        {
            es::RendezvousFile creator(options);
            options.create = false;
            es::RendezvousFile joiner(options);
            creator.set("key", "value");
            QCOMPARE(joiner.get("key"), std::optional<std::string>("value"));
            QCOMPARE(joiner.add("counter", 2), std::int64_t(2));
            QCOMPARE(creator.add("counter", 2), std::int64_t(4));
            QCOMPARE(creator.compareSet("swap", "", "one"), std::string("one"));
            QCOMPARE(joiner.compareSet("swap", "one", "two"), std::string("two"));
            QCOMPARE(joiner.check({"key", "absent"}), (std::vector<bool>{true, false}));
            QVERIFY(joiner.remove("key"));
            QCOMPARE(creator.keyCount(), std::int64_t(2));
            QCOMPARE(QFileInfo(path).permissions() & (QFile::ReadGroup | QFile::WriteGroup |
                                                      QFile::ReadOther | QFile::WriteOther),
                     QFile::Permissions());
        }
        QVERIFY2(!QFileInfo::exists(path), "the creator left the file behind");
    }

    /// What a rank that joins refuses at the path, at once, each naming the path and saying to
    /// remove it; a path that stays empty is waited for to the timeout only.
    void aJoiningRankRefusesWhatIsNotOurFile_data()
    {
        QTest::addColumn<QString>("planted");
        QTest::addColumn<QString>("says");
        QTest::newRow("garbage") << "garbage"
                                 << "not an EpochScope rendezvous file";
        QTest::newRow("a symlink to our file") << "symlink"
                                               << "a symbolic link";
        QTest::newRow("a directory") << "directory"
                                     << "a directory";
        QTest::newRow("a named pipe") << "fifo"
                                      << "a named pipe";
        QTest::newRow("writable by others") << "writable"
                                            << "can be written by other users";
        QTest::newRow("our header, then damaged records") << "damaged"
                                                          << "damaged";
        QTest::newRow("an empty file no rank 0 writes") << "empty"
                                                        << "stayed empty";
    }

    void aJoiningRankRefusesWhatIsNotOurFile()
    {
        QFETCH(QString, planted);
        QFETCH(QString, says);
        const QString path = freshPath();
        const QFile::Permissions mine = QFile::ReadOwner | QFile::WriteOwner;
        // A real rendezvous file, made by a creator kept alive, for the link to point to.
        es::RendezvousFileOptions creatorOptions;
        creatorOptions.path = (path + "-real").toStdString();
        creatorOptions.create = true;
        es::RendezvousFile real(creatorOptions);
        if (planted == "garbage")
            writeFile(path, "garbage, not a store", mine);
        else if (planted == "symlink")
            QVERIFY(QFile::link(path + "-real", path));
        else if (planted == "directory")
            QVERIFY(QDir().mkdir(path));
        else if (planted == "fifo")
            QVERIFY(::mkfifo(path.toLocal8Bit().constData(), 0600) == 0);
        else if (planted == "writable")
            writeFile(path, "", mine | QFile::WriteOther);
        else if (planted == "damaged")
            writeFile(path, QByteArray("ESRDZVF\x01\x01\x00\x00\x7f", 12), mine);
        else
            writeFile(path, "", mine);
        es::RendezvousFileOptions options;
        options.path = path.toStdString();
        options.timeout = 1s;
        const auto started = std::chrono::steady_clock::now();
        try {
            es::RendezvousFile joiner(options);
            joiner.keyCount();
            QFAIL("joined");
        } catch (const es::RendezvousError& error) {
            const QString message = QString::fromUtf8(error.what());
            QVERIFY2(message.contains(path) && message.contains(says), qPrintable(message));
        }
        QVERIFY(std::chrono::steady_clock::now() - started < 1s + kSlack);
    }
};

QTEST_GUILESS_MAIN(TestRendezvousStore)
#include "tst_rendezvousstore.moc"
