// distributed.init: where the ranks of a distributed run meet (tcp://HOST:PORT or file:PATH),
// every accepted form and a table of refused ones, each refusal naming the field.
#include "engine/config/configerror.h"
#include "engine/config/rendezvous.h"

#include <QtTest/QtTest>

#include <string>

Q_DECLARE_METATYPE(std::string)

namespace {

const std::string kField = "distributed.init";

}  // namespace

class TestRendezvous : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void acceptedFormsRoundTrip_data()
    {
        QTest::addColumn<std::string>("text");
        QTest::addColumn<bool>("tcp");
        QTest::addColumn<std::string>("where");  // host or path
        QTest::addColumn<int>("port");
        QTest::addColumn<std::string>("written");
        QTest::newRow("host name")
            << std::string("tcp://node-1.cluster:29500") << true << std::string("node-1.cluster")
            << 29500 << std::string("tcp://node-1.cluster:29500");
        QTest::newRow("IPv4") << std::string("tcp://10.0.0.7:1") << true << std::string("10.0.0.7")
                              << 1 << std::string("tcp://10.0.0.7:1");
        QTest::newRow("IPv6 in brackets")
            << std::string("tcp://[::1]:65535") << true << std::string("::1") << 65535
            << std::string("tcp://[::1]:65535");
        QTest::newRow("file") << std::string("file:/shared/rdzv") << false
                              << std::string("/shared/rdzv") << 0
                              << std::string("file:/shared/rdzv");
        QTest::newRow("file URL") << std::string("file:///shared/rdzv") << false
                                  << std::string("/shared/rdzv") << 0
                                  << std::string("file:/shared/rdzv");
        QTest::newRow("relative file") << std::string("file:rdzv") << false << std::string("rdzv")
                                       << 0 << std::string("file:rdzv");
    }

    void acceptedFormsRoundTrip()
    {
        QFETCH(std::string, text);
        QFETCH(bool, tcp);
        QFETCH(std::string, where);
        QFETCH(int, port);
        QFETCH(std::string, written);
        const es::Rendezvous parsed = es::parseRendezvous(text, kField);
        QCOMPARE(parsed.kind == es::Rendezvous::Kind::Tcp, tcp);
        QCOMPARE(tcp ? parsed.host : parsed.path, where);
        QCOMPARE(int(parsed.port), port);
        QCOMPARE(es::rendezvousText(parsed), written);
        const es::Rendezvous again = es::parseRendezvous(es::rendezvousText(parsed), kField);
        QCOMPARE(es::rendezvousText(again), written);
    }

    void refusedFormsNameTheField_data()
    {
        QTest::addColumn<std::string>("text");
        QTest::addColumn<QString>("says");
        QTest::newRow("empty") << std::string() << "tcp://HOST:PORT or file:PATH";
        QTest::newRow("other scheme") << std::string("env://") << "tcp://HOST:PORT or file:PATH";
        QTest::newRow("upper-case scheme") << std::string("TCP://a:1") << "tcp://HOST:PORT";
        QTest::newRow("no port") << std::string("tcp://node") << "port is missing";
        QTest::newRow("empty port") << std::string("tcp://node:") << "not a number";
        QTest::newRow("port 0") << std::string("tcp://node:0") << "not a number from 1 to 65535";
        QTest::newRow("port too large") << std::string("tcp://node:65536") << "from 1 to 65535";
        QTest::newRow("port of 20 digits")
            << std::string("tcp://node:99999999999999999999") << "from 1 to 65535";
        QTest::newRow("negative port") << std::string("tcp://node:-1") << "not a number";
        QTest::newRow("port with a sign") << std::string("tcp://node:+80") << "not a number";
        QTest::newRow("port with a path") << std::string("tcp://node:80/x") << "not a number";
        QTest::newRow("no host") << std::string("tcp://:29500") << "host is missing";
        QTest::newRow("space in host") << std::string("tcp://no de:1") << "not a host name";
        QTest::newRow("IPv6 without brackets")
            << std::string("tcp://::1:29500") << "not a host name";
        QTest::newRow("unclosed bracket") << std::string("tcp://[::1:29500") << "\"]\"";
        QTest::newRow("empty brackets") << std::string("tcp://[]:1") << "IPv6";
        QTest::newRow("not IPv6 in brackets") << std::string("tcp://[node]:1") << "IPv6";
        QTest::newRow("brackets without port") << std::string("tcp://[::1]") << "port is missing";
        QTest::newRow("host name too long") << "tcp://" + std::string(300, 'a') + ":1"
                                            << "not a host name";
        QTest::newRow("NUL in host") << std::string("tcp://a\0b:1", 11) << "not a host name";
        QTest::newRow("no file") << std::string("file:") << "file is missing";
        QTest::newRow("file URL without path") << std::string("file://") << "file is missing";
        QTest::newRow("another machine's file")
            << std::string("file://server/rdzv") << "another machine";
        QTest::newRow("NUL in file") << std::string("file:/a\0b", 9) << "NUL";
    }

    void refusedFormsNameTheField()
    {
        QFETCH(std::string, text);
        QFETCH(QString, says);
        try {
            es::parseRendezvous(text, kField);
            QFAIL("accepted");
        } catch (const es::ConfigError& error) {
            QCOMPARE(error.issues().size(), std::size_t{1});
            QCOMPARE(error.issues().front().path, kField);
            const QString message = QString::fromStdString(error.issues().front().message);
            QVERIFY2(message.contains(says), qPrintable(message));
        }
    }
};

QTEST_GUILESS_MAIN(TestRendezvous)
#include "tst_rendezvous.moc"
