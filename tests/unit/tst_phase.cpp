#include "core/phase.h"
#include "core/records.h"

#include <QtTest>

#include <set>
#include <string>

class TestPhase : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void keysRoundTrip()
    {
        std::set<std::string> keys;
        for (es::Phase phase : es::kAllPhases) {
            const auto key = es::phaseKey(phase);
            keys.emplace(key);
            QCOMPARE(es::phaseFromKey(key), std::optional<es::Phase>(phase));
            QVERIFY(!es::phaseLabel(phase).empty());
        }
        QCOMPARE(keys.size(), es::kPhaseCount);
        QVERIFY(!es::phaseFromKey("warp_drive").has_value());
    }

    void otherIsLast()
    {
        // Summaries compute Other as "wall minus every phase before it".
        QCOMPARE(es::phaseIndex(es::Phase::Other), es::kPhaseCount - 1);
    }

    void terminalStates()
    {
        QVERIFY(es::isTerminal(es::RunState::Finished));
        QVERIFY(es::isTerminal(es::RunState::Stopped));
        QVERIFY(es::isTerminal(es::RunState::Failed));
        QVERIFY(!es::isTerminal(es::RunState::Paused));
        QVERIFY(!es::isTerminal(es::RunState::Stopping));
        QCOMPARE(std::string(es::runStateName(es::RunState::Stopped)), std::string("stopped"));
    }
};

QTEST_APPLESS_MAIN(TestPhase)
#include "tst_phase.moc"
