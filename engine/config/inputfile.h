#pragma once

// Files a user names for reading (data files, run configs, Keras models, checkpoints): files
// that may come from someone else, so opened and read so that what they are cannot hang, crash
// or exhaust the process.
// - Only regular files are read. A FIFO, a device, a socket or a directory (directly or
//   through a symbolic link) is refused at once: opening never blocks (O_NONBLOCK until the
//   descriptor is checked), and /dev/zero never streams into memory.
// - The size is taken once, from fstat(2) of the opened descriptor, and nothing past it is
//   ever read: readers size their buffers from it, a file that grows meanwhile is read to the
//   size validated, and one truncated meanwhile is an error naming the byte where it ended
//   (reads with pread(2), never a memory map, whose pages would raise SIGBUS).
// Errors are ConfigErrors naming the file. Lives in engine/config rather than engine/io because
// its errors are ConfigErrors, which engine/io cannot include.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace es {

/// A regular file opened read-only (O_CLOEXEC) with the size it had when opened.
class InputFile {
public:
    /// Opens `path`. Throws ConfigError at `path` when it cannot be opened (`cannotOpen`, a
    /// translated template whose %1 is the system's reason; "cannot open the file: %1" when
    /// empty) or is not a regular file (saying what it is: a FIFO, a directory, ...).
    explicit InputFile(std::string path, std::string_view cannotOpen = {});
    ~InputFile();
    InputFile(InputFile&& other) noexcept;
    InputFile& operator=(InputFile&& other) noexcept;
    InputFile(const InputFile&) = delete;
    InputFile& operator=(const InputFile&) = delete;

    const std::string& path() const { return m_path; }
    /// The size fstat(2) gave when the file was opened: what every read stays within.
    std::uint64_t size() const { return m_size; }
    /// The open descriptor, still owned by this object.
    int descriptor() const { return m_fd; }

    /// Reads exactly `length` bytes at `offset` into `buffer`. Throws ConfigError at
    /// `path@byte N`: when the range reaches past size() (a caller's mistake, named as such),
    /// when the file ends before it (truncated while it was read: N is where it ended), or
    /// when the system fails the read (its reason).
    void readAt(std::uint64_t offset, void* buffer, std::size_t length) const;

    /// The first min(`length`, size()) bytes, for telling a file's format by its magic.
    std::string readStart(std::size_t length) const;

    /// The whole file, size() bytes, into one string allocated once. Callers bound size()
    /// first (in their own words: a run config is a few KiB, a CSV must fit in memory).
    std::string readAll() const;

private:
    std::string m_path;
    int m_fd = -1;
    std::uint64_t m_size = 0;
};

}  // namespace es
