// The timing rules (warm-up, stragglers, allocator-churn) on made-up runs: each finds its
// cause with the measured numbers and step range, and stays quiet when the cause is absent,
// below its threshold, or the run is too short to show it.
#include "engine/config/presets.h"
#include "engine/config/runconfig.h"
#include "engine/diagnosis/rules.h"
#include "engine/train/allocator.h"
#include "tests/support/evidencebuilder.h"
#include "tests/support/textcontains.h"

#include <QtTest/QtTest>

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <vector>

using es::Finding;
using es::RunEvidence;
using es::Severity;
using es::test::contains;
using es::test::StepPhases;

Q_DECLARE_METATYPE(std::optional<Severity>)
Q_DECLARE_METATYPE(RunEvidence)
Q_DECLARE_METATYPE(std::vector<int>)

namespace {

// The builder's default step: 10 + 20 + 2 + 0.5 ms.
constexpr double kSteadyMs = 32.5;

QString qs(const std::string& text)
{
    return QString::fromStdString(text);
}

/// Epochs of `stepsPerEpoch` steps whose first `slowSteps` steps (of the first epoch) have
/// `extraForwardMs` and `extraBackwardMs` more.
RunEvidence warmupRun(int epochs, int stepsPerEpoch, int slowSteps, double extraForwardMs,
                      double extraBackwardMs = 0.0)
{
    return es::test::makeEvidence(epochs, stepsPerEpoch, [=](int epoch, int batch) {
        StepPhases phases;
        if (epoch == 1 && batch <= slowSteps) {
            phases.forwardMs += extraForwardMs;
            phases.backwardMs += extraBackwardMs;
        }
        return phases;
    });
}

/// Steps whose global step number is in `spikes` get `extraMs` more in `phase`.
RunEvidence spikyRun(int epochs, int stepsPerEpoch, const std::vector<int>& spikes, double extraMs,
                     es::Phase phase = es::Phase::Callbacks)
{
    return es::test::makeEvidence(epochs, stepsPerEpoch, [=](int epoch, int batch) {
        StepPhases phases;
        const int step = (epoch - 1) * stepsPerEpoch + batch;
        if (std::find(spikes.begin(), spikes.end(), step) != spikes.end()) {
            switch (phase) {
                case es::Phase::Callbacks: phases.callbacksMs += extraMs; break;
                case es::Phase::DataWait: phases.dataWaitMs += extraMs; break;
                case es::Phase::Communication: phases.communicationMs += extraMs; break;
                default: phases.otherMs += extraMs; break;
            }
        }
        return phases;
    });
}

std::vector<int> everyNth(int period, int first, int last)
{
    std::vector<int> steps;
    for (int step = first; step <= last; step += period)
        steps.push_back(step);
    return steps;
}

/// quick-demo with an early_stopping callback and a model_checkpoint saving every
/// `saveFreq` steps: a full valid config for checking patches.
nlohmann::json configWithCheckpoint(int saveFreq)
{
    nlohmann::json config = es::toJson(es::loadPreset("quick-demo"));
    config["callbacks"] = nlohmann::json::array(
        {{{"type", "early_stopping"}, {"monitor", "val_loss"}, {"patience", 3}},
         {{"type", "model_checkpoint"},
          {"filepath", "checkpoints/m-{epoch:02d}.pt"},
          {"save_freq", saveFreq}}});
    return config;
}

std::optional<Severity> onlySeverity(const std::vector<Finding>& findings)
{
    if (findings.empty())
        return std::nullopt;
    return findings.front().severity;
}

}  // namespace

class TestDiagnosisTiming : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // warm-up
    void warmupSeverity_data();
    void warmupSeverity();
    void warmupEvidenceNamesRatioStepsAndPhases();
    void warmupAllowsOneNormalStepBetweenSlowOnes();
    void warmupEndsAtTwoNormalSteps();
    void warmupTitleSaysWhenSlowStepsHoldLittle();
    void warmupOneEpochUsesTheStepsOwnMedian();
    void warmupSpreadOverTheEpoch();
    void warmupPatchIsAValidConfig();
    void warmupPhaseIsNotASlowStep();
    void warmupThatDidNotAbsorbItAll();
    void warmupComparesOnlyFullLaterEpochs();
    void warmupNamesTheFirstEpochOfAResumedRun();
    void warmupCountsNewBatchShapes();
    void warmupQuietOnThinOrBrokenEvidence_data();
    void warmupQuietOnThinOrBrokenEvidence();

    // stragglers
    void stragglersSeverity_data();
    void stragglersSeverity();
    void stragglersRareSpikesNameTheirCost();
    void stragglersPeriodMatchesCheckpointAndPatchesIt();
    void stragglersPeriodWithoutMatchingCallback();
    void stragglersPeriodToleratesOneStepJitter();
    void stragglersAtEachEpochStart();
    void stragglersWaitingForTheOtherRanks();
    void stragglersQuietOnThinOrBrokenEvidence_data();
    void stragglersQuietOnThinOrBrokenEvidence();

    // allocator-churn
    void allocatorSeverity_data();
    void allocatorSeverity();
    void allocatorEvidenceNamesFaultsAndSteps();
    void allocatorPatchNamesAnotherAllocator_data();
    void allocatorPatchNamesAnotherAllocator();
    void allocatorMajorFaultsAlone();
    void allocatorIgnoresWarmupFaults();
    void allocatorQuietOnThinOrBrokenEvidence();
};

