#pragma once

// A line of a profiled script's own output, its stdout and stderr captured for the app's Log
// (scriptprocess.h): bounded, valid UTF-8, and its control characters shown rather than acted
// on. The script is the user's, but what it prints comes from anywhere (a dataset's text, a
// library's colours, bytes printed by mistake). LibTorch-free.

#include <cstddef>
#include <string>
#include <string_view>

namespace es {

/// The longest line of the script's output a log shows: longer lines are cut there and the
/// rest of them skipped (a tensor or a list printed whole is not for reading in a log).
inline constexpr std::size_t kMaxScriptOutputLineBytes = 4096;

/// `line` as a log shows it: cut at a character's start at or before kMaxScriptOutputLineBytes
/// with "…" after it when longer; each ill-formed part of its UTF-8 one U+FFFD, as a UTF-8
/// decoder reads it (engine/core/utf8.h: one for each maximal subpart); control characters
/// other than tab written as escapeControls() writes them (`\x1b`), so that a colour sequence
/// reads as what it is.
std::string scriptOutputLine(std::string_view line);

}  // namespace es
