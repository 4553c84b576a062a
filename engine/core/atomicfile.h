#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace es {

/// Writes `content` to `path` so that readers see the old file or the whole new one, never
/// half a file: it goes to `path.tmp` in the same directory, is flushed and fsynced, then
/// renamed over `path`. Throws std::system_error whose message names the file.
void writeFileAtomically(const std::string& path, std::string_view content);

/// Why `path` could not be written, checked before a long run rather than after it: its
/// directory is missing or not writable, or `path` is a directory. nullopt when it looks
/// writable.
std::optional<std::string> checkWritableTarget(const std::string& path);

/// Creates `directory` (and its parents) when missing and checks that files can be created
/// in it; the reason when not ("Permission denied"), nullopt when it is usable.
std::optional<std::string> createWritableDirectory(const std::string& directory);

}  // namespace es