// ---------------------------------------------------------------------------------------
// warm-up

void TestDiagnosisTiming::warmupSeverity_data()
{
    QTest::addColumn<int>("stepsPerEpoch");
    QTest::addColumn<int>("slowSteps");
    QTest::addColumn<double>("extraMs");
    QTest::addColumn<std::optional<Severity>>("expected");

    // A steady epoch of 100 steps is 3.25 s.
    // 12 x 400 ms = 4.8 s more: 2.48x.
    QTest::newRow("critical from 2x") << 100 << 12 << 400.0 << std::optional(Severity::Critical);
    // 12 x 100 ms = 1.2 s more: 1.37x.
    QTest::newRow("warning from 1.3x") << 100 << 12 << 100.0 << std::optional(Severity::Warning);
    // 10 x 94 ms = 0.94 s more: 1.289x, and under a second in slow steps.
    QTest::newRow("info just below 1.3x") << 100 << 10 << 94.0 << std::optional(Severity::Info);
    // 10 x 40 ms = 0.4 s more: 1.12x.
    QTest::newRow("info from 1.1x") << 100 << 10 << 40.0 << std::optional(Severity::Info);
    // 10 x 30 ms = 0.3 s more: 1.092x.
    QTest::newRow("nothing just below 1.1x") << 100 << 10 << 30.0 << std::optional<Severity>();
    // A 32.5 s epoch: 25 x 160 ms = 4.0 s more is only 1.12x but over a second.
    QTest::newRow("warning from a second of slow steps")
        << 1000 << 25 << 160.0 << std::optional(Severity::Warning);
    // 20 x 160 ms = 3.2 s more: 1.098x, still worth knowing for its second.
    QTest::newRow("info for a second of slow steps below 1.1x")
        << 1000 << 20 << 160.0 << std::optional(Severity::Info);
    QTest::newRow("steady run") << 100 << 0 << 0.0 << std::optional<Severity>();
}

void TestDiagnosisTiming::warmupSeverity()
{
    QFETCH(int, stepsPerEpoch);
    QFETCH(int, slowSteps);
    QFETCH(double, extraMs);
    QFETCH(std::optional<Severity>, expected);

    const auto findings = es::diagnoseWarmup(warmupRun(3, stepsPerEpoch, slowSteps, extraMs));
    QCOMPARE(onlySeverity(findings), expected);
    if (!findings.empty()) {
        QCOMPARE(findings.size(), std::size_t(1));
        QCOMPARE(qs(findings.front().id), QStringLiteral("warm-up"));
        QCOMPARE(findings.front().firstStep, std::optional<std::int64_t>(1));
        QCOMPARE(findings.front().lastStep, std::optional<std::int64_t>(slowSteps));
        // A slow step 1 in a run without warm-up steps: the patch asks for a few.
        QCOMPARE(findings.front().patch,
                 nlohmann::json({{"training", {{"warmup_steps", std::min(slowSteps, 3)}}}}));
    }
}

void TestDiagnosisTiming::warmupEvidenceNamesRatioStepsAndPhases()
{
    // Steps 1-12 carry 300 ms more Forward and 100 ms more Backward: 4.8 s over a 3.25 s
    // steady epoch, 8.05 s in all.
    const auto findings = es::diagnoseWarmup(warmupRun(4, 100, 12, 300.0, 100.0));
    QCOMPARE(findings.size(), std::size_t(1));
    const Finding& finding = findings.front();
    QCOMPARE(finding.severity, Severity::Critical);
    QVERIFY(contains(finding.evidence, "Epoch 1 took 2.48x the steady epoch"));
    QVERIFY(contains(finding.evidence, "8.05 s vs 3.25 s"));
    QVERIFY(contains(finding.evidence, "the median of epochs 2-4 of 100 steps"));
    QVERIFY(contains(finding.evidence, "4.80 s more; steps 1-12"));
    QVERIFY(contains(finding.evidence, "steps 1-12"));
    QVERIFY(contains(finding.evidence, "32.5 ms"));
    QVERIFY(contains(finding.evidence, "4.80 s (100%) of the excess"));
    QVERIFY(contains(finding.evidence,
                     "mostly in Forward (75%) and Backward (25%) over each phase's steady median"));
    QVERIFY(contains(finding.title, "steps 1-12"));
    QVERIFY(finding.title.find('\n') == std::string::npos);
    QVERIFY(contains(finding.recommendation, "Warm-up is a one-time cost"));
    QVERIFY(contains(finding.recommendation, "Set training.warmup_steps to 3 (the patch)"));
    QVERIFY(
        contains(finding.recommendation, "shows as the Warm-up phase instead of hiding in step 1"));
    QVERIFY(contains(finding.recommendation, "fused"));
    QCOMPARE(finding.patch, nlohmann::json({{"training", {{"warmup_steps", 3}}}}));
}

