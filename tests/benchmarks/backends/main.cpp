// Backends benchmark (issue 8 item 5, and the measurement half of item 7): EpochScope's LSTM
// training step on the `libtorch` and `onednn` backends, next to the same model trained by
// PyTorch from Python, for both reference presets and a sweep of one-layer LSTM regressions.
//
// Per case and variant: a fresh model's first step (primitive creation, reorders, first
// allocations) is kept apart; warm-up steps are dropped; then the variants take turns, round
// after round, so that noise from the rest of the machine hits all of them alike. Steady step
// = median over rounds of each round's median. Next to each case the oneDNN SGEMM rate is
// measured once per round, so that "fraction of SGEMM" compares numbers taken minutes apart
// at most. Then the recurrent kernel cases (kernelcases.h): one GRU, BiLSTM or BiGRU layer's
// training step on the fused oneDNN kernel, torch::nn, a step loop and PyTorch from Python,
// measured the same way.
// Prints the tables and the targets as met or not; --json writes everything.
//
// Usage: backends_bench [--quick] [--cases WORDS] [--threads N] [--repeats N] [--steps N]
//                       [--round-ms MS] [--warmup N] [--json PATH] [--python PATH]
//                       [--reference SCRIPT] [--no-python] [--allocator KEY]

#include "tests/benchmarks/backends/benchcases.h"
#include "tests/benchmarks/backends/enginestepper.h"
#include "tests/benchmarks/backends/kernelcases.h"
#include "tests/benchmarks/backends/measurements.h"
#include "tests/benchmarks/backends/pythonreference.h"
#include "tests/benchmarks/backends/referencescript.h"
#include "tests/benchmarks/backends/report.h"
#include "tests/benchmarks/loadaverage.h"
#include "tests/benchmarks/wholenumber.h"

#include "engine/doctor/doctor.h"
#include "engine/doctor/gemmbench.h"
#include "engine/env/blaslibrary.h"
#include "engine/env/cpuinfo.h"
#include "engine/env/environment.h"
#include "engine/model/backendchoice.h"
#include "engine/train/allocator.h"
#include "engine/train/threading.h"

#include <algorithm>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <stdexcept>
#include <string>

