#include "engine/train/allocator.h"

#include "engine/config/configerror.h"
#include "engine/model/libtorchapi_torch.h"
#include "engine/train/allocatormessages.h"
#include "engine/train/tensormemory_torch.h"

#include <c10/core/CPUAllocator.h>
#include <c10/core/alignment.h>
#include <c10/util/Exception.h>

#include <dlfcn.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <mutex>
#include <optional>
#include <utility>
#include <vector>

namespace es {

// Measured by tests/benchmarks/allocators (docs/benchmarks.md#allocators), both presets with
// both backends: TCMalloc took no page faults in steady steps (0 per step on the engine
// thread in all four cases) and the shortest median steps in three of them; glibc-tuned took
// none in three cases but thousands where the onednn backend trains imdb-lstm-sentiment
// (glibc unmaps a thread's heap that falls empty whatever its thresholds), and it changes
// glibc for the rest of the process; jemalloc (5.3, as Debian ships it) took more faults than
// glibc as it is in three cases of four, so `auto` never picks it.
const std::array<HostAllocator, 3> kMeasuredAllocatorOrder = {
    HostAllocator::Tcmalloc, HostAllocator::GlibcTuned, HostAllocator::System};

namespace {

// glibc-tuned: blocks up to 1 GiB come from the heap instead of their own mmap, and up to
// 1 GiB of free memory stays at the top of a heap instead of being given back. No tensor of
// the reference workloads comes near; a thread arena's heap is at most 64 MiB, so larger
// blocks are still mapped one by one whatever the threshold.
constexpr int kTunedMmapThreshold = 1 << 30;
constexpr int kTunedTrimThreshold = 1 << 30;

// jemalloc's MALLOCX_LG_ALIGN(6): 64-byte alignment, as LibTorch's own allocator gives
// (c10::gAlignment) and its vectorised kernels expect.
constexpr int kJemallocAlign64 = 6;
static_assert(c10::gAlignment == 64, "kJemallocAlign64 assumes 64-byte tensor alignment");

constexpr const char* kJemallocLibrary = "libjemalloc.so.2";
constexpr const char* kTcmallocLibrary = "libtcmalloc_minimal.so.4";
// Static TLS for a library loaded after start-up comes from a surplus glibc sizes at start-up
// (1664 bytes by default); Debian's jemalloc needs 2632 bytes of it.
constexpr const char* kStaticTlsTunable = "GLIBC_TUNABLES=glibc.rtld.optional_static_tls=4096";

/// A malloc library loaded beside the process's own, with the entry points the tensor
/// allocator calls. Loaded once, never unloaded: tensors it made may outlive any run.
struct LoadedLibrary {
    bool loaded = false;
    std::string detail;
    void* (*allocate)(std::size_t alignment, std::size_t bytes) = nullptr;
    void (*release)(void* data) = nullptr;
    /// The usable size of a block it made, which the counting allocator counts.
    std::size_t (*blockSize)(void* data) = nullptr;
    /// Gives the free memory it kept back to the kernel: at the end of a run.
    void (*trim)() = nullptr;
};

// jemalloc's and TCMalloc's entry points, for the plain-function deleters DataPtr takes.
void* (*g_mallocx)(std::size_t, int) = nullptr;
void (*g_dallocx)(void*, int) = nullptr;
using Mallctl = int (*)(const char*, void*, std::size_t*, void*, std::size_t);
Mallctl g_mallctl = nullptr;
std::size_t (*g_sallocx)(void*, int) = nullptr;
void* (*g_tcMemalign)(std::size_t, std::size_t) = nullptr;
void (*g_tcFree)(void*) = nullptr;
std::size_t (*g_tcMallocSize)(void*) = nullptr;
void (*g_tcReleaseFreeMemory)() = nullptr;

void* jemallocAllocate(std::size_t /*alignment*/, std::size_t bytes)
{
    return g_mallocx(bytes, kJemallocAlign64);
}

void jemallocRelease(void* data)
{
    // dallocx, unlike free, must not be given a null pointer, and LibTorch 2.6 releases the
    // null pointer of a zero-byte allocation through raw_deleter() (its oneDNN LSTM does).
    if (data != nullptr)
        g_dallocx(data, 0);
}

std::size_t jemallocBlockSize(void* data)
{
    return g_sallocx(data, 0);
}

void jemallocTrim()
{
    // MALLCTL_ARENAS_ALL: every arena.
    g_mallctl("arena.4096.purge", nullptr, nullptr, nullptr, 0);
}

void* tcmallocAllocate(std::size_t alignment, std::size_t bytes)
{
    return g_tcMemalign(alignment, bytes);
}

void tcmallocRelease(void* data)
{
    g_tcFree(data);
}

std::size_t tcmallocBlockSize(void* data)
{
    return g_tcMallocSize(data);
}

void tcmallocTrim()
{
    g_tcReleaseFreeMemory();
}

std::string dlErrorText()
{
    const char* error = ::dlerror();
    return error != nullptr ? error : "unknown error";
}

/// dlopen with RTLD_LOCAL: the library's malloc and free stay out of the global symbol scope,
/// so everything else in the process keeps using glibc's (a process-wide switch after start-up
/// would hand glibc's blocks to the other library's free). Explains a failure in `detail`.
void* openLibrary(const char* soname, const char* package, std::string& detail)
{
    void* handle = ::dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (handle != nullptr)
        return handle;
    const std::string error = dlErrorText();
    if (error.find("static TLS") != std::string::npos)
        detail = staticTlsRecord(soname, kStaticTlsTunable);
    else
        detail = cannotLoadLibraryRecord(soname, error, package);
    return nullptr;
}

/// jemalloc needs no such care as TCMalloc (openTcmallocOnMmapOnly): it takes memory from mmap
/// and turns to sbrk only when mmap fails (its opt.dss is "secondary").
LoadedLibrary loadJemalloc()
{
    LoadedLibrary library;
    void* handle = openLibrary(kJemallocLibrary, "libjemalloc2", library.detail);
    if (handle == nullptr)
        return library;
    g_mallocx = reinterpret_cast<void* (*)(std::size_t, int)>(::dlsym(handle, "mallocx"));
    g_dallocx = reinterpret_cast<void (*)(void*, int)>(::dlsym(handle, "dallocx"));
    g_mallctl = reinterpret_cast<Mallctl>(::dlsym(handle, "mallctl"));
    g_sallocx = reinterpret_cast<std::size_t (*)(void*, int)>(::dlsym(handle, "sallocx"));
    if (g_mallocx == nullptr || g_dallocx == nullptr || g_mallctl == nullptr ||
        g_sallocx == nullptr) {
        library.detail = jemallocIncompleteRecord(kJemallocLibrary);
        return library;
    }
    const char* version = nullptr;
    std::size_t length = sizeof(version);
    library.detail = kJemallocLibrary;
    if (g_mallctl("version", &version, &length, nullptr, 0) == 0 && version != nullptr)
        library.detail += std::string(", jemalloc ") + version;
    library.loaded = true;
    library.allocate = jemallocAllocate;
    library.release = jemallocRelease;
    library.blockSize = jemallocBlockSize;
    library.trim = jemallocTrim;
    return library;
}

/// Loads TCMalloc with TCMALLOC_SKIP_SBRK set, which it reads while it loads, and puts the
/// variable back as it was. Why: TCMalloc takes memory from sbrk before mmap, and glibc's main
/// heap moves the same program break; sbrk is not atomic, so the engine thread's tensors and
/// the GUI thread's heap could be given the same pages (tst_mainwindow died of a corrupted
/// heap about once in 50 runs; tst_allocator's leavesTheProgramBreakToGlibc shows the sbrk).
void* openTcmallocOnMmapOnly(std::string& detail)
{
    constexpr const char* kSkipSbrk = "TCMALLOC_SKIP_SBRK";
    const char* set = std::getenv(kSkipSbrk);
    const std::optional<std::string> previous =
        set != nullptr ? std::optional<std::string>(set) : std::nullopt;
    ::setenv(kSkipSbrk, "true", 1);
    void* handle = openLibrary(kTcmallocLibrary, "libtcmalloc-minimal4", detail);
    if (previous)
        ::setenv(kSkipSbrk, previous->c_str(), 1);
    else
        ::unsetenv(kSkipSbrk);
    return handle;
}

LoadedLibrary loadTcmalloc()
{
    LoadedLibrary library;
    void* handle = openTcmallocOnMmapOnly(library.detail);
    if (handle == nullptr)
        return library;
    g_tcMemalign =
        reinterpret_cast<void* (*)(std::size_t, std::size_t)>(::dlsym(handle, "tc_memalign"));
    g_tcFree = reinterpret_cast<void (*)(void*)>(::dlsym(handle, "tc_free"));
    g_tcMallocSize = reinterpret_cast<std::size_t (*)(void*)>(::dlsym(handle, "tc_malloc_size"));
    g_tcReleaseFreeMemory =
        reinterpret_cast<void (*)()>(::dlsym(handle, "MallocExtension_ReleaseFreeMemory"));
    using Version = const char* (*)(int*, int*, const char**);
    const auto version = reinterpret_cast<Version>(::dlsym(handle, "tc_version"));
    if (g_tcMemalign == nullptr || g_tcFree == nullptr || g_tcMallocSize == nullptr ||
        g_tcReleaseFreeMemory == nullptr) {
        library.detail = tcmallocIncompleteRecord(kTcmallocLibrary);
        return library;
    }
    library.detail = kTcmallocLibrary;
    int major = 0;
    int minor = 0;
    const char* patch = nullptr;
    if (version != nullptr)
        library.detail += std::string(", ") + version(&major, &minor, &patch);
    library.loaded = true;
    library.allocate = tcmallocAllocate;
    library.release = tcmallocRelease;
    library.blockSize = tcmallocBlockSize;
    library.trim = tcmallocTrim;
    return library;
}

const LoadedLibrary& jemallocLibrary()
{
    static const LoadedLibrary library = loadJemalloc();
    return library;
}

const LoadedLibrary& tcmallocLibrary()
{
    static const LoadedLibrary library = loadTcmalloc();
    return library;
}

/// The file that defines the malloc this process calls ("libc.so.6", or a preloaded
/// "libjemalloc.so.2"); empty when it cannot be told.
std::string processMallocFile()
{
    Dl_info info{};
    void* symbol = ::dlsym(RTLD_DEFAULT, "malloc");
    if (symbol == nullptr || ::dladdr(symbol, &info) == 0 || info.dli_fname == nullptr)
        return {};
    const std::string path = info.dli_fname;
    const std::size_t slash = path.rfind('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

bool processMallocIsGlibc()
{
    return processMallocFile().rfind("libc.so", 0) == 0;
}

/// LibTorch's CPU allocator interface over a loaded library. Zero bytes give a null pointer,
/// as LibTorch's own allocator does.
class LibraryTensorAllocator final : public libtorch::TensorAllocator {
public:
    explicit LibraryTensorAllocator(const LoadedLibrary& library) : m_library(library) {}

    c10::DataPtr allocateBytes(std::size_t bytes) const override
    {
        const c10::Device cpu(c10::DeviceType::CPU);
        if (bytes == 0)
            return {nullptr, nullptr, m_library.release, cpu};
        void* data = m_library.allocate(c10::gAlignment, bytes);
        TORCH_CHECK(data != nullptr, "not enough memory: you tried to allocate ", bytes, " bytes (",
                    m_library.detail, ")");
        return {data, data, m_library.release, cpu};
    }

    c10::DeleterFnPtr raw_deleter() const override { return m_library.release; }

private:
    const LoadedLibrary& m_library;
};

// Set once a run has used them, so that currentTensorAllocator() loads nothing.
std::atomic<c10::Allocator*> g_jemallocTensors{nullptr};
std::atomic<c10::Allocator*> g_tcmallocTensors{nullptr};

/// jemalloc's tensors, counted (tensormemory_torch.h).
c10::Allocator* jemallocTensorAllocator()
{
    static LibraryTensorAllocator allocator(jemallocLibrary());
    static c10::Allocator* const counted = countingTensorAllocator(
        CountedAllocator::Jemalloc, &allocator, jemallocLibrary().blockSize);
    g_jemallocTensors = counted;
    return counted;
}

/// TCMalloc's tensors, counted.
c10::Allocator* tcmallocTensorAllocator()
{
    static LibraryTensorAllocator allocator(tcmallocLibrary());
    static c10::Allocator* const counted = countingTensorAllocator(
        CountedAllocator::Tcmalloc, &allocator, tcmallocLibrary().blockSize);
    g_tcmallocTensors = counted;
    return counted;
}

/// LibTorch's own allocator, counted, where `tensors` is it; an allocator that something else
/// set (which a counting one cannot know the block sizes of) stays as it is, and `note` says
/// the run's memory is not counted.
c10::Allocator* countedDefaultTensors(c10::Allocator* tensors, std::string& note)
{
    if (countedInnerAllocator(tensors) != nullptr)
        return tensors;
    if (tensors == c10::GetDefaultCPUAllocator())
        return countingTensorAllocator(CountedAllocator::Default, tensors, processMallocBlockSize);
    note = tensorsNotCountedRecord();
    return tensors;
}

/// The leases alive in this process, oldest first, and LibTorch's allocator from before them.
struct LeaseRegistry {
    std::mutex mutex;
    c10::Allocator* before = nullptr;
    std::vector<std::pair<std::uint64_t, c10::Allocator*>> active;
    std::uint64_t nextId = 1;
    bool glibcTuned = false;
};

LeaseRegistry& registry()
{
    static LeaseRegistry instance;
    return instance;
}

/// Raises glibc's thresholds. mallopt() cannot be undone: setting M_MMAP_THRESHOLD also
/// switches off glibc's dynamic threshold for good, and glibc offers no call to switch it
/// back on, so later runs in this process find glibc tuned and record so.
bool tuneGlibc()
{
#if defined(__GLIBC__)
    return ::mallopt(M_MMAP_THRESHOLD, kTunedMmapThreshold) == 1 &&
           ::mallopt(M_TRIM_THRESHOLD, kTunedTrimThreshold) == 1;
#else
    return false;
#endif
}

}  // namespace

AllocatorAvailability allocatorAvailability(HostAllocator allocator)
{
    switch (allocator) {
        case HostAllocator::Auto: break;
        case HostAllocator::System: {
            const std::string file = processMallocFile();
            return {true, processMallocRecord(file)};
        }
        case HostAllocator::GlibcTuned:
            if (processMallocIsGlibc())
                return {true, glibcTunedRecord()};
            return {false, mallocNotGlibcRecord(processMallocFile())};
        case HostAllocator::Jemalloc: {
            const LoadedLibrary& library = jemallocLibrary();
            return {library.loaded, library.detail};
        }
        case HostAllocator::Tcmalloc: {
            const LoadedLibrary& library = tcmallocLibrary();
            return {library.loaded, library.detail};
        }
    }
    return {false, "\"auto\" is resolved by resolveAllocator()"};
}

HostAllocator bestMeasuredAllocator()
{
    return kMeasuredAllocatorOrder.front();
}

AllocatorChoice resolveAllocator(HostAllocator requested, const AllocatorLookup& lookup)
{
    if (requested != HostAllocator::Auto) {
        const AllocatorAvailability availability = lookup(requested);
        if (!availability.available)
            throw ConfigError("device.allocator", allocatorUnavailableText(allocatorKey(requested),
                                                                           availability.detail));
        return {requested, allocatorSetInConfigRecord() + "; " + availability.detail};
    }
    std::string passedOver;
    for (HostAllocator candidate : kMeasuredAllocatorOrder) {
        const AllocatorAvailability availability = lookup(candidate);
        if (!availability.available) {
            passedOver +=
                "; " + allocatorNotAvailableRecord(allocatorKey(candidate), availability.detail);
            continue;
        }
        const bool best = candidate == bestMeasuredAllocator();
        return {candidate, autoAllocatorRecord(best) + "; " + availability.detail + passedOver};
    }
    return {HostAllocator::System, autoAllocatorFallbackRecord() + passedOver};
}

AllocatorLease::AllocatorLease(HostAllocator allocator) : m_allocator(allocator)
{
    LeaseRegistry& leases = registry();
    const std::lock_guard<std::mutex> lock(leases.mutex);
    c10::Allocator* current = c10::GetCPUAllocator();
    if (leases.active.empty())
        leases.before = current;
    c10::Allocator* tensors = leases.before;
    std::string uncounted;
    switch (allocator) {
        case HostAllocator::Auto:
        case HostAllocator::System:
            if (leases.glibcTuned)
                m_note = glibcStaysTunedRecord();
            tensors = countedDefaultTensors(tensors, uncounted);
            break;
        case HostAllocator::GlibcTuned:
            if (!tuneGlibc())
                throw ConfigError("device.allocator", glibcRefusedTuningText());
            leases.glibcTuned = true;
            tensors = countedDefaultTensors(tensors, uncounted);
            break;
        case HostAllocator::Jemalloc:
        case HostAllocator::Tcmalloc: {
            const AllocatorAvailability availability = allocatorAvailability(allocator);
            if (!availability.available)
                throw ConfigError(
                    "device.allocator",
                    allocatorUnavailableText(allocatorKey(allocator), availability.detail));
            tensors = allocator == HostAllocator::Jemalloc ? jemallocTensorAllocator()
                                                           : tcmallocTensorAllocator();
            break;
        }
    }
    // Priority 0, as LibTorch registers its own allocator: an allocator someone registered
    // with a higher priority stays in force, and the run says so.
    c10::SetCPUAllocator(tensors, 0);
    if (c10::GetCPUAllocator() != tensors)
        m_note = allocatorNotAppliedRecord();
    else if (!uncounted.empty())
        m_note = m_note.empty() ? uncounted : m_note + "; " + uncounted;
    m_id = leases.nextId++;
    leases.active.emplace_back(m_id, tensors);
}

AllocatorLease::~AllocatorLease()
{
    LeaseRegistry& leases = registry();
    const std::lock_guard<std::mutex> lock(leases.mutex);
    leases.active.erase(std::remove_if(leases.active.begin(), leases.active.end(),
                                       [this](const auto& lease) { return lease.first == m_id; }),
                        leases.active.end());
    c10::SetCPUAllocator(leases.active.empty() ? leases.before : leases.active.back().second, 0);
    // Each allocator kept the run's freed memory for the next step; an app that goes on
    // running would otherwise hold the run's peak. glibc's thresholds stay (see tuneGlibc).
    if (m_allocator == HostAllocator::Jemalloc)
        jemallocLibrary().trim();
    else if (m_allocator == HostAllocator::Tcmalloc)
        tcmallocLibrary().trim();
#if defined(__GLIBC__)
    else if (m_allocator == HostAllocator::GlibcTuned)
        ::malloc_trim(0);
#endif
}

std::string currentTensorAllocator()
{
    c10::Allocator* current = c10::GetCPUAllocator();
    // LibTorch's own allocator, counted during a run or not.
    if (current == c10::GetDefaultCPUAllocator() ||
        countedInnerAllocator(current) == c10::GetDefaultCPUAllocator())
        return "default";
    if (current == g_jemallocTensors.load())
        return "jemalloc";
    if (current == g_tcmallocTensors.load())
        return "tcmalloc";
    return "other";
}

bool glibcTunedInProcess()
{
    LeaseRegistry& leases = registry();
    const std::lock_guard<std::mutex> lock(leases.mutex);
    return leases.glibcTuned;
}

}  // namespace es
