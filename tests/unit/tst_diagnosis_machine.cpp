// The diagnosis rules about the machine and the kernels: unfused-lstm, threads,
// low-efficiency, memory-growth and memory-headroom, on made-up runs
// (tests/support/evidencebuilder.h).
#include "engine/config/presets.h"
#include "engine/config/runconfig.h"
#include "engine/diagnosis/batchpeaks.h"
#include "engine/diagnosis/diagnosis.h"
#include "engine/diagnosis/rules.h"
#include "engine/model/backendchoice.h"
#include "engine/store/runstore.h"
#include "tests/support/evidencebuilder.h"

#include <QtTest/QtTest>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace {

using es::test::StepPhases;

/// No finding expected, in the `severity` columns.
constexpr int kNone = -1;

int severityOf(const es::Finding& finding)
{
    return static_cast<int>(finding.severity);
}

bool contains(const std::string& text, const std::string& part)
{
    return text.find(part) != std::string::npos;
}

/// `text` with the string it was searched in, so a failure shows both.
#define QVERIFY_CONTAINS(text, part)                           \
    QVERIFY2(contains((text), (part)),                         \
             qPrintable(QStringLiteral("\"%1\" not in \"%2\"") \
                            .arg(QString::fromStdString(part), QString::fromStdString(text))))

/// The full config of a preset, as a stored run has it: the base a patch must keep valid.
nlohmann::json quickDemoConfig()
{
    return es::toJson(es::loadPreset("quick-demo"));
}

/// `config` with `patch` applied as a JSON merge patch, after checking that the engine's
/// parser accepts the result.
nlohmann::json appliedPatch(nlohmann::json config, const nlohmann::json& patch)
{
    config.merge_patch(patch);
    try {
        es::parseRunConfig(config);
    } catch (const std::exception& error) {
        QTest::qFail(qPrintable(QStringLiteral("patched config rejected: %1").arg(error.what())),
                     __FILE__, __LINE__);
    }
    return config;
}

/// Three epochs of eight steps; steps 9-24 are the steady state.
es::RunEvidence threeEpochs(StepPhases phases = {})
{
    es::RunEvidence evidence = es::test::makeSteadyEvidence(3, 8, phases);
    evidence.config = quickDemoConfig();
    return evidence;
}

// --- threads -----------------------------------------------------------------------------

/// One thread's CPU share in every sample.
struct ThreadShare {
    int tid = 0;
    std::string name;
    double cpuPct = 0.0;
};

/// Steps of about 100 ms, so that samples 100 ms apart fall inside the run.
StepPhases slowSteps()
{
    StepPhases phases;
    phases.forwardMs = 40.0;
    phases.backwardMs = 60.0;
    return phases;
}

/// A CPU run on `cores` cores with as many intra-op threads, and a sample every 100 ms while
/// it trained (the first 50 ms in), `count` of them, each with `threads` at their shares.
es::RunEvidence sampledRun(int cores, const std::vector<ThreadShare>& threads, int count = 24,
                           double processCpuPct = 180.0)
{
    es::RunEvidence evidence = threeEpochs(slowSteps());
    evidence.facts.physicalCores = cores;
    evidence.facts.logicalCores = cores;
    evidence.facts.intraOpThreads = cores;
    evidence.config["device"]["intra_op_threads"] = 0;
    for (int i = 0; i < count; ++i) {
        es::SystemSample sample;
        sample.tS = 0.05 + 0.1 * i;
        sample.processCpuPct = processCpuPct;
        sample.machineCpuPct = processCpuPct / cores;
        for (const ThreadShare& share : threads)
            sample.threads.push_back({share.tid, share.name, share.cpuPct});
        evidence.samples.push_back(sample);
    }
    return evidence;
}

std::vector<es::Finding> findingsOfSeverity(const std::vector<es::Finding>& findings,
                                            es::Severity severity)
{
    std::vector<es::Finding> matching;
    for (const es::Finding& finding : findings)
        if (finding.severity == severity)
            matching.push_back(finding);
    return matching;
}

// --- low-efficiency ------------------------------------------------------------------------

/// GFLOP/s the made-up run achieves: 1 GFLOP per batch over its 32.5 ms steps.
double achievedGflops()
{
    const es::RunEvidence evidence = threeEpochs();
    return evidence.facts.trainingFlopsPerBatch / (*es::steadyStepMs(evidence) / 1000.0) / 1e9;
}

es::RunEvidence runWithPeak(double peakGflops)
{
    es::RunEvidence evidence = threeEpochs();
    evidence.peakGflops = peakGflops;
    evidence.peakSource =
        "SGEMM 1024^3 through oneDNN, measured now on this machine with 2 threads";
    return evidence;
}

}  // namespace

Q_DECLARE_METATYPE(std::vector<ThreadShare>)

