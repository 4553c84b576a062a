// Epoch benchmark (issue 33, item 3): whole epochs, not steps. Trains a preset
// (imdb-lstm-sentiment by default: 25,000 samples, 20,000 of them training, 5,000 validating)
// for N epochs with the preset's own data pipeline, then the same model in PyTorch from Python
// (tests/benchmarks/epochs_reference.py) with a DataLoader over the same arrays, and prints
// each epoch's time side by side: the first epoch against the later ones on each side
// (the engine's target: at most 1.05x) and the whole run's ratio.
//
// Usage: epochs_bench [--preset NAME] [--epochs N] [--threads N] [--python PATH]
//                     [--reference SCRIPT] [--no-python] [--dir DIR] [--keep-data]
//
// The two runs go one after the other (an epoch is too long to alternate), so a noisy machine
// shows in the ratios: repeat the command and compare. The arrays are the engine's own
// (loadRunData(): the synthetic source and its validation split), written as float32 .npy files
// (token ids below 2^24 are exact in float32; the reference turns them back into int64 before
// its clock starts) into DIR, by default next to this program, so that a reference in the
// Debian 13 root (scripts/debian13-python.sh), which sees only the source tree, can read them.

#include "tests/benchmarks/loadaverage.h"
#include "tests/benchmarks/wholenumber.h"

#include "engine/config/presets.h"
#include "engine/config/runconfig.h"
#include "engine/data/dataset_torch.h"
#include "engine/doctor/gemmbench.h"
#include "engine/env/environment.h"
#include "engine/predict/predictionfile.h"
#include "engine/summary/statistics.h"
#include "engine/train/trainingsession.h"

#include <torch/torch.h>
#include <nlohmann/json.hpp>

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <numeric>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

/// The engine's first epoch may take at most this much of a later one (issue 33).
constexpr double kFirstEpochTarget = 1.05;

struct Options {
    std::string preset = "imdb-lstm-sentiment";
    int epochs = 3;
    int threads = 2;
    std::string python = "/usr/bin/python3";
    std::string reference = EPOCHSCOPE_EPOCHS_REFERENCE;
    bool withPython = true;
    std::string dir;
    bool keepData = false;
};

/// One side's run: each epoch's wall time (training and validation) and training loss.
struct EpochTimes {
    std::vector<double> seconds;
    std::vector<double> losses;
    std::string label;
    std::string error;  ///< why there are no times, when there are none
};

[[noreturn]] void usage(const char* problem)
{
    if (problem)
        std::fprintf(stderr, "epochs_bench: %s\n", problem);
    std::fprintf(stderr,
                 "usage: epochs_bench [--preset NAME] [--epochs N] [--threads N]\n"
                 "                    [--python PATH] [--reference SCRIPT] [--no-python]\n"
                 "                    [--dir DIR] [--keep-data]\n"
                 "  --python  interpreter of the reference (default /usr/bin/python3;\n"
                 "            scripts/debian13-python.sh: PyTorch 2.6 from a Debian 13 root)\n"
                 "  --dir     where the arrays are written (default: next to this program;\n"
                 "            it must be inside the source tree for the Debian 13 root)\n");
    std::exit(problem ? 2 : 0);
}

Options parse(int argc, char** argv)
{
    Options options;
    for (int i = 1; i < argc; ++i) {
        const std::string flag = argv[i];
        if (flag == "-h" || flag == "--help")
            usage(nullptr);
        if (flag == "--no-python") {
            options.withPython = false;
            continue;
        }
        if (flag == "--keep-data") {
            options.keepData = true;
            continue;
        }
        if (i + 1 >= argc)
            usage(("unknown option or missing value: " + flag).c_str());
        const char* value = argv[++i];
        if (flag == "--preset")
            options.preset = value;
        else if (flag == "--epochs")
            options.epochs = bench::wholeNumberAtLeast(flag, value, 1);
        else if (flag == "--threads")
            options.threads = bench::wholeNumberAtLeast(flag, value, 1);
        else if (flag == "--python")
            options.python = value;
        else if (flag == "--reference")
            options.reference = value;
        else if (flag == "--dir")
            options.dir = value;
        else
            usage(("unknown option: " + flag).c_str());
    }
    if (options.dir.empty())
        options.dir =
            (fs::read_symlink("/proc/self/exe").parent_path() / "epochs_bench_data").string();
    options.dir = fs::absolute(options.dir).string();
    return options;
}