void TestDiagnosisTiming::warmupAllowsOneNormalStepBetweenSlowOnes()
{
    // Steps 1-5 and 7-8 slow, step 6 normal: one warm-up of steps 1-8.
    const RunEvidence evidence = es::test::makeEvidence(3, 100, [](int epoch, int batch) {
        StepPhases phases;
        if (epoch == 1 && batch <= 8 && batch != 6)
            phases.forwardMs += 200.0;
        return phases;
    });
    const auto findings = es::diagnoseWarmup(evidence);
    QCOMPARE(findings.size(), std::size_t(1));
    QCOMPARE(findings.front().firstStep, std::optional<std::int64_t>(1));
    QCOMPARE(findings.front().lastStep, std::optional<std::int64_t>(8));
    QVERIFY(contains(findings.front().evidence, "steps 1-8 (7 of them at 1.5x"));
}

void TestDiagnosisTiming::warmupEndsAtTwoNormalSteps()
{
    // Steps 1-3 slow, 4-5 normal, 6 slow again: the warm-up is steps 1-3; step 6 is not
    // warm-up.
    const RunEvidence evidence = es::test::makeEvidence(3, 100, [](int epoch, int batch) {
        StepPhases phases;
        if (epoch == 1 && (batch <= 3 || batch == 6))
            phases.forwardMs += 400.0;
        return phases;
    });
    const auto findings = es::diagnoseWarmup(evidence);
    QCOMPARE(findings.size(), std::size_t(1));
    QCOMPARE(findings.front().lastStep, std::optional<std::int64_t>(3));
    // 1.2 s of the 1.6 s excess.
    QVERIFY(contains(findings.front().evidence, "1.20 s (75%) of the excess"));
}

void TestDiagnosisTiming::warmupTitleSaysWhenSlowStepsHoldLittle()
{
    // Every step of epoch 1 is 10 ms slower and steps 1-3 another 100 ms: 1.30 s more, of
    // which steps 1-3 hold 0.33 s.
    const RunEvidence evidence = es::test::makeEvidence(3, 100, [](int epoch, int batch) {
        StepPhases phases;
        if (epoch == 1)
            phases.forwardMs += batch <= 3 ? 110.0 : 10.0;
        return phases;
    });
    const auto findings = es::diagnoseWarmup(evidence);
    QCOMPARE(findings.size(), std::size_t(1));
    QCOMPARE(findings.front().severity, Severity::Warning);
    QVERIFY(contains(findings.front().title, ", slow steps 1-3"));
    QVERIFY(findings.front().title.find("most of it") == std::string::npos);
    QVERIFY(contains(findings.front().evidence, "0.33 s (25%) of the excess"));
}

void TestDiagnosisTiming::warmupOneEpochUsesTheStepsOwnMedian()
{
    // One epoch of 200 steps, the first 15 at 100 ms more: the steady median comes from
    // steps 21-200, epoch 1 is 8.0 s against 200 x 32.5 ms = 6.5 s (1.23x), with 1.5 s in
    // slow steps.
    const auto findings = es::diagnoseWarmup(warmupRun(1, 200, 15, 100.0));
    QCOMPARE(findings.size(), std::size_t(1));
    const Finding& finding = findings.front();
    QCOMPARE(finding.severity, Severity::Warning);
    QVERIFY(contains(finding.evidence, "1.23x its steady pace"));
    QVERIFY(contains(finding.evidence, "8.00 s for its 200 steps vs 6.50 s"));
    QVERIFY(contains(finding.evidence, "steady median step of 32.5 ms of steps 21-200"));
    QVERIFY(contains(finding.evidence, "steps 1-15"));
    QCOMPARE(finding.lastStep, std::optional<std::int64_t>(15));
}

void TestDiagnosisTiming::warmupSpreadOverTheEpoch()
{
    // Every step of epoch 1 is 5 ms slower (under 1.5x each): 1.15x, no leading slow steps.
    const RunEvidence evidence = es::test::makeEvidence(3, 100, [](int epoch, int) {
        StepPhases phases;
        if (epoch == 1)
            phases.optimizerMs += 5.0;
        return phases;
    });
    const auto findings = es::diagnoseWarmup(evidence);
    QCOMPARE(findings.size(), std::size_t(1));
    QCOMPARE(findings.front().severity, Severity::Info);
    QVERIFY(contains(findings.front().evidence, "spread over steps 1-100"));
    QVERIFY(contains(findings.front().evidence, "mostly in Optimizer (100%)"));
    QCOMPARE(findings.front().firstStep, std::optional<std::int64_t>(1));
    QCOMPARE(findings.front().lastStep, std::optional<std::int64_t>(100));
    // Warm-up steps take a slow first step's cost; they cannot move a spread excess.
    QVERIFY(findings.front().patch.is_null());
    QVERIFY(contains(findings.front().recommendation,
                     "would not help here: no leading step stands out"));
}

