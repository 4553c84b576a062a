// The pipeline rules (input-bound, transfer-bound, callback-heavy, padding-waste) on made-up
// runs: each
// finds its cause with the numbers and steps that show it, stays quiet without it or below
// its threshold, and gives a patch that the config parser accepts.
#include "engine/config/presets.h"
#include "engine/config/runconfig.h"
#include "engine/diagnosis/rules.h"
#include "tests/support/evidencebuilder.h"
#include "tests/support/testpaths.h"

#include <QtTest/QtTest>

#include <cmath>
#include <limits>
#include <string>

Q_DECLARE_METATYPE(es::Severity)

namespace {

using es::test::StepPhases;

// The builder's default step without data wait or copy: 10 + 20 + 2 + 0.5 ms.
constexpr double kComputeMs = 32.5;

/// The milliseconds a phase must take so that it is `share` of a step made of it and the
/// default compute phases.
double phaseMsForShare(double share)
{
    return kComputeMs * share / (1.0 - share);
}

QString text(const std::string& value)
{
    return QString::fromStdString(value);
}

/// A full, valid config (quick-demo) with `change` merged in, as the stored config would be.
nlohmann::json validConfig(const nlohmann::json& change = nlohmann::json::object())
{
    nlohmann::json config = es::toJson(es::loadPreset("quick-demo"));
    config.merge_patch(change);
    return es::toJson(es::parseRunConfig(config));
}

/// `patch` applied to `config`; fails the test when the parser rejects the result.
nlohmann::json applied(const nlohmann::json& config, const nlohmann::json& patch)
{
    nlohmann::json patched = config;
    patched.merge_patch(patch);
    try {
        es::parseRunConfig(patched);
    } catch (const std::exception& error) {
        qWarning("patched config rejected: %s", error.what());
        return nullptr;
    }
    return patched;
}

/// A steady run whose every step's padding share is `share`, with the config and facts of a
/// text_folder source batched `batching`, padded `padding`, mask_zero as given, and training
/// texts of 40 / 150 / 600 tokens (median, 95th percentile, longest) made 400 long.
es::RunEvidence paddedRun(double share, const std::string& batching = "fixed",
                          const std::string& padding = "post", bool maskZero = true)
{
    es::RunEvidence evidence = es::test::makeSteadyEvidence(3, 20);
    for (es::BatchRecord& step : evidence.batches)
        step.paddingShare = share;
    evidence.config =
        validConfig({{"model",
                      {{"input_shape", nullptr},
                       {"layers",
                        {{{"type", "embedding"},
                          {"input_dim", 1000},
                          {"output_dim", 8},
                          {"mask_zero", maskZero}},
                         {{"type", "lstm"}, {"units", 8}},
                         {{"type", "dense"}, {"units", 1}, {"activation", "sigmoid"}}}}}},
                     {"data",
                      {{"source",
                        {{"type", "text_folder"},
                         {"path", "reviews"},
                         {"samples", nullptr},
                         {"timesteps", nullptr},
                         {"features", nullptr},
                         {"noise", nullptr},
                         {"classes", nullptr}}},
                       {"text", {{"output_sequence_length", 400}, {"padding", padding}}},
                       {"batching", batching}}},
                     {"training", {{"loss", "binary_crossentropy"}, {"metrics", {"accuracy"}}}}});
    es::SequenceFacts& sequences = evidence.facts.sequences;
    sequences.textSource = true;
    sequences.batching = batching;
    sequences.padding = padding;
    sequences.maskZero = maskZero;
    sequences.outputSequenceLength = 400;
    sequences.lengths = {40, 150, 600};
    return evidence;
}

/// A CUDA run whose steps copy `bytes` in `copyMs` each.
es::RunEvidence copyingRun(double copyMs, std::int64_t bytes, const std::string& placement,
                           int prefetch = 0)
{
    StepPhases phases;
    phases.hostToDeviceMs = copyMs;
    es::RunEvidence evidence = es::test::makeSteadyEvidence(3, 20, phases);
    evidence.facts.device = "cuda:0";
    evidence.facts.placement = placement;
    evidence.facts.prefetch = prefetch;
    for (es::BatchRecord& batch : evidence.batches)
        batch.h2dBytes = bytes;
    evidence.config = validConfig({{"device", {{"name", "cuda"}}},
                                   {"data", {{"placement", placement}, {"prefetch", prefetch}}}});
    return evidence;
}

/// Sets every epoch after the first to `wallS` with `callbacks`, and epoch 1 to the same.
void setCallbacks(es::RunEvidence& evidence, const std::vector<es::CallbackCost>& callbacks,
                  double wallS = 1.0)
{
    for (es::EpochRecord& epoch : evidence.epochs) {
        epoch.callbacks = callbacks;
        epoch.wallS = wallS;
    }
}

const nlohmann::json kTwoCheckpoints = nlohmann::json::array({
    {{"type", "early_stopping"}, {"monitor", "val_loss"}, {"patience", 3}},
    {{"type", "model_checkpoint"}, {"filepath", "runs/m-{epoch:02d}.pt"}},
    {{"type", "model_checkpoint"}, {"filepath", "runs/b-{epoch:02d}.pt"}, {"save_freq", 5}},
    {{"type", "csv_logger"}, {"filename", "runs/log.csv"}},
});

/// 3 epochs of 20 steps with kTwoCheckpoints, whose second model_checkpoint saves every 5 steps:
/// its saves stand out in steps 25, 30, ..., 60 of epochs 2 and 3, 12% of each epoch.
es::RunEvidence savesEveryFiveSteps()
{
    es::RunEvidence evidence = es::test::makeEvidence(3, 20, [](int, int batch) {
        StepPhases phases;
        phases.callbacksMs = batch % 5 == 0 ? 30.0 : 0.05;
        return phases;
    });
    evidence.config = validConfig({{"callbacks", kTwoCheckpoints}});
    setCallbacks(evidence, {{"early_stopping", 0.0001, 0, 0},
                            {"model_checkpoint", 0.02, 26'000, 1},
                            {"model_checkpoint", 0.12, 45'300'000, 4},
                            {"csv_logger", 0.002, 400, 1}});
    return evidence;
}

/// The H200 run kept in tests/data (docs/benchmarks-gpu.md): keras-lstm-regression on cuda,
/// host placement, no callbacks, 6 epochs of 125 steps, exported from the run store.
es::RunEvidence measuredGpuRun()
{
    es::RunEvidence evidence;
    QFile file(es::test::testDataPath(QStringLiteral("h200-keras-lstm-regression-run.json")));
    if (!file.open(QIODevice::ReadOnly))
        return evidence;
    const nlohmann::json run = nlohmann::json::parse(file.readAll().toStdString());
    evidence.name = run["name"];
    evidence.config = run["config"];
    evidence.facts.device = run["run"]["device"];
    evidence.facts.placement = run["run"]["placement"];
    evidence.facts.prefetch = run["run"]["prefetch"];
    for (const nlohmann::json& step : run["steps"]) {
        es::BatchRecord batch;
        batch.epoch = step["epoch"];
        batch.batch = step["batch"];
        batch.wallMs = step["wall_ms"];
        batch.h2dBytes = step["h2d_bytes"];
        for (const auto& [key, ms] : step["phase_ms"].items())
            if (const auto phase = es::phaseFromKey(key))
                batch.phaseMs[es::phaseIndex(*phase)] = ms;
        evidence.batches.push_back(batch);
    }
    for (const nlohmann::json& epoch : run["epochs"]) {
        es::EpochRecord record;
        record.epoch = epoch["epoch"];
        record.wallS = epoch["wall_s"];
        record.trainS = epoch["train_s"];
        evidence.epochs.push_back(record);
    }
    return evidence;
}

}  // namespace

class TestDiagnosisPipeline : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // input-bound ---------------------------------------------------------------------------