class TestDiagnosisMachine : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void rulesAreRegistered()
    {
        std::vector<std::string> ids;
        for (const es::DiagnosisRuleInfo& rule : es::diagnosisRules())
            ids.emplace_back(rule.id);
        for (const char* id : {"unfused-lstm", "threads", "low-efficiency"})
            QVERIFY2(std::find(ids.begin(), ids.end(), id) != ids.end(), id);
    }

    // --- unfused-lstm ----------------------------------------------------------------------

    void unfusedCpu_data()
    {
        QTest::addColumn<double>("dataWaitMs");
        QTest::addColumn<int>("severity");
        QTest::addColumn<QString>("share");
        // Default steps: Forward 10 + Backward 20 of 32.5 ms.
        QTest::newRow("compute-bound: 92% warns")
            << 0.0 << int(es::Severity::Warning) << "92% of the steady step time";
        QTest::newRow("exactly half warns") << 27.5 << int(es::Severity::Warning) << "50%";
        QTest::newRow("just under half is info") << 27.6 << int(es::Severity::Info) << "50%";
        QTest::newRow("input-bound: 41% is info") << 40.0 << int(es::Severity::Info) << "41%";
    }

    void unfusedCpu()
    {
        QFETCH(double, dataWaitMs);
        QFETCH(int, severity);
        QFETCH(QString, share);
        StepPhases phases;
        phases.dataWaitMs = dataWaitMs;
        const es::RunEvidence evidence = threeEpochs(phases);
        const std::vector<es::Finding> findings = es::diagnoseUnfusedLstm(evidence);
        QCOMPARE(findings.size(), std::size_t(1));
        const es::Finding& finding = findings.front();
        QCOMPARE(finding.id, std::string("unfused-lstm"));
        QCOMPARE(severityOf(finding), severity);
        QVERIFY_CONTAINS(finding.evidence, std::string("backend libtorch"));
        QVERIFY_CONTAINS(finding.evidence, evidence.facts.backendReason);
        QVERIFY_CONTAINS(finding.evidence, share.toStdString());
        QVERIFY_CONTAINS(finding.evidence, std::string("steps 9-24"));
        QCOMPARE(finding.firstStep, std::optional<std::int64_t>(9));
        QCOMPARE(finding.lastStep, std::optional<std::int64_t>(24));
        // A build with oneDNN offers the fused backend as the fix; one without says how to
        // get it and offers no patch it could not train.
        QVERIFY_CONTAINS(finding.recommendation, std::string("oneDNN"));
        if (es::oneDnnBuilt()) {
            QCOMPARE(finding.patch, nlohmann::json({{"backend", "onednn"}}));
            QCOMPARE(appliedPatch(evidence.config, finding.patch)["backend"],
                     nlohmann::json("onednn"));
        } else {
            QVERIFY(finding.patch.is_null());
            QVERIFY_CONTAINS(finding.recommendation, std::string("EPOCHSCOPE_WITH_ONEDNN"));
        }
        QVERIFY(!finding.title.empty() && !contains(finding.title, "\n"));
    }

    void unfusedCpuEvidenceNumbers()
    {
        const std::vector<es::Finding> findings = es::diagnoseUnfusedLstm(threeEpochs());
        QCOMPARE(findings.size(), std::size_t(1));
        QVERIFY_CONTAINS(findings.front().evidence, std::string("30.0 of 32.5 ms per step"));
    }

    void unfusedOneEpochSkipsTheFirstTenth()
    {
        es::RunEvidence evidence = es::test::makeSteadyEvidence(1, 20);
        const std::vector<es::Finding> findings = es::diagnoseUnfusedLstm(evidence);
        QCOMPARE(findings.size(), std::size_t(1));
        QCOMPARE(findings.front().firstStep, std::optional<std::int64_t>(3));
        QCOMPARE(findings.front().lastStep, std::optional<std::int64_t>(20));
    }

    // LibTorch 2.x runs its own CPU LSTM through oneDNN (kernel "libtorch_fused"): no finding
    // calls that unfused, here or in low-efficiency's advice; a GRU beside it on LibTorch's
    // kernels still is.
    void libTorchFusedLstmIsNotUnfused_data()
    {
        QTest::addColumn<QStringList>("kernels");
        QTest::addColumn<bool>("unfused");
        QTest::newRow("fused lstm") << QStringList{"libtorch_fused"} << false;
        QTest::newRow("two fused lstms")
            << QStringList{"libtorch_fused", "libtorch_fused"} << false;
        QTest::newRow("fused lstm, gru on libtorch")
            << QStringList{"libtorch_fused", "libtorch"} << true;
        QTest::newRow("lstm on libtorch (1.13)") << QStringList{"libtorch"} << true;
        QTest::newRow("fused lstm, step loop layer")
            << QStringList{"libtorch_fused", "step_loop"} << false;
    }

    void libTorchFusedLstmIsNotUnfused()
    {
        QFETCH(QStringList, kernels);
        QFETCH(bool, unfused);
        // A low rate against the peak, so that low-efficiency speaks and gives its advice.
        es::RunEvidence evidence = runWithPeak(achievedGflops() / 0.04);
        evidence.facts.recurrentLayers.clear();
        for (int i = 0; i < kernels.size(); ++i) {
            es::RecurrentLayerFact layer;
            layer.layer = "layer_" + std::to_string(i + 1);
            layer.index = static_cast<std::size_t>(i);
            layer.kernel = kernels[i].toStdString();
            evidence.facts.recurrentLayers.push_back(layer);
        }
        QCOMPARE(es::ranUnfusedOnLibTorchCpu(evidence.facts), unfused);
        QCOMPARE(es::diagnoseUnfusedLstm(evidence).size(), std::size_t(unfused ? 1 : 0));
        const std::vector<es::Finding> lowEfficiency = es::diagnoseLowEfficiency(evidence);
        QCOMPARE(lowEfficiency.size(), std::size_t(1));
        QCOMPARE(contains(lowEfficiency.front().recommendation, "run unfused"), unfused);
    }

    void unfusedCudnnOffByConfig()
    {
        es::RunEvidence evidence = threeEpochs();
        evidence.facts.device = "cuda:0";
        evidence.facts.cudnn = "off: device.cudnn is false (unfused LSTM kernels)";
        evidence.config["device"]["cudnn"] = false;
        const std::vector<es::Finding> findings = es::diagnoseUnfusedLstm(evidence);
        QCOMPARE(findings.size(), std::size_t(1));
        const es::Finding& finding = findings.front();
        QCOMPARE(finding.id, std::string("unfused-lstm"));
        QCOMPARE(finding.severity, es::Severity::Warning);
        QVERIFY_CONTAINS(finding.evidence, evidence.facts.cudnn);
        QVERIFY_CONTAINS(finding.evidence, std::string("92%"));
        QCOMPARE(finding.patch, nlohmann::json({{"device", {{"cudnn", true}}}}));
        const nlohmann::json patched = appliedPatch(evidence.config, finding.patch);
        QCOMPARE(patched["device"]["cudnn"], nlohmann::json(true));
        QCOMPARE(patched["model"], evidence.config["model"]);
    }

    void unfusedCudnnOffOutsideTheConfig()
    {
        es::RunEvidence evidence = threeEpochs();
        evidence.facts.device = "cuda:0";
        evidence.facts.cudnn = "off: cuDNN is not available to this LibTorch";
        const std::vector<es::Finding> findings = es::diagnoseUnfusedLstm(evidence);
        QCOMPARE(findings.size(), std::size_t(1));
        QVERIFY(findings.front().patch.is_null());
        QVERIFY_CONTAINS(findings.front().recommendation, evidence.facts.cudnn);
    }

    void unfusedAbsent_data()
    {
        QTest::addColumn<QString>("change");
        QTest::newRow("no LSTM in the model") << "no-lstm";
        QTest::newRow("a fused CPU backend") << "onednn";
        QTest::newRow("backend not recorded") << "no-backend";
        QTest::newRow("CUDA with cuDNN on") << "cudnn-on";
        QTest::newRow("CUDA, cuDNN not recorded") << "cudnn-unknown";
        QTest::newRow("no steps") << "no-steps";
        QTest::newRow("4 steady steps are too few") << "few-steps";
        QTest::newRow("NaN step time") << "nan";
        QTest::newRow("Forward+Backward above the wall time") << "broken";
    }

    void unfusedAbsent()
    {
        QFETCH(QString, change);
        es::RunEvidence evidence = threeEpochs();
        if (change == "no-lstm") {
            evidence.facts.modelHasLstm = false;
        } else if (change == "onednn") {
            evidence.facts.backend = "onednn";
        } else if (change == "no-backend") {
            evidence.facts.backend.clear();
        } else if (change == "cudnn-on") {
            evidence.facts.device = "cuda:0";
            evidence.facts.cudnn = "on: cuDNN 8700 fused LSTM kernels";
        } else if (change == "cudnn-unknown") {
            evidence.facts.device = "cuda:0";
        } else if (change == "no-steps") {
            evidence.batches.clear();
        } else if (change == "few-steps") {
            evidence = es::test::makeSteadyEvidence(2, 4);
        } else if (change == "nan") {
            evidence.batches[12].wallMs = std::numeric_limits<double>::quiet_NaN();
        } else if (change == "broken") {
            for (es::BatchRecord& batch : evidence.batches)
                batch.wallMs = 1.0;
        }
        QVERIFY(es::diagnoseUnfusedLstm(evidence).empty());
    }

    // --- threads: intra-op threads against the cores ---------------------------------------

    void threadsAgainstCores_data()
    {
        QTest::addColumn<int>("threads");
        QTest::addColumn<int>("physical");
        QTest::addColumn<int>("logical");
        QTest::addColumn<int>("severity");
        QTest::addColumn<QString>("text");
        QTest::newRow("1 of 2 cores")
            << 1 << 2 << 2 << int(es::Severity::Warning) << "1 of 2 physical cores used";
        QTest::newRow("3 of 4 cores")
            << 3 << 4 << 8 << int(es::Severity::Warning) << "3 of 4 physical cores used";
        QTest::newRow("one per physical core") << 2 << 2 << 4 << kNone << "";
        QTest::newRow("hyper-threads")
            << 4 << 2 << 4 << int(es::Severity::Info) << "4 intra-op threads for 2 physical cores";
        QTest::newRow("one above the logical cores") << 5 << 2 << 4 << int(es::Severity::Critical)
                                                     << "5 intra-op threads for 4 logical cores";
        QTest::newRow("far above the logical cores")
            << 16 << 2 << 2 << int(es::Severity::Critical) << "16 intra-op threads";
        QTest::newRow("cores not recorded") << 1 << 0 << 0 << kNone << "";
        QTest::newRow("threads not recorded") << 0 << 2 << 2 << kNone << "";
    }

    void threadsAgainstCores()
    {
        QFETCH(int, threads);
        QFETCH(int, physical);
        QFETCH(int, logical);
        QFETCH(int, severity);
        QFETCH(QString, text);
        es::RunEvidence evidence = threeEpochs();
        evidence.facts.intraOpThreads = threads;
        evidence.facts.physicalCores = physical;
        evidence.facts.logicalCores = logical;
        evidence.config["device"]["intra_op_threads"] = threads;
        const std::vector<es::Finding> findings = es::diagnoseThreads(evidence);
        if (severity == kNone) {
            QVERIFY(findings.empty());
            return;
        }
        QCOMPARE(findings.size(), std::size_t(1));
        const es::Finding& finding = findings.front();
        QCOMPARE(finding.id, std::string("threads"));
        QCOMPARE(severityOf(finding), severity);
        QVERIFY_CONTAINS(finding.evidence, text.toStdString());
        QVERIFY_CONTAINS(finding.evidence, "device.intra_op_threads = " + std::to_string(threads));
        // About the run as a whole, not some of its steps.
        QVERIFY(!finding.firstStep && !finding.lastStep);
        QCOMPARE(finding.patch, nlohmann::json({{"device", {{"intra_op_threads", 0}}}}));
        const nlohmann::json patched = appliedPatch(evidence.config, finding.patch);
        QCOMPARE(patched["device"]["intra_op_threads"], nlohmann::json(0));
    }

    void threadsConfigAlreadyOnePerCore()
    {
        // The config asked for one per core yet the run got fewer: the patch would be a no-op.
        es::RunEvidence evidence = threeEpochs();
        evidence.facts.intraOpThreads = 1;
        evidence.config["device"]["intra_op_threads"] = 0;
        const std::vector<es::Finding> findings = es::diagnoseThreads(evidence);
        QCOMPARE(findings.size(), std::size_t(1));
        QCOMPARE(findings.front().severity, es::Severity::Warning);
        QVERIFY(findings.front().patch.is_null());
        QVERIFY_CONTAINS(findings.front().recommendation, std::string("already 0"));
    }

    // --- threads: idle compute threads -----------------------------------------------------

    void idleThreads_data()
    {
        QTest::addColumn<int>("cores");
        QTest::addColumn<std::vector<ThreadShare>>("threads");
        QTest::addColumn<int>("severity");
        QTest::addColumn<QString>("text");
        QTest::newRow("2 of 4 idle warns")
            << 4
            << std::vector<ThreadShare>{{4101, "es-train", 95.0},
                                        {4102, "es-train", 12.0},
                                        {4103, "es-train", 80.0},
                                        {4107, "es-train", 9.0}}
            << int(es::Severity::Warning) << "threads 4102 and 4107 idle at 12% and 9% CPU";
        QTest::newRow("1 of 4 idle is info")
            << 4
            << std::vector<ThreadShare>{{4101, "es-train", 95.0},
                                        {4102, "es-train", 70.0},
                                        {4103, "es-train", 80.0},
                                        {4107, "es-train", 9.0}}
            << int(es::Severity::Info) << "thread 4107 idle at 9% CPU";
        QTest::newRow("just under 30% is idle")
            << 2 << std::vector<ThreadShare>{{4101, "es-train", 95.0}, {4102, "es-train", 29.0}}
            << int(es::Severity::Warning) << "thread 4102 idle at 29% CPU";
        QTest::newRow("30% is not idle")
            << 2 << std::vector<ThreadShare>{{4101, "es-train", 95.0}, {4102, "es-train", 30.0}}
            << kNone << "";
        QTest::newRow("all busy") << 2
                                  << std::vector<ThreadShare>{{4101, "es-train", 95.0},
                                                              {4102, "es-train", 85.0}}
                                  << kNone << "";
        QTest::newRow("idle threads of other names are not the math")
            << 2
            << std::vector<ThreadShare>{{4100, "epochscope", 0.5},
                                        {4101, "es-train", 95.0},
                                        {4102, "es-train", 85.0},
                                        {4103, "es-loader", 2.0},
                                        {4104, "es-sampler", 1.0}}
            << kNone << "";
        QTest::newRow("an idle inter-op thread beyond the intra-op team")
            << 2
            << std::vector<ThreadShare>{{4101, "es-train", 95.0},
                                        {4102, "es-train", 85.0},
                                        {4110, "es-train", 0.0}}
            << kNone << "";
        QTest::newRow("one thread alone is not a team")
            << 1 << std::vector<ThreadShare>{{4101, "es-train", 10.0}} << kNone << "";
    }

    void idleThreads()
    {
        QFETCH(int, cores);
        QFETCH(std::vector<ThreadShare>, threads);
        QFETCH(int, severity);
        QFETCH(QString, text);
        const es::RunEvidence evidence = sampledRun(cores, threads);
        const std::vector<es::Finding> findings = es::diagnoseThreads(evidence);
        if (severity == kNone) {
            QVERIFY(findings.empty());
            return;
        }
        QCOMPARE(findings.size(), std::size_t(1));
        const es::Finding& finding = findings.front();
        QCOMPARE(finding.id, std::string("threads"));
        QCOMPARE(severityOf(finding), severity);
        QVERIFY_CONTAINS(finding.evidence, text.toStdString());
        QVERIFY_CONTAINS(finding.evidence, std::string("24 samples"));
        QVERIFY_CONTAINS(finding.evidence, std::string("averaged 95%"));
        // Samples from 0.05 s to 2.35 s: steps 1 (ends 0.1025 s) to 23 (ends 2.3575 s).
        QCOMPARE(finding.firstStep, std::optional<std::int64_t>(1));
        QCOMPARE(finding.lastStep, std::optional<std::int64_t>(23));
        QVERIFY(finding.patch.is_null());
    }

    void idleThreadsStepRangeFollowsTheSamples()
    {
        // Steps are 102.5 ms; samples from 1.05 s to 1.95 s fall in steps 11 to 20.
        es::RunEvidence evidence =
            sampledRun(2, {{4101, "es-train", 95.0}, {4102, "es-train", 5.0}}, /*count=*/0);
        for (int i = 0; i < 10; ++i) {
            es::SystemSample sample;
            sample.tS = 1.05 + 0.1 * i;
            sample.processCpuPct = 100.0;
            sample.threads = {{4101, "es-train", 95.0}, {4102, "es-train", 5.0}};
            evidence.samples.push_back(sample);
        }
        const std::vector<es::Finding> findings = es::diagnoseThreads(evidence);
        QCOMPARE(findings.size(), std::size_t(1));
        QCOMPARE(findings.front().firstStep, std::optional<std::int64_t>(11));
        QCOMPARE(findings.front().lastStep, std::optional<std::int64_t>(20));
    }

    void idleThreadsAndTooFewThreadsAreTwoFindings()
    {
        es::RunEvidence evidence =
            sampledRun(2, {{4101, "es-train", 95.0}, {4102, "es-train", 5.0}});
        evidence.facts.physicalCores = 4;
        evidence.facts.logicalCores = 4;
        evidence.config["device"]["intra_op_threads"] = 2;
        const std::vector<es::Finding> findings = es::diagnoseThreads(evidence);
        QCOMPARE(findings.size(), std::size_t(2));
        QCOMPARE(findingsOfSeverity(findings, es::Severity::Warning).size(), std::size_t(2));
        QVERIFY(findings[0].patch.is_object());
        QVERIFY(findings[1].patch.is_null());
    }

    void idleThreadsNeedEvidence_data()
    {
        QTest::addColumn<QString>("change");
        QTest::newRow("9 samples are too few") << "few-samples";
        QTest::newRow("the process was not busy") << "not-busy";
        QTest::newRow("samples before training began") << "before";
        QTest::newRow("a GPU run") << "cuda";
        QTest::newRow("no steps") << "no-steps";
        QTest::newRow("NaN shares") << "nan";
    }

    void idleThreadsNeedEvidence()
    {
        QFETCH(QString, change);
        const std::vector<ThreadShare> threads = {{4101, "es-train", 95.0},
                                                  {4102, "es-train", 5.0}};
        es::RunEvidence evidence = sampledRun(2, threads);
        if (change == "few-samples") {
            evidence = sampledRun(2, threads, 9);
        } else if (change == "not-busy") {
            evidence = sampledRun(2, threads, 24, 40.0);
        } else if (change == "before") {
            for (es::SystemSample& sample : evidence.samples)
                sample.tS -= 10.0;
        } else if (change == "cuda") {
            evidence.facts.device = "cuda:0";
        } else if (change == "no-steps") {
            evidence.batches.clear();
        } else if (change == "nan") {
            for (es::SystemSample& sample : evidence.samples)
                for (es::ThreadCpu& thread : sample.threads)
                    thread.cpuPct = std::numeric_limits<double>::quiet_NaN();
        }
        QVERIFY(es::diagnoseThreads(evidence).empty());
    }

    // --- low-efficiency --------------------------------------------------------------------

    void lowEfficiency_data()
    {
        QTest::addColumn<double>("fraction");
        QTest::addColumn<int>("severity");
        QTest::newRow("4% warns") << 0.04 << int(es::Severity::Warning);
        QTest::newRow("just under 10% warns") << 0.0999 << int(es::Severity::Warning);
        QTest::newRow("just over 10% is info") << 0.1001 << int(es::Severity::Info);
        QTest::newRow("just under 25% is info") << 0.2499 << int(es::Severity::Info);
        QTest::newRow("just over 25% is nothing") << 0.2501 << kNone;
        QTest::newRow("80% is nothing") << 0.8 << kNone;
    }

    void lowEfficiency()
    {
        QFETCH(double, fraction);
        QFETCH(int, severity);
        const double achieved = achievedGflops();
        QVERIFY(std::abs(achieved - 30.769) < 0.001);
        const es::RunEvidence evidence = runWithPeak(achieved / fraction);
        const std::vector<es::Finding> findings = es::diagnoseLowEfficiency(evidence);
        if (severity == kNone) {
            QVERIFY(findings.empty());
            return;
        }
        QCOMPARE(findings.size(), std::size_t(1));
        const es::Finding& finding = findings.front();
        QCOMPARE(finding.id, std::string("low-efficiency"));
        QCOMPARE(severityOf(finding), severity);
        QVERIFY_CONTAINS(finding.evidence, std::string("achieved 30.77 GFLOP/s"));
        char peak[32];
        std::snprintf(peak, sizeof peak, "peak of %.1f GFLOP/s", achieved / fraction);
        QVERIFY_CONTAINS(finding.evidence, std::string(peak));
        QVERIFY_CONTAINS(finding.evidence, evidence.peakSource);
        QVERIFY_CONTAINS(finding.evidence, std::string("32.5 ms"));
        QVERIFY_CONTAINS(finding.evidence, std::string("1 GFLOP"));
        // The whole run: no step range.
        QVERIFY(!finding.firstStep && !finding.lastStep);
        // Batch 64 already: no batch advice, no patch; the unfused LSTM is named.
        QVERIFY(finding.patch.is_null());
        QVERIFY(!contains(finding.recommendation, "Batches of"));
        QVERIFY_CONTAINS(finding.recommendation, std::string("unfused-lstm"));
        QVERIFY_CONTAINS(finding.recommendation, std::string("reference-blas"));
    }

    void lowEfficiencySmallBatchPatch()
    {
        es::RunEvidence evidence = runWithPeak(400.0);
        evidence.facts.batchSize = 16;
        evidence.config["data"]["batch_size"] = 16;
        const std::vector<es::Finding> findings = es::diagnoseLowEfficiency(evidence);
        QCOMPARE(findings.size(), std::size_t(1));
        const es::Finding& finding = findings.front();
        QVERIFY_CONTAINS(finding.recommendation, std::string("Batches of 16 samples"));
        QVERIFY_CONTAINS(finding.recommendation, std::string("changes training"));
        QCOMPARE(finding.patch, nlohmann::json({{"data", {{"batch_size", 64}}}}));
        const nlohmann::json patched = appliedPatch(evidence.config, finding.patch);
        QCOMPARE(patched["data"]["batch_size"], nlohmann::json(64));
        QCOMPARE(patched["data"]["source"], evidence.config["data"]["source"]);
    }

    void lowEfficiencySmallDataNoPatch()
    {
        // 4 batches of 16: as few as 49 samples, fewer than one batch of 64.
        es::RunEvidence evidence = runWithPeak(400.0);
        evidence.facts.batchSize = 16;
        evidence.facts.batchesPerEpoch = 4;
        const std::vector<es::Finding> findings = es::diagnoseLowEfficiency(evidence);
        QCOMPARE(findings.size(), std::size_t(1));
        QVERIFY(findings.front().patch.is_null());
        QVERIFY_CONTAINS(findings.front().recommendation, std::string("Batches of 16 samples"));
    }

    void lowEfficiencyFusedBackend()
    {
        es::RunEvidence evidence = runWithPeak(400.0);
        evidence.facts.backend = "onednn";
        const std::vector<es::Finding> findings = es::diagnoseLowEfficiency(evidence);
        QCOMPARE(findings.size(), std::size_t(1));
        QVERIFY(!contains(findings.front().recommendation, "unfused"));
    }

    void lowEfficiencyNeedsEvidence_data()
    {
        QTest::addColumn<QString>("change");
        QTest::newRow("no peak") << "no-peak";
        QTest::newRow("zero peak") << "zero-peak";
        QTest::newRow("NaN peak") << "nan-peak";
        QTest::newRow("a GPU run against the CPU's peak") << "cuda";
        QTest::newRow("no FLOPs recorded") << "no-flops";
        QTest::newRow("no steps") << "no-steps";
        QTest::newRow("4 steady steps are too few") << "few-steps";
        QTest::newRow("zero step times") << "zero-time";
    }

    void lowEfficiencyNeedsEvidence()
    {
        QFETCH(QString, change);
        es::RunEvidence evidence = runWithPeak(400.0);
        QCOMPARE(es::diagnoseLowEfficiency(evidence).size(), std::size_t(1));
        if (change == "no-peak") {
            evidence.peakGflops.reset();
        } else if (change == "zero-peak") {
            evidence.peakGflops = 0.0;
        } else if (change == "nan-peak") {
            evidence.peakGflops = std::numeric_limits<double>::quiet_NaN();
        } else if (change == "cuda") {
            evidence.facts.device = "cuda:0";
        } else if (change == "no-flops") {
            evidence.facts.trainingFlopsPerBatch = 0.0;
        } else if (change == "no-steps") {
            evidence.batches.clear();
        } else if (change == "few-steps") {
            const es::RunEvidence thin = es::test::makeSteadyEvidence(2, 4);
            evidence.batches = thin.batches;
            evidence.epochs = thin.epochs;
        } else if (change == "zero-time") {
            for (es::BatchRecord& batch : evidence.batches)
                batch.wallMs = 0.0;
        }
        QVERIFY(es::diagnoseLowEfficiency(evidence).empty());
    }

    // --- memory-growth ---------------------------------------------------------------------

    /// The bytes held at the end of each step (all phases alike) as `held(step index)`.
    static es::RunEvidence memoryRun(int epochs, int steps,
                                     const std::function<std::int64_t(int)>& held)
    {
        es::RunEvidence evidence = es::test::makeSteadyEvidence(epochs, steps);
        int index = 0;
        for (es::BatchRecord& step : evidence.batches) {
            const std::int64_t bytes = held(index++);
            step.memory.peakBytes.fill(bytes + 500'000);
            step.memory.endBytes.fill(bytes);
            step.memory.allocations = 100;
        }
        return evidence;
    }

    void memoryGrowth_data()
    {
        QTest::addColumn<int>("epochs");
        QTest::addColumn<int>("kind");
        QTest::addColumn<bool>("found");
        // kind: 0 flat, 1 grows 64 kB a step, 2 rises once (halfway), 3 varies within a band
        // (batches of other widths), 4 grows 1 kB a step (below the margin), 5 nothing counted,
        // 6 a negative count, 7 grows by 64 kB every other step
        QTest::newRow("a flat loop") << 3 << 0 << false;
        QTest::newRow("64 kB a step") << 3 << 1 << true;
        QTest::newRow("64 kB a step, one epoch") << 1 << 1 << true;
        QTest::newRow("one rise halfway (a copy of the best weights)") << 3 << 2 << false;
        QTest::newRow("varying widths within a band") << 3 << 3 << false;
        QTest::newRow("1 kB a step is below the margin") << 3 << 4 << false;
        QTest::newRow("nothing counted (an older run)") << 3 << 5 << false;
        QTest::newRow("a negative count") << 3 << 6 << false;
        QTest::newRow("steps of 64 kB every other step") << 3 << 7 << true;
        QTest::newRow("too few steady steps") << 1 << 8 << false;
    }

    void memoryGrowth()
    {
        QFETCH(int, epochs);
        QFETCH(int, kind);
        QFETCH(bool, found);
        constexpr std::int64_t kBase = 1'500'000;
        const int steps = kind == 8 ? 12 : 20;
        const es::RunEvidence evidence = memoryRun(epochs, steps, [kind](int i) -> std::int64_t {
            switch (kind) {
                case 1: return kBase + 64'000 * i;
                case 2: return i < 30 ? kBase : kBase + 4'000'000;
                case 3: return kBase + 200'000 * (i * 7 % 5);
                case 4: return kBase + 1'000 * i;
                case 5: return 0;
                case 6: return i == 40 ? -1 : kBase + 64'000 * i;
                case 7: return kBase + 64'000 * (i / 2);
                case 8: return kBase + 64'000 * i;
                default: return kBase;
            }
        });
        es::RunEvidence used = evidence;
        if (kind == 5)
            for (es::BatchRecord& step : used.batches)
                step.memory = es::StepMemory{};
        const std::vector<es::Finding> findings = es::diagnoseMemoryGrowth(used);
        QCOMPARE(findings.size(), found ? std::size_t(1) : std::size_t(0));
        if (!found)
            return;
        const es::Finding& finding = findings.front();
        QCOMPARE(finding.id, std::string("memory-growth"));
        QCOMPARE(finding.severity, es::Severity::Warning);
        QVERIFY(finding.patch.is_null());
        // The rate, the least-squares line's: 64 kB a step (about 32 kB for every other step).
        QVERIFY_CONTAINS(finding.title, kind == 7 ? "31.9 kB a step" : "64.0 kB a step");
        const std::vector<std::size_t> steady = es::steadySteps(used);
        QCOMPARE(finding.firstStep, es::stepNumber(steady.front()));
        QCOMPARE(finding.lastStep, es::stepNumber(steady.back()));
    }

    // --- memory-headroom -------------------------------------------------------------------

    void memoryHeadroom_data()
    {
        QTest::addColumn<qint64>("peakMb");        // the warm steps' tensor peak at batch 64
        QTest::addColumn<qint64>("availableMb");   // MemAvailable when training began, 0: unknown
        QTest::addColumn<QString>("measured");     // runs measured alike, "batch:peakMb ..."
        QTest::addColumn<int>("severity");         // -1 no finding, 0 info, 1 warning
        QTest::addColumn<qint64>("patchedBatch");  // the patch's data.batch_size, 0 none
        QTest::addColumn<QString>("says");         // in the evidence or the recommendation
        // Tensors held 100 MB when training began: with 3900 MB available, 4000 MB in all.
        QTest::newRow("nothing counted")
            << qint64(0) << qint64(3900) << "" << -1 << qint64(0) << "";
        QTest::newRow("MemAvailable not recorded")
            << qint64(200) << qint64(0) << "" << -1 << qint64(0) << "";
        QTest::newRow("one batch size with room: measure twice the batch")
            << qint64(200) << qint64(3900) << "" << 0 << qint64(128) << "5.0% of the memory";
        QTest::newRow("one batch size at 85%: measure half the batch")
            << qint64(3400) << qint64(3900) << "" << 1 << qint64(32) << "85% of the memory";
        QTest::newRow("2 MB a sample: batches up to 1,564 fit, 1,560 proposed")
            << qint64(200) << qint64(3900) << "64:200 128:328" << 0 << qint64(1560)
            << "batch 1,564";
        QTest::newRow("50 MB a sample at 85%: 60 fit, 56 proposed")
            << qint64(3400) << qint64(3900) << "32:1800 64:3400" << 1 << qint64(56) << "batch 60";
        QTest::newRow("the whole training split fits")
            << qint64(200) << qint64(3900) << "64:200 128:201" << 0 << qint64(0)
            << "the whole training split (10,000 samples)";
        QTest::newRow("three runs, least squares")
            << qint64(200) << qint64(3900) << "32:136 128:328 256:584" << 0 << qint64(1560)
            << "32 (run 1), 128 (run 2), 256 (run 3)";
        QTest::newRow("a peak that does not grow projects nothing")
            << qint64(200) << qint64(3900) << "64:200 128:190" << 0 << qint64(128)
            << "measure a second";
        QTest::newRow("not even one sample fits")
            << qint64(3900) << qint64(3900) << "32:3880 64:3900" << 1 << qint64(0)
            << "Not even a batch";
        QTest::newRow("exactly the largest that fits")
            << qint64(3136) << qint64(3900) << "63:3072 64:3136" << 0 << qint64(0)
            << "is the largest";
    }

    void memoryHeadroom()
    {
        QFETCH(qint64, peakMb);
        QFETCH(qint64, availableMb);
        QFETCH(QString, measured);
        QFETCH(int, severity);
        QFETCH(qint64, patchedBatch);
        QFETCH(QString, says);
        constexpr std::int64_t kMb = 1'000'000;
        es::RunEvidence evidence = memoryRun(3, 20, [peakMb](int) { return peakMb * kMb; });
        for (es::BatchRecord& step : evidence.batches)
            step.memory.peakBytes.fill(peakMb * kMb);
        evidence.facts.batchSize = 64;
        evidence.facts.trainSamples = 10000;
        evidence.facts.memoryAvailableBytes = availableMb * kMb;
        evidence.facts.tensorBytesAtStart = 100 * kMb;
        std::int64_t run = 0;
        for (const QString& point : measured.split(' ', Qt::SkipEmptyParts))
            evidence.batchPeaks.push_back({point.section(':', 0, 0).toLongLong(),
                                           point.section(':', 1).toLongLong() * kMb, ++run});
        const std::vector<es::Finding> findings = es::diagnoseMemoryHeadroom(evidence);
        if (severity < 0) {
            QVERIFY(findings.empty());
            return;
        }
        QCOMPARE(findings.size(), std::size_t(1));
        const es::Finding& finding = findings.front();
        QCOMPARE(finding.id, std::string("memory-headroom"));
        QCOMPARE(finding.severity, severity == 1 ? es::Severity::Warning : es::Severity::Info);
        if (patchedBatch > 0)
            QCOMPARE(finding.patch, (nlohmann::json{{"data", {{"batch_size", patchedBatch}}}}));
        else
            QVERIFY(finding.patch.is_null());
        const std::string text =
            finding.title + "\n" + finding.evidence + "\n" + finding.recommendation;
        QVERIFY_CONTAINS(text, says.toStdString());
        QVERIFY_CONTAINS(finding.evidence, "at batch 64");
    }

    /// What a run database from someone else may hold where memory-headroom reads (the info's
    /// memory facts, the batch peaks saved with a diagnosis): numbers of another type, negative,
    /// fractional or beyond 64 bits are no evidence and read as absent, whole floats as whole.
    void hostileMemoryFactsReadAsAbsent_data()
    {
        QTest::addColumn<QByteArray>("value");  // the JSON stored
        QTest::addColumn<qint64>("read");       // what the diagnosis reads, 0 for absent
        QTest::newRow("a count") << QByteArray("12345") << qint64(12345);
        QTest::newRow("the largest int64")
            << QByteArray("9223372036854775807") << std::numeric_limits<qint64>::max();
        QTest::newRow("a whole float") << QByteArray("4.0") << qint64(4);
        QTest::newRow("negative") << QByteArray("-5") << qint64(0);
        QTest::newRow("fractional") << QByteArray("2.5") << qint64(0);
        QTest::newRow("beyond a double's integers") << QByteArray("1e300") << qint64(0);
        QTest::newRow("beyond int64") << QByteArray("18446744073709551615") << qint64(0);
        QTest::newRow("2^63 as a float") << QByteArray("9223372036854775808.0") << qint64(0);
        QTest::newRow("a string") << QByteArray("\"12\"") << qint64(0);
        QTest::newRow("a boolean") << QByteArray("true") << qint64(0);
        QTest::newRow("null") << QByteArray("null") << qint64(0);
        QTest::newRow("an array") << QByteArray("[1]") << qint64(0);
        QTest::newRow("an object") << QByteArray("{}") << qint64(0);
    }

    void hostileMemoryFactsReadAsAbsent()
    {
        QFETCH(QByteArray, value);
        QFETCH(qint64, read);
        const nlohmann::json stored = nlohmann::json::parse(value.toStdString());
        es::StoredRun run;
        run.info = {{"memory_available_bytes", stored},
                    {"tensor_bytes_at_start", stored},
                    {"train_samples", stored},
                    {"batch_size", stored}};
        const es::RunFacts facts = es::evidenceFromStoredRun(run).facts;
        QCOMPARE(facts.memoryAvailableBytes, read);
        QCOMPARE(facts.tensorBytesAtStart, read);
        QCOMPARE(facts.trainSamples, read);
        // The batch size reads as recorded when it is an int64, negative too: every rule that
        // uses it asks for one above 0.
        QVERIFY(facts.batchSize == read || (read == 0 && facts.batchSize < 0));
        const std::vector<es::BatchPeak> peaks = es::batchPeaksFromJson(nlohmann::json::array(
            {{{"batch_size", stored}, {"peak_bytes", stored}, {"run", 1}, {"validated", stored}}}));
        QCOMPARE(peaks.size(), std::size_t(read > 0 ? 1 : 0));
        if (read > 0) {
            QCOMPARE(peaks.front().batchSize, read);
            QCOMPARE(peaks.front().peakBytes, read);
            QVERIFY(!peaks.front().validated);  // a number is not a boolean
        }
        // And the finding made from such facts says what it can, or nothing.
        es::RunEvidence evidence = memoryRun(3, 20, [](int) { return std::int64_t(1) << 20; });
        evidence.facts = facts;
        evidence.batchPeaks = peaks;
        const std::vector<es::Finding> findings = es::diagnoseMemoryHeadroom(evidence);
        QCOMPARE(findings.size(), std::size_t(read > 0 ? 1 : 0));
    }

    /// A run that validates, projected from runs that did not (a what-if's): the growth per
    /// sample leaves out the validation batches' kernel buffers, and the finding says so.
    void memoryHeadroomSaysWhenTheRunsDidNotValidate()
    {
        constexpr std::int64_t kMb = 1'000'000;
        es::RunEvidence evidence = memoryRun(3, 20, [](int) { return 180 * kMb; });
        evidence.facts.batchSize = 64;
        evidence.facts.memoryAvailableBytes = 3900 * kMb;
        const auto evidenceOf = [](const std::vector<es::Finding>& findings) {
            return findings.size() == 1 ? findings.front().evidence : std::string();
        };
        const std::string caveat = "may be smaller than projected";
        for (bool runValidated : {false, true}) {
            for (bool peaksValidated : {false, true}) {
                evidence.facts.validationSamples = runValidated ? 2000 : 0;
                evidence.batchPeaks = {{64, 150 * kMb, 1, peaksValidated},
                                       {128, 278 * kMb, 2, peaksValidated}};
                const std::string text = evidenceOf(es::diagnoseMemoryHeadroom(evidence));
                QVERIFY_CONTAINS(text, std::string("2.0 MB more"));
                QCOMPARE(contains(text, caveat), runValidated && !peaksValidated);
            }
        }
    }
};

QTEST_MAIN(TestDiagnosisMachine)
#include "tst_diagnosis_machine.moc"
