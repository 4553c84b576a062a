#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace es {

/// Writes `content` to `path` so that readers see the old file or the whole new one, never
/// half a file: it goes to a temporary file `path.<pid>-<8 hex digits>.tmp` in the same
/// directory (the writer's pid, and a part that keeps two writers of one process apart), is
/// flushed and fsynced, then renamed over `path`. A file it replaces keeps its mode (and, for
/// root, its owner and group). Throws std::system_error whose message names
/// the file.
///
/// The writer holds an flock(2) lock on its temporary file until the rename, and each write
/// first removes the temporary files in the directory that a writer killed half-way left
/// (SIGKILL, a crash, power loss): those whose writer's pid is gone and that nobody holds a
/// lock on, and `path.tmp`, the fixed name earlier versions wrote `path` through. Live writers'
/// files, in this process or another, are never touched.
void writeFileAtomically(const std::string& path, std::string_view content);

/// The pid in the name of a temporary file writeFileAtomically() makes
/// ("run.json.1234-0a1b2c3d.tmp" -> 1234), 0 when `name` is not one.
long atomicWriteOwner(std::string_view name);

/// A fresh temporary name beside `path`, `path.<pid>-<8 hex digits>.tmp`, as
/// writeFileAtomically() and writeDirectoryAtomically() (atomicdirectory.h) use: its pid, then a
/// random start counted up, so that threads of one process never meet and a leftover of a dead
/// process with the same pid is unlikely.
std::string atomicTemporaryName(const std::string& path);

/// Whether the process `pid` (atomicWriteOwner()) still runs, under any user: its temporary
/// files are then its work in progress, not leftovers.
bool atomicWriterRuns(long pid);

/// Writes all of `content` to the open file `fd`, through short writes and EINTR. Throws
/// std::system_error ("cannot write NAME", with errno) on a failed write.
void writeWhole(int fd, std::string_view content, const std::string& name);

/// Why `path` could not be written, checked before a long run rather than after it: its
/// directory is missing or not writable, or `path` is a directory. nullopt when it looks
/// writable.
std::optional<std::string> checkWritableTarget(const std::string& path);

/// Creates `directory` (and its parents) when missing and checks that files can be created
/// in it; the reason when not ("Permission denied"), nullopt when it is usable.
std::optional<std::string> createWritableDirectory(const std::string& directory);

}  // namespace es
