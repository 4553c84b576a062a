#pragma once

#include <string>

namespace es {

/// What `epochscope-cli --version` prints: this program's version and LibTorch's.
std::string versionText();

}  // namespace es
