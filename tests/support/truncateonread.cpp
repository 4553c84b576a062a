// A fault to inject with LD_PRELOAD: truncates one file at the moment a program first reads
// it past a given size, so that a test can cut an input after the reader checked its header
// and before it reads the data, every time (tests/integration/tst_truncatedinputcli.cpp).
//
//   ES_TRUNCATE_PATH=FILE ES_TRUNCATE_TO=BYTES LD_PRELOAD=libes_truncate_on_read.so PROGRAM
//
// The first pread(2) of FILE whose range reaches past BYTES, or the first mmap(2) of it (a
// mapping is how a reader touches bytes past any size without reading them), truncates FILE to
// BYTES before the call goes on; nothing else changes. Another program's writes are what a
// user's file may meet while it is read (a download cut short, `truncate`, a copy over it).

#include <dlfcn.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>

namespace {

std::atomic<bool> g_done{false};

/// Whether `fd` is the file ES_TRUNCATE_PATH names.
bool isTarget(int fd, const char*& path, off_t& size)
{
    path = std::getenv("ES_TRUNCATE_PATH");
    const char* to = std::getenv("ES_TRUNCATE_TO");
    if (path == nullptr || to == nullptr || g_done.load())
        return false;
    struct stat opened {};
    struct stat named {};
    if (::fstat(fd, &opened) != 0 || ::stat(path, &named) != 0)
        return false;
    size = static_cast<off_t>(std::strtoll(to, nullptr, 10));
    return opened.st_dev == named.st_dev && opened.st_ino == named.st_ino;
}

void truncateOnce(const char* path, off_t size)
{
    if (!g_done.exchange(true))
        ::truncate(path, size);
}

template <typename Function>
Function next(const char* name)
{
    return reinterpret_cast<Function>(::dlsym(RTLD_NEXT, name));
}

using Pread = ssize_t (*)(int, void*, size_t, off_t);

ssize_t preadThrough(Pread real, int fd, void* buffer, size_t count, off_t offset)
{
    const char* path = nullptr;
    off_t size = 0;
    if (isTarget(fd, path, size) && offset + static_cast<off_t>(count) > size)
        truncateOnce(path, size);
    return real(fd, buffer, count, offset);
}

}  // namespace

extern "C" {

ssize_t pread(int fd, void* buffer, size_t count, off_t offset)
{
    static const Pread real = next<Pread>("pread");
    return preadThrough(real, fd, buffer, count, offset);
}

ssize_t pread64(int fd, void* buffer, size_t count, off_t offset)
{
    static const Pread real = next<Pread>("pread64");
    return preadThrough(real, fd, buffer, count, offset);
}

void* mmap(void* address, size_t length, int protection, int flags, int fd, off_t offset) noexcept
{
    using Mmap = void* (*)(void*, size_t, int, int, int, off_t);
    static const Mmap real = next<Mmap>("mmap");
    void* mapped = real(address, length, protection, flags, fd, offset);
    const char* path = nullptr;
    off_t size = 0;
    if (mapped != MAP_FAILED && fd >= 0 && isTarget(fd, path, size))
        truncateOnce(path, size);
    return mapped;
}

void* mmap64(void* address, size_t length, int protection, int flags, int fd, off_t offset) noexcept
{
    return mmap(address, length, protection, flags, fd, offset);
}

}  // extern "C"