/// `tensor` as a float32 .npy file at `path`.
void writeArray(const torch::Tensor& tensor, const fs::path& path)
{
    const torch::Tensor values = tensor.to(torch::kFloat32).contiguous();
    const std::vector<float> flat(values.data_ptr<float>(),
                                  values.data_ptr<float>() + values.numel());
    const std::vector<std::int64_t> shape(values.sizes().begin(), values.sizes().end());
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << es::npyFloat32Bytes(flat, shape);
    if (!out)
        throw std::runtime_error("cannot write " + path.string());
}

/// The arrays the engine trains and validates on, written for the reference.
void writeRunArrays(const es::RunConfig& config, const fs::path& dir)
{
    const es::RunData data = es::loadRunData(config);
    fs::create_directories(dir);
    writeArray(data.split.train.x, dir / "x_train.npy");
    writeArray(data.split.train.y, dir / "y_train.npy");
    if (data.split.validation.size() > 0) {
        writeArray(data.split.validation.x, dir / "x_val.npy");
        writeArray(data.split.validation.y, dir / "y_val.npy");
    }
    std::ofstream(dir / "config.json") << es::toJson(config).dump(2) << '\n';
}

EpochTimes runEngine(const es::RunConfig& config)
{
    EpochTimes times;
    es::TrainingSession session(config);
    session.start();
    session.wait();
    if (session.state() != es::RunState::Finished) {
        times.error = "run failed: " + session.result().error;
        return times;
    }
    times.label = "EpochScope, LSTM backend " + session.result().info.backend;
    for (const es::EpochRecord& epoch : session.result().epochs) {
        times.seconds.push_back(epoch.wallS);
        times.losses.push_back(epoch.trainLoss);
    }
    return times;
}

std::string shellQuoted(const std::string& text)
{
    std::string quoted = "'";
    for (char c : text)
        quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return quoted + "'";
}

/// The reference's run: one JSON line per epoch, then one with its versions.
EpochTimes runReference(const Options& options, const fs::path& dir)
{
    EpochTimes times;
    times.label = "PyTorch from Python";
    const std::string command = shellQuoted(options.python) + " " + shellQuoted(options.reference) +
                                " --dir " + shellQuoted(dir.string()) + " --threads " +
                                std::to_string(options.threads);
    FILE* pipe = ::popen(command.c_str(), "r");
    if (!pipe) {
        times.error = "cannot start " + options.python;
        return times;
    }
    char line[4096];
    while (std::fgets(line, sizeof line, pipe)) {
        nlohmann::json message;
        try {
            message = nlohmann::json::parse(line);
        } catch (const nlohmann::json::exception&) {
            std::fputs(line, stderr);  // not ours: a warning of the interpreter, shown as it is
            continue;
        }
        if (message.contains("error"))
            times.error = message.at("error").get<std::string>();
        if (message.contains("epoch_s")) {
            times.seconds.push_back(message.at("epoch_s").get<double>());
            times.losses.push_back(message.at("loss").get<double>());
        }
        if (message.contains("torch"))
            times.label = "PyTorch " + message.at("torch").get<std::string>() + " from Python " +
                          message.at("python").get<std::string>();
    }
    const int status = ::pclose(pipe);
    if (times.error.empty() && (status != 0 || times.seconds.empty()))
        times.error = "the reference failed (exit status " + std::to_string(status) + ")";
    return times;
}

/// The median of the epochs after the first: what the first is set against.
double laterMedian(const std::vector<double>& seconds)
{
    return es::median({seconds.begin() + 1, seconds.end()});
}

double total(const std::vector<double>& seconds)
{
    return std::accumulate(seconds.begin(), seconds.end(), 0.0);
}