    void inputBoundSeverity_data()
    {
        QTest::addColumn<double>("share");
        QTest::addColumn<bool>("found");
        QTest::addColumn<es::Severity>("severity");
        QTest::newRow("no wait") << 0.0 << false << es::Severity::Info;
        QTest::newRow("4.9% is below the info threshold") << 0.049 << false << es::Severity::Info;
        QTest::newRow("5.1% is info") << 0.051 << true << es::Severity::Info;
        QTest::newRow("9.9% is still info") << 0.099 << true << es::Severity::Info;
        QTest::newRow("10.1% is a warning") << 0.101 << true << es::Severity::Warning;
        QTest::newRow("29.9% is still a warning") << 0.299 << true << es::Severity::Warning;
        QTest::newRow("30.1% is critical") << 0.301 << true << es::Severity::Critical;
    }

    void inputBoundSeverity()
    {
        QFETCH(double, share);
        QFETCH(bool, found);
        QFETCH(es::Severity, severity);
        StepPhases phases;
        phases.dataWaitMs = phaseMsForShare(share);
        const auto findings = es::diagnoseInputBound(es::test::makeSteadyEvidence(3, 20, phases));
        QCOMPARE(findings.size(), found ? std::size_t(1) : std::size_t(0));
        if (found) {
            QCOMPARE(findings[0].id, std::string("input-bound"));
            QCOMPARE(findings[0].severity, severity);
        }
    }

    void inputBoundEvidenceAndPatch()
    {
        StepPhases phases;
        phases.dataWaitMs = 15.0;  // 15 of 47.5 ms: 31.6%
        es::RunEvidence evidence = es::test::makeSteadyEvidence(3, 20, phases);
        evidence.config = validConfig();
        const auto findings = es::diagnoseInputBound(evidence);
        QCOMPARE(findings.size(), std::size_t(1));
        const es::Finding& finding = findings[0];
        QCOMPARE(finding.severity, es::Severity::Critical);
        const QString said = text(finding.evidence);
        QVERIFY2(said.contains("31.6%"), qPrintable(said));
        QVERIFY2(said.contains("15.00 ms of 47.50 ms per step"), qPrintable(said));
        QVERIFY2(said.contains("40 steady steps"), qPrintable(said));
        // Every steady step waits alike: the range is all of them (epoch 1 left out).
        QVERIFY2(said.contains("steps 21-60"), qPrintable(said));
        QVERIFY2(said.contains("prefetch 0, placement host"), qPrintable(said));
        QCOMPARE(finding.firstStep, std::optional<std::int64_t>(21));
        QCOMPARE(finding.lastStep, std::optional<std::int64_t>(60));
        QVERIFY(!finding.title.empty());
        QVERIFY(finding.title.find('\n') == std::string::npos);

        QCOMPARE(finding.patch, nlohmann::json({{"data", {{"prefetch", 2}}}}));
        const nlohmann::json patched = applied(evidence.config, finding.patch);
        QVERIFY(!patched.is_null());
        QCOMPARE(patched["data"]["prefetch"], nlohmann::json(2));
        QCOMPARE(patched["data"]["placement"], nlohmann::json("host"));
    }

