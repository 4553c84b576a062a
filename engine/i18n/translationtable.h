#pragma once

// The translations compiled into the engine: one table per language, generated at build time
// from translations/epochscope_engine_<lang>.ts by cmake/ts_to_cpp.py (finished entries only).

#include <cstddef>

namespace es::detail {

struct EngineTranslation {
    const char* context;
    const char* source;
    const char* translation;
};

struct EngineTranslationTable {
    const char* language;  ///< "zh_CN"
    const EngineTranslation* entries;
    std::size_t count;
};

extern const EngineTranslationTable kEngineTranslationTables[];
extern const std::size_t kEngineTranslationTableCount;

}  // namespace es::detail
