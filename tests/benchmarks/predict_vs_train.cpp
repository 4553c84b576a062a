// predict against training (issue 24): on a preset's model and data (imdb-lstm-sentiment by
// default, cut to --samples), one training epoch against `predict` over the same samples, each
// measured in a fresh process (this program with --variant) and alternating which goes first,
// because this machine is noisy and two OpenMP teams in one process would compete. The issue's
// target: predicting takes at most 40% of an epoch's time.
//
// Prints each repeat's epoch time, predict's time over its batches and over the whole call
// (data, model and checkpoint loaded too), and the medians of predict/epoch for both.
// Usage: predict_vs_train [--preset NAME] [--samples N] [--repeats N] [--threads N]

#include "engine/config/presets.h"
#include "engine/config/runconfig.h"
#include "engine/data/dataset_torch.h"
#include "engine/data/npyheader.h"
#include "engine/io/atomicfile.h"
#include "engine/predict/prediction.h"
#include "engine/summary/statistics.h"
#include "engine/train/trainingsession.h"

#include <unistd.h>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

struct Options {
    std::string variant;  ///< "train" or "predict": measure once in this process and print it
    std::string preset = "imdb-lstm-sentiment";
    std::int64_t samples = 1024;
    int repeats = 3;
    /// device.intra_op_threads for both sides; 0 keeps the preset's (one per physical core).
    int threads = 0;
    std::string checkpoint;  ///< predict: the weights
    std::string x;           ///< predict: the inputs
};

/// The preset on `samples` of its synthetic samples, all trained on (no validation), one epoch.
es::RunConfig benchmarkConfig(const Options& options)
{
    es::RunConfig config = es::loadPreset(options.preset);
    if (config.data.source.fromFiles())
        throw std::runtime_error("--preset: the benchmark needs a preset of synthetic data");
    config.data.source.samples = options.samples;
    config.data.validationSplit = 0.0;
    config.training.epochs = 1;
    config.callbacks.clear();
    if (options.threads > 0)
        config.device.intraOpThreads = options.threads;
    return config;
}

/// `tensor` (float32 or int64, C order) as a .npy file, as np.save writes it.
void saveNpy(const torch::Tensor& tensor, const std::string& path)
{
    const torch::Tensor data = tensor.contiguous();
    const bool tokens = data.scalar_type() == torch::kInt64;
    std::string dict =
        std::string("{'descr': '") + (tokens ? "<i8" : "<f4") +
        "', 'fortran_order': False, 'shape': " + es::npyShapeText(data.sizes().vec()) + ", }";
    // Magic, version and length take 10 bytes; the data starts at a multiple of 64.
    dict.append((64 - (10 + dict.size() + 1) % 64) % 64, ' ');
    dict.push_back('\n');
    std::string bytes("\x93NUMPY\x01\x00", 8);
    bytes.push_back(static_cast<char>(dict.size() & 0xff));
    bytes.push_back(static_cast<char>(dict.size() >> 8));
    bytes += dict;
    bytes.append(static_cast<const char*>(data.data_ptr()),
                 static_cast<std::size_t>(data.numel() * data.element_size()));
    es::writeFileAtomically(path, bytes);
}

/// One training step's run with model_checkpoint: weights to predict with (their values do not
/// change the time a forward pass takes).
void writeCheckpoint(const es::RunConfig& benchmark, const std::string& path)
{
    // Through the config's parser, which fills in the callback's defaults.
    nlohmann::json document = es::toJson(benchmark);
    document["training"]["steps_per_epoch"] = 1;
    document["callbacks"] = {{{"type", "model_checkpoint"}, {"filepath", path}}};
    es::TrainingSession session(es::parseRunConfig(document));
    session.start();
    session.wait();
    if (session.result().state != es::RunState::Finished)
        throw std::runtime_error("the checkpoint run failed: " + session.result().error);
}

/// Seconds of the one epoch's wall time (training only: there is no validation).
double epochSeconds(const es::RunConfig& config)
{
    es::TrainingSession session(config);
    session.start();
    session.wait();
    const es::RunResult& result = session.result();
    if (result.state != es::RunState::Finished || result.epochs.empty())
        throw std::runtime_error("the training run failed: " + result.error);
    return result.epochs.front().wallS;
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
        else if (flag == "--samples")
            options.samples = std::max<std::int64_t>(1, std::atoll(value));
        else if (flag == "--repeats")
            options.repeats = std::max(1, std::atoi(value));
        else if (flag == "--threads")
            options.threads = std::max(0, std::atoi(value));
        else if (flag == "--checkpoint")
            options.checkpoint = value;
        else if (flag == "--x")
            options.x = value;
        else
            throw std::runtime_error("unknown option " + flag);
    }
    return options;
}

