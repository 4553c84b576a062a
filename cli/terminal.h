#pragma once

#include <cstdio>

namespace es {

/// Whether `stream` is a terminal (a live progress line makes sense there, not in a pipe).
bool isTerminal(std::FILE* stream);

/// The width assumed for a terminal that does not report its size: the classic 80 columns.
constexpr int kClassicTerminalWidth = 80;

/// The terminal's width in columns, or `fallback` when `stream` is not a terminal or does
/// not say (then $COLUMNS is tried first).
int terminalWidth(std::FILE* stream, int fallback = kClassicTerminalWidth);

}  // namespace es