void TestDiagnosisTiming::warmupPatchIsAValidConfig()
{
    // Only step 1 is slow: one warm-up step, and the patched config parses.
    RunEvidence evidence = warmupRun(3, 100, 1, 2000.0);
    evidence.config = es::toJson(es::loadPreset("quick-demo"));
    const auto findings = es::diagnoseWarmup(evidence);
    QCOMPARE(findings.size(), std::size_t(1));
    QCOMPARE(findings.front().patch, nlohmann::json({{"training", {{"warmup_steps", 1}}}}));
    QVERIFY(contains(findings.front().recommendation,
                     "Set training.warmup_steps to 1 (the patch): that many forward and backward "
                     "passes on the first batches, without a weight update, run before step 1"));
    nlohmann::json patched = evidence.config;
    patched.merge_patch(findings.front().patch);
    QCOMPARE(es::parseRunConfig(patched).training.warmupSteps, 1);
}

void TestDiagnosisTiming::warmupPhaseIsNotASlowStep()
{
    // Two warm-up steps took 600 ms before step 1 (inside its wall time, as the trainer
    // records them) and absorbed the first-step cost: the rest runs at the steady pace.
    RunEvidence evidence = es::test::makeEvidence(3, 100, [](int epoch, int batch) {
        StepPhases phases;
        if (epoch == 1 && batch == 1)
            phases.warmUpMs = 600.0;
        return phases;
    });
    evidence.config = {{"training", {{"warmup_steps", 2}}}};
    QVERIFY(es::diagnoseWarmup(evidence).empty());
}

void TestDiagnosisTiming::warmupThatDidNotAbsorbItAll()
{
    // Warm-up steps ran (300 ms), yet steps 1-4 stayed slow: reported without the warm-up's
    // time, and no patch, since the setting is already on.
    RunEvidence evidence = es::test::makeEvidence(3, 100, [](int epoch, int batch) {
        StepPhases phases;
        if (epoch == 1 && batch <= 4)
            phases.forwardMs += 400.0;
        if (epoch == 1 && batch == 1)
            phases.warmUpMs = 300.0;
        return phases;
    });
    evidence.config = {{"training", {{"warmup_steps", 1}}}};
    const auto findings = es::diagnoseWarmup(evidence);
    QCOMPARE(findings.size(), std::size_t(1));
    const Finding& finding = findings.front();
    QCOMPARE(finding.lastStep, std::optional<std::int64_t>(4));
    // 1.60 s of excess, not 1.90 s: the warm-up is named apart, not counted as slowness.
    QVERIFY(contains(finding.evidence, "1.60 s more"));
    QVERIFY(contains(finding.evidence, "mostly in Forward (100%)"));
    QVERIFY(contains(finding.evidence,
                     "The run's warm-up steps took 0.30 s, recorded as the Warm-up phase of step "
                     "1 and left out of these times."));
    QVERIFY(contains(finding.recommendation, "1 warm-up step did not absorb all of it"));
    QVERIFY(finding.patch.is_null());
}

void TestDiagnosisTiming::warmupComparesOnlyFullLaterEpochs()
{
    // A run stopped in epoch 3 after 10 steps: that short epoch must not count as a steady
    // epoch (it would make epoch 1 look 10x slower).
    RunEvidence evidence = warmupRun(3, 100, 12, 100.0);
    evidence.batches.resize(210);
    es::EpochRecord& last = evidence.epochs.back();
    last.batches = 10;
    last.trainS = 10 * kSteadyMs / 1000.0;
    const auto findings = es::diagnoseWarmup(evidence);
    QCOMPARE(findings.size(), std::size_t(1));
    QCOMPARE(findings.front().severity, Severity::Warning);
    QVERIFY(contains(findings.front().evidence, "1.37x the steady epoch"));
    QVERIFY(contains(findings.front().evidence, "vs 3.25 s, epoch 2 of 100 steps"));
}

void TestDiagnosisTiming::warmupCountsNewBatchShapes()
{
    // Batches by length: widths 16, 32, 48 and 64 in turn, and a last short batch of 10
    // samples at width 64 each epoch. The first step of each full shape is 140 ms slower; the
    // short batch's shape recurs at the pace of the others.
    const auto byLength = [](bool recorded) {
        RunEvidence evidence = warmupRun(4, 21, 4, 140.0);
        for (es::BatchRecord& step : evidence.batches) {
            step.timesteps = recorded ? 16 * (1 + (step.batch - 1) % 4) : 0;
            if (step.batch == 21)
                step.samples = 10;
        }
        return evidence;
    };
    const auto findings = es::diagnoseWarmup(byLength(true));
    QCOMPARE(findings.size(), std::size_t(1));
    QVERIFY(contains(findings.front().evidence,
                     " Batches by length trained 5 batch shapes (4 widths in time steps); the "
                     "first step of each of the 5 that recurred took 0.56 s more in all than the "
                     "later steps of its shape"));

    // Steps recorded before EpochScope kept their time steps, and batches of one width, say
    // nothing of shapes; the rest of the finding is as it was.
    const auto old = es::diagnoseWarmup(byLength(false));
    QCOMPARE(old.size(), std::size_t(1));
    QVERIFY(old.front().evidence.find("batch shapes") == std::string::npos);
    RunEvidence fixed = byLength(true);
    for (es::BatchRecord& step : fixed.batches)
        step.timesteps = 200;
    const auto oneWidth = es::diagnoseWarmup(fixed);
    QCOMPARE(oneWidth.size(), std::size_t(1));
    QCOMPARE(oneWidth.front().evidence, old.front().evidence);

    // A shape trained once has no later steps to price it against: counted, not priced.
    RunEvidence once = byLength(true);
    once.batches.front().timesteps = 8;
    const auto withOnce = es::diagnoseWarmup(once);
    QCOMPARE(withOnce.size(), std::size_t(1));
    QVERIFY(contains(withOnce.front().evidence,
                     "trained 6 batch shapes (5 widths in time steps); the first step of each of "
                     "the 5 that recurred took 0.42 s more"));
}

