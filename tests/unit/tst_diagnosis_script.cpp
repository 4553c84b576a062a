// The findings of a profiled Python script's run (docs/diagnosis.md, "A script's findings"):
// on made-up script runs each rule that fits a script gives its fix as code or environment
// variables, never a config patch; the recurrent modules PyTorch does not fuse on the CPU are
// found from the probe's record of them; what a run database holds about a script is read as
// hostile evidence.
#include "engine/diagnosis/diagnosis.h"
#include "engine/diagnosis/rules.h"
#include "engine/diagnosis/scriptevidence.h"
#include "engine/script/scriptrecorder.h"
#include "tests/support/evidencebuilder.h"
#include "tests/support/textcontains.h"

#include <QtTest/QtTest>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

using es::Finding;
using es::ProbeConversionSite;
using es::ProbeRecurrentModule;
using es::RunEvidence;
using es::test::contains;
using es::test::StepPhases;

namespace {

/// A made-up run made a script's: its config the command, facts as the probe reports them.
RunEvidence asScriptRun(RunEvidence evidence, const std::string& torch = "2.6.0")
{
    evidence.config = es::scriptRunConfig("train.py", {"/usr/bin/python3", "train.py"}, "/tmp");
    es::RunFacts& facts = evidence.facts;
    facts.backend = "pytorch";
    facts.backendReason = "the script's own PyTorch " + torch;
    facts.placement.clear();
    facts.prefetch = 0;
    facts.trainingFlopsPerBatch = 0.0;
    facts.modelHasLstm = false;
    facts.script = es::ScriptFacts{{"/usr/bin/python3", "train.py"}, "3.11.2", torch, {}, {}};
    return evidence;
}

RunEvidence scriptRun(StepPhases phases, const std::string& torch = "2.6.0")
{
    return asScriptRun(es::test::makeSteadyEvidence(3, 20, phases), torch);
}

const Finding* findingWithId(const std::vector<Finding>& findings, const std::string& id)
{
    const auto found = std::find_if(findings.begin(), findings.end(),
                                    [&](const Finding& finding) { return finding.id == id; });
    return found == findings.end() ? nullptr : &*found;
}

ProbeConversionSite tensorSite()
{
    ProbeConversionSite site;
    site.function = "torch.tensor";
    site.file = "train.py";
    site.line = 18;
    site.code = "xb = torch.tensor(X[i:i + 64])";
    site.calls = 60;
    site.bytes = 60 * 64 * 32 * 8 * 4;
    site.seconds = 0.6;
    site.inSteps = 60;
    return site;
}

ProbeRecurrentModule module(const std::string& className, const std::string& device,
                            bool packed = false, std::int64_t calls = 60)
{
    return {className, device, packed, false, calls};
}

}  // namespace

