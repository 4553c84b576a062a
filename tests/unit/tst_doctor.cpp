// The environment doctor: BLAS detection, the findings' rules, the JSON document's fields.

#include "engine/diagnosis/doctorfindings.h"
#include "engine/doctor/doctorjson.h"
#include "engine/doctor/doctortext.h"
#include "engine/env/blaslibrary.h"
#include "tests/support/testsuite.h"

#include <QtTest>

#include <torch/torch.h>

#include <xmmintrin.h>

#include <filesystem>

namespace {

// MXCSR flush-to-zero and denormals-are-zero (the other bits hold sticky exception flags).
constexpr unsigned kDenormalFlags = (1U << 15) | (1U << 6);

/// A healthy machine: an optimised BLAS close to oneDNN, one thread per core.
es::DoctorReport healthyReport()
{
    es::DoctorReport report;
    report.libtorchVersion = "1.13.0";
    report.physicalCores = 4;
    report.logicalCores = 8;
    report.intraOpThreads = 4;
    report.interOpThreads = 1;
    report.blas = es::classifyBlasPath("/usr/lib/x86_64-linux-gnu/libblas.so.3",
                                       "/usr/lib/x86_64-linux-gnu/openblas-openmp/libblas.so.3");
    report.libtorchSgemm = {1024, 10, 0.02, 100.0, ""};
    report.onednnSgemm = {1024, 10, 0.018, 120.0, ""};
    report.nvmlStatus = "libnvidia-ml.so.1: cannot open shared object file";
    return report;
}

const es::Finding* findingById(const std::vector<es::Finding>& findings, const std::string& id)
{
    for (const es::Finding& finding : findings) {
        if (finding.id == id)
            return &finding;
    }
    return nullptr;
}

}  // namespace