void TestDiagnosisTiming::warmupNamesTheFirstEpochOfAResumedRun()
{
    RunEvidence evidence = warmupRun(3, 100, 12, 100.0);
    for (es::BatchRecord& batch : evidence.batches)
        batch.epoch += 2;
    for (es::EpochRecord& epoch : evidence.epochs)
        epoch.epoch += 2;
    const auto findings = es::diagnoseWarmup(evidence);
    QCOMPARE(findings.size(), std::size_t(1));
    QVERIFY(contains(findings.front().evidence, "Epoch 3 took 1.37x"));
    QVERIFY(contains(findings.front().evidence, "epochs 4-5"));
}

void TestDiagnosisTiming::warmupQuietOnThinOrBrokenEvidence_data()
{
    QTest::addColumn<RunEvidence>("evidence");

    QTest::newRow("no steps") << RunEvidence{};
    // One epoch of 10 slow-starting steps leaves 9 steady steps.
    QTest::newRow("too few steady steps") << warmupRun(1, 10, 3, 400.0);
    QTest::newRow("steps of no time")
        << es::test::makeSteadyEvidence(3, 50, StepPhases{0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0});
    RunEvidence nan = warmupRun(3, 100, 12, 400.0);
    nan.batches[150].wallMs = std::numeric_limits<double>::quiet_NaN();
    QTest::newRow("a NaN step") << nan;
}

void TestDiagnosisTiming::warmupQuietOnThinOrBrokenEvidence()
{
    QFETCH(RunEvidence, evidence);
    QVERIFY(es::diagnoseWarmup(evidence).empty());
}

// ---------------------------------------------------------------------------------------
// stragglers

void TestDiagnosisTiming::stragglersSeverity_data()
{
    QTest::addColumn<std::vector<int>>("spikes");
    QTest::addColumn<double>("extraMs");
    QTest::addColumn<std::optional<Severity>>("expected");

    // Three epochs of 100 steps: the steady steps are 101-300 (200 steps, 6.5 s).
    // Every 16th: 12 spikes, p99 at 232.5 ms (7.2x), 2.4 s more (27%).
    QTest::newRow("critical from 4x")
        << everyNth(16, 112, 300) << 200.0 << std::optional(Severity::Critical);
    // 12 spikes at 102.5 ms (3.2x), 0.84 s more (11%).
    QTest::newRow("warning from 2x")
        << everyNth(16, 112, 300) << 70.0 << std::optional(Severity::Warning);
    // Three scattered spikes of 72.5 ms (2.2x) add 0.12 s (1.8%): a cheap tail.
    QTest::newRow("info for a cheap tail")
        << std::vector<int>{130, 201, 277} << 40.0 << std::optional(Severity::Info);
    // 1.9x spikes: under the bar.
    QTest::newRow("nothing just below 2x")
        << everyNth(16, 112, 300) << 29.0 << std::optional<Severity>();
    // Two 432.5 ms steps leave p99 alone but add 0.8 s (11%).
    QTest::newRow("warning for rare costly spikes")
        << std::vector<int>{150, 250} << 400.0 << std::optional(Severity::Warning);
    // Two 1.53 s steps add 3.0 s (32%).
    QTest::newRow("critical for rare dominating spikes")
        << std::vector<int>{150, 250} << 1500.0 << std::optional(Severity::Critical);
    QTest::newRow("steady run") << std::vector<int>{} << 0.0 << std::optional<Severity>();
}

void TestDiagnosisTiming::stragglersSeverity()
{
    QFETCH(std::vector<int>, spikes);
    QFETCH(double, extraMs);
    QFETCH(std::optional<Severity>, expected);

    const auto findings = es::diagnoseStragglers(spikyRun(3, 100, spikes, extraMs));
    QCOMPARE(onlySeverity(findings), expected);
    if (!findings.empty()) {
        QCOMPARE(findings.size(), std::size_t(1));
        QCOMPARE(qs(findings.front().id), QStringLiteral("stragglers"));
        QCOMPARE(findings.front().firstStep, std::optional<std::int64_t>(spikes.front()));
        QCOMPARE(findings.front().lastStep, std::optional<std::int64_t>(spikes.back()));
        QVERIFY(findings.front().patch.is_null());
    }
}

