// Data loading benchmark (issue: data pipeline). Prints ratios measured side by side in one
// run, medians over repeats, because this machine is noisy:
//   1. loading a 1 GiB float32 .npy with the engine vs a plain sequential read of the file
//      (GB/s and their ratio), and the loader's peak RSS against the file size;
//   2. per-batch DataWait on the IMDB-shaped preset with `host` vs `device` placement.
// Usage: data_loading [--dir DIR] [--repeats N] [--skip-file] [--skip-placement]

#include "engine/config/presets.h"
#include "engine/config/runconfig.h"
#include "engine/core/phase.h"
#include "engine/data/npyfile.h"
#include "engine/summary/statistics.h"
#include "engine/train/trainingsession.h"

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

using es::median;

using Clock = std::chrono::steady_clock;

constexpr std::int64_t kGiB = std::int64_t(1) << 30;
// (N, 64, 8) float32: the keras-lstm-regression sample shape, 2^19 samples = 1 GiB.
constexpr std::int64_t kSamples = kGiB / (64 * 8 * 4);
// Big enough to amortise syscalls, small enough to stay in cache.
constexpr std::size_t kReadChunk = std::size_t(8) << 20;
// Batches timed per placement run: enough for a stable median DataWait.
constexpr int kTimedBatches = 40;

double secondsSince(Clock::time_point start)
{
    return std::chrono::duration<double>(Clock::now() - start).count();
}

/// A version 1.0 .npy of float32 (kSamples, 64, 8) with values that are cheap to generate.
void writeNpy(const std::string& path)
{
    std::string header = "{'descr': '<f4', 'fortran_order': False, 'shape': (" +
                         std::to_string(kSamples) + ", 64, 8), }";
    // NumPy pads the header with spaces so that the data starts on a 64-byte boundary.
    const std::size_t prefix = 10;
    while ((prefix + header.size() + 1) % 64 != 0)
        header += ' ';
    header += '\n';
    std::ofstream out(path, std::ios::binary);
    out.write("\x93NUMPY\x01\x00", 8);
    const auto length = static_cast<std::uint16_t>(header.size());
    out.put(static_cast<char>(length & 0xff));
    out.put(static_cast<char>(length >> 8));
    out << header;
    std::vector<float> chunk(kReadChunk / sizeof(float));
    for (std::size_t i = 0; i < chunk.size(); ++i)
        chunk[i] = static_cast<float>(i % 1000) * 0.001f;
    for (std::int64_t written = 0; written < kGiB; written += kReadChunk)
        out.write(reinterpret_cast<const char*>(chunk.data()), kReadChunk);
    if (!out)
        throw std::runtime_error("cannot write " + path);
}

/// Reads the file front to back into one buffer the size of the file: what any loader must
/// at least do.
double plainReadSeconds(const std::string& path, std::int64_t fileBytes)
{
    const auto start = Clock::now();
    std::vector<char> buffer(static_cast<std::size_t>(fileBytes));
    std::FILE* file = std::fopen(path.c_str(), "rb");
    if (!file)
        throw std::runtime_error("cannot open " + path);
    std::size_t offset = 0;
    while (offset < buffer.size()) {
        const std::size_t got = std::fread(buffer.data() + offset, 1,
                                           std::min(kReadChunk, buffer.size() - offset), file);
        if (got == 0)
            break;
        offset += got;
    }
    std::fclose(file);
    return secondsSince(start);
}

/// Loads the file with the engine in a child process and returns the child's peak RSS in
/// bytes, so that nothing else this program allocated counts.
std::int64_t loaderPeakRss(const std::string& path)
{
    const pid_t child = ::fork();
    if (child == 0) {
        const es::HostArray array = es::loadNpyFile(path, es::ElementKind::Float32);
        ::_exit(array.floats.empty() ? 1 : 0);
    }
    int status = 0;
    rusage usage{};
    ::wait4(child, &status, 0, &usage);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        throw std::runtime_error("the loader child failed");
    return static_cast<std::int64_t>(usage.ru_maxrss) * 1024;  // Linux reports KiB
}

