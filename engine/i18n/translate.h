#pragma once

// The engine's translatable texts. Each is marked in the source as
//
//     fillText(engineText("WarmupRule", "Epoch %1 took %2 the steady epoch"), {first, ratio})
//
// lupdate extracts engineText(context, source) calls like QCoreApplication::translate()
// (`-tr-function-alias translate+=engineText`, translations/README.md) into
// translations/epochscope_engine_<lang>.ts; the build compiles those into a table in the engine
// (cmake/ts_to_cpp.py), so no Qt is needed at run time. Both arguments must be string literals
// for lupdate to see them.
//
// Numbers are formatted first and substituted into whole-sentence templates (%1 ... %9), so a
// translation can order them as its language needs; translated fragments are never glued.

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace es {

/// `source`'s translation into engineLanguage(), or `source` itself in English or when the
/// translation has no (finished) entry for it. The result lives as long as the program.
const char* engineText(const char* context, const char* source);

/// `pattern` with %1 ... %9 replaced by args[0] ... args[8], in one pass (an argument that
/// contains "%2" stays as it is). A placeholder without its argument, and "%" followed by
/// anything else, stays as written.
std::string fillText(std::string_view pattern, std::initializer_list<std::string_view> args);

/// The phrase for one (`one`, "%1 thread") or for more (`many`, "%1 threads"), both already
/// translated (engineText()), filled with `count`, or with `shown` (the count as the caller
/// writes it, "12,345").
std::string countedText(std::int64_t count, const char* one, const char* many);
std::string countedText(std::int64_t count, const char* one, const char* many,
                        std::string_view shown);

/// "a", "a and b", "a, b and c" in the language's way of listing ("a、b 和 c").
std::string listText(const std::vector<std::string>& items);

}  // namespace es