    void inputBoundStepRangeFollowsTheLongWaits()
    {
        // Steps 25-28 (epoch 2, batches 5-8) wait 60 ms, the others 1 ms.
        es::RunEvidence evidence = es::test::makeEvidence(3, 20, [](int epoch, int batch) {
            StepPhases phases;
            phases.dataWaitMs = epoch == 2 && batch >= 5 && batch <= 8 ? 60.0 : 1.0;
            return phases;
        });
        const auto findings = es::diagnoseInputBound(evidence);
        QCOMPARE(findings.size(), std::size_t(1));
        QCOMPARE(findings[0].firstStep, std::optional<std::int64_t>(25));
        QCOMPARE(findings[0].lastStep, std::optional<std::int64_t>(28));
        QVERIFY2(text(findings[0].evidence).contains("steps 25-28"),
                 qPrintable(text(findings[0].evidence)));
    }

    void inputBoundOneEpochSkipsItsFirstTenth()
    {
        StepPhases phases;
        phases.dataWaitMs = 20.0;
        const auto findings = es::diagnoseInputBound(es::test::makeSteadyEvidence(1, 20, phases));
        QCOMPARE(findings.size(), std::size_t(1));
        QCOMPARE(findings[0].firstStep, std::optional<std::int64_t>(3));
        QCOMPARE(findings[0].lastStep, std::optional<std::int64_t>(20));
    }

    void inputBoundPrefetch_data()
    {
        QTest::addColumn<int>("prefetch");
        QTest::addColumn<int>("expected");  // -1: no patch
        QTest::newRow("1 doubles to 2") << 1 << 2;
        QTest::newRow("3 doubles to 6") << 3 << 6;
        QTest::newRow("40 stops at the parser's 64") << 40 << 64;
        QTest::newRow("64 has nowhere to go") << 64 << -1;
    }

    void inputBoundPrefetch()
    {
        QFETCH(int, prefetch);
        QFETCH(int, expected);
        StepPhases phases;
        phases.dataWaitMs = 10.0;
        es::RunEvidence evidence = es::test::makeSteadyEvidence(3, 20, phases);
        evidence.facts.prefetch = prefetch;
        evidence.config = validConfig({{"data", {{"prefetch", prefetch}}}});
        const auto findings = es::diagnoseInputBound(evidence);
        QCOMPARE(findings.size(), std::size_t(1));
        QVERIFY2(text(findings[0].evidence).contains(QString("prefetch %1").arg(prefetch)),
                 qPrintable(text(findings[0].evidence)));
        QVERIFY(!findings[0].recommendation.empty());
        if (expected < 0) {
            QVERIFY(findings[0].patch.is_null());
            return;
        }
        const nlohmann::json patched = applied(evidence.config, findings[0].patch);
        QVERIFY(!patched.is_null());
        QCOMPARE(patched["data"]["prefetch"], nlohmann::json(expected));
    }

    void inputBoundThinEvidence_data()
    {
        QTest::addColumn<int>("what");
        QTest::newRow("no steps") << 0;
        QTest::newRow("one epoch of 4 steps leaves 3 steady steps") << 1;
        QTest::newRow("a NaN wait") << 2;
        QTest::newRow("steps of zero time") << 3;
        QTest::newRow("an infinite wall time") << 4;
    }

    void inputBoundThinEvidence()
    {
        QFETCH(int, what);
        StepPhases phases;
        phases.dataWaitMs = 30.0;
        es::RunEvidence evidence = es::test::makeSteadyEvidence(3, 20, phases);
        const double nan = std::numeric_limits<double>::quiet_NaN();
        switch (what) {
            case 0: evidence = es::test::makeSteadyEvidence(0, 0); break;
            case 1: evidence = es::test::makeSteadyEvidence(1, 4, phases); break;
            case 2: evidence.batches[30].phaseMs[es::phaseIndex(es::Phase::DataWait)] = nan; break;
            case 3:
                for (es::BatchRecord& batch : evidence.batches) {
                    batch.wallMs = 0.0;
                    batch.phaseMs.fill(0.0);
                }
                break;
            case 4: evidence.batches[30].wallMs = std::numeric_limits<double>::infinity(); break;
        }
        QVERIFY(es::diagnoseInputBound(evidence).empty());
    }

    void inputBoundIgnoresTheFirstEpoch()
    {
        // Epoch 1 waits (a cold disk cache); the later ones do not: nothing to change.
        const auto findings =
            es::diagnoseInputBound(es::test::makeEvidence(3, 20, [](int epoch, int) {
                StepPhases phases;
                phases.dataWaitMs = epoch == 1 ? 50.0 : 0.2;
                return phases;
            }));
        QVERIFY(findings.empty());
    }