void TestDiagnosisTiming::stragglersRareSpikesNameTheirCost()
{
    // p99 stays at the median, so the title and evidence carry the spikes' cost instead.
    const auto findings = es::diagnoseStragglers(spikyRun(3, 100, {150, 250}, 400.0));
    QCOMPARE(findings.size(), std::size_t(1));
    QVERIFY(contains(findings.front().title, "2 spikes add 11% to the steady steps"));
    QVERIFY(contains(findings.front().evidence, "p99 32.5 ms (1.00x)"));
    QVERIFY(contains(findings.front().evidence, "adding 0.80 s (11% of the steady steps' 7.30 s)"));
    QVERIFY(contains(findings.front().evidence, "(steps 150-250)"));
}

void TestDiagnosisTiming::stragglersPeriodMatchesCheckpointAndPatchesIt()
{
    // A checkpoint every 16 steps, counted across epochs of 96: steps 16, 32, ..., 288.
    RunEvidence evidence = spikyRun(3, 96, everyNth(16, 16, 288), 70.0);
    evidence.config = configWithCheckpoint(16);
    const auto findings = es::diagnoseStragglers(evidence);
    QCOMPARE(findings.size(), std::size_t(1));
    const Finding& finding = findings.front();
    QCOMPARE(finding.severity, Severity::Warning);
    // Steady steps 97-288: 12 spikes at 102.5 ms against a 32.5 ms median.
    QVERIFY(contains(finding.evidence, "Over 192 steady steps (steps 97-288)"));
    QVERIFY(contains(finding.evidence, "p50 is 32.5 ms and p99 102.5 ms (3.15x)"));
    QVERIFY(contains(finding.evidence, "12 steps took 2x the median or more (steps 112-288)"));
    QVERIFY(contains(finding.evidence, "adding 0.84 s"));
    QVERIFY(contains(finding.evidence, "mostly in Callbacks (100%)"));
    QVERIFY(contains(finding.evidence, "every 16 steps (11 of 11 gaps"));
    QVERIFY(contains(finding.evidence, "matches model_checkpoint save_freq 16"));
    QVERIFY(contains(finding.title, "every 16 steps"));
    QVERIFY(contains(finding.recommendation, "model_checkpoint"));
    QVERIFY(contains(finding.recommendation, "once per 96-step epoch"));
    QCOMPARE(finding.firstStep, std::optional<std::int64_t>(112));
    QCOMPARE(finding.lastStep, std::optional<std::int64_t>(288));

    // The patch carries the whole callbacks array with only the checkpoint's save_freq
    // changed, and the result is a valid config.
    QVERIFY(finding.patch.is_object());
    nlohmann::json patched = evidence.config;
    patched.merge_patch(finding.patch);
    QCOMPARE(patched["callbacks"].size(), std::size_t(2));
    QCOMPARE(patched["callbacks"][0], evidence.config["callbacks"][0]);
    QCOMPARE(qs(patched["callbacks"][1]["save_freq"].get<std::string>()), QStringLiteral("epoch"));
    QCOMPARE(patched["callbacks"][1]["filepath"], evidence.config["callbacks"][1]["filepath"]);
    try {
        const es::RunConfig config = es::parseRunConfig(patched);
        QCOMPARE(config.callbacks.size(), std::size_t(2));
    } catch (const std::exception& error) {
        QFAIL(error.what());
    }
}

void TestDiagnosisTiming::stragglersPeriodWithoutMatchingCallback()
{
    RunEvidence evidence = spikyRun(3, 96, everyNth(16, 16, 288), 70.0, es::Phase::Other);
    evidence.config = configWithCheckpoint(32);
    const auto findings = es::diagnoseStragglers(evidence);
    QCOMPARE(findings.size(), std::size_t(1));
    QVERIFY(contains(findings.front().evidence, "every 16 steps"));
    QVERIFY(contains(findings.front().evidence, "mostly in Other (100%)"));
    QVERIFY(findings.front().evidence.find("matches") == std::string::npos);
    QVERIFY(contains(findings.front().recommendation, "every 16 steps"));
    QVERIFY(findings.front().patch.is_null());
}

void TestDiagnosisTiming::stragglersPeriodToleratesOneStepJitter()
{
    std::vector<int> spikes;
    const int gaps[] = {15, 17, 16, 16, 15, 17, 16, 16, 16};
    int step = 110;
    for (int gap : gaps) {
        spikes.push_back(step);
        step += gap;
    }
    spikes.push_back(step);
    const auto findings = es::diagnoseStragglers(spikyRun(3, 100, spikes, 70.0));
    QCOMPARE(findings.size(), std::size_t(1));
    QVERIFY(contains(findings.front().evidence, "every 16 steps (9 of 9 gaps"));
}

void TestDiagnosisTiming::stragglersAtEachEpochStart()
{
    // The first step of every 60-step epoch waits 80 ms for data: steps 61, 121, 181.
    const auto findings =
        es::diagnoseStragglers(spikyRun(4, 60, {1, 61, 121, 181}, 80.0, es::Phase::DataWait));
    QCOMPARE(findings.size(), std::size_t(1));
    const Finding& finding = findings.front();
    QCOMPARE(finding.severity, Severity::Warning);
    QVERIFY(contains(finding.evidence, "every 60 steps"));
    QVERIFY(contains(finding.evidence,
                     "every 60 steps (2 of 2 gaps within 1 step of it), at each epoch start"));
    QVERIFY(contains(finding.evidence, "mostly in Data wait (100%)"));
    QCOMPARE(finding.firstStep, std::optional<std::int64_t>(61));
    QCOMPARE(finding.lastStep, std::optional<std::int64_t>(181));
    QVERIFY(contains(finding.recommendation, "epoch start"));
    QVERIFY(finding.patch.is_null());
}

