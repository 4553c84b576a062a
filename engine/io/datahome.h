#pragma once

#include <string>

namespace es {

/// EpochScope's folder among the user's data (the XDG Base Directory specification):
/// $XDG_DATA_HOME/epochscope when that variable holds an absolute path, otherwise
/// ~/.local/share/epochscope. It holds the run database and the corpora EpochScope writes for
/// its presets; it is not created here.
std::string userDataDirectory();

}  // namespace es
