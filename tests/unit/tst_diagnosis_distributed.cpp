// The distributed rules (communication-bound, straggler-rank) and the numbers the summary
// shows for a distributed run (rankstats.h), on made-up runs of two or more ranks: each rule
// finds its cause with the measured numbers and stays quiet when the cause is absent, below
// its threshold, or the evidence is too thin or malformed to show it.
#include "engine/config/presets.h"
#include "engine/config/runconfig.h"
#include "engine/diagnosis/rules.h"
#include "engine/summary/rankstats.h"
#include "tests/support/evidencebuilder.h"
#include "tests/support/textcontains.h"

#include <QtTest/QtTest>

#include <cmath>
#include <optional>
#include <string>
#include <vector>

using es::Finding;
using es::RunEvidence;
using es::Severity;
using es::test::contains;
using es::test::StepPhases;

Q_DECLARE_METATYPE(std::optional<Severity>)
Q_DECLARE_METATYPE(nlohmann::json)

namespace {

constexpr double kMiB = 1024.0 * 1024.0;

using es::test::ExtraBusy;

/// makeDistributedEvidence() with a full valid config (quick-demo's), for checking patches.
RunEvidence distributedRun(
    int ranks, int hosts, double communicationMs, std::int64_t bytes,
    const ExtraBusy& extraBusy = [](int, int, int) { return 0.0; }, int epochs = 3,
    int stepsPerEpoch = 40)
{
    RunEvidence evidence = es::test::makeDistributedEvidence(ranks, hosts, communicationMs, bytes,
                                                             extraBusy, epochs, stepsPerEpoch);
    const nlohmann::json distributed = evidence.config["distributed"];
    evidence.config = es::toJson(es::loadPreset("quick-demo"));
    evidence.config["distributed"] = distributed;
    return evidence;
}

std::optional<Severity> onlySeverity(const std::vector<Finding>& findings)
{
    if (findings.empty())
        return std::nullopt;
    return findings.front().severity;
}

/// A run summary (docs/summary.md) with just what the scaling efficiency reads.
nlohmann::json summaryOf(double stepMs, int globalBatch, int worldSize, const std::string& device,
                         const std::vector<std::string>& hosts)
{
    nlohmann::json ranks = nlohmann::json::array();
    for (std::size_t rank = 0; rank < hosts.size(); ++rank)
        ranks.push_back({{"rank", rank}, {"host", hosts[rank]}, {"pid", 1}});
    return {{"steady_state_step_ms", stepMs},
            {"run",
             {{"device", device},
              {"batch_size", globalBatch / worldSize},
              {"global_batch_size", globalBatch},
              {"world_size", worldSize},
              {"ranks", ranks}}}};
}

}  // namespace

