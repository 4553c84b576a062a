#include "engine/env/cpuinfo.h"

#include <QtTest>

// Recorded /proc/cpuinfo excerpts: the counts that matter are processors (logical) and
// distinct (physical id, core id) pairs (physical).
class TestCpuInfo : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void parse_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("logical");
        QTest::addColumn<int>("physical");
        QTest::addColumn<QString>("model");

        QTest::newRow("two cores, no SMT")
            << "processor\t: 0\nmodel name\t: AMD EPYC\nphysical id\t: 0\ncore id\t\t: 0\n\n"
               "processor\t: 1\nmodel name\t: AMD EPYC\nphysical id\t: 0\ncore id\t\t: 1\n"
            << 2 << 2 << "AMD EPYC";
        QTest::newRow("one core, two hyper-threads")
            << "processor : 0\nmodel name : Intel Xeon\nphysical id : 0\ncore id : 0\n\n"
               "processor : 1\nmodel name : Intel Xeon\nphysical id : 0\ncore id : 0\n"
            << 2 << 1 << "Intel Xeon";
        QTest::newRow("two sockets reuse core ids")
            << "processor : 0\nphysical id : 0\ncore id : 0\n\nprocessor : 1\nphysical id : 1\n"
               "core id : 0\n"
            << 2 << 2 << "";
        QTest::newRow("no core ids (some VMs): one core per processor")
            << "processor : 0\nmodel name : vCPU\n\nprocessor : 1\nmodel name : vCPU\n\n"
               "processor : 2\n"
            << 3 << 3 << "vCPU";
        QTest::newRow("empty") << "" << 0 << 0 << "";
    }

    void parse()
    {
        QFETCH(QString, text);
        QFETCH(int, logical);
        QFETCH(int, physical);
        QFETCH(QString, model);
        const auto topology = es::parseCpuInfo(text.toStdString());
        QCOMPARE(topology.logicalCores, logical);
        QCOMPARE(topology.physicalCores, physical);
        QCOMPARE(QString::fromStdString(topology.model), model);
    }

    void thisMachine()
    {
        const auto topology = es::readCpuTopology();
        QVERIFY(topology.logicalCores >= 1);
        QVERIFY(topology.physicalCores >= 1);
        QVERIFY(topology.physicalCores <= topology.logicalCores);
    }
};

QTEST_APPLESS_MAIN(TestCpuInfo)
#include "tst_cpuinfo.moc"