/// The two numbers a child prints: `first=... second=...` (predict's second is 0 for train).
struct Measured {
    double first = 0.0;
    double second = 0.0;
};

Measured measureInChild(const char* self, const std::string& variant, const Options& options)
{
    const std::string command = std::string(self) + " --variant " + variant + " --preset " +
                                options.preset + " --samples " + std::to_string(options.samples) +
                                " --threads " + std::to_string(options.threads) + " --checkpoint " +
                                options.checkpoint + " --x " + options.x;
    FILE* child = ::popen(command.c_str(), "r");
    if (child == nullptr)
        throw std::runtime_error("cannot start " + command);
    Measured measured;
    const int read = std::fscanf(child, "first=%lf second=%lf", &measured.first, &measured.second);
    const int status = ::pclose(child);
    if (read != 2 || status != 0)
        throw std::runtime_error(variant + " measurement failed (" + command + ")");
    return measured;
}

/// One measurement in this process, printed for the parent.
int measureHere(const Options& options)
{
    const es::RunConfig config = benchmarkConfig(options);
    if (options.variant == "train") {
        std::printf("first=%.6f second=0\n", epochSeconds(config));
        return 0;
    }
    if (options.variant != "predict")
        throw std::runtime_error("--variant: expected train or predict, got " + options.variant);
    es::PredictRequest request;
    request.checkpoint = options.checkpoint;
    request.x = options.x;
    const auto start = Clock::now();
    const es::PredictionResult result = es::predictCheckpoint(config, request);
    const double whole = std::chrono::duration<double>(Clock::now() - start).count();
    std::printf("first=%.6f second=%.6f\n", result.predictSeconds, whole);
    return 0;
}

}  // namespace

int main(int argc, char** argv)
{
    try {
        Options options = parseOptions(argc, argv);
        if (!options.variant.empty())
            return measureHere(options);
        const std::filesystem::path dir =
            std::filesystem::temp_directory_path() /
            ("epochscope-predict-bench-" + std::to_string(::getpid()));
        std::filesystem::create_directories(dir);
        options.checkpoint = (dir / "model.pt").string();
        options.x = (dir / "x.npy").string();
        const es::RunConfig config = benchmarkConfig(options);
        saveNpy(es::generateSynthetic(config.data.source, config.seed).x, options.x);
        writeCheckpoint(config, options.checkpoint);

        std::printf(
            "predict vs one training epoch: preset %s, %lld samples, batch %lld, intra-op "
            "threads %d (0: one per physical core), %d repeats, each in a fresh process\n",
            options.preset.c_str(), static_cast<long long>(options.samples),
            static_cast<long long>(config.data.batchSize), config.device.intraOpThreads,
            options.repeats);
        std::vector<double> batchRatios;
        std::vector<double> wholeRatios;
        for (int repeat = 0; repeat < options.repeats; ++repeat) {
            // Alternate which goes first, so that drift in the machine's state does not always
            // favour the same side.
            const bool trainFirst = repeat % 2 == 0;
            Measured train;
            Measured predict;
            if (trainFirst) {
                train = measureInChild(argv[0], "train", options);
                predict = measureInChild(argv[0], "predict", options);
            } else {
                predict = measureInChild(argv[0], "predict", options);
                train = measureInChild(argv[0], "train", options);
            }
            batchRatios.push_back(predict.first / train.first);
            wholeRatios.push_back(predict.second / train.first);
            std::printf(
                "repeat %d: epoch %.2f s, predict %.2f s over its batches, %.2f s in all "
                "(%.1f%%, %.1f%% of the epoch)\n",
                repeat + 1, train.first, predict.first, predict.second, 100.0 * batchRatios.back(),
                100.0 * wholeRatios.back());
            std::fflush(stdout);
        }
        std::printf(
            "median predict/epoch: %.1f%% over the batches, %.1f%% in all (target <= "
            "40%%)\n",
            100.0 * es::median(batchRatios), 100.0 * es::median(wholeRatios));
        std::filesystem::remove_all(dir);
        return 0;
    } catch (const std::exception& error) {
        std::fprintf(stderr, "predict_vs_train: %s\n", error.what());
        return 1;
    }
}