    // transfer-bound ------------------------------------------------------------------------

    void transferBoundSeverity_data()
    {
        QTest::addColumn<double>("share");
        QTest::addColumn<bool>("found");
        QTest::addColumn<es::Severity>("severity");
        QTest::newRow("4.9% is below the info threshold") << 0.049 << false << es::Severity::Info;
        QTest::newRow("5.1% is info") << 0.051 << true << es::Severity::Info;
        QTest::newRow("9.9% is still info") << 0.099 << true << es::Severity::Info;
        QTest::newRow("10.1% is a warning") << 0.101 << true << es::Severity::Warning;
        QTest::newRow("29.9% is still a warning") << 0.299 << true << es::Severity::Warning;
        QTest::newRow("30.1% is critical") << 0.301 << true << es::Severity::Critical;
    }

    void transferBoundSeverity()
    {
        QFETCH(double, share);
        QFETCH(bool, found);
        QFETCH(es::Severity, severity);
        const auto findings =
            es::diagnoseTransferBound(copyingRun(phaseMsForShare(share), 1'000'000, "host"));
        QCOMPARE(findings.size(), found ? std::size_t(1) : std::size_t(0));
        if (found) {
            QCOMPARE(findings[0].id, std::string("transfer-bound"));
            QCOMPARE(findings[0].severity, severity);
        }
    }

    void transferBoundHostEvidenceAndPatch()
    {
        // 100 MiB per step in 12 ms: 12 of 44.5 ms (27.0%) at 8.74 GB/s.
        const es::RunEvidence evidence = copyingRun(12.0, 104'857'600, "host");
        const auto findings = es::diagnoseTransferBound(evidence);
        QCOMPARE(findings.size(), std::size_t(1));
        const es::Finding& finding = findings[0];
        QCOMPARE(finding.severity, es::Severity::Warning);
        const QString said = text(finding.evidence);
        QVERIFY2(said.contains("27.0%"), qPrintable(said));
        QVERIFY2(said.contains("12.00 ms of 44.50 ms per step"), qPrintable(said));
        QVERIFY2(said.contains("104.9 MB per step (median)"), qPrintable(said));
        QVERIFY2(said.contains("8.74 GB/s effective"), qPrintable(said));
        QVERIFY2(said.contains("the dataset lives on the host (pageable memory) and is copied "
                               "every batch"),
                 qPrintable(said));
        QVERIFY2(said.contains("steps 21-60"), qPrintable(said));
        QCOMPARE(finding.firstStep, std::optional<std::int64_t>(21));
        QCOMPARE(finding.lastStep, std::optional<std::int64_t>(60));

        QCOMPARE(finding.patch, nlohmann::json({{"data", {{"placement", "device"}}}}));
        const nlohmann::json patched = applied(evidence.config, finding.patch);
        QVERIFY(!patched.is_null());
        QCOMPARE(patched["data"]["placement"], nlohmann::json("device"));
        const QString recommended = text(finding.recommendation);
        QVERIFY2(recommended.contains("fit in device memory"), qPrintable(recommended));
        // The fallback named in the recommendation is a valid config too.
        QVERIFY2(recommended.contains("\"placement\": \"pinned\", \"prefetch\": 2"),
                 qPrintable(recommended));
        QVERIFY(!applied(evidence.config, {{"data", {{"placement", "pinned"}, {"prefetch", 2}}}})
                     .is_null());
    }

    void transferBoundPinned()
    {
        const auto blocking = es::diagnoseTransferBound(copyingRun(12.0, 1'000'000, "pinned"));
        QCOMPARE(blocking.size(), std::size_t(1));
        QVERIFY2(text(blocking[0].evidence).contains("pinned memory) and is copied every batch"),
                 qPrintable(text(blocking[0].evidence)));
        QCOMPARE(blocking[0].patch, nlohmann::json({{"data", {{"placement", "device"}}}}));

        // Copied ahead on the loader thread: the fallback is already in use.
        const auto ahead = es::diagnoseTransferBound(copyingRun(12.0, 1'000'000, "pinned", 2));
        QCOMPARE(ahead.size(), std::size_t(1));
        QVERIFY2(text(ahead[0].evidence).contains("copied ahead by the loader thread"),
                 qPrintable(text(ahead[0].evidence)));
        QVERIFY(!text(ahead[0].recommendation).contains("When it does not fit"));
        QCOMPARE(ahead[0].patch, nlohmann::json({{"data", {{"placement", "device"}}}}));
    }

    void transferBoundNeedsACopy_data()
    {
        QTest::addColumn<QString>("placement");
        QTest::addColumn<std::int64_t>("bytes");
        QTest::addColumn<QString>("device");
        QTest::newRow("no bytes recorded (the CPU engine's records)")
            << "host" << std::int64_t(0) << "cpu";
        QTest::newRow("no bytes on a GPU") << "host" << std::int64_t(0) << "cuda:0";
        QTest::newRow("placement device copies nothing per step")
            << "device" << std::int64_t(1'000'000) << "cuda:0";
    }