void printTable(const EpochTimes& engine, const EpochTimes& reference, int epochs)
{
    const bool withReference = reference.error.empty() && !reference.seconds.empty();
    std::printf("\n%-7s  %12s  %10s  %12s  %10s\n", "epoch", "engine s", "loss", "reference s",
                "loss");
    for (int e = 0; e < epochs; ++e) {
        const auto index = static_cast<std::size_t>(e);
        std::printf("%-7d  %12.2f  %10.5f", e + 1, engine.seconds.at(index),
                    engine.losses.at(index));
        if (withReference && index < reference.seconds.size())
            std::printf("  %12.2f  %10.5f\n", reference.seconds[index], reference.losses[index]);
        else
            std::printf("  %12s  %10s\n", "n/a", "n/a");
    }
    const double engineTotal = total(engine.seconds);
    std::printf("%-7s  %12.2f", "all", engineTotal);
    if (withReference)
        std::printf("  %10s  %12.2f\n", "", total(reference.seconds));
    else
        std::printf("\n");
    if (epochs < 2) {
        std::printf("\n(one epoch: no later epoch to set the first against)\n");
        return;
    }
    const double engineRatio = engine.seconds.front() / laterMedian(engine.seconds);
    std::printf("\nfirst epoch / median of the later ones:\n");
    std::printf("  engine     %.3f  (target <= %.2f: %s)\n", engineRatio, kFirstEpochTarget,
                engineRatio <= kFirstEpochTarget ? "met" : "NOT met");
    if (withReference) {
        std::printf("  reference  %.3f\n",
                    reference.seconds.front() / laterMedian(reference.seconds));
        std::printf("whole run, reference / engine: %.2fx\n",
                    total(reference.seconds) / engineTotal);
    } else {
        std::printf("  reference  n/a (%s)\n", reference.error.c_str());
    }
}

}  // namespace

int main(int argc, char** argv)
try {
    const Options options = parse(argc, argv);
    es::RunConfig config = es::loadPreset(options.preset);
    config.training.epochs = options.epochs;
    config.device.intraOpThreads = options.threads;

    const es::OneDnnInfo oneDnn = es::oneDnnInfo();
    const es::EnvironmentInfo environment = es::collectEnvironment();
    std::printf("epochs_bench: %s, %d epochs, %d threads\n", options.preset.c_str(), options.epochs,
                options.threads);
    std::printf("cpu: %s; LibTorch %s; oneDNN %s (%s); load before: %s\n",
                environment.cpuModel.c_str(), environment.libtorchVersion.c_str(),
                oneDnn.version.c_str(), oneDnn.isa.c_str(), bench::loadAverage().c_str());
    const fs::path dir = options.dir;
    if (options.withPython) {
        const auto start = Clock::now();
        writeRunArrays(config, dir);
        std::printf("arrays for the reference in %s (%.1f s)\n", dir.c_str(),
                    std::chrono::duration<double>(Clock::now() - start).count());
    }
    std::fflush(stdout);

    const EpochTimes engine = runEngine(config);
    if (!engine.error.empty()) {
        std::fprintf(stderr, "epochs_bench: the engine's %s\n", engine.error.c_str());
        return 1;
    }
    std::printf("%s: %zu epochs done\n", engine.label.c_str(), engine.seconds.size());
    std::fflush(stdout);

    EpochTimes reference;
    if (options.withPython) {
        reference = runReference(options, dir);
        if (!reference.error.empty())
            std::fprintf(stderr, "epochs_bench: reference: %s\n", reference.error.c_str());
        else
            std::printf("%s: %zu epochs done\n", reference.label.c_str(), reference.seconds.size());
        if (!options.keepData)
            fs::remove_all(dir);
    } else {
        reference.error = "--no-python";
    }
    printTable(engine, reference, options.epochs);
    std::printf("load after: %s\n", bench::loadAverage().c_str());
    return 0;
} catch (const std::exception& error) {
    std::fprintf(stderr, "epochs_bench: %s\n", error.what());
    return 2;
}