class TestDiagnosisDistributed : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // The steps of 32.5 ms of work plus the Communication phase: the share is comm / (32.5 + comm).
    void communicationSeverity_data()
    {
        QTest::addColumn<double>("communicationMs");
        QTest::addColumn<std::optional<Severity>>("expected");
        QTest::newRow("none below 10%") << 3.0 << std::optional<Severity>();           // 8.5%
        QTest::newRow("info from 10%") << 4.0 << std::optional(Severity::Info);        // 11%
        QTest::newRow("warning from 20%") << 9.0 << std::optional(Severity::Warning);  // 21.7%
        QTest::newRow("critical from 40%") << 25.0 << std::optional(Severity::Critical);
    }
    void communicationSeverity()
    {
        QFETCH(double, communicationMs);
        QFETCH(std::optional<Severity>, expected);
        const auto findings =
            es::diagnoseCommunicationBound(distributedRun(2, 1, communicationMs, 4 << 20));
        QCOMPARE(onlySeverity(findings), expected);
        if (expected)
            QCOMPARE(QString::fromStdString(findings.front().id),
                     QStringLiteral("communication-bound"));
    }

    void communicationEvidenceNamesShareBytesAndRate()
    {
        // 10 ms of 42.5 ms; 4 MiB (4.2 MB) per step over 10 ms: 419.4 MB/s.
        const auto findings = es::diagnoseCommunicationBound(distributedRun(2, 1, 10.0, 4 << 20));
        QCOMPARE(findings.size(), std::size_t(1));
        const Finding& finding = findings.front();
        QVERIFY(contains(finding.title, "24%"));
        QVERIFY(contains(finding.evidence, "23.5%"));
        QVERIFY(contains(finding.evidence, "10.00 ms of 42.50 ms"));
        QVERIFY(contains(finding.evidence, "on 2 ranks, at most 2 on one machine"));
        QVERIFY(contains(finding.evidence, "4.2 MB of gradients"));
        QVERIFY(contains(finding.evidence, "419.4 MB/s"));
        QVERIFY(contains(finding.recommendation, "2 ranks share one machine"));
        // Steps 41..120: the warm steps after epoch 1.
        QCOMPARE(finding.firstStep.value_or(-1), std::int64_t(41));
        QCOMPARE(finding.lastStep.value_or(-1), std::int64_t(120));
    }

    void communicationPatchesBucketsWhenAStepNeedsSeveral()
    {
        // 60 MiB of gradients in 25 MiB buckets: 3 messages; 75 MiB holds them in one.
        RunEvidence evidence = distributedRun(2, 2, 15.0, 60 * static_cast<std::int64_t>(kMiB));
        const auto findings = es::diagnoseCommunicationBound(evidence);
        QCOMPARE(findings.size(), std::size_t(1));
        QCOMPARE(findings.front().patch, nlohmann::json({{"distributed", {{"bucket_mb", 75.0}}}}));
        QVERIFY(contains(findings.front().recommendation, "3 messages per step"));
        // One rank per machine: no advice to run fewer there.
        QVERIFY(findings.front().recommendation.find("share one machine") == std::string::npos);
        nlohmann::json patched = evidence.config;
        patched.merge_patch(findings.front().patch);
        QCOMPARE(es::parseRunConfig(patched).distributed.bucketMb, 75.0);
    }

    void communicationPatchesTheBatchWhenOneBucketHoldsIt()
    {
        RunEvidence evidence = distributedRun(2, 1, 15.0, 4 << 20);
        const auto findings = es::diagnoseCommunicationBound(evidence);
        QCOMPARE(findings.size(), std::size_t(1));
        QCOMPARE(findings.front().patch, nlohmann::json({{"data", {{"batch_size", 128}}}}));
        nlohmann::json patched = evidence.config;
        patched.merge_patch(findings.front().patch);
        QCOMPARE(es::parseRunConfig(patched).data.batchSize, std::int64_t(128));
    }

    void communicationQuietOnThinOrBrokenEvidence()
    {
        // One process: nothing reduced, whatever the phase says.
        RunEvidence single = distributedRun(2, 1, 20.0, 0);
        QVERIFY(es::diagnoseCommunicationBound(single).empty());
        // Too few warm steps: one epoch of 4 steps leaves 3.
        QVERIFY(es::diagnoseCommunicationBound(
                    distributedRun(
                        2, 1, 20.0, 4 << 20, [](int, int, int) { return 0.0; }, 1, 4))
                    .empty());
        // A record the clock cannot have made.
        RunEvidence broken = distributedRun(2, 1, 20.0, 4 << 20);
        broken.batches[60].phaseMs[es::phaseIndex(es::Phase::Communication)] = std::nan("");
        QVERIFY(es::diagnoseCommunicationBound(broken).empty());
        RunEvidence negative = distributedRun(2, 1, 20.0, 4 << 20);
        negative.batches[60].reducedBytes = -1;
        QVERIFY(es::diagnoseCommunicationBound(negative).empty());
    }

    // Rank 1 works `extraMs` longer in `everyNth` of the steps; the step is 32.5 ms + 2 ms.
    void stragglerSeverity_data()
    {
        QTest::addColumn<double>("extraMs");
        QTest::addColumn<int>("everyNth");
        QTest::addColumn<std::optional<Severity>>("expected");
        // Below 15% busier: noise between equal machines.
        QTest::newRow("none at 10% busier") << 3.25 << 1 << std::optional<Severity>();
        // 6 ms: 18% busier, costing 6 / 40.5 = 14.8% of the step.
        QTest::newRow("warning at 18% busier") << 6.0 << 1 << std::optional(Severity::Warning);
        // 15 ms: costs 15 / 49.5 = 30%.
        QTest::newRow("critical from 25% cost") << 15.0 << 1 << std::optional(Severity::Critical);
        // Slow in one step of three: spikes, not a slower rank (the stragglers rule's).
        QTest::newRow("none when not consistent") << 15.0 << 3 << std::optional<Severity>();
    }
    void stragglerSeverity()
    {
        QFETCH(double, extraMs);
        QFETCH(int, everyNth);
        QFETCH(std::optional<Severity>, expected);
        const RunEvidence evidence =
            distributedRun(2, 2, 2.0, 4 << 20, [=](int rank, int, int batch) {
                return rank == 1 && batch % everyNth == 0 ? extraMs : 0.0;
            });
        const auto findings = es::diagnoseStragglerRank(evidence);
        QCOMPARE(onlySeverity(findings), expected);
    }

    void stragglerNamesRankHostAndCost()
    {
        // Four ranks on four machines; rank 2 (node-2) works 10 ms longer in every step.
        const RunEvidence evidence = distributedRun(
            4, 4, 2.0, 4 << 20, [](int rank, int, int) { return rank == 2 ? 10.0 : 0.0; });
        const auto findings = es::diagnoseStragglerRank(evidence);
        QCOMPARE(findings.size(), std::size_t(1));
        const Finding& finding = findings.front();
        QCOMPARE(QString::fromStdString(finding.id), QStringLiteral("straggler-rank"));
        QVERIFY(contains(finding.title, "Rank 2 on node-2"));
        // 10 ms of a 44.5 ms step: 22%.
        QVERIFY(contains(finding.title, "22%"));
        QVERIFY(contains(finding.evidence, "rank 2 (node-2) works 42.50 ms"));
        QVERIFY(contains(finding.evidence, "the other ranks 32.50 ms"));
        QVERIFY(contains(finding.evidence, "in 80 of 80 steady steps"));
        QVERIFY(contains(finding.evidence, "10.00 ms of the 44.50 ms step"));
        QVERIFY(finding.patch.is_null());
    }

    void stragglerQuietOnThinOrBrokenEvidence()
    {
        const ExtraBusy rankOneSlow = [](int rank, int, int) { return rank == 1 ? 20.0 : 0.0; };
        // Equal ranks.
        QVERIFY(es::diagnoseStragglerRank(distributedRun(2, 2, 2.0, 1 << 20)).empty());
        // Only rank 0's steps (a run recorded before ranks were gathered).
        RunEvidence rankZeroOnly = distributedRun(2, 2, 2.0, 1 << 20, rankOneSlow);
        rankZeroOnly.rankBatches.clear();
        QVERIFY(es::diagnoseStragglerRank(rankZeroOnly).empty());
        // Too few steps that every rank recorded.
        RunEvidence thin = distributedRun(2, 2, 2.0, 1 << 20, rankOneSlow);
        thin.rankBatches[1].resize(45);  // epoch 1 and 5 warm steps
        QVERIFY(es::diagnoseStragglerRank(thin).empty());
        // Hosts unknown: still found, and said so.
        RunEvidence anonymous = distributedRun(2, 2, 2.0, 1 << 20, rankOneSlow);
        anonymous.ranks.clear();
        const auto findings = es::diagnoseStragglerRank(anonymous);
        QCOMPARE(findings.size(), std::size_t(1));
        QVERIFY(contains(findings.front().title, "an unknown host"));
    }

    // Two ranks on one 2-core machine take a core each (train --nproc): not too few threads.
    void threadsRuleCountsTheRanksSharingTheMachine()
    {
        RunEvidence shared = distributedRun(2, 1, 2.0, 1 << 20);
        shared.facts.intraOpThreads = 1;
        QVERIFY(es::diagnoseThreads(shared).empty());
        RunEvidence apart = distributedRun(2, 2, 2.0, 1 << 20);
        apart.facts.intraOpThreads = 1;
        const auto findings = es::diagnoseThreads(apart);
        QCOMPARE(findings.size(), std::size_t(1));
        QVERIFY(contains(findings.front().title, "1 intra-op thread on a machine with 2"));
    }

    void rankStepStatsGiveEachRanksMedians()
    {
        const RunEvidence evidence = distributedRun(
            2, 1, 2.0, 4 << 20, [](int rank, int, int) { return rank == 1 ? 8.0 : 0.0; });
        const auto ranks =
            es::rankStepStats(evidence.ranks, evidence.batches, evidence.rankBatches);
        QCOMPARE(ranks.size(), std::size_t(2));
        QCOMPARE(ranks[0].rank, 0);
        QCOMPARE(QString::fromStdString(ranks[1].host), QStringLiteral("node-0"));
        QCOMPARE(ranks[0].steadySteps, std::size_t(80));
        // Lockstep: the same wall time, the work and the wait differ.
        QCOMPARE(ranks[0].stepMs, 42.5);
        QCOMPARE(ranks[1].stepMs, 42.5);
        QCOMPARE(ranks[0].busyMs, 32.5);
        QCOMPARE(ranks[1].busyMs, 40.5);
        QCOMPARE(ranks[0].communicationMs, 10.0);
        QCOMPARE(ranks[1].communicationMs, 2.0);
        const auto communication = es::communicationStats(evidence.batches);
        QVERIFY(communication.has_value());
        QCOMPARE(communication->reducedBytesPerStep, std::int64_t(4 << 20));
        QCOMPARE(communication->share, 10.0 / 42.5);
        QVERIFY(!es::communicationStats(distributedRun(2, 1, 2.0, 0).batches).has_value());
    }

    void scalingEfficiencyPerMachineOrGpu_data()
    {
        QTest::addColumn<nlohmann::json>("run");
        QTest::addColumn<nlohmann::json>("baseline");
        QTest::addColumn<double>("expected");
        const nlohmann::json oneProcess = summaryOf(50.0, 64, 1, "cpu", {});
        // Two ranks sharing the baseline's machine: the ideal is the baseline's throughput.
        QTest::newRow("2 ranks, 1 machine")
            << summaryOf(40.0, 64, 2, "cpu", {"a", "a"}) << oneProcess << 1.25;
        // Two machines: the ideal is twice the baseline.
        QTest::newRow("2 ranks, 2 machines")
            << summaryOf(40.0, 64, 2, "cpu", {"a", "b"}) << oneProcess << 0.625;
        // Two GPUs in one machine count as two.
        QTest::newRow("2 GPUs") << summaryOf(25.0, 128, 2, "cuda:0", {"a", "a"})
                                << summaryOf(25.0, 64, 1, "cuda:0", {}) << 1.0;
        // A baseline recorded before global_batch_size existed: its batch was the global one.
        nlohmann::json old = oneProcess;
        old["run"].erase("global_batch_size");
        QTest::newRow("old baseline") << summaryOf(40.0, 64, 2, "cpu", {"a", "a"}) << old << 1.25;
    }
    void scalingEfficiencyPerMachineOrGpu()
    {
        QFETCH(nlohmann::json, run);
        QFETCH(nlohmann::json, baseline);
        QFETCH(double, expected);
        const auto scaling = es::scalingEfficiency(run, baseline);
        QVERIFY(scaling.has_value());
        QCOMPARE(scaling->efficiency, expected);
    }

    // Summaries come from run databases, which may come from anywhere.
    void scalingEfficiencyRefusesWhatItCannotRead_data()
    {
        QTest::addColumn<nlohmann::json>("baseline");
        const nlohmann::json good = summaryOf(50.0, 64, 1, "cpu", {});
        const auto without = [&](const nlohmann::json::json_pointer& at) {
            nlohmann::json changed = good;
            changed[at.parent_pointer()].erase(at.back());
            return changed;
        };
        const auto with = [&](const nlohmann::json::json_pointer& at, nlohmann::json value) {
            nlohmann::json changed = good;
            changed[at] = std::move(value);
            return changed;
        };
        QTest::newRow("null") << nlohmann::json();
        QTest::newRow("array") << nlohmann::json::array();
        QTest::newRow("no step time") << without("/steady_state_step_ms"_json_pointer);
        QTest::newRow("step time null") << with("/steady_state_step_ms"_json_pointer, nullptr);
        QTest::newRow("step time text") << with("/steady_state_step_ms"_json_pointer, "50");
        QTest::newRow("step time zero") << with("/steady_state_step_ms"_json_pointer, 0);
        QTest::newRow("step time negative") << with("/steady_state_step_ms"_json_pointer, -5);
        QTest::newRow("no run") << without("/run"_json_pointer);
        QTest::newRow("run not an object") << with("/run"_json_pointer, 3);
        QTest::newRow("no batch") << [&] {
            nlohmann::json changed = without("/run/global_batch_size"_json_pointer);
            changed["run"].erase("batch_size");
            return changed;
        }();
        QTest::newRow("batch negative") << with("/run/global_batch_size"_json_pointer, -64);
    }
    void scalingEfficiencyRefusesWhatItCannotRead()
    {
        QFETCH(nlohmann::json, baseline);
        const nlohmann::json run = summaryOf(40.0, 64, 2, "cpu", {"a", "a"});
        QVERIFY(!es::scalingEfficiency(run, baseline).has_value());
        QVERIFY(!es::scalingEfficiency(baseline, run).has_value());
    }

    void rankMembersSkipMalformedEntries()
    {
        const nlohmann::json ranks = nlohmann::json::parse(R"([
            {"rank": 0, "host": "a", "pid": 7},
            {"rank": "1", "host": "b"},
            {"rank": 2},
            {"rank": 3, "host": 4},
            "rank 4",
            {"rank": 5, "host": "c", "pid": "x"}
        ])");
        const auto members = es::rankMembersFromJson(ranks);
        QCOMPARE(members.size(), std::size_t(2));
        QCOMPARE(members[0].pid, std::int64_t(7));
        QCOMPARE(members[1].rank, 5);
        QCOMPARE(members[1].pid, std::int64_t(0));
        QVERIFY(es::rankMembersFromJson(nlohmann::json::object()).empty());
        QCOMPARE(es::rankMembersFromJson(es::rankMembersJson(members)).size(), std::size_t(2));
    }
};

QTEST_GUILESS_MAIN(TestDiagnosisDistributed)
#include "tst_diagnosis_distributed.moc"
