#pragma once

// What a file is on disk at one moment (its size and modification time), so that a file the
// run database recorded can later be told apart from one that was rewritten, moved or deleted
// since (engine/store/runcheckpoints.h).

#include <cstdint>
#include <string>

namespace es {

/// The result of looking at a path with stat(2); nothing is opened or read.
struct FileStamp {
    enum class Found {
        RegularFile,  ///< bytes and mtimeNs hold what stat(2) said
        Missing,      ///< nothing at the path (ENOENT, ENOTDIR): moved or deleted
        NotAFile,     ///< something that is not a regular file (a directory, a FIFO)
        Unreachable,  ///< stat(2) failed otherwise (EACCES on a directory above): see error
    };
    Found found = Found::Missing;
    std::int64_t bytes = 0;
    /// Nanoseconds since the Unix epoch: rewriting a file, even with the same size, changes it
    /// (a copy that keeps the time, `cp -p` or `mv`, does not).
    std::int64_t mtimeNs = 0;
    int error = 0;  ///< errno of a failed stat(2); 0 otherwise
};

/// stat(2) of `path`, following symbolic links (a checkpoint reached through one is the file
/// it points to).
FileStamp stampOf(const std::string& path);

}  // namespace es