void benchmarkFile(const std::string& dir, int repeats)
{
    const std::string path = dir + "/epochscope-bench-1gib.npy";
    std::printf("writing %s (1 GiB float32)...\n", path.c_str());
    writeNpy(path);
    std::ifstream probe(path, std::ios::binary | std::ios::ate);
    const auto fileBytes = static_cast<std::int64_t>(probe.tellg());

    std::vector<double> plain, loader, ratios;
    for (int i = 0; i < repeats; ++i) {
        // Alternate the order so that page-cache state favours neither side.
        double plainS = 0.0, loaderS = 0.0;
        for (int side = 0; side < 2; ++side) {
            if ((side == 0) == (i % 2 == 0)) {
                plainS = plainReadSeconds(path, fileBytes);
            } else {
                const auto start = Clock::now();
                const es::HostArray array = es::loadNpyFile(path, es::ElementKind::Float32);
                loaderS = secondsSince(start);
                if (array.floats.size() != static_cast<std::size_t>(kSamples * 64 * 8))
                    throw std::runtime_error("loader returned the wrong number of values");
            }
        }
        plain.push_back(static_cast<double>(fileBytes) / plainS / 1e9);
        loader.push_back(static_cast<double>(fileBytes) / loaderS / 1e9);
        ratios.push_back(plainS / loaderS);
    }
    const double rss = static_cast<double>(loaderPeakRss(path));
    std::printf("\n.npy load, %d repeats (median):\n", repeats);
    std::printf("  plain sequential read   %6.2f GB/s\n", median(plain));
    std::printf("  engine loadNpyFile      %6.2f GB/s\n", median(loader));
    std::printf("  loader / plain speed    %6.2f  (1.0 = as fast as reading the file)\n",
                median(ratios));
    std::printf("  loader peak RSS / file  %6.2f  (%.0f MiB for a %.0f MiB file; aim <= 1.1)\n",
                rss / static_cast<double>(fileBytes), rss / (1 << 20),
                static_cast<double>(fileBytes) / (1 << 20));
    std::remove(path.c_str());
}

/// Median DataWait per batch (ms) of a short IMDB-shaped run.
double medianDataWaitMs(es::Placement placement)
{
    es::RunConfig config = es::loadPreset("imdb-lstm-sentiment");
    config.training.epochs = 1;
    config.training.stepsPerEpoch = kTimedBatches;
    config.data.validationSplit = 0.0;  // only the training steps are timed
    config.data.placement = placement;
    es::TrainingSession session(config);
    session.start();
    session.wait();
    if (session.state() != es::RunState::Finished)
        throw std::runtime_error("run failed: " + session.result().error);
    std::vector<double> waits;
    for (const es::BatchRecord& batch : session.result().batches)
        waits.push_back(batch.phaseMs[es::phaseIndex(es::Phase::DataWait)]);
    return median(waits);
}

void benchmarkPlacement(int repeats)
{
    std::vector<double> host, device, ratios;
    for (int i = 0; i < repeats; ++i) {
        const double h = medianDataWaitMs(es::Placement::Host);
        const double d = medianDataWaitMs(es::Placement::Device);
        host.push_back(h);
        device.push_back(d);
        ratios.push_back(h / d);
    }
    std::printf(
        "\nDataWait per batch, imdb-lstm-sentiment shape (B 64, T 500), %d batches x %d "
        "repeats (median):\n",
        kTimedBatches, repeats);
    std::printf("  host placement    %8.3f ms\n", median(host));
    std::printf("  device placement  %8.3f ms\n", median(device));
    std::printf("  host / device     %8.2f\n", median(ratios));
}

}  // namespace

int main(int argc, char** argv)
{
    std::string dir = "/tmp";
    int repeats = 5;
    bool file = true;
    bool placement = true;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--dir" && i + 1 < argc)
            dir = argv[++i];
        else if (arg == "--repeats" && i + 1 < argc)
            repeats = std::max(1, std::atoi(argv[++i]));
        else if (arg == "--skip-file")
            file = false;
        else if (arg == "--skip-placement")
            placement = false;
        else {
            std::fprintf(stderr,
                         "usage: data_loading [--dir DIR] [--repeats N] [--skip-file] "
                         "[--skip-placement]\n");
            return 2;
        }
    }
    try {
        if (file)
            benchmarkFile(dir, repeats);
        if (placement)
            benchmarkPlacement(std::min(repeats, 3));
    } catch (const std::exception& error) {
        std::fprintf(stderr, "data_loading: %s\n", error.what());
        return 1;
    }
    return 0;
}