void TestDiagnosisTiming::stragglersWaitingForTheOtherRanks()
{
    // A distributed run whose every 16th step waits 90 ms for its averaged gradients (another
    // rank is slow then): the finding names the Communication phase, no other.
    const auto findings = es::diagnoseStragglers(
        spikyRun(3, 96, everyNth(16, 16, 288), 90.0, es::Phase::Communication));
    QCOMPARE(findings.size(), std::size_t(1));
    QVERIFY(contains(findings.front().evidence, "every 16 steps"));
    QVERIFY2(contains(findings.front().evidence, "mostly in Communication (100%)"),
             findings.front().evidence.c_str());
}

void TestDiagnosisTiming::stragglersQuietOnThinOrBrokenEvidence_data()
{
    QTest::addColumn<RunEvidence>("evidence");

    QTest::newRow("no steps") << RunEvidence{};
    // Two epochs of 40: 40 steady steps, spikes or not.
    QTest::newRow("too few steady steps") << spikyRun(2, 40, everyNth(8, 48, 80), 300.0);
    QTest::newRow("steps of no time")
        << es::test::makeSteadyEvidence(3, 100, StepPhases{0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0});
    RunEvidence nan = spikyRun(3, 100, everyNth(16, 112, 300), 200.0);
    nan.batches[150].phaseMs[0] = std::numeric_limits<double>::quiet_NaN();
    QTest::newRow("a NaN phase") << nan;
    // Slow steps only in epoch 1 are warm-up, not stragglers.
    QTest::newRow("spikes only in warm-up") << spikyRun(3, 100, everyNth(16, 16, 96), 300.0);
}

void TestDiagnosisTiming::stragglersQuietOnThinOrBrokenEvidence()
{
    QFETCH(RunEvidence, evidence);
    QVERIFY(es::diagnoseStragglers(evidence).empty());
}

// ---------------------------------------------------------------------------------------
// allocator-churn

namespace {

/// Three epochs of 100 steps; epoch 1 takes `warmupFaults` minor faults a step, the later
/// ones `steadyFaults`, with every tenth steady step taking 50% more.
RunEvidence faultyRun(std::int64_t steadyFaults, std::int64_t warmupFaults = 20000)
{
    RunEvidence evidence = es::test::makeSteadyEvidence(3, 100);
    for (std::size_t i = 0; i < evidence.batches.size(); ++i) {
        es::BatchRecord& batch = evidence.batches[i];
        batch.minorFaults =
            batch.epoch == 1 ? warmupFaults : (i % 10 == 0 ? steadyFaults * 3 / 2 : steadyFaults);
    }
    return evidence;
}

/// The patch for a run that used glibc as it is: the allocator measured fastest.
nlohmann::json bestAllocatorPatch()
{
    const std::string best(es::allocatorKey(es::bestMeasuredAllocator()));
    return {{"device", {{"allocator", best}}}};
}

}  // namespace

void TestDiagnosisTiming::allocatorSeverity_data()
{
    QTest::addColumn<qint64>("faults");
    QTest::addColumn<std::optional<Severity>>("expected");

    QTest::newRow("warning from 2048") << qint64(2048) << std::optional(Severity::Warning);
    QTest::newRow("info just below 2048") << qint64(2047) << std::optional(Severity::Info);
    QTest::newRow("info from 256") << qint64(256) << std::optional(Severity::Info);
    QTest::newRow("nothing just below 256") << qint64(255) << std::optional<Severity>();
    QTest::newRow("no faults") << qint64(0) << std::optional<Severity>();
}

void TestDiagnosisTiming::allocatorSeverity()
{
    QFETCH(qint64, faults);
    QFETCH(std::optional<Severity>, expected);

    const auto findings = es::diagnoseAllocatorChurn(faultyRun(faults));
    QCOMPARE(onlySeverity(findings), expected);
    if (!findings.empty()) {
        QCOMPARE(findings.size(), std::size_t(1));
        QCOMPARE(qs(findings.front().id), QStringLiteral("allocator-churn"));
        QCOMPARE(findings.front().firstStep, std::optional<std::int64_t>(101));
        QCOMPARE(findings.front().lastStep, std::optional<std::int64_t>(300));
        QCOMPARE(findings.front().patch, bestAllocatorPatch());
    }
}

