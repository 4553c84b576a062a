// Profiler overhead benchmark (issue: profiling core). Trains the same model on the same data
// two ways and compares the steady-state time per step, alternating the two in one process
// because this machine is noisy:
//   bare    a plain LibTorch loop: gather a shuffled batch, forward, loss, backward, step,
//           read the loss; no timing, no sampler, no store;
//   counted the bare loop with its tensors' memory counted as a run's are (an AllocatorLease
//           of `system`, which wraps LibTorch's allocator in the counting one) and a memory
//           stretch ended at each phase boundary, as the step clock does: what counting costs;
//   engine  a TrainingSession with everything on: phase timing, tensor memory and page faults
//           per step, the system sampler at 100 ms, and a RunRecorder writing to a SQLite store.
// Each measurement runs in a fresh process (this program with --variant): two OpenMP thread
// teams in one process (the main thread's and the engine thread's) would compete for the
// cores and measure the harness, not the engine.
// Prints each repeat's ms/step and the median ratios counted/bare and engine/bare (target
// <= 1.02).
// Usage: profiler_overhead [--preset NAME] [--repeats N] [--warmup STEPS] [--steps STEPS]

#include "engine/config/presets.h"
#include "engine/config/runconfig.h"
#include "engine/data/dataset_torch.h"
#include "engine/env/cpuinfo.h"
#include "engine/model/backendchoice.h"
#include "engine/model/sequentialmodel_torch.h"
#include "engine/store/runrecorder.h"
#include "engine/store/runstore.h"
#include "engine/summary/statistics.h"
#include "engine/train/allocator.h"
#include "engine/train/losses_torch.h"
#include "engine/train/optimizers_torch.h"
#include "engine/train/tensormemory.h"
#include "engine/train/tensormemory_torch.h"

#include <c10/core/CPUAllocator.h>
#include "engine/train/threading.h"
#include "engine/train/trainingsession.h"

#include <unistd.h>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace {

using es::median;

using Clock = std::chrono::steady_clock;

struct Options {
    std::string variant;  ///< "bare" or "engine": measure once in this process and print it
    std::string preset = "keras-lstm-regression";
    int repeats = 5;
    int warmupSteps = 10;
    int measuredSteps = 40;
};

/// The preset with one epoch of exactly warm-up + measured steps, no validation.
es::RunConfig benchmarkConfig(const Options& options)
{
    es::RunConfig config = es::loadPreset(options.preset);
    config.training.epochs = 1;
    config.training.stepsPerEpoch = options.warmupSteps + options.measuredSteps;
    config.data.validationSplit = 0.0;
    config.callbacks.clear();
    return config;
}

/// Ends a memory stretch at a phase boundary, as the step clock does, when counting.
void phaseBoundary(bool counted)
{
    if (counted)
        (void)es::endTensorMemorySpan();
}

/// ms per step of the measured steps of a plain LibTorch loop; `counted`: with its tensors'
/// memory counted per phase.
double bareStepMs(const es::RunConfig& config, const Options& options, bool counted)
{
    std::optional<es::AllocatorLease> lease;
    if (counted)
        lease.emplace(es::HostAllocator::System);
    torch::manual_seed(config.seed);
    es::applyThreadSettings(config.device, es::readCpuTopology().physicalCores);
    const es::Dataset data = es::generateSynthetic(config.data.source, config.seed);
    const std::int64_t features = data.x.dim() == 3 ? data.x.size(2) : 1;
    // The kernels the engine would choose for the config (the fused oneDNN LSTM where built).
    const es::BackendChoice backend =
        es::resolveBackend(config, es::DeviceType::Cpu, es::oneDnnBuilt());
    es::SequentialModel model(config.model, features, backend.backend, es::DeviceType::Cpu);
    model->train();
    auto optimizer = es::makeOptimizer(config.training.optimizer, model->parameters());
    const std::int64_t batch = config.data.batchSize;
    const auto order = torch::randperm(data.size(), torch::kInt64);
    Clock::time_point measuredStart;
    const int total = options.warmupSteps + options.measuredSteps;
    for (int step = 0; step < total; ++step) {
        if (step == options.warmupSteps)
            measuredStart = Clock::now();
        const auto indices = order.narrow(0, (step * batch) % (data.size() - batch), batch);
        const auto x = data.x.index_select(0, indices);
        const auto y = data.y.index_select(0, indices);
        phaseBoundary(counted);
        const auto prediction = model->forward(x);
        const auto loss =
            es::computeLoss(config.training.loss, prediction, y) + model->regularizationLoss();
        phaseBoundary(counted);
        loss.backward();
        phaseBoundary(counted);
        optimizer->step();
        optimizer->zero_grad();
        phaseBoundary(counted);
        (void)loss.item<double>();
        phaseBoundary(counted);
    }
    return std::chrono::duration<double, std::milli>(Clock::now() - measuredStart).count() /
           options.measuredSteps;
}