    void transferBoundNeedsACopy()
    {
        QFETCH(QString, placement);
        QFETCH(std::int64_t, bytes);
        QFETCH(QString, device);
        es::RunEvidence evidence = copyingRun(20.0, bytes, placement.toStdString());
        evidence.facts.device = device.toStdString();
        QVERIFY(es::diagnoseTransferBound(evidence).empty());
    }

    void transferBoundOnTheCpu()
    {
        // Records that carry bytes on the CPU: "device" only removes the copy of contiguous
        // (unshuffled) batches, so it is the patch only then.
        es::RunEvidence shuffled = copyingRun(20.0, 1'000'000, "host");
        shuffled.facts.device = "cpu";
        shuffled.config = validConfig();
        const auto withShuffle = es::diagnoseTransferBound(shuffled);
        QCOMPARE(withShuffle.size(), std::size_t(1));
        QVERIFY(withShuffle[0].patch.is_null());

        es::RunEvidence ordered = shuffled;
        ordered.config = validConfig({{"data", {{"shuffle", false}}}});
        const auto withoutShuffle = es::diagnoseTransferBound(ordered);
        QCOMPARE(withoutShuffle.size(), std::size_t(1));
        const nlohmann::json patched = applied(ordered.config, withoutShuffle[0].patch);
        QVERIFY(!patched.is_null());
        QCOMPARE(patched["data"]["placement"], nlohmann::json("device"));
    }

    void transferBoundThinEvidence()
    {
        QVERIFY(es::diagnoseTransferBound(es::test::makeSteadyEvidence(0, 0)).empty());
        es::RunEvidence short_ = copyingRun(20.0, 1'000'000, "host");
        short_.batches.resize(4);  // one epoch of 4: 3 steady steps
        QVERIFY(es::diagnoseTransferBound(short_).empty());
        es::RunEvidence nan = copyingRun(20.0, 1'000'000, "host");
        nan.batches[40].phaseMs[es::phaseIndex(es::Phase::HostToDevice)] =
            std::numeric_limits<double>::quiet_NaN();
        QVERIFY(es::diagnoseTransferBound(nan).empty());
    }

    void measuredGpuRunIsNotTransferBound()
    {
        // On the H200 the 131 kB batch copies in 0.05 ms of a 3.1 ms step (1.8%) and the
        // data wait is 1.5%: below every threshold.
        es::RunEvidence evidence = measuredGpuRun();
        QCOMPARE(evidence.batches.size(), std::size_t(750));
        QVERIFY(es::diagnoseTransferBound(evidence).empty());
        QVERIFY(es::diagnoseInputBound(evidence).empty());
        QVERIFY(es::diagnoseCallbackHeavy(evidence).empty());

        // The same steps with a copy of 1 ms each: the rule now reads it, at the rate those
        // bytes over that time give (131.3 kB per ms).
        for (es::BatchRecord& batch : evidence.batches) {
            double& copyMs = batch.phaseMs[es::phaseIndex(es::Phase::HostToDevice)];
            batch.wallMs += 1.0 - copyMs;
            copyMs = 1.0;
        }
        const auto findings = es::diagnoseTransferBound(evidence);
        QCOMPARE(findings.size(), std::size_t(1));
        QCOMPARE(findings[0].severity, es::Severity::Warning);
        QVERIFY2(text(findings[0].evidence).contains("131.3 kB per step (median), 0.13 GB/s"),
                 qPrintable(text(findings[0].evidence)));
        QCOMPARE(findings[0].firstStep, std::optional<std::int64_t>(126));
        QCOMPARE(findings[0].lastStep, std::optional<std::int64_t>(750));
        QVERIFY(!applied(evidence.config, findings[0].patch).is_null());
    }

    // callback-heavy ------------------------------------------------------------------------

    void callbackHeavySeverity_data()
    {
        QTest::addColumn<double>("share");
        QTest::addColumn<bool>("found");
        QTest::addColumn<es::Severity>("severity");
        QTest::newRow("4.9% is below the info threshold") << 0.049 << false << es::Severity::Info;
        QTest::newRow("5.1% is info") << 0.051 << true << es::Severity::Info;
        QTest::newRow("9.9% is still info") << 0.099 << true << es::Severity::Info;
        QTest::newRow("10.1% is a warning") << 0.101 << true << es::Severity::Warning;
        QTest::newRow("29.9% is still a warning") << 0.299 << true << es::Severity::Warning;
        QTest::newRow("30.1% is critical") << 0.301 << true << es::Severity::Critical;
    }

    void callbackHeavySeverity()
    {
        QFETCH(double, share);
        QFETCH(bool, found);
        QFETCH(es::Severity, severity);
        es::RunEvidence evidence = es::test::makeSteadyEvidence(3, 20);
        setCallbacks(evidence, {{"csv_logger", share * 2.0, 300, 1}}, 2.0);
        const auto findings = es::diagnoseCallbackHeavy(evidence);
        QCOMPARE(findings.size(), found ? std::size_t(1) : std::size_t(0));
        if (found) {
            QCOMPARE(findings[0].id, std::string("callback-heavy"));
            QCOMPARE(findings[0].severity, severity);
        }
    }

