#pragma once

// The environment doctor (`epochscope-cli env`): what this machine and this LibTorch build
// will do to training speed, measured where it matters, with findings that say what to fix.

#include "engine/core/finding.h"
#include "engine/doctor/gemmbench.h"
#include "engine/env/blaslibrary.h"
#include "engine/model/backendchoice.h"
#include "engine/train/allocator.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace es {

struct GpuDescription {
    int index = 0;
    std::string name;
    double memoryTotalMb = 0.0;
};

struct DoctorReport {
    std::string epochscopeVersion;
    std::string libtorchVersion;
    std::string libtorchConfig;  ///< at::show_config(), whole
    std::string cpuCapability;   ///< from it: "AVX512", "AVX2", ...

    std::string cpuModel;
    int physicalCores = 0;
    int logicalCores = 0;
    std::vector<std::string> isaFlags;  ///< the ISA extensions that matter for float math
    int intraOpThreads = 0;             ///< as a run would apply them
    int interOpThreads = 0;
    /// OMP_*, MKL_*, OPENBLAS_*, GOMP_*, KMP_*, DNNL_* and ONEDNN_* variables, sorted.
    std::vector<std::pair<std::string, std::string>> threadVariables;
    bool flushToZero = false;       ///< MXCSR FTZ on the measuring thread
    bool denormalsAreZero = false;  ///< MXCSR DAZ
    /// LibTorch's setFlushDenormal works on this CPU (it has DAZ), so device.flush_denormals
    /// can take effect.
    bool canFlushDenormals = false;
    /// What a CPU run with LSTM layers gets from `backend: auto` in this build, and whether
    /// `device.flush_denormals: auto` then flushes denormals.
    BackendChoice cpuLstmBackend;
    DenormalsChoice cpuLstmDenormals;
    /// Which device.allocator values this process can use (system, glibc-tuned, jemalloc,
    /// tcmalloc, in that order), and what `auto` picks from them.
    std::vector<std::pair<HostAllocator, AllocatorAvailability>> allocators;
    AllocatorChoice autoAllocator;

    BlasLibrary blas;
    GemmMeasurement libtorchSgemm;
    GemmMeasurement onednnSgemm;
    OneDnnInfo onednn;

    bool cudaBuilt = false;  ///< this LibTorch has CUDA
    bool cudaAvailable = false;
    int cudaDevices = 0;
    bool cudnnAvailable = false;
    long cudnnVersion = 0;
    std::string nvmlStatus;
    std::string driverVersion;
    std::vector<GpuDescription> gpus;
    /// Host-to-device copy bandwidth in GB/s from pageable and from pinned memory; measured
    /// only with a CUDA device.
    std::optional<double> pageableCopyGBs;
    std::optional<double> pinnedCopyGBs;

    std::vector<Finding> findings;
};

struct DoctorOptions {
    int intraOpThreads = 0;  ///< as device.intra_op_threads: 0 = one per physical core
    int gemmSize = 1024;
    double gemmBudgetS = 0.4;  ///< per SGEMM measurement
};

/// Collects and measures everything (about a second); the findings are the diagnosis's
/// (diagnosis/doctorfindings.h: runDoctor() measures and adds them).
DoctorReport measureMachine(const DoctorOptions& options);

}  // namespace es
