// The diagnosis findings' texts in both languages, over runs made up to reach every text
// (tests/support/diagnosisscenarios.h, and this file's own for unfused-recurrent's padding):
//   - English is what the rules wrote before they were translated, to the byte
//     (tests/data/diagnosis_english.json, written by that engine); an intended change to an
//     English text changes that file with it;
//   - Simplified Chinese has no English word left besides technical names, config keys and
//     values, units and the run's own recorded words.
#include "engine/diagnosis/diagnosis.h"
#include "engine/diagnosis/doctorfindings.h"
#include "engine/diagnosis/efficiencypeak.h"
#include "engine/diagnosis/rules.h"
#include "engine/diagnosis/savedfindings.h"
#include "engine/diagnosis/storeddiagnosis.h"
#include "engine/doctor/doctorjson.h"
#include "engine/doctor/doctortext.h"
#include "engine/env/blaslibrary.h"
#include "engine/i18n/language.h"
#include "engine/store/runstore.h"
#include "tests/support/diagnosisscenarios.h"
#include "tests/support/testpaths.h"

#include <QtCore/QFile>
#include <QtCore/QRegularExpression>
#include <QtCore/QSet>
#include <QtTest>

#include <algorithm>
#include <set>
#include <string>

namespace {

nlohmann::json findingTexts(const es::Finding& finding)
{
    return {{"id", finding.id},
            {"title", finding.title},
            {"evidence", finding.evidence},
            {"recommendation", finding.recommendation}};
}

/// The texts of `findings` in order, as the reference file keeps them: comparing the whole
/// array shows a missing, extra or changed finding in one message.
QString findingsTexts(const std::vector<es::Finding>& findings)
{
    nlohmann::json texts = nlohmann::json::array();
    for (const es::Finding& finding : findings)
        texts.push_back(findingTexts(finding));
    return QString::fromStdString(texts.dump(2));
}

nlohmann::json englishReference()
{
    QFile file(es::test::testDataPath(QStringLiteral("diagnosis_english.json")));
    if (!file.open(QIODevice::ReadOnly))
        return nullptr;
    return nlohmann::json::parse(file.readAll().toStdString(), nullptr, false);
}

/// Latin words a Chinese finding keeps: product and library names, acronyms, units, and the
/// words of config values and Keras' callback names that the user types as they are.
const QSet<QString>& keptWords()
{
    static const QSet<QString> words = {
        // products, libraries, hardware
        "EpochScope", "OpenBLAS", "NVML", "LSTM", "oneDNN", "cuDNN", "CUDA", "LibTorch", "BLAS",
        "SGEMM", "CPU", "GPU", "TCMalloc", "jemalloc", "tcmalloc", "glibc", "malloc", "mmap",
        "Debian", "Adam", "OpenMP", "FLOPs", "GFLOP", "Keras", "GRU", "PyTorch", "Python", "NumPy",
        "DataLoader", "PackedSequence", "shell",
        // units and statistics
        "ms", "s", "B", "kB", "MB", "GB", "MiB", "x", "p50", "p90", "p99",
        // config keys without a dot and Keras' parameter names (docs/config.md), a system call,
        // a field of /proc/meminfo
        "backend", "filepath", "filename", "fsync", "activation", "unroll", "padding",
        "MemAvailable",
        // commands and names the user types or reads as they are: apt-get install, Debian's
        // alternatives, the BLAS kinds and threading the doctor reports (env/blaslibrary.h)
        "install", "env", "arg", "alternatives", "reference", "openblas", "blis", "mkl", "pthread",
        "openmp", "serial",
        // config values the user types (docs/config.md)
        "host", "pinned", "device", "epoch", "libtorch", "onednn", "auto", "system", "true",
        "false", "cpu", "cuda", "tanh", "sigmoid"};
    return words;
}

/// The Latin words of `text` that a Chinese reader would read as untranslated English.
QStringList englishWords(QString text)
{
    // Quoted values ("device"), config keys and file names (data.prefetch, save_freq,
    // docs/benchmarks.md, num_workers), names with a hyphen or digit (unfused-lstm, es-train,
    // libdnnl-dev, 1024^3), environment settings (A=B) and placeholders ({batch}) are code, not
    // prose.
    static const QRegularExpression quoted(QStringLiteral("\"[^\"]*\""));
    static const QRegularExpression code(
        QStringLiteral("[A-Za-z0-9]*(?:[_./=#^+:\\-][A-Za-z0-9{]|[{}])[A-Za-z0-9_./=#^{}+:\\-]*"));
    static const QRegularExpression word(QStringLiteral("[A-Za-z][A-Za-z0-9]*"));
    text.remove(quoted);
    text.remove(code);
    QStringList found;
    for (const QRegularExpressionMatch& match : word.globalMatch(text)) {
        const QString token = match.captured();
        if (!keptWords().contains(token))
            found << token;
    }
    return found;
}

/// A stored run with the records and facts of `evidence` (no findings yet).
es::StoredRun storedRunOf(const es::RunEvidence& evidence)
{
    es::StoredRun run;
    run.header.name = evidence.name;
    run.config = evidence.config;
    const es::RunFacts& facts = evidence.facts;
    run.info = {{"device", facts.device},
                {"backend", facts.backend},
                {"backend_reason", facts.backendReason},
                {"placement", facts.placement},
                {"intra_op_threads", facts.intraOpThreads},
                {"batch_size", facts.batchSize},
                {"batches_per_epoch", facts.batchesPerEpoch},
                {"training_flops_per_batch", facts.trainingFlopsPerBatch},
                {"train_samples", facts.trainSamples},
                {"validation_samples", facts.validationSamples},
                {"memory_available_bytes", facts.memoryAvailableBytes},
                {"tensor_bytes_at_start", facts.tensorBytesAtStart}};
    run.config["model"] = {{"layers", {{{"type", "lstm"}}}}};
    run.epochs = evidence.epochs;
    run.batches = evidence.batches;
    return run;
}

/// unfused-recurrent's findings for a fused LSTM whose batches fell back to the step loop for
/// their padding on the left: on synthetic tokens (a patch) with its share measured or not,
/// and on files (no patch).
std::vector<es::test::DiagnosisScenario> paddingScenarios()
{
    std::vector<es::test::DiagnosisScenario> scenarios;
    const auto add = [&scenarios](const std::string& source, bool measured) {
        es::RunEvidence e = es::test::makeSteadyEvidence(3, 20);
        e.facts.backend = "onednn";
        es::RecurrentLayerFact layer;
        layer.layer = "lstm_1";
        layer.index = 1;
        layer.kernel = "fused";
        layer.reason = "fused: oneDNN's LSTM on the CPU";
        e.facts.recurrentLayers = {layer};
        e.config["model"] = {
            {"layers",
             {{{"type", "embedding"}, {"input_dim", 100}, {"output_dim", 8}, {"mask_zero", true}},
              {{"type", "lstm"}, {"units", 32}},
              {{"type", "dense"}, {"units", 1}}}}};
        e.config["data"]["source"] = {{"type", source}};
        e.maskFallbackSteps = 60;
        e.maskFallbackBatches = {{"lstm_1", 57}};
        if (measured) {
            e.layerForwardSeconds = {{"embedding_1", 0.1}, {"lstm_1", 2.0}, {"dense_1", 0.1}};
            e.layerForwardSteps = 60;
        }
        scenarios.push_back({"unfused-recurrent, padding on the left, " + source + ", share " +
                                 (measured ? "measured" : "not measured"),
                             std::move(e)});
    };
    add("synthetic_tokens", true);
    add("synthetic_tokens", false);
    add("npy", true);
    return scenarios;
}

/// The shared scenarios (tests/support/diagnosisscenarios.h), then this file's own.
std::vector<es::test::DiagnosisScenario> allScenarios()
{
    std::vector<es::test::DiagnosisScenario> scenarios = es::test::diagnosisScenarios();
    for (es::test::DiagnosisScenario& scenario : paddingScenarios())
        scenarios.push_back(std::move(scenario));
    return scenarios;
}

}  // namespace

