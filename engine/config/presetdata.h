#pragma once

#include <string_view>
#include <vector>

namespace es::detail {

/// A preset file compiled into the engine (see cmake/EpochScopeEmbedPresets.cmake).
struct EmbeddedPreset {
    std::string_view name;
    std::string_view json;
};

extern const std::vector<EmbeddedPreset> kEmbeddedPresets;

}  // namespace es::detail
