// The process group of a distributed run on c10d's Gloo backend: ranks met at a file or TCP
// store average and broadcast tensors, and a rank whose peers never come says where it waited.
#include "engine/distributed/processgroup_torch.h"

#include <QtCore/QTemporaryDir>
#include <QtTest/QtTest>

#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <exception>
#include <functional>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

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

    void aRankWhosePeersNeverComeSaysWhereItWaited()
    {
        es::ProcessGroupOptions options = fileOptions(m_dir, "alone", 0, 2);
        options.timeout = 1s;
        const auto started = std::chrono::steady_clock::now();
        try {
            es::ProcessGroup group(options);
            QFAIL("met a rank that does not exist");
        } catch (const es::DistributedError& error) {
            const QString message = QString::fromUtf8(error.what());
            QVERIFY2(message.contains("rank 0 of 2"), qPrintable(message));
            QVERIFY2(message.contains(QString::fromStdString(options.rendezvous.path)),
                     qPrintable(message));
            QVERIFY2(message.contains("distributed.timeout_s"), qPrintable(message));
        }
        // It gave up at its timeout, not at c10d's default of 30 minutes.
        QVERIFY(std::chrono::steady_clock::now() - started < 60s);
    }

    void aRankOutsideTheWorldIsRefused()
    {
        QVERIFY_THROWS_EXCEPTION(es::DistributedError,
                                 es::ProcessGroup(fileOptions(m_dir, "outside", 2, 2)));
        QVERIFY_THROWS_EXCEPTION(es::DistributedError,
                                 es::ProcessGroup(fileOptions(m_dir, "outside", -1, 2)));
    }
};

QTEST_GUILESS_MAIN(TestProcessGroup)
#include "tst_processgroup.moc"
