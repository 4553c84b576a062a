#pragma once

// A directory that appears whole or not at all: filled under a temporary name beside it, then
// renamed into place. For exports and generated corpora, which a reader must never take for
// complete when a writer was killed half-way.

#include <functional>
#include <string>
#include <string_view>

namespace es {

/// What writeDirectoryAtomically() does with a directory at the target that is not empty.
enum class ExistingDirectory {
    Keep,     ///< left as it is; the write does not take place
    Replace,  ///< swapped with the new one in one step, then deleted
};

/// Writes a directory so that readers see no directory, the old one or the whole new one, never
/// a part: `fill` writes the content into a temporary directory beside `directory`
/// (`DIR.<pid>-<8 hex digits>.tmp`, the names writeFileAtomically() gives its temporary files)
/// and puts its files on the disk; the temporary directory is then renamed to `directory`. A
/// missing or empty `directory` is replaced by that rename, which fails on a non-empty one;
/// with ExistingDirectory::Replace, an existing directory is swapped with the new one in one
/// step (renameat2's RENAME_EXCHANGE) and then deleted. On any failure, `fill`'s included, the
/// temporary directory is removed and `directory` is as it was.
///
/// First creates `directory`'s parent when missing and removes the temporary directories that
/// a writer killed half-way left beside `directory` (those whose pid is gone). Returns true
/// when the new directory is in place, false when a non-empty one was kept
/// (ExistingDirectory::Keep: found there, or filled by another writer meanwhile). Throws
/// std::system_error naming the path for a failed write, and what `fill` throws.
bool writeDirectoryAtomically(const std::string& directory,
                              const std::function<void(const std::string& staging)>& fill,
                              ExistingDirectory existing);

/// Whether a new file is put on the disk before writeNewFile() returns.
enum class FileFlush {
    Now,    ///< fsync: for a few files
    Later,  ///< the caller flushes them all at once (syncFileSystemOf())
};

/// Creates the file `path`, which must not exist, with `content`. Throws std::system_error
/// naming the file.
void writeNewFile(const std::string& path, std::string_view content, FileFlush flush);

/// Creates the directory `path`, which must not exist, for a `fill` that writes folders. Throws
/// std::system_error naming it.
void makeNewDirectory(const std::string& path);

/// Puts a directory's entries on the disk; a file system that cannot is not worth failing for.
void syncDirectory(const std::string& path);

/// Puts every file of the file system that holds `path` on the disk (syncfs): one wait for a
/// directory of thousands of new files, where an fsync each would wait for the disk thousands
/// of times. Throws std::system_error naming `path`.
void syncFileSystemOf(const std::string& path);

}  // namespace es