namespace {

using bench::CaseResult;
using bench::Variant;
using bench::VariantResult;

/// Steps per round at most, whatever --round-ms asks: the smallest cases take a fraction of a
/// millisecond per step and need no more to give a stable median.
constexpr int kMaxStepsPerRound = 200;
/// Time for each round's oneDNN SGEMM measurement (the fastest multiplication counts).
constexpr double kSgemmBudgetS = 0.15;

struct Options {
    bool quick = false;
    std::string cases;
    int threads = 0;  ///< 0: one per physical core, as a run's default
    int repeats = 5;
    int minSteps = 3;
    double roundMs = 300.0;
    int warmup = 2;
    std::string json;
    std::string python = "/usr/bin/python3";
    std::string reference = bench::defaultReferenceScript();
    bool withPython = true;
    /// The engine variants' host allocator, as device.allocator (a run's default unless set).
    es::HostAllocator allocator = es::DeviceConfig().allocator;
    std::string command;
};

es::HostAllocator allocatorFromKey(const std::string& key)
{
    std::string known;
    for (es::HostAllocator allocator : es::kAllHostAllocators) {
        if (es::allocatorKey(allocator) == key)
            return allocator;
        known += (known.empty() ? "" : ", ") + std::string(es::allocatorKey(allocator));
    }
    throw std::invalid_argument("--allocator: expected one of " + known + ", got " + key);
}

void usage(std::FILE* out)
{
    std::fprintf(out,
                 "usage: backends_bench [--quick] [--cases WORDS] [--threads N] [--repeats N]\n"
                 "                      [--steps N] [--round-ms MS] [--warmup N] [--json PATH]\n"
                 "                      [--python PATH] [--reference SCRIPT] [--no-python]\n"
                 "                      [--allocator auto|system|glibc-tuned|jemalloc|tcmalloc]\n"
                 "  --quick      both presets and the sweep's H 64/256, T 50, B 64 only\n"
                 "               (the recurrent kernel cases run either way)\n"
                 "  --cases      comma-separated words; keeps cases whose id contains one\n"
                 "               (ids: keras-lstm-regression, imdb-lstm-sentiment, h256-t50-b64,\n"
                 "               kernel-gru-h128-t50-b64, kernel-bilstm-h256-t50-b64, ...:\n"
                 "               'kernel' keeps only the recurrent kernel cases)\n"
                 "  --threads    intra-op threads of both processes (default: physical cores)\n"
                 "  --repeats    rounds per case (default 5)\n"
                 "  --steps      least measured steps per variant and round (default 3)\n"
                 "  --round-ms   least measured time per variant and round (default 300)\n"
                 "  --warmup     steps after the first that are not measured (default 2)\n"
                 "  --json       also write every measurement to PATH\n"
                 "  --python     interpreter of the reference (default /usr/bin/python3;\n"
                 "               scripts/debian13-python.sh: PyTorch 2.6 from a Debian 13 root)\n"
                 "  --reference  the reference script (default: backends_reference.py beside\n"
                 "               this program's sources)\n"
                 "  --no-python  leave the PyTorch reference out (its columns read n/a)\n"
                 "  --allocator  the engine's host allocator, as device.allocator (default: a\n"
                 "               run's default); the Python reference keeps its own malloc\n");
}

Options parseOptions(int argc, char** argv)
{
    Options options;
    for (int i = 0; i < argc; ++i)
        options.command += (i > 0 ? " " : "") + std::string(argv[i]);
    for (int i = 1; i < argc; ++i) {
        const std::string flag = argv[i];
        if (flag == "--help" || flag == "-h") {
            usage(stdout);
            std::exit(0);
        }
        if (flag == "--quick") {
            options.quick = true;
            continue;
        }
        if (flag == "--no-python") {
            options.withPython = false;
            continue;
        }
        if (i + 1 >= argc)
            throw std::invalid_argument(flag + ": expected a value (see --help)");
        const char* value = argv[++i];
        if (flag == "--cases")
            options.cases = value;
        else if (flag == "--threads")
            options.threads = bench::wholeNumberAtLeast(flag, value, 1);
        else if (flag == "--repeats")
            options.repeats = bench::wholeNumberAtLeast(flag, value, 1);
        else if (flag == "--steps")
            options.minSteps = bench::wholeNumberAtLeast(flag, value, 1);
        else if (flag == "--round-ms")
            options.roundMs = bench::wholeNumberAtLeast(flag, value, 1);
        else if (flag == "--warmup")
            options.warmup = bench::wholeNumberAtLeast(flag, value, 0);
        else if (flag == "--json")
            options.json = value;
        else if (flag == "--python")
            options.python = value;
        else if (flag == "--reference")
            options.reference = value;
        else if (flag == "--allocator")
            options.allocator = allocatorFromKey(value);
        else
            throw std::invalid_argument("unknown option " + flag + " (see --help)");
    }
    return options;
}

es::Backend backendOf(Variant variant)
{
    return variant == Variant::OneDnn ? es::Backend::OneDnn : es::Backend::LibTorch;
}

/// The models of one case, one per variant, alive for all its rounds.
class CaseRunner {
public:
    CaseRunner(const bench::BenchCase& benchCase, bench::PythonReference* python,
               const Options& options)
        : m_case(benchCase), m_python(python), m_options(options)
    {
    }

    ~CaseRunner()
    {
        if (m_python != nullptr && m_pythonPrepared) {
            try {
                m_python->drop(m_case.id);
            } catch (const std::exception&) {
                // The process is gone: the next case says so.
            }
        }
    }

    /// A fresh model per variant, its first step and the warm-up steps.
    void prepare(CaseResult& result)
    {
        for (Variant variant : bench::kVariants) {
            VariantResult& v = result[variant];
            try {
                if (variant == Variant::Python) {
                    if (m_python == nullptr)
                        throw std::runtime_error("left out (--no-python)");
                    if (!m_python->available())
                        throw std::runtime_error(m_python->reason());
                    m_pythonPrepared = true;
                    v.first = m_python->prepare(m_case.id, es::toJson(m_case.config),
                                                m_options.warmup, v.warmup);
                    continue;
                }
                if (variant == Variant::OneDnn && !es::oneDnnBuilt())
                    throw std::runtime_error("this build has no oneDNN");
                auto& stepper = m_steppers[static_cast<std::size_t>(variant)];
                stepper = std::make_unique<bench::EngineStepper>(m_case.config, backendOf(variant));
                v.buildMs = stepper->buildMs();
                v.flushDenormals = stepper->flushDenormals();
                v.first = stepper->run(1).front();
                v.firstBuilds = stepper->primitiveBuilds();
                v.warmup = stepper->run(m_options.warmup);
            } catch (const std::exception& error) {
                v.error = error.what();
                m_steppers[static_cast<std::size_t>(variant)].reset();
            }
        }
    }

