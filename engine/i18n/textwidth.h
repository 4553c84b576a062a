#pragma once

// Columns a text takes in a terminal or a Markdown table, so that tables line up in any
// language: UTF-8 continuation bytes take none, East Asian wide characters two.

#include <string>
#include <string_view>

namespace es {

/// Columns `text` (UTF-8) takes on screen.
std::size_t displayWidth(std::string_view text);

/// The longest start of `text` that takes at most `width` columns, cut between characters.
std::string fittedText(std::string_view text, std::size_t width);

/// `text` padded with spaces to `width` columns, after it (left-aligned) or before it
/// (`alignRight`); as it is when already as wide.
std::string paddedText(std::string_view text, std::size_t width, bool alignRight = false);

}  // namespace es
