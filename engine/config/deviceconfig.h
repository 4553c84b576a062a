#pragma once

// Where and how a run computes: the `device` section of its config (threads, denormals, the
// host allocator) and its `backend`, how the LSTM layers run (RunConfig in runconfig.h holds
// every section; docs/config.md documents the keys).

#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace es {

enum class DeviceType { Cpu, Cuda };

/// "flush_denormals": whether the training threads treat denormal floats as zero (MXCSR FTZ
/// and DAZ). Arithmetic on denormals takes a slow microcode path on x86 CPUs, and the values
/// are too small to change a float32 training's result.
enum class FlushDenormals {
    Auto,  ///< "auto": flush with the onednn backend, leave them otherwise (LibTorch's default)
    On,    ///< "on"
    Off,   ///< "off"
};

/// "allocator": where tensor memory on the host comes from (docs/config.md#allocator). Large
/// tensors that glibc maps and unmaps every step cost a minor page fault per 4 kB page.
enum class HostAllocator {
    Auto,        ///< "auto": the fastest measured here that this machine has (train/allocator.h)
    System,      ///< "system": the process's malloc as it is (glibc)
    GlibcTuned,  ///< "glibc-tuned": glibc told to keep large blocks (mallopt, process-wide)
    Jemalloc,    ///< "jemalloc": tensors from jemalloc (libjemalloc2), loaded at run time
    Tcmalloc,    ///< "tcmalloc": tensors from TCMalloc (libtcmalloc-minimal4), loaded at run time
};

struct DeviceConfig {
    DeviceType type = DeviceType::Cpu;  ///< "name": "cpu", "cuda" (= cuda:0) or "cuda:N"
    int index = 0;
    /// "intra_op_threads": 0 = one per physical core (LibTorch's own default here is 1).
    int intraOpThreads = 0;
    /// "inter_op_threads": 0 = LibTorch's default.
    int interOpThreads = 0;
    /// "cudnn": let LSTMs on a CUDA device use cuDNN's fused kernels. Off measures the
    /// unfused GPU LSTM against the fused one. No effect on the CPU.
    bool cudnn = true;
    /// "flush_denormals": "auto", "on" or "off"; applied to the training thread and its
    /// intra-op threads when the run starts (CPU arithmetic only).
    FlushDenormals flushDenormals = FlushDenormals::Auto;
    /// "allocator": "auto", "system", "glibc-tuned", "jemalloc" or "tcmalloc"; set when the run
    /// starts and undone when it ends (glibc-tuned excepted: see docs/config.md#allocator).
    HostAllocator allocator = HostAllocator::Auto;

    std::string name() const;  ///< "cpu" or "cuda:N"
    bool operator==(const DeviceConfig&) const;
};

/// The device a "name" means ("cpu", "cuda" = "cuda:0", "cuda:N"), with default threads;
/// nullopt for anything else. For the config parser and command-line flags alike.
std::optional<DeviceConfig> deviceFromName(std::string_view name);

/// "backend": how the LSTM layers run (docs/config.md#backend). The resolved choice and its
/// reason are recorded in the run (model/backendchoice.h).
enum class Backend {
    Auto,      ///< "auto": onednn on the CPU when this build has it, else libtorch
    LibTorch,  ///< "libtorch": LibTorch's own LSTM (unfused on the CPU, cuDNN on CUDA)
    OneDnn,    ///< "onednn": oneDNN's fused CPU LSTM primitives (CPU devices only)
};

// Every value of each enum, in declaration order: for parsers, pickers in forms, and tests.
inline constexpr std::array<FlushDenormals, 3> kAllFlushDenormals = {
    FlushDenormals::Auto, FlushDenormals::On, FlushDenormals::Off};
inline constexpr std::array<HostAllocator, 5> kAllHostAllocators = {
    HostAllocator::Auto, HostAllocator::System, HostAllocator::GlibcTuned, HostAllocator::Jemalloc,
    HostAllocator::Tcmalloc};
inline constexpr std::array<Backend, 3> kAllBackends = {Backend::Auto, Backend::LibTorch,
                                                        Backend::OneDnn};

std::string_view backendKey(Backend backend);
std::string_view flushDenormalsKey(FlushDenormals mode);
std::string_view allocatorKey(HostAllocator allocator);

}  // namespace es