    void callbackHeavyCheckpointEverySteps()
    {
        const es::RunEvidence evidence = savesEveryFiveSteps();
        const auto findings = es::diagnoseCallbackHeavy(evidence);
        QCOMPARE(findings.size(), std::size_t(1));
        const es::Finding& finding = findings[0];
        QCOMPARE(finding.severity, es::Severity::Warning);
        const QString said = text(finding.evidence);
        QVERIFY2(said.startsWith("model_checkpoint#2: 0.12 s and 45.3 MB per epoch (12% of the "
                                 "epoch), 4 saves per epoch"),
                 qPrintable(said));
        QVERIFY2(said.contains("epochs 2-3"), qPrintable(said));
        QVERIFY2(said.contains("steps 25-60"), qPrintable(said));
        QCOMPARE(finding.firstStep, std::optional<std::int64_t>(25));
        QCOMPARE(finding.lastStep, std::optional<std::int64_t>(60));

        const nlohmann::json patched = applied(evidence.config, finding.patch);
        QVERIFY(!patched.is_null());
        nlohmann::json expected = evidence.config;
        expected["callbacks"][2]["save_freq"] = "epoch";
        QCOMPARE(patched, expected);

        // A filepath that names {batch} would be a config error with save_freq "epoch": the
        // patch takes the field out with its separator, and the recommendation says so.
        es::RunEvidence batchNamed = evidence;
        batchNamed.config["callbacks"][2]["filepath"] = "runs/b-{epoch:02d}-{batch:04d}.pt";
        QVERIFY(!applied(batchNamed.config, nlohmann::json::object()).is_null());
        const auto named = es::diagnoseCallbackHeavy(batchNamed);
        QCOMPARE(named.size(), std::size_t(1));
        const nlohmann::json namedPatched = applied(batchNamed.config, named[0].patch);
        QVERIFY2(!namedPatched.is_null(), named[0].patch.dump().c_str());
        QCOMPARE(namedPatched["callbacks"][2]["filepath"], nlohmann::json("runs/b-{epoch:02d}.pt"));
        QCOMPARE(namedPatched["callbacks"][2]["save_freq"], nlohmann::json("epoch"));
        QVERIFY2(text(named[0].recommendation).contains("{batch}"),
                 qPrintable(text(named[0].recommendation)));
        QVERIFY2(text(named[0].recommendation).contains("runs/b-{epoch:02d}.pt"),
                 qPrintable(text(named[0].recommendation)));
    }

    // Each {batch} field of a checkpoint's filepath goes, with the one separator before it;
    // what only looks like one stays.
    void callbackHeavyTakesEachBatchFieldOut_data()
    {
        QTest::addColumn<QString>("filepath");
        QTest::addColumn<QString>("patched");
        QTest::newRow("dash, spec") << "runs/b-{epoch:02d}-{batch:04d}.pt"
                                    << "runs/b-{epoch:02d}.pt";
        QTest::newRow("underscore") << "runs/e{epoch}_{batch}.pt"
                                    << "runs/e{epoch}.pt";
        QTest::newRow("dot, type only") << "runs/e{epoch}.{batch:d}.pt"
                                        << "runs/e{epoch}.pt";
        QTest::newRow("first, no separator") << "runs/{batch}-{epoch}.pt"
                                             << "runs/-{epoch}.pt";
        QTest::newRow("twice") << "runs/{batch}{batch:02d}-{epoch}.pt"
                               << "runs/-{epoch}.pt";
        QTest::newRow("one separator of two") << "runs/-_{batch}-{epoch}.pt"
                                              << "runs/--{epoch}.pt";
        QTest::newRow("the word, no field") << "runs/batch-{epoch}.pt"
                                            << "runs/batch-{epoch}.pt";
    }

    void callbackHeavyTakesEachBatchFieldOut()
    {
        QFETCH(QString, filepath);
        QFETCH(QString, patched);
        es::RunEvidence evidence = savesEveryFiveSteps();
        evidence.config["callbacks"][2]["filepath"] = filepath.toStdString();
        QVERIFY(!applied(evidence.config, nlohmann::json::object()).is_null());
        const auto findings = es::diagnoseCallbackHeavy(evidence);
        QCOMPARE(findings.size(), std::size_t(1));
        const nlohmann::json result = applied(evidence.config, findings[0].patch);
        QVERIFY2(!result.is_null(), findings[0].patch.dump().c_str());
        QCOMPARE(QString::fromStdString(result["callbacks"][2]["filepath"].get<std::string>()),
                 patched);
        QCOMPARE(result["callbacks"][2]["save_freq"], nlohmann::json("epoch"));
    }

