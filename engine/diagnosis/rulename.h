#pragma once

// A finding's rule as a reader sees it: its id ("warm-up", "reference-blas") in English, a
// name in the engine's language otherwise (i18n/language.h). Ids stay the keys in files.

#include <string>
#include <string_view>

namespace es {

/// The name of the rule (diagnosis or environment doctor) that produced findings with `id`;
/// the id itself in English and for an id this version does not know.
std::string ruleName(std::string_view id);

}  // namespace es