    /// One round: every variant that could be prepared, starting with a different one each
    /// round so that none always runs right after the SGEMM or the same neighbour.
    void round(CaseResult& result, int index)
    {
        for (std::size_t k = 0; k < bench::kVariants.size(); ++k) {
            const Variant variant =
                bench::kVariants[(static_cast<std::size_t>(index) + k) % bench::kVariants.size()];
            VariantResult& v = result[variant];
            if (!v.error.empty())
                continue;
            try {
                const int steps = stepsPerRound(v);
                if (variant == Variant::Python)
                    v.rounds.push_back(m_python->run(m_case.id, steps));
                else
                    v.rounds.push_back(m_steppers[static_cast<std::size_t>(variant)]->run(steps));
            } catch (const std::exception& error) {
                v.error = error.what();
                v.rounds.clear();
            }
        }
    }

private:
    /// Enough steps for --round-ms at the warm-up's pace, at least --steps.
    int stepsPerRound(const VariantResult& v) const
    {
        double stepMs = v.first.totalMs;  // the fastest step so far: the pace the rounds will see
        for (const bench::StepSample& step : v.warmup)
            stepMs = std::min(stepMs, step.totalMs);
        const int forTime =
            stepMs > 0.0 ? static_cast<int>(std::ceil(m_options.roundMs / stepMs)) : 1;
        return std::clamp(forTime, m_options.minSteps,
                          std::max(m_options.minSteps, kMaxStepsPerRound));
    }

