// measureMachine(): the measuring half of the doctor (LibTorch, oneDNN, /proc, NVML). Its
// JSON and text are in doctorjson.cpp and doctortext.cpp; its rules are
// diagnosis/doctorfindings.cpp.

#include "engine/doctor/doctor.h"

#include "engine/env/cpuinfo.h"
#include "engine/model/backendchoice.h"
#include "engine/profile/nvml.h"
#include "engine/train/threading.h"

#include <ATen/Version.h>
#include <ATen/detail/CUDAHooksInterface.h>
#include <torch/torch.h>

#include <xmmintrin.h>

#include <algorithm>
#include <chrono>
#include <sstream>

extern char** environ;

namespace es {

namespace {

// MXCSR bits: flush-to-zero (results) and denormals-are-zero (inputs).
constexpr unsigned kMxcsrFlushToZero = 1U << 15;
constexpr unsigned kMxcsrDenormalsAreZero = 1U << 6;
// Large enough that the copy engine, not the call overhead, sets the time.
constexpr std::int64_t kCopyBytes = std::int64_t(256) << 20;
constexpr int kCopyRepeats = 5;
constexpr double kBytesPerGB = 1e9;

std::vector<std::string> interestingFlags(const std::string& flags)
{
    static const std::vector<std::string> kWanted = {
        "sse4_2",   "avx",      "avx2",        "fma",         "f16c",     "avx512f",
        "avx512bw", "avx512vl", "avx512_vnni", "avx512_bf16", "amx_tile", "amx_bf16"};
    std::vector<std::string> present;
    std::istringstream words(flags);
    std::vector<std::string> all;
    for (std::string word; words >> word;)
        all.push_back(word);
    for (const std::string& flag : kWanted) {
        if (std::find(all.begin(), all.end(), flag) != all.end())
            present.push_back(flag);
    }
    return present;
}

std::vector<std::pair<std::string, std::string>> threadVariables()
{
    static const std::vector<std::string> kPrefixes = {"OMP_", "MKL_",  "OPENBLAS_", "GOMP_",
                                                       "KMP_", "DNNL_", "ONEDNN_"};
    std::vector<std::pair<std::string, std::string>> variables;
    for (char** entry = environ; entry != nullptr && *entry != nullptr; ++entry) {
        const std::string text = *entry;
        const std::size_t equals = text.find('=');
        const std::string name = text.substr(0, equals);
        const bool wanted =
            std::any_of(kPrefixes.begin(), kPrefixes.end(),
                        [&](const auto& prefix) { return name.rfind(prefix, 0) == 0; });
        if (wanted && equals != std::string::npos)
            variables.emplace_back(name, text.substr(equals + 1));
    }
    std::sort(variables.begin(), variables.end());
    return variables;
}

/// Whether LibTorch can flush denormals here; the calling thread's MXCSR is left as it was.
bool canFlushDenormals()
{
    const unsigned saved = _mm_getcsr();
    const bool supported = at::globalContext().setFlushDenormal(true);
    _mm_setcsr(saved);
    return supported;
}

/// What `auto` decides for a CPU run with an LSTM layer, as the trainer decides it.
void describeCpuLstm(DoctorReport& report)
{
    report.cpuLstmBackend = autoCpuLstmBackend(oneDnnBuilt());
    report.cpuLstmDenormals = resolveFlushDenormals(DeviceConfig{}, report.cpuLstmBackend.backend);
}

/// What device.allocator can use here; loads jemalloc and TCMalloc when they are installed.
void describeAllocators(DoctorReport& report)
{
    for (HostAllocator allocator : {HostAllocator::System, HostAllocator::GlibcTuned,
                                    HostAllocator::Jemalloc, HostAllocator::Tcmalloc})
        report.allocators.emplace_back(allocator, allocatorAvailability(allocator));
    report.autoAllocator = resolveAllocator(HostAllocator::Auto);
}

std::string cpuCapability(const std::string& config)
{
    const std::string key = "CPU capability usage: ";
    const std::size_t at = config.find(key);
    if (at == std::string::npos)
        return {};
    const std::size_t end = config.find('\n', at);
    return config.substr(at + key.size(), end == std::string::npos ? end : end - at - key.size());
}

/// GB/s of copying `source` to the first CUDA device, best of a few.
double copyBandwidth(const torch::Tensor& source)
{
    using Clock = std::chrono::steady_clock;
    auto target = torch::empty_like(source, torch::TensorOptions().device(torch::kCUDA));
    target.copy_(source, true);
    torch::cuda::synchronize();
    double best = 0.0;
    for (int i = 0; i < kCopyRepeats; ++i) {
        const auto start = Clock::now();
        target.copy_(source, true);
        torch::cuda::synchronize();
        const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
        best = i == 0 ? seconds : std::min(best, seconds);
    }
    return static_cast<double>(source.nbytes()) / best / kBytesPerGB;
}

void measureCuda(DoctorReport& report)
{
    report.cudaBuilt = at::hasCUDA();
    report.cudaAvailable = torch::cuda::is_available();
    if (!report.cudaAvailable)
        return;
    report.cudaDevices = static_cast<int>(torch::cuda::device_count());
    report.cudnnAvailable = torch::cuda::cudnn_is_available();
    try {
        report.cudnnVersion = at::detail::getCUDAHooks().versionCuDNN();
    } catch (const c10::Error&) {
        report.cudnnVersion = 0;
    }
    const auto floats = kCopyBytes / static_cast<std::int64_t>(sizeof(float));
    report.pageableCopyGBs = copyBandwidth(torch::ones({floats}));
    report.pinnedCopyGBs = copyBandwidth(torch::ones({floats}).pin_memory());
}

}  // namespace

DoctorReport measureMachine(const DoctorOptions& options)
{
    DoctorReport report;
    report.epochscopeVersion = EPOCHSCOPE_VERSION;
    report.libtorchVersion = TORCH_VERSION;
    report.libtorchConfig = at::show_config();
    report.cpuCapability = cpuCapability(report.libtorchConfig);

    const CpuTopology cpu = readCpuTopology();
    report.cpuModel = cpu.model;
    report.physicalCores = cpu.physicalCores;
    report.logicalCores = cpu.logicalCores;
    report.isaFlags = interestingFlags(cpu.flags);
    report.threadVariables = threadVariables();

    // Measure with the threads a run with these settings would use.
    DeviceConfig device;
    device.intraOpThreads = options.intraOpThreads;
    const AppliedThreads threads = applyThreadSettings(device, cpu.physicalCores);
    report.intraOpThreads = threads.intraOp;
    report.interOpThreads = threads.interOp;
    const unsigned mxcsr = _mm_getcsr();
    report.flushToZero = (mxcsr & kMxcsrFlushToZero) != 0;
    report.denormalsAreZero = (mxcsr & kMxcsrDenormalsAreZero) != 0;
    report.canFlushDenormals = canFlushDenormals();
    describeCpuLstm(report);
    describeAllocators(report);

    report.libtorchSgemm = measureLibTorchSgemm(options.gemmSize, options.gemmBudgetS);
    // After the first matrix product: LibTorch loads its BLAS lazily on some builds.
    report.blas = detectLoadedBlas();
    report.onednnSgemm = measureOneDnnSgemm(options.gemmSize, options.gemmBudgetS);
    report.onednn = oneDnnInfo();

    measureCuda(report);
    const Nvml nvml;
    report.nvmlStatus = nvml.status();
    report.driverVersion = nvml.driverVersion();
    for (int index = 0; index < nvml.deviceCount(); ++index) {
        const GpuSample sample = nvml.sample(index);
        report.gpus.push_back({index, nvml.deviceName(index), sample.memTotalMb});
    }
    return report;
}

}  // namespace es