class TestDiagnosisText : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void cleanup() { es::setEngineLanguage("en"); }

    void scenariosReachEveryRule()
    {
        std::set<std::string> fired;
        for (const es::test::DiagnosisScenario& scenario : es::test::diagnosisScenarios())
            for (const es::Finding& finding : es::diagnoseRun(scenario.evidence))
                fired.insert(finding.id);
        for (const es::DiagnosisRuleInfo& rule : es::diagnosisRules())
            QVERIFY2(fired.count(std::string(rule.id)) == 1,
                     qPrintable(QStringLiteral("no scenario reaches rule %1")
                                    .arg(QString::fromUtf8(rule.id.data(),
                                                           static_cast<int>(rule.id.size())))));
    }

    void englishStaysAsItWas_data()
    {
        QTest::addColumn<int>("index");
        const std::vector<es::test::DiagnosisScenario> scenarios = allScenarios();
        for (std::size_t i = 0; i < scenarios.size(); ++i)
            QTest::newRow(scenarios[i].name.c_str()) << static_cast<int>(i);
    }

    void englishStaysAsItWas()
    {
        QFETCH(int, index);
        static const nlohmann::json reference = englishReference();
        QVERIFY2(reference.is_object(), "tests/data/diagnosis_english.json missing or not JSON");
        const es::test::DiagnosisScenario scenario =
            allScenarios()[static_cast<std::size_t>(index)];
        // ES_DUMP_ENGLISH=DIR writes each scenario's texts there, one file per scenario: how a
        // new scenario's English gets into the reference file, after reading it through.
        if (qEnvironmentVariableIsSet("ES_DUMP_ENGLISH")) {
            QFile out(qEnvironmentVariable("ES_DUMP_ENGLISH") + "/" + QString::number(index));
            out.open(QIODevice::WriteOnly);
            out.write(QByteArray::fromStdString(scenario.name) + "\n" +
                      findingsTexts(es::diagnoseRun(scenario.evidence)).toUtf8());
        }
        QVERIFY2(reference.contains(scenario.name), "scenario not in the reference file");
        const nlohmann::json& expected = reference.at(scenario.name);
        QCOMPARE(findingsTexts(es::diagnoseRun(scenario.evidence)),
                 QString::fromStdString(expected.dump(2)));
    }

    void chineseLeavesNoEnglish_data() { englishStaysAsItWas_data(); }

    void chineseLeavesNoEnglish()
    {
        QFETCH(int, index);
        es::test::DiagnosisScenario scenario = allScenarios()[static_cast<std::size_t>(index)];
        es::setEngineLanguage("zh_CN");
        const std::vector<es::Finding> findings = es::diagnoseRun(scenario.evidence);
        es::setEngineLanguage("en");
        QCOMPARE(findings.size(), es::diagnoseRun(scenario.evidence).size());
        for (const es::Finding& finding : findings) {
            // The run's own recorded words (why it chose its backend, the cuDNN state, where
            // the peak came from) are quoted as the run wrote them.
            // A script's fix ends in code (a before/after snippet), which stays code.
            const std::string fix = es::splitRecommendation(finding.recommendation).text;
            for (QString text :
                 {QString::fromStdString(finding.title), QString::fromStdString(finding.evidence),
                  QString::fromStdString(fix)}) {
                for (const std::string& recorded :
                     {scenario.evidence.facts.backendReason, scenario.evidence.facts.cudnn,
                      scenario.evidence.peakSource})
                    if (!recorded.empty())
                        text.remove(QString::fromStdString(recorded));
                const QStringList left = englishWords(text);
                QVERIFY2(left.isEmpty(), qPrintable(QStringLiteral("%1: English %2 in \"%3\"")
                                                        .arg(QString::fromStdString(finding.id),
                                                             left.join(QLatin1Char(' ')), text)));
            }
        }
    }

    void doctorEnglishStaysAsItWas_data()
    {
        QTest::addColumn<int>("index");
        const std::vector<es::test::DoctorScenario> scenarios = es::test::doctorScenarios();
        for (std::size_t i = 0; i < scenarios.size(); ++i)
            QTest::newRow(scenarios[i].name.c_str()) << static_cast<int>(i);
    }

    void doctorEnglishStaysAsItWas()
    {
        QFETCH(int, index);
        static const nlohmann::json reference = englishReference();
        const es::test::DoctorScenario scenario =
            es::test::doctorScenarios()[static_cast<std::size_t>(index)];
        QVERIFY2(reference.contains(scenario.name), "scenario not in the reference file");
        const nlohmann::json& expected = reference.at(scenario.name);
        QCOMPARE(findingsTexts(es::doctorFindings(scenario.report)),
                 QString::fromStdString(expected.dump(2)));
    }

    void doctorChineseLeavesNoEnglish_data() { doctorEnglishStaysAsItWas_data(); }

    void doctorChineseLeavesNoEnglish()
    {
        QFETCH(int, index);
        const es::test::DoctorScenario scenario =
            es::test::doctorScenarios()[static_cast<std::size_t>(index)];
        const es::LanguageScope chinese("zh_CN");
        for (const es::Finding& finding : es::doctorFindings(scenario.report)) {
            for (QString text :
                 {QString::fromStdString(finding.title), QString::fromStdString(finding.evidence),
                  QString::fromStdString(finding.recommendation)}) {
                // What the machine reported (the NVML state) is quoted as it said it.
                text.remove(QString::fromStdString(scenario.report.nvmlStatus));
                const QStringList left = englishWords(text);
                QVERIFY2(left.isEmpty(), qPrintable(QStringLiteral("%1: English %2 in \"%3\"")
                                                        .arg(QString::fromStdString(finding.id),
                                                             left.join(QLatin1Char(' ')), text)));
            }
        }
    }

    /// A run diagnosed in one language shows its rules' findings in the language of the moment;
    /// the doctor's, which the records cannot make again, stay as they were saved.
    void savedFindingsFollowTheLanguage()
    {
        es::StoredRun run = storedRunOf(es::test::diagnosisScenarios().front().evidence);
        es::setEngineLanguage("zh_CN");
        run.findings = es::diagnoseRun(es::evidenceFromStoredRun(run));
        QVERIFY(run.findings.size() >= 2);  // warm-up and unfused-lstm
        es::Finding doctor;
        doctor.id = "reference-blas";
        doctor.title = "The BLAS is the reference one";
        run.findings.push_back(doctor);

        es::setEngineLanguage("en");
        const std::vector<es::Finding> english = es::savedFindingsInLanguage(run);
        const std::vector<es::Finding> fresh = es::diagnoseRun(es::evidenceFromStoredRun(run));
        QCOMPARE(english.size(), run.findings.size());
        for (std::size_t i = 0; i < fresh.size(); ++i) {
            QCOMPARE(english[i].title, fresh[i].title);
            QCOMPARE(english[i].evidence, fresh[i].evidence);
            QCOMPARE(english[i].recommendation, fresh[i].recommendation);
            QVERIFY(english[i].title != run.findings[i].title);  // was saved in Chinese
        }
        QCOMPARE(english.back().title, doctor.title);

        es::setEngineLanguage("zh_CN");
        const std::vector<es::Finding> chinese = es::savedFindingsInLanguage(run);
        for (std::size_t i = 0; i < fresh.size(); ++i)
            QCOMPARE(chinese[i].title, run.findings[i].title);
    }

    /// low-efficiency is made again in the language of the moment from the SGEMM peak saved
    /// with the diagnosis; saved without one (before schema 6) it stays as it was written.
    void savedLowEfficiencyFollowsTheLanguageWithItsPeak()
    {
        es::StoredRun run = storedRunOf(es::test::diagnosisScenarios().front().evidence);
        const es::EfficiencyPeak peak{1000.0, 1024, "oneDNN", 2};
        const auto diagnoseWithPeak = [&run, &peak] {
            es::RunEvidence evidence = es::evidenceFromStoredRun(run);
            es::useEfficiencyPeak(evidence, peak);
            return es::diagnoseRun(evidence);
        };
        const auto lowEfficiency = [](const std::vector<es::Finding>& findings) {
            const auto found =
                std::find_if(findings.begin(), findings.end(),
                             [](const es::Finding& f) { return f.id == "low-efficiency"; });
            return found == findings.end() ? es::Finding() : *found;
        };
        es::setEngineLanguage("zh_CN");
        run.findings = diagnoseWithPeak();
        const es::Finding savedInChinese = lowEfficiency(run.findings);
        QCOMPARE(savedInChinese.id, std::string("low-efficiency"));

        es::setEngineLanguage("en");
        const es::Finding english = lowEfficiency(diagnoseWithPeak());
        const es::Finding withoutPeak = lowEfficiency(es::savedFindingsInLanguage(run));
        QCOMPARE(withoutPeak.title, savedInChinese.title);  // nothing to make it again from
        run.diagnosis = es::efficiencyPeakJson(peak);
        const es::Finding remade = lowEfficiency(es::savedFindingsInLanguage(run));
        QCOMPARE(remade.title, english.title);
        QCOMPARE(remade.evidence, english.evidence);
        QCOMPARE(remade.recommendation, english.recommendation);
        QVERIFY(remade.evidence.find("SGEMM 1024^3 through oneDNN") != std::string::npos);
        QVERIFY(remade.title != savedInChinese.title);
    }

    /// memory-headroom is made again in the language of the moment with the batch peaks saved
    /// with the diagnosis (the other runs it projected from may be gone by then).
    void savedMemoryHeadroomFollowsTheLanguageWithItsBatchPeaks()
    {
        es::RunEvidence evidence;
        for (const es::test::DiagnosisScenario& scenario : es::test::diagnosisScenarios())
            if (scenario.name == "memory-headroom, a larger batch fits")
                evidence = scenario.evidence;
        QVERIFY(!evidence.batchPeaks.empty());
        es::StoredRun run = storedRunOf(evidence);
        const auto headroomOf = [](const std::vector<es::Finding>& findings) {
            const auto found =
                std::find_if(findings.begin(), findings.end(),
                             [](const es::Finding& f) { return f.id == "memory-headroom"; });
            return found == findings.end() ? es::Finding() : *found;
        };
        const auto diagnoseWithPeaks = [&run, &evidence] {
            es::RunEvidence stored = es::evidenceFromStoredRun(run);
            stored.batchPeaks = evidence.batchPeaks;
            return es::diagnoseRun(stored);
        };
        es::setEngineLanguage("zh_CN");
        run.findings = diagnoseWithPeaks();
        const es::Finding savedInChinese = headroomOf(run.findings);
        QCOMPARE(savedInChinese.patch, (nlohmann::json{{"data", {{"batch_size", 1560}}}}));

        es::setEngineLanguage("en");
        QCOMPARE(headroomOf(es::savedFindingsInLanguage(run)).title, savedInChinese.title);
        es::StoredRunDiagnosis diagnosis;
        diagnosis.batchPeaks = evidence.batchPeaks;
        run.diagnosis = es::savedDiagnosisJson(diagnosis);
        const es::Finding remade = headroomOf(es::savedFindingsInLanguage(run));
        const es::Finding english = headroomOf(diagnoseWithPeaks());
        QCOMPARE(remade.title, english.title);
        QCOMPARE(remade.evidence, english.evidence);
        QCOMPARE(remade.recommendation, english.recommendation);
        QVERIFY(remade.evidence.find("64 (run 3), 128 (run 4)") != std::string::npos);
    }

    /// The doctor's findings are made again from the report saved with the diagnosis (its
    /// numbers then, not this machine's now), without LibTorch's build configuration.
    void savedDoctorFindingsFollowTheLanguage()
    {
        es::StoredRun run = storedRunOf(es::test::diagnosisScenarios().front().evidence);
        es::DoctorReport report;
        report.libtorchVersion = "1.13.1";
        report.libtorchConfig = "kilobytes of build flags";
        report.physicalCores = 8;
        report.logicalCores = 16;
        report.intraOpThreads = 2;
        report.blas = es::classifyBlasPath("/usr/lib/x86_64-linux-gnu/libblas.so.3",
                                           "/usr/lib/x86_64-linux-gnu/blas/libblas.so.3");
        es::setEngineLanguage("zh_CN");
        report.findings = es::doctorFindings(report);
        QCOMPARE(report.findings.size(), std::size_t(2));  // reference-blas, too-few-threads
        es::StoredRunDiagnosis diagnosis;
        diagnosis.findings = es::diagnoseRun(es::evidenceFromStoredRun(run));
        diagnosis.findings.insert(diagnosis.findings.end(), report.findings.begin(),
                                  report.findings.end());
        diagnosis.doctor = es::doctorJson(report);
        run.findings = diagnosis.findings;
        run.diagnosis = es::savedDiagnosisJson(diagnosis);
        QVERIFY(!run.diagnosis["doctor"]["libtorch"].contains("build_config"));
        QVERIFY(!run.diagnosis["doctor"].contains("findings"));

        es::setEngineLanguage("en");
        const std::vector<es::Finding> english = es::doctorFindings(report);
        const std::vector<es::Finding> shown = es::savedFindingsInLanguage(run);
        QCOMPARE(shown.size(), run.findings.size());
        for (std::size_t i = 0; i < english.size(); ++i) {
            const es::Finding& remade = shown[shown.size() - english.size() + i];
            QCOMPARE(remade.id, english[i].id);
            QCOMPARE(remade.title, english[i].title);
            QCOMPARE(remade.evidence, english[i].evidence);
            QCOMPARE(remade.recommendation, english[i].recommendation);
            QVERIFY(remade.title != report.findings[i].title);  // was saved in Chinese
        }
    }

    void englishWordsAreFound()
    {
        // The check itself: English prose is caught, code and kept words are not.
        QCOMPARE(englishWords(QStringLiteral("Set data.prefetch to 2")),
                 QStringList({"Set", "to"}));
        QCOMPARE(englishWords(QStringLiteral("将 data.prefetch 设为 2（\"device\"），LSTM 8.5 ms")),
                 QStringList());
        QCOMPARE(englishWords(QStringLiteral("第 3 轮 took 2x")), QStringList({"took"}));
        // A word before a full stop or a comma is still a word.
        QCOMPARE(englishWords(QStringLiteral("前向 step. 反向, later-")),
                 QStringList({"step", "later"}));
    }
};

QTEST_APPLESS_MAIN(TestDiagnosisText)
#include "tst_diagnosis_text.moc"