void TestDiagnosisTiming::allocatorEvidenceNamesFaultsAndSteps()
{
    RunEvidence evidence = faultyRun(3000);
    evidence.batches[205].majorFaults = 7;
    const auto findings = es::diagnoseAllocatorChurn(evidence);
    QCOMPARE(findings.size(), std::size_t(1));
    const Finding& finding = findings.front();
    QCOMPARE(finding.severity, Severity::Warning);
    // 180 steps at 3,000 and 20 at 4,500: 630,000 in all; p90 is 3,000 (the 180th value).
    QVERIFY(contains(finding.evidence, "median of 3,000 minor page faults per steady step"));
    QVERIFY(contains(finding.evidence, "p90 3,000; 630,000 over 200 steady steps, steps 101-300"));
    QVERIFY(contains(finding.evidence, "median step of 32.5 ms"));
    QVERIFY(
        contains(finding.evidence, "7 major faults (pages read from disk) in 1 of the 200 steps"));
    QVERIFY(contains(finding.title, "3,000 minor page faults per step"));
    // A run recorded before device.allocator used glibc as it is; the fix is the allocator
    // measured fastest, named in the patch and the text.
    const std::string best(es::allocatorKey(es::bestMeasuredAllocator()));
    QVERIFY(contains(finding.recommendation, "glibc's malloc as it is"));
    QVERIFY(
        contains(finding.recommendation, "Set device.allocator to \"" + best + "\" (the patch"));
    QVERIFY(contains(finding.recommendation, "docs/benchmarks.md#allocators"));
    QCOMPARE(finding.patch, bestAllocatorPatch());

    // No major faults says so.
    const auto clean = es::diagnoseAllocatorChurn(faultyRun(3000));
    QCOMPARE(clean.size(), std::size_t(1));
    QVERIFY(contains(clean.front().evidence, "no major faults"));
}

void TestDiagnosisTiming::allocatorPatchNamesAnotherAllocator_data()
{
    QTest::addColumn<QString>("used");
    QTest::addColumn<QString>("suggested");
    const QString best = qs(std::string(es::allocatorKey(es::kMeasuredAllocatorOrder[0])));
    const QString second = qs(std::string(es::allocatorKey(es::kMeasuredAllocatorOrder[1])));
    QTest::newRow("system: the best") << "system" << best;
    QTest::newRow("the best already: the next measured") << best << second;
    QTest::newRow("the next: the best") << second << best;
}

void TestDiagnosisTiming::allocatorPatchNamesAnotherAllocator()
{
    QFETCH(QString, used);
    QFETCH(QString, suggested);
    RunEvidence evidence = faultyRun(3000);
    evidence.facts.allocator = used.toStdString();
    evidence.config = es::toJson(es::loadPreset("quick-demo"));
    const auto findings = es::diagnoseAllocatorChurn(evidence);
    QCOMPARE(findings.size(), std::size_t(1));
    const Finding& finding = findings.front();
    QVERIFY(contains(finding.recommendation,
                     "This run's memory came from device.allocator \"" + used.toStdString()));
    QVERIFY(contains(finding.recommendation,
                     "Set device.allocator to \"" + suggested.toStdString() + "\""));
    QCOMPARE(finding.patch, nlohmann::json({{"device", {{"allocator", suggested.toStdString()}}}}));
    // The patched config parses, with the allocator the patch names.
    nlohmann::json patched = evidence.config;
    patched.merge_patch(finding.patch);
    QCOMPARE(qs(std::string(es::allocatorKey(es::parseRunConfig(patched).device.allocator))),
             suggested);
}

void TestDiagnosisTiming::allocatorMajorFaultsAlone()
{
    // Major faults in 10% of the steady steps, few minor ones: reported as Info.
    RunEvidence evidence = faultyRun(10);
    for (std::size_t i = 100; i < evidence.batches.size(); i += 10)
        evidence.batches[i].majorFaults = 3;
    const auto findings = es::diagnoseAllocatorChurn(evidence);
    QCOMPARE(findings.size(), std::size_t(1));
    QCOMPARE(findings.front().severity, Severity::Info);
    QVERIFY(contains(findings.front().evidence,
                     "60 major faults (pages read from disk) in 20 "
                     "of the 200 steps"));
    QVERIFY(contains(findings.front().recommendation, "read from disk"));

    // One step's page-in is not a pattern.
    RunEvidence once = faultyRun(10);
    once.batches[150].majorFaults = 40;
    QVERIFY(es::diagnoseAllocatorChurn(once).empty());
}

void TestDiagnosisTiming::allocatorIgnoresWarmupFaults()
{
    // Faults only while epoch 1 touches its buffers for the first time.
    QVERIFY(es::diagnoseAllocatorChurn(faultyRun(0, 100000)).empty());
}

void TestDiagnosisTiming::allocatorQuietOnThinOrBrokenEvidence()
{
    QVERIFY(es::diagnoseAllocatorChurn(RunEvidence{}).empty());
    // One epoch of 20 steps leaves 18 steady steps.
    RunEvidence thin = es::test::makeSteadyEvidence(1, 20);
    for (es::BatchRecord& batch : thin.batches)
        batch.minorFaults = 5000;
    QVERIFY(es::diagnoseAllocatorChurn(thin).empty());
    // A failed counter read is not a measurement.
    RunEvidence broken = faultyRun(5000);
    broken.batches[200].minorFaults = -1;
    QVERIFY(es::diagnoseAllocatorChurn(broken).empty());
}

QTEST_MAIN(TestDiagnosisTiming)
#include "tst_diagnosis_timing.moc"