/// ns per block made and freed through `allocator`, the median of `repeats` rounds of `blocks`
/// blocks of `bytes`.
double nsPerBlock(c10::Allocator* allocator, std::size_t bytes, int blocks, int repeats)
{
    std::vector<double> rounds;
    for (int repeat = 0; repeat < repeats; ++repeat) {
        const Clock::time_point start = Clock::now();
        for (int i = 0; i < blocks; ++i) {
            c10::DataPtr block = allocator->allocate(bytes);
            static_cast<char*>(block.get())[0] = 1;
        }
        rounds.push_back(std::chrono::duration<double, std::nano>(Clock::now() - start).count() /
                         blocks);
    }
    return median(rounds);
}

/// What counting adds to each block a step allocates: LibTorch's own allocator against the
/// counting one around it, rounds taken in turn in one process, for a small and a large block.
void printCountingCost()
{
    c10::Allocator* plain = c10::GetDefaultCPUAllocator();
    c10::Allocator* counting = es::countingTensorAllocator(es::CountedAllocator::Default, plain,
                                                           es::processMallocBlockSize);
    constexpr int kBlocks = 200000;
    constexpr int kRounds = 15;
    for (std::size_t bytes : {std::size_t(256), std::size_t(64 * 1024)}) {
        std::vector<double> plainNs;
        std::vector<double> countedNs;
        for (int round = 0; round < kRounds; ++round) {
            plainNs.push_back(nsPerBlock(plain, bytes, kBlocks / kRounds, 1));
            countedNs.push_back(nsPerBlock(counting, bytes, kBlocks / kRounds, 1));
        }
        std::printf(
            "counting cost, %zu-byte blocks: %.1f ns made and freed, %.1f ns counted: "
            "+%.1f ns a block\n",
            bytes, median(plainNs), median(countedNs), median(countedNs) - median(plainNs));
    }
}

/// Notes when the warm-up ended and when the last measured step ended, on the engine thread.
class StepClock : public es::RunObserver {
public:
    explicit StepClock(int warmupSteps) : m_warmupSteps(warmupSteps) {}
    void onBatch(const es::BatchRecord& record) override
    {
        if (record.batch == m_warmupSteps)
            m_measuredStart = Clock::now();
        m_lastEnd = Clock::now();
    }
    double msPerStep(int steps) const
    {
        return std::chrono::duration<double, std::milli>(m_lastEnd - m_measuredStart).count() /
               steps;
    }

private:
    int m_warmupSteps;
    Clock::time_point m_measuredStart;
    Clock::time_point m_lastEnd;
};

/// ms per step of the measured steps through the engine with all profiling on.
double engineStepMs(const es::RunConfig& config, const Options& options, es::RunStore& store)
{
    es::RunRecorder recorder(store, config);
    StepClock clock(options.warmupSteps);
    es::TrainingSession session(config);
    session.addObserver(&recorder);
    session.addObserver(&clock);
    session.start();
    session.wait();
    const es::RunResult& result = session.result();
    recorder.finish(es::storedStatus(result.state), result.error, nullptr);
    if (result.state != es::RunState::Finished)
        throw std::runtime_error("engine run failed: " + result.error);
    if (result.samples.empty())
        throw std::runtime_error("the system sampler delivered no sample");
    // What the counting cost above is paid on: the blocks each measured step allocated.
    std::vector<double> allocations;
    for (std::size_t i = static_cast<std::size_t>(options.warmupSteps); i < result.batches.size();
         ++i)
        allocations.push_back(static_cast<double>(result.batches[i].memory.allocations));
    if (!allocations.empty())
        std::fprintf(stderr, "    engine: %.0f blocks allocated a step (median)\n",
                     median(allocations));
    return clock.msPerStep(options.measuredSteps);
}