    void callbackHeavyCheckpointWeightsOnly()
    {
        es::RunEvidence evidence = es::test::makeSteadyEvidence(3, 20);
        evidence.config = validConfig({{"callbacks", kTwoCheckpoints}});
        setCallbacks(evidence, {{"early_stopping", 0.0001, 0, 0},
                                {"model_checkpoint", 0.35, 80'000'000, 1},
                                {"model_checkpoint", 0.01, 100'000, 1},
                                {"csv_logger", 0.002, 400, 1}});
        const auto findings = es::diagnoseCallbackHeavy(evidence);
        QCOMPARE(findings.size(), std::size_t(1));
        const es::Finding& finding = findings[0];
        QCOMPARE(finding.severity, es::Severity::Critical);
        QVERIFY2(text(finding.evidence)
                     .startsWith("model_checkpoint: 0.35 s and 80.0 MB per epoch (35% of the "
                                 "epoch), 1 save per epoch"),
                 qPrintable(text(finding.evidence)));
        // Saved at epoch ends only: no steps to point at.
        QVERIFY(!finding.firstStep);
        QVERIFY(!finding.lastStep);
        const nlohmann::json patched = applied(evidence.config, finding.patch);
        QVERIFY(!patched.is_null());
        nlohmann::json expected = evidence.config;
        expected["callbacks"][1]["save_weights_only"] = true;
        QCOMPARE(patched, expected);

        // Already weights only: nothing left in the config to change.
        es::RunEvidence light = evidence;
        light.config["callbacks"][1]["save_weights_only"] = true;
        const auto again = es::diagnoseCallbackHeavy(light);
        QCOMPARE(again.size(), std::size_t(1));
        QVERIFY(again[0].patch.is_null());
        QVERIFY(!again[0].recommendation.empty());
    }

    void callbackHeavyBackupEverySteps()
    {
        es::RunEvidence evidence = es::test::makeSteadyEvidence(2, 20);
        evidence.config = validConfig({{"callbacks",
                                        {{{"type", "backup_and_restore"},
                                          {"backup_dir", "runs/backup"},
                                          {"save_freq", 2}}}}});
        setCallbacks(evidence, {{"backup_and_restore", 0.2, 10'000'000, 10}});
        const auto findings = es::diagnoseCallbackHeavy(evidence);
        QCOMPARE(findings.size(), std::size_t(1));
        QVERIFY2(text(findings[0].evidence).contains("10 saves per epoch"),
                 qPrintable(text(findings[0].evidence)));
        QVERIFY2(text(findings[0].evidence).contains("epoch 2"),
                 qPrintable(text(findings[0].evidence)));
        const nlohmann::json patched = applied(evidence.config, findings[0].patch);
        QVERIFY(!patched.is_null());
        QCOMPARE(patched["callbacks"][0]["save_freq"], nlohmann::json("epoch"));
        QCOMPARE(patched["callbacks"][0]["backup_dir"], nlohmann::json("runs/backup"));
    }

    void callbackHeavyCsvLoggerHasNoPatch()
    {
        es::RunEvidence evidence = es::test::makeSteadyEvidence(3, 20);
        evidence.config = validConfig({{"callbacks", kTwoCheckpoints}});
        setCallbacks(evidence, {{"early_stopping", 0.0001, 0, 0},
                                {"model_checkpoint", 0.01, 26'000, 1},
                                {"model_checkpoint", 0.01, 26'000, 1},
                                {"csv_logger", 0.08, 2'000'000, 1}});
        const auto findings = es::diagnoseCallbackHeavy(evidence);
        QCOMPARE(findings.size(), std::size_t(1));
        QCOMPARE(findings[0].severity, es::Severity::Info);
        QVERIFY2(text(findings[0].evidence).startsWith("csv_logger: 0.08 s and 2.0 MB per epoch"),
                 qPrintable(text(findings[0].evidence)));
        QVERIFY2(text(findings[0].evidence).contains("1 file write per epoch"),
                 qPrintable(text(findings[0].evidence)));
        QVERIFY(findings[0].patch.is_null());
        QVERIFY(text(findings[0].recommendation).contains("csv_logger"));
    }

    void callbackHeavyOneFindingPerCallback()
    {
        es::RunEvidence evidence = es::test::makeSteadyEvidence(3, 20);
        evidence.config = validConfig({{"callbacks", kTwoCheckpoints}});
        setCallbacks(evidence, {{"early_stopping", 0.0001, 0, 0},
                                {"model_checkpoint", 0.2, 26'000, 1},
                                {"model_checkpoint", 0.4, 26'000, 4},
                                {"csv_logger", 0.06, 400, 1}});
        const auto findings = es::diagnoseCallbackHeavy(evidence);
        QCOMPARE(findings.size(), std::size_t(3));
        QVERIFY(text(findings[0].evidence).startsWith("model_checkpoint: "));
        QVERIFY(text(findings[1].evidence).startsWith("model_checkpoint#2: "));
        QVERIFY(text(findings[2].evidence).startsWith("csv_logger: "));
        QCOMPARE(findings[0].severity, es::Severity::Warning);
        QCOMPARE(findings[1].severity, es::Severity::Critical);
        QCOMPARE(findings[2].severity, es::Severity::Info);
    }

    void callbackHeavyLeavesEpochOneOut()
    {
        // Epoch 1's save is slow (the directory is created, the disk cache is cold); the
        // later ones are not.
        es::RunEvidence evidence = es::test::makeSteadyEvidence(3, 20);
        setCallbacks(evidence, {{"model_checkpoint", 0.01, 26'000, 1}});
        evidence.epochs[0].callbacks[0].seconds = 0.5;
        QVERIFY(es::diagnoseCallbackHeavy(evidence).empty());

        // A one-epoch run has only that epoch to measure.
        es::RunEvidence single = es::test::makeSteadyEvidence(1, 20);
        setCallbacks(single, {{"model_checkpoint", 0.5, 26'000, 1}});
        const auto findings = es::diagnoseCallbackHeavy(single);
        QCOMPARE(findings.size(), std::size_t(1));
        QVERIFY2(text(findings[0].evidence).contains("epoch 1"),
                 qPrintable(text(findings[0].evidence)));
        QVERIFY(findings[0].patch.is_null());  // the made-up config lists no callbacks
    }

    void callbackHeavyThinEvidence_data()
    {
        QTest::addColumn<int>("what");
        QTest::newRow("no epochs") << 0;
        QTest::newRow("no callbacks") << 1;
        QTest::newRow("epochs of zero time") << 2;
        QTest::newRow("a NaN callback time") << 3;
        QTest::newRow("a NaN epoch time") << 4;
    }

    void callbackHeavyThinEvidence()
    {
        QFETCH(int, what);
        es::RunEvidence evidence = es::test::makeSteadyEvidence(3, 20);
        setCallbacks(evidence, {{"model_checkpoint", 0.5, 26'000, 1}});
        const double nan = std::numeric_limits<double>::quiet_NaN();
        switch (what) {
            case 0: evidence.epochs.clear(); break;
            case 1: setCallbacks(evidence, {}); break;
            case 2: setCallbacks(evidence, {{"model_checkpoint", 0.5, 26'000, 1}}, 0.0); break;
            case 3: evidence.epochs[2].callbacks[0].seconds = nan; break;
            case 4: evidence.epochs[1].wallS = nan; break;
        }
        QVERIFY(es::diagnoseCallbackHeavy(evidence).empty());
    }

    // padding-waste -------------------------------------------------------------------------

    void paddingWasteSeverity_data()
    {
        QTest::addColumn<double>("share");
        QTest::addColumn<bool>("found");
        QTest::addColumn<es::Severity>("severity");
        QTest::newRow("float features record none") << 0.0 << false << es::Severity::Info;
        QTest::newRow("9.9% is below the info threshold") << 0.099 << false << es::Severity::Info;
        QTest::newRow("10.1% is info") << 0.101 << true << es::Severity::Info;
        QTest::newRow("25.1% is a warning") << 0.251 << true << es::Severity::Warning;
        QTest::newRow("50.1% is critical") << 0.501 << true << es::Severity::Critical;
        QTest::newRow("a share above 1 is no record") << 1.5 << false << es::Severity::Info;
        QTest::newRow("NaN is no record")
            << std::numeric_limits<double>::quiet_NaN() << false << es::Severity::Info;
    }

    void paddingWasteSeverity()
    {
        QFETCH(double, share);
        QFETCH(bool, found);
        QFETCH(es::Severity, severity);
        const auto findings = es::diagnosePaddingWaste(paddedRun(share));
        QCOMPARE(findings.size(), found ? std::size_t(1) : std::size_t(0));
        if (found) {
            QCOMPARE(findings[0].id, std::string("padding-waste"));
            QCOMPARE(findings[0].severity, severity);
        }
    }

    void paddingWastePatches_data()
    {
        QTest::addColumn<QString>("batching");
        QTest::addColumn<QString>("padding");
        QTest::addColumn<bool>("maskZero");
        QTest::addColumn<QByteArray>("patch");
        QTest::newRow("fixed, masked: by length")
            << "fixed"
            << "post" << true << QByteArray(R"({"data":{"batching":"by_length"}})");
        QTest::newRow("no mask: the 95th percentile")
            << "fixed"
            << "post" << false << QByteArray(R"({"data":{"text":{"output_sequence_length":150}}})");
        QTest::newRow("padded before: the 95th percentile")
            << "fixed"
            << "pre" << true << QByteArray(R"({"data":{"text":{"output_sequence_length":150}}})");
        QTest::newRow("already by length: the 95th percentile")
            << "by_length"
            << "post" << true << QByteArray(R"({"data":{"text":{"output_sequence_length":150}}})");
    }

    void paddingWastePatches()
    {
        QFETCH(QString, batching);
        QFETCH(QString, padding);
        QFETCH(bool, maskZero);
        QFETCH(QByteArray, patch);
        const es::RunEvidence evidence =
            paddedRun(0.6, batching.toStdString(), padding.toStdString(), maskZero);
        const auto findings = es::diagnosePaddingWaste(evidence);
        QCOMPARE(findings.size(), std::size_t(1));
        QCOMPARE(findings[0].patch, nlohmann::json::parse(patch.toStdString()));
        QVERIFY(!applied(evidence.config, findings[0].patch).is_null());
        const QString said = text(findings[0].evidence);
        QVERIFY2(said.contains("60.0% of the time steps of the 40 steady steps"), qPrintable(said));
        QVERIFY2(
            said.contains("40 tokens at the median, 150 at the 95th percentile and 600 at most"),
            qPrintable(said));
    }

    void paddingWasteWithoutTextHasNoPatch()
    {
        es::RunEvidence evidence = paddedRun(0.6);
        evidence.facts.sequences = {};  // token ids from .npy files
        const auto findings = es::diagnosePaddingWaste(evidence);
        QCOMPARE(findings.size(), std::size_t(1));
        QVERIFY(findings[0].patch.is_null());
        QVERIFY(!findings[0].recommendation.empty());
    }
};

QTEST_MAIN(TestDiagnosisPipeline)
#include "tst_diagnosis_pipeline.moc"
