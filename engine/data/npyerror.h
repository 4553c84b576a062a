#pragma once

// How every check of a .npy file reports what it found wrong: the header, its dict and the data
// alike name the byte of the file, so that a user can look at it with a hex dump.

#include "engine/config/configerror.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>

namespace es {

/// Throws ConfigError with path `<origin>@byte N`.
[[noreturn]] inline void throwNpyError(std::string_view origin, std::size_t byte,
                                       std::string message)
{
    throw ConfigError(std::string(origin) + "@byte " + std::to_string(byte), std::move(message));
}

}  // namespace es