Options parseOptions(int argc, char** argv)
{
    Options options;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string flag = argv[i];
        const char* value = argv[i + 1];
        if (flag == "--variant")
            options.variant = value;
        else if (flag == "--preset")
            options.preset = value;
        else if (flag == "--repeats")
            options.repeats = std::max(1, std::atoi(value));
        else if (flag == "--warmup")
            options.warmupSteps = std::max(1, std::atoi(value));
        else if (flag == "--steps")
            options.measuredSteps = std::max(1, std::atoi(value));
        else
            throw std::runtime_error("unknown option " + flag);
    }
    return options;
}

/// Runs this program again with `--variant variant` and the same options; returns the ms per
/// step it printed.
double measureInChild(const char* self, const std::string& variant, const Options& options)
{
    const std::string command =
        std::string(self) + " --variant " + variant + " --preset " + options.preset + " --warmup " +
        std::to_string(options.warmupSteps) + " --steps " + std::to_string(options.measuredSteps);
    FILE* child = ::popen(command.c_str(), "r");
    if (child == nullptr)
        throw std::runtime_error("cannot start " + command);
    double msPerStep = 0.0;
    const int read = std::fscanf(child, "ms_per_step=%lf", &msPerStep);
    const int status = ::pclose(child);
    if (read != 1 || status != 0)
        throw std::runtime_error(variant + " measurement failed (" + command + ")");
    return msPerStep;
}

/// One measurement in this process, printed for the parent.
int measureHere(const Options& options)
{
    const es::RunConfig config = benchmarkConfig(options);
    double msPerStep = 0.0;
    if (options.variant == "bare" || options.variant == "counted") {
        msPerStep = bareStepMs(config, options, options.variant == "counted");
    } else if (options.variant == "engine") {
        const std::string storePath =
            (std::filesystem::temp_directory_path() /
             ("epochscope-overhead-" + std::to_string(::getpid()) + ".sqlite"))
                .string();
        {
            es::RunStore store(storePath);
            msPerStep = engineStepMs(config, options, store);
        }
        for (const char* suffix : {"", "-wal", "-shm"})
            std::filesystem::remove(storePath + suffix);
    } else {
        throw std::runtime_error("--variant: expected bare, counted or engine, got " +
                                 options.variant);
    }
    std::printf("ms_per_step=%.6f\n", msPerStep);
    return 0;
}

}  // namespace

int main(int argc, char** argv)
{
    try {
        const Options options = parseOptions(argc, argv);
        if (!options.variant.empty())
            return measureHere(options);
        std::printf(
            "profiler overhead: preset %s, %d warm-up + %d measured steps, %d repeats, "
            "each in a fresh process\n",
            options.preset.c_str(), options.warmupSteps, options.measuredSteps, options.repeats);
        printCountingCost();
        const std::vector<std::string> variants = {"bare", "counted", "engine"};
        std::vector<std::vector<double>> ms(variants.size());
        std::vector<double> countedRatios;
        std::vector<double> engineRatios;
        for (int repeat = 0; repeat < options.repeats; ++repeat) {
            // Rotate which goes first, so that drift in the machine's state does not always
            // favour the same one.
            std::vector<double> measured(variants.size());
            for (std::size_t turn = 0; turn < variants.size(); ++turn) {
                const std::size_t which =
                    (turn + static_cast<std::size_t>(repeat)) % variants.size();
                measured[which] = measureInChild(argv[0], variants[which], options);
            }
            for (std::size_t which = 0; which < variants.size(); ++which)
                ms[which].push_back(measured[which]);
            countedRatios.push_back(measured[1] / measured[0]);
            engineRatios.push_back(measured[2] / measured[0]);
            std::printf(
                "  repeat %d: bare %.2f ms/step, counted %.2f, engine %.2f; counted/bare %.3f, "
                "engine/bare %.3f\n",
                repeat + 1, measured[0], measured[1], measured[2], countedRatios.back(),
                engineRatios.back());
            std::fflush(stdout);
        }
        std::printf(
            "median: bare %.2f ms/step, counted %.2f, engine %.2f; ratio counted/bare %.3f, "
            "engine/bare %.3f (target <= 1.02)\n",
            median(ms[0]), median(ms[1]), median(ms[2]), median(countedRatios),
            median(engineRatios));
        return 0;
    } catch (const std::exception& error) {
        std::fprintf(stderr, "profiler_overhead: %s\n", error.what());
        return 1;
    }
}