    const bench::BenchCase& m_case;
    bench::PythonReference* m_python;
    const Options& m_options;
    std::array<std::unique_ptr<bench::EngineStepper>, bench::kVariants.size()> m_steppers;
    bool m_pythonPrepared = false;
};

CaseResult measureCase(const bench::BenchCase& benchCase, bench::PythonReference* python,
                       const Options& options)
{
    CaseResult result;
    result.benchCase = benchCase;
    CaseRunner runner(benchCase, python, options);
    runner.prepare(result);
    const int sgemmSize = es::DoctorOptions().gemmSize;
    for (int index = 0; index < options.repeats; ++index) {
        const es::GemmMeasurement sgemm = es::measureOneDnnSgemm(sgemmSize, kSgemmBudgetS);
        if (sgemm.error.empty())
            result.sgemmGflops.push_back(sgemm.gflops);
        else
            result.sgemmError = sgemm.error;
        runner.round(result, index);
    }
    return result;
}

/// The first step of a tiny model per variant, before anything else ran in either process.
std::vector<std::pair<Variant, VariantResult>> measureStartup(bench::PythonReference* python,
                                                              const Options& options)
{
    const bench::BenchCase tiny = bench::startupCase();
    CaseResult result;
    result.benchCase = tiny;
    {
        CaseRunner runner(tiny, python, options);
        runner.prepare(result);
    }
    std::vector<std::pair<Variant, VariantResult>> startup;
    for (Variant variant : bench::kVariants)
        startup.emplace_back(variant, result[variant]);
    return startup;
}

std::string blasText()
{
    const es::BlasLibrary blas = es::detectLoadedBlas();
    std::string text(es::blasKindKey(blas.kind));
    if (!blas.threading.empty())
        text += " (" + blas.threading + ")";
    return text;
}

int run(const Options& options)
{
    // A child that died must not kill this process on the next write to it.
    std::signal(SIGPIPE, SIG_IGN);
    const std::vector<bench::BenchCase> cases = bench::benchmarkCases(options.quick, options.cases);
    const std::vector<bench::KernelCase> kernelCases = bench::kernelCases(options.cases);
    if (cases.empty() && kernelCases.empty())
        throw std::invalid_argument("--cases " + options.cases +
                                    ": no case id contains any of these");
    // Started before any tensor: fork() copies the page tables, smallest before anything is
    // loaded.
    std::unique_ptr<bench::PythonReference> python;
    if (options.withPython)
        python = std::make_unique<bench::PythonReference>(
            options.python, options.reference,
            options.threads > 0 ? options.threads : es::readCpuTopology().physicalCores);

    // As a run does: before the first tensor, for as long as the engine's models live.
    const es::AllocatorChoice allocator = es::resolveAllocator(options.allocator);
    const es::AllocatorLease lease(allocator.allocator);

    const es::CpuTopology cpu = es::readCpuTopology();
    es::DeviceConfig device;
    device.intraOpThreads = options.threads;
    const es::AppliedThreads threads = es::applyThreadSettings(device, cpu.physicalCores);

    bench::RunHeader header;
    header.command = options.command;
    header.cpu = cpu.model;
    header.physicalCores = cpu.physicalCores;
    header.threads = threads.intraOp;
    header.repeats = options.repeats;
    header.minSteps = options.minSteps;
    header.roundMs = options.roundMs;
    header.warmupSteps = options.warmup;
    header.loadBefore = bench::loadAverage();
    header.allocator = std::string(es::allocatorKey(allocator.allocator)) + " (" +
                       allocator.reason + (lease.note().empty() ? "" : "; " + lease.note()) + ")";
    header.startup = measureStartup(python.get(), options);
    header.libtorchVersion = es::collectEnvironment().libtorchVersion;
    header.blas = blasText();
    const es::DoctorOptions doctor;
    header.libtorchSgemmGflops =
        es::measureLibTorchSgemm(doctor.gemmSize, doctor.gemmBudgetS).gflops;
    const es::OneDnnInfo oneDnn = es::oneDnnInfo();
    header.oneDnn = oneDnn.version + " (" + oneDnn.isa + ")";
    if (!python)
        header.python = "left out (--no-python)";
    else if (!python->available())
        header.python = "n/a: " + python->reason();
    else {
        header.pythonVersions = python->versions();
        header.python = "torch " + python->versions().value("torch", std::string("?")) +
                        ", Python " + python->versions().value("python", std::string("?")) + ", " +
                        std::to_string(python->versions().value("threads", 0)) +
                        " threads, its own malloc";
    }
    bench::printHeader(stdout, header);
    std::fflush(stdout);

    std::vector<CaseResult> results;
    for (std::size_t i = 0; i < cases.size(); ++i) {
        results.push_back(measureCase(cases[i], python.get(), options));
        const CaseResult& result = results.back();
        std::fprintf(stderr, "[%zu/%zu] %-22s", i + 1, cases.size(), cases[i].id.c_str());
        for (Variant variant : bench::kVariants) {
            const VariantResult& v = result[variant];
            if (v.measured())
                std::fprintf(stderr, "  %s %.1f ms (first %.1f)",
                             std::string(bench::variantKey(variant)).c_str(), v.steadyMs(),
                             v.first.totalMs);
            else
                std::fprintf(stderr, "  %s n/a", std::string(bench::variantKey(variant)).c_str());
        }
        std::fprintf(stderr, "\n");
    }

    const bench::KernelMethod method{options.repeats, options.minSteps, options.roundMs,
                                     options.warmup};
    std::vector<bench::KernelResult> kernelResults;
    for (std::size_t i = 0; i < kernelCases.size(); ++i) {
        kernelResults.push_back(bench::measureKernelCase(kernelCases[i], method, python.get()));
        std::fprintf(stderr, "[%zu/%zu] %-28s", i + 1, kernelCases.size(),
                     kernelCases[i].id.c_str());
        for (bench::KernelVariant variant : bench::kKernelVariants) {
            const bench::KernelVariantResult& v = kernelResults.back()[variant];
            const std::string key(bench::kernelVariantKey(variant));
            if (v.measured())
                std::fprintf(stderr, "  %s %.1f ms", key.c_str(), v.steadyMs());
            else
                std::fprintf(stderr, "  %s n/a", key.c_str());
        }
        std::fprintf(stderr, "\n");
    }

    header.loadAfter = bench::loadAverage();
    const std::vector<bench::TargetCheck> targets = bench::checkTargets(results);
    if (!results.empty()) {
        bench::printTables(stdout, results);
        bench::printTargets(stdout, targets);
    }
    if (!kernelResults.empty())
        bench::printKernelTable(stdout, kernelResults);
    bench::printLoad(stdout, header);
    if (!options.json.empty()) {
        std::ofstream file(options.json);
        nlohmann::json json = bench::reportJson(header, results, targets);
        json["recurrent_kernels"] = bench::kernelJson(kernelResults);
        file << json.dump(2) << "\n";
        if (!file)
            throw std::runtime_error("cannot write " + options.json);
        std::printf("\nwrote %s\n", options.json.c_str());
    }
    return 0;
}

}  // namespace

int main(int argc, char** argv)
{
    try {
        return run(parseOptions(argc, argv));
    } catch (const std::exception& error) {
        std::fprintf(stderr, "backends_bench: %s\n", error.what());
        return 1;
    }
}
