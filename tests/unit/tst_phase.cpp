#include "engine/core/phase.h"
#include "engine/core/records.h"

#include <QtTest>

#include <cmath>
#include <cstdint>
#include <set>
#include <string>

namespace {

/// WCAG 2.1 contrast ratio of an 0xRRGGBB colour against white.
double contrastOnWhite(std::uint32_t rgb)
{
    const auto linear = [](std::uint32_t channel) {
        const double c = channel / 255.0;
        return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
    };
    const double luminance = 0.2126 * linear((rgb >> 16) & 0xFF) +
                             0.7152 * linear((rgb >> 8) & 0xFF) + 0.0722 * linear(rgb & 0xFF);
    return (1.0 + 0.05) / (luminance + 0.05);
}

}  // namespace

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

    void listIsInIndexOrder()
    {
        // Stored columns, exports and charts take kAllPhases[i] as index i.
        for (std::size_t i = 0; i < es::kPhaseCount; ++i)
            QCOMPARE(es::phaseIndex(es::kAllPhases[i]), i);
    }

    void warmUpHasItsOwnKeyLabelAndColour()
    {
        QCOMPARE(std::string(es::phaseKey(es::Phase::WarmUp)), std::string("warm_up"));
        QCOMPARE(std::string(es::phaseLabel(es::Phase::WarmUp)), std::string("Warm-up"));
        QCOMPARE(es::phaseFromKey("warm_up"), std::optional<es::Phase>(es::Phase::WarmUp));
        std::set<std::uint32_t> colours;
        for (es::Phase phase : es::kAllPhases) {
            QVERIFY(es::phaseColour(phase) <= 0xFFFFFFu);
            colours.insert(es::phaseColour(phase));
        }
        QCOMPARE(colours.size(), es::kPhaseCount);
        // WCAG 2.1 (1.4.11) asks 3:1 of graphical marks against their background: white here.
        QVERIFY2(contrastOnWhite(es::phaseColour(es::Phase::WarmUp)) >= 3.0,
                 qPrintable(QString::number(contrastOnWhite(es::phaseColour(es::Phase::WarmUp)))));
    }

    void communicationHasItsOwnKeyLabelAndColour()
    {
        QCOMPARE(std::string(es::phaseKey(es::Phase::Communication)), std::string("communication"));
        QCOMPARE(std::string(es::phaseLabel(es::Phase::Communication)),
                 std::string("Communication"));
        QCOMPARE(es::phaseFromKey("communication"),
                 std::optional<es::Phase>(es::Phase::Communication));
        // Added before Other, so that the phases recorded before it keep their indices (the
        // run database's columns are named, the exports' order is this one).
        QCOMPARE(es::phaseIndex(es::Phase::Communication), es::phaseIndex(es::Phase::Other) - 1);
        QCOMPARE(es::phaseIndex(es::Phase::WarmUp), std::size_t(6));
        QVERIFY2(contrastOnWhite(es::phaseColour(es::Phase::Communication)) >= 3.0,
                 qPrintable(
                     QString::number(contrastOnWhite(es::phaseColour(es::Phase::Communication)))));
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