class TestDiagnosisScript : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void numpyConversionsGetACodeFix()
    {
        StepPhases phases;
        phases.hostToDeviceMs = 10.0;  // of 42.5 ms: a warning
        RunEvidence evidence = scriptRun(phases);
        for (es::BatchRecord& step : evidence.batches)
            step.h2dBytes = 64 * 32 * 8 * 4;
        evidence.facts.script->conversions = {tensorSite()};

        const std::vector<Finding> findings = es::diagnoseRun(evidence);
        const Finding* transfer = findingWithId(findings, "transfer-bound");
        QVERIFY(transfer != nullptr);
        QCOMPARE(transfer->severity, es::Severity::Warning);
        QVERIFY(transfer->patch.is_null());
        QVERIFY(contains(transfer->title, "NumPy"));
        QVERIFY(contains(transfer->evidence, "torch.tensor at train.py:18"));
        QVERIFY(contains(transfer->evidence, "60 times (60 inside steps)"));
        const es::RecommendationParts fix = es::splitRecommendation(transfer->recommendation);
        QVERIFY(contains(fix.text, "torch.from_numpy"));
        const std::vector<std::string> expected = {
            "# before (train.py:18)",
            "xb = torch.tensor(X[i:i + 64])",
            "# after",
            "xb = torch.from_numpy(X[i:i + 64])",
            "# or, once before the loop:",
            "X_all = torch.from_numpy(X)",
            "xb = X_all[i:i + batch_size]",
        };
        QCOMPARE(fix.code, expected);
    }

    void copiesToTheGpuGetPinnedMemory()
    {
        StepPhases phases;
        phases.hostToDeviceMs = 10.0;
        RunEvidence evidence = scriptRun(phases);
        evidence.facts.device = "cuda";
        for (es::BatchRecord& step : evidence.batches)
            step.h2dBytes = 1 << 20;
        const std::vector<Finding> found = es::diagnoseRun(evidence);
        const Finding* transfer = findingWithId(found, "transfer-bound");
        QVERIFY(transfer != nullptr);
        QVERIFY(transfer->patch.is_null());
        const es::RecommendationParts fix = es::splitRecommendation(transfer->recommendation);
        QVERIFY(std::find(fix.code.begin(), fix.code.end(),
                          "x = x.to(device, non_blocking=True)") != fix.code.end());
    }

    void threadsAreSetInTheScript()
    {
        RunEvidence evidence = scriptRun({});
        evidence.facts.intraOpThreads = 1;
        const std::vector<Finding> found = es::diagnoseRun(evidence);
        const Finding* threads = findingWithId(found, "threads");
        QVERIFY(threads != nullptr);
        QVERIFY(threads->patch.is_null());
        QVERIFY(contains(threads->recommendation, "--vary env:OMP_NUM_THREADS=1,2"));
        const es::RecommendationParts fix = es::splitRecommendation(threads->recommendation);
        QVERIFY(std::find(fix.code.begin(), fix.code.end(), "torch.set_num_threads(2)") !=
                fix.code.end());
        QVERIFY(std::find(fix.code.begin(), fix.code.end(), "OMP_NUM_THREADS=2 python3 train.py") !=
                fix.code.end());
    }

    void aWaitingLoaderGetsWorkers()
    {
        StepPhases phases;
        phases.dataWaitMs = 20.0;
        const std::vector<Finding> found = es::diagnoseRun(scriptRun(phases));
        const Finding* input = findingWithId(found, "input-bound");
        QVERIFY(input != nullptr);
        QVERIFY(input->patch.is_null());
        QVERIFY(input->evidence.find("prefetch") == std::string::npos);
        QVERIFY(contains(input->evidence, "DataLoader"));
        const es::RecommendationParts fix = es::splitRecommendation(input->recommendation);
        QVERIFY(!fix.code.empty());
        QVERIFY(contains(fix.code.back() + fix.code[fix.code.size() - 2], "num_workers=2"));
    }

    void churnGetsGlibcTunables()
    {
        RunEvidence evidence = scriptRun({});
        for (es::BatchRecord& step : evidence.batches)
            step.minorFaults = 5000;
        const std::vector<Finding> found = es::diagnoseRun(evidence);
        const Finding* churn = findingWithId(found, "allocator-churn");
        QVERIFY(churn != nullptr);
        QVERIFY(churn->patch.is_null());
        QVERIFY(contains(churn->evidence, "script's main thread"));
        QVERIFY(contains(churn->recommendation, "GLIBC_TUNABLES=glibc.malloc.mmap_threshold="));
    }

    void noScriptFindingCarriesAConfigPatch()
    {
        // Every cause at once, on a run whose facts would give the engine's own findings.
        StepPhases phases;
        phases.dataWaitMs = 20.0;
        phases.hostToDeviceMs = 10.0;
        phases.callbacksMs = 15.0;
        RunEvidence evidence = es::test::makeEvidence(3, 20, [&](int epoch, int batch) {
            StepPhases step = phases;
            if (epoch == 1 && batch <= 3)
                step.forwardMs += 200.0;  // warm-up
            return step;
        });
        evidence = asScriptRun(evidence, "1.13.0");
        evidence.facts.intraOpThreads = 1;
        for (es::BatchRecord& step : evidence.batches) {
            step.h2dBytes = 4096;
            step.minorFaults = 5000;
        }
        evidence.facts.script->conversions = {tensorSite()};
        evidence.facts.script->recurrent = {module("LSTM", "cpu")};
        const std::vector<Finding> findings = es::diagnoseRun(evidence);
        const std::set<std::string> scriptRules = {
            "warm-up",         "input-bound", "transfer-bound",   "threads",
            "allocator-churn", "stragglers",  "unfused-recurrent"};
        std::set<std::string> seen;
        for (const Finding& finding : findings) {
            QVERIFY2(finding.patch.is_null(), finding.id.c_str());
            QVERIFY2(scriptRules.count(finding.id) == 1, finding.id.c_str());
            QVERIFY2(finding.recommendation.find("device.") == std::string::npos &&
                         finding.recommendation.find("data.prefetch") == std::string::npos &&
                         finding.recommendation.find("training.warmup_steps") == std::string::npos,
                     finding.recommendation.c_str());
            seen.insert(finding.id);
        }
        for (const char* id : {"warm-up", "input-bound", "transfer-bound", "threads",
                               "allocator-churn", "unfused-recurrent"})
            QVERIFY2(seen.count(id) == 1, id);
    }

    void unfusedRecurrentModules_data()
    {
        QTest::addColumn<QString>("className");
        QTest::addColumn<QString>("device");
        QTest::addColumn<bool>("packed");
        QTest::addColumn<QString>("torch");
        QTest::addColumn<qint64>("calls");
        QTest::addColumn<QString>("because");  // empty: fused, no finding

        QTest::newRow("GRU on the CPU")
            << "GRU"
            << "cpu" << false << "2.6.0" << qint64(60) << "no fused CPU kernel for nn.GRU";
        QTest::newRow("RNN on the CPU")
            << "RNN"
            << "cpu" << false << "2.6.0" << qint64(60) << "no fused CPU kernel for nn.RNN";
        QTest::newRow("packed LSTM") << "LSTM"
                                     << "cpu" << true << "2.6.0" << qint64(60) << "PackedSequence";
        QTest::newRow("LSTM on 1.13") << "LSTM"
                                      << "cpu" << false << "1.13.0a0+git" << qint64(60)
                                      << "PyTorch 1.13.0a0+git has no fused CPU path";
        QTest::newRow("LSTM on 2.6: fused") << "LSTM"
                                            << "cpu" << false << "2.6.0" << qint64(60) << "";
        QTest::newRow("GRU on CUDA: cuDNN") << "GRU"
                                            << "cuda:0" << false << "2.6.0" << qint64(60) << "";
        QTest::newRow("never called") << "GRU"
                                      << "cpu" << false << "2.6.0" << qint64(0) << "";
    }

    void unfusedRecurrentModules()
    {
        QFETCH(QString, className);
        QFETCH(QString, device);
        QFETCH(bool, packed);
        QFETCH(QString, torch);
        QFETCH(qint64, calls);
        QFETCH(QString, because);
        RunEvidence evidence = scriptRun({}, torch.toStdString());
        evidence.facts.script->recurrent = {
            module(className.toStdString(), device.toStdString(), packed, calls)};
        const std::vector<Finding> findings = es::diagnoseUnfusedRecurrent(evidence);
        if (because.isEmpty()) {
            QVERIFY(findings.empty());
            return;
        }
        QCOMPARE(findings.size(), std::size_t(1));
        const Finding& finding = findings.front();
        QVERIFY(finding.patch.is_null());
        QVERIFY(contains(finding.title, "nn." + className.toStdString()));
        QVERIFY(contains(finding.evidence, because.toStdString()));
        // Forward and backward hold 30 of the steady 32.5 ms: a warning.
        QCOMPARE(finding.severity, es::Severity::Warning);
        QVERIFY(contains(finding.evidence, "92%"));
        if (packed) {
            const es::RecommendationParts fix = es::splitRecommendation(finding.recommendation);
            QVERIFY(std::find(fix.code.begin(), fix.code.end(), "out, _ = self.lstm(x)") !=
                    fix.code.end());
        }
    }

    void scriptFactsAreReadAsEvidence()
    {
        const nlohmann::json config = es::scriptRunConfig("s", {"python3", "s.py", "--x"}, "/w");
        const nlohmann::json info = {
            {"script", {{"python", "3.13.5"}, {"torch", "2.6.0"}}},
            {"script_recurrent_modules",
             {{{"class", "GRU"},
               {"device", "cpu"},
               {"packed_input", false},
               {"bidirectional", true},
               {"calls", 5}},
              {{"class", 7}, {"device", "cpu"}, {"calls", 5}},        // wrong type: left out
              {{"class", "LSTM"}, {"device", "cpu"}, {"calls", -1}},  // negative: left out
              "not an object"}},
            {"script_conversions",
             {{{"function", "torch.tensor"},
               {"file", "s.py"},
               {"line", 3},
               {"code", "x"},
               {"calls", 4},
               {"bytes", 64},
               {"seconds", 0.5},
               {"in_steps", 4}},
              {{"function", "torch.tensor"},
               {"file", "s.py"},
               {"line", 3},
               {"code", "x"},
               {"calls", 4},
               {"bytes", 64},
               {"seconds", 0.5},
               {"in_steps", 5}},  // > calls
              {{"function", "torch.tensor"},
               {"file", "s.py"},
               {"line", 0},
               {"calls", 4},
               {"bytes", 64},
               {"seconds", 0.5},
               {"in_steps", 1}},  // no line
              {{"function", "torch.tensor"},
               {"file", "s.py"},
               {"line", 3},
               {"calls", 4},
               {"bytes", 64},
               {"seconds", "fast"},
               {"in_steps", 1}}}},  // seconds not a number
        };
        const std::optional<es::ScriptFacts> facts = es::scriptFactsFrom(config, info);
        QVERIFY(facts.has_value());
        QCOMPARE(facts->command, (std::vector<std::string>{"python3", "s.py", "--x"}));
        QCOMPARE(facts->torch, std::string("2.6.0"));
        QCOMPARE(facts->recurrent.size(), std::size_t(1));
        QVERIFY(facts->recurrent.front().bidirectional);
        QCOMPARE(facts->conversions.size(), std::size_t(1));
        QCOMPARE(facts->conversions.front().inSteps, std::int64_t(4));

        // Not a script's config, or a script object of the wrong type: an engine run.
        QVERIFY(!es::scriptFactsFrom({{"name", "x"}, {"model", {}}}, info));
        QVERIFY(!es::scriptFactsFrom({{"script", "python3 s.py"}}, info));
        // A script's run whose info is not an object at all: facts, none of them known.
        const std::optional<es::ScriptFacts> bare = es::scriptFactsFrom(config, "garbage");
        QVERIFY(bare && bare->recurrent.empty() && bare->conversions.empty());
    }

    void recommendationCodeRoundTrips()
    {
        const std::string text = es::withCodeBlock("Do this:", {"# before", "a = 1", "", "b"});
        const es::RecommendationParts parts = es::splitRecommendation(text);
        QCOMPARE(parts.text, std::string("Do this:"));
        QCOMPARE(parts.code, (std::vector<std::string>{"# before", "a = 1", "", "b"}));
        const es::RecommendationParts plain = es::splitRecommendation("Just text.");
        QCOMPARE(plain.text, std::string("Just text."));
        QVERIFY(plain.code.empty());
    }
};

QTEST_APPLESS_MAIN(TestDiagnosisScript)
#include "tst_diagnosis_script.moc"