class TestDoctor : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void classifiesBlasPaths_data()
    {
        QTest::addColumn<QString>("resolved");
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("threading");
        QTest::newRow("reference") << "/usr/lib/x86_64-linux-gnu/blas/libblas.so.3.11.0"
                                   << "reference"
                                   << "";
        QTest::newRow("openblas openmp") << "/usr/lib/x86_64-linux-gnu/openblas-openmp/libblas.so.3"
                                         << "openblas"
                                         << "openmp";
        QTest::newRow("openblas pthread")
            << "/usr/lib/x86_64-linux-gnu/openblas-pthread/libblas.so.3"
            << "openblas"
            << "pthread";
        QTest::newRow("openblas direct") << "/opt/OpenBLAS/lib/libopenblas.so.0"
                                         << "openblas"
                                         << "";
        QTest::newRow("blis") << "/usr/lib/x86_64-linux-gnu/blis-openmp/libblas.so.3"
                              << "blis"
                              << "";
        QTest::newRow("mkl") << "/opt/intel/mkl/lib/intel64/libmkl_rt.so"
                             << "mkl"
                             << "";
        QTest::newRow("other") << "/opt/vendor/libvendorgemm.so"
                               << "unknown"
                               << "";
    }

    void classifiesBlasPaths()
    {
        QFETCH(QString, resolved);
        QFETCH(QString, kind);
        QFETCH(QString, threading);
        const es::BlasLibrary blas =
            es::classifyBlasPath("/usr/lib/x86_64-linux-gnu/libblas.so.3", resolved.toStdString());
        QCOMPARE(QString::fromStdString(std::string(es::blasKindKey(blas.kind))), kind);
        QCOMPARE(QString::fromStdString(blas.threading), threading);
    }

    void detectsTheBlasThisProcessLoaded()
    {
        // LibTorch links libblas.so.3; the alternatives link decides which file that is.
        torch::mm(torch::ones({8, 8}), torch::ones({8, 8}));
        const es::BlasLibrary blas = es::detectLoadedBlas();
        QVERIFY2(blas.kind != es::BlasKind::NotLoaded, "no BLAS among the loaded objects");
        const std::filesystem::path link = "/usr/lib/x86_64-linux-gnu/libblas.so.3";
        if (std::filesystem::exists(link) &&
            blas.loadedPath.find("libblas.so.3") != std::string::npos) {
            const std::string expected = std::filesystem::canonical(link).string();
            QCOMPARE(blas.resolvedPath, expected);
            QCOMPARE(blas.kind, es::classifyBlasPath(link.string(), expected).kind);
        }
    }

    void healthyMachineHasNoFindings() { QVERIFY(es::doctorFindings(healthyReport()).empty()); }

    void referenceBlasIsCritical()
    {
        es::DoctorReport report = healthyReport();
        report.blas = es::classifyBlasPath("/usr/lib/x86_64-linux-gnu/libblas.so.3",
                                           "/usr/lib/x86_64-linux-gnu/blas/libblas.so.3.11.0");
        report.libtorchSgemm.gflops = 6.0;
        report.onednnSgemm.gflops = 290.0;
        const auto findings = es::doctorFindings(report);
        const es::Finding* finding = findingById(findings, "reference-blas");
        QVERIFY(finding != nullptr);
        QCOMPARE(finding->severity, es::Severity::Critical);
        QVERIFY2(finding->title.find("/usr/lib/x86_64-linux-gnu/blas/libblas.so.3.11.0") !=
                     std::string::npos,
                 finding->title.c_str());
        QVERIFY2(finding->evidence.find("6.0 GFLOP/s measured through LibTorch vs 290.0 GFLOP/s "
                                        "through oneDNN") != std::string::npos,
                 finding->evidence.c_str());
        QVERIFY(finding->recommendation.find("libopenblas0-openmp") != std::string::npos);
        QVERIFY(findingById(findings, "slow-blas") == nullptr);  // one finding for one cause
    }

    void slowOptimisedBlasIsAWarning()
    {
        es::DoctorReport report = healthyReport();
        report.libtorchSgemm.gflops = 40.0;  // under half of oneDNN's 120
        const es::Finding* finding = findingById(es::doctorFindings(report), "slow-blas");
        QVERIFY(finding != nullptr);
        QCOMPARE(finding->severity, es::Severity::Warning);
        report.libtorchSgemm.gflops = 61.0;  // over half: fine
        QVERIFY(es::doctorFindings(report).empty());
    }

    void threadSettingsAreChecked()
    {
        es::DoctorReport report = healthyReport();
        report.intraOpThreads = 1;
        const auto few = es::doctorFindings(report);
        const es::Finding* finding = findingById(few, "too-few-threads");
        QVERIFY(finding != nullptr);
        QCOMPARE(finding->title,
                 std::string("1 intra-op thread on a machine with 4 physical cores"));
        QCOMPARE(finding->patch, nlohmann::json({{"device", {{"intra_op_threads", 0}}}}));

        report.intraOpThreads = 16;
        QVERIFY(findingById(es::doctorFindings(report), "oversubscribed-threads") != nullptr);

        report = healthyReport();
        report.threadVariables = {{"OMP_NUM_THREADS", "1"}};
        QVERIFY(findingById(es::doctorFindings(report), "omp-num-threads") != nullptr);
        report.threadVariables = {{"OMP_NUM_THREADS", "4"}};  // agrees with the threads
        QVERIFY(es::doctorFindings(report).empty());
    }

    void gpuFindings()
    {
        es::DoctorReport report = healthyReport();
        report.gpus = {{0, "NVIDIA H200", 143771.0}};
        QVERIFY(findingById(es::doctorFindings(report), "gpu-unused") != nullptr);
        report.cudaBuilt = true;
        report.cudaAvailable = true;
        report.pageableCopyGBs = 9.0;
        report.pinnedCopyGBs = 50.0;
        const auto findings = es::doctorFindings(report);
        QVERIFY(findingById(findings, "gpu-unused") == nullptr);
        const es::Finding* copies = findingById(findings, "pageable-copies");
        QVERIFY(copies != nullptr);
        QCOMPARE(copies->patch["data"]["placement"].get<std::string>(), std::string("pinned"));
    }

    void jsonHasEveryDocumentedField()
    {
        es::DoctorReport report = healthyReport();
        report.findings = es::doctorFindings(report);
        const nlohmann::json document = es::doctorJson(report);
        const std::map<std::string, std::vector<std::string>> documented = {
            {"",
             {"format", "format_version", "epochscope_version", "libtorch", "cpu", "threads",
              "blas", "sgemm", "onednn", "cpu_lstm", "allocators", "cuda", "gpu", "findings"}},
            {"libtorch", {"version", "cpu_capability", "build_config"}},
            {"cpu",
             {"model", "physical_cores", "logical_cores", "isa_flags", "flush_to_zero",
              "denormals_are_zero", "can_flush_denormals"}},
            {"cpu_lstm",
             {"backend", "backend_reason", "flush_denormals", "flush_denormals_reason"}},
            {"allocators", {"auto", "auto_reason", "available"}},
            {"threads", {"intra_op", "inter_op", "environment"}},
            {"blas", {"kind", "threading", "loaded_path", "resolved_path"}},
            {"sgemm", {"libtorch", "onednn"}},
            {"onednn", {"version", "isa", "rnn_check", "rnn_error", "rnn_isa", "rnn_detail"}},
            {"cuda",
             {"built", "available", "device_count", "cudnn_available", "cudnn_version",
              "pageable_copy_gb_per_s", "pinned_copy_gb_per_s"}},
            {"gpu", {"nvml", "driver_version", "devices"}}};
        for (const auto& [section, keys] : documented) {
            const nlohmann::json& object = section.empty() ? document : document[section];
            for (const std::string& key : keys)
                QVERIFY2(object.contains(key), (section + "." + key).c_str());
        }
        for (const char* key : {"n", "repeats", "best_s", "gflops", "error"})
            QVERIFY2(document["sgemm"]["onednn"].contains(key), key);
    }

    /// The RNN guard's verdict (model/onednnrnnguard.h): one line that says what was found
    /// and done, for each outcome, and the same after a round trip through the JSON.
    void rnnCheckIsReportedAndReadBack_data()
    {
        QTest::addColumn<QString>("check");
        QTest::addColumn<QString>("detail");
        QTest::addColumn<QString>("expected");
        QTest::newRow("right") << "right"
                               << ""
                               << "(oneDNN on avx512_core): right";
        QTest::newRow("capped") << "capped-to-avx2"
                                << ""
                                << "on avx512_core was off by up to 0.49 on this CPU; oneDNN is "
                                   "capped at AVX2";
        QTest::newRow("wrong") << "wrong-when-capped"
                               << ""
                               << "warning: LSTM and GRU inference is off by up to 0.49";
        QTest::newRow("failed") << "probe-failed"
                                << "the probe's process ended with signal 9"
                                << "not checked: the probe's process ended with signal 9";
        QTest::newRow("user") << "user-choice"
                              << "AVX512_CORE"
                              << "not checked: ONEDNN_MAX_CPU_ISA=AVX512_CORE is set";
        QTest::newRow("not built") << "not-built"
                                   << ""
                                   << "not checked: no oneDNN here";
    }

    void rnnCheckIsReportedAndReadBack()
    {
        QFETCH(QString, check);
        QFETCH(QString, detail);
        QFETCH(QString, expected);
        es::DoctorReport report = healthyReport();
        report.onednn = {"3.7.2", "avx2",        check.toStdString(),
                         0.4913,  "avx512_core", detail.toStdString()};
        const std::optional<es::DoctorReport> read =
            es::doctorReportFromJson(es::doctorJson(report));
        QVERIFY(read.has_value());
        for (const es::DoctorReport* shown :
             std::initializer_list<const es::DoctorReport*>{&report, &read.value()}) {
            QStringList matching;
            for (const std::string& line : es::formatDoctorReport(*shown))
                if (QString::fromStdString(line).startsWith(QStringLiteral("RNN check ")))
                    matching << QString::fromStdString(line);
            QCOMPARE(matching.size(), 1);
            QVERIFY2(matching.front().contains(expected), qPrintable(matching.front()));
        }
    }

    /// A saved report reads back with the numbers every rule reads, so a reopened run's
    /// doctor findings can be written again; anything else is refused, not half read.
    void jsonReadsBackForTheRules()
    {
        es::DoctorReport report = healthyReport();
        report.blas = es::classifyBlasPath("/usr/lib/x86_64-linux-gnu/libblas.so.3",
                                           "/usr/lib/x86_64-linux-gnu/blas/libblas.so.3");
        report.intraOpThreads = 2;
        report.threadVariables = {{"OMP_NUM_THREADS", "8"}};
        report.gpus = {{0, "NVIDIA H200", 143771.0}};
        report.findings = es::doctorFindings(report);
        QCOMPARE(report.findings.size(), std::size_t(4));  // reference-blas, threads, OMP, GPU

        const std::optional<es::DoctorReport> read =
            es::doctorReportFromJson(es::doctorJson(report));
        QVERIFY(read.has_value());
        QCOMPARE(read->findings.size(), report.findings.size());
        for (std::size_t i = 0; i < report.findings.size(); ++i) {
            QCOMPARE(read->findings[i].id, report.findings[i].id);
            QCOMPARE(read->findings[i].title, report.findings[i].title);
            QCOMPARE(read->findings[i].evidence, report.findings[i].evidence);
            QCOMPARE(read->findings[i].patch, report.findings[i].patch);
        }
        report.pageableCopyGBs = 9.0;
        report.pinnedCopyGBs = 50.0;
        report.cudaBuilt = true;
        const std::optional<es::DoctorReport> copies =
            es::doctorReportFromJson(es::doctorJson(report));
        QVERIFY(copies && findingById(copies->findings, "pageable-copies") != nullptr);

        QVERIFY(!es::doctorReportFromJson(nlohmann::json::object()).has_value());
        QVERIFY(!es::doctorReportFromJson({{"format", "epochscope-summary"}}).has_value());
        nlohmann::json wrongType = es::doctorJson(report);
        wrongType["cpu"]["physical_cores"] = "four";
        QVERIFY(!es::doctorReportFromJson(wrongType).has_value());
    }

    void measuresThisMachine()
    {
        es::DoctorOptions options;
        options.gemmSize = 256;
        options.gemmBudgetS = 0.05;
        const unsigned mxcsrBefore = _mm_getcsr();
        const es::DoctorReport report = es::runDoctor(options);
        QVERIFY(report.physicalCores >= 1);
        QVERIFY(report.intraOpThreads >= 1);
        QVERIFY2(report.libtorchSgemm.error.empty(), report.libtorchSgemm.error.c_str());
        QVERIFY2(report.onednnSgemm.error.empty(), report.onednnSgemm.error.c_str());
        QVERIFY(report.libtorchSgemm.gflops > 0.0 && report.onednnSgemm.gflops > 0.0);
        QVERIFY(!report.onednn.version.empty() && !report.onednn.isa.empty());
        QVERIFY(!report.onednn.rnnCheck.empty());
        QVERIFY(!report.libtorchConfig.empty());
        QVERIFY(!report.nvmlStatus.empty());
        QCOMPARE(report.findings.size(), es::doctorFindings(report).size());
        QVERIFY(formatDoctorReport(report).size() >= 8);
        // What a CPU LSTM run gets in this build (with oneDNN): the fused backend, flushing.
        QCOMPARE(report.cpuLstmBackend.backend, es::Backend::OneDnn);
        QCOMPARE(report.cpuLstmDenormals.flush, true);
        // Every device.allocator value but auto, and what auto picks from those available.
        QCOMPARE(report.allocators.size(), std::size_t(4));
        QCOMPARE(report.allocators.front().first, es::HostAllocator::System);
        QVERIFY(report.allocators.front().second.available);
        QVERIFY(report.autoAllocator.allocator != es::HostAllocator::Auto);
        // Probing whether denormals can be flushed left this thread's switches as they were.
        QCOMPARE(_mm_getcsr() & kDenormalFlags, mxcsrBefore & kDenormalFlags);
    }
};

EPOCHSCOPE_TEST_GUILESS_MAIN(TestDoctor)
#include "tst_doctor.moc"
